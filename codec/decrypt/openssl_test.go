//go:build !js && !wasip1

// The browser build has no processes: openssl runs natively only.

package decrypt_test

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
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

// recordingProxy forwards each connection to target and keeps what each
// side sent, in the order the connections opened.
type recordingProxy struct {
	ln    net.Listener
	mu    sync.Mutex
	conns [][2]*bytes.Buffer // client's bytes, server's bytes
	wg    sync.WaitGroup
}

func newRecordingProxy(t *testing.T, target string) *recordingProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &recordingProxy{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			bufs := [2]*bytes.Buffer{{}, {}}
			p.mu.Lock()
			p.conns = append(p.conns, bufs)
			p.mu.Unlock()
			p.wg.Add(2)
			pipe := func(dst, src net.Conn, rec *bytes.Buffer) {
				defer p.wg.Done()
				io.Copy(io.MultiWriter(dst, rec), src)
				dst.(*net.TCPConn).CloseWrite()
			}
			go pipe(s, c, bufs[0])
			go pipe(c, s, bufs[1])
		}
	}()
	return p
}

// OpenSSL's s_client reconnecting to s_server over TLS 1.2 without tickets
// resumes the first session by its session id, as Java's clients do. With
// the key log cut to the first connection's line (a logger that writes
// full handshakes only), every connection opens: the later ones with the
// first one's master secret, found by the session id.
func TestDecryptSessionIDResumption(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Fatalf("openssl is needed for this test: install it (apt-get install openssl); %v", err)
	}
	dir := t.TempDir()
	cert := testCert(t)
	key, err := x509.MarshalPKCS8PrivateKey(cert.PrivateKey)
	require.NoError(t, err)
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	require.NoError(t, os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Certificate[0]}), 0o600))
	require.NoError(t, os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: key}), 0o600))

	// A free port on 127.0.0.1 for s_server.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	l.Close()
	server := exec.Command(openssl, "s_server", "-accept", addr, "-cert", certFile, "-key", keyFile, "-tls1_2", "-no_ticket", "-quiet")
	var serverOut bytes.Buffer
	server.Stdout, server.Stderr = &serverOut, &serverOut
	require.NoError(t, server.Start())
	defer server.Process.Kill()
	for i := 0; ; i++ {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			break
		}
		require.Less(t, i, 50, "s_server did not listen: %s", serverOut.String())
		time.Sleep(100 * time.Millisecond)
	}
	p := newRecordingProxy(t, addr)
	defer p.ln.Close()

	keyLog := filepath.Join(dir, "keys.log")
	client := exec.Command(openssl, "s_client", "-connect", p.ln.Addr().String(), "-tls1_2", "-no_ticket", "-reconnect", "-keylogfile", keyLog)
	client.Stdin = bytes.NewReader(nil)
	out, err := client.CombinedOutput()
	require.NoError(t, err, string(out))
	require.Contains(t, string(out), "Reused, TLSv1.2")
	server.Process.Kill()
	server.Wait()
	p.ln.Close()
	p.wg.Wait()

	log, err := os.ReadFile(keyLog)
	require.NoError(t, err)
	// OpenSSL heads the file with a comment, then a line per handshake,
	// resumed ones too: the first connection's line is kept.
	var first []byte
	for line := range bytes.Lines(log) {
		if bytes.HasPrefix(line, []byte("CLIENT_RANDOM ")) {
			first = line
			break
		}
	}
	require.NotNil(t, first, string(log))
	require.Greater(t, bytes.Count(log, []byte("CLIENT_RANDOM ")), 1)
	k := keys(t, first)
	p.mu.Lock()
	defer p.mu.Unlock()
	require.GreaterOrEqual(t, len(p.conns), 2)
	for i, c := range p.conns {
		cs := source.Stream{Bytes: c[0].Bytes(), Dir: source.ClientToServer, FromStart: true}
		ss := source.Stream{Bytes: c[1].Bytes(), Dir: source.ServerToClient, FromStart: true}
		got := decrypt.Decrypt(&cs, &ss, k, nil)
		require.NoError(t, got.Err, "connection %d", i+1)
		assert.Equal(t, i > 0, got.Resumed, "connection %d", i+1)
		assert.NoError(t, got.ClientErr, "connection %d", i+1)
		assert.NoError(t, got.ServerErr, "connection %d", i+1)
	}
}
