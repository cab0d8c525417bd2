package wire_test

import (
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/wire"
)

// TestSizedRoundTrip writes strings of lengths at the varint boundaries in
// every prefix and reads them back, checking the spans of length and data.
func TestSizedRoundTrip(t *testing.T) {
	cases := []struct {
		p      wire.Prefix
		n      int
		prefix int // bytes the length takes
	}{
		{wire.PrefixInt16, 0, 2},
		{wire.PrefixInt16, 300, 2},
		{wire.PrefixInt32, 70000, 4},
		{wire.PrefixCompact, 0, 1},
		{wire.PrefixCompact, 126, 1},   // written as 127
		{wire.PrefixCompact, 127, 2},   // written as 128
		{wire.PrefixCompact, 16382, 2}, // written as 16383
		{wire.PrefixCompact, 16383, 3}, // written as 16384
		{wire.PrefixVarint, 63, 1},     // zigzag 126
		{wire.PrefixVarint, 64, 2},     // zigzag 128
		{wire.PrefixVarint, 8191, 2},   // zigzag 16382
		{wire.PrefixVarint, 8192, 3},   // zigzag 16384
	}
	for _, c := range cases {
		s := strings.Repeat("k", c.n)
		b := wire.AppendString([]byte{0xee}, c.p, s)
		require.Len(t, b, 1+c.prefix+c.n, "%v %d", c.p, c.n)
		assert.Equal(t, b, wire.AppendBytes([]byte{0xee}, c.p, []byte(s)), "%v %d: bytes and string agree", c.p, c.n)

		r := wire.NewReader(b[1:], 0x40)
		l, data := r.Sized(c.p, "string")
		require.NoError(t, r.Err(), "%v %d", c.p, c.n)
		assert.Equal(t, wire.Length{Off: 0x40, End: 0x40 + c.prefix, N: c.n}, l, "%v %d", c.p, c.n)
		assert.Equal(t, s, string(data))
		assert.False(t, l.Null())
		assert.NotNil(t, data, "empty is not null")
		assert.Equal(t, 0, r.Left())
	}
}

func TestSizedNull(t *testing.T) {
	cases := []struct {
		p    wire.Prefix
		want []byte
	}{
		{wire.PrefixInt16, []byte{0xff, 0xff}},
		{wire.PrefixInt32, []byte{0xff, 0xff, 0xff, 0xff}},
		{wire.PrefixCompact, []byte{0x00}},
		{wire.PrefixVarint, []byte{0x01}},
	}
	for _, c := range cases {
		b := wire.AppendBytes(nil, c.p, nil)
		assert.Equal(t, c.want, b, "%v", c.p)
		assert.Equal(t, c.want, wire.AppendLength(nil, c.p, -1), "%v", c.p)
		r := wire.NewReader(b, 10)
		l, data := r.Sized(c.p, "bytes")
		require.NoError(t, r.Err(), "%v", c.p)
		assert.True(t, l.Null(), "%v", c.p)
		assert.Nil(t, data, "%v", c.p)
		assert.Equal(t, 10+len(c.want), l.End)
	}
}

// TestSizedPastTheEnd: a length longer than the bytes left fails at the
// length, says how long and how many bytes are left, and consumes nothing.
func TestSizedPastTheEnd(t *testing.T) {
	cases := []struct {
		p    wire.Prefix
		b    []byte
		want string
	}{
		{wire.PrefixInt16, []byte{0x01, 0x2c, 'a', 'b'}, "at 0x0020: key length 300 runs past the end, 2 bytes left"},
		{wire.PrefixInt32, []byte{0x7f, 0xff, 0xff, 0xff}, "at 0x0020: key length 2147483647 runs past the end, 0 bytes left"},
		{wire.PrefixCompact, []byte{0x80, 0x01, 'a'}, "at 0x0020: key length 127 runs past the end, 1 bytes left"},
		{wire.PrefixVarint, []byte{0x06, 'a', 'b'}, "at 0x0020: key length 3 runs past the end, 2 bytes left"},
	}
	for _, c := range cases {
		r := wire.NewReader(c.b, 0x20)
		l, data := r.Sized(c.p, "key")
		assert.Nil(t, data, "%v", c.p)
		require.Error(t, r.Err(), "%v", c.p)
		assert.Equal(t, c.want, r.Err().Error(), "%v", c.p)
		assert.Equal(t, l.End, r.Off(), "%v: stops after the length", c.p)
	}
}

func TestReadLengthErrors(t *testing.T) {
	cases := []struct {
		name string
		p    wire.Prefix
		b    []byte
		want string
	}{
		{"int16 -2", wire.PrefixInt16, []byte{0xff, 0xfe}, "at 0x0005: value length -2: only -1 (null) may be negative"},
		{"int32 min", wire.PrefixInt32, []byte{0x80, 0, 0, 0}, "at 0x0005: value length -2147483648: only -1 (null) may be negative"},
		{"varint -2", wire.PrefixVarint, []byte{0x03}, "at 0x0005: value length -2: only -1 (null) may be negative"},
		{"int16 short", wire.PrefixInt16, []byte{0x01}, "at 0x0005: int16 needs 2 bytes, 1 left"},
		{"int32 short", wire.PrefixInt32, []byte{0, 0, 0}, "at 0x0005: int32 needs 4 bytes, 3 left"},
		{"compact unterminated", wire.PrefixCompact, []byte{0x80}, "at 0x0005: unsigned varint runs past the end, 1 bytes left"},
		{"compact empty", wire.PrefixCompact, nil, "at 0x0005: unsigned varint runs past the end, 0 bytes left"},
		{"varint empty", wire.PrefixVarint, nil, "at 0x0005: varint runs past the end, 0 bytes left"},
	}
	for _, c := range cases {
		r := wire.NewReader(c.b, 5)
		l := r.ReadLength(c.p, "value")
		require.Error(t, r.Err(), c.name)
		assert.Equal(t, c.want, r.Err().Error(), c.name)
		assert.Equal(t, 5, l.Off, c.name)
		// The sticky error holds: Data reads nothing more.
		assert.Nil(t, r.Data(l, "value"), c.name)
	}
}

