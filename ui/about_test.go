package ui

import (
	"html"
	"strconv"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// render loads c in a test engine and returns its HTML, with entities decoded.
func render(t *testing.T, c app.Composer) string {
	t.Helper()
	e := app.NewTestEngine()
	if err := e.Load(c); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return html.UnescapeString(app.HTMLString(c))
}

func TestAboutIntroducesTheAPI(t *testing.T) {
	c := &About{API: "InitProducerId"}
	got := render(t, c)
	d := docs.ForAPI("InitProducerId")
	if !strings.Contains(got, `data-about="InitProducerId"`) {
		t.Errorf("no data-about mark:\n%s", got)
	}
	for _, want := range []string{d.Intro, d.Summary, string(d.Role), "Answered by: brokers."} {
		if !strings.Contains(got, want) {
			t.Errorf("the block lacks %q:\n%s", want, got)
		}
	}
	// Every related API is a link to its newest version's page.
	for _, name := range d.Related {
		a := schema.ByName(name)
		href := `href="` + PagePath(a, newest(a)) + `"`
		if !strings.Contains(got, href) || !strings.Contains(got, ">"+name+"</a>") {
			t.Errorf("no link %s to %s:\n%s", href, name, got)
		}
	}
	// The first child is the role line: its tag names the role.
	if err := app.Match(app.Span().Class("about-tag").Text(string(d.Role)), c, 0, 0, 0); err != nil {
		t.Error(err)
	}
}

func TestAboutNamesControllersAndUnknownAPIs(t *testing.T) {
	// BrokerRegistration is answered by the KRaft controllers alone.
	if got := render(t, &About{API: "BrokerRegistration"}); !strings.Contains(got, "Answered by: KRaft controllers.") {
		t.Errorf("BrokerRegistration:\n%s", got)
	}
	// An API the catalogue lacks gets an empty block, not a panic.
	if got := render(t, &About{API: "NoSuchApi"}); strings.Contains(got, "data-about") || strings.Contains(got, "<p") {
		t.Errorf("unknown API:\n%s", got)
	}
}

func TestIndexGroupsAPIsByRole(t *testing.T) {
	got := render(t, &Index{})
	// Each role's section comes in Roles() order.
	last := -1
	for _, r := range docs.Roles() {
		i := strings.Index(got, `data-role="`+string(r)+`"`)
		if i < 0 {
			t.Errorf("no section for %s", r)
			continue
		}
		if i < last {
			t.Errorf("%s comes before the role listed ahead of it", r)
		}
		last = i
	}
	// Every API is listed once, with its summary, in its role's section.
	if n := strings.Count(got, `<tr data-key=`); n != len(schema.APIs()) {
		t.Errorf("%d rows, want %d", n, len(schema.APIs()))
	}
	for _, d := range docs.APIs() {
		a := schema.ByName(d.Name)
		row := strings.Index(got, `data-key="`+itoa(int(a.Key))+`"`)
		if row < 0 || !strings.Contains(got[row:], d.Summary) {
			t.Errorf("%s: no row or no summary", d.Name)
			continue
		}
		section := strings.LastIndex(got[:row], `data-role="`)
		if !strings.HasPrefix(got[section:], `data-role="`+string(d.Role)+`"`) {
			t.Errorf("%s is not under %s", d.Name, d.Role)
		}
	}
}

func TestIndexSearchesNamesAndSummaries(t *testing.T) {
	rows := func(query string) []string {
		got := render(t, &Index{query: query})
		var keys []string
		for _, part := range strings.Split(got, `<tr data-key="`)[1:] {
			keys = append(keys, part[:strings.IndexByte(part, '"')])
		}
		return keys
	}
	// "expiry" is in no API's name: the delegation token APIs match by their summaries.
	for _, k := range rows("delegation token expiry") {
		n, _ := strconv.Atoi(k)
		a := schema.ByKey(int16(n))
		if !strings.Contains(strings.ToLower(docs.ForAPI(a.Name).Summary), "expir") {
			t.Errorf("%s matched without its summary saying so", a.Name)
		}
	}
	if n := len(rows("delegation token expiry")); n < 2 {
		t.Errorf("%d APIs match delegation token expiry, want 2 or more", n)
	}
	if got := rows("61"); len(got) != 1 || got[0] != "61" {
		t.Errorf("key search: %v", got)
	}
	if got := rows("OFFSETCOMMIT"); len(got) != 2 {
		t.Errorf("name search, any case: %v", got)
	}
	got := render(t, &Index{query: "no-such-words-anywhere"})
	if strings.Contains(got, "<tr data-key") || !strings.Contains(got, "0 of ") || !strings.Contains(got, `class="ix-none"`) {
		t.Errorf("a search matching nothing:\n%.400s", got)
	}
}
