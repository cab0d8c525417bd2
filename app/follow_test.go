//go:build !js

package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
)

// needTshark finds Wireshark's tshark. A missing one fails the test, never
// skips it (.ci/install installs it; on Debian: apt-get install tshark).
func needTshark(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("tshark")
	if err != nil {
		t.Fatalf("tshark is needed for this test: install it (apt-get install tshark); %v", err)
	}
	return path
}

// recordOnLoopback runs work with kgo against kfake on 127.0.0.1 while rec
// captures the broker's port on lo; it returns the capture's file and the
// exchanges kgo made. kgo connects on its first request, so the capture
// starts from there on.
func recordOnLoopback(t *testing.T, rec capturetest.Recorder, clientID string, work func(ctx context.Context, cl *kgo.Client)) (string, []traffic.Exchange) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "lo.pcap")
	var stop func()
	exs, err := traffic.Record([]kgo.Opt{kgo.ClientID(clientID)}, func(ctx context.Context, cl *kgo.Client) {
		seeds := cl.OptValue(kgo.SeedBrokers).([]string)
		_, port, _ := net.SplitHostPort(seeds[0])
		p, _ := strconv.Atoi(port)
		stop = rec.Start(t, file, p)
		work(ctx, cl)
	})
	require.NoError(t, err)
	stop()
	return file, exs
}

// tshark runs tshark and returns what it printed on stdout (as root it
// warns on stderr, which is no failure).
func tshark(t *testing.T, path string, args ...string) string {
	t.Helper()
	out, err := exec.Command(path, args...).Output()
	require.NoError(t, err, "tshark %s", strings.Join(args, " "))
	return string(out)
}

