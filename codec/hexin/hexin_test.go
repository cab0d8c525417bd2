package hexin

import (
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fixtures in testdata were printed by the real tools (hexdump -C, xxd,
// xxd -a, xxd -i, xxd -p, od -Ax -tx1, base64, Python's repr and urllib,
// Node's util.inspect and JSON.stringify) from the two frames below. The
// Wireshark, tcpdump -X and librdkafka ones follow those tools' printf
// formats (DataPrinter::hexTextDump, hex_and_ascii_print, rd_hexdump).
//
//go:embed testdata
var fixtures embed.FS

// short is a real Kafka ApiVersions v3 request frame.
var short = mustHex("00000022001200030000000100096b61666b6177697265000a6b61666b617769726505302e312e3000")

// long pads short with zeros (so hexdump squeezes lines into '*'), a line
// whose ASCII column looks like hex, and bytes that are negative in Java.
var long = func() []byte {
	b := append([]byte{}, short...)
	b = append(b, make([]byte, 55)...)
	b = append(b, "0000abcd00001234"...)
	return append(b, 0xff, 0xfe, 0x20, 0x41)
}()

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func fixture(t testing.TB, name string) string {
	b, err := fixtures.ReadFile("testdata/" + name)
	require.NoError(t, err)
	return string(b)
}

func TestParseFormats(t *testing.T) {
	frames := map[string][]byte{"short": short, "long": long}
	for _, frame := range []string{"short", "long"} {
		want := frames[frame]
		tests := []struct {
			name string
			text string
			f    Format
			alts []Format // must be among the Alternatives
		}{
			{"hexdump -C", fixture(t, frame+".hexdump"), HexdumpC, []Format{GoDump}},
			{"go hex.Dump", hex.Dump(want), GoDump, []Format{HexdumpC}},
			{"xxd", fixture(t, frame+".xxd"), XXD, nil},
			{"xxd -a", fixture(t, frame+".xxd-a"), XXD, nil},
			{"xxd -i", fixture(t, frame+".xxd-i"), CArray, nil},
			{"xxd -p", fixture(t, frame+".hex"), Hex, []Format{Base64}},
			{"od", fixture(t, frame+".od"), OD, nil},
			{"wireshark", fixture(t, frame+".wireshark"), Wireshark, nil},
			{"tcpdump -X", fixture(t, frame+".tcpdump"), TcpdumpX, nil},
			{"librdkafka", fixture(t, frame+".librdkafka"), Librdkafka, nil},
			{"java", fixture(t, frame+".java"), Java, nil},
			{"go %v", fmt.Sprint(want), GoV, nil},
			// As a program logs what it sends: a label before the list.
			{"go %v logged", "2026/12/04 17:40:00 sent: " + fmt.Sprint(want) + "\n", GoV, nil},
			{"go %v labelled", "frame=" + fmt.Sprint(want), GoV, nil},
			{"java Arrays.toString logged", "request bytes: " + strings.ReplaceAll(fmt.Sprint(signed(want)), " ", ", "), Java, nil},
			{"go %#v", fmt.Sprintf("%#v", want), GoLiteral, nil},
			{"go literal", "payload := " + FormatAs(want, GoLiteral), GoLiteral, nil},
			{"python", fixture(t, frame+".python"), PythonBytes, nil},
			{"go %q", fmt.Sprintf("%q", string(want)), CString, nil},
			{"node json", fixture(t, frame+".nodejson"), NodeBufferJSON, nil},
			{"base64", fixture(t, frame+".b64"), Base64, nil},
			{"percent", fixture(t, frame+".percent"), Percent, nil},
			{"hex upper", strings.ToUpper(hex.EncodeToString(want)), Hex, []Format{Base64}},
		}
		if frame == "short" {
			tests = append(tests, []struct {
				name string
				text string
				f    Format
				alts []Format
			}{
				{"node", fixture(t, "short.node"), NodeBuffer, nil},
				// Without - or _, URL-safe base64 is also standard base64.
				{"base64url", fixture(t, "short.b64url"), Base64, []Format{Base64URL}},
				{"strace", `"\0\0\0\"\0\22\0\3\0\0\0\1\0\tkafkawire\0\nkafkawire\0050.1.0\0"`, CString, nil},
			}...)
		} else {
			tests = append(tests, struct {
				name string
				text string
				f    Format
				alts []Format
			}{"base64url", fixture(t, "long.b64url"), Base64URL, nil})
		}
		for _, tt := range tests {
			t.Run(frame+"/"+tt.name, func(t *testing.T) {
				r, err := Parse(tt.text)
				require.NoError(t, err)
				assert.Equal(t, tt.f, r.Format)
				assert.Equal(t, want, r.Bytes)
				assert.NotContains(t, r.Alternatives, tt.f)
				for _, a := range tt.alts {
					assert.Contains(t, r.Alternatives, a)
				}
				forced, err := ParseAs(tt.text, tt.f)
				require.NoError(t, err)
				assert.Equal(t, want, forced.Bytes)
			})
		}
	}
}

func TestParseHexVariants(t *testing.T) {
	want := short[:6]
	for _, text := range []string{
		"000000220012",
		"00 00 00 22 00 12",
		"0000 0022 0012",
		"00000022\n0012\n",
		"\t00\t00\t00\t22\t00\t12",
		"0x00, 0x00, 0x00, 0x22, 0x00, 0x12",
		"0x00 0x00 0X00 0x22 0x00 0x12",
		`\x00\x00\x00\x22\x00\x12`,
		"00:00:00:22:00:12",
		"00-00-00-22-00-12",
		"00,00,00,22,00,12",
		"  00 00 00 22 00 12  \r\n",
	} {
		r, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, Hex, r.Format, text)
		assert.Equal(t, want, r.Bytes, text)
	}
	r, err := Parse("deadbeef")
	require.NoError(t, err)
	assert.Equal(t, Hex, r.Format)
	assert.Equal(t, []byte{0xde, 0xad, 0xbe, 0xef}, r.Bytes)
	assert.Equal(t, []Format{Base64, Base64URL}, r.Alternatives)
}

// The ASCII column must never be read as bytes, even when it is all hex
// digits; these are the layouts the tools print for such bytes.
func TestGutterThatLooksLikeHex(t *testing.T) {
	tests := []struct {
		text string
		want string
		f    Format
	}{
		{"00000000: 6162 6364                                abcd\n", "abcd", XXD},
		{"00000000: 3030 3030                                0000\n", "0000", XXD},
		{"00000000: 2030 2030                                 0 0\n", " 0 0", XXD},
		{"00000000: 3030 3030 6162 6364 3030 3030 3132 3334  0000abcd00001234\n", "0000abcd00001234", XXD},
		{"00000000  61 62 63 64                                       |abcd|\n00000004\n", "abcd", HexdumpC},
		{"00000000  30 30 30 30                                       |0000|\n", "0000", GoDump},
		{"0000   61 62 63 64                                       abcd\n", "abcd", Wireshark},
		{"0000   30 30 30 30 61 62 63 64 30 30 30 30 31 32 33 34   0000abcd00001234\n", "0000abcd00001234", Wireshark},
		{"\t0x0000:  6162 6364                                abcd", "abcd", TcpdumpX},
		{"00000000: 61 62 63 64                                      abcd            \n", "abcd", Librdkafka},
		{"00000000: 30 30 30 30 61 62 63 64 30 30 30 30 31 32 33 34  0000abcd00001234\n", "0000abcd00001234", Librdkafka},
	}
	for _, tt := range tests {
		r, err := Parse(tt.text)
		require.NoError(t, err, tt.text)
		assert.Equal(t, tt.f, r.Format, tt.text)
		assert.Equal(t, tt.want, string(r.Bytes), tt.text)
	}
	// Read naively, that last xxd line is also valid plain hex.
	r, err := Parse(tests[0].text)
	require.NoError(t, err)
	assert.Contains(t, r.Alternatives, Hex)
}

func TestParseErrors(t *testing.T) {
	hexdump := fixture(t, "short.hexdump")
	lines := strings.SplitAfter(hexdump, "\n")
	tests := []struct {
		name      string
		text      string
		line, col int
		f         Format
		msg       string
	}{
		{"empty", "", 1, 1, Hex, "no bytes found"},
		{"blank", "  \n\t\n", 1, 1, Hex, "no bytes found"},
		{"bad digit", "00 00 00 22\n00 12 0g 03", 2, 8, Hex, "expected a hex digit, found 'g'"},
		{"mixed hex and junk", "00 00 00 22 ZZ", 1, 13, Hex, "expected a hex digit, found 'Z'"},
		{"hex pairs, the first mistyped", "zz 00 00 14 00 3d 00 00", 1, 1, Hex, "expected a hex digit, found 'z'"},
		{"many hex pairs, the first mistyped", "zz" + strings.Repeat(" 00", 1400), 1, 1, Hex, "expected a hex digit, found 'z'"},
		{"a log line's bracket", "2026/12/04 sent to [broker 1] 40 bytes", 1, 11, Base64, "expected a base64 character, found ' '"},
		{"junk after 0x", "0x00 0xzz", 1, 8, Hex, "expected a hex digit after 0x, found 'z'"},
		{"junk after \\x", `\x00\xg1`, 1, 7, Hex, `expected a hex digit after \x, found 'g'`},
		{"garbled hexdump", strings.Replace(hexdump, "0a 6b", "0a 6g", 1), 2, 40, HexdumpC, "expected a hex digit, found 'g'"},
		{"hexdump missing a line", lines[0] + lines[1] + lines[3], 2, 61, HexdumpC,
			"expected a hex digit (the offsets say this line holds 25 bytes, found 16), found '|'"},
		{"hexdump then xxd", lines[0] + "00000010: 666b 6177 6972 6500 0a6b 6166 6b61 7769  fkawire..kafkawi\n", 2, 9, HexdumpC,
			`expected " " after the offset, found ':'`},
		{"truncated base64", "AAAAIgASA", 1, 9, Base64, "a base64 text cannot end with a single character in its last group"},
		{"java out of range", "[0, 0, 256]", 1, 8, Java, "256 is out of range for a byte (-128 to 255)"},
		{"java below range", "[0,\n -129, 3]", 2, 2, Java, "-129 is out of range for a byte (-128 to 255)"},
		{"go %v out of range", "[0 0 300 1]", 1, 6, GoV, "300 is out of range for a byte (0 to 255)"},
		{"go literal out of range", "[]byte{0x00, 0x100}", 1, 14, GoLiteral, "0x100 is out of range for a byte (0 to 255)"},
		{"node truncated", fixture(t, "long.node"), 1, 159, NodeBuffer, "the dump is truncated: Node left out 66 more bytes"},
		{"xxd -i wrong length", "unsigned char x[] = {\n  0x00, 0x01\n};\nunsigned int x_len = 3;\n", 4, 22, CArray,
			"the length says 3 bytes but the array holds 2"},
		{"python bad escape", `b'\x00\q'`, 1, 8, PythonBytes, "unknown escape, found 'q'"},
		{"python unterminated", `b'\x00\x01`, 1, 10, PythonBytes, `expected '\'', found the end of the text`},
		{"c string octal out of range", `"\400"`, 1, 2, CString, `octal escape \400 is out of range for a byte`},
		{"percent bad escape", "%00%0g", 1, 6, Percent, "expected a hex digit after '%', found 'g'"},
		{"words", "hello, world!", 1, 6, Base64, "expected a base64 character, found ','"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.text)
			var e *Error
			require.ErrorAs(t, err, &e)
			assert.Equal(t, tt.line, e.Line, "line")
			assert.Equal(t, tt.col, e.Column, "column")
			assert.Equal(t, tt.f, e.Format)
			if tt.msg == "no bytes found" {
				assert.Equal(t, tt.msg, e.Msg)
			} else {
				// Parse names what it tried, then what stopped the closest.
				assert.Equal(t, Formats(), e.Tried)
				assert.True(t, strings.HasSuffix(e.Msg, fmt.Sprintf("the closest, %s, stopped here: %s", tt.f, tt.msg)), e.Msg)
			}
			assert.Equal(t, fmt.Sprintf("line %d, column %d: %s", tt.line, tt.col, e.Msg), e.Error())
		})
	}
}

