//go:build !js

package frame_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Differential tests with clients not written in Go: kcat (librdkafka, in C)
// and kafkajs (Node.js) talk to kfake on 127.0.0.1 through the recording
// proxies. Every frame they exchange must decode cleanly, encode back to the
// same bytes, and survive a trip through JSON (decode, JSON, FromJSON,
// encode) byte for byte; every response must answer a request.

// clientSession starts kfake with recording proxies and makes it look like a
// broker that takes old versions too, so the clients use every codec and
// message format they have (see traffic.Session.Advertise). Topics are made
// up front: Metadata v0, which the oldest format goes with, does not create them.
func clientSession(t *testing.T, topics ...string) *traffic.Session {
	s, err := traffic.Listen(traffic.Options{Cluster: []kfake.Opt{kfake.SeedTopics(1, topics...)}})
	require.NoError(t, err)
	t.Cleanup(func() { s.Stop() })
	require.NoError(t, s.Advertise(modern))
	s.AnswerLegacyProduce()
	return s
}

// modern is what kfake serves (Produce v3-13, Fetch v4-18) with the old versions added; legacyMagic1 caps
// Produce at v2 and Fetch at v3 (kafka 0.10), so librdkafka writes message format v1.
var (
	modern       = map[int16]traffic.Range{int16(kmsg.Produce): {Min: 0, Max: 13}, int16(kmsg.Fetch): {Min: 0, Max: 18}}
	legacyMagic1 = map[int16]traffic.Range{int16(kmsg.Produce): {Min: 0, Max: 2}, int16(kmsg.Fetch): {Min: 0, Max: 3}}
)

// need finds a tool the test runs, and fails (never skips) saying how to get it.
func need(t *testing.T, name, install string) string {
	p, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed: %s (.ci/install does it)", name, install)
	}
	return p
}

// runTool runs a client to completion, with a time limit, and fails the test on a non-zero exit.
func runTool(t *testing.T, stdin string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	require.NoError(t, err, "%s %s\nstdout:\n%s\nstderr:\n%s", name, strings.Join(args, " "), out.String(), errb.String())
	return out.String()
}

// roundTrips counts what checkExchanges found, for the test log.
type roundTrips struct {
	frames, exact, viaJSON int
	apis                   map[string]int
	codecs                 map[string]int
	warnings               []string // every node's Warn, with the frame it is in
}

// checkExchanges asserts every recorded frame decodes cleanly, re-encodes byte
// for byte, and round-trips through JSON byte for byte.
func checkExchanges(t *testing.T, client string, s *traffic.Session) roundTrips {
	t.Helper()
	stray := s.Stray()
	return checkRecorded(t, client, s.Stop(), stray)
}

// checkRecorded is checkExchanges for exchanges recorded by other means.
func checkRecorded(t *testing.T, client string, exs []traffic.Exchange, stray int) roundTrips {
	t.Helper()
	require.NotEmpty(t, exs)
	assert.Zero(t, stray, "%s: responses that answer no request", client)
	rt := roundTrips{apis: map[string]int{}, codecs: map[string]int{}}
	check := func(name string, raw []byte, d *frame.Decoded, api *schema.API, v int16, dir schema.Direction) {
		rt.frames++
		if !assert.Nil(t, d.Err, "%s: %s v%d %s: %v", client, name, v, dir, d.Err) {
			return
		}
		again, err := frame.Encode(d.Msg)
		require.NoError(t, err)
		if assert.True(t, bytes.Equal(raw, again), "%s: %s v%d %s re-encodes differently", client, name, v, dir) {
			rt.exact++
		}
		js, err := json.Marshal(d.Msg)
		require.NoError(t, err, "%s: %s v%d %s to JSON", client, name, v, dir)
		m, err := message.FromJSON(js, api, v, dir)
		if !assert.NoError(t, err, "%s: %s v%d %s from JSON", client, name, v, dir) {
			return
		}
		back, err := frame.Encode(m)
		require.NoError(t, err)
		if assert.True(t, bytes.Equal(raw, back), "%s: %s v%d %s changes through JSON:\n%s", client, name, v, dir, firstDiff(raw, back)) {
			rt.viaJSON++
		}
		d.Tree.Walk(func(n *layout.Node, _ int) bool {
			if n.Warn() != "" {
				rt.warnings = append(rt.warnings, fmt.Sprintf("%s v%d %s: %s", name, v, dir, n.Warn()))
			}
			return true
		})
		for _, c := range []string{"gzip", "snappy", "lz4", "zstd"} {
			if strings.Contains(d.Tree.Text(), c+" compressed") || strings.Contains(d.Tree.Text(), "("+c+")") {
				rt.codecs[fmt.Sprintf("%s %s v%d %s", c, name, v, dir)]++
			}
		}
	}
	unanswered := 0
	for _, ex := range exs {
		if ex.Response == nil {
			unanswered++
			// Only a request still waiting when the client hung up may go without an answer.
			assert.Contains(t, []string{"Fetch", "Heartbeat", "JoinGroup", "SyncGroup", "LeaveGroup", "Metadata"}, kmsg.NameForKey(ex.APIKey),
				"%s: %s v%d got no response", client, kmsg.NameForKey(ex.APIKey), ex.APIVersion)
		}
		api := schema.ByKey(ex.APIKey)
		require.NotNil(t, api, "API key %d", ex.APIKey)
		rt.apis[fmt.Sprintf("%s v%d", api.Name, ex.APIVersion)]++
		check(api.Name, ex.Request, frame.DecodeRequest(ex.Request), api, ex.APIVersion, schema.Request)
		if ex.Response != nil {
			check(api.Name, ex.Response, frame.Decode(ex.Response, api, ex.APIVersion, schema.Response), api, ex.APIVersion, schema.Response)
		}
	}
	var apis []string
	for k, n := range rt.apis {
		apis = append(apis, fmt.Sprintf("%s×%d", k, n))
	}
	sort.Strings(apis)
	compressed := 0
	for _, n := range rt.codecs {
		compressed += n
	}
	t.Logf("%s: %d exchanges (%d requests unanswered at hang-up), %d frames (%d with compressed records), %d re-encode byte for byte, %d through JSON; %s",
		client, len(exs), unanswered, rt.frames, compressed, rt.exact, rt.viaJSON, strings.Join(apis, ", "))
	return rt
}

