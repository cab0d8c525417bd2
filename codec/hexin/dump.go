package hexin

import (
	"slices"
	"strconv"
	"strings"
)

// maxRepeat caps what a '*' line may expand to, because a dump of a few lines
// can claim gigabytes of repeated bytes and the wasm heap cannot hold them.
const maxRepeat = 64 << 20

// dumpSpec describes one offset-column dump layout.
type dumpSpec struct {
	format Format
	// offset reads the offset at the start of the line [i, end). It returns
	// where the bytes start, or ok=false and the position that did not fit.
	offset func(s string, i, end int) (val uint64, next int, ok bool, msg string)
	// group reports whether a run of that many hex digits is one group.
	group     func(digits int) bool
	groupDesc string
	pipes     bool // the ASCII column is wrapped in |...|
	gutter    bool // an ASCII column follows the bytes after a wide gap
	endLine   bool // the dump ends with a line holding just the next offset
	star      bool // '*' stands for repeats of the line above it
	zeroStart bool // the tool always starts at offset 0
	header    func(line string) bool
}

type dumpRec struct {
	star       bool
	end        bool // offset-only line
	start, eol int  // line bounds, without the newline
	hs         int  // where the bytes start
	off        uint64
}

func hexOffset(minDigits int, after string) func(s string, i, end int) (uint64, int, bool, string) {
	return func(s string, i, end int) (uint64, int, bool, string) {
		j := i
		for j < end && isHex(s[j]) {
			j++
		}
		if j-i < minDigits {
			return 0, j, false, "expected a " + strconv.Itoa(minDigits) + "-digit hex offset, " + found(s, j)
		}
		if j-i > 16 {
			return 0, i + 16, false, "offset too long, " + found(s, i+16)
		}
		v, _ := strconv.ParseUint(s[i:j], 16, 64)
		if strings.TrimSpace(s[j:end]) == "" {
			return v, end, true, "" // an offset on its own
		}
		if !strings.HasPrefix(s[j:end], after) {
			return 0, j, false, "expected " + strconv.Quote(after) + " after the offset, " + found(s, j)
		}
		return v, j + len(after), true, ""
	}
}

func twoDigits(d int) bool { return d == 2 }

var canonicalSpec = &dumpSpec{
	format: HexdumpC, offset: hexOffset(8, " "), group: twoDigits, groupDesc: "2",
	pipes: true, endLine: true, star: true,
}

// parseCanonical reads hexdump -C and Go's hex.Dump, which share a layout;
// only hexdump -C prints a final offset line or squeezes repeats with '*'.
func parseCanonical(text string) ([]byte, Format, *Error) {
	b, hexdumpOnly, err := parseDump(text, canonicalSpec)
	if err != nil {
		return nil, "", err
	}
	if hexdumpOnly {
		return b, HexdumpC, nil
	}
	return b, GoDump, nil
}

var librdkafkaSpec = &dumpSpec{
	format: Librdkafka, offset: hexOffset(8, ": "), group: twoDigits, groupDesc: "2",
	gutter: true,
	header: func(line string) bool {
		return strings.Contains(line, " hexdump (") && strings.HasSuffix(line, " bytes):")
	},
}

func parseLibrdkafka(text string) ([]byte, Format, *Error) {
	b, _, err := parseDump(text, librdkafkaSpec)
	return b, Librdkafka, err
}

var xxdSpec = &dumpSpec{
	format: XXD, offset: hexOffset(8, ": "), group: func(d int) bool { return d%2 == 0 }, groupDesc: "an even number of",
	gutter: true, star: true,
}

func parseXXD(text string) ([]byte, Format, *Error) {
	if _, onlyLittle, err := xxdWords(text); err == nil && onlyLittle {
		return nil, XXD, errAt(XXD, 0, "the ASCII column shows little-endian words, as xxd -e prints them")
	}
	if last := strings.LastIndexByte(text, '\n'); last >= 0 && last < len(text)-1 {
		// The text stops inside its last line, and the lines above it
		// are xxd -e's: read as plain xxd, they would come out reordered.
		if _, onlyLittle, err := xxdWords(text[:last+1]); err == nil && onlyLittle {
			return nil, XXD, errAt(XXD, last+1, "the lines above show little-endian words, as xxd -e prints them, and the text stops inside this one")
		}
	}
	b, _, err := parseDump(text, xxdSpec)
	return b, XXD, err
}

