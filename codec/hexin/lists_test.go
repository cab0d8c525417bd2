package hexin

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Lists of bytes as Rust and Erlang print them: Rust's {:02x?} and {:x?}
// (hex without 0x, comma-separated in brackets), Erlang's <<0,0,0,37>> and
// Elixir's <<0, 0, 0, 37>>.
func TestRustAndErlangLists(t *testing.T) {
	b := followSides(t)[0][:41]
	var x, x02, dec []string
	for _, c := range b {
		x = append(x, fmt.Sprintf("%x", c))
		x02 = append(x02, fmt.Sprintf("%02x", c))
		dec = append(dec, fmt.Sprint(c))
	}
	for text, f := range map[string]Format{
		"[" + strings.Join(x02, ", ") + "]":     HexList, // {:02x?}
		"[" + strings.Join(x, ", ") + "]":       HexList, // {:x?}: 6b, 61 ... tell it from decimal
		"<<" + strings.Join(dec, ",") + ">>":    Erlang,
		"<<" + strings.Join(dec, ", ") + ">>\n": Erlang, // Elixir
	} {
		r, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, f, r.Format, text)
		assert.Equal(t, b, r.Bytes, text)
	}
	// Decimal stays decimal; a leading zero is hex's; digits alone, not
	// all two wide, are decimal.
	for text, want := range map[string]Format{"[0, 0, 0, 37]": Java, "[00, 00, 00, 37]": HexList, "[0, 10, 99]": Java} {
		r, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, r.Format, text)
	}
	r, err := Parse("[00, 00, 00, 37]")
	require.NoError(t, err)
	assert.Equal(t, []byte{0, 0, 0, 0x37}, r.Bytes)
	// Elixir's inspect cuts a long binary short.
	_, err = ParseAs("<<0, 0, 0, 37, 0, 18, ...>>", Erlang)
	assert.ErrorContains(t, err, "the binary is truncated")
}
