package ui

import (
	"html"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/versiondiff"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// compareView renders the compare view of api for the pair in frag, as the
// server pre-renders it (the path and fragment come from the URL).
func compareView(t *testing.T, api, frag string) (*Compare, string) {
	t.Helper()
	c := &Compare{}
	c.load("/"+api+"/compare", frag)
	require.NotNil(t, c.api, api)
	return c, render(t, c)
}

// sideHTML is the HTML of one side (from/to) of one direction of a rendered view.
func sideHTML(t *testing.T, html string, dir schema.Direction, role string) string {
	t.Helper()
	i := strings.Index(html, `data-dir="`+dir.String()+`"`)
	require.GreaterOrEqual(t, i, 0, "no %s section", dir)
	sec := html[i:]
	if j := strings.Index(sec[1:], `data-dir="`); j >= 0 {
		sec = sec[:j+1]
	}
	k := strings.Index(sec, `data-side="`+role+`"`)
	require.GreaterOrEqual(t, k, 0, "no %s side", role)
	side := sec[k:]
	if j := strings.Index(side[1:], `data-side="`); j >= 0 {
		side = side[:j+1]
	}
	return side
}

// treeRow finds the tree row of path in a side's HTML and its attributes.
func treeRow(side, path string) (row string, ok bool) {
	m := regexp.MustCompile(`<div [^>]*data-path="` + regexp.QuoteMeta(path) + `"[^>]*>`).FindString(side)
	return m, m != ""
}

// fieldNode finds the first node of path (field names from the body down) in a frame's tree.
func fieldNode(tree *layout.Node, path string) *layout.Node {
	var body *layout.Node
	for _, k := range tree.Kids() {
		if k.Key == "body" {
			body = k
		}
	}
	var find func(n *layout.Node, prefix string) *layout.Node
	find = func(n *layout.Node, prefix string) *layout.Node {
		for _, c := range n.Kids() {
			p := prefix
			if c.Key != "" && !isIndex(c.Key) {
				p = strings.TrimPrefix(prefix+"."+c.Key, ".")
			}
			if p == path && p != prefix {
				return c
			}
			if r := find(c, p); r != nil {
				return r
			}
		}
		return nil
	}
	if body == nil {
		return nil
	}
	return find(body, "")
}

// TestCompareFetch6To7MarksTheSessionFields: Fetch v7 added SessionId and
// SessionEpoch to the request; v7's tree marks both, v6's has neither, and
// each mark's bytes are its node's.
func TestCompareFetch6To7MarksTheSessionFields(t *testing.T) {
	c, html := compareView(t, "Fetch", "from=6&to=7")
	assert.Equal(t, ComparePair{From: 6, To: 7}, c.pair)
	newer := sideHTML(t, html, schema.Request, "to")
	older := sideHTML(t, html, schema.Request, "from")
	for _, f := range []string{"SessionId", "SessionEpoch"} {
		row, ok := treeRow(newer, f)
		require.True(t, ok, "v7 request tree has no %s row", f)
		assert.Contains(t, row, `data-change="added"`, f)
		assert.Contains(t, row, "mk-added", f)
		_, ok = treeRow(older, f)
		assert.False(t, ok, "v6 request tree shows %s", f)
	}
	// The rows that are not changes are not marked.
	row, ok := treeRow(newer, "MaxWaitMs")
	require.True(t, ok)
	assert.NotContains(t, row, "data-change")

	d := c.dirs[schema.Request]
	assertMarksAreNodes(t, d.New, []string{"SessionId", "SessionEpoch"})
	assert.Empty(t, d.Old.Marks, "v6 loses no field to v7")
	assert.Contains(t, diffSummaryText(t, html, schema.Request), "added (int32) SessionId")
}

// Fetch v18's request adds HighWatermark as a tagged field: the list
// says so, which is why the minimal frames are the same size.
func TestCompareSaysAnAddedFieldIsTagged(t *testing.T) {
	_, html := compareView(t, "Fetch", "from=17&to=18")
	assert.Contains(t, diffSummaryText(t, html, schema.Request), "added (int64, tagged (tag 1)) Topics.Partitions.HighWatermark")
}

// TestCompareMetadata9To10MarksTopicIdInTheResponse: Metadata v10 adds
// TopicId to each topic of the response.
func TestCompareMetadata9To10MarksTopicIdInTheResponse(t *testing.T) {
	c, html := compareView(t, "Metadata", "from=9&to=10")
	row, ok := treeRow(sideHTML(t, html, schema.Response, "to"), "Topics.TopicId")
	require.True(t, ok, "no Topics.TopicId row in the v10 response")
	assert.Contains(t, row, `data-change="added"`)
	assertMarksAreNodes(t, c.dirs[schema.Response].New, []string{"Topics.TopicId"})
	n := fieldNode(c.dirs[schema.Response].New.Tree, "Topics.TopicId")
	assert.Equal(t, 16, n.End-n.Off, "a uuid is 16 bytes")
}

// TestCompareProduce8To9ShowsFlexibleAndHeader: Produce v9 is the first
// flexible version, with request header v2 (v1 before).
func TestCompareProduce8To9ShowsFlexibleAndHeader(t *testing.T) {
	_, html := compareView(t, "Produce", "from=8&to=9")
	sum := diffSummaryText(t, html, schema.Request)
	assert.Contains(t, sum, "encoding: classic → flexible")
	assert.Contains(t, sum, "request header: v1 → v2")
	assert.Regexp(t, `minimal frame: \d+ → \d+ bytes`, sum)
	resp := diffSummaryText(t, html, schema.Response)
	assert.Contains(t, resp, "response header: v0 → v1")
}

// TestCompareRemovedFieldsMarkTheOlderSide: a field a later version drops is
// marked in the earlier version's tree and bytes. Reversing the pair turns
// Fetch's added session fields into removed ones on the v7 side.
func TestCompareRemovedFieldsMarkTheOlderSide(t *testing.T) {
	c, html := compareView(t, "Fetch", "from=7&to=6")
	row, ok := treeRow(sideHTML(t, html, schema.Request, "from"), "SessionEpoch")
	require.True(t, ok)
	assert.Contains(t, row, `data-change="removed"`)
	assertMarksAreNodes(t, c.dirs[schema.Request].Old, []string{"SessionId", "SessionEpoch"})
	assert.Empty(t, c.dirs[schema.Request].New.Marks)
}

// assertMarksAreNodes checks that each path has a mark whose span is the
// node's, and that exactly the marks' bytes are marked in the grid.
func assertMarksAreNodes(t *testing.T, s *CompareSide, paths []string) {
	t.Helper()
	for _, p := range paths {
		n := fieldNode(s.Tree, p)
		require.NotNil(t, n, "no node %s", p)
		m, ok := s.ByPath[p]
		require.True(t, ok, "no mark for %s", p)
		assert.Equal(t, [2]int{n.Off, n.End}, [2]int{m.Off, m.End}, "mark span of %s", p)
	}
	want := map[int]bool{}
	for _, m := range s.Marks {
		for i := m.Off; i < m.End; i++ {
			want[i] = true
		}
	}
	grid := compareGridHTML(s)
	cells := regexp.MustCompile(`<span class="b r\d+( mk-\w+" data-change="[a-z ]+)?" data-off="(\d+)">`).FindAllStringSubmatch(grid, -1)
	require.Len(t, cells, len(s.Bytes), "one cell per byte")
	for _, c := range cells {
		off, _ := strconv.Atoi(c[2])
		assert.Equal(t, want[off], c[1] != "", "byte %d marked", off)
	}
}

func diffSummaryText(t *testing.T, html string, dir schema.Direction) string {
	t.Helper()
	i := strings.Index(html, `data-compare="`+dir.String()+`"`)
	require.GreaterOrEqual(t, i, 0)
	j := strings.Index(html[i:], "</ul>")
	require.Greater(t, j, 0)
	text := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(html[i:i+j], " ")
	return strings.Join(strings.Fields(text), " ")
}

// TestComparePairDefaultsAndFragment: no fragment is the newest two
// versions; a version the API lacks falls back; the fragment round-trips.
func TestComparePairDefaultsAndFragment(t *testing.T) {
	fetch := schema.ByName("Fetch")
	vs := fetch.Versions(schema.Request)
	def := ParsePair(fetch, "")
	assert.Equal(t, ComparePair{From: vs[len(vs)-2], To: vs[len(vs)-1]}, def)
	assert.Equal(t, def, ParsePair(fetch, "from=999&to=x"))
	p := ComparePair{From: 4, To: 11, Example: true}
	assert.Equal(t, p, ParsePair(fetch, p.Fragment()))
	assert.Nil(t, ParseComparePath("/NoSuchApi/compare"))
	assert.Equal(t, ComparePair{}, ParsePair(nil, "from=1&to=2"), "no API, no versions")

	// The versions the link names that the API has not are said.
	assert.Equal(t, "Fetch has no such version as the link's from=999 and to=x (it has v0 to v18): the default is shown in its place.", UnknownVersions(fetch, "from=999&to=x"))
	assert.Equal(t, "", UnknownVersions(fetch, p.Fragment()))
	assert.Equal(t, "", UnknownVersions(fetch, ""))
	c := &Compare{}
	c.load(ComparePath(fetch), "from=99&to=abc")
	assert.Equal(t, def, c.pair)
	assert.Contains(t, c.unknown, "from=99 and to=abc")
	c.load(ComparePath(fetch), "from=4&to=11")
	assert.Empty(t, c.unknown)
	assert.Equal(t, fetch, ParseComparePath(ComparePath(fetch)))
}

// TestCompareIsListedForTheSite: every API's compare view is a page of the
// static site, pre-rendered by the handler with its default pair, and each
// version page links to it with its version and the one before.
func TestCompareIsListedForTheSite(t *testing.T) {
	paths := map[string]bool{}
	for _, p := range Paths() {
		paths[p] = true
	}
	for _, a := range schema.APIs() {
		assert.True(t, paths[ComparePath(a)], a.Name)
	}
	Register()
	srv := httptest.NewServer(NewHandler(Config{Base: "/", Version: "test"}))
	defer srv.Close()
	get := func(p string) string {
		res, err := http.Get(srv.URL + p)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode, p)
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return html.UnescapeString(string(b))
	}
	produce := schema.ByName("Produce")
	def := DefaultPair(produce)
	page := get("/Produce/compare")
	// go-app writes an element's attributes in map order, so each side's tag
	// is found first and its version read from it.
	for side, v := range map[string]int16{"to": def.To, "from": def.From} {
		tag := regexp.MustCompile(`<[^>]*data-side="` + side + `"[^>]*>`).FindString(page)
		assert.Contains(t, tag, `data-version="`+strconv.Itoa(int(v))+`"`, side)
	}
	assert.Contains(t, page, `data-compare="request"`)
	// The default pair's marks are in the pre-rendered HTML, as many in the
	// grids and trees as the model has bytes and nodes.
	want := 0
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		d := BuildCompare(produce, dir, def)
		for _, s := range []*CompareSide{d.Old, d.New} {
			want += len(s.Marks)
			for _, ch := range s.Marked {
				if ch != "" {
					want++
				}
			}
		}
	}
	require.NotZero(t, want, "Produce's newest two versions differ in fields")
	assert.Equal(t, want, strings.Count(page, `data-change="`))
	assert.Contains(t, get("/Fetch/v7"), `href="/Fetch/compare#from=6&to=7"`)
	assert.Contains(t, get("/NoSuchApi/compare"), "Not a Kafka API")
	assert.Contains(t, app.HTMLString(compareLink(schema.ByName("Fetch"), 0)), `#from=0&to=1"`, "the first version compares with the next")
}

