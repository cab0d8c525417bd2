// Package records decodes and encodes the contents of a Kafka records field: record batches, legacy message sets and the records inside them.
//
// A records field holds zero or more batches back to back; a Fetch response
// may end with a partial batch, which is legal and kept as it is. Inside a
// RecordBatch (magic 2), lengths and deltas are zigzag varints. Older
// clients send legacy message sets (magic 0 and 1), told apart from batches
// by the magic byte at offset 16, which both formats keep at the same place.
//
// Decoding builds the layout tree the visualizer draws. Compressed records
// are decompressed into a buffer of their own (appended to the bufs slice
// given to Decode), and the nodes inside it carry that buffer's index and
// offsets relative to it. The caller's Options bound the decompression,
// carry the Budget the records fields of one frame share (decompressed
// bytes, records, nodes: see budget.go), and bring the decoder for the
// catalogue's data formats, which the values of KRaft control records hold:
// this package knows no catalogue. Records that parse cleanly, and the
// messages inside a compressed legacy wrapper, get their nodes only when
// their node is opened (layout.Node.Lazy).
//
// Encoding writes a batch that was not edited back byte for byte: each
// decoded batch keeps its original bytes together with a fingerprint of its
// fields, and AppendTo writes those bytes while the fingerprint still
// matches (checked first by identity: the same values and the very same
// byte strings, which edits replace rather than write into). Once any field changes (or for batches built in code or from
// JSON), the batch is encoded from its fields, with batchLength, record
// lengths, the record count, lastOffsetDelta and the CRC recomputed. Its
// records are compressed afresh only if they changed: a compressed batch or
// legacy wrapper keeps the compressed bytes it was decoded from (keep.go).
//
// # JSON
//
// A *Set marshals to and from JSON, so users can write records by hand
// (kafkawire encode --json). Every field may be left out; defaults are what a
// plain, non-idempotent producer writes:
//
//	{"batches": [{
//	  "magic": 2,                  // default 2; 0 or 1 selects the legacy shape below
//	  "baseOffset": 0,
//	  "partitionLeaderEpoch": -1,
//	  "codec": "zstd",             // "none" (default), "gzip", "snappy", "lz4", "zstd"
//	  "timestampType": "create",   // or "logAppend"
//	  "transactional": false,
//	  "control": false,
//	  "deleteHorizon": false,
//	  "otherAttributes": 0,        // attribute bits kafkawire has no name for
//	  "lastOffsetDelta": 0,        // only used when there are no records
//	  "baseTimestamp": 0,          // milliseconds since the epoch
//	  "maxTimestamp": 0,           // default: the largest record timestamp
//	  "producerId": -1,
//	  "producerEpoch": -1,
//	  "baseSequence": -1,
//	  "records": [{
//	    "offsetDelta": 0,          // default: the record's index
//	    "timestampDelta": 0,
//	    "attributes": 0,
//	    "key": "k",                // a string when the bytes are UTF-8,
//	    "value": {"hex": "00ff"},  // {"hex": "..."} otherwise, null for null
//	    "headers": [{"key": "h", "value": "v"}]
//	  }],
//	  "compressed": "28b52ffd..."  // decoded batches: the compressed records as they were, in hex
//	}],
//	"tail": {"hex": "..."}}        // a partial batch at the end of a fetch response
//
// The legacy shape (magic 0 or 1) is one message per entry of "batches":
//
//	{"magic": 1, "offset": 0, "codec": "none", "timestampType": "create",
//	 "timestamp": 0, "key": null, "value": "v",
//	 "messages": [...]}           // compressed wrapper: the inner messages, same shape
//
// A wrapper's value is its "compressed" bytes while they hold exactly its
// messages, else compressed afresh from them; "timestamp" and
// "timestampType" only exist in magic 1. batchLength, the record count, record
// lengths and CRCs are never in the JSON: they are computed on encode.
// "compressed" is written for decoded batches so that JSON gives back the same
// bytes; it is used only if it decompresses to exactly the records (or
// messages) the JSON lists, so editing the records by hand needs no care.
package records

