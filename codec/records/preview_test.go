package records

import (
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPreviewShowsBytes(t *testing.T) {
	long := []byte("order-0001 shipped to the warehouse in Lyon, France")
	for _, c := range []struct {
		in   []byte
		want string
	}{
		{nil, "null"},
		{[]byte{}, `""`},
		{[]byte("user-42"), `"user-42"`},
		{[]byte(`say "hi" \o/`), `"say \"hi\" \\o/"`},
		{[]byte("héllo wörld"), `"héllo wörld"`},
		{[]byte("tab\there"), "0x7461620968657265"}, // a control byte: shown as hex
		{[]byte{0x00, 0x01, 0xff}, "0x0001ff"},
		{long, `"order-0001 shipped to the warehouse in L"… (51 bytes)`},
		// A cut through a rune drops the half of it.
		{[]byte("0123456789012345678901234567890123456789é"), `"0123456789012345678901234567890123456789"… (42 bytes)`},
		{[]byte("012345678901234567890123456789012345678é"), `"012345678901234567890123456789012345678"… (41 bytes)`},
	} {
		assert.Equal(t, c.want, preview(c.in), "%q", c.in)
	}
}

// TestPreviewQuotesAsGo checks every text preview against strconv.Quote on
// short strings of the bytes where quoting changes: quotes, backslashes,
// control bytes, DEL, UTF-8 and bytes that are not.
func TestPreviewQuotesAsGo(t *testing.T) {
	alphabet := []byte{' ', '!', '"', '#', '[', '\\', ']', '~', 0x7f, 0x1f, '\n', 'a', 'Z', '0', 0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xff}
	rng := rand.New(rand.NewPCG(1, 2))
	quoted := 0
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		got := preview(b)
		if printable(b) {
			quoted++
			assert.Equal(t, strconv.Quote(string(b)), got, "%q", b)
		} else {
			assert.Equal(t, "0x", got[:2], "%q", b)
		}
	}
	assert.Greater(t, quoted, 1000, "the sweep quotes text")
}
