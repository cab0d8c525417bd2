package records

import (
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"math"
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Batch attribute bits (magic 2).
const (
	attrCodec         = 0x07
	attrLogAppendTime = 0x08
	attrTransactional = 0x10
	attrControl       = 0x20
	attrDeleteHorizon = 0x40
	attrKnown         = 0x7f
)

// minRecordLen is the smallest record: a length, attributes, two deltas, null key and value, no headers.
const minRecordLen = 7

// decodeBatch reads one RecordBatch v2; r holds exactly the batch's bytes.
func (d *decoder) decodeBatch(r *wire.Reader, i int) (*Batch, *layout.Node) {
	b := &Batch{}
	node := &layout.Node{Name: batchName(i), Key: batchKey(i), Type: "RecordBatch v2", Off: r.Off(), Region: layout.RegionBatch,
		Desc: "a batch of records sharing one header"}
	defer func() { node.End = r.Off() }()
	i64 := func(p *int64) func() string {
		return func() string { *p = r.Int64(); return itoa(*p) }
	}
	i32 := func(p *int32) func() string {
		return func() string { *p = r.Int32(); return itoa(int64(*p)) }
	}
	var batchLength int32
	d.field(r, node, "baseOffset", "int64", "offset of the first record", i64(&b.BaseOffset))
	d.field(r, node, "batchLength", "int32", "bytes after this field", func() string {
		off := r.Off()
		batchLength = r.Int32()
		if batchLength < batchHeaderLen-12 {
			r.Fail(off, "batch length %d is too small for a batch header (at least %d)", batchLength, batchHeaderLen-12)
		}
		return itoa(int64(batchLength))
	})
	d.field(r, node, "partitionLeaderEpoch", "int32", "leader epoch when the batch was written", i32(&b.PartitionLeaderEpoch))
	d.field(r, node, "magic", "int8", "batch format version", func() string {
		off := r.Off()
		b.Magic = r.Int8()
		if b.Magic != 2 {
			r.Fail(off, "magic %d: only 0, 1 and 2 exist", b.Magic)
		}
		return strconv.Itoa(int(b.Magic))
	})
	crcNode := d.field(r, node, "crc", "uint32", "CRC-32C of everything from attributes to the end", func() string {
		b.CRC = r.Uint32()
		return fmt.Sprintf("0x%08x", b.CRC)
	})
	crcOK := d.hit != nil // only batches whose CRC matched are remembered
	if crcNode != nil && !crcOK {
		// The CRC covers the batchLength-9 bytes after it (not the
		// epoch, magic and CRC): fewer are there in a frame cut short.
		if len(r.Rest()) < int(batchLength)-9 {
			crcNode.SetWarn("not checked: the batch is cut short")
		} else if got := crc32.Checksum(r.Rest(), castagnoli); got != b.CRC {
			crcNode.SetWarn(fmt.Sprintf("CRC-32C mismatch: the bytes after it sum to 0x%08x, the batch says 0x%08x", got, b.CRC))
		} else {
			crcOK = true
		}
	}
	// A batch is remembered (Options.Keep) only once everything below read cleanly too.
	defer func() { d.clean = d.clean && crcOK && r.Failure() == nil }()
	attrs := d.field(r, node, "attributes", "int16", "compression, timestamp type, transactional and control bits", func() string {
		b.Attributes = r.Int16()
		return batchAttrText(b.Attributes)
	})
	if attrs != nil {
		d.attrBits(attrs, b.Attributes)
	}
	d.field(r, node, "lastOffsetDelta", "int32", "offset of the last record, relative to baseOffset", i32(&b.LastOffsetDelta))
	d.field(r, node, "baseTimestamp", "int64", "timestamp of the first record (the delete horizon when that bit is set)", func() string {
		b.BaseTimestamp = r.Int64()
		return stamp(b.BaseTimestamp)
	})
	d.field(r, node, "maxTimestamp", "int64", "largest timestamp in the batch", func() string {
		b.MaxTimestamp = r.Int64()
		return stamp(b.MaxTimestamp)
	})
	d.field(r, node, "producerId", "int64", "idempotent or transactional producer, -1 if none", i64(&b.ProducerID))
	d.field(r, node, "producerEpoch", "int16", "epoch of that producer", func() string { b.ProducerEpoch = r.Int16(); return itoa(int64(b.ProducerEpoch)) })
	d.field(r, node, "baseSequence", "int32", "sequence number of the first record, -1 if none", i32(&b.BaseSequence))
	var count int32
	countNode := d.field(r, node, "recordCount", "int32", "number of records that follow", i32(&count))
	if r.Failure() != nil {
		return b, node
	}
	if count < 0 {
		r.Fail(countNode.Off, "record count %d is negative", count)
		return b, node
	}

	// A hostile count is rejected against the bytes left before anything is allocated for it.
	tooMany := func(left int, where string) bool {
		if int64(count) <= int64(left/minRecordLen) {
			return false
		}
		r.Fail(countNode.Off, "record count %d needs at least %d bytes, %d left%s", count, int64(count)*minRecordLen, left, where)
		countNode.Err = r.Failure()
		return true
	}
	codec := Codec(b.Attributes & attrCodec)
	if codec == CodecNone {
		if !tooMany(r.Left(), "") {
			d.decodeRecords(r, node, b, int(count))
		}
		return b, node
	}
	// Compressed: the rest of the batch is one compressed blob holding the records.
	payloadOff := r.Off()
	payload := r.Rest()
	pn := d.add(node, layout.Node{Name: "records", Key: "records", Type: codec.String() + " compressed", Off: payloadOff, End: payloadOff + len(payload),
		Region: layout.RegionBatch, Value: itoa(int64(len(payload))) + " bytes", Desc: "the records, compressed together"})
	r.Bytes(len(payload), "compressed records")
	plain, xerial, err := d.decompressBatch(codec, payload)
	if err != nil {
		pn.Err = &wire.Error{Off: payloadOff, Msg: err.Error()}
		r.Fail(payloadOff, "%s records: %v", codec, err)
		return b, node
	}
	b.xerial = xerial
	*d.bufs = append(*d.bufs, plain)
	k := len(*d.bufs) - 1
	pn.Value += ", " + itoa(int64(len(plain))) + " decompressed"
	dn := d.add(pn, layout.Node{Name: "decompressed", Type: "bytes", Value: itoa(int64(len(plain))) + " bytes", Off: 0, End: len(plain), Buf: k,
		Region: layout.RegionBatch, Desc: "the records after decompression, a buffer of their own"})
	if tooMany(len(plain), " after decompression") {
		return b, node
	}
	ir := wire.NewReader(plain, 0)
	d.decodeRecords(ir, dn, b, int(count))
	if f := ir.Failure(); f != nil {
		r.Fail(payloadOff, "%s", inDecompressed(f))
		return b, node
	}
	b.kept = payload
	if d.hit != nil && d.hit.batch.kept != nil {
		b.keptSum = d.hit.batch.keptSum // the same records
	} else {
		b.keptSum = recordsSum(codec, b.Records)
	}
	d.plain = plain
	return b, node
}

// decompressBatch is decompress, unless an earlier decode of the same batch
// (d.hit) holds its records decompressed and the frame's budget still
// leaves room for them: then they are taken from there, and charged alike.
func (d *decoder) decompressBatch(codec Codec, payload []byte) ([]byte, bool, error) {
	if h := d.hit; h != nil && h.plain != nil {
		if limit, _ := d.decompressLimit(); len(h.plain) < limit {
			d.budget.Decompressed -= len(h.plain)
			return h.plain, h.batch.xerial, nil
		}
	}
	return d.decompress(codec, payload)
}

// decodeRecords reads count records, which must use every byte r has left.
func (d *decoder) decodeRecords(r *wire.Reader, parent *layout.Node, b *Batch, count int) {
	// The records hang under one node spanning them all, built on demand: a
	// fetch response holds thousands, and their values are all a decode needs
	// to find errors. A set that does not parse cleanly is laid out at once,
	// so the tree shows where it breaks. The node is the batch's "records"
	// (the list one adds to) unless a compressed payload above it already is.
	key := "records"
	if parent.Key == "" {
		key = ""
	}
	cn := d.add(parent, layout.Node{Name: "records", Key: key, Type: "[]Record", Value: recordsText(count), Off: r.Off(), End: r.Off() + r.Left(),
		Buf: parent.Buf, Region: layout.RegionRecord, Desc: "the batch's records"})
	if count == 0 && r.Left() == 0 {
		b.Records = []Record{}
		d.clean = true
		return
	}
	body, base := r.Rest(), r.Off()
	p := d.batchRecords(body, count)
	recs, used, cost, ok := p.recs, p.used, p.cost, p.ok
	switch {
	case ok && len(recs) == count && used == len(body):
		d.budget.Records -= cost
		r.Bytes(len(body), "records")
		b.Records = recs
		d.lazyRecords(cn, body, base, b, count)
		d.clean, d.cost = true, cost
	case ok && len(recs) < count:
		// The frame's budget ends inside the batch: the records before
		// that point are kept and shown, the rest is not decoded.
		d.budget.Records -= cost
		r.Bytes(used, "records")
		b.Records = recs
		cn.End = base + used
		cn.Value = itoa(int64(len(recs))) + " of " + recordsText(count)
		d.lazyRecords(cn, body[:used], base, b, len(recs))
		d.notDecoded(r, parent, parent.Buf, "decoding stopped here, after "+recordsText(len(recs))+" of "+itoa(int64(count))+
			": the frame's budget of "+itoa(MaxRecords)+" records and headers is spent")
	default:
		d.layoutRecords(r, cn, b, count, false)
		cn.End = r.Off()
	}
}

// parsedRecords is what parseRecords gives for a batch's records.
type parsedRecords struct {
	recs       []Record
	used, cost int
	ok         bool
}

// batchRecords is the records of the batch whose record bytes are body:
// what lazyBatch parsed of them already (d.parsed), those an earlier decode
// of the same bytes made (d.hit) when the budget holds them whole, or
// else what parseRecords makes of them now.
func (d *decoder) batchRecords(body []byte, count int) parsedRecords {
	if p := d.parsed; p != nil {
		d.parsed = nil
		return *p
	}
	if h := d.hit; h != nil && len(h.batch.Records) == count && h.cost <= d.budget.Records {
		// The same bytes parsed cleanly before: parsing them again would
		// give these records.
		return parsedRecords{h.batch.Records, len(body), h.cost, true}
	}
	recs, used, cost, ok := parseRecords(body, count, max(d.budget.Records, 0))
	return parsedRecords{recs, used, cost, ok}
}

// lazyRecords makes cn build the nodes of the count records in body (at
// offset base) when it is first opened, with a node budget of its own.
func (d *decoder) lazyRecords(cn *layout.Node, body []byte, base int, b *Batch, count int) {
	hdr := *b // the header fields the record texts need; the batch itself may be edited later
	hdr.Records = nil
	bufs, opts := d.bufs, d.opts
	cn.Lazy(func(n *layout.Node) {
		// The records parsed cleanly and were counted when the frame
		// decoded; only the nodes are bounded here.
		sub := &decoder{bufs: bufs, opts: opts, budget: &Budget{Nodes: MaxNodes, Records: math.MaxInt}}
		defer sub.arena.Done()
		sub.layoutRecords(wire.NewReader(body, base), n, &hdr, count, true)
	})
}

// layoutRecords decodes count records with a node for each part, filling
// b.Records. Laying out records that parsed cleanly (lazy), it stops
// without an error once the node budget is spent, with a node saying how
// many records it left out; otherwise it fails there.
func (d *decoder) layoutRecords(r *wire.Reader, parent *layout.Node, b *Batch, count int, lazy bool) {
	b.Records = make([]Record, 0, min(count, max(d.budget.Records, 0)))
	control := b.Attributes&attrControl != 0
	for j := 0; j < count && r.Failure() == nil; j++ {
		if lazy && d.budget.NodesSpent() != "" {
			d.add(parent, layout.Node{Name: "records not laid out", Type: "bytes", Value: itoa(int64(r.Left())) + " bytes, " + recordsText(count-j),
				Off: r.Off(), End: r.Off() + r.Left(), Buf: parent.Buf, Region: layout.RegionRecord,
				Desc: "the records past what one opened node lays out"}).
				SetWarn("these records decoded cleanly; their nodes were not built: opening a node builds at most " + itoa(MaxNodes) + " nodes")
			return
		}
		if !lazy && d.over(r, parent) {
			return
		}
		rec := d.decodeRecord(r, parent, j, b, control)
		if r.Failure() == nil {
			b.Records = append(b.Records, rec)
		}
	}
	if r.Failure() == nil && r.Left() > 0 {
		n := d.add(parent, layout.Node{Name: "trailing bytes", Type: "bytes", Off: r.Off(), End: r.Off() + r.Left(), Buf: parent.Buf, Region: layout.RegionBatch})
		off, left := r.Off(), r.Left()
		r.Bytes(left, "trailing bytes")
		r.Fail(off, "%d bytes left after the %d records the batch counts", left, count)
		n.Err = r.Failure()
	}
}

func recordsText(n int) string {
	if n == 1 {
		return "1 record"
	}
	return itoa(int64(n)) + " records"
}

func batchAttrText(a int16) string {
	s := strconv.Itoa(int(a)) + " (" + Codec(a&attrCodec).String()
	if a&attrLogAppendTime != 0 {
		s += ", LogAppendTime"
	}
	if a&attrTransactional != 0 {
		s += ", transactional"
	}
	if a&attrControl != 0 {
		s += ", control"
	}
	if a&attrDeleteHorizon != 0 {
		s += ", delete horizon"
	}
	return s + ")"
}

// attrBits spells out the attribute bits as children spanning the attribute bytes.
func (d *decoder) attrBits(n *layout.Node, a int16) {
	bit := func(name, typ, val, desc string) {
		d.add(n, layout.Node{Name: name, Type: typ, Value: val, Desc: desc, Off: n.Off, End: n.End, Buf: n.Buf, Region: n.Region})
	}
	bit("codec", "bits 0-2", strconv.Itoa(int(a&attrCodec))+" ("+Codec(a&attrCodec).String()+")", "compression codec of the records")
	n.Children[len(n.Children)-1].Key = "codec" // edited by name: none, gzip, snappy, lz4, zstd
	ts := "0 (CreateTime)"
	if a&attrLogAppendTime != 0 {
		ts = "1 (LogAppendTime)"
	}
	bit("timestampType", "bit 3", ts, "who set the timestamps: the producer or the broker")
	bit("transactional", "bit 4", strconv.FormatBool(a&attrTransactional != 0), "written inside a transaction")
	bit("control", "bit 5", strconv.FormatBool(a&attrControl != 0), "holds a transaction marker, not user data")
	bit("deleteHorizon", "bit 6", strconv.FormatBool(a&attrDeleteHorizon != 0), "baseTimestamp holds the compaction delete horizon")
	if rest := a &^ attrKnown; rest != 0 {
		bit("unused", "bits 7-15", fmt.Sprintf("0x%04x", uint16(rest)), "bits no Kafka version assigns")
	}
}

// appendV2 encodes a RecordBatch v2 from its fields.
func (b *Batch) appendV2(dst []byte) []byte {
	start := len(dst)
	lastOffsetDelta := b.LastOffsetDelta
	if n := len(b.Records); n > 0 {
		lastOffsetDelta = b.Records[n-1].OffsetDelta
	}
	dst = wire.AppendInt64(dst, b.BaseOffset)
	dst = wire.AppendInt32(dst, 0) // batchLength, patched below
	dst = wire.AppendInt32(dst, b.PartitionLeaderEpoch)
	dst = wire.AppendInt8(dst, 2)
	dst = wire.AppendUint32(dst, 0) // crc, patched below
	crcFrom := len(dst)
	dst = wire.AppendInt16(dst, b.Attributes)
	dst = wire.AppendInt32(dst, lastOffsetDelta)
	dst = wire.AppendInt64(dst, b.BaseTimestamp)
	dst = wire.AppendInt64(dst, b.MaxTimestamp)
	dst = wire.AppendInt64(dst, b.ProducerID)
	dst = wire.AppendInt16(dst, b.ProducerEpoch)
	dst = wire.AppendInt32(dst, b.BaseSequence)
	dst = wire.AppendInt32(dst, int32(len(b.Records)))
	if codec := b.Codec(); codec == CodecNone {
		for i := range b.Records {
			dst = b.Records[i].appendTo(dst)
		}
	} else if kept := b.keptRecords(); kept != nil {
		dst = append(dst, kept...) // the records did not change: their compressed bytes need not either
	} else {
		var plain []byte
		for i := range b.Records {
			plain = b.Records[i].appendTo(plain)
		}
		dst = compress(dst, codec, plain, b.xerial)
	}
	binary.BigEndian.PutUint32(dst[start+8:], uint32(len(dst)-start-12))
	binary.BigEndian.PutUint32(dst[crcFrom-4:], crc32.Checksum(dst[crcFrom:], castagnoli))
	return dst
}
