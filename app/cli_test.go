package main

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
)

func kafkawire(t *testing.T, stdin string, args ...string) (stdout, stderr string, status int) {
	t.Helper()
	var out, errb bytes.Buffer
	status = run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), status
}

func TestAPIs(t *testing.T) {
	out, _, status := kafkawire(t, "", "apis")
	require.Equal(t, 0, status)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	assert.Len(t, lines, 96, "a header and 95 API keys")
	assert.Regexp(t, `^61\s+DescribeProducers\s+0\s+0\s+0\+`, lines[62])
	assert.Regexp(t, `^0\s+Produce\s+0-13\s+0-13\s+9\+\s+.*removed in 4.0 0-2`, lines[1])
	assert.NotContains(t, out, "SUMMARY", "the summary is shown only when asked for")

	// --summary adds the role and the summary as the last columns, the first ones unchanged.
	out, _, status = kafkawire(t, "", "apis", "--summary")
	require.Equal(t, 0, status)
	withSum := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, withSum, 96)
	assert.Regexp(t, `^KEY\s+NAME\s+REQUEST\s+RESPONSE\s+FLEXIBLE\s+FLAGS\s+ROLE\s+SUMMARY$`, withSum[0])
	d := docs.ForAPI("DescribeProducers")
	assert.Regexp(t, `^61\s+DescribeProducers\s+0\s+0\s+0\+\s+`+regexp.QuoteMeta(string(d.Role))+`\s+`+regexp.QuoteMeta(d.Summary)+`$`, withSum[62])
	for i, line := range withSum[1:] {
		assert.Equal(t, strings.Fields(lines[i+1])[:5], strings.Fields(line)[:5], "line %d", i+1)
	}
}

// decode's tree shows the field descriptions of codec/docs, the versions a
// field exists in, and the header's.
func TestDecodeTreeDescribesFields(t *testing.T) {
	frame, _, status := kafkawire(t, "", "encode", "--api", "InitProducerId", "--version", "5", "--request")
	require.Equal(t, 0, status)
	out, _, status := kafkawire(t, frame, "decode", "--request")
	require.Equal(t, 0, status)
	for _, want := range []string{
		"TransactionalId string = null (compact, len+1=0) [0x000f, 1B] " + docs.Field("InitProducerId", schema.Request, "TransactionalId"),
		"ProducerEpoch int16 = -1 [0x001c, 2B] " + docs.Field("InitProducerId", schema.Request, "ProducerEpoch") + " (v3+)",
		"ClientId nullable_string = \"\" (int16 len=0) [0x000c, 2B] " + docs.Header(schema.Request, "ClientId") + " (header v1+) In Kafka's protocol guide: client_id.",
	} {
		assert.Contains(t, out, want)
	}
}

func TestEncodeMinimal(t *testing.T) {
	out, _, status := kafkawire(t, "", "encode", "--api", "DescribeProducers", "--version", "0", "--request")
	require.Equal(t, 0, status)
	assert.Equal(t, "00000014003d000000000000000000020102000000000000\n", out)
	out, _, _ = kafkawire(t, "", "encode", "--api", "22", "--version", "5", "--response")
	b, err := hex.DecodeString(strings.TrimSpace(out))
	require.NoError(t, err)
	assert.Len(t, b, 26)
	// --api reads names as the page's picker does: any case, or "Name (key)".
	for _, name := range []string{"describeproducers", "DescribeProducers (61)", "61"} {
		out, _, status = kafkawire(t, "", "encode", "--api", name, "--version", "0", "--request")
		require.Equal(t, 0, status, name)
		assert.Equal(t, "00000014003d000000000000000000020102000000000000\n", out, name)
	}
	// A key past int16 does not wrap around to another API.
	_, stderr, status := kafkawire(t, "", "encode", "--api", "65597", "--version", "0", "--request")
	assert.NotEqual(t, 0, status)
	assert.Contains(t, stderr, `no API "65597"`)
}

