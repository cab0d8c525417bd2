package frame_test

import (
	"io"
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/records"
)

// usage is what running a function cost.
type usage struct {
	peak  uint64 // the most heap its objects took at once, above what was there before (sampled every millisecond)
	alloc uint64 // bytes it allocated in all
	took  time.Duration
}

// measure runs f and reports its peak heap and allocations.
func measure(f func()) usage {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(sample)
	base, allocs := sample[0].Value.Uint64(), sample[1].Value.Uint64()
	var peak uint64
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	start := time.Now()
	f()
	took := time.Since(start)
	close(done)
	wg.Wait()
	metrics.Read(sample)
	peak = max(peak, sample[0].Value.Uint64())
	return usage{peak: peak - min(peak, base), alloc: sample[1].Value.Uint64() - allocs, took: took}
}

const mib = 1 << 20

// hostileFrames are the inputs of issue 11 with the peak heap each decode
// may reach: the decompressed bytes the frame may hold (64 MiB) and the
// output buffer's growth, the records within budget, and the tree.
var hostileFrames = []struct {
	name  string
	build func() []byte
	peak  uint64
	clean bool // decodes whole, within every budget
}{
	{"zstd 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecZstd, false, 1) }, 320 * mib, false},
	{"gzip 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecGzip, false, 1) }, 320 * mib, false},
	{"lz4 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecLZ4, false, 1) }, 320 * mib, false},
	{"snappy 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecSnappy, false, 1) }, 320 * mib, false},
	{"zstd records with headers", func() []byte { return hostile.RecordBomb(records.CodecZstd, true, 1) }, 320 * mib, false},
	{"eight zstd batches", func() []byte { return hostile.RecordBomb(records.CodecZstd, false, 8) }, 320 * mib, false},
	{"legacy gzip message set", hostile.LegacyGzip, 320 * mib, false},
	{"plain 64 MiB, 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecNone, false, 1) }, 320 * mib, false},
	{"plain 64 MiB, 1 KiB records", func() []byte { return hostile.PlainProduce(64*mib, 1024) }, 320 * mib, true},
}

func TestHostileFramesStayInBudget(t *testing.T) {
	for _, h := range hostileFrames {
		t.Run(h.name, func(t *testing.T) {
			b := h.build()
			var d *frame.Decoded
			u := measure(func() {
				d = frame.DecodeRequest(b)
				d.Tree.Count(2001)
			})
			t.Logf("%d bytes: peak %d MiB, allocated %d MiB, %v; err %v", len(b), u.peak/mib, u.alloc/mib, u.took, d.Err)
			if h.clean {
				assert.Nil(t, d.Err)
			} else {
				require.NotNil(t, d.Err)
			}
			assert.Less(t, u.peak, h.peak)
			u = measure(func() { d.Tree.WriteText(io.Discard) })
			t.Logf("text: peak %d MiB, allocated %d MiB, %v", u.peak/mib, u.alloc/mib, u.took)
		})
	}
}
