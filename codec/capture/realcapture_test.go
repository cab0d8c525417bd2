//go:build !js && !wasip1

// The browser build has neither processes nor a loopback interface:
// these tests are the native proof that real captures read.

package capture

import (
	"bytes"
	"io"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// recorder is a capture tool run on the loopback interface, writing the
// capture to its standard output, packet by packet, so the test can see
// when capturing has begun and when the last packet is in.
type recorder struct {
	path       string
	args       []string // options; "-w -" and the filter are added
	filterFlag string   // the option before the filter, if the tool needs one
	format     Format
	nano       bool
}

// TestTcpdump reads captures written by a real capture tool: Debian's
// tcpdump on the loopback interface, recording a TCP connection this test
// makes between two goroutines on 127.0.0.1.
func TestTcpdump(t *testing.T) {
	tcpdump, err := exec.LookPath("tcpdump")
	if err != nil {
		// Not skipped: this test is the proof that real captures read, and
		// a skip would count as a pass. .ci/run installs it.
		t.Fatalf("tcpdump is needed for this test: install it (apt-get install tcpdump); %v", err)
	}
	// Loopback segments are up to 64 KiB: the default 2 MiB capture buffer
	// drops some when the test's burst outruns tcpdump on a busy machine.
	// Immediate mode hands each packet over as it comes.
	args := []string{"-i", "lo", "-B", "32768", "-U", "--immediate-mode", "-n"}
	if os.Geteuid() == 0 {
		args = append(args, "-Z", "root") // keep the rights to write in the test's directory
	}
	for _, nano := range []bool{false, true} {
		t.Run("nano="+strconv.FormatBool(nano), func(t *testing.T) {
			rec := recorder{path: tcpdump, args: args, format: FormatPcap, nano: nano}
			if nano {
				rec.args = append(rec.args[:len(rec.args):len(rec.args)], "--time-stamp-precision=nano")
			}
			recordAndCheck(t, rec)
		})
	}
}

// TestDumpcap reads a pcapng file written by Wireshark's dumpcap, when
// it is installed (tcpdump writes pcap only). The pcapng writer of the
// tests is checked against it: real section options, interface options
// (if_tsresol) and the statistics block dumpcap writes at the end.
func TestDumpcap(t *testing.T) {
	dumpcap, err := exec.LookPath("dumpcap")
	if err != nil {
		t.Skip("dumpcap (Wireshark) is not installed; TestTcpdump covers real captures, in pcap")
	}
	recordAndCheck(t, recorder{path: dumpcap, args: []string{"-i", "lo", "-B", "32", "-q"}, filterFlag: "-f", format: FormatPcapNG, nano: true})
}

// recordAndCheck records one connection with rec and reads the file.
func recordAndCheck(t *testing.T, rec recorder) {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	file := filepath.Join(t.TempDir(), "lo.cap")
	stop := startRecorder(t, rec, file, port)
	defer stop()

	request := requestBytes(300_000) // several loopback segments
	response := bytes.Repeat([]byte("response "), 20_000)
	served := make(chan error, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			served <- err
			return
		}
		defer c.Close()
		got, err := io.ReadAll(c)
		if err == nil && !bytes.Equal(got, request) {
			err = io.ErrUnexpectedEOF
		}
		if err == nil {
			_, err = c.Write(response)
		}
		served <- err
	}()
	conn, err := net.Dial("tcp4", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	for _, part := range chunks(request, 70_000) {
		if _, err := conn.Write(part); err != nil {
			t.Fatal(err)
		}
	}
	conn.(*net.TCPConn).CloseWrite()
	answer, err := io.ReadAll(conn)
	conn.Close()
	if err != nil || !bytes.Equal(answer, response) {
		t.Fatalf("the connection itself failed: %v (%d bytes back)", err, len(answer))
	}
	if err := <-served; err != nil {
		t.Fatalf("server: %v", err)
	}
	clientAddr := netip.MustParseAddrPort(conn.LocalAddr().String())
	stop()

	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if c.Format != rec.format || c.Packets == 0 || c.TCP != c.Packets {
		t.Fatalf("format %v, %d packets, %d TCP; want %v, all TCP", c.Format, c.Packets, c.TCP, rec.format)
	}
	var streams []*Stream // the connection's, without the probes'
	for _, s := range c.Streams {
		if s.Src.Port() == uint16(port) || s.Dst.Port() == uint16(port) {
			streams = append(streams, s)
		}
	}
	if len(streams) != 2 {
		t.Fatalf("got %d streams on port %d, want the 2 of one connection", len(streams), port)
	}
	req, resp := streams[0], streams[1]
	if req.Src != clientAddr || req.Role != RoleClient || !req.SYN || !req.FIN || resp.Role != RoleServer {
		t.Errorf("streams %v %v SYN %v FIN %v, %v %v; want the client %v first", req.Src, req.Role, req.SYN, req.FIN, resp.Src, resp.Role, clientAddr)
	}
	if !bytes.Equal(req.Data, request) || len(req.Gaps) != 0 {
		t.Errorf("request stream: %d bytes, gaps %v; want the %d bytes sent", len(req.Data), req.Gaps, len(request))
	}
	if !bytes.Equal(resp.Data, response) || len(resp.Gaps) != 0 {
		t.Errorf("response stream: %d bytes, gaps %v; want the %d bytes sent", len(resp.Data), resp.Gaps, len(response))
	}
	// Each real packet, as tcpdump -XX (from the link layer) and -X
	// (from the IP header) would dump it, is recognised.
	r, err := NewReader(bytes.NewReader(mustRead(t, file)))
	if err != nil {
		t.Fatal(err)
	}
	for p, err := r.Next(); err == nil; p, err = r.Next() {
		if p.LinkType != LinkEthernet {
			t.Fatalf("packet %d: link %v, want ethernet (lo)", p.Number, p.LinkType)
		}
		if l, ok := GuessLinkType(p.Data); !ok || l != LinkEthernet {
			t.Errorf("packet %d from the link layer guessed as %v", p.Number, l)
		}
		if l, ok := GuessLinkType(p.Data[14:]); !ok || l != LinkRaw {
			t.Errorf("packet %d from the IP header guessed as %v", p.Number, l)
		}
	}
	// Times: within this test's run, and in nanoseconds when asked.
	subMicro := false
	for _, m := range append(req.Segments[:len(req.Segments):len(req.Segments)], resp.Segments...) {
		if d := time.Since(m.Time); d < 0 || d > time.Minute {
			t.Fatalf("segment time %v is not within the last minute", m.Time)
		}
		subMicro = subMicro || m.Time.Nanosecond()%1000 != 0
	}
	if subMicro != rec.nano {
		t.Errorf("some segment times below a microsecond: %v; want %v", subMicro, rec.nano)
	}
}

// startRecorder starts rec writing packets of port to file, waits until
// it captures, and returns a function that stops it (once; later calls do
// nothing). It knows the capture has begun when it sees its own probe
// connections, on a second port, in the file.
func startRecorder(t *testing.T, rec recorder, file string, port int) (stop func()) {
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
	args := append(rec.args[:len(rec.args):len(rec.args)], "-w", "-")
	if rec.filterFlag != "" {
		args = append(args, rec.filterFlag)
	}
	args = append(args, filter)
	out, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	cmd := exec.Command(rec.path, args...)
	cmd.Stdout = out
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", rec.path, err)
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
			t.Errorf("%s did not stop within 10 s", rec.path)
		}
	}
	// seen waits up to 10 s for streams in the file that done accepts.
	seen := func(done func([]*Stream) bool) bool {
		for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			select {
			case err := <-exited:
				stopped = true
				t.Fatalf("%s stopped (does it have the rights to capture on lo?): %v: %s", rec.path, err, stderr.String())
			default:
			}
			// A partial file reads fine up to its last whole packet.
			if c, _ := ReadBytes(mustRead(t, file)); done(c.Streams) {
				return true
			}
		}
		return false
	}
	ready := seen(func(streams []*Stream) bool {
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
		t.Fatalf("%s captured none of the probe connections within 10 s: %s", rec.path, stderr.String())
	}
	return func() {
		// Both FINs of the connection in the file: no packet still on its way.
		seen(func(streams []*Stream) bool {
			fins := 0
			for _, s := range streams {
				if s.FIN && (s.Src.Port() == uint16(port) || s.Dst.Port() == uint16(port)) {
					fins++
				}
			}
			return fins == 2
		})
		halt()
	}
}

func mustRead(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
