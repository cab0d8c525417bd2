package ui

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/message"
)

// BenchmarkEditBigFetch is the handler's work for the bench's 1 MiB edit:
// one value set in the 1 MiB Fetch response.
func BenchmarkEditBigFetch(b *testing.B) {
	p := bigPane(b, bigframe.Fetch())
	b.ResetTimer()
	for i := range b.N {
		if !p.Edit(edit(message.OpSet, "body.ThrottleTimeMs", strconv.Itoa(100+i%50))) {
			b.Fatal(p.EditErr)
		}
	}
}

// naiveDiff is the definition diff must agree with: the common tail aligned
// a byte at a time from the back, then every byte before it compared in place.
func naiveDiff(a, b []byte) []int {
	tail := 0
	for tail < len(a) && tail < len(b) && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	var out []int
	for i := 0; i < len(b)-tail; i++ {
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

// TestDiffAgreesWithByteByByte edits frames of a few blocks' size the ways
// an edit does (bytes changed in place, bytes inserted or removed, both
// ends touched) and checks the block-skipping diff against naiveDiff.
func TestDiffAgreesWithByteByByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		a := make([]byte, rng.IntN(5*diffBlock))
		for i := range a {
			a[i] = byte(rng.IntN(3)) // few values, so equal bytes are common
		}
		b := append([]byte(nil), a...)
		for range rng.IntN(4) {
			switch at := rng.IntN(len(b) + 1); rng.IntN(3) {
			case 0:
				if at < len(b) {
					b[at] ^= byte(1 + rng.IntN(255))
				}
			case 1:
				b = slices.Insert(b, at, make([]byte, rng.IntN(2*diffBlock))...)
			case 2:
				b = slices.Delete(b, at, min(len(b), at+rng.IntN(2*diffBlock)))
			}
		}
		if got, want := diff(a, b), naiveDiff(a, b); !slices.Equal(got, want) {
			t.Fatalf("trial %d: diff(%x, %x) = %v, want %v", trial, a, b, got, want)
		}
	}
	// The 1 MiB Fetch edited in place: one field's bytes.
	p := bigPane(t, bigframe.Fetch())
	old := p.Bytes()
	if !p.Edit(edit(message.OpSet, "body.ThrottleTimeMs", "12345")) {
		t.Fatal(p.EditErr)
	}
	if want := naiveDiff(old, p.Bytes()); !slices.Equal(p.Changed, want) || len(want) == 0 {
		t.Errorf("1 MiB edit changed %v, want %v", p.Changed, want)
	}
}
