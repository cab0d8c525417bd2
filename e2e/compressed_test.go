//go:build e2e

package e2e

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/ui"
	"github.com/klauspost/compress/zstd"
)

// A compressed capture dropped on the page lists what the capture itself
// lists, row for row, and the status says how it was compressed; a
// compressed text dump reads as the dump; an xz file is refused with what
// to do.
func TestCompressedFilesOpen(t *testing.T) {
	exs, file := kafkaTraffic(t)
	var gz bytes.Buffer
	w := gzip.NewWriter(&gz)
	w.Write(file)
	w.Close()
	enc, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	zst := enc.EncodeAll(file, nil)
	frames := 0
	for _, ex := range exs {
		frames++
		if ex.Response != nil {
			frames++
		}
	}
	rowsJS := `Array.from(document.querySelectorAll('#conv-list tbody tr')).map(r => Array.from(r.cells).slice(1, 8).map(c => c.textContent).join('|'))`

	s := newSession(t, false)
	s.open("/")
	s.dropFile("kafka.pcapng", file)
	s.waitFor("the conversation list", listShown)
	want := eval[[]string](s, rowsJS)
	if len(want) != frames {
		t.Fatalf("%d rows for the capture itself, want %d", len(want), frames)
	}

	for _, c := range []struct {
		name, status string
		data         []byte
	}{
		{"kafka.pcapng.gz", "gzip-compressed pcapng capture", gz.Bytes()},
		{"kafka.pcapng.zst", "zstd-compressed pcapng capture", zst},
	} {
		s.dropFile(c.name, c.data)
		s.waitFor(c.name+"'s list", listShown+` && document.querySelector('#paste-status').textContent.startsWith(`+jsString(c.name+" ")+`)`)
		if got, want := s.text("#conv-count"), strconv.Itoa(frames)+" Kafka frames"; got != want {
			t.Errorf("%s: the list says %q, want %q", c.name, got, want)
		}
		if got, want := s.text("#paste-status"), c.name+" · "+c.status+" · "+strconv.Itoa(len(c.data))+" bytes"; got != want {
			t.Errorf("status %q, want %q", got, want)
		}
		if got := eval[[]string](s, rowsJS); !equalStrings(got, want) {
			t.Errorf("%s lists other rows than the capture itself:\n%q\nwant\n%q", c.name, got, want)
		}
	}
	s.shot("gzip-list", "#paste")

	// A text dump, gzipped: the field shows the text, and its frame decodes.
	req, err := frame.Encode(message.Minimal(schema.ByKey(18), 3, schema.Request))
	if err != nil {
		t.Fatal(err)
	}
	var dump bytes.Buffer
	w = gzip.NewWriter(&dump)
	w.Write([]byte(hex.EncodeToString(req) + "\n"))
	w.Close()
	s.dropFile("frame.txt.gz", dump.Bytes())
	s.waitFor("the dump in the field", `document.getElementById('paste-text').value.startsWith(`+jsString(hex.EncodeToString(req))+`)`)
	s.waitFor("the frame decoded", `location.pathname.endsWith('/ApiVersions/v3')`)

	// xz: refused, saying how to open it.
	s.dropFile("kafka.pcapng.xz", []byte("\xfd7zXZ\x00\x00\x04\xe6\xd6\xb4\x46"))
	s.waitFor("the error", `document.querySelector('#paste .paste-err')`)
	if got := s.text("#paste .paste-err"); got != "kafka.pcapng.xz: this is an xz file, which kafkawire does not open: take what is in it out first (xz -d), or compress it with gzip, zstd or lz4" {
		t.Errorf("xz: %q", got)
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A small gzip file that decompresses to more than the page reads of a
// capture (256 MiB of 8-byte responses in one connection, 300 KB gzipped)
// costs the page that much and no more: the list shows the frames of the
// first 256 MiB, at most ui.CaptureMaxFrames of them, says why it
// stopped, and the page still answers.
func TestHostileCompressedCapture(t *testing.T) {
	req, err := frame.Encode(message.Minimal(schema.ByKey(18), 3, schema.Request))
	if err != nil {
		t.Fatal(err)
	}
	tiny := bytes.Repeat([]byte{0, 0, 0, 4, 0, 0, 0, 7}, 300<<20/8)
	sc := capturetest.Scenario{MSS: 65000}
	pcap := pcapwrite.WritePcap(pcapwrite.Ethernet, false, sc.Segments([][]capturetest.Exchange{{{Request: req, Response: tiny}}}))
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(pcap)
	w.Close()
	t.Logf("%d MB of capture in %d KB of gzip", len(pcap)>>20, gz.Len()>>10)

	s := newSession(t, false)
	s.open("/")
	start := time.Now()
	s.dropFile("bomb.pcap.gz", gz.Bytes())
	s.waitUntil(120*time.Second, "the list", `document.querySelector('#conv-count')`)
	t.Logf("drop to list: %v", time.Since(start).Round(time.Millisecond))
	if got := s.text("#paste .paste-ferr"); !strings.Contains(got, "the capture stops early: ") || !strings.Contains(got, "this gzip file holds more than 256 MiB decompressed") {
		t.Errorf("the list does not say why it stopped: %q", got)
	}
	count := s.text("#conv-count")
	n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSuffix(count, " Kafka frames"), ",", ""))
	if err != nil || n < 1000 || n > ui.CaptureMaxFrames+2 {
		t.Errorf("the list says %q: want the frames of the first 256 MiB, at most %d", count, ui.CaptureMaxFrames)
	}
	if got := eval[int](s, `6*7`); got != 42 {
		t.Errorf("evaluation answered %d", got)
	}
	said := s.consoleSaid("wasm memory")
	if len(said) == 0 {
		t.Fatal("the page logged no memory")
	}
	t.Log(said[len(said)-1])
	m := regexp.MustCompile(`wasm memory (\d+) MiB`).FindStringSubmatch(said[len(said)-1])
	if mib, _ := strconv.Atoi(m[1]); m == nil || mib > 1536 {
		t.Errorf("wasm memory: %s, want under 1.5 GiB", said[len(said)-1])
	}
}
