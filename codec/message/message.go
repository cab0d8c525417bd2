// Package message holds Kafka message values driven by the catalogue at run time, and encodes and decodes their bodies with a layout tree.
//
// A value is a tree of *Struct, []any and scalars, shaped by the schema of
// one (API, version, direction):
//
//	bool, int8, int16, uint16, int32, uint32, int64, float64
//	string            (nil any when a nullable string is null)
//	[]byte            (bytes; nil any when null; never a nil slice otherwise)
//	UUID              (uuid)
//	*records.Set      (records; nil any when null)
//	[]any             (arrays; nil any when null)
//	*Struct           (structs; nil any when a nullable struct is null)
package message

import (
	"github.com/kafkawire/kafkawire/codec/schema"
)

// UUID is a 16-byte uuid value.
type UUID [16]byte

// Struct is a struct value: its fields in schema order (tagged fields only when present),
// and tagged fields the schema does not know, kept to be written back.
type Struct struct {
	Fields  []Field
	Unknown []Tagged
}

// Field is one named value of a Struct.
type Field struct {
	Name  string
	Value any
}

// Tagged is a tagged field kept as raw bytes.
type Tagged struct {
	Tag  uint32
	Data []byte
}

// Message is one Kafka request or response: which API, version and direction, its header and its body.
type Message struct {
	API     *schema.API
	Version int16
	Dir     schema.Direction
	Header  *Struct
	Body    *Struct
	// SizeHint is the frame's size when last encoded or decoded, so the next
	// encode allocates once.
	SizeHint int
}

// Get returns the value of field name, and whether the struct has it.
func (s *Struct) Get(name string) (any, bool) {
	for i := range s.Fields {
		if s.Fields[i].Name == name {
			return s.Fields[i].Value, true
		}
	}
	return nil, false
}

// Set sets field name to v, appending the field if the struct lacks it.
func (s *Struct) Set(name string, v any) {
	for i := range s.Fields {
		if s.Fields[i].Name == name {
			s.Fields[i].Value = v
			return
		}
	}
	s.Fields = append(s.Fields, Field{Name: name, Value: v})
}