func TestParseAs(t *testing.T) {
	_, err := ParseAs("0000002", Hex)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 7, e.Column)
	assert.Equal(t, "odd number of hex digits (7): the hex ends here, half-way through a byte", e.Msg)

	// Forcing base64 on hex digits reads them as base64.
	r, err := ParseAs("deadbeef", Base64)
	require.NoError(t, err)
	assert.Equal(t, []byte{0x75, 0xe6, 0x9d, 0x6d, 0xe7, 0x9f}, r.Bytes)

	// Forcing plain hex on an od dump reads its offsets as bytes.
	r, err = ParseAs("000000 01 02\n000002\n", Hex)
	require.NoError(t, err)
	assert.Equal(t, mustHex("0000000102000002"), r.Bytes)

	_, err = ParseAs("00", "morse")
	require.ErrorAs(t, err, &e)
	assert.Equal(t, `unknown format "morse"`, e.Msg)
}

func TestRepeatLimit(t *testing.T) {
	text := "00000000  00 00 00 00 00 00 00 00  00 00 00 00 00 00 00 00  |................|\n*\nffffffff0\n"
	_, err := Parse(text)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 3, e.Line)
}

// FormatAs must print what the real tools print, so the fixtures double as
// expected output.
func TestFormatMatchesTools(t *testing.T) {
	for name, b := range map[string][]byte{"short": short, "long": long} {
		tcpdump := fixture(t, name+".tcpdump")
		tcpdump = tcpdump[strings.IndexByte(tcpdump, '\n')+1:]
		librdkafka := fixture(t, name+".librdkafka")
		if strings.Contains(librdkafka, "hexdump (") {
			librdkafka = librdkafka[strings.IndexByte(librdkafka, '\n')+1:]
		}
		tests := map[Format]string{
			HexdumpC:       fixture(t, name+".hexdump"),
			XXD:            fixture(t, name+".xxd"),
			OD:             fixture(t, name+".od"),
			Wireshark:      fixture(t, name+".wireshark"),
			TcpdumpX:       tcpdump,
			Librdkafka:     librdkafka,
			Java:           strings.TrimSpace(fixture(t, name+".java")),
			PythonBytes:    strings.TrimSpace(fixture(t, name+".python")),
			NodeBufferJSON: strings.TrimSpace(fixture(t, name+".nodejson")),
			Base64:         strings.ReplaceAll(fixture(t, name+".b64"), "\n", ""),
			Base64URL:      strings.TrimSpace(fixture(t, name+".b64url")),
			Hex:            strings.ReplaceAll(fixture(t, name+".hex"), "\n", ""),
			GoDump:         hex.Dump(b),
			GoV:            fmt.Sprint(b),
			CArray:         strings.ReplaceAll(fixture(t, name+".xxd-i"), name+"_bin", "data"),
		}
		for f, want := range tests {
			assert.Equal(t, want, FormatAs(b, f), "%s %s", name, f)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 300)
	for i := range random {
		random[i] = byte(rng.IntN(256))
	}
	for _, b := range [][]byte{short, long, random, {0}, {'\'', '"', '\\', '\n'}} {
		for _, f := range Formats() {
			if f.ReadOnly() {
				continue
			}
			text := FormatAs(b, f)
			r, err := ParseAs(text, f)
			require.NoError(t, err, "%s: %s", f, text)
			assert.Equal(t, b, r.Bytes, "%s: %s", f, text)
			// Short texts can be ambiguous ("AA" is hex too); then the
			// format must at least be offered as an alternative.
			r, err = Parse(text)
			require.NoError(t, err, "%s: %s", f, text)
			if r.Format == f {
				assert.Equal(t, b, r.Bytes, "%s: %s", f, text)
			} else {
				assert.Contains(t, r.Alternatives, f, "%s detected as %s: %s", f, r.Format, text)
			}
			if len(b) > 4 && f != Base64URL {
				assert.Equal(t, f, r.Format, text)
			}
		}
	}
}

func FuzzParse(f *testing.F) {
	entries, err := fixtures.ReadDir("testdata")
	require.NoError(f, err)
	for _, e := range entries {
		if !e.IsDir() {
			// The packet samples are cut to a few packets: the fuzzer
			// minimizes what it finds interesting, which takes long on
			// a 10 KB input and stops fuzzing meanwhile.
			text := fixture(f, e.Name())
			f.Add(text[:min(len(text), 2000)])
		}
	}
	for _, s := range []string{"", "*", "00000000  00 |.|\n*\n00000100\n", "b'\\", `"\x`, "[-", "{", "%", "0x", "\t0x0000:  00", "[00, 1f]", "<<0, 1>>", "b'0000'", "bytearray(b'\\x00')", "Follow: tcp,raw\n\t00\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		located := func(err error) {
			var e *Error
			require.ErrorAs(t, err, &e)
			lines := strings.Split(text, "\n")
			require.GreaterOrEqual(t, e.Line, 1)
			require.LessOrEqual(t, e.Line, len(lines))
			require.GreaterOrEqual(t, e.Column, 1)
			require.LessOrEqual(t, e.Column, utf8.RuneCountInString(lines[e.Line-1])+1)
		}
		// Every format, as a user forcing it would: the page keeps the
		// forced one for the next paste.
		for _, f := range Formats() {
			if _, err := ParseAs(text, f); err != nil {
				located(err)
			}
		}
		r, err := Parse(text)
		if err != nil {
			located(err)
			return
		}
		require.NotNil(t, r.Bytes)
		again, err := ParseAs(text, r.Format)
		require.NoError(t, err)
		require.Equal(t, r.Bytes, again.Bytes)
	})
}

