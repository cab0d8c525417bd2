package hexin

import (
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The follow.* samples are what tshark 4.0 printed with -q -z
// follow,tcp,hex|raw|yaml,0 for a capture (tcpdump on lo) of one TCP
// connection on 127.0.0.1: an ApiVersions v3 request and a Metadata v12
// request (in two writes) from port 40872, and their responses from port
// 19092 (the first in two writes). follow.sent holds what each side sent.
func followSides(t *testing.T) [2][]byte {
	sent := strings.Fields(fixture(t, "follow.sent"))
	return [2][]byte{mustHex(sent[0]), mustHex(sent[1])}
}

// sides joins what each node sent in a conversation.
func sides(c Conversation) [2][]byte {
	var out [2][]byte
	for _, s := range c.Sent {
		out[s.Node] = append(out[s.Node], s.Bytes...)
	}
	return out
}

// guiHex is the dialog's text of the same dump: Wireshark's Follow Stream
// dialog prints the lines tshark does, node 1's indented with four spaces
// instead of a tab, and no header block.
func guiHex(t *testing.T) string {
	var lines []string
	for _, l := range strings.Split(fixture(t, "follow.tshark-hex"), "\n") {
		if h, _, _, _, _ := followHeader(l, "hex"); h || l == "" {
			continue
		}
		lines = append(lines, strings.Replace(l, "\t", "    ", 1))
	}
	return strings.Join(lines, "\n") + "\n"
}

func TestFollowSamples(t *testing.T) {
	want := followSides(t)
	nodes := [2]string{"127.0.0.1:40872", "127.0.0.1:19092"}
	for _, c := range []struct {
		name   string
		text   string
		f      Format
		nodes  [2]string
		sent   int // how many Sents: packets for raw and YAML, runs of lines for hex
		timed  bool
		lineOf []int
	}{
		{"tshark hex", fixture(t, "follow.tshark-hex"), FollowHex, nodes, 4, false, []int{7, 10, 12, 16}},
		{"tshark raw", fixture(t, "follow.tshark-raw"), FollowRaw, nodes, 6, false, []int{7, 8, 9, 10, 11, 12}},
		{"tshark raw, indented", strings.ReplaceAll(fixture(t, "follow.tshark-raw"), "\n", "\n    "), FollowRaw, nodes, 6, false, []int{7, 8, 9, 10, 11, 12}},
		{"tshark yaml", fixture(t, "follow.tshark-yaml"), FollowYAML, nodes, 6, true, []int{9, 14, 19, 24, 29, 34}},
		{"dialog hex", guiHex(t), FollowHex, [2]string{}, 4, false, []int{1, 4, 6, 10}},
		// Pasted into a Markdown code block: every line four spaces further in.
		{"dialog hex, indented", "    " + strings.ReplaceAll(strings.TrimSuffix(guiHex(t), "\n"), "\n", "\n    ") + "\n", FollowHex, [2]string{}, 4, false, []int{1, 4, 6, 10}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, err := Parse(c.text)
			require.NoError(t, err)
			assert.Equal(t, c.f, r.Format)
			require.Len(t, r.Conversations, 1)
			conv := r.Conversations[0]
			assert.Equal(t, c.nodes, conv.Nodes)
			assert.Equal(t, want, sides(conv))
			assert.Equal(t, want[0][:41], r.Bytes[:41], "the bytes in the dump's order: node 0's request first")
			require.Len(t, conv.Sent, c.sent)
			lines := strings.Split(c.text, "\n")
			for i, s := range conv.Sent {
				assert.Equal(t, c.lineOf[i], s.Line, "sent %d", i)
				assert.NotEmpty(t, strings.TrimSpace(lines[s.Line-1]))
				assert.Equal(t, c.timed, !s.Time.IsZero())
				assert.Equal(t, c.timed, s.Packet > 0)
			}
			n := 0
			for _, s := range conv.Sent {
				n += len(s.Bytes)
			}
			assert.Equal(t, len(r.Bytes), n)
		})
	}
}

