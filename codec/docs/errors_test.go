package docs

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/schema"
)

func TestEveryErrorCodeHasAMeaning(t *testing.T) {
	known := map[string]bool{}
	for _, e := range schema.ErrorCodes() {
		known[e.Name] = true
		m := ErrorMeaning(e.Code)
		nameWords := map[string]bool{}
		for _, w := range strings.Split(strings.ToLower(e.Name), "_") {
			nameWords[w] = true
		}
		onlyItsName := true
		for _, w := range words(m) {
			if !filler[w] && !nameWords[w] {
				onlyItsName = false
				break
			}
		}
		switch {
		case m == "":
			t.Errorf("%d %s has no meaning", e.Code, e.Name)
		case strings.Contains(m, "\n") || sentences(m) > 2 || !strings.HasSuffix(m, "."):
			t.Errorf("%s: the meaning should be one line ending in a full stop: %q", e.Name, m)
		case onlyItsName:
			t.Errorf("%s: the meaning %q only repeats the name", e.Name, m)
		}
	}
	said := map[string]string{}
	for name, m := range errorMeanings {
		if other, ok := said[m]; ok {
			t.Errorf("%s and %s share the meaning %q", name, other, m)
		}
		said[m] = name
	}
	for name := range errorMeanings {
		if !known[name] {
			t.Errorf("a meaning for %s, which the catalogue does not have", name)
		}
	}
	if len(AllErrors()) != len(schema.ErrorCodes()) || AllErrors()[0].Meaning == "" {
		t.Errorf("AllErrors has %d entries, the catalogue %d", len(AllErrors()), len(schema.ErrorCodes()))
	}
	if ErrorMeaning(32767) != "" {
		t.Errorf("a code the catalogue lacks has a meaning")
	}
}

// hasErrorCodeField reports whether any response version of a has a field
// whose name ends in ErrorCode, at any depth.
func hasErrorCodeField(a *schema.API) bool {
	for _, p := range fieldPaths(a, schema.Response) {
		if strings.HasSuffix(p, "ErrorCode") {
			return true
		}
	}
	return false
}

func TestEveryAPIListsItsErrors(t *testing.T) {
	for _, a := range schema.APIs() {
		list, ok := apiErrors()[a.Name]
		if !ok {
			t.Errorf("%s has no list of errors", a.Name)
			continue
		}
		if len(list) == 0 && hasErrorCodeField(a) {
			t.Errorf("%s: an empty list, but its responses carry an error code", a.Name)
		}
		if len(list) > 0 && !hasErrorCodeField(a) {
			t.Errorf("%s: its responses have no error code field to carry %v", a.Name, list)
		}
		seen := map[string]bool{}
		for _, n := range list {
			e := schema.ErrorByName(n)
			switch {
			case e == nil || e.Name != n:
				t.Errorf("%s lists %q, which is not a catalogue error name", a.Name, n)
			case e.Code == 0 || e.Code == -1:
				t.Errorf("%s lists %s, which every list has or none needs", a.Name, n)
			case seen[n]:
				t.Errorf("%s lists %s twice", a.Name, n)
			}
			seen[n] = true
		}
		got := Errors(a.Name)
		if len(got) != len(list)+1 {
			t.Errorf("%s: Errors gave %d codes for a list of %d", a.Name, len(got), len(list))
		}
		for i, e := range got {
			cat := schema.Error(e.Code)
			if cat == nil || cat.Name != e.Name || cat.Retriable != e.Retriable || e.Meaning == "" {
				t.Errorf("%s: %+v does not match the catalogue", a.Name, e)
			}
			if i > 0 && got[i-1].Code >= e.Code {
				t.Errorf("%s: codes out of order at %d", a.Name, e.Code)
			}
		}
		if got[0].Name != "UNKNOWN_SERVER_ERROR" {
			t.Errorf("%s: UNKNOWN_SERVER_ERROR missing", a.Name)
		}
	}
	for name := range apiErrors() {
		if a := schema.ByName(name); a == nil || a.Name != name {
			t.Errorf("errors listed for %q, which is not a catalogue API name", name)
		}
	}
	if Errors("NoSuchApi") != nil {
		t.Errorf("an unknown API has errors")
	}
	// Spot checks of facts every Kafka client handles.
	for api, want := range map[string]string{
		"Produce":         "NOT_LEADER_OR_FOLLOWER",
		"Fetch":           "OFFSET_OUT_OF_RANGE",
		"JoinGroup":       "MEMBER_ID_REQUIRED",
		"InitProducerId":  "PRODUCER_FENCED",
		"SaslHandshake":   "UNSUPPORTED_SASL_MECHANISM",
		"CreateTopics":    "TOPIC_ALREADY_EXISTS",
		"FindCoordinator": "COORDINATOR_NOT_AVAILABLE",
	} {
		if !listed(api, want) {
			t.Errorf("%s does not list %s", api, want)
		}
	}
	if listed("Metadata", "OFFSET_OUT_OF_RANGE") || listed("Heartbeat", "TOPIC_ALREADY_EXISTS") {
		t.Errorf("a code listed for an API that never answers with it")
	}
}