// The text tools print of a real capture says what the capture says: kgo
// produces to kfake on 127.0.0.1 while Debian's tcpdump records lo;
// Debian's tshark prints every TCP connection of the file with -z
// follow,tcp,hex, raw and yaml, and every packet with -x under its summary
// (-P) and details (-V); tcpdump prints the packets with -x, -X, -xx, -XX,
// verbose or not. kafkawire frames finds in each text the frames it finds
// in the capture, with their connection, direction, API, version and
// correlation id, and (YAML and the details carry them) their times.
func TestFramesOfCaptureAsText(t *testing.T) {
	ts := needTshark(t)
	file, exs := recordOnLoopback(t, capturetest.Tcpdump(t, false), "follow-test", func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "follow", Value: bytes.Repeat([]byte("y"), 40_000)}).FirstErr())
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "follow", Key: []byte("k"), Value: []byte("small")}).FirstErr())
	})

	out, errOut, status := kafkawire(t, "", "frames", file)
	require.Equal(t, 0, status, errOut)
	fromCapture := framesOf(t, out)
	checkExchanges(t, fromCapture, exs)

	var streams []string // tshark's numbers of the file's TCP connections
	for _, s := range strings.Fields(tshark(t, ts, "-r", file, "-T", "fields", "-e", "tcp.stream")) {
		if !slices.Contains(streams, s) {
			streams = append(streams, s)
		}
	}
	require.NotEmpty(t, streams)
	// A line as the comparison sees it: times only where the dump has them.
	key := func(l frameLine, timed bool) string {
		parts := []string{*l.Conn, l.Direction, l.Hex}
		if l.APIName != nil {
			parts = append(parts, *l.APIName, strconv.Itoa(int(*l.Version)), strconv.Itoa(int(*l.CorrelationID)))
		}
		if timed {
			parts = append(parts, *l.Time)
		}
		return strings.Join(parts, " ")
	}
	keys := func(lines []frameLine, timed bool) []string {
		var ks []string
		for _, l := range lines {
			ks = append(ks, key(l, timed))
		}
		slices.Sort(ks)
		return ks
	}
	for _, mode := range []string{"hex", "raw", "yaml"} {
		t.Run(mode, func(t *testing.T) {
			var dump strings.Builder // every connection's dump, one after another
			for _, s := range streams {
				dump.WriteString(tshark(t, ts, "-r", file, "-q", "-z", "follow,tcp,"+mode+","+s))
			}
			out, errOut, status := kafkawire(t, dump.String(), "frames")
			require.Equal(t, 0, status, errOut)
			got := framesOf(t, out)
			timed := mode == "yaml"
			for _, l := range got {
				assert.Equal(t, timed, l.Time != nil)
			}
			assert.Equal(t, keys(fromCapture, timed), keys(got, timed))
			// In the order they were sent, a connection's requests and
			// responses interleaved, with times or without.
			order := func(lines []frameLine) map[string][]string {
				byConn := map[string][]string{}
				for _, l := range lines {
					byConn[*l.Conn] = append(byConn[*l.Conn], l.Direction+" "+strconv.Itoa(int(*l.CorrelationID)))
				}
				return byConn
			}
			assert.Equal(t, order(fromCapture), order(got))
		})
	}

	// The packets with their summaries (-P) and details (-V), as Wireshark's
	// Export Packet Dissections writes them: the capture's frames, with
	// their times when the details give them.
	for _, flags := range [][]string{{"-P", "-x"}, {"-V", "-x"}, {"-P", "-V", "-x"}} {
		t.Run(strings.Join(flags, ""), func(t *testing.T) {
			out, errOut, status := kafkawire(t, tshark(t, ts, append([]string{"-r", file}, flags...)...), "frames")
			require.Equal(t, 0, status, errOut)
			got := framesOf(t, out)
			timed := slices.Contains(flags, "-V")
			for _, l := range got {
				assert.Equal(t, timed, l.Time != nil)
			}
			assert.Equal(t, keys(fromCapture, timed), keys(got, timed))
		})
	}

	for _, flags := range [][]string{{"-x"}, {"-X"}, {"-xx"}, {"-XX"}, {"-v", "-X"}, {"-vv", "-XX"}} {
		t.Run("tcpdump"+strings.Join(flags, ""), func(t *testing.T) {
			text, err := exec.Command("tcpdump", append([]string{"-r", file, "-n"}, flags...)...).Output()
			require.NoError(t, err)
			out, errOut, status := kafkawire(t, string(text), "frames")
			require.Equal(t, 0, status, errOut)
			assert.Equal(t, keys(fromCapture, false), keys(framesOf(t, out), false))
		})
	}

	// tcpdump's summary lines with the day in them (-tt, and -tttt run
	// with TZ=UTC, since it prints the local time): the frames get their
	// times, the capture's to the microsecond.
	for _, flags := range [][]string{{"-tt", "-x"}, {"-tttt", "-X"}, {"-tt", "-vv", "-XX"}} {
		t.Run("tcpdump"+strings.Join(flags, ""), func(t *testing.T) {
			cmd := exec.Command("tcpdump", append([]string{"-r", file, "-n"}, flags...)...)
			cmd.Env = append(os.Environ(), "TZ=UTC")
			text, err := cmd.Output()
			require.NoError(t, err)
			out, errOut, status := kafkawire(t, string(text), "frames")
			require.Equal(t, 0, status, errOut)
			got := framesOf(t, out)
			for _, l := range got {
				require.NotNil(t, l.Time)
			}
			assert.Equal(t, keys(fromCapture, true), keys(got, true))
		})
	}

	// A dump copied up to a line inside a packet (its IP header says more
	// bytes than the lines hold): the packet is read on its connection as
	// a capture's snap length would cut it, its frame broken, not taken
	// for payload of no connection.
	t.Run("tcpdump-X cut inside a packet", func(t *testing.T) {
		text, err := exec.Command("tcpdump", "-r", file, "-n", "-X").Output()
		require.NoError(t, err)
		lines := strings.SplitAfter(string(text), "\n")
		cut := -1 // the line after the fifth of the last packet of 20 lines or more
		for i := 0; i+20 < len(lines); i++ {
			data := 0
			for data < 20 && strings.HasPrefix(lines[i+1+data], "\t0x") {
				data++
			}
			if !strings.HasPrefix(lines[i], "\t") && data == 20 {
				cut = i + 6
			}
		}
		require.Positive(t, cut, "a packet of 20 lines")
		out, errOut, status := kafkawire(t, strings.Join(lines[:cut], ""), "frames")
		require.Equal(t, 0, status, errOut)
		got := framesOf(t, out)
		require.NotEmpty(t, got)
		for _, l := range got {
			assert.NotNil(t, l.Conn, "every frame on its connection: %.80s", l.Hex)
		}
		// The packet's IP header says how many bytes the lines left out.
		assert.Regexp(t, `stream: the frame at offset \d+ is broken: \d+ bytes missing \d+ bytes into the frame \(stream offset \d+\), of \d+`, errOut)
		whole := keys(fromCapture, false)
		for _, k := range keys(got[:len(got)-1], false) {
			assert.Contains(t, whole, k, "the frames before the cut are the capture's")
		}
	})

	// kafkawire frames' own lines read back as the frames they are, every
	// key the same, times included.
	t.Run("frames", func(t *testing.T) {
		again, errOut, status := kafkawire(t, out, "frames")
		require.Equal(t, 0, status, errOut)
		assert.Equal(t, keys(fromCapture, true), keys(framesOf(t, again), true))
		assert.Equal(t, len(out), len(again))
	})

	// The response lines alone, as a user picks one from the output: each
	// keeps the API and version its line names (its bytes do not say
	// them), with its connection or without.
	t.Run("responses alone", func(t *testing.T) {
		var responses, anonymous strings.Builder
		for _, l := range strings.SplitAfter(out, "\n") {
			if strings.Contains(l, `"direction":"response"`) {
				responses.WriteString(l)
				anonymous.WriteString(regexp.MustCompile(`"conn":"[^"]*","time":"[^"]*"`).ReplaceAllString(l, `"conn":null,"time":null`))
			}
		}
		var want []frameLine
		for _, l := range fromCapture {
			if l.Direction == "response" {
				want = append(want, l)
			}
		}
		require.NotEmpty(t, want)
		for _, text := range []string{responses.String(), anonymous.String()} {
			again, errOut, status := kafkawire(t, text, "frames")
			require.Equal(t, 0, status, errOut)
			got := framesOf(t, again)
			require.Len(t, got, len(want))
			for i, l := range got {
				require.NotNil(t, l.APIKey, "line %d", i)
				assert.Equal(t, *want[i].APIKey, *l.APIKey)
				assert.Equal(t, *want[i].Version, *l.Version)
				assert.Equal(t, *want[i].CorrelationID, *l.CorrelationID)
				assert.Equal(t, want[i].Hex, l.Hex)
			}
			// decode reads them as named too: every response decoded.
			tree, errOut, status := kafkawire(t, text, "decode")
			require.Equal(t, 0, status, errOut)
			for _, l := range want {
				assert.Contains(t, tree, fmt.Sprintf("response %s v%d, correlation id %d", *l.APIName, *l.Version, *l.CorrelationID))
				assert.Contains(t, tree, fmt.Sprintf("%sResponse message v%d [0x0000, %dB]", *l.APIName, *l.Version, len(l.Hex)/2))
			}
			assert.NotContains(t, tree, "not decoded")
		}
	})

	// The dialog's text of the busiest connection: tshark's lines, node 1's
	// indented with four spaces instead of a tab, and no addresses. Its
	// frames are the capture's of that connection, named as tshark names
	// the sides when it knows no addresses.
	t.Run("dialog", func(t *testing.T) {
		busiest := ""
		for _, s := range streams {
			if d := tshark(t, ts, "-r", file, "-q", "-z", "follow,tcp,hex,"+s); len(d) > len(busiest) {
				busiest = d
			}
		}
		var dialog strings.Builder
		var nodes [2]string
		for _, l := range strings.Split(busiest, "\n") {
			switch {
			case strings.HasPrefix(l, "Node 0: "):
				nodes[0] = strings.TrimPrefix(l, "Node 0: ")
			case strings.HasPrefix(l, "Node 1: "):
				nodes[1] = strings.TrimPrefix(l, "Node 1: ")
			case l == "" || strings.HasPrefix(l, "=") || strings.HasPrefix(l, "Follow:") || strings.HasPrefix(l, "Filter:"):
			default:
				dialog.WriteString(strings.Replace(l, "\t", "    ", 1) + "\n")
			}
		}
		var want []frameLine
		for _, l := range fromCapture {
			if *l.Conn == nodes[0]+">"+nodes[1] {
				named := "node 0>node 1" // node 0 sent first: the client
				l.Conn = &named
				want = append(want, l)
			}
		}
		require.GreaterOrEqual(t, len(want), 4, "the busiest connection carries the produce requests and their responses")
		out, errOut, status := kafkawire(t, dialog.String(), "frames")
		require.Equal(t, 0, status, errOut)
		assert.Equal(t, keys(want, false), keys(framesOf(t, out), false))
	})
}

