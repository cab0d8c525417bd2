package message

import (
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Large arrays are laid out on demand. A Metadata response of 1,000 topics
// holds some 150,000 nodes, most of which nobody opens; building them was
// nine tenths of its decode. So an array of lazyMin elements or more is read
// twice: at decode time by a skimmer, which makes the values and notes where
// the tagged fields lie (the only bytes of an element in a region other
// than the array's), and when its node is first opened by the Decoder, which
// builds the nodes. The skimmer accepts exactly what the Decoder accepts and
// spends the same node budget; where it fails, the array is decoded at once
// by the Decoder, so the error is marked on the node where decoding stopped.

// lazyMin is the fewest elements an array needs to be laid out on demand:
// a smaller one costs less to build at once than to put off.
var lazyMin = 8

// skimmer reads values as Decoder does, building no nodes.
type skimmer struct {
	r       *wire.Reader
	version int16
	budget  *records.Budget
	values  *slab
	// spans are the tagged fields' bytes, each struct's tag count and the
	// fields after it, in the order read (so ascending), joined where they touch.
	spans []layout.Span
}

// lazyArray reads the count elements of array f that start at the reader's
// offset with a skimmer and makes n build their nodes when first opened. It
// reports false, having read nothing, when the skimmer fails: the caller
// then decodes the elements at once.
func (d *Decoder) lazyArray(f *schema.Field, flex bool, n *layout.Node, count int) ([]any, bool) {
	start := d.Reader.Off()
	data := d.Reader.Rest()
	var saved records.Budget
	if d.Records.Budget != nil {
		saved = *d.Records.Budget
	}
	s := &skimmer{r: wire.NewReader(data, start), version: d.Version, budget: d.Records.Budget, values: d.slab()}
	arr := s.elements(f, flex, count)
	if s.r.Failure() != nil {
		if d.Records.Budget != nil {
			*d.Records.Budget = saved
		}
		return nil, false
	}
	used := s.r.Off() - start
	d.Reader.Bytes(used, "array")
	data = data[:used]
	version, region, apiKey := d.Version, d.Region, d.APIKey
	n.LazySpans(func(n *layout.Node) {
		// The elements were read and counted against the frame's budget
		// when it decoded, so this builds at most what the budget allowed.
		sub := &Decoder{Reader: wire.NewReader(data, start), Version: version, Region: region, APIKey: apiKey,
			Arena: &layout.Arena{}, Records: records.Options{Budget: &records.Budget{Nodes: records.MaxNodes}}}
		sub.elements(f, flex, n, count)
		if sub.Reader.Failure() != nil && n.Failed() == nil {
			n.Err = sub.Reader.Failure() // a skimmer that accepts what the decoder does not: still say so
		}
	}, s.spans)
	return arr, true
}

// lazyFields holds, per array field and API, whether its elements may be
// laid out on demand.
var lazyFields layout.Cache[lazyKey, bool]

type lazyKey struct {
	f   *schema.Field
	api int16
}

// layoutLater reports whether array f's elements may be laid out on demand:
// those that hold records or an embedded data format have nodes of other
// regions (and buffers) than a skimmer notes, and are laid out at once.
func (d *Decoder) layoutLater(f *schema.Field, count int) bool {
	if count < lazyMin || d.Header {
		return false
	}
	api := d.APIKey
	return lazyFields.Get(lazyKey{f, api}, func(k lazyKey) bool { return !holdsOtherRegions(k.f, k.api) })
}

func holdsOtherRegions(f *schema.Field, api int16) bool {
	if f.Kind() == schema.KindRecords || embeddedFormats[api][f.Name] != "" {
		return true
	}
	for _, c := range f.Fields {
		if holdsOtherRegions(c, api) {
			return true
		}
	}
	return false
}

func (s *skimmer) overBudget() bool {
	if why := s.budget.NodesSpent(); why != "" {
		s.r.Fail(s.r.Off(), "%s", why)
		return true
	}
	return false
}

// elements reads count elements of array f, as Decoder.elements does.
func (s *skimmer) elements(f *schema.Field, flex bool, count int) []any {
	arr := s.values.array(min(count, presizeMax))
	kind, elem := f.Kind(), f.Elem()
	for i := 0; i < count; i++ {
		if s.overBudget() {
			return arr
		}
		s.budget.Spend(1)
		var v any
		if f.IsStruct() {
			v = s.structValue(f.Fields, flex)
		} else {
			v = s.scalar(kind, elem, f.Name, false, flex)
		}
		if s.r.Failure() != nil {
			return arr
		}
		arr = append(arr, v)
	}
	return arr
}

func (s *skimmer) structValue(fields []*schema.Field, flex bool) *Struct {
	st := s.values.newStruct(fieldCount(fields, s.version, flex))
	for _, f := range fields {
		if !f.Versions.Has(s.version) || (flex && f.Tagged.Has(s.version)) {
			continue
		}
		if s.overBudget() {
			return st
		}
		s.budget.Spend(1)
		val := s.value(f, f.CompactAt(s.version, flex))
		if s.r.Failure() != nil {
			return st
		}
		st.Fields = append(st.Fields, Field{Name: f.Name, Value: val})
	}
	if flex {
		s.taggedFields(fields, st)
	}
	return st
}

func (s *skimmer) taggedFields(fields []*schema.Field, st *Struct) {
	from := s.r.Off()
	defer func() {
		if k := len(s.spans) - 1; k >= 0 && s.spans[k].End == from {
			s.spans[k].End = s.r.Off()
			return
		}
		s.spans = append(s.spans, layout.Span{Off: from, End: s.r.Off(), Region: layout.RegionTagged})
	}()
	s.budget.Spend(1)
	count := s.r.Uvarint()
	if s.r.Failure() != nil || !s.r.Length(from, int64(count), 2, "tagged field count") {
		return
	}
	last := int64(-1)
	for i := uint32(0); i < count; i++ {
		tagOff := s.r.Off()
		tag := s.r.Uvarint()
		sizeOff := s.r.Off()
		size := s.r.Uvarint()
		if s.r.Failure() != nil {
			return
		}
		if int64(tag) <= last {
			s.r.Fail(tagOff, "tag %d after tag %d: tags must ascend", tag, last)
			return
		}
		last = int64(tag)
		if !s.r.Length(sizeOff, int64(size), 1, "tagged field size") {
			return
		}
		dataOff := s.r.Off()
		data := s.r.Bytes(int(size), "tagged field")
		f := taggedField(fields, s.version, tag)
		if f == nil {
			st.Unknown = append(st.Unknown, Tagged{Tag: tag, Data: data})
			continue
		}
		sub := &skimmer{r: wire.NewReader(data, dataOff), version: s.version, budget: s.budget, values: s.values}
		val := sub.value(f, true)
		if f := sub.r.Failure(); f != nil {
			s.r.Fail(f.Off, "%s", f.Msg)
			return
		}
		if sub.r.Left() > 0 {
			s.r.Fail(sub.r.Off(), "tagged field %s ends %d bytes before its size says", f.Name, sub.r.Left())
			return
		}
		st.Set(f.Name, val)
	}
}

// taggedField is the field of fields with tag at version v, or nil.
func taggedField(fields []*schema.Field, v int16, tag uint32) *schema.Field {
	for _, c := range fields {
		if c.Versions.Has(v) && c.Tagged.Has(v) && uint32(c.Tag) == tag {
			return c
		}
	}
	return nil
}

func (s *skimmer) value(f *schema.Field, flex bool) any {
	nullable := f.Nullable.Has(s.version)
	if f.IsArray() {
		l, ok := s.length(wire.ArrayPrefix(flex), "array")
		if !ok {
			return nil
		}
		if l.Null() {
			if !nullable {
				s.r.Fail(s.r.Off(), "null array, but %s is not nullable at v%d", f.Name, s.version)
			}
			return nil
		}
		if !s.r.Fits(l, minSize(f, flex), "array") {
			return nil
		}
		return s.elements(f, flex, l.N)
	}
	if f.IsStruct() {
		if nullable {
			s.budget.Spend(1)
			off := s.r.Off()
			p := s.r.Int8()
			if s.r.Failure() != nil {
				return nil
			}
			if p == -1 {
				return nil
			}
			if p != 1 {
				s.r.Fail(off, "nullable struct marker must be -1 or 1, found %d", p)
				return nil
			}
		}
		return s.structValue(f.Fields, flex)
	}
	return s.scalar(f.Kind(), f.Type, f.Name, nullable, flex)
}

func (s *skimmer) length(p wire.Prefix, what string) (wire.Length, bool) {
	s.budget.Spend(1)
	l := s.r.ReadLength(p, what)
	return l, s.r.Failure() == nil
}

func (s *skimmer) scalar(kind schema.Kind, typ, name string, nullable, flex bool) any {
	r := s.r
	switch kind {
	case schema.KindBool:
		return r.Bool()
	case schema.KindInt8:
		return r.Int8()
	case schema.KindInt16:
		return r.Int16()
	case schema.KindUint16:
		return r.Uint16()
	case schema.KindInt32:
		return r.Int32()
	case schema.KindUint32:
		return r.Uint32()
	case schema.KindInt64:
		return r.Int64()
	case schema.KindFloat64:
		return r.Float64()
	case schema.KindUUID:
		return UUID(r.UUID())
	case schema.KindString:
		l, ok := s.length(wire.StringPrefix(flex), "string")
		if !ok {
			return nil
		}
		if l.Null() {
			if !nullable {
				r.Fail(r.Off(), "null string, but %s is not nullable at v%d", name, s.version)
			}
			return nil
		}
		b := r.Data(l, "string")
		if r.Failure() != nil {
			return nil
		}
		if l.N > 0 {
			s.budget.Spend(1)
		}
		return string(b)
	case schema.KindBytes:
		l, ok := s.length(wire.BytesPrefix(flex), typ)
		if !ok {
			return nil
		}
		if l.Null() {
			if !nullable {
				r.Fail(r.Off(), "null %s, but %s is not nullable at v%d", typ, name, s.version)
			}
			return nil
		}
		b := r.Data(l, typ)
		if r.Failure() != nil {
			return nil
		}
		if l.N > 0 {
			s.budget.Spend(1)
		}
		return b
	}
	// Records (which layoutLater keeps out) and unknown types are for the Decoder.
	r.Fail(r.Off(), "skimmer cannot read %s", typ)
	return nil
}
