package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// tableRows are the rows of a rendered schema table, each as its cells'
// text, keyed by data-wire (group rows under their own name).
func tableRows(t *testing.T, html string) (order []string, cells map[string][]string) {
	t.Helper()
	cells = map[string][]string{}
	tags := regexp.MustCompile(`<[^>]*>`)
	wire := regexp.MustCompile(`data-wire="([^"]*)"`)
	for _, tr := range strings.Split(html, "<tr")[2:] { // past the head row
		tr = tr[:strings.Index(tr, "</tr>")]
		var row []string
		for _, td := range strings.Split(tr, "<td")[1:] {
			td = td[strings.IndexByte(td, '>')+1:]
			row = append(row, strings.Join(strings.Fields(tags.ReplaceAllString(td, " ")), " "))
		}
		key := row[0]
		if m := wire.FindStringSubmatch(tr); m != nil {
			key = m[1]
		}
		order = append(order, key)
		cells[key] = row
	}
	return order, cells
}

func TestSchemaTableProduceV9InWireOrder(t *testing.T) {
	got := render(t, &SchemaTable{API: "Produce", Version: 9, Dir: schema.Request})
	order, cells := tableRows(t, got)
	want := []string{
		"size", "header v2", "header.RequestApiKey", "header.RequestApiVersion", "header.CorrelationId", "header.ClientId", "tagged fields",
		"body v9", "TransactionalId", "Acks", "TimeoutMs",
		"TopicData", "TopicData.Name", "TopicData.PartitionData", "TopicData.PartitionData.Index", "TopicData.PartitionData.Records",
		"tagged fields", "tagged fields", "tagged fields",
	}
	if strings.Join(order, " ") != strings.Join(want, " ") {
		t.Errorf("rows\n%q\nwant\n%q", order, want)
	}
	// field, wire type, size, default, nullable, tag, versions, meaning
	for path, w := range map[string][]string{
		"size":                            {"size", "INT32", "4B"},
		"header.ClientId":                 {"ClientId", "NULLABLE_STRING", "2B + n"}, // classic even in header v2
		"TransactionalId":                 {"TransactionalId", "COMPACT_NULLABLE_STRING", "var + n", "null", "3+", "", "3+"},
		"Acks":                            {"Acks", "INT16", "2B", "0", "", "", "0+"},
		"TimeoutMs":                       {"TimeoutMs", "INT32", "4B"},
		"TopicData":                       {"TopicData", "COMPACT_ARRAY[struct TopicProduceData]", "var + elements", "empty"},
		"TopicData.PartitionData.Records": {"Records", "COMPACT_RECORDS", "var + n", "null", "0+"},
	} {
		c := cells[path]
		if len(c) != 8 {
			t.Errorf("%s: %q", path, c)
			continue
		}
		for i, x := range w {
			if c[i] != x {
				t.Errorf("%s cell %d: %q, want %q (row %q)", path, i, c[i], x, c)
			}
		}
	}
	// Descriptions are codec/docs' words for this API's field.
	for _, path := range []string{"Acks", "TopicData.PartitionData.Records"} {
		if d := docs.Field("Produce", schema.Request, path); d == "" || cells[path][7] != d {
			t.Errorf("%s's meaning %q, want %q", path, cells[path][7], d)
		}
	}
	if d := docs.Header(schema.Request, "CorrelationId"); cells["header.CorrelationId"][7] != d {
		t.Errorf("CorrelationId's meaning %q", cells["header.CorrelationId"][7])
	}
	// Nesting: an element's fields sit deeper than their array.
	pad := func(path string) string {
		return regexp.MustCompile(`data-wire="` + regexp.QuoteMeta(path) + `"[^>]*>\s*<td[^>]*padding-left:\s*(\d+)px`).FindStringSubmatch(got)[1]
	}
	if pad("TopicData") != "24" || pad("TopicData.Name") != "40" || pad("TopicData.PartitionData.Index") != "56" {
		t.Errorf("indents %s %s %s", pad("TopicData"), pad("TopicData.Name"), pad("TopicData.PartitionData.Index"))
	}
}

func TestSchemaTableClassicAndTagged(t *testing.T) {
	// Produce v3: classic lengths, no tagged sections, header v1.
	order, cells := tableRows(t, render(t, &SchemaTable{API: "Produce", Version: 3, Dir: schema.Request}))
	if strings.Contains(strings.Join(order, " "), "tagged fields") || !strings.Contains(strings.Join(order, " "), "header v1") {
		t.Errorf("Produce v3 rows: %q", order)
	}
	for path, w := range map[string][]string{
		"TransactionalId":                 {"TransactionalId", "NULLABLE_STRING", "2B + n"},
		"TopicData":                       {"TopicData", "ARRAY[struct TopicProduceData]", "4B + elements"},
		"TopicData.PartitionData.Records": {"Records", "RECORDS", "4B + n"},
	} {
		if c := cells[path]; len(c) < 3 || c[1] != w[1] || c[2] != w[2] {
			t.Errorf("%s: %q, want %q", path, c, w)
		}
	}
	// ApiVersions v3's response: header v0 (the exception), and the body's
	// tagged fields last, by tag, each with its tag and default.
	order, cells = tableRows(t, render(t, &SchemaTable{API: "ApiVersions", Version: 3, Dir: schema.Response}))
	if order[1] != "header v0" {
		t.Errorf("ApiVersions response header: %q", order[1])
	}
	var tagged []string
	for _, p := range order {
		if c := cells[p]; len(c) == 8 && c[5] != "" {
			tagged = append(tagged, p+"="+c[5])
		}
	}
	if strings.Join(tagged, " ") != "SupportedFeatures=0 FinalizedFeaturesEpoch=1 FinalizedFeatures=2 ZkMigrationReady=3" {
		t.Errorf("tagged fields: %q", tagged)
	}
	if c := cells["FinalizedFeaturesEpoch"]; c[1] != "INT64" || c[2] != "var + var + 8B" || c[3] != "-1" {
		t.Errorf("FinalizedFeaturesEpoch: %q", c)
	}
	if last := order[len(order)-1]; last != "ZkMigrationReady" {
		t.Errorf("the last row is %q", last)
	}
}

func TestSchemaTableEveryBodyFieldIsDescribed(t *testing.T) {
	// Every field of the newest version of every API has a meaning in its row.
	for _, a := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			vs := a.Versions(dir)
			if len(vs) == 0 {
				continue
			}
			for _, r := range wireRows(a, dir, vs[len(vs)-1]) {
				if r.desc == "" {
					t.Errorf("%s %s v%d: %s has no meaning", a.Name, dir, vs[len(vs)-1], r.path)
				}
				if !r.group && (r.wireType == "" || r.size == "") {
					t.Errorf("%s %s: %s lacks a wire type or size: %+v", a.Name, dir, r.path, r)
				}
			}
		}
	}
}
