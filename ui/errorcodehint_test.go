package ui

import (
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

func TestErrorCodeEditorTakesNamesAndSaysTheMeaning(t *testing.T) {
	p := NewPane(schema.ByName("JoinGroup"), 9, schema.Response)
	if !p.Edit(edit(message.OpSet, "body.ErrorCode", "member_id_required")) {
		t.Fatalf("a name was refused: %s", p.EditErr)
	}
	n := p.byPath("body.ErrorCode")
	if n == nil || n.Value != "79 (MEMBER_ID_REQUIRED)" {
		t.Fatalf("the node after the edit: %+v", n)
	}
	e := p.Editor(n)
	if !e.ErrorCode || e.Text != "79" {
		t.Fatalf("editor info: %+v", e)
	}
	got := render(t, &FieldEditor{Info: e})
	for _, want := range []string{"a number or a name", "MEMBER_ID_REQUIRED: " + docs.ErrorMeaning(79)} {
		if !strings.Contains(got, want) {
			t.Errorf("the editor lacks %q:\n%s", want, got)
		}
	}
	// A bad name is refused with what was expected, and the frame stays.
	before := string(p.Bytes())
	if p.Edit(edit(message.OpSet, "body.ErrorCode", "MEMBER_ID_REQUESTED")) {
		t.Fatal("an unknown name was accepted")
	}
	if !strings.Contains(p.EditErr, `no error code named "MEMBER_ID_REQUESTED"`) || string(p.Bytes()) != before {
		t.Errorf("after a bad name: %q", p.EditErr)
	}
	// A code the catalogue lacks is said to be unknown; another int16 keeps its range hint.
	if !p.Edit(edit(message.OpSet, "body.ErrorCode", "9999")) {
		t.Fatal(p.EditErr)
	}
	if got := render(t, &FieldEditor{Info: p.Editor(p.byPath("body.ErrorCode"))}); !strings.Contains(got, "9999: a code the catalogue does not know") {
		t.Errorf("an unknown code:\n%s", got)
	}
	th := p.Editor(p.byPath("body.ThrottleTimeMs"))
	if th.ErrorCode {
		t.Errorf("ThrottleTimeMs is taken for an error code")
	}
	if got := render(t, &FieldEditor{Info: th}); strings.Contains(got, "data-meaning") || !strings.Contains(got, hint("int32")) {
		t.Errorf("ThrottleTimeMs's editor:\n%s", got)
	}
}
