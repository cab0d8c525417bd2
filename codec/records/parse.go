package records

import (
	"encoding/binary"
	"math"

	"github.com/kafkawire/kafkawire/codec/wire"
)

// parseRecords reads up to count records from b without building nodes.
// It accepts exactly what decodeRecord accepts and reports only whether
// what it read parsed: on any trouble the caller lays the records out node
// by node, which says where and why. It stops early, cleanly, before a
// record that would take the records and headers read past budget; used is
// the bytes read and cost the records and headers.
//
// It reads with a scan of its own rather than a wire.Reader: it needs no
// offsets or messages, and a Fetch response's thousands of records spent
// half its decode in the reader's checks and calls.
func parseRecords(b []byte, count, budget int) (recs []Record, used, cost int, ok bool) {
	s := scan{b: b}
	recs = make([]Record, 0, min(count, budget))
	// The records' headers are carved from one slab rather than a slice
	// each: a Fetch response holds thousands of records, most with a header
	// or two, and one allocation per record was a good part of the decode.
	// Each record's list is capped at its own length, so an edit that
	// appends to it copies rather than writing over the next record's.
	var slab []Header
	for j := 0; j < count; j++ {
		if cost == budget {
			return recs, len(b) - len(s.b), cost, true
		}
		start := len(b) - len(s.b)
		rs := scan{b: s.record()}
		// The record is read straight into its place in recs: building it
		// aside and appending it copied it again, under the GC's write
		// barrier whenever a collection was marking (a tenth of the decode).
		recs = append(recs, Record{})
		rec := &recs[len(recs)-1]
		rec.Attributes = rs.int8()
		rec.TimestampDelta = rs.varlong()
		rec.OffsetDelta = rs.varint()
		rec.Key = rs.bytes()
		rec.Value = rs.bytes()
		hc := rs.varint()
		if s.bad || rs.bad || hc < 0 || int(hc) > len(rs.b)/2 {
			return nil, 0, 0, false
		}
		if cost+1+int(hc) > budget {
			recs[len(recs)-1] = Record{}
			return recs[:len(recs)-1], start, cost, true
		}
		cost += 1 + int(hc)
		if hc > 0 {
			if cap(slab)-len(slab) < int(hc) {
				// Room for this record's headers and one for each record
				// still to come, all within the budget checked above.
				slab = make([]Header, 0, max(int(hc), min(count-j, budget-cost)))
			}
			first := len(slab)
			for range hc {
				slab = append(slab, Header{})
				x := &slab[len(slab)-1]
				x.Key = rs.bytes()
				x.Value = rs.bytes()
			}
			rec.Headers = slab[first:len(slab):len(slab)]
		}
		if rs.bad || len(rs.b) > 0 {
			return nil, 0, 0, false
		}
	}
	return recs, len(b) - len(s.b), cost, true
}

// scan reads a record's parts from the front of b, by the rules of
// wire.Reader (varints minimal and in range, lengths within what is left),
// but keeps only whether all of it read: bad once anything did not.
type scan struct {
	b   []byte
	bad bool
}

func (s *scan) int8() int8 {
	if len(s.b) == 0 {
		s.bad = true
		return 0
	}
	v := int8(s.b[0])
	s.b = s.b[1:]
	return v
}

func (s *scan) varlong() int64 {
	if len(s.b) > 0 && s.b[0] < 0x80 {
		v := int64(s.b[0])
		s.b = s.b[1:]
		return v>>1 ^ -(v & 1)
	}
	if len(s.b) > 1 && s.b[1] < 0x80 && s.b[1] != 0 {
		// Two bytes, minimal as the second is not 0: the lengths of most
		// keys, values and records.
		v := int64(s.b[0]&0x7f) | int64(s.b[1])<<7
		s.b = s.b[2:]
		return v>>1 ^ -(v & 1)
	}
	v, n := binary.Varint(s.b)
	if n <= 0 || n != wire.VarlongLen(v) {
		s.bad = true
		return 0
	}
	s.b = s.b[n:]
	return v
}

func (s *scan) varint() int32 {
	v := s.varlong()
	if v < math.MinInt32 || v > math.MaxInt32 {
		s.bad = true
		return 0
	}
	return int32(v)
}

// record is the bytes of the record whose varint length comes next.
func (s *scan) record() []byte {
	n := s.varint()
	if n < 0 || int(n) > len(s.b) {
		s.bad = true
		return nil
	}
	r := s.b[:n:n]
	s.b = s.b[n:]
	return r
}

// bytes reads a varint-length byte string: nil for length -1, as decodeRecord reads it.
func (s *scan) bytes() Bytes {
	n := s.varint()
	switch {
	case n == -1:
		return nil
	case n < -1 || int(n) > len(s.b):
		s.bad = true
		return nil
	case n == 0:
		return Bytes{}
	}
	v := Bytes(s.b[:n:n])
	s.b = s.b[n:]
	return v
}

// parseMessages reads the legacy messages of a wrapper's decompressed set b
// without building nodes, as decodeMessage reads them inside a wrapper. It
// accepts exactly what that accepts and reports only whether what it read
// parsed; it stops cleanly before the message that would pass budget. used
// is the bytes the messages read.
func parseMessages(b []byte, budget int) (msgs []*Message, used int, ok bool) {
	r := wire.NewReader(b, 0)
	for r.Left() > 0 {
		if len(msgs) == budget {
			return msgs, r.Off(), true
		}
		m := &Message{Offset: r.Int64()}
		sizeOff := r.Off()
		size := r.Int32()
		if r.Err() != nil || !r.Length(sizeOff, int64(size), 1, "message size") {
			return nil, 0, false
		}
		mr := wire.NewReader(r.Bytes(int(size), "message"), sizeOff+4)
		m.CRC = mr.Uint32()
		m.Magic = mr.Int8()
		if m.Magic != 0 && m.Magic != 1 {
			return nil, 0, false
		}
		m.Attributes = mr.Int8()
		if m.Magic == 1 {
			m.Timestamp = mr.Int64()
		}
		m.Key = parseInt32Bytes(mr)
		m.Value = parseInt32Bytes(mr)
		if r.Err() != nil || mr.Err() != nil || mr.Left() > 0 || Codec(m.Attributes&legacyAttrCodec) != CodecNone {
			return nil, 0, false
		}
		msgs = append(msgs, m)
	}
	return msgs, r.Off(), r.Err() == nil
}

// parseInt32Bytes reads an int32-length byte string as sizedBytes does; the reader says whether it read.
func parseInt32Bytes(r *wire.Reader) Bytes {
	l := r.ReadLength(wire.PrefixInt32, "bytes")
	switch {
	case l.N > 0 && r.Fits(l, 1, "bytes"):
		return r.Data(l, "bytes")
	case l.N == 0:
		return Bytes{}
	}
	return nil
}
