//go:build !js

package conversation_test

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// bigCapture replays kgo's recorded connections until the frames hold
// size bytes, as a pcap file.
func bigCapture(t testing.TB, size int) []byte {
	return capturetest.Repeat(traffic.Wire(traffic.ByConn(recordings[0].exchanges(t))), size)
}

// benchCapture is the capture KAFKAWIRE_CAPTURE_IN names, else 16 MiB of
// kgo's traffic.
func benchCapture(b *testing.B) []byte {
	if in := os.Getenv("KAFKAWIRE_CAPTURE_IN"); in != "" {
		file, err := os.ReadFile(in)
		if err != nil {
			b.Fatal(err)
		}
		return file
	}
	return bigCapture(b, 16<<20)
}

// benchFound is what Find finds in benchCapture.
func benchFound(b *testing.B) conversation.Result {
	in, err := source.ReadCapture(bytes.NewReader(benchCapture(b)), source.Options{Requests: conversation.LooksLikeRequests})
	if err != nil {
		b.Fatal(err)
	}
	return conversation.Find(in, conversation.Options{})
}

// BenchmarkFind reads a 16 MiB capture of kgo/kfake traffic and finds its
// frames: MB/s of capture, and frames/s. KAFKAWIRE_CAPTURE_OUT=file with
// KAFKAWIRE_CAPTURE_MB=n writes a capture of n MiB there instead, to time
// `kafkawire frames` on it; KAFKAWIRE_CAPTURE_IN=file reads that capture
// instead of the 16 MiB one (`go run ./e2e/bench -write-captures DIR`
// writes the bench's two).
func BenchmarkFind(b *testing.B) {
	if out := os.Getenv("KAFKAWIRE_CAPTURE_OUT"); out != "" {
		mb := 100
		fmt.Sscan(os.Getenv("KAFKAWIRE_CAPTURE_MB"), &mb)
		if err := os.WriteFile(out, bigCapture(b, mb<<20), 0o644); err != nil {
			b.Fatal(err)
		}
		return
	}
	file := benchCapture(b)
	b.SetBytes(int64(len(file)))
	b.ReportAllocs()
	b.ResetTimer()
	frames := 0
	for b.Loop() {
		in, err := source.ReadCapture(bytes.NewReader(file), source.Options{Requests: conversation.LooksLikeRequests})
		if err != nil {
			b.Fatal(err)
		}
		frames = conversation.Find(in, conversation.Options{}).Len()
	}
	b.ReportMetric(float64(frames)*float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}

// BenchmarkFilter matches every frame of the 16 MiB capture (or
// KAFKAWIRE_CAPTURE_IN's) against filters the page's list is typed with:
// an API, a word found in client ids, a port.
func BenchmarkFilter(b *testing.B) {
	res := benchFound(b)
	for _, q := range []string{"Fetch", "F", "kgo", "conn:5123"} {
		b.Run(q, func(b *testing.B) {
			flt, sayings := conversation.ParseFilter(q), res.Decoded()
			b.ReportMetric(float64(res.Len()), "frames")
			b.ReportAllocs()
			for b.Loop() {
				n := 0
				m := flt.For(res, sayings)
				for i := range res.Len() {
					if m.Match(i) {
						n++
					}
				}
			}
		})
	}
}

// BenchmarkFacts finds the error codes and topics of every response of
// the 16 MiB capture (or KAFKAWIRE_CAPTURE_IN's), each decoded afresh (no
// FactCache): what the list's rows and its error and topic filters cost.
func BenchmarkFacts(b *testing.B) {
	res := benchFound(b)
	var responses []conversation.Frame
	for i := range res.Len() {
		if f := res.Frame(i); f.Dir == schema.Response && f.API != nil {
			responses = append(responses, f)
		}
	}
	b.ReportMetric(float64(len(responses)), "responses")
	b.ReportAllocs()
	for b.Loop() {
		for i := range responses {
			responses[i].Facts()
		}
	}
}
