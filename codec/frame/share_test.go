package frame_test

import (
	"runtime"
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