func listed(api, name string) bool {
	for _, e := range Errors(api) {
		if e.Name == name {
			return true
		}
	}
	return false
}

// Some of Kafka's response definitions name, in comments, the errors their
// API answers with. Those lists are facts; ours must hold every code they name.
func TestErrorsNamedInKafkaDefinitions(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(kafkaDefs, "current", "*Response.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no response definitions in %s: %v", kafkaDefs, err)
	}
	comment := regexp.MustCompile(`(?m)^\s*//.*$`)
	name := regexp.MustCompile(`\b[A-Z][A-Z]*(?:_[A-Z]+)+\b`)
	checked := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		api := schema.ByName(strings.TrimSuffix(filepath.Base(f), "Response.json"))
		if api == nil {
			continue
		}
		for _, c := range comment.FindAllString(string(b), -1) {
			for _, n := range name.FindAllString(c, -1) {
				// Streams status codes and version constants share the look of error names.
				if e := schema.ErrorByName(n); e == nil || e.Name != n || e.Code == 0 {
					continue
				}
				checked++
				if !listed(api.Name, n) {
					t.Errorf("%s: Kafka's definition names %s, our list does not", api.Name, n)
				}
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d codes found in the definitions' comments; the reader is broken", checked)
	}
}

// kfakeQuirks are codes kfake's handlers send that a real broker does not
// for that API, each with why.
var kfakeQuirks = map[string]string{
	// kfake answers a ListOffsets by timestamp whose stored batch it cannot
	// parse with CORRUPT_MESSAGE; a broker reads its own log or fails with
	// KAFKA_STORAGE_ERROR.
	"ListOffsets CORRUPT_MESSAGE": "kfake only",
}

// kerrNames maps kerr's Go identifiers to catalogue names where the two do
// not simply differ by case and underscores.
var kerrNames = map[string]string{
	"NotLeaderForPartition": "NOT_LEADER_OR_FOLLOWER",
}

// kfake (franz-go's fake cluster) implements the broker's side of most APIs,
// one file per key; every code a handler file sends must be in our list.
func TestErrorsAgainstKfake(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command to find kfake's sources, which wasm under Node cannot run; the native run checks it")
	}
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "github.com/twmb/franz-go/pkg/kfake").Output()
	if err != nil {
		t.Fatalf("finding kfake's sources: %v", err)
	}
	dir := strings.TrimSpace(string(out))
	files, err := filepath.Glob(filepath.Join(dir, "[0-9][0-9]_*.go"))
	if err != nil || len(files) < 40 {
		t.Fatalf("kfake's handler files in %q: %d, %v", dir, len(files), err)
	}
	byNorm := map[string]string{}
	for _, e := range schema.ErrorCodes() {
		byNorm[strings.ReplaceAll(strings.ToLower(e.Name), "_", "")] = e.Name
	}
	ref := regexp.MustCompile(`kerr\.([A-Z][A-Za-z]+)\.Code`)
	checked := 0
	for _, f := range files {
		key, err := strconv.Atoi(filepath.Base(f)[:2])
		if err != nil || strings.HasSuffix(f, "_test.go") {
			continue
		}
		api := schema.ByKey(int16(key))
		if api == nil {
			t.Errorf("%s: no API with key %d", f, key)
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ref.FindAllStringSubmatch(string(b), -1) {
			n, ok := kerrNames[m[1]]
			if !ok {
				n, ok = byNorm[strings.ToLower(m[1])]
			}
			if !ok {
				t.Errorf("%s: kerr.%s matches no catalogue name", filepath.Base(f), m[1])
				continue
			}
			checked++
			if !listed(api.Name, n) && kfakeQuirks[api.Name+" "+n] == "" {
				t.Errorf("%s: kfake answers %s, our list does not have it", api.Name, n)
			}
		}
	}
	if checked < 100 {
		t.Errorf("only %d codes found in kfake's handlers; the reader is broken", checked)
	}
	t.Logf("%d codes in %d kfake handler files checked", checked, len(files))
}
