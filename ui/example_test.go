package ui

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func initProducerIDPage(t *testing.T) *Page {
	t.Helper()
	c := &Page{}
	c.loadPF(PagePath(schema.ByName("InitProducerId"), 5), "")
	require.True(t, c.ok)
	return c
}

// TestExampleSwitchLoadsAnEditedFrame: the switch puts the example into both
// panes as edited frames, the fragment carries them, the link brings them
// back, and "minimal" returns to the minimal instance.
func TestExampleSwitchLoadsAnEditedFrame(t *testing.T) {
	c := initProducerIDPage(t)
	minimal := bytes.Clone(c.req.Bytes())
	assert.False(t, c.req.IsExample())

	c.ShowInstance(app.Context{}, true)
	want, err := frame.Encode(message.Example(c.api, 5, schema.Request))
	require.NoError(t, err)
	assert.Equal(t, want, c.req.Bytes())
	assert.True(t, c.req.Edited && c.resp.Edited)
	assert.True(t, c.req.IsExample() && c.resp.IsExample())
	assert.NotEmpty(t, c.req.Changed, "the bytes that changed are flashed")
	require.NotEmpty(t, c.frag, "the fragment carries the example")

	again := &Page{}
	again.loadPF(c.path, c.frag)
	assert.Equal(t, want, again.req.Bytes())
	assert.True(t, again.req.IsExample(), "a link to the example shows the example")

	sw := c.instanceSwitch().(*InstanceSwitch)
	assert.True(t, sw.Example)
	assert.False(t, sw.Minimal)

	c.ShowInstance(app.Context{}, false)
	assert.Equal(t, minimal, c.req.Bytes())
	assert.False(t, c.req.Edited)
	assert.Empty(t, c.frag)
}

// TestInstanceSwitchMarksTheInstanceShown: the pressed button is the instance shown; after an edit, neither.
func TestInstanceSwitchMarksTheInstanceShown(t *testing.T) {
	for _, tc := range []struct {
		s       *InstanceSwitch
		min, ex string
	}{
		{&InstanceSwitch{Minimal: true}, "true", "false"},
		{&InstanceSwitch{Example: true}, "false", "true"},
		{&InstanceSwitch{}, "false", "false"},
	} {
		html := render(t, tc.s)
		assert.Contains(t, html, `data-op="show-minimal"`)
		for op, pressed := range map[string]string{"show-minimal": tc.min, "show-example": tc.ex} {
			i := strings.Index(html, `data-op="`+op+`"`)
			require.GreaterOrEqual(t, i, 0)
			start := strings.LastIndex(html[:i], "<button")
			end := i + strings.Index(html[i:], ">")
			assert.Equal(t, pressed == "true", strings.Contains(html[start:end], "inst-btn on"), op)
		}
	}
}

