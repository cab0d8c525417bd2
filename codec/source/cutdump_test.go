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
// each side's stream is the start of what that side sent in the whole
// dump, never the bytes of a header cut short read as a payload, nor a
// stream of its own. Once a packet with a payload is whole, the cut is no
// error. The samples are real tcpdump and tshark output (see hexin's
// TestPacketSamples and TestTcpdumpDeltaTimes).
func TestPacketDumpCutAnywhere(t *testing.T) {
	for _, name := range []string{
		"dp.tcpdump-X", "dp.tcpdump-XX", "dp.tshark-x", "gz.tcpdump-X", "gz.tcpdump-XX", "gz.tshark-x",
		"ttt.tcpdump-tttX", "ttt.tcpdump-ttttX", "ttt.tcpdump-tttttvXX", "ttt.tshark-Vx",
	} {
		dump, err := os.ReadFile("../hexin/testdata/" + name)
		require.NoError(t, err)
		whole, err := source.Read(dump, source.Options{})
		require.NoError(t, err, name)
		want := map[string]string{} // by connection and direction, what each side sent
		for _, s := range whole.Streams {
			require.NotEqual(t, source.Unknown, s.Dir, name)
			want[s.Conn+" "+s.Dir.String()] = hexOf(s.Bytes)
		}
		bad, payload := 0, false
		// From the end of the first line: before it, a time of day
		// (00:26:33) is hex. tshark -x's first packet, alone, has
		// nothing to tell it from bytes copied from a pane: from its end.
		from := strings.IndexByte(string(dump), '\n') + 1
		if strings.HasSuffix(name, "tshark-x") {
			from = strings.Index(string(dump), "\n\n") + 1
		}
		for n := from; n < len(dump) && bad < 5; n++ {
			text := dump[:n]
			in, err := source.Read(text, source.Options{})
			if err != nil && !payload {
				continue // nothing to read yet: the packets before the cut hold no payload
			}
			if err != nil {
				bad++
				t.Errorf("%s cut at %d (…%q): %v", name, n, tail(text), err)
				continue
			}
			for _, s := range in.Streams {
				got := hexOf(s.Bytes)
				if w, ok := want[s.Conn+" "+s.Dir.String()]; !ok || !strings.HasPrefix(w, got) {
					bad++
					t.Errorf("%s cut at %d (…%q): a stream (%s) of bytes its side did not send: %.40s…", name, n, tail(text), s.Describe(), got)
				}
				// A cut at the end of a line that leaves a payload:
				// from there on, a cut is no error.
				payload = payload || got != "" && text[n-1] == '\n'
			}
		}
		require.True(t, payload, name)
	}
}

func tail(b []byte) string { return string(b[max(0, len(b)-30):]) }
