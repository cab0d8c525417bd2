package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// kafkaDefs is where Kafka's message definitions are, seen from this package.
const kafkaDefs = "../../../shared/kafka"

// fieldPaths lists every field path of every version of an API in direction d.
func fieldPaths(a *schema.API, d schema.Direction) []string {
	defs := a.Request
	if d == schema.Response {
		defs = a.Response
	}
	seen := map[string]bool{}
	var out []string
	var walk func(prefix string, fs []*schema.Field)
	walk = func(prefix string, fs []*schema.Field) {
		for _, f := range fs {
			p := prefix + f.Name
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
			walk(p+".", f.Fields)
		}
	}
	for _, def := range defs {
		walk("", def.Fields)
	}
	return out
}

// nameWords splits a field name into its lower-case words: "TopicAuthorizedOperations"
// gives topic, authorized, operations.
func nameWords(name string) map[string]bool {
	out := map[string]bool{}
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out[strings.ToLower(string(cur))] = true
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		if i > 0 && unicode.IsUpper(r) && (unicode.IsLower(rs[i-1]) || (i+1 < len(rs) && unicode.IsLower(rs[i+1]))) {
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// filler are words that add nothing a name lacks: a description made of a
// name's words and these is still only the name.
var filler = map[string]bool{
	"a": true, "an": true, "the": true, "of": true, "for": true, "this": true, "that": true,
	"in": true, "to": true, "is": true, "its": true, "it": true, "s": true, "and": true,
	"list": true, "entry": true, "id": true, "ids": true, "name": true, "value": true,
}

// words splits text into lower-case words, dropping punctuation and apostrophes.
func words(text string) []string {
	text = strings.ReplaceAll(text, "'", "")
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
}

// onlyName reports whether desc says nothing beyond the words of the field's name.
func onlyName(field, desc string) bool {
	nw := nameWords(field)
	for _, w := range words(desc) {
		if filler[w] || nw[w] || nw[strings.TrimSuffix(w, "s")] {
			continue
		}
		return false
	}
	return true
}

var sentenceEnd = regexp.MustCompile(`[.!?](\s|$)`)

// sentences counts the sentences of a text; "e.g." and "i.e." do not end one.
func sentences(text string) int {
	t := strings.NewReplacer("e.g.", "eg", "i.e.", "ie", "etc.", "etc").Replace(text)
	return len(sentenceEnd.FindAllString(strings.TrimSpace(t), -1))
}

func TestEveryAPIIsExplained(t *testing.T) {
	roleOK := map[Role]bool{}
	for _, r := range Roles() {
		roleOK[r] = true
	}
	for _, a := range schema.APIs() {
		t.Run(strconv.Itoa(int(a.Key))+"_"+a.Name, func(t *testing.T) {
			d := ForAPI(a.Name)
			if d == nil {
				t.Fatalf("no explanation for %s", a.Name)
			}
			if !roleOK[d.Role] {
				t.Errorf("role %q is not one of Roles()", d.Role)
			}
			if d.Summary == "" || strings.Contains(d.Summary, "\n") {
				t.Errorf("summary must be one line, got %q", d.Summary)
			}
			if n := sentences(d.Intro); n < 2 || n > 5 {
				t.Errorf("intro has %d sentences, want 2 to 5: %q", n, d.Intro)
			}
			if n := len(words(d.Intro)); n < 20 {
				t.Errorf("intro has %d words, want at least 20", n)
			}
			for _, r := range d.Related {
				if schema.ByName(r) == nil {
					t.Errorf("related API %q is not in the catalogue", r)
				}
				if strings.EqualFold(r, a.Name) {
					t.Errorf("related lists the API itself")
				}
			}
			for _, dir := range []schema.Direction{schema.Request, schema.Response} {
				for _, p := range fieldPaths(a, dir) {
					desc := Field(a.Name, dir, p)
					last := p[strings.LastIndex(p, ".")+1:]
					switch {
					case desc == "":
						t.Errorf("%s %s: no description", dir, p)
					case onlyName(last, desc):
						t.Errorf("%s %s: description %q only repeats the name", dir, p, desc)
					}
				}
			}
		})
	}
}

// TestNoStalePaths catches a description under a path the catalogue does not
// have, such as a misspelt field: it would never be shown.
func TestNoStalePaths(t *testing.T) {
	for _, d := range all() {
		a := schema.ByName(d.Name)
		if a == nil {
			t.Errorf("%s is not an API of the catalogue", d.Name)
			continue
		}
		for dir, m := range map[schema.Direction]map[string]string{schema.Request: d.Request, schema.Response: d.Response} {
			known := map[string]bool{}
			for _, p := range fieldPaths(a, dir) {
				known[p] = true
			}
			for p := range m {
				if !known[p] {
					t.Errorf("%s %s: path %q is not in the catalogue", d.Name, dir, p)
				}
			}
		}
	}
}

func TestHeaderFieldsAreExplained(t *testing.T) {
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		for _, f := range schema.Header(dir).Fields {
			desc := Header(dir, f.Name)
			if desc == "" || onlyName(f.Name, desc) {
				t.Errorf("%s header %s: description %q", dir, f.Name, desc)
			}
		}
	}
	if Header(schema.Request, "CorrelationId") == Header(schema.Response, "CorrelationId") {
		t.Errorf("CorrelationId should be told from the request's side and the response's")
	}
}

func TestLookups(t *testing.T) {
	if ForAPI("produce") == nil || ForAPI("Produce").Name != "Produce" {
		t.Errorf("ForAPI should find Produce in any case")
	}
	if ForAPI("NoSuchApi") != nil || Field("NoSuchApi", schema.Request, "Acks") != "" {
		t.Errorf("an unknown API has no explanation")
	}
	if Field("Produce", schema.Request, "Acks") == "" {
		t.Errorf("Produce request Acks has no description")
	}
	if Field("Produce", schema.Request, "NoSuchField") != "" {
		t.Errorf("an unknown field has a description")
	}
	// The same name in two APIs means two things.
	if Field("Metadata", schema.Request, "Topics.Name") == Field("JoinGroup", schema.Request, "Protocols.Name") {
		t.Errorf("a topic's name and a protocol's name share a description")
	}
	// ThrottleTimeMs is described once for every response, never for a request.
	if Field("Heartbeat", schema.Response, "ThrottleTimeMs") == "" || Field("Heartbeat", schema.Request, "ThrottleTimeMs") != "" {
		t.Errorf("ThrottleTimeMs lookup")
	}
	rs := Roles()
	if len(rs) != 11 || rs[0] != Cluster {
		t.Errorf("Roles() = %v", rs)
	}
	rs[0] = "changed"
	if Roles()[0] != Cluster {
		t.Errorf("Roles() hands out its own slice")
	}
	if len(APIs()) != len(all()) {
		t.Errorf("APIs() has %d entries, want %d", len(APIs()), len(all()))
	}
}

// aboutText finds the "about" strings of a definition file (JSON with // comments).
var aboutText = regexp.MustCompile(`"about"\s*:\s*"((?:[^"\\]|\\.)*)"`)

// kafkaAbouts reads every about text of Kafka's current and legacy definitions.
func kafkaAbouts(t *testing.T) []string {
	var out []string
	for _, set := range []string{"current", "legacy"} {
		files, err := filepath.Glob(filepath.Join(kafkaDefs, set, "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no definitions in %s/%s: %v", kafkaDefs, set, err)
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range aboutText.FindAllStringSubmatch(string(b), -1) {
				out = append(out, m[1])
			}
		}
	}
	return out
}

const runLen = 8

// isCode reports whether a raw word is a number or an error code name, which
// lists of codes share with anyone's text.
func isCode(raw string) bool {
	if _, err := strconv.ParseFloat(raw, 64); err == nil {
		return true
	}
	return strings.Contains(raw, "_") || (strings.ToUpper(raw) == raw && strings.ToLower(raw) != raw)
}

// runs lists the runs of runLen words of text, lower-cased, leaving out runs made only of codes.
func runs(text string) []string {
	ws := words(text)
	raw := strings.FieldsFunc(strings.ReplaceAll(text, "'", ""), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_'
	})
	var out []string
	for i := 0; i+runLen <= len(ws); i++ {
		allCodes := true
		for _, w := range raw[i : i+runLen] {
			if !isCode(w) {
				allCodes = false
				break
			}
		}
		if !allCodes {
			out = append(out, strings.Join(ws[i:i+runLen], " "))
		}
	}
	return out
}

