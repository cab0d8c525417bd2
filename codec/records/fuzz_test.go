package records

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// fuzzOptions gives every input a frame's budget of its own, scaled down
// so that each run stays fast while small inputs still reach it: 1 MiB
// decompressed (the batch's own bound stays the real 64 MiB, so the
// frame's is the one that stops), 5,000 records and 20,000 nodes.
func fuzzOptions() Options {
	return Options{Budget: &Budget{Decompressed: 1 << 20, Records: 5_000, Nodes: 20_000}}
}

// fuzzSeeds are FuzzDecode's seeds. They start at amplification: a few
// hundred compressed bytes that hold far more records, or decompress to
// more bytes, than the budget (TestFuzzSeedsReachTheBudgets checks).
func fuzzSeeds(t testing.TB) [][]byte {
	var seeds [][]byte
	for _, codec := range []Codec{CodecGzip, CodecSnappy, CodecLZ4, CodecZstd} {
		b := (&Set{Batches: []*Batch{{Magic: 2, Attributes: int16(codec), Records: make([]Record, 20_000)}}}).AppendTo(nil)
		seeds = append(seeds, b)
	}
	inner := kmsgMessage(1, 0, 0, 5, nil, nil)
	seeds = append(seeds, kmsgMessage(1, 0, 1, 5, nil, gzipped(bytes.Repeat(inner, 10_000))))
	seeds = append(seeds, bytes.Repeat(inner, 2_000)) // top-level messages, whose nodes are built at once
	big := &Batch{Magic: 2, Attributes: int16(CodecGzip), Records: []Record{{Value: make([]byte, 600<<10)}}}
	seeds = append(seeds, (&Set{Batches: []*Batch{big, big}}).AppendTo(nil)) // 1.2 MiB decompressed in all
	files, _ := filepath.Glob("testdata/*.records")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		seeds = append(seeds, b, b[:len(b)/2])
	}
	return append(seeds,
		Minimal().AppendTo(nil),
		kmsgMessage(1, 0, 1, 5, nil, gzipped(kmsgMessage(1, 0, 0, 5, []byte("k"), []byte("v")))),
		kmsgMessage(0, 3, 0, 0, []byte("k"), nil))
}

// The fuzzer starts where hostile input does: among its seeds, the record
// bombs stop at the records budget and the large batches at the frame's
// decompressed budget (a bound lowered in tests once hid amplification).
func TestFuzzSeedsReachTheBudgets(t *testing.T) {
	records, decompressed := 0, 0
	for _, b := range fuzzSeeds(t) {
		_, _, err := Decode(b, 0, nil, fuzzOptions())
		switch {
		case err == nil:
		case strings.Contains(err.Msg, "records and headers is spent"):
			records++
		case strings.Contains(err.Msg, "MiB decompressed for all its batches"):
			decompressed++
		}
	}
	assert.Equal(t, 5, records, "four codecs' record bombs and the legacy gzip wrapper")
	assert.Equal(t, 1, decompressed, "two batches of 600 KiB")
}

func FuzzDecode(f *testing.F) {
	opts := fuzzOptions
	for _, b := range fuzzSeeds(f) {
		f.Add(b)
	}
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
