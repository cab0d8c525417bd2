package ui

import (
	"bytes"
	"encoding/hex"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// learnPage renders the primer at path p as the server pre-renders it.
func learnPage(t *testing.T, p string) string {
	t.Helper()
	c := &Learn{}
	c.load(p)
	return render(t, c)
}

var (
	figureRe = regexp.MustCompile(`(?s)<figure [^>]*>.*?</figure>`)
	attrRe   = regexp.MustCompile(`data-(api|version|dir|kind)="([^"]*)"`)
	hrefRe   = regexp.MustCompile(`href="([^"]*)"`)
	sizeRe   = regexp.MustCompile(`, ([0-9]+) bytes \((minimal|example)(, [a-z0-9]+)?\)`)
)

// encodeExample is what the primer claims to show: frame.Encode of the
// message its example names, built here independently of the UI.
func encodeExample(t *testing.T, ex docs.LessonExample) []byte {
	t.Helper()
	a := schema.ByName(ex.API)
	if a == nil {
		t.Fatalf("no API %s", ex.API)
	}
	dir := schema.Request
	if ex.Response {
		dir = schema.Response
	}
	api, v := ex.API, ex.Version
	b, err := frame.Encode(learnMessage(a, v, dir, ex))
	if err != nil {
		t.Fatalf("%s v%d %s: %v", api, v, dir, err)
	}
	return b
}

// Every lesson shows the examples it names, each grid's bytes are the
// codec's encoding of that message, and the figures come in lesson order.
func TestLessonGridsAreTheCodecsBytes(t *testing.T) {
	for _, l := range docs.Lessons() {
		got := learnPage(t, LessonPath(l.Slug))
		figs := figureRe.FindAllString(got, -1)
		var want []docs.LessonExample
		for _, s := range l.Sections {
			want = append(want, s.Examples...)
			for _, p := range s.Text {
				if !strings.Contains(got, p) {
					t.Errorf("%s: the page lacks its text %.60q…", l.Slug, p)
				}
			}
		}
		if len(figs) != len(want) {
			t.Fatalf("%s: %d figures, want %d", l.Slug, len(figs), len(want))
		}
		for i, fig := range figs {
			ex := want[i]
			attrs := map[string]string{}
			for _, m := range attrRe.FindAllStringSubmatch(fig, -1) {
				attrs[m[1]] = m[2]
			}
			dir := schema.Request
			if ex.Response {
				dir = schema.Response
			}
			kind := map[bool]string{true: "example", false: "minimal"}[ex.Realistic]
			if attrs["api"] != ex.API || attrs["version"] != strconv.Itoa(int(ex.Version)) || attrs["dir"] != dir.String() || attrs["kind"] != kind {
				t.Errorf("%s figure %d: %v, want %s v%d %s %s", l.Slug, i, attrs, ex.API, ex.Version, dir, kind)
				continue
			}
			enc := encodeExample(t, ex)
			if m := sizeRe.FindStringSubmatch(fig); m == nil || m[1] != strconv.Itoa(len(enc)) {
				t.Errorf("%s figure %d (%s v%d): size %v, want %d bytes", l.Slug, i, ex.API, ex.Version, m, len(enc))
			}
			cells := gridCells(fig)
			// The server renders the grid's first window of rows.
			if wantCells := min(len(enc), (viewRows+marginRows)*wideCols); len(cells) != wantCells {
				t.Errorf("%s figure %d: %d cells, want %d", l.Slug, i, len(cells), wantCells)
			}
			for j, c := range cells {
				if c.off != j || c.off >= len(enc) || c.hex != hex.EncodeToString(enc[c.off:c.off+1]) {
					t.Errorf("%s figure %d: cell %d is offset %d byte %s, want offset %d byte %x", l.Slug, i, j, c.off, c.hex, j, enc[min(j, len(enc)-1)])
					break
				}
			}
		}
	}
}

// Every link of the primer goes to a page of the site: a lesson, the
// primer's index, the API index, or an API version page whose fragment
// carries exactly the example shown.
func TestLessonLinksResolve(t *testing.T) {
	paths := Paths()
	pages := map[string][]docs.LessonExample{"/learn/": nil, learnIndexFile: nil, "/learn/no-such-lesson": nil}
	for _, l := range docs.Lessons() {
		for _, s := range l.Sections {
			pages[LessonPath(l.Slug)] = append(pages[LessonPath(l.Slug)], s.Examples...)
		}
	}
	for p, exs := range pages {
		var shown [][]byte
		for _, ex := range exs {
			shown = append(shown, encodeExample(t, ex))
		}
		got := learnPage(t, p)
		links := hrefRe.FindAllStringSubmatch(got, -1)
		if len(links) < 3 && p != "/learn/no-such-lesson" {
			t.Errorf("%s: %d links", p, len(links))
		}
		apiLinks := 0
		for _, m := range links {
			href := m[1]
			path, frag, _ := strings.Cut(href, "#")
			switch {
			case path == "/learn/":
				continue
			case strings.HasPrefix(href, "/web/"):
				continue
			case slices.Contains(paths, path) && frag == "":
				if _, _, ok := ParsePagePath(path); ok {
					apiLinks++
				}
				continue
			}
			api, v, ok := ParsePagePath(path)
			if !ok || !slices.Contains(paths, path) {
				t.Errorf("%s links to %q, no page of the site", p, href)
				continue
			}
			apiLinks++
			req, resp, err := ParseFragment(frag)
			if err != nil || (req == nil) == (resp == nil) {
				t.Errorf("%s: link %q carries no one frame: %v", p, href, err)
				continue
			}
			dir, b := schema.Request, req
			if resp != nil {
				dir, b = schema.Response, resp
			}
			if d := frame.Decode(b, api, v, dir); d.Err != nil {
				t.Errorf("%s: the frame in %q does not decode: %v", p, href, d.Err)
			} else if !slices.ContainsFunc(shown, func(s []byte) bool { return bytes.Equal(s, b) }) {
				t.Errorf("%s: the frame in %q is none of the page's examples", p, href)
			}
		}
		if apiLinks != len(exs) {
			t.Errorf("%s: %d links to API pages, want one per example (%d)", p, apiLinks, len(exs))
		}
	}
}

// A compressed example is compressed: encoded, its batches' codec bits name
// its codec, and it decodes back to the records of the plain example, with
// the decompressed buffer beside the frame.
func TestLessonCompressedExamples(t *testing.T) {
	n := 0
	for _, l := range docs.Lessons() {
		for _, sec := range l.Sections {
			for _, ex := range sec.Examples {
				if ex.Codec == "" {
					continue
				}
				n++
				plain := ex
				plain.Codec = ""
				b := encodeExample(t, ex)
				dir := schema.Request
				if ex.Response {
					dir = schema.Response
				}
				d := frame.Decode(b, schema.ByName(ex.API), ex.Version, dir)
				if d.Err != nil {
					t.Fatalf("%s: %v", l.Slug, d.Err)
				}
				pd := frame.Decode(encodeExample(t, plain), schema.ByName(ex.API), ex.Version, dir)
				sets, plainSets := message.RecordSets(d.Msg.Body), message.RecordSets(pd.Msg.Body)
				if len(sets) == 0 || len(sets) != len(plainSets) {
					t.Fatalf("%s: %d record sets, the plain example %d", l.Slug, len(sets), len(plainSets))
				}
				for i, set := range sets {
					for j, bt := range set.Batches {
						if got := records.Codec(bt.Attributes & 7).String(); got != ex.Codec {
							t.Errorf("%s: batch %d codec %s, want %s", l.Slug, j, got, ex.Codec)
						}
						if len(bt.Records) != len(plainSets[i].Batches[j].Records) {
							t.Errorf("%s: batch %d has %d records, the plain one %d", l.Slug, j, len(bt.Records), len(plainSets[i].Batches[j].Records))
						}
					}
				}
				if len(d.Bufs) < 2 {
					t.Errorf("%s: no decompressed buffer beside the frame", l.Slug)
				}
			}
		}
	}
	if n == 0 {
		t.Error("the primer shows no compressed batch")
	}
}

// Each lesson links to the one before and after it; the first back to the
// primer's index, the last on to the API index.
func TestLessonsLinkPreviousAndNext(t *testing.T) {
	all := docs.Lessons()
	for i, l := range all {
		got := learnPage(t, LessonPath(l.Slug))
		prev, next := `class="learn-prev" href="/learn/"`, `class="learn-next" href="/"`
		if i > 0 {
			prev = `href="` + LessonPath(all[i-1].Slug) + `"`
		}
		if i+1 < len(all) {
			next = `href="` + LessonPath(all[i+1].Slug) + `"`
		}
		nav := got[strings.Index(got, `class="learn-pn"`):]
		for _, want := range []string{prev, next} {
			if !containsAttrs(nav, want) {
				t.Errorf("%s: the previous/next links lack %s:\n%s", l.Slug, want, nav)
			}
		}
	}
	idx := learnPage(t, "/learn/")
	for _, l := range all {
		if !strings.Contains(idx, `href="`+LessonPath(l.Slug)+`"`) || !strings.Contains(idx, l.Summary) {
			t.Errorf("the primer's index lacks %s", l.Slug)
		}
	}
	if !strings.Contains(learnPage(t, "/learn/nope"), "No such lesson") {
		t.Errorf("an unknown lesson is not said to be one")
	}
}

// containsAttrs reports whether html holds every attribute of want (which
// go-app writes in random order) within one element.
func containsAttrs(html, want string) bool {
	for _, el := range strings.Split(html, "<") {
		ok := true
		for _, a := range regexp.MustCompile(`[a-z-]+="[^"]*"`).FindAllString(want, -1) {
			if !strings.Contains(el, a) {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func TestPathsListThePrimer(t *testing.T) {
	paths := Paths()
	want := []string{"/learn/index.html"}
	for _, l := range docs.Lessons() {
		want = append(want, "/learn/"+l.Slug)
	}
	if len(want) < 7 {
		t.Fatalf("only %d primer pages", len(want))
	}
	for _, p := range want {
		if !slices.Contains(paths, p) {
			t.Errorf("Paths lacks %s", p)
		}
		if _, ok := parseLearnPath(p); !ok {
			t.Errorf("%s is not a primer route", p)
		}
	}
	for _, p := range []string{"/learn", "/learn/"} {
		if s, ok := parseLearnPath(p); !ok || s != "" {
			t.Errorf("parseLearnPath(%q) = %q, %v; want the index", p, s, ok)
		}
	}
	if _, ok := parseLearnPath("/learn/nope"); ok {
		t.Errorf("an unknown lesson parses")
	}
	if _, ok := parseLearnPath("/learning"); ok {
		t.Errorf("/learning is taken for the primer")
	}
}

// A byte selected in an example selects its field in the tree, and the
// crumb says which: the grid is live, and two examples do not share it.
func TestLearnExampleSelects(t *testing.T) {
	ex := &LearnExample{Key: "t", API: "ApiVersions", Version: 3}
	before := render(t, ex)
	if strings.Contains(before, `class="b r1 sel"`) {
		t.Fatalf("a byte is selected before any click")
	}
	// The state of a clicked example, rendered as the engine renders it
	// after the click: ensure keeps a pane built from the same props.
	ex = &LearnExample{Key: "t", API: "ApiVersions", Version: 3}
	ex.ensure()
	if !ex.SelectByte(app.Context{}, schema.Request, 1) {
		t.Fatal("selecting byte 1 changed nothing")
	}
	n := ex.pane.Selected
	if n == nil || n.Off != 0 || n.End != 4 {
		t.Fatalf("byte 1 selects %+v, want the size prefix [0, 4)", n)
	}
	got := render(t, ex)
	info := ex.pane.Info(n)
	if !strings.Contains(got, ">"+info.Crumb+"<") {
		t.Errorf("the crumb %q is missing:\n%s", info.Crumb, got)
	}
	if !containsAttrs(got, `class="tn sel" data-id="`+info.ID+`"`) {
		t.Errorf("the tree row %s is not selected:\n%s", info.ID, got)
	}
	if c := gridCells(got); len(c) < 4 || c[3].off != 3 || !hasClass(c[3].class, "sel") {
		t.Errorf("the size's last byte is not selected in the grid:\n%s", got)
	}
	// A tree row selects back into the grid; an unknown one does not.
	if !ex.SelectNode(app.Context{}, schema.Request, "0.2") || ex.pane.Selected == n || ex.pane.Cursor != ex.pane.Selected.Off {
		t.Errorf("selecting tree row 0.2 did not move the selection and the cursor")
	}
	if ex.SelectNode(app.Context{}, schema.Request, "no-such-node") {
		t.Errorf("an unknown node id selects")
	}
	other := &LearnExample{Key: "u", API: "ApiVersions", Version: 3, Response: true}
	other.ensure()
	if ex.pane == other.pane || other.pane.Selected != nil {
		t.Errorf("two examples share a pane or a selection")
	}
}

// An example that sets string fields carries them on the wire: decoded, the
// fields hold the values; set to tagged fields, the body's tagged-field
// count is no longer 0.
func TestLessonStringsAreOnTheWire(t *testing.T) {
	n := 0
	for _, l := range docs.Lessons() {
		for _, sec := range l.Sections {
			for _, ex := range sec.Examples {
				if len(ex.Strings) == 0 {
					continue
				}
				n++
				dir := schema.Request
				if ex.Response {
					dir = schema.Response
				}
				api := schema.ByName(ex.API)
				d := frame.Decode(encodeExample(t, ex), api, ex.Version, dir)
				if d.Err != nil {
					t.Fatalf("%s: %v", l.Slug, d.Err)
				}
				tagged := false
				for name, want := range ex.Strings {
					f, v, _, err := d.Msg.Field(message.ParsePath("body." + name))
					if err != nil || v != want {
						t.Errorf("%s: %s decodes as %#v (%v), want %q", l.Slug, name, v, err, want)
					}
					if f != nil && f.Tagged.Has(ex.Version) {
						tagged = true
					}
				}
				if tagged {
					// In the body's layout a tagged field sits after the
					// tagged-field count, which is then above 0.
					body := d.Tree.Children[len(d.Tree.Children)-1]
					count := slices.IndexFunc(body.Children, func(c *layout.Node) bool { return c.Name == "tagged_fields" })
					if count < 0 || body.Children[count].Value == "0" {
						t.Errorf("%s: no tagged-field count above 0 in the body", l.Slug)
						continue
					}
					for name := range ex.Strings {
						if !slices.ContainsFunc(body.Children[count+1:], func(c *layout.Node) bool { return c.Name == name }) {
							t.Errorf("%s: %s is not among the tagged fields after the count", l.Slug, name)
						}
					}
				}
			}
		}
	}
	if n == 0 {
		t.Error("the primer shows no example with a field set")
	}
}
