package ui

import (
	"sort"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// SchemaTable is the message at one version as a wire diagram: the size
// prefix, the header's fields, then the body's, each in the order its bytes
// come, nested as the wire nests them (an array's element fields under the
// array, a struct's tagged fields after its fixed ones, sorted by tag). Each
// row gives the wire type in the protocol's own type names, the bytes it
// takes (4B, or var for varints and compact lengths, plus n for the content
// a length counts), the default, the nullable versions, the tag and our
// description of the field (codec/docs).
type SchemaTable struct {
	app.Compo

	API     string
	Version int16
	Dir     schema.Direction

	open bool // the table is open; while closed the browser holds its summary only (lazy.go)
}

// wireRow is one row of the diagram.
type wireRow struct {
	depth    int
	path     string // names from the body down ("Topics.Name"); header.X for the header, "" for group rows
	name     string
	wireType string
	size     string
	def      string // the field's default; implicit is set when the catalogue names none
	implicit bool
	nullable string
	tag      string
	versions string
	desc     string
	group    bool // a row that heads the rows under it: the header, the body, a tagged-field section
}

func (s *SchemaTable) Render() app.UI {
	a := schema.ByName(s.API)
	if a == nil {
		return app.Div()
	}
	def := a.Def(s.Dir, s.Version)
	if def == nil {
		return app.Div()
	}
	rows := wireRows(a, s.Dir, s.Version)
	fields := 0
	for _, r := range rows {
		if !r.group {
			fields++
		}
	}
	d := app.Details().Class("schema").OnToggle(s.onToggle)
	if s.open {
		d = d.Open(true)
	}
	summary := app.Summary().Text(def.Name + " v" + strconv.Itoa(int(s.Version)) + " on the wire (" + strconv.Itoa(fields) + " fields, in byte order)")
	if !s.open && !renderClosed {
		return d.Body(summary)
	}
	body := make([]app.UI, len(rows))
	for i, r := range rows {
		body[i] = r.ui()
	}
	return d.Body(
		summary,
		app.Div().Class("st-wrap").Body(
			app.Table().Class("st").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Text("field"), app.Th().Text("wire type"), app.Th().Text("size"),
					app.Th().Text("default"), app.Th().Text("nullable"), app.Th().Text("tag"),
					app.Th().Text("versions"), app.Th().Text("meaning"),
				)),
				app.TBody().Body(body...),
			),
		),
	)
}

// onToggle renders the rows when the table is opened, and drops them when
// it is closed.
func (s *SchemaTable) onToggle(ctx app.Context, e app.Event) {
	guard(ctx, func() { detailsToggled(ctx, &s.open) })
}

func (r wireRow) ui() app.UI {
	tr := app.Tr()
	if r.path != "" {
		// Paths come from the catalogue, never from user data.
		tr = tr.DataSet("wire", r.path)
	}
	if r.group {
		tr = tr.Class("st-group")
	}
	def := app.Td().Class("st-def").Text(r.def)
	if r.implicit {
		def = def.Class("st-def st-implicit")
	}
	return tr.Body(
		app.Td().Class("st-name").Style("padding-left", strconv.Itoa(8+r.depth*16)+"px").Text(r.name),
		app.Td().Class("st-type").Text(r.wireType),
		app.Td().Class("st-size").Text(r.size),
		def,
		app.Td().Text(r.nullable),
		app.Td().Text(r.tag),
		app.Td().Text(r.versions),
		app.Td().Class("st-desc").Text(r.desc),
	)
}

// wireRows lists the whole frame of api at version v in direction dir, as
// it goes on the wire.
func wireRows(a *schema.API, dir schema.Direction, v int16) []wireRow {
	rows := []wireRow{{path: "size", name: "size", wireType: "INT32", size: "4B",
		desc: "How many bytes follow: the header and the body, not these four."}}
	hv := schema.HeaderVersion(a, v, dir)
	hdef := schema.Header(dir)
	rows = append(rows, wireRow{name: "header v" + strconv.Itoa(int(hv)), group: true, desc: headerGroupDesc[dir]})
	w := walker{api: a.Name, dir: dir, v: hv, header: true}
	rows = append(rows, w.fields(hdef.Fields, hdef.Flexible.Has(hv), "", 1)...)
	def := a.Def(dir, v)
	rows = append(rows, wireRow{name: "body v" + strconv.Itoa(int(v)), group: true,
		desc: "The " + a.Name + " " + dir.String() + "'s own fields, as version " + strconv.Itoa(int(v)) + " lays them out."})
	w = walker{api: a.Name, dir: dir, v: v}
	return append(rows, w.fields(def.Fields, def.Flexible.Has(v), "", 1)...)
}

// headerGroupDesc says what each header is for.
var headerGroupDesc = map[schema.Direction]string{
	schema.Request:  "Says which API and version the body is written in, and numbers the request so its answer can be matched to it.",
	schema.Response: "Carries the request's correlation id back, so the client knows which request this answers.",
}

// walker walks one struct tree (the header's or the body's) at one version.
type walker struct {
	api    string
	dir    schema.Direction
	v      int16
	header bool
}