func TestDecodeTree(t *testing.T) {
	out, _, status := kafkawire(t, "00000014003d000000000000000000020102000000000000", "decode")
	require.Equal(t, 0, status)
	for _, line := range []string{
		"DescribeProducersRequest message v0 [0x0000, 24B]",
		"+-- RequestHeader v2 [0x0004, 11B] common request header",
		"RequestApiKey int16 = 61 (DescribeProducers) [0x0004, 2B]",
		`ClientId nullable_string = "" (int16 len=0) [0x000c, 2B]`,
		"Topics []TopicRequest = 1 element [0x000f, 8B]",
		"length uvarint = 2 (compact, n+1) [0x000f, 1B]",
		"PartitionIndexes[0] int32 = 0 [0x0012, 4B]",
		"tagged_fields uvarint = 0 [0x0017, 1B]",
	} {
		assert.Contains(t, out, line)
	}
}

// Every minimal message goes through decode --json and encode --json back to the same hex.
func TestJSONThroughTheCLI(t *testing.T) {
	n := 0
	for _, api := range schema.APIs() {
		for _, dir := range []string{"--request", "--response"} {
			for _, v := range api.Versions(schema.Request) {
				ver := strconv.Itoa(int(v))
				want, _, status := kafkawire(t, "", "encode", "--api", api.Name, "--version", ver, dir)
				require.Equal(t, 0, status)
				args := []string{"decode", "--json"}
				if dir == "--response" {
					args = append(args, "--response", "--api", api.Name, "--version", ver)
				}
				js, errOut, status := kafkawire(t, want, args...)
				require.Equal(t, 0, status, "%s v%d %s: %s", api.Name, v, dir, errOut)
				got, errOut, status := kafkawire(t, js, "encode", "--api", api.Name, "--version", ver, dir, "--json", "-")
				require.Equal(t, 0, status, errOut)
				require.Equal(t, want, got, "%s v%d %s", api.Name, v, dir)
				n++
			}
		}
	}
	assert.Equal(t, 736, n)
}

func TestDecodeAnyDumpFormat(t *testing.T) {
	// hexdump -C of the minimal DescribeProducers v0 request.
	dump := "00000000  00 00 00 14 00 3d 00 00  00 00 00 00 00 00 00 02  |.....=..........|\n" +
		"00000010  01 02 00 00 00 00 00 00                           |........|\n" +
		"00000018\n"
	out, _, status := kafkawire(t, dump, "decode")
	require.Equal(t, 0, status)
	assert.Contains(t, out, "DescribeProducersRequest message v0 [0x0000, 24B]")
}

// encodeBytes runs `kafkawire encode` and returns the frame it printed, as bytes.
func encodeBytes(t *testing.T, args ...string) []byte {
	t.Helper()
	out, errOut, status := kafkawire(t, "", append([]string{"encode"}, args...)...)
	require.Equal(t, 0, status, errOut)
	b, err := hex.DecodeString(strings.TrimSpace(out))
	require.NoError(t, err)
	return b
}

// A raw binary file made from `kafkawire encode` decodes, from a file and from
// stdin, to exactly what its hex text decodes to: both go through one path.
func TestDecodeRawBinary(t *testing.T) {
	dir := t.TempDir()
	req := encodeBytes(t, "--api", "DescribeProducers", "--version", "0", "--request")
	resp := encodeBytes(t, "--api", "InitProducerId", "--version", "5", "--response")
	cases := []struct {
		name  string
		frame []byte
		args  []string
		want  string
	}{
		{"request.bin", req, nil, "DescribeProducersRequest message v0 [0x0000, 24B]"},
		{"response.bin", resp, []string{"--response", "--api", "InitProducerId", "--version", "5"}, "InitProducerIdResponse message v5"},
		// A request and its response back to back: split by size prefixes and paired.
		{"stream.bin", append(append([]byte{}, req...), encodeBytes(t, "--api", "DescribeProducers", "--version", "0", "--response")...), nil, "to frame 1"},
	}
	for _, c := range cases {
		file := filepath.Join(dir, c.name)
		require.NoError(t, os.WriteFile(file, c.frame, 0o644))
		args := append([]string{"decode"}, c.args...)
		fromFile, errOut, status := kafkawire(t, "", append(args, file)...)
		require.Equal(t, 0, status, "%s: %s", c.name, errOut)
		assert.Contains(t, fromFile, c.want, c.name)
		fromStdin, _, status := kafkawire(t, string(c.frame), args...)
		require.Equal(t, 0, status, c.name)
		fromText, _, status := kafkawire(t, hex.EncodeToString(c.frame), args...)
		require.Equal(t, 0, status, c.name)
		assert.Equal(t, fromText, fromFile, c.name)
		assert.Equal(t, fromText, fromStdin, c.name)

		js, _, status := kafkawire(t, string(c.frame), append(args, "--json")...)
		require.Equal(t, 0, status, c.name)
		jsText, _, _ := kafkawire(t, hex.EncodeToString(c.frame), append(args, "--json")...)
		assert.Equal(t, jsText, js, c.name)
	}
}

