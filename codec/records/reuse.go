package records

import (
	"encoding/binary"
)

// Reuse remembers the record batches one decode read cleanly, so that a
// later decode meeting the same bytes again takes what the first one worked
// out rather than working it out again. An edit of a 1 MiB fetch response
// changes a field or one batch, and the frame is then encoded and decoded
// whole: without this, every other batch's records were parsed, hashed and
// checksummed again, most of the edit's time.
//
// What a batch decodes to is a function of its bytes alone, once the
// frame's budget leaves room for it, so taking the earlier result for equal
// bytes gives exactly what decoding them again would: a batch is matched on
// its length, CRC and base offset, then compared byte for byte.
//
// The batches a Reuse holds share their records (and decompressed buffers)
// with the set they were decoded into: that set must not be edited in place
// once a later decode may take from it (edit a Clone of it, as the page does).
type Reuse struct {
	batches map[reuseKey][]*reused
}

type reuseKey struct {
	size int
	crc  uint32
	base int64
}

// reused is one batch as a decode read it: the fields and records it got,
// what it cost of the frame's budget, and its decompressed records.
type reused struct {
	raw   []byte
	batch Batch // as decoded: fields, Records, sum, kept compressed bytes
	cost  int   // records and headers, as parseRecords counted them
	plain []byte
}

func keyOf(b []byte) reuseKey {
	return reuseKey{size: len(b), crc: binary.BigEndian.Uint32(b[17:]), base: int64(binary.BigEndian.Uint64(b))}
}

// remember keeps batch, decoded cleanly from raw, for a later decode.
func (u *Reuse) remember(raw []byte, batch *Batch, cost int, plain []byte) {
	if u.batches == nil {
		u.batches = map[reuseKey][]*reused{}
	}
	k := keyOf(raw)
	u.batches[k] = append(u.batches[k], &reused{raw: raw, batch: *batch, cost: cost, plain: plain})
}

// find is the remembered batch decoded from exactly the bytes b, or nil.
func (u *Reuse) find(b []byte) *reused {
	if u == nil || len(b) < batchHeaderLen || int8(b[magicOff]) != 2 {
		return nil
	}
	for _, r := range u.batches[keyOf(b)] {
		if sameBytes(r.raw, b) {
			return r
		}
	}
	return nil
}

// sameBytes compares a and b eight bytes at a time: in wasm, bytes.Equal
// compares one byte at a time, and a 1 MiB frame is compared whole.
func sameBytes(a, b []byte) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) > 0 && &a[0] == &b[0] {
		return true
	}
	i := 0
	for ; i+8 <= len(a); i += 8 {
		if binary.LittleEndian.Uint64(a[i:]) != binary.LittleEndian.Uint64(b[i:]) {
			return false
		}
	}
	for ; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
