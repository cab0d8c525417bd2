package ui

import (
	"encoding/base64"
	"errors"
	"strings"
)

// The URL fragment carries a page's frames: req=…&resp=…, each unpadded
// base64url. A page writes it after an edit, the paste box to show pasted
// frames; both go through Fragment, and a page reads it with ParseFragment.

// Fragment is the URL fragment that carries the request frame req and the
// response frame resp; a nil frame is left out.
func Fragment(req, resp []byte) string {
	var parts []string
	if req != nil {
		parts = append(parts, "req="+base64.RawURLEncoding.EncodeToString(req))
	}
	if resp != nil {
		parts = append(parts, "resp="+base64.RawURLEncoding.EncodeToString(resp))
	}
	return strings.Join(parts, "&")
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
