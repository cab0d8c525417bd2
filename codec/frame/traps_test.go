package frame_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// frameOf prefixes the concatenated parts with their int32 size.
func frameOf(parts ...[]byte) []byte {
	body := bytes.Join(parts, nil)
	n := len(body)
	return append([]byte{byte(n >> 24), byte(n >> 16), byte(n >> 8), byte(n)}, body...)
}

func h(b ...byte) []byte { return b }

func api(tb testing.TB, key int16) *schema.API {
	tb.Helper()
	a := schema.ByKey(key)
	require.NotNil(tb, a, "API %d", key)
	return a
}

// decodeClean decodes b and requires it to decode without error and re-encode to b.
func decodeClean(tb testing.TB, b []byte, key, v int16, dir schema.Direction) *frame.Decoded {
	tb.Helper()
	d := frame.Decode(b, api(tb, key), v, dir)
	require.Nil(tb, d.Err, "%v\n%s", d.Err, d.Tree.Text())
	assert.Empty(tb, spanProblems(d.Tree))
	again, err := frame.Encode(d.Msg)
	require.NoError(tb, err)
	assert.Equal(tb, b, again, "re-encoding")
	return d
}

// decodeFails decodes b and requires an error at offset off, marked on a node of the tree.
func decodeFails(tb testing.TB, b []byte, key, v int16, dir schema.Direction, off int, msg string) *frame.Decoded {
	tb.Helper()
	d := frame.Decode(b, api(tb, key), v, dir)
	require.NotNil(tb, d.Err, "want an error at %d\n%s", off, d.Tree.Text())
	assert.Equal(tb, off, d.Err.Off, "error offset: %v", d.Err)
	assert.Contains(tb, d.Err.Msg, msg)
	assert.NotNil(tb, d.Tree.Failed(), "the error node\n%s", d.Tree.Text())
	assert.Empty(tb, spanProblems(d.Tree))
	return d
}

func body(tb testing.TB, d *frame.Decoded) *layout.Node { return bodyNode(tb, d) }

func header(tb testing.TB, d *frame.Decoded) *layout.Node {
	tb.Helper()
	for _, c := range d.Tree.Children {
		if c.Key == "header" {
			return c
		}
	}
	require.FailNow(tb, "no header node")
	return nil
}

// TestTrapHeaderVersionSweep: request header v2 when flexible, v1 otherwise,
// v0 for ControlledShutdown v0; response header v1 when flexible except
// ApiVersions (v0 always). The expectation is computed from the definitions'
// flexible versions, and checked against the header's bytes.
func TestTrapHeaderVersionSweep(t *testing.T) {
	for _, in := range allInstances() {
		flex := in.api.Def(schema.Request, in.v).Flexible.Has(in.v)
		var want, size int
		if in.dir == schema.Request {
			switch {
			case in.api.Key == 7 && in.v == 0:
				want, size = 0, 8 // key, version, correlation id
			case flex:
				want, size = 2, 11 // + int16 client id length, tag count
			default:
				want, size = 1, 10 // + int16 client id length
			}
		} else {
			want, size = 0, 4
			if flex && in.api.Key != 18 {
				want, size = 1, 5
			}
		}
		d := frame.Decode(minimalFrame(t, in), in.api, in.v, in.dir)
		require.Nil(t, d.Err, in.String())
		hn := header(t, d)
		assert.Equal(t, fmt.Sprintf("v%d", want), hn.Type, in.String())
		assert.Equal(t, size, hn.Len(), in.String())
		assert.Equal(t, want == 2 || (in.dir == schema.Response && want == 1), child(hn, "tagged_fields") != nil, in.String())
	}
}

func TestTrapControlledShutdownV0Header(t *testing.T) {
	b := frameOf(h(0, 7, 0, 0), h(0, 0, 0, 0x2a), h(0, 0, 0, 5))
	d := frame.DecodeRequest(b)
	require.Nil(t, d.Err, d.Tree.Text())
	hn := header(t, d)
	assert.Equal(t, "v0", hn.Type)
	assert.Equal(t, 12, hn.End)
	assert.Nil(t, child(hn, "ClientId"))
	assert.Equal(t, "5", find(t, body(t, d), "BrokerId").Value)
	assert.Equal(t, 12, find(t, body(t, d), "BrokerId").Off)

	// v1 of the same API has a client id.
	b = frameOf(h(0, 7, 0, 1), h(0, 0, 0, 0x2a), h(0, 2, 'i', 'd'), h(0, 0, 0, 5))
	d = frame.DecodeRequest(b)
	require.Nil(t, d.Err, d.Tree.Text())
	assert.Equal(t, "v1", header(t, d).Type)
	assert.Equal(t, `"id" (int16 len=2)`, find(t, header(t, d), "ClientId").Value)
}