// tshark's YAML gives each packet's number and capture time, read to the
// microsecond (the digits below are a float64's rounding: the capture,
// tcpdump's, has microseconds).
func TestFollowYAMLTimes(t *testing.T) {
	r, err := Parse(fixture(t, "follow.tshark-yaml"))
	require.NoError(t, err)
	s := r.Conversations[0].Sent
	assert.Equal(t, []int{4, 6, 8, 10, 12, 14}, []int{s[0].Packet, s[1].Packet, s[2].Packet, s[3].Packet, s[4].Packet, s[5].Packet})
	assert.Equal(t, []int{0, 1, 1, 0, 0, 1}, []int{s[0].Node, s[1].Node, s[2].Node, s[3].Node, s[4].Node, s[5].Node})
	assert.Equal(t, time.Unix(1796306198, 775843000).UTC(), s[0].Time)
	assert.Equal(t, time.Unix(1796306198, 876572000).UTC(), s[5].Time)
}

// Wireshark's dialog saves YAML with an index under each packet, and may
// name a port by its service: both read.
func TestFollowYAMLOfTheDialog(t *testing.T) {
	text := strings.ReplaceAll(fixture(t, "follow.tshark-yaml"), "    peer: 0\n    timestamp", "    peer: 0\n    index: 0\n    timestamp")
	text = strings.ReplaceAll(text, "    peer: 1\n    timestamp", "    peer: 1\n    index: 1\n    timestamp")
	text = strings.Replace(text, "port: 19092", "port: kafka", 1)
	require.Contains(t, text, "index: 1")
	r, err := Parse(text)
	require.NoError(t, err)
	assert.Equal(t, FollowYAML, r.Format)
	assert.Equal(t, [2]string{"127.0.0.1:40872", "127.0.0.1:kafka"}, r.Conversations[0].Nodes)
	assert.Equal(t, followSides(t), sides(r.Conversations[0]))
}

// Two tshark dumps one after the other (-z follow given twice) are two conversations.
func TestFollowSeveralConversations(t *testing.T) {
	one := fixture(t, "follow.tshark-hex")
	two := strings.ReplaceAll(strings.ReplaceAll(one, "40872", "40999"), "eq 0", "eq 1")
	r, err := Parse(one + two)
	require.NoError(t, err)
	require.Len(t, r.Conversations, 2)
	assert.Equal(t, "127.0.0.1:40872", r.Conversations[0].Nodes[0])
	assert.Equal(t, "127.0.0.1:40999", r.Conversations[1].Nodes[0])
	assert.Equal(t, followSides(t), sides(r.Conversations[1]))
}

// A dump that lost a line, or holds a wrong one, says where.
func TestFollowErrors(t *testing.T) {
	gui := guiHex(t)
	lines := strings.Split(gui, "\n")
	for _, c := range []struct {
		name, text string
		f          Format
		line, col  int
		msg        string
	}{
		{"a line of node 0 lost", strings.Join(append(lines[:1:1], lines[2:]...), "\n"), FollowHex, 2, 1,
			"node 0's offset 00000020 does not follow its line before, which ends at 00000010: a line is missing or was changed"},
		{"odd digits", strings.Replace(gui, "00 00 00 13", "00 00 00 1", 1), FollowHex, 4, 24, "odd number of hex digits"},
		{"yaml data not base64", strings.Replace(fixture(t, "follow.tshark-yaml"), "AAAAEwAAAAcAAA==", "AAAAEwAAAAcAA*==", 1), FollowYAML, 18, 20,
			"packet 6's data is not base64"},
		{"yaml packet without its peer", "peers:\npackets:\n  - packet: 3\n    timestamp: 1.5\n", FollowYAML, 3, 3, "packet 3 has no peer:"},
		{"raw read as hex", fixture(t, "follow.tshark-raw"), FollowHex, 3, 1,
			"expected a hex dump (Follow: <protocol>,hex), found \"Follow: tcp,raw\""},
		{"tshark's ascii", strings.Replace(fixture(t, "follow.tshark-raw"), "tcp,raw", "tcp,ascii", 1), FollowRaw, 3, 1,
			"found \"Follow: tcp,ascii\": tshark's ascii output keeps only the bytes it can print; ask it for -z follow,tcp,hex (or raw, or yaml)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseAs(c.text, c.f)
			require.Error(t, err)
			e := err.(*Error)
			assert.Equal(t, c.line, e.Line, e.Error())
			assert.Equal(t, c.col, e.Column, e.Error())
			assert.Contains(t, e.Msg, c.msg)
		})
	}
}

