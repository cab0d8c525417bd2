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

// The descriptions of the catalogue's fields, keyed by the field itself: the
// catalogue gives each field of each definition its own *schema.Field, so
// the key says which API, direction and path it is. The decoder looks a
// description up per node, a pointer lookup costing no allocation and no
// path to build. The maps are made on first use, one API at a time, so the
// first decode of a page pays for its own API alone: in wasm, measured on a
// busy machine, InitProducerId and the headers took 0.6 ms and Fetch 1.3 ms,
// where all 95 APIs at once took 20 ms or more.
var (
	apiDocs    = make([]lazyDocs, len(schema.APIs())) // by API key
	sharedDocs lazyDocs                               // headers and embedded data formats
)

type lazyDocs struct {
	once sync.Once
	m    map[*schema.Field]string
}

func (l *lazyDocs) get(build func() map[*schema.Field]string) map[*schema.Field]string {
	l.once.Do(func() { l.m = build() })
	return l.m
}

// forAPI is the map of the fields of the API with key k, or nil.
func forAPI(k int16) map[*schema.Field]string {
	a := schema.ByKey(k)
	if a == nil {
		return nil
	}
	return apiDocs[k].get(func() map[*schema.Field]string { return indexAPI(a) })
}

// describe is field f's description in the project's own words (codec/docs),
// with the versions it exists in when they are not all of its message's; ""
// for a field the catalogue does not hold. apiKey says where to look first
// (a header's or a data format's fields are found whatever it is).
func describe(f *schema.Field, apiKey int16) string {
	if d, ok := forAPI(apiKey)[f]; ok {
		return d
	}
	return sharedDocs.get(indexShared)[f]
}

// Describe is field f's description, wherever in the catalogue f is: for
// callers that do not know its API, such as tests.
func Describe(f *schema.Field) string {
	if d, ok := sharedDocs.get(indexShared)[f]; ok {
		return d
	}
	for _, a := range schema.APIs() {
		if d, ok := forAPI(a.Key)[f]; ok {
			return d
		}
	}
	return ""
}

// indexAPI describes every field of every definition of API a.
func indexAPI(a *schema.API) map[*schema.Field]string {
	m := map[*schema.Field]string{}
	d := docs.ForAPI(a.Name) // once: docs.Field would search for it per field
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		all := a.VersionRange(dir)
		defs, own := a.Request, map[string]string(nil)
		if d != nil {
			own = d.Request
		}
		if dir == schema.Response {
			defs = a.Response
			if d != nil {
				own = d.Response
			}
		}
		for _, def := range defs {
			walkFields(def.Fields, "", func(f *schema.Field, path string) {
				desc, ok := own[path]
				if !ok {
					desc = docs.Field(a.Name, dir, path) // the fields every API shares
				}
				m[f] = withVersions(desc, f.Versions, all, "v")
			})
		}
	}
	return m
}

// indexShared describes the fields of the two headers and of the data formats.
func indexShared() map[*schema.Field]string {
	m := map[*schema.Field]string{}
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
	return m
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