func TestTrapRequestHeaderV1AndV2(t *testing.T) {
	// Metadata v8 is not flexible: header v1, no tag count.
	b := frameOf(h(0, 3, 0, 8), h(0, 0, 0, 1), h(0xff, 0xff), // null client id
		h(0xff, 0xff, 0xff, 0xff), h(1), h(0), h(0))
	d := frame.DecodeRequest(b)
	require.Nil(t, d.Err, d.Tree.Text())
	assert.Equal(t, "v1", header(t, d).Type)
	assert.Equal(t, 14, header(t, d).End)
	cid, _ := d.Msg.Header.Get("ClientId")
	assert.Nil(t, cid, "null client id")
	assert.Equal(t, "null", find(t, body(t, d), "Topics").Value)

	// ApiVersions v3 is flexible: header v2, with its tag count.
	b = frameOf(h(0, 18, 0, 3), h(0, 0, 0, 1), h(0, 0), h(0), h(2, 'k'), h(2, '1'), h(0))
	d = frame.DecodeRequest(b)
	require.Nil(t, d.Err, d.Tree.Text())
	assert.Equal(t, "v2", header(t, d).Type)
	assert.Equal(t, 15, header(t, d).End)
	assert.Equal(t, `"k" (compact, len+1=2)`, find(t, body(t, d), "ClientSoftwareName").Value)
}

// TestTrapApiVersionsResponseHeader: ApiVersions responses keep header v0 even
// when flexible (KIP-511); other flexible responses have header v1.
func TestTrapApiVersionsResponseHeader(t *testing.T) {
	b := frameOf(h(0, 0, 0, 7), // correlation id, no tag count
		h(0, 0),                       // ErrorCode
		h(2), h(0, 18, 0, 0, 0, 4, 0), // ApiKeys: one element, its tag count
		h(0, 0, 0, 0), // ThrottleTimeMs
		h(0))          // tag count
	d := decodeClean(t, b, 18, 3, schema.Response)
	assert.Equal(t, "v0", header(t, d).Type)
	assert.Equal(t, 8, header(t, d).End)
	assert.Equal(t, 8, find(t, body(t, d), "ErrorCode").Off)
	assert.Equal(t, "18 (ApiVersions)", find(t, body(t, d), "ApiKeys", "ApiKeys[0]", "ApiKey").Value)

	// InitProducerId v5 response: header v1 with its tag count.
	b = frameOf(h(0, 0, 0, 7), h(0), h(0, 0, 0, 0), h(0, 0), h(0, 0, 0, 0, 0, 0, 0, 9), h(0, 1), h(0))
	d = decodeClean(t, b, 22, 5, schema.Response)
	assert.Equal(t, "v1", header(t, d).Type)
	assert.Equal(t, 9, header(t, d).End)
	assert.Equal(t, "9", find(t, body(t, d), "ProducerId").Value)
}

// TestTrapApiVersionsUnsupported: a broker that does not know the version asked
// answers with a v0 body and error 35.
func TestTrapApiVersionsUnsupported(t *testing.T) {
	b := frameOf(h(0, 0, 0, 7), h(0, 35), h(0, 0, 0, 0))
	d := decodeClean(t, b, 18, 0, schema.Response)
	assert.Equal(t, "35 (UNSUPPORTED_VERSION)", find(t, body(t, d), "ErrorCode").Value)
	assert.Equal(t, "0 elements", find(t, body(t, d), "ApiKeys").Value)
	// The same bytes read as v3 fail: v3 wants a compact array and more.
	d = frame.Decode(b, api(t, 18), 3, schema.Response)
	assert.NotNil(t, d.Err)
}

