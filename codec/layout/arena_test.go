package layout

import (
	"reflect"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestArenaNew(t *testing.T) {
	var a Arena
	seen := map[*Node]bool{}
	for i := 0; i < 3*maxBlock; i++ {
		n := a.New()
		require.Equal(t, Node{}, *n, "zeroed")
		require.False(t, seen[n], "every node is its own")
		seen[n] = true
		n.Name = "used"
	}
	var nilArena *Arena
	assert.Equal(t, Node{}, *nilArena.New(), "a nil arena allocates plainly")
}

// Attach copies its proto a field at a time (Node.set): every field of a
// node, those added later too, must arrive. Each is given a value other
// than its zero one by its kind, so a field set forgets fails here.
func TestAttachCopiesEveryField(t *testing.T) {
	var proto Node
	v := reflect.ValueOf(&proto).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		if !f.CanSet() {
			// Unexported: aside is set below; any other needs a value here.
			require.Equal(t, "aside", v.Type().Field(i).Name, "give the unexported field a value here, and copy it in set")
			continue
		}
		switch f.Kind() {
		case reflect.String:
			f.SetString(v.Type().Field(i).Name)
		case reflect.Int:
			f.SetInt(int64(i + 1))
		case reflect.Uint8:
			f.SetUint(uint64(i + 1))
		case reflect.Pointer, reflect.Slice:
			if f.Type() == reflect.TypeFor[[]*Node]() {
				f.Set(reflect.ValueOf([]*Node{{Name: "kid"}}))
			} else {
				f.Set(reflect.New(f.Type().Elem()))
			}
		default:
			t.Fatalf("field %s of kind %s: give it a value here", v.Type().Field(i).Name, f.Kind())
		}
	}
	proto.SetWarn("a warning")
	var a Arena
	parent := a.New()
	got := a.Attach(parent, proto)
	assert.True(t, reflect.DeepEqual(proto, *got), "every field copied: %+v", *got)
	assert.Equal(t, []*Node{got}, parent.Children)
}

// Children slices from one block sit side by side: appending past the room
// asked for must move the slice, not write over the next one's children.
func TestArenaKidsDoNotOverlap(t *testing.T) {
	var a Arena
	first := a.Kids(2)
	second := a.Kids(2)
	x, y, z := &Node{Name: "x"}, &Node{Name: "y"}, &Node{Name: "z"}
	second = append(second, z)
	first = append(first, x, y, x) // one more than asked for
	assert.Equal(t, []*Node{z}, second)
	assert.Equal(t, []*Node{x, y, x}, first)

	big := a.Kids(maxBlock)
	assert.Equal(t, 0, len(big))
	assert.Equal(t, maxBlock, cap(big))
	var nilArena *Arena
	assert.Equal(t, 5, cap(nilArena.Kids(5)))
}

func TestArenaAttach(t *testing.T) {
	var a Arena
	parent := &Node{Name: "p"}
	proto := Node{Name: "child", Type: "int8", Off: 1, End: 2}
	for i := 0; i < 100; i++ {
		proto.Value = Itoa(int64(i))
		n := a.Attach(parent, proto)
		require.Same(t, n, parent.Children[i])
	}
	require.Len(t, parent.Children, 100)
	for i, c := range parent.Children {
		assert.Equal(t, Itoa(int64(i)), c.Value, "children keep their order through every regrowth")
		assert.Equal(t, "child", c.Name)
	}
	proto.Name = "changed"
	assert.Equal(t, "child", parent.Children[0].Name, "a copy of the proto, not the proto")
}

// The point of the arena: a thousand nodes cost a few allocations, not thousands.
func TestArenaAllocations(t *testing.T) {
	allocs := testing.AllocsPerRun(20, func() {
		var a Arena
		root := &Node{}
		for i := 0; i < 10; i++ {
			p := a.Attach(root, Node{Name: "topic"})
			for j := 0; j < 100; j++ {
				a.Attach(p, Node{Name: "partition"})
			}
		}
	})
	// 1,010 nodes: measured 13 allocations with go1.26.8 on linux/amd64 (node
	// blocks grow from 32 to 1024, child lists come from shared blocks, and
	// the arena keeps a list of its blocks for Reset).
	assert.LessOrEqual(t, allocs, 14.0)
}

