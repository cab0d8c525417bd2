package main

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/hex"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/decrypt/decrypttest"
)

// writes keeps the API key of every request kgo writes to a broker.
type writes struct {
	mu   sync.Mutex
	keys []int16
}

func (w *writes) OnBrokerWrite(_ kgo.BrokerMetadata, key int16, _ int, _, _ time.Duration, err error) {
	if err == nil {
		w.mu.Lock()
		w.keys = append(w.keys, key)
		w.mu.Unlock()
	}
}

// kfakeOverTLS starts a kfake cluster of one broker that speaks TLS on
// 127.0.0.1 (closed when the test ends) and tcpdump recording its port
// into file; it returns the broker's address and what stops tcpdump.
func kfakeOverTLS(t *testing.T, file string) (string, func()) {
	t.Helper()
	cert, err := decrypttest.Certificate()
	require.NoError(t, err)
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.AllowAutoTopicCreation(),
		kfake.TLS(&tls.Config{Certificates: []tls.Certificate{cert}}))
	require.NoError(t, err)
	t.Cleanup(c.Close)
	addr := c.ListenAddrs()[0]
	_, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	return addr, capturetest.Tcpdump(t, false).Start(t, file, p)
}

// recordTLS runs kgo over TLS against kfake on 127.0.0.1 while tcpdump
// records lo: once for each client configuration, each producing a record
// and fetching it back. It returns the capture's file, the key log Go's
// crypto/tls wrote for the clients, and the API keys of the requests kgo
// wrote.
func recordTLS(t *testing.T, clients ...*tls.Config) (file, keyLog string, sent []int16) {
	t.Helper()
	dir := t.TempDir()
	file, keyLog = filepath.Join(dir, "tls.pcap"), filepath.Join(dir, "keys.log")
	addr, stop := kfakeOverTLS(t, file)
	var keys bytes.Buffer
	w := &writes{}
	for i, cfg := range clients {
		cfg = cfg.Clone()
		cfg.InsecureSkipVerify, cfg.KeyLogWriter = true, &keys
		func() {
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			topic := fmt.Sprintf("tls-%d", i)
			cl, err := kgo.NewClient(kgo.SeedBrokers(addr), kgo.DialTLSConfig(cfg), kgo.WithHooks(w),
				kgo.ClientID("tls-test"), kgo.AllowAutoTopicCreation(), kgo.ConsumeTopics(topic),
				kgo.ProducerBatchCompression(kgo.NoCompression()),
				kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
			require.NoError(t, err)
			defer cl.Close()
			require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: topic, Value: bytes.Repeat([]byte("s"), 40_000)}).FirstErr())
			for got := 0; got == 0; {
				f := cl.PollFetches(ctx)
				require.NoError(t, ctx.Err())
				got = f.NumRecords()
			}
		}()
	}
	stop()
	require.NoError(t, os.WriteFile(keyLog, keys.Bytes(), 0o600))
	return file, keyLog, w.keys
}

