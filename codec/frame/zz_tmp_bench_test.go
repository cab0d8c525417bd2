package frame_test

import (
	"testing"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/twmb/franz-go/pkg/kmsg"
)

func bigMeta(tb testing.TB) []byte {
	api := schema.ByName("Metadata")
	m := message.Minimal(api, 12, schema.Response)
	p := message.ParsePath
	for i := 1; i < 10; i++ {
		m.DuplicateElement(p("body.Topics.0.Partitions.0"))
	}
	m.SetText(p("body.Topics.0.Name"), "topic-name-0001")
	for i := 1; i < 1000; i++ {
		m.DuplicateElement(p("body.Topics.0"))
	}
	b, err := m.Encode()
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

func BenchmarkTmpDecodeKW(b *testing.B) {
	buf := bigMeta(b)
	api := schema.ByName("Metadata")
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		d := frame.Decode(buf, api, 12, schema.Response)
		if d.Err != nil {
			b.Fatal(d.Err)
		}
	}
}

func BenchmarkTmpDecodeKmsg(b *testing.B) {
	buf := bigMeta(b)
	b.SetBytes(int64(len(buf)))
	b.ReportAllocs()
	for b.Loop() {
		r := kmsg.NewPtrMetadataResponse()
		r.Version = 12
		if err := r.ReadFrom(buf[9:]); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTmpEncodeKW(b *testing.B) {
	buf := bigMeta(b)
	d := frame.Decode(buf, schema.ByName("Metadata"), 12, schema.Response)
	b.ReportAllocs()
	for b.Loop() {
		d.Msg.Encode()
	}
}

func BenchmarkTmpEncodeKmsg(b *testing.B) {
	buf := bigMeta(b)
	r := kmsg.NewPtrMetadataResponse()
	r.Version = 12
	r.ReadFrom(buf[9:])
	b.ReportAllocs()
	var dst []byte
	for b.Loop() {
		dst = r.AppendTo(dst[:0])
	}
}