// ourTexts is every text of the package, each with where it is.
func ourTexts() map[string]string {
	out := map[string]string{}
	for _, a := range all() {
		out[a.Name+" summary"] = a.Summary
		out[a.Name+" intro"] = a.Intro
		for p, d := range a.Request {
			out[a.Name+" request "+p] = d
		}
		for p, d := range a.Response {
			out[a.Name+" response "+p] = d
		}
	}
	for dir, m := range everywhere {
		for p, d := range m {
			out["every "+dir.String()+" "+p] = d
		}
	}
	for p, d := range requestHeader {
		out["request header "+p] = d
	}
	for p, d := range responseHeader {
		out["response header "+p] = d
	}
	for name, d := range errorMeanings {
		out["error "+name] = d
	}
	out["learn intro"] = LearnIntro
	for _, l := range lessons {
		out["learn "+l.Slug+" title"] = l.Title
		out["learn "+l.Slug+" summary"] = l.Summary
		for si, s := range l.Sections {
			where := "learn " + l.Slug + " section " + strconv.Itoa(si)
			out[where+" heading"] = s.Heading
			for i, p := range s.Text {
				out[where+" text "+strconv.Itoa(i)] = p
			}
			for i, e := range s.Examples {
				out[where+" example "+strconv.Itoa(i)] = e.Caption
			}
		}
	}
	return out
}

