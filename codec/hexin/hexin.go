// Package hexin turns bytes that were written out as text (hex dumps, byte-array
// literals, base64 and the like, as copied from logs and terminals) back into bytes.
//
// It knows nothing about Kafka: callers hand it whatever the user pasted and get
// back the bytes, the format it recognised, and the other formats that would
// also have accepted the text, so that a UI can offer to switch. Packet dumps
// (tcpdump -X, tshark -x) come back packet by packet, headers and all: taking
// the link, IP and TCP headers off is left to the code that reads captures.
// Wireshark's Follow Stream dumps come back as conversations: what each
// side of a connection sent, in order.
package hexin

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Format names a textual representation of bytes.
type Format string

// The formats Parse recognises, in the order in which it prefers them when
// several accept the same text: structured dumps first because their offset
// columns would otherwise be misread as data, literals next, and the loosest
// encodings (hex, then base64, then percent) last.
const (
	HexdumpC       Format = "hexdump -C"
	GoDump         Format = "go hex.Dump"
	Librdkafka     Format = "librdkafka"
	XXDLittle      Format = "xxd -e"
	XXD            Format = "xxd"
	TcpdumpX       Format = "tcpdump -X"
	Wireshark      Format = "wireshark"
	OD             Format = "od"
	Hexdump        Format = "hexdump"
	NodeBuffer     Format = "node buffer"
	NodeBufferJSON Format = "node buffer json"
	GoLiteral      Format = "go literal"
	CArray         Format = "c array"
	Java           Format = "java"
	HexList        Format = "hex list"      // Rust's {:02x?}: [00, 00, 00, 25]
	Erlang         Format = "erlang binary" // <<0,0,0,37>>, Elixir's <<0, 0, 0, 37>>
	GoV            Format = "go %v"
	PythonBytes    Format = "python bytes"
	CString        Format = "c string"
	Hex            Format = "hex"
	Base64         Format = "base64"
	Base64URL      Format = "base64url"
	Percent        Format = "percent"
)

// Result is what Parse found.
type Result struct {
	// Bytes are the bytes the text holds; for a packet dump, the packets'
	// bytes one after another.
	Bytes  []byte
	Format Format
	// Note says how the text was read where the format's name does not,
	// e.g. "read as little-endian 16-bit words".
	Note string
	// LeftOut says what of the text was not read: its last line, when the
	// text stops inside it ("" when all was read).
	LeftOut string
	// Packets holds each packet of a packet dump (tcpdump -X, tshark -x)
	// separately, in the order of the text; nil for other formats.
	Packets []Packet
	// Conversations holds each connection of a Follow Stream dump (both
	// sides, who sent what); nil for other formats.
	Conversations []Conversation
	// Alternatives are the other formats that also accept the text, in order
	// of preference, e.g. base64 when a run of hex digits won as hex.
	Alternatives []Format
}

// Error reports where the text stopped making sense.
type Error struct {
	Line, Column int    // 1-based, of the first character that does not fit
	Format       Format // the format that got furthest
	Msg          string
	// Tried lists the formats Parse tried when none of them read the text;
	// Msg then names them and says what stopped the one that came closest.
	Tried []Format

	off int // byte offset into the text, to pick the parser that got furthest
	// shaped says the text opens as this format does, unmistakably (a
	// Java array's declaration): its error is the one to report, even
	// where another reader got further.
	shaped bool
}

