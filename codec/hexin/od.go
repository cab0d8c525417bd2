package hexin

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// odLine is one line of od's or hexdump's output.
type odLine struct {
	start, eol int
	off        string // the offset's digits, "" with -A n
	offAt      int
	groups     []int // where each group of digits starts
	star, end  bool  // a '*' line; a line with only the final offset
	padded     bool  // spaces after the last group, as hexdump pads a short last line
	chars      int   // how many characters od's z column shows, or -1 without one
}

// odGroups is what the groups of digits of a whole dump share.
type odGroups struct {
	width int  // digits per group, 0 until the first group
	octal bool // plain od's 6-digit octal words
	z     bool // some line has od's >characters< column
}

// readOD reads od's output (any -A radix, -t x1, x2, x4 or x8, with or
// without z, and plain od's octal words) and hexdump's default output. od
// and hexdump print wider types in the machine's byte order; the machines
// that make the logs are little-endian, so words are read that way, and
// the Note says so.
func readOD(text string) (Result, *Error) {
	var lines []odLine
	var g odGroups
	for start := 0; start < len(text); {
		eol, next := lineEnd(text, start)
		if eol > start && text[eol-1] == '\r' {
			eol--
		}
		if strings.TrimSpace(text[start:eol]) != "" {
			l, err := scanODLine(text, start, eol, &g)
			if err != nil {
				return Result{}, err
			}
			if len(lines) > 0 && !l.star && !lines[0].star && (lines[0].off == "") != (l.off == "") {
				return Result{}, errAt(OD, start, "expected every line to start with an offset or none to")
			}
			k := len(lines) - 1
			if k >= 0 && lines[k].star {
				k-- // a '*' line has no offset; the line above it has
			}
			if k >= 0 && !l.star && lines[k].off != "" && len(l.off) < len(lines[k].off) {
				// od and hexdump pad their offsets to one width: a shorter
				// one is cut short (a text copied up to a byte count).
				return Result{}, errAt(OD, l.offAt, "expected an offset of %d digits like the line before's, found %d", len(lines[k].off), len(l.off))
			}
			lines = append(lines, l)
		}
		start = next
	}
	width, octal, zColumn := g.width, g.octal, g.z
	if len(lines) == 0 {
		return Result{}, errAt(OD, 0, "expected a line of od output")
	}
	if lines[0].star || lines[0].end {
		return Result{}, errAt(OD, lines[0].start, "expected a line of bytes first")
	}
	for k, l := range lines {
		switch {
		case l.end && k != len(lines)-1:
			return Result{}, errAt(OD, lines[k+1].start, "expected nothing after the final offset")
		case l.star && (k+1 == len(lines) || lines[k+1].star || lines[k-1].star):
			return Result{}, errAt(OD, l.eol, "expected an offset after the '*' line")
		}
	}
	wordBytes := width / 2
	if octal {
		wordBytes = 2
	}
	last := lines[len(lines)-1]
	hasEnd := last.end
	if lines[0].off == "" {
		for _, l := range lines {
			if l.star {
				return Result{}, errAt(OD, l.start, "'*' stands for repeated lines, but without offsets nothing says how many (od -v prints them all)")
			}
		}
		if err := odWithoutOffsets(text, lines, zColumn); err != nil {
			return Result{}, err
		}
	} else if !hasEnd && len(lines) == 1 && len(lines[0].off) != 7 && !zColumn {
		// A lone line with a 6-digit offset is more likely plain hex.
		return Result{}, errAt(OD, len(text), "expected od's final offset line")
	}
	format, radix, err := odRadix(text, lines, width, wordBytes, octal)
	if err != nil {
		return Result{}, err
	}
	out := make([]byte, 0, len(text)/3)
	for k, l := range lines {
		if l.star || l.end {
			continue
		}
		lineStart := len(out)
		for _, g := range l.groups {
			out = appendWord(out, text[g:g+width], wordBytes, octal)
		}
		if k+1 < len(lines) && lines[k+1].star {
			width := uint64(len(out) - lineStart)
			from, _ := strconv.ParseUint(l.off, radix, 64)
			to, _ := strconv.ParseUint(lines[k+2].off, radix, 64)
			span := to - from
			if span > maxRepeat || uint64(len(out))+span > maxRepeat {
				return Result{}, errAt(OD, lines[k+2].start, "'*' expands to more than %d bytes", maxRepeat)
			}
			total := len(out) + int(span-width)
			out = slices.Grow(out, total-len(out))
			for len(out) < total {
				out = append(out, out[lineStart:min(len(out), lineStart+total-len(out))]...)
			}
		}
	}
	if hasEnd {
		// Words are padded with zeros past the end; the final offset
		// says where the bytes really end.
		first, _ := strconv.ParseUint(lines[0].off, radix, 64)
		end, _ := strconv.ParseUint(last.off, radix, 64)
		if end-first <= uint64(len(out)) {
			out = out[:end-first]
		}
	}
	if !hasEnd && last.chars >= 0 {
		// Without the final offset, the z column of the last line still
		// tells how many of its bytes are not padding.
		if pad := len(last.groups)*wordBytes - last.chars; pad > 0 && pad < wordBytes {
			out = out[:len(out)-pad]
		}
	}
	res := Result{Bytes: out, Format: format}
	if wordBytes > 1 {
		res.Note = fmt.Sprintf("read as little-endian %d-bit words", wordBytes*8)
		if octal {
			res.Note = "read as little-endian 16-bit words in octal"
		}
		if !hasEnd && last.chars < 0 {
			res.Note += "; without the final offset line, the last word may end in padding"
		}
	}
	return res, nil
}