// fields are the rows of one struct's fields: the fixed ones in order, then,
// where the struct is flexible, its tagged-field section.
func (w walker) fields(fs []*schema.Field, flex bool, prefix string, depth int) []wireRow {
	var rows []wireRow
	var tagged []*schema.Field
	for _, f := range fs {
		if !f.Versions.Has(w.v) {
			continue
		}
		if f.Tagged.Has(w.v) {
			if flex {
				tagged = append(tagged, f)
			}
			continue
		}
		rows = append(rows, w.field(f, fieldFlexible(f, w.v, flex), prefix, depth)...)
	}
	if !flex {
		return rows
	}
	rows = append(rows, wireRow{name: "tagged fields", wireType: "UNSIGNED_VARINT count, then per field: tag, size, value", size: "var",
		desc: "How many tagged fields follow, then each as its tag, its size in bytes and its value; one 0 byte when none.", group: true, depth: depth})
	sort.Slice(tagged, func(i, j int) bool { return tagged[i].Tag < tagged[j].Tag })
	for _, f := range tagged {
		rows = append(rows, w.field(f, true, prefix, depth+1)...)
	}
	return rows
}

// field is the row of one field, then the rows of the fields it holds.
func (w walker) field(f *schema.Field, flex bool, prefix string, depth int) []wireRow {
	path := prefix + f.Name
	nullable := f.Nullable.Intersect(f.Versions)
	r := wireRow{depth: depth, path: path, name: f.Name, versions: f.Versions.String(), def: f.Default}
	if w.header {
		r.path = "header." + path
		r.desc = docs.Header(w.dir, f.Name)
	} else {
		r.desc = docs.Field(w.api, w.dir, path)
	}
	if !nullable.Empty() {
		r.nullable = nullable.String()
	}
	r.wireType, r.size = wireTypeOf(f, flex, nullable.Has(w.v))
	if f.Tagged.Has(w.v) {
		r.tag = strconv.Itoa(int(f.Tag))
		r.size = "var + var + " + r.size
	}
	if r.def == "" {
		r.def, r.implicit = implicitDefault(f), true
	}
	rows := []wireRow{r}
	if f.IsStruct() {
		rows = append(rows, w.fields(f.Fields, flex, path+".", depth+1)...)
	}
	return rows
}

// fieldFlexible is whether f uses the compact encodings at v: its struct's
// flexibility, unless the field overrides it (the request header's ClientId
// keeps its classic length in header v2).
func fieldFlexible(f *schema.Field, v int16, flex bool) bool {
	if f.FlexibleSet {
		return f.Flexible.Has(v)
	}
	return flex
}

// fixedSizes are the bytes each fixed-width type takes.
var fixedSizes = map[schema.Kind]string{
	schema.KindBool: "1B", schema.KindInt8: "1B", schema.KindInt16: "2B", schema.KindUint16: "2B",
	schema.KindInt32: "4B", schema.KindUint32: "4B", schema.KindInt64: "8B", schema.KindFloat64: "8B",
	schema.KindUUID: "16B",
}

// wireTypeOf names how f goes on the wire, in the protocol's type names,
// and the bytes it takes.
func wireTypeOf(f *schema.Field, flex, nullable bool) (typ, size string) {
	if f.IsArray() {
		elem := f.Elem()
		if f.IsStruct() {
			elem = "struct " + elem
		} else {
			elem, _ = scalarWireType(f.Kind(), flex, false)
		}
		if flex {
			return "COMPACT_ARRAY[" + elem + "]", "var + elements"
		}
		return "ARRAY[" + elem + "]", "4B + elements"
	}
	if f.IsStruct() {
		if nullable {
			return "struct " + f.Type + ", INT8 marker first (-1 null, 1 present)", "1B + fields"
		}
		return "struct " + f.Type, "its fields"
	}
	return scalarWireType(f.Kind(), flex, nullable)
}

func scalarWireType(k schema.Kind, flex, nullable bool) (typ, size string) {
	if s, ok := fixedSizes[k]; ok {
		names := map[schema.Kind]string{schema.KindBool: "BOOLEAN", schema.KindUUID: "UUID", schema.KindFloat64: "FLOAT64"}
		if n, ok := names[k]; ok {
			return n, s
		}
		return strings.ToUpper(k.String()), s
	}
	var base, classic string
	switch k {
	case schema.KindString:
		base, classic = "STRING", "2B + n"
	case schema.KindBytes:
		base, classic = "BYTES", "4B + n"
	case schema.KindRecords:
		base, classic = "RECORDS", "4B + n"
	default:
		return k.String(), ""
	}
	if nullable && k != schema.KindRecords {
		base = "NULLABLE_" + base
	}
	if flex {
		return "COMPACT_" + base, "var + n"
	}
	return base, classic
}

// implicitDefault is the value a field takes when the catalogue names no
// default: what a tagged field left out stands for, and what a minimal
// instance starts from.
func implicitDefault(f *schema.Field) string {
	if f.IsArray() {
		return "empty"
	}
	switch f.Kind() {
	case schema.KindBool:
		return "false"
	case schema.KindString:
		return `""`
	case schema.KindBytes:
		return "empty"
	case schema.KindRecords:
		return "null"
	case schema.KindUUID:
		return "all zero"
	case schema.KindStruct:
		return ""
	}
	return "0"
}
