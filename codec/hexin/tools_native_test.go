//go:build !js

package hexin

import (
	"bytes"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// needTool finds a tool the test runs. A missing one fails the test, never
// skips it: make test needs od, hexdump and xxd (.ci/install installs them;
// on Debian: apt-get install bsdextrautils xxd). These tests run natively
// only: under wasm there are no processes to start.
func needTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed: apt-get install bsdextrautils xxd (coreutils has od)", name)
	}
	return path
}

// toolInputs are the byte strings the tools dump: real Kafka frames, and
// lengths around a line of 16 and a word of 2, 4 and 8.
func toolInputs(t *testing.T) map[string][]byte {
	req := kafkaRequest(t)
	rng := rand.New(rand.NewPCG(5, 6))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		return b
	}
	zeros := append(append(random(16), make([]byte, 80)...), random(7)...) // squeezed into '*'
	sent := strings.Fields(fixture(t, "gz.sent"))
	return map[string][]byte{
		"DescribeProducers": req, "gzip Produce": mustHex(sent[0]), "ApiVersions": short,
		"1": random(1), "3": random(3), "15": random(15), "16": random(16), "17": random(17),
		"100": random(100), "zeros": zeros, "text": []byte("kafkawire <od> reads\n"),
	}
}

// kafkaRequest builds a DescribeProducers v0 request with the codec.
func kafkaRequest(t *testing.T) []byte {
	api := schema.ByName("DescribeProducers")
	require.NotNil(t, api)
	b, err := frame.Encode(message.Minimal(api, 0, schema.Request))
	require.NoError(t, err)
	// The frame reads back as what it was built from.
	d := frame.DecodeRequest(b)
	require.Nil(t, d.Err)
	return b
}

// dumpTools lists the commands that print dumps, with the format Parse
// should name and how it should read them.
var dumpTools = []struct {
	args []string
	f    Format
	note string
}{
	{[]string{"od"}, OD, "read as little-endian 16-bit words in octal"},
	{[]string{"od", "-x"}, OD, "read as little-endian 16-bit words"},
	{[]string{"od", "-t", "x1"}, OD, ""},
	{[]string{"od", "-t", "x1z"}, OD, ""},
	{[]string{"od", "-t", "x2"}, OD, "read as little-endian 16-bit words"},
	{[]string{"od", "-t", "x4z"}, OD, "read as little-endian 32-bit words"},
	{[]string{"od", "-t", "x8"}, OD, "read as little-endian 64-bit words"},
	{[]string{"od", "-A", "x", "-t", "x1"}, OD, ""},
	{[]string{"od", "-A", "x", "-t", "x1z"}, OD, ""},
	{[]string{"od", "-A", "x", "-t", "x2z"}, OD, "read as little-endian 16-bit words"},
	{[]string{"od", "-A", "x", "-t", "x4"}, OD, "read as little-endian 32-bit words"},
	{[]string{"od", "-A", "x", "-t", "x8z"}, OD, "read as little-endian 64-bit words"},
	{[]string{"od", "-A", "d", "-t", "x1"}, OD, ""},
	{[]string{"od", "-A", "d", "-t", "x2"}, OD, "read as little-endian 16-bit words"},
	{[]string{"od", "-A", "d", "-t", "x4z"}, OD, "read as little-endian 32-bit words"},
	{[]string{"od", "-A", "d", "-t", "x8"}, OD, "read as little-endian 64-bit words"},
	{[]string{"od", "-v", "-A", "n", "-t", "x1z"}, OD, ""},
	{[]string{"od", "-v", "-A", "n", "-t", "x2z"}, OD, "read as little-endian 16-bit words"},
	{[]string{"od", "-v", "-A", "n", "-t", "x4z"}, OD, "read as little-endian 32-bit words"},
	{[]string{"od", "-v", "-A", "n", "-t", "x8z"}, OD, "read as little-endian 64-bit words"},
	{[]string{"hexdump"}, Hexdump, "read as little-endian 16-bit words"},
	{[]string{"hexdump", "-x"}, Hexdump, "read as little-endian 16-bit words"},
	{[]string{"hexdump", "-C"}, HexdumpC, ""},
	{[]string{"xxd"}, XXD, ""},
	{[]string{"xxd", "-a"}, XXD, ""},
	{[]string{"xxd", "-g", "4"}, XXD, ""},
	{[]string{"xxd", "-e"}, XXDLittle, xxdLittleNote},
	{[]string{"xxd", "-e", "-g", "2"}, XXDLittle, xxdLittleNote},
	{[]string{"xxd", "-e", "-g", "8"}, XXDLittle, xxdLittleNote},
	{[]string{"xxd", "-p"}, Hex, ""},
}

// formatAsTool names the tool whose output FormatAs prints for a format.
var formatAsTool = map[string]Format{
	"hexdump": Hexdump, "hexdump -C": HexdumpC, "xxd": XXD, "xxd -e": XXDLittle, "od -A x -t x1": OD,
}

