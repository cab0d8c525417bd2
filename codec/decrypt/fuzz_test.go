package decrypt_test

import (
	"crypto/tls"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/source"
)

// FuzzDecrypt: any bytes as a connection's two streams, with the key log of
// a real session (whose streams seed the corpus, whole and cut), decrypt
// without a panic, to no more bytes than each side sent, and with a
// reason wherever a side stops short.
func FuzzDecrypt(f *testing.F) {
	t := &testing.T{}
	s := talk(t, nil, 3, 20_000)
	s12 := talk(t, func(client, _ *tls.Config) { client.MaxVersion = 0x0303 }, 3)
	k, err := decrypt.ParseKeyLog(append(s.keyLog, s12.keyLog...))
	if err != nil {
		f.Fatal(err)
	}
	join := func(a, b []byte) []byte {
		return append(binary.BigEndian.AppendUint32(nil, uint32(len(a))), append(a, b...)...)
	}
	f.Add(join(s.client.Bytes, s.server.Bytes))
	f.Add(join(s12.client.Bytes, s12.server.Bytes))
	f.Add(join(s.client.Bytes[:300], s.server.Bytes[:2000]))
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) < 4 {
			return
		}
		n := min(int(binary.BigEndian.Uint32(b)), len(b)-4)
		client := source.Stream{Bytes: b[4 : 4+n], FromStart: true, Dir: source.ClientToServer}
		server := source.Stream{Bytes: b[4+n:], FromStart: true, Dir: source.ServerToClient}
		c := decrypt.Decrypt(&client, &server, k, nil)
		if len(c.Client.Bytes) > len(client.Bytes) || len(c.Server.Bytes) > len(server.Bytes) {
			t.Fatalf("more plaintext than bytes sent: %d, %d", len(c.Client.Bytes), len(c.Server.Bytes))
		}
		if c.Err == nil && c.Version == 0 {
			t.Fatal("decrypted without a hello")
		}
	})
}

// FuzzParseKeyLog: any text parses without a panic; an error names a line
// of the text and a column within it (or just past its end), and what
// LooksLikeKeyLog says of the text's first line agrees with the parse.
func FuzzParseKeyLog(f *testing.F) {
	random := strings.Repeat("ab", 32)
	for _, s := range []string{"", "\r\r\n", "\f\n", "\v", "\u00a0", "  \u0085", "# c\n",
		"CLIENT_RANDOM " + random + " " + strings.Repeat("01", 48) + "\n",
		"CLIENT_TRAFFIC_SECRET_N " + random + " 00\nCLIENT_RANDOM x y\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		k, err := decrypt.ParseKeyLog([]byte(text))
		if k == nil {
			t.Fatal("no key log returned")
		}
		var le *decrypt.LineError
		if err != nil {
			if !errors.As(err, &le) {
				t.Fatalf("not a LineError: %v", err)
			}
			lines := strings.Split(text, "\n")
			if le.Line < 1 || le.Line > len(lines) || le.Column < 1 || le.Column > len(lines[le.Line-1])+1 {
				t.Fatalf("error at line %d, column %d of %d lines: %v", le.Line, le.Column, len(lines), err)
			}
		}
		if decrypt.LooksLikeKeyLog([]byte(text)) && err != nil && le.Line == 1 {
			t.Fatalf("looks like a key log, but its first line fails: %v", err)
		}
	})
}