var tcpdumpSpec = &dumpSpec{
	format: TcpdumpX,
	offset: func(s string, i, end int) (uint64, int, bool, string) {
		for i < end && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
		if !strings.HasPrefix(s[i:end], "0x") {
			return 0, i, false, "expected a tcpdump offset like 0x0010:, " + found(s, i)
		}
		return hexOffset(4, ":")(s, i+2, end)
	},
	group:     func(d int) bool { return d == 4 || d == 2 },
	groupDesc: "4",
	gutter:    true, zeroStart: true,
}

var wiresharkSpec = &dumpSpec{
	format: Wireshark, offset: hexOffset(4, "  "), group: twoDigits, groupDesc: "2",
	gutter: true, zeroStart: true,
}

// wiresharkFromSpec reads Wireshark's lines from any offset on: a part of
// a packet, copied from the middle.
var wiresharkFromSpec = func() *dumpSpec { sp := *wiresharkSpec; sp.zeroStart = false; return &sp }()

// parseDump reads a dump laid out as sp says. sawEnd reports whether a
// final offset line or a '*' line was seen.
func parseDump(text string, sp *dumpSpec) (out []byte, sawEnd bool, _ *Error) {
	// A line that does not fit is reported only after the lines before it
	// were read, so that the error is the first thing that does not fit.
	recs, headerLen, lineErr := dumpLines(text, sp)
	if len(recs) == 0 && lineErr != nil {
		return nil, false, lineErr
	}
	if len(recs) == 0 {
		return nil, false, errAt(sp.format, 0, "expected a %s line", sp.format)
	}
	first := recs[0]
	if first.star || first.end {
		return nil, false, errAt(sp.format, first.start, "expected a line of bytes first")
	}
	if sp.zeroStart && first.off != 0 {
		return nil, false, errAt(sp.format, first.start, "%s dumps start at offset 0", sp.format)
	}
	out = make([]byte, 0, len(text)/3)
	for k := 0; k < len(recs); k++ {
		r := recs[k]
		switch {
		case r.star:
			// Lines after a '*' are consumed with the data line before it.
			return nil, false, errAt(sp.format, r.start, "a '*' line must follow a line of bytes")
		case r.end:
			if k != len(recs)-1 {
				return nil, false, errAt(sp.format, recs[k+1].start, "expected nothing after the final offset")
			}
			sawEnd = true
			continue
		}
		n := -1
		var next *dumpRec
		if k+1 < len(recs) && !recs[k+1].star {
			next = &recs[k+1]
		}
		if next != nil {
			if next.off <= r.off {
				return nil, false, errAt(sp.format, next.start, "offsets must increase")
			}
			// The offset step says how many bytes this line holds, which
			// tells the bytes apart from an ASCII column that looks like hex.
			if d := next.off - r.off; d < uint64(len(text)) {
				n = int(d)
			} else {
				n = len(text)
			}
		}
		lineStart := len(out)
		var err *Error
		out, err = dumpLine(text, sp, r, n, out)
		if err != nil {
			return nil, false, err
		}
		if k+1 < len(recs) && recs[k+1].star {
			sawEnd = true
			if lineErr != nil && k+2 >= len(recs) {
				return nil, false, lineErr
			}
			if k+2 >= len(recs) || recs[k+2].star {
				return nil, false, errAt(sp.format, recs[k+1].eol, "expected an offset after the '*' line")
			}
			width := uint64(len(out) - lineStart)
			after := recs[k+2]
			span := after.off - r.off
			if after.off <= r.off || span%width != 0 || span/width < 2 {
				return nil, false, errAt(sp.format, after.start, "offset after '*' is not a whole number of repeated %d-byte lines", width)
			}
			if span > maxRepeat || uint64(len(out))+span > maxRepeat {
				return nil, false, errAt(sp.format, after.start, "'*' expands to more than %d bytes", maxRepeat)
			}
			// Grow once and double the copied region, since a '*' can stand
			// for megabytes of 16-byte lines.
			total := len(out) + int(span-width)
			out = slices.Grow(out, total-len(out))
			for len(out) < total {
				out = append(out, out[lineStart:min(len(out), lineStart+total-len(out))]...)
			}
			k++ // the star
		}
	}
	if lineErr != nil {
		return nil, false, lineErr
	}
	if headerLen >= 0 && headerLen != len(out) {
		return nil, false, errAt(sp.format, len(text), "the header says %d bytes but the dump holds %d", headerLen, len(out))
	}
	return out, sawEnd, nil
}