// TestRealTools runs od, hexdump and xxd (od -A n with -v, since without
// offsets its '*' lines cannot say how many lines they stand for) on each input and reads their
// output back: the bytes must be exactly the input. Where a dump is too
// short to tell its format from another's (a one-line od with 0 in every
// offset reads as hexdump too), the tool's format must at least be among
// the alternatives.
func TestRealTools(t *testing.T) {
	for _, tool := range dumpTools {
		t.Run(strings.Join(tool.args, " "), func(t *testing.T) {
			path := needTool(t, tool.args[0])
			for name, b := range toolInputs(t) {
				cmd := exec.Command(path, tool.args[1:]...)
				cmd.Stdin = bytes.NewReader(b)
				out, err := cmd.Output()
				require.NoError(t, err)
				text := string(out)
				r, err := Parse(text)
				require.NoError(t, err, "%s:\n%s", name, text)
				assert.Equal(t, b, r.Bytes, "%s read as %s:\n%s", name, r.Format, text)
				if r.Format != tool.f {
					assert.Contains(t, r.Alternatives, tool.f, "%s read as %s:\n%s", name, r.Format, text)
				} else {
					assert.Equal(t, tool.note, r.Note, name)
				}
				forced, err := ParseAs(text, tool.f)
				require.NoError(t, err, "%s:\n%s", name, text)
				assert.Equal(t, b, forced.Bytes, "%s:\n%s", name, text)
				if f, ok := formatAsTool[strings.Join(tool.args, " ")]; ok {
					assert.Equal(t, text, FormatAs(b, f), "FormatAs(%s) of %s", f, name)
				}
			}
		})
	}
}

// A dump copied without its first or its last line still reads: the bytes
// are those of the lines that are there.
func TestRealToolsCutShort(t *testing.T) {
	b := toolInputs(t)["gzip Produce"]
	for _, tool := range dumpTools {
		if tool.f == Hex || tool.args[len(tool.args)-1] == "-a" {
			continue
		}
		t.Run(strings.Join(tool.args, " "), func(t *testing.T) {
			path := needTool(t, tool.args[0])
			cmd := exec.Command(path, tool.args[1:]...)
			cmd.Stdin = bytes.NewReader(b)
			out, err := cmd.Output()
			require.NoError(t, err)
			lines := strings.SplitAfter(strings.TrimSuffix(string(out), "\n"), "\n")
			const perLine = 16
			withoutFirst := strings.Join(lines[1:], "")
			r, err := ParseAs(withoutFirst, tool.f)
			require.NoError(t, err, withoutFirst)
			assert.Equal(t, b[perLine:], r.Bytes)

			// Without the last line: od's and hexdump's is the final
			// offset, xxd's the last line of bytes.
			withoutLast := strings.Join(lines[:len(lines)-1], "")
			lastIsBytes := tool.args[0] == "xxd" || strings.Contains(strings.Join(tool.args, " "), "-A n")
			r, err = Parse(withoutLast)
			require.NoError(t, err, withoutLast)
			switch {
			case lastIsBytes:
				assert.Equal(t, b[:(len(b)-1)/perLine*perLine], r.Bytes)
			case tool.f == HexdumpC:
				assert.Equal(t, b, r.Bytes)
			default:
				// The last line of bytes is there, padded to whole words
				// unless od's z column says how many are bytes.
				assert.Equal(t, b, r.Bytes[:min(len(b), len(r.Bytes))])
			}
		})
	}
}

// A dump cut at any byte after its second line (copied or logged up to a
// byte count: head -c) reads as the lines before the cut, the cut line
// left out or read as the whole bytes it holds: never an error, never a
// byte the input does not hold there. (od's and hexdump's words may pad
// the last line of a dump with zeros, as they do whole.)
func TestRealToolsCutAnywhere(t *testing.T) {
	inputs := toolInputs(t)
	for _, tool := range dumpTools {
		if tool.f == Hex || strings.Contains(strings.Join(tool.args, " "), "-A n") {
			continue
		}
		for _, name := range []string{"gzip Produce", "zeros", "100"} {
			b := inputs[name]
			t.Run(strings.Join(tool.args, " ")+"/"+name, func(t *testing.T) {
				cutAnywhere(t, tool.args, b)
			})
		}
	}
}

func cutAnywhere(t *testing.T, args []string, b []byte) {
	cmd := exec.Command(needTool(t, args[0]), args[1:]...)
	cmd.Stdin = bytes.NewReader(b)
	out, err := cmd.Output()
	require.NoError(t, err)
	text := string(out)
	bad := 0
	// From two lines on: a line of od -A x alone is hex as much.
	second := strings.Index(text, "\n") + 1
	second += strings.Index(text[second:], "\n") + 1
	for n := second; n < len(text) && bad < 5; n++ {
		r, err := Parse(text[:n])
		switch {
		case err != nil:
			t.Errorf("cut at %d (…%q): %v", n, text[max(0, n-40):n], err)
			bad++
		case len(r.Bytes) > len(b)+7 || !bytes.Equal(r.Bytes[:min(len(b), len(r.Bytes))], b[:min(len(b), len(r.Bytes))]):
			t.Errorf("cut at %d (…%q): read as %s, bytes not the input's: %x", n, text[max(0, n-40):n], r.Format, r.Bytes[max(0, len(r.Bytes)-16):])
			bad++
		}
	}
}
