package records

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// benchSet is about 1 MiB of 5,000 uncompressed records in one batch.
func benchSet() []byte {
	recs := make([]Record, 5000)
	val := strings.Repeat("v", 180)
	for i := range recs {
		recs[i] = Record{OffsetDelta: int32(i), TimestampDelta: int64(i), Key: Bytes(fmt.Sprintf("key-%05d", i)), Value: Bytes(val),
			Headers: []Header{{Key: Bytes("h"), Value: Bytes("x")}}}
	}
	return (&Set{Batches: []*Batch{{Magic: 2, ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1, Records: recs}}}).AppendTo(nil)
}

func BenchmarkDecode(b *testing.B) {
	in := benchSet()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		bufs := [][]byte{in}
		if _, _, err := Decode(in, 0, &bufs, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeFullLayout also builds every record's nodes, as opening every batch in the tree would.
func BenchmarkDecodeFullLayout(b *testing.B) {
	in := benchSet()
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		bufs := [][]byte{in}
		_, nodes, err := Decode(in, 0, &bufs, Options{})
		if err != nil {
			b.Fatal(err)
		}
		for _, n := range nodes {
			n.Walk(func(*layout.Node, int) bool { return true })
		}
	}
}

func BenchmarkAppendUnedited(b *testing.B) {
	in := benchSet()
	s, _, _ := Decode(in, 0, nil, Options{})
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	buf := make([]byte, 0, len(in))
	for b.Loop() {
		buf = s.AppendTo(buf[:0])
	}
}
