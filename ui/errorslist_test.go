package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
)

var openDetails = regexp.MustCompile(`<details[^>]*\sopen[\s=>]`)

func TestErrorsListJoinGroup(t *testing.T) {
	got := render(t, &ErrorsList{API: "JoinGroup"})
	if !strings.Contains(got, `data-errors="JoinGroup"`) {
		t.Fatalf("no mark:\n%s", got)
	}
	want := docs.Errors("JoinGroup")
	if n := strings.Count(got, "<tr data-code="); n != len(want) {
		t.Errorf("%d rows, want %d", n, len(want))
	}
	// MEMBER_ID_REQUIRED (79) is listed with its meaning and is not retriable.
	row := got[strings.Index(got, `data-code="79"`):]
	row = row[:strings.Index(row, "</tr>")]
	cells := items(strings.ReplaceAll(strings.ReplaceAll(row, "<td", "<li"), "</td>", "</li>"))
	if len(cells) != 4 || cells[0] != "79" || cells[1] != "MEMBER_ID_REQUIRED" || cells[2] != "no" || cells[3] != docs.ErrorMeaning(79) {
		t.Errorf("MEMBER_ID_REQUIRED row: %q", cells)
	}
	// COORDINATOR_LOAD_IN_PROGRESS (14) is retriable.
	if !regexp.MustCompile(`(?s)data-code="14"[^>]*>.*?COORDINATOR_LOAD_IN_PROGRESS.*?<td class="er-retry">\s*yes\s*</td>`).MatchString(got) {
		t.Errorf("COORDINATOR_LOAD_IN_PROGRESS is not listed as retriable")
	}
	// A list this long starts collapsed.
	if len(want) <= errorsOpenUpTo {
		t.Fatalf("JoinGroup lists %d errors: no longer a long list", len(want))
	}
	if openDetails.MatchString(got) {
		t.Errorf("a list of %d starts open", len(want))
	}
}

func TestErrorsListShortOpensAndUnknownIsEmpty(t *testing.T) {
	// Find an API with a short list: it starts open.
	for _, a := range schema.APIs() {
		if n := len(docs.Errors(a.Name)); n > 0 && n <= errorsOpenUpTo {
			if got := render(t, &ErrorsList{API: a.Name}); !openDetails.MatchString(got) {
				t.Errorf("%s's %d errors start collapsed", a.Name, n)
			}
			break
		}
	}
	if got := render(t, &ErrorsList{API: "NoSuchApi"}); strings.Contains(got, "data-errors") {
		t.Errorf("unknown API:\n%s", got)
	}
}
