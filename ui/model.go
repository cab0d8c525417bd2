package ui

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Pane is the state of one message (the request or the response) on a page:
// the last message that encoded, its frame and layout, and what the user has
// selected. Every codec call goes through it, guarded against panics.
type Pane struct {
	Dir     schema.Direction
	Msg     *message.Message // the last good message; edits apply to a clone of it
	Dec     *frame.Decoded   // its frame and layout tree
	Regions []byte           // layout.Region of every byte of the frame
	Gen     int              // bumped on every successful edit
	Changed []int            // [a, b) pairs: bytes the last edit changed
	Edited  bool             // differs from the minimal instance
	Err     string           // the last edit's error, shown beside the field
	ErrPath string           // the path that failed
	Notice  string           // a message about the pane as a whole (a shared link that did not decode)

	Sel *layout.Node // the selected node (click, keyboard or tree)
	Hov *layout.Node // the node under the pointer
	Cur int          // the keyboard cursor byte

	infos      map[*layout.Node]NodeInfo // Info of the nodes asked about
	bufRegions map[int][]byte            // regions of decompressed buffers shown
}

// NodeInfo is what the UI derives once per layout: a stable id (child index
// path), the value path for editing, and the breadcrumb.
type NodeInfo struct {
	ID     string
	Path   string // message.Path as text ("body.Topics.0.Name"), "" for wire-level nodes
	Data   string // data-path: the value path, or the parent's path plus "@name" for wire-level nodes
	Crumb  string
	Parent *layout.Node
}

// safely runs f and turns a panic into an error, so that no codec bug can kill the page.
func safely(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errors.New("internal error (please report): " + panicText(p))
		}
	}()
	return f()
}

func panicText(p any) string {
	switch x := p.(type) {
	case error:
		return x.Error()
	case string:
		return x
	}
	return "panic"
}

// NewPane builds the minimal instance of api at version v in direction dir.
func NewPane(api *schema.API, v int16, dir schema.Direction) *Pane {
	p := &Pane{Dir: dir, Cur: -1}
	err := safely(func() error {
		m := message.Minimal(api, v, dir)
		d, err := frame.Build(m)
		if err != nil {
			if d == nil {
				return err
			}
			p.Notice = err.Error()
		}
		p.Msg = m
		p.setDecoded(d)
		return nil
	})
	if err != nil {
		p.Notice = err.Error()
		p.setDecoded(&frame.Decoded{Bufs: [][]byte{nil}, Tree: &layout.Node{Name: api.Name}})
	}
	return p
}

// Restore replaces the pane's message with the one decoded from frame b.
// A frame that does not decode cleanly is shown as far as it went, with a
// notice; edits then start from the minimal instance.
func (p *Pane) Restore(b []byte) {
	if p.Msg == nil {
		return
	}
	api, v := p.Msg.API, p.Msg.Version
	perfMark("kw-decode-start")
	err := safely(func() error {
		d := frame.Decode(b, api, v, p.Dir)
		perfMark("kw-decode-end")
		if d.Err != nil {
			p.Notice = "the shared " + p.Dir.String() + " did not decode: " + d.Err.Error()
			p.setDecoded(d)
			return nil
		}
		p.Msg = d.Msg
		p.setDecoded(d)
		p.Edited = true
		return nil
	})
	if err != nil {
		p.Notice = err.Error()
	}
}

// Bytes is the frame.
func (p *Pane) Bytes() []byte {
	if p.Dec == nil || len(p.Dec.Bufs) == 0 {
		return nil
	}
	return p.Dec.Bufs[0]
}

func (p *Pane) setDecoded(d *frame.Decoded) {
	p.Dec = d
	p.Regions = Regions(d.Tree, 0, len(d.Bufs[0]))
	p.bufRegions = nil
	p.infos = nil
	p.Sel = nil
	p.Hov = nil
}