func BenchmarkParseHexdump(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, 1<<20)
	for i := range data {
		data[i] = byte(rng.IntN(256))
	}
	text := FormatAs(data, HexdumpC)
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	for b.Loop() {
		r, err := Parse(text)
		if err != nil || len(r.Bytes) != len(data) {
			b.Fatal(err)
		}
	}
}

var _ = errors.New

// readTcpdumpEveryChunk is readTcpdump as it was before it stopped keeping
// chunks past one that fails: every header line opens one, and readPackets
// finds the failure. The test below holds the two to the same answers.
// (It joins -v's summary lines, and reads the summaries' times, as
// readTcpdump does.)
func readTcpdumpEveryChunk(text string) (Result, *Error) {
	var chunks []chunk
	cur := -1
	underSummary, counts := false, false
	for start := 0; start < len(text); {
		eol, next := lineEnd(text, start)
		line := tcpdumpLine(text[start:eol])
		delta := text[start] == ' ' && line != "" && line[0] != ' '
		var at time.Time
		if !delta {
			at = tcpdumpTime(line)
		}
		summaryLine := false
		if t := strings.TrimSpace(line); t != "" {
			summaryLine = underSummary && line[0] == ' ' && !strings.HasPrefix(t, "0x") ||
				line[0] != ' ' && line[0] != '\t' && !strings.HasPrefix(line, "0x") && (tcpdumpHeader(line) || eol == len(text) && tcpdumpCutSummary(line))
		}
		switch {
		case strings.TrimSpace(line) == "":
		case counts && !tcpdumpCounts(line):
			return Result{}, errAt(TcpdumpX, start, "expected nothing after tcpdump's count of packets, %s", found(text, start))
		case cur >= 0 && line[0] == ' ' && chunks[cur].dataStart == chunks[cur].dataEnd && !strings.HasPrefix(strings.TrimSpace(line), "0x"):
			chunks[cur].header += " " + strings.TrimSpace(line)
			chunks[cur].dataStart, chunks[cur].dataEnd = next, next
		case line[0] == ' ' || line[0] == '\t' || strings.HasPrefix(line, "0x"):
			if cur < 0 {
				chunks = append(chunks, chunk{headerAt: start, dataStart: start, dataEnd: start})
				cur = 0
			}
			if chunks[cur].dataStart == chunks[cur].dataEnd {
				chunks[cur].dataStart = start
			}
			chunks[cur].dataEnd = next
		case cur < 0 && tcpdumpBanner(line):
		case cur >= 0 && tcpdumpCounts(line):
			counts = true
		case tcpdumpHeader(line) || eol == len(text) && tcpdumpCutSummary(line):
			chunks = append(chunks, chunk{header: line, time: at, headerAt: start, dataStart: next, dataEnd: next})
			cur = len(chunks) - 1
		default:
			if underSummary {
				return Result{}, errAt(TcpdumpX, start, "expected a tcpdump offset like 0x0010: under the packet's summary, %s (tcpdump -A prints only the bytes it can show: -X or -XX prints them all)", found(text, start))
			}
			return Result{}, errAt(TcpdumpX, start, "expected a tcpdump offset like 0x0010: or a packet's summary line, %s", found(text, start))
		}
		if strings.TrimSpace(line) != "" {
			underSummary = summaryLine
		}
		start = next
	}
	datePast(chunks)
	return readPackets(text, tcpdumpSpec, chunks, layerOf)
}

