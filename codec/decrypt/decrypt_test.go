package decrypt_test

import (
	"bytes"
	"crypto/tls"
	"encoding/binary"
	"io"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/decrypt/decrypttest"
	"github.com/kafkawire/kafkawire/codec/source"
)

// recorder is one end of a connection that keeps what its side wrote, one
// segment per write, as a capture keeps a packet per segment.
type recorder struct {
	net.Conn
	mu   sync.Mutex
	s    source.Stream
	base time.Time
}

func (r *recorder) Write(b []byte) (int, error) {
	r.mu.Lock()
	n := len(r.s.Segments)
	r.s.Segments = append(r.s.Segments, source.Segment{Off: len(r.s.Bytes), Time: r.base.Add(time.Duration(n) * time.Millisecond), Packet: n + 1})
	r.s.Bytes = append(r.s.Bytes, b...)
	r.mu.Unlock()
	return r.Conn.Write(b)
}

// session is one TLS connection made by Go's crypto/tls over a pipe: what
// each side wrote on the wire, what each sent inside TLS, and the client's
// key log.
type session struct {
	client, server source.Stream
	sent           [2][]byte // by the client, by the server
	keyLog         []byte
	state          tls.ConnectionState
}

// testCert is the tests' self-signed certificate.
func testCert(t *testing.T) tls.Certificate {
	c, err := decrypttest.Certificate()
	require.NoError(t, err)
	return c
}

