package wire_test

import (
	"encoding/binary"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/wire"
)

func TestUvarintBoundaries(t *testing.T) {
	cases := []struct {
		v    uint32
		want []byte
	}{
		{0, []byte{0x00}},
		{1, []byte{0x01}},
		{127, []byte{0x7f}},
		{128, []byte{0x80, 0x01}},
		{300, []byte{0xac, 0x02}},
		{16383, []byte{0xff, 0x7f}},
		{16384, []byte{0x80, 0x80, 0x01}},
		{2097151, []byte{0xff, 0xff, 0x7f}},
		{2097152, []byte{0x80, 0x80, 0x80, 0x01}},
		{math.MaxUint32, []byte{0xff, 0xff, 0xff, 0xff, 0x0f}},
	}
	for _, c := range cases {
		got := wire.AppendUvarint([]byte{0xee}, c.v)
		assert.Equal(t, append([]byte{0xee}, c.want...), got, "append %d", c.v)
		assert.Equal(t, len(c.want), wire.UvarintLen(c.v), "len %d", c.v)
		r := wire.NewReader(c.want, 100)
		assert.Equal(t, c.v, r.Uvarint(), "read %d", c.v)
		require.NoError(t, r.Err())
		assert.Equal(t, 100+len(c.want), r.Off())
		assert.Equal(t, 0, r.Left())
	}
}

func TestUvarintRejects(t *testing.T) {
	cases := []struct {
		name string
		b    []byte
	}{
		{"empty", nil},
		{"unterminated", []byte{0x80}},
		{"unterminated 5", []byte{0x80, 0x80, 0x80, 0x80, 0x80}},
		{"over 2^32-1", []byte{0x80, 0x80, 0x80, 0x80, 0x10}},
		{"6 bytes", []byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x00}},
	}
	for _, c := range cases {
		r := wire.NewReader(c.b, 7)
		assert.Equal(t, uint32(0), r.Uvarint(), c.name)
		f := r.Failure()
		if assert.NotNil(t, f, c.name) {
			assert.Equal(t, 7, f.Off, c.name)
		}
	}
}

func TestVarintBoundaries(t *testing.T) {
	cases := []struct {
		v    int32
		want []byte
	}{
		{0, []byte{0x00}},
		{-1, []byte{0x01}},
		{1, []byte{0x02}},
		{-64, []byte{0x7f}},
		{63, []byte{0x7e}},
		{64, []byte{0x80, 0x01}},
		{-65, []byte{0x81, 0x01}},
		{8191, []byte{0xfe, 0x7f}},
		{-8192, []byte{0xff, 0x7f}},
		{8192, []byte{0x80, 0x80, 0x01}},
		{math.MaxInt32, []byte{0xfe, 0xff, 0xff, 0xff, 0x0f}},
		{math.MinInt32, []byte{0xff, 0xff, 0xff, 0xff, 0x0f}},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, wire.AppendVarint(nil, c.v), "append %d", c.v)
		assert.Equal(t, len(c.want), wire.VarlongLen(int64(c.v)), "len %d", c.v)
		r := wire.NewReader(c.want, 0)
		assert.Equal(t, c.v, r.Varint(), "read %d", c.v)
		assert.NoError(t, r.Err())
		assert.Equal(t, len(c.want), r.Off())
	}
	// A varint that is a valid varlong but does not fit 32 bits.
	big := wire.AppendVarlong(nil, math.MaxInt32+1)
	r := wire.NewReader(big, 3)
	assert.Equal(t, int32(0), r.Varint())
	if assert.NotNil(t, r.Failure()) {
		assert.Equal(t, 3, r.Failure().Off)
	}
}

func TestVarlongBoundaries(t *testing.T) {
	for _, v := range []int64{0, -1, 1, 63, -64, 64, -65, 8191, -8192, 8192, math.MaxInt32, math.MinInt32, math.MaxInt64, math.MinInt64} {
		b := wire.AppendVarlong(nil, v)
		assert.Equal(t, binary.AppendVarint(nil, v), b, "%d", v)
		assert.Equal(t, len(b), wire.VarlongLen(v), "%d", v)
		r := wire.NewReader(b, 0)
		assert.Equal(t, v, r.Varlong(), "%d", v)
		assert.NoError(t, r.Err())
	}
	assert.Len(t, wire.AppendVarlong(nil, math.MaxInt64), 10)
	assert.Len(t, wire.AppendVarlong(nil, math.MinInt64), 10)
	r := wire.NewReader([]byte{0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x01}, 0)
	r.Varlong()
	assert.Error(t, r.Err(), "11-byte varlong")
	r = wire.NewReader([]byte{0x80, 0x80}, 5)
	r.Varlong()
	if assert.NotNil(t, r.Failure()) {
		assert.Equal(t, 5, r.Failure().Off)
	}
}

