package decrypt

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/tls"
	"encoding/binary"
	"errors"
	"fmt"
	"hash"
	"sort"

	"golang.org/x/crypto/chacha20poly1305"

	"github.com/kafkawire/kafkawire/codec/source"
)

// Connection is what Decrypt made of one TLS connection: the bytes each
// side sent inside TLS, as streams of their own.
type Connection struct {
	// Client and Server are the application data each side sent, with the
	// capture's times (a record's bytes arrive with the packet that
	// completes it). Bytes is nil for a side the input lacks or that could
	// not be read from its start.
	Client, Server source.Stream
	Version        uint16 // tls.VersionTLS12 or tls.VersionTLS13; 0 when no hello was read
	Suite          uint16 // the cipher suite the server picked; 0 when not known
	// Err says why nothing was decrypted (no secrets for the connection, a
	// suite or version not read, a hello missing); nil when the sides were.
	Err error
	// ClientErr and ServerErr say why a side was not read to its end (bytes
	// lost, a record that does not decrypt, the input ending inside a
	// record); what came before is in Client and Server.
	ClientErr, ServerErr error
	// Resumed says a TLS 1.2 connection resumed the session of one
	// decrypted before it (its secrets are that one's).
	Resumed bool
	// EarlyData counts the records of 0-RTT data the client sent with
	// its hello (TLS 1.3), which are not read.
	EarlyData int
}

// Describe names the connection's TLS: "TLS 1.3, TLS_AES_128_GCM_SHA256".
func (c Connection) Describe() string {
	if c.Version == 0 {
		return "TLS"
	}
	d := tls.VersionName(c.Version) + ", " + tls.CipherSuiteName(c.Suite)
	if c.Resumed {
		d += ", a session resumed from an earlier connection"
	}
	return d
}

// suite is what decrypting a cipher suite takes.
type suite struct {
	tls13  bool
	hash   func() hash.Hash // the PRF's (TLS 1.2) or the key schedule's (TLS 1.3)
	keyLen int
	chacha bool // ChaCha20-Poly1305, else AES-GCM
}

var suites = map[uint16]suite{
	0x1301: {true, sha256.New, 16, false}, // TLS_AES_128_GCM_SHA256
	0x1302: {true, sha512.New384, 32, false},
	0x1303: {true, sha256.New, 32, true},
	0x009c: {false, sha256.New, 16, false}, // TLS_RSA_WITH_AES_128_GCM_SHA256
	0x009d: {false, sha512.New384, 32, false},
	0x009e: {false, sha256.New, 16, false}, // TLS_DHE_RSA_WITH_AES_128_GCM_SHA256
	0x009f: {false, sha512.New384, 32, false},
	0xc02b: {false, sha256.New, 16, false}, // TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256
	0xc02c: {false, sha512.New384, 32, false},
	0xc02f: {false, sha256.New, 16, false}, // TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
	0xc030: {false, sha512.New384, 32, false},
	0xcca8: {false, sha256.New, 32, true}, // TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256
	0xcca9: {false, sha256.New, 32, true},
	0xccaa: {false, sha256.New, 32, true},
}

// helloRetry is the random of a TLS 1.3 server's HelloRetryRequest (RFC
// 8446, 4.1.3): a ServerHello that asks for another ClientHello.
var helloRetry = [32]byte{
	0xcf, 0x21, 0xad, 0x74, 0xe5, 0x9a, 0x61, 0x11, 0xbe, 0x1d, 0x8c, 0x02, 0x1e, 0x65, 0xb8, 0x91,
	0xc2, 0xa2, 0x11, 0x16, 0x7a, 0xbb, 0x8c, 0x5e, 0x07, 0x9e, 0x09, 0xe2, 0xc8, 0xa8, 0x33, 0x9c,
}

