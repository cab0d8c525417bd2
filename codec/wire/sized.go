package wire

import "math"

// Length-prefixed values: strings, bytes and arrays. Kafka writes their
// lengths four ways (see Prefix); the reading side returns where the length
// sits, so a layout can show it as a node of its own, and checks every
// length against the bytes left before a caller allocates for it.

// Prefix is how a length is written in front of a string, bytes or an array.
type Prefix uint8

const (
	PrefixInt16   Prefix = iota // classic strings: int16, -1 = null
	PrefixInt32                 // classic bytes and arrays: int32, -1 = null
	PrefixCompact               // flexible versions (KIP-482): unsigned varint of length+1, 0 = null
	PrefixVarint                // inside record batches: zigzag varint, -1 = null
)

// StringPrefix is how a string's length is written: compact in flexible versions, else int16.
func StringPrefix(compact bool) Prefix {
	if compact {
		return PrefixCompact
	}
	return PrefixInt16
}

// BytesPrefix is how a byte string's or an array's length is written: compact in flexible versions, else int32.
func BytesPrefix(compact bool) Prefix {
	if compact {
		return PrefixCompact
	}
	return PrefixInt32
}

// ArrayPrefix is how an array's length is written; arrays share the bytes' prefixes.
func ArrayPrefix(compact bool) Prefix { return BytesPrefix(compact) }

// String is the wire type of the prefix: "int16", "int32", "uvarint" or "varint".
func (p Prefix) String() string {
	switch p {
	case PrefixInt16:
		return "int16"
	case PrefixInt32:
		return "int32"
	case PrefixCompact:
		return "uvarint"
	case PrefixVarint:
		return "varint"
	}
	return "unknown prefix"
}

// Max is the largest length the prefix can hold.
func (p Prefix) Max() int {
	switch p {
	case PrefixInt16:
		return math.MaxInt16
	case PrefixCompact:
		return math.MaxUint32 - 1
	}
	return math.MaxInt32
}

// Length is a length prefix read back, and where it sits.
type Length struct {
	Off, End int // the prefix's span [Off, End): its data, if any, starts at End
	N        int // the length it gives, -1 for null (for compact, the value written less one)
}

// Null reports whether the prefix says null.
func (l Length) Null() bool { return l.N == -1 }

// ReadLength reads a length prefix written as p. It fails when the prefix
// does not fit or gives a length below -1; what names the value for the
// error ("string", "key"). It does not check the length against the bytes
// left: Fits and Data do. After a failure N means nothing (a compact
// prefix that did not read gives -1): check the reader's error first.
func (r *Reader) ReadLength(p Prefix, what string) Length {
	l := Length{Off: r.Off()}
	switch p {
	case PrefixInt16:
		l.N = int(r.Int16())
	case PrefixInt32:
		l.N = int(r.Int32())
	case PrefixCompact:
		l.N = int(r.Uvarint()) - 1
	case PrefixVarint:
		l.N = int(r.Varint())
	default:
		r.Fail(l.Off, "unknown length prefix %d", p)
	}
	l.End = r.Off()
	if r.err == nil && l.N < -1 {
		r.Fail(l.Off, "%s length %d: only -1 (null) may be negative", what, l.N)
	}
	return l
}

// Fits reports whether l.N elements of at least minSize bytes each fit in
// the bytes left, failing at the length when they do not. A null fits.
func (r *Reader) Fits(l Length, minSize int, what string) bool {
	if l.N == -1 {
		return r.err == nil
	}
	return r.bound(l.Off, int64(l.N), minSize, what, " length")
}

// Data consumes the bytes l prefixes: nil for null, else l.N bytes, failing
// at the length when they run past the end.
func (r *Reader) Data(l Length, what string) []byte {
	if l.N == -1 || !r.Fits(l, 1, what) {
		return nil
	}
	return r.take(l.N, what)
}

// Sized reads a length-prefixed byte string: its prefix, written as p, then
// its bytes (nil for null). The bytes sit at [l.End, l.End+len(b)).
func (r *Reader) Sized(p Prefix, what string) (l Length, b []byte) {
	l = r.ReadLength(p, what)
	return l, r.Data(l, what)
}

// ArrayLength reads an array's length, written as p, and checks that that
// many elements of at least minSize bytes each fit in the bytes left, so a
// caller can allocate for them.
func (r *Reader) ArrayLength(p Prefix, minSize int) Length {
	l := r.ReadLength(p, "array")
	r.Fits(l, minSize, "array")
	return l
}

// AppendLength appends length n written as p; -1 writes null.
func AppendLength(dst []byte, p Prefix, n int) []byte {
	switch p {
	case PrefixInt16:
		return AppendInt16(dst, int16(n))
	case PrefixCompact:
		return AppendUvarint(dst, uint32(n+1))
	case PrefixVarint:
		return AppendVarint(dst, int32(n))
	}
	return AppendInt32(dst, int32(n))
}

// AppendString appends s with its length written as p. The caller checks
// len(s) against p.Max: a longer string cannot be written.
func AppendString(dst []byte, p Prefix, s string) []byte {
	return append(AppendLength(dst, p, len(s)), s...)
}

// AppendBytes appends b with its length written as p; nil writes null.
func AppendBytes(dst []byte, p Prefix, b []byte) []byte {
	if b == nil {
		return AppendLength(dst, p, -1)
	}
	return append(AppendLength(dst, p, len(b)), b...)
}
