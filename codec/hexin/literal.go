package hexin

import (
	"regexp"
	"strconv"
	"strings"
)

// listSpec describes a bracketed list of numbers.
type listSpec struct {
	format Format
	sep    byte // ',' or ' ' (whitespace)
	close  byte
	hexOK  bool // 0x12 items
	bare   bool // items are hex without 0x (Rust's {:02x?})
	// plain: decimal as languages print it, without leading zeros (an item
	// like 07 is hex, from another list).
	plain bool
	min   int // -128 where signed bytes are expected
	// trailing allows a separator before the closing bracket, as Go and C do.
	trailing bool
}

// parseList reads items from i, just after the opening bracket, up to and
// including the closing one.
func parseList(text string, i int, ls listSpec) ([]byte, int, *Error) {
	out := []byte{}
	needSep, afterSep := false, false
	for {
		i = skipSpace(text, i)
		if i >= len(text) {
			return nil, i, errAt(ls.format, i, "expected %q, %s", ls.close, found(text, i))
		}
		c := text[i]
		if c == ls.close {
			if afterSep && !ls.trailing {
				return nil, i, errAt(ls.format, i, "expected a number, %s", found(text, i))
			}
			return out, i + 1, nil
		}
		if needSep {
			if c != ls.sep {
				return nil, i, errAt(ls.format, i, "expected %q or %q, %s", ls.sep, ls.close, found(text, i))
			}
			i++
			needSep, afterSep = false, true
			continue
		}
		v, j, err := number(text, i, ls)
		if err != nil {
			return nil, j, err
		}
		out = append(out, v)
		if ls.sep == ' ' && j < len(text) && !isSpace(text[j]) && text[j] != ls.close {
			return nil, j, errAt(ls.format, j, "expected a space or %q, %s", ls.close, found(text, j))
		}
		needSep, afterSep = ls.sep != ' ', false
		i = j
	}
}

// number reads one byte value at i and returns it with the position after it.
func number(text string, i int, ls listSpec) (byte, int, *Error) {
	start, base, neg := i, 10, false
	if ls.bare {
		base = 16
	} else if ls.hexOK && (strings.HasPrefix(text[i:], "0x") || strings.HasPrefix(text[i:], "0X")) {
		base = 16
		i += 2
	} else if text[i] == '-' && ls.min < 0 {
		neg = true
		i++
	}
	j, v := i, 0
	for ; j < len(text); j++ {
		c := text[j]
		var d int
		switch {
		case '0' <= c && c <= '9':
			d = int(c - '0')
		case base == 16 && isHex(c):
			d = int(unhex(c))
		default:
			d = -1
		}
		if d < 0 {
			break
		}
		if v <= 0xffff { // enough to tell out of range, without overflow
			v = v*base + d
		}
	}
	if ls.plain && j-i > 1 && text[i] == '0' {
		return 0, i, errAt(ls.format, i, "a decimal byte with a leading zero (%s): the list looks like hex bytes", text[i:j])
	}
	if j == i {
		what := "a number"
		if base == 16 {
			what = "a hex digit"
		}
		return 0, i, errAt(ls.format, i, "expected %s, %s", what, found(text, i))
	}
	if neg {
		v = -v
	}
	if v < ls.min || v > 255 {
		return 0, start, errAt(ls.format, start, "%s is out of range for a byte (%d to 255)", text[start:j], ls.min)
	}
	return byte(v), j, nil
}

// expect matches each literal token in order, allowing whitespace before
// each, and reports the position of the first one that is missing.
func expect(text string, i int, f Format, toks ...string) (int, *Error) {
	for _, t := range toks {
		i = skipSpace(text, i)
		if !strings.HasPrefix(text[i:], t) {
			return i, errAt(f, i, "expected %q, %s", t, found(text, i))
		}
		i += len(t)
	}
	return i, nil
}