// TestLengthsExhaustive compares UvarintLen and VarlongLen with what the appenders write.
func TestLengthsExhaustive(t *testing.T) {
	check := func(u uint32) {
		if got, want := wire.UvarintLen(u), len(wire.AppendUvarint(nil, u)); got != want {
			t.Fatalf("UvarintLen(%d) = %d, writes %d", u, got, want)
		}
		v := int64(int32(u))
		if got, want := wire.VarlongLen(v), len(wire.AppendVarlong(nil, v)); got != want {
			t.Fatalf("VarlongLen(%d) = %d, writes %d", v, got, want)
		}
	}
	for u := uint32(0); u < 1<<22; u++ {
		check(u)
	}
	for u := uint32(math.MaxUint32); u > math.MaxUint32-1<<20; u-- {
		check(u)
	}
	for shift := 0; shift < 64; shift++ {
		for _, d := range []int64{-1, 0, 1} {
			for _, sign := range []int64{1, -1} {
				v := sign * (int64(1)<<shift + d)
				assert.Equal(t, len(wire.AppendVarlong(nil, v)), wire.VarlongLen(v), "%d", v)
				if shift < 32 {
					u := uint32(int64(1)<<shift + d)
					assert.Equal(t, len(wire.AppendUvarint(nil, u)), wire.UvarintLen(u), "%d", u)
				}
			}
		}
	}
}

func TestFixedWidth(t *testing.T) {
	var b []byte
	b = wire.AppendBool(b, true)
	b = wire.AppendInt8(b, -2)
	b = wire.AppendInt16(b, -300)
	b = wire.AppendUint16(b, 65535)
	b = wire.AppendInt32(b, math.MinInt32)
	b = wire.AppendUint32(b, math.MaxUint32)
	b = wire.AppendInt64(b, math.MaxInt64)
	b = wire.AppendFloat64(b, -1.5)
	u := [16]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}
	b = wire.AppendUUID(b, u)
	assert.Equal(t, []byte{1, 0xfe, 0xfe, 0xd4, 0xff, 0xff, 0x80, 0, 0, 0, 0xff, 0xff, 0xff, 0xff,
		0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xbf, 0xf8, 0, 0, 0, 0, 0, 0}, b[:30])
	r := wire.NewReader(b, 0)
	assert.True(t, r.Bool())
	assert.Equal(t, int8(-2), r.Int8())
	assert.Equal(t, int16(-300), r.Int16())
	assert.Equal(t, uint16(65535), r.Uint16())
	assert.Equal(t, int32(math.MinInt32), r.Int32())
	assert.Equal(t, uint32(math.MaxUint32), r.Uint32())
	assert.Equal(t, int64(math.MaxInt64), r.Int64())
	assert.Equal(t, -1.5, r.Float64())
	assert.Equal(t, u, r.UUID())
	assert.NoError(t, r.Err())
	assert.Equal(t, 0, r.Left())

	r = wire.NewReader([]byte{2}, 0)
	r.Bool()
	assert.Error(t, r.Err(), "a bool of 2")
}

// TestStickyError checks that the first error and its offset stay, and that
// nothing is read after it.
func TestStickyError(t *testing.T) {
	r := wire.NewReader([]byte{0, 1, 2, 3, 4}, 0x10)
	assert.Equal(t, int16(1), r.Int16())
	assert.Equal(t, int32(0), r.Int32(), "4 bytes needed, 3 left")
	first := r.Failure()
	require.NotNil(t, first)
	assert.Equal(t, 0x12, first.Off)
	assert.Contains(t, first.Error(), "at 0x0012")
	assert.Equal(t, 0x12, r.Off(), "the reader stays where it failed")

	// Later reads, even ones that would fit, return zero and keep the first error.
	assert.Equal(t, int8(0), r.Int8())
	assert.Equal(t, uint32(0), r.Uvarint())
	assert.Nil(t, r.Bytes(1, "x"))
	r.Fail(0x99, "another")
	assert.Same(t, first, r.Failure())
	assert.Equal(t, 0x12, r.Failure().Off)
	assert.Equal(t, 3, r.Left())
}

