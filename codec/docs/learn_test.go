package docs

import (
	"testing"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// Every example of the primer names a message the catalogue has.
func TestLessonExamplesExist(t *testing.T) {
	if len(Lessons()) < 7 {
		t.Fatalf("%d lessons, want at least 7", len(Lessons()))
	}
	seen := map[string]bool{}
	for _, l := range Lessons() {
		if seen[l.Slug] || l.Slug == "" || l.Title == "" || l.Summary == "" {
			t.Errorf("lesson %q: empty or repeated slug, title or summary", l.Slug)
		}
		seen[l.Slug] = true
		n := 0
		for _, s := range l.Sections {
			for _, e := range s.Examples {
				n++
				a := schema.ByName(e.API)
				dir := schema.Request
				if e.Response {
					dir = schema.Response
				}
				if a == nil || a.Def(dir, e.Version) == nil {
					t.Errorf("lesson %s: %s v%d %s is not in the catalogue", l.Slug, e.API, e.Version, dir)
				}
			}
		}
		if n == 0 {
			t.Errorf("lesson %s has no live example", l.Slug)
		}
		if got, i := LessonBySlug(l.Slug); got == nil || &lessons[i] != got {
			t.Errorf("LessonBySlug(%q) = %v, %d", l.Slug, got, i)
		}
	}
	if l, i := LessonBySlug("nope"); l != nil || i != -1 {
		t.Errorf("LessonBySlug(nope) = %v, %d", l, i)
	}
}

// The facts the primer states about headers and flexible versions, checked
// against the catalogue.
func TestLessonFacts(t *testing.T) {
	api := func(n string) *schema.API {
		a := schema.ByName(n)
		if a == nil {
			t.Fatalf("no API %s", n)
		}
		return a
	}
	header := []struct {
		api  string
		v    int16
		dir  schema.Direction
		want int16
	}{
		{"ControlledShutdown", 0, schema.Request, 0},
		{"Metadata", 4, schema.Request, 1},
		{"Metadata", 8, schema.Request, 1},
		{"Metadata", 9, schema.Request, 2},
		{"Metadata", 9, schema.Response, 1},
		{"ApiVersions", 3, schema.Request, 2},
		{"ApiVersions", 3, schema.Response, 0},
		{"ApiVersions", 4, schema.Response, 0},
	}
	for _, h := range header {
		if got := schema.HeaderVersion(api(h.api), h.v, h.dir); got != h.want {
			t.Errorf("%s v%d %s header v%d, the primer says v%d", h.api, h.v, h.dir, got, h.want)
		}
	}
	for name, v := range map[string]int16{"Metadata": 9, "Produce": 9, "Fetch": 12, "ApiVersions": 3} {
		if got := api(name).FirstFlexible(); got != v {
			t.Errorf("%s first flexible v%d, the primer says v%d", name, got, v)
		}
	}
	// Fetch v12's request has a tagged field: ClusterId.
	var tagged bool
	for _, f := range api("Fetch").Def(schema.Request, 12).Fields {
		if f.Name == "ClusterId" && f.Tagged.Has(12) {
			tagged = true
		}
	}
	if !tagged {
		t.Errorf("Fetch v12 request: ClusterId is not tagged")
	}
}