func FuzzReadTcpdumpAsEveryChunk(f *testing.F) {
	x := fixture(f, "dp.tcpdump-X")
	head, rest, _ := strings.Cut(x, "\n")
	f.Add(x[:min(len(x), 2000)])
	f.Add(FormatAs([]byte("kafkawire, a frame of bytes"), XXD))
	f.Add(head + "\n" + head + "\n" + rest[:min(len(rest), 500)])
	f.Add(head + "\n" + head + "\nnot tcpdump\n")
	f.Add(head + "\n\t0x0000:  zz\n" + head + "\n" + head + "\n")
	f.Fuzz(func(t *testing.T, text string) {
		want, wantErr := readTcpdumpEveryChunk(text)
		got, gotErr := readTcpdump(text)
		require.Equal(t, wantErr, gotErr)
		require.Equal(t, want, got)
	})
}

// A dump that stops inside its last line (copied or logged up to a byte
// count) reads without that line, and says so; the same dump cut at a
// line reads the same bytes and leaves nothing out.
func TestTextStoppingInsideALine(t *testing.T) {
	b := make([]byte, 100)
	for i := range b {
		b[i] = byte(i * 7)
	}
	for _, f := range []Format{HexdumpC} { // xxd and od read a line cut short as the bytes it holds
		text := FormatAs(b, f)
		lines := strings.SplitAfter(text, "\n")
		whole := strings.Join(lines[:3], "")
		cut := whole + lines[3][:len(lines[3])/2]
		want, err := Parse(whole)
		require.NoError(t, err, f)
		assert.Empty(t, want.LeftOut)
		got, err := Parse(cut)
		require.NoError(t, err, "%s: %q", f, cut)
		assert.Equal(t, want.Bytes, got.Bytes, f)
		assert.Equal(t, "the text stops inside its line 4, which was left out", got.LeftOut, f)
		forced, err := ParseAs(cut, got.Format)
		require.NoError(t, err, f)
		assert.Equal(t, got.Bytes, forced.Bytes, f)
	}
	// tcpdump -X, cut inside the offset of a packet's line: without the
	// line, the packet stops inside its TCP header (its options), so it
	// is left out too, and the note says both.
	dump := fixture(t, "dp.tcpdump-X")
	at := strings.Index(dump, "\t0x0030:  802a ca94")
	whole, err := Parse(dump[:at])
	require.NoError(t, err)
	packet := strings.LastIndex(dump[:at], "\n0") + 1 // the packet's summary line
	assert.Equal(t, fmt.Sprintf("the text stops inside the headers of its last packet (line %d), which was left out", strings.Count(dump[:packet], "\n")+1), whole.LeftOut)
	got, err := Parse(dump[:at+4])
	require.NoError(t, err)
	assert.Equal(t, whole.Bytes, got.Bytes)
	assert.Equal(t, fmt.Sprintf("the text stops inside its line %d, which was left out; without it, %s", strings.Count(dump[:at], "\n")+1, whole.LeftOut), got.LeftOut)
	// Cut under a packet's summary line, before its bytes: the packets
	// above it read, and the note says which was left out.
	whole, err = Parse(dump[:packet])
	require.NoError(t, err)
	got, err = Parse(dump[:strings.Index(dump[packet:], "\n")+packet+1])
	require.NoError(t, err)
	assert.Equal(t, whole.Bytes, got.Bytes)
	assert.Equal(t, fmt.Sprintf("the text stops at the summary line of its last packet (line %d), before its bytes: that packet was left out", strings.Count(dump[:packet], "\n")+1), got.LeftOut)

	// One line alone, cut, is still an error: nothing before it to read.
	_, err = Parse("00000000  00 00 00 30 00 03 00 0c  00 00 00 07 00 09 6b 61  |...0")
	assert.NoError(t, err, "a cut ASCII column still reads: the bytes are whole")
	_, err = Parse("00000000  00 00 00 3")
	assert.Error(t, err)
}