// TestArrayLength: counts are bounded by the bytes left over the smallest
// element, before anything is allocated; null passes the bound.
func TestArrayLength(t *testing.T) {
	r := wire.NewReader([]byte{0, 0, 0, 3, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 0)
	l := r.ArrayLength(wire.PrefixInt32, 4)
	require.NoError(t, r.Err())
	assert.Equal(t, wire.Length{Off: 0, End: 4, N: 3}, l)

	r = wire.NewReader([]byte{0, 0, 0, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 0)
	r.ArrayLength(wire.PrefixInt32, 4)
	assert.EqualError(t, r.Err(), "at 0x0000: array length 4 runs past the end, 12 bytes left")

	r = wire.NewReader([]byte{0x81, 0x01}, 0x10) // compact 129: 128 elements
	r.ArrayLength(wire.PrefixCompact, 1)
	assert.EqualError(t, r.Err(), "at 0x0010: array length 128 runs past the end, 0 bytes left")

	r = wire.NewReader([]byte{0x00}, 0)
	l = r.ArrayLength(wire.PrefixCompact, 8)
	require.NoError(t, r.Err())
	assert.True(t, l.Null())

	r = wire.NewReader([]byte{0xff, 0xff, 0xff, 0xff}, 0)
	l = r.ArrayLength(wire.PrefixInt32, 8)
	require.NoError(t, r.Err())
	assert.True(t, l.Null())
}

// TestCompactLengthBoundaries pins the bytes of compact lengths around the
// varint boundaries: the value written is the length plus one.
func TestCompactLengthBoundaries(t *testing.T) {
	cases := []struct {
		n    int
		want []byte
	}{
		{-1, []byte{0x00}},
		{0, []byte{0x01}},
		{126, []byte{0x7f}},
		{127, []byte{0x80, 0x01}},
		{16382, []byte{0xff, 0x7f}},
		{16383, []byte{0x80, 0x80, 0x01}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, wire.AppendLength(nil, wire.PrefixCompact, c.n), "%d", c.n)
		r := wire.NewReader(c.want, 0)
		l := r.ReadLength(wire.PrefixCompact, "array")
		require.NoError(t, r.Err())
		assert.Equal(t, c.n, l.N)
		assert.Equal(t, len(c.want), l.End)
	}
}

func TestPrefixes(t *testing.T) {
	assert.Equal(t, wire.PrefixInt16, wire.StringPrefix(false))
	assert.Equal(t, wire.PrefixCompact, wire.StringPrefix(true))
	assert.Equal(t, wire.PrefixInt32, wire.BytesPrefix(false))
	assert.Equal(t, wire.PrefixCompact, wire.BytesPrefix(true))
	assert.Equal(t, wire.PrefixInt32, wire.ArrayPrefix(false))
	assert.Equal(t, "int16", wire.PrefixInt16.String())
	assert.Equal(t, "int32", wire.PrefixInt32.String())
	assert.Equal(t, "uvarint", wire.PrefixCompact.String())
	assert.Equal(t, "varint", wire.PrefixVarint.String())
	assert.Equal(t, math.MaxInt16, wire.PrefixInt16.Max())
	assert.Equal(t, math.MaxInt32, wire.PrefixInt32.Max())
	assert.Equal(t, math.MaxInt32, wire.PrefixVarint.Max())
}

// FuzzSized: any bytes read as a length-prefixed value either fail with an
// offset inside the input, or read back to exactly the bytes consumed.
func FuzzSized(f *testing.F) {
	f.Add(uint8(0), []byte{0x00, 0x02, 'h', 'i'})
	f.Add(uint8(2), []byte{0x80, 0x01})
	f.Add(uint8(3), []byte{0x03})
	f.Fuzz(func(t *testing.T, prefix uint8, b []byte) {
		p := wire.Prefix(prefix % 4)
		r := wire.NewReader(b, 0)
		l, data := r.Sized(p, "value")
		if f := r.Failure(); f != nil {
			if f.Off < 0 || f.Off > len(b) {
				t.Fatalf("error offset %d outside the %d bytes", f.Off, len(b))
			}
			return
		}
		consumed := b[:r.Off()]
		var again []byte
		if l.Null() {
			again = wire.AppendLength(nil, p, -1)
		} else {
			again = wire.AppendBytes(nil, p, data)
		}
		if string(again) != string(consumed) {
			t.Fatalf("%v: read %x, wrote back %x", p, consumed, again)
		}
	})
}
