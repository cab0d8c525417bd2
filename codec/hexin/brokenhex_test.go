package hexin

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// wrap cuts s into lines of n characters.
func wrap(s string, n int) string {
	var b strings.Builder
	for len(s) > n {
		b.WriteString(s[:n] + "\n")
		s = s[n:]
	}
	return b.String() + s + "\n"
}

// Hex with an odd number of digits is hex cut short (or with a digit too
// many), not base64: letters and digits read as base64 whenever their count
// is not 1 more than a multiple of 4, and the bytes were garbage ("API key
// 19803 is not a Kafka API"). The error says how many digits there are and
// where the last one is.
func TestOddHexIsNotBase64(t *testing.T) {
	digits := hex.EncodeToString(short) // 82 digits
	for _, cut := range []int{1, 3, 5, 7} {
		for _, width := range []int{0, 32, 60} {
			odd := digits[:len(digits)-cut]
			text := odd + "\n"
			if width > 0 {
				text = wrap(odd, width)
			}
			name := fmt.Sprintf("cut %d, lines of %d", cut, width)
			if len(odd)%4 != 1 && width == 0 {
				_, err := ParseAs(text, Base64)
				require.NoError(t, err, "%s: the trap: base64 reads it", name)
			}
			_, err := Parse(text)
			var e *Error
			require.ErrorAs(t, err, &e, name)
			lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
			assert.Equal(t, len(lines), e.Line, name)
			assert.Equal(t, len(lines[len(lines)-1]), e.Column, "%s: at the last digit", name)
			assert.Equal(t, Hex, e.Format, name)
			assert.Equal(t, fmt.Sprintf("odd number of hex digits (%d): the hex ends here, half-way through a byte", len(odd)), e.Msg, name)
		}
	}
	// Spaced, and a run of odd length inside.
	for _, c := range []struct {
		text      string
		line, col int
		msg       string
	}{
		{"00 00 00 2", 1, 10, "odd number of hex digits (7): the hex ends here, half-way through a byte"},
		{"00 00\n00 2\n\n", 2, 4, "odd number of hex digits (7): the hex ends here, half-way through a byte"},
		{"00 000 00", 1, 6, "odd number of hex digits (3) in this run: each byte is two"},
		{"0000\n000\n000", 2, 3, "odd number of hex digits (3) in this run: each byte is two"},
	} {
		_, err := Parse(c.text)
		var e *Error
		require.ErrorAs(t, err, &e, c.text)
		assert.Equal(t, fmt.Sprintf("line %d, column %d: %s", c.line, c.col, c.msg), e.Error(), c.text)
	}
}

// Hex followed by a word on a line of its own is hex with something after
// it, not base64: the error is where the hex stops.
func TestHexThenAWordIsNotBase64(t *testing.T) {
	digits := hex.EncodeToString(short)
	for _, c := range []struct {
		text      string
		line, col int
		msg       string
	}{
		{digits + "\ndone\n", 2, 2, "expected a hex digit, found 'o'"},
		{wrap(digits, 32) + "done", 4, 2, "expected a hex digit, found 'o'"},
		{digits + "\nstop\n", 2, 1, "expected a hex digit, found 's'"},
		{digits + "\n\nok\n", 3, 1, "expected a hex digit, found 'o'"},
	} {
		_, err := ParseAs(c.text, Base64)
		require.NoError(t, err, "the trap: base64 reads %q", c.text)
		_, err = Parse(c.text)
		var e *Error
		require.ErrorAs(t, err, &e, c.text)
		assert.Equal(t, [2]int{c.line, c.col}, [2]int{e.Line, e.Column}, c.text)
		assert.True(t, strings.HasSuffix(e.Msg, "the closest, hex, stopped here: "+c.msg), "%q: %s", c.text, e.Msg)
	}
}

// Base64 of every frame of the catalogue, minimal and example, on one line
// or wrapped as base64(1) (76) and PEM (64) wrap it, still reads as base64,
// or as hex when it is hex digits only, an even number of them. Without its
// '=' padding, base64 made of hex digits alone (zero bytes are "AAAA") and
// of an odd length is taken for hex cut short: the one reading lost.
func TestBase64OfEveryFrameStillReads(t *testing.T) {
	read, lost := 0, 0
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				for _, m := range []*message.Message{message.Minimal(api, v, dir), message.Example(api, v, dir)} {
					b, err := frame.Encode(m)
					require.NoError(t, err)
					for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding} {
						one := enc.EncodeToString(b)
						for _, text := range []string{one, wrap(one, 76), wrap(one, 64)} {
							r, err := Parse(text)
							if err != nil && enc == base64.RawStdEncoding && len(one)%2 == 1 &&
								strings.IndexFunc(one, func(r rune) bool { return !isHex(byte(r)) }) < 0 {
								lost++
								continue
							}
							require.NoError(t, err, "%s %s v%d: %s", api.Name, dir, v, text)
							if r.Format == Hex {
								require.Contains(t, r.Alternatives, Base64)
								continue
							}
							require.Equal(t, Base64, r.Format, "%s %s v%d: %s", api.Name, dir, v, text)
							require.Equal(t, b, r.Bytes)
							read++
						}
					}
				}
			}
		}
	}
	assert.Greater(t, read, 8000)
	t.Logf("%d texts read as base64, %d lost", read, lost)
	assert.LessOrEqual(t, lost, 30, "9 small minimal frames, each as 3 texts, when written")
}

// Hex words of an odd number of digits in what looks like xxd -e output,
// its last line cut, are an error, not a panic: the little-endian reading
// of a cut line once took as many bytes as its ASCII column shows from
// words that held fewer.
func TestXXDLittleOddWords(t *testing.T) {
	text := "00000000: " + strings.Repeat("01", 30) + "  " + strings.Repeat(".", 30) + "\n00000010: a b c d  ."
	assert.NotPanics(t, func() { _, _ = Parse(text) })
	_, err := ParseAs(text, XXDLittle)
	assert.Error(t, err)
}
