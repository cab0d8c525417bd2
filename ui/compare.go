package ui

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/versiondiff"
)

// The compare view has one route per API, /{ApiName}/compare: a page per
// pair of versions would multiply the static site's pages by the versions.
// The two versions and the instance shown ride in the fragment
// (#from=6&to=7, "&ex" for the example), so the pre-rendered page is the
// default pair, the newest two versions.

// compareRoute matches /{ApiName}/compare.
var compareRoute = regexp.MustCompile(`^/([A-Za-z]+)/compare$`)

// ComparePath is the path of api's compare view, without the site's prefix.
func ComparePath(a *schema.API) string { return "/" + a.Name + "/compare" }

// ParseComparePath reads /{ApiName}/compare; nil when the API does not exist.
func ParseComparePath(p string) *schema.API {
	m := compareRoute.FindStringSubmatch(p)
	if m == nil {
		return nil
	}
	return schema.ByName(m[1])
}

// ComparePair is what the compare view shows: two versions of an API and
// which instance of each.
type ComparePair struct {
	From, To int16
	Example  bool // the realistic example instead of the minimal instance
}

// DefaultPair is the newest two request versions of api (one version: that one twice).
func DefaultPair(a *schema.API) ComparePair {
	if a == nil {
		return ComparePair{}
	}
	vs := a.Versions(schema.Request)
	switch len(vs) {
	case 0:
		return ComparePair{}
	case 1:
		return ComparePair{From: vs[0], To: vs[0]}
	}
	return ComparePair{From: vs[len(vs)-2], To: vs[len(vs)-1]}
}

// Fragment is the URL fragment that carries the pair.
func (p ComparePair) Fragment() string {
	f := "from=" + strconv.Itoa(int(p.From)) + "&to=" + strconv.Itoa(int(p.To))
	if p.Example {
		f += "&ex"
	}
	return f
}

// ParsePair reads a fragment written by Fragment. A version api does not
// have, or a fragment that names none, leaves that side at its default.
func ParsePair(a *schema.API, frag string) ComparePair {
	p := DefaultPair(a)
	if a == nil {
		return p
	}
	for _, part := range strings.Split(frag, "&") {
		k, val, _ := strings.Cut(part, "=")
		n, err := strconv.Atoi(val)
		ok := err == nil && n >= 0 && n < 1000 && a.Def(schema.Request, int16(n)) != nil
		switch {
		case k == "from" && ok:
			p.From = int16(n)
		case k == "to" && ok:
			p.To = int16(n)
		case k == "ex":
			p.Example = true
		}
	}
	return p
}

// UnknownVersions says which versions frag names that api does not have,
// and so were left at their defaults (ParsePair); "" when there are none.
func UnknownVersions(a *schema.API, frag string) string {
	if a == nil {
		return ""
	}
	var bad []string
	for _, part := range strings.Split(frag, "&") {
		k, val, _ := strings.Cut(part, "=")
		if k != "from" && k != "to" {
			continue
		}
		if n, err := strconv.Atoi(val); err != nil || n < 0 || n >= 1000 || a.Def(schema.Request, int16(n)) == nil {
			bad = append(bad, k+"="+val)
		}
	}
	if len(bad) == 0 {
		return ""
	}
	vs := a.Versions(schema.Request)
	return fmt.Sprintf("%s has no such version as the link's %s (it has v%d to v%d): the default is shown in its place.",
		a.Name, strings.Join(bad, " and "), vs[0], vs[len(vs)-1])
}

// Mark is a field the compare view marks on one side: its change and the
// bytes of its node in that side's frame.
type Mark struct {
	Path     string
	Change   versiondiff.Change
	Off, End int
}

// CompareSide is one version of one message as the compare view shows it.
type CompareSide struct {
	Version int16
	Bytes   []byte
	Regions []byte
	Tree    *layout.Node
	Marks   []Mark               // the marked nodes, in wire order
	ByPath  map[string]Mark      // the first mark of each path (the field's change, even with no node)
	Marked  []versiondiff.Change // per byte: the change of the innermost marked node covering it, "" for none
	Notice  string               // why the instance is not shown in full
}

