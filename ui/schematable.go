package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// SchemaTable is the message's schema at one version, from the catalogue:
// field, type, versions, nullable versions, tag. Nested structs are indented.
type SchemaTable struct {
	app.Compo

	API     string
	Version int16
	Dir     schema.Direction
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
	var rows []app.UI
	var walk func(fs []*schema.Field, depth int)
	walk = func(fs []*schema.Field, depth int) {
		for _, f := range fs {
			if !f.Versions.Has(s.Version) {
				continue
			}
			nullable, tag := "", ""
			if !f.Nullable.Empty() {
				nullable = f.Nullable.String()
			}
			if f.Tagged.Has(s.Version) {
				tag = strconv.Itoa(int(f.Tag))
			}
			rows = append(rows, app.Tr().Body(
				app.Td().Class("st-name").Style("padding-left", strconv.Itoa(8+depth*16)+"px").Text(f.Name),
				app.Td().Class("st-type").Text(f.Type),
				app.Td().Text(f.Versions.String()),
				app.Td().Text(nullable),
				app.Td().Text(tag),
			))
			if f.Fields != nil {
				walk(f.Fields, depth+1)
			}
		}
	}
	walk(def.Fields, 0)
	return app.Details().Class("schema").Body(
		app.Summary().Text(def.Name+" schema at v"+strconv.Itoa(int(s.Version))+" ("+strconv.Itoa(len(rows))+" fields)"),
		app.Table().Class("st").Body(
			app.THead().Body(app.Tr().Body(
				app.Th().Text("field"), app.Th().Text("type"), app.Th().Text("versions"),
				app.Th().Text("nullable"), app.Th().Text("tag"),
			)),
			app.TBody().Body(rows...),
		),
	)
}