// Bytes that break mid-frame say where, whether they came as binary or as text.
func TestDecodeRawBinaryError(t *testing.T) {
	b, err := hex.DecodeString("00000014003d00000000000000000002ad02020000000000")
	require.NoError(t, err)
	_, stderr, status := kafkawire(t, string(b), "decode")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, "at 0x0010: string length 300 runs past the end")

	// A capture is named as one, not read as a frame.
	pcap := []byte{0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0, 0, 1, 0, 0, 0}
	_, stderr, status = kafkawire(t, string(pcap), "decode")
	assert.Equal(t, 1, status)
	assert.Equal(t, "kafkawire: no Kafka frame found in this pcap input: 0 TCP connections\n", stderr)
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// The compact string length says 300 bytes; 6 are left.
		{"00000014003d00000000000000000002ad02020000000000", "at 0x0010: string length 300 runs past the end"},
		{"0000000c00ff000000000000", "at 0x0004: API key 255 is not a Kafka API"},
		{"00000014003d0063", "at 0x0006: DescribeProducers has no version 99"},
		{"00 01\n02 0g", "line 2, column 5"},
		// Hex a digit short is not base64 (47 digits would read as such).
		{"00000014003d00000000000000000002010200000000000", "line 1, column 47: odd number of hex digits (47)"},
		{"00000014003d000000000000000000020102000000000000\ndone", "line 2, column 2: found no bytes"},
		// Two bytes after a frame are too few for a size prefix: no frame.
		{"00000014003d000000000000000000020102000000000000ffff", "2 bytes at 0x0018 after frame 1: too few for a size prefix (4 bytes): not a frame"},
	} {
		_, stderr, status := kafkawire(t, c.in, "decode")
		assert.Equal(t, 1, status, c.in)
		assert.Contains(t, stderr, c.want, c.in)
		assert.Equal(t, 1, strings.Count(stderr, "\n"), "one line: %q", stderr)
		assert.NotContains(t, stderr, "goroutine")
	}
	_, stderr, status := kafkawire(t, "", "encode", "--api", "Nope", "--version", "0", "--request")
	assert.Equal(t, 1, status)
	assert.Contains(t, stderr, `no API "Nope"`)
}

func TestGuessResponse(t *testing.T) {
	resp, _, _ := kafkawire(t, "", "encode", "--api", "DescribeProducers", "--version", "0", "--response")
	out, _, status := kafkawire(t, resp, "decode", "--guess")
	require.Equal(t, 0, status)
	assert.Contains(t, out, "DescribeProducers v0")

	// A response of a few zero bytes fits dozens of pairs: every one is
	// listed, the right one among them, as many as decode says there are.
	resp, _, _ = kafkawire(t, "", "encode", "--api", "PushTelemetry", "--version", "0", "--response")
	_, errOut, _ := kafkawire(t, resp, "decode")
	m := regexp.MustCompile(`--guess for all (\d+) candidates`).FindStringSubmatch(errOut)
	require.NotNil(t, m, errOut)
	out, _, status = kafkawire(t, resp, "decode", "--guess")
	require.Equal(t, 0, status)
	assert.Contains(t, out, "PushTelemetry v0\t--api PushTelemetry --version 0\n")
	assert.Equal(t, m[1], strconv.Itoa(strings.Count(out, "\t--api ")), out)
}

// The built binary behaves like run: a real process, exit status and all.
func TestBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := t.TempDir() + "/kafkawire"
	build := exec.Command("go", "build", "-o", bin, ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, string(out))
	cmd := exec.Command(bin, "decode")
	cmd.Stdin = strings.NewReader("0000000c00ff000000000000")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err = cmd.Run()
	var exit *exec.ExitError
	require.ErrorAs(t, err, &exit)
	assert.Equal(t, 1, exit.ExitCode())
	assert.Equal(t, "kafkawire: at 0x0004: API key 255 is not a Kafka API (0-94)\n", stderr.String())
}