// Regions is the layout.Region of every byte of buffer buf (n bytes long)
// as the deepest node over it says. Each byte is written once: a node fills
// only the gaps its children leave, so the cost is linear in bytes plus
// nodes, not bytes times depth.
func Regions(tree *layout.Node, buf, n int) []byte {
	out := make([]byte, n)
	paintRegions(tree, buf, layout.RegionNone, out)
	return out
}

func paintRegions(n *layout.Node, buf int, inherited layout.Region, out []byte) {
	if n.Buf != buf {
		// A node of another buffer may still hold nodes of this one (a batch in
		// the frame holds its decompressed records).
		for _, c := range n.Children {
			paintRegions(c, buf, inherited, out)
		}
		return
	}
	reg := n.Region
	if reg == layout.RegionNone {
		reg = inherited
	}
	lo, hi := max(n.Off, 0), min(n.End, len(out))
	cur := lo
	for _, c := range n.Children {
		if c.Buf == buf && c.Off > cur && reg != layout.RegionNone {
			fill(out, cur, min(c.Off, hi), reg)
		}
		paintRegions(c, buf, reg, out)
		if c.Buf == buf {
			cur = max(cur, c.End)
		}
	}
	if reg != layout.RegionNone && cur < hi {
		fill(out, cur, hi, reg)
	}
}

func fill(b []byte, from, to int, r layout.Region) {
	for i := from; i < to; i++ {
		b[i] = byte(r)
	}
}

// BufRegions is the regions of decompressed buffer k, computed when first asked.
func (p *Pane) BufRegions(k int) []byte {
	if p.Dec == nil || k <= 0 || k >= len(p.Dec.Bufs) {
		return nil
	}
	if r, ok := p.bufRegions[k]; ok {
		return r
	}
	if p.bufRegions == nil {
		p.bufRegions = map[int][]byte{}
	}
	r := Regions(p.Dec.Tree, k, len(p.Dec.Bufs[k]))
	p.bufRegions[k] = r
	return r
}

// The value path of a node follows the Keys from the root: "header" and
// "body" start it, every keyed node adds its key ("Topics", "0",
// "records.3"). A keyless node (a length, a tag count, the compressed
// payload of a batch) has no path of its own, but hands its parent's path
// on to its children, so records inside a compressed batch are still named
// by body...Records.0.records.3.

// childPath is the value path of child c of a node whose children inherit path.
func childPath(path string, c *layout.Node) string {
	switch {
	case c.Key == "":
		return ""
	case path == "" && c.Key != "header" && c.Key != "body":
		return ""
	}
	return join(path, c.Key)
}

// passPath is the path c hands on to its children.
func passPath(path string, c *layout.Node) string {
	if c.Key == "" {
		return path
	}
	return childPath(path, c)
}

// childData is the data-path attribute of child c: its value path, or the
// parent's data plus "@name" for a node with none.
func childData(parentData, path string, c *layout.Node) string {
	if path != "" {
		return path
	}
	return parentData + "@" + c.Name
}

// childCrumb is the breadcrumb of child c of parent n, whose crumb is crumb.
func childCrumb(crumb string, n, c *layout.Node) string {
	switch {
	case c.Key == "header":
		return c.Name
	case c.Key == "body":
		return ""
	case isIndex(c.Key):
		// Elements read as Topics[0], not TopicRequest[0].
		return replaceLast(crumb, n.Name, n.Name+"["+c.Key+"]")
	}
	return join2(crumb, c.Name)
}

// chain is the path from the root to n, with the child index of each step,
// or nil when n is not in the tree. The search only enters subtrees whose
// span can hold n, so it costs about depth times fan-out, not the tree.
func (p *Pane) chain(n *layout.Node) (nodes []*layout.Node, idx []int) {
	if p.Dec == nil || n == nil {
		return nil, nil
	}
	prune := true
	var find func(c *layout.Node) bool
	find = func(c *layout.Node) bool {
		nodes = append(nodes, c)
		if c == n {
			return true
		}
		for i, k := range c.Children {
			if prune && (k.Buf == n.Buf && (n.Off < k.Off || n.End > k.End) || k.Buf != n.Buf && k.Buf != 0) {
				continue
			}
			idx = append(idx, i)
			if find(k) {
				return true
			}
			idx = idx[:len(idx)-1]
		}
		nodes = nodes[:len(nodes)-1]
		return false
	}
	if find(p.Dec.Tree) {
		return nodes, idx
	}
	// A node outside its parent's span is still found, the slow way.
	prune, nodes, idx = false, nodes[:0], idx[:0]
	if find(p.Dec.Tree) {
		return nodes, idx
	}
	return nil, nil
}