// firstDiff says where two encodings part.
func firstDiff(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return fmt.Sprintf("lengths %d and %d, first difference at byte %d", len(a), len(b), i)
}

func TestKcatTraffic(t *testing.T) {
	kcat := need(t, "kcat", "apt-get install kcat")
	var topics []string
	for _, format := range []string{"magic0", "magic1", "magic2"} {
		for _, codec := range []string{"none", "gzip", "snappy", "lz4", "zstd"} {
			topics = append(topics, format+"-"+codec)
		}
	}
	s := clientSession(t, topics...)
	addr := s.Addrs[0]
	// Magic 0: without asking for versions, librdkafka assumes the broker
	// version it is told (before 0.10, which brought ApiVersions) and writes
	// that broker's message format. Magic 1: the versions kafka 0.10 serves.
	legacy := map[string][]string{
		"magic0": {"-X", "api.version.request=false", "-X", "broker.version.fallback=0.9.0"},
	}
	// librdkafka sends a batch uncompressed when compressing does not make it
	// smaller: the values repeat so that every codec wins.
	input := "k1:first value\nk2:second value\n:no key\n"
	for i := 0; i < 20; i++ {
		input += fmt.Sprintf("k%d:%s\n", i, strings.Repeat("compressible ", 8))
	}
	for _, format := range []string{"magic0", "magic1", "magic2"} {
		for _, codec := range []string{"none", "gzip", "snappy", "lz4", "zstd"} {
			if codec == "zstd" && format != "magic2" {
				continue // zstd came with the v2 format only
			}
			topic := format + "-" + codec
			if format == "magic1" {
				require.NoError(t, s.Advertise(legacyMagic1))
			} else {
				require.NoError(t, s.Advertise(modern))
			}
			args := append([]string{"-P", "-b", addr, "-t", topic, "-K", ":", "-z", codec, "-X", "linger.ms=50"}, legacy[format]...)
			runTool(t, input, kcat, args...)
		}
	}
	// Consuming what was stored (kfake keeps only the v2 batches), and in a group.
	out := runTool(t, "", kcat, "-C", "-b", addr, "-t", "magic2-zstd", "-o", "beginning", "-e", "-f", "%k=%s\n")
	assert.Contains(t, out, "k1=first value")
	out = runTool(t, "", kcat, "-G", "kcat-group", "-b", addr, "-o", "beginning", "-e", "-f", "%k=%s\n", "magic2-gzip", "magic2-lz4")
	assert.Contains(t, out, "k2=second value")

	rt := checkExchanges(t, "kcat", s)
	// librdkafka writes magic 0 lz4 with the old header checksum, which Kafka
	// does not check there: read, and noted, once; nothing else is odd.
	require.Len(t, rt.warnings, 1, "%q", rt.warnings)
	assert.Contains(t, rt.warnings[0], "Produce v1 request: lz4 header checksum")

	// Produce v1 carries magic 0 messages, v2 magic 1, v7 RecordBatch v2.
	for _, v := range []string{"v1", "v2", "v7"} {
		for _, c := range []string{"gzip", "snappy", "lz4", "zstd"} {
			if c == "zstd" && v != "v7" {
				continue
			}
			assert.NotZero(t, rt.codecs[c+" Produce "+v+" request"], "no %s Produce %s request was recorded; saw %v", c, v, rt.codecs)
		}
	}
}

// repoRoot is the module's root, where e2e/node holds the Node.js packages.
func repoRoot(t *testing.T) string {
	_, file, _, ok := runtime.Caller(0)
	require.True(t, ok)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

func TestKafkajsTraffic(t *testing.T) {
	node := need(t, "node", "apt-get install nodejs npm")
	dir := filepath.Join(repoRoot(t), "e2e", "node")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "kafkajs")); err != nil {
		t.Fatalf("kafkajs is not installed: run `npm ci --prefix e2e/node` (make test and .ci/install do)")
	}
	s := clientSession(t)
	out := runTool(t, "", node, filepath.Join(dir, "kafkajs.js"), s.Addrs[0])
	assert.Contains(t, out, "consumed 8")
	rt := checkExchanges(t, "kafkajs", s)
	assert.Empty(t, rt.warnings)
	for _, want := range []string{"CreateTopics", "InitProducerId", "AddPartitionsToTxn", "EndTxn", "JoinGroup", "SyncGroup", "OffsetCommit", "DescribeGroups", "DeleteTopics"} {
		found := false
		for k := range rt.apis {
			found = found || strings.HasPrefix(k, want+" ")
		}
		assert.True(t, found, "no %s exchange was recorded", want)
	}
	assert.NotZero(t, rt.codecs["gzip Produce v7 request"], "kafkajs sent no gzip batch: %v", rt.codecs)
}
