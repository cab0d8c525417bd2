package ui

import (
	"encoding/hex"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// peakHeap runs f and returns the most heap its objects took at once above
// what was there before, sampled every millisecond, and how long it took.
func peakHeap(f func()) (uint64, time.Duration) {
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	base, peak := s[0].Value.Uint64(), uint64(0)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	start := time.Now()
	f()
	took := time.Since(start)
	close(done)
	wg.Wait()
	return peak - min(peak, base), took
}

// A link to a hostile frame, opened as the page opens it: the pane decodes
// it, paints the regions of the frame and of its decompressed buffer, and
// the tree counts its nodes and draws its rows. The page stays well under
// the memory of a browser tab and says where decoding stopped; the issue
// saw the first of these end in "out of memory" at 4.27 GB.
func TestHostileLinkOpens(t *testing.T) {
	for name, b := range map[string][]byte{
		"zstd 7-byte records":     hostile.RecordBomb(records.CodecZstd, false, 1),
		"zstd records, 8 batches": hostile.RecordBomb(records.CodecZstd, false, 8),
		"legacy gzip message set": hostile.LegacyGzip(),
	} {
		t.Run(name, func(t *testing.T) {
			v := int16(b[7]) // the request names its version: 3, or 2 for the legacy set
			p := NewPane(schema.ByName("Produce"), v, schema.Request)
			var rows int
			peak, took := peakHeap(func() {
				p.Restore(b)
				p.BufRegions(1)
				tree := &LayoutTree{Tree: p.Decoded.Tree}
				tree.Render()
				rows = 0
				p.Decoded.Tree.Walk(func(n *layout.Node, _ int) bool { rows++; return n.Built() })
				BadFrom(p.Decoded)
			})
			t.Logf("%d bytes: peak heap %d MiB in %v, %d nodes built", len(b), peak>>20, took, rows)
			assert.Less(t, peak, uint64(320<<20))
			assert.Less(t, rows, 200, "records and messages are built when opened, not before")
			require.NotNil(t, p.Decoded.Err)
			assert.True(t, strings.HasPrefix(p.Notice, "the shared request did not decode: "), p.Notice)
			assert.Contains(t, p.Notice, "budget of 500000 records and headers is spent")
			assert.Equal(t, p.Decoded.Err.Off, BadFrom(p.Decoded), "the grid marks where it stopped")

			// Opening the records (or messages) builds at most a node budget's worth.
			var lazy *layout.Node
			p.Decoded.Tree.Walk(func(n *layout.Node, _ int) bool {
				if !n.Built() && lazy == nil {
					lazy = n
				}
				return n.Built()
			})
			require.NotNil(t, lazy)
			var kids []*layout.Node
			peak, took = peakHeap(func() { kids = lazy.Kids() })
			t.Logf("opening %s: peak heap %d MiB in %v, %d children", lazy.Name, peak>>20, took, len(kids))
			assert.Less(t, peak, uint64(320<<20))
			assert.Contains(t, kids[len(kids)-1].Name, "not laid out")
		})
	}
}

// A plain 64 MiB Produce request of 1 KiB records opens whole.
func TestPlain64MiBRequestOpens(t *testing.T) {
	b := hostile.PlainProduce(64<<20, 1024)
	p := NewPane(schema.ByName("Produce"), 3, schema.Request)
	peak, took := peakHeap(func() {
		p.Restore(b)
		(&LayoutTree{Tree: p.Decoded.Tree}).Render()
	})
	t.Logf("%d bytes: peak heap %d MiB in %v", len(b), peak>>20, took)
	require.Nil(t, p.Decoded.Err)
	assert.Empty(t, p.Notice)
	assert.Less(t, peak, uint64(320<<20))
}

// The 10,000-piece paste of issue 11 (as hex text, 240 KB) reads into
// 10,000 frames within a small heap; the issue saw the page freeze for
// 35 s and run out of memory at 4.2 GB. The time is logged, not asserted:
// BenchmarkBrokenPaste in codec/frame measures it.
func TestBrokenPasteReads(t *testing.T) {
	p := &Paste{Text: hex.EncodeToString(hostile.BrokenPaste(10_000))}
	peak, took := peakHeap(p.Read)
	t.Logf("peak heap %d MiB in %v", peak>>20, took)
	require.Nil(t, p.Err)
	require.Len(t, p.Frames, 10_000)
	assert.Less(t, peak, uint64(200<<20))
	broken := 0
	for _, f := range p.Frames {
		if f.Dir == schema.Request && f.Err != "" {
			broken++
		}
	}
	assert.Greater(t, broken, 9_900, "shown as the broken requests they are")
}