// Decrypt reads one TLS connection of a capture, its client's stream and
// its server's (either nil when the input lacks it), with the secrets keys
// holds for it. The client's hello must be in the input (it names the
// session), and the server's (it names the suite). pause, when set, is
// called every pauseEvery records: the page lets the browser paint there,
// since in wasm a connection of 100 MB takes a second to decrypt.
//
// A TLS 1.2 session a connection resumes (by its session id or ticket)
// is found in the connections decrypted before it with the same keys:
// keys remembers them, so Decrypt is called on a capture's connections in
// the order they opened, one at a time.
func Decrypt(client, server *source.Stream, keys *KeyLog, pause func()) Connection {
	var c Connection
	if client == nil {
		c.Err = errors.New("the client's side of the connection is not in the input, and its hello names the session")
		return c
	}
	msgs, err := plainHandshake(client, true)
	if len(msgs) == 0 || msgs[0].typ != msgClientHello {
		c.Err = fmt.Errorf("client stream: %w", noHello("ClientHello", client, err))
		return c
	}
	ch, err := parseClientHello(msgs[0].body)
	if err != nil {
		c.Err = fmt.Errorf("client stream: the ClientHello: %w", err)
		return c
	}
	if server == nil {
		c.Err = errors.New("the server's side of the connection is not in the input, and its hello names the cipher suite")
		return c
	}
	msgs, err = plainHandshake(server, false)
	var sh serverHello
	var ticket []byte // a TLS 1.2 session ticket the server gave
	found := false
	for _, m := range msgs {
		switch {
		case m.typ == msgServerHello && !found && !isHelloRetry(m.body):
			if sh, err = parseServerHello(m.body); err != nil {
				c.Err = fmt.Errorf("server stream: the ServerHello: %w", err)
				return c
			}
			found = true
		case m.typ == msgNewSessionTicket && found:
			ticket = ticketOf(m.body)
		}
	}
	if !found {
		c.Err = fmt.Errorf("server stream: %w", noHello("ServerHello", server, err))
		return c
	}
	c.Version, c.Suite = sh.version, sh.suite
	su, ok := suites[c.Suite]
	switch {
	case c.Version != tls.VersionTLS12 && c.Version != tls.VersionTLS13:
		c.Err = fmt.Errorf("the connection is %s: only TLS 1.2 and 1.3 are decrypted", tls.VersionName(c.Version))
		return c
	case !ok || su.tls13 != (c.Version == tls.VersionTLS13):
		c.Err = fmt.Errorf("the cipher suite %s is not one kafkawire decrypts: only AES-GCM and ChaCha20-Poly1305 are", tls.CipherSuiteName(c.Suite))
		return c
	}
	s := keys.sessions[ch.random]
	if su.tls13 {
		if s == nil {
			c.Err = fmt.Errorf("the key log has no secrets for this connection (client random %x...)", ch.random[:8])
			return c
		}
		if s.clientApplication == nil && s.serverApplication == nil {
			c.Err = fmt.Errorf("the key log has neither CLIENT_TRAFFIC_SECRET_0 nor SERVER_TRAFFIC_SECRET_0 for this TLS 1.3 connection (client random %x...)", ch.random[:8])
			return c
		}
		// A key log that lost one side's line still opens the other side.
		if s.clientApplication == nil {
			c.Client, c.ClientErr = nothingOf(client), errors.New("at its start: the key log has no CLIENT_TRAFFIC_SECRET_0 for this connection")
		} else {
			c.Client, c.EarlyData, c.ClientErr = read13(client, su, s.clientHandshake, s.clientApplication, ch.earlyData, pause)
		}
		if s.serverApplication == nil {
			c.Server, c.ServerErr = nothingOf(server), errors.New("at its start: the key log has no SERVER_TRAFFIC_SECRET_0 for this connection")
		} else {
			c.Server, _, c.ServerErr = read13(server, su, s.serverHandshake, s.serverApplication, false, pause)
		}
		return c
	}
	var master []byte
	if s != nil {
		master = s.master
	}
	if master == nil {
		master = keys.resumed(ch, sh)
		c.Resumed = master != nil
	}
	switch {
	case master == nil && resumes(ch, sh):
		c.Err = errors.New("a TLS 1.2 session resumed from an earlier connection, which is not in the input or which the key log does not open")
		return c
	case master == nil && s != nil:
		c.Err = fmt.Errorf("the key log has no CLIENT_RANDOM line (the master secret) for this TLS 1.2 connection (client random %x...)", ch.random[:8])
		return c
	case master == nil:
		c.Err = fmt.Errorf("the key log has no secrets for this connection (client random %x...)", ch.random[:8])
		return c
	}
	keys.remember(sh, ticket, master)
	clientKey, serverKey, err := keys12(su, master, ch.random, sh.random)
	if err != nil {
		c.Err = fmt.Errorf("the keys from the master secret: %w", err)
		return c
	}
	c.Client, c.ClientErr = read12(client, clientKey, pause)
	c.Server, c.ServerErr = read12(server, serverKey, pause)
	return c
}

