package records

import (
	"encoding/binary"
	"hash/crc32"
	"math"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// lazyBatch reads the uncompressed RecordBatch v2 r holds (all of r) into
// a batch whose node builds its children when first opened, when every
// part of it reads cleanly: its header, its CRC and its records. Then it
// consumes r and reports true; otherwise it reads nothing, and decodeBatch
// lays the batch out at once, saying where and why it breaks. A Fetch
// response holds dozens of batches, and their twenty header nodes each were
// a tenth of its decode; opened, the node holds what decodeBatch builds.
func (d *decoder) lazyBatch(r *wire.Reader, i int) (*Batch, *layout.Node, bool) {
	raw, base := r.Rest(), r.Off()
	if len(raw) < batchHeaderLen {
		return nil, nil, false
	}
	be := binary.BigEndian
	b := &Batch{
		BaseOffset:           int64(be.Uint64(raw[0:])),
		PartitionLeaderEpoch: int32(be.Uint32(raw[12:])),
		Magic:                int8(raw[magicOff]),
		CRC:                  be.Uint32(raw[17:]),
		Attributes:           int16(be.Uint16(raw[21:])),
		LastOffsetDelta:      int32(be.Uint32(raw[23:])),
		BaseTimestamp:        int64(be.Uint64(raw[27:])),
		MaxTimestamp:         int64(be.Uint64(raw[35:])),
		ProducerID:           int64(be.Uint64(raw[43:])),
		ProducerEpoch:        int16(be.Uint16(raw[51:])),
		BaseSequence:         int32(be.Uint32(raw[53:])),
	}
	count := int(int32(be.Uint32(raw[57:])))
	body := raw[batchHeaderLen:]
	switch {
	case b.Magic != 2 || b.Codec() != CodecNone || int(int32(be.Uint32(raw[8:]))) != len(raw)-12,
		count < 0 || count > len(body)/minRecordLen,
		d.hit == nil && crc32.Checksum(raw[21:], castagnoli) != b.CRC:
		return nil, nil, false
	}
	p := d.batchRecords(body, count)
	if !p.ok || len(p.recs) != count || p.used != len(body) {
		// decodeBatch takes what the parse gave (the records within the
		// budget, say) rather than parse them again.
		parsed := p // only a batch that did not read whole takes an allocation
		d.parsed = &parsed
		return nil, nil, false
	}
	b.Records = p.recs
	cost := p.cost
	d.budget.Records -= cost
	d.budget.Nodes--
	d.clean, d.cost = true, cost
	r.Bytes(len(raw), "batch")

	node := &layout.Node{Name: batchName(i), Key: batchKey(i), Type: "RecordBatch v2", Off: base, End: base + len(raw), Region: layout.RegionBatch,
		Desc: "a batch of records sharing one header"}
	var spans []layout.Span
	if len(body) > 0 {
		spans = []layout.Span{{Off: base + batchHeaderLen, End: base + len(raw), Region: layout.RegionRecord}}
	}
	bufs, opts := d.bufs, d.opts
	opts.Keep, opts.Prior = nil, nil
	// What this decode made of the bytes, for the one that lays them out:
	// their CRC matched and their records parsed (it takes their count;
	// the nodes it builds come from the bytes).
	seen := &reused{raw: raw, batch: Batch{Records: b.Records}, cost: cost}
	node.LazySpans(func(n *layout.Node) {
		// The batch read cleanly when the frame decoded and was counted
		// then; only the nodes are bounded here, as a lazy records node's.
		sub := &decoder{bufs: bufs, opts: opts, budget: &Budget{Nodes: MaxNodes, Records: math.MaxInt}, hit: seen}
		defer sub.arena.Done()
		_, built := sub.decodeBatch(wire.NewReader(raw, base), i)
		n.Children = built.Children
	}, spans)
	return b, node, true
}
