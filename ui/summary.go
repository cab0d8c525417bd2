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
	f := a.VersionFlags(v)
	// The encoding rules this version's bytes follow: a flexible version
	// writes compact (varint) lengths and tagged fields, a classic one
	// fixed-width lengths and no tags. The other flags follow it.
	enc := "classic: fixed-width lengths, no tagged fields"
	if f.Flexible {
		enc = "flexible: compact lengths, tagged fields"
	}
	f.Flexible = false
	if rest := flagsText(f); rest != "" {
		enc += "; " + rest
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
		item("this version's encoding", "v"+strconv.Itoa(int(v))+" "+enc, "encoding"),
		item("flexible versions", a.FlexibleRange().String(), ""),
		item("headers", hdr, ""),
		item("request versions", a.VersionRange(schema.Request).String(), ""),
		item("response versions", a.VersionRange(schema.Response).String(), ""),
		item("request size", strconv.Itoa(s.ReqSize)+" bytes", "req-size"),
		item("response size", strconv.Itoa(s.RespSize)+" bytes", "resp-size"),
	)
}
