package message

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// AppendStruct appends the encoding of s, whose fields follow fields at version v.
// flex says whether the message is flexible at v (compact lengths, tagged fields).
func AppendStruct(dst []byte, fields []*schema.Field, s *Struct, v int16, flex bool) ([]byte, error) {
	return AppendShaped(dst, schema.ShapeOf(fields, v, flex), s)
}

// AppendShaped appends the encoding of s, whose fields follow shape
// (schema.API.Shape gives a message's, worked out once).
func AppendShaped(dst []byte, shape *schema.Shape, s *Struct) ([]byte, error) {
	if shape == nil {
		return dst, &EncodeError{Msg: "no such version"}
	}
	e := encoder{v: shape.Version}
	return e.appendStruct(dst, shape, s)
}

type encoder struct{ v int16 }

// EncodeError says which value could not be encoded.
type EncodeError struct {
	Path string
	Msg  string
}

func (e *EncodeError) Error() string { return e.Path + ": " + e.Msg }

func (e *encoder) fail(format string, args ...any) error {
	return &EncodeError{Msg: fmt.Sprintf(format, args...)}
}

// within puts step in front of an error's path. Paths are built only on the
// way out of a failed encode, so a good one builds no strings.
func within(step string, err error) error {
	if e, ok := err.(*EncodeError); ok {
		if e.Path == "" {
			return &EncodeError{Path: step, Msg: e.Msg}
		}
		sep := "."
		if e.Path[0] == '[' {
			sep = ""
		}
		return &EncodeError{Path: step + sep + e.Path, Msg: e.Msg}
	}
	return err
}

type tagged struct {
	tag  uint32
	data []byte
}

func (e *encoder) appendStruct(dst []byte, shape *schema.Shape, s *Struct) ([]byte, error) {
	var err error
	var tags []tagged
	next := 0 // s.Fields is in schema order: look there first
	for i := range shape.Slots {
		f := &shape.Slots[i]
		var val any
		ok := false
		if next < len(s.Fields) && s.Fields[next].Name == f.Name {
			val, ok = s.Fields[next].Value, true
			next++
		} else {
			val, ok = s.Get(f.Name)
		}
		if f.Tagged {
			if !ok {
				continue // tagged fields are written only when present
			}
			data, err := e.appendValue(nil, f, val)
			if err != nil {
				return dst, within(f.Name, err)
			}
			tags = append(tags, tagged{uint32(f.Tag), data})
			continue
		}
		if !ok {
			return dst, within(f.Name, e.fail("missing field"))
		}
		if dst, err = e.appendValue(dst, f, val); err != nil {
			return dst, within(f.Name, err)
		}
	}
	if !shape.Flexible {
		return dst, nil
	}
	for _, u := range s.Unknown {
		tags = append(tags, tagged{u.Tag, u.Data})
	}
	if len(tags) > 1 {
		sort.SliceStable(tags, func(i, j int) bool { return tags[i].tag < tags[j].tag })
		for i := 1; i < len(tags); i++ {
			if tags[i].tag == tags[i-1].tag {
				return dst, e.fail("tag %d appears twice", tags[i].tag)
			}
		}
	}
	dst = wire.AppendUvarint(dst, uint32(len(tags)))
	for _, t := range tags {
		dst = wire.AppendUvarint(dst, t.tag)
		dst = wire.AppendUvarint(dst, uint32(len(t.data)))
		dst = append(dst, t.data...)
	}
	return dst, nil
}

