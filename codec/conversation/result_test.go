package conversation

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// The frames a Result keeps hold no pointer, so the collector never visits
// them: half a million frames with pointers made a pause of 100 ms and more
// in the page each time it collected.
func TestStoredFramesHoldNoPointer(t *testing.T) {
	assert.False(t, holdsPointer(reflect.TypeFor[stored]()))
	frames, _ := reflect.TypeFor[Result]().FieldByName("frames")
	assert.Equal(t, reflect.TypeFor[frameBlocks](), frames.Type)
	blocks, _ := reflect.TypeFor[frameBlocks]().FieldByName("blocks")
	assert.Equal(t, reflect.TypeFor[[][]stored](), blocks.Type)
	// And the check finds one where there is one.
	assert.True(t, holdsPointer(reflect.TypeFor[Frame]()))
}

func holdsPointer(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Struct:
		for i := range t.NumField() {
			if holdsPointer(t.Field(i).Type) {
				return true
			}
		}
		return false
	case reflect.Array:
		return holdsPointer(t.Elem())
	case reflect.Slice, reflect.Pointer, reflect.String, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return true
	}
	return false
}

// A Result keeps the bytes of the streams that hold its frames, not those
// of the input's other connections (not Kafka, TLS), which a page holding
// the list would otherwise keep in memory with it.
func TestResultKeepsOnlyStreamsWithFrames(t *testing.T) {
	req, err := frame.Encode(message.Minimal(schema.ByName("ListGroups"), 4, schema.Request))
	require.NoError(t, err)
	in := source.Input{Kind: source.Pcap, Streams: []source.Stream{
		{Conn: "10.0.0.1:5555>10.0.0.2:80", ConnNumber: 1, Dir: source.ClientToServer, FromStart: true, Bytes: []byte("GET / HTTP/1.1\r\nHost: x\r\n\r\n")},
		{Conn: "10.0.0.1:5555>10.0.0.2:80", ConnNumber: 1, Dir: source.ServerToClient, FromStart: true, Bytes: []byte("HTTP/1.1 200 OK\r\n\r\n")},
		{Conn: "10.0.0.1:5556>10.0.0.2:9092", ConnNumber: 2, Dir: source.ClientToServer, FromStart: true, Bytes: req},
	}}
	res := Find(in, Options{})
	require.Equal(t, 1, res.Len())
	assert.Equal(t, req, res.Frame(0).Bytes)
	assert.Nil(t, res.bufs[0])
	assert.Nil(t, res.bufs[1])
	assert.NotNil(t, res.bufs[2])
}

// Past the last frame a Result panics, as a slice would: the blocks it
// keeps its frames in hold zeroed frames there, which would read as a
// Produce request on the first connection.
func TestFramePastTheEndPanics(t *testing.T) {
	r := Collect([]Frame{{Conn: "a", Bytes: []byte{0, 0, 0, 4, 0, 0, 0, 1}}}, nil)
	require.Equal(t, 1, r.Len())
	assert.NotPanics(t, func() { r.Frame(0) })
	assert.Panics(t, func() { r.Frame(1) })
	assert.Panics(t, func() { r.ConnIndex(-1) })
	assert.Panics(t, func() { Result{}.Frame(0) })
}
