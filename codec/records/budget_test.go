package records

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// encoded is a set of the batches, encoded.
func encoded(batches ...*Batch) []byte { return (&Set{Batches: batches}).AppendTo(nil) }

// last is the last child of n, building n's children if they are lazy.
func last(n *layout.Node) *layout.Node { k := n.Kids(); return k[len(k)-1] }

// The frame's decompression budget is shared by its batches: batches that
// each fit the bound of one batch stop once together they pass it, and a
// second records field of the frame (another Decode with the same budget)
// has only what is left.
func TestFrameDecompressionBudget(t *testing.T) {
	value := make([]byte, 12<<20)
	one := &Batch{Magic: 2, Attributes: int16(CodecZstd), Records: []Record{{Value: value}}}
	six := encoded(one, one, one, one, one, one)
	require.Less(t, len(six), 64<<10, "six small batches")

	left := MaxFrameDecompressed - 5*len(one.Records[0].appendTo(nil))
	budget := NewBudget()
	set, nodes, err := Decode(six, 0, nil, Options{Budget: budget})
	require.NotNil(t, err)
	assert.Len(t, set.Batches, 5, "five batches of 12 MiB fit in 64 MiB")
	require.Len(t, nodes, 6)
	assert.Contains(t, err.Msg, "zstd records: decompresses to more than the "+strconv.Itoa(left)+" bytes left of the frame's budget of 64 MiB decompressed for all its batches")
	assert.NotNil(t, nodes[5].Failed())
	assert.Equal(t, left, budget.Decompressed)

	// The next records field of the frame: 4 MiB left, one 12 MiB batch does not fit.
	_, _, err = Decode(encoded(one), 0, nil, Options{Budget: budget})
	require.NotNil(t, err)
	assert.Contains(t, err.Msg, strconv.Itoa(left)+" bytes left of the frame's budget")
	// A frame of its own has the whole budget.
	_, _, err = Decode(encoded(one), 0, nil, Options{})
	assert.Nil(t, err)
}

// Past the records budget a batch keeps the records before it, shown on
// demand, and says where it stopped; the records laid out when opened are
// bounded by the node budget, and the rest says so.
func TestRecordsBudget(t *testing.T) {
	const count = MaxRecords + 3
	tiny := []byte{0x0c, 0, 0, 0, 0x01, 0x01, 0x00} // length 6, null key and value, no headers
	b := encoded(&Batch{Magic: 2, Records: []Record{{}}})
	b = splice(b, batchHeaderLen, len(b)-batchHeaderLen, bytes.Repeat(tiny, count))
	putUint32(b[batchHeaderLen-4:], count)
	putUint32(b[8:], uint32(len(b)-12))

	set, nodes, err := Decode(b, 0x40, nil, Options{})
	require.NotNil(t, err)
	stop := 0x40 + batchHeaderLen + MaxRecords*len(tiny)
	assert.Equal(t, stop, err.Off, "where the first record past the budget starts")
	assert.Equal(t, "decoding stopped here, after "+strconv.Itoa(MaxRecords)+" records of "+strconv.Itoa(count)+
		": the frame's budget of 500000 records and headers is spent", err.Msg)
	assert.Empty(t, set.Batches, "the batch did not decode whole")
	batch := nodes[0]
	recs, note := batch.Children[len(batch.Children)-2], last(batch)
	assert.Equal(t, "not decoded", note.Name)
	assert.Equal(t, err, note.Err)
	assert.Equal(t, [2]int{stop, stop + 3*len(tiny)}, [2]int{note.Off, note.End})
	assert.Equal(t, "500000 of 500003 records", recs.Value)
	assert.False(t, recs.Built(), "the records are laid out when opened")

	kids := recs.Kids()
	assert.Equal(t, "records not laid out", last(recs).Name)
	assert.Contains(t, last(recs).Warn(), "opening a node builds at most 500000 nodes")
	laidOut := len(kids) - 1
	assert.Equal(t, MaxRecords-laidOut, func() int { n, _ := strconv.Atoi(strings.Fields(last(recs).Value)[2]); return n }(),
		"the note counts the records it stands for")
	assert.Less(t, laidOut*9, MaxNodes, "about ten nodes a record")
	assert.Nil(t, recs.Failed(), "records not laid out are no error")
}

