package message

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Path addresses a value in a message: "header" or "body", then field names
// and element indexes, e.g. body.Topics.0.Name. It matches the Key of the
// layout nodes on the way down.
type Path []string

// ParsePath reads a dotted path.
func ParsePath(s string) Path {
	if s == "" {
		return nil
	}
	return strings.Split(s, ".")
}

func (p Path) String() string { return strings.Join(p, ".") }

// slot is a place that holds a value: where it is, what schema it follows, and how to replace it.
type slot struct {
	field *schema.Field // the field; for an array element, the array's field
	elem  bool          // the slot is an array element
	flex  bool          // compact encodings apply here
	get   func() any
	set   func(any)
	// parent is the struct that holds the field (nil for elements).
	parent *Struct
	// fields are the schema fields of parent.
	fields []*schema.Field
}

// valueType is the type of the value the slot holds: an array element's own type, else the field's.
func (s *slot) valueType() string {
	if s.elem {
		return s.field.Elem()
	}
	return s.field.Type
}

func (m *Message) headerDef() (*schema.Def, int16) {
	return schema.Header(m.Dir), schema.HeaderVersion(m.API, m.Version, m.Dir)
}

// root returns the struct and fields a path's first step names.
func (m *Message) root(step string) (*Struct, []*schema.Field, int16, bool, error) {
	switch step {
	case "header":
		def, hv := m.headerDef()
		return m.Header, def.Fields, hv, def.Flexible.Has(hv), nil
	case "body":
		def := m.Def()
		if def == nil {
			return nil, nil, 0, false, fmt.Errorf("%s has no version %d", m.API.Name, m.Version)
		}
		return m.Body, def.Fields, m.Version, m.Flexible(), nil
	}
	return nil, nil, 0, false, fmt.Errorf("a path starts with header or body, not %q", step)
}

func (m *Message) lookup(p Path) (*slot, int16, error) {
	if len(p) < 2 {
		return nil, 0, fmt.Errorf("path %q names no field", p.Display())
	}
	st, fields, v, flex, err := m.root(p[0])
	if err != nil {
		return nil, 0, err
	}
	var cur *slot
	for i := 1; i < len(p); i++ {
		step := p[i]
		if cur != nil {
			val := cur.get()
			switch {
			case cur.field.IsArray() && !cur.elem:
				arr, _ := val.([]any)
				idx, err := strconv.Atoi(step)
				if err != nil || idx < 0 || idx >= len(arr) {
					return nil, 0, fmt.Errorf("%s: no element %q", Path(p[:i]).Display(), step)
				}
				f := cur.field
				cur = &slot{field: f, elem: true, flex: cur.flex,
					get: func() any { return arr[idx] },
					set: func(x any) { arr[idx] = x }}
				continue
			case cur.field.IsStruct():
				s, ok := val.(*Struct)
				if !ok {
					return nil, 0, fmt.Errorf("%s is null", Path(p[:i]).Display())
				}
				st, fields, flex = s, cur.field.Fields, cur.flex
			default:
				return nil, 0, fmt.Errorf("%s has no field %q", Path(p[:i]).Display(), step)
			}
		}
		var f *schema.Field
		for _, c := range fields {
			if c.Name == step && c.Versions.Has(v) {
				f = c
				break
			}
		}
		if f == nil {
			return nil, 0, fmt.Errorf("%s has no field %q at v%d", Path(p[:i]).Display(), step, v)
		}
		s, name := st, f.Name
		cur = &slot{field: f, flex: f.CompactAt(v, flex), parent: s, fields: fields,
			get: func() any { x, _ := s.Get(name); return x },
			set: func(x any) { s.Set(name, x) }}
	}
	return cur, v, nil
}

// Field returns the schema field at p (for an array element, the array's field), its value,
// and whether p names an array element.
func (m *Message) Field(p Path) (*schema.Field, any, bool, error) {
	s, _, err := m.lookup(p)
	if err != nil {
		return nil, nil, false, err
	}
	return s.field, s.get(), s.elem, nil
}

