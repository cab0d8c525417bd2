package hexin

import (
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testdata/kafkajs.log is what kafkajs 2.2.4 printed, run with
// KAFKAJS_DEBUG_PROTOCOL_BUFFERS=1 against a broker that cut its Metadata
// response short (app's TestKafkajsLogOfAFailedResponse makes it anew).
// Its one line with bytes is the response, put back together whole.
func TestKafkajsLog(t *testing.T) {
	text := fixture(t, "kafkajs.log")
	r, err := Parse(text)
	require.NoError(t, err)
	assert.Equal(t, KafkajsLog, r.Format)
	require.Len(t, r.Conversations, 1)
	c := r.Conversations[0]
	assert.Equal(t, "logtest", c.Nodes[0])
	assert.True(t, strings.HasPrefix(c.Nodes[1], "127.0.0.1:"), c.Nodes[1])
	assert.True(t, c.ClientKnown)
	require.Len(t, c.Sent, 1)
	s := c.Sent[0]
	assert.Equal(t, "0000000c0000000100000000000003e8", hex.EncodeToString(s.Bytes), "size prefix, correlation id 1, then the payload")
	assert.Equal(t, 1, s.Node)
	assert.True(t, s.Named)
	assert.Equal(t, [2]int16{3, 6}, [2]int16{s.APIKey, s.Version})
	assert.Equal(t, 2026, s.Time.Year())
	assert.Equal(t, 766*time.Millisecond, time.Duration(s.Time.Nanosecond()), "the timestamp's milliseconds")
	line := strings.Split(text, "\n")[s.Line-1]
	assert.Contains(t, line, `"payload":{"type":"Buffer"`)

	// A log collector's prefix before each line is passed over.
	var prefixed strings.Builder
	for _, l := range strings.SplitAfter(text, "\n") {
		if strings.TrimSpace(l) != "" {
			prefixed.WriteString("2026-12-03T16:43:07Z app-7c9 | " + l)
		}
	}
	p, err := Parse(prefixed.String())
	require.NoError(t, err)
	assert.Equal(t, KafkajsLog, p.Format)
	assert.Equal(t, r.Bytes, p.Bytes)
}

func TestKafkajsLogErrors(t *testing.T) {
	line := `{"level":"DEBUG","logger":"kafkajs","message":"[Connection] Response Metadata(key: 3, version: 6)","broker":"127.0.0.1:9092","clientId":"c","correlationId":1,"payload":{"type":"Buffer","data":[0,0,0,0]}}`
	r, err := ParseAs(line, KafkajsLog)
	require.NoError(t, err)
	assert.Equal(t, "0000000800000001"+"00000000", hex.EncodeToString(r.Bytes))
	for _, bad := range []struct {
		name, text string
		line, col  int
		msg        string
	}{
		{"not JSON", line + "\nhello\n", 2, 1, "expected a line of kafkajs's log (a JSON object), found 'h'"},
		{"filtered", strings.Replace(line, `[0,0,0,0]`, `"[filtered]"`, 1), 1, 1, "kafkajs logged 1 responses' bytes as [filtered]: run it with KAFKAJS_DEBUG_PROTOCOL_BUFFERS=1"},
		{"no bytes", `{"level":"INFO","logger":"kafkajs","message":"[Consumer] Starting"}`, 1, 1, "expected a response kafkajs failed to decode, with its bytes"},
		{"not a byte", strings.Replace(line, `[0,0,0,0]`, `[0,256]`, 1), 1, 1 + strings.Index(line, `"payload"`), "expected the payload's bytes from 0 to 255, found 256"},
		{"no API", strings.Replace(line, `Response Metadata(key: 3, version: 6)`, `Response`, 1), 1, 1, "expected the message to name the response"},
		{"no correlation id", strings.Replace(line, `"correlationId":1,`, ``, 1), 1, 1, "expected the response's API key, version and correlation id"},
	} {
		t.Run(bad.name, func(t *testing.T) {
			_, err := ParseAs(bad.text, KafkajsLog)
			require.Error(t, err)
			e := err.(*Error)
			assert.Equal(t, bad.line, e.Line, e.Error())
			assert.Equal(t, bad.col, e.Column, e.Error())
			assert.Contains(t, e.Msg, bad.msg)
		})
	}
}