// A capture of Kafka over TLS opens with the clients' key log: kgo over
// TLS 1.3, and over TLS 1.2 with ChaCha20-Poly1305, against kfake on
// 127.0.0.1, recorded by tcpdump. kafkawire frames with --keylog lists
// exactly the frames Debian's tshark finds when it decrypts the capture
// with the same key log (its follow,tls,raw dump of each connection, read
// back by kafkawire), every request kgo wrote among them, every response
// paired. Without the key log, or with another's, the connections are
// named TLS and why they were not opened is said.
func TestFramesOfTLSCapture(t *testing.T) {
	ts := needTshark(t)
	file, keyLog, sent := recordTLS(t,
		&tls.Config{MinVersion: tls.VersionTLS13},
		&tls.Config{MaxVersion: tls.VersionTLS12, CipherSuites: []uint16{tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256}})

	out, errOut, status := kafkawire(t, "", "frames", "--keylog", keyLog, file)
	require.Equal(t, 0, status, errOut)
	got := framesOf(t, out)
	assert.Contains(t, errOut, "TLS 1.3, TLS_AES_128_GCM_SHA256, decrypted with the key log")
	assert.Contains(t, errOut, "TLS 1.2, TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256, decrypted with the key log")
	assert.NotContains(t, errOut, "decrypting stopped")

	var requests []int16
	answered := map[string]bool{} // by connection and correlation id
	for _, l := range got {
		require.NotNil(t, l.APIKey, "every frame named: %s", l.Hex)
		require.NotNil(t, l.CorrelationID, "every frame numbered: %s", l.Hex)
		if l.Direction == "request" {
			requests = append(requests, *l.APIKey)
		} else {
			answered[fmt.Sprint(*l.Conn, "/", *l.CorrelationID)] = true
		}
	}
	// Each request answered, but a Fetch kgo had sent when it closed: the
	// consumer fetches again as soon as it has a record, and kfake holds
	// that Fetch for its MaxWaitMs, so one a client may go unanswered.
	unanswered := 0
	for _, l := range got {
		if l.Direction == "request" && !answered[fmt.Sprint(*l.Conn, "/", *l.CorrelationID)] {
			assert.Equal(t, int16(1), *l.APIKey, "a request left unanswered is a Fetch in flight: %s", l.Hex)
			unanswered++
		}
	}
	assert.LessOrEqual(t, unanswered, 2, "at most one Fetch in flight a client")
	slices.Sort(requests)
	slices.Sort(sent)
	assert.Equal(t, sent, requests, "the requests kgo wrote")
	assert.Contains(t, out, `"apiName":"Produce"`)
	assert.True(t, strings.Contains(out, strings.Repeat("73", 40_000)), "the record's value in the clear")

	assert.Equal(t, tsharkKafka(t, ts, file, keyLog, got), kafkaOf(got))
	conns := map[string]bool{}
	for _, l := range got {
		conns[*l.Conn] = true
	}

	// The same key log saved by Windows PowerShell (UTF-16 with its mark).
	data, err := os.ReadFile(keyLog)
	require.NoError(t, err)
	utf16 := []byte{0xff, 0xfe}
	for _, c := range data {
		utf16 = append(utf16, c, 0)
	}
	keyLog16 := filepath.Join(t.TempDir(), "keys-utf16.log")
	require.NoError(t, os.WriteFile(keyLog16, utf16, 0o600))
	again, errOut, status := kafkawire(t, "", "frames", "--keylog", keyLog16, file)
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, out, again)

	// Split in two files, a session's lines on both sides of the cut,
	// given as two --keylog flags: read as one.
	lines := strings.SplitAfter(string(data), "\n")
	half := 2 // within the first TLS 1.3 session's four lines
	randomOf := func(l string) string { return strings.Fields(l)[1] }
	require.Contains(t, strings.Join(lines[half:], ""), randomOf(lines[0]), "a session on both sides")
	a, b := filepath.Join(t.TempDir(), "a.log"), filepath.Join(t.TempDir(), "b.log")
	require.NoError(t, os.WriteFile(a, []byte(strings.Join(lines[:half], "")), 0o600))
	require.NoError(t, os.WriteFile(b, []byte(strings.Join(lines[half:], "")), 0o600))
	again, errOut, status = kafkawire(t, "", "frames", "--keylog", a, "--keylog", b, file)
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, out, again)

	// decode prints them too, each under its connection.
	tree, errOut, status := kafkawire(t, "", "decode", "--keylog", keyLog, file)
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, len(got), strings.Count("\n"+tree, "\n# "), "a heading per frame")
	assert.Contains(t, tree, "ProduceRequest message v")

	// Without the key log: nothing read, and why.
	out, errOut, status = kafkawire(t, "", "frames", file)
	assert.NotEqual(t, 0, status)
	assert.Empty(t, out)
	assert.Equal(t, fmt.Sprintf("kafkawire: no Kafka frame found in this pcap input: %d TCP connections, %[1]d of them TLS (give their key log with --keylog to open them)\n", len(conns)), errOut)

	// The capture cut to begin after the first TLS connection's
	// handshake: at its fourth packet with a payload (Go's TLS 1.3 sends
	// the ClientHello, the server's flight and the client's Finished,
	// then the first request; kgo opens its next connection after that
	// one's first response). That connection is still known as TLS, and
	// said to be one no key log opens; the others open as before.
	fields, err := exec.Command(ts, "-r", file, "-Y", "tcp.len > 0", "-T", "fields", "-e", "frame.number", "-e", "tcp.stream").Output()
	require.NoError(t, err)
	var first string
	payloads := map[string]int{}
	for line := range strings.Lines(string(fields)) {
		f := strings.Fields(line)
		if payloads[f[1]]++; payloads[f[1]] == 4 {
			first = f[0]
			break
		}
	}
	require.NotEmpty(t, first)
	editcap, err := exec.LookPath("editcap")
	require.NoError(t, err, "editcap comes with tshark (Debian's wireshark-common)")
	late := filepath.Join(t.TempDir(), "late.pcap")
	cmdOut, err := exec.Command(editcap, "-F", "pcap", "-r", file, late, first+"-100000000").CombinedOutput()
	require.NoError(t, err, string(cmdOut))
	out, errOut, status = kafkawire(t, "", "frames", late)
	assert.NotEqual(t, 0, status)
	assert.Empty(t, out)
	assert.Contains(t, errOut, fmt.Sprintf("%d of them TLS (give their key log with --keylog to open them); 1 caught after the handshake, which no key log opens\n", len(conns)))
	out, errOut, status = kafkawire(t, "", "frames", "--keylog", keyLog, late)
	require.Equal(t, 0, status, errOut)
	assert.Contains(t, errOut, "TLS, not decrypted: client stream: no ClientHello: the capture began after the connection's start")
	assert.Equal(t, len(conns)-1, strings.Count(errOut, "decrypted with the key log"), errOut)
	assert.NotEmpty(t, framesOf(t, out))

	// The key log put in the capture by editcap (a pcapng Decryption
	// Secrets Block, as Wireshark shares a capture it can decrypt): the
	// capture alone lists what the capture and the key log list.
	withSecrets := filepath.Join(t.TempDir(), "secrets.pcapng")
	cmdOut, err = exec.Command(editcap, "-F", "pcapng", "--inject-secrets", "tls,"+keyLog, file, withSecrets).CombinedOutput()
	require.NoError(t, err, string(cmdOut))
	want, _, status := kafkawire(t, "", "frames", "--keylog", keyLog, file)
	require.Equal(t, 0, status)
	out, errOut, status = kafkawire(t, "", "frames", withSecrets)
	require.Equal(t, 0, status, errOut)
	assert.Equal(t, want, out)
	assert.Contains(t, errOut, "kafkawire: note: the capture carries the secrets of ")
	assert.Equal(t, len(conns), strings.Count(errOut, "decrypted with the key log"), errOut)

	// Another session's key log.
	_, otherKeys, _ := recordTLS(t, &tls.Config{})
	_, errOut, status = kafkawire(t, "", "frames", "--keylog", otherKeys, file)
	assert.NotEqual(t, 0, status)
	assert.Regexp(t, `TLS, not decrypted: the key log has no secrets for this connection \(client random [0-9a-f]{16}\.\.\.\)`, errOut)
	assert.Contains(t, errOut, fmt.Sprintf("%d of them TLS the key log does not open (see the notes above)", len(conns)))

	// The key log given as the input.
	_, errOut, status = kafkawire(t, "", "frames", keyLog)
	assert.NotEqual(t, 0, status)
	assert.Contains(t, errOut, "this is a TLS key log, not a capture: give it with --keylog")
}

