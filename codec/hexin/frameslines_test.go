package hexin

import (
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Lines of kafkawire frames read back as conversations: a connection each,
// requests from node 0, the client, responses from node 1; a line without
// a connection goes with the others without one.
func TestFramesJSON(t *testing.T) {
	sides := followSides(t)
	req, resp := hex.EncodeToString(sides[0][:41]), hex.EncodeToString(sides[1][:23])
	text := `{"conn":"127.0.0.1:40872>127.0.0.1:19092","time":"2026-12-03T13:56:38.775843000Z","direction":"request","apiKey":18,"apiName":"ApiVersions","version":3,"correlationId":7,"hex":"` + req + `"}
{"conn":null,"time":null,"direction":"request","apiKey":18,"apiName":"ApiVersions","version":3,"correlationId":7,"hex":"` + req + `"}

{"conn":"127.0.0.1:40872>127.0.0.1:19092","time":"2026-12-03T13:56:38.775911000Z","direction":"response","apiKey":18,"apiName":"ApiVersions","version":3,"correlationId":7,"hex":"` + resp + `","note":"a note"}
`
	r, err := Parse(text)
	require.NoError(t, err)
	assert.Equal(t, FramesJSON, r.Format)
	require.Len(t, r.Conversations, 2)
	c := r.Conversations[0]
	assert.Equal(t, [2]string{"127.0.0.1:40872", "127.0.0.1:19092"}, c.Nodes)
	assert.True(t, c.ClientKnown)
	require.Len(t, c.Sent, 2)
	assert.Equal(t, Sent{Node: 0, Bytes: sides[0][:41], Time: time.Date(2026, 12, 3, 13, 56, 38, 775843000, time.UTC), Line: 1}, c.Sent[0])
	assert.Equal(t, Sent{Node: 1, Bytes: sides[1][:23], Time: time.Date(2026, 12, 3, 13, 56, 38, 775911000, time.UTC), Line: 4,
		Named: true, APIKey: 18, Version: 3}, c.Sent[1], "a response keeps the API and version its line names")
	assert.Equal(t, [2]string{}, r.Conversations[1].Nodes)
	assert.Equal(t, sides[0][:41], r.Conversations[1].Sent[0].Bytes)
	assert.True(t, r.Conversations[1].Sent[0].Time.IsZero())

	// An API key or version that is not an int16 leaves the response
	// unnamed; the line still reads.
	for _, odd := range []string{`"apiKey":18.0`, `"apiKey":70000`, `"apiKey":"18"`, `"apiKey":null`} {
		r, err := Parse(strings.Replace(text, `"apiKey":18`, odd, -1))
		require.NoError(t, err, odd)
		assert.False(t, r.Conversations[0].Sent[1].Named, odd)
		assert.Equal(t, sides[1][:23], r.Conversations[0].Sent[1].Bytes)
	}

	lines := strings.Split(text, "\n")
	for _, bad := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"not a line of frames", lines[0] + "\nhello\n", 2, 1, "expected a line of kafkawire frames (a JSON object), found 'h'"},
		{"no direction", strings.Replace(lines[0], `"request"`, `"sideways"`, 1), 1, 1, `expected "direction": "request" or "response", found "sideways"`},
		{"bad hex", strings.Replace(lines[0], req, req[:10]+"zz", 1), 1, 1 + strings.Index(lines[0], `"hex"`), "the \"hex\" is not hex"},
		{"hex escaped in JSON", `{"direction":"request","hex":"\u007a"}`, 1, 24, "the \"hex\" is not hex"},
		{"bad time", strings.Replace(lines[0], "2026-12-03T13:56:38.775843000Z", "yesterday", 1), 1, 1, `expected "time" as RFC 3339`},
		{"broken JSON", lines[0][:50], 1, 1, "expected a line of kafkawire frames: unexpected end of JSON input"},
	} {
		t.Run(bad.name, func(t *testing.T) {
			_, err := ParseAs(bad.text, FramesJSON)
			require.Error(t, err)
			e := err.(*Error)
			assert.Equal(t, bad.line, e.Line, e.Error())
			assert.Equal(t, bad.col, e.Column, e.Error())
			assert.Contains(t, e.Msg, bad.msg)
		})
	}
}