// scanODLine reads the line [start, eol), which is not blank.
func scanODLine(text string, start, eol int, g *odGroups) (odLine, *Error) {
	l := odLine{start: start, eol: eol, chars: -1}
	if strings.TrimSpace(text[start:eol]) == "*" {
		l.star = true
		return l, nil
	}
	i := start
	if text[i] != ' ' && text[i] != '\t' {
		j := i
		for j < eol && isHex(text[j]) {
			j++
		}
		if j-i < 6 || j-i > 16 {
			return l, errAt(OD, j, "expected od's offset of 6 or 7 digits, %s", found(text, j))
		}
		l.off, l.offAt, i = text[i:j], i, j
		if strings.TrimSpace(text[j:eol]) == "" {
			l.end = true
			return l, nil
		}
		if text[j] != ' ' {
			return l, errAt(OD, j, "expected a space after the offset, %s", found(text, j))
		}
	}
	for {
		j := i
		for j < eol && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j == eol {
			l.padded = j > i && len(l.groups) > 0
			return l, nil
		}
		if text[j] == '>' && len(l.groups) > 0 && j-i >= 2 {
			// od's z: the bytes as characters between > and <.
			col := strings.TrimRight(text[j:eol], " ")
			if len(col) < 2 || !strings.HasSuffix(col, "<") {
				return l, errAt(OD, eol, "expected '<' at the end of the >characters< column, %s", found(text, eol))
			}
			g.z, l.chars = true, len(col)-2
			return l, nil
		}
		k := j
		for k < eol && isHex(text[k]) {
			k++
		}
		d := k - j
		switch {
		case d == 0 || k < eol && text[k] != ' ' && text[k] != '\t':
			return l, errAt(OD, k, "expected a group of hex digits, %s", found(text, k))
		case g.width == 0:
			if d != 2 && d != 4 && d != 8 && d != 16 && !(d == 6 && allOctal(text[j:k])) {
				return l, errAt(OD, j, "expected groups of 2, 4, 8 or 16 hex digits (od -t x1, x2, x4, x8), found %d digits", d)
			}
			g.width, g.octal = d, d == 6
		case d != g.width:
			return l, errAt(OD, j, "expected a group of %d digits like the ones before, found %d digits", g.width, d)
		case g.octal && !allOctal(text[j:k]):
			return l, errAt(OD, j, "expected octal digits like the groups before, found %q", text[j:k])
		}
		l.groups = append(l.groups, j)
		i = k
	}
}

// zeroPadded reports whether the last pad bytes of the line are zeros, as
// od fills its last word; they are the word's high bytes.
func zeroPadded(text string, l odLine, pad, width, wordBytes int, octal bool) bool {
	if pad == 0 || wordBytes == 1 {
		return pad == 0
	}
	g := l.groups[len(l.groups)-1]
	radix := 16
	if octal {
		radix = 8
	}
	v, _ := strconv.ParseUint(text[g:g+width], radix, 64)
	return v>>(8*(wordBytes-pad)) == 0
}