// afterLabel is where a bracketed list starts in text when a log line's
// label comes before it on its line ("frame: [0 0 0 195 ...]", "2026/12/04
// 17:40:00 sent [0, 0, -61]", "req=[...]", as a program prints what it
// sends): up to 100 characters of the first line, with no bracket, brace,
// parenthesis, quote or equals sign but one that ends it. 0 when there is
// no such label.
func afterLabel(text string, open byte) int {
	i := strings.IndexByte(text, open)
	if i <= 0 || i > 100 {
		return 0
	}
	label := strings.TrimSuffix(strings.TrimSpace(text[:i]), "=")
	if label == "" || strings.ContainsAny(label, "[]{}()<>\"'`=\n") {
		return 0
	}
	return i
}

// atEnd checks that only whitespace follows i.
func atEnd(text string, i int, f Format) *Error {
	if j := skipSpace(text, i); j < len(text) {
		return errAt(f, j, "expected the end of the text, %s", found(text, j))
	}
	return nil
}

// parseJava reads Java's bytes: Arrays.toString's [0, 0, -61], or an
// array initializer as source code holds one, new byte[]{0, 0, (byte)
// 0xc3} or byte[] b = {...}; (bytes are signed, so a cast or a negative
// number writes those over 127).
func parseJava(text string) ([]byte, Format, *Error) {
	if i := skipSpace(text, 0); i < len(text) && text[i] == '[' || afterLabel(text, '[') > 0 && !strings.Contains(text, "{") {
		return bracketList(text, '[', listSpec{format: Java, sep: ',', close: ']', min: -128, plain: true})
	}
	// Comments and casts are blanked, not cut, so that offsets stay the
	// text's; the opening first, so that a text of another format (a dump
	// whose ASCII column holds a '/') costs no copy.
	head := javaComments(text[:min(len(text), 1024)])
	brace := strings.IndexByte(head, '{')
	if brace < 0 || brace > 200 || !javaPrefix.MatchString(head[:brace]) || !strings.Contains(head[:brace], "byte") && !strings.Contains(text, "(byte)") ||
		strings.Contains(head[:brace], "var ") && !strings.Contains(head[:brace], "new") {
		i := skipSpace(head, 0)
		return nil, Java, errAt(Java, i, "expected \"[\" (Arrays.toString) or \"new byte[] {\", %s", found(text, i))
	}
	bare := javaCast.ReplaceAllStringFunc(javaComments(text), func(c string) string { return strings.Repeat(" ", len(c)) })
	out, i, err := parseList(bare, brace+1, listSpec{format: Java, sep: ',', close: '}', hexOK: true, trailing: true, min: -128})
	if err != nil {
		// The text opens as Java's array does: what stopped this reader
		// is what is wrong with it, however far another got.
		err.shaped = true
		return nil, Java, err
	}
	if i = skipSpace(bare, i); i < len(bare) && bare[i] == ';' {
		i++
	}
	if err := atEnd(bare, i, Java); err != nil {
		err.shaped = true
		return nil, Java, err
	}
	return out, Java, nil
}

var (
	// javaPrefix is what may come before the brace: a declaration, with
	// modifiers, of a byte[] (or, with new byte[], a var), and new byte[].
	javaPrefix = regexp.MustCompile(`^\s*(?:(?:(?:public|protected|private|static|final)\s+)*` +
		`(?:byte\s*\[\s*\]\s*[A-Za-z_]\w*|var\s+[A-Za-z_]\w*)\s*=\s*)?(?:new\s+byte\s*\[\s*\]\s*)?$`)
	javaCast = regexp.MustCompile(`\(\s*byte\s*\)`)
)

