package schema

import (
	"encoding/binary"
	"testing"
)

// FixedSize agrees with the Go type each fixed kind is read into, and is 0
// for every kind whose size varies.
func TestFixedSize(t *testing.T) {
	fixed := map[Kind]any{
		KindBool: false, KindInt8: int8(0), KindInt16: int16(0), KindUint16: uint16(0),
		KindInt32: int32(0), KindUint32: uint32(0), KindInt64: int64(0), KindFloat64: float64(0),
		KindUUID: [16]byte{},
	}
	for k := KindStruct; k <= KindRecords; k++ {
		want := 0
		if v, ok := fixed[k]; ok {
			want = binary.Size(v)
		}
		if got := k.FixedSize(); got != want {
			t.Errorf("%s: FixedSize %d, want %d", k, got, want)
		}
	}
}
