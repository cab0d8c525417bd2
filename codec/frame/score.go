package frame

import (
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A frame that decodes cleanly as several (API, version) pairs is told
// apart by how plausible its values are. The score reads the decoded
// values with their schema; it builds no layout nodes, so it costs a walk
// over values the decode already made.

// score is what Guess ranks a clean decode by.
type score struct {
	fields int // struct fields and array elements decoded
	doubt  int // values that decode but look unlikely
}

// scoreMessage scores m's header and body: every struct field and array
// element counts, and values that decode but look unlikely (an error code
// Kafka does not define, text with control characters) are doubted.
func scoreMessage(m *message.Message) score {
	var s score
	if def := schema.Header(m.Dir); def != nil && m.Header != nil {
		message.EachValue(def.Fields, m.Header, s.value)
	}
	if def := m.Def(); def != nil && m.Body != nil {
		message.EachValue(def.Fields, m.Body, s.value)
	}
	return s
}

// value scores one value of field f (an element, when f is an array), and
// says whether what it holds is to be scored too.
func (s *score) value(f *schema.Field, v any) bool {
	s.fields++
	if f == nil || v == nil {
		return false
	}
	switch x := v.(type) {
	case int16:
		if isErrorCode(f.Name) && schema.Error(x) == nil {
			s.doubt++
		}
	case int8:
		if isErrorCode(f.Name) && schema.Error(int16(x)) == nil {
			s.doubt++
		}
	case string:
		if !plausibleText(x) {
			s.doubt++
		}
	}
	return true
}

// isErrorCode reports whether a field of this name holds a Kafka error code.
func isErrorCode(name string) bool {
	const suffix = "ErrorCode"
	return len(name) >= len(suffix) && name[len(name)-len(suffix):] == suffix
}

// plausibleText reports whether s reads as text a client would send: UTF-8
// without control characters other than tab and line breaks.
func plausibleText(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' {
			return false
		}
	}
	return true
}

// The fewest bytes a frame can take, to skip readings that cannot fit
// without decoding them: most of the 700-odd (API, version) pairs Guess
// tries need more bytes than a short piece holds.

// reading is one (API, version) a response may be read as, with the
// fewest bytes its frame takes: size prefix, header and the shortest body.
type reading struct {
	api *schema.API
	v   int16
	min int
	// exact is the size of every frame of this reading when all its fields
	// have a fixed size (no arrays, strings, bytes or tagged fields), else
	// -1: a piece of another size cannot be one, and is not decoded.
	exact int
}

// readings lists every response (API, version), shortest first, so Guess
// stops at the first that does not fit.
var readings = sync.OnceValue(func() []reading {
	var out []reading
	for _, api := range schema.APIs() {
		for _, v := range api.Versions(schema.Response) {
			def := api.Def(schema.Response, v)
			hv := schema.HeaderVersion(api, v, schema.Response)
			hdef := schema.Header(schema.Response)
			hflex, flex := hdef.Flexible.Has(hv), def.Flexible.Has(v)
			rd := reading{api: api, v: v, min: 4 + minStruct(hdef.Fields, hv, hflex) + minStruct(def.Fields, v, flex), exact: -1}
			if !hflex && !flex && fixedStruct(hdef.Fields, hv) && fixedStruct(def.Fields, v) {
				rd.exact = rd.min // every field at its only size
			}
			out = append(out, rd)
		}
	}
	slices.SortStableFunc(out, func(a, b reading) int { return a.min - b.min })
	return out
})

// minStruct is the fewest bytes the fields take at version v: every field
// at its shortest (arrays empty, strings empty, nullable structs null).
func minStruct(fields []*schema.Field, v int16, flex bool) int {
	n := 0
	if flex {
		n++ // the tagged field count
	}
	for _, f := range fields {
		if !f.Versions.Has(v) || (flex && f.Tagged.Has(v)) {
			continue
		}
		n += minField(f, v, flex)
	}
	return n
}

func minField(f *schema.Field, v int16, flex bool) int {
	short := 4 // a classic array, bytes or records length
	if flex || f.FlexibleSet {
		short = 1 // a compact one, or a field whose flexibility is its own
	}
	switch {
	case f.IsArray():
		return short
	case f.IsStruct():
		if f.Nullable.Has(v) {
			return 1
		}
		return minStruct(f.Fields, v, flex)
	}
	if n := f.Kind().FixedSize(); n > 0 {
		return n
	}
	if f.Kind() == schema.KindString {
		return min(short, 2)
	}
	return short // bytes, records
}

// fixedStruct reports whether the fields take the same number of bytes in
// every message of a classic (not flexible) version v: numbers, uuids and
// non-nullable structs of them only.
func fixedStruct(fields []*schema.Field, v int16) bool {
	for _, f := range fields {
		if !f.Versions.Has(v) {
			continue
		}
		switch {
		case f.FlexibleSet, f.IsArray():
			return false
		case f.IsStruct():
			if f.Nullable.Has(v) || !fixedStruct(f.Fields, v) {
				return false
			}
			continue
		}
		if f.Kind().FixedSize() == 0 {
			return false
		}
	}
	return true
}
