package frame_test

import (
	"runtime"
	"runtime/debug"
	"testing"
	"weak"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Small frames share blocks of nodes, but one that holds decompressed bytes
// shares none with the frame decoded after it: the page keeps the frame on
// screen, and that must not keep the one before it, and its decompressed
// bytes, alive.
func TestKeptFrameLetsThePreviousGo(t *testing.T) {
	m := bigframe.CompressedFetch()
	b, err := frame.Encode(m)
	require.NoError(t, err)
	require.Less(t, len(b), 16<<10, "small enough to share blocks")
	d := frame.Decode(b, m.API, bigframe.FetchVersion, schema.Response)
	require.Nil(t, d.Err)
	require.Len(t, d.Bufs, 2, "one decompressed buffer")
	tree, plain := weak.Make(d.Tree), weak.Make(&d.Bufs[1][0])
	d = nil

	api := schema.ByName("InitProducerId")
	next, err := frame.Encode(message.Minimal(api, 5, schema.Request))
	require.NoError(t, err)
	kept := frame.Decode(next, api, 5, schema.Request)
	require.Nil(t, kept.Err)

	runtime.GC()
	runtime.GC()
	assert.Nil(t, tree.Value(), "the earlier frame's tree is collected")
	assert.Nil(t, plain.Value(), "and its decompressed bytes")
	runtime.KeepAlive(kept)
}

// A frame kept (the one on screen) keeps its own tree alive, not the
// trees of the small frames decoded before it and dropped: their nodes
// and values share chunks with it (layout.Shared), and the chunks of a
// decode must not lead to the whole history of decodes since the last
// collection. Without epochs (layout.Shared), the 4,404 decodes below
// were all kept (about 22 MB) by the last one; with them, at most the
// last epoch's 2 MB and its chunks.
func TestKeptFrameKeepsNotTheFramesBefore(t *testing.T) {
	cs, _ := sweepCases(t)
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // no collection between the decodes
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	var kept *frame.Decoded
	allocated := ms.TotalAlloc
	for range 6 {
		for _, c := range cs {
			kept = frame.Decode(c.b, c.in.api, c.in.v, c.in.dir)
		}
	}
	runtime.GC()
	runtime.ReadMemStats(&ms)
	allocated = ms.TotalAlloc - allocated
	live := int64(ms.HeapAlloc) - int64(before)
	t.Logf("decoded %d frames, %d KB allocated; %d KB live with the last one kept", 6*len(cs), allocated>>10, live>>10)
	assert.Greater(t, allocated, uint64(16<<20), "the decodes allocate enough for what they keep to tell")
	assert.Less(t, live, int64(3<<20), "the last frame keeps a bounded part of the ones before it")
	runtime.KeepAlive(kept)
}
