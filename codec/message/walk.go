package message

import (
	"slices"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// EachValue calls fn for every value under s, whose schema is fields,
// depth first: each field's value with its schema field (nil for a name the
// schema does not hold), then, when fn returns true for it, what the value
// holds: a struct's fields, an array's elements (each with the array's
// field). It reads values a decode already made, so it costs no bytes read
// and no nodes built.
func EachValue(fields []*schema.Field, s *Struct, fn func(f *schema.Field, v any) bool) {
	j := 0
	for _, fv := range s.Fields {
		f := fieldNamed(fields, &j, fv.Name)
		if fn(f, fv.Value) && f != nil {
			eachIn(f, fv.Value, fn)
		}
	}
}

// eachIn visits what v, a value of field f, holds.
func eachIn(f *schema.Field, v any, fn func(*schema.Field, any) bool) {
	switch x := v.(type) {
	case *Struct:
		EachValue(f.Fields, x, fn)
	case []any:
		for _, e := range x {
			if fn(f, e) {
				eachIn(f, e, fn)
			}
		}
	}
}

// fieldNamed finds field name in fields, looking from *from on and moving
// *from past it. It wraps around once: a decoded struct holds its tagged
// fields after the others, wherever the schema lists them.
func fieldNamed(fields []*schema.Field, from *int, name string) *schema.Field {
	for k := 0; k < len(fields); k++ {
		i := (*from + k) % len(fields)
		if fields[i].Name == name {
			*from = i + 1
			return fields[i]
		}
	}
	return nil
}

// RecordSets are the record sets held anywhere under v (a struct, an array
// or a set), in field order.
func RecordSets(v any) []*records.Set {
	var out []*records.Set
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case *Struct:
			for _, f := range x.Fields {
				walk(f.Value)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		case *records.Set:
			out = append(out, x)
		}
	}
	walk(v)
	return out
}

// ErrorCodes are the error codes other than NONE (0) that m's body holds,
// in every field whose name ends with ErrorCode, each once, in the order
// first met: what went wrong, for a list of a capture's responses.
func (m *Message) ErrorCodes() []int16 {
	def := m.Def()
	if def == nil || m.Body == nil {
		return nil
	}
	var out []int16
	EachValue(def.Fields, m.Body, func(f *schema.Field, v any) bool {
		if code, ok := v.(int16); ok && code != 0 && f != nil && isErrorCodeField(f.Name) && !slices.Contains(out, code) {
			out = append(out, code)
		}
		return true
	})
	return out
}

// TopicIDs calls fn for every topic id m states the name of: a struct that
// holds a non-zero TopicId and a topic name field (the catalogue's
// entityType topicName), as a Metadata response, a CreateTopics response
// or a group description does, each time it is met.
func (m *Message) TopicIDs(fn func(id UUID, name string)) {
	def := m.Def()
	if def == nil || m.Body == nil {
		return
	}
	topicID(def.Fields, m.Body, fn)
	EachValue(def.Fields, m.Body, func(f *schema.Field, v any) bool {
		if s, ok := v.(*Struct); ok && f != nil && s != nil {
			topicID(f.Fields, s, fn)
		}
		return true
	})
}

// topicID calls fn when struct s, of fields, holds a topic id and its name.
func topicID(fields []*schema.Field, s *Struct, fn func(UUID, string)) {
	var id UUID
	name := ""
	j := 0
	for _, fv := range s.Fields {
		f := fieldNamed(fields, &j, fv.Name)
		switch v := fv.Value.(type) {
		case UUID:
			if fv.Name == "TopicId" {
				id = v
			}
		case string:
			if f != nil && f.EntityType == "topicName" {
				name = v
			}
		}
	}
	if id != (UUID{}) && name != "" {
		fn(id, name)
	}
}

// Topics are the topics m names anywhere: by name (a field of the
// catalogue's entityType topicName) and by id (a non-zero TopicId), each
// once, in the order first met.
func (m *Message) Topics() (names []string, ids []UUID) {
	def := m.Def()
	if def == nil || m.Body == nil {
		return nil, nil
	}
	EachValue(def.Fields, m.Body, func(f *schema.Field, v any) bool {
		switch x := v.(type) {
		case string:
			if f != nil && f.EntityType == "topicName" && x != "" && !slices.Contains(names, x) {
				names = append(names, x)
			}
		case UUID:
			if f != nil && f.Name == "TopicId" && x != (UUID{}) && !slices.Contains(ids, x) {
				ids = append(ids, x)
			}
		}
		return true
	})
	return names, ids
}
