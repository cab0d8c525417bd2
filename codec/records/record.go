package records

import (
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
	"strconv"
)

// decodeRecord reads record j of batch b. Its length bounds it: a field running past the
// length, or bytes the fields leave unread, are errors, as they are for the broker.
func (d *decoder) decodeRecord(r *wire.Reader, parent *layout.Node, j int, b *Batch, control bool) Record {
	var rec Record
	key, name := layout.ElementName("records", j)
	n := d.add(parent, layout.Node{Name: name, Key: key, Type: "Record", Off: r.Off(), Buf: parent.Buf, Region: layout.RegionRecord})
	defer func() {
		n.End = r.Off()
		if f := r.Failure(); f != nil && n.Failed() == nil {
			n.Err = f
		}
	}()
	var length int32
	lenNode := d.field(r, n, "length", "varint", "bytes in the record after this field", func() string {
		length = r.Varint()
		return itoa(int64(length))
	})
	if lenNode == nil || !r.Length(lenNode.Off, int64(length), 1, "record length") {
		return rec
	}
	rr := wire.NewReader(r.Bytes(int(length), "record"), lenNode.End)
	d.field(rr, n, "attributes", "int8", "unused by Kafka so far", func() string {
		rec.Attributes = rr.Int8()
		return itoa(int64(rec.Attributes))
	})
	d.field(rr, n, "timestampDelta", "varlong", "added to the batch's baseTimestamp", func() string {
		rec.TimestampDelta = rr.Varlong()
		var buf [48]byte
		t := strconv.AppendInt(buf[:0], rec.TimestampDelta, 10)
		t = append(t, " (timestamp "...)
		t = strconv.AppendInt(t, b.BaseTimestamp+rec.TimestampDelta, 10)
		return string(append(t, ')'))
	})
	d.field(rr, n, "offsetDelta", "varint", "added to the batch's baseOffset", func() string {
		rec.OffsetDelta = rr.Varint()
		var buf [48]byte
		t := strconv.AppendInt(buf[:0], int64(rec.OffsetDelta), 10)
		t = append(t, " (offset "...)
		t = strconv.AppendInt(t, b.BaseOffset+int64(rec.OffsetDelta), 10)
		return string(append(t, ')'))
	})
	var kn, vn *layout.Node
	rec.Key, kn = d.varBytes(rr, n, "key", "the record key, -1 for null")
	rec.Value, vn = d.varBytes(rr, n, "value", "the record value, -1 for null")
	// The headers are a list as the JSON has them: a node over the count
	// and the headers, which one adds to.
	var hl *layout.Node
	if rr.Failure() == nil {
		hl = d.add(n, layout.Node{Name: "headers", Key: "headers", Type: "[]Header", Off: rr.Off(), Buf: n.Buf, Region: n.Region,
			Desc: "the record's headers, each a key and a value"})
	}
	var count int32
	hn := d.field(rr, hl, "headerCount", "varint", "number of headers that follow", func() string {
		count = rr.Varint()
		return itoa(int64(count))
	})
	if hn != nil {
		hl.Value = headersText(int(count))
	}
	d.budget.Records--
	if hn != nil && rr.Length(hn.Off, int64(count), 2, "header count") && int(count) > d.budget.Records {
		rr.Fail(hn.Off, "decoding stopped here: %d headers are more than the %d left of the frame's budget of %d records and headers",
			count, max(d.budget.Records, 0), MaxRecords)
	} else if hn != nil && count > 0 && rr.Failure() == nil {
		d.budget.Records -= int(count)
		rec.Headers = make([]Header, 0, count)
		for h := 0; h < int(count) && rr.Failure() == nil; h++ {
			key, name := layout.ElementName("headers", h)
			hdr := d.add(hl, layout.Node{Name: name, Key: key, Type: "Header", Off: rr.Off(), Buf: n.Buf, Region: n.Region})
			var x Header
			x.Key, _ = d.varBytes(rr, hdr, "key", "header name")
			x.Value, _ = d.varBytes(rr, hdr, "value", "header value, -1 for null")
			hdr.End = rr.Off()
			if rr.Failure() == nil {
				var buf [2*(2*previewMax+32) + 2]byte
				t := appendPreview(buf[:0], x.Key)
				t = append(t, ": "...)
				hdr.Value = string(appendPreview(t, x.Value))
				rec.Headers = append(rec.Headers, x)
			}
		}
	}
	if hl != nil {
		hl.End = rr.Off()
	}
	if rr.Failure() == nil && rr.Left() > 0 {
		rr.Fail(rr.Off(), "record length %d leaves %d bytes after the headers", length, rr.Left())
	}
	if f := rr.Failure(); f != nil {
		r.Fail(f.Off, "%s", f.Msg)
		return rec
	}
	var buf [96]byte
	t := append(buf[:0], "offset "...)
	t = strconv.AppendInt(t, b.BaseOffset+int64(rec.OffsetDelta), 10)
	t = append(t, ", timestamp "...)
	n.Value = string(appendStamp(t, b.BaseTimestamp+rec.TimestampDelta))
	if control {
		d.controlNodes(kn, vn, rec.Key, rec.Value)
		if t := controlType(rec.Key); t != "" {
			n.Value += ", " + t + " marker"
		}
	}
	return rec
}

func (r *Record) appendTo(dst []byte) []byte {
	size := 1 + wire.VarlongLen(r.TimestampDelta) + wire.VarlongLen(int64(r.OffsetDelta)) +
		varBytesLen(r.Key) + varBytesLen(r.Value) + wire.VarlongLen(int64(len(r.Headers)))
	for _, h := range r.Headers {
		size += varBytesLen(h.Key) + varBytesLen(h.Value)
	}
	dst = wire.AppendVarint(dst, int32(size))
	dst = wire.AppendInt8(dst, r.Attributes)
	dst = wire.AppendVarlong(dst, r.TimestampDelta)
	dst = wire.AppendVarint(dst, r.OffsetDelta)
	dst = wire.AppendBytes(dst, wire.PrefixVarint, r.Key)
	dst = wire.AppendBytes(dst, wire.PrefixVarint, r.Value)
	dst = wire.AppendVarint(dst, int32(len(r.Headers)))
	for _, h := range r.Headers {
		dst = wire.AppendBytes(dst, wire.PrefixVarint, h.Key)
		dst = wire.AppendBytes(dst, wire.PrefixVarint, h.Value)
	}
	return dst
}

func varBytesLen(b []byte) int {
	if b == nil {
		return 1
	}
	return wire.VarlongLen(int64(len(b))) + len(b)
}

func headersText(n int) string {
	switch n {
	case 0:
		return "0 headers"
	case 1:
		return "1 header"
	}
	return itoa(int64(n)) + " headers"
}
