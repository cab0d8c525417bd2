package ui

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// renderBox renders a paste box over p as the page does and returns its HTML.
func renderBox(t *testing.T, p *Paste) string {
	t.Helper()
	return renderPasteBox(t, &PasteBox{p: p, API: "Produce", Version: 3})
}

// renderPasteBox renders box b as the page does and returns its HTML.
func renderPasteBox(t *testing.T, b *PasteBox) string {
	t.Helper()
	e := app.NewTestEngine()
	require.NoError(t, e.Load(b))
	e.ConsumeAll()
	return renderHTML(b)
}

// openingTag is the opening tag of html's first element whose tag holds
// at (a tag name as "<textarea", or an attribute), without its '>'.
func openingTag(html, at string) string {
	i := strings.Index(html, at)
	if i < 0 {
		return ""
	}
	tag := html[strings.LastIndex(html[:i+1], "<"):]
	return tag[:strings.Index(tag, ">")]
}

// fetchBomb is a Fetch v4 response with correlation id corr whose records
// are the zstd record bomb's batch: guessing it as a response decodes
// millions of records and spends the whole guessing budget. (A small
// correlation id makes it read as a Produce v3 request header too.)
func fetchBomb(corr uint32) []byte {
	recs := hostile.RecordBomb(records.CodecZstd, false, 1)[50:] // after the Produce v3 header and the records' length
	var b []byte
	b = binary.BigEndian.AppendUint32(b, 0) // size, below
	b = binary.BigEndian.AppendUint32(b, corr)
	b = binary.BigEndian.AppendUint32(b, 0) // throttle time
	b = binary.BigEndian.AppendUint32(b, 1) // one topic
	b = append(b, 0, 1, 't')
	b = binary.BigEndian.AppendUint32(b, 1) // one partition
	b = binary.BigEndian.AppendUint32(b, 0) // partition 0
	b = binary.BigEndian.AppendUint16(b, 0) // no error
	b = binary.BigEndian.AppendUint64(b, 0) // high watermark
	b = binary.BigEndian.AppendUint64(b, 0) // last stable offset
	b = binary.BigEndian.AppendUint32(b, 0) // no aborted transactions
	b = binary.BigEndian.AppendUint32(b, uint32(len(recs)))
	b = append(b, recs...)
	binary.BigEndian.PutUint32(b, uint32(len(b)-4))
	return b
}

// Ten record bombs pasted back to back: the stream's budget is spent by
// the first two, and every frame after them says in the list, and in full
// when it is the current frame, that it was split but not decoded.
func TestPasteShowsFramesNotDecoded(t *testing.T) {
	p := read(hex.EncodeToString(bytes.Repeat(hostile.RecordBomb(records.CodecZstd, false, 1), 10)))
	require.Nil(t, p.Err)
	require.Len(t, p.Frames, 10)
	const note = "not decoded: the frames before it spent the stream's budget of 1000000 records and headers"
	for i, f := range p.Frames {
		if i < 2 {
			assert.Empty(t, f.Note, "frame %d was decoded", i)
			assert.NotEmpty(t, f.Err, "frame %d stopped at the frame's budget", i)
		} else {
			assert.Equal(t, note, f.Note, "frame %d", i)
			assert.Equal(t, schema.Request, f.Dir, "frame %d: its header still says what it is", i)
		}
	}

	p.Cur = 0
	html := renderBox(t, p)
	assert.NotContains(t, html, `id="paste-note"`, "a decoded frame has no note")
	assert.Equal(t, 8, strings.Count(html, "· not decoded</span>"), "the list marks the eight frames not decoded")

	p.Cur = 5
	html = renderBox(t, p)
	assert.Contains(t, html, `id="paste-note"`)
	assert.Contains(t, html, strings.ReplaceAll(note, "'", "&#39;"))
}

// A response whose guess spends the guessing budget: the box says that
// guessing stopped and why, not that no API and version fits.
func TestPasteShowsAStoppedGuess(t *testing.T) {
	p := &Paste{Text: hex.EncodeToString(fetchBomb(3)), Dir: "response"}
	p.Read()
	require.Len(t, p.Frames, 1)
	require.Equal(t, schema.Response, p.Frames[0].Dir)
	p.Guess()
	assert.Empty(t, p.Guesses)
	require.True(t, strings.HasPrefix(p.GuessStopped, "guessing stopped at piece 1: the budget of "), p.GuessStopped)

	html := renderBox(t, p)
	assert.Contains(t, html, `id="paste-guess-stopped"`)
	assert.Contains(t, html, strings.ReplaceAll(p.GuessStopped, "'", "&#39;"))
	assert.NotContains(t, html, "No API and version decodes these bytes")

	// A guess that ran to its end says nothing of a stop: here no reading
	// takes 3 bytes after the correlation id whole, and the box says so.
	q := &Paste{Text: "0000000700000003ffffff", Dir: "response"}
	q.Read()
	q.Guess()
	require.Empty(t, q.GuessStopped)
	require.Empty(t, q.Guesses)
	html = renderBox(t, q)
	assert.Contains(t, html, "No API and version decodes these bytes")
	assert.NotContains(t, html, `id="paste-guess-stopped"`)
}