// Info returns what the pane knows of node n: computed from the root down
// when first asked, and kept until the layout changes. Nothing is computed
// per node of the tree up front: a 1 MiB frame has a hundred thousand.
func (p *Pane) Info(n *layout.Node) NodeInfo {
	if info, ok := p.infos[n]; ok {
		return info
	}
	nodes, idx := p.chain(n)
	if nodes == nil {
		return NodeInfo{}
	}
	id := make([]byte, 0, 4*len(idx)+1)
	id = append(id, '0')
	path, pass, data, crumb := "", "", "@"+nodes[0].Name, ""
	for i, c := range nodes[1:] {
		id = append(id, '.')
		id = strconv.AppendInt(id, int64(idx[i]), 10)
		path = childPath(pass, c)
		data = childData(data, path, c)
		crumb = childCrumb(crumb, nodes[i], c)
		pass = passPath(pass, c)
	}
	info := NodeInfo{ID: string(id), Path: path, Data: data, Crumb: crumb}
	if len(nodes) > 1 {
		info.Parent = nodes[len(nodes)-2]
	}
	if p.infos == nil || len(p.infos) > 64 {
		p.infos = map[*layout.Node]NodeInfo{}
	}
	p.infos[n] = info
	return info
}

// Node returns the node with id (child indices from the root, "0.2.1"), or nil.
func (p *Pane) Node(id string) *layout.Node {
	if p.Dec == nil || id == "" {
		return nil
	}
	parts := strings.Split(id, ".")
	if parts[0] != "0" {
		return nil
	}
	n := p.Dec.Tree
	for _, s := range parts[1:] {
		i, err := strconv.Atoi(s)
		kids := n.Kids()
		if err != nil || i < 0 || i >= len(kids) {
			return nil
		}
		n = kids[i]
	}
	return n
}

// At is the deepest node holding byte off of the frame, or nil.
func (p *Pane) At(off int) *layout.Node {
	if p.Dec == nil || off < 0 || off >= len(p.Bytes()) {
		return nil
	}
	path := p.Dec.Tree.Deepest(0, off)
	if len(path) == 0 {
		return nil
	}
	return path[len(path)-1]
}

// Edit applies op to a clone of the message and re-encodes it. On success the
// pane shows the new frame and remembers which bytes changed; on failure it
// keeps the last good frame and records the error for the field at path.
func (p *Pane) Edit(op, path, text string) bool {
	if p.Msg == nil {
		return false
	}
	selID := ""
	if p.Sel != nil {
		selID = p.Info(p.Sel).ID
	}
	var d *frame.Decoded
	var next *message.Message
	err := safely(func() error {
		m := p.Msg.Clone()
		mp := message.ParsePath(path)
		var err error
		switch op {
		case "set":
			err = m.SetText(mp, text)
		case "null":
			err = m.SetNull(mp)
		case "present":
			err = m.SetPresent(mp)
		case "append":
			if n, ok := recordsLen(m, mp); ok {
				err = m.InsertElement(mp, n)
				break
			}
			_, v, _, ferr := m.Field(mp)
			if ferr != nil {
				return ferr
			}
			arr, _ := v.([]any)
			err = m.InsertElement(mp, len(arr))
		case "sethex":
			b, herr := parseHex(text)
			if herr != nil {
				return herr
			}
			err = m.SetRecordBytes(mp, b)
		case "empty":
			err = m.SetRecordBytes(mp, []byte{})
		case "addbatch":
			err = addBatch(m, mp)
		case "duplicate":
			err = m.DuplicateElement(mp)
		case "remove":
			err = m.RemoveElement(mp)
		case "addtag":
			err = m.AddTagged(mp, text)
		case "rmtag":
			err = m.RemoveTagged(mp, text)
		default:
			err = errors.New("unknown edit " + op)
		}
		if err != nil {
			return err
		}
		d, err = frame.Build(m)
		if err != nil {
			return err
		}
		next = m
		return nil
	})
	if err != nil {
		p.Err, p.ErrPath = err.Error(), path
		return false
	}
	old := p.Bytes()
	p.Msg = next
	p.setDecoded(d)
	p.Changed = diff(old, p.Bytes())
	p.Gen++
	p.Err, p.ErrPath, p.Notice = "", "", ""
	p.Edited = true
	// Keep the selection on the same node id when it still exists, else on the edited field.
	p.Sel = p.Node(selID)
	if op == "remove" || p.Sel == nil {
		p.Sel = p.byPath(path)
	}
	return true
}

