package records

import (
	"fmt"
	"hash/crc32"
	"math"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Message is one message of a legacy message set (magic 0 or 1), as Produce v0-2 and
// Fetch v0-3 carry from old clients. A compressed message is a wrapper: its value
// is a whole message set, compressed, and Messages holds that set decoded.
type Message struct {
	Offset     int64 // magic 1 wrappers: the offset of the last inner message; inner messages: relative
	CRC        uint32
	Magic      int8
	Attributes int8 // bits 0-2 codec, bit 3 timestamp type (magic 1)
	Timestamp  int64
	Key        Bytes
	Value      Bytes
	Messages   []*Message

	kept    bool   // a wrapper's Value is its compressed messages as decoded (see keep.go)
	keptSum uint64 // what Messages hashed to then
}

const (
	legacyAttrCodec         = 0x07
	legacyAttrLogAppendTime = 0x08
)

// decodeLegacy reads one top-level legacy message; r holds exactly its bytes.
func (d *decoder) decodeLegacy(r *wire.Reader, i int) (*Batch, *layout.Node) {
	parent := &layout.Node{Region: layout.RegionBatch}
	m := d.decodeMessage(r, parent, batchName(i), batchKey(i), 0)
	node := parent.Children[0]
	return &Batch{Magic: m.Magic, Legacy: m}, node
}

// decodeMessage reads a message at r's position and hangs its node under parent.
// depth is 0 for a top-level message and 1 inside a compressed wrapper.
// name and key are its node's (see editKey).
func (d *decoder) decodeMessage(r *wire.Reader, parent *layout.Node, name, key string, depth int) *Message {
	m := &Message{}
	d.budget.Records--
	// A top-level message is drawn like a batch header with its key and value as the record;
	// messages inside a wrapper are records through and through.
	region := layout.RegionRecord
	if depth == 0 {
		region = layout.RegionBatch
	}
	n := d.add(parent, layout.Node{Name: name, Key: key, Type: "Message", Off: r.Off(), Buf: parent.Buf, Region: region,
		Desc: "a legacy message: one record with its own header"})
	defer func() {
		n.End = r.Off()
		if f := r.Failure(); f != nil && n.Failed() == nil {
			n.Err = f
		}
	}()
	d.field(r, n, "offset", "int64", "offset of the message (relative inside a magic 1 wrapper)", func() string { m.Offset = r.Int64(); return itoa(m.Offset) })
	var size int32
	sn := d.field(r, n, "messageSize", "int32", "bytes after this field", func() string { size = r.Int32(); return itoa(int64(size)) })
	if sn == nil || !r.Length(sn.Off, int64(size), 1, "message size") {
		return m
	}
	mr := wire.NewReader(r.Bytes(int(size), "message"), sn.End)
	defer func() {
		if f := mr.Failure(); f != nil {
			r.Fail(f.Off, "%s", f.Msg)
		}
	}()
	crcNode := d.field(mr, n, "crc", "uint32", "CRC-32 (IEEE) of everything from magic to the end", func() string {
		m.CRC = mr.Uint32()
		return fmt.Sprintf("0x%08x", m.CRC)
	})
	if crcNode != nil {
		if got := crc32.ChecksumIEEE(mr.Rest()); got != m.CRC {
			crcNode.SetWarn(fmt.Sprintf("CRC-32 mismatch: the bytes after it sum to 0x%08x, the message says 0x%08x", got, m.CRC))
		}
	}
	d.field(mr, n, "magic", "int8", "message format version", func() string {
		off := mr.Off()
		m.Magic = mr.Int8()
		if m.Magic != 0 && m.Magic != 1 {
			mr.Fail(off, "magic %d: a legacy message has magic 0 or 1", m.Magic)
		}
		return itoa(int64(m.Magic))
	})
	n.Type = "Message v" + itoa(int64(m.Magic))
	an := d.field(mr, n, "attributes", "int8", "compression codec and timestamp type", func() string {
		m.Attributes = mr.Int8()
		return itoa(int64(m.Attributes)) + " (" + Codec(m.Attributes&legacyAttrCodec).String() + ")"
	})
	if an != nil {
		d.add(an, layout.Node{Name: "codec", Type: "bits 0-2", Value: Codec(m.Attributes & legacyAttrCodec).String(), Off: an.Off, End: an.End, Buf: an.Buf, Region: an.Region})
		if m.Magic == 1 {
			ts := "0 (CreateTime)"
			if m.Attributes&legacyAttrLogAppendTime != 0 {
				ts = "1 (LogAppendTime)"
			}
			d.add(an, layout.Node{Name: "timestampType", Type: "bit 3", Value: ts, Off: an.Off, End: an.End, Buf: an.Buf, Region: an.Region})
		}
	}
	if m.Magic == 1 {
		d.field(mr, n, "timestamp", "int64", "milliseconds since the epoch, -1 if unknown", func() string { m.Timestamp = mr.Int64(); return stamp(m.Timestamp) })
	}
	var kn, vn *layout.Node
	m.Key, kn = d.int32Bytes(mr, n, "key", "the message key, -1 for null")
	m.Value, vn = d.int32Bytes(mr, n, "value", "the message value, -1 for null; a compressed message set in a wrapper")
	setRegion(kn, layout.RegionRecord)
	setRegion(vn, layout.RegionRecord)
	if mr.Failure() == nil && mr.Left() > 0 {
		mr.Fail(mr.Off(), "message size %d leaves %d bytes after the value", size, mr.Left())
	}
	if mr.Failure() != nil {
		return m
	}
	n.Value = "offset " + itoa(m.Offset)
	if m.Magic == 1 {
		n.Value += ", timestamp " + stamp(m.Timestamp)
	}
	if codec := Codec(m.Attributes & legacyAttrCodec); codec != CodecNone {
		if depth > 0 {
			mr.Fail(an.Off, "a message inside a compressed wrapper is compressed again (%s): Kafka nests only once", codec)
			return m
		}
		d.openWrapper(mr, vn, m, codec)
	} else {
		n.Value += ", key " + preview(m.Key) + ", value " + preview(m.Value)
	}
	return m
}

// openWrapper decompresses a wrapper's value into a buffer of its own and decodes the inner messages.
// The value is not a value of its own, as in the JSON: it hands its
// message's path on to the inner messages (batches[0].messages[2]).
func (d *decoder) openWrapper(mr *wire.Reader, vn *layout.Node, m *Message, codec Codec) {
	if vn != nil {
		vn.Key = ""
	}
	data := dataNode(vn)
	if data == nil {
		mr.Fail(vn.Off, "a %s wrapper message needs a value to decompress", codec)
		return
	}
	value, note := legacyValue(codec, m.Magic, m.Value)
	data.SetWarn(note)
	plain, _, err := d.decompress(codec, value)
	if err != nil {
		data.Err = &wire.Error{Off: data.Off, Msg: codec.String() + " value: " + err.Error()}
		mr.Fail(data.Off, "%s", data.Err.Msg)
		return
	}
	*d.bufs = append(*d.bufs, plain)
	k := len(*d.bufs) - 1
	dn := d.add(data, layout.Node{Name: "decompressed", Type: "bytes", Value: itoa(int64(len(plain))) + " bytes", Off: 0, End: len(plain), Buf: k,
		Region: layout.RegionBatch, Desc: "the inner message set after decompression, a buffer of their own"})
	ir := wire.NewReader(plain, 0)
	msgs, used, ok := parseMessages(plain, max(d.budget.Records, 0))
	if ok {
		// The inner messages parsed cleanly: their nodes are built when
		// the decompressed set is opened, as a batch's records are.
		d.budget.Records -= len(msgs)
		m.Messages = msgs
		d.lazyMessages(dn, plain[:used], m)
		if used == len(plain) {
			m.kept, m.keptSum = true, messagesSum(codec, m.Messages) // written back as it came while its messages stay
		}
		if used < len(plain) {
			// The note goes beside the decompressed node, not under it: the
			// messages there are built on demand, the note is there now.
			dn.End = used
			ir.Bytes(used, "messages")
			d.notDecoded(ir, data, k, "decoding stopped here, after "+itoa(int64(len(msgs)))+" messages: the frame's budget of "+
				itoa(MaxRecords)+" records and headers is spent")
			mr.Fail(data.Off, "%s", inDecompressed(ir.Failure()))
		}
		return
	}
	m.Messages = []*Message{}
	d.layoutMessages(ir, dn, m)
	if f := ir.Failure(); f != nil {
		mr.Fail(data.Off, "%s", inDecompressed(f))
		return
	}
	m.kept, m.keptSum = true, messagesSum(codec, m.Messages)
}

// lazyMessages makes dn build the nodes of wrapper m's inner messages,
// whose bytes are set, when it is first opened, with a node budget of its own.
func (d *decoder) lazyMessages(dn *layout.Node, set []byte, m *Message) {
	bufs, opts := d.bufs, d.opts
	wrapper := &Message{Offset: m.Offset, Magic: m.Magic, Messages: m.Messages} // as decoded; m may be edited later
	dn.Lazy(func(n *layout.Node) {
		sub := &decoder{bufs: bufs, opts: opts, budget: &Budget{Nodes: MaxNodes, Records: math.MaxInt}}
		defer sub.arena.Done()
		sub.layoutMessages(wire.NewReader(set, 0), n, &Message{Offset: wrapper.Offset, Magic: wrapper.Magic, Messages: []*Message{}}, wrapper.Messages)
	})
}

// layoutMessages decodes the inner messages r holds with a node for each
// part, appending them to wrapper's. Given the messages already parsed
// (lazy), it stops without an error once the node budget is spent, with
// a node saying how many it left out; otherwise it fails there.
func (d *decoder) layoutMessages(r *wire.Reader, dn *layout.Node, wrapper *Message, parsed ...[]*Message) {
	lazy := len(parsed) > 0
	for j := 0; r.Left() > 0 && r.Failure() == nil; j++ {
		if lazy && d.budget.NodesSpent() != "" {
			d.add(dn, layout.Node{Name: "messages not laid out", Type: "bytes", Value: itoa(int64(r.Left())) + " bytes, " + itoa(int64(len(parsed[0])-j)) + " messages",
				Off: r.Off(), End: r.Off() + r.Left(), Buf: dn.Buf, Region: layout.RegionRecord,
				Desc: "the messages past what one opened node lays out"}).
				SetWarn("these messages decoded cleanly; their nodes were not built: opening a node builds at most " + itoa(MaxNodes) + " nodes")
			break
		}
		if !lazy && d.over(r, dn) {
			return
		}
		im := d.decodeMessage(r, dn, messageName(j), layout.Prefixed("messages.", j), 1)
		if r.Failure() == nil {
			wrapper.Messages = append(wrapper.Messages, im)
		}
	}
	if r.Failure() != nil {
		return
	}
	// Magic 1 wrappers number inner messages from 0 and carry the last one's absolute offset.
	all := wrapper.Messages
	if lazy {
		all = parsed[0]
	}
	if wrapper.Magic == 1 && len(all) > 0 {
		last := all[len(all)-1].Offset
		for j, im := range wrapper.Messages {
			if j >= len(dn.Children) {
				break
			}
			if on := dn.Children[j].Children[0]; on.Name == "offset" {
				on.Value += " (absolute " + itoa(wrapper.Offset-last+im.Offset) + ")"
			}
		}
	}
}

// int32Bytes reads an int32-length byte string (-1 = null), as legacy messages carry them.
func (d *decoder) int32Bytes(r *wire.Reader, parent *layout.Node, name, desc string) (Bytes, *layout.Node) {
	return d.sizedBytes(r, parent, name, desc, "bytes", wire.PrefixInt32)
}

// appendTo encodes the message from its fields; a wrapper's value is its kept
// compressed value while its messages are unchanged, else rebuilt from them.
func (m *Message) appendTo(dst []byte, xerial bool) []byte {
	value := []byte(m.Value)
	if codec := Codec(m.Attributes & legacyAttrCodec); codec != CodecNone && m.Messages != nil && m.keptValue() == nil {
		var inner []byte
		for _, im := range m.Messages {
			inner = im.appendTo(inner, false)
		}
		value = compress(nil, codec, inner, xerial)
	}
	start := len(dst)
	dst = wire.AppendInt64(dst, m.Offset)
	dst = wire.AppendInt32(dst, 0) // size, patched below
	dst = wire.AppendUint32(dst, 0)
	crcFrom := len(dst)
	dst = wire.AppendInt8(dst, m.Magic)
	dst = wire.AppendInt8(dst, m.Attributes)
	if m.Magic >= 1 {
		dst = wire.AppendInt64(dst, m.Timestamp)
	}
	dst = wire.AppendBytes(dst, wire.PrefixInt32, m.Key)
	dst = wire.AppendBytes(dst, wire.PrefixInt32, value)
	putUint32(dst[start+8:], uint32(len(dst)-start-12))
	putUint32(dst[crcFrom-4:], crc32.ChecksumIEEE(dst[crcFrom:]))
	return dst
}

func putUint32(b []byte, v uint32) {
	b[0], b[1], b[2], b[3] = byte(v>>24), byte(v>>16), byte(v>>8), byte(v)
}

func messageName(j int) string { _, n := layout.ElementName("messages", j); return n }

func setRegion(n *layout.Node, r layout.Region) {
	if n != nil {
		n.Walk(func(c *layout.Node, _ int) bool { c.Region = r; return true })
	}
}
