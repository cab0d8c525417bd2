package records

import "github.com/kafkawire/kafkawire/codec/wire"

// parseRecords reads up to count records from b (at offset base) without
// building nodes. It accepts exactly what decodeRecord accepts and reports
// only whether what it read parsed: on any trouble the caller lays the
// records out node by node, which says where and why. It stops early,
// cleanly, before a record that would take the records and headers read
// past budget; used is the bytes read and cost the records and headers.
func parseRecords(b []byte, base, count, budget int) (recs []Record, used, cost int, ok bool) {
	r := wire.NewReader(b, base)
	recs = make([]Record, 0, min(count, budget))
	// The records' headers are carved from one slab rather than a slice
	// each: a Fetch response holds thousands of records, most with a header
	// or two, and one allocation per record was a good part of the decode.
	// Each record's list is capped at its own length, so an edit that
	// appends to it copies rather than writing over the next record's.
	var slab []Header
	for j := 0; j < count; j++ {
		if cost == budget {
			return recs, r.Off() - base, cost, true
		}
		start := r.Off()
		length := r.Varint()
		if !r.Length(r.Off(), int64(length), 1, "record length") {
			return nil, 0, 0, false
		}
		rr := wire.NewReader(r.Bytes(int(length), "record"), r.Off()-int(length))
		// The record is read straight into its place in recs: building it
		// aside and appending it copied it again, under the GC's write
		// barrier whenever a collection was marking (a tenth of the decode).
		recs = append(recs, Record{})
		rec := &recs[len(recs)-1]
		rec.Attributes = rr.Int8()
		rec.TimestampDelta = rr.Varlong()
		rec.OffsetDelta = rr.Varint()
		if rec.Key, ok = parseVarBytes(rr); !ok {
			return nil, 0, 0, false
		}
		if rec.Value, ok = parseVarBytes(rr); !ok {
			return nil, 0, 0, false
		}
		hc := rr.Varint()
		if rr.Err() != nil || !rr.Length(rr.Off(), int64(hc), 2, "header count") {
			return nil, 0, 0, false
		}
		if cost+1+int(hc) > budget {
			recs[len(recs)-1] = Record{}
			return recs[:len(recs)-1], start - base, cost, true
		}
		cost += 1 + int(hc)
		if hc > 0 {
			if cap(slab)-len(slab) < int(hc) {
				// Room for this record's headers and one for each record
				// still to come, all within the budget checked above.
				slab = make([]Header, 0, max(int(hc), min(count-j, budget-cost)))
			}
			first := len(slab)
			for h := int32(0); h < hc; h++ {
				slab = append(slab, Header{})
				x := &slab[len(slab)-1]
				if x.Key, ok = parseVarBytes(rr); !ok {
					return nil, 0, 0, false
				}
				if x.Value, ok = parseVarBytes(rr); !ok {
					return nil, 0, 0, false
				}
			}
			rec.Headers = slab[first:len(slab):len(slab)]
		}
		if rr.Err() != nil || rr.Left() > 0 || r.Err() != nil {
			return nil, 0, 0, false
		}
	}
	return recs, r.Off() - base, cost, r.Err() == nil
}

func parseVarBytes(r *wire.Reader) (Bytes, bool) {
	size := r.Varint()
	switch {
	case r.Err() != nil || size < -1:
		return nil, false
	case size == -1:
		return nil, true
	case size == 0:
		return Bytes{}, true
	}
	if !r.Length(r.Off(), int64(size), 1, "bytes") {
		return nil, false
	}
	return Bytes(r.Bytes(int(size), "bytes")), r.Err() == nil
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
