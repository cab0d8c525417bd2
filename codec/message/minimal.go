package message

import (
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// MinimalStruct is the smallest legal value of a struct at version v: every
// number, bool and string the schema gives a default takes it (ProducerId -1),
// nullable strings and bytes are null, other numbers zero and strings and
// bytes empty; one element in every array, nullable structs present, no
// tagged fields, and records one empty RecordBatch v2. These are the reference
// pages' sizes (null and empty take the same bytes), with values a broker
// accepts: it refuses an empty TransactionalId where a producer without
// transactions sends null.
func MinimalStruct(fields []*schema.Field, v int16, flex bool) *Struct {
	s := &Struct{}
	for _, f := range fields {
		if !f.Versions.Has(v) || (flex && f.Tagged.Has(v)) {
			continue
		}
		var val any
		if !nullByDefault(f, v) {
			val = MinimalValue(f, v, flex)
		}
		s.Fields = append(s.Fields, Field{Name: f.Name, Value: val})
	}
	return s
}

// MinimalValue is the smallest legal non-null value of field f at version v.
func MinimalValue(f *schema.Field, v int16, flex bool) any {
	if f.IsArray() {
		var el any
		if f.IsStruct() {
			el = MinimalStruct(f.Fields, v, flex)
		} else {
			el = Zero(f.Elem())
		}
		return []any{el}
	}
	if f.IsStruct() {
		return MinimalStruct(f.Fields, v, flex)
	}
	return scalarDefault(f)
}

// nullByDefault reports whether a minimal struct leaves field f null at v: a
// nullable string or bytes field without a default other than null. Arrays
// and structs stay present, since null would change their size.
func nullByDefault(f *schema.Field, v int16) bool {
	if f.IsArray() || f.IsStruct() || !f.Nullable.Has(v) {
		return false
	}
	kind := schema.KindOf(f.Type)
	return (kind == schema.KindString || kind == schema.KindBytes) && (f.Default == "" || f.Default == "null")
}

// scalarDefault is the non-null value a primitive field f takes when nothing
// is said about it: the schema's default, else zero.
func scalarDefault(f *schema.Field) any {
	kind := schema.KindOf(f.Type)
	switch {
	case f.Default == "null" || f.Default == "":
	case kind == schema.KindString:
		return f.Default
	case kind != schema.KindRecords && kind != schema.KindBytes && kind != schema.KindUUID:
		if val, err := ParseValue(f.Type, f.Default); err == nil {
			return val
		}
	}
	return Zero(f.Type)
}

// Zero is the zero value of a primitive type: 0, false, "", empty bytes, the nil uuid, or a minimal record set.
func Zero(typ string) any {
	switch schema.KindOf(typ) {
	case schema.KindBool:
		return false
	case schema.KindInt8:
		return int8(0)
	case schema.KindInt16:
		return int16(0)
	case schema.KindUint16:
		return uint16(0)
	case schema.KindInt32:
		return int32(0)
	case schema.KindUint32:
		return uint32(0)
	case schema.KindInt64:
		return int64(0)
	case schema.KindFloat64:
		return float64(0)
	case schema.KindUUID:
		return UUID{}
	case schema.KindString:
		return ""
	case schema.KindBytes:
		return []byte{}
	case schema.KindRecords:
		return records.Minimal()
	}
	return nil
}

// Minimal is the smallest legal instance of a message, header included.
func Minimal(api *schema.API, v int16, d schema.Direction) *Message {
	m := &Message{API: api, Version: v, Dir: d}
	def := api.Def(d, v)
	flex := def != nil && def.Flexible.Has(v)
	m.Header = MinimalHeader(api, v, d)
	if def != nil {
		m.Body = MinimalStruct(def.Fields, v, flex)
	} else {
		m.Body = &Struct{}
	}
	return m
}

// MinimalHeader is the header of a message with every field zero but the API key and version.
func MinimalHeader(api *schema.API, v int16, d schema.Direction) *Struct {
	hv := schema.HeaderVersion(api, v, d)
	hdr := schema.Header(d)
	h := MinimalStruct(hdr.Fields, hv, hdr.Flexible.Has(hv))
	if d == schema.Request {
		if hv >= 1 {
			h.Set("ClientId", "") // as the reference pages show it (null takes as many bytes)
		}
		h.Set("RequestApiKey", api.Key)
		h.Set("RequestApiVersion", v)
	}
	return h
}

// Def is the body definition of the message.
func (m *Message) Def() *schema.Def { return m.API.Def(m.Dir, m.Version) }

// Flexible reports whether the message's version is flexible.
func (m *Message) Flexible() bool {
	d := m.Def()
	return d != nil && d.Flexible.Has(m.Version)
}
