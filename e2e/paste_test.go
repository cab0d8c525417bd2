//go:build e2e

package e2e

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/ui"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kversion"
)

// produced records values to topic "orders" through a kgo client and a kfake
// cluster on 127.0.0.1, and returns the Produce exchange as it crossed the wire.
func produced(t *testing.T, values ...string) traffic.Exchange {
	t.Helper()
	exs, err := traffic.Record([]kgo.Opt{
		kgo.DefaultProduceTopic("orders"),
		kgo.ProducerBatchCompression(kgo.NoCompression()),
		kgo.ProducerLinger(50 * time.Millisecond),
		// Produce v13 names topics by id: stay below it, so the tree shows the topic name.
		kgo.MaxVersions(kversion.V3_9_0()),
	}, func(ctx context.Context, cl *kgo.Client) {
		var rs []*kgo.Record
		for _, v := range values {
			rs = append(rs, &kgo.Record{Value: []byte(v)})
		}
		if err := cl.ProduceSync(ctx, rs...).FirstErr(); err != nil {
			t.Fatalf("producing: %v", err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range exs {
		if e.APIKey == 0 && e.Response != nil {
			return e
		}
	}
	t.Fatalf("no Produce exchange among %d", len(exs))
	return traffic.Exchange{}
}

// paste puts text into the paste box as a paste would (SetValue fires input and change).
func (s *session) paste(text string) {
	s.t.Helper()
	s.do(10*time.Second,
		chromedp.Click(chromedp.CSS(`button[data-op="paste-open"]`)),
		chromedp.WaitVisible(chromedp.ID("paste-text")),
		chromedp.SetValue(chromedp.ID("paste-text"), text),
	)
}

// choose picks an option of a select and fires change, as a user's choice does.
func (s *session) choose(sel, value string) {
	s.t.Helper()
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.CSS(sel)), chromedp.Evaluate[chromedp.Void](`(()=>{const e=document.querySelector(`+jsString(sel)+`); e.value=`+jsString(value)+`; e.dispatchEvent(new Event('change', {bubbles: true}))})()`))
}

func (s *session) text(sel string) string {
	s.t.Helper()
	return eval[string](s, `(document.querySelector(`+jsString(sel)+`)||{textContent:''}).textContent`)
}

func jsString(v string) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestPasteHexdumpOfAProduceRequest(t *testing.T) {
	ex := produced(t, "hello-kafkawire", "second-value")
	dump := hexin.FormatAs(ex.Request, hexin.HexdumpC)
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	s.paste(dump)
	page := fmt.Sprintf("/Produce/v%d", ex.APIVersion)
	s.waitFor("the Produce page", `location.pathname.endsWith('`+page+`') && location.hash.startsWith('#req=')`)
	s.waitFor("the pasted request in the tree", `document.querySelector('#request .tree').textContent.includes('hello-kafkawire')`)
	tree := s.text("#request .tree")
	for _, want := range []string{"orders", "hello-kafkawire", "second-value"} {
		if !strings.Contains(tree, want) {
			t.Errorf("the request tree does not show %q", want)
		}
	}
	if got, want := s.text("#paste-status"), "hexdump -C · "+strconv.Itoa(len(ex.Request))+" bytes"; got != want {
		t.Errorf("paste status %q, want %q", got, want)
	}
	if got := strings.Join(s.cells("request"), ""); got != hex.EncodeToString(ex.Request) {
		t.Errorf("the grid shows\n%s\nwant the pasted frame\n%s", got, hex.EncodeToString(ex.Request))
	}
	if n := len(s.cells("response")); n == 0 {
		t.Error("the response grid is empty")
	}
	if n := eval[int](s, frameGrid("#request").offsWith("r15")+`.length`); n != 0 {
		t.Errorf("%d bytes of a clean frame are marked bad", n)
	}
	s.screenshot("light")

	// The pasted frame edits like a built one, and the link keeps the edit.
	s.setField("request", "header.ClientId", "pasted-client")
	s.waitFor("the edited client id", `document.querySelector('#request .tn[data-path="header.ClientId"] .va').textContent.includes('pasted-client')`)
	if tree := s.text("#request .tree"); !strings.Contains(tree, "hello-kafkawire") {
		t.Error("the records are gone after editing the client id")
	}

	// Copy as: every format reads back as the frame on the page.
	s.do(5*time.Second, chromedp.Evaluate[chromedp.Void](`window.__copied=[]; navigator.clipboard.writeText = t => { window.__copied.push(t); return Promise.resolve() }`))
	frame := strings.Join(s.cells("request"), "")
	for _, f := range []hexin.Format{hexin.GoLiteral, hexin.HexdumpC, hexin.PythonBytes} {
		s.choose(`#request select[data-op="copy-as"]`, string(f))
		s.waitFor("the copy", `window.__copied.length > 0`)
		text := eval[string](s, `window.__copied.pop()`)
		r, err := hexin.ParseAs(text, f)
		if err != nil || hex.EncodeToString(r.Bytes) != frame {
			t.Errorf("Copy as %s gave %q (%v), which does not read back as the frame", f, text, err)
		}
	}
	if !strings.Contains(s.text("#request .copyas"), "copied as") {
		t.Error("no confirmation after Copy as")
	}
}

func TestPasteResponseWithGuessedAPI(t *testing.T) {
	ex := produced(t, "hello-kafkawire")
	s := newSession(t, true)
	s.open("/InitProducerId/v5")
	s.paste(hex.EncodeToString(ex.Response))
	s.waitFor("the response read", `document.querySelector('#paste-frame .pf-response')`)
	if loc := eval[string](s, `location.pathname`); !strings.HasSuffix(loc, "/InitProducerId/v5") {
		t.Errorf("a response of unknown API navigated to %s", loc)
	}
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(`button[data-op="paste-guess"]`)))
	want := fmt.Sprintf("Produce v%d", ex.APIVersion)
	sel := `#paste-guesses button[data-guess="` + want + `"]`
	s.waitFor("the guesses", `document.querySelector('#paste-guesses')`)
	if !eval[bool](s, `!!document.querySelector('`+sel+`')`) {
		t.Fatalf("%s is not among the guesses: %v", want, eval[[]string](s, `Array.from(document.querySelectorAll('#paste-guesses button')).map(b=>b.dataset.guess)`))
	}
	s.screenshot("guesses-dark")
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(sel)))
	page := fmt.Sprintf("/Produce/v%d", ex.APIVersion)
	s.waitFor("the Produce page", `location.pathname.endsWith('`+page+`') && location.hash.startsWith('#resp=')`)
	s.waitFor("the response tree", `document.querySelector('#response .tree').textContent.includes('orders')`)
	if got := strings.Join(s.cells("response"), ""); got != hex.EncodeToString(ex.Response) {
		t.Errorf("the response grid shows %s, want %s", got, hex.EncodeToString(ex.Response))
	}
	s.do(5*time.Second, chromedp.ScrollIntoView(chromedp.ID("response")))
	s.screenshot("dark")
}

