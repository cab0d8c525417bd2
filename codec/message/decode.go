package message

import (
	"strconv"
	"unicode/utf8"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Decoder reads struct values from a wire.Reader and builds their layout nodes.
type Decoder struct {
	Reader  *wire.Reader
	Version int16         // the version the fields are read at
	Region  layout.Region // region of the nodes it makes (tagged fields get RegionTagged)
	// Header says the fields are a message header's, which describes its tag count so
	// (frame gives the header's nodes their names).
	Header bool
	// APIKey is the key of the message's API, to find the data formats its
	// bytes fields carry and its fields' descriptions; -1 for none.
	APIKey int16
	// Arena, when set, supplies the nodes: a big frame then costs a few allocations, not one per node.
	Arena *layout.Arena
	// Bufs collects decompressed record buffers; Bufs[0] is the frame.
	Bufs *[][]byte
	// Records are the options records fields are decoded with; a nil
	// DataFormat means DecodeData (see recordsOptions). Its Budget, when
	// set, bounds the nodes this decoder builds too: past it, decoding stops
	// at the next field or element with an error that says so.
	Records records.Options
	// RecordsUnread leaves the record batches of records fields unread:
	// the field's value is its bytes, and its node has no children. For
	// what the other fields say (error codes, topics), which a batch's
	// records never change: decompressing them was most of that time.
	RecordsUnread bool
	// marked is set once the node where decoding stopped carries the error.
	marked bool
	values *slab // where its structs and arrays come from
}

// slab is where the decoder's values come from, made on first use.
func (d *Decoder) slab() *slab {
	if d.values == nil {
		d.values = &slab{pin: d.Arena.SharePin()}
	}
	return d.values
}

// Done gives back what the decoder's blocks of values hold unused, for
// the next decode to take (layout.Shared). The decoder stays usable. A nil
// decoder has nothing to give back.
func (d *Decoder) Done() {
	if d != nil && d.values != nil {
		d.values.done()
	}
}

// Retire is Done for a decode that holds much (decompressed buffers): its
// blocks' epoch is ended rather than shared on (layout.Arena.Retire).
func (d *Decoder) Retire() {
	if d != nil && d.values != nil {
		d.values.retire()
	}
}

// fieldCount is the number of fields of a struct at version v that are not tagged.
func fieldCount(fields []*schema.Field, v int16, flex bool) int {
	nf := 0
	for _, f := range fields {
		if f.Versions.Has(v) && !(flex && f.Tagged.Has(v)) {
			nf++
		}
	}
	return nf
}

// add appends a copy of proto to parent's children, taking the node from the arena.
func (d *Decoder) add(parent *layout.Node, proto layout.Node) *layout.Node {
	d.Records.Budget.Spend(1)
	if d.Arena == nil {
		n := new(layout.Node) // not &proto: that would move every proto to the heap
		*n = proto
		return parent.Add(n)
	}
	return d.Arena.Attach(parent, proto)
}

// reserve makes room for extra more children of n, from the arena.
func (d *Decoder) reserve(n *layout.Node, extra int) {
	if cap(n.Children)-len(n.Children) >= extra {
		return
	}
	k := d.Arena.Kids(len(n.Children) + extra)
	n.Children = append(k, n.Children...)
}

// failed reports whether decoding has stopped, marking n as the place if no deeper node was.
func (d *Decoder) failed(n *layout.Node) bool {
	f := d.Reader.Failure()
	if f == nil {
		return false
	}
	if !d.marked {
		d.marked = true
		n.Err = f
	}
	if n.End < n.Off {
		n.End = n.Off
	}
	return true
}

// overBudget reports whether the frame's node budget is spent, failing the
// reader where it stands if so.
func (d *Decoder) overBudget() bool {
	if why := d.Records.Budget.NodesSpent(); why != "" && d.Reader.Failure() == nil {
		d.Reader.Fail(d.Reader.Off(), "%s", why)
		return true
	}
	return false
}

// Struct decodes the fields of a struct into parent's children, returning the value
// (partial when decoding stops early).
func (d *Decoder) Struct(fields []*schema.Field, flex bool, parent *layout.Node) *Struct {
	nf := fieldCount(fields, d.Version, flex)
	s := d.slab().newStruct(nf)
	d.reserve(parent, nf+1)
	for _, f := range fields {
		if !f.Versions.Has(d.Version) || (flex && f.Tagged.Has(d.Version)) {
			continue
		}
		if d.overBudget() {
			d.failed(parent)
			return s
		}
		n := d.add(parent, layout.Node{Key: f.Name, Off: d.Reader.Off(), Region: d.Region})
		val := d.Value(f, f.CompactAt(d.Version, flex), n)
		n.End = d.Reader.Off()
		if d.failed(n) {
			if readPart(val) {
				s.Fields = append(s.Fields, Field{Name: f.Name, Value: val})
			}
			return s
		}
		s.Fields = append(s.Fields, Field{Name: f.Name, Value: val})
	}
	if flex {
		d.taggedFields(fields, s, parent)
	}
	return s
}

func (d *Decoder) taggedFields(fields []*schema.Field, s *Struct, parent *layout.Node) {
	cn := d.add(parent, layout.Node{Name: "tagged_fields", Type: "uvarint", Off: d.Reader.Off(), Region: layout.RegionTagged})
	count := d.Reader.Uvarint()
	cn.End = d.Reader.Off()
	cn.Value = layout.Itoa(int64(count))
	if d.Header {
		cn.Desc = "number of tagged fields in the header"
	} else {
		cn.Desc = "number of tagged fields in this struct"
	}
	if d.failed(cn) || !d.Reader.Length(cn.Off, int64(count), 2, "tagged field count") {
		d.failed(cn)
		return
	}
	last := int64(-1)
	for i := uint32(0); i < count; i++ {
		tn := parent.Add(&layout.Node{Off: d.Reader.Off(), Region: layout.RegionTagged})
		tagNode := tn.Add(&layout.Node{Name: "tag", Type: "uvarint", Off: d.Reader.Off(), Region: layout.RegionTagged, Desc: "which tagged field this is"})
		tag := d.Reader.Uvarint()
		tagNode.End = d.Reader.Off()
		tagNode.Value = strconv.FormatUint(uint64(tag), 10)
		sizeNode := tn.Add(&layout.Node{Name: "size", Type: "uvarint", Off: d.Reader.Off(), Region: layout.RegionTagged, Desc: "bytes of the value that follows"})
		size := d.Reader.Uvarint()
		sizeNode.End = d.Reader.Off()
		sizeNode.Value = strconv.FormatUint(uint64(size), 10)
		tn.Name, tn.Type = "tag "+tagNode.Value, "tagged field"
		if d.failed(sizeNode) || d.failed(tagNode) {
			tn.End = d.Reader.Off()
			return
		}
		if int64(tag) <= last {
			d.Reader.Fail(tagNode.Off, "tag %d after tag %d: tags must ascend", tag, last)
			d.failed(tagNode)
			tn.End = d.Reader.Off()
			return
		}
		last = int64(tag)
		if !d.Reader.Length(sizeNode.Off, int64(size), 1, "tagged field size") {
			d.failed(sizeNode)
			tn.End = d.Reader.Off()
			return
		}
		dataOff := d.Reader.Off()
		data := d.Reader.Bytes(int(size), "tagged field")
		f := taggedField(fields, d.Version, tag)
		if f == nil {
			tn.Name, tn.Type = "unknown tag "+tagNode.Value, "bytes"
			tn.Value = bytesValue(data)
			tn.Desc = "a tagged field this version does not define, kept as it is"
			tn.Add(&layout.Node{Name: "data", Type: "bytes", Value: tn.Value, Off: dataOff, End: d.Reader.Off(), Region: layout.RegionTagged})
			s.Unknown = append(s.Unknown, Tagged{Tag: tag, Data: data})
			tn.End = d.Reader.Off()
			continue
		}
		// A known tagged field: decode its value from its own bytes, so a bad
		// size cannot make it read past them.
		sub := &Decoder{Reader: wire.NewReader(data, dataOff), Version: d.Version, Region: layout.RegionTagged, Bufs: d.Bufs, APIKey: d.APIKey, Records: d.Records, values: d.values}
		vn := &layout.Node{Key: f.Name, Off: dataOff, Region: layout.RegionTagged}
		val := sub.Value(f, true, vn)
		vn.End = sub.Reader.Off()
		tn.Key, tn.Name, tn.Type, tn.Value, tn.Desc = f.Name, f.Name, vn.Type, vn.Value, vn.Desc
		tn.Children = append(tn.Children, vn.Children...)
		if len(vn.Children) == 0 {
			tn.Add(&layout.Node{Name: "value", Type: vn.Type, Value: vn.Value, Off: vn.Off, End: vn.End, Region: layout.RegionTagged})
		}
		tn.End = d.Reader.Off()
		if f := sub.Reader.Failure(); f != nil {
			tn.Err = f
			d.Reader.Fail(f.Off, "%s", f.Msg)
			d.marked = true
			return
		}
		if sub.Reader.Left() > 0 {
			d.Reader.Fail(sub.Reader.Off(), "tagged field %s ends %d bytes before its size says", f.Name, sub.Reader.Left())
			d.failed(tn)
			return
		}
		s.Set(f.Name, val)
	}
}

// Value decodes one field's value into node n (whose Off is set), filling its name, type and value text.
func (d *Decoder) Value(f *schema.Field, flex bool, n *layout.Node) any {
	n.Name = f.Name
	n.Type = f.Type
	key := d.APIKey
	if d.Header {
		key = -1 // a header's fields are no API's
	}
	n.Desc = describe(f, key)
	nullable := f.Nullable.Has(d.Version)
	if f.IsArray() {
		l, ok := d.length(n, wire.ArrayPrefix(flex), "array", arrayLength)
		if !ok {
			return nil
		}
		if l.Null() {
			if !nullable {
				d.Reader.Fail(n.Off, "null array, but %s is not nullable at v%d", f.Name, d.Version)
			}
			n.Value = "null"
			return nil
		}
		if !d.Reader.Fits(l, minSize(f, flex), "array") {
			d.failed(n.Children[0])
			return nil
		}
		count := l.N
		n.Value = layout.ElementsText(count)
		if d.layoutLater(f, count) {
			if arr, ok := d.lazyArray(f, flex, n, count); ok {
				return arr
			}
		}
		return d.elements(f, flex, n, count)
	}
	if f.IsStruct() {
		if nullable {
			pn := d.add(n, layout.Node{Name: "present", Type: "int8", Off: d.Reader.Off(), Region: d.Region, Desc: "1 when the struct follows, -1 when it is null"})
			p := d.Reader.Int8()
			pn.End = d.Reader.Off()
			pn.Value = strconv.Itoa(int(p))
			if d.failed(pn) {
				return nil
			}
			if p == -1 {
				n.Value = "null"
				return nil
			}
			if p != 1 {
				d.Reader.Fail(pn.Off, "nullable struct marker must be -1 or 1, found %d", p)
				d.failed(pn)
				return nil
			}
		}
		n.Value = "struct"
		return d.Struct(f.Fields, flex, n)
	}
	return d.scalar(f.Kind(), f.Type, nullable, flex, n)
}

// readPart reports whether v, the value of a field or element whose
// decoding failed, holds something read before the failure: the fields of
// a struct, or the elements of an array, before the one that failed. A
// partial message keeps those (a response cut inside its third topic keeps
// the first two, and their error codes); a scalar that failed is nothing.
func readPart(v any) bool {
	switch v := v.(type) {
	case *Struct:
		return v != nil && len(v.Fields) > 0
	case []any:
		return len(v) > 0
	}
	return false
}

// presizeMax is the most elements of an array made room for before they
// are read; a bigger array grows as they come. A count is bounded by the
// bytes left, but a reading that fails at its first element, as most of a
// guess's do, should not pay for a million: guessing a pasted 1 MiB Fetch
// response took 24 MB of such room, never used.
const presizeMax = 1024

// elements decodes the count elements of array f into n's children.
func (d *Decoder) elements(f *schema.Field, flex bool, n *layout.Node, count int) []any {
	elem := f.Elem()
	arr := d.slab().array(min(count, presizeMax))
	d.reserve(n, min(count, presizeMax))
	for i := 0; i < count; i++ {
		if d.overBudget() {
			d.failed(n)
			return arr
		}
		// An element is named as its position is everywhere: the
		// array's field name and the index (Topics[0]), as in JSON.
		key, name := layout.ElementName(f.Name, i)
		en := d.add(n, layout.Node{Key: key, Name: name, Type: elem, Off: d.Reader.Off(), Region: d.Region})
		var v any
		if f.IsStruct() {
			en.Value = "struct"
			v = d.Struct(f.Fields, flex, en)
		} else {
			v = d.scalar(f.Kind(), elem, false, flex, en)
		}
		en.End = d.Reader.Off()
		if d.failed(en) {
			if readPart(v) {
				arr = append(arr, v)
			}
			return arr
		}
		arr = append(arr, v)
	}
	return arr
}

// length reads the length prefix of an array, string or bytes, written as p,
// into a "length" node under n. It reports false when the prefix does not read.
func (d *Decoder) length(n *layout.Node, p wire.Prefix, what string, desc lengthDesc) (wire.Length, bool) {
	d.reserve(n, 2)
	ln := d.add(n, layout.Node{Name: "length", Type: p.String(), Off: d.Reader.Off(), Region: d.Region})
	l := d.Reader.ReadLength(p, what)
	ln.End = l.End
	if p == wire.PrefixCompact {
		ln.Value = layout.CompactLengthText(uint32(l.N + 1))
		ln.Desc = desc.compact
	} else {
		ln.Value = layout.Itoa(int64(l.N))
		ln.Desc = desc.classic
	}
	return l, !d.failed(ln)
}

// lengthDesc describes a length prefix in its compact and classic forms.
type lengthDesc struct{ compact, classic string }

var (
	arrayLength  = lengthDesc{"number of elements plus one; 0 means null", "number of elements; -1 means null"}
	stringLength = lengthDesc{"bytes in the string plus one; 0 means null", "bytes in the string; -1 means null"}
	bytesLength  = lengthDesc{"bytes that follow plus one; 0 means null", "bytes that follow; -1 means null"}
)

// minSize is the fewest bytes one element of array f can take, to bound lengths before allocating.
func minSize(f *schema.Field, flex bool) int {
	if n := f.Kind().FixedSize(); n > 0 {
		return n
	}
	switch f.Kind() {
	case schema.KindString:
		if flex {
			return 1
		}
		return 2
	case schema.KindBytes, schema.KindRecords:
		if flex {
			return 1
		}
		return 4
	}
	return 1 // a struct: at least a tag count, or one byte of some field
}

func (d *Decoder) scalar(kind schema.Kind, typ string, nullable, flex bool, n *layout.Node) any {
	r := d.Reader
	switch kind {
	case schema.KindBool:
		v := r.Bool()
		n.Value = strconv.FormatBool(v)
		return v
	case schema.KindInt8:
		v := r.Int8()
		n.Value = d.named(n.Name, int64(v))
		return v
	case schema.KindInt16:
		v := r.Int16()
		n.Value = d.named(n.Name, int64(v))
		return v
	case schema.KindUint16:
		v := r.Uint16()
		n.Value = layout.Itoa(int64(v))
		return v
	case schema.KindInt32:
		v := r.Int32()
		n.Value = layout.Itoa(int64(v))
		return v
	case schema.KindUint32:
		v := r.Uint32()
		n.Value = strconv.FormatUint(uint64(v), 10)
		return v
	case schema.KindInt64:
		v := r.Int64()
		n.Value = layout.Itoa(v)
		return v
	case schema.KindFloat64:
		v := r.Float64()
		n.Value = strconv.FormatFloat(v, 'g', -1, 64)
		return v
	case schema.KindUUID:
		v := UUID(r.UUID())
		n.Value = v.String()
		return v
	case schema.KindString:
		l, ok := d.length(n, wire.StringPrefix(flex), "string", stringLength)
		if !ok {
			return nil
		}
		if l.Null() {
			if !nullable {
				r.Fail(n.Off, "null string, but %s is not nullable at v%d", n.Name, d.Version)
			}
			n.Value = stringText("", true, flex, -1)
			return nil
		}
		off, size := l.End, l.N // the data starts where its length ends
		b := r.Data(l, "string")
		if r.Failure() != nil {
			return nil
		}
		s := string(b)
		n.Value = stringText(s, false, flex, size)
		if size > 0 {
			d.add(n, layout.Node{Name: "bytes", Type: "utf-8", Value: layout.SizeText(size), Off: off, End: r.Off(), Region: d.Region, Desc: "the string's bytes"})
		}
		return s
	case schema.KindBytes, schema.KindRecords:
		l, ok := d.length(n, wire.BytesPrefix(flex), typ, bytesLength)
		if !ok {
			return nil
		}
		if l.Null() {
			if !nullable {
				r.Fail(n.Off, "null %s, but %s is not nullable at v%d", typ, n.Name, d.Version)
			}
			n.Value = "null"
			return nil
		}
		off, size := l.End, l.N // the data starts where its length ends
		if kind == schema.KindRecords && d.RecordsUnread {
			b := r.Data(l, typ)
			if r.Failure() != nil {
				return nil
			}
			n.Value = strconv.Itoa(size) + " bytes, not read"
			return b
		}
		if kind == schema.KindRecords && size > r.Left() {
			// A frame cut short (a log line's limit, a capture's snap
			// length): its batches are read as far as its bytes go, and
			// the field fails at its length as any other would.
			left := r.Left()
			d.recordsCut(n, r.Bytes(left, typ), off, size)
			r.Fail(l.Off, "%s length %d runs past the end, %d bytes left", typ, size, left)
			return nil
		}
		b := r.Data(l, typ)
		if r.Failure() != nil {
			return nil
		}
		if kind == schema.KindBytes {
			n.Value = bytesValue(b)
			if en := d.embedded(n.Name, b, off); en != nil {
				n.Add(en)
				n.Value += " (" + en.Name + ")"
			} else if size > 0 {
				d.add(n, layout.Node{Name: "data", Type: "bytes", Value: layout.SizeText(size), Off: off, End: r.Off(), Region: d.Region})
			}
			return b
		}
		set, nodes, err := records.Decode(b, off, d.Bufs, d.recordsOptions())
		n.Children = append(n.Children, nodes...)
		n.Value = recordsValue(set, size)
		if err != nil {
			r.Fail(err.Off, "%s", err.Msg)
			if n.Failed() == nil {
				n.Err = err
			}
			d.marked = true
		}
		return set
	}
	r.Fail(n.Off, "unknown type %s", typ)
	return nil
}

// quoteMax bounds the bytes of a string its node's text shows: a hostile
// frame's string may be megabytes, and quoting it whole would cost several
// times that.
const quoteMax = 256

// stringText is the text of a string's node: s quoted (null when it is),
// then its length prefix, which holds size. It is made in one allocation,
// and the texts of the empty and the null string are shared: a small
// message's strings are mostly those.
func stringText(s string, null, flex bool, size int) string {
	switch {
	case null && flex:
		return "null (compact, len+1=0)"
	case null:
		return "null (int16 len=-1)"
	case s == "" && flex:
		return `"" (compact, len+1=1)`
	case s == "":
		return `"" (int16 len=0)`
	}
	var buf [96]byte
	out := appendQuoted(buf[:0], s)
	if flex {
		out = append(out, " (compact, len+1="...)
		out = strconv.AppendInt(out, int64(size)+1, 10)
	} else {
		out = append(out, " (int16 len="...)
		out = strconv.AppendInt(out, int64(size), 10)
	}
	return string(append(out, ')'))
}

// appendQuoted appends s quoted, cut after quoteMax bytes (on a rune
// boundary) with its length said.
func appendQuoted(dst []byte, s string) []byte {
	if len(s) <= quoteMax {
		return strconv.AppendQuote(dst, s)
	}
	cut := s[:quoteMax]
	for i := 0; i < utf8.UTFMax && !utf8.ValidString(cut); i++ {
		cut = cut[:len(cut)-1]
	}
	dst = strconv.AppendQuote(dst, cut)
	dst = append(dst, "… ("...)
	dst = strconv.AppendInt(dst, int64(len(s)), 10)
	return append(dst, " bytes)"...)
}

// recordsCut lays out the records of a frame cut short as far as its
// bytes go: the batch header of what a producer sent is there to read, and
// the batches' nodes say where they stop.
func (d *Decoder) recordsCut(n *layout.Node, rest []byte, off, size int) {
	o := d.recordsOptions()
	o.Cut = true
	_, nodes, _ := records.Decode(rest, off, d.Bufs, o)
	n.Children = append(n.Children, nodes...)
	n.Value = layout.SizeText(size) + ", " + layout.SizeText(len(rest)) + " present"
}

func recordsValue(s *records.Set, size int) string {
	if s == nil {
		return strconv.Itoa(size) + " bytes"
	}
	b := len(s.Batches)
	word := " batches"
	if b == 1 {
		word = " batch"
	}
	return strconv.Itoa(size) + " bytes, " + strconv.Itoa(b) + word
}

// named writes an int8 or int16 with what it names: API keys, error codes and a few enumerations.
func (d *Decoder) named(name string, v int64) string {
	label := valueLabel(name, v)
	if label == "" {
		return layout.Itoa(v)
	}
	// A big response repeats a few of these thousands of times ("0 (NONE)"
	// in every partition): each text is made once.
	return namedTexts.Get(namedText{label, v}, func(k namedText) string { return layout.Itoa(k.v) + " (" + k.label + ")" })
}

type namedText struct {
	label string
	v     int64
}

var namedTexts layout.Cache[namedText, string]

// valueLabel is what value v of a field called name stands for, or "".
func valueLabel(name string, v int64) string {
	switch {
	case isErrorCodeField(name):
		if e := schema.Error(int16(v)); e != nil {
			return e.Name
		}
	case name == "ApiKey":
		if a := schema.ByKey(int16(v)); a != nil {
			return a.Name
		}
	default:
		return enumerations[name][v]
	}
	return ""
}

// enumerations name the values of fields whose numbers stand for something,
// where the name means the same in every API that has the field.
var enumerations = map[string]map[int64]string{
	"Acks":           {-1: "all in-sync replicas", 0: "none", 1: "leader only"},
	"IsolationLevel": {0: "READ_UNCOMMITTED", 1: "READ_COMMITTED"},
	"KeyType":        {0: "GROUP", 1: "TRANSACTION", 2: "SHARE"},
}

func isErrorCodeField(name string) bool {
	return len(name) >= 9 && name[len(name)-9:] == "ErrorCode"
}

func bytesValue(b []byte) string {
	const show = 16
	const hex = "0123456789abcdef"
	out := make([]byte, 0, 16+2*show)
	out = strconv.AppendInt(out, int64(len(b)), 10)
	out = append(out, " bytes"...)
	if len(b) > 0 {
		out = append(out, ": "...)
		for i, c := range b {
			if i == show {
				out = append(out, "..."...)
				break
			}
			out = append(out, hex[c>>4], hex[c&15])
		}
	}
	return string(out)
}
