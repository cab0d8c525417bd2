package layout

import (
	"sync"
	"unsafe"
	"weak"
)

// Arena hands out nodes and child slices from large blocks, so a decode of
// a big frame makes a few hundred allocations instead of one per node.
// The zero value is ready to use.
type Arena struct {
	// Share takes the arena's small blocks from chunks that every sharing
	// arena cuts its blocks from, and Done gives back what a decode left
	// unused, so a small frame costs the nodes it has rather than a block
	// sized by a guess. A chunk lives as long as any node in it, and those
	// nodes keep what they point to: share for trees decoded at once and
	// kept or dropped whole (a frame's), not for nodes built on demand and
	// dropped again (printing a big frame), whose chunks would keep one
	// another alive.
	Share bool
	// Pin, when set, is the pin of the decode this arena's nodes are part
	// of (records inside a frame), so that all of them come from one
	// epoch of the shared chunks; nil for an arena of its own decode.
	Pin   *Pin
	own   Pin
	nodes []Node
	kids  []*Node
	// block is the size of the next block: it starts small, so a tiny frame
	// costs little, and doubles up to maxBlock. first, when set (Expect),
	// is the first block's size; -1 once that block is made.
	block, first int
	// The blocks handed out so far, and how many of them are in use: Reset
	// starts over with the same blocks.
	nodeBlocks      [][]Node
	kidBlocks       [][]*Node
	usedN, usedKids int
}

// Reset makes every node and child slice the arena handed out free to hand
// out again, zeroed, so a caller that decodes many small frames and keeps
// none of their trees (Guess) reuses the same memory. Nothing the arena
// handed out before may be used after.
func (a *Arena) Reset() {
	// The last block in use is cleared only as far as it was handed out:
	// a tiny decode (Guess tries thousands) then clears a few nodes, not
	// the whole block.
	for i, b := range a.nodeBlocks[:a.usedN] {
		if i == a.usedN-1 {
			b = b[:len(b)-len(a.nodes)]
		}
		clear(b)
	}
	for i, b := range a.kidBlocks[:a.usedKids] {
		if i == a.usedKids-1 {
			b = b[:len(b)-len(a.kids)]
		}
		clear(b)
	}
	a.nodes, a.kids, a.usedN, a.usedKids = nil, nil, 0, 0
}

const (
	minBlock = 32
	maxBlock = 1024
)

// Expect sizes the arena's first block for a frame of size bytes, before
// it hands out any node. A small frame takes about one node for every two
// bytes and a few more (the 734 minimal messages: half of them at most 4
// more, nine in ten at most 10), so it gets one block of about the size it
// needs, and the few that need more a small second block, rather than a
// fixed first block they mostly leave unused, or two. A big frame lays much
// of itself out on demand: its first block is bounded.
func (a *Arena) Expect(size int) {
	if a.block == 0 {
		a.first = min(size/2+12, maxBlock/8)
	}
}

// SharePin is the pin the arena's shared blocks are taken with, for the
// other blocks of its decode (its values, its records) to be taken with
// too; nil when it does not share.
func (a *Arena) SharePin() *Pin {
	switch {
	case a == nil || !a.Share:
		return nil
	case a.Pin != nil:
		return a.Pin
	}
	return &a.own
}

// Done gives back the unused end of the arena's last blocks, when no
// other arena has taken a block since, so that the next decode takes its
// nodes from there. The arena stays usable: later nodes come from new blocks.
func (a *Arena) Done() {
	if a == nil || !a.Share {
		return
	}
	if a.usedN > 0 && sharedNodes.GiveBack(a.nodeBlocks[a.usedN-1], len(a.nodes)) {
		last := a.nodeBlocks[a.usedN-1]
		a.nodeBlocks[a.usedN-1] = last[:len(last)-len(a.nodes)]
		a.nodes = nil
	}
	if a.usedKids > 0 && sharedKids.GiveBack(a.kidBlocks[a.usedKids-1], len(a.kids)) {
		last := a.kidBlocks[a.usedKids-1]
		a.kidBlocks[a.usedKids-1] = last[:len(last)-len(a.kids)]
		a.kids = nil
	}
}

// Retire is Done for a decode that holds much (decompressed buffers): it
// gives nothing back and ends the epoch of the shared chunks (EndEpoch),
// so that no later decode shares a chunk with it and keeps it alive.
func (a *Arena) Retire() {
	if a != nil && a.Share {
		EndEpoch()
	}
}

