package records

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// keyed lists the keys of every node under n that has one, as a path of keys.
func keyed(n *layout.Node) []string {
	var out []string
	var walk func(n *layout.Node, path string)
	walk = func(n *layout.Node, path string) {
		if n.Key != "" {
			if path != "" {
				path += "."
			}
			path += n.Key
			out = append(out, path)
		}
		for _, c := range n.Kids() {
			walk(c, path)
		}
	}
	walk(n, "")
	return out
}

// The nodes of a batch are keyed by where they sit in the value, with the
// steps the editing methods read, which are the JSON form's: every keyed
// path resolves, and the lengths, counts and CRC around them have no key.
func TestEditKeysFollowStructure(t *testing.T) {
	b := captures(t)["none-0"]
	s, nodes, _ := decode(t, b, 0)
	require.Len(t, nodes, 1)
	paths := keyed(nodes[0])
	assert.Contains(t, paths, "batches.0.baseOffset")
	assert.Contains(t, paths, "batches.0.records")
	assert.Contains(t, paths, "batches.0.records.4.headers")
	assert.Contains(t, paths, "batches.0.records.4.headers.2.value")
	assert.NotContains(t, paths, "batches.0.crc")
	assert.NotContains(t, paths, "batches.0.records.0.length")
	assert.NotContains(t, paths, "batches.0.records.0.headers.headerCount")
	for _, p := range paths {
		_, err := s.Editable(strings.Split(p, "."))
		assert.NoError(t, err, p)
	}

	// The fields keyed are those of what the parent is.
	batch := &layout.Node{Key: "batches.3", Type: "RecordBatch v2"}
	assert.Equal(t, "baseOffset", editKey(batch, "baseOffset"))
	assert.Equal(t, "", editKey(batch, "recordCount"))
	assert.Equal(t, "", editKey(batch, "crc"))
	assert.Equal(t, "", editKey(&layout.Node{Key: "headers", Type: "[]Header"}, "headerCount"))
	assert.Equal(t, "value", editKey(&layout.Node{Key: "0", Type: "Header"}, "value"))
	assert.Equal(t, "", editKey(&layout.Node{Key: "0", Type: "Header"}, "attributes"))
	assert.Equal(t, "timestamp", editKey(&layout.Node{Key: "messages.1", Type: "Message"}, "timestamp"))
	assert.Equal(t, "", editKey(&layout.Node{Type: "Record"}, "value"), "under a node with no path")
}

// The paths of before, which named a batch by its bare index, still resolve.
func TestOldPathsResolve(t *testing.T) {
	s, _, _ := decode(t, captures(t)["none-0"], 0)
	old, err := s.Editable(strings.Split("0.records.4.headers.2.value", "."))
	require.NoError(t, err)
	now, err := s.Editable(strings.Split("batches.0.records.4.headers.2.value", "."))
	require.NoError(t, err)
	assert.Equal(t, now, old)
}

// A legacy message's nodes are keyed as the JSON names its fields; its
// size, CRC, magic and attributes follow from the rest and have none.
func TestLegacyNodeKeys(t *testing.T) {
	set := kmsgMessage(1, 8, 0, 1_700_000_000_000, []byte("k"), []byte("v"))
	s, nodes, _ := decode(t, set, 0)
	require.Len(t, nodes, 1)
	assert.Equal(t, []string{"batches.0", "batches.0.offset", "batches.0.timestamp", "batches.0.key", "batches.0.value"}, keyed(nodes[0]))
	for _, p := range keyed(nodes[0]) {
		_, err := s.Editable(strings.Split(p, "."))
		assert.NoError(t, err, p)
	}
}

// Legacy messages are edited in their offset, timestamp, key and value, and
// the inner messages of a wrapper likewise; a clone's edits leave the
// original as it was, and the wrapper is compressed again from its messages.
func TestEditLegacy(t *testing.T) {
	var inner []byte
	inner = append(inner, kmsgMessage(1, 0, 0, 1_700_000_000_000, []byte("a"), []byte("one"))...)
	inner = append(inner, kmsgMessage(1, 1, 0, 1_700_000_000_001, nil, []byte("two"))...)
	set := append(kmsgMessage(0, 7, 0, 0, []byte("k"), nil), kmsgMessage(1, 10, 1, 1_700_000_000_001, nil, gzipped(inner))...)
	s, _, _ := decode(t, set, 0)
	before := s.AppendTo(nil)

	c := s.Clone()
	path := func(p string) []string { return strings.Split(p, ".") }
	require.NoError(t, c.SetText(path("batches.0.offset"), "070")) // decimal, not octal
	require.NoError(t, c.SetText(path("batches.0.value"), "now set"))
	require.NoError(t, c.SetText(path("batches.1.messages.1.value"), "zwei"))
	require.NoError(t, c.SetText(path("batches.1.messages.0.timestamp"), "5"))
	require.NoError(t, c.Duplicate(path("batches.1.messages.0")))
	assert.Equal(t, before, s.AppendTo(nil), "the original is untouched")

	back, _, _ := decode(t, c.AppendTo(nil), 0)
	assert.Equal(t, int64(70), back.Batches[0].Legacy.Offset)
	assert.Equal(t, Bytes("now set"), back.Batches[0].Legacy.Value)
	msgs := back.Batches[1].Legacy.Messages
	require.Len(t, msgs, 3)
	assert.Equal(t, int64(5), msgs[0].Timestamp)
	assert.Equal(t, int64(5), msgs[1].Timestamp, "the duplicate")
	assert.Equal(t, Bytes("zwei"), msgs[2].Value)

	// What a legacy message has not: a timestamp in magic 0, a wrapper's
	// own value, records to add; errors name the path as the tree does.
	for p, want := range map[string]string{
		"batches.0.timestamp":        "batches[0].timestamp: is not set as text",
		"batches.1.value":            "batches[1].value: is not set as text",
		"batches.1.messages.5.value": "batches[1].messages[5]: no message 5: there are 2",
	} {
		err := s.SetText(path(p), "1")
		if assert.Error(t, err, p) {
			assert.Contains(t, err.Error(), want)
		}
	}
	assert.ErrorContains(t, s.Append(path("batches.0")), "batches[0]: is not a batch, a record or a list: a legacy message")
}