// TestJSONBoxReencodes: JSON typed into the box re-encodes the pane at once;
// a syntax error and a value that does not fit say their line and column and
// keep the last good frame.
func TestJSONBoxReencodes(t *testing.T) {
	c := initProducerIDPage(t)
	text, err := c.PaneJSON(schema.Request)
	require.NoError(t, err)
	require.Contains(t, text, `"ProducerId": -1`)

	b := &JSONBox{On: c, Dir: schema.Request, Bytes: c.req.Bytes(), open: true}
	b.apply(app.Context{}, strings.Replace(text, `"ProducerId": -1`, `"ProducerId": 4000`, 1))
	assert.Empty(t, b.err)
	assert.True(t, b.typing, "the box's own change keeps the user's text")
	got, _ := c.req.Msg.Body.Get("ProducerId")
	assert.Equal(t, int64(4000), got)
	assert.True(t, c.req.Edited)
	assert.NotEmpty(t, c.frag, "the fragment carries it")
	good := bytes.Clone(c.req.Bytes())

	// A message written as the reference pages print one: just the body.
	b.apply(app.Context{}, "{\"body\": {\"TransactionalId\": \"orders-txn\",\n \"TransactionTimeoutMs\": 60000}}")
	require.Empty(t, b.err)
	tid, _ := c.req.Msg.Body.Get("TransactionalId")
	assert.Equal(t, "orders-txn", tid)
	assert.NotEqual(t, good, c.req.Bytes())
	good = bytes.Clone(c.req.Bytes())

	// A syntax error on line 3.
	b.apply(app.Context{}, "{\n \"body\": {\n  \"ProducerId\": 12,,\n }}")
	assert.Contains(t, b.err, "line 3, column 20")
	assert.False(t, b.typing)
	assert.Equal(t, good, c.req.Bytes(), "the last good frame stays")

	// A value that does not fit its field: the error points at the value.
	b.apply(app.Context{}, "{\"body\": {\n  \"TransactionTimeoutMs\": \"soon\"\n}}")
	assert.Contains(t, b.err, "JSON line 2, column 27")
	assert.Contains(t, b.err, "TransactionTimeoutMs")
	b.apply(app.Context{}, "{\"body\": {\"Topics\": []}}")
	assert.Contains(t, b.err, "line 1, column 21", "an unknown field points at its value")
	assert.Equal(t, good, c.req.Bytes())

	// Rendered open: the text, the copy button and the error.
	html := render(t, b)
	assert.Contains(t, html, `data-op="copy-json"`)
	assert.Contains(t, html, "json-err")
	assert.Contains(t, html, `"Topics"`)
	closed := render(t, &JSONBox{On: c, Dir: schema.Response})
	assert.Contains(t, closed, "response as JSON")
	assert.NotContains(t, closed, "<textarea", "collapsed, the box builds no JSON")
}

// TestJSONBoxTakesABodyAlone: a message written as reference pages print
// one, its body alone, encodes; its errors point into the text as written.
func TestJSONBoxTakesABodyAlone(t *testing.T) {
	c := &Page{}
	c.loadPF(PagePath(schema.ByName("DescribeProducers"), 0), "")
	require.True(t, c.ok)
	b := &JSONBox{On: c, Dir: schema.Response, open: true}
	body := `{
  "ThrottleTimeMs": 0,
  "Topics": [{
      "Name": "orders",
      "Partitions": [{
          "PartitionIndex": 2,
          "ErrorCode": 0,
          "ErrorMessage": null,
          "ActiveProducers": [{"ProducerId": 4000, "ProducerEpoch": 0, "LastSequence": 9,
              "LastTimestamp": 1767225600000, "CoordinatorEpoch": 1, "CurrentTxnStartOffset": -1}]
      }]
  }]
}`
	b.apply(app.Context{}, body)
	require.Empty(t, b.err)
	topic := c.resp.Msg.Body.Fields[1].Value.([]any)[0].(*message.Struct)
	name, _ := topic.Get("Name")
	assert.Equal(t, "orders", name)
	assert.Contains(t, string(c.resp.Bytes()), "orders")

	bad := strings.Replace(body, `"LastSequence": 9`, `"LastSequence": "nine"`, 1)
	b.apply(app.Context{}, bad)
	line9 := strings.Split(bad, "\n")[8]
	col := strings.Index(line9, `"nine"`) + 1
	assert.Contains(t, b.err, "JSON line 9, column "+strconv.Itoa(col)+":", "the line and column of the text as written")
	b.apply(app.Context{}, "{\n\"Topics\": [}")
	assert.Contains(t, b.err, "JSON line 2, column 12")
	b.apply(app.Context{}, `[1, 2]`)
	assert.Contains(t, b.err, "want a JSON object")
}

// TestJSONOffsetFindsPaths: the locator behind the line and column of value errors.
func TestJSONOffsetFindsPaths(t *testing.T) {
	data := []byte(`{"header": {"ClientId": "x"}, "body": {"Topics": [{"Name": "a"}, {"Name": 5}]}}`)
	off := jsonOffset(data, pathSteps("body.Topics[1].Name"))
	assert.Equal(t, "5}]}}", string(data[off:]))
	off = jsonOffset(data, pathSteps("header.ClientId"))
	assert.Equal(t, `"x"}`, string(data[off:off+4]))
	assert.Equal(t, []string{"body", "Topics", "[0]", "[2]", "Name"}, pathSteps("body.Topics[0][2].Name"))
	line, col := lineCol("ab\ncdé\nf", 8)
	assert.Equal(t, []int{3, 1}, []int{line, col})
}
