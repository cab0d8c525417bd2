package main

import (
	"os"

	"golang.org/x/sys/unix"
)

// widenPipe gives a pipe on f the largest buffer Linux allows an
// unprivileged process (fs.pipe-max-size, 1 MiB by default) rather than
// its 64 KiB: `kafkawire frames` writes two bytes of hex for every byte of
// a capture, and with 64 KiB the writer stopped for the reader sixteen
// times a MiB. Anything else, or a refusal, leaves f as it is.
func widenPipe(f *os.File) {
	var st unix.Stat_t
	if unix.Fstat(int(f.Fd()), &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFIFO {
		return
	}
	_, _ = unix.FcntlInt(f.Fd(), unix.F_SETPIPE_SZ, 1<<20)
}