// Lines of hex without tshark's header stay plain hex: a tab in a log is
// not a side of a connection.
func TestFollowRawNeedsItsHeader(t *testing.T) {
	text := "00000013\n\t0000000700000200\n"
	r, err := Parse(text)
	require.NoError(t, err)
	assert.Equal(t, Hex, r.Format)
	assert.Nil(t, r.Conversations)
	assert.NotContains(t, r.Alternatives, FollowRaw)
}

// A hexdump -C dump stays hexdump -C (its layout is the hex dump's with
// pipes around the ASCII column): Follow Stream is at most an alternative.
func TestFollowAfterHexdump(t *testing.T) {
	r, err := Parse(fixture(t, "short.hexdump"))
	require.NoError(t, err)
	assert.Equal(t, HexdumpC, r.Format)
}

// tshark's packet dumps with their summary lines (-P) and details (-V), as
// Wireshark's Export Packet Dissections writes them too: the lines above
// each packet's bytes are skipped, the summary kept as the packet's
// header, and the details' capture time read. The samples are of the same
// capture as the Follow Stream ones (all 18 packets with -P -x, the first
// 4 with -P -V -x).
func TestTsharkSummaryAndDetails(t *testing.T) {
	px := fixture(t, "follow.tshark-Px")
	r, err := Parse(px)
	require.NoError(t, err)
	assert.Equal(t, Wireshark, r.Format)
	require.Len(t, r.Packets, 18)
	var summaries []string
	for _, l := range strings.Split(px, "\n") {
		if strings.HasPrefix(l, " ") && strings.Contains(l, " → ") {
			summaries = append(summaries, strings.TrimSpace(l))
		}
	}
	require.Len(t, summaries, 18)
	for i, p := range r.Packets {
		assert.Equal(t, summaries[i], p.Header)
		assert.Equal(t, LayerLink, p.Layer)
		assert.True(t, p.Time.IsZero(), "a summary line's time is relative")
	}
	// A summary of packet 10000 or later, at 10 to 99 seconds, is no line
	// of bytes for all its digits and spaces.
	late := strings.Replace(px, "    1   0.000000", "10000  10.123456", 1)
	require.NotEqual(t, px, late)
	r2, err := Parse(late)
	require.NoError(t, err)
	assert.Equal(t, "10000  10.123456"+strings.TrimPrefix(summaries[0], "1   0.000000"), r2.Packets[0].Header)
	// The first data packet: ApiVersions v3, 41 bytes after 66 of headers.
	want := followSides(t)[0][:41]
	assert.Equal(t, want, r.Packets[3].Bytes[66:])

	pvx := fixture(t, "follow.tshark-PVx")
	r, err = Parse(pvx)
	require.NoError(t, err)
	assert.Equal(t, Wireshark, r.Format)
	require.Len(t, r.Packets, 4)
	assert.Equal(t, summaries[:4], []string{r.Packets[0].Header, r.Packets[1].Header, r.Packets[2].Header, r.Packets[3].Header})
	assert.Equal(t, time.Unix(1796306198, 775678000).UTC(), r.Packets[0].Time)
	assert.Equal(t, time.Unix(1796306198, 775843000).UTC(), r.Packets[3].Time)
	assert.Equal(t, want, r.Packets[3].Bytes[66:])
}