// TestCompareExampleMarksTheExample: with the example switched on, both
// sides are the realistic example and the added fields are still marked.
func TestCompareExampleMarksTheExample(t *testing.T) {
	c, _ := compareView(t, "Metadata", "from=9&to=10&ex")
	require.True(t, c.pair.Example)
	s := c.dirs[schema.Response].New
	m, ok := s.ByPath["Topics.TopicId"]
	require.True(t, ok)
	require.GreaterOrEqual(t, m.Off, 0, "the example has a topic")
	assertMarksAreNodes(t, s, []string{"Topics.TopicId"})
	assert.Equal(t, versiondiff.Added, m.Change)
}

// TestCompareEveryStepMarksItsFields: for every API, every step from one
// version to the next in both directions compares without error, and every
// field added (removed) that has a node in the newer (older) minimal
// instance is marked over exactly that node's bytes.
func TestCompareEveryStepMarksItsFields(t *testing.T) {
	steps, marked := 0, 0
	for _, a := range schema.APIs() {
		vs := a.Versions(schema.Request)
		for i := 1; i < len(vs); i++ {
			p := ComparePair{From: vs[i-1], To: vs[i]}
			for _, dir := range []schema.Direction{schema.Request, schema.Response} {
				d := BuildCompare(a, dir, p)
				if d.Err != "" || d.Old.Notice != "" || d.New.Notice != "" {
					t.Errorf("%s %s v%d→v%d: %q %q %q", a.Name, dir, p.From, p.To, d.Err, d.Old.Notice, d.New.Notice)
					continue
				}
				steps++
				for _, fc := range d.Diff.Fields {
					side := d.New
					switch fc.Change {
					case versiondiff.Removed:
						side = d.Old
					case versiondiff.Added:
					default:
						continue
					}
					n := fieldNode(side.Tree, fc.Path)
					if n == nil {
						continue // inside an empty array or an absent tagged field
					}
					m := side.ByPath[fc.Path]
					if m.Change != fc.Change || m.Off != n.Off || m.End != n.End {
						t.Errorf("%s %s v%d→v%d %s: mark %+v, node [%d,%d)", a.Name, dir, p.From, p.To, fc.Path, m, n.Off, n.End)
					}
					marked++
				}
			}
		}
	}
	t.Logf("%d steps compared, %d added or removed fields marked", steps, marked)
	require.Greater(t, marked, 100)
}
