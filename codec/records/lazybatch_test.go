package records

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// dumpTree writes every node under n, building lazy ones, one line each.
func dumpTree(n *layout.Node) string {
	var sb strings.Builder
	n.Walk(func(c *layout.Node, depth int) bool {
		fmt.Fprintf(&sb, "%*s%q %q %q %q %q [%d,%d) buf %d %v warn %q err %v\n", 2*depth, "",
			c.Name, c.Key, c.Type, c.Value, c.Desc, c.Off, c.End, c.Buf, c.Region, c.Warn(), c.Err)
		return true
	})
	return sb.String()
}

// A batch that reads cleanly and holds its records uncompressed is laid
// out when first opened: before, its node has no children and says where
// its records lie; opened, it holds what decodeBatch lays out at once, node
// for node. Its values are those an eager decode gives.
func TestCleanBatchLaidOutWhenOpened(t *testing.T) {
	caps := captures(t)
	inputs := map[string][]byte{"minimal": Minimal().AppendTo(nil)}
	for _, name := range []string{"none-0", "none-1", "txn-0", "txn-1"} {
		inputs[name] = caps[name]
	}
	for name, b := range inputs {
		t.Run(name, func(t *testing.T) {
			const base = 0x20
			s, nodes, err := Decode(b, base, nil, Options{})
			require.Nil(t, err)
			lazy := 0
			for i, n := range nodes {
				if n.Built() {
					continue
				}
				lazy++
				raw := b[n.Off-base : n.End-base]
				if len(raw) > batchHeaderLen {
					assert.Equal(t, []layout.Span{{Off: n.Off + batchHeaderLen, End: n.End, Region: layout.RegionRecord}}, n.Pending(), "the records' bytes are told before they are built")
				}
				eager := &decoder{bufs: &[][]byte{nil}, budget: NewBudget()}
				want, wantNode := eager.decodeBatch(wire.NewReader(raw, n.Off), i)
				require.Nil(t, wantNode.Failed())
				assert.Equal(t, dumpTree(wantNode), dumpTree(n), "batch %d opened", i)
				want.raw, want.ident = s.Batches[i].raw, s.Batches[i].ident
				assert.Equal(t, want, s.Batches[i], "batch %d's values", i)
			}
			assert.Equal(t, len(nodes), lazy, "every batch of %s is read cleanly, uncompressed", name)
		})
	}
}

// A batch that does not read cleanly is laid out at once, as before, so
// the tree shows where: a CRC that does not match, a record cut short, a
// compressed batch (whose records lie in a buffer of their own).
func TestBatchNotCleanLaidOutAtOnce(t *testing.T) {
	good := captures(t)["none-0"]
	badCRC := append([]byte(nil), good...)
	badCRC[len(badCRC)-1] ^= 0xff
	badRecord := append([]byte(nil), good...)
	badRecord[batchHeaderLen] = 0x7f // the first record's length, now past the end
	for name, b := range map[string][]byte{"crc": badCRC, "record": badRecord, "gzip": captures(t)["gzip-0"]} {
		_, nodes, _ := Decode(b, 0, nil, Options{})
		require.NotEmpty(t, nodes, name)
		assert.True(t, nodes[0].Built(), "%s: laid out at once", name)
	}
}

// A batch of more records than the frame's budget holds is laid out at
// once, with the records within the budget: parsed once, by lazyBatch, not
// again by decodeBatch (the 64 MiB Produce of the hostile inputs took
// twice the memory and time so).
func TestBatchOverBudgetParsedOnce(t *testing.T) {
	recs := make([]Record, 40_000)
	for i := range recs {
		recs[i].OffsetDelta = int32(i)
	}
	b := (&Set{Batches: []*Batch{{Magic: 2, Records: recs}}}).AppendTo(nil)
	const within = 20_000
	decode := func() []*layout.Node {
		_, nodes, err := Decode(b, 0, nil, Options{Budget: &Budget{Records: within, Nodes: MaxNodes, Decompressed: MaxFrameDecompressed}})
		require.NotNil(t, err, "the budget stops it")
		require.True(t, nodes[0].Built(), "laid out at once, saying where it stopped")
		return nodes
	}
	kept := ""
	for _, c := range decode()[0].Children {
		if c.Name == "records" {
			kept = c.Value
		}
	}
	require.Equal(t, "20000 of 40000 records", kept)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	decode()
	runtime.ReadMemStats(&after)
	parsedOnce := uint64(within) * uint64(unsafe.Sizeof(Record{}))
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, parsedOnce*3/2, "the records within the budget are parsed (and allocated) once")
}
