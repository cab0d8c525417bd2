// Package wire reads and writes the Kafka protocol's primitive types: fixed-size integers, varints, strings, bytes, array lengths and UUIDs.
//
// The Reader keeps the first error it meets (a sticky error, as franz-go's
// kbin does), so decoding code runs straight-line and checks once. Every
// length is checked against the bytes left before anything is allocated.
// Offsets in errors are absolute: a Reader knows where its buffer starts.
package wire

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/bits"
)

// Error says where decoding stopped and what was expected there.
type Error struct {
	Off int    // absolute offset of the first byte that did not fit
	Msg string // what was expected, e.g. "string length 300 runs past the end, 12 bytes left"
}

func (e *Error) Error() string { return fmt.Sprintf("at 0x%04x: %s", e.Off, e.Msg) }

// Reader decodes primitives from a byte slice. After an error it stays where
// the error happened, so Off tells where decoding stopped.
type Reader struct {
	buf  []byte
	pos  int
	base int // absolute offset of buf[0]
	err  *Error
}

// NewReader reads b, whose first byte sits at absolute offset base.
func NewReader(b []byte, base int) *Reader { return &Reader{buf: b, base: base} }

// Off is the absolute offset of the next byte.
func (r *Reader) Off() int { return r.base + r.pos }

// Left is the number of unread bytes.
func (r *Reader) Left() int { return len(r.buf) - r.pos }

// Err is the first error met, or nil.
func (r *Reader) Err() error {
	if r.err == nil {
		return nil
	}
	return r.err
}

// Failure is the first error met as *Error, or nil.
func (r *Reader) Failure() *Error { return r.err }

// Fail records an error at absolute offset off, unless one is already recorded.
func (r *Reader) Fail(off int, format string, args ...any) {
	if r.err == nil {
		r.err = &Error{Off: off, Msg: fmt.Sprintf(format, args...)}
	}
}

// Rest returns the unread bytes without consuming them.
func (r *Reader) Rest() []byte { return r.buf[r.pos:] }

// take consumes n bytes of a value called what, or fails and returns nil.
func (r *Reader) take(n int, what string) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 {
		r.Fail(r.Off(), "%s length %d is negative", what, n)
		return nil
	}
	if n > r.Left() {
		r.Fail(r.Off(), "%s needs %d bytes, %d left", what, n, r.Left())
		return nil
	}
	b := r.buf[r.pos : r.pos+n : r.pos+n]
	r.pos += n
	return b
}

// Bytes consumes n raw bytes.
func (r *Reader) Bytes(n int, what string) []byte { return r.take(n, what) }

func (r *Reader) Bool() bool {
	off := r.Off()
	b := r.take(1, "bool")
	if b == nil {
		return false
	}
	if b[0] > 1 {
		r.Fail(off, "bool must be 0 or 1, found %d", b[0])
	}
	return b[0] == 1
}

func (r *Reader) Int8() int8 {
	if b := r.take(1, "int8"); b != nil {
		return int8(b[0])
	}
	return 0
}

func (r *Reader) Int16() int16 {
	if b := r.take(2, "int16"); b != nil {
		return int16(binary.BigEndian.Uint16(b))
	}
	return 0
}

func (r *Reader) Uint16() uint16 {
	if b := r.take(2, "uint16"); b != nil {
		return binary.BigEndian.Uint16(b)
	}
	return 0
}

func (r *Reader) Int32() int32 {
	if b := r.take(4, "int32"); b != nil {
		return int32(binary.BigEndian.Uint32(b))
	}
	return 0
}

func (r *Reader) Uint32() uint32 {
	if b := r.take(4, "uint32"); b != nil {
		return binary.BigEndian.Uint32(b)
	}
	return 0
}

func (r *Reader) Int64() int64 {
	if b := r.take(8, "int64"); b != nil {
		return int64(binary.BigEndian.Uint64(b))
	}
	return 0
}

func (r *Reader) Float64() float64 {
	if b := r.take(8, "float64"); b != nil {
		return math.Float64frombits(binary.BigEndian.Uint64(b))
	}
	return 0
}

// UUID consumes 16 bytes.
func (r *Reader) UUID() (u [16]byte) {
	if b := r.take(16, "uuid"); b != nil {
		copy(u[:], b)
	}
	return u
}

