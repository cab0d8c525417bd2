package schema

import "sync/atomic"

// Shape is a struct's fields as they are on the wire at one version: only
// the fields that version has, in order, each with its encoding worked out.
// An encoder walks a shape rather than asking every field's version ranges
// again for every value it writes.
type Shape struct {
	Version  int16
	Flexible bool // the struct ends with a tagged-field section
	Slots    []Slot
}

// Slot is one field of a Shape.
type Slot struct {
	// Name and Tag are the field's, copied so that a walk over the slots
	// reads one array rather than the catalogue's fields.
	Name     string
	Tag      int32
	Kind     Kind // of the value, or of an array's elements
	Array    bool
	Nullable bool
	Compact  bool // the field's lengths are compact (uvarint, plus one)
	Tagged   bool // written in the tagged-field section, under Tag
	// Elem is the shape of the struct, or of an array's element struct; nil
	// for other kinds.
	Elem *Shape
}

// ShapeOf works out the shape of a struct with fields at version v, whose
// message is flexible at v when flex is set.
func ShapeOf(fields []*Field, v int16, flex bool) *Shape {
	s := &Shape{Version: v, Flexible: flex}
	for _, f := range fields {
		if !f.Versions.Has(v) {
			continue
		}
		tagged := flex && f.Tagged.Has(v)
		// A tagged field is always written compactly; otherwise the field
		// may override the message (ClientId is never compact).
		compact := tagged || f.CompactAt(v, flex)
		sl := Slot{Name: f.Name, Tag: f.Tag, Kind: f.Kind(), Array: f.IsArray(), Nullable: f.Nullable.Has(v), Compact: compact, Tagged: tagged}
		if sl.Kind == KindStruct {
			sl.Elem = ShapeOf(f.Fields, v, compact)
		}
		s.Slots = append(s.Slots, sl)
	}
	return s
}

// CompactAt is whether the field uses the compact encodings (uvarint
// lengths) at version v of a message that is flexible at v when flex is
// set: the message's flexibility, unless the field overrides it (ClientId
// in the request header never is).
func (f *Field) CompactAt(v int16, flex bool) bool {
	if f.FlexibleSet {
		return f.Flexible.Has(v)
	}
	return flex
}

// MessageShape is what a message of one API, version and direction is on
// the wire: its header's version and shape, and its body's shape.
type MessageShape struct {
	HeaderVersion int16
	Header, Body  *Shape
}

// apiShapes holds an API's message shapes by direction (Request 0,
// Response 1) and version.
type apiShapes [2][]MessageShape

// Shape returns the shape of a message of a's version v going direction d,
// or nil if a has no such version. Shapes are worked out once per API, on
// first use, and shared: they must not be changed.
func (a *API) Shape(d Direction, v int16) *MessageShape {
	all := a.shapes.Load()
	if all == nil {
		all = a.makeShapes()
		if !a.shapes.CompareAndSwap(nil, all) {
			all = a.shapes.Load()
		}
	}
	byVersion := all[d]
	if v < 0 || int(v) >= len(byVersion) || byVersion[v].Body == nil {
		return nil
	}
	return &byVersion[v]
}

func (a *API) makeShapes() *apiShapes {
	var all apiShapes
	for i := range all {
		d := Direction(i)
		defs := a.Request
		if d == Response {
			defs = a.Response
		}
		top := int16(-1)
		for _, def := range defs {
			top = max(top, def.Valid.Hi)
		}
		all[i] = make([]MessageShape, int(top)+1)
		for v := range top + 1 {
			def := a.Def(d, v)
			if def == nil {
				continue
			}
			hv := HeaderVersion(a, v, d)
			all[i][v] = MessageShape{HeaderVersion: hv, Header: headerShape(d, hv), Body: ShapeOf(def.Fields, v, def.Flexible.Has(v))}
		}
	}
	return &all
}

// headerShapes are the header's shapes by direction and version (request
// v0-v2, response v0-v1 today), shared by every API.
var headerShapes [2][4]atomic.Pointer[Shape]

func headerShape(d Direction, hv int16) *Shape {
	h := Header(d)
	if hv < 0 || int(hv) >= len(headerShapes[d]) {
		return ShapeOf(h.Fields, hv, h.Flexible.Has(hv)) // a header version newer than the cache
	}
	p := &headerShapes[d][hv]
	if s := p.Load(); s != nil {
		return s
	}
	p.CompareAndSwap(nil, ShapeOf(h.Fields, hv, h.Flexible.Has(hv)))
	return p.Load()
}