// A dump pasted as it sits in an issue or a terminal, with a Markdown code
// fence around it or the shell command above it and the prompt below,
// reads as the dump, and says which lines it left out. Text that is no
// dump inside a fence is still an error.
func TestDumpWithLinesAroundIt(t *testing.T) {
	b := []byte{0, 0, 0, 0x14, 0, 0x3d, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 1, 2, 0, 0, 0, 0, 0, 0}
	dump := FormatAs(b, HexdumpC)
	require.Equal(t, 3, strings.Count(dump, "\n"), "the dump's lines, which the line numbers below count")
	for _, c := range []struct{ text, leftOut string }{
		{"```\n" + dump + "```\n", "lines 1 and 5 (a code fence, or a shell's command or prompt) left out"},
		{"```text\n" + dump + "```", "lines 1 and 5 (a code fence, or a shell's command or prompt) left out"},
		{"$ hexdump -C frame.bin\n" + dump + "$\n", "lines 1 and 5 (a code fence, or a shell's command or prompt) left out"},
		{"\n```console\n$ hexdump -C frame.bin\n" + dump + "me@host:~$ \n```\n", "lines 2, 3, 7 and 8 (a code fence, or a shell's command or prompt) left out"},
	} {
		r, err := Parse(c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, b, r.Bytes, c.text)
		assert.Equal(t, HexdumpC, r.Format, c.text)
		assert.Equal(t, c.leftOut, r.LeftOut, c.text)
	}
	_, err := Parse("```\nnot a dump at all\n```\n")
	assert.Error(t, err)
	r, err := Parse(dump)
	require.NoError(t, err)
	assert.Empty(t, r.LeftOut, "a bare dump leaves nothing out")
}

