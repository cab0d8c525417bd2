package schema

import "strings"

// Kind is the wire type of a field, or of an array's elements, resolved once
// so that encoding and decoding switch on a small integer, not a type name.
type Kind uint8

const (
	KindStruct Kind = iota
	KindBool
	KindInt8
	KindInt16
	KindUint16
	KindInt32
	KindUint32
	KindInt64
	KindFloat64
	KindUUID
	KindString
	KindBytes
	KindRecords
)

var kindOf = map[string]Kind{
	"bool": KindBool, "int8": KindInt8, "int16": KindInt16, "uint16": KindUint16, "int32": KindInt32,
	"uint32": KindUint32, "int64": KindInt64, "float64": KindFloat64, "uuid": KindUUID,
	"string": KindString, "bytes": KindBytes, "records": KindRecords,
}

// resolved caches what a field's type name says; set for every catalogue field at init.
type resolved struct {
	ready bool
	array bool
	kind  Kind
	elem  string
}

func (f *Field) resolve() {
	f.res.array = strings.HasPrefix(f.Type, "[]")
	f.res.elem = strings.TrimPrefix(f.Type, "[]")
	k, ok := kindOf[f.res.elem]
	if !ok || f.Fields != nil {
		k = KindStruct
	}
	f.res.kind = k
	f.res.ready = true
}

func resolveAll(fields []*Field) {
	for _, f := range fields {
		f.resolve()
		resolveAll(f.Fields)
	}
}

func resolveDefs(defs []*Def) {
	for _, d := range defs {
		resolveAll(d.Fields)
	}
}

func (f *Field) r() *resolved {
	if !f.res.ready {
		f.resolve() // a Field built outside the catalogue, e.g. in a test
	}
	return &f.res
}

// Kind is the wire type of the field, or of its elements for an array.
func (f *Field) Kind() Kind { return f.r().kind }

// IsArray reports whether the field is an array.
func (f *Field) IsArray() bool { return f.r().array }

// Elem is the element type of an array, or the type itself.
func (f *Field) Elem() string { return f.r().elem }

// IsStruct reports whether the field (or its array element) is a struct.
func (f *Field) IsStruct() bool { return f.r().kind == KindStruct }
