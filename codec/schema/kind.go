package schema

import (
	"strconv"
	"strings"
)

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

// kindNames are the type names the catalogue writes, by kind.
var kindNames = [...]string{
	KindStruct: "struct", KindBool: "bool", KindInt8: "int8", KindInt16: "int16", KindUint16: "uint16",
	KindInt32: "int32", KindUint32: "uint32", KindInt64: "int64", KindFloat64: "float64", KindUUID: "uuid",
	KindString: "string", KindBytes: "bytes", KindRecords: "records",
}

var kindOf = func() map[string]Kind {
	m := make(map[string]Kind, len(kindNames))
	for k, name := range kindNames {
		if Kind(k) != KindStruct {
			m[name] = Kind(k)
		}
	}
	return m
}()

// String is the kind's type name in the catalogue ("int32", "string"), or "struct".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind " + strconv.Itoa(int(k))
}

// fixedSizes are the bytes a value of each fixed-size kind takes on the wire.
var fixedSizes = [...]int{
	KindBool: 1, KindInt8: 1, KindInt16: 2, KindUint16: 2, KindInt32: 4, KindUint32: 4,
	KindInt64: 8, KindFloat64: 8, KindUUID: 16,
}

// FixedSize is the bytes a value of kind k always takes on the wire, or 0
// for kinds whose size varies (strings, bytes, records) and for structs.
func (k Kind) FixedSize() int {
	if int(k) < len(fixedSizes) {
		return fixedSizes[k]
	}
	return 0
}

// KindOf is the kind of a primitive type name, or KindStruct for any other name.
func KindOf(typ string) Kind { return kindOf[typ] }

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
