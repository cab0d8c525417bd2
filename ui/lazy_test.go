package ui

import (
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// asInBrowser renders closed parts as the browser does (their summaries
// only) for the rest of the test.
func asInBrowser(t *testing.T) {
	was := renderClosed
	renderClosed = false
	t.Cleanup(func() { renderClosed = was })
}

var summaryText = regexp.MustCompile(`<summary[^>]*>([\s\S]*?)</summary>`)

func TestSchemaTableClosedInTheBrowserHoldsItsSummaryOnly(t *testing.T) {
	server := render(t, &SchemaTable{API: "Produce", Version: 9, Dir: schema.Request})
	wantOrder, wantCells := tableRows(t, server)
	asInBrowser(t)

	closed := render(t, &SchemaTable{API: "Produce", Version: 9, Dir: schema.Request})
	if strings.Contains(closed, "<tr") || strings.Contains(closed, "<table") {
		t.Errorf("a closed table has rows in the browser:\n%s", closed)
	}
	if openDetails.MatchString(closed) {
		t.Errorf("the table starts open:\n%s", closed)
	}
	// The summary says what opening gives, rows counted, as the server's does.
	got, want := summaryText.FindStringSubmatch(closed), summaryText.FindStringSubmatch(server)
	if got == nil || want == nil || got[1] != want[1] || !strings.Contains(got[1], "ProduceRequest v9 on the wire (13 fields") {
		t.Errorf("summary %q, the server's %q", got, want)
	}

	opened := render(t, &SchemaTable{API: "Produce", Version: 9, Dir: schema.Request, open: true})
	if !openDetails.MatchString(opened) {
		t.Errorf("an opened table is not open:\n%s", opened)
	}
	order, cells := tableRows(t, opened)
	if !reflect.DeepEqual(order, wantOrder) || !reflect.DeepEqual(cells, wantCells) {
		t.Errorf("opened in the browser, the rows differ from the server's:\n%q\n%q", order, wantOrder)
	}
}

func TestErrorsListCollapsedInTheBrowserHoldsItsSummaryOnly(t *testing.T) {
	long := docs.Errors("JoinGroup")
	if len(long) <= errorsOpenUpTo {
		t.Fatalf("JoinGroup lists %d errors: no longer a long list", len(long))
	}
	server := render(t, &ErrorsList{API: "JoinGroup"})
	asInBrowser(t)

	closed := render(t, &ErrorsList{API: "JoinGroup"})
	if strings.Contains(closed, "data-code") || openDetails.MatchString(closed) {
		t.Errorf("a long list, collapsed, has rows or is open in the browser:\n%s", closed)
	}
	for _, want := range []string{`data-errors="JoinGroup"`, "Errors JoinGroup responses can carry", "(" + itoa(len(long)) + ")"} {
		if !strings.Contains(closed, want) {
			t.Errorf("the collapsed list lacks %q:\n%s", want, closed)
		}
	}

	opened := render(t, &ErrorsList{API: "JoinGroup", open: true, openFor: "JoinGroup"})
	codes := regexp.MustCompile(`data-code="(-?\d+)"`)
	if got, want := codes.FindAllString(opened, -1), codes.FindAllString(server, -1); len(got) != len(long) || !reflect.DeepEqual(got, want) {
		t.Errorf("opened in the browser, the codes are %q; the server's %q", got, want)
	}

	// A short list starts open, rows and all, in the browser too.
	for _, a := range schema.APIs() {
		if n := len(docs.Errors(a.Name)); n > 0 && n <= errorsOpenUpTo {
			got := render(t, &ErrorsList{API: a.Name})
			if !openDetails.MatchString(got) || strings.Count(got, "data-code=") != n {
				t.Errorf("%s's %d errors: not open with every row in the browser:\n%s", a.Name, n, got)
			}
			break
		}
	}
}

func TestAPIPickerSuggestsOnceFocused(t *testing.T) {
	server := render(t, &APIPicker{API: "Fetch", Version: 4})
	if n := strings.Count(server, "<option"); n != len(schema.APIs()) {
		t.Errorf("the pre-rendered picker suggests %d APIs of %d", n, len(schema.APIs()))
	}
	asInBrowser(t)
	if got := render(t, &APIPicker{API: "Fetch", Version: 4}); strings.Contains(got, "<option") || !strings.Contains(got, `id="api-list"`) {
		t.Errorf("before the focus the list should be there and empty:\n%s", got)
	}
	got := render(t, &APIPicker{API: "Fetch", Version: 4, focused: true})
	if n := strings.Count(got, "<option"); n != len(schema.APIs()) || !strings.Contains(got, `value="Fetch (1)"`) {
		t.Errorf("focused, the picker suggests %d APIs of %d:\n%s", n, len(schema.APIs()), got)
	}
}
