package ui

import (
	"encoding/base64"
	"errors"
	"strings"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// The URL fragment carries a page's frames: req=…&resp=…, each unpadded
// base64url. A page writes it after an edit, the paste box to show pasted
// frames; both go through Fragment, and a page reads it with ParseFragment.

// Fragment is the URL fragment that carries the request frame req and the
// response frame resp; a nil frame is left out. It is written into one
// buffer of its final length: the fragment of a 1 MiB frame is 1.4 MB,
// which joining the parts as strings copied three times more.
func Fragment(req, resp []byte) string {
	b := make([]byte, 0, fragmentLen(req, resp))
	if req != nil {
		b = append(b, "req="...)
		b = base64.RawURLEncoding.AppendEncode(b, req)
	}
	if resp != nil {
		if req != nil {
			b = append(b, '&')
		}
		b = append(b, "resp="...)
		b = base64.RawURLEncoding.AppendEncode(b, resp)
	}
	return string(b)
}

// pairTarget is where a frame b of direction dir is shown with the frame it
// is paired with (nil for none): the page of api at version v, and the
// fragment carrying both, each in its place. The paste box and the capture
// list open their frames so.
func pairTarget(api *schema.API, v int16, dir schema.Direction, b, paired []byte) (path, frag string) {
	req, resp := b, paired
	if dir == schema.Response {
		req, resp = paired, b
	}
	return PagePath(api, v), Fragment(req, resp)
}

// ParseFragment reads the frames a fragment carries; a part that is not valid base64url is reported.
func ParseFragment(frag string) (req, resp []byte, err error) {
	for _, part := range strings.Split(frag, "&") {
		k, v, ok := strings.Cut(part, "=")
		if !ok {
			continue
		}
		b, derr := base64.RawURLEncoding.DecodeString(strings.TrimRight(v, "="))
		if derr != nil {
			err = errors.New("the link's " + k + " is not base64url")
			continue
		}
		switch k {
		case "req":
			req = b
		case "resp":
			resp = b
		}
	}
	return req, resp, err
}

// MaxURL is the longest URL, origin to fragment, that a link keeps. Chromium
// keeps URLs of up to 2 MiB (2,097,152 characters) across a reload and drops
// the whole fragment of a longer one, while the open page still shows it:
// measured in e2e/longlink_test.go (TestURLLimit), which fails if it changes.
// Without a bound an edited frame of about 1.5 MiB, whose base64 passes
// 2 MiB, was lost on reload without a word.
const MaxURL = 2 << 20

// LinkFit is what a page's link can hold of its edited frames.
type LinkFit struct {
	Req, Resp []byte             // the frames the fragment carries (nil: left out)
	LeftOut   []schema.Direction // frames too long for a link, each to be offered as a file
}

// FitLink decides which of the edited frames req and resp (nil: not edited)
// a link can carry, when the URL before the fragment (origin, path and '#')
// is base characters long. A frame that does not fit is left out whole,
// never cut: the longer one first, then the other if the link still passes
// MaxURL.
func FitLink(base int, req, resp []byte) LinkFit {
	fit := LinkFit{Req: req, Resp: resp}
	for base+fragmentLen(fit.Req, fit.Resp) > MaxURL {
		if fit.Resp != nil && (fit.Req == nil || len(fit.Resp) >= len(fit.Req)) {
			fit.LeftOut = append(fit.LeftOut, schema.Response)
			fit.Resp = nil
		} else {
			fit.LeftOut = append(fit.LeftOut, schema.Request)
			fit.Req = nil
		}
	}
	return fit
}

// fragmentLen is len(Fragment(req, resp)), without encoding a byte.
func fragmentLen(req, resp []byte) int {
	n, parts := 0, 0
	if req != nil {
		n += len("req=") + base64.RawURLEncoding.EncodedLen(len(req))
		parts++
	}
	if resp != nil {
		n += len("resp=") + base64.RawURLEncoding.EncodedLen(len(resp))
		parts++
	}
	if parts == 2 {
		n++ // the '&' between them
	}
	return n
}
