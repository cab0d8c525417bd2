//go:build !js && !wasip1

// The browser build has neither processes nor a loopback interface:
// this test is the native proof that real captures read.

package capture

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

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
	for _, nano := range []bool{false, true} {
		t.Run("nano="+strconv.FormatBool(nano), func(t *testing.T) {
			ln, err := net.Listen("tcp4", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			port := ln.Addr().(*net.TCPAddr).Port
			file := filepath.Join(t.TempDir(), "lo.pcap")
			stop := startTcpdump(t, tcpdump, file, port, nano)

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
			if c.Format != FormatPcap || c.Packets == 0 || c.TCP != c.Packets {
				t.Fatalf("format %v, %d packets, %d TCP", c.Format, c.Packets, c.TCP)
			}
			if len(c.Streams) != 2 {
				t.Fatalf("got %d streams, want the 2 of one connection", len(c.Streams))
			}
			req, resp := c.Streams[0], c.Streams[1]
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
					t.Fatalf("packet %d: link %v, want ethernet (tcpdump on lo)", p.Number, p.LinkType)
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
			for _, m := range append(req.Segments, resp.Segments...) {
				if d := time.Since(m.Time); d < 0 || d > time.Minute {
					t.Fatalf("segment time %v is not within the last minute", m.Time)
				}
				subMicro = subMicro || m.Time.Nanosecond()%1000 != 0
			}
			if subMicro != nano {
				t.Errorf("some segment times below a microsecond: %v; want %v", subMicro, nano)
			}
		})
	}
}

// startTcpdump starts tcpdump writing packets of port to file, waits
// until it listens, and returns a function that stops it.
func startTcpdump(t *testing.T, tcpdump, file string, port int, nano bool) (stop func()) {
	t.Helper()
	// Loopback segments are up to 64 KiB: the default 2 MiB capture buffer
	// drops some when the test's burst outruns tcpdump on a busy machine.
	args := []string{"-i", "lo", "-B", "32768", "-U", "--immediate-mode", "-n", "-w", file}
	if os.Geteuid() == 0 {
		args = append(args, "-Z", "root") // keep the rights to write in the test's directory
	}
	if nano {
		args = append(args, "--time-stamp-precision=nano")
	}
	args = append(args, "tcp port "+strconv.Itoa(port))
	cmd := exec.Command(tcpdump, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting tcpdump: %v", err)
	}
	listening := make(chan string, 1)
	var lines strings.Builder
	go func() {
		sc := bufio.NewScanner(stderr)
		sent := false
		for sc.Scan() {
			lines.WriteString(sc.Text() + "\n")
			if !sent && strings.Contains(sc.Text(), "listening on") {
				listening <- sc.Text()
				sent = true
			}
		}
		if !sent {
			close(listening)
		}
	}()
	select {
	case _, ok := <-listening:
		if !ok {
			cmd.Wait()
			t.Fatalf("tcpdump stopped before listening (does it have the rights to capture on lo?): %s", lines.String())
		}
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		cmd.Wait()
		t.Fatal("tcpdump did not say it listens within 10 s")
	}
	return func() {
		// Wait for both FINs in the file (a partial file reads fine up to
		// its last whole packet), so no packet is still on its way.
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			b, _ := os.ReadFile(file)
			c, _ := ReadBytes(b)
			if len(c.Streams) == 2 && c.Streams[0].FIN && c.Streams[1].FIN {
				break
			}
		}
		cmd.Process.Signal(os.Interrupt)
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			t.Fatal("tcpdump did not stop within 10 s")
		}
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