// tsharkKafka is what Debian's tshark finds in a capture of Kafka over TLS,
// decrypted with keyLog, by its own Kafka dissector: a line per frame with
// its client's port, its direction, and a request's API key, and its
// correlation id, sorted. got names the broker's port. (tshark's
// follow,tls,raw dump is no measure: tshark 4.0 leaves records out of it.)
func tsharkKafka(t *testing.T, ts, file, keyLog string, got []frameLine) []string {
	t.Helper()
	require.NotEmpty(t, got)
	_, port, _ := strings.Cut(*got[0].Conn, ">127.0.0.1:")
	fields := tshark(t, ts, "-r", file, "-o", "tls.keylog_file:"+keyLog, "-d", "tls.port=="+port+",kafka", "-Y", "kafka",
		"-T", "fields", "-E", "separator=,", "-e", "tcp.srcport", "-e", "tcp.dstport", "-e", "kafka.request_key", "-e", "kafka.correlation_id")
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(fields), "\n") {
		f := strings.Split(l, ",")
		require.Len(t, f, 4, l)
		if f[1] == port {
			lines = append(lines, f[0]+" request "+f[2]+" "+f[3])
		} else {
			lines = append(lines, f[1]+" response "+f[3])
		}
	}
	slices.Sort(lines)
	return lines
}