// Flags that say a frame is a response, or give its version, without naming
// its API get an error saying what to give, never a crash: a response does
// not name its API, so there is nothing to decode it with.
func TestDecodeFlagsWithoutAPI(t *testing.T) {
	resp, _, status := kafkawire(t, "", "encode", "--api", "InitProducerId", "--version", "5", "--response")
	require.Equal(t, 0, status)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--response"}, "kafkawire: --response needs --api and --version (a response does not name its API), or --guess to list the pairs that decode it\n"},
		{[]string{"--response", "--version", "5"}, "kafkawire: --response needs --api and --version (a response does not name its API), or --guess to list the pairs that decode it\n"},
		{[]string{"--response", "--json"}, "kafkawire: --response needs --api and --version (a response does not name its API), or --guess to list the pairs that decode it\n"},
		{[]string{"--version", "5"}, "kafkawire: --version needs --api\n"},
		{[]string{"--request", "--version", "5"}, "kafkawire: --version needs --api\n"},
		{[]string{"--request", "--response", "--api", "InitProducerId", "--version", "5"}, "kafkawire: say --request or --response, not both\n"},
	} {
		// Two responses back to back take the stream's path: the same error.
		for _, in := range []string{resp, strings.Repeat(strings.TrimSpace(resp), 2)} {
			out, errOut, status := kafkawire(t, in, append([]string{"decode"}, c.args...)...)
			assert.Equal(t, 1, status, "%v", c.args)
			assert.Equal(t, c.want, errOut, "%v", c.args)
			assert.Empty(t, out, "%v", c.args)
		}
	}
	// With --guess, --response needs no API: the guesses are what it asks for.
	out, errOut, status := kafkawire(t, resp, "decode", "--response", "--guess")
	require.Equal(t, 0, status, errOut)
	assert.True(t, strings.HasPrefix(out, "InitProducerId v5\t--api InitProducerId --version 5\n"), out)
}

// `<command> --help` (or -h) prints the command's usage and exits 0; a flag
// it does not know still fails.
func TestCommandHelp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := t.TempDir() + "/kafkawire"
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(t, err, string(out))
	for _, cmd := range []string{"apis", "encode", "decode", "frames", "diff", "errors", "serve", "site"} {
		for _, help := range []string{"--help", "-h"} {
			c := exec.Command(bin, cmd, help)
			var stdout, stderr bytes.Buffer
			c.Stdout, c.Stderr = &stdout, &stderr
			require.NoError(t, c.Run(), "%s %s: %s", cmd, help, stderr.String())
			assert.True(t, strings.HasPrefix(stderr.String(), "Usage of "+cmd+":\n"), "%s %s: %s", cmd, help, stderr.String())
			assert.NotContains(t, stderr.String(), "help requested", "%s %s", cmd, help)
		}
	}
	c := exec.Command(bin, "decode", "--nope")
	var stderr bytes.Buffer
	c.Stderr = &stderr
	var exit *exec.ExitError
	require.ErrorAs(t, c.Run(), &exit)
	assert.Equal(t, 2, exit.ExitCode(), "a flag the command does not have is misuse, as for any command-line tool")
	assert.Contains(t, stderr.String(), "kafkawire: flag provided but not defined: -nope\n")
}

