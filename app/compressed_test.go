package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
)

// A capture compressed by the tools people compress captures with reads as
// the capture: kgo produces to kfake on 127.0.0.1 while Debian's tcpdump
// records lo; gzip, zstd (also with --long, a 128 MiB window) and lz4
// compress the file; kafkawire frames gives for each, from the file and
// from stdin, exactly what it gives for the capture itself. An xz file is
// refused with what to do, not read as bytes.
func TestFramesOfCompressedCapture(t *testing.T) {
	file, exs := recordOnLoopback(t, capturetest.Tcpdump(t, false), "compressed-test", func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "gz", Value: bytes.Repeat([]byte("g"), 300_000)}).FirstErr())
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "gz", Key: []byte("k"), Value: []byte("small")}).FirstErr())
	})
	want, errOut, status := kafkawire(t, "", "frames", file)
	require.Equal(t, 0, status, errOut)
	checkExchanges(t, framesOf(t, want), exs)

	for _, tool := range [][]string{
		{"gzip", "-c"},
		{"gzip", "-9", "-c"},
		{"zstd", "-q", "-c"},
		{"zstd", "-q", "-c", "-19", "--long=27", "-"}, // from stdin, the size unknown: the frame asks for the whole 128 MiB window
		{"lz4", "-q", "-c"},
		{"lz4", "-q", "-c", "-B4", "-BD"}, // 64 KiB blocks that depend on the ones before
	} {
		t.Run(strings.Join(tool, " "), func(t *testing.T) {
			compressed := compressWith(t, file, tool...)
			out, errOut, status := kafkawire(t, "", "frames", compressed)
			require.Equal(t, 0, status, errOut)
			assert.Empty(t, errOut)
			assert.Equal(t, want, out)

			data, err := os.ReadFile(compressed)
			require.NoError(t, err)
			out, errOut, status = kafkawire(t, string(data), "frames")
			require.Equal(t, 0, status, errOut)
			assert.Equal(t, want, out, "from stdin")
		})
	}

	xz := compressWith(t, file, "xz", "-c")
	out, errOut, status := kafkawire(t, "", "frames", xz)
	assert.NotEqual(t, 0, status)
	assert.Empty(t, out)
	assert.Contains(t, errOut, "this is an xz file, which kafkawire does not open: take what is in it out first (xz -d)")

	// Cut short, the file's frames before the cut are given, and a note
	// says where the file broke.
	data, err := os.ReadFile(compressWith(t, file, "gzip", "-c"))
	require.NoError(t, err)
	out, errOut, status = kafkawire(t, string(data[:len(data)/2]), "frames")
	require.Equal(t, 0, status, errOut)
	assert.Regexp(t, `kafkawire: note: the input breaks off, frames before the break are given: capture: at 0x[0-9a-f]+ \(block \d+\): .*: the gzip file breaks after \d+ bytes decompressed: unexpected EOF`, errOut)
	got := framesOf(t, out)
	require.NotEmpty(t, got)
	assert.Equal(t, framesOf(t, want)[0], got[0])
}

// compressWith runs a compressor on file (its arguments print the result
// on stdout; a last argument "-" gives it the file on stdin) and returns
// the compressed file's name.
func compressWith(t *testing.T, file string, tool ...string) string {
	t.Helper()
	path, err := exec.LookPath(tool[0])
	if err != nil {
		pkg := tool[0]
		if pkg == "xz" {
			pkg = "xz-utils"
		}
		t.Fatalf("%s is needed for this test: install it (apt-get install %s); %v", tool[0], pkg, err)
	}
	cmd := exec.Command(path, append(tool[1:], file)...)
	if tool[len(tool)-1] == "-" { // the file on stdin
		in, err := os.Open(file)
		require.NoError(t, err)
		defer in.Close()
		cmd = exec.Command(path, tool[1:]...)
		cmd.Stdin = in
	}
	out, err := cmd.Output()
	require.NoError(t, err, "%v", tool)
	name := filepath.Join(t.TempDir(), filepath.Base(file)+"."+tool[0])
	if tool[0] == "zstd" && tool[len(tool)-1] == "-" {
		// The frame header's window descriptor: 128 MiB is exponent 17 over 1 KiB.
		require.GreaterOrEqual(t, len(out), 6)
		require.Zero(t, out[4]&0x20, "not a single segment")
		require.Equal(t, byte(17<<3), out[5], "a 128 MiB window")
	}
	require.NoError(t, os.WriteFile(name, out, 0o644))
	return name
}