// setText parses text as the type of the value at p and stores it. Integers
// are range-checked for their type; bytes are hex; uuids are Kafka's base64
// form or hex.
func (m *Message) setText(p Path, text string) error {
	s, _, err := m.lookup(p)
	if err != nil {
		return err
	}
	typ := s.valueType()
	if s.field.IsArray() && !s.elem || (s.field.IsStruct()) {
		return fmt.Errorf("%s is a %s: edit its fields", p.Display(), s.field.Type)
	}
	if typ == "int16" && isErrorCodeField(s.field.Name) {
		code, err := parseErrorCode(text)
		if err != nil {
			return fmt.Errorf("%s: %v", p.Display(), err)
		}
		s.set(code)
		return nil
	}
	v, err := ParseValue(typ, text)
	if err != nil {
		return fmt.Errorf("%s: %v", p.Display(), err)
	}
	s.set(v)
	return nil
}

// parseErrorCode reads the text an ErrorCode field is edited to: a number as
// for any int16 (hex too), or an error's name in any case, so a learner can
// type UNKNOWN_TOPIC_OR_PARTITION instead of looking up 3.
func parseErrorCode(text string) (int16, error) {
	if v, err := ParseValue("int16", text); err == nil {
		return v.(int16), nil
	}
	return schema.ParseErrorCode(text)
}

// ParseValue reads text as a value of primitive type typ.
func ParseValue(typ, text string) (any, error) {
	t := strings.TrimSpace(text)
	intOf := func(lo, hi int64) (int64, error) {
		n, err := wire.ParseInt(t, 64)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%q is not an %s (%d to %d)", text, typ, lo, hi)
		}
		return n, nil
	}
	switch schema.KindOf(typ) {
	case schema.KindBool:
		switch strings.ToLower(t) {
		case "true", "1":
			return true, nil
		case "false", "0":
			return false, nil
		}
		return nil, fmt.Errorf("%q is not a bool (true or false)", text)
	case schema.KindInt8:
		n, err := intOf(math.MinInt8, math.MaxInt8)
		return int8(n), err
	case schema.KindInt16:
		n, err := intOf(math.MinInt16, math.MaxInt16)
		return int16(n), err
	case schema.KindUint16:
		n, err := intOf(0, math.MaxUint16)
		return uint16(n), err
	case schema.KindInt32:
		n, err := intOf(math.MinInt32, math.MaxInt32)
		return int32(n), err
	case schema.KindUint32:
		n, err := intOf(0, math.MaxUint32)
		return uint32(n), err
	case schema.KindInt64:
		n, err := wire.ParseInt(t, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not an int64 (%d to %d)", text, int64(math.MinInt64), int64(math.MaxInt64))
		}
		return n, nil
	case schema.KindFloat64:
		f, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a float64", text)
		}
		return f, nil
	case schema.KindString:
		return text, nil
	case schema.KindBytes:
		b, err := hex.DecodeString(strings.Join(strings.Fields(t), ""))
		if err != nil {
			return nil, fmt.Errorf("bytes are written in hex: %v", err)
		}
		return b, nil
	case schema.KindUUID:
		return ParseUUID(t)
	}
	return nil, fmt.Errorf("values of type %s are not edited as text", typ)
}

// ParseUUID reads a uuid written as Kafka does (22 characters of URL-safe base64), as 32 hex digits, or with dashes.
func ParseUUID(t string) (UUID, error) {
	var u UUID
	if len(t) == 22 {
		if b, err := base64.RawURLEncoding.DecodeString(t); err == nil && len(b) == 16 {
			copy(u[:], b)
			return u, nil
		}
	}
	h := strings.ReplaceAll(t, "-", "")
	if b, err := hex.DecodeString(h); err == nil && len(b) == 16 {
		copy(u[:], b)
		return u, nil
	}
	return u, fmt.Errorf("%q is not a uuid (22 base64 characters as Kafka writes them, or 32 hex digits)", t)
}

