package frame

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A Produce request pasted without its size prefix starts 00 00 00 0v (API
// key 0, version v), which reads as a size prefix of v: from v4 on, a
// "frame" of v bytes and more after it. The input is one request, and Split
// says so.
func TestSplitProduceWithoutItsSizePrefix(t *testing.T) {
	produce := schema.ByName("Produce")
	for _, v := range produce.Versions(schema.Request) {
		for name, m := range map[string]*message.Message{
			"minimal": message.Minimal(produce, v, schema.Request),
			"example": message.Example(produce, v, schema.Request),
		} {
			full, err := Encode(m)
			require.NoError(t, err)
			b := full[4:]
			require.Equal(t, []byte{0, 0, 0, byte(v)}, b[:4], "the trap: API key 0 and version %d read as a size prefix", v)
			if v >= minBody {
				require.Greater(t, len(cut(b)), 1, "v%d %s: cut by size prefixes, it is several pieces", v, name)
			}
			pieces := Split(b)
			require.Len(t, pieces, 1, "v%d %s", v, name)
			assert.Equal(t, v >= minBody, pieces[0].Unprefixed, "v%d %s: under 4, the size is no frame's and the input one piece anyway", v, name)
			assert.Equal(t, b, pieces[0].Bytes)
			d, added := DecodeRequestLoose(b)
			require.Nil(t, d.Err, "v%d %s", v, name)
			assert.True(t, added, "v%d %s", v, name)
			assert.Equal(t, full, d.Bytes(), "v%d %s", v, name)
		}
	}
}

// Reading a stream as one unprefixed request changes nothing else: every
// frame of the catalogue (minimal and example, requests and responses),
// alone, twice over, followed by a response, or without its prefix, is cut
// by its size prefixes as before, but for the Produce requests above.
func TestSplitChangesOnlyUnprefixedProduce(t *testing.T) {
	changed := 0
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				for _, m := range []*message.Message{message.Minimal(api, v, dir), message.Example(api, v, dir)} {
					b, err := Encode(m)
					require.NoError(t, err)
					resp, err := Encode(message.Example(api, v, schema.Response))
					require.NoError(t, err)
					for _, in := range [][]byte{b, append(append([]byte{}, b...), b...), append(append([]byte{}, b...), resp...), b[4:]} {
						got, want := Split(in), cut(in)
						if len(got) == 1 && got[0].Unprefixed {
							changed++
							assert.True(t, api.Key == 0 && dir == schema.Request && len(in) == len(b)-4,
								"%s %s v%d: %d bytes read as one unprefixed request", api.Name, dir, v, len(in))
							assert.Equal(t, int16(binary.BigEndian.Uint16(in[2:])), v)
							continue
						}
						assert.Equal(t, want, got, "%s %s v%d", api.Name, dir, v)
					}
				}
			}
		}
	}
	assert.Equal(t, 2*10, changed, "Produce v4 to v13, minimal and example")
}
