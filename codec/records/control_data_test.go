package records_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
)

// A KRaft control batch holding one LEADER_CHANGE record whose value is value.
func leaderChangeBatch(t *testing.T, codec string, value string) []byte {
	t.Helper()
	in := `{"batches":[{"control":true,"codec":"` + codec + `","records":[{"key":{"hex":"00000002"},"value":{"hex":"` + value + `"}}]}]}`
	var set records.Set
	require.NoError(t, json.Unmarshal([]byte(in), &set))
	return set.AppendTo(nil)
}

// formatCall is what the data format decoder was asked.
type formatCall struct {
	name   string
	value  []byte
	off    int
	region layout.Region
}

// The records decoder hands the values of KRaft control records to the data
// format decoder its caller gives it, at the value's own offset, and hangs
// what comes back under the value; records never reach the catalogue itself.
func TestControlRecordValueGoesToTheCallersDecoder(t *testing.T) {
	for _, codec := range []string{"none", "zstd"} {
		b := leaderChangeBatch(t, codec, "0000000300")
		var calls []formatCall
		opts := records.Options{DataFormat: func(name string, value []byte, off int, region layout.Region) *layout.Node {
			calls = append(calls, formatCall{name, value, off, region})
			return &layout.Node{Name: name, Type: "stub", Off: off, End: off + len(value), Region: region,
				Children: []*layout.Node{{Name: "inner", Off: off, End: off + 2, Region: region}}}
		}}
		bufs := [][]byte{b}
		_, nodes, werr := records.Decode(b, 0x20, &bufs, opts)
		require.Nil(t, werr, codec)
		text := nodes[0].Text() // builds the records, which a clean batch lays out on demand
		require.Len(t, calls, 1, codec)
		assert.Equal(t, "LeaderChangeMessage", calls[0].name, codec)
		assert.Equal(t, []byte{0, 0, 0, 3, 0}, calls[0].value, codec)
		assert.Equal(t, layout.RegionRecord, calls[0].region, codec)
		assert.Contains(t, text, "type int16 = 2 (LEADER_CHANGE)", codec)
		assert.NotContains(t, text, "warning", codec)

		var value, stub *layout.Node
		nodes[0].Walk(func(n *layout.Node, _ int) bool {
			if n.Name == "value" && n.Type == "varbytes" {
				value = n
			}
			if n.Type == "stub" {
				stub = n
			}
			return true
		})
		require.NotNil(t, value, codec)
		require.NotNil(t, stub, codec)
		data := value.Children[len(value.Children)-1]
		assert.Equal(t, "data", data.Name, codec)
		assert.Same(t, stub, data.Children[0], "the format's node hangs under the value's data")
		assert.Equal(t, data.Off, calls[0].off, "offsets are the value's, in its buffer")
		want := 0
		if codec == "zstd" {
			want = 1
			assert.Equal(t, []byte{0, 0, 0, 3, 0}, bufs[1][data.Off:data.End], "the offset points at the value in the decompressed buffer")
		} else {
			assert.Equal(t, []byte{0, 0, 0, 3, 0}, b[data.Off-0x20:data.End-0x20], "the offset is absolute in the frame")
		}
		assert.Equal(t, want, stub.Buf, "%s: the format's node lives in the value's buffer", codec)
		assert.Equal(t, want, stub.Children[0].Buf, "%s: and so do its children", codec)
	}
}

// Without a data format decoder the value stays bytes, quietly; with one
// that does not recognise it, the value says so.
func TestControlRecordValueUnopened(t *testing.T) {
	b := leaderChangeBatch(t, "none", "ffff")
	_, nodes, werr := records.Decode(b, 0, nil, records.Options{})
	require.Nil(t, werr)
	text := nodes[0].Text()
	assert.NotContains(t, text, "LeaderChangeMessage")
	assert.NotContains(t, text, "warning")

	refuse := records.Options{DataFormat: func(string, []byte, int, layout.Region) *layout.Node { return nil }}
	_, nodes, werr = records.Decode(b, 0, nil, refuse)
	require.Nil(t, werr)
	text = nodes[0].Text()
	line := ""
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "warning") {
			line = l
		}
	}
	assert.Contains(t, line, "data bytes = 2 bytes")
	assert.Contains(t, line, "(warning: not a LeaderChangeMessage this version of kafkawire knows)")
}