// Two such responses back to back, read as a stream: the first spends the
// stream's guessing budget, so neither is tried as a response, and each
// says so; they show as the broken Produce requests their headers name.
func TestPasteShowsFramesNotTriedAsResponses(t *testing.T) {
	p := read(hex.EncodeToString(append(fetchBomb(3), fetchBomb(4)...)))
	require.Nil(t, p.Err)
	require.Len(t, p.Frames, 2)
	for i, f := range p.Frames {
		assert.True(t, strings.HasPrefix(f.Note, "not tried as a response: guessing stopped at piece 1: "), "frame %d: %q", i, f.Note)
		assert.Equal(t, schema.Request, f.Dir)
	}
	p.Cur = 1
	html := renderBox(t, p)
	assert.Equal(t, 2, strings.Count(html, "· not tried as a response</span>"))
	assert.Contains(t, html, strings.ReplaceAll(p.Frames[1].Note, "'", "&#39;"))
}

// While a big text is read off the UI goroutine, the frames shown are the
// read before's: the buttons that would decode or guess them are disabled.
func TestPickerWaitsForTheRead(t *testing.T) {
	resp := minimalFrame(t, "DescribeProducers", 0, schema.Response, 5)
	p := read(hex.EncodeToString(resp))
	p.Guess()
	require.NotEmpty(t, p.Guesses)
	for _, reading := range []string{"", "reading 4,594,548 characters …"} {
		html := renderPasteBox(t, &PasteBox{p: p, API: "Produce", Version: 3, reading: reading})
		for _, op := range []string{`data-op="paste-decode"`, `data-op="paste-guess"`, `class="btn guess"`} {
			tag := openingTag(html, op)
			require.NotEmpty(t, tag, op)
			// go-app writes a false Disabled as disabled="false" (the page
			// sets the property from it), a true one as disabled.
			disabled := strings.Contains(tag, " disabled") && !strings.Contains(tag, `disabled="false"`)
			assert.Equal(t, reading != "", disabled, "%s while %q: %s", op, reading, tag)
		}
	}
}

func TestFirstLines(t *testing.T) {
	for _, c := range []struct {
		text string
		n    int
		want string
	}{
		{"a\nb\nc\n", 2, "a\nb\n"},
		{"a\nb\nc\n", 3, "a\nb\nc\n"},
		{"a\nb\nc", 5, "a\nb\nc"},
		{"a\nb", 1, "a\n"},
		{"", 3, ""},
	} {
		assert.Equal(t, c.want, firstLines(c.text, c.n), "%q, %d", c.text, c.n)
	}
}

// A long paste's field holds its first lines, read only, and the box says
// so and offers the whole text; the paste itself is read whole.
func TestLongPasteShownInPart(t *testing.T) {
	big, err := frame.Encode(bigframe.Fetch())
	require.NoError(t, err)
	text := hexin.FormatAs(big, hexin.XXD)
	require.GreaterOrEqual(t, len(text), wholeMax)
	p := read(text)
	require.Equal(t, len(big), len(p.Bytes), "read whole")

	b := &PasteBox{p: p, API: "Fetch", Version: 16}
	b.setText(text) // not mounted: sets what the field would show
	require.True(t, b.partial)
	assert.Equal(t, strings.Count(text, "\n"), b.lines)
	html := renderPasteBox(t, b)
	assert.Contains(t, html, "the field shows the first 200 of "+groupDigits(b.lines)+" lines; all were read")
	assert.Contains(t, html, `data-op="paste-edit-whole"`)
	ta := openingTag(html, "<textarea")
	assert.Contains(t, ta, "readonly")
	assert.NotContains(t, ta, `readonly="false"`)

	b.setText("00 01")
	assert.False(t, b.partial, "a short text is shown whole")
	short := &PasteBox{p: read("00 01"), API: "Fetch", Version: 16}
	ta = openingTag(renderPasteBox(t, short), "<textarea")
	require.NotEmpty(t, ta)
	assert.NotContains(t, ta, "readonly", "a field that is not read only says nothing of it (readonly=\"false\" would make it so)")
}