// Java's bytes as source code holds them read as Java's Arrays.toString
// does: an initializer with new byte[], or a declaration, with casts and
// negative numbers for the bytes over 127.
func TestJavaArrayInitializers(t *testing.T) {
	want := []byte{0, 0x12, 0xc3, 0xff, 7}
	for _, text := range []string{
		"[0, 18, -61, -1, 7]",
		"new byte[]{0, 18, -61, -1, 7}",
		"new byte[] { 0x00, 0x12, (byte) 0xc3, (byte) 0xff, 0x07 }",
		"byte[] frame = {0, 18, (byte)195, -1, 7};",
		"final byte[] frame = new byte[]{\n    0, 18, -61,\n    -1, 7,\n};",
		"private static final byte[] FRAME = {0x00, 0x12, (byte) 0xc3, (byte) 0xff, 0x07};",
		"static final byte[] FRAME = new byte[]{0, 18, -61, -1, 7};",
		"final var frame = new byte[]{\n0x00, 0x12, (byte) 0xc3, (byte) 0xff, 0x07\n};",
		"byte[] frame = new byte[]{ // DescribeProducers v0\n0x00, 0x12, // size\n// the rest\n(byte) 0xc3, /* -61 */ (byte) 0xff, 0x07 /* end */\n};",
		"/* a request */\nbyte[] frame = {0, 18, -61, -1, 7}; // sent twice",
	} {
		r, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, Java, r.Format, text)
		assert.Equal(t, want, r.Bytes, text)
	}
	r, err := Parse("{0, 18, 195, 255, 7}")
	require.NoError(t, err)
	assert.Equal(t, CArray, r.Format, "braces alone are C's")
	_, err = Parse("new byte[]{0, 18, (byte) 0xc3, 300}")
	assert.Error(t, err)
	_, err = Parse("var frame = {0, 18, -61, -1, 7};")
	assert.Error(t, err, "a var needs new byte[]")

	// A text that opens as Java's array does is told what stopped the
	// Java reader, with its line and column, however far another got.
	for _, c := range []struct {
		text      string
		line, col int
		msg       string
	}{
		{"private static final byte[] FRAME = {\n  0x00, 0x01, // size\n  300, 0x02\n};\n", 3, 3, "300 is out of range"},
		{"byte[] frame = new byte[]{ // v0\n  0x00, 0x01\n}; x\n", 3, 4, "expected the end of the text, found 'x'"},
	} {
		_, err := Parse(c.text)
		var e *Error
		require.ErrorAs(t, err, &e, c.text)
		assert.Equal(t, Java, e.Format, c.text)
		assert.Equal(t, []int{c.line, c.col}, []int{e.Line, e.Column}, c.text)
		assert.Contains(t, e.Msg, "the closest, java, stopped here: "+c.msg, c.text)
	}
}

// tcpdump run live prints a banner to stderr above the packets, and its
// counts when stopped with ^C below them (as tcpdump 4.99 prints them,
// copied from a terminal): both are left out, as "reading from file" is.
// Lines of their shapes only: anything after the counts is an error.
func TestTcpdumpLiveBanner(t *testing.T) {
	dump := fixture(t, "dp.tcpdump-X")
	want, err := Parse(dump)
	require.NoError(t, err)
	banner := "tcpdump: verbose output suppressed, use -v[v]... for full protocol decode\n" +
		"listening on lo, link-type EN10MB (Ethernet), snapshot length 262144 bytes\n"
	counts := "^C\n145 packets captured\n290 packets received by filter\n0 packets dropped by kernel\n"
	for _, text := range []string{
		banner + dump + counts,
		banner[strings.Index(banner, "\n")+1:] + dump + "^C145 packets captured\n1 packet received by filter\n",
		"tcpdump: listening on lo, link-type EN10MB (Ethernet), capture size 262144 bytes\n" + dump + counts[:3], // copied up to the ^C
	} {
		r, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, TcpdumpX, r.Format)
		assert.Equal(t, want.Bytes, r.Bytes)
		assert.Equal(t, want.Packets[0].Line+strings.Count(text[:strings.Index(text, dump)], "\n"), r.Packets[0].Line)
	}
	for _, c := range []struct {
		text      string
		line, col int
	}{
		{banner + dump + counts + "\t0x0000:  4500 0034\n", 2 + strings.Count(dump, "\n") + 5, 1},
		{"listening on lo, whatever\n" + dump, 1, 1},
	} {
		_, err := ParseAs(c.text, TcpdumpX)
		var e *Error
		require.ErrorAs(t, err, &e)
		assert.Equal(t, []int{c.line, c.col}, []int{e.Line, e.Column}, e.Msg)
	}
}

// tcpdump -ttt and -ttttt print each summary's time as a delta, after a
// space; -v's lines after it are indented further. The samples are
// tcpdump 4.99's, of the first 8 packets of one capture: each reads as the
// packets of the default dump, their times left zero.
func TestTcpdumpDeltaTimes(t *testing.T) {
	want, err := Parse(fixture(t, "ttt.tcpdump-X"))
	require.NoError(t, err)
	require.Len(t, want.Packets, 8)
	for _, name := range []string{"ttt.tcpdump-tttX", "ttt.tcpdump-tttttvXX"} {
		text := fixture(t, name)
		r, err := Parse(text)
		require.NoError(t, err, name)
		assert.Equal(t, TcpdumpX, r.Format, name)
		require.Len(t, r.Packets, 8, name)
		for i, p := range r.Packets {
			assert.True(t, p.Time.IsZero(), name)
			assert.True(t, strings.HasPrefix(p.Header, "00:00:00."), "%s: %q", name, p.Header)
			b := p.Bytes
			if p.Layer == LayerLink {
				b = b[14:]
			}
			assert.Equal(t, want.Packets[i].Bytes, b, "%s packet %d", name, i)
		}
	}
}