func TestPasteGarbageSaysWhereAndChangesNothing(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	before := s.cells("request")
	s.screenshot("collapsed")
	s.paste("hello there, not hex!")
	s.waitFor("the error", `document.querySelector('#paste .paste-err')`)
	if got := s.text("#paste .paste-err"); !strings.Contains(got, "line 1, column 6") {
		t.Errorf("error %q does not say line 1, column 6", got)
	}
	if got := s.cells("request"); strings.Join(got, "") != strings.Join(before, "") {
		t.Error("garbage changed the request")
	}
	if h := eval[string](s, `location.hash`); h != "" {
		t.Errorf("garbage changed the URL: %q", h)
	}
	s.screenshot("garbage")
	// The page keeps working.
	s.setField("request", "body.TransactionTimeoutMs", "60000")
	s.waitFor("the edit", frameGrid("#request").hexAt(16, 20)+` == '00 00 ea 60'`)
}

func TestPasteStreamAndBrokenFrames(t *testing.T) {
	ex := produced(t, "hello-kafkawire")
	s := newSession(t, false)
	s.open("/")
	s.screenshot("index-collapsed")

	// A request and its response back to back, dropped as a .bin file.
	stream := append(append([]byte{}, ex.Request...), ex.Response...)
	ints := make([]int, len(stream))
	for i, c := range stream {
		ints[i] = int(c)
	}
	js, _ := json.Marshal(ints)
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.ID("paste-text")), chromedp.Evaluate[chromedp.Void](`(()=>{
		const dt = new DataTransfer();
		dt.items.add(new File([new Uint8Array(`+string(js)+`)], 'stream.bin'));
		document.getElementById('paste-text').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`))
	page := fmt.Sprintf("/Produce/v%d", ex.APIVersion)
	s.waitFor("the Produce page", `location.pathname.endsWith('`+page+`')`)
	s.waitFor("both frames", `document.querySelector('#paste-pos') && document.querySelector('#paste-pos').textContent == 'frame 1 of 2'`)
	if got := s.text("#paste-status"); !strings.HasPrefix(got, "stream.bin · raw bytes · "+strconv.Itoa(len(stream))) {
		t.Errorf("status %q", got)
	}
	s.waitFor("the request and its response", `location.hash.includes('req=') && location.hash.includes('resp=')`)
	if got := strings.Join(s.cells("response"), ""); got != hex.EncodeToString(ex.Response) {
		t.Errorf("the paired response is not shown: %s", got)
	}
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(`button[data-op="paste-next"]`)))
	s.waitFor("frame 2", `document.querySelector('#paste-pos').textContent == 'frame 2 of 2'`)
	if got := s.text("#paste-frame"); !strings.Contains(got, "answers frame #1") {
		t.Errorf("frame 2 says %q", got)
	}
	s.screenshot("stream")

	// A request cut short: the tree keeps what decoded, the notice says where it stopped.
	cut := ex.Request[:len(ex.Request)-10]
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("paste-text"), hex.EncodeToString(cut)))
	s.waitFor("the truncated request", `document.querySelector('#request .notice') && `+frameGrid("#request").bytes()+`.length == `+strconv.Itoa(len(cut)))
	if got := s.text("#request .notice"); !strings.Contains(got, "frame truncated by 10 bytes") {
		t.Errorf("notice %q", got)
	}
	if !strings.Contains(s.text("#paste .paste-ferr"), "truncated by 10 bytes") {
		t.Error("the paste box does not say the frame is truncated")
	}

	// A string length running past the end: bad bytes from there on are outlined.
	bad := append([]byte{}, ex.Request...)
	bad[12], bad[13] = 0x7f, 0xff // the client id's length
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("paste-text"), hex.EncodeToString(bad)))
	s.waitFor("the bad bytes", frameGrid("#request").offsWith("r15")+`.length > 0`)
	if got := s.text("#request .notice"); !strings.Contains(got, "at 0x000c: ") {
		t.Errorf("notice %q does not say where decoding stopped", got)
	}
	if first := eval[string](s, frameGrid("#request").offsWith("r15")+`[0]`); first != "12" {
		t.Errorf("bad bytes start at %s, want 12", first)
	}
	if !eval[bool](s, `!!document.querySelector('#request .tn.err')`) {
		t.Error("the tree does not mark where decoding stopped")
	}
	s.screenshot("broken")

	// Bytes left over after a complete message.
	extra := append(append([]byte{}, ex.Request...), 0xde, 0xad, 0xbe, 0xef)
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("paste-text"), hex.EncodeToString(extra)))
	// As a stream the 4 extra bytes are a second frame; read them as one request.
	s.waitFor("the stream reading", `document.querySelector('#paste-pos')`)
	s.choose("#paste-dir", "request")
	s.waitFor("the extra bytes", frameGrid("#request").offsWith("r15")+`.length == 4`)
	if got := s.text("#request .notice"); !strings.Contains(got, "4 bytes extra after the frame") {
		t.Errorf("notice %q", got)
	}
}