// dumpLines splits text into dump records, skipping blank lines and any
// header lines the tool prints above the dump.
func dumpLines(text string, sp *dumpSpec) (recs []dumpRec, headerLen int, _ *Error) {
	headerLen = -1
	// A record a line: counting the lines once the first one reads spares
	// the copies of a list grown line by line (a 1 MiB frame's dump has
	// 68,000), and a text of another format whose first line fails costs
	// nothing.
	add := func(r dumpRec) {
		if recs == nil {
			recs = make([]dumpRec, 0, strings.Count(text[r.start:], "\n")+1)
		}
		recs = append(recs, r)
	}
	for start := 0; start < len(text); {
		eol, next := lineEnd(text, start)
		if eol > start && text[eol-1] == '\r' {
			eol--
		}
		line := text[start:eol]
		trimmed := strings.TrimSpace(line)
		switch {
		case trimmed == "":
		case len(recs) == 0 && sp.header != nil && sp.header(line):
			if i := strings.LastIndex(line, "("); i >= 0 && sp.format == Librdkafka {
				if v, err := strconv.Atoi(strings.TrimSuffix(line[i+1:], " bytes):")); err == nil {
					headerLen = v
				}
			}
		case sp.star && trimmed == "*":
			add(dumpRec{star: true, start: start, eol: eol})
		default:
			off, hs, ok, msg := sp.offset(text, start, eol)
			if !ok {
				return recs, headerLen, &Error{Format: sp.format, off: hs, Msg: msg}
			}
			r := dumpRec{start: start, eol: eol, hs: hs, off: off}
			if strings.TrimSpace(text[hs:eol]) == "" {
				if !sp.endLine {
					return recs, headerLen, errAt(sp.format, eol, "expected bytes after the offset, %s", found(text, eol))
				}
				r.end = true
			}
			add(r)
		}
		start = next
	}
	return recs, headerLen, nil
}

// dumpLine appends the bytes of one line. n is the number of bytes the
// offsets say the line holds, or -1 when no later offset tells.
func dumpLine(text string, sp *dumpSpec, r dumpRec, n int, out []byte) ([]byte, *Error) {
	he := r.eol
	if sp.pipes {
		p := strings.IndexByte(text[r.hs:r.eol], '|')
		if p < 0 {
			return nil, errAt(sp.format, r.eol, "expected '|' before the ASCII column, %s", found(text, r.eol))
		}
		he = r.hs + p
	}
	// Without delimiters, the ASCII column is whatever follows the first
	// gap of two or more spaces, since the tools separate bytes with one.
	gapStops := sp.gutter && !sp.pipes
	i, count := r.hs, 0
	for {
		j := i
		for j < he && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j == he || !isHex(text[j]) || (gapStops && (count == n || count > 0 && j-i >= 2)) {
			i = j
			break
		}
		if count > 0 && j == i {
			break // something glued to the previous group
		}
		k := j
		for k < he && isHex(text[k]) {
			k++
		}
		d := k - j
		if d%2 == 1 {
			if k < he && text[k] != ' ' && text[k] != '\t' {
				return nil, errAt(sp.format, k, "expected a hex digit, %s", found(text, k))
			}
			return nil, errAt(sp.format, k-1, "odd number of hex digits")
		}
		if !sp.group(d) {
			return nil, errAt(sp.format, j, "expected groups of %s hex digits, found %d digits", sp.groupDesc, d)
		}
		if n >= 0 && count+d/2 > n {
			return nil, errAt(sp.format, j, "more bytes on this line than the next offset allows (%d)", n)
		}
		for x := j; x < k; x += 2 {
			out = append(out, unhex(text[x])<<4|unhex(text[x+1]))
		}
		count += d / 2
		i = k
	}
	switch {
	case count == 0 || (n >= 0 && count < n):
		if n >= 0 {
			return nil, errAt(sp.format, i, "expected a hex digit (the offsets say this line holds %d bytes, found %d), %s", n, count, found(text, i))
		}
		return nil, errAt(sp.format, i, "expected a hex digit, %s", found(text, i))
	case sp.pipes || !sp.gutter:
		if i != he {
			return nil, errAt(sp.format, i, "expected a hex digit, %s", found(text, i))
		}
	case i < r.eol && !(text[i-1] == ' ' || text[i-1] == '\t'):
		return nil, errAt(sp.format, i, "expected a space before the ASCII column, %s", found(text, i))
	}
	return out, nil
}
