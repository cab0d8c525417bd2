package conversation

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
)

// sortStable orders as slices.SortStableFunc does, equal keys kept in
// their order, on lengths around its block and merge boundaries, and
// pauses as it goes: keys at random, and keys mostly in order as a
// capture's frames are (each connection's few out of order, runs of equal
// keys across the runs merged).
func TestSortStableAsTheStandardLibrary(t *testing.T) {
	type kv struct{ k, v int }
	byK := func(a, b kv) int { return a.k - b.k }
	r := rand.New(rand.NewPCG(1, 2))
	random := func(n, i int) int { return r.IntN(n/4 + 1) }
	inOrder := func(n, i int) int { return i/100 + r.IntN(2) }
	for _, n := range []int{0, 1, 2, sortBlock - 1, sortBlock, sortBlock + 1, 3*sortBlock + 5, 1000, 4097, 50_000} {
		for _, key := range []func(n, i int) int{random, inOrder} {
			in := make([]kv, n)
			for i := range in {
				in[i] = kv{key(n, i), i}
			}
			want := slices.Clone(in)
			slices.SortStableFunc(want, byK)
			got := slices.Clone(in)
			pauses := 0
			sortStable(got, byK, func() { pauses++ })
			assert.Equal(t, want, got, "n=%d", n)
			if n > sortBlock {
				assert.GreaterOrEqual(t, pauses, n/sortMoves, "n=%d", n)
			}
		}
	}
}
