package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The site's longest page URL before the fragment, on GitHub Pages:
// https://kafkawire.github.io/kafkawire/ plus the longest /Api/vN path and '#'.
func longestBase() int {
	n := 0
	for _, a := range schema.APIs() {
		n = max(n, len(Href(PagePath(a, a.VersionRange(schema.Request).Hi))))
	}
	return len("https://kafkawire.github.io/kafkawire") + n + 1
}

// fragmentLen, which FitLink uses so as not to encode 2 MB to measure it,
// is the length of what Fragment writes.
func TestFragmentLen(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 4, 5, 1000, 1<<20 + 1} {
		b := bytes.Repeat([]byte{0xfb}, n)
		for _, c := range [][2][]byte{{b, nil}, {nil, b}, {b, b[:n/2]}, {nil, nil}} {
			if got, want := fragmentLen(c[0], c[1]), len(Fragment(c[0], c[1])); got != want {
				t.Errorf("n=%d: fragmentLen %d, Fragment writes %d", n, got, want)
			}
		}
	}
}

func TestFitLink(t *testing.T) {
	base := len("http://127.0.0.1:41234/kafkawire/Fetch/v16#")
	small := make([]byte, 100)

	// A frame whose link is exactly MaxURL long fits; one byte more does not,
	// whether base64 grows by one character or two.
	for _, n := range []int{1572800, 1572801, 1572802, 1572803} {
		b := make([]byte, n)
		exact := MaxURL - fragmentLen(nil, b)
		if fit := FitLink(exact, nil, b); fit.LeftOut != nil || fit.Resp == nil {
			t.Errorf("%d bytes, link of exactly %d characters: left out %v", n, MaxURL, fit.LeftOut)
		}
		fit := FitLink(exact+1, nil, b)
		if len(fit.LeftOut) != 1 || fit.LeftOut[0] != schema.Response || fit.Resp != nil {
			t.Errorf("%d bytes, link of %d characters: %+v, want the response left out", n, MaxURL+1, fit.LeftOut)
		}
	}

	// The figure: 1,572,982 bytes came back as the minimal frame; a
	// frame of 1.5 MB still fits on the site's longest page.
	if fit := FitLink(base, small, make([]byte, 1572982)); len(fit.LeftOut) != 1 || fit.Req == nil {
		t.Errorf("a 1,572,982-byte response: %v left out, request kept %v", fit.LeftOut, fit.Req != nil)
	}
	if fit := FitLink(longestBase(), small, make([]byte, 1500000)); fit.LeftOut != nil {
		t.Errorf("a 1.5 MB response on the longest page (base %d): %v left out", longestBase(), fit.LeftOut)
	}

	// Two frames that fit alone but not together: the longer one is left out.
	req, resp := make([]byte, 700000), make([]byte, 900000)
	fit := FitLink(base, req, resp)
	if len(fit.LeftOut) != 1 || fit.LeftOut[0] != schema.Response || fit.Req == nil || fit.Resp != nil {
		t.Errorf("700 KB request, 900 KB response: %+v", fit.LeftOut)
	}
	fit = FitLink(base, resp, req)
	if len(fit.LeftOut) != 1 || fit.LeftOut[0] != schema.Request || fit.Resp == nil || fit.Req != nil {
		t.Errorf("900 KB request, 700 KB response: %+v", fit.LeftOut)
	}
	// Both too long alone: both left out, and the link carries none.
	big := make([]byte, 1600000)
	fit = FitLink(base, big, big)
	if len(fit.LeftOut) != 2 || fit.Req != nil || fit.Resp != nil || Fragment(fit.Req, fit.Resp) != "" {
		t.Errorf("two 1.6 MB frames: %+v", fit.LeftOut)
	}
	// Frames not edited are never left out, and the 1 MiB Fetch of the
	// browser tests fits.
	fb, err := frame.Encode(bigframe.Fetch())
	if err != nil {
		t.Fatal(err)
	}
	if fit := FitLink(base, nil, fb); fit.LeftOut != nil || !bytes.Equal(fit.Resp, fb) || fit.Req != nil {
		t.Errorf("the %d-byte Fetch: %+v", len(fb), fit.LeftOut)
	}
}

func TestLinkNotice(t *testing.T) {
	n := &LinkNotice{}
	e := app.NewTestEngine()
	if err := e.Load(n); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	if err := app.Match(app.Div().Class("long-link-none"), n, 0); err != nil {
		t.Errorf("with nothing left out: %v", err)
	}
	n.Frames = []LongFrame{{Dir: schema.Response, Size: 1750123, Name: "Fetch-v16-response.bin", Href: "blob:x"}}
	var b strings.Builder
	app.PrintHTML(&b, n.Render())
	html := b.String()
	for _, want := range []string{`role="status"`, "The response you edited (1,750,123 bytes) is too long", "2,097,152 characters",
		`href="blob:x"`, `download="Fetch-v16-response.bin"`, "Download Fetch-v16-response.bin", "Paste frame"} {
		if !strings.Contains(html, want) {
			t.Errorf("the notice lacks %s:\n%s", want, html)
		}
	}
}

func TestGroupDigits(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 2097152: "2,097,152", -1234: "-1,234"} {
		if got := groupDigits(n); got != want {
			t.Errorf("groupDigits(%d) = %q, want %q", n, got, want)
		}
	}
}

// Fragment's text, part by part: unpadded base64url, the request first.
func TestFragmentText(t *testing.T) {
	for _, c := range []struct {
		req, resp []byte
		want      string
	}{
		{[]byte{0xfb, 0xff}, []byte{1}, "req=-_8&resp=AQ"},
		{nil, []byte{1}, "resp=AQ"},
		{[]byte{0xfb, 0xff}, nil, "req=-_8"},
		{[]byte{}, nil, "req="},
		{nil, nil, ""},
	} {
		if got := Fragment(c.req, c.resp); got != c.want {
			t.Errorf("Fragment(%x, %x) = %q, want %q", c.req, c.resp, got, c.want)
		}
	}
}