// javaComments blanks Java's comments (// to the end of the line, /* to
// */) out of text, keeping its newlines so that offsets stay the text's.
// An unclosed /* runs to the end.
func javaComments(text string) string {
	if !strings.Contains(text, "/") {
		return text
	}
	b := []byte(text)
	for i := 0; i+1 < len(b); i++ {
		switch {
		case b[i] == '/' && b[i+1] == '/':
			for ; i < len(b) && b[i] != '\n'; i++ {
				b[i] = ' '
			}
		case b[i] == '/' && b[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			stop := len(b)
			if end >= 0 {
				stop = i + 2 + end + 2
			}
			for ; i < stop; i++ {
				if b[i] != '\n' {
					b[i] = ' '
				}
			}
			i--
		}
	}
	return string(b)
}

// parseHexList reads a bracketed list of hex bytes without 0x, as Rust's
// {:02x?} and {:x?} print a byte slice. Decimal lists look alike: the list
// must have a digit a to f, or every item two digits (decimal has no
// leading zeros), else it is left to the decimal readers.
func parseHexList(text string) ([]byte, Format, *Error) {
	out, f, err := bracketList(text, '[', listSpec{format: HexList, sep: ',', close: ']', bare: true})
	if err != nil {
		return out, f, err
	}
	open := strings.IndexByte(text, '[')
	items := strings.Split(text[open+1:strings.LastIndexByte(text, ']')], ",")
	padded := true
	for _, it := range items {
		it = strings.TrimSpace(it)
		if strings.ContainsAny(it, "abcdefABCDEF") {
			return out, f, nil
		}
		padded = padded && len(it) == 2
	}
	if !padded {
		return nil, f, errAt(HexList, open, "a list of decimal numbers, not of hex bytes: no digit a to f, and not every item two digits")
	}
	return out, f, nil
}

// parseErlang reads an Erlang or Elixir binary, <<0,0,0,37>>.
func parseErlang(text string) ([]byte, Format, *Error) {
	ls := listSpec{format: Erlang, sep: ',', close: '>'}
	i, err := expect(text, 0, Erlang, "<<")
	if err != nil {
		return nil, Erlang, err
	}
	out, i, err := parseList(text, i, ls)
	if err == nil {
		i, err = expect(text, i-1, Erlang, ">>")
	}
	if err == nil {
		err = atEnd(text, i, Erlang)
	}
	if err != nil && strings.Contains(text, "...") {
		// Elixir's inspect cuts a long binary short at its limit.
		err = errAt(Erlang, strings.Index(text, "..."), "the binary is truncated (inspect it with limit: :infinity)")
	}
	return out, Erlang, err
}

func parseGoV(text string) ([]byte, Format, *Error) {
	return bracketList(text, '[', listSpec{format: GoV, sep: ' ', close: ']'})
}

func bracketList(text string, open byte, ls listSpec) ([]byte, Format, *Error) {
	label := afterLabel(text, open)
	i, err := expect(text, label, ls.format, string(open))
	if err != nil {
		return nil, ls.format, err
	}
	out, i, err := parseList(text, i, ls)
	if err == nil {
		err = atEnd(text, i, ls.format)
	}
	if err != nil && label > 0 {
		// Only a list read whole makes the text before it a label: a
		// line of a log with a bracket in it is not this format.
		j := skipSpace(text, 0)
		return nil, ls.format, errAt(ls.format, j, "expected %q, %s", open, found(text, j))
	}
	return out, ls.format, err
}

var goPrefix = regexp.MustCompile(`^\s*(?:(?:var\s+)?[A-Za-z_]\w*\s*:?=\s*)?\[\](?:byte|uint8)\s*$`)

func parseGoLiteral(text string) ([]byte, Format, *Error) {
	ls := listSpec{format: GoLiteral, sep: ',', close: '}', hexOK: true, trailing: true}
	brace := strings.IndexByte(text, '{')
	if brace < 0 || brace > 200 || !goPrefix.MatchString(text[:brace]) {
		i := skipSpace(text, 0)
		return nil, GoLiteral, errAt(GoLiteral, i, "expected \"[]byte{\", %s", found(text, i))
	}
	out, i, err := parseList(text, brace+1, ls)
	if err == nil {
		err = atEnd(text, i, GoLiteral)
	}
	return out, GoLiteral, err
}

var (
	cPrefix = regexp.MustCompile(`^\s*(?:(?:[A-Za-z_]\w*\s+)+[A-Za-z_]\w*\s*\[\s*\w*\s*\]\s*=\s*)?$`)
	// xxd -i follows the array with its length, which is worth checking.
	cLen = regexp.MustCompile(`^(?:[A-Za-z_]\w*\s+)+[A-Za-z_]\w*\s*=\s*(\d+)\s*;\s*$`)
)

func parseCArray(text string) ([]byte, Format, *Error) {
	ls := listSpec{format: CArray, sep: ',', close: '}', hexOK: true, trailing: true, min: -128}
	brace := strings.IndexByte(text, '{')
	if brace < 0 || brace > 200 || !cPrefix.MatchString(text[:brace]) {
		i := skipSpace(text, 0)
		return nil, CArray, errAt(CArray, i, "expected \"{\", %s", found(text, i))
	}
	out, i, err := parseList(text, brace+1, ls)
	if err != nil {
		return nil, CArray, err
	}
	i = skipSpace(text, i)
	if i < len(text) && text[i] == ';' {
		i = skipSpace(text, i+1)
	}
	if i < len(text) {
		m := cLen.FindStringSubmatchIndex(text[i:])
		if m == nil {
			return nil, CArray, errAt(CArray, i, "expected the end of the text, %s", found(text, i))
		}
		if n, err := strconv.Atoi(text[i+m[2] : i+m[3]]); err != nil || n != len(out) {
			return nil, CArray, errAt(CArray, i+m[2], "the length says %s bytes but the array holds %d", text[i+m[2]:i+m[3]], len(out))
		}
	}
	return out, CArray, nil
}

func parseNodeBuffer(text string) ([]byte, Format, *Error) {
	i, err := expect(text, 0, NodeBuffer, "<Buffer")
	if err != nil {
		return nil, NodeBuffer, err
	}
	out := []byte{}
	for {
		j := skipSpace(text, i)
		switch {
		case j < len(text) && text[j] == '>':
			return out, NodeBuffer, atEnd(text, j+1, NodeBuffer)
		case strings.HasPrefix(text[j:], "..."):
			// Node shows only the first 50 bytes; the rest are gone.
			return nil, NodeBuffer, errAt(NodeBuffer, j, "the dump is truncated: Node left out %s", strings.TrimSuffix(strings.TrimSpace(text[j+3:]), ">"))
		case j == i && len(out) > 0 || j+1 >= len(text) || !isHex(text[j]) || !isHex(text[j+1]) || j+2 < len(text) && isHex(text[j+2]):
			if j < len(text) && isHex(text[j]) && (j+1 >= len(text) || !isHex(text[j+1])) {
				j++
			}
			return nil, NodeBuffer, errAt(NodeBuffer, j, "expected two hex digits or '>', %s", found(text, j))
		}
		out = append(out, unhex(text[j])<<4|unhex(text[j+1]))
		i = j + 2
	}
}

func parseNodeJSON(text string) ([]byte, Format, *Error) {
	i, err := expect(text, 0, NodeBufferJSON, "{", `"type"`, ":", `"Buffer"`, ",", `"data"`, ":", "[")
	if err != nil {
		return nil, NodeBufferJSON, err
	}
	out, i, err := parseList(text, i, listSpec{format: NodeBufferJSON, sep: ',', close: ']'})
	if err != nil {
		return nil, NodeBufferJSON, err
	}
	if i, err = expect(text, i, NodeBufferJSON, "}"); err != nil {
		return nil, NodeBufferJSON, err
	}
	return out, NodeBufferJSON, atEnd(text, i, NodeBufferJSON)
}

// quoted reads a sequence of adjacent quoted literals (C and Python both
// concatenate them, and long values are often split that way).
func quoted(text string, f Format) ([]byte, Format, *Error) {
	out := []byte{}
	i := skipSpace(text, 0)
	end := len(text)
	if rest, ok := strings.CutPrefix(text[i:], "bytearray("); ok && f == PythonBytes {
		// Python's repr of a bytearray: the bytes literal inside.
		t := strings.TrimRight(text, " \t\r\n")
		if !strings.HasSuffix(t, ")") {
			return nil, f, errAt(f, len(t), "expected ')' at the end of the bytearray, %s", found(text, len(t)))
		}
		i, end = len(text)-len(rest), len(t)-1
	}
	for n := 0; ; n++ {
		if n > 0 {
			i = skipSpace(text[:end], i)
			if i == end {
				return out, f, nil
			}
			if f == CString && strings.HasPrefix(text[i:], "...") {
				// strace marks strings it cut short this way.
				return nil, f, errAt(f, i, "the string is truncated (it ends with ...)")
			}
		}
		q := byte('"')
		if f == PythonBytes {
			if i < len(text) && (text[i] == 'b' || text[i] == 'B') {
				i++
			} else {
				return nil, f, errAt(f, i, "expected b' or b\", %s", found(text, i))
			}
			if i < len(text) && text[i] == '\'' {
				q = '\''
			}
		}
		if i >= len(text) || text[i] != q {
			return nil, f, errAt(f, i, "expected %q, %s", q, found(text, i))
		}
		var err *Error
		out, i, err = unquote(text, i+1, q, f, out)
		if err != nil {
			return nil, f, err
		}
	}
}

// unquote reads one literal body from i up to and including the closing quote.
func unquote(text string, i int, q byte, f Format, out []byte) ([]byte, int, *Error) {
	for i < len(text) {
		c := text[i]
		switch {
		case c == q:
			return out, i + 1, nil
		case c == '\n' || c == '\r':
			return nil, i, errAt(f, i, "expected %q before the end of the line", q)
		case c != '\\':
			if f == PythonBytes && (c < 0x20 || c > 0x7e) || c < 0x20 && c != '\t' {
				return nil, i, errAt(f, i, "expected a printable ASCII character or an escape, %s", found(text, i))
			}
			out = append(out, c)
			i++
			continue
		}
		i++
		if i >= len(text) {
			break
		}
		c = text[i]
		if v, ok := simpleEscapes[c]; ok {
			out = append(out, v)
			i++
			continue
		}
		switch {
		case c == '?' && f == CString:
			out = append(out, '?')
			i++
		case c == '\n' && f == PythonBytes:
			i++ // line continuation
		case c == 'x':
			// C would let \x run on over any number of digits, but tools
			// that print escapes (Go's %q, Python) always use two.
			if i+2 >= len(text) || !isHex(text[i+1]) || !isHex(text[i+2]) {
				j := i + 1
				if j < len(text) && isHex(text[j]) {
					j++
				}
				return nil, j, errAt(f, j, "expected two hex digits after \\x, %s", found(text, j))
			}
			out = append(out, unhex(text[i+1])<<4|unhex(text[i+2]))
			i += 3
		case '0' <= c && c <= '7':
			v, j := 0, i
			for j < len(text) && j < i+3 && '0' <= text[j] && text[j] <= '7' {
				v = v*8 + int(text[j]-'0')
				j++
			}
			if v > 0xff {
				return nil, i - 1, errAt(f, i-1, "octal escape \\%s is out of range for a byte", text[i:j])
			}
			out = append(out, byte(v))
			i = j
		default:
			return nil, i, errAt(f, i, "unknown escape, %s", found(text, i))
		}
	}
	return nil, len(text), errAt(f, len(text), "expected %q, found the end of the text", q)
}

var simpleEscapes = map[byte]byte{
	'\\': '\\', '\'': '\'', '"': '"', 'a': 7, 'b': 8, 'f': 12, 'n': '\n', 'r': '\r', 't': '\t', 'v': 11,
}

func parsePython(text string) ([]byte, Format, *Error)  { return quoted(text, PythonBytes) }
func parseCString(text string) ([]byte, Format, *Error) { return quoted(text, CString) }