// setNull makes the value at p null, if its field is nullable at this version.
func (m *Message) setNull(p Path) error {
	s, v, err := m.lookup(p)
	if err != nil {
		return err
	}
	if s.elem || !s.field.Nullable.Has(v) {
		return fmt.Errorf("%s is not nullable at v%d", p.Display(), v)
	}
	s.set(nil)
	return nil
}

// setPresent gives a null value at p its minimal non-null value.
func (m *Message) setPresent(p Path) error {
	s, v, err := m.lookup(p)
	if err != nil {
		return err
	}
	if s.get() == nil {
		s.set(MinimalValue(s.field, v, s.flex))
	}
	return nil
}

// appendElement appends a minimal element to the array at p.
func (m *Message) appendElement(p Path) error {
	s, v, err := m.lookup(p)
	if err != nil {
		return err
	}
	if s.field.Kind() == schema.KindRecords && !s.field.IsArray() {
		return appendBatch(p, s, v)
	}
	if !s.field.IsArray() || s.elem {
		return fmt.Errorf("%s is not an array", p.Display())
	}
	arr, ok := s.get().([]any)
	if !ok {
		return fmt.Errorf("%s is null", p.Display())
	}
	var el any
	if s.field.IsStruct() {
		el = MinimalStruct(s.field.Fields, v, s.flex)
	} else {
		el = Zero(s.field.Elem())
	}
	s.set(append(arr, el))
	return nil
}

// duplicateElement inserts a copy of the element at p right after it.
func (m *Message) duplicateElement(p Path) error {
	arr, idx, set, err := m.element(p)
	if err != nil {
		return err
	}
	arr = append(arr[:idx+1], append([]any{Copy(arr[idx])}, arr[idx+1:]...)...)
	set(arr)
	return nil
}

// removeElement removes the element at p.
func (m *Message) removeElement(p Path) error {
	arr, idx, set, err := m.element(p)
	if err != nil {
		return err
	}
	set(append(arr[:idx:idx], arr[idx+1:]...))
	return nil
}

func (m *Message) element(p Path) ([]any, int, func(any), error) {
	if len(p) < 3 {
		return nil, 0, nil, fmt.Errorf("%s is not an array element", p.Display())
	}
	s, _, err := m.lookup(p[:len(p)-1])
	if err != nil {
		return nil, 0, nil, err
	}
	arr, ok := s.get().([]any)
	idx, err := strconv.Atoi(p[len(p)-1])
	if !ok || s.elem || err != nil || idx < 0 || idx >= len(arr) {
		return nil, 0, nil, fmt.Errorf("%s is not an array element", p.Display())
	}
	return arr, idx, func(x any) { s.set(x) }, nil
}

// TaggedFields lists the tagged fields the struct at p (a struct path, or "header"/"body") may carry at this version,
// and which of them it carries.
func (m *Message) TaggedFields(p Path) (fields []*schema.Field, present []bool, err error) {
	st, fs, v, flex, err := m.structAt(p)
	if err != nil {
		return nil, nil, err
	}
	if !flex {
		return nil, nil, nil
	}
	for _, f := range fs {
		if f.Versions.Has(v) && f.Tagged.Has(v) {
			_, ok := st.Get(f.Name)
			fields, present = append(fields, f), append(present, ok)
		}
	}
	return fields, present, nil
}

// addTagged adds tagged field name, with its minimal value, to the struct at p.
func (m *Message) addTagged(p Path, name string) error {
	st, fs, v, flex, err := m.structAt(p)
	if err != nil {
		return err
	}
	for _, f := range fs {
		if f.Name == name && f.Versions.Has(v) && flex && f.Tagged.Has(v) {
			if _, ok := st.Get(name); !ok {
				st.Set(name, MinimalValue(f, v, true))
			}
			return nil
		}
	}
	return fmt.Errorf("%s has no tagged field %q at v%d", p.Display(), name, v)
}

