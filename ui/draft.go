package ui

import (
	"encoding/json"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A value typed into a field applies on Enter or on leaving the field; a
// reload before either would drop it. So every keystroke keeps the field's
// text in sessionStorage (this tab only, gone with it) as the draft of the
// page's URL, and the page, once mounted, applies a draft of its own URL as
// leaving the field would have, selecting the field so that an error shows
// beside it. One field is edited at a time: one draft is kept.

// draftKey is the sessionStorage key of the draft.
const draftKey = "kafkawire-draft"

// Draft is text typed into a field and not yet applied.
type Draft struct {
	Href string           `json:"href"` // the page's URL, fragment included, when it was typed
	Dir  schema.Direction `json:"dir"`
	Path string           `json:"path"` // the field's value path
	Op   message.Op       `json:"op"`
	Text string           `json:"text"`
}

// Edit is the edit the draft stands for.
func (d Draft) Edit() message.Edit {
	return message.Edit{Op: d.Op, Path: message.ParsePath(d.Path), Text: d.Text}
}

// sessionStorage is the tab's storage, or undefined where there is none
// (storage turned off): every use checks Truthy.
func sessionStorage() app.Value {
	if !app.IsClient {
		return app.Undefined()
	}
	return app.Window().Get("sessionStorage")
}

func saveDraft(d Draft) {
	if s := sessionStorage(); s.Truthy() {
		if b, err := json.Marshal(d); err == nil {
			s.Call("setItem", draftKey, string(b))
		}
	}
}

func clearDraft() {
	if s := sessionStorage(); s.Truthy() {
		s.Call("removeItem", draftKey)
	}
}

// takeDraft removes the kept draft and returns it when it was typed at the
// URL href gives. href is read only when there is a draft: the URL of a
// shared big frame is megabytes, and most loads have no draft.
func takeDraft(href func() string) (Draft, bool) {
	s := sessionStorage()
	if !s.Truthy() {
		return Draft{}, false
	}
	v := s.Call("getItem", draftKey)
	if v.IsNull() || v.IsUndefined() {
		return Draft{}, false
	}
	var d Draft
	if err := json.Unmarshal([]byte(v.String()), &d); err != nil || d.Href != href() {
		return Draft{}, false
	}
	s.Call("removeItem", draftKey)
	return d, true
}

func currentHref() string {
	return app.Window().Get("location").Get("href").String()
}

// restoreDraft applies the draft typed on this very URL before a reload, as
// leaving the field would have, with the field selected.
func (c *Page) restoreDraft(ctx app.Context) {
	if !app.IsClient || !c.ok {
		return
	}
	d, ok := takeDraft(currentHref)
	if !ok {
		return
	}
	p := c.pane(d.Dir)
	if p == nil {
		return
	}
	n := p.byPath(d.Path)
	if n == nil || p.Info(n).Path != d.Path {
		return // the field is not in this message
	}
	p.Selected = n
	c.Edit(ctx, d.Dir, d.Edit())
}