func (e *Error) Error() string {
	return fmt.Sprintf("line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

type parser struct {
	format Format
	parse  func(text string) ([]byte, Format, *Error)
	// read is set instead of parse by formats that say more than the bytes.
	read func(text string) (Result, *Error)
}

func (p parser) run(text string) (Result, *Error) {
	if p.read != nil {
		return p.read(text)
	}
	b, f, err := p.parse(text)
	return Result{Bytes: b, Format: f}, err
}

// parsers is ordered by preference; see the Format constants.
var parsers = []parser{
	{format: HexdumpC, parse: parseCanonical},
	{format: Librdkafka, parse: parseLibrdkafka},
	{format: XXDLittle, read: readXXDLittle},
	{format: XXD, parse: parseXXD},
	{format: TcpdumpX, read: readTcpdump},
	{format: Wireshark, read: readTshark},
	{format: FollowHex, read: readFollowHex},
	{format: FollowRaw, read: readFollowRaw},
	{format: FollowYAML, read: readFollowYAML},
	{format: FramesJSON, read: readFramesJSON},
	{format: KafkajsLog, read: readKafkajsLog},
	{format: OD, read: readOD},
	{format: NodeBuffer, parse: parseNodeBuffer},
	{format: NodeBufferJSON, parse: parseNodeJSON},
	{format: GoLiteral, parse: parseGoLiteral},
	{format: CArray, parse: parseCArray},
	{format: Java, parse: parseJava},
	{format: HexList, parse: parseHexList},
	{format: Erlang, parse: parseErlang},
	{format: GoV, parse: parseGoV},
	{format: PythonBytes, parse: parsePython},
	{format: CString, parse: parseCString},
	{format: Hex, parse: parseHex},
	{format: Base64, parse: parseBase64},
	{format: Base64URL, parse: parseBase64URL},
	{format: Percent, parse: parsePercent},
}

// Formats lists every format, in the order Parse prefers them.
func Formats() []Format {
	fs := make([]Format, 0, len(parsers)+1)
	for _, p := range parsers {
		fs = append(fs, p.format)
		switch p.format {
		case HexdumpC:
			fs = append(fs, GoDump)
		case OD:
			fs = append(fs, Hexdump)
		}
	}
	return fs
}

// Parse reads bytes written out as text in any of the supported formats,
// detects which, and returns them. Text of hex digits and spaces only, or
// whose first line is hex, is hex even where it breaks (an odd number of
// digits, a word after it): the error says where, rather than base64
// reading it as bytes no one wrote.
func Parse(text string) (Result, error) {
	if strings.TrimSpace(text) == "" {
		return Result{}, noBytes(text)
	}
	var res Result
	var best, hexErr *Error
	found := false
	for _, p := range parsers {
		r, err := p.run(text)
		if err != nil {
			if best == nil || err.shaped && !best.shaped || err.off > best.off && err.shaped == best.shaped {
				best = err
			}
			if p.format == Hex {
				hexErr = err
			}
			continue
		}
		f := r.Format
		if !found {
			res = r
			found = true
		} else {
			res.Alternatives = append(res.Alternatives, f)
		}
		// hexdump -C and Go's hex.Dump share a layout; the parser names the
		// one the text looks most like, and the other one also fits.
		if p.format == HexdumpC {
			other := GoDump
			if f == GoDump {
				other = HexdumpC
			}
			res.Alternatives = append(res.Alternatives, other)
		}
	}
	if hexErr != nil && (!found || res.Format == Base64 || res.Format == Base64URL) {
		// Hex that went wrong is told as hex: base64 reads most runs of
		// letters and digits (hex cut short, or followed by a word, came
		// out as bytes no one wrote), and od's offsets are digits too.
		if !found {
			// A dump of hex digits only (od's, hexdump's) cut inside its
			// last line is that dump without the line, not hex broken on
			// its first offset.
			if r, ok := withoutCutLine(text, best, Parse); ok {
				return r, nil
			}
		}
		switch {
		case hexDigitsOnly(text):
			return Result{}, hexErr.locate(text)
		case hexFirstLine(text, hexErr), hexPairs(text):
			return Result{}, nothingFits(text, hexErr)
		}
	}
	if found && res.Format == Hex && !strings.HasSuffix(text, "\n") {
		// Hex also reads a dump with even offsets (od -A x's) whose last
		// line is cut after an even number of digits: read without that
		// line, the text is the dump, and hex only because of the cut.
		if r, ok := withoutCutLine(text, best, Parse); ok && r.Format != Hex {
			return r, nil
		}
	}
	if !found {
		if r, ok := withoutCutLine(text, best, Parse); ok {
			return r, nil
		}
		if r, ok := withoutWrapping(text); ok {
			return r, nil
		}
		return Result{}, nothingFits(text, best)
	}
	if quotedHex(res) {
		// A quoted string of hex digits is hex: no Kafka frame is made of
		// the ASCII codes of hex digits (its size prefix alone would say
		// over 800 MB). The literal's bytes are the digits.
		b, _ := hex.DecodeString(string(res.Bytes))
		alts := []Format{res.Format}
		for _, f := range res.Alternatives {
			if f != Hex {
				alts = append(alts, f)
			}
		}
		res = Result{Bytes: b, Format: Hex, Alternatives: alts}
	}
	if lo, _ := quotedSpan(text); res.Format == Hex && lo > 0 {
		res.Note = "the hex digits inside the quotes"
	}
	if res.Format != XXDLittle {
		// When the ASCII column reads the same both ways round (all dots,
		// say), the words may still be xxd -e's.
		if _, _, err := xxdWords(text); err == nil {
			res.Alternatives = append(res.Alternatives, XXDLittle)
		}
	}
	return res, nil
}

// withoutCutLine reads text without its last line when the text stops
// inside that line (no newline ends it) and its end is where the formats
// stopped: a dump copied or logged up to a byte count, not a line. A '*'
// line left last (hexdump's, od's, xxd -a's repeats) goes too: only the
// offset after it said how many lines it stands for. The lines before are
// read as a whole text is, and the note says which lines were left out.
func withoutCutLine(text string, err *Error, parse func(string) (Result, error)) (Result, bool) {
	if err == nil || !stoppedByCut(text, err.off) {
		return Result{}, false
	}
	keep, cutLine, starLine := len(text), 0, 0 // text[:keep] is read
	if !strings.HasSuffix(text, "\n") {
		last := strings.LastIndexByte(text, '\n')
		if last < 0 {
			return Result{}, false
		}
		keep, cutLine = last+1, strings.Count(text, "\n")+1
	}
	if t := strings.TrimRight(text[:keep], " \t\r\n"); strings.HasSuffix(t, "\n*") {
		keep = len(t) - 1
		starLine = strings.Count(text[:keep], "\n") + 1
	}
	if cutLine == 0 && starLine == 0 {
		return Result{}, false
	}
	res, perr := parse(text[:keep])
	if perr != nil {
		return Result{}, false
	}
	// The format read without the lines must be one that stopped in them:
	// another may stop earlier in the whole text (an offset on the cut
	// line that changes how the lines before it read).
	var e *Error
	if _, ferr := parseAs(text, res.Format); ferr == nil || !errors.As(ferr, &e) || !stoppedByCut(text, e.off) || e.off < keep {
		return Result{}, false
	}
	var cut string
	switch {
	case starLine == 0:
		cut = fmt.Sprintf("the text stops inside its line %d, which was left out", cutLine)
	case cutLine == 0:
		cut = fmt.Sprintf("the text stops after a '*' line (line %d), which was left out: nothing says how many lines it stands for", starLine)
	default:
		cut = fmt.Sprintf("the text stops inside its line %d, which was left out with the '*' line above it (line %d): nothing says how many lines that stands for", cutLine, starLine)
	}
	if res.LeftOut != "" {
		// Without the line, a packet above it is cut short too.
		cut += "; without it, " + res.LeftOut
	}
	res.LeftOut = cut
	return res, true
}

// withoutWrapping reads a dump pasted with lines around it that are no
// part of it: a Markdown code fence (from an issue or a chat) and a line
// or a few of prose above it, the shell command that printed it ("$ xxd
// frame.bin", "user@host:~$ xxd frame.bin") and the prompt after it.
// Those lines are left out, and LeftOut says which. A dump whose every
// line starts the same way with spaces or an email's quoting ("> ") is
// read without that start: a Markdown indented code block's four spaces,
// a list item's two, a quoted reply.
func withoutWrapping(text string) (Result, bool) {
	lines := strings.SplitAfter(text, "\n")
	first, last := 0, len(lines)-1
	for last > first && strings.TrimSpace(lines[last]) == "" {
		last--
	}
	for first < last && strings.TrimSpace(lines[first]) == "" {
		first++
	}
	var prose, dropped []int // 1-based numbers of the lines left out
	// Prose above a fence: the fence says where the dump starts.
	for i := first; i <= min(last, first+maxProse); i++ {
		if fence(lines[i]) {
			for ; first < i; first++ {
				if strings.TrimSpace(lines[first]) != "" {
					prose = append(prose, first+1)
				}
			}
			break
		}
	}
	for first <= last && wrapping(lines[first], true) {
		dropped = append(dropped, first+1)
		first++
	}
	for last >= first && wrapping(lines[last], false) {
		dropped = append(dropped, last+1)
		last--
	}
	kept := lines[first : last+1]
	indent := commonIndent(kept)
	indented := indent != ""
	if indented {
		kept = slices.Clone(kept)
		for i, l := range kept {
			kept[i] = strings.TrimPrefix(l, indent)
		}
	}
	if len(prose) == 0 && len(dropped) == 0 && !indented || first > last {
		return Result{}, false
	}
	res, err := Parse(strings.Join(kept, ""))
	if err != nil {
		return Result{}, false
	}
	var notes []string
	if len(prose) > 0 {
		notes = append(notes, lineNumbers(prose)+" (text above the code fence) left out")
	}
	if len(dropped) > 0 {
		slices.Sort(dropped)
		notes = append(notes, lineNumbers(dropped)+" (a code fence, or a shell's command or prompt) left out")
	}
	switch {
	case strings.Contains(indent, ">"):
		notes = append(notes, fmt.Sprintf("the quoting every line starts with (%q) left out", indent))
	case indent == "    ":
		notes = append(notes, "the four spaces every line starts with (a Markdown code block) left out")
	case indented:
		notes = append(notes, fmt.Sprintf("the %d spaces every line starts with left out", len(indent)))
	}
	if res.LeftOut != "" {
		notes = append(notes, res.LeftOut)
	}
	res.LeftOut = strings.Join(notes, "; ")
	return res, true
}

// commonIndent is how every line of lines that holds more than spaces
// starts: the longest run of spaces and '>' they share (an indent, an
// email's quoting), "" when they share none.
func commonIndent(lines []string) string {
	indent, seen := "", false
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		lead := l[:len(l)-len(strings.TrimLeft(l, " >"))]
		if !seen {
			indent, seen = lead, true
			continue
		}
		n := 0
		for n < len(indent) && n < len(lead) && indent[n] == lead[n] {
			n++
		}
		indent = indent[:n]
	}
	return indent
}

// lineNumbers says which lines nums are: "line 3", "lines 1, 2 and 7".
func lineNumbers(nums []int) string {
	s := make([]string, len(nums))
	for i, n := range nums {
		s[i] = strconv.Itoa(n)
	}
	if len(s) == 1 {
		return "line " + s[0]
	}
	return "lines " + strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// maxProse is how many lines of prose above a code fence are left out
// ("Here is the frame:"): more, and the text is more than a pasted dump.
const maxProse = 3

// fence reports whether line is a Markdown code fence, with its language.
func fence(line string) bool {
	t := strings.TrimSpace(line)
	return (strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~")) && !strings.ContainsAny(strings.TrimLeft(t, "`~"), " `~")
}

// wrapping reports whether line is one a dump is pasted with: a Markdown
// code fence, with its language; above the dump, a shell command after its
// prompt; below it, a prompt alone.
func wrapping(line string, above bool) bool {
	if fence(line) {
		return true
	}
	command, ok := shellPrompt(strings.TrimSpace(line))
	return ok && (command != "") == above
}

// shellPrompt reports whether t starts with a shell's prompt, and returns
// what follows it: "$ ", "% " or root's "# ", alone or after the user and
// host ("user@host:~$ ", "[root@broker1 ~]# "). The part before the
// prompt's last character must hold an '@' and start with a letter or '[':
// no line of a dump does (its offsets start with a digit, and a space
// comes before any ASCII column that holds an '@').
func shellPrompt(t string) (command string, ok bool) {
	i := strings.IndexAny(t, "$#%")
	if i < 0 || i+1 < len(t) && t[i+1] != ' ' {
		return "", false
	}
	who := t[:i]
	switch {
	case who == "":
	case strings.HasPrefix(who, "[") && strings.HasSuffix(who, "]") && strings.Contains(who, "@") && !strings.Contains(who[1:], "["):
	case strings.Contains(who, "@") && !strings.ContainsAny(who, " \t[]") && ('a' <= who[0] && who[0] <= 'z' || 'A' <= who[0] && who[0] <= 'Z' || who[0] == '_'):
	default:
		return "", false
	}
	return strings.TrimSpace(t[i+1:]), true
}

// stoppedByCut reports whether a format that stopped at off in text was
// stopped by the text's end: what is left from there is part of a dump's
// line (hex digits, an offset's 0x and colon, spaces: half a byte, an
// offset without its bytes), not a word that is no dump.
func stoppedByCut(text string, off int) bool {
	if off < strings.LastIndexByte(text, '\n') {
		return false
	}
	for i := off; i < len(text); i++ {
		if c := text[i]; !isHex(c) && !isSpace(c) && c != 'x' && c != ':' {
			return false
		}
	}
	return true
}

// hexDigitsOnly reports whether text is hex digits and spaces only: hex,
// whatever else reads it, so what stopped the hex parser (an odd number of
// digits, say) is the error.
func hexDigitsOnly(text string) bool {
	return strings.IndexFunc(text, func(r rune) bool { return r >= 0x80 || !isHex(byte(r)) && !isSpace(byte(r)) }) < 0
}

// hexFirstLine reports whether the hex parser, stopped with err, read the
// text's first line whole: hex followed by something else, not base64. A
// line of real base64 holds other letters: only 22 of its 64 characters are
// hex digits.
func hexFirstLine(text string, err *Error) bool {
	eol, _ := lineEnd(text, skipSpace(text, 0))
	return err.off > eol
}

// hexPairs reports whether text is words of two characters, at least
// three in four of them two hex digits (of four words or more, in its
// first 4 KiB): bytes in hex pairs with a few mistyped. The hex parser's
// error then says where, not base64's, which stops later.
func hexPairs(text string) bool {
	head := text[:min(len(text), 4096)]
	if len(head) < len(text) {
		head = head[:strings.LastIndexAny(head, " \t\n")+1] // no word cut in two
	}
	words := strings.Fields(head)
	if len(words) < 4 {
		return false
	}
	pairs := 0
	for _, w := range words {
		if len(w) != 2 {
			return false
		}
		if isHex(w[0]) && isHex(w[1]) {
			pairs++
		}
	}
	return 4*pairs >= 3*len(words)
}

// quotedHex reports whether a result read as a string literal is hex
// digits only, an even number of them, eight at least, which hex also reads.
func quotedHex(r Result) bool {
	if (r.Format != PythonBytes && r.Format != CString) || len(r.Bytes) < 8 || len(r.Bytes)%2 == 1 || !slices.Contains(r.Alternatives, Hex) {
		return false
	}
	for _, c := range r.Bytes {
		if !isHex(c) {
			return false
		}
	}
	return true
}

// nothingFits turns the error of the parser that read furthest into one
// that also says what else was tried, since its message alone ("expected a
// base64 character") reads as if the text had to be base64.
func nothingFits(text string, closest *Error) *Error {
	closest.locate(text)
	return &Error{
		Line: closest.Line, Column: closest.Column, Format: closest.Format, Tried: Formats(), off: closest.off,
		Msg: fmt.Sprintf("found no bytes: the text is none of the dumps (hexdump, xxd, od, tcpdump, tshark, Wireshark's Follow Stream, librdkafka), "+
			"byte literals (Go, C, Java, Python, Node, Rust, Erlang) or encodings (hex, base64, percent) read here; "+
			"the closest, %s, stopped here: %s", closest.Format, closest.Msg),
	}
}

// ParseAs reads text in the given format only, for when the user overrides
// the detected one. Like Parse, it leaves out a last line the text stops
// inside when that is where the format stopped.
func ParseAs(text string, f Format) (Result, error) {
	r, err := parseAs(text, f)
	var e *Error
	if err != nil && errors.As(err, &e) {
		if r, ok := withoutCutLine(text, e, func(t string) (Result, error) { return parseAs(t, f) }); ok {
			return r, nil
		}
	}
	return r, err
}

func parseAs(text string, f Format) (Result, error) {
	if strings.TrimSpace(text) == "" {
		return Result{}, noBytes(text)
	}
	if f == GoDump {
		b, _, err := parseCanonical(text)
		if err != nil {
			err.Format = GoDump
			return Result{}, err.locate(text)
		}
		return Result{Bytes: b, Format: GoDump}, nil
	}
	switch f {
	case Hexdump:
		f = OD // one reader takes both, and names the one the text is
	case XXDLittle:
		// Forced, the words are read little-endian even where the ASCII
		// column would allow either order.
		b, _, err := xxdWords(text)
		if err != nil {
			return Result{}, err.locate(text)
		}
		return Result{Bytes: b, Format: XXDLittle, Note: xxdLittleNote}, nil
	}
	for _, p := range parsers {
		if p.format != f {
			continue
		}
		r, err := p.run(text)
		if err != nil {
			return Result{}, err.locate(text)
		}
		if p.read == nil {
			r.Format = f
		}
		return r, nil
	}
	return Result{}, (&Error{Format: f, Msg: fmt.Sprintf("unknown format %q", string(f))}).locate(text)
}

func noBytes(text string) error {
	return (&Error{Format: Hex, Msg: "no bytes found", off: len(text)}).locate(text)
}

// errAt builds an error at byte offset off; Line and Column are filled in by
// locate once a parser's error has been chosen, so that failed guesses cost
// no line counting.
func errAt(f Format, off int, format string, args ...any) *Error {
	return &Error{Format: f, off: off, Msg: fmt.Sprintf(format, args...)}
}

// locate converts e.off to a line and column. An offset at the end of the
// text points at its last character so that the position is always one the
// user can see.
func (e *Error) locate(text string) *Error {
	off := e.off
	if off >= len(text) {
		off = len(strings.TrimRight(text, " \t\r\n")) - 1
		if off < 0 {
			off = 0
		}
	}
	for off > 0 && off < len(text) && !utf8.RuneStart(text[off]) {
		off--
	}
	e.Line = 1 + strings.Count(text[:off], "\n")
	lineStart := strings.LastIndexByte(text[:off], '\n') + 1
	e.Column = 1 + utf8.RuneCountInString(text[lineStart:off])
	return e
}

// found describes the character at off for error messages.
func found(text string, off int) string {
	if off >= len(text) {
		return "found the end of the text"
	}
	r, _ := utf8.DecodeRuneInString(text[off:])
	switch r {
	case '\n', '\r':
		return "found the end of the line"
	}
	return fmt.Sprintf("found %q", r)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

func skipSpace(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}
