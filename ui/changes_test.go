package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// dirPart is the part of the panel's HTML that lists direction dir.
func dirPart(t *testing.T, html string, dir schema.Direction) string {
	t.Helper()
	i := strings.Index(html, `data-dir="`+dir.String()+`"`)
	if i < 0 {
		t.Fatalf("no %s list:\n%s", dir, html)
	}
	part := html[i:]
	if j := strings.Index(part[1:], `data-dir="`); j >= 0 {
		part = part[:j+1]
	}
	return part
}

// items are the list items of one part, tags stripped.
func items(part string) []string {
	var out []string
	tags := regexp.MustCompile(`<[^>]*>`)
	for _, li := range strings.Split(part, "<li")[1:] {
		li = li[strings.IndexByte(li, '>')+1:]
		li = li[:strings.Index(li, "</li>")]
		// The HTML is indented: words split across tags come out spaced.
		out = append(out, strings.Join(strings.Fields(tags.ReplaceAllString(li, " ")), " "))
	}
	return out
}

func has(list []string, want string) bool {
	for _, s := range list {
		if s == want {
			return true
		}
	}
	return false
}

func TestChangesProduceV9BecomesFlexible(t *testing.T) {
	got := render(t, &Changes{API: "Produce", Version: 9})
	if !strings.Contains(got, `data-changes="Produce v9"`) || !strings.Contains(got, "Since v8") {
		t.Fatalf("no mark or title:\n%s", got)
	}
	req := items(dirPart(t, got, schema.Request))
	for _, want := range []string{
		"flexible from this version: compact lengths and tagged fields",
		"header v1 → v2",
	} {
		if !has(req, want) {
			t.Errorf("request lacks %q: %q", want, req)
		}
	}
	// The response header goes from v0 to v1 as the response becomes flexible.
	resp := items(dirPart(t, got, schema.Response))
	if !has(resp, "header v0 → v1") || !has(resp, "flexible from this version: compact lengths and tagged fields") {
		t.Errorf("response: %q", resp)
	}
	// A size line: compact lengths and tagged-field counts change the minimal frame.
	if !strings.Contains(strings.Join(req, "\n"), "minimal instance ") {
		t.Errorf("no size line: %q", req)
	}
}

func TestChangesFetchV7AddsSession(t *testing.T) {
	req := items(dirPart(t, render(t, &Changes{API: "Fetch", Version: 7}), schema.Request))
	// The minimal frame grows by SessionId and SessionEpoch (4 bytes each),
	// ForgottenTopicsData's length (4) and its one element: an empty Topic
	// (2) and Partitions with one int32 (4 + 4).
	for _, want := range []string{"+ SessionId int32", "+ SessionEpoch int32", "minimal instance 65 → 87 bytes (+22)"} {
		if !has(req, want) {
			t.Errorf("Fetch v7 request lacks %q: %q", want, req)
		}
	}
	// ForgottenTopicsData is an added array of structs: one line with a count,
	// not a line per field inside it.
	var forgotten []string
	for _, s := range req {
		if strings.Contains(s, "ForgottenTopicsData") {
			forgotten = append(forgotten, s)
		}
	}
	if len(forgotten) != 1 || !strings.HasPrefix(forgotten[0], "+ ForgottenTopicsData []ForgottenTopic (2 fields inside)") {
		t.Errorf("ForgottenTopicsData: %q", forgotten)
	}
	// The response gains a top-level error code and the session id (2 + 4 bytes).
	if resp := items(dirPart(t, render(t, &Changes{API: "Fetch", Version: 7}), schema.Response)); !has(resp, "+ ErrorCode int16") || !has(resp, "+ SessionId int32") || !has(resp, "minimal instance 137 → 143 bytes (+6)") {
		t.Errorf("Fetch v7 response: %q", resp)
	}
}

func TestChangesMetadataV10AddsTopicId(t *testing.T) {
	got := render(t, &Changes{API: "Metadata", Version: 10})
	req := items(dirPart(t, got, schema.Request))
	resp := items(dirPart(t, got, schema.Response))
	// The topic's name may be null from v10 on, as a topic may be asked for by id.
	if !has(req, "+ Topics.TopicId uuid") || !has(req, "Topics.Name may be null from this version") {
		t.Errorf("request: %q", req)
	}
	if !has(resp, "+ Topics.TopicId uuid") || !has(resp, "minimal instance 76 → 92 bytes (+16)") {
		t.Errorf("response: %q", resp)
	}
}

func TestChangesFirstAndUnchangedVersions(t *testing.T) {
	got := render(t, &Changes{API: "ApiVersions", Version: 0})
	if !strings.Contains(got, "New in v0: the first version of ApiVersions") {
		t.Errorf("first version:\n%s", got)
	}
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		if l := items(dirPart(t, got, dir)); len(l) != 1 || l[0] != "v0 is the first version of the "+dir.String()+"." {
			t.Errorf("%s: %q", dir, l)
		}
	}
	// Produce v8's request has the same fields as v7's.
	req := items(dirPart(t, render(t, &Changes{API: "Produce", Version: 8}), schema.Request))
	if len(req) != 1 || !strings.HasPrefix(req[0], "same fields and encoding as v7") {
		t.Errorf("Produce v8 request: %q", req)
	}
	// An unknown API or version renders an empty section, not a panic.
	for _, c := range []*Changes{{API: "NoSuchApi"}, {API: "Produce", Version: 99}} {
		if got := render(t, c); strings.Contains(got, "data-changes") {
			t.Errorf("%s v%d:\n%s", c.API, c.Version, got)
		}
	}
}
