//go:build e2e

package e2e

import (
	"encoding/binary"
	"encoding/hex"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestPasteFollowStream pastes what Wireshark's Follow Stream dialog shows
// as a hex dump (both sides of one connection, the server's lines indented):
// the page lists the connection's frames, requests paired with their
// responses, and a row opens the pair on its API's page. The dump is the
// dialog's form of tshark's output in codec/hexin/testdata (see its tests).
func TestPasteFollowStream(t *testing.T) {
	raw, err := os.ReadFile("../codec/hexin/testdata/follow.tshark-hex")
	if err != nil {
		t.Fatal(err)
	}
	var dialog strings.Builder
	for _, l := range strings.Split(string(raw), "\n") {
		if l == "" || strings.HasPrefix(l, "=") || strings.HasPrefix(l, "Follow:") || strings.HasPrefix(l, "Filter:") || strings.HasPrefix(l, "Node ") {
			continue
		}
		dialog.WriteString(strings.Replace(l, "\t", "    ", 1) + "\n")
	}
	sent, err := os.ReadFile("../codec/hexin/testdata/follow.sent")
	if err != nil {
		t.Fatal(err)
	}
	// Each side's frames, cut by their size prefixes.
	var frames [2][][]byte
	for side, h := range strings.Fields(string(sent)) {
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		for len(b) > 0 {
			n := 4 + int(binary.BigEndian.Uint32(b))
			frames[side] = append(frames[side], b[:n])
			b = b[n:]
		}
	}

	s := newSession(t, false)
	s.open("/")
	s.paste(dialog.String())
	s.waitFor("the conversation list", listShown)
	if got, want := s.text("#paste-status"), "wireshark follow hex · both sides of each connection · "+strconv.Itoa(dialog.Len())+" bytes"; got != want {
		t.Errorf("the status says %q, want %q", got, want)
	}
	if got := s.text("#conv-count"); got != "4 Kafka frames" {
		t.Errorf("the count says %q", got)
	}
	rows := eval[[]string](s, `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => Array.from(r.cells).slice(2, 7).map(c => c.textContent).join('|'))`)
	for _, want := range []string{
		"node 0>node 1|request|ApiVersions v3|7|" + strconv.Itoa(len(frames[0][0])),
		"node 0>node 1|request|Metadata v12|7|" + strconv.Itoa(len(frames[0][1])),
		"node 0>node 1|response|ApiVersions v3|7|" + strconv.Itoa(len(frames[1][0])),
		"node 0>node 1|response|Metadata v12|7|" + strconv.Itoa(len(frames[1][1])),
	} {
		found := false
		for _, r := range rows {
			found = found || r == want
		}
		if !found {
			t.Errorf("no row %q in %q", want, rows)
		}
	}
	s.shot("follow-box", "#paste")

	// The Metadata response's row opens the pair on the Metadata v12 page.
	row := `Array.from(document.querySelectorAll('#conv-list tbody tr')).find(r => r.cells[3].textContent == 'response' && r.cells[4].textContent == 'Metadata v12')`
	s.waitFor("the Metadata response's row", row)
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](row+`.querySelector('button').click()`))
	s.waitFor("the Metadata page", `location.pathname.endsWith('/Metadata/v12') && location.hash.includes('req=') && location.hash.includes('resp=')`)
	s.waitFor("both frames", frameGrid("#response").bytes()+`.length == `+strconv.Itoa(len(frames[1][1])))
	if got := strings.Join(s.cells("response"), ""); got != hex.EncodeToString(frames[1][1]) {
		t.Errorf("the response shown is not the dump's")
	}
	if got := strings.Join(s.cells("request"), ""); got != hex.EncodeToString(frames[0][1]) {
		t.Errorf("the request shown is not the dump's")
	}
}