// tcpdump's default summary time is the time of day alone: each packet
// gets it on a day of year 1 (Dateless), a day on at each midnight the
// dump passes, so the times between packets are those -tttt's dates give.
func TestTcpdumpTimeOfDay(t *testing.T) {
	dated, err := Parse(fixture(t, "ttt.tcpdump-ttttX"))
	require.NoError(t, err)
	r, err := Parse(fixture(t, "ttt.tcpdump-X"))
	require.NoError(t, err)
	require.Len(t, r.Packets, len(dated.Packets))
	for i, p := range r.Packets {
		require.True(t, Dateless(p.Time), "packet %d: %v", i, p.Time)
		assert.False(t, Dateless(dated.Packets[i].Time))
		assert.Equal(t, dated.Packets[i].Time.Format("15:04:05.000000"), p.Time.Format("15:04:05.000000"))
		assert.Equal(t, dated.Packets[i].Time.Sub(dated.Packets[0].Time), p.Time.Sub(r.Packets[0].Time), "packet %d", i)
	}

	// Over midnight, and a packet at midnight itself, which is not the zero time.
	text := fixture(t, "ttt.tcpdump-X")
	clock := r.Packets[0].Header[:15]
	lines := strings.SplitAfter(text, "\n")
	stamps := []string{"23:59:59.999000", "00:00:00.000000", "00:00:01.000000"}
	k := 0
	for i, l := range lines {
		if strings.HasPrefix(l, clock[:6]) && k < len(stamps) {
			lines[i] = stamps[k] + l[15:]
			k++
		}
	}
	r, err = Parse(strings.Join(lines, ""))
	require.NoError(t, err)
	assert.Equal(t, time.Millisecond, r.Packets[1].Time.Sub(r.Packets[0].Time))
	assert.Equal(t, time.Second, r.Packets[2].Time.Sub(r.Packets[1].Time))
	assert.True(t, Dateless(r.Packets[1].Time))

	// Dated packets and dateless ones in one paste (the lines of two
	// dumps): no date can be given the dateless, which are left without.
	dated4 := fixture(t, "ttt.tcpdump-ttttX")
	cut := 0
	for range 4 {
		cut += strings.Index(dated4[cut+1:], "\n2026") + 1
	}
	plain := fixture(t, "ttt.tcpdump-X")
	rest := plain
	for range 4 {
		rest = rest[strings.Index(rest[1:], "\n15:")+2:]
	}
	r, err = Parse(dated4[:cut+1] + rest)
	require.NoError(t, err)
	require.Len(t, r.Packets, 8)
	for i, p := range r.Packets {
		assert.Equal(t, i >= 4, p.Time.IsZero(), "packet %d: %v", i, p.Time)
	}
}

// The prompts shells print before a command, with the user and host or
// without (root's "#"), a line or a few of prose above a code fence, and
// a dump indented four spaces (a Markdown indented code block) are left
// out as the fences are; no line of a dump is ever taken for a prompt.
func TestDumpWithPromptsAndProse(t *testing.T) {
	b := []byte("\x00\x00\x00\x1auser@host:~$ xxd a\n# b\n[r@h ~]# c")
	xxd, hexC := FormatAs(b, XXD), FormatAs(b, HexdumpC)
	n := strings.Count(xxd, "\n") // xxd's lines, as hexdump -C's less its final offset
	for _, c := range []struct{ text, leftOut string }{
		{"user@host:~$ xxd produce.bin\n" + xxd + "user@host:~$\n", fmt.Sprintf("lines 1 and %d (a code fence, or a shell's command or prompt) left out", n+2)},
		{"user@kafka-01:/tmp$ hexdump -C produce.bin\n" + hexC, "line 1 (a code fence, or a shell's command or prompt) left out"},
		{"[root@broker1 ~]# xxd produce.bin\n" + xxd + "[root@broker1 ~]# \n", fmt.Sprintf("lines 1 and %d (a code fence, or a shell's command or prompt) left out", n+2)},
		{"# xxd produce.bin\n" + xxd + "#\n", fmt.Sprintf("lines 1 and %d (a code fence, or a shell's command or prompt) left out", n+2)},
		{"Here is the frame:\n```\n" + xxd + "```\n", fmt.Sprintf("line 1 (text above the code fence) left out; lines 2 and %d (a code fence, or a shell's command or prompt) left out", n+3)},
		{"The broker logged this,\nthen closed the connection:\n\n```text\n" + hexC + "```",
			fmt.Sprintf("lines 1 and 2 (text above the code fence) left out; lines 4 and %d (a code fence, or a shell's command or prompt) left out", n+6)},
		{indentBlock(xxd), "the four spaces every line starts with (a Markdown code block) left out"},
		{"\n" + indentBlock(hexC) + "\n", "the four spaces every line starts with (a Markdown code block) left out"},
	} {
		r, err := Parse(c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, b, r.Bytes, c.text)
		assert.Equal(t, c.leftOut, r.LeftOut, c.text)
	}
	for _, text := range []string{
		"one\ntwo\nthree\nfour\n```\n" + xxd + "```\n", // more than a few lines of prose: more than a paste
		"user@host:~$ xxd produce.bin\n" + xxd + "not a prompt\n",
		"    not a dump\n    at all\n",
	} {
		_, err := Parse(text)
		assert.Error(t, err, text)
	}
	for _, dump := range []string{xxd, hexC, FormatAs(b, TcpdumpX), FormatAs(b, Wireshark), FormatAs(b, OD)} {
		for _, line := range strings.Split(dump, "\n") {
			_, ok := shellPrompt(strings.TrimSpace(line))
			assert.False(t, ok, "a line of a dump taken for a prompt: %q", line)
		}
	}
}

func indentBlock(text string) string { return prefixLines(text, "    ") }

// prefixLines puts prefix in front of every line of text.
func prefixLines(text, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimSuffix(text, "\n"), "\n", "\n"+prefix) + "\n"
}