// Pastes and dropped files past the page's bounds are not read: the box
// says how much they held, the bound, and to use the command line, at once
// and without leaving the page; the pasted text stays in the field.
func TestPasteAndDropBounds(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(`button[data-op="paste-open"]`)), chromedp.WaitVisible(chromedp.ID("paste-text")))
	where := eval[string](s, `location.href`)
	errText := `(document.querySelector('#paste .paste-err')||{textContent:''}).textContent`

	for _, c := range []struct {
		what, js, want string
	}{
		{"hex past the bytes bound", `'00'.repeat(` + strconv.Itoa(ui.MaxPasteBytes+1) + `)`, "The paste holds 2,097,153 bytes: the page reads at most 2,097,152 (2 MiB)"},
		{"text past the text bound", `'0'.repeat(` + strconv.Itoa(ui.MaxPasteText+1) + `)`, "The pasted text has 12,582,913 characters: the page reads at most 12,582,912 (12 MiB)"},
	} {
		start := time.Now()
		s.do(20*time.Second, chromedp.Evaluate[chromedp.Void](`(()=>{const ta=document.getElementById('paste-text'); ta.value=`+c.js+`; ta.dispatchEvent(new InputEvent('input',{bubbles:true, inputType:'insertFromPaste'}))})()`))
		s.waitUntil(90*time.Second, c.what, errText+`.includes(`+jsString(c.want)+`)`)
		t.Logf("%s: message after %v", c.what, time.Since(start).Round(time.Millisecond))
		if msg := eval[string](s, errText); !strings.Contains(msg, "kafkawire decode FILE") {
			t.Errorf("%s: the message does not say what to do: %q", c.what, msg)
		}
		if got := eval[string](s, `location.href`); got != where {
			t.Errorf("%s: the page moved to %s", c.what, got)
		}
		if n := eval[int](s, `document.getElementById('paste-text').value.length`); n == 0 {
			t.Errorf("%s: the field lost the pasted text", c.what)
		}
	}

	drop := func(name, contents string) {
		s.do(20*time.Second, chromedp.Evaluate[chromedp.Void](`(()=>{const dt=new DataTransfer(); dt.items.add(new File([`+contents+`], `+jsString(name)+`)); document.getElementById('paste-text').dispatchEvent(new DragEvent('drop',{bubbles:true, cancelable:true, dataTransfer:dt}))})()`))
	}
	drop("big.pcap", `new Uint8Array(`+strconv.Itoa(ui.MaxPasteText+1)+`)`)
	s.waitUntil(60*time.Second, "the message for a file past the file bound", errText+`.includes('big.pcap is 12,582,913 bytes: the page reads files up to 12 MiB')`)
	if msg := eval[string](s, errText); !strings.Contains(msg, "kafkawire decode big.pcap") {
		t.Errorf("the message for a big file does not say what to do: %q", msg)
	}
	drop("frame.bin", `new Uint8Array(`+strconv.Itoa(ui.MaxPasteBytes+1)+`).fill(255)`)
	s.waitUntil(60*time.Second, "the message for a binary file past the bytes bound", errText+`.includes('frame.bin holds 2,097,153 bytes: the page reads at most 2,097,152 (2 MiB)')`)
	if got := eval[string](s, `location.href`); got != where {
		t.Errorf("after the drops the page moved to %s", got)
	}
}

