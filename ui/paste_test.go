package ui

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// minimalFrame is the minimal instance of api at v in dir, with correlation id corr.
func minimalFrame(t *testing.T, api string, v int16, dir schema.Direction, corr int32) []byte {
	t.Helper()
	m := message.Minimal(schema.ByName(api), v, dir)
	require.NoError(t, m.Apply(message.Edit{Op: message.OpSet, Path: message.ParsePath("header.CorrelationId"), Text: itoa(int(corr))}))
	b, err := frame.Encode(m)
	require.NoError(t, err)
	return b
}

func read(text string) *Paste {
	p := &Paste{Text: text}
	p.Read()
	return p
}

func TestPasteHexdumpOfARequest(t *testing.T) {
	req := minimalFrame(t, "InitProducerId", 5, schema.Request, 7)
	p := read(hexin.FormatAs(req, hexin.HexdumpC))
	require.Nil(t, p.Err)
	assert.Equal(t, hexin.HexdumpC, p.Format)
	assert.Equal(t, "hexdump -C · 31 bytes", p.Status())
	require.Len(t, p.Frames, 1)
	f := p.Frames[0]
	assert.Equal(t, schema.Request, f.Dir)
	assert.Equal(t, "InitProducerId", f.API.Name)
	assert.EqualValues(t, 5, f.Version)
	assert.EqualValues(t, 7, f.Corr)
	assert.Empty(t, f.Err)
	assert.Equal(t, -1, f.Bad)
	path, frag, ok := p.Target(0)
	require.True(t, ok)
	assert.Equal(t, "/InitProducerId/v5", path)
	assert.Equal(t, "req="+base64.RawURLEncoding.EncodeToString(req), frag)
}

func TestPasteWithoutSizePrefix(t *testing.T) {
	req := minimalFrame(t, "DescribeProducers", 0, schema.Request, 3)
	p := read(hex.EncodeToString(req[4:]))
	require.Len(t, p.Frames, 1)
	f := p.Frames[0]
	assert.True(t, f.Added, "the size prefix is added")
	assert.Equal(t, req, f.Bytes, "the frame shown carries the prefix")
	assert.Equal(t, "DescribeProducers", f.API.Name)
}

func TestPasteGarbageSaysWhere(t *testing.T) {
	p := read("hello there, not hex!")
	require.NotNil(t, p.Err)
	assert.Equal(t, 1, p.Err.Line)
	assert.Equal(t, 6, p.Err.Column)
	assert.Empty(t, p.Frames)
	assert.Empty(t, p.Status())

	p = read("00 01 02\n03 zz")
	require.NotNil(t, p.Err)
	assert.Equal(t, 2, p.Err.Line)
}

func TestPasteHexWinsAndTheUserCanSwitch(t *testing.T) {
	p := read("deadbeef")
	require.Nil(t, p.Err)
	assert.Equal(t, hexin.Hex, p.Format)
	assert.Equal(t, []byte{0xde, 0xad, 0xbe, 0xef}, p.Bytes)
	assert.Contains(t, p.Alternatives, hexin.Base64)
	assert.Equal(t, hexin.Hex, p.Alternatives[0], "the detected format comes first")

	p.Forced = hexin.Base64
	p.Read()
	require.Nil(t, p.Err)
	assert.Equal(t, hexin.Base64, p.Format)
	assert.Len(t, p.Bytes, 6)
	assert.Equal(t, hexin.Hex, p.Alternatives[0], "switching keeps the other readings on offer")
}

func TestPasteStreamPairsResponses(t *testing.T) {
	req := minimalFrame(t, "InitProducerId", 5, schema.Request, 9)
	resp := minimalFrame(t, "InitProducerId", 5, schema.Response, 9)
	other := minimalFrame(t, "DescribeProducers", 0, schema.Request, 10)
	p := read(hex.EncodeToString(append(append(append([]byte{}, req...), resp...), other...)))
	require.Len(t, p.Frames, 3)
	assert.Equal(t, schema.Request, p.Frames[0].Dir)
	assert.Equal(t, 1, p.Frames[0].Paired, "the request knows its response")
	assert.Equal(t, schema.Response, p.Frames[1].Dir)
	assert.Equal(t, 0, p.Frames[1].Paired)
	assert.Equal(t, "InitProducerId", p.Frames[1].API.Name)
	assert.Equal(t, len(req), p.Frames[1].Off)
	assert.Equal(t, -1, p.Frames[2].Paired)

	_, frag, ok := p.Target(1)
	require.True(t, ok)
	assert.Equal(t, "req="+base64.RawURLEncoding.EncodeToString(req)+"&resp="+base64.RawURLEncoding.EncodeToString(resp), frag)
}

