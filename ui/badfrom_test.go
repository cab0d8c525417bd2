package ui

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A frame cut short reports the truncation first (at its end), but the page
// marks the bytes from where the body already failed.
func TestBadFromPrefersAnEarlierBodyError(t *testing.T) {
	req := minimalFrame(t, "DescribeProducers", 0, schema.Request, 1)
	bad := append([]byte{}, req[:len(req)-1]...) // the size prefix now promises one byte more
	bad[12], bad[13] = 0x01, 0x2c                // and the client id runs past the end
	d := frame.Decode(bad, schema.ByName("DescribeProducers"), 0, schema.Request)
	require.NotNil(t, d.Err)
	assert.Equal(t, len(bad), d.Err.Off, "the truncation is reported first")
	assert.Equal(t, 12, BadFrom(d))
}

// An error inside a decompressed batch has an offset in that batch's own
// buffer; in the frame the batch fails where its compressed records start.
func TestBadFromInACompressedBatch(t *testing.T) {
	blob := (&records.Set{Batches: []*records.Batch{{Magic: 2, Attributes: int16(records.CodecGzip), Records: []records.Record{{}}}}}).AppendTo(nil)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(bytes.Repeat([]byte{0x7f}, 16)) // a record length of -64, then more of the same
	require.NoError(t, w.Close())
	blob = append(blob[:61], gz.Bytes()...)
	binary.BigEndian.PutUint32(blob[8:], uint32(len(blob)-12))

	m := message.Minimal(schema.ByName("Produce"), 3, schema.Request)
	topics, _ := m.Body.Get("TopicData")
	parts, _ := topics.([]any)[0].(*message.Struct).Get("PartitionData")
	parts.([]any)[0].(*message.Struct).Set("Records", &records.Set{Tail: blob}) // written as it is
	b, err := frame.Encode(m)
	require.NoError(t, err)
	at := bytes.Index(b, blob)
	require.Greater(t, at, 0)

	d := frame.Decode(b, m.API, 3, schema.Request)
	require.NotNil(t, d.Err)
	require.Len(t, d.Bufs, 2)
	var inner *layout.Node
	d.Tree.Walk(func(n *layout.Node, _ int) bool {
		if n.Err != nil && n.Buf == 1 && inner == nil {
			inner = n
		}
		return true
	})
	require.NotNil(t, inner, "a node of the decompressed buffer says where it failed\n%s", d.Tree.Text())
	assert.Less(t, inner.Err.Off, at+61, "its offset is in the decompressed buffer, not the frame")
	assert.Equal(t, at+61, d.Err.Off)
	assert.Equal(t, at+61, BadFrom(d))
}

// A Produce request cut inside its batch's header: the records field fails
// where it starts (its length runs past the end), but the batch's fields
// decode up to the one cut short, and the bytes from there on are the bad
// ones.
func TestBadFromACutBatch(t *testing.T) {
	api := schema.ByName("Produce")
	b, err := frame.Encode(message.Example(api, 9, schema.Request))
	require.NoError(t, err)
	cut := b[:100]
	d := frame.Decode(cut, api, 9, schema.Request)
	require.NotNil(t, d.Err)
	var recs, field *layout.Node
	d.Tree.Walk(func(n *layout.Node, _ int) bool {
		if n.Err != nil && n.Name == "Records" {
			recs = n
		}
		if n.Err != nil && len(n.Children) == 0 {
			field = n
		}
		return true
	})
	require.NotNil(t, recs, d.Tree.Text())
	require.NotNil(t, field, d.Tree.Text())
	assert.Less(t, recs.Off, field.Err.Off)
	assert.Equal(t, field.Err.Off, BadFrom(d), "from the batch field cut short, not the records' start (%d)", recs.Off)
	assert.Less(t, BadFrom(d), len(cut))
}