// TestTrapClientIdInt16 : ClientId keeps its int16 length in header v2.
func TestTrapClientIdInt16(t *testing.T) {
	m := message.Minimal(api(t, 18), 3, schema.Request)
	m.Header.Set("ClientId", "abc")
	b, err := frame.Encode(m)
	require.NoError(t, err)
	assert.Equal(t, h(0, 3, 'a', 'b', 'c', 0), b[12:18], "int16 length, then the header's tag count")
	d := decodeClean(t, b, 18, 3, schema.Request)
	cid := find(t, header(t, d), "ClientId")
	assert.Equal(t, `"abc" (int16 len=3)`, cid.Value)
	assert.Equal(t, "int16", find(t, cid, "length").Type)
	assert.Equal(t, 2, find(t, cid, "length").Len())

	m.Header.Set("ClientId", nil)
	b, err = frame.Encode(m)
	require.NoError(t, err)
	assert.Equal(t, h(0xff, 0xff, 0), b[12:15], "null client id")
	decodeClean(t, b, 18, 3, schema.Request)

	// A client id written compact is not read as one.
	bad := frameOf(h(0, 18, 0, 3), h(0, 0, 0, 1), h(4, 'a', 'b', 'c'), h(0), h(1), h(1), h(0))
	decodeFails(t, bad, 18, 3, schema.Request, 12, "")
}

// TestTrapCompactLengths: compact lengths are uvarint n+1, 0 = null.
func TestTrapCompactLengths(t *testing.T) {
	tail := [][]byte{h(0, 0, 0, 0), h(0, 0, 0, 0, 0, 0, 0, 0), h(0, 0), h(0)}
	reqHdr := h(0, 22, 0, 5, 0, 0, 0, 0, 0, 0, 0)
	for _, c := range []struct {
		enc  []byte
		want any
		text string
	}{
		{h(0), nil, "null (compact, len+1=0)"},
		{h(1), "", `"" (compact, len+1=1)`},
		{h(3, 'a', 'b'), "ab", `"ab" (compact, len+1=3)`},
	} {
		b := frameOf(append([][]byte{reqHdr, c.enc}, tail...)...)
		d := decodeClean(t, b, 22, 5, schema.Request)
		got, _ := d.Msg.Body.Get("TransactionalId")
		assert.Equal(t, c.want, got)
		n := find(t, body(t, d), "TransactionalId")
		assert.Equal(t, c.text, n.Value)
		assert.Equal(t, fmt.Sprintf("%d (compact, n+1)", c.enc[0]), find(t, n, "length").Value)
	}

	// A null where the field is not nullable is an error at the length.
	b := frameOf(h(0, 61, 0, 0, 0, 0, 0, 0, 0, 0, 0), h(2), h(0), h(1), h(0), h(0))
	decodeFails(t, b, 61, 0, schema.Request, 16, "null string")

	// A nullable compact array: Metadata v12 Topics null.
	b = frameOf(h(0, 3, 0, 12, 0, 0, 0, 0, 0, 0, 0), h(0), h(1), h(0), h(0))
	d := decodeClean(t, b, 3, 12, schema.Request)
	topics, ok := d.Msg.Body.Get("Topics")
	assert.True(t, ok)
	assert.Nil(t, topics)
	assert.Equal(t, "null", find(t, body(t, d), "Topics").Value)
	// ... and not nullable: DescribeProducers Topics.
	b = frameOf(h(0, 61, 0, 0, 0, 0, 0, 0, 0, 0, 0), h(0), h(0))
	decodeFails(t, b, 61, 0, schema.Request, 15, "null array")
}

// apiVersionsV3 is an ApiVersions v3 response with an empty ApiKeys array and the given body tagged fields.
func apiVersionsV3(tags ...[]byte) []byte {
	return frameOf(append([][]byte{h(0, 0, 0, 7), h(0, 0), h(1), h(0, 0, 0, 0)}, tags...)...)
}