func TestPasteResponseNeedsItsAPI(t *testing.T) {
	resp := minimalFrame(t, "DescribeProducers", 0, schema.Response, 5)
	p := read(hex.EncodeToString(resp))
	require.Len(t, p.Frames, 1)
	assert.Equal(t, schema.Response, p.Frames[0].Dir, "correlation id 5 reads as Produce v5, which does not decode: a response")
	assert.Nil(t, p.Frames[0].API)
	_, _, ok := p.Target(0)
	assert.False(t, ok)

	p.Guess()
	require.NotEmpty(t, p.Guesses)
	assert.Equal(t, "DescribeProducers v0", p.Guesses[0].String())

	p.Pick(p.Guesses[0].API, p.Guesses[0].Version)
	path, frag, ok := p.Target(0)
	require.True(t, ok)
	assert.Equal(t, "/DescribeProducers/v0", path)
	assert.Equal(t, "resp="+base64.RawURLEncoding.EncodeToString(resp), frag)
	assert.Empty(t, p.Frames[0].Err)
}

// Picking a response's API decodes the bytes already read, and gives what
// reading the text again with the same pick gives.
func TestPickDecodesTheBytesRead(t *testing.T) {
	big, err := frame.Encode(bigframe.Fetch())
	require.NoError(t, err)
	for _, c := range []struct {
		resp []byte
		api  string
		v    int16
	}{
		{minimalFrame(t, "DescribeProducers", 0, schema.Response, 5), "DescribeProducers", 0},
		{big, "Fetch", bigframe.FetchVersion},
	} {
		p := read(hexin.FormatAs(c.resp, hexin.XXD))
		require.Len(t, p.Frames, 1)
		require.Nil(t, p.Frames[0].API, "a response: its API is not known")
		require.Equal(t, hexin.XXD, p.Format)
		bytesRead := &p.Bytes[0]

		api := schema.ByName(c.api)
		p.Pick(api, c.v)
		assert.Same(t, bytesRead, &p.Bytes[0], "the text is not read again")
		assert.Equal(t, hexin.XXD, p.Format)
		require.Len(t, p.Frames, 1)
		assert.Equal(t, api, p.Frames[0].API)
		assert.Empty(t, p.Frames[0].Err)

		again := &Paste{Text: p.Text, Hints: p.Hints}
		again.Read()
		assert.Equal(t, again.Frames, p.Frames, "as reading the text again")
	}
}

// Reading a single frame guesses it as a response to tell whether it is a
// request; the Guess button then gives that answer without guessing again.
func TestGuessKeepsTheReadsGuess(t *testing.T) {
	resp := minimalFrame(t, "DescribeProducers", 0, schema.Response, 5) // correlation id 5 reads as Produce v5
	p := read(hex.EncodeToString(resp))
	require.Equal(t, schema.Response, p.Frames[0].Dir)
	kept := p.guessedFor.list
	require.NotEmpty(t, kept, "the read guessed")

	p.Guess()
	assert.Same(t, &kept[0], &p.Guesses[0], "not guessed again")
	assert.Equal(t, frame.Guess(resp), p.Guesses, "as a guess made now")

	p.Text = hex.EncodeToString(resp[:len(resp)-1])
	p.Read()
	p.Guess()
	assert.Empty(t, p.Guesses, "another text, another guess: the frame one byte short fits none")
	assert.Equal(t, frame.Guess(resp[:len(resp)-1]), p.Guesses)
}

func TestPasteSizeDisagreements(t *testing.T) {
	req := minimalFrame(t, "InitProducerId", 5, schema.Request, 1)
	p := read(hex.EncodeToString(req[:len(req)-3]))
	require.Len(t, p.Frames, 1)
	f := p.Frames[0]
	assert.Equal(t, schema.Request, f.Dir)
	require.NotNil(t, f.API, "a truncated request is still read from its header")
	assert.Contains(t, f.Err, "truncated by 3 bytes")

	p = read(hex.EncodeToString(append(append([]byte{}, req...), 0xaa, 0xbb)))
	// Two extra bytes are a second, short frame of the stream.
	require.Len(t, p.Frames, 2)
	assert.Empty(t, p.Frames[0].Err)

	p = &Paste{Text: hex.EncodeToString(append(append([]byte{}, req...), 0xaa, 0xbb)), Dir: "request"}
	p.Read()
	require.Len(t, p.Frames, 1)
	assert.Contains(t, p.Frames[0].Err, "2 bytes extra after the frame")
	assert.Equal(t, len(req), p.Frames[0].Bad)
}

func TestBadFromMarksWhereDecodingStopped(t *testing.T) {
	req := minimalFrame(t, "DescribeProducers", 0, schema.Request, 1)
	// Make the client id's length run past the end.
	bad := append([]byte{}, req...)
	bad[12], bad[13] = 0x01, 0x2c
	d := frame.Decode(bad, schema.ByName("DescribeProducers"), 0, schema.Request)
	require.NotNil(t, d.Err)
	assert.Equal(t, 12, BadFrom(d))
	assert.Contains(t, d.Err.Error(), "at 0x000c:")
}

