package message

import (
	"encoding/base64"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// String writes the uuid as Kafka does: URL-safe base64 without padding.
func (u UUID) String() string { return base64.RawURLEncoding.EncodeToString(u[:]) }

// fieldDocs holds the description of every field of the catalogue, keyed by
// the field itself: the catalogue gives each field of each definition its own
// *schema.Field, so the key says which API, direction and path it is. The
// decoder looks a description up per node; a pointer lookup in a map made
// once costs no allocation and no path to build.
var fieldDocs struct {
	once sync.Once
	m    map[*schema.Field]string
}

// describe is field f's description in the project's own words (codec/docs),
// with the versions it exists in when they are not all of its message's; ""
// for a field the catalogue does not hold.
func describe(f *schema.Field) string {
	fieldDocs.once.Do(indexFieldDocs)
	return fieldDocs.m[f]
}

// Describe is describe for callers outside the decoder, such as the schema
// table and tests.
func Describe(f *schema.Field) string { return describe(f) }

func indexFieldDocs() {
	m := make(map[*schema.Field]string, 4096)
	for _, a := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			all := a.VersionRange(dir)
			defs := a.Request
			if dir == schema.Response {
				defs = a.Response
			}
			for _, def := range defs {
				walkFields(def.Fields, "", func(f *schema.Field, path string) {
					m[f] = withVersions(docs.Field(a.Name, dir, path), f.Versions, all, "v")
				})
			}
		}
	}
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		h := schema.Header(dir)
		for _, f := range h.Fields {
			m[f] = withVersions(docs.Header(dir, f.Name), f.Versions, h.Valid, "header v")
		}
	}
	for _, name := range docs.DataFormats() {
		def := schema.Data(name)
		if def == nil {
			continue
		}
		walkFields(def.Fields, "", func(f *schema.Field, path string) {
			m[f] = withVersions(docs.DataField(name, path), f.Versions, def.Valid, "v")
		})
	}
	fieldDocs.m = m
}

// walkFields calls fn for every field of fs and of their structs, with the
// field's path of names from fs down ("Topics.Partitions.Index").
func walkFields(fs []*schema.Field, prefix string, fn func(*schema.Field, string)) {
	for _, f := range fs {
		p := prefix + f.Name
		fn(f, p)
		walkFields(f.Fields, p+".", fn)
	}
}

// withVersions appends to desc the versions a field exists in, "(v3+)", when
// they are fewer than all, the versions of the message it belongs to, and the
// words do not already say them ("(v3 and up)").
func withVersions(desc string, has, all schema.Versions, prefix string) string {
	if desc == "" || all.Empty() || saysVersions(desc) {
		return desc
	}
	lo, hi := max(has.Lo, all.Lo), min(has.Hi, all.Hi)
	if lo == all.Lo && hi == all.Hi || lo > hi {
		return desc
	}
	var v string
	switch {
	case hi == all.Hi && all.Lo != all.Hi:
		v = strconv.Itoa(int(lo)) + "+"
	case lo == hi:
		v = strconv.Itoa(int(lo)) + " only"
	default:
		v = strconv.Itoa(int(lo)) + "-" + strconv.Itoa(int(hi))
	}
	return desc + " (" + prefix + v + ")"
}

// saysVersions reports whether desc names versions in brackets: "(v3 and up)", "(v0 to v3)".
func saysVersions(desc string) bool {
	for i := strings.Index(desc, "(v"); i >= 0; i = strings.Index(desc, "(v") {
		if i+2 < len(desc) && desc[i+2] >= '0' && desc[i+2] <= '9' {
			return true
		}
		desc = desc[i+2:]
	}
	return false
}

// splitWords turns "ConsumerProtocolSubscription" into "consumer protocol subscription".
func splitWords(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
			b.WriteByte(' ')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return b.String()
}