func (e *encoder) appendValue(dst []byte, f *schema.Slot, val any) ([]byte, error) {
	if f.Array {
		if val == nil {
			if !f.Nullable {
				return dst, e.fail("null, but the array is not nullable at v%d", e.v)
			}
			return wire.AppendLength(dst, wire.ArrayPrefix(f.Compact), -1), nil
		}
		arr, ok := val.([]any)
		if !ok {
			return dst, e.fail("want an array, have %T", val)
		}
		dst = wire.AppendLength(dst, wire.ArrayPrefix(f.Compact), len(arr))
		var err error
		for i, el := range arr {
			if f.Elem != nil {
				st, ok := el.(*Struct)
				if !ok {
					err = e.fail("want a struct, have %T", el)
				} else {
					dst, err = e.appendStruct(dst, f.Elem, st)
				}
			} else {
				dst, err = e.appendScalar(dst, f.Kind, false, el, f.Compact)
			}
			if err != nil {
				return dst, within("["+strconv.Itoa(i)+"]", err)
			}
		}
		return dst, nil
	}
	if f.Elem != nil {
		if f.Nullable {
			if val == nil {
				return wire.AppendInt8(dst, -1), nil
			}
			dst = wire.AppendInt8(dst, 1)
		}
		st, ok := val.(*Struct)
		if !ok {
			return dst, e.fail("want a struct, have %T", val)
		}
		return e.appendStruct(dst, f.Elem, st)
	}
	return e.appendScalar(dst, f.Kind, f.Nullable, val, f.Compact)
}

func (e *encoder) appendScalar(dst []byte, kind schema.Kind, nullable bool, val any, flex bool) ([]byte, error) {
	switch kind {
	case schema.KindBool:
		if v, ok := val.(bool); ok {
			return wire.AppendBool(dst, v), nil
		}
	case schema.KindInt8:
		if v, ok := val.(int8); ok {
			return wire.AppendInt8(dst, v), nil
		}
	case schema.KindInt16:
		if v, ok := val.(int16); ok {
			return wire.AppendInt16(dst, v), nil
		}
	case schema.KindUint16:
		if v, ok := val.(uint16); ok {
			return wire.AppendUint16(dst, v), nil
		}
	case schema.KindInt32:
		if v, ok := val.(int32); ok {
			return wire.AppendInt32(dst, v), nil
		}
	case schema.KindUint32:
		if v, ok := val.(uint32); ok {
			return wire.AppendUint32(dst, v), nil
		}
	case schema.KindInt64:
		if v, ok := val.(int64); ok {
			return wire.AppendInt64(dst, v), nil
		}
	case schema.KindFloat64:
		if v, ok := val.(float64); ok {
			return wire.AppendFloat64(dst, v), nil
		}
	case schema.KindUUID:
		if v, ok := val.(UUID); ok {
			return wire.AppendUUID(dst, v), nil
		}
	case schema.KindString:
		p := wire.StringPrefix(flex)
		if val == nil {
			if !nullable {
				return dst, e.fail("null, but the string is not nullable at v%d", e.v)
			}
			return wire.AppendLength(dst, p, -1), nil
		}
		v, ok := val.(string)
		if !ok {
			return dst, e.fail("want a %s, have %T", kind, val)
		}
		if len(v) > p.Max() {
			return dst, e.fail("string of %d bytes does not fit an %s length", len(v), p)
		}
		return wire.AppendString(dst, p, v), nil
	case schema.KindBytes, schema.KindRecords:
		p := wire.BytesPrefix(flex)
		if val == nil {
			if !nullable {
				return dst, e.fail("null, but the field is not nullable at v%d", e.v)
			}
			return wire.AppendLength(dst, p, -1), nil
		}
		var b []byte
		switch v := val.(type) {
		case []byte:
			b = v
		case *records.Set:
			if v == nil {
				return e.appendScalar(dst, kind, nullable, nil, flex)
			}
			b = v.AppendTo(nil)
		default:
			return dst, e.fail("want a %s, have %T", kind, val)
		}
		// Null is a nil value, handled above; nil bytes here (an empty set) are empty.
		return append(wire.AppendLength(dst, p, len(b)), b...), nil
	default:
		return dst, e.fail("unknown kind %d", kind)
	}
	return dst, e.fail("want a %s, have %T", kind, val)
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
