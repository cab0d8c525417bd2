package message

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// decodeBody decodes the body b of m's API and version with arrays of at
// least min elements laid out on demand.
func decodeBody(t *testing.T, m *Message, b []byte, min int) (*Struct, *layout.Node, *wire.Reader) {
	t.Helper()
	saved := lazyMin
	lazyMin = min
	defer func() { lazyMin = saved }()
	def := m.Def()
	n := &layout.Node{Key: "body", End: len(b), Region: layout.RegionResponseBody}
	d := &Decoder{Reader: wire.NewReader(b, 0), Version: m.Version, Region: layout.RegionResponseBody, APIKey: m.API.Key,
		Arena: &layout.Arena{}, Bufs: &[][]byte{b}, Records: records.Options{Budget: records.NewBudget()}}
	s := d.Struct(def.Fields, def.Flexible.Has(m.Version), n)
	return s, n, d.Reader
}

// paint colours out by region as the grid does: a node over its parent, and
// the bytes of a lazy node not built yet as its Pending spans say.
func paint(n *layout.Node, out []layout.Region) {
	for i := max(n.Off, 0); i < min(n.End, len(out)); i++ {
		if n.Region != layout.RegionNone {
			out[i] = n.Region
		}
	}
	for _, c := range n.Children {
		paint(c, out)
	}
	for _, s := range n.Pending() {
		for i := s.Off; i < s.End; i++ {
			out[i] = s.Region
		}
	}
}

func regionsOf(n *layout.Node, size int) []layout.Region {
	out := make([]layout.Region, size)
	paint(n, out)
	return out
}

// TestLazyArraysMatchEager: every example message of every API and version,
// decoded with every array laid out on demand, has the values, the tree
// (once built) and, before anything is built, the colours of every byte
// that decoding everything at once gives.
func TestLazyArraysMatchEager(t *testing.T) {
	lazyNodes, taggedSpans := 0, 0
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				m := Example(api, v, dir)
				def := m.Def()
				b, err := AppendStruct(nil, def.Fields, m.Body, v, def.Flexible.Has(v))
				require.NoError(t, err)
				eagerVal, eager, er := decodeBody(t, m, b, math.MaxInt)
				lazyVal, lazy, lr := decodeBody(t, m, b, 1)
				name := api.Name + " " + dir.String() + " v" + itoaTest(v)
				require.NoError(t, er.Err(), name)
				require.NoError(t, lr.Err(), name)
				assert.Equal(t, eagerVal, lazyVal, name)
				// The colours before any lazy node is built.
				assert.Equal(t, regionsOf(eager, len(b)), regionsOf(lazy, len(b)), name)
				lazy.Walk(func(n *layout.Node, _ int) bool {
					if !n.Built() {
						lazyNodes++
						taggedSpans += len(n.Pending())
					}
					return n.Built()
				})
				assert.Equal(t, eager.Text(), lazy.Text(), name)
				// And after every one is built.
				lazy.Walk(func(*layout.Node, int) bool { return true })
				assert.Equal(t, regionsOf(eager, len(b)), regionsOf(lazy, len(b)), name)
			}
		}
	}
	assert.Greater(t, lazyNodes, 100, "arrays laid out on demand")
	assert.Greater(t, taggedSpans, 100, "tagged fields noted inside them")
}

// TestLazyArraysFailAsEager: a body cut short anywhere, or with a byte
// changed, fails at the same node with the same error whether its arrays
// are laid out on demand or at once: where the skimmer fails, the array is
// decoded at once.
func TestLazyArraysFailAsEager(t *testing.T) {
	failures := 0
	for _, name := range []string{"Metadata", "DescribeGroups", "CreateTopics", "DescribeConfigs"} {
		api := schema.ByName(name)
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			vs := api.Versions(dir)
			for _, v := range []int16{vs[0], vs[len(vs)-1]} {
				m := Example(api, v, dir)
				def := m.Def()
				b, err := AppendStruct(nil, def.Fields, m.Body, v, def.Flexible.Has(v))
				require.NoError(t, err)
				for cut := 0; cut < len(b); cut++ {
					for _, bad := range [][]byte{b[:cut], withByte(b, cut, 0xff)} {
						eagerVal, eager, er := decodeBody(t, m, bad, math.MaxInt)
						lazyVal, lazy, lr := decodeBody(t, m, bad, 1)
						assert.Equal(t, er.Failure(), lr.Failure())
						assert.Equal(t, eagerVal, lazyVal)
						assert.Equal(t, eager.Text(), lazy.Text())
						if er.Failure() != nil {
							failures++
						}
					}
				}
			}
		}
	}
	assert.Greater(t, failures, 1000)
}

func withByte(b []byte, i int, c byte) []byte {
	out := append([]byte(nil), b...)
	out[i] = c
	return out
}

func itoaTest(v int16) string { return layout.Itoa(int64(v)) }