// Flags may follow the file, as they may precede it; a command that takes
// no file says so of an argument it does not take.
func TestFlagsAfterTheFile(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "p.hex")
	require.NoError(t, os.WriteFile(file, encodeBytes(t, "--api", "DescribeProducers", "--version", "0", "--request"), 0o644))
	before, errOut, status := kafkawire(t, "", "decode", "--json", file)
	require.Equal(t, 0, status, errOut)
	require.Contains(t, before, `"api": "DescribeProducers"`)
	after, errOut, status := kafkawire(t, "", "decode", file, "--json")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, before, after)

	resp := filepath.Join(dir, "r.hex")
	require.NoError(t, os.WriteFile(resp, encodeBytes(t, "--api", "InitProducerId", "--version", "5", "--response"), 0o644))
	out, errOut, status := kafkawire(t, "", "decode", "--response", resp, "--api", "InitProducerId", "--version", "5")
	require.Equal(t, 0, status, errOut)
	assert.True(t, strings.HasPrefix(out, "InitProducerIdResponse message v5"), out)

	// frames too.
	framesBefore, errOut, status := kafkawire(t, "", "frames", "--api", "DescribeProducers", "--version", "0", file)
	require.Equal(t, 0, status, errOut)
	framesAfter, errOut, status := kafkawire(t, "", "frames", file, "--api", "DescribeProducers", "--version", "0")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, framesBefore, framesAfter)

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"frames", file, "--json", file}, "kafkawire: flag provided but not defined: -json\n"},
		{[]string{"frames", file, "--port", "9092", file}, fmt.Sprintf("kafkawire: frames reads one file (or stdin), got 2: [%q %q]\n", file, file)},
		{[]string{"decode", file, "--json", file}, fmt.Sprintf("kafkawire: decode reads one file (or stdin), got 2: [%q %q]\n", file, file)},
		{[]string{"encode", "--api", "Produce", "p.json", "--version", "9", "--request"}, "kafkawire: encode takes no arguments but flags (a JSON file comes with --json), got [\"p.json\"]\n"},
		{[]string{"apis", "all"}, "kafkawire: apis takes no arguments but --summary, got [\"all\"]\n"},
		{[]string{"site", "dist"}, "kafkawire: site takes no arguments but -base, -out, -web and -domain, got [\"dist\"]\n"},
		{[]string{"serve", "8000"}, "kafkawire: serve takes no arguments but -addr, -base and -web, got [\"8000\"]\n"},
	} {
		_, errOut, status := kafkawire(t, "", c.args...)
		want := 1
		if strings.Contains(c.want, "flag provided but not defined") {
			want = 2
		}
		assert.Equal(t, want, status, "%v", c.args)
		assert.Equal(t, c.want, errOut, "%v", c.args)
	}
}

// encode --json reads every message of a text of several, as decode
// --json prints a stream's frames, and an error in one names it and
// points at its line and column in the whole text.
func TestEncodeSeveralJSONMessages(t *testing.T) {
	a := hex.EncodeToString(encodeBytes(t, "--api", "DescribeProducers", "--version", "0", "--request"))
	b := hex.EncodeToString(encodeBytes(t, "--api", "InitProducerId", "--version", "5", "--response"))
	js, notes, status := kafkawire(t, a+b, "decode", "--json")
	require.Equal(t, 1, status, "the response is not named: only the request decodes")
	assert.Contains(t, notes, "# frame 1 at 0x0000")
	out, errOut, status := kafkawire(t, js, "encode", "--json", "-")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, a+"\n", out)

	out, errOut, status = kafkawire(t, js+js, "encode", "--json", "-")
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, a+"\n"+a+"\n", out)

	// The second message's unknown key, where it is in the whole text.
	bad := js + strings.Replace(js, `"Name": ""`, `"Nmae": ""`, 1)
	_, errOut, status = kafkawire(t, bad, "encode", "--json", "-")
	assert.Equal(t, 1, status)
	value := strings.Index(bad, `"Nmae": ""`) + len(`"Nmae": `)
	line := strings.Count(bad[:value], "\n") + 1
	col := value - strings.LastIndex(bad[:value], "\n")
	assert.True(t, strings.HasPrefix(errOut, fmt.Sprintf("kafkawire: the JSON's message 2 of 2: JSON line %d, column %d: body.Topics[0]: unknown key \"Nmae\"", line, col)), errOut)
}

// --request with --api and --version that the request's header gainsays is
// an error that says both; flags that agree decode as without them.
func TestDecodeRequestFlagsThatDisagree(t *testing.T) {
	file := writeTemp(t, "p.hex", []byte(hex.EncodeToString(encodeBytes(t, "--api", "Produce", "--version", "9", "--request", "--example"))))
	_, errOut, status := kafkawire(t, "", "decode", "--request", "--api", "Produce", "--version", "3", file)
	assert.Equal(t, 1, status)
	assert.Equal(t, "kafkawire: the request's header says Produce v9, not Produce v3 as --api and --version do: a request names its own API and version (drop the flags, or check the bytes)\n", errOut)
	agreed, errOut, status := kafkawire(t, "", "decode", "--request", "--api", "Produce", "--version", "9", file)
	require.Equal(t, 0, status, errOut)
	plain, _, _ := kafkawire(t, "", "decode", file)
	assert.Equal(t, plain, agreed)
}
