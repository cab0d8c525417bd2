//go:build !js && !wasip1

// The browser build has no processes: openssl runs natively only.

package decrypt_test

import (
	"bytes"
	"crypto/tls"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/source"
)

// readRecorder keeps what a server's raw connection reads and writes: the
// client's bytes and its own, as they went over the wire.
type readRecorder struct {
	net.Conn
	mu          sync.Mutex
	read, wrote []byte
}

func (r *readRecorder) Read(b []byte) (int, error) {
	n, err := r.Conn.Read(b)
	r.mu.Lock()
	r.read = append(r.read, b[:n]...)
	r.mu.Unlock()
	return n, err
}

func (r *readRecorder) Write(b []byte) (int, error) {
	r.mu.Lock()
	r.wrote = append(r.wrote, b...)
	r.mu.Unlock()
	return r.Conn.Write(b)
}

// OpenSSL's s_client, with its key log, updates its keys twice in a TLS
// 1.3 session with a Go server on 127.0.0.1 ("k", then "K", which asks the
// server to update its own too): both sides read through the updates.
func TestDecryptOpenSSLKeyUpdates(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Fatalf("openssl is needed for this test: install it (apt-get install openssl); %v", err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	type result struct {
		rec  *readRecorder
		echo []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			done <- result{err: err}
			return
		}
		rec := &readRecorder{Conn: c}
		s := tls.Server(rec, &tls.Config{Certificates: []tls.Certificate{testCert(t)}, MinVersion: tls.VersionTLS13})
		var echo []byte
		buf := make([]byte, 4096)
		for {
			n, err := s.Read(buf)
			if n > 0 {
				echo = append(echo, buf[:n]...)
				s.Write(buf[:n])
			}
			if err != nil {
				break
			}
		}
		c.Close()
		done <- result{rec: rec, echo: echo}
	}()
	keyLog := filepath.Join(t.TempDir(), "keys.log")
	cmd := exec.Command(openssl, "s_client", "-connect", ln.Addr().String(), "-tls1_3", "-keylogfile", keyLog)
	// Slowly, so that each line is its own write and each command is
	// taken at its place between them.
	pr, pw := io.Pipe()
	cmd.Stdin = pr
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	require.NoError(t, cmd.Start())
	for _, line := range []string{"before\n", "k\n", "between\n", "K\n", "after\n"} {
		time.Sleep(200 * time.Millisecond)
		pw.Write([]byte(line))
	}
	time.Sleep(200 * time.Millisecond)
	pw.Close()
	require.NoError(t, cmd.Wait(), out.String())
	r := <-done
	require.NoError(t, r.err)
	require.Equal(t, "before\nbetween\nafter\n", string(r.echo), "what the server read")
	assert.Contains(t, out.String(), "KEYUPDATE")

	log, err := os.ReadFile(keyLog)
	require.NoError(t, err)
	client := source.Stream{Bytes: r.rec.read, Dir: source.ClientToServer, FromStart: true}
	server := source.Stream{Bytes: r.rec.wrote, Dir: source.ServerToClient, FromStart: true}
	got := decrypt.Decrypt(&client, &server, keys(t, log), nil)
	require.NoError(t, got.Err)
	require.NoError(t, got.ClientErr)
	require.NoError(t, got.ServerErr)
	assert.Equal(t, r.echo, got.Client.Bytes)
	assert.Equal(t, r.echo, got.Server.Bytes, "the echo, past the server's own key update")
}
