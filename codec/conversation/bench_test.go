//go:build !js

package conversation_test

import (
	"bytes"
	"fmt"
	"net/netip"
	"os"
	"testing"
	"time"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/source"
)

// bigCapture replays the recorded connections, each many times on its own
// client port, until the frames hold size bytes, as a pcap file.
func bigCapture(t testing.TB, size int) []byte {
	exs := exchanges(t)
	var segs []capturetest.Segment
	t0 := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	conns := exs[len(exs)-1].Conn + 1
	for i, sent := 0, 0; sent < size; i++ {
		c := capturetest.NewConn(netip.MustParseAddrPort(fmt.Sprintf("127.0.%d.%d:%d", i/60000/250, 1+i/60000%250, 1024+i%60000)),
			netip.MustParseAddrPort("127.0.0.1:9092"), t0.Add(time.Duration(i)*time.Millisecond))
		c.Open()
		for _, ex := range exs {
			if ex.Conn == i%conns {
				c.Send(true, ex.Request, 16384)
				c.Send(false, ex.Response, 16384)
				sent += len(ex.Request) + len(ex.Response)
			}
		}
		c.Close()
		segs = append(segs, c.Segments...)
	}
	return capturetest.WritePcap(capturetest.Ethernet, true, segs)
}

// BenchmarkFind reads a 16 MiB capture of kgo/kfake traffic and finds its
// frames: MB/s of capture, and frames/s. KAFKAWIRE_CAPTURE_OUT=file with
// KAFKAWIRE_CAPTURE_MB=n writes a capture of n MiB there instead, to time
// `kafkawire frames` on it.
func BenchmarkFind(b *testing.B) {
	if out := os.Getenv("KAFKAWIRE_CAPTURE_OUT"); out != "" {
		mb := 100
		fmt.Sscan(os.Getenv("KAFKAWIRE_CAPTURE_MB"), &mb)
		if err := os.WriteFile(out, bigCapture(b, mb<<20), 0o644); err != nil {
			b.Fatal(err)
		}
		return
	}
	file := bigCapture(b, 16<<20)
	b.SetBytes(int64(len(file)))
	b.ResetTimer()
	frames := 0
	for b.Loop() {
		in, err := source.ReadCapture(bytes.NewReader(file), source.Options{Requests: conversation.LooksLikeRequests})
		if err != nil {
			b.Fatal(err)
		}
		frames = len(conversation.Find(in, conversation.Options{}).Frames)
	}
	b.ReportMetric(float64(frames)*float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}