// After Reset the arena hands out the same memory again, zeroed: a second
// tree of the same shape costs no allocation.
func TestArenaReset(t *testing.T) {
	var a Arena
	build := func() *Node {
		root := &Node{}
		for i := 0; i < 300; i++ {
			a.Attach(root, Node{Name: "n", Value: "v"})
		}
		return root
	}
	first := build()
	kept := first.Children[0]
	allocs := testing.AllocsPerRun(10, func() {
		a.Reset()
		for i := 0; i < 300; i++ {
			n := a.New()
			if n.Name != "" || n.Value != "" || n.Children != nil {
				t.Fatal("a reused node is not zeroed")
			}
		}
	})
	assert.Zero(t, allocs)
	a.Reset()
	assert.Equal(t, kept, a.New(), "the first node handed out again")
}

// Blocks cut from one chunk never overlap, and what the last block's
// taker gives back is where the next block starts.
func TestSharedTakeAndGiveBack(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	EndEpoch()
	var pin Pin
	s := Shared[int]{Chunk: 64}
	a := s.Take(10, &pin)
	b := s.Take(10, &pin)
	require.Len(t, a, 10)
	assert.Equal(t, 10, cap(a), "no room to append into the next block")
	a = append(a, 1)
	assert.Zero(t, b[0], "appending past a block moved it, and left its neighbour alone")

	assert.False(t, s.GiveBack(a[:10], 4), "not the last block taken")
	assert.True(t, s.GiveBack(b, 4))
	c := s.Take(4, &pin)
	assert.Same(t, &b[6], &c[0], "the next block starts where the given-back part did")
	assert.False(t, s.GiveBack(c, 0))
	assert.False(t, s.GiveBack(c, 5), "more than the block")

	big := s.Take(40, &pin)
	assert.Len(t, big, 40, "more than half a chunk is allocated alone")
	assert.False(t, s.GiveBack(big, 10))

	// 20 of the chunk's 64 are handed out (a, b less what it gave back, c).
	assert.Len(t, s.TakeSome(30, 30, &pin), 30)
	some := s.TakeSome(30, 10, &pin)
	assert.Len(t, some, 14, "the rest of the chunk, rather than leaving it")
	assert.True(t, s.GiveBack(some, 4), "the chunk's last block")
	assert.Len(t, s.TakeSome(30, 4, &pin), 4, "what was given back")
	fresh := s.TakeSome(30, 20, &pin)
	assert.Len(t, fresh, 30, "a new chunk when the rest is too little")
	assert.True(t, s.GiveBack(fresh, 10), "the new chunk's last block")

	// An ended epoch's chunk is cut no further: nothing taken later shares it.
	EndEpoch()
	assert.False(t, s.GiveBack(fresh[:20], 10), "the chunk is no longer the one being cut")
	late := s.Take(4, &pin)
	assert.Equal(t, 4, cap(late))
	assert.False(t, s.GiveBack(late, 1), "a decode whose epoch ended takes blocks of its own")
	var next Pin
	after := s.Take(4, &next)
	assert.True(t, s.GiveBack(after, 1), "a decode begun since takes from the new epoch's chunk")
	assert.NotEqual(t, pin, next)
}

// A decode begins a new epoch once the one before handed out epochBytes,
// and keeps its own epoch to its end, however much it takes.
func TestSharedEpochs(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	EndEpoch()
	s := Shared[[1024]byte]{Chunk: 16}
	var first Pin
	for range epochBytes/1024 + 8 {
		s.Take(1, &first)
	}
	assert.Greater(t, shared.bytes, epochBytes, "one decode's takes stay in its epoch")
	b := s.Take(1, &first)
	assert.True(t, s.GiveBack(b, 1), "still cut from its epoch's chunk")
	var second Pin
	s.Take(1, &second)
	assert.Equal(t, first.epoch+1, second.epoch, "the next decode begins a new epoch")
	var third Pin
	s.Take(1, &third)
	assert.Equal(t, second, third, "and the one after shares it")
}

// Arenas that share hand out nodes side by side: the second decode takes
// its nodes where the first one gave back those it left unused, and a
// Reset of the first leaves the second's alone.
func TestArenaShareDone(t *testing.T) {
	// A collection drops a chunk no block is cut from any more; none here.
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	var a, b Arena
	a.Share, b.Share = true, true
	a.Expect(40)
	root := a.New()
	x := a.Attach(root, Node{Name: "x"})
	a.Done()
	require.Len(t, a.nodeBlocks[0], 2, "the arena's block ends where it gave back")
	b.Expect(40)
	next := b.New()
	assert.Same(t, &a.nodeBlocks[0][:3][2], next, "the next arena starts right after the first one's nodes")
	assert.Equal(t, Node{}, *next)
	next.Name = "b's"
	a.Reset()
	assert.Equal(t, "b's", next.Name, "a reset after Done clears only the arena's own nodes")
	assert.Same(t, root, a.New(), "and hands its own out again")
	assert.Equal(t, "", x.Name)
}