// talk runs a TLS session: the client sends each of asks, length-prefixed,
// and the server answers each with a reply of the size it asks for.
func talk(t *testing.T, configure func(client, server *tls.Config), asks ...int) session {
	t.Helper()
	var keyLog bytes.Buffer
	cc := &tls.Config{InsecureSkipVerify: true, KeyLogWriter: &keyLog}
	sc := &tls.Config{Certificates: []tls.Certificate{testCert(t)}}
	if configure != nil {
		configure(cc, sc)
	}
	a, b := net.Pipe()
	base := time.Date(2026, 12, 3, 10, 0, 0, 0, time.UTC)
	ra := &recorder{Conn: a, base: base, s: source.Stream{Conn: "c>s", Dir: source.ClientToServer, FromStart: true}}
	rb := &recorder{Conn: b, base: base.Add(time.Second), s: source.Stream{Conn: "c>s", Dir: source.ServerToClient, FromStart: true}}
	client, server := tls.Client(ra, cc), tls.Server(rb, sc)
	var s session
	done := make(chan error, 1)
	go func() {
		var sent []byte
		defer func() { s.sent[1] = sent }()
		for range asks {
			var n [4]byte
			if _, err := io.ReadFull(server, n[:]); err != nil {
				done <- err
				return
			}
			size := int(binary.BigEndian.Uint32(n[:]))
			reply := bytes.Repeat([]byte{byte(size)}, size)
			sent = append(sent, reply...)
			if _, err := server.Write(reply); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	for _, size := range asks {
		ask := binary.BigEndian.AppendUint32(nil, uint32(size))
		s.sent[0] = append(s.sent[0], ask...)
		_, err := client.Write(ask)
		require.NoError(t, err)
		_, err = io.ReadFull(client, make([]byte, size))
		require.NoError(t, err)
	}
	require.NoError(t, <-done)
	s.state = client.ConnectionState()
	a.Close() // not client.Close: its close_notify would wait for a reader
	b.Close()
	s.client, s.server, s.keyLog = ra.s, rb.s, keyLog.Bytes()
	return s
}

func keys(t *testing.T, logs ...[]byte) *decrypt.KeyLog {
	k, err := decrypt.ParseKeyLog(bytes.Join(logs, nil))
	require.NoError(t, err)
	return k
}

// Go's crypto/tls, in each version and AEAD suite it lets a program pick:
// what each side sent inside TLS is read back byte for byte from what it
// wrote on the wire, records of 16 KiB and more among them.
func TestDecryptGoTLS(t *testing.T) {
	cases := []struct {
		name    string
		version uint16
		suite   uint16
	}{
		{"TLS 1.3", tls.VersionTLS13, 0}, // the suite is Go's to pick
		{"TLS 1.2 AES-128-GCM", tls.VersionTLS12, tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256},
		{"TLS 1.2 AES-256-GCM", tls.VersionTLS12, tls.TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384},
		{"TLS 1.2 ChaCha20-Poly1305", tls.VersionTLS12, tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := talk(t, func(client, server *tls.Config) {
				client.MaxVersion = c.version
				if c.suite != 0 {
					client.CipherSuites = []uint16{c.suite}
				}
			}, 10, 70_000, 1, 20_000)
			require.Equal(t, c.version, s.state.Version)
			got := decrypt.Decrypt(&s.client, &s.server, keys(t, s.keyLog), nil)
			require.NoError(t, got.Err)
			require.NoError(t, got.ClientErr)
			require.NoError(t, got.ServerErr)
			assert.Equal(t, s.state.CipherSuite, got.Suite)
			assert.Equal(t, tls.VersionName(c.version)+", "+tls.CipherSuiteName(s.state.CipherSuite), got.Describe())
			assert.Equal(t, s.sent[0], got.Client.Bytes)
			assert.Equal(t, s.sent[1], got.Server.Bytes)
			assert.Equal(t, s.client.Conn, got.Client.Conn)
			assert.Equal(t, source.ServerToClient, got.Server.Dir)

			// Each piece of plaintext has the time and number of the write
			// (the packet) that completed its record: the first reply's
			// record is the server's first write after its hellos, and a
			// reply of 70,000 bytes is at least five records (of 16 KiB at
			// most), each in a write of its own.
			segs := got.Server.Segments
			require.NotEmpty(t, segs)
			assert.Equal(t, 0, segs[0].Off)
			assert.Greater(t, segs[0].Packet, 1)
			var packets []int
			for i, seg := range segs {
				if i > 0 {
					assert.Greater(t, seg.Off, segs[i-1].Off)
					assert.Greater(t, seg.Packet, segs[i-1].Packet)
				}
				raw := s.server.Segments[seg.Packet-1]
				assert.Equal(t, raw.Time, seg.Time)
				if seg.Off >= 10 && seg.Off < 10+70_000 {
					packets = append(packets, seg.Packet)
				}
			}
			assert.GreaterOrEqual(t, len(packets), 5)
			for i := 1; i < len(packets); i++ {
				assert.Equal(t, packets[i-1]+1, packets[i])
			}
		})
	}
}

// What a side sent before its stream breaks is kept, and the error says
// where it broke and why.
func TestDecryptBrokenStreams(t *testing.T) {
	s := talk(t, nil, 100, 50_000)
	k := keys(t, s.keyLog)

	t.Run("cut inside a record", func(t *testing.T) {
		server := s.server
		server.Bytes = server.Bytes[:len(server.Bytes)-100]
		got := decrypt.Decrypt(&s.client, &server, k, nil)
		require.NoError(t, got.Err)
		assert.Equal(t, s.sent[0], got.Client.Bytes)
		require.Error(t, got.ServerErr)
		assert.Regexp(t, `^at offset \d+: the input ends inside a record \(\d+ of its \d+ bytes are there\)$`, got.ServerErr.Error())
		assert.NotEmpty(t, got.Server.Bytes)
		assert.Equal(t, s.sent[1][:len(got.Server.Bytes)], got.Server.Bytes)
	})
	t.Run("bytes lost", func(t *testing.T) {
		server := s.server
		at := len(server.Bytes) - 30_000
		server.Gaps = []source.Gap{{Off: at, Len: 1_000}}
		got := decrypt.Decrypt(&s.client, &server, k, nil)
		require.Error(t, got.ServerErr)
		assert.Contains(t, got.ServerErr.Error(), "the capture lost bytes inside the record there")
		assert.Equal(t, s.sent[1][:len(got.Server.Bytes)], got.Server.Bytes)
		assert.Greater(t, len(got.Server.Bytes), 100)
	})
	t.Run("a damaged byte", func(t *testing.T) {
		server := s.server
		server.Bytes = bytes.Clone(server.Bytes)
		server.Bytes[len(server.Bytes)-20_000] ^= 1
		got := decrypt.Decrypt(&s.client, &server, k, nil)
		require.Error(t, got.ServerErr)
		assert.Regexp(t, `^at offset \d+: the record does not decrypt with the key log's secrets`, got.ServerErr.Error())
		assert.Equal(t, s.sent[1][:len(got.Server.Bytes)], got.Server.Bytes)
	})
	t.Run("another session's secrets", func(t *testing.T) {
		other := talk(t, nil, 1)
		got := decrypt.Decrypt(&s.client, &s.server, keys(t, other.keyLog), nil)
		require.Error(t, got.Err)
		assert.Contains(t, got.Err.Error(), "the key log has no secrets for this connection (client random ")
		assert.Nil(t, got.Client.Bytes)
	})
	t.Run("one side's secret missing", func(t *testing.T) {
		for _, label := range []string{"CLIENT_TRAFFIC_SECRET_0", "SERVER_TRAFFIC_SECRET_0"} {
			var kept []string
			for _, line := range strings.Split(string(s.keyLog), "\n") {
				if !strings.HasPrefix(line, label+" ") {
					kept = append(kept, line)
				}
			}
			got := decrypt.Decrypt(&s.client, &s.server, keys(t, []byte(strings.Join(kept, "\n"))), nil)
			require.NoError(t, got.Err, label)
			if label == "CLIENT_TRAFFIC_SECRET_0" {
				assert.EqualError(t, got.ClientErr, "at its start: the key log has no CLIENT_TRAFFIC_SECRET_0 for this connection")
				assert.Empty(t, got.Client.Bytes)
				require.NoError(t, got.ServerErr)
				assert.Equal(t, s.sent[1], got.Server.Bytes, "the server's side opens all the same")
			} else {
				assert.EqualError(t, got.ServerErr, "at its start: the key log has no SERVER_TRAFFIC_SECRET_0 for this connection")
				assert.Empty(t, got.Server.Bytes)
				require.NoError(t, got.ClientErr)
				assert.Equal(t, s.sent[0], got.Client.Bytes, "the client's side opens all the same")
			}
		}
	})
	t.Run("begun mid-connection", func(t *testing.T) {
		client := s.client
		client.Bytes, client.FromStart = client.Bytes[len(client.Bytes)-50:], false
		got := decrypt.Decrypt(&client, &s.server, k, nil)
		require.Error(t, got.Err)
		assert.EqualError(t, got.Err, "client stream: no ClientHello: the capture began after the connection's start")
	})
	t.Run("no server side", func(t *testing.T) {
		got := decrypt.Decrypt(&s.client, nil, k, nil)
		assert.EqualError(t, got.Err, "the server's side of the connection is not in the input, and its hello names the cipher suite")
	})
	t.Run("a CBC suite", func(t *testing.T) {
		cbc := talk(t, func(client, server *tls.Config) {
			client.MaxVersion = tls.VersionTLS12
			client.CipherSuites = []uint16{tls.TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA}
		}, 1)
		got := decrypt.Decrypt(&cbc.client, &cbc.server, keys(t, cbc.keyLog), nil)
		assert.EqualError(t, got.Err, "the cipher suite TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA is not one kafkawire decrypts: only AES-GCM and ChaCha20-Poly1305 are")
		assert.Equal(t, "TLS 1.2, TLS_ECDHE_ECDSA_WITH_AES_128_CBC_SHA", got.Describe())
	})
}

// A key log of TLS 1.3 with its handshake secrets left out still opens the
// application data: the handshake records are passed over.
func TestDecryptWithoutHandshakeSecrets(t *testing.T) {
	s := talk(t, nil, 5, 5)
	var kept [][]byte
	for line := range bytes.Lines(s.keyLog) {
		if !bytes.Contains(line, []byte("HANDSHAKE")) {
			kept = append(kept, line)
		}
	}
	require.Less(t, len(kept), bytes.Count(s.keyLog, []byte("\n")))
	got := decrypt.Decrypt(&s.client, &s.server, keys(t, kept...), nil)
	require.NoError(t, got.Err)
	require.NoError(t, got.ClientErr)
	require.NoError(t, got.ServerErr)
	assert.Equal(t, s.sent[0], got.Client.Bytes)
	assert.Equal(t, s.sent[1], got.Server.Bytes)
}

func TestParseKeyLog(t *testing.T) {
	random := bytes.Repeat([]byte("ab"), 32)
	good := "# a comment\n\nCLIENT_RANDOM " + string(random) + " " + string(bytes.Repeat([]byte("01"), 48)) + "\r\n" +
		"EXPORTER_SECRET " + string(random) + " 00\n" +
		"CLIENT_TRAFFIC_SECRET_N " + string(random) + " 00\n" + // as OpenSSL 3 writes a key update's
		"SERVER_TRAFFIC_SECRET_1 " + string(random) + " 00\n"
	k, err := decrypt.ParseKeyLog([]byte(good))
	require.NoError(t, err)
	assert.Equal(t, 1, k.Len())
	assert.True(t, decrypt.LooksLikeKeyLog([]byte(good)))

	for _, c := range []struct{ log, err string }{
		{"CLIENT_RANDOM abc 00", "key log: line 1, column 15: a client random of 64 hex digits (32 bytes), not 3"},
		{"  CLIENT_RANDOM " + string(random), "key log: line 1, column 16: a key log line is a label, a client random and a secret, separated by spaces; this one has 2 fields"},
		{"# x\nHELLO " + string(random) + " 00", `key log: line 2, column 1: "HELLO" is not a key log label (CLIENT_RANDOM, CLIENT_TRAFFIC_SECRET_0, ...)`},
		{"CLIENT_TRAFFIC_SECRET_0 " + string(random) + " 0g", "key log: line 1, column 90: the secret in hex: encoding/hex: invalid byte: U+0067 'g'"},
		{"CLIENT_TRAFFIC_SECRET_0 " + string(random) + " 123", "key log: line 1, column 90: a secret of an even number of hex digits, 2 to 128; this one has 3"},
	} {
		k, err := decrypt.ParseKeyLog([]byte(good + c.log + "\n" + good))
		lines := bytes.Count([]byte(good), []byte("\n"))
		var le *decrypt.LineError
		require.ErrorAs(t, err, &le, c.log)
		le.Line -= lines
		assert.EqualError(t, le, c.err)
		assert.Equal(t, 1, k.Len(), "the lines before are kept")
	}
	assert.False(t, decrypt.LooksLikeKeyLog([]byte("00000000  00 00 00 10 00 12 00 03  |........|\n")))
	assert.False(t, decrypt.LooksLikeKeyLog([]byte("CLIENT_RANDOM but not one")))
}

// decrypttest.Session's writes, as a capture's two streams, decrypt to
// the frames it carried.
func TestSessionOfFrames(t *testing.T) {
	requests := [][]byte{[]byte("\x00\x00\x00\x02ab"), []byte("\x00\x00\x00\x01c")}
	responses := [][]byte{[]byte("\x00\x00\x00\x03xyz"), nil}
	writes, keyLog, err := decrypttest.Session(nil, nil, requests, responses)
	require.NoError(t, err)
	client := source.Stream{Dir: source.ClientToServer, FromStart: true}
	server := source.Stream{Dir: source.ServerToClient, FromStart: true}
	for _, w := range writes {
		if w.FromClient {
			client.Bytes = append(client.Bytes, w.Data...)
		} else {
			server.Bytes = append(server.Bytes, w.Data...)
		}
	}
	got := decrypt.Decrypt(&client, &server, keys(t, keyLog), nil)
	require.NoError(t, got.Err)
	assert.Equal(t, bytes.Join(requests, nil), got.Client.Bytes)
	assert.Equal(t, responses[0], got.Server.Bytes)
}

// BenchmarkDecrypt reads a TLS 1.3 connection whose server sent 4 MiB, in
// records of 16 KiB, as a capture of a big fetch holds it.
func BenchmarkDecrypt(b *testing.B) {
	for _, c := range []struct {
		name    string
		version uint16
		suite   uint16
	}{
		{"TLS1.3", tls.VersionTLS13, 0},
		{"TLS1.2-AES128GCM", tls.VersionTLS12, tls.TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256},
		{"TLS1.2-ChaCha20", tls.VersionTLS12, tls.TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256},
	} {
		b.Run(c.name, func(b *testing.B) {
			t := &testing.T{}
			s := talk(t, func(client, _ *tls.Config) {
				client.MaxVersion = c.version
				if c.suite != 0 {
					client.CipherSuites = []uint16{c.suite}
				}
			}, 4<<20)
			k := keys(t, s.keyLog)
			b.SetBytes(int64(len(s.server.Bytes)))
			b.ReportAllocs()
			for b.Loop() {
				if got := decrypt.Decrypt(&s.client, &s.server, k, nil); got.ServerErr != nil || len(got.Server.Bytes) != 4<<20 {
					b.Fatal(got.ServerErr)
				}
			}
		})
	}
}

// A long connection is decrypted with pauses: one every 64 records, so a
// page can paint between them.
func TestDecryptPauses(t *testing.T) {
	s := talk(t, nil, 2<<20) // 128 records of 16 KiB at least
	pauses := 0
	got := decrypt.Decrypt(&s.client, &s.server, keys(t, s.keyLog), func() { pauses++ })
	require.NoError(t, got.ServerErr)
	assert.Equal(t, s.sent[1], got.Server.Bytes)
	assert.GreaterOrEqual(t, pauses, 2)
	assert.LessOrEqual(t, pauses, 4)
}

// A TLS 1.2 connection that resumes a session by its ticket has no line
// of its own in the key log (Go writes CLIENT_RANDOM for full handshakes
// only): it opens with the secret of the connection decrypted before it
// that was given the ticket, and says it resumed. Alone, it says why it
// cannot be opened.
func TestDecryptResumedTLS12(t *testing.T) {
	cache := tls.NewLRUClientSessionCache(4)
	resuming := func(client, server *tls.Config) {
		client.MaxVersion, client.ClientSessionCache = tls.VersionTLS12, cache
		server.SetSessionTicketKeys([][32]byte{{1, 2, 3}}) // the same server both times
	}
	first := talk(t, resuming, 10, 3)
	second := talk(t, resuming, 7, 20_000)
	require.False(t, first.state.DidResume)
	require.True(t, second.state.DidResume)
	require.Empty(t, second.keyLog, "Go logs no secret for a resumed session")

	k := keys(t, first.keyLog)
	one := decrypt.Decrypt(&first.client, &first.server, k, nil)
	require.NoError(t, one.Err)
	assert.False(t, one.Resumed)
	two := decrypt.Decrypt(&second.client, &second.server, k, nil)
	require.NoError(t, two.Err)
	require.NoError(t, two.ClientErr)
	require.NoError(t, two.ServerErr)
	assert.True(t, two.Resumed)
	assert.Equal(t, second.sent[0], two.Client.Bytes)
	assert.Equal(t, second.sent[1], two.Server.Bytes)
	assert.Contains(t, two.Describe(), ", a session resumed from an earlier connection")

	alone := decrypt.Decrypt(&second.client, &second.server, keys(t, first.keyLog), nil)
	assert.EqualError(t, alone.Err, "a TLS 1.2 session resumed from an earlier connection, which is not in the input or which the key log does not open")
}

// 0-RTT data a TLS 1.3 client sends with its hello (announced by the
// hello's early_data extension) opens with neither the handshake nor the
// application secrets: it is counted and passed over, and the side reads
// on. The record is put into a real session's stream, as Go sends none.
func TestDecryptPassesOverEarlyData(t *testing.T) {
	s := talk(t, nil, 10, 10)
	client := s.client
	b := client.Bytes
	n := 5 + int(binary.BigEndian.Uint16(b[3:])) // the ClientHello's record
	hello := bytes.Clone(b[:n])
	// Add an empty early_data extension (42) at the end of the hello, and
	// count its 4 bytes in the extensions', the message's and the record's lengths.
	hello = append(hello, 0, 42, 0, 0)
	binary.BigEndian.PutUint16(hello[3:], binary.BigEndian.Uint16(hello[3:])+4)
	msgLen := int(hello[6])<<16 | int(hello[7])<<8 | int(hello[8]) + 4
	hello[6], hello[7], hello[8] = byte(msgLen>>16), byte(msgLen>>8), byte(msgLen)
	body := hello[9:]
	at := 35 + int(body[34])                          // past the session id
	at += 2 + int(binary.BigEndian.Uint16(body[at:])) // the suites
	at += 1 + int(body[at])                           // the compression methods
	binary.BigEndian.PutUint16(body[at:], binary.BigEndian.Uint16(body[at:])+4)
	early := append([]byte{23, 3, 3, 0, 40}, bytes.Repeat([]byte{0xee}, 40)...)
	client.Bytes = slices.Concat(hello, early, early, b[n:])
	client.Segments = nil

	got := decrypt.Decrypt(&client, &s.server, keys(t, s.keyLog), nil)
	require.NoError(t, got.Err)
	require.NoError(t, got.ClientErr)
	assert.Equal(t, 2, got.EarlyData)
	assert.Equal(t, s.sent[0], got.Client.Bytes)
}

// The plaintext handshake a stream starts with is read once, and no
// further than its bound: a hostile stream of 8 MiB of empty handshake
// messages is refused at the bound, not scanned again record by record.
func TestHostileHandshake(t *testing.T) {
	var b []byte
	rec := append([]byte{22, 3, 3, 0x40, 0}, make([]byte, 0x4000)...) // 4,096 empty messages of type 0
	for len(b) < 8<<20 {
		b = append(b, rec...)
	}
	s := source.Stream{Bytes: b, FromStart: true, Dir: source.ServerToClient}
	client := talk(t, nil, 1).client
	got := decrypt.Decrypt(&client, &s, keys(t), nil)
	require.Error(t, got.Err)
	assert.Contains(t, got.Err.Error(), "more than 256 KiB of plaintext handshake")
}