// TestLengthRejectsHostileCounts: a count larger than the bytes left, or
// negative, fails before any allocation.
func TestLengthRejectsHostileCounts(t *testing.T) {
	b := make([]byte, 12)
	r := wire.NewReader(b, 40)
	assert.True(t, r.Length(40, 3, 4, "array length"))
	assert.True(t, r.Length(40, 12, 1, "string length"))
	assert.True(t, r.Length(40, 0, 4, "array length"))
	assert.True(t, r.Length(40, 12, 0, "minSize 0 counts as 1"))
	assert.NoError(t, r.Err())

	for _, c := range []struct {
		n       int64
		minSize int
	}{{4, 4}, {13, 1}, {math.MaxInt32, 1}, {math.MaxInt64, 8}, {-2, 1}, {math.MinInt64, 1}} {
		r := wire.NewReader(b, 40)
		assert.False(t, r.Length(44, c.n, c.minSize, "array length"), "%d x %d", c.n, c.minSize)
		if assert.NotNil(t, r.Failure(), "%d", c.n) {
			assert.Equal(t, 44, r.Failure().Off)
		}
	}
	// Rejecting costs an error message, not an array: under 1 KiB in all.
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < 100; i++ {
		r := wire.NewReader(b, 0)
		r.Length(0, math.MaxInt32, 16, "array length")
	}
	runtime.ReadMemStats(&after)
	assert.Less(t, (after.TotalAlloc-before.TotalAlloc)/100, uint64(1024), "bytes allocated per rejected length")

	// After an error, Length refuses everything.
	r = wire.NewReader(b, 0)
	r.Bytes(13, "x")
	assert.False(t, r.Length(0, 0, 1, "array length"))
}

func TestRest(t *testing.T) {
	r := wire.NewReader([]byte{1, 2, 3}, 0)
	r.Int8()
	assert.Equal(t, []byte{2, 3}, r.Rest())
	assert.Equal(t, 2, r.Left())
	// Bytes is capped at its length, so appending to it cannot clobber what follows.
	r = wire.NewReader([]byte{1, 2, 3}, 0)
	got := r.Bytes(1, "x")
	_ = append(got, 9)
	assert.Equal(t, byte(2), r.Rest()[0])
}

// TestBytesNegative: a negative count is an error, never a panic (records
// computes counts from lengths it read).
func TestBytesNegative(t *testing.T) {
	r := wire.NewReader([]byte{1, 2, 3}, 10)
	r.Int8()
	var got []byte
	require.NotPanics(t, func() { got = r.Bytes(-1, "records") })
	assert.Nil(t, got)
	if assert.NotNil(t, r.Failure()) {
		assert.Equal(t, 11, r.Failure().Off)
	}
}

// An overlong varint reads as a value Kafka accepts but cannot be written back
// byte for byte, so it is reported where it starts.
func TestOverlongVarints(t *testing.T) {
	r := wire.NewReader([]byte{0x80, 0x00}, 0x10)
	assert.Equal(t, uint32(0), r.Uvarint())
	require.Error(t, r.Err())
	assert.Equal(t, "at 0x0010: unsigned varint 0 written in 2 bytes; it takes 1", r.Err().Error())

	r = wire.NewReader([]byte{0x81, 0x80, 0x00}, 0)
	r.Varlong()
	assert.EqualError(t, r.Err(), "at 0x0000: varint -1 written in 3 bytes; it takes 1")
}

// TestOneByteVarints: every one-byte varint reads as encoding/binary reads
// it (the readers take a shortcut for them), and consumes one byte.
func TestOneByteVarints(t *testing.T) {
	for c := 0; c < 0x80; c++ {
		b := []byte{byte(c), 0xff}
		want, _ := binary.Varint(b)
		r := wire.NewReader(b, 0)
		assert.Equal(t, want, r.Varlong(), "varlong %#x", c)
		assert.Equal(t, 1, r.Off())
		r = wire.NewReader(b, 0)
		assert.Equal(t, int32(want), r.Varint(), "varint %#x", c)
		r = wire.NewReader(b, 0)
		assert.Equal(t, uint32(c), r.Uvarint(), "uvarint %#x", c)
		assert.Equal(t, 1, r.Off())
		assert.NoError(t, r.Err())
	}
}