// removeTagged removes the tagged field at p from the struct that carries it.
func (m *Message) removeTagged(p Path) error {
	s, v, err := m.lookup(p)
	if err != nil {
		return err
	}
	if s.elem || s.parent == nil || !s.field.Tagged.Has(v) {
		return fmt.Errorf("%s is not a tagged field at v%d", p.Display(), v)
	}
	for i, f := range s.parent.Fields {
		if f.Name == s.field.Name {
			s.parent.Fields = append(s.parent.Fields[:i:i], s.parent.Fields[i+1:]...)
			return nil
		}
	}
	return fmt.Errorf("%s is not there to remove", p.Display())
}

func (m *Message) structAt(p Path) (*Struct, []*schema.Field, int16, bool, error) {
	if len(p) == 1 {
		return m.root(p[0])
	}
	s, v, err := m.lookup(p)
	if err != nil {
		return nil, nil, 0, false, err
	}
	st, ok := s.get().(*Struct)
	if !ok || !s.field.IsStruct() || (s.field.IsArray() && !s.elem) {
		return nil, nil, 0, false, fmt.Errorf("%s is not a struct", p.Display())
	}
	return st, s.field.Fields, v, s.flex, nil
}

// Clone is a deep copy of the message.
func (m *Message) Clone() *Message {
	c := *m
	c.Header = Copy(m.Header).(*Struct)
	c.Body = Copy(m.Body).(*Struct)
	return &c
}

// Copy is a deep copy of a value.
func Copy(v any) any {
	switch x := v.(type) {
	case *Struct:
		if x == nil {
			return x
		}
		c := &Struct{Fields: make([]Field, len(x.Fields))}
		for i, f := range x.Fields {
			c.Fields[i] = Field{Name: f.Name, Value: Copy(f.Value)}
		}
		for _, u := range x.Unknown {
			c.Unknown = append(c.Unknown, Tagged{Tag: u.Tag, Data: append([]byte{}, u.Data...)})
		}
		return c
	case []any:
		c := make([]any, len(x))
		for i, e := range x {
			c[i] = Copy(e)
		}
		return c
	case []byte:
		return append([]byte{}, x...)
	case *records.Set:
		return x.Clone()
	}
	return v
}

// inRecords reports whether p leads into a records field's content (past
// the field itself, e.g. body.Topics.0.Partitions.0.Records.batches.0.records.3.value),
// and returns the record set and the rest of the path, as records.Set's
// editing methods read it.
func (m *Message) inRecords(p Path) (*records.Set, []string, bool, error) {
	for i := 2; i < len(p); i++ {
		s, _, err := m.lookup(p[:i])
		if err != nil {
			return nil, nil, false, nil
		}
		if s.field.Kind() != schema.KindRecords || s.field.IsArray() {
			continue
		}
		set, _ := s.get().(*records.Set)
		if set == nil {
			return nil, nil, true, fmt.Errorf("%s is null", Path(p[:i]).Display())
		}
		return set, p[i:], true, nil
	}
	return nil, nil, false, nil
}

// RecordsEditable tells what a path inside a records field names (see records.Set.Editable);
// ok is false when p does not lead into one.
func (m *Message) RecordsEditable(p Path) (e records.Editable, ok bool, err error) {
	set, rest, ok, err := m.inRecords(p)
	if !ok || err != nil {
		return e, ok, err
	}
	e, err = set.Editable(rest)
	return e, true, recordsError(p[:len(p)-len(rest)], err)
}

// VersionAt is the version the values at p follow: the header's version for
// a header path, the message's for a body path.
func (m *Message) VersionAt(p Path) int16 {
	if len(p) == 0 {
		return m.Version
	}
	_, _, v, _, _ := m.root(p[0])
	return v
}