// A record claiming more headers than the budget has left stops before
// any header is allocated.
func TestHeadersBudget(t *testing.T) {
	const headers = MaxRecords + 10
	rec := []byte{}
	body := []byte{0, 0, 0, 0x01, 0x01} // attributes, deltas, null key and value
	body = appendVarint(body, headers)
	body = append(body, bytes.Repeat([]byte{0x00, 0x01}, headers)...) // empty key, null value
	rec = appendVarint(rec, len(body))
	rec = append(rec, body...)
	b := encoded(&Batch{Magic: 2, Records: []Record{{}}})
	b = splice(b, batchHeaderLen, len(b)-batchHeaderLen, rec)
	putUint32(b[8:], uint32(len(b)-12))

	var m1, m2 runtimeMem
	m1.read()
	_, _, err := Decode(b, 0, nil, Options{})
	m2.read()
	require.NotNil(t, err)
	assert.Equal(t, batchHeaderLen, err.Off)
	assert.Contains(t, err.Msg, "after 0 records of 1: the frame's budget of 500000 records and headers is spent")
	assert.Less(t, m2.total-m1.total, uint64(1<<20), "no header was allocated")
}

func appendVarint(b []byte, v int) []byte {
	u := uint64(v)<<1 ^ uint64(v>>63)
	for u >= 0x80 {
		b = append(b, byte(u)|0x80)
		u >>= 7
	}
	return append(b, byte(u))
}

// Legacy messages at the top of a set build their nodes at once: the node
// budget stops them at a message boundary, with the rest as one node.
func TestNodeBudgetStopsLegacySet(t *testing.T) {
	msg := kmsgMessage(0, 0, 0, 0, nil, nil)
	b := bytes.Repeat(msg, 50_000)
	set, nodes, err := Decode(b, 0, nil, Options{})
	require.NotNil(t, err)
	assert.Equal(t, "decoding stopped here: the frame's budget of 500000 layout nodes is spent", err.Msg)
	assert.Zero(t, err.Off%len(msg), "at a message boundary")
	assert.Equal(t, err.Off/len(msg), len(set.Batches), "every message before it is kept")
	stop := last(&layout.Node{Children: nodes})
	assert.Equal(t, [2]int{err.Off, len(b)}, [2]int{stop.Off, stop.End})
	assert.Equal(t, err, stop.Err)
}

// A wrapper's inner messages are built when opened; past the records
// budget the wrapper keeps those before and a note beside them says why.
func TestLegacyWrapperIsLazyAndBounded(t *testing.T) {
	inner := kmsgMessage(1, 0, 0, 5, nil, []byte("v"))
	few := kmsgMessage(1, 2, 1, 5, nil, gzipped(bytes.Repeat(inner, 3)))
	set, nodes, err := Decode(few, 0, nil, Options{})
	require.Nil(t, err)
	assert.Len(t, set.Batches[0].Legacy.Messages, 3)
	var dn *layout.Node
	nodes[0].Walk(func(n *layout.Node, _ int) bool {
		if n.Name == "decompressed" {
			dn = n
			return false
		}
		return true
	})
	require.NotNil(t, dn)
	assert.False(t, dn.Built())
	require.Len(t, dn.Kids(), 3)
	assert.Equal(t, "0 (absolute 2)", dn.Children[0].Children[0].Value, "the wrapper's offset is the last message's")

	many := kmsgMessage(1, 0, 1, 5, nil, gzipped(bytes.Repeat(inner, MaxRecords+1)))
	set, nodes, err = Decode(many, 0, nil, Options{})
	require.NotNil(t, err)
	assert.Contains(t, err.Msg, "decoding stopped here, after 499999 messages: the frame's budget of 500000 records and headers is spent")
	assert.Empty(t, set.Batches)
	assert.NotNil(t, nodes[0].Failed())
}