// TestTrapTaggedFieldSize: a tagged field's size is a plain uvarint, not n+1.
func TestTrapTaggedFieldSize(t *testing.T) {
	m := message.Minimal(api(t, 18), 3, schema.Response)
	long := strings.Repeat("f", 130)
	m.Body.Set("SupportedFeatures", []any{&message.Struct{Fields: []message.Field{
		{Name: "Name", Value: long}, {Name: "MinVersion", Value: int16(1)}, {Name: "MaxVersion", Value: int16(2)}}}})
	b, err := frame.Encode(m)
	require.NoError(t, err)
	// value: array length 2, name length 131 (2 bytes) + 130, 2 + 2, tag count: 138 bytes.
	i := bytes.Index(b, h(1, 0, 0x8a, 0x01, 2, 0x83, 0x01))
	require.Positive(t, i, "count 1, tag 0, size 138 as uvarint 8a 01, then the value\n% x", b)
	d := decodeClean(t, b, 18, 3, schema.Response)
	tn := find(t, body(t, d), "SupportedFeatures")
	assert.Equal(t, "138", find(t, tn, "size").Value)
	assert.Equal(t, 2, find(t, tn, "size").Len())
	assert.Equal(t, "0", find(t, tn, "tag").Value)
	assert.Equal(t, len(b), tn.End, "the tagged field ends the frame")
	v, ok := d.Msg.Body.Get("SupportedFeatures")
	require.True(t, ok)
	assert.Len(t, v, 1)

	// A size one too large (as if n+1) is an error, not a silent skip.
	bad := apiVersionsV3(h(1), h(3, 2), h(1, 0)) // ZkMigrationReady: bool with size 2
	// count at 15, tag at 16, size at 17, the bool at 18: the byte at 19 is one too many.
	decodeFails(t, bad, 18, 3, schema.Response, 19, "before its size says")
}

// TestTrapTagsAscend: tags must ascend; a frame with descending or repeated tags is rejected at the offending tag.
func TestTrapTagsAscend(t *testing.T) {
	ok := apiVersionsV3(h(2), h(1, 8, 0, 0, 0, 0, 0, 0, 0, 5), h(3, 1, 1))
	d := decodeClean(t, ok, 18, 3, schema.Response)
	epoch, _ := d.Msg.Body.Get("FinalizedFeaturesEpoch")
	assert.Equal(t, int64(5), epoch)
	ready, _ := d.Msg.Body.Get("ZkMigrationReady")
	assert.Equal(t, true, ready)

	// The tag count is at 15: tag 3 at 16, its size and value, then tag 1 at 19 is the error.
	desc := apiVersionsV3(h(2), h(3, 1, 1), h(1, 8, 0, 0, 0, 0, 0, 0, 0, 5))
	d = decodeFails(t, desc, 18, 3, schema.Response, 19, "ascend")
	assert.Equal(t, 19, d.Tree.Failed().Off)
	assert.Equal(t, "tag", d.Tree.Failed().Name)
	// The same tag twice.
	decodeFails(t, apiVersionsV3(h(2), h(3, 1, 1), h(3, 1, 0)), 18, 3, schema.Response, 19, "ascend")
	// Unknown tags too.
	decodeFails(t, apiVersionsV3(h(2), h(9, 0), h(8, 0)), 18, 3, schema.Response, 18, "ascend")
}