import (
	"encoding/binary"
	"hash/crc32"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

const (
	// batchHeaderLen is the size of a RecordBatch v2 header, up to and including the record count.
	batchHeaderLen = 61
	// magicOff is where both batches and legacy messages keep their magic byte.
	magicOff = 16
)

// Set is the content of one records field.
type Set struct {
	Batches []*Batch
	// Tail is a partial batch at the end of the field, kept byte for byte.
	Tail Bytes
}

// Batch is one RecordBatch (magic 2) or, when Magic is 0 or 1, one legacy
// message (Legacy), which may be a compressed wrapper around others.
type Batch struct {
	BaseOffset           int64
	PartitionLeaderEpoch int32
	Magic                int8
	CRC                  uint32 // as decoded; recomputed on encode
	Attributes           int16
	LastOffsetDelta      int32
	BaseTimestamp        int64
	MaxTimestamp         int64
	ProducerID           int64
	ProducerEpoch        int16
	BaseSequence         int32
	Records              []Record

	Legacy *Message // magic 0 and 1 only

	raw    []byte // the bytes the batch was decoded from
	ident  uint64 // the fields' identity as decoded (fingerprint.go): while it holds, raw does
	sum    uint64 // fingerprint of the fields as decoded, once summed (decodedSum); raw is stale once it differs
	summed bool
	xerial bool // snappy records used the xerial framing Java clients write

	kept    []byte // compressed records as decoded (see keep.go), written again while they hash to keptSum
	keptSum uint64
}

// Record is one record of a batch. (Its small fields share a word: a
// Fetch response holds thousands of records.)
type Record struct {
	TimestampDelta int64
	OffsetDelta    int32
	Attributes     int8
	Key            Bytes // nil for a null key
	Value          Bytes // nil for a null value
	Headers        []Header
}

// Header is one record header. Kafka only writes string keys, but the wire allows any bytes.
type Header struct {
	Key   Bytes `json:"key"`
	Value Bytes `json:"value"`
}

// Bytes is a byte string that marshals to JSON as text when it is UTF-8, {"hex": "..."} otherwise, and null when nil.
type Bytes []byte

// Minimal is the smallest legal records value the reference pages use: one empty RecordBatch v2 of 61 bytes.
func Minimal() *Set {
	return &Set{Batches: []*Batch{{Magic: 2}}}
}

// AppendTo appends the encoded set. Unedited batches are written as they were decoded.
func (s *Set) AppendTo(dst []byte) []byte {
	if dst == nil {
		// Room for the batches as they were decoded, which unedited ones are
		// again: a 1 MiB fetch grown from nothing was copied over and over.
		// A batch never decoded (a new message's) takes about its header
		// and its records' bytes: grown from nothing, even the empty batch
		// of a minimal Produce request was allocated five times.
		n := len(s.Tail)
		for _, b := range s.Batches {
			if b.raw != nil {
				n += len(b.raw)
			} else {
				n += b.sizeHint()
			}
		}
		dst = make([]byte, 0, n)
	}
	for _, b := range s.Batches {
		dst = b.AppendTo(dst)
	}
	return append(dst, s.Tail...)
}

// sizeHint is about what the batch encodes to: its header and its
// records as they are, uncompressed, each with a few bytes of varints.
func (b *Batch) sizeHint() int {
	n := batchHeaderLen
	for i := range b.Records {
		r := &b.Records[i]
		n += 12 + len(r.Key) + len(r.Value)
		for _, h := range r.Headers {
			n += 4 + len(h.Key) + len(h.Value)
		}
	}
	return n
}

// AppendTo appends the encoded batch: its original bytes if none of its fields changed since Decode,
// otherwise freshly encoded with lengths, counts and CRC recomputed.
func (b *Batch) AppendTo(dst []byte) []byte {
	if b.raw != nil && (b.identity() == b.ident || b.sameAsDecoded()) {
		return append(dst, b.raw...)
	}
	if b.Magic < 2 {
		m := b.Legacy
		if m == nil {
			m = &Message{Magic: b.Magic}
		}
		return m.appendTo(dst, b.xerial)
	}
	return b.appendV2(dst)
}

// sameAsDecoded reports whether the batch's fields hash as those decoded
// from raw did: its identity changed (a byte string was replaced), but
// maybe by an equal one. The fingerprint of the fields as decoded is made
// the first time it is asked for, from raw decoded again, rather than at
// decode: only a batch an edit touched asks, and hashing the contents of
// every batch was a fifth of the decode of a 1 MiB fetch.
func (b *Batch) sameAsDecoded() bool {
	if !b.summed {
		s, _, err := Decode(b.raw, 0, nil, Options{})
		if err != nil || len(s.Batches) != 1 {
			return false // not read back as one batch: written afresh
		}
		b.sum, b.summed = s.Batches[0].fingerprint(), true
	}
	return b.fingerprint() == b.sum
}

// Codec is a compression codec, as the low three attribute bits name it.
type Codec int8

const (
	CodecNone Codec = iota
	CodecGzip
	CodecSnappy
	CodecLZ4
	CodecZstd
)

var codecNames = [...]string{"none", "gzip", "snappy", "lz4", "zstd"}

// Codecs lists the compression codecs Kafka defines, in attribute order
// (Codecs()[i] is Codec(i)); their String is the name JSON and edits take.
func Codecs() []Codec {
	all := make([]Codec, len(codecNames))
	for i := range all {
		all[i] = Codec(i)
	}
	return all
}

func (c Codec) String() string {
	if c >= 0 && int(c) < len(codecNames) {
		return codecNames[c]
	}
	return "unknown codec " + itoa(int64(c))
}

// Codec is the compression codec of the batch's records.
func (b *Batch) Codec() Codec {
	if b.Magic < 2 {
		if b.Legacy == nil {
			return CodecNone
		}
		return Codec(b.Legacy.Attributes & 7)
	}
	return Codec(b.Attributes & 7)
}

// DataFormatDecoder decodes b, which starts at offset off of its buffer, as
// the catalogue's data format name, with nodes in region; it returns nil
// unless b holds one whole and cleanly. The values of KRaft control records
// are such formats. The catalogue's struct decoder sits above this package,
// so the caller hands it in (codec/message's DecodeData is one).
type DataFormatDecoder func(name string, b []byte, off int, region layout.Region) *layout.Node

// Options are what a records decode takes from its caller. The zero value
// decodes with the default limits and shows the values of KRaft control
// records as plain bytes.
type Options struct {
	// DataFormat opens the values of KRaft control records; nil leaves them as bytes.
	DataFormat DataFormatDecoder
	// MaxDecompressed bounds the bytes one compressed batch or legacy
	// wrapper may decompress to. Zero, or more than MaxDecompressed, means
	// MaxDecompressed: a caller may lower the bound (tests and fuzzing do,
	// to stay fast), never lift it.
	MaxDecompressed int
	// Budget is what is left of the frame's bounds, shared by the Decode
	// calls for the records fields of one frame. Nil gives the call a full
	// budget of its own.
	Budget *Budget
	// ShareBlocks, when set, takes the nodes the call builds at once from
	// blocks shared with other decodes (layout.Arena.Share), in the epoch
	// of this pin: the frame's decode's, whose nodes are kept or dropped
	// together.
	ShareBlocks *layout.Pin
	// Keep, when set, remembers the batches this decode reads cleanly, and
	// Prior is what an earlier decode remembered: a batch of the same bytes
	// takes its records from there rather than parsing them again (Reuse).
	Keep, Prior *Reuse
	// Cut says the field's bytes end before its length does (the frame was
	// cut short): a batch that runs past them is read as far as they go,
	// its header fields and records, and the error says where they stop,
	// where a field that ends with a partial batch keeps it whole (Tail).
	Cut bool
}

// maxDecompressed is the bound o sets on one decompression.
func (o *Options) maxDecompressed() int {
	if o.MaxDecompressed <= 0 || o.MaxDecompressed > MaxDecompressed {
		return MaxDecompressed
	}
	return o.MaxDecompressed
}

// Decode reads a records field's bytes b, which start at absolute offset base.
// It returns the set, one layout node per batch (and one for a partial tail),
// and the first error that stopped decoding, if any; what decoded before it is kept.
// Decompressed buffers are appended to bufs; nodes inside them carry their index.
// The set aliases b and the decompressed buffers.
func Decode(b []byte, base int, bufs *[][]byte, opts Options) (*Set, []*layout.Node, *wire.Error) {
	if bufs == nil {
		bufs = &[][]byte{nil}
	}
	d := &decoder{bufs: bufs, opts: opts, budget: opts.Budget}
	d.arena.Share, d.arena.Pin = opts.ShareBlocks != nil, opts.ShareBlocks
	before := len(*bufs)
	defer func() {
		// Nodes that hold decompressed bytes must not share a chunk with
		// a later decode, which would keep those bytes alive.
		if len(*bufs) > before {
			d.arena.Retire()
		} else {
			d.arena.Done()
		}
	}()
	if d.budget == nil {
		d.budget = NewBudget()
	}
	s := &Set{}
	var nodes []*layout.Node
	for off, i := 0, 0; off < len(b); i++ {
		rest := b[off:]
		if why := d.budget.spent(); why != "" {
			// The rest is not decoded: one node says so, over all of it.
			err := &wire.Error{Off: base + off, Msg: why}
			nodes = append(nodes, &layout.Node{Name: batchName(i), Key: batchKey(i), Type: "bytes", Off: base + off, End: base + len(b),
				Region: layout.RegionBatch, Value: itoa(int64(len(rest))) + " bytes not decoded", Err: err})
			return s, nodes, err
		}
		size := batchSize(rest)
		if len(rest) >= 12 && size < magicOff+1 {
			err := &wire.Error{Off: base + off + 8, Msg: "batch length " + itoa(size-12) + " is too small for a batch header"}
			nodes = append(nodes, &layout.Node{Name: batchName(i), Key: batchKey(i), Type: "RecordBatch", Off: base + off, End: base + off + 12,
				Region: layout.RegionBatch, Err: err})
			return s, nodes, err
		}
		if d.opts.Cut && len(rest) > magicOff && size > int64(len(rest)) {
			_, node, err := d.decodeOne(rest, base+off, i)
			nodes = append(nodes, node)
			if err == nil { // a legacy message that reads whole though its length says more
				err = &wire.Error{Off: base + off + 8, Msg: "batch length " + itoa(size-12) + " runs past the end, " + itoa(int64(len(rest)-12)) + " bytes left"}
				markFailure(node, err)
			}
			return s, nodes, err
		}
		if size == 0 || size > int64(len(rest)) {
			s.Tail = rest
			tail := tailNode(base+off, len(rest), size)
			if d.opts.Cut {
				tail.Desc = "a batch cut short where the frame's bytes end, before its magic byte says its format"
			}
			nodes = append(nodes, tail)
			break
		}
		batch, node, err := d.decodeOne(rest[:int(size)], base+off, i)
		nodes = append(nodes, node)
		if err != nil {
			return s, nodes, err
		}
		s.Batches = append(s.Batches, batch)
		off += int(size)
	}
	return s, nodes, nil
}

// batchSize is the size a batch or legacy message at the start of b claims
// (12 + its length field), or 0 when the length itself is cut off.
func batchSize(b []byte) int64 {
	if len(b) < 12 {
		return 0
	}
	return int64(int32(binary.BigEndian.Uint32(b[8:]))) + 12
}

func (d *decoder) decodeOne(b []byte, base, i int) (*Batch, *layout.Node, *wire.Error) {
	r := wire.NewReader(b, base)
	var batch *Batch
	var node *layout.Node
	d.hit, d.clean, d.cost, d.plain, d.parsed = d.opts.Prior.find(b), false, 0, nil, nil
	defer func() { d.hit, d.plain, d.parsed = nil, nil, nil }()
	if magic := int8(b[magicOff]); magic < 2 {
		batch, node = d.decodeLegacy(r, i)
	} else if lb, ln, ok := d.lazyBatch(r, i); ok {
		batch, node = lb, ln
	} else {
		batch, node = d.decodeBatch(r, i)
	}
	if f := r.Failure(); f != nil {
		markFailure(node, f)
		return batch, node, f
	}
	batch.raw = b
	if d.hit != nil {
		batch.sum, batch.summed = d.hit.batch.sum, d.hit.batch.summed // equal bytes, equal fields
	}
	batch.ident = batch.identity()
	if d.clean && d.opts.Keep != nil {
		d.opts.Keep.remember(b, batch, d.cost, d.plain)
	}
	return batch, node, nil
}

// markFailure makes sure the tree shows where decoding stopped: if no node carries
// the error yet, the deepest node of buffer 0 holding its offset gets it.
func markFailure(n *layout.Node, f *wire.Error) {
	if n.Failed() != nil {
		return
	}
	target := n
	if p := n.Deepest(0, f.Off); p != nil {
		target = p[len(p)-1]
	}
	target.Err = f
}

func tailNode(off, have int, want int64) *layout.Node {
	n := &layout.Node{Name: "partial batch", Type: "bytes", Off: off, End: off + have, Region: layout.RegionBatch,
		Desc: "a batch cut short at the end of the field, as fetch responses may be"}
	if want == 0 {
		n.Value = itoa(int64(have)) + " bytes, too short to hold a batch length"
	} else {
		n.Value = itoa(int64(have)) + " of " + itoa(want) + " bytes"
	}
	n.SetWarn("partial batch, " + n.Value)
	return n
}

// Clone is a copy of the set that can be edited without touching s. Byte
// strings are shared, since edits replace them rather than write into them;
// the lists edits change are copied. Unedited batches keep their original
// bytes, so the copy encodes exactly as s does.
func (s *Set) Clone() *Set {
	if s == nil {
		return nil
	}
	c := &Set{Batches: make([]*Batch, len(s.Batches)), Tail: s.Tail}
	for i, b := range s.Batches {
		nb := *b
		nb.Legacy = b.Legacy.clone()
		nb.Records = append([]Record(nil), b.Records...)
		// The headers of all the batch's records are copied into one slab,
		// each record's list capped at its own length as parseRecords
		// leaves them: one allocation a batch rather than one a record.
		n := 0
		for j := range nb.Records {
			n += len(nb.Records[j].Headers)
		}
		slab := make([]Header, 0, n)
		for j := range nb.Records {
			if h := nb.Records[j].Headers; h != nil {
				first := len(slab)
				slab = append(slab, h...)
				nb.Records[j].Headers = slab[first:len(slab):len(slab)]
			}
		}
		c.Batches[i] = &nb
	}
	return c
}
