package records

import "github.com/kafkawire/kafkawire/codec/wire"

// parseRecords reads count records from b (at offset base) without building
// nodes. It accepts exactly what decodeRecord accepts and reports only
// whether all of b parsed: on any trouble the caller lays the records out
// node by node, which says where and why.
func parseRecords(b []byte, base, count int) ([]Record, bool) {
	r := wire.NewReader(b, base)
	recs := make([]Record, 0, count)
	for j := 0; j < count; j++ {
		length := r.Varint()
		if !r.Length(r.Off(), int64(length), 1, "record length") {
			return nil, false
		}
		rr := wire.NewReader(r.Bytes(int(length), "record"), r.Off()-int(length))
		var rec Record
		rec.Attributes = rr.Int8()
		rec.TimestampDelta = rr.Varlong()
		rec.OffsetDelta = rr.Varint()
		var ok bool
		if rec.Key, ok = parseVarBytes(rr); !ok {
			return nil, false
		}
		if rec.Value, ok = parseVarBytes(rr); !ok {
			return nil, false
		}
		hc := rr.Varint()
		if rr.Err() != nil || !rr.Length(rr.Off(), int64(hc), 2, "header count") {
			return nil, false
		}
		if hc > 0 {
			rec.Headers = make([]Header, 0, hc)
			for h := int32(0); h < hc; h++ {
				var x Header
				if x.Key, ok = parseVarBytes(rr); !ok {
					return nil, false
				}
				if x.Value, ok = parseVarBytes(rr); !ok {
					return nil, false
				}
				rec.Headers = append(rec.Headers, x)
			}
		}
		if rr.Err() != nil || rr.Left() > 0 || r.Err() != nil {
			return nil, false
		}
		recs = append(recs, rec)
	}
	return recs, r.Err() == nil && r.Left() == 0
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
