package main

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
)

// needKafkajs is Node.js and the folder where kafkajs is installed (to run
// scripts in); it fails the test, never skips it, when either is missing.
func needKafkajs(t *testing.T) (node, dir string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Fatalf("node is not installed: apt-get install nodejs npm (.ci/install does it); %v", err)
	}
	dir = filepath.Join("..", "e2e", "node")
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "kafkajs")); err != nil {
		t.Fatalf("kafkajs is not installed: run `npm ci --prefix e2e/node` (make test and .ci/install do)")
	}
	return node, dir
}

// badMetadataBroker is a broker on 127.0.0.1 that answers ApiVersions
// truly and Metadata with a response cut short: it claims 1,000 brokers
// and holds none. It returns its address and the Metadata responses it
// sent, size prefix included.
func badMetadataBroker(t *testing.T) (string, func() [][]byte) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { ln.Close() })
	var mu sync.Mutex
	var sent [][]byte
	serve := func(c net.Conn) {
		defer c.Close()
		for {
			var size [4]byte
			if _, err := io.ReadFull(c, size[:]); err != nil {
				return
			}
			req := make([]byte, 4+binary.BigEndian.Uint32(size[:]))
			copy(req, size[:])
			if _, err := io.ReadFull(c, req[4:]); err != nil {
				return
			}
			d := frame.DecodeRequest(req)
			if d.Msg == nil {
				return
			}
			id, _ := frame.CorrelationID(req, d.Msg.Dir)
			var body []byte
			switch d.Msg.API.Name {
			case "ApiVersions":
				r := kmsg.NewPtrApiVersionsResponse()
				r.Version = d.Msg.Version
				for _, k := range []struct{ key, max int16 }{{18, 2}, {3, 6}} {
					v := kmsg.NewApiVersionsResponseApiKey()
					v.ApiKey, v.MaxVersion = k.key, k.max
					r.ApiKeys = append(r.ApiKeys, v)
				}
				body = r.AppendTo(nil)
			case "Metadata":
				// The throttle time, then an array of 1,000 brokers, and nothing more.
				body = []byte{0, 0, 0, 0, 0, 0, 0x03, 0xe8}
			default:
				return
			}
			resp := binary.BigEndian.AppendUint32(nil, uint32(4+len(body)))
			resp = binary.BigEndian.AppendUint32(resp, uint32(id))
			resp = append(resp, body...)
			if d.Msg.API.Name == "Metadata" {
				mu.Lock()
				sent = append(sent, resp)
				mu.Unlock()
			}
			if _, err := c.Write(resp); err != nil {
				return
			}
		}
	}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go serve(c)
		}
	}()
	return ln.Addr().String(), func() [][]byte {
		mu.Lock()
		defer mu.Unlock()
		return append([][]byte(nil), sent...)
	}
}

// kafkajs's own log of a response it could not decode gives the frame back:
// kafkajs, run with KAFKAJS_DEBUG_PROTOCOL_BUFFERS=1 against a broker on
// 127.0.0.1 that sends a Metadata response cut short, logs the response's
// bytes after the correlation id; kafkawire frames reads the log (as its
// default logger prints it) into exactly the frame the broker sent, named
// as kafkajs names it, and decode shows where it breaks.
func TestKafkajsLogOfAFailedResponse(t *testing.T) {
	node, dir := needKafkajs(t)
	addr, sent := badMetadataBroker(t)
	script := `
const { Kafka, logLevel } = require('kafkajs');
const kafka = new Kafka({ clientId: 'logtest', brokers: [process.argv[1]], logLevel: logLevel.DEBUG, retry: { retries: 0 } });
const admin = kafka.admin();
admin.connect().then(() => admin.listTopics()).catch(() => {}).finally(() => process.exit(0));
`
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, node, "-e", script, addr)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "KAFKAJS_DEBUG_PROTOCOL_BUFFERS=1")
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	require.NoError(t, cmd.Run(), log.String())
	responses := sent()
	require.NotEmpty(t, responses, "the broker sent no Metadata response:\n%s", log.String())
	require.Contains(t, log.String(), `"payload":{"type":"Buffer","data":[`, "kafkajs logged no response's bytes")

	out, errOut, status := kafkawire(t, log.String(), "frames")
	require.Equal(t, 0, status, errOut)
	lines := framesOf(t, out)
	require.Len(t, lines, len(responses), "one frame a response kafkajs failed to decode")
	for i, l := range lines {
		assert.Equal(t, hex.EncodeToString(responses[i]), l.Hex, "exactly the bytes the broker sent")
		assert.Equal(t, "response", l.Direction)
		require.NotNil(t, l.APIName)
		assert.Equal(t, "Metadata", *l.APIName)
		assert.Equal(t, int16(6), *l.Version, "the version kafkajs asked for (the broker's highest)")
		assert.Equal(t, "logtest>"+addr, *l.Conn)
		assert.NotNil(t, l.Time, "the log's timestamp")
	}

	tree, errOut, _ := kafkawire(t, log.String(), "decode")
	assert.Contains(t, tree, "MetadataResponse message v6")
	assert.Contains(t, tree+errOut, "at 0x000c: ", "the error where the brokers should start")
}