// Decoded records take their headers from one shared slab; a header
// appended to one record is its own, and the next record's stay as decoded.
func TestAppendHeaderLeavesNextRecord(t *testing.T) {
	b := &Batch{Magic: 2, LastOffsetDelta: 1, Records: []Record{
		{Value: Bytes("a"), Headers: []Header{{Key: Bytes("h0"), Value: Bytes("x")}}},
		{OffsetDelta: 1, Value: Bytes("b"), Headers: []Header{{Key: Bytes("h1"), Value: Bytes("y")}}},
	}}
	s, _, _ := decode(t, b.AppendTo(nil), 0)
	require.NoError(t, s.Append(strings.Split("batches.0.records.0.headers", ".")))
	recs := s.Batches[0].Records
	assert.Equal(t, []Header{{Key: Bytes("h0"), Value: Bytes("x")}, {Key: Bytes{}, Value: Bytes{}}}, recs[0].Headers)
	assert.Equal(t, []Header{{Key: Bytes("h1"), Value: Bytes("y")}}, recs[1].Headers)

	back, _, _ := decode(t, s.AppendTo(nil), 0)
	assert.Equal(t, recs[1].Headers, back.Batches[0].Records[1].Headers, "and so it encodes")
}

// A batch's maxTimestamp that is its latest record's timestamp (as
// producers write it) stays so through edits of the records and their
// times, as lastOffsetDelta follows the last record; one the user set
// otherwise, and a LogAppendTime batch's, are left as they are.
func TestMaxTimestampFollowsTheRecords(t *testing.T) {
	path := func(s string) []string { return strings.Split(s, ".") }
	fresh := func(attrs int16) *Set {
		b := &Batch{Magic: 2, Attributes: attrs, BaseTimestamp: 1000, MaxTimestamp: 1005, LastOffsetDelta: 1, Records: []Record{
			{Value: Bytes("a")}, {OffsetDelta: 1, TimestampDelta: 5, Value: Bytes("b")},
		}}
		s, _, _ := decode(t, b.AppendTo(nil), 0)
		return s
	}
	s := fresh(0)
	require.NoError(t, s.SetText(path("batches.0.records.1.timestampDelta"), "100"))
	assert.Equal(t, int64(1100), s.Batches[0].MaxTimestamp)
	require.NoError(t, s.SetText(path("batches.0.baseTimestamp"), "2000"))
	assert.Equal(t, int64(2100), s.Batches[0].MaxTimestamp)
	require.NoError(t, s.Remove(path("batches.0.records.1")))
	assert.Equal(t, int64(2000), s.Batches[0].MaxTimestamp)
	require.NoError(t, s.Duplicate(path("batches.0.records.0")))
	require.NoError(t, s.SetText(path("batches.0.records.1.timestampDelta"), "7"))
	assert.Equal(t, int64(2007), s.Batches[0].MaxTimestamp)
	back, _, _ := decode(t, s.AppendTo(nil), 0)
	assert.Equal(t, int64(2007), back.Batches[0].MaxTimestamp, "and so it encodes")

	// Set apart by the user, it stays apart.
	require.NoError(t, s.SetText(path("batches.0.maxTimestamp"), "5"))
	require.NoError(t, s.SetText(path("batches.0.records.1.timestampDelta"), "9"))
	assert.Equal(t, int64(5), s.Batches[0].MaxTimestamp)

	// LogAppendTime: the broker's time, not the records'.
	s = fresh(attrLogAppendTime)
	require.NoError(t, s.SetText(path("batches.0.records.1.timestampDelta"), "100"))
	assert.Equal(t, int64(1005), s.Batches[0].MaxTimestamp)
}