// Uvarint consumes an unsigned varint of at most 5 bytes (a uint32), as compact lengths and tags use.
func (r *Reader) Uvarint() uint32 {
	if r.err != nil {
		return 0
	}
	if r.pos < len(r.buf) && r.buf[r.pos] < 0x80 {
		// One byte, the common case (tag counts, short lengths): always minimal.
		r.pos++
		return uint32(r.buf[r.pos-1])
	}
	off := r.Off()
	v, n := binary.Uvarint(r.buf[r.pos:])
	switch {
	case n == 0:
		r.Fail(off, "unsigned varint runs past the end, %d bytes left", r.Left())
		return 0
	case n < 0 || n > 5 || v > math.MaxUint32:
		r.Fail(off, "unsigned varint longer than 5 bytes or over 2^32-1")
		return 0
	}
	if n != UvarintLen(uint32(v)) {
		// Kafka reads such a varint, but it cannot be written back as it was.
		r.Fail(off, "unsigned varint %d written in %d bytes; it takes %d", v, n, UvarintLen(uint32(v)))
		return 0
	}
	r.pos += n
	return uint32(v)
}

// Varint consumes a zigzag varint of at most 5 bytes (an int32), as record fields use.
func (r *Reader) Varint() int32 {
	off := r.Off()
	v := r.Varlong()
	if r.err == nil && (v < math.MinInt32 || v > math.MaxInt32) {
		r.Fail(off, "varint %d does not fit in 32 bits", v)
		return 0
	}
	return int32(v)
}

// Varlong consumes a zigzag varint of at most 10 bytes (an int64).
func (r *Reader) Varlong() int64 {
	if r.err != nil {
		return 0
	}
	if r.pos < len(r.buf) && r.buf[r.pos] < 0x80 {
		// One byte, the common case in records (deltas, null keys, header
		// counts): always minimal, and zigzag-decoded here.
		b := int64(r.buf[r.pos])
		r.pos++
		return b>>1 ^ -(b & 1)
	}
	off := r.Off()
	v, n := binary.Varint(r.buf[r.pos:])
	if n <= 0 {
		if n == 0 {
			r.Fail(off, "varint runs past the end, %d bytes left", r.Left())
		} else {
			r.Fail(off, "varint longer than 10 bytes")
		}
		return 0
	}
	if n != VarlongLen(v) {
		r.Fail(off, "varint %d written in %d bytes; it takes %d", v, n, VarlongLen(v))
		return 0
	}
	r.pos += n
	return v
}

// Length checks a decoded length n against the bytes left: each element needs at least
// minSize bytes. It returns false (and fails) when n cannot fit, so nothing is allocated for it.
func (r *Reader) Length(off int, n int64, minSize int, what string) bool {
	return r.bound(off, n, minSize, what, "")
}

// bound is Length naming the value what+suffix, a string built only when it fails.
func (r *Reader) bound(off int, n int64, minSize int, what, suffix string) bool {
	if r.err != nil {
		return false
	}
	if n < 0 {
		r.Fail(off, "%s%s %d is negative", what, suffix, n)
		return false
	}
	if minSize < 1 {
		minSize = 1
	}
	if n > int64(r.Left()/minSize) {
		r.Fail(off, "%s%s %d runs past the end, %d bytes left", what, suffix, n, r.Left())
		return false
	}
	return true
}

// Appending. Each function appends one primitive to dst and returns the extended slice.

func AppendBool(dst []byte, v bool) []byte {
	if v {
		return append(dst, 1)
	}
	return append(dst, 0)
}
func AppendInt8(dst []byte, v int8) []byte   { return append(dst, byte(v)) }
func AppendInt16(dst []byte, v int16) []byte { return binary.BigEndian.AppendUint16(dst, uint16(v)) }
func AppendUint16(dst []byte, v uint16) []byte {
	return binary.BigEndian.AppendUint16(dst, v)
}
func AppendInt32(dst []byte, v int32) []byte { return binary.BigEndian.AppendUint32(dst, uint32(v)) }
func AppendUint32(dst []byte, v uint32) []byte {
	return binary.BigEndian.AppendUint32(dst, v)
}
func AppendInt64(dst []byte, v int64) []byte { return binary.BigEndian.AppendUint64(dst, uint64(v)) }
func AppendFloat64(dst []byte, v float64) []byte {
	return binary.BigEndian.AppendUint64(dst, math.Float64bits(v))
}
func AppendUUID(dst []byte, u [16]byte) []byte  { return append(dst, u[:]...) }
func AppendUvarint(dst []byte, v uint32) []byte { return binary.AppendUvarint(dst, uint64(v)) }
func AppendVarint(dst []byte, v int32) []byte   { return binary.AppendVarint(dst, int64(v)) }
func AppendVarlong(dst []byte, v int64) []byte  { return binary.AppendVarint(dst, v) }

// UvarintLen is the number of bytes AppendUvarint writes for v.
func UvarintLen(v uint32) int { return (bits.Len32(v|1) + 6) / 7 }

// VarlongLen is the number of bytes AppendVarlong writes for v.
func VarlongLen(v int64) int {
	u := uint64(v<<1) ^ uint64(v>>63)
	return (bits.Len64(u|1) + 6) / 7
}