func TestNoEightWordsFromKafka(t *testing.T) {
	theirs := map[string]string{}
	for _, about := range kafkaAbouts(t) {
		for _, r := range runs(about) {
			theirs[r] = about
		}
	}
	if len(theirs) < 1000 {
		t.Fatalf("only %d runs read from Kafka's definitions; the reader is broken", len(theirs))
	}
	// A whole 'about' sentence shorter than eight words is a copy too.
	var whole []string
	for _, about := range kafkaAbouts(t) {
		if len(about) >= 40 {
			whole = append(whole, strings.ToLower(about))
		}
	}
	for where, text := range ourTexts() {
		for _, r := range runs(text) {
			if about, ok := theirs[r]; ok {
				t.Errorf("%s shares %q with Kafka's %q", where, r, about)
				break
			}
		}
		lower := strings.ToLower(text)
		for _, about := range whole {
			if strings.Contains(lower, about) {
				t.Errorf("%s holds Kafka's sentence %q", where, about)
			}
		}
	}
}

// The checks themselves, on texts whose answer is known.
func TestChecks(t *testing.T) {
	if !onlyName("TopicAuthorizedOperations", "topic authorized operations") {
		t.Errorf("the name's own words pass as a description")
	}
	if !onlyName("Name", "name of this entry") {
		t.Errorf("\"name of this entry\" passes as a description")
	}
	if onlyName("Name", "The topic to create; unique in the cluster.") {
		t.Errorf("a real description is taken for the name")
	}
	if n := sentences("One, e.g. this. Two! Three?"); n != 3 {
		t.Errorf("sentences = %d, want 3", n)
	}
	if got := runs("one two three four five six seven eight nine"); len(got) != 2 {
		t.Errorf("runs = %q, want 2 runs", got)
	}
	if got := runs("0 1 2 3 NONE UNKNOWN_SERVER_ERROR 35 36"); len(got) != 0 {
		t.Errorf("a run of codes counts: %q", got)
	}
}

func TestSearch(t *testing.T) {
	names := func(as []*API) []string {
		var out []string
		for _, a := range as {
			out = append(out, a.Name)
		}
		return out
	}
	// By name, any case: OffsetCommit and TxnOffsetCommit.
	got := names(Search("offsetcommit"))
	if len(got) != 2 || got[0] != "OffsetCommit" || got[1] != "TxnOffsetCommit" {
		t.Errorf("Search(offsetcommit) = %v", got)
	}
	// By summary words, all of which must match.
	expiry := Search("delegation token expiry")
	if len(expiry) < 2 {
		t.Errorf("Search(delegation token expiry) = %v, want Renew and Describe at least", names(expiry))
	}
	for _, a := range expiry {
		if !strings.Contains(strings.ToLower(a.Summary), "expir") {
			t.Errorf("%s matched without its summary saying so: %q", a.Name, a.Summary)
		}
	}
	if len(Search("delegation token")) < 4 {
		t.Errorf("Search(delegation token) = %v, want the four token APIs", names(Search("delegation token")))
	}
	if len(Search("")) != len(all()) || len(Search("no-such-thing-anywhere")) != 0 {
		t.Errorf("empty query should list all, a query matching nothing none")
	}
}
