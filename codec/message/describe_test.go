package message

import (
	"testing"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// Descriptions are keyed by *schema.Field: that holds only while no two
// places of the catalogue share a field, which this checks.
func TestNoTwoPlacesShareAField(t *testing.T) {
	seen := map[*schema.Field]string{}
	var walk func(where string, fs []*schema.Field)
	walk = func(where string, fs []*schema.Field) {
		for _, f := range fs {
			if other, ok := seen[f]; ok {
				t.Errorf("%s%s is the same field as %s", where, f.Name, other)
			}
			seen[f] = where + f.Name
			walk(where+f.Name+".", f.Fields)
		}
	}
	for _, a := range schema.APIs() {
		for _, d := range a.Request {
			walk(a.Name+" "+d.Name+" "+d.Valid.String()+" ", d.Fields)
		}
		for _, d := range a.Response {
			walk(a.Name+" "+d.Name+" "+d.Valid.String()+" ", d.Fields)
		}
	}
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		walk(dir.String()+" header ", schema.Header(dir).Fields)
	}
	if len(seen) < 2000 {
		t.Errorf("only %d fields walked", len(seen))
	}
}

func TestWithVersions(t *testing.T) {
	all := schema.Span(0, 13)
	for _, c := range []struct {
		has  schema.Versions
		want string
	}{
		{schema.From(0), "d."},
		{schema.From(3), "d. (v3+)"},
		{schema.Span(0, 12), "d. (v0-12)"},
		{schema.Span(5, 5), "d. (v5 only)"},
		{schema.From(20), "d."}, // in none of the message's versions: nothing to say
	} {
		if got := withVersions("d.", c.has, all, "v"); got != c.want {
			t.Errorf("withVersions(%v) = %q, want %q", c.has, got, c.want)
		}
	}
	if got := withVersions("Sent by v3 clients (v3 and up).", schema.From(3), all, "v"); got != "Sent by v3 clients (v3 and up)." {
		t.Errorf("words that name the versions got a second note: %q", got)
	}
	if got := withVersions("", schema.From(3), all, "v"); got != "" {
		t.Errorf("no description got a versions note: %q", got)
	}
}
