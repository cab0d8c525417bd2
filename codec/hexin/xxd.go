package hexin

import "strings"

// xxdWords reads an xxd dump as words: each group of digits is one word,
// and a short last group is right-aligned, as xxd -e prints it. It returns
// the bytes read as little-endian words, and whether the ASCII column
// matches them only that way round (so the dump is xxd -e's), or an error
// where a line does not fit that layout.
func xxdWords(text string) (little []byte, onlyLittle bool, _ *Error) {
	little = make([]byte, 0, len(text)/4)
	var big []byte
	bigMatches := true
	// xxd -e right-aligns a short last word, leaving more than one space
	// before it; plain xxd never does.
	rightAligned := false
	lines := 0
	for start := 0; start < len(text); {
		eol, next := lineEnd(text, start)
		if eol > start && text[eol-1] == '\r' {
			eol--
		}
		if strings.TrimSpace(text[start:eol]) == "" {
			start = next
			continue
		}
		_, hs, ok, msg := xxdSpec.offset(text, start, eol)
		if !ok {
			return nil, false, &Error{Format: XXDLittle, off: hs, Msg: msg}
		}
		// The text may stop inside its last line's ASCII column (whose
		// padding may then pass for a whole column).
		gutter, cut := -1, false
		if eol == len(text) {
			gutter = xxdGutterCut(text, hs, eol)
			cut = gutter >= 0
		}
		if !cut {
			gutter = xxdGutter(text, hs, eol)
		}
		if gutter < 0 {
			return nil, false, errAt(XXDLittle, hs, "expected as many characters after the hex digits as they hold bytes")
		}
		lineStart := len(little)
		big = big[:0]
		for i := hs; i < gutter; {
			sp := i
			for i < gutter && text[i] == ' ' {
				i++
			}
			if i < gutter && (i-sp >= 2 || sp == hs && i > sp) {
				rightAligned = true
			}
			j := i
			for j < gutter && isHex(text[j]) {
				j++
			}
			if j == i {
				break
			}
			if (j-i)%2 == 1 {
				return nil, false, errAt(XXDLittle, j-1, "odd number of hex digits (%d) in a word: each byte is two", j-i)
			}
			for k := j - 2; k >= i; k -= 2 {
				little = append(little, unhex(text[k])<<4|unhex(text[k+1]))
			}
			for k := i; k < j; k += 2 {
				big = append(big, unhex(text[k])<<4|unhex(text[k+1]))
			}
			i = j
		}
		ascii := text[gutter:eol]
		shown := little[lineStart:]
		if cut {
			n := min(len(ascii), len(shown), len(big))
			shown, big = shown[:n], big[:n]
		}
		if !xxdShows(shown, ascii) {
			return nil, false, errAt(XXDLittle, gutter, "the ASCII column does not show these bytes read as little-endian words")
		}
		if !xxdShows(big, ascii) {
			bigMatches = false
		}
		lines++
		start = next
	}
	if lines == 0 {
		return nil, false, errAt(XXDLittle, 0, "expected a line of xxd -e output")
	}
	return little, !bigMatches || rightAligned, nil
}

// xxdGutter finds where the ASCII column of the line starts: after a gap of
// two spaces, where as many characters are left as the hex digits before
// hold bytes. Further right there are more digits and fewer characters, so
// at most one place fits.
func xxdGutter(text string, hs, eol int) int {
	digits := 0
	for p := hs; p < eol; p++ {
		if p-hs >= 2 && text[p-1] == ' ' && text[p-2] == ' ' && digits > 0 && digits%2 == 0 && eol-p == digits/2 {
			return p
		}
		c := text[p]
		switch {
		case isHex(c):
			digits++
		case c != ' ':
			return -1
		}
	}
	return -1
}

// xxdGutterCut is xxdGutter for a line the text stops inside: its ASCII
// column starts after the last gap of two spaces (a short last word's
// right alignment is another) with fewer characters after it than the
// hex digits before it hold bytes.
func xxdGutterCut(text string, hs, eol int) int {
	digits, gutter := 0, -1
	for p := hs; p < eol; p++ {
		if p-hs >= 2 && text[p-1] == ' ' && text[p-2] == ' ' && text[p] != ' ' && digits > 0 && digits%2 == 0 && eol-p < digits/2 {
			gutter = p
		}
		c := text[p]
		switch {
		case isHex(c):
			digits++
		case c != ' ':
			return gutter
		}
	}
	return gutter
}

// xxdShows reports whether xxd would print b as ascii.
func xxdShows(b []byte, ascii string) bool {
	if len(b) != len(ascii) {
		return false
	}
	for i, c := range b {
		if c < 0x20 || c > 0x7e {
			c = '.'
		}
		if ascii[i] != c {
			return false
		}
	}
	return true
}

// readXXDLittle reads xxd -e, whose groups are little-endian words: it
// takes the text only when its ASCII column shows the bytes in that order
// and not in the order the digits are written.
func readXXDLittle(text string) (Result, *Error) {
	b, onlyLittle, err := xxdWords(text)
	if err != nil {
		return Result{}, err
	}
	if !onlyLittle {
		return Result{}, errAt(XXDLittle, 0, "the ASCII column also matches the bytes in the order they are written, as plain xxd prints them")
	}
	return Result{Bytes: b, Format: XXDLittle, Note: xxdLittleNote}, nil
}

const xxdLittleNote = "read as little-endian words"
