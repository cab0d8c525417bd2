package layout

// Arena hands out nodes and child slices from large blocks, so a decode of
// a big frame makes a few hundred allocations instead of one per node.
// The zero value is ready to use.
type Arena struct {
	nodes []Node
	kids  []*Node
	// block is the size of the next block: it starts small, so a tiny frame
	// costs little, and doubles up to maxBlock.
	block int
}

const (
	minBlock = 8
	maxBlock = 1024
)

func (a *Arena) grow() int {
	a.block = min(max(minBlock, 2*a.block), maxBlock)
	return a.block
}

// New returns a zeroed node.
func (a *Arena) New() *Node {
	if a == nil {
		return &Node{}
	}
	if len(a.nodes) == 0 {
		a.nodes = make([]Node, a.grow())
	}
	n := &a.nodes[0]
	a.nodes = a.nodes[1:]
	return n
}

// Kids returns an empty child slice with room for n children. Appending
// more than n is safe: append then copies the slice elsewhere.
func (a *Arena) Kids(n int) []*Node {
	if a == nil || n > maxBlock/4 {
		return make([]*Node, 0, n)
	}
	if len(a.kids) < n {
		a.kids = make([]*Node, max(n, 4*a.block))
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