// A capture whose snap length cut the packets (tcpdump -s 90 on lo while
// kgo produces 40 KB and three records of 200 KB to kfake, and a second
// client consumes them: 24 bytes of each packet's payload kept, so no
// request is whole, and a fetch response of 600 KB spans many packets,
// each cut): every frame is still listed, with the API, version and
// correlation id its header gives and the bytes the capture kept, a frame
// the cut reached marked broken; the frames after a frame cut many times
// are found where its size says it ends, nothing skipped to find them; a
// note says how many packets were cut.
func TestFramesOfACutCapture(t *testing.T) {
	tcpdump := capturetest.Tcpdump(t, false)
	tcpdump.Args = append(tcpdump.Args, "-s", "90")
	file, exs := recordOnLoopback(t, tcpdump, "snaplen-test", func(ctx context.Context, cl *kgo.Client) {
		require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "cut", Value: bytes.Repeat([]byte("z"), 40_000)}).FirstErr())
		for i := range 3 {
			require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "cut", Value: bytes.Repeat([]byte{'a' + byte(i)}, 200_000)}).FirstErr())
		}
		consumer, err := kgo.NewClient(kgo.SeedBrokers(cl.OptValue(kgo.SeedBrokers).([]string)...), kgo.ClientID("snaplen-consumer"),
			kgo.ConsumeTopics("cut"), kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()), kgo.FetchMaxWait(100*time.Millisecond))
		require.NoError(t, err)
		defer consumer.Close()
		for got := 0; got < 4; {
			fs := consumer.PollFetches(ctx)
			require.NoError(t, fs.Err0())
			got += fs.NumRecords()
		}
		// Fetches after the big one: the empty responses that follow it
		// (PollFetches waits for records, so for this long).
		wait, cancel := context.WithTimeout(ctx, 500*time.Millisecond)
		defer cancel()
		consumer.PollFetches(wait)
	})

	out, errOut, status := kafkawire(t, "", "frames", file)
	require.Equal(t, 0, status, errOut)
	assert.Regexp(t, `^kafkawire: note: \d+ packets were cut short by the capture's snap length: the frames in them are incomplete`, errOut)
	// A broken frame's note for the first maxBrokenNotes, then a count;
	// the other notes whole (the bytes the snap length cut, each side).
	notes := strings.Split(strings.TrimSpace(errOut), "\n")
	brokenNotes := 0
	for _, n := range notes {
		if strings.Contains(n, " is broken: ") {
			brokenNotes++
		}
	}
	assert.Equal(t, maxBrokenNotes, brokenNotes, errOut)
	assert.Regexp(t, `^kafkawire: note: \d+ more notes left out here: each broken frame's line says how it is broken`, notes[len(notes)-1])
	assert.Contains(t, errOut, "bytes it sent are not in the capture (packets the capture missed, or cut short by its snap length)")
	type sent struct {
		dir string
		ex  traffic.Exchange
	}
	var want []sent
	for _, ex := range exs {
		want = append(want, sent{"request", ex})
		if ex.Response != nil {
			want = append(want, sent{"response", ex})
		}
	}
	lines := framesOf(t, out)
	require.Len(t, lines, len(want), "every frame sent is listed")
	var broken int
	for i, l := range lines {
		require.NotNil(t, l.APIKey, "line %d", i)
		got, err := hex.DecodeString(l.Hex)
		require.NoError(t, err)
		// The frame sent of that API, version and correlation id whose
		// first bytes the capture kept (two clients' connections use the
		// same ids).
		k := slices.IndexFunc(want, func(s sent) bool {
			full := s.ex.Request
			if s.dir == "response" {
				full = s.ex.Response
			}
			return s.dir == l.Direction && s.ex.APIKey == *l.APIKey && s.ex.APIVersion == *l.Version && s.ex.CorrelationID == *l.CorrelationID &&
				bytes.HasPrefix(full, got[:min(len(got), 24)])
		})
		require.GreaterOrEqual(t, k, 0, "line %d: %s %s v%d id %d, its first bytes, was not sent", i, l.Direction, *l.APIName, *l.Version, *l.CorrelationID)
		full := want[k].ex.Request
		if l.Direction == "response" {
			full = want[k].ex.Response
		}
		if len(got) < len(full) {
			broken++
			// Every frame was sent whole before the capture stopped: what
			// is missing the snap length cut, the last packet of a
			// stream too, not an end of the stream.
			assert.Contains(t, l.Broken, "bytes missing", "line %d", i)
			assert.NotContains(t, l.Broken, "the stream ends", "line %d", i)
		}
		want = slices.Delete(want, k, k+1)
	}
	assert.Positive(t, broken, "the 40 KB request, at least, was cut")
	assert.NotContains(t, errOut, "skipped")
}
