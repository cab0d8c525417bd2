package ui

import (
	"encoding/hex"
	"reflect"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// A dropped binary file and the same bytes pasted as text are read the same
// way (through codec/source): the same frames, paired the same.
func TestPasteRawBytesReadLikeText(t *testing.T) {
	req := minimalFrame(t, "InitProducerId", 5, schema.Request, 9)
	resp := minimalFrame(t, "InitProducerId", 5, schema.Response, 9)
	stream := append(append([]byte{}, req...), resp...)

	raw := &Paste{Raw: stream, File: "stream.bin"}
	raw.Read()
	text := read(hex.EncodeToString(stream))
	require.Nil(t, raw.Err)
	require.Nil(t, text.Err)
	assert.Equal(t, "stream.bin · raw bytes · 57 bytes", raw.Status())
	assert.Equal(t, "hex · 57 bytes", text.Status())
	assert.Nil(t, raw.Alternatives, "no format to switch to for bytes")
	assert.Equal(t, stream, raw.Bytes)
	require.Len(t, raw.Frames, 2)
	assert.Equal(t, text.Frames, raw.Frames)
	assert.Equal(t, schema.Response, raw.Frames[1].Dir)
	assert.Equal(t, 0, raw.Frames[1].Paired)
	assert.Equal(t, "InitProducerId", raw.Frames[1].API.Name)
}

// A capture is not decoded as a frame: it goes to the conversation list,
// which says what it found (here a capture with no packets: no frame).
func TestPasteCaptureGoesToTheConversationList(t *testing.T) {
	pcap := []byte{0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 1, 0, 0, 0}
	p := &Paste{Raw: pcap, File: "traffic.pcap"}
	p.Read()
	require.Nil(t, p.Err)
	assert.Empty(t, p.Frames)
	require.NotNil(t, p.Capture)
	assert.Zero(t, p.Capture.Len())
	assert.Equal(t, "traffic.pcap", p.Capture.File)

	box := &PasteBox{p: p}
	html := renderHTML(box)
	assert.Contains(t, html, "traffic.pcap · pcap capture · 24 bytes")
	assert.Contains(t, html, "No Kafka frame in this capture.")
	assert.NotContains(t, html, "paste-pos")
}

// The paste is the app's, not a package variable: a box on the next page
// (a new component in the same app) takes it over; another app starts empty.
func TestPasteSessionBelongsToTheApp(t *testing.T) {
	store := states{}
	first := &PasteBox{}
	first.OnInit()
	first.joinSession(store)
	first.p.Text = "00 01 02"
	first.p.Read()

	next := &PasteBox{}
	next.OnInit()
	next.joinSession(store)
	assert.Same(t, first.p, next.p)
	assert.Equal(t, "hex · 3 bytes", next.p.Status())

	other := &PasteBox{}
	other.OnInit()
	other.joinSession(states{})
	assert.NotSame(t, first.p, other.p)
	assert.True(t, other.p.Empty())
}

// states stores values the way go-app's state store does: GetState copies
// the stored value into the receiver (a stored pointer's target, not the pointer).
type states map[string]any

func (s states) GetState(name string, recv any) {
	v, ok := s[name]
	if !ok {
		return
	}
	src := reflect.ValueOf(v)
	if src.Kind() == reflect.Pointer {
		src = src.Elem()
	}
	reflect.ValueOf(recv).Elem().Set(src)
}

func (s states) SetState(name string, v any) app.State {
	s[name] = v
	return app.State{}
}
