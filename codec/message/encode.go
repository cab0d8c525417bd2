package message

import (
	"fmt"
	"sort"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// AppendStruct appends the encoding of s, whose fields follow fields at version v.
// flex says whether the message is flexible at v (compact lengths, tagged fields).
func AppendStruct(dst []byte, fields []*schema.Field, s *Struct, v int16, flex bool) ([]byte, error) {
	e := encoder{v: v}
	return e.appendStruct(dst, fields, s, flex, "")
}

type encoder struct{ v int16 }

// EncodeError says which value could not be encoded.
type EncodeError struct {
	Path string
	Msg  string
}

func (e *EncodeError) Error() string { return e.Path + ": " + e.Msg }

func (e *encoder) fail(path, format string, args ...any) error {
	return &EncodeError{Path: path, Msg: fmt.Sprintf(format, args...)}
}

func (e *encoder) appendStruct(dst []byte, fields []*schema.Field, s *Struct, flex bool, path string) ([]byte, error) {
	var err error
	type tagged struct {
		tag  uint32
		data []byte
	}
	var tags []tagged
	for _, f := range fields {
		if !f.Versions.Has(e.v) {
			continue
		}
		val, ok := s.Get(f.Name)
		fp := join(path, f.Name)
		if flex && f.Tagged.Has(e.v) {
			if !ok {
				continue // tagged fields are written only when present
			}
			data, err := e.appendValue(nil, f, val, true, fp)
			if err != nil {
				return dst, err
			}
			tags = append(tags, tagged{uint32(f.Tag), data})
			continue
		}
		if !ok {
			return dst, e.fail(fp, "missing field")
		}
		if dst, err = e.appendValue(dst, f, val, fieldFlex(f, e.v, flex), fp); err != nil {
			return dst, err
		}
	}
	if !flex {
		return dst, nil
	}
	for _, u := range s.Unknown {
		tags = append(tags, tagged{u.Tag, u.Data})
	}
	sort.SliceStable(tags, func(i, j int) bool { return tags[i].tag < tags[j].tag })
	for i := 1; i < len(tags); i++ {
		if tags[i].tag == tags[i-1].tag {
			return dst, e.fail(path, "tag %d appears twice", tags[i].tag)
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

// fieldFlex is whether field f uses the compact encodings at version v: the
// message's flexibility, unless the field overrides it (ClientId never is).
func fieldFlex(f *schema.Field, v int16, flex bool) bool {
	if f.FlexibleSet {
		return f.Flexible.Has(v)
	}
	return flex
}

func (e *encoder) appendValue(dst []byte, f *schema.Field, val any, flex bool, path string) ([]byte, error) {
	nullable := f.Nullable.Has(e.v)
	if f.IsArray() {
		if val == nil {
			if !nullable {
				return dst, e.fail(path, "null, but the array is not nullable at v%d", e.v)
			}
			if flex {
				return wire.AppendUvarint(dst, 0), nil
			}
			return wire.AppendInt32(dst, -1), nil
		}
		arr, ok := val.([]any)
		if !ok {
			return dst, e.fail(path, "want an array, have %T", val)
		}
		if flex {
			dst = wire.AppendUvarint(dst, uint32(len(arr)+1))
		} else {
			dst = wire.AppendInt32(dst, int32(len(arr)))
		}
		var err error
		for i, el := range arr {
			ep := fmt.Sprintf("%s[%d]", path, i)
			if f.IsStruct() {
				st, ok := el.(*Struct)
				if !ok {
					return dst, e.fail(ep, "want a struct, have %T", el)
				}
				dst, err = e.appendStruct(dst, f.Fields, st, flex, ep)
			} else {
				dst, err = e.appendScalar(dst, f.Elem(), false, el, flex, ep)
			}
			if err != nil {
				return dst, err
			}
		}
		return dst, nil
	}
	if f.IsStruct() {
		if nullable {
			if val == nil {
				return wire.AppendInt8(dst, -1), nil
			}
			dst = wire.AppendInt8(dst, 1)
		}
		st, ok := val.(*Struct)
		if !ok {
			return dst, e.fail(path, "want a struct, have %T", val)
		}
		return e.appendStruct(dst, f.Fields, st, flex, path)
	}
	return e.appendScalar(dst, f.Type, nullable, val, flex, path)
}

func (e *encoder) appendScalar(dst []byte, typ string, nullable bool, val any, flex bool, path string) ([]byte, error) {
	bad := func() ([]byte, error) { return dst, e.fail(path, "want %s, have %T", typ, val) }
	switch typ {
	case "bool":
		if v, ok := val.(bool); ok {
			return wire.AppendBool(dst, v), nil
		}
	case "int8":
		if v, ok := val.(int8); ok {
			return wire.AppendInt8(dst, v), nil
		}
	case "int16":
		if v, ok := val.(int16); ok {
			return wire.AppendInt16(dst, v), nil
		}
	case "uint16":
		if v, ok := val.(uint16); ok {
			return wire.AppendUint16(dst, v), nil
		}
	case "int32":
		if v, ok := val.(int32); ok {
			return wire.AppendInt32(dst, v), nil
		}
	case "uint32":
		if v, ok := val.(uint32); ok {
			return wire.AppendUint32(dst, v), nil
		}
	case "int64":
		if v, ok := val.(int64); ok {
			return wire.AppendInt64(dst, v), nil
		}
	case "float64":
		if v, ok := val.(float64); ok {
			return wire.AppendFloat64(dst, v), nil
		}
	case "uuid":
		if v, ok := val.(UUID); ok {
			return wire.AppendUUID(dst, v), nil
		}
	case "string":
		if val == nil {
			if !nullable {
				return dst, e.fail(path, "null, but the string is not nullable at v%d", e.v)
			}
			if flex {
				return wire.AppendUvarint(dst, 0), nil
			}
			return wire.AppendInt16(dst, -1), nil
		}
		v, ok := val.(string)
		if !ok {
			return bad()
		}
		if flex {
			dst = wire.AppendUvarint(dst, uint32(len(v)+1))
		} else {
			if len(v) > 32767 {
				return dst, e.fail(path, "string of %d bytes does not fit an int16 length", len(v))
			}
			dst = wire.AppendInt16(dst, int16(len(v)))
		}
		return append(dst, v...), nil
	case "bytes", "records":
		if val == nil {
			if !nullable {
				return dst, e.fail(path, "null, but the %s field is not nullable at v%d", typ, e.v)
			}
			if flex {
				return wire.AppendUvarint(dst, 0), nil
			}
			return wire.AppendInt32(dst, -1), nil
		}
		var b []byte
		switch v := val.(type) {
		case []byte:
			b = v
		case *records.Set:
			if v == nil {
				return e.appendScalar(dst, typ, nullable, nil, flex, path)
			}
			b = v.AppendTo(nil)
		default:
			return bad()
		}
		if flex {
			dst = wire.AppendUvarint(dst, uint32(len(b)+1))
		} else {
			dst = wire.AppendInt32(dst, int32(len(b)))
		}
		return append(dst, b...), nil
	default:
		return dst, e.fail(path, "unknown type %s", typ)
	}
	return bad()
}

func join(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}
