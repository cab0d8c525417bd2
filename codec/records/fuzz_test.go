package records

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/kafkawire/kafkawire/codec/layout"
)

func FuzzDecode(f *testing.F) {
	// Inputs that decompress to tens of MiB make every execution (and minimization) slow;
	// the limit itself is tested in TestDecompressionBomb.
	opts := Options{MaxDecompressed: 1 << 20}
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
		s, nodes, err := Decode(b, 0, &bufs, opts)
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
		for _, x := range s.Batches {
			x.raw = nil
		}
		if _, _, err := Decode(s.AppendTo(nil), 0, nil, opts); err != nil && s.Batches != nil {
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