// tshark's YAML of the same connection gives every frame its capture time:
// the list shows the times, each response's latency, and, on hover, the
// date, the packet a frame starts in and the client id its request names. On a phone: the list fits the screen's width.
func TestPasteFollowStreamYAML(t *testing.T) {
	yaml, err := os.ReadFile("../codec/hexin/testdata/follow.tshark-yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.resize(phone)
	s.open("/")
	s.paste(string(yaml))
	s.waitFor("the conversation list", listShown)
	if got, want := s.text("#paste-status"), "wireshark follow yaml · both sides of each connection · "+strconv.Itoa(len(yaml))+" bytes"; got != want {
		t.Errorf("the status says %q, want %q", got, want)
	}
	rows := eval[[]string](s, `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => [r.cells[1].textContent, r.cells[2].textContent, r.cells[3].textContent, r.cells[4].textContent, r.cells[7].textContent, r.title].join('|'))`)
	// The packets' times (tshark's YAML, read to the microsecond) and the
	// latencies between them: 68 µs for ApiVersions, 50.29 ms for Metadata (from the request's first packet).
	for _, want := range []string{
		"13:56:38.775843|127.0.0.1:40872>127.0.0.1:19092|request|ApiVersions v3|68 µs|2026-12-03 13:56:38.775843 UTC; +0s from the first frame; packet 4; client id kafkawire",
		"13:56:38.775911|127.0.0.1:40872>127.0.0.1:19092|response|ApiVersions v3|68 µs|2026-12-03 13:56:38.775911 UTC; +68µs from the first frame; packet 6; client id kafkawire",
		"13:56:38.826286|127.0.0.1:40872>127.0.0.1:19092|request|Metadata v12|50.29 ms|2026-12-03 13:56:38.826286 UTC; +50.443ms from the first frame; packet 10; client id kafkawire",
	} {
		found := false
		for _, r := range rows {
			found = found || r == want
		}
		if !found {
			t.Errorf("no row %q in\n%s", want, strings.Join(rows, "\n"))
		}
	}
	noSidewaysScroll(t, s, phone, "/ with a Follow Stream pasted")
	s.shot("follow-phone", "#paste")
}

// A response line picked from kafkawire frames' output, without its
// request, opens decoded as the API and version its line names: the bytes
// alone do not say them.
func TestPasteLoneResponseLine(t *testing.T) {
	sent, err := os.ReadFile("../codec/hexin/testdata/follow.sent")
	if err != nil {
		t.Fatal(err)
	}
	b, err := hex.DecodeString(strings.Fields(string(sent))[1])
	if err != nil {
		t.Fatal(err)
	}
	first := 4 + int(binary.BigEndian.Uint32(b))
	metadata := b[first : first+4+int(binary.BigEndian.Uint32(b[first:]))] // the server's second frame
	for _, conn := range []string{`null`, `"127.0.0.1:40872>127.0.0.1:19092"`} {
		line := `{"conn":` + conn + `,"time":null,"direction":"response","apiKey":3,"apiName":"Metadata","version":12,"correlationId":7,"hex":"` + hex.EncodeToString(metadata) + `"}`
		s := newSession(t, false)
		s.open("/")
		s.paste(line)
		s.waitFor("the Metadata v12 page", `location.pathname.endsWith('/Metadata/v12')`)
		s.waitFor("the response decoded", `document.querySelector('#response .tn[data-path="body.Brokers"]')`)
		if got := strings.Join(s.cells("response"), ""); got != hex.EncodeToString(metadata) {
			t.Errorf("conn %s: the response shown is not the line's", conn)
		}
		if eval[bool](s, `!!document.querySelector('#response .notice')`) {
			t.Errorf("conn %s: the response does not decode cleanly: %s", conn, s.text("#response .notice"))
		}
	}
}

// kafkajs's log of a response it failed to decode (testdata/kafkajs.log:
// real kafkajs output, see codec/hexin) pasted in the page: the response
// is shown on its API's page, as kafkajs named it, broken where kafkajs
// failed, the bad bytes outlined.
func TestPasteKafkajsLog(t *testing.T) {
	log, err := os.ReadFile("../codec/hexin/testdata/kafkajs.log")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.open("/")
	s.paste(string(log))
	s.waitFor("the Metadata v6 page", `location.pathname.endsWith('/Metadata/v6')`)
	s.waitFor("the response's notice", `document.querySelector('#response .notice')`)
	if got := strings.Join(s.cells("response"), ""); got != "0000000c0000000100000000000003e8" {
		t.Errorf("the response shown is %s, not the one kafkajs logged", got)
	}
	if got := s.text("#response .notice"); !strings.Contains(got, "array length 1000 runs past the end") {
		t.Errorf("the notice says %q", got)
	}
	if got := s.text("#paste-status"); !strings.HasPrefix(got, "kafkajs log") {
		t.Errorf("the status says %q", got)
	}
	s.shot("kafkajs", "#paste")
}
