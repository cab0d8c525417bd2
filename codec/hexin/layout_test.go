package hexin

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Layouts the real-tool tests do not print: dumps cut or garbled by hand.
func TestPacketDumpsByHand(t *testing.T) {
	text := fixture(t, "dp.tcpdump-X")
	all, err := Parse(text)
	require.NoError(t, err)

	// Copied without the first packet's summary line: that packet has no
	// header, the others keep theirs.
	cut := text[strings.IndexByte(text, '\n')+1:]
	r, err := Parse(cut)
	require.NoError(t, err)
	require.Len(t, r.Packets, len(all.Packets))
	assert.Empty(t, r.Packets[0].Header)
	assert.Equal(t, 1, r.Packets[0].Line)
	assert.Equal(t, all.Packets[0].Bytes, r.Packets[0].Bytes)
	assert.Equal(t, all.Packets[1].Header, r.Packets[1].Header)

	// tcpdump -r's note on stderr, copied along, is not a packet.
	r, err = Parse("reading from file x.pcap, link-type EN10MB (Ethernet), snapshot length 262144\n" + text)
	require.NoError(t, err)
	assert.Equal(t, all.Packets, shiftLines(r.Packets, -1))

	// A line that is neither a summary nor bytes stops the reading there.
	lines := strings.SplitAfter(text, "\n")
	garbled := strings.Join(lines[:8], "") + "hello\n" + strings.Join(lines[8:], "")
	_, err = ParseAs(garbled, TcpdumpX)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, []int{9, 1}, []int{e.Line, e.Column})
	assert.Equal(t, "expected a tcpdump offset like 0x0010: or a packet's summary line, found 'h'", e.Msg)

	// tshark's title gives the packet's length, which is checked.
	tshark := fixture(t, "gz.tshark-x")
	wrong := strings.Replace(tshark, "Frame (316 bytes):", "Frame (317 bytes):", 1)
	_, err = Parse(wrong)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, Wireshark, e.Format)
	assert.Contains(t, e.Msg, "the title says 317 bytes but the packet holds 316")
	assert.Equal(t, 1+strings.Count(tshark[:strings.Index(tshark, "Frame (316")], "\n"), e.Line)
}

// A dump of one protocol's bytes (Wireshark's byte pane, or the frame
// fixtures here) starts at no header the reader knows.
func TestPacketLayerUnknown(t *testing.T) {
	for _, name := range []string{"short.wireshark", "long.tcpdump"} {
		r, err := Parse(fixture(t, name))
		require.NoError(t, err)
		require.Len(t, r.Packets, 1)
		assert.Equal(t, LayerUnknown, r.Packets[0].Layer, name)
	}
}

func shiftLines(ps []Packet, d int) []Packet {
	out := append([]Packet{}, ps...)
	for i := range out {
		out[i].Line += d
	}
	return out
}

func TestODByHand(t *testing.T) {
	// A line left out in the middle: the offsets (octal, od's default) say so.
	text := "0000000 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f 50\n" +
		"0000040 51 52\n0000042\n"
	_, err := ParseAs(text, OD)
	var e *Error
	require.ErrorAs(t, err, &e)
	assert.Equal(t, []int{2, 1}, []int{e.Line, e.Column})
	assert.Equal(t, "the offsets say the line above holds 32 bytes, it holds 16", e.Msg)

	// od pads the last word with zeros; a final offset that would cut
	// off bytes that are not zero does not fit.
	_, err = ParseAs("0000000 4241 4443\n0000003\n", OD)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 2, e.Line)

	// Words of mixed widths are not one dump.
	_, err = ParseAs("0000000 4241 44434645\n0000006\n", OD)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, "expected a group of 4 digits like the ones before, found 8 digits", e.Msg)

	// Without offsets, '*' cannot say how many lines it stands for.
	_, err = ParseAs(" 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00  >................<\n*\n 01  >.<\n", OD)
	require.ErrorAs(t, err, &e)
	assert.Equal(t, 2, e.Line)
}

// xxd -e and xxd -g 4 print full lines alike; where the ASCII column is
// all dots, nothing tells them apart, and xxd -e is offered.
func TestXXDWordsAmbiguous(t *testing.T) {
	text := "00000000: 00010203 04050607 08090a0b 0c0d0e0f  ................\n"
	r, err := Parse(text)
	require.NoError(t, err)
	assert.Equal(t, XXD, r.Format)
	assert.Equal(t, mustHex("000102030405060708090a0b0c0d0e0f"), r.Bytes)
	assert.Contains(t, r.Alternatives, XXDLittle)
	r, err = ParseAs(text, XXDLittle)
	require.NoError(t, err)
	assert.Equal(t, mustHex("03020100070605040b0a09080f0e0d0c"), r.Bytes)
	assert.Equal(t, "read as little-endian words", r.Note)
}
