package conversation

import (
	"slices"
	"sort"
)

// sortBlock is the run sortStable sorts whole before merging runs.
const sortBlock = 64

// sortMoves is how many keys sortStable moves between calls of pause.
const sortMoves = 1024

// sortStable sorts s as slices.SortStableFunc does, calling pause (when
// set) every sortMoves keys it moves: it is a bottom-up merge sort, so the
// page can let the browser paint while it puts half a million frames in
// capture order, which as one call froze it for 150 ms.
func sortStable[T any](s []T, cmp func(a, b T) int, pause func()) {
	moved := 0
	tick := func(n int) { // n more keys moved
		if moved += n; moved >= sortMoves {
			moved %= sortMoves
			if pause != nil {
				pause()
			}
		}
	}
	for i := 0; i < len(s); i += sortBlock {
		block := s[i:min(i+sortBlock, len(s))]
		slices.SortStableFunc(block, cmp)
		tick(len(block))
	}
	if len(s) <= sortBlock {
		return
	}
	src, dst := s, make([]T, len(s))
	for width := sortBlock; width < len(s); width *= 2 {
		for lo := 0; lo < len(s); lo += 2 * width {
			mid, hi := min(lo+width, len(s)), min(lo+2*width, len(s))
			merge(dst[lo:hi], src[lo:mid], src[mid:hi], cmp, tick)
		}
		src, dst = dst, src
	}
	if &src[0] != &s[0] {
		copy(s, src)
	}
}

// merge merges the sorted a and b into out, a's key first of two equal.
// Only where the two runs overlap is merged key by key: a's keys up to b's
// first and b's from a's last on are copied whole, found by binary search.
// A capture's connections mostly follow one another, so the runs overlap
// by the few frames of a connection cut between them.
func merge[T any](out, a, b []T, cmp func(a, b T) int, tick func(int)) {
	if len(a) == 0 || len(b) == 0 {
		copy(out[copy(out, a):], b)
		tick(len(out))
		return
	}
	i := sort.Search(len(a), func(i int) bool { return cmp(b[0], a[i]) < 0 })         // a[:i] come before b[0]
	j := sort.Search(len(b), func(j int) bool { return cmp(b[j], a[len(a)-1]) >= 0 }) // b[j:] come after a's last
	copy(out, a[:i])
	copy(out[len(a)+j:], b[j:])
	tick(i + len(b) - j)
	a, b, out = a[i:], b[:j], out[i:len(a)+j]
	i, j = 0, 0
	for k := range out {
		if j == len(b) || i < len(a) && cmp(b[j], a[i]) >= 0 {
			out[k] = a[i]
			i++
		} else {
			out[k] = b[j]
			j++
		}
		tick(1)
	}
}
