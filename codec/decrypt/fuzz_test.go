package decrypt_test

import (
	"crypto/tls"
	"encoding/binary"
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
