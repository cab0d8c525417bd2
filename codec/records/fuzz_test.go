package records

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/kafkawire/kafkawire/codec/layout"
)

func FuzzDecode(f *testing.F) {
	// Every input gets a frame's budget of its own, scaled down so that
	// each run stays fast while small inputs still reach it: 1 MiB
	// decompressed (the batch's own bound stays the real 64 MiB, so the
	// frame's is the one that stops), 5,000 records and 20,000 nodes. The
	// seeds below start at amplification: a few hundred compressed bytes
	// that hold far more records than that.
	opts := func() Options {
		return Options{Budget: &Budget{Decompressed: 1 << 20, Records: 5_000, Nodes: 20_000}}
	}
	for _, codec := range []Codec{CodecGzip, CodecSnappy, CodecLZ4, CodecZstd} {
		b := (&Set{Batches: []*Batch{{Magic: 2, Attributes: int16(codec), Records: make([]Record, 20_000)}}}).AppendTo(nil)
		f.Add(b)
	}
	inner := kmsgMessage(1, 0, 0, 5, nil, nil)
	f.Add(kmsgMessage(1, 0, 1, 5, nil, gzipped(bytes.Repeat(inner, 10_000))))
	f.Add(bytes.Repeat(inner, 2_000)) // top-level messages, whose nodes are built at once
	big := &Batch{Magic: 2, Attributes: int16(CodecGzip), Records: []Record{{Value: make([]byte, 600<<10)}}}
	f.Add((&Set{Batches: []*Batch{big, big}}).AppendTo(nil)) // 1.2 MiB decompressed in all
	files, _ := filepath.Glob("testdata/*.records")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	f.Add(Minimal().AppendTo(nil))
	f.Add(kmsgMessage(1, 0, 1, 5, nil, gzipped(kmsgMessage(1, 0, 0, 5, []byte("k"), []byte("v")))))
	f.Add(kmsgMessage(0, 3, 0, 0, []byte("k"), nil))
	f.Fuzz(func(t *testing.T, b []byte) {
		bufs := [][]byte{b}
		s, nodes, err := Decode(b, 0, &bufs, opts())
		if s == nil {
			t.Fatal("nil set")
		}
		assertSpans(t, nodes, len(b), bufs)
		if err != nil {
			if len(nodes) == 0 {
				t.Fatalf("error %v but no node", err)
			}
			if nodes[len(nodes)-1].Failed() == nil {
				t.Fatalf("error %v marks no node", err)
			}
			return
		}
		// Records laid out on demand must lay out as cleanly as they parsed.
		for _, n := range nodes {
			n.Walk(func(c *layout.Node, _ int) bool {
				if c.Err != nil {
					t.Fatalf("clean decode, but node %s fails when built: %s", c.Name, c.Err)
				}
				return true
			})
		}
		if got := s.AppendTo(nil); !bytes.Equal(got, b) {
			t.Fatalf("re-encode differs:\n got %x\nwant %x", got, b)
		}
		// Encoding from the fields must never panic and must decode again.
		// Dropping the kept compressed bytes too, so that records are compressed afresh.
		for _, x := range s.Batches {
			x.raw, x.kept = nil, nil
			if x.Legacy != nil {
				x.Legacy.kept = false
			}
		}
		if _, _, err := Decode(s.AppendTo(nil), 0, nil, opts()); err != nil && s.Batches != nil {
			// Unknown codecs (5-7) are written uncompressed and fail again; nothing else may.
			for _, x := range s.Batches {
				if x.Codec() > CodecZstd {
					return
				}
			}
			t.Fatalf("fields re-encoded to bytes that do not decode: %v", err)
		}
	})
}