// noHello says why a stream's hello was not found.
func noHello(name string, s *source.Stream, err error) error {
	switch {
	case !s.FromStart:
		return fmt.Errorf("no %s: the capture began after the connection's start", name)
	case err != nil:
		return err
	}
	return fmt.Errorf("no %s in the stream's plaintext records", name)
}

// resumes reports whether a TLS 1.2 handshake resumes a session: the
// client offers a ticket, or the server answers with the session id the
// client offered.
func resumes(ch clientHello, sh serverHello) bool {
	return ch.ticket != nil || len(sh.sessionID) > 0 && string(sh.sessionID) == string(ch.sessionID)
}

// The record types (RFC 8446, 5.1).
const (
	recordChangeCipherSpec = 20
	recordHandshake        = 22
	recordApplicationData  = 23
	recordHeartbeat        = 24
)

// record is one TLS record of a stream: its header and body, at off.
type record struct {
	b   []byte
	off int
}

func (r record) typ() byte { return r.b[0] }

// records walks a stream's TLS records.
type records struct {
	s     *source.Stream
	off   int
	end   int // the first byte lost, or the stream's end
	pause func()
	n     int // records walked
}

// pauseEvery is how many records Decrypt reads between calls of its pause:
// at most 1 MiB, about 12 ms of decrypting in wasm.
const pauseEvery = 64

func newRecords(s *source.Stream, pause func()) *records {
	end := len(s.Bytes)
	if len(s.Gaps) > 0 {
		end = s.Gaps[0].Off
	}
	return &records{s: s, end: end, pause: pause}
}

// maxRecord bounds a record's body: 2^14 bytes of plaintext and at most
// 2,048 of expansion (RFC 5246, 6.2.3).
const maxRecord = 1<<14 + 2048

// next is the record at the walk's place; ok is false at the stream's end,
// with an error when the stream does not end there cleanly.
func (r *records) next() (rec record, ok bool, err error) {
	b := r.s.Bytes
	if r.off == len(b) && r.end == len(b) {
		return record{}, false, nil
	}
	if r.end-r.off < 5 {
		return record{}, false, r.cut(5)
	}
	h := b[r.off : r.off+5]
	n := int(binary.BigEndian.Uint16(h[3:]))
	if h[0] < recordChangeCipherSpec || h[0] > recordHeartbeat || h[1] != 3 || n > maxRecord {
		return record{}, false, fmt.Errorf("at offset %d: not a TLS record header (type %d, version 0x%02x%02x, length %d)", r.off, h[0], h[1], h[2], n)
	}
	if r.end-r.off < 5+n {
		return record{}, false, r.cut(5 + n)
	}
	rec = record{b: b[r.off : r.off+5+n], off: r.off}
	r.off += 5 + n
	if r.n++; r.pause != nil && r.n%pauseEvery == 0 {
		r.pause()
	}
	return rec, true, nil
}

// cut says why a record of n bytes at the walk's place cannot be read.
func (r *records) cut(n int) error {
	if r.end < len(r.s.Bytes) || len(r.s.Gaps) > 0 {
		return fmt.Errorf("at offset %d: the capture lost bytes inside the record there, and the records after it cannot be decrypted (each one's nonce counts the ones before)", r.off)
	}
	return fmt.Errorf("at offset %d: the input ends inside a record (%d of its %d bytes are there)", r.off, len(r.s.Bytes)-r.off, n)
}

// keys decrypts one side's records.
type keys struct {
	aead     cipher.AEAD
	iv       []byte // 12 bytes; TLS 1.2's AES-GCM: its 4-byte fixed part
	explicit bool   // TLS 1.2's AES-GCM: each record starts with its nonce's last 8 bytes
	tls13    bool
	seq      uint64
}

func newKeys(su suite, key, iv []byte) (*keys, error) {
	var aead cipher.AEAD
	var err error
	if su.chacha {
		aead, err = chacha20poly1305.New(key)
	} else {
		var block cipher.Block
		if block, err = aes.NewCipher(key); err == nil {
			aead, err = cipher.NewGCM(block)
		}
	}
	if err != nil {
		return nil, err
	}
	return &keys{aead: aead, iv: iv, explicit: !su.tls13 && !su.chacha, tls13: su.tls13}, nil
}