// A long paste (the 1 MiB Fetch response as xxd prints it, 4.6 MB) is read
// whole, but its field holds only its first lines, read only, on the page
// it was pasted into and on the frame's page after; the whole text goes
// into the field when asked for.
func TestLongPasteShownInPart(t *testing.T) {
	big, err := frame.Encode(bigframe.Fetch())
	if err != nil {
		t.Fatal(err)
	}
	text := hexin.FormatAs(big, hexin.XXD)
	lines := strings.Count(text, "\n")
	s := newSession(t, false)
	s.open("/")
	s.do(10*time.Second,
		chromedp.Click(chromedp.CSS(`button[data-op="paste-open"]`)),
		chromedp.WaitVisible(chromedp.ID("paste-text")))
	// A paste as the browser sends it: the clipboard's text in the event.
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](`(() => {
  const ta = document.getElementById('paste-text');
  const data = new DataTransfer();
  data.setData('text/plain', `+jsString(text)+`);
  ta.focus();
  ta.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
})()`))
	s.waitUntil(60*time.Second, "the picker of the response's API", `document.getElementById('paste-api')`)
	field := func() (int, bool) {
		return eval[int](s, `document.getElementById('paste-text').value.length`), eval[bool](s, `document.getElementById('paste-text').readOnly`)
	}
	check := func(where string) {
		t.Helper()
		n, ro := field()
		if n >= len(text)/100 || n == 0 || !ro {
			t.Errorf("%s: the field holds %d of the paste's %d characters, read only %v; want its first lines, read only", where, n, len(text), ro)
		}
		if got, want := s.text("#paste-partial"), "of "+groupDigits(lines)+" lines; all were read"; !strings.Contains(got, want) {
			t.Errorf("%s: the box says %q, want it to say %q", where, got, want)
		}
	}
	check("pasted")
	if got, want := s.text("#paste-status"), "xxd · "+strconv.Itoa(len(big))+" bytes"; got != want {
		t.Errorf("paste status %q, want %q: the whole text read", got, want)
	}

	s.choose("#paste-api", "Fetch")
	// The versions offered change with the API: choose 16 once Fetch's are
	// there (Produce's, before them, have none, and the pick would stay at
	// Fetch's latest).
	s.waitFor("Fetch's versions", `document.querySelector('#paste-ver option[value="16"]')`)
	s.choose("#paste-ver", "16")
	s.waitFor("version 16 picked", `document.getElementById('paste-ver').value == '16'`)
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(`button[data-op="paste-decode"]`)))
	s.waitUntil(60*time.Second, "the Fetch page", `location.pathname.endsWith('/Fetch/v16') && location.hash.startsWith('#resp=')`)
	s.waitUntil(60*time.Second, "the frame's grid", frameGrid("#response").bytes()+`.length > 0`)
	check("on the frame's page")

	s.do(10*time.Second, chromedp.Click(chromedp.CSS(`button[data-op="paste-edit-whole"]`)))
	s.waitUntil(60*time.Second, "the whole text in the field", `document.getElementById('paste-text').value.length == `+strconv.Itoa(len(text)))
	if _, ro := field(); ro {
		t.Error("the field holds the whole text but is still read only")
	}
	if n := eval[int](s, `document.querySelectorAll('#paste-partial').length`); n != 0 {
		t.Error("the box still says the field shows part of the paste")
	}
}

// A dump pasted from an issue, in its Markdown code fence with the shell
// command above it, reads as the dump, and the box says which lines it
// left out.
func TestPasteDumpInACodeFence(t *testing.T) {
	ex := produced(t, "fenced", "value")
	dump := hexin.FormatAs(ex.Request, hexin.HexdumpC)
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	s.paste("```console\n$ hexdump -C produce.bin\n" + dump + "```\n")
	s.waitFor("the pasted request in the tree", `document.querySelector('#request .tree') && document.querySelector('#request .tree').textContent.includes('fenced')`)
	if got, want := s.text("#paste-status"), "hexdump -C · "+strconv.Itoa(len(ex.Request))+" bytes"; got != want {
		t.Errorf("paste status %q, want %q", got, want)
	}
	lines := strings.Count(dump, "\n")
	if got, want := s.text("#paste-leftout"), fmt.Sprintf("lines 1, 2 and %d (a code fence, or a shell's command or prompt) left out", lines+3); got != want {
		t.Errorf("the box says %q, want %q", got, want)
	}
}
