// Package decrypt reads what captured TLS connections carried, given their
// sessions' secrets from a key log, as Wireshark does.
//
// A key log is the text file a TLS library writes when asked (the
// SSLKEYLOGFILE format, NSS's): one line per secret, a label, the
// connection's client random and the secret, in hex. Go's crypto/tls writes
// it through Config.KeyLogWriter, Node with --tls-keylog, curl and browsers
// where SSLKEYLOGFILE is set, a JVM with an agent. TLS 1.3 connections need
// their traffic secrets, TLS 1.2 ones their master secret (CLIENT_RANDOM).
// Only the AEAD cipher suites are read (AES-GCM and ChaCha20-Poly1305): they
// are what TLS 1.3 has and what TLS 1.2 peers pick first.
package decrypt

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"iter"
	"strings"
	"unicode"
)

// KeyLog is the secrets of a key log by client random, and the TLS 1.2
// sessions of the connections decrypted with it, by session id and by
// ticket, for the connections that resume them. It is not safe for use
// by several goroutines at once.
type KeyLog struct {
	sessions map[[32]byte]*secrets
	byID     map[string][]byte // a TLS 1.2 session id: its master secret
	byTicket map[string][]byte // a TLS 1.2 session ticket: its master secret
}

// remember keeps a TLS 1.2 connection's master secret under its session
// id and ticket, for the connections that resume it.
func (k *KeyLog) remember(sh serverHello, ticket, master []byte) {
	if k.byID == nil {
		k.byID, k.byTicket = map[string][]byte{}, map[string][]byte{}
	}
	if len(sh.sessionID) > 0 {
		k.byID[string(sh.sessionID)] = master
	}
	if len(ticket) > 0 {
		k.byTicket[string(ticket)] = master
	}
}

// resumed is the master secret of the session a TLS 1.2 handshake
// resumes, if a connection decrypted before had it; nil otherwise.
func (k *KeyLog) resumed(ch clientHello, sh serverHello) []byte {
	if m, ok := k.byTicket[string(ch.ticket)]; ok && ch.ticket != nil {
		return m
	}
	if len(sh.sessionID) > 0 && string(sh.sessionID) == string(ch.sessionID) {
		return k.byID[string(sh.sessionID)]
	}
	return nil
}

// secrets are what a key log says of one session; nil where it says nothing.
type secrets struct {
	master                               []byte // TLS 1.2: CLIENT_RANDOM
	clientHandshake, serverHandshake     []byte // TLS 1.3
	clientApplication, serverApplication []byte // TLS 1.3, the first of each side
}

// labels are the key log's labels read, each with where its secret goes.
var labels = map[string]func(*secrets) *[]byte{
	"CLIENT_RANDOM":                   func(s *secrets) *[]byte { return &s.master },
	"CLIENT_HANDSHAKE_TRAFFIC_SECRET": func(s *secrets) *[]byte { return &s.clientHandshake },
	"SERVER_HANDSHAKE_TRAFFIC_SECRET": func(s *secrets) *[]byte { return &s.serverHandshake },
	"CLIENT_TRAFFIC_SECRET_0":         func(s *secrets) *[]byte { return &s.clientApplication },
	"SERVER_TRAFFIC_SECRET_0":         func(s *secrets) *[]byte { return &s.serverApplication },
}

// otherLabels are labels of the format that decrypting a connection does
// not need (0-RTT data and exporters; RSA key exchange by pre-master secret).
var otherLabels = map[string]bool{
	"CLIENT_EARLY_TRAFFIC_SECRET": true,
	"EARLY_EXPORTER_SECRET":       true,
	"EXPORTER_SECRET":             true,
	"RSA":                         true,
}

// otherLabel reports whether label is one a key log may hold that
// decrypting does not need: those of otherLabels, and the secrets after a
// TLS 1.3 key update (CLIENT_TRAFFIC_SECRET_1, ...; OpenSSL 3 writes
// CLIENT_TRAFFIC_SECRET_N), which Decrypt derives from the first.
func otherLabel(label string) bool {
	for _, p := range []string{"CLIENT_TRAFFIC_SECRET_", "SERVER_TRAFFIC_SECRET_"} {
		if n, ok := strings.CutPrefix(label, p); ok && n != "0" && n != "" {
			return true
		}
	}
	return otherLabels[label]
}