// Reset brings back the minimal instance.
func (p *Pane) Reset() {
	if p.Msg == nil {
		return
	}
	n := NewPane(p.Msg.API, p.Msg.Version, p.Dir)
	old := p.Bytes()
	gen := p.Gen
	*p = *n
	p.Changed = diff(old, p.Bytes())
	p.Gen = gen + 1
}

func (p *Pane) byPath(path string) *layout.Node {
	for path != "" {
		if n := p.findPath(path); n != nil {
			return n
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return nil
}

// findPath is the node whose value path is path, entering only the subtrees
// whose path leads there.
func (p *Pane) findPath(path string) *layout.Node {
	if p.Dec == nil {
		return nil
	}
	var find func(n *layout.Node, pass string) *layout.Node
	find = func(n *layout.Node, pass string) *layout.Node {
		for _, c := range n.Kids() {
			cp := childPath(pass, c)
			if cp == path {
				return c
			}
			next := passPath(pass, c)
			if next != "" && next != path && !strings.HasPrefix(path, next+".") {
				continue
			}
			if r := find(c, next); r != nil {
				return r
			}
		}
		return nil
	}
	return find(p.Dec.Tree, "")
}

// diff lists the bytes of b that differ from a as [from, to) pairs: bytes
// are compared in place from the front, and the common tail is aligned from
// the back, so an insertion marks only itself and the lengths it changed.
func diff(a, b []byte) []int {
	tail := 0
	for tail < len(a) && tail < len(b) && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	// The tail must not swallow the front: a growing frame still changes its size prefix.
	limit := len(b) - tail
	var out []int
	for i := 0; i < limit; i++ {
		if i < len(a) && a[i] == b[i] {
			continue
		}
		if n := len(out); n > 0 && out[n-1] == i {
			out[n-1] = i + 1
		} else {
			out = append(out, i, i+1)
		}
	}
	return out
}

// EditorInfo describes how the selected node can be edited.
type EditorInfo struct {
	Path     string   // value path; "" when the node is wire-level (computed from the value)
	Type     string   // schema type of the value
	Kind     string   // "scalar", "bool", "array", "element", "struct", "records", "wire"
	Text     string   // the value as the editor writes it
	Nullable bool     // may be set to null
	Null     bool     // is null
	Elem     bool     // is an array element (duplicate, remove)
	Tags     []string // tagged fields the struct may carry
	TagsOn   []bool   // which of them it carries
	Tagged   bool     // the node is itself a tagged field
	Bits     int      // width of a number inside records
	Hex      bool     // a key, value or header part that is not UTF-8: edited as hex
}

// Editor describes the editing controls for node n.
func (p *Pane) Editor(n *layout.Node) EditorInfo {
	info := p.Info(n)
	if info.Path == "" || p.Msg == nil {
		return EditorInfo{Kind: "wire"}
	}
	var e EditorInfo
	_ = safely(func() error {
		e = p.editor(info.Path)
		return nil
	})
	return e
}

func (p *Pane) editor(path string) EditorInfo {
	e := EditorInfo{Path: path}
	mp := message.ParsePath(path)
	if len(mp) == 1 {
		e.Kind, e.Type = "struct", path
		e.Tags, e.TagsOn = p.tags(mp)
		return e
	}
	if re, ok, err := p.Msg.RecordsEditable(mp); ok {
		if err != nil {
			return EditorInfo{Kind: "wire"}
		}
		return recordsEditor(path, re)
	}
	f, v, elem, err := p.Msg.Field(mp)
	if err != nil {
		return EditorInfo{Kind: "wire"}
	}
	e.Elem = elem
	e.Type = f.Type
	if !elem {
		e.Nullable = f.Nullable.Has(p.version(mp))
		e.Tagged = f.Tagged.Has(p.version(mp))
	}
	e.Null = v == nil
	switch {
	case f.IsArray() && !elem:
		e.Kind = "array"
	case f.IsStruct():
		e.Kind = "struct"
		if elem {
			e.Kind = "element"
		}
		if !e.Null {
			e.Tags, e.TagsOn = p.tags(mp)
		}
	default:
		typ := f.Type
		if elem {
			typ = f.Elem()
		}
		e.Type = typ
		e.Kind = "scalar"
		if typ == "bool" {
			e.Kind = "bool"
		}
		if typ == "records" {
			e.Kind = "records"
			e.Null = v == nil || v == (*records.Set)(nil)
		}
		e.Text = valueText(v)
	}
	return e
}

func (p *Pane) version(mp message.Path) int16 {
	if mp[0] == "header" {
		return schema.HeaderVersion(p.Msg.API, p.Msg.Version, p.Dir)
	}
	return p.Msg.Version
}

func (p *Pane) tags(mp message.Path) ([]string, []bool) {
	fs, on, err := p.Msg.TaggedFields(mp)
	if err != nil {
		return nil, nil
	}
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	return names, on
}

// valueText writes a value the way SetText reads it back.
func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(x)
	case int8:
		return strconv.Itoa(int(x))
	case int16:
		return strconv.Itoa(int(x))
	case uint16:
		return strconv.Itoa(int(x))
	case int32:
		return strconv.Itoa(int(x))
	case uint32:
		return strconv.FormatUint(uint64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return x
	case []byte:
		return hex.EncodeToString(x)
	case message.UUID:
		return x.String()
	}
	return ""
}

// Fragment is the URL fragment that reproduces the edited panes: the frames
// of the edited ones as unpadded base64url.
func Fragment(req, resp *Pane) string {
	var parts []string
	if req != nil && req.Edited {
		parts = append(parts, "req="+base64.RawURLEncoding.EncodeToString(req.Bytes()))
	}
	if resp != nil && resp.Edited {
		parts = append(parts, "resp="+base64.RawURLEncoding.EncodeToString(resp.Bytes()))
	}
	return strings.Join(parts, "&")
}

// ParseFragment reads the frames a fragment carries; a part that is not valid base64url is reported.
func ParseFragment(frag string) (req, resp []byte, err error) {
	for _, part := range strings.Split(frag, "&") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		b, derr := base64.RawURLEncoding.DecodeString(strings.TrimRight(v, "="))
		if derr != nil {
			err = errors.New("the link's " + k + " is not base64url")
			continue
		}
		switch k {
		case "req":
			req = b
		case "resp":
			resp = b
		}
	}
	return req, resp, err
}

// replaceLast swaps the last crumb (the array's name) for the element's name.
func replaceLast(crumb, last, with string) string {
	if crumb == last {
		return with
	}
	if strings.HasSuffix(crumb, " > "+last) {
		return crumb[:len(crumb)-len(last)] + with
	}
	return join2(crumb, with)
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + "." + b
}

func join2(a, b string) string {
	if a == "" {
		return b
	}
	return a + " > " + b
}

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