func allOctal(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return true
}

// appendWord appends one group's bytes, lowest address first.
func appendWord(out []byte, digits string, n int, octal bool) []byte {
	var v uint64
	if octal {
		v, _ = strconv.ParseUint(digits, 8, 64)
	} else if n == 1 {
		return append(out, unhex(digits[0])<<4|unhex(digits[1]))
	} else {
		v, _ = strconv.ParseUint(digits, 16, 64)
	}
	for range n {
		out = append(out, byte(v))
		v >>= 8
	}
	return out
}

// odWithoutOffsets accepts od -A n output only where it cannot be plain
// hex that happens to start lines with a space: with its >characters<
// column, or over several lines of the same length, each indented by one
// space.
func odWithoutOffsets(text string, lines []odLine, zColumn bool) *Error {
	if zColumn {
		return nil
	}
	for k, l := range lines {
		if text[l.start] != ' ' || text[l.start+1] == ' ' || l.star || l.end {
			return errAt(OD, l.start, "expected od -A n output, each line one space and then the groups")
		}
		if k > 0 && k < len(lines)-1 && len(l.groups) != len(lines[0].groups) {
			return errAt(OD, l.start, "expected as many groups as on the first line")
		}
	}
	if len(lines) < 2 {
		return errAt(OD, lines[0].start, "expected an offset or od's >characters< column")
	}
	return nil
}

// odRadix works out the radix of the offsets: it is the one in which each
// offset steps by the bytes of the line before. od's default is octal,
// hexdump's hex; od -A d is decimal.
func odRadix(text string, lines []odLine, width, wordBytes int, octal bool) (Format, int, *Error) {
	if lines[0].off == "" {
		return OD, 16, nil
	}
	// hexdump pads a short last line with spaces and -x indents groups;
	// od -A x prints 6 digits.
	preferHex := len(lines[0].off) == 6
	for _, l := range lines {
		if l.padded || strings.HasPrefix(text[l.start+len(l.off):l.eol], "  ") {
			preferHex = true
		}
	}
	radixes := []int{8, 16, 10}
	if preferHex {
		radixes = []int{16, 8, 10}
	}
	var first *Error
	for _, radix := range radixes {
		err := odSteps(text, lines, width, wordBytes, octal, radix)
		if err == nil {
			f := OD
			if radix == 16 && len(lines[0].off) == 7 && wordBytes == 2 {
				f = Hexdump
			}
			return f, radix, nil
		}
		if first == nil {
			first = err
		}
	}
	return "", 0, first
}

// odSteps checks that the offsets in the radix step by the bytes of each line.
func odSteps(text string, lines []odLine, width, wordBytes int, octal bool, radix int) *Error {
	offs := make([]uint64, len(lines))
	for k, l := range lines {
		if l.star {
			continue
		}
		v, err := strconv.ParseUint(l.off, radix, 64)
		if err != nil {
			return errAt(OD, l.offAt, "expected a base-%d offset, found %q", radix, l.off)
		}
		offs[k] = v
	}
	for k := 0; k+1 < len(lines); k++ {
		l := lines[k]
		if l.star || l.end {
			continue
		}
		n := uint64(len(l.groups) * wordBytes)
		next := k + 1
		if lines[next].star {
			next++
			if span := offs[next] - offs[k]; offs[next] <= offs[k] || span%n != 0 || span/n < 2 {
				return errAt(OD, lines[next].offAt, "the offset after '*' is not a whole number of repeated %d-byte lines", n)
			}
			continue
		}
		d := offs[next] - offs[k]
		switch {
		case offs[next] <= offs[k]:
			return errAt(OD, lines[next].offAt, "offsets must increase")
		case lines[next].end && (d > n || n-d >= uint64(wordBytes) || l.chars >= 0 && d != uint64(l.chars) || !zeroPadded(text, l, int(n-d), width, wordBytes, octal)):
			return errAt(OD, lines[next].offAt, "the final offset says %d bytes on the line above, which holds %d", d, n)
		case !lines[next].end && d != n:
			return errAt(OD, lines[next].offAt, "the offsets say the line above holds %d bytes, it holds %d", d, n)
		}
	}
	return nil
}
