package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// hints are what the field editor says beside a scalar's text field: the
// values its type takes and, for an ErrorCode field, that a name works too
// and what the code it holds means.
func (e EditorInfo) hints() []app.UI {
	if !e.ErrorCode {
		return []app.UI{app.Span().Class("fe-hint").Text(hint(e.Type))}
	}
	return []app.UI{
		app.Span().Class("fe-hint").Text("a number or a name, e.g. UNKNOWN_TOPIC_OR_PARTITION"),
		app.Span().Class("fe-meaning").Attr("data-meaning", "").Text(errorCodeMeaning(e.Text)),
	}
}

// errorCodeMeaning says what the code written in text is: its name and our
// line on it, or that the catalogue does not know it.
func errorCodeMeaning(text string) string {
	n, err := strconv.ParseInt(text, 10, 16)
	if err != nil {
		return ""
	}
	e := schema.Error(int16(n))
	if e == nil {
		return text + ": a code the catalogue does not know, perhaps from a newer broker"
	}
	return e.Name + ": " + docs.ErrorMeaning(e.Code)
}