// Add puts o's secrets into k: the key logs of several clients read as
// one. A session both have is o's where o says it.
func (k *KeyLog) Add(o *KeyLog) {
	for random, s := range o.sessions {
		mine := k.sessions[random]
		if mine == nil {
			k.sessions[random] = s
			continue
		}
		for _, v := range []struct {
			to   *[]byte
			from []byte
		}{
			{&mine.master, s.master}, {&mine.clientHandshake, s.clientHandshake}, {&mine.serverHandshake, s.serverHandshake},
			{&mine.clientApplication, s.clientApplication}, {&mine.serverApplication, s.serverApplication},
		} {
			if v.from != nil {
				*v.to = v.from
			}
		}
	}
}

// Len is the number of sessions the key log has secrets for.
func (k *KeyLog) Len() int {
	if k == nil {
		return 0
	}
	return len(k.sessions)
}

// LineError is a line of a key log that does not read as one.
type LineError struct {
	Line   int    // 1-based
	Column int    // 1-based, where the line stops making sense
	Msg    string // what was expected there
}

func (e *LineError) Error() string {
	return fmt.Sprintf("key log: line %d, column %d: %s", e.Line, e.Column, e.Msg)
}

// maxSecret bounds a secret's length: the longest the format holds is
// TLS 1.2's master secret, 48 bytes, or a TLS 1.3 secret of SHA-384.
const maxSecret = 64

// ParseKeyLog reads a key log. Lines of labels it does not use are passed
// over, as are comments (#) and blank lines. A line that breaks the format
// is an error saying where; the secrets of the lines before it are kept in
// the KeyLog returned with it, and the lines after it are not read (a key
// log cut short by a process that died ends that way).
func ParseKeyLog(b []byte) (*KeyLog, error) {
	k := &KeyLog{sessions: map[[32]byte]*secrets{}}
	for n, line := range numbered(b) {
		if err := k.line(line, n); err != nil {
			return k, err
		}
	}
	return k, nil
}

// numbered is b's lines, from 1, without their line ends (\n or \r\n).
func numbered(b []byte) iter.Seq2[int, []byte] {
	return func(yield func(int, []byte) bool) {
		n := 0
		for line := range bytes.Lines(b) {
			n++
			line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
			if !yield(n, line) {
				return
			}
		}
	}
}

// line reads line number n into k.
func (k *KeyLog) line(line []byte, n int) error {
	// Fields splits at any space (a stray \r, \f, U+0085): the column is
	// counted from the first byte that is none.
	trimmed := bytes.TrimLeftFunc(line, unicode.IsSpace)
	fields := bytes.Fields(trimmed)
	if len(fields) == 0 || trimmed[0] == '#' {
		return nil
	}
	col := len(line) - len(trimmed) + 1
	fail := func(at int, format string, args ...any) error {
		return &LineError{Line: n, Column: col + at, Msg: fmt.Sprintf(format, args...)}
	}
	label := string(fields[0])
	where, known := labels[label]
	if !known && !otherLabel(label) {
		return fail(0, "%q is not a key log label (CLIENT_RANDOM, CLIENT_TRAFFIC_SECRET_0, ...)", clip(label))
	}
	if len(fields) != 3 {
		return fail(len(label), "a key log line is a label, a client random and a secret, separated by spaces; this one has %d fields", len(fields))
	}
	at := bytes.Index(trimmed, fields[1])
	if !known {
		return nil
	}
	var random [32]byte
	if len(fields[1]) != 64 {
		return fail(at, "a client random of 64 hex digits (32 bytes), not %d", len(fields[1]))
	}
	if _, err := hex.Decode(random[:], fields[1]); err != nil {
		return fail(at, "the client random in hex: %v", err)
	}
	at = bytes.LastIndex(trimmed, fields[2])
	secret := make([]byte, hex.DecodedLen(len(fields[2])))
	if len(fields[2])%2 != 0 || len(secret) == 0 || len(secret) > maxSecret {
		return fail(at, "a secret of an even number of hex digits, 2 to %d; this one has %d", 2*maxSecret, len(fields[2]))
	}
	if _, err := hex.Decode(secret, fields[2]); err != nil {
		return fail(at, "the secret in hex: %v", err)
	}
	s := k.sessions[random]
	if s == nil {
		s = &secrets{}
		k.sessions[random] = s
	}
	*where(s) = secret
	return nil
}

// clip shortens what an error quotes of a line.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

// LooksLikeKeyLog reports whether b starts as a key log: its first line
// that is not blank or a comment reads as a key log line.
func LooksLikeKeyLog(b []byte) bool {
	k := &KeyLog{sessions: map[[32]byte]*secrets{}}
	for n, line := range numbered(b) {
		line = line[:min(len(line), 400)] // a key log line is at most about 250 bytes
		if len(bytes.Fields(line)) == 0 || bytes.TrimLeftFunc(line, unicode.IsSpace)[0] == '#' {
			continue
		}
		return k.line(line, n) == nil
	}
	return false
}
