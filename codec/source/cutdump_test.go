package source_test

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/source"
)

// A packet dump cut at any byte (copied from a terminal up to a point,
// piped through head -c or head -n) reads as the packets before the cut:
// each side's stream is the start of what that side really sent, never
// the bytes of a header cut short read as a payload. Once a packet with a
// payload is whole, the cut is no error, and a packet left out says so.
func TestPacketDumpCutAnywhere(t *testing.T) {
	for _, sample := range []string{"dp", "gz"} {
		sent, err := os.ReadFile("../hexin/testdata/" + sample + ".sent")
		require.NoError(t, err)
		want := strings.Fields(string(sent)) // the request's hex, then the response's
		for _, tool := range []string{"tcpdump-X", "tcpdump-XX", "tshark-x"} {
			name := sample + "." + tool
			dump, err := os.ReadFile("../hexin/testdata/" + name)
			require.NoError(t, err)
			// The first packet ends at the first blank line (tshark) or
			// the second summary line (tcpdump).
			firstEnd := strings.Index(string(dump), "\n\n")
			if tool != "tshark-x" {
				firstEnd = strings.Index(string(dump), "\n0") // the next summary, its time of day
			}
			require.Positive(t, firstEnd, name)
			bad, payload := 0, false
			for n := firstEnd + 1; n < len(dump) && bad < 5; n++ {
				text := dump[:n]
				in, err := source.Read(text, source.Options{})
				if err != nil && !payload && strings.Contains(err.Error(), "carry no TCP payload") {
					continue // the packets before the cut hold no payload yet
				}
				if err != nil {
					bad++
					t.Errorf("%s cut at %d (…%q): %v", name, n, tail(text), err)
					continue
				}
				for _, s := range in.Streams {
					got := hexOf(s.Bytes)
					// A cut at the end of a line that leaves a payload:
					// from there on, what was read before a cut is some.
					payload = payload || got != "" && text[n-1] == '\n'
					if !strings.HasPrefix(want[0], got) && !strings.HasPrefix(want[1], got) {
						bad++
						t.Errorf("%s cut at %d (…%q): a stream (%s) of bytes no side sent: %.40s…", name, n, tail(text), s.Describe(), got)
					}
				}
			}
		}
	}
}

func tail(b []byte) string { return string(b[max(0, len(b)-30):]) }

var _ = source.Read
