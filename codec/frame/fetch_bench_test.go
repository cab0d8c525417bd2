package frame_test

import (
	"strconv"

	"testing"

	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// kmsgFetch reads a Fetch response body the way a franz-go consumer does:
// the response, then every batch and every record in it. kmsg leaves
// records as bytes until asked, so reading them is part of a fair comparison
// with a decode that lays out every record.
func kmsgFetch(b *testing.B, body []byte) *kmsg.FetchResponse {
	k := kmsg.NewPtrFetchResponse()
	k.Version = bigframe.FetchVersion
	if err := k.ReadFrom(body); err != nil {
		b.Fatal(err)
	}
	for _, t := range k.Topics {
		for _, p := range t.Partitions {
			raw := p.RecordBatches
			for len(raw) > 0 {
				var batch kmsg.RecordBatch
				if err := batch.ReadFrom(raw); err != nil {
					b.Fatal(err)
				}
				raw = raw[12+batch.Length:]
				recs := batch.Records
				for range batch.NumRecords {
					var r kmsg.Record
					if err := r.ReadFrom(recs); err != nil {
						b.Fatal(err)
					}
					recs = recs[r.Length+int32(wire.VarlongLen(int64(r.Length))):]
				}
			}
		}
	}
	return k
}

// The 1 MiB Fetch response of codec/frame/bigframe: 5,000 records in 50 batches.
func BenchmarkFetch1MiB(b *testing.B) {
	m := bigframe.Fetch()
	fb, err := frame.Encode(m)
	if err != nil {
		b.Fatal(err)
	}
	d := frame.Decode(fb, m.API, bigframe.FetchVersion, schema.Response)
	if d.Err != nil {
		b.Fatal(d.Err)
	}
	body := fb[bodyNode(b, d).Off:]
	b.Run("decode/impl=kafkawire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if d := frame.Decode(fb, m.API, bigframe.FetchVersion, schema.Response); d.Err != nil {
				b.Fatal(d.Err)
			}
		}
	})
	b.Run("decode/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			kmsgFetch(b, body)
		}
	})
	// Records are laid out when first looked at; this builds every node, as
	// opening every batch of the tree would.
	b.Run("decode-all-nodes/impl=kafkawire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			d := frame.Decode(fb, m.API, bigframe.FetchVersion, schema.Response)
			if d.Err != nil {
				b.Fatal(d.Err)
			}
			d.Tree.Walk(func(*layout.Node, int) bool { return true })
		}
	})
	b.Run("decode-all-nodes/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			kmsgFetch(b, body)
		}
	})
	k := kmsgFetch(b, body)
	b.Run("encode/impl=kafkawire", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			if _, err := frame.Encode(d.Msg); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("encode/impl=kmsg", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(body)))
		for b.Loop() {
			k.AppendTo(nil)
		}
	})
}

// An edit of the 1 MiB Fetch response as the page makes one: the message
// cloned, one field set, the frame built again (encoded and laid out):
// from scratch (Build), and taking the unchanged batches from the frame
// before (Rebuild).
func BenchmarkEditFetch1MiB(b *testing.B) {
	path := message.ParsePath("body.ThrottleTimeMs")
	for _, how := range []string{"build", "rebuild"} {
		b.Run("how="+how, func(b *testing.B) {
			// The page edits the message it decoded from a link, whose batches keep their bytes.
			prev, err := frame.Build(bigframe.Fetch())
			if err != nil {
				b.Fatal(err)
			}
			m := prev.Msg
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				next := m.Clone()
				i++
				if err := next.Apply(message.Edit{Op: message.OpSet, Path: path, Text: strconv.Itoa(i)}); err != nil {
					b.Fatal(err)
				}
				var d *frame.Decoded
				if how == "build" {
					d, err = frame.Build(next)
				} else {
					d, err = frame.Rebuild(prev, next)
				}
				if err != nil {
					b.Fatal(err)
				}
				m, prev = next, d
			}
		})
	}
}
