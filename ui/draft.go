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

// draftKey is the sessionStorage key of the draft; draftHrefKey that of the
// page's URL (fragment included) it was typed at, kept apart because the URL
// of a big frame is megabytes: it is written only when it changed, and
// compared in JavaScript, never copied into Go on a keystroke.
const (
	draftKey     = "kafkawire-draft"
	draftHrefKey = "kafkawire-draft-href"
)

// Draft is text typed into a field and not yet applied.
type Draft struct {
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

// saveDraft keeps d as typed at the page's current URL.
func saveDraft(d Draft) {
	s := sessionStorage()
	if !s.Truthy() {
		return
	}
	b, err := json.Marshal(d)
	if err != nil {
		return
	}
	// A full storage throws (a big frame's URL is megabytes, and a late
	// link may be kept beside it): the draft is then not kept, and the page
	// lives on, where a panic would end it.
	safely(func() error {
		s.Call("setItem", draftKey, string(b))
		if href := currentHref(); !s.Call("getItem", draftHrefKey).Equal(href) {
			s.Call("setItem", draftHrefKey, href)
		}
		return nil
	})
}

func clearDraft() {
	if s := sessionStorage(); s.Truthy() {
		s.Call("removeItem", draftKey)
		s.Call("removeItem", draftHrefKey)
	}
}

// takeDraft removes the kept draft and returns it when it was typed at the
// page's current URL.
func takeDraft() (Draft, bool) {
	s := sessionStorage()
	if !s.Truthy() {
		return Draft{}, false
	}
	v := s.Call("getItem", draftKey)
	if v.IsNull() || v.IsUndefined() {
		return Draft{}, false
	}
	if !s.Call("getItem", draftHrefKey).Equal(currentHref()) {
		return Draft{}, false // typed on another page: kept for it
	}
	var d Draft
	err := json.Unmarshal([]byte(v.String()), &d)
	clearDraft()
	return d, err == nil
}

// A long link is written late (syncURL), so a page may unload, or be left
// for another, before its URL carries the last edit. Then the fragment it
// was to carry is kept here with the URL the page still had (one at a time,
// as drafts), and a page loading at that very URL takes it: a reload, or
// going back, shows the edit.
const (
	linkKey     = "kafkawire-link"
	linkHrefKey = "kafkawire-link-href"
)

// keepLink keeps frag as the fragment of the page at href, a JavaScript string.
func keepLink(href app.Value, frag string) {
	s := sessionStorage()
	if !s.Truthy() {
		return
	}
	// A full storage throws: the link is then not kept, and the page lives on.
	safely(func() error {
		s.Call("setItem", linkKey, frag)
		s.Call("setItem", linkHrefKey, href)
		return nil
	})
}

// takeLink puts the fragment kept for the page's current URL into it, if
// there is one, and forgets it; it forgets it too once the URL carries it
// (the write reached the page). Both compared in JavaScript: the kept
// fragment is copied into Go only when it is taken.
func takeLink() {
	s := sessionStorage()
	if !s.Truthy() {
		return
	}
	href, frag := s.Call("getItem", linkHrefKey), s.Call("getItem", linkKey)
	if href.IsNull() || href.IsUndefined() || frag.IsNull() || frag.IsUndefined() {
		return
	}
	loc := app.Window().Get("location")
	taken := href.Equal(currentHref())
	// "#" and the fragment joined in JavaScript, and only when needed:
	// syscall/js calls methods of objects only (a string's panicked, and a
	// panic here killed the page), and the fragment, megabytes long, stays
	// out of Go.
	if !taken && !loc.Get("hash").Equal(app.Window().Get("String").Get("prototype").Get("concat").Call("call", "#", frag)) {
		return // kept for another page (one left before its link was written)
	}
	s.Call("removeItem", linkKey)
	s.Call("removeItem", linkHrefKey)
	if taken {
		app.Window().Get("history").Call("replaceState", nil, "", loc.Get("pathname").String()+"#"+frag.String())
		followDraft(href)
	}
}

// followDraft moves a draft typed at URL old to the page's URL, which a late
// link write (or takeLink) just changed from old: it is the same page.
func followDraft(old app.Value) {
	s := sessionStorage()
	if s.Truthy() && s.Call("getItem", draftHrefKey).Equal(old) {
		// A full storage throws: the draft then stays with the old URL.
		safely(func() error {
			s.Call("setItem", draftHrefKey, currentHref())
			return nil
		})
	}
}

// currentHref is the page's URL as a JavaScript string, left in JavaScript.
func currentHref() app.Value {
	return app.Window().Get("location").Get("href")
}

// restoreDraft applies the draft typed on this very URL before a reload, as
// leaving the field would have, with the field selected.
func (c *Page) restoreDraft(ctx app.Context) {
	if !app.IsClient || !c.ok {
		return
	}
	d, ok := takeDraft()
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
