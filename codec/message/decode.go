package message

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Decoder reads struct values from a wire.Reader and builds their layout nodes.
type Decoder struct {
	R      *wire.Reader
	V      int16         // the version the fields are read at
	Region layout.Region // region of the nodes it makes (tagged fields get RegionTagged)
	// Header switches to the header's node names (request_api_key, client_id...).
	Header bool
	// API is the key of the message's API, to find the data formats its bytes fields carry.
	API int16
	// Arena, when set, supplies the nodes: a big frame then costs a few allocations, not one per node.
	Arena *layout.Arena
	// Bufs collects decompressed record buffers; Bufs[0] is the frame.
	Bufs *[][]byte
	// Records are the options records fields are decoded with; a nil
	// DataFormat means DecodeData (see recordsOptions).
	Records records.Options
	// marked is set once the node where decoding stopped carries the error.
	marked bool
}

// add appends a copy of proto to parent's children, taking the node from the arena.
func (d *Decoder) add(parent *layout.Node, proto layout.Node) *layout.Node {
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
	f := d.R.Failure()
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

// Struct decodes the fields of a struct into parent's children, returning the value
// (partial when decoding stops early).
func (d *Decoder) Struct(fields []*schema.Field, flex bool, parent *layout.Node) *Struct {
	s := &Struct{}
	nf := 0
	for _, f := range fields {
		if f.Versions.Has(d.V) && !(flex && f.Tagged.Has(d.V)) {
			nf++
		}
	}
	s.Fields = make([]Field, 0, nf)
	d.reserve(parent, nf+1)
	for _, f := range fields {
		if !f.Versions.Has(d.V) || (flex && f.Tagged.Has(d.V)) {
			continue
		}
		n := d.add(parent, layout.Node{Key: f.Name, Off: d.R.Off(), Region: d.Region})
		val := d.Value(f, fieldFlex(f, d.V, flex), n)
		n.End = d.R.Off()
		if d.failed(n) {
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
	cn := d.add(parent, layout.Node{Name: "tagged_fields", Type: "uvarint", Off: d.R.Off(), Region: layout.RegionTagged})
	count := d.R.Uvarint()
	cn.End = d.R.Off()
	cn.Value = small(int(count))
	if d.Header {
		cn.Desc = "number of tagged fields in the header"
	} else {
		cn.Desc = "number of tagged fields in this struct"
	}
	if d.failed(cn) || !d.R.Length(cn.Off, int64(count), 2, "tagged field count") {
		d.failed(cn)
		return
	}
	last := int64(-1)
	for i := uint32(0); i < count; i++ {
		tn := parent.Add(&layout.Node{Off: d.R.Off(), Region: layout.RegionTagged})
		tagNode := tn.Add(&layout.Node{Name: "tag", Type: "uvarint", Off: d.R.Off(), Region: layout.RegionTagged, Desc: "which tagged field this is"})
		tag := d.R.Uvarint()
		tagNode.End = d.R.Off()
		tagNode.Value = strconv.FormatUint(uint64(tag), 10)
		sizeNode := tn.Add(&layout.Node{Name: "size", Type: "uvarint", Off: d.R.Off(), Region: layout.RegionTagged, Desc: "bytes of the value that follows"})
		size := d.R.Uvarint()
		sizeNode.End = d.R.Off()
		sizeNode.Value = strconv.FormatUint(uint64(size), 10)
		tn.Name, tn.Type = "tag "+tagNode.Value, "tagged field"
		if d.failed(sizeNode) || d.failed(tagNode) {
			tn.End = d.R.Off()
			return
		}
		if int64(tag) <= last {
			d.R.Fail(tagNode.Off, "tag %d after tag %d: tags must ascend", tag, last)
			d.failed(tagNode)
			tn.End = d.R.Off()
			return
		}
		last = int64(tag)
		if !d.R.Length(sizeNode.Off, int64(size), 1, "tagged field size") {
			d.failed(sizeNode)
			tn.End = d.R.Off()
			return
		}
		dataOff := d.R.Off()
		data := d.R.Bytes(int(size), "tagged field")
		var f *schema.Field
		for _, c := range fields {
			if c.Versions.Has(d.V) && c.Tagged.Has(d.V) && uint32(c.Tag) == tag {
				f = c
				break
			}
		}
		if f == nil {
			tn.Name, tn.Type = "unknown tag "+tagNode.Value, "bytes"
			tn.Value = bytesValue(data)
			tn.Desc = "a tagged field this version does not define, kept as it is"
			tn.Add(&layout.Node{Name: "data", Type: "bytes", Value: tn.Value, Off: dataOff, End: d.R.Off(), Region: layout.RegionTagged})
			s.Unknown = append(s.Unknown, Tagged{Tag: tag, Data: data})
			tn.End = d.R.Off()
			continue
		}
		// A known tagged field: decode its value from its own bytes, so a bad
		// size cannot make it read past them.
		sub := &Decoder{R: wire.NewReader(data, dataOff), V: d.V, Region: layout.RegionTagged, Bufs: d.Bufs, API: d.API, Records: d.Records}
		vn := &layout.Node{Key: f.Name, Off: dataOff, Region: layout.RegionTagged}
		val := sub.Value(f, true, vn)
		vn.End = sub.R.Off()
		tn.Key, tn.Name, tn.Type, tn.Value, tn.Desc = f.Name, f.Name, vn.Type, vn.Value, vn.Desc
		tn.Children = append(tn.Children, vn.Children...)
		if len(vn.Children) == 0 {
			tn.Add(&layout.Node{Name: "value", Type: vn.Type, Value: vn.Value, Off: vn.Off, End: vn.End, Region: layout.RegionTagged})
		}
		tn.End = d.R.Off()
		if f := sub.R.Failure(); f != nil {
			tn.Err = f
			d.R.Fail(f.Off, "%s", f.Msg)
			d.marked = true
			return
		}
		if sub.R.Left() > 0 {
			d.R.Fail(sub.R.Off(), "tagged field %s ends %d bytes before its size says", f.Name, sub.R.Left())
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
	n.Desc = describeCached(f)
	nullable := f.Nullable.Has(d.V)
	if f.IsArray() {
		count, null := d.length(n, flex, "array", 4, arrayLength)
		if null {
			if !nullable {
				d.R.Fail(n.Off, "null array, but %s is not nullable at v%d", f.Name, d.V)
			}
			n.Value = "null"
			return nil
		}
		if d.R.Failure() != nil {
			return nil
		}
		elem := f.Elem()
		min := minSize(f, d.V, flex)
		if !d.R.Length(n.Off, int64(count), min, "array length") {
			d.failed(n.Children[0])
			return nil
		}
		n.Value = elements(count)
		arr := make([]any, 0, count)
		d.reserve(n, count)
		for i := 0; i < count; i++ {
			key, name := elementName(elem, i)
			en := d.add(n, layout.Node{Key: key, Name: name, Type: elem, Off: d.R.Off(), Region: d.Region})
			var v any
			if f.IsStruct() {
				en.Value = "struct"
				v = d.Struct(f.Fields, flex, en)
			} else {
				v = d.scalar(f.Kind(), elem, false, flex, en)
			}
			en.End = d.R.Off()
			if d.failed(en) {
				return arr
			}
			arr = append(arr, v)
		}
		return arr
	}
	if f.IsStruct() {
		if nullable {
			pn := d.add(n, layout.Node{Name: "present", Type: "int8", Off: d.R.Off(), Region: d.Region, Desc: "1 when the struct follows, -1 when it is null"})
			p := d.R.Int8()
			pn.End = d.R.Off()
			pn.Value = strconv.Itoa(int(p))
			if d.failed(pn) {
				return nil
			}
			if p == -1 {
				n.Value = "null"
				return nil
			}
			if p != 1 {
				d.R.Fail(pn.Off, "nullable struct marker must be -1 or 1, found %d", p)
				d.failed(pn)
				return nil
			}
		}
		n.Value = "struct"
		return d.Struct(f.Fields, flex, n)
	}
	return d.scalar(f.Kind(), f.Type, nullable, flex, n)
}

// length reads an array, string or bytes length: compact (uvarint n+1, 0 = null)
// or classic (int16 or int32, -1 = null). It adds a "length" node.
func (d *Decoder) length(n *layout.Node, flex bool, what string, classicSize int, desc lengthDesc) (int, bool) {
	d.reserve(n, 2)
	ln := d.add(n, layout.Node{Name: "length", Off: d.R.Off(), Region: d.Region})
	var v int64
	if flex {
		ln.Type = "uvarint"
		u := d.R.Uvarint()
		v = int64(u) - 1
		ln.Value = compactLength(u)
		ln.Desc = desc.compact
	} else {
		if classicSize == 2 {
			ln.Type = "int16"
			v = int64(d.R.Int16())
		} else {
			ln.Type = "int32"
			v = int64(d.R.Int32())
		}
		ln.Value = small(int(v))
		ln.Desc = desc.classic
	}
	ln.End = d.R.Off()
	if d.failed(ln) {
		return 0, false
	}
	if v == -1 {
		return 0, true
	}
	if v < -1 {
		d.R.Fail(ln.Off, "%s length %d is negative", what, v)
		d.failed(ln)
		return 0, false
	}
	return int(v), false
}

// minSize is the fewest bytes one element of array f can take, to bound lengths before allocating.
func minSize(f *schema.Field, v int16, flex bool) int {
	switch f.Elem() {
	case "bool", "int8":
		return 1
	case "int16", "uint16":
		return 2
	case "int32", "uint32":
		return 4
	case "int64", "float64":
		return 8
	case "uuid":
		return 16
	case "string":
		if flex {
			return 1
		}
		return 2
	case "bytes", "records":
		if flex {
			return 1
		}
		return 4
	}
	return 1 // a struct: at least a tag count, or one byte of some field
}

func (d *Decoder) scalar(kind schema.Kind, typ string, nullable, flex bool, n *layout.Node) any {
	r := d.R
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
		n.Value = small(int(v))
		return v
	case schema.KindInt32:
		v := r.Int32()
		n.Value = small(int(v))
		return v
	case schema.KindUint32:
		v := r.Uint32()
		n.Value = strconv.FormatUint(uint64(v), 10)
		return v
	case schema.KindInt64:
		v := r.Int64()
		n.Value = small64(v)
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
		size, null := d.length(n, flex, "string", 2, stringLength)
		if null {
			if !nullable {
				r.Fail(n.Off, "null string, but %s is not nullable at v%d", n.Name, d.V)
			}
			n.Value = "null" + lengthNote(flex, -1)
			return nil
		}
		if d.R.Failure() != nil {
			return nil
		}
		if !r.Length(n.Off, int64(size), 1, "string length") {
			return nil
		}
		off := r.Off()
		s := string(r.Bytes(size, "string"))
		n.Value = strconv.Quote(s) + lengthNote(flex, size)
		if size > 0 {
			d.add(n, layout.Node{Name: "bytes", Type: "utf-8", Value: sizeText(size), Off: off, End: r.Off(), Region: d.Region, Desc: "the string's bytes"})
		}
		return s
	case schema.KindBytes, schema.KindRecords:
		size, null := d.length(n, flex, typ, 4, bytesLength)
		if null {
			if !nullable {
				r.Fail(n.Off, "null %s, but %s is not nullable at v%d", typ, n.Name, d.V)
			}
			n.Value = "null"
			return nil
		}
		if d.R.Failure() != nil {
			return nil
		}
		if !r.Length(n.Off, int64(size), 1, typ+" length") {
			return nil
		}
		off := r.Off()
		b := r.Bytes(size, typ)
		if kind == schema.KindBytes {
			n.Value = bytesValue(b)
			if en := d.embedded(n.Name, b, off); en != nil {
				n.Add(en)
				n.Value += " (" + en.Name + ")"
			} else if size > 0 {
				d.add(n, layout.Node{Name: "data", Type: "bytes", Value: sizeText(size), Off: off, End: r.Off(), Region: d.Region})
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

func lengthNote(flex bool, n int) string {
	if flex {
		return " (compact, len+1=" + strconv.Itoa(n+1) + ")"
	}
	return " (int16 len=" + strconv.Itoa(n) + ")"
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
	s := small64(v)
	switch {
	case isErrorCodeField(name):
		if e := schema.Error(int16(v)); e != nil {
			return s + " (" + e.Name + ")"
		}
	case name == "ApiKey":
		if a := schema.ByKey(int16(v)); a != nil {
			return s + " (" + a.Name + ")"
		}
	default:
		if names, ok := enumerations[name]; ok {
			if n, ok := names[v]; ok {
				return s + " (" + n + ")"
			}
		}
	}
	return s
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
