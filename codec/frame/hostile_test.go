// The hostile frames are decoded natively only: under wasm in Node, on the
// two cores CI has, building and decoding nine 64 MiB inputs outlasts the
// test timeout. The page's side is in ui/hostile_test.go.

//go:build !(js && wasm)

package frame_test

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

const mib = 1 << 20

// hostileFrames are the inputs of issue 11, with the error their decode
// must end in ("" for none) and the peak heap it may reach: the 64 MiB of
// decompressed records the frame may hold, the output buffer's growth
// while decompressing, the records within budget and the tree.
var hostileFrames = []struct {
	name  string
	build func() []byte
	err   string
	peak  uint64
}{
	{"zstd 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecZstd, false, 1) }, recordsSpent, 320 * mib},
	{"gzip 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecGzip, false, 1) }, recordsSpent, 320 * mib},
	{"lz4 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecLZ4, false, 1) }, recordsSpent, 320 * mib},
	{"snappy 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecSnappy, false, 1) }, recordsSpent, 320 * mib},
	{"zstd records with headers", func() []byte { return hostile.RecordBomb(records.CodecZstd, true, 1) }, recordsSpent, 320 * mib},
	{"eight zstd batches", func() []byte { return hostile.RecordBomb(records.CodecZstd, false, 8) }, recordsSpent, 320 * mib},
	{"legacy gzip message set", hostile.LegacyGzip, recordsSpent, 320 * mib},
	{"plain 64 MiB, 7-byte records", func() []byte { return hostile.RecordBomb(records.CodecNone, false, 1) }, recordsSpent, 320 * mib},
	{"plain 64 MiB, 1 KiB records", func() []byte { return hostile.PlainProduce(64*mib, 1024) }, "", 320 * mib},
}

const recordsSpent = "the frame's budget of 500000 records and headers is spent"

// Each hostile frame decodes as the page decodes a link (decode, then size
// the tree) within its peak heap, and says which budget stopped it; printed
// as the CLI prints it, it stays within the same bound.
func TestHostileFramesStayInBudget(t *testing.T) {
	for _, h := range hostileFrames {
		t.Run(h.name, func(t *testing.T) {
			b := h.build()
			var d *frame.Decoded
			u := hostile.Measure(func() {
				d = frame.DecodeRequest(b)
				d.Tree.Count(2001)
			})
			t.Logf("%d bytes: peak %d MiB, allocated %d MiB, %v", len(b), u.Peak/mib, u.Alloc/mib, u.Took)
			if h.err == "" {
				assert.Nil(t, d.Err)
			} else {
				require.NotNil(t, d.Err)
				assert.Contains(t, d.Err.Error(), h.err)
				assert.NotNil(t, d.Tree.Failed(), "a node says where")
			}
			assert.Less(t, u.Peak, h.peak)
			u = hostile.Measure(func() { require.NoError(t, d.Tree.WriteText(io.Discard)) })
			t.Logf("printed: peak %d MiB, allocated %d MiB, %v", u.Peak/mib, u.Alloc/mib, u.Took)
			assert.Less(t, u.Peak, h.peak)
		})
	}
}

// A body of many small elements stops at the node budget, at the element
// where it ran out, which says so.
func TestNodeBudgetStopsArrays(t *testing.T) {
	m := message.Minimal(schema.ByName("Metadata"), 0, schema.Request)
	topics := make([]any, 300_000) // three nodes each: element, length, bytes
	for i := range topics {
		s := &message.Struct{}
		s.Set("Name", "t")
		topics[i] = s
	}
	m.Body.Set("Topics", topics)
	b, err := frame.Encode(m)
	require.NoError(t, err)
	d := frame.DecodeRequest(b)
	require.NotNil(t, d.Err)
	assert.Contains(t, d.Err.Error(), "decoding stopped here: the frame's budget of 500000 layout nodes is spent")
	arr := find(t, bodyNode(t, d), "Topics")
	stopped := arr.Failed()
	require.NotNil(t, stopped)
	assert.Equal(t, d.Err, stopped.Err)
	assert.Equal(t, arr.Children[len(arr.Children)-1], stopped, "the element where it ran out")
	assert.Less(t, len(arr.Children), 200_000)
}

// BenchmarkHostile times the decodes of TestHostileFramesStayInBudget.
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostileFrames {
		frame := h.build()
		b.Run(h.name, func(b *testing.B) {
			b.SetBytes(int64(len(frame)))
			for b.Loop() {
				decodeRequest(frame).Tree.Count(2001)
			}
		})
	}
}

var decodeRequest = frame.DecodeRequest

// Ten record bombs back to back, as one paste: every part keeps its tree and
// buffers, so the stream's budget stops decoding after the frames that
// spent it, with a note on each frame left, instead of holding ten.
func TestStreamOfBombsStaysInBudget(t *testing.T) {
	bomb := hostile.RecordBomb(records.CodecZstd, false, 1)
	paste := bytes.Repeat(bomb, 10)
	var parts []frame.Part
	u := hostile.Measure(func() { parts = frame.DecodeStream(paste, frame.Hint{}) })
	t.Logf("%d bytes: peak %d MiB, allocated %d MiB, %v", len(paste), u.Peak/mib, u.Alloc/mib, u.Took)
	require.Len(t, parts, 10)
	for i, p := range parts[:2] {
		require.NotNil(t, p.Decoded, "frame %d", i)
		assert.Contains(t, p.Err.Error(), recordsSpent)
	}
	for _, p := range parts[2:] {
		assert.Nil(t, p.Decoded)
		assert.Equal(t, schema.Request, p.Dir)
		assert.Equal(t, "not decoded: the frames before it spent the stream's budget of 1000000 records and headers", p.Note)
	}
	assert.Less(t, u.Peak, uint64(2*320*mib), "two frames' worth")
}

// A string's node shows its first 256 bytes and its length: a hostile
// string of megabytes is not quoted whole (Guess read a 64 MiB request as
// responses with strings that long, and spent seconds quoting them).
func TestLongStringNodeIsCut(t *testing.T) {
	m := message.Minimal(schema.ByName("FindCoordinator"), 0, schema.Request)
	m.Body.Set("Key", strings.Repeat("k", 1000))
	b, err := frame.Encode(m)
	require.NoError(t, err)
	d := frame.DecodeRequest(b)
	require.Nil(t, d.Err)
	key := find(t, bodyNode(t, d), "Key")
	assert.Equal(t, `"`+strings.Repeat("k", 256)+`"… (1000 bytes) (int16 len=1000)`, key.Value)
	v, _ := d.Msg.Body.Get("Key")
	assert.Equal(t, strings.Repeat("k", 1000), v, "the value is whole")
}
