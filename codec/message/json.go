package message

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// The JSON form of a message:
//
//	{"api": "DescribeProducers", "apiKey": 61, "version": 0, "direction": "request",
//	 "header": {"RequestApiKey": 61, ..., "ClientId": "x"},
//	 "body": {"Topics": [{"Name": "orders", "PartitionIndexes": [0, 1]}]}}
//
// Field names are the schema's. Integers of every width, int64 included, are
// JSON numbers (read exactly, never through float64); bytes are hex strings;
// uuids are Kafka's 22-character base64; records are the records package's
// JSON; null is null. A struct's "_unknownTags" lists tagged fields the schema
// does not know, as {"tag": N, "data": "hex"}. On input, a missing field takes
// the schema's default (or zero, empty, an empty array, or null for a
// nullable string or bytes as in the minimal instance), a missing tagged
// field stays absent, and a key the schema does not have at that version,
// or one spelled in another case, is an error that names it. Errors say the
// path to the value (body.Topics[0].Name) and its line and column.

// MarshalJSON writes the message in its JSON form.
func (m *Message) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"api":%q,"apiKey":%d,"version":%d,"direction":%q,"header":`, m.API.Name, m.API.Key, m.Version, m.Dir.String())
	hdef, hv := m.headerDef()
	if err := writeStruct(&b, hdef.Fields, m.Header, hv); err != nil {
		return nil, err
	}
	b.WriteString(`,"body":`)
	def := m.Def()
	if def == nil {
		return nil, fmt.Errorf("%s has no version %d", m.API.Name, m.Version)
	}
	if err := writeStruct(&b, def.Fields, m.Body, m.Version); err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func writeStruct(b *bytes.Buffer, fields []*schema.Field, s *Struct, v int16) error {
	if s == nil {
		b.WriteString("null")
		return nil
	}
	b.WriteByte('{')
	first := true
	for _, f := range fields {
		val, ok := s.Get(f.Name)
		if !ok || !f.Versions.Has(v) {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteString(strconv.Quote(f.Name))
		b.WriteByte(':')
		if err := writeValue(b, f, val, v, false); err != nil {
			return err
		}
	}
	if len(s.Unknown) > 0 {
		if !first {
			b.WriteByte(',')
		}
		b.WriteString(`"_unknownTags":[`)
		for i, u := range s.Unknown {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, `{"tag":%d,"data":%q}`, u.Tag, hex.EncodeToString(u.Data))
		}
		b.WriteByte(']')
	}
	b.WriteByte('}')
	return nil
}

func writeValue(b *bytes.Buffer, f *schema.Field, val any, v int16, elem bool) error {
	if val == nil {
		b.WriteString("null")
		return nil
	}
	if f.IsArray() && !elem {
		arr, ok := val.([]any)
		if !ok {
			return fmt.Errorf("%s: want an array, have %T", f.Name, val)
		}
		b.WriteByte('[')
		for i, e := range arr {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeValue(b, f, e, v, true); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		return nil
	}
	if f.IsStruct() {
		s, ok := val.(*Struct)
		if !ok {
			return fmt.Errorf("%s: want a struct, have %T", f.Name, val)
		}
		return writeStruct(b, f.Fields, s, v)
	}
	switch x := val.(type) {
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int8:
		b.WriteString(strconv.Itoa(int(x)))
	case int16:
		b.WriteString(strconv.Itoa(int(x)))
	case uint16:
		b.WriteString(strconv.Itoa(int(x)))
	case int32:
		b.WriteString(strconv.Itoa(int(x)))
	case uint32:
		b.WriteString(strconv.FormatUint(uint64(x), 10))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			b.WriteString(strconv.Quote(strconv.FormatFloat(x, 'g', -1, 64)))
		} else {
			b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
		}
	case string:
		s, _ := json.Marshal(x)
		b.Write(s)
	case []byte:
		b.WriteString(strconv.Quote(hex.EncodeToString(x)))
	case UUID:
		b.WriteString(strconv.Quote(x.String()))
	case *records.Set:
		s, err := json.Marshal(x)
		if err != nil {
			return fmt.Errorf("%s: %v", f.Name, err)
		}
		b.Write(s)
	default:
		return fmt.Errorf("%s: cannot write %T as JSON", f.Name, val)
	}
	return nil
}

// Named is what a message's JSON says it is, each part only if the JSON says it.
type Named struct {
	API     *schema.API // from "api", else "apiKey"; nil if neither
	Version int16       // -1 if left out
	Dir     schema.Direction
	HasDir  bool
}

// NamedInJSON reads the api, version and direction a message's JSON names
// (as MarshalJSON writes them), so that its JSON alone says how to read it.
// A name that exists nowhere is an error.
func NamedInJSON(data []byte) (Named, error) {
	var top struct {
		API       *string
		APIKey    *int16
		Version   *int16
		Direction *string
	}
	n := Named{Version: -1}
	// Read key by key, so that keys match exactly ("Version" is no "version").
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return n, jsonSyntaxError(data, err)
	}
	for key, dst := range map[string]any{"api": &top.API, "apiKey": &top.APIKey, "version": &top.Version, "direction": &top.Direction} {
		if raw, ok := obj[key]; ok {
			if err := json.Unmarshal(raw, dst); err != nil {
				return n, fmt.Errorf("the JSON's %q is %.40s: %v", key, raw, err)
			}
		}
	}
	switch {
	case top.API != nil:
		if n.API = schema.ByName(*top.API); n.API == nil {
			return n, fmt.Errorf("the JSON names API %q, which does not exist (see kafkawire apis)", *top.API)
		}
		if top.APIKey != nil && *top.APIKey != n.API.Key {
			return n, fmt.Errorf(`the JSON says "api": %q (key %d) but "apiKey": %d`, *top.API, n.API.Key, *top.APIKey)
		}
	case top.APIKey != nil:
		if n.API = schema.ByKey(*top.APIKey); n.API == nil {
			return n, fmt.Errorf("the JSON names API key %d, which does not exist (see kafkawire apis)", *top.APIKey)
		}
	}
	if top.Version != nil {
		n.Version = *top.Version
	}
	if top.Direction != nil {
		switch *top.Direction {
		case schema.Request.String():
			n.Dir, n.HasDir = schema.Request, true
		case schema.Response.String():
			n.Dir, n.HasDir = schema.Response, true
		default:
			return n, fmt.Errorf(`the JSON's "direction" is %q: want %q or %q`, *top.Direction, schema.Request, schema.Response)
		}
	}
	return n, nil
}

