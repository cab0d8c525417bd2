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

	Sel   *layout.Node // the selected node (click, keyboard or tree)
	Hov   *layout.Node // the node under the pointer
	Cur   int          // the keyboard cursor byte
	index map[*layout.Node]NodeInfo
	byID  map[string]*layout.Node
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
	err := safely(func() error {
		d := frame.Decode(b, api, v, p.Dir)
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
	b := d.Bufs[0]
	p.Regions = make([]byte, len(b))
	d.Tree.Walk(func(n *layout.Node, _ int) bool {
		if n.Buf == 0 && n.Region != layout.RegionNone {
			for i := max(n.Off, 0); i < n.End && i < len(b); i++ {
				p.Regions[i] = byte(n.Region)
			}
		}
		return true
	})
	p.index = make(map[*layout.Node]NodeInfo)
	p.byID = make(map[string]*layout.Node)
	p.indexNode(d.Tree, nil, "0", "", "")
	p.Sel = nil
	p.Hov = nil
}

func (p *Pane) indexNode(n, parent *layout.Node, id, path, crumb string) {
	info := NodeInfo{ID: id, Parent: parent, Path: path, Crumb: crumb}
	switch {
	case path != "":
		info.Data = path
	case parent != nil:
		info.Data = p.index[parent].Data + "@" + n.Name
	default:
		info.Data = "@" + n.Name
	}
	p.index[n] = info
	p.byID[id] = n
	for i, c := range n.Children {
		cpath := ""
		if c.Key != "" && (path != "" || c.Key == "header" || c.Key == "body") {
			cpath = join(path, c.Key)
		}
		var ccrumb string
		switch {
		case c.Key == "header":
			ccrumb = c.Name
		case c.Key == "body":
			ccrumb = ""
		case isIndex(c.Key):
			// Elements read as Topics[0], not TopicRequest[0].
			ccrumb = replaceLast(crumb, n.Name, n.Name+"["+c.Key+"]")
		default:
			ccrumb = join2(crumb, c.Name)
		}
		p.indexNode(c, n, id+"."+strconv.Itoa(i), cpath, ccrumb)
	}
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

// Info returns what the pane knows of node n.
func (p *Pane) Info(n *layout.Node) NodeInfo { return p.index[n] }

// Node returns the node with id, or nil.
func (p *Pane) Node(id string) *layout.Node { return p.byID[id] }

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
		selID = p.index[p.Sel].ID
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
			_, v, _, ferr := m.Field(mp)
			if ferr != nil {
				return ferr
			}
			arr, _ := v.([]any)
			err = m.InsertElement(mp, len(arr))
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
	p.Sel = p.byID[selID]
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
		for n, info := range p.index {
			if info.Path == path {
				return n
			}
		}
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return nil
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
}

// Editor describes the editing controls for node n.
func (p *Pane) Editor(n *layout.Node) EditorInfo {
	info := p.index[n]
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
		}
		e.Text = valueText(v)
	}
	return e
}

func (p *Pane) version(mp message.Path) int16 {
	if mp[0] == "header" {
		return message.HeaderVersion(p.Msg.API, p.Msg.Version, p.Dir)
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

// Index is what the pane knows of every node of its layout.
func (p *Pane) Index() map[*layout.Node]NodeInfo { return p.index }