// tcpdump -v goes on with a packet's summary on a line indented by spaces,
// above its bytes: the lines are one header. (The first 4 packets of the
// same capture, printed by tcpdump -n -v -X.)
func TestTcpdumpVerboseSummary(t *testing.T) {
	text := fixture(t, "follow.tcpdump-vX")
	r, err := Parse(text)
	require.NoError(t, err)
	assert.Equal(t, TcpdumpX, r.Format)
	require.Len(t, r.Packets, 4)
	lines := strings.Split(text, "\n")
	for i, p := range r.Packets {
		first, second := lines[p.Line-1], lines[p.Line]
		assert.True(t, strings.HasPrefix(second, "    "), second)
		assert.Equal(t, first+" "+strings.TrimSpace(second), p.Header)
		assert.Equal(t, LayerIP, p.Layer, "packet %d", i)
	}
	assert.Equal(t, followSides(t)[0][:41], r.Packets[3].Bytes[52:], "the ApiVersions request after the IP and TCP headers (20 + 32)")
}

// Hex in quotes is hex: what Python's binascii.hexlify returns (b'0000…'),
// a string in a log or a JSON value ("0000…"). Read as a literal, it would
// be the ASCII codes of the digits; that reading stays an alternative.
func TestQuotedHex(t *testing.T) {
	want := followSides(t)[0][:41]
	h := hex.EncodeToString(want)
	for _, c := range []struct {
		text string
		alt  Format
	}{
		{"b'" + h + "'\n", PythonBytes},
		{`"` + h + `"`, CString},
		{"  '" + h + "'  ", ""},
		{`b"` + strings.ToUpper(h) + `"`, PythonBytes},
	} {
		r, err := Parse(c.text)
		require.NoError(t, err, c.text)
		assert.Equal(t, Hex, r.Format, c.text)
		assert.Equal(t, want, r.Bytes, c.text)
		assert.Equal(t, "the hex digits inside the quotes", r.Note)
		if c.alt != "" {
			assert.Equal(t, c.alt, r.Alternatives[0], c.text)
			asLiteral, err := ParseAs(c.text, c.alt)
			require.NoError(t, err)
			assert.Equal(t, strings.ToLower(h), strings.ToLower(string(asLiteral.Bytes)))
		}
	}
	// Escapes, or too few digits to be a frame, stay a literal.
	for text, f := range map[string]Format{`b'\x00\x00\x00%'`: PythonBytes, `"cafe"`: CString, `"00 00 00 25"`: CString} {
		r, err := Parse(text)
		require.NoError(t, err)
		assert.Equal(t, f, r.Format, text)
	}
	// A quote inside: not one quoted string.
	_, _, err := parseHex(`"0000" "0025"`)
	assert.NotNil(t, err)
}

// Python's repr of a bytearray is the bytes literal inside bytearray(…).
func TestPythonBytearray(t *testing.T) {
	want := followSides(t)[0][:41]
	lit := FormatAs(want, PythonBytes)
	r, err := Parse("bytearray(" + strings.TrimSpace(lit) + ")\n")
	require.NoError(t, err)
	assert.Equal(t, PythonBytes, r.Format)
	assert.Equal(t, want, r.Bytes)
	_, err = ParseAs("bytearray("+strings.TrimSpace(lit), PythonBytes)
	assert.ErrorContains(t, err, "expected ')' at the end of the bytearray")
}

// tcpdump -A prints a packet's bytes as text, dots for those it cannot
// show: the error under the summary says to use -X.
func TestTcpdumpASCIIOnly(t *testing.T) {
	text := "13:56:38.775678 IP localhost.40872 > localhost.19092: Flags [S], seq 3366939208, length 0\nE..<.E@.@.vt..........J...jH.........0.........\n"
	_, err := ParseAs(text, TcpdumpX)
	require.Error(t, err)
	e := err.(*Error)
	assert.Equal(t, 2, e.Line)
	assert.Contains(t, e.Msg, "tcpdump -A prints only the bytes it can show: -X or -XX prints them all")
}