// CompareDir is one direction of the comparison: the diff and both sides.
type CompareDir struct {
	Dir      schema.Direction
	Diff     *versiondiff.Diff
	Err      string
	Old, New *CompareSide
}

// BuildCompare compares the request or response of api between the pair's
// versions, encoding the instance the pair asks for on each side.
func BuildCompare(a *schema.API, dir schema.Direction, p ComparePair) *CompareDir {
	c := &CompareDir{Dir: dir}
	err := safely(func() error {
		d, err := versiondiff.Between(a, dir, p.From, p.To)
		if err != nil {
			return err
		}
		c.Diff = d
		return nil
	})
	if err != nil {
		c.Err = err.Error()
	}
	old, nw := map[string]versiondiff.Change{}, map[string]versiondiff.Change{}
	if c.Diff != nil {
		for _, fc := range c.Diff.Fields {
			switch fc.Change {
			case versiondiff.Removed:
				old[fc.Path] = fc.Change
			case versiondiff.Added:
				nw[fc.Path] = fc.Change
			case versiondiff.TypeChanged:
				old[fc.Path] = fc.Change
				nw[fc.Path] = fc.Change
			default:
				// Nullable, tagged and their opposites say what the field is
				// in the newer version: marked there.
				if _, seen := nw[fc.Path]; !seen {
					nw[fc.Path] = fc.Change
				}
			}
		}
	}
	c.Old = compareSide(a, dir, p.From, p.Example, old)
	c.New = compareSide(a, dir, p.To, p.Example, nw)
	return c
}

func compareSide(a *schema.API, dir schema.Direction, v int16, example bool, changes map[string]versiondiff.Change) *CompareSide {
	s := &CompareSide{Version: v, ByPath: map[string]Mark{}}
	err := safely(func() error {
		var m *message.Message
		if example {
			m = message.Example(a, v, dir)
		} else {
			m = message.Minimal(a, v, dir)
		}
		d, err := frame.Build(m)
		if d == nil {
			return err
		}
		if err != nil {
			s.Notice = err.Error()
		}
		s.Bytes = d.Bufs[0]
		s.Tree = d.Tree
		s.Regions = Regions(d.Tree, 0, len(s.Bytes))
		return nil
	})
	if err != nil {
		s.Notice = err.Error()
		return s
	}
	s.Marked = make([]versiondiff.Change, len(s.Bytes))
	for _, n := range s.Tree.Kids() {
		if n.Key == "body" {
			s.mark(n, "", changes)
		}
	}
	// A field with no node in this instance (inside an empty array) is
	// still a change of the version: kept with an empty span.
	for path, ch := range changes {
		if _, ok := s.ByPath[path]; !ok {
			s.ByPath[path] = Mark{Path: path, Change: ch, Off: -1, End: -1}
		}
	}
	return s
}

// mark walks the body's nodes, building each field's path as versiondiff
// writes it: field names from the body down, without element indices.
func (s *CompareSide) mark(n *layout.Node, path string, changes map[string]versiondiff.Change) {
	for _, c := range n.Kids() {
		p := path
		if c.Key != "" && !isIndex(c.Key) {
			if p != "" {
				p += "."
			}
			p += c.Key
			if ch, ok := changes[p]; ok && c.Buf == 0 && c.End > c.Off && c.End <= len(s.Bytes) {
				m := Mark{Path: p, Change: ch, Off: c.Off, End: c.End}
				s.Marks = append(s.Marks, m)
				if _, ok := s.ByPath[p]; !ok {
					s.ByPath[p] = m
				}
				for i := c.Off; i < c.End; i++ {
					s.Marked[i] = ch
				}
			}
		}
		s.mark(c, p, changes)
	}
}

// isIndex reports whether a node key is an array element's index.
func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