// kafkaOf is what tsharkKafka gives, from kafkawire frames' lines.
func kafkaOf(got []frameLine) []string {
	var lines []string
	for _, l := range got {
		client, _, _ := strings.Cut(strings.TrimPrefix(*l.Conn, "127.0.0.1:"), ">")
		if l.Direction == "request" {
			lines = append(lines, fmt.Sprintf("%s request %d %d", client, *l.APIKey, *l.CorrelationID))
		} else {
			lines = append(lines, fmt.Sprintf("%s response %d", client, *l.CorrelationID))
		}
	}
	slices.Sort(lines)
	return lines
}

// Node's TLS (OpenSSL) as kafkajs uses it, in the two TLS 1.3 suites Go
// does not pick for itself: node --tls-keylog writes the key log while
// kafkajs produces to kfake over TLS on 127.0.0.1 and tcpdump records lo.
// kafkawire frames with --keylog finds what tshark finds, the record
// kafkajs sent among it.
func TestFramesOfKafkajsOverTLS(t *testing.T) {
	ts := needTshark(t)
	node, dir := needKafkajs(t)
	for _, suite := range []string{"TLS_CHACHA20_POLY1305_SHA256", "TLS_AES_256_GCM_SHA384"} {
		t.Run(suite, func(t *testing.T) {
			tmp := t.TempDir()
			file, keyLog := filepath.Join(tmp, "kafkajs.pcap"), filepath.Join(tmp, "keys.log")
			addr, stop := kfakeOverTLS(t, file)
			script := `
const { Kafka, logLevel } = require('kafkajs');
const kafka = new Kafka({ clientId: 'tls-kafkajs', brokers: [process.argv[1]], logLevel: logLevel.NOTHING,
  ssl: { rejectUnauthorized: false, minVersion: 'TLSv1.3', ciphers: process.argv[2] } });
const producer = kafka.producer({ allowAutoTopicCreation: true });
producer.connect()
  .then(() => producer.send({ topic: 'tls-js', messages: [{ key: 'k', value: 'over TLS from kafkajs' }] }))
  .then(() => producer.disconnect())
  .then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
`
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "--tls-keylog="+keyLog, "-e", script, addr, suite)
			cmd.Dir = dir
			log, err := cmd.CombinedOutput()
			require.NoError(t, err, string(log))
			stop()

			out, errOut, status := kafkawire(t, "", "frames", "--keylog", keyLog, file)
			require.Equal(t, 0, status, errOut)
			assert.Contains(t, errOut, "TLS 1.3, "+suite+", decrypted with the key log")
			assert.NotContains(t, errOut, "decrypting stopped")
			got := framesOf(t, out)
			assert.Equal(t, tsharkKafka(t, ts, file, keyLog, got), kafkaOf(got))
			assert.Contains(t, out, `"apiName":"Produce"`)
			assert.True(t, strings.Contains(out, hex.EncodeToString([]byte("over TLS from kafkajs"))), "the record's value in the clear")
		})
	}
}
