package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Summary is the facts line of a page: key, version, flexible versions,
// header versions, version ranges and the two sizes.
type Summary struct {
	app.Compo

	API      string
	Version  int16
	ReqSize  int
	RespSize int
}

func (s *Summary) Render() app.UI {
	a := schema.ByName(s.API)
	if a == nil {
		return app.Dl().Class("summary")
	}
	v := s.Version
	hdr := "req v" + strconv.Itoa(int(schema.HeaderVersion(a, v, schema.Request))) +
		", resp v" + strconv.Itoa(int(schema.HeaderVersion(a, v, schema.Response)))
	flags := flagsText(a.VersionFlags(v))
	if flags == "" {
		flags = "classic"
	}
	item := func(k, v string, id string) app.UI {
		dd := app.Dd().Text(v)
		if id != "" {
			dd = dd.ID(id)
		}
		return app.Div().Class("sum-item").Body(app.Dt().Text(k), dd)
	}
	return app.Dl().Class("summary").Body(
		item("API key", strconv.Itoa(int(a.Key)), ""),
		item("encoded at", "v"+strconv.Itoa(int(v))+" · "+flags, ""),
		item("flexible versions", a.FlexibleRange().String(), ""),
		item("headers", hdr, ""),
		item("request versions", a.VersionRange(schema.Request).String(), ""),
		item("response versions", a.VersionRange(schema.Response).String(), ""),
		item("request size", strconv.Itoa(s.ReqSize)+" bytes", "req-size"),
		item("response size", strconv.Itoa(s.RespSize)+" bytes", "resp-size"),
	)
}
