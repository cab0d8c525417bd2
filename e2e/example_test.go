//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// bytesAt is the hex of the request's bytes from..to-1, space separated, as a JavaScript expression.
func bytesAt(from, to int) string {
	return frameGrid("#request").hexAt(from, to)
}

func itoa(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// TestExampleAndJSONBox: the switch loads the example (the link carries
// it); the JSON box shows it as the CLI's JSON, re-encodes it as it is
// edited, and says the line and column of an error, keeping the last good
// bytes.
func TestExampleAndJSONBox(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")

	// The example: client id "kafkawire" (9 more bytes), TransactionalId null,
	// TransactionTimeoutMs 60000 at 25..28, ProducerId -1.
	s.clickUntil("the example", `button[data-op="show-example"]`,
		frameGrid("#request").bytes()+`.length == 40 && `+bytesAt(25, 29)+` == '00 00 ea 60'`)
	s.waitFor("the example pressed", `document.querySelector('button[data-op="show-example"]').classList.contains('on')`)
	s.waitFor("the fragment", `location.hash.length > 1`)
	if got := eval[string](s, bytesAt(29, 37)); got != "ff ff ff ff ff ff ff ff" {
		t.Errorf("ProducerId bytes %s, want -1", got)
	}

	// The JSON box, collapsed until opened.
	ta := `details.json-box[data-dir="request"] textarea`
	if eval[bool](s, `!!document.querySelector('`+ta+`')`) {
		t.Errorf("the JSON box is open before it is asked for")
	}
	s.clickUntil("the JSON", `details.json-box[data-dir="request"] > summary`,
		`(document.querySelector('`+ta+`')||{}).value?.includes('"ClientId": "kafkawire"')`)
	text := eval[string](s, `document.querySelector('`+ta+`').value`)
	if !strings.Contains(text, `"TransactionTimeoutMs": 60000`) {
		t.Fatalf("the JSON lacks the timeout:\n%s", text)
	}

	// Edit the JSON: the bytes follow at once.
	hash := eval[string](s, `location.hash`)
	edited := strings.Replace(text, `"TransactionTimeoutMs": 60000`, `"TransactionTimeoutMs": 90000`, 1)
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(ta), edited))
	s.waitFor("the re-encoded bytes", bytesAt(25, 29)+` == '00 01 5f 90'`)
	s.waitFor("the new fragment", `location.hash != `+jsString(hash))
	if got := eval[string](s, `document.querySelector('`+ta+`').value`); got != edited {
		t.Errorf("the box rewrote the text being edited")
	}
	s.screenshot("json-box")

	// A value that does not fit: an error at its line and column, the bytes kept.
	bad := strings.Replace(edited, `"TransactionTimeoutMs": 90000`, `"TransactionTimeoutMs": "soon"`, 1)
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(ta), bad))
	s.waitFor("the error", `document.querySelector('details.json-box[data-dir="request"] .json-err')`)
	msg := eval[string](s, `document.querySelector('details.json-box[data-dir="request"] .json-err').textContent`)
	line := 1 + strings.Count(bad[:strings.Index(bad, `"soon"`)], "\n")
	if !strings.Contains(msg, "JSON line "+itoa(line)+", column") || !strings.Contains(msg, "TransactionTimeoutMs") {
		t.Errorf("error %q, want one at line %d naming the field", msg, line)
	}
	if got := eval[string](s, bytesAt(25, 29)); got != "00 01 5f 90" {
		t.Errorf("after bad JSON the bytes are %s, want the last good 00 01 5f 90", got)
	}
	s.screenshot("json-error")

	// A body alone, as reference pages print a message: the header stays minimal.
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(ta), "{\n  \"TransactionalId\": null,\n  \"TransactionTimeoutMs\": 1000\n}"))
	s.waitFor("the body's bytes", frameGrid("#request").bytes()+`.length == 31 && `+bytesAt(16, 20)+` == '00 00 03 e8'`)
	if eval[bool](s, `!!document.querySelector('details.json-box[data-dir="request"] .json-err')`) {
		t.Errorf("the body alone left an error")
	}

	// Back to the minimal instance: the box follows.
	s.clickUntil("the minimal instance", `button[data-op="show-minimal"]`, frameGrid("#request").bytes()+`.length == 31`)
	s.waitFor("the box's new JSON", `document.querySelector('`+ta+`').value.includes('"ClientId": ""')`)
}
