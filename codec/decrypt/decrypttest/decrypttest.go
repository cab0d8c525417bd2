// Package decrypttest makes what tests of TLS traffic need: a certificate, and Kafka exchanges carried over TLS.
package decrypttest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/binary"
	"io"
	"math/big"
	"net"
	"sync"
	"time"
)

// Certificate is a self-signed ECDSA certificate for localhost and
// 127.0.0.1, made once per test binary (clients skip its verification).
var Certificate = sync.OnceValues(func() (tls.Certificate, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return tls.Certificate{}, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "kafkawire test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		DNSNames: []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return tls.Certificate{}, err
	}
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, nil
})

// Write is what one side of a connection wrote at once.
type Write struct {
	FromClient bool
	Data       []byte
}

// Session carries Kafka exchanges over a TLS connection of Go's
// crypto/tls (the version and suite its configurations pick, client
// first; nil for Go's defaults), over an in-memory pipe: the client
// writes each request and reads its response before the next, the
// server answers each request with its response (a nil response: none).
// It returns every write on the wire in order, and the client's key log.
func Session(client, server *tls.Config, requests, responses [][]byte) ([]Write, []byte, error) {
	cert, err := Certificate()
	if err != nil {
		return nil, nil, err
	}
	var keyLog bytes.Buffer
	client = cloneOr(client)
	client.InsecureSkipVerify, client.KeyLogWriter = true, &keyLog
	server = cloneOr(server)
	server.Certificates = []tls.Certificate{cert}
	a, b := net.Pipe()
	var mu sync.Mutex
	var writes []Write
	rec := func(c net.Conn, fromClient bool) net.Conn {
		return &recorder{Conn: c, mu: &mu, writes: &writes, fromClient: fromClient}
	}
	cc, sc := tls.Client(rec(a, true), client), tls.Server(rec(b, false), server)
	done := make(chan error, 1)
	go func() {
		for _, resp := range responses {
			var size [4]byte
			if _, err := io.ReadFull(sc, size[:]); err != nil {
				done <- err
				return
			}
			if _, err := io.CopyN(io.Discard, sc, int64(binary.BigEndian.Uint32(size[:]))); err != nil {
				done <- err
				return
			}
			if resp == nil {
				continue
			}
			if _, err := sc.Write(resp); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for i, req := range requests {
		if _, err := cc.Write(req); err != nil {
			return nil, nil, err
		}
		if responses[i] == nil {
			continue
		}
		if _, err := io.CopyN(io.Discard, cc, int64(len(responses[i]))); err != nil {
			return nil, nil, err
		}
	}
	if err := <-done; err != nil {
		return nil, nil, err
	}
	a.Close()
	b.Close()
	return writes, keyLog.Bytes(), nil
}

func cloneOr(c *tls.Config) *tls.Config {
	if c == nil {
		return &tls.Config{}
	}
	return c.Clone()
}

// recorder keeps what one end of a pipe writes.
type recorder struct {
	net.Conn
	mu         *sync.Mutex
	writes     *[]Write
	fromClient bool
}

func (r *recorder) Write(b []byte) (int, error) {
	r.mu.Lock()
	*r.writes = append(*r.writes, Write{r.fromClient, bytes.Clone(b)})
	r.mu.Unlock()
	return r.Conn.Write(b)
}
