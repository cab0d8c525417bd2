//go:build e2e

package e2e

import (
	"encoding/hex"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// lessonFrame is the frame a lesson's example shows, built by the codec here.
func lessonFrame(t *testing.T, e docs.LessonExample) []byte {
	t.Helper()
	a := schema.ByName(e.API)
	dir := schema.Request
	if e.Response {
		dir = schema.Response
	}
	m := message.Minimal(a, e.Version, dir)
	if e.Realistic {
		m = message.Example(a, e.Version, dir)
	}
	for name, v := range e.Strings {
		m.Body.Set(name, v)
	}
	if e.Codec != "" {
		setCodec(t, m.Body, e.Codec)
	}
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatalf("%s v%d: %v", e.API, e.Version, err)
	}
	return b
}

// setCodec sets the codec bits of every record batch under v.
func setCodec(t *testing.T, v any, name string) {
	for _, c := range records.Codecs() {
		if c.String() == name {
			for _, set := range message.RecordSets(v) {
				for _, b := range set.Batches {
					b.Attributes = b.Attributes&^7 | int16(c)
				}
			}
			return
		}
	}
	t.Fatalf("no codec %q", name)
}

// TestLearnPrimer opens the primer's index and every lesson in the wasm app:
// each figure's grid holds the codec's bytes, a click on a byte selects its
// field in that figure's tree and crumb (and in no other figure), the
// previous and next links carry the site's prefix, and a click on "next"
// brings the next lesson with live grids.
func TestLearnPrimer(t *testing.T) {
	s := newSession(t, false)
	s.resize(desktop)
	s.open("/learn/")
	lessons := docs.Lessons()
	if n := eval[int](s, `document.querySelectorAll('.learn-item a[href^="/kafkawire/learn/"]').length`); n != len(lessons) {
		t.Errorf("the primer's index links %d lessons, want %d", n, len(lessons))
	}
	s.screenshot("index")
	for i, l := range lessons {
		s.open("/learn/" + l.Slug)
		var exs []docs.LessonExample
		for _, sec := range l.Sections {
			exs = append(exs, sec.Examples...)
		}
		if n := eval[int](s, `document.querySelectorAll('figure.learn-ex').length`); n != len(exs) {
			t.Errorf("%s: %d figures, want %d", l.Slug, n, len(exs))
		}
		for j, e := range exs {
			fig := "#ex-" + l.Slug + "-" + strconv.Itoa(j)
			b := lessonFrame(t, e)
			got := eval[[]string](s, frameGrid(fig+" .grid-scroll").bytes()+`.map(b=>b.hex)`)
			if len(got) == 0 || !strings.HasPrefix(hex.EncodeToString(b), strings.Join(got, "")) {
				t.Errorf("%s %s (%s v%d): grid %s…, want the codec's %x", l.Slug, fig, e.API, e.Version, strings.Join(got[:min(len(got), 16)], ""), b[:min(len(b), 16)])
			}
			if href := eval[string](s, `document.querySelector('`+fig+` .learn-ex-link').getAttribute('href')`); !strings.HasPrefix(href, "/kafkawire/"+e.API+"/v"+strconv.Itoa(int(e.Version))) {
				t.Errorf("%s %s: links to %q", l.Slug, fig, href)
			}
		}
		// A byte of the first figure's header (offset 5, the API key or the
		// correlation id) selects its field there and only there.
		fig := "#ex-" + l.Slug + "-0"
		g := frameGrid(fig + " .grid-scroll")
		s.clickByteUntil("a selected field", g, 5, g.byteAt(5)+`.cls.includes('sel') && document.querySelector('`+fig+` .tn.sel')`)
		crumb := eval[string](s, `document.querySelector('`+fig+` .crumb').textContent`)
		if strings.HasPrefix(crumb, "click") || crumb == "" {
			t.Errorf("%s: the crumb says %q after a click", l.Slug, crumb)
		}
		if n := eval[int](s, `document.querySelectorAll('.learn-ex .tn.sel').length`); n != 1 {
			t.Errorf("%s: %d tree rows selected on the page, want 1", l.Slug, n)
		}
		s.screenshot(l.Slug)
		next := "/kafkawire/"
		if i+1 < len(lessons) {
			next = "/kafkawire/learn/" + lessons[i+1].Slug
		}
		if got := eval[string](s, `document.querySelector('.learn-next').getAttribute('href')`); got != next {
			t.Errorf("%s: next links to %q, want %q", l.Slug, got, next)
		}
	}

	// In-app navigation: "next" from the first lesson shows the second one
	// with its own live grids.
	s.open("/learn/" + lessons[0].Slug)
	second := lessons[1]
	s.clickUntil("the next lesson", ".learn-next", `document.querySelector('[data-lesson="`+second.Slug+`"]')`)
	fig := "#ex-" + second.Slug + "-0"
	g := frameGrid(fig + " .grid-scroll")
	s.waitFor("its grid", g.byteAt(0)+`.hex`)
	b := lessonFrame(t, second.Sections[0].Examples[0])
	if got := eval[string](s, g.byteAt(0)+`.hex`); got != hex.EncodeToString(b[:1]) {
		t.Errorf("after navigation the first byte is %s, want %x", got, b[0])
	}
	s.clickByteUntil("a selected field", g, 9, `document.querySelector('`+fig+` .tn.sel')`)
}

