package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
)

// Where a node is: its id (the child indexes from the root), its value path
// (which the codec gives, see message.ChildPath), its data-path attribute and
// its breadcrumb; and the way back from an id, a byte or a path to a node.

// NodeInfo is what the UI derives once per layout: a stable id (child index
// path), the value path for editing, and the breadcrumb.
type NodeInfo struct {
	ID     string
	Path   string // message.Path as text ("body.Topics.0.Name"), "" for wire-level nodes
	Data   string // data-path: the value path, or the parent's path plus "@name" for wire-level nodes
	Crumb  string
	Parent *layout.Node
}

// childData is the data-path attribute of child c: its value path, or the
// parent's data plus "@name" for a node with none.
func childData(parentData, path string, c *layout.Node) string {
	if path != "" {
		return path
	}
	return parentData + "@" + c.Name
}

// childCrumb is the breadcrumb of child c, whose parent's crumb is crumb
// and whose value path is path: the path as users see it everywhere
// (message.Path.Display: Topics[0].PartitionIndexes[1], header.ClientId),
// or, for a node that is not a value (a length, a tag count), its parent's
// crumb and its name.
func childCrumb(crumb, path string, c *layout.Node) string {
	if path != "" {
		return message.DisplayPath(path)
	}
	return join2(crumb, c.Name)
}

// chain is the path from the root to n, with the child index of each step,
// or nil when n is not in the tree. The search only enters subtrees whose
// span can hold n, so it costs about depth times fan-out, not the tree.
func (p *Pane) chain(n *layout.Node) (nodes []*layout.Node, idx []int) {
	if p.Decoded == nil || n == nil {
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
	if find(p.Decoded.Tree) {
		return nodes, idx
	}
	// A node outside its parent's span is still found, the slow way.
	prune, nodes, idx = false, nodes[:0], idx[:0]
	if find(p.Decoded.Tree) {
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
		path, pass = message.ChildPath(pass, c)
		data = childData(data, path, c)
		crumb = childCrumb(crumb, path, c)
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
	if p.Decoded == nil {
		return nil
	}
	return nodeByID(p.Decoded.Tree, id)
}

// nodeByID is the node of the tree under root with id (child indices from
// root, "0.2.1"), building lazy children on the way; nil when there is none.
func nodeByID(root *layout.Node, id string) *layout.Node {
	parts := strings.Split(id, ".")
	if root == nil || parts[0] != "0" {
		return nil
	}
	n := root
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
	if p.Decoded == nil || off < 0 || off >= len(p.Bytes()) {
		return nil
	}
	path := p.Decoded.Tree.Deepest(0, off)
	if len(path) == 0 {
		return nil
	}
	return path[len(path)-1]
}

func join2(a, b string) string {
	if a == "" {
		return b
	}
	return a + " > " + b
}

// byPath is the node whose value path is path or, when that is gone (a
// removed element), the nearest node above it that has a path.
func (p *Pane) byPath(path string) *layout.Node {
	if p.Decoded == nil {
		return nil
	}
	for mp := message.ParsePath(path); len(mp) > 0; mp = mp[:len(mp)-1] {
		if n := message.FindNode(p.Decoded.Tree, mp); n != nil {
			return n
		}
	}
	return nil
}
