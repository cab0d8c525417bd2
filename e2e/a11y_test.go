//go:build e2e

package e2e

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/ui"
)

// produceWithRecords is a Produce v9 request whose records field holds a
// batch of one record (the minimal batch holds none).
func produceWithRecords(t *testing.T) []byte {
	t.Helper()
	m := message.Minimal(schema.ByName("Produce"), 9, schema.Request)
	if err := m.Apply(message.Edit{Op: message.OpAppend, Path: message.ParsePath("body.TopicData.0.PartitionData.0.Records.batches.0")}); err != nil {
		t.Fatal(err)
	}
	d, err := frame.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	return d.Bytes()
}

// axeScript is axe-core, installed by `npm ci --prefix e2e/node` (make test-e2e runs it when needed).
var axeScript = filepath.Join("node", "node_modules", "axe-core", "axe.min.js")

// axeViolation is the part of an axe-core result the test reports.
type axeViolation struct {
	ID     string `json:"id"`
	Impact string `json:"impact"`
	Help   string `json:"help"`
	Nodes  []struct {
		Target []any  `json:"target"`
		HTML   string `json:"html"`
		Fail   string `json:"failureSummary"`
	} `json:"nodes"`
}

// axe runs axe-core on the page as it is and returns its violations, each
// written to e2e/artifacts/<test>-axe-<name>.json. The script is evaluated
// through the DevTools protocol, which the page's Content-Security-Policy
// does not govern: the policy stays as strict as it is served.
func (s *session) axe(name string) []axeViolation {
	s.t.Helper()
	src, err := os.ReadFile(axeScript)
	if err != nil {
		s.t.Fatalf("axe-core is not installed (%v): run `npm ci --prefix e2e/node`", err)
	}
	if !eval[bool](s, `typeof axe === 'object'`) {
		ctx, cancel := context.WithTimeout(s.ctx, 20*time.Second)
		defer cancel()
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(src)+";\ntrue")); err != nil {
			s.t.Fatalf("injecting axe-core: %v", err)
		}
	}
	ctx, cancel := context.WithTimeout(s.ctx, 60*time.Second)
	defer cancel()
	js := `axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(r.violations))`
	out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		s.t.Fatalf("running axe-core on %s: %v", name, err)
	}
	var vs []axeViolation
	if err := json.Unmarshal([]byte(out), &vs); err != nil {
		s.t.Fatalf("reading axe-core's result: %v", err)
	}
	file := strings.NewReplacer("/", "_", " ", "_").Replace(s.t.Name() + "-axe-" + name + ".json")
	os.WriteFile(filepath.Join("artifacts", file), []byte(out), 0o644)
	return vs
}

// checkAxe fails the test on any violation of serious or critical impact, and logs the rest.
func checkAxe(t *testing.T, s *session, name string) {
	t.Helper()
	vs := s.axe(name)
	counts := map[string]int{}
	for _, v := range vs {
		counts[v.Impact] += len(v.Nodes)
		if v.Impact != "serious" && v.Impact != "critical" {
			t.Logf("%s: %s (%s), %d nodes: %s", name, v.ID, v.Impact, len(v.Nodes), v.Help)
			continue
		}
		var where []string
		for i, n := range v.Nodes {
			if i == 5 {
				where = append(where, "…")
				break
			}
			where = append(where, n.HTML+"\n      "+strings.ReplaceAll(n.Fail, "\n", " "))
		}
		t.Errorf("%s: %s (%s) on %d nodes: %s\n    %s", name, v.ID, v.Impact, len(v.Nodes), v.Help, strings.Join(where, "\n    "))
	}
	var impacts []string
	for k, n := range counts {
		impacts = append(impacts, k+" "+strconv.Itoa(n))
	}
	sort.Strings(impacts)
	t.Logf("axe %s: %d rules violated; nodes by impact: %s", name, len(vs), strings.Join(impacts, ", "))
}

func TestAccessibility(t *testing.T) {
	for _, dark := range []bool{false, true} {
		mode := "light"
		if dark {
			mode = "dark"
		}
		t.Run(mode, func(t *testing.T) {
			s := newSession(t, dark)
			s.open("/")
			// The check can fail: a button with no name is a critical violation it must see.
			eval[bool](s, `document.querySelector('main').append(Object.assign(document.createElement('button'), {id: 'axe-probe'})), true`)
			found := false
			for _, v := range s.axe("probe") {
				found = found || v.ID == "button-name" && len(v.Nodes) == 1 && strings.Contains(v.Nodes[0].HTML, "axe-probe")
			}
			if !found {
				t.Errorf("axe-core did not report a button without a name")
			}
			eval[bool](s, `document.getElementById('axe-probe').remove(), true`)
			checkAxe(t, s, "index")

			s.open("/DescribeProducers/v0")
			s.selectNode("response", "body.Topics.0.Partitions.0.ErrorCode")
			// The schema table gets its rows in the page once opened: axe sees it open.
			s.clickSeen(`#response details.schema > summary`)
			s.waitFor("the schema's rows", `document.querySelector('#response details.schema tr[data-wire]')`)
			checkAxe(t, s, "version page")

			// Records: a produce request with a record, its value selected.
			s.open("/Produce/v9#" + ui.Fragment(produceWithRecords(t), nil))
			s.selectNode("request", "body.TopicData.0.PartitionData.0.Records.batches.0.records.0.value")
			checkAxe(t, s, "records")

			// The paste box open, holding a frame it read.
			_, b := codecRegions(t, "DescribeProducers", 0, schema.Request)
			s.open("/DescribeProducers/v0")
			s.do(10*time.Second, chromedp.Click(chromedp.CSS(`button[data-op="paste-open"]`)))
			s.do(10*time.Second, chromedp.SetValue(chromedp.ID("paste-text"), hex.EncodeToString(b)))
			s.waitFor("the paste read", `document.querySelector('#paste-status')`)
			checkAxe(t, s, "paste box")
			s.screenshot("axe-" + mode)

			// The phone layout hides labels visually and wraps the tree: the same rules hold there.
			s.resize(phone)
			s.open("/")
			checkAxe(t, s, "phone index")
			s.open(latest("Fetch"))
			s.selectNode("request", "body.Topics")
			checkAxe(t, s, "phone Fetch")
		})
	}
}