// FromJSON reads a message of version v of api in direction dir from its JSON form.
// The JSON may name its api, version and direction; when it does they must agree.
// A header left out is the minimal header.
func FromJSON(data []byte, api *schema.API, v int16, dir schema.Direction) (*Message, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var top map[string]any
	if err := dec.Decode(&top); err != nil {
		return nil, jsonSyntaxError(data, err)
	}
	// What the top level says wrong is told at its line and column too.
	if a, ok := top["api"]; ok && a != nil && !strings.EqualFold(fmt.Sprint(a), api.Name) {
		return nil, located(data, atPath("api", "the JSON is for API %v, not %s", a, api.Name))
	}
	if n, ok := top["version"].(json.Number); ok && n.String() != strconv.Itoa(int(v)) {
		return nil, located(data, atPath("version", "the JSON is for version %s, not %d", n, v))
	}
	if d, ok := top["direction"].(string); ok && d != dir.String() {
		return nil, located(data, atPath("direction", "the JSON is a %s, not a %s", d, dir))
	}
	var unknown []string
	for k := range top {
		switch k {
		case "api", "apiKey", "version", "direction", "header", "body":
		default:
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		return nil, fmt.Errorf("the JSON's top level: %s", records.UnknownKeys(unknown, []string{"api", "apiKey", "version", "direction", "header", "body"}))
	}
	m := Minimal(api, v, dir)
	def := m.Def()
	if def == nil {
		return nil, fmt.Errorf("%s has no %s version %d", api.Name, dir, v)
	}
	if h, ok := top["header"]; ok {
		hdef, hv := m.headerDef()
		hs, err := readStruct(h, hdef.Fields, hv, hdef.Flexible.Has(hv), "header")
		if err != nil {
			return nil, located(data, err)
		}
		// A header field left out is the minimal header's (ClientId is
		// the empty string there, not null).
		given, _ := h.(map[string]any)
		for _, f := range m.Header.Fields {
			if _, ok := given[f.Name]; !ok {
				hs.Set(f.Name, f.Value)
			}
		}
		if dir == schema.Request {
			// The API key and version are the message's: given, they must agree.
			for name, want := range map[string]int16{"RequestApiKey": api.Key, "RequestApiVersion": v} {
				if raw, ok := h.(map[string]any)[name]; ok && fmt.Sprint(raw) != strconv.Itoa(int(want)) {
					return nil, located(data, atPath("header."+name, "is %v, but the message is %s v%d", raw, api.Name, v))
				}
				hs.Set(name, want)
			}
		}
		m.Header = hs
	}
	body, ok := top["body"]
	if !ok {
		return nil, fmt.Errorf(`the JSON has no "body"`)
	}
	bs, err := readStruct(body, def.Fields, v, m.Flexible(), "body")
	if err != nil {
		return nil, located(data, err)
	}
	m.Body = bs
	return m, nil
}

func jsonSyntaxError(data []byte, err error) error {
	if se, ok := err.(*json.SyntaxError); ok {
		line, col := 1, 1
		// Offset counts the bytes read, the offending one included.
		for _, c := range data[:max(0, min(int(se.Offset)-1, len(data)))] {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		return &JSONError{Line: line, Column: col, Err: err}
	}
	return fmt.Errorf("JSON: %v", err)
}

// JSONError is JSON that does not read as a message, at a line and column
// (from 1) of the text given.
type JSONError struct {
	Line, Column int
	Err          error
}

func (e *JSONError) Error() string {
	return fmt.Sprintf("JSON line %d, column %d: %v", e.Line, e.Column, e.Err)
}

func (e *JSONError) Unwrap() error { return e.Err }

// pathError is JSON that does not read as the schema says: path is where
// in the message (body.Topics[0].Name), msg what is wrong.
type pathError struct {
	path, msg string
	key       string // an unknown key of the object at path, to point at; "" when none
}

func (e *pathError) Error() string { return e.path + ": " + e.msg }

func atPath(path, format string, args ...any) error {
	return &pathError{path: path, msg: fmt.Sprintf(format, args...)}
}

// unknownAt says that the object at path has keys the schema does not, and
// points at the first of them.
func unknownAt(path string, unknown, known []string, suffix string) error {
	msg := records.UnknownKeys(unknown, known) // sorts unknown
	return &pathError{path: path, msg: msg + suffix, key: unknown[0]}
}

// located puts the line and column of the value err's path names in data
// in front of err; when data leaves that value out (a key missing), of the
// closest value around it that data has.
func located(data []byte, err error) error {
	var pe *pathError
	if !errors.As(err, &pe) {
		return err
	}
	path := pe.path
	off, ok := 0, false
	if pe.key != "" && !strings.ContainsAny(pe.key, ".[") {
		off, ok = locate(data, path+"."+pe.key) // the unknown key's value
	}
	if !ok {
		off, ok = locate(data, path)
	}
	for !ok {
		cut := strings.LastIndexAny(path, ".[")
		if cut <= 0 {
			return err
		}
		path = path[:cut]
		off, ok = locate(data, path)
	}
	line, col := 1, 1
	for _, c := range data[:off] {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return &JSONError{Line: line, Column: col, Err: err}
}

// locate finds the offset in data where the value at path (keys joined by
// dots, array indexes in brackets: body.Topics[0].Name) starts. It reads
// the JSON again token by token: an error's path costs nothing until then.
func locate(data []byte, path string) (int, bool) {
	var steps []string
	for _, key := range strings.Split(path, ".") {
		name, idx, _ := strings.Cut(key, "[")
		steps = append(steps, name)
		for idx != "" {
			var i string
			i, idx, _ = strings.Cut(idx, "]")
			steps = append(steps, "["+i)
			idx = strings.TrimPrefix(idx, "[")
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	for _, step := range steps {
		open, err := dec.Token()
		if err != nil {
			return 0, false
		}
		if n, isIndex := strings.CutPrefix(step, "["); isIndex {
			i, err := strconv.Atoi(n)
			if open != json.Delim('[') || err != nil {
				return 0, false
			}
			for ; i > 0; i-- {
				if !dec.More() || skipValue(dec) != nil {
					return 0, false
				}
			}
			if !dec.More() {
				return 0, false
			}
			continue
		}
		if open != json.Delim('{') {
			return 0, false
		}
		for {
			if !dec.More() {
				return 0, false
			}
			key, err := dec.Token()
			if err != nil {
				return 0, false
			}
			if key == step {
				break
			}
			if skipValue(dec) != nil {
				return 0, false
			}
		}
	}
	// The decoder stands after the last key or element read: the value
	// starts past the separators and spaces.
	off := int(dec.InputOffset())
	for off < len(data) && strings.IndexByte(" \t\r\n,:", data[off]) >= 0 {
		off++
	}
	return off, off < len(data)
}

// skipValue reads one whole value, however deep, from dec.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			depth++
		case json.Delim('}'), json.Delim(']'):
			depth--
		}
		if depth == 0 {
			return nil
		}
	}
}

func readStruct(x any, fields []*schema.Field, v int16, flex bool, path string) (*Struct, error) {
	obj, ok := x.(map[string]any)
	if !ok {
		return nil, atPath(path, "want an object, have %s", jsonKind(x))
	}
	s := &Struct{}
	// Tagged fields, those the schema knows not among them, exist only
	// in flexible versions.
	known := map[string]bool{"_unknownTags": flex}
	for _, f := range fields {
		if !f.Versions.Has(v) {
			continue
		}
		known[f.Name] = true
		fp := path + "." + f.Name
		raw, present := obj[f.Name]
		if !present {
			if flex && f.Tagged.Has(v) {
				continue
			}
			s.Fields = append(s.Fields, Field{Name: f.Name, Value: defaultValue(f, v)})
			continue
		}
		val, err := readValue(raw, f, v, f.CompactAt(v, flex), false, fp)
		if err != nil {
			return nil, err
		}
		s.Fields = append(s.Fields, Field{Name: f.Name, Value: val})
	}
	var unknown []string
	for k := range obj {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		names := make([]string, 0, len(known))
		for _, f := range fields {
			if known[f.Name] {
				names = append(names, f.Name)
			}
		}
		if flex {
			names = append(names, "_unknownTags")
		}
		return nil, unknownAt(path, unknown, names, fmt.Sprintf(" at v%d", v))
	}
	if u, ok := obj["_unknownTags"]; ok {
		list, ok := u.([]any)
		if !ok {
			return nil, atPath(path+"._unknownTags", "want an array")
		}
		for i, e := range list {
			o, _ := e.(map[string]any)
			for k := range o {
				if k != "tag" && k != "data" {
					return nil, unknownAt(path+"._unknownTags["+strconv.Itoa(i)+"]", []string{k}, []string{"tag", "data"}, "")
				}
			}
			n, _ := o["tag"].(json.Number)
			tag, err1 := strconv.ParseUint(n.String(), 10, 32)
			d, _ := o["data"].(string)
			data, err2 := hex.DecodeString(d)
			if err1 != nil || err2 != nil {
				return nil, atPath(path+"._unknownTags["+strconv.Itoa(i)+"]", `want {"tag": N, "data": "hex"}`)
			}
			s.Unknown = append(s.Unknown, Tagged{Tag: uint32(tag), Data: data})
		}
	}
	return s, nil
}

// defaultValue is the value of a field the JSON leaves out: the value the
// minimal instance gives it (the schema's default, zero, or null for a
// nullable string or bytes field with no other default), but an empty
// array and no records where the minimal instance has one element.
func defaultValue(f *schema.Field, v int16) any {
	if f.IsArray() {
		if f.Default == "null" && f.Nullable.Has(v) {
			return nil
		}
		return []any{}
	}
	if f.IsStruct() {
		if f.Nullable.Has(v) && f.Default == "null" {
			return nil
		}
		return MinimalStruct(f.Fields, v, false)
	}
	if f.Default == "null" && f.Nullable.Has(v) || nullByDefault(f, v) {
		return nil // as the minimal instance has it
	}
	if f.Kind() == schema.KindRecords {
		return &records.Set{}
	}
	return scalarDefault(f)
}

func readValue(x any, f *schema.Field, v int16, flex, elem bool, path string) (any, error) {
	if x == nil {
		if elem && !f.IsStruct() {
			return nil, atPath(path, "array elements cannot be null")
		}
		if elem || !f.Nullable.Has(v) {
			return nil, atPath(path, "null, but the field is not nullable at v%d", v)
		}
		return nil, nil
	}
	if f.IsArray() && !elem {
		list, ok := x.([]any)
		if !ok {
			return nil, atPath(path, "want an array, have %s", jsonKind(x))
		}
		out := make([]any, len(list))
		for i, e := range list {
			val, err := readValue(e, f, v, flex, true, path+"["+strconv.Itoa(i)+"]")
			if err != nil {
				return nil, err
			}
			out[i] = val
		}
		return out, nil
	}
	if f.IsStruct() {
		return readStruct(x, f.Fields, v, flex, path)
	}
	typ := f.Elem()
	switch f.Kind() {
	case schema.KindBool:
		if b, ok := x.(bool); ok {
			return b, nil
		}
	case schema.KindInt8, schema.KindInt16, schema.KindUint16, schema.KindInt32, schema.KindUint32, schema.KindInt64, schema.KindFloat64:
		var text string
		switch n := x.(type) {
		case json.Number:
			text = n.String()
		case string:
			text = n // large numbers written as strings are accepted too
		default:
			return nil, atPath(path, "want a number (%s), have %s", typ, jsonKind(x))
		}
		val, err := ParseValue(typ, text)
		if err != nil {
			return nil, atPath(path, "%v", err)
		}
		return val, nil
	case schema.KindString:
		if s, ok := x.(string); ok {
			return s, nil
		}
	case schema.KindBytes:
		if s, ok := x.(string); ok {
			b, err := hex.DecodeString(s)
			if err != nil {
				return nil, atPath(path, "bytes are written as a hex string: %v", err)
			}
			return b, nil
		}
	case schema.KindUUID:
		if s, ok := x.(string); ok {
			u, err := ParseUUID(s)
			if err != nil {
				return nil, atPath(path, "%v", err)
			}
			return u, nil
		}
	case schema.KindRecords:
		raw, err := json.Marshal(x)
		if err != nil {
			return nil, atPath(path, "%v", err)
		}
		set := &records.Set{}
		if err := set.UnmarshalJSON(raw); err != nil {
			var je *records.JSONError
			if errors.As(err, &je) && je.Path != "" {
				return nil, &pathError{path: path + "." + je.Path, msg: je.Msg, key: je.Key}
			}
			if errors.As(err, &je) && je.Key != "" {
				return nil, &pathError{path: path, msg: je.Msg, key: je.Key}
			}
			return nil, atPath(path, "%v", err)
		}
		return set, nil
	}
	return nil, atPath(path, "want a %s, have %s", typ, jsonKind(x))
}

func jsonKind(x any) string {
	switch x.(type) {
	case nil:
		return "null"
	case bool:
		return "a bool"
	case json.Number:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("%T", x)
}