// open decrypts rec, appending its plaintext to dst, and counts it.
func (k *keys) open(dst []byte, rec record) ([]byte, error) {
	body := rec.b[5:]
	var nonce [12]byte
	if k.explicit {
		if len(body) < 8 {
			return dst, errors.New("too short for its nonce")
		}
		copy(nonce[:], k.iv)
		copy(nonce[4:], body[:8])
		body = body[8:]
	} else {
		copy(nonce[:], k.iv)
		for i := range 8 {
			nonce[4+i] ^= byte(k.seq >> (56 - 8*i))
		}
	}
	if len(body) < k.aead.Overhead() {
		return dst, errors.New("too short for its authentication tag")
	}
	aad := rec.b[:5]
	if !k.tls13 {
		var a [13]byte
		binary.BigEndian.PutUint64(a[:], k.seq)
		copy(a[8:], rec.b[:3])
		binary.BigEndian.PutUint16(a[11:], uint16(len(body)-k.aead.Overhead()))
		aad = a[:]
	}
	out, err := k.aead.Open(dst, nonce[:], body, aad)
	if err != nil {
		return dst, err
	}
	k.seq++
	return out, nil
}

// side builds one side's plaintext stream.
type side struct {
	in  *source.Stream
	out source.Stream
}

// nothingOf is a side none of whose records could be decrypted: the
// stream as it came, without its bytes.
func nothingOf(s *source.Stream) source.Stream {
	out := *s
	out.Bytes, out.Gaps, out.Segments, out.Named = nil, nil, nil, nil
	return out
}

func newSide(s *source.Stream) *side {
	out := nothingOf(s)
	out.Bytes = make([]byte, 0, len(s.Bytes)) // plaintext is never longer
	return &side{in: s, out: out}
}

// add appends a record's application data, with the time of the packet
// that completed the record.
func (d *side) add(rec record, data []byte) {
	segs := d.in.Segments
	if i := sort.Search(len(segs), func(i int) bool { return segs[i].Off >= rec.off+len(rec.b) }); i > 0 {
		seg := segs[i-1]
		seg.Off = len(d.out.Bytes)
		d.out.Segments = append(d.out.Segments, seg)
	}
	d.out.Bytes = append(d.out.Bytes, data...)
}

// read13 decrypts one side of a TLS 1.3 connection: its handshake records
// with the handshake secret (nil when the key log lacks it: they are
// passed over), then its application data with the first application
// secret, following key updates.
func read13(s *source.Stream, su suite, handshake, application []byte, early bool, pause func()) (source.Stream, int, error) {
	d := newSide(s)
	key := func(secret []byte) (*keys, error) {
		k, err := expandLabel(su.hash, secret, "key", su.keyLen)
		if err != nil {
			return nil, err
		}
		iv, err := expandLabel(su.hash, secret, "iv", 12)
		if err != nil {
			return nil, err
		}
		return newKeys(su, k, iv)
	}
	var hs *keys
	var err error
	if handshake != nil {
		if hs, err = key(handshake); err != nil {
			return d.out, 0, fmt.Errorf("the handshake secret: %w", err)
		}
	}
	app, err := key(application)
	if err != nil {
		return d.out, 0, fmt.Errorf("the application secret: %w", err)
	}
	inApp, opened, skipped := false, false, 0
	r := newRecords(s, pause)
	for {
		rec, ok, err := r.next()
		if !ok {
			return d.out, skipped, err
		}
		if rec.typ() != recordApplicationData {
			continue // the hellos, a ChangeCipherSpec, a plaintext alert
		}
		buf := d.out.Bytes
		var plain []byte
		switch {
		case inApp:
			plain, err = app.open(buf, rec)
		case hs != nil:
			if plain, err = hs.open(buf, rec); err == nil {
				opened = true
				continue // the rest of the handshake
			}
			fallthrough
		default:
			plain, err = app.open(buf, rec)
			if err != nil && (hs == nil || early && !opened) {
				// A handshake record whose secret the key log lacks, or
				// 0-RTT data the client sent with its hello: neither
				// opens with these keys, and neither counts in their
				// records.
				if early && !opened {
					skipped++
				}
				continue
			}
			inApp = true
		}
		if err != nil {
			return d.out, skipped, fmt.Errorf("at offset %d: the record does not decrypt with the key log's secrets for this connection (the bytes are damaged, or the secrets are another session's)", rec.off)
		}
		opened = true
		// TLSInnerPlaintext: the content, its real type, zeros of padding.
		inner := bytes.TrimRight(plain[len(buf):], "\x00")
		if len(inner) == 0 {
			return d.out, skipped, fmt.Errorf("at offset %d: the decrypted record has no content type", rec.off)
		}
		typ, content := inner[len(inner)-1], inner[:len(inner)-1]
		d.out.Bytes = buf // the plaintext past it is in place: add appends it onto itself
		switch {
		case typ == recordApplicationData:
			d.add(rec, content)
		case typ == recordHandshake && updatesKeys(content): // the next secret from this one, for the records after
			if application, err = expandLabel(su.hash, application, "traffic upd", su.hash().Size()); err == nil {
				app, err = key(application)
			}
			if err != nil {
				return d.out, skipped, fmt.Errorf("at offset %d: the key update: %w", rec.off, err)
			}
		}
	}
}

