//go:build e2e

package e2e

import (
	"crypto/tls"
	"encoding/json"
	"fmt"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/decrypt/decrypttest"
)

// dropFiles drops several files at once on the paste box, as a user drops
// a capture with its key log.
func (s *session) dropFiles(files map[string][]byte) {
	s.t.Helper()
	var adds []string
	for name, data := range files {
		ints := make([]int, len(data))
		for i, c := range data {
			ints[i] = int(c)
		}
		js, _ := json.Marshal(ints)
		adds = append(adds, `dt.items.add(new File([new Uint8Array(`+string(js)+`)], `+jsString(name)+`));`)
	}
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.ID("paste-text")), chromedp.Evaluate[chromedp.Void](`(()=>{
		const dt = new DataTransfer();
		`+strings.Join(adds, "\n")+`
		document.getElementById('paste-text').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`))
}

// A capture of Kafka over TLS lists nothing but says a key log would open
// it; the key log dropped after it opens it, each frame in its row as the
// same traffic in the clear gives it; dropped with it, at once, too; and
// removed, the connections are closed again. The traffic is kgo's with
// kfake, each connection carried over TLS 1.3 by Go's crypto/tls.
func TestTLSCaptureWithKeyLog(t *testing.T) {
	exs, _ := kafkaTraffic(t)
	byConn := map[int][2][][]byte{}
	for _, ex := range exs {
		c := byConn[ex.Conn]
		c[0], c[1] = append(c[0], ex.Request), append(c[1], ex.Response)
		byConn[ex.Conn] = c
	}
	var segs []pcapwrite.Segment
	var keyLog []byte
	t0 := time.Date(2026, 12, 1, 1, 2, 3, 0, time.UTC)
	for i := range len(byConn) {
		writes, keys, err := decrypttest.Session(&tls.Config{MinVersion: tls.VersionTLS13}, nil, byConn[i][0], byConn[i][1])
		if err != nil {
			t.Fatal(err)
		}
		keyLog = append(keyLog, keys...)
		c := pcapwrite.NewConn(netip.MustParseAddrPort(fmt.Sprintf("127.0.0.1:%d", 40000+i)), netip.MustParseAddrPort("127.0.0.1:29092"), t0.Add(time.Duration(i)*time.Millisecond))
		c.Open()
		for _, w := range writes {
			c.Send(w.FromClient, w.Data, 1460)
		}
		c.Close()
		segs = append(segs, c.Segments...)
	}
	file := pcapwrite.WritePcap(pcapwrite.Ethernet, false, segs)
	frames := 0
	for _, ex := range exs {
		frames++
		if ex.Response != nil {
			frames++
		}
	}
	conns := strconv.Itoa(len(byConn))

	s := newSession(t, false)
	s.open("/")
	s.dropFile("tls.pcap", file)
	s.waitFor("the conversation list", listShown)
	if got := s.text("#conv-count"); got != "0 Kafka frames" {
		t.Errorf("without the key log the list says %q", got)
	}
	if got, want := s.text(".conv-sum .paste-line"), "in 0 Kafka connections, "+conns+" TLS (give their key log to open them)"; !strings.Contains(got, want) {
		t.Errorf("the summary says %q, want %q", got, want)
	}

	// The key log alone, after the capture: the capture is read again.
	s.dropFile("keys.log", keyLog)
	s.waitFor("the decrypted list", listShown+` && document.querySelector('#conv-count').textContent == `+jsString(strconv.Itoa(frames)+" Kafka frames"))
	if got, want := s.text(".conv-sum .paste-line"), "in "+conns+" Kafka connections ("+conns+" over TLS, decrypted)"; !strings.Contains(got, want) {
		t.Errorf("the summary says %q, want %q", got, want)
	}
	if got := s.text("#paste-keylog-name"); got != "keys.log" {
		t.Errorf("the key log line names %q", got)
	}
	checkRows(t, s, exs)
	s.shot("decrypted", "#paste")
	// On a phone the key log's line wraps within the page.
	s.resize(phone)
	noSidewaysScroll(t, s, phone, "/ with a TLS capture and its key log")
	s.shot("decrypted-phone", "#paste")
	s.resize(desktop)

	// Removed, by a real click (the button goes away with its line): the
	// capture is read again without it.
	s.clickSeen(`button[data-op="paste-keylog-remove"]`)
	s.waitFor("the list without the key log", `!document.querySelector('#paste-keylog') && document.querySelector('#conv-count') && document.querySelector('#conv-count').textContent == '0 Kafka frames'`)

	// Both at once, on a fresh page.
	s2 := newSession(t, false)
	s2.open("/")
	s2.dropFiles(map[string][]byte{"tls.pcap": file, "keys.log": keyLog})
	s2.waitFor("the decrypted list", listShown+` && document.querySelector('#conv-count').textContent == `+jsString(strconv.Itoa(frames)+" Kafka frames"))
	checkRows(t, s2, exs)

	// A pcapng carrying its key log (Wireshark's editcap put it in a
	// Decryption Secrets Block): it opens alone.
	dir := t.TempDir()
	plain, withSecrets, keys := filepath.Join(dir, "tls.pcapng"), filepath.Join(dir, "secrets.pcapng"), filepath.Join(dir, "keys.log")
	if err := os.WriteFile(plain, pcapwrite.WritePcapng(pcapwrite.Ethernet, segs), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keys, keyLog, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("editcap", "--inject-secrets", "tls,"+keys, plain, withSecrets).CombinedOutput(); err != nil {
		t.Fatalf("editcap (Debian's wireshark-common, with tshark) is needed: %v\n%s", err, out)
	}
	carried, err := os.ReadFile(withSecrets)
	if err != nil {
		t.Fatal(err)
	}
	s3 := newSession(t, false)
	s3.open("/")
	s3.dropFile("secrets.pcapng", carried)
	s3.waitFor("the list the capture's secrets open", listShown+` && document.querySelector('#conv-count').textContent == `+jsString(strconv.Itoa(frames)+" Kafka frames"))
	if got, want := s3.text(".conv-sum .paste-line"), "in "+conns+" Kafka connections ("+conns+" over TLS, decrypted with the secrets the capture carries)"; !strings.Contains(got, want) {
		t.Errorf("the summary says %q, want %q", got, want)
	}
	checkRows(t, s3, exs)
}
