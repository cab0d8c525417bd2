//go:build !js && !wasip1

package capturetest

import (
	"bytes"
	"net"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/kafkawire/kafkawire/codec/capture"
)

// Recorder is a real capture tool run on the loopback interface, writing
// the capture to its standard output packet by packet, so a test sees when
// capturing has begun and when the last packet is in.
type Recorder struct {
	Path       string
	Args       []string // options; "-w -" and the filter are added
	FilterFlag string   // the option before the filter, if the tool needs one
}

// Tcpdump is Debian's tcpdump on lo, with nanosecond timestamps if nano.
// It fails the test, never skips it, when tcpdump is not installed: the
// tests that use it are the proof that real captures read, and a skip
// would count as a pass (.ci/run installs it).
func Tcpdump(t testing.TB, nano bool) Recorder {
	t.Helper()
	path, err := exec.LookPath("tcpdump")
	if err != nil {
		t.Fatalf("tcpdump is needed for this test: install it (apt-get install tcpdump); %v", err)
	}
	// Loopback segments are up to 64 KiB: the default 2 MiB capture buffer
	// drops some when a test's burst outruns tcpdump on a busy machine.
	// Immediate mode hands each packet over as it comes.
	args := []string{"-i", "lo", "-B", "32768", "-U", "--immediate-mode", "-n"}
	if os.Geteuid() == 0 {
		args = append(args, "-Z", "root") // keep the rights to write in the test's directory
	}
	if nano {
		args = append(args, "--time-stamp-precision=nano")
	}
	return Recorder{Path: path, Args: args}
}

// Start starts rec writing the TCP packets of port to file, waits until it
// captures, and returns a function that stops it (once; later calls do
// nothing) after every connection on port seen in the file has closed
// (a FIN or RST in each direction), so no packet is still on its way. It
// knows the capture has begun when it sees its own probe connections, on
// a second port, in the file.
func (rec Recorder) Start(t testing.TB, file string, port int) (stop func()) {
	t.Helper()
	probe, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer probe.Close()
	go func() {
		for {
			c, err := probe.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	probePort := uint16(probe.Addr().(*net.TCPAddr).Port)
	filter := "tcp port " + strconv.Itoa(port) + " or tcp port " + strconv.Itoa(int(probePort))
	args := append(rec.Args[:len(rec.Args):len(rec.Args)], "-w", "-")
	if rec.FilterFlag != "" {
		args = append(args, rec.FilterFlag)
	}
	args = append(args, filter)
	out, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd := exec.Command(rec.Path, args...)
	cmd.Stdout = out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", rec.Path, err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	stopped := false
	halt := func() {
		if stopped {
			return
		}
		stopped = true
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
			t.Errorf("%s did not stop within 10 s", rec.Path)
		}
	}
	// seen waits up to 10 s for streams in the file that done accepts.
	seen := func(done func([]*capture.Stream) bool) bool {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			select {
			case err := <-exited:
				stopped = true
				t.Fatalf("%s stopped (does it have the rights to capture on lo?): %v: %s", rec.Path, err, stderr.String())
			default:
			}
			// A partial file reads fine up to its last whole packet.
			data, _ := os.ReadFile(file)
			if c, _ := capture.ReadBytes(data); c != nil && done(c.Streams) {
				return true
			}
		}
		return false
	}
	ready := seen(func(streams []*capture.Stream) bool {
		if c, err := net.Dial("tcp4", probe.Addr().String()); err == nil {
			c.Close()
		}
		for _, s := range streams {
			if s.Dst.Port() == probePort {
				return true
			}
		}
		return false
	})
	if !ready {
		halt()
		t.Fatalf("%s captured none of the probe connections within 10 s: %s", rec.Path, stderr.String())
	}
	return func() {
		seen(func(streams []*capture.Stream) bool {
			on, open := 0, 0
			for _, s := range streams {
				if s.Src.Port() == uint16(port) || s.Dst.Port() == uint16(port) {
					on++
					if !s.FIN && !s.RST {
						open++
					}
				}
			}
			return on > 0 && open == 0
		})
		halt()
	}
}