func TestCopyTextReadsBack(t *testing.T) {
	b := minimalFrame(t, "InitProducerId", 5, schema.Request, 7)
	for _, f := range copyFormats {
		text := CopyText(b, f.F)
		r, err := hexin.ParseAs(text, f.F)
		require.NoError(t, err, "%s", f.Label)
		assert.Equal(t, b, r.Bytes, "%s", f.Label)
	}
}

// The paste box as rendered, in its states: a hexdump read, garbage with its
// position, and a response waiting for its API with the guesses listed.
func TestPasteBoxStates(t *testing.T) {
	render := func(p *Paste) (*PasteBox, app.UI) {
		t.Helper()
		b := &PasteBox{p: p, API: "InitProducerId", Version: 5}
		e := app.NewTestEngine()
		require.NoError(t, e.Load(b))
		e.ConsumeAll()
		return b, b
	}

	_, box := render(&Paste{})
	// Closed: one row, no info column.
	html := renderHTML(box.(app.Composer))
	assert.Contains(t, html, `rows="1"`)
	assert.NotContains(t, html, "paste-info")

	req := minimalFrame(t, "InitProducerId", 5, schema.Request, 7)
	_, box = render(read(hexin.FormatAs(req, hexin.HexdumpC)))
	// section > info > head > read > status
	require.NoError(t, app.Match(app.Span().ID("paste-status").Class("paste-fmt").Text("hexdump -C · 31 bytes"), box, 0, 1, 0, 0, 1))
	// info > current > first line > description
	require.NoError(t, app.Match(app.Span().Class("pf-d pf-request").Text("request · InitProducerId v5"), box, 0, 1, 1, 0, 0))

	_, box = render(read("hello there, not hex!"))
	require.NoError(t, app.Match(app.Span().Class("paste-pos").Text("line 1, column 6"), box, 0, 1, 0, 0, 0))

	p := read(hex.EncodeToString(minimalFrame(t, "DescribeProducers", 0, schema.Response, 5)))
	p.Guess()
	b, _ := render(p)
	html = renderHTML(b)
	assert.Contains(t, html, `data-guess="DescribeProducers v0"`)
	assert.Contains(t, html, "A response does not name its API")
	assert.True(t, strings.Index(html, `data-op="paste-guess"`) > 0)
}

func renderHTML(c app.Composer) string {
	return app.HTMLString(c)
}

// Past the bounds the paste reads nothing and says how much it held, the
// bound, and to use the command line; at the bound it reads as usual.
func TestPasteBounds(t *testing.T) {
	// Plain hex of MaxPasteBytes+1 bytes: within the text bound, past the bytes bound.
	over := strings.Repeat("00", MaxPasteBytes+1)
	p := read(over)
	require.NotNil(t, p.Err)
	assert.Equal(t, "The paste holds 2,097,153 bytes: the page reads at most 2,097,152 (2 MiB). Nothing was read. For input this large use the command line: kafkawire decode FILE", p.Err.Msg)
	assert.Empty(t, p.Frames)
	assert.Empty(t, p.Bytes)

	// Exactly MaxPasteBytes reads: a size prefix and zero bytes.
	at := make([]byte, MaxPasteBytes)
	n := MaxPasteBytes - 4
	at[0], at[1], at[2], at[3] = byte(n>>24), byte(n>>16), byte(n>>8), byte(n)
	p = read(hex.EncodeToString(at))
	require.Nil(t, p.Err)
	assert.Len(t, p.Bytes, MaxPasteBytes)
	assert.NotEmpty(t, p.Frames)

	// Text past MaxPasteText is not parsed at all.
	p = read(strings.Repeat("0", MaxPasteText+1))
	require.NotNil(t, p.Err)
	assert.Equal(t, "The pasted text has 12,582,913 characters: the page reads at most 12,582,912 (12 MiB). Nothing was read. For input this large use the command line: kafkawire decode FILE", p.Err.Msg)

	// A dropped binary file past the bytes bound is named in the message.
	d := &Paste{Raw: make([]byte, MaxPasteBytes+1), File: "big.bin"}
	d.Read()
	require.NotNil(t, d.Err)
	assert.True(t, strings.HasPrefix(d.Err.Msg, "big.bin holds 2,097,153 bytes"), d.Err.Msg)
	assert.True(t, strings.HasSuffix(d.Err.Msg, "kafkawire decode big.bin"), d.Err.Msg)
}

// BenchmarkReadXXD1MiB reads the 1 MiB Fetch response pasted as xxd prints
// it (4.6 MB of text): detection tries every format, and the frame, whose
// header reads as a request's, is guessed as a response.
func BenchmarkReadXXD1MiB(b *testing.B) {
	big, err := frame.Encode(bigframe.Fetch())
	require.NoError(b, err)
	text := hexin.FormatAs(big, hexin.XXD)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		p := &Paste{Text: text}
		p.Read()
		if len(p.Frames) != 1 || p.Frames[0].Dir != schema.Response {
			b.Fatalf("read %d frames", len(p.Frames))
		}
	}
}