func (a *Arena) grow() int {
	switch {
	case a.first > 0: // Expect's block, then small ones again
		a.block, a.first = a.first, -1
	case a.first < 0:
		a.block, a.first = minBlock/2, 0
	default:
		a.block = min(max(minBlock, 2*a.block), maxBlock)
	}
	return a.block
}

// New returns a zeroed node.
func (a *Arena) New() *Node {
	if a == nil {
		return &Node{}
	}
	if len(a.nodes) == 0 {
		if a.usedN == len(a.nodeBlocks) {
			if a.nodeBlocks == nil {
				a.nodeBlocks = make([][]Node, 0, 8) // blocks of 32 to 1024 nodes fit: 6
			}
			a.nodeBlocks = append(a.nodeBlocks, TakeSome(&sharedNodes, a.SharePin(), a.grow(), minBlock/4))
		}
		a.nodes = a.nodeBlocks[a.usedN]
		a.usedN++
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
		if a.usedKids == len(a.kidBlocks) || len(a.kidBlocks[a.usedKids]) < n {
			// A block too small for n is dropped from the ones to reuse.
			if a.kidBlocks == nil {
				a.kidBlocks = make([][]*Node, 0, 8)
			}
			a.kidBlocks = append(a.kidBlocks[:a.usedKids], Take(&sharedKids, a.SharePin(), max(n, 4*a.block)))
		}
		a.kids = a.kidBlocks[a.usedKids]
		a.usedKids++
	}
	k := a.kids[:0:n]
	a.kids = a.kids[n:]
	return k
}

// Attach appends a copy of proto to parent's children, taking both the node
// and room for the children from the arena.
func (a *Arena) Attach(parent *Node, proto Node) *Node {
	n := a.New()
	n.set(&proto)
	if len(parent.Children) == cap(parent.Children) {
		k := a.Kids(max(4, 2*cap(parent.Children)))
		parent.Children = append(k, parent.Children...)
	}
	parent.Children = append(parent.Children, n)
	return n
}

// set copies p into n, which is zero, a field at a time. Copying the
// whole struct is one move that, while the collector marks, looks up the
// node's pointer slots and shades each, empty or not; stores of the
// fields shade only the pointers a node has.
func (n *Node) set(p *Node) {
	n.Name, n.Key, n.Type, n.Value, n.Desc = p.Name, p.Key, p.Type, p.Value, p.Desc
	n.Off, n.End, n.Buf, n.Region = p.Off, p.End, p.Buf, p.Region
	if p.Err != nil {
		n.Err = p.Err
	}
	if p.Children != nil {
		n.Children = p.Children
	}
	if p.aside != nil {
		n.aside = p.aside
	}
}

// Take is a block of n zeroed elements, from s when pin is set.
func Take[T any](s *Shared[T], pin *Pin, n int) []T { return TakeSome(s, pin, n, n) }

// TakeSome is Take allowing fewer elements, down to least, from s (Shared.TakeSome).
func TakeSome[T any](s *Shared[T], pin *Pin, n, least int) []T {
	if pin != nil {
		return s.TakeSome(n, least, pin)
	}
	return make([]T, n)
}

// The chunks arenas take their small blocks from: 64 KB each.
var (
	sharedNodes = Shared[Node]{Chunk: ChunkLen[Node](64 << 10)}
	sharedKids  = Shared[*Node]{Chunk: ChunkLen[*Node](64 << 10)}
)

// ChunkLen is how many elements of T fit in size bytes: a chunk sized so
// fills the memory it is given (whole pages, or a size class), where a
// count of elements would leave the rounding unused.
func ChunkLen[T any](size int) int {
	var zero T
	return size / int(unsafe.Sizeof(zero))
}

