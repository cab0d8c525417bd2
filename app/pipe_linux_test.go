package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

func TestWidenPipeGivesAPipeTheLargestBuffer(t *testing.T) {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	before, err := unix.FcntlInt(w.Fd(), unix.F_GETPIPE_SZ, 0)
	require.NoError(t, err)
	require.Equal(t, 64<<10, before, "a new pipe's buffer")

	widenPipe(w)
	after, err := unix.FcntlInt(w.Fd(), unix.F_GETPIPE_SZ, 0)
	require.NoError(t, err)
	max, err := os.ReadFile("/proc/sys/fs/pipe-max-size")
	require.NoError(t, err)
	limit, err := strconv.Atoi(strings.TrimSpace(string(max)))
	require.NoError(t, err)
	want := min(1<<20, limit)
	require.Equal(t, want, after)
}

func TestWidenPipeLeavesAFileAlone(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	defer f.Close()
	widenPipe(f) // no pipe: nothing to widen, and no failure
	_, err = unix.FcntlInt(f.Fd(), unix.F_GETPIPE_SZ, 0)
	require.Error(t, err, "a file has no pipe buffer")
	_, err = f.WriteString("still writable\n")
	require.NoError(t, err)
}