// TestLearnPhone: every primer page fits a 390 px screen without sideways scroll.
func TestLearnPhone(t *testing.T) {
	s := newSession(t, false)
	s.resize(phone)
	paths := []string{"/learn/"}
	for _, l := range docs.Lessons() {
		paths = append(paths, "/learn/"+l.Slug)
	}
	for _, p := range paths {
		s.open(p)
		noSidewaysScroll(t, s, phone, p)
		name := "phone" + strings.ReplaceAll(strings.TrimSuffix(p, "/"), "/", "_")
		s.viewShot(name + "-view")
		s.screenshot(name)
	}
	// The grid is 8 bytes a row there, and still live.
	s.open("/learn/framing")
	framing := frameGrid("#ex-framing-0")
	if n := eval[int](s, framing.firstRowBytes()); n != 8 {
		t.Errorf("%d bytes a row on a phone, want 8", n)
	}
	s.clickByteUntil("a selected field", framing, 2, `document.querySelector('#ex-framing-0 .tn.sel')`)
	s.viewShot("phone-framing-selected")
}

// hexRunRe is a hex run of a grid's pre-rendered HTML: the offset of its
// first byte and its bytes.
var hexRunRe = regexp.MustCompile(`data-h="(\d+)" data-region="[^"]*">([0-9a-f]{2}(?: [0-9a-f]{2})*)<`)

// TestLearnStatic reads the generated site: the primer's index is
// learn/index.html (what /learn/ serves), and every lesson's pre-rendered
// page carries its words and the first bytes of its first grid, so a reader
// without the wasm, or a search engine, gets them.
func TestLearnStatic(t *testing.T) {
	if setupErr != nil {
		t.Fatalf("site setup: %v", setupErr)
	}
	idx, err := os.ReadFile(filepath.Join(siteDir, "learn", "index.html"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(html.UnescapeString(string(idx)), docs.LearnIntro) {
		t.Errorf("learn/index.html lacks the primer's introduction")
	}
	for _, l := range docs.Lessons() {
		b, err := os.ReadFile(filepath.Join(siteDir, "learn", l.Slug+".html"))
		if err != nil {
			t.Errorf("%s: %v", l.Slug, err)
			continue
		}
		page := html.UnescapeString(string(b))
		for _, sec := range l.Sections {
			for _, p := range sec.Text {
				if !strings.Contains(page, p) {
					t.Errorf("%s.html lacks %.50q…", l.Slug, p)
				}
			}
		}
		// The grids' hex runs, each the offset of its first byte and the
		// bytes; the first grid's bytes are the first seen at each offset.
		shown := map[int]string{}
		for _, m := range hexRunRe.FindAllStringSubmatch(page, -1) {
			first, _ := strconv.Atoi(m[1])
			for i, x := range strings.Split(m[2], " ") {
				if _, ok := shown[first+i]; !ok {
					shown[first+i] = x
				}
			}
		}
		first := lessonFrame(t, l.Sections[0].Examples[0])
		for off := range min(len(first), 8) {
			if shown[off] != hex.EncodeToString(first[off:off+1]) {
				t.Errorf("%s.html: byte %d of the first grid is %q, want %x", l.Slug, off, shown[off], first[off])
				break
			}
		}
	}
}