// updatesKeys reports whether a record's handshake messages hold a
// KeyUpdate: after the handshake, a record may carry a NewSessionTicket
// and a KeyUpdate together. (A message split over records, which these
// short ones never are, is not put back together.)
func updatesKeys(content []byte) bool {
	for len(content) >= 4 {
		if content[0] == msgKeyUpdate {
			return true
		}
		content = content[min(len(content), 4+(int(content[1])<<16|int(content[2])<<8|int(content[3]))):]
	}
	return false
}

// expandLabel is TLS 1.3's HKDF-Expand-Label with an empty context.
func expandLabel(h func() hash.Hash, secret []byte, label string, n int) ([]byte, error) {
	info := binary.BigEndian.AppendUint16(nil, uint16(n))
	info = append(info, byte(len("tls13 ")+len(label)))
	info = append(info, "tls13 "...)
	info = append(info, label...)
	info = append(info, 0)
	return hkdf.Expand(h, secret, string(info), n)
}

// keys12 are the keys of a TLS 1.2 connection's two sides, from its master
// secret (RFC 5246, 6.3; RFC 5288 and 7905 for the AEAD suites' IVs).
func keys12(su suite, master []byte, client, server [32]byte) (*keys, *keys, error) {
	ivLen := 4
	if su.chacha {
		ivLen = 12
	}
	kb := prf12(su.hash, master, "key expansion", append(server[:], client[:]...), 2*su.keyLen+2*ivLen)
	clientKey, err := newKeys(su, kb[:su.keyLen], kb[2*su.keyLen:2*su.keyLen+ivLen])
	if err != nil {
		return nil, nil, err
	}
	serverKey, err := newKeys(su, kb[su.keyLen:2*su.keyLen], kb[2*su.keyLen+ivLen:])
	return clientKey, serverKey, err
}

// prf12 is TLS 1.2's PRF: P_hash of the secret over the label and seed.
func prf12(h func() hash.Hash, secret []byte, label string, seed []byte, n int) []byte {
	seed = append([]byte(label), seed...)
	mac := hmac.New(h, secret)
	a := seed // A(0)
	var out []byte
	for len(out) < n {
		mac.Reset()
		mac.Write(a)
		a = mac.Sum(nil)
		mac.Reset()
		mac.Write(a)
		mac.Write(seed)
		out = mac.Sum(out)
	}
	return out[:n]
}

// read12 decrypts one side of a TLS 1.2 connection: every record after
// the side's ChangeCipherSpec.
func read12(s *source.Stream, k *keys, pause func()) (source.Stream, error) {
	d := newSide(s)
	encrypted := false
	r := newRecords(s, pause)
	for {
		rec, ok, err := r.next()
		if !ok {
			return d.out, err
		}
		if !encrypted {
			encrypted = rec.typ() == recordChangeCipherSpec // a ChangeCipherSpec: what follows is encrypted
			continue
		}
		buf := d.out.Bytes
		plain, err := k.open(buf, rec)
		if err != nil {
			return d.out, fmt.Errorf("at offset %d: the record does not decrypt with the key log's secrets for this connection (the bytes are damaged, or the secrets are another session's)", rec.off)
		}
		d.out.Bytes = buf // the plaintext past it is in place: add appends it onto itself
		switch rec.typ() {
		case recordApplicationData:
			d.add(rec, plain[len(buf):])
		case recordChangeCipherSpec:
			return d.out, fmt.Errorf("at offset %d: a second ChangeCipherSpec, a renegotiation, which kafkawire does not follow", rec.off)
		}
	}
}
