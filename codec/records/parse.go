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
		var rec Record
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
			return recs, start - base, cost, true
		}
		cost += 1 + int(hc)
		if hc > 0 {
			rec.Headers = make([]Header, 0, hc)
			for h := int32(0); h < hc; h++ {
				var x Header
				if x.Key, ok = parseVarBytes(rr); !ok {
					return nil, 0, 0, false
				}
				if x.Value, ok = parseVarBytes(rr); !ok {
					return nil, 0, 0, false
				}
				rec.Headers = append(rec.Headers, x)
			}
		}
		if rr.Err() != nil || rr.Left() > 0 || r.Err() != nil {
			return nil, 0, 0, false
		}
		recs = append(recs, rec)
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