// Shared hands out blocks of T cut from chunks of Chunk elements, to
// whoever asks: many small decodes then share a chunk rather than each
// allocating a block of its own, and what a decode leaves unused of its
// last block goes back (GiveBack) to the next. It holds its chunk weakly:
// a chunk lives as long as a block cut from it is used, and no longer
// (past a garbage collection the next block starts a new chunk). Safe for
// concurrent use.
//
// A chunk is one allocation: the collector keeps all of it while any
// block in it is used, and follows the pointers of every element, those
// of dead decodes too. Had chunks of every kind (nodes, child lists,
// values) been cut on and on, the dead decodes in a live chunk would point
// into other chunks, whose dead decodes point into yet others: a chain
// back to the last collection, all of it kept alive by the one decode in
// progress. Decoding the 734 minimal messages over and over, the heap then
// was 250-410 MB at each collection where 4 MB was live. So chunks
// are cut in epochs: every pool starts a new chunk when a new epoch
// begins, and a decode takes all its blocks within the epoch it began in
// (its Pin). A dead decode then points only into chunks of its own epoch,
// so a live one keeps at most its epoch's chunks. An epoch begins when a
// decode begins after epochBytes were handed out in the one before.
type Shared[T any] struct {
	Chunk int // elements per chunk; a block of more than half of it is allocated alone

	cur weak.Pointer[chunk[T]]
}

type chunk[T any] struct {
	all   []T
	used  int // all[used:] is not handed out yet
	epoch uint64
}

// Pin is the epoch the blocks of one decode are taken in: the zero value
// is in none yet, and takes the current one (or begins the next) at the
// decode's first block.
type Pin struct{ epoch uint64 }

// epochBytes is the most an epoch's decodes take before the next decode
// begins a new one: small, to bound what a live decode keeps of dead
// ones; large against the chunks, which a new epoch leaves part unused
// (decoding the minimal messages, 2 MB epochs allocate 6% more than
// endless chunks did, 1 MB epochs 10%, 256 KB ones 26%).
const epochBytes = 2 << 20

// shared is the state of the epochs, under one lock for every pool.
var shared struct {
	sync.Mutex
	epoch uint64 // 0 before the first block
	bytes int    // handed out in this epoch
}

// EndEpoch ends the current epoch: no block taken from now on shares a
// chunk with one taken before. For a decode that holds much (decompressed
// buffers), which a later decode in the same chunks would keep alive.
func EndEpoch() {
	shared.Lock()
	defer shared.Unlock()
	shared.epoch++
	shared.bytes = 0
}

// Take returns a zeroed block of n elements, with no room to append into
// the next block, for the decode pinned by pin.
func (s *Shared[T]) Take(n int, pin *Pin) []T { return s.TakeSome(n, n, pin) }

// TakeSome is Take for a caller that can do with fewer elements, down to
// least: it takes the rest of the chunk when that holds fewer than n but
// at least least, rather than leaving it unused.
func (s *Shared[T]) TakeSome(n, least int, pin *Pin) []T {
	if n > s.Chunk/2 {
		return make([]T, n)
	}
	shared.Lock()
	defer shared.Unlock()
	if pin.epoch == 0 {
		if shared.epoch == 0 || shared.bytes >= epochBytes {
			shared.epoch++
			shared.bytes = 0
		}
		pin.epoch = shared.epoch
	}
	if pin.epoch != shared.epoch {
		// The epoch ended during the decode (another decode ran at once,
		// or one inside it held decompressed bytes): a block of its own.
		return make([]T, n)
	}
	c := s.cur.Value()
	if c != nil && c.epoch != pin.epoch {
		c = nil
	}
	if c != nil && len(c.all)-c.used < n && len(c.all)-c.used >= max(least, 1) {
		n = len(c.all) - c.used
	}
	if c == nil || len(c.all)-c.used < n {
		c = &chunk[T]{all: make([]T, s.Chunk), epoch: pin.epoch}
		s.cur = weak.Make(c)
	}
	b := c.all[c.used : c.used+n : c.used+n]
	c.used += n
	shared.bytes += n * int(unsafe.Sizeof(b[0]))
	return b
}

// GiveBack returns the last unused elements of block b, which must still
// be zero, if b is the last block Take handed out; it reports whether it
// did. The caller must then not use them.
func (s *Shared[T]) GiveBack(b []T, unused int) bool {
	if unused <= 0 || unused > len(b) {
		return false
	}
	shared.Lock()
	defer shared.Unlock()
	c := s.cur.Value()
	if c == nil || c.used == 0 || c.epoch != shared.epoch || &c.all[c.used-1] != &b[len(b)-1] {
		return false
	}
	c.used -= unused
	shared.bytes -= unused * int(unsafe.Sizeof(b[0]))
	return true
}
