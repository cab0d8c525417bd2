package layout

// Arena hands out nodes and child slices from large blocks, so a decode of
// a big frame makes a few hundred allocations instead of one per node.
// The zero value is ready to use.
type Arena struct {
	nodes []Node
	kids  []*Node
}

const arenaBlock = 1024

// New returns a zeroed node.
func (a *Arena) New() *Node {
	if a == nil {
		return &Node{}
	}
	if len(a.nodes) == 0 {
		a.nodes = make([]Node, arenaBlock)
	}
	n := &a.nodes[0]
	a.nodes = a.nodes[1:]
	return n
}

// Kids returns an empty child slice with room for n children. Appending
// more than n is safe: append then copies the slice elsewhere.
func (a *Arena) Kids(n int) []*Node {
	if a == nil || n > arenaBlock/4 {
		return make([]*Node, 0, n)
	}
	if len(a.kids) < n {
		a.kids = make([]*Node, arenaBlock)
	}
	k := a.kids[:0:n]
	a.kids = a.kids[n:]
	return k
}

// Attach appends a copy of proto to parent's children, taking both the node
// and room for the children from the arena.
func (a *Arena) Attach(parent *Node, proto Node) *Node {
	n := a.New()
	*n = proto
	if len(parent.Children) == cap(parent.Children) {
		k := a.Kids(max(4, 2*cap(parent.Children)))
		parent.Children = append(k, parent.Children...)
	}
	parent.Children = append(parent.Children, n)
	return n
}