// TestTrapUnknownTagsKept: tags the version does not define are kept and written back, among the known ones.
func TestTrapUnknownTagsKept(t *testing.T) {
	b := apiVersionsV3(h(4), h(1, 8, 0, 0, 0, 0, 0, 0, 0, 5), h(4, 3, 'x', 'y', 'z'), h(7, 0), h(0xc8, 0x01, 1, 0xee))
	d := decodeClean(t, b, 18, 3, schema.Response)
	assert.Equal(t, []message.Tagged{{Tag: 4, Data: []byte("xyz")}, {Tag: 7, Data: []byte{}}, {Tag: 200, Data: []byte{0xee}}}, d.Msg.Body.Unknown)
	n := find(t, body(t, d), "unknown tag 200")
	assert.Equal(t, 2, find(t, n, "tag").Len())
	assert.Equal(t, "200", find(t, n, "tag").Value)
	assert.Equal(t, "1 bytes: ee", n.Value)

	// Tag 1 of BrokerHeartbeat requests is CordonedLogDirs from v2 on: at v1 it is unknown and kept.
	hb := func(v int16) []byte {
		return frameOf(h(0, 63, 0, byte(v), 0, 0, 0, 1, 0, 0, 0), h(0, 0, 0, 1), make([]byte, 16), h(0, 0),
			h(2), h(0, 1, 1), h(1, 17, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
	}
	d = decodeClean(t, hb(1), 63, 1, schema.Request)
	assert.Equal(t, []message.Tagged{{Tag: 1, Data: append(h(2), 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)}}, d.Msg.Body.Unknown)
	off, _ := d.Msg.Body.Get("OfflineLogDirs")
	assert.Equal(t, []any{}, off)
	d = decodeClean(t, hb(2), 63, 2, schema.Request)
	assert.Empty(t, d.Msg.Body.Unknown)
	cordoned, _ := d.Msg.Body.Get("CordonedLogDirs")
	assert.Equal(t, []any{message.UUID{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}}, cordoned)

	// In the request header (v2) and the response header (v1).
	b = frameOf(h(0, 18, 0, 3, 0, 0, 0, 1, 0, 0), h(1, 5, 2, 0xab, 0xcd), h(1), h(1), h(0))
	d = decodeClean(t, b, 18, 3, schema.Request)
	assert.Equal(t, []message.Tagged{{Tag: 5, Data: []byte{0xab, 0xcd}}}, d.Msg.Header.Unknown)
	b = frameOf(h(0, 0, 0, 1), h(1, 0, 1, 0x42), h(0, 0, 0, 0), h(0, 0), h(0, 0, 0, 0, 0, 0, 0, 9), h(0, 1), h(0))
	d = decodeClean(t, b, 22, 5, schema.Response)
	assert.Equal(t, []message.Tagged{{Tag: 0, Data: []byte{0x42}}}, d.Msg.Header.Unknown)
}

// TestTrapNullableStruct: an int8 prefix, -1 null, 1 present; anything else is an error.
func TestTrapNullableStruct(t *testing.T) {
	m := message.Minimal(api(t, 68), 0, schema.Response)
	b, err := frame.Encode(m)
	require.NoError(t, err)
	d := decodeClean(t, b, 68, 0, schema.Response)
	an := find(t, body(t, d), "Assignment")
	assert.Equal(t, "struct", an.Value)
	p := find(t, an, "present")
	assert.Equal(t, "1", p.Value)
	assert.Equal(t, byte(1), b[p.Off])
	off := p.Off

	m.Body.Set("Assignment", nil)
	b, err = frame.Encode(m)
	require.NoError(t, err)
	assert.Equal(t, byte(0xff), b[off])
	assert.Equal(t, off+2, len(b), "null struct, then the body's tag count")
	d = decodeClean(t, b, 68, 0, schema.Response)
	assert.Equal(t, "null", find(t, body(t, d), "Assignment").Value)
	v, ok := d.Msg.Body.Get("Assignment")
	assert.True(t, ok)
	assert.Nil(t, v)

	for _, marker := range []byte{0, 2, 0x80} {
		bad := bytes.Clone(b)
		bad[off] = marker
		d = decodeFails(t, bad, 68, 0, schema.Response, off, "-1 or 1")
		assert.Equal(t, "present", d.Tree.Failed().Name)
	}
}

// TestTrapRecordsZeroBatches: a records field may hold no batch at all (empty, not null).
func TestTrapRecordsZeroBatches(t *testing.T) {
	for _, v := range []int16{3, 9} {
		m := message.Minimal(api(t, 0), v, schema.Request)
		part := func(d *message.Message) *message.Struct {
			topics, _ := d.Body.Get("TopicData")
			parts, _ := topics.([]any)[0].(*message.Struct).Get("PartitionData")
			return parts.([]any)[0].(*message.Struct)
		}
		part(m).Set("Records", &records.Set{})
		b, err := frame.Encode(m)
		require.NoError(t, err)
		d := decodeClean(t, b, 0, v, schema.Request)
		rec, _ := part(d.Msg).Get("Records")
		require.IsType(t, &records.Set{}, rec, "v%d", v)
		assert.NotNil(t, rec)
		assert.Empty(t, rec.(*records.Set).Batches)
		rn := find(t, body(t, d), "TopicData", "TopicData[0]", "PartitionData", "PartitionData[0]", "Records")
		if v >= 9 {
			assert.Equal(t, "1 (compact, n+1)", find(t, rn, "length").Value)
			assert.Equal(t, 1, rn.Len())
		} else {
			assert.Equal(t, "0", find(t, rn, "length").Value)
			assert.Equal(t, 4, rn.Len())
		}

		part(m).Set("Records", nil)
		b, err = frame.Encode(m)
		require.NoError(t, err)
		d = decodeClean(t, b, 0, v, schema.Request)
		rec, ok := part(d.Msg).Get("Records")
		assert.True(t, ok)
		assert.Nil(t, rec, "null records, v%d", v)
	}
}

// TestTrapVarintBoundaries: a compact length is n+1, so 126 bytes take a
// 1-byte length and 127 take 2; 16382 elements take 2 and 16383 take 3.
func TestTrapVarintBoundaries(t *testing.T) {
	topic := func(m *message.Message) *message.Struct {
		topics, _ := m.Body.Get("Topics")
		return topics.([]any)[0].(*message.Struct)
	}
	for _, c := range []struct{ n, lenBytes int }{{0, 1}, {126, 1}, {127, 2}, {128, 2}, {16382, 2}, {16383, 3}, {16384, 3}} {
		m := message.Minimal(api(t, 61), 0, schema.Request)
		if c.n < 200 {
			topic(m).Set("Name", strings.Repeat("t", c.n))
		}
		parts := make([]any, c.n)
		for i := range parts {
			parts[i] = int32(i)
		}
		topic(m).Set("PartitionIndexes", parts)
		b, err := frame.Encode(m)
		require.NoError(t, err)
		d := decodeClean(t, b, 61, 0, schema.Request)
		tn := find(t, body(t, d), "Topics", "Topics[0]")
		if c.n < 200 {
			ln := find(t, tn, "Name", "length")
			assert.Equal(t, c.lenBytes, ln.Len(), "string of %d", c.n)
			assert.Equal(t, fmt.Sprintf("%d (compact, n+1)", c.n+1), ln.Value)
		}
		an := find(t, tn, "PartitionIndexes")
		assert.Equal(t, c.lenBytes, find(t, an, "length").Len(), "array of %d", c.n)
		assert.Equal(t, c.lenBytes+4*c.n, an.Len())
		assert.Len(t, an.Children, c.n+1)
		if c.n > 0 {
			last := an.Children[c.n]
			assert.Equal(t, fmt.Sprintf("PartitionIndexes[%d]", c.n-1), last.Name)
			assert.Equal(t, fmt.Sprint(c.n-1), last.Value)
		}
	}
}

// truncationFrames are real frames to cut at every length.
func truncationFrames(t *testing.T) []struct {
	name string
	b    []byte
	key  int16
	v    int16
	dir  schema.Direction
} {
	type fr = struct {
		name string
		b    []byte
		key  int16
		v    int16
		dir  schema.Direction
	}
	var out []fr
	for _, in := range []instance{
		{api(t, 61), schema.Request, 0}, {api(t, 61), schema.Response, 0},
		{api(t, 22), schema.Request, 5}, {api(t, 0), schema.Request, 9},
		{api(t, 0), schema.Response, 13}, {api(t, 3), schema.Response, 12},
		{api(t, 68), schema.Response, 0}, {api(t, 7), schema.Request, 0},
	} {
		out = append(out, fr{in.String(), minimalFrame(t, in), in.api.Key, in.v, in.dir})
	}
	m := message.Minimal(api(t, 18), 3, schema.Response)
	m.Body.Set("SupportedFeatures", []any{&message.Struct{Fields: []message.Field{
		{Name: "Name", Value: "feature"}, {Name: "MinVersion", Value: int16(1)}, {Name: "MaxVersion", Value: int16(2)}}}})
	m.Body.Set("ZkMigrationReady", true)
	m.Body.Unknown = []message.Tagged{{Tag: 9, Data: []byte("kept")}}
	b, err := frame.Encode(m)
	require.NoError(t, err)
	out = append(out, fr{"ApiVersions response v3 with tags", b, 18, 3, schema.Response})
	return out
}

// TestTrapTruncated cuts real frames at every length: decoding never panics,
// the error lies within the bytes given, the tree keeps what decoded and
// marks where it stopped. Each cut is tried as is (the size prefix promising
// more) and with the size prefix patched to the cut.
func TestTrapTruncated(t *testing.T) {
	for _, f := range truncationFrames(t) {
		full := decodeClean(t, f.b, f.key, f.v, f.dir)
		for l := 0; l < len(f.b); l++ {
			for _, patched := range []bool{false, true} {
				cut := bytes.Clone(f.b[:l])
				if patched {
					if l < 4 {
						continue
					}
					n := l - 4
					cut[0], cut[1], cut[2], cut[3] = byte(n>>24), byte(n>>16), byte(n>>8), byte(n)
				}
				name := fmt.Sprintf("%s cut at %d (patched %v)", f.name, l, patched)
				var d *frame.Decoded
				require.NotPanics(t, func() { d = frame.Decode(cut, api(t, f.key), f.v, f.dir) }, name)
				require.NotNil(t, d.Err, name)
				assert.GreaterOrEqual(t, d.Err.Off, 0, name)
				assert.LessOrEqual(t, d.Err.Off, l, "%s: %v", name, d.Err)
				require.NotNil(t, d.Tree, name)
				assert.Equal(t, l, d.Tree.End, name)
				assert.NotNil(t, d.Tree.Failed(), "%s: the error node\n%s", name, d.Tree.Text())
				assert.Empty(t, spanProblems(d.Tree), name)
				assert.Empty(t, missingLeaves(full.Tree, d.Tree, l), "%s: leaves decoded before the cut\n%s", name, d.Tree.Text())
				if f.dir == schema.Request {
					require.NotPanics(t, func() { d = frame.DecodeRequest(cut) }, name)
					require.NotNil(t, d.Err, name)
					assert.LessOrEqual(t, d.Err.Off, l, name)
					assert.NotNil(t, d.Tree.Failed(), name)
				}
			}
		}
	}
}

// missingLeaves lists the leaves of the full tree that end at or before cut
// but are not in the partial tree at the same name path and span. Leaves of a
// tagged field or records field that the cut reaches are exempt: those are
// decoded from their own bytes once all of them are there.
func missingLeaves(full, partial *layout.Node, cut int) []string {
	var out []string
	var walk func(n *layout.Node, path []string)
	walk = func(n *layout.Node, path []string) {
		if n.End > cut && (n.Type == "records" || (n.Region == layout.RegionTagged && n.Name != "tagged_fields")) {
			return
		}
		path = append(path, n.Name)
		if len(n.Kids()) == 0 {
			if n.End <= cut {
				p := partial
				for _, name := range path[1:] {
					if p = child(p, name); p == nil {
						break
					}
				}
				if p == nil || p.Off != n.Off || p.End != n.End {
					out = append(out, strings.Join(path, "/"))
				}
			}
			return
		}
		for _, c := range n.Kids() {
			walk(c, path)
		}
	}
	walk(full, nil)
	return out
}

// TestNegativeSize: a size prefix below zero is an error at offset 0, never a panic.
// Found by FuzzDecode (testdata/fuzz/FuzzDecode/36fceb4313c661f0).
func TestNegativeSize(t *testing.T) {
	for _, b := range [][]byte{
		h(0xff, 0xff, 0xff, 0xff),
		h(0xff, 0xff, 0xff, 0xff, 0, 18, 0, 0),
		h(0xdd, '0', '0', '0'),
		append(h(0x80, 0, 0, 0), minimalFrame(t, instance{api(t, 18), schema.Request, 0})[4:]...),
	} {
		var d *frame.Decoded
		require.NotPanics(t, func() { d = frame.Decode(b, api(t, 18), 0, schema.Request) }, "% x", b)
		require.NotNil(t, d.Err, "% x", b)
		assert.Equal(t, 0, d.Err.Off)
		assert.Contains(t, d.Err.Msg, "negative")
		assert.NotNil(t, d.Tree.Failed())
		require.NotPanics(t, func() { d = frame.DecodeRequest(b) }, "% x", b)
		require.NotNil(t, d.Err)
	}
}

// TestRecordsShortBatchLength: a batch whose batchLength is shorter than the
// batch header it sits in is an error in the records field, never a panic.
// Found by FuzzDecode (testdata/fuzz/FuzzDecode/6d3f61be9b302bfb).
func TestRecordsShortBatchLength(t *testing.T) {
	in := instance{api(t, 0), schema.Request, 3}
	b := minimalFrame(t, in)
	d := decodeClean(t, b, 0, 3, schema.Request)
	bl := find(t, body(t, d), "TopicData", "TopicData[0]", "PartitionData", "PartitionData[0]", "Records", "batches[0]", "batchLength")
	for _, n := range []byte{0, 1, 48} {
		bad := bytes.Clone(b)
		bad[bl.Off], bad[bl.Off+1], bad[bl.Off+2], bad[bl.Off+3] = 0, 0, 0, n
		name := fmt.Sprintf("batchLength %d", n)
		require.NotPanics(t, func() { d = frame.Decode(bad, in.api, in.v, in.dir) }, name)
		require.NotNil(t, d.Err, name)
		assert.GreaterOrEqual(t, d.Err.Off, bl.Off, name)
		assert.LessOrEqual(t, d.Err.Off, len(bad), name)
		assert.NotNil(t, d.Tree.Failed(), name)
	}
}