// A dump whose every line starts the same way, with spaces (a list item's
// two, a quote's eight) or an email's quoting ("> ", "> > "), reads as
// the dump does, a note saying what was left out: real tcpdump and
// tshark dumps (whose own lines are indented by tabs and spaces) and xxd.
func TestDumpIndentedOrQuoted(t *testing.T) {
	for _, name := range []string{"dp.tcpdump-X", "dp.tshark-x", "long.xxd", "long.hexdump"} {
		text := fixture(t, name)
		want, err := Parse(text)
		require.NoError(t, err, name)
		for prefix, note := range map[string]string{
			"  ":       "the 2 spaces every line starts with left out",
			"        ": "the 8 spaces every line starts with left out",
			"> ":       `the quoting every line starts with ("> ") left out`,
			"> > ":     `the quoting every line starts with ("> > ") left out`,
		} {
			r, err := Parse(prefixLines(text, prefix))
			require.NoError(t, err, "%s with %q", name, prefix)
			assert.Equal(t, want.Format, r.Format, "%s with %q", name, prefix)
			assert.Equal(t, want.Bytes, r.Bytes, "%s with %q", name, prefix)
			require.Len(t, r.Packets, len(want.Packets), "%s with %q", name, prefix)
			for i := range want.Packets {
				assert.Equal(t, want.Packets[i].Bytes, r.Packets[i].Bytes, "%s with %q: packet %d", name, prefix, i)
			}
			assert.Equal(t, note, r.LeftOut, "%s with %q", name, prefix)
		}
	}
}

// Wireshark's lines copied from the middle of a packet (Copy as Hex
// Dump of a field, or a few lines of tshark -x) read as xxd -s's do:
// their offsets go on from wherever the first starts, with the ASCII
// column or without it, after two spaces (tshark) or three (Wireshark's
// copy). The lines are tshark's, from the committed sample.
func TestWiresharkLinesFromTheMiddle(t *testing.T) {
	whole, err := Parse(fixture(t, "dp.tshark-x"))
	require.NoError(t, err)
	var packet Packet // the first with bytes past 0x40
	var lines []string
	for i, p := range whole.Packets {
		if len(p.Bytes) > 0x60 {
			packet = p
			text := strings.Split(fixture(t, "dp.tshark-x"), "\n\n")[i]
			lines = strings.Split(strings.TrimSpace(text), "\n")
			break
		}
	}
	require.Greater(t, len(lines), 6)
	mid := lines[4:] // from offset 0040
	require.True(t, strings.HasPrefix(mid[0], "0040  "), mid[0])
	noASCII := make([]string, len(mid))
	copied := make([]string, len(mid))
	for i, l := range mid {
		noASCII[i] = strings.TrimRight(l[:min(len(l), 6+16*3-1)], " ")
		copied[i] = l[:4] + " " + l[4:]
	}
	for _, text := range []string{
		strings.Join(mid, "\n") + "\n",
		strings.Join(noASCII, "\n") + "\n",
		strings.Join(copied, "\n"),
		strings.Join(noASCII[1:], "\n"),
	} {
		r, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, Wireshark, r.Format, text)
		want := packet.Bytes[0x40:]
		if strings.HasPrefix(text, "0050") {
			want = packet.Bytes[0x50:]
		}
		assert.Equal(t, want, r.Bytes, text)
		assert.Equal(t, LayerUnknown, r.Packets[0].Layer)
	}
	// Offsets that do not go on from the line before are an error there.
	gap := strings.Join(append([]string{noASCII[0]}, noASCII[2:]...), "\n")
	_, err = ParseAs(gap, Wireshark)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, []int{1, 54}, []int{e.Line, e.Column}, e.Msg)

	// A row's offset is a multiple of 16: plain hex whose first word has
	// four digits is not taken for an offset.
	for text, want := range map[string]string{
		"dead  be ef 01 02":              "deadbeef0102",
		"cafe  00 01 02 03\nbabe  04 05": "cafe00010203babe0405",
	} {
		r, err := Parse(text)
		require.NoError(t, err, text)
		assert.Equal(t, want, hex.EncodeToString(r.Bytes), text)
	}
}

// What a packet dump cut short says: tshark -V's details give each
// packet's length, so a packet cut inside its headers is known even
// alone, and one cut inside its payload is read as far as it goes; a
// tcpdump summary cut inside its date leaves its packet out.
func TestPacketDumpCutNotes(t *testing.T) {
	v := fixture(t, "ttt.tshark-Vx")
	first := strings.Index(v, "\n0000  ") + 1
	_, err := Parse(v[:first+12])
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Contains(t, e.Msg, "the text stops inside the headers of its only packet (line 1): it holds 2 bytes, no payload")

	last := strings.LastIndex(v, "\n0050  ") + 1 // inside the last packet's payload
	r, err := Parse(v[:last])
	require.NoError(t, err)
	n := len(r.Packets)
	assert.Equal(t, fmt.Sprintf("the text stops inside its last packet (line %d), which holds 80 of its %d bytes", r.Packets[n-1].Line, frameCaptured(r.Packets[n-1].Header)), r.LeftOut)

	x := fixture(t, "ttt.tcpdump-ttttX")
	second := strings.Index(x, "\n2") + 1
	r, err = Parse(x[:second+12]) // "2026-12-04 1"
	require.NoError(t, err)
	assert.Len(t, r.Packets, 1)
	assert.Equal(t, "the text stops at the summary line of its last packet (line 6), before its bytes: that packet was left out", r.LeftOut)
}

// signed is b as Java's bytes, -128 to 127, as Arrays.toString prints them.
func signed(b []byte) []int8 {
	out := make([]int8, len(b))
	for i, c := range b {
		out[i] = int8(c)
	}
	return out
}
