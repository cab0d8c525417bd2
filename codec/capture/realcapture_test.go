//go:build !js && !wasip1

// The browser build has neither processes nor a loopback interface:
// these tests are the native proof that real captures read.

package capture_test

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

	"github.com/kafkawire/kafkawire/codec/capture"
	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
)

// TestTcpdump reads captures written by a real capture tool: Debian's
// tcpdump on the loopback interface, recording a TCP connection this test
// makes between two goroutines on 127.0.0.1.
func TestTcpdump(t *testing.T) {
	for _, nano := range []bool{false, true} {
		t.Run("nano="+strconv.FormatBool(nano), func(t *testing.T) {
			recordAndCheck(t, capturetest.Tcpdump(t, nano), capture.FormatPcap, nano)
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
	recordAndCheck(t, capturetest.Recorder{Path: dumpcap, Args: []string{"-i", "lo", "-B", "32", "-q"}, FilterFlag: "-f"}, capture.FormatPcapNG, true)
}

// recordAndCheck records one connection with rec and reads the file,
// which must be in format, with times in nanoseconds if nano.
func recordAndCheck(t *testing.T, rec capturetest.Recorder, format capture.Format, nano bool) {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	port := ln.Addr().(*net.TCPAddr).Port
	file := filepath.Join(t.TempDir(), "lo.cap")
	stop := rec.Start(t, file, port)
	defer stop()

	request := bytes.Repeat([]byte("request "), 37_500) // 300 kB: several loopback segments
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
	for rest := request; len(rest) > 0; {
		n, err := conn.Write(rest[:min(len(rest), 70_000)])
		if err != nil {
			t.Fatal(err)
		}
		rest = rest[n:]
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
	c, err := capture.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	if c.Format != format || c.Packets == 0 || c.TCP != c.Packets {
		t.Fatalf("format %v, %d packets, %d TCP; want %v, all TCP", c.Format, c.Packets, c.TCP, format)
	}
	var streams []*capture.Stream // the connection's, without the probes'
	for _, s := range c.Streams {
		if s.Src.Port() == uint16(port) || s.Dst.Port() == uint16(port) {
			streams = append(streams, s)
		}
	}
	if len(streams) != 2 {
		t.Fatalf("got %d streams on port %d, want the 2 of one connection", len(streams), port)
	}
	req, resp := streams[0], streams[1]
	if req.Src != clientAddr || req.Role != capture.RoleClient || !req.SYN || !req.FIN || resp.Role != capture.RoleServer {
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
	r, err := capture.NewReader(bytes.NewReader(mustRead(t, file)))
	if err != nil {
		t.Fatal(err)
	}
	for p, err := r.Next(); err == nil; p, err = r.Next() {
		if p.LinkType != capture.LinkEthernet {
			t.Fatalf("packet %d: link %v, want ethernet (lo)", p.Number, p.LinkType)
		}
		if l, ok := capture.GuessLinkType(p.Data); !ok || l != capture.LinkEthernet {
			t.Errorf("packet %d from the link layer guessed as %v", p.Number, l)
		}
		if l, ok := capture.GuessLinkType(p.Data[14:]); !ok || l != capture.LinkRaw {
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
	if subMicro != nano {
		t.Errorf("some segment times below a microsecond: %v; want %v", subMicro, nano)
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

// TestInjectedSecrets reads the TLS key logs Wireshark's editcap puts in
// a pcapng (--inject-secrets tls,FILE: a Decryption Secrets Block each),
// as they were, one after another; the packets read as before.
func TestInjectedSecrets(t *testing.T) {
	editcap, err := exec.LookPath("editcap")
	if err != nil {
		t.Fatalf("editcap is needed for this test: install it (apt-get install tshark); %v", err)
	}
	dir := t.TempDir()
	c := pcapwrite.NewConn(netip.MustParseAddrPort("10.0.0.1:5556"), netip.MustParseAddrPort("10.0.0.2:9093"), time.Date(2026, 12, 4, 0, 0, 0, 0, time.UTC))
	c.Open()
	c.Send(true, []byte("\x16\x03\x01\x00\x01\x01"), 0)
	plain := filepath.Join(dir, "plain.pcapng")
	if err := os.WriteFile(plain, pcapwrite.WritePcapng(pcapwrite.Ethernet, c.Segments), 0o600); err != nil {
		t.Fatal(err)
	}
	logs := []string{
		"CLIENT_RANDOM " + string(bytes.Repeat([]byte("ab"), 32)) + " " + string(bytes.Repeat([]byte("cd"), 48)) + "\n",
		"# a second key log, no line end\nCLIENT_TRAFFIC_SECRET_0 " + string(bytes.Repeat([]byte("01"), 32)) + " " + string(bytes.Repeat([]byte("ef"), 32)),
	}
	// A WireGuard key log first: secrets of another kind, not read.
	wg := filepath.Join(dir, "wg.log")
	if err := os.WriteFile(wg, []byte("LOCAL_STATIC_PRIVATE_KEY = QChaGDXeH3eQsbFAhueUNWFdq9KfpF3yl+eITjZbXEk=\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"--inject-secrets", "wg," + wg}
	for i, l := range logs {
		name := filepath.Join(dir, "keys"+strconv.Itoa(i)+".log")
		if err := os.WriteFile(name, []byte(l), 0o600); err != nil {
			t.Fatal(err)
		}
		args = append(args, "--inject-secrets", "tls,"+name)
	}
	with := filepath.Join(dir, "with.pcapng")
	if out, err := exec.Command(editcap, append(args, plain, with)...).CombinedOutput(); err != nil {
		t.Fatalf("editcap: %v\n%s", err, out)
	}
	b, err := os.ReadFile(with)
	if err != nil {
		t.Fatal(err)
	}
	got, err := capture.ReadBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	if want := logs[0] + logs[1] + "\n"; string(got.KeyLog) != want {
		t.Errorf("the key log carried: %q, want %q", got.KeyLog, want)
	}
	if got.Packets != len(c.Segments) || len(got.Streams) == 0 || !bytes.Equal(got.Streams[0].Data, c.Segments[3].Payload) {
		t.Errorf("the packets: %d read, want %d; streams %d", got.Packets, len(c.Segments), len(got.Streams))
	}
	plainB, _ := os.ReadFile(plain)
	if again, _ := capture.ReadBytes(plainB); again.KeyLog != nil {
		t.Errorf("a capture without secrets carries a key log: %q", again.KeyLog)
	}
}
