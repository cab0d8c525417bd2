//go:build !js

package traffic

import (
	"encoding/binary"
	"fmt"
	"time"

	"github.com/twmb/franz-go/pkg/kmsg"
)

// Decode parses the exchange with kmsg: the request and, if there is one, the response.
// It is an independent reading of the frames to check kafkawire's own codec against.
func (e Exchange) Decode() (kmsg.Request, kmsg.Response, error) {
	req := kmsg.RequestForKey(e.APIKey)
	if req == nil {
		return nil, nil, fmt.Errorf("traffic: unknown api key %d", e.APIKey)
	}
	req.SetVersion(e.APIVersion)
	body, err := RequestBody(e.Request, req.IsFlexible())
	if err != nil {
		return nil, nil, err
	}
	if err := req.ReadFrom(body); err != nil {
		return nil, nil, fmt.Errorf("traffic: %s v%d request: %w", kmsg.NameForKey(e.APIKey), e.APIVersion, err)
	}
	if e.Response == nil {
		return req, nil, ErrNoResponse
	}
	resp := req.ResponseKind()
	// ApiVersions responses keep header v0 even when flexible (KIP-511).
	flexHeader := resp.IsFlexible() && e.APIKey != 18
	body, err = ResponseBody(e.Response, flexHeader)
	if err != nil {
		return req, nil, err
	}
	if err := resp.ReadFrom(body); err != nil {
		return req, nil, fmt.Errorf("traffic: %s v%d response: %w", kmsg.NameForKey(e.APIKey), e.APIVersion, err)
	}
	return req, resp, nil
}

// RequestBody returns the request body of a frame (size prefix included) and its offset in the frame is
// len(frame)-len(body): the header is the api key, version, correlation id, client id and, in header v2, tags.
func RequestBody(frame []byte, flexible bool) ([]byte, error) {
	if len(frame) < 14 {
		return nil, fmt.Errorf("traffic: request frame of %d bytes is too short for a header", len(frame))
	}
	p := 12
	if n := int16(binary.BigEndian.Uint16(frame[p:])); n > 0 {
		p += int(n)
	}
	p += 2
	if flexible {
		var err error
		if p, err = skipTags(frame, p); err != nil {
			return nil, err
		}
	}
	if p > len(frame) {
		return nil, fmt.Errorf("traffic: request header runs past the frame")
	}
	return frame[p:], nil
}

// ResponseBody returns the response body of a frame (size prefix included).
func ResponseBody(frame []byte, flexibleHeader bool) ([]byte, error) {
	p := 8
	if flexibleHeader {
		var err error
		if p, err = skipTags(frame, p); err != nil {
			return nil, err
		}
	}
	if p > len(frame) {
		return nil, fmt.Errorf("traffic: response header runs past the frame")
	}
	return frame[p:], nil
}

func skipTags(b []byte, p int) (int, error) {
	if p > len(b) {
		return 0, fmt.Errorf("traffic: tagged fields run past the frame")
	}
	n, w := binary.Uvarint(b[p:])
	if w <= 0 {
		return 0, fmt.Errorf("traffic: bad tag count")
	}
	p += w
	for i := uint64(0); i < n; i++ {
		_, w = binary.Uvarint(b[p:])
		if w <= 0 {
			return 0, fmt.Errorf("traffic: bad tag")
		}
		p += w
		size, w := binary.Uvarint(b[p:])
		if w <= 0 || size > uint64(len(b)-p-w) {
			return 0, fmt.Errorf("traffic: bad tag size")
		}
		p += w + int(size)
	}
	return p, nil
}

// MaxWait is how long the exchange's Fetch or ShareFetch request asks the
// broker to hold it at most (MaxWaitMs), as kmsg reads it.
func (e Exchange) MaxWait() (time.Duration, error) {
	req, _, err := e.Decode()
	if req == nil {
		return 0, err
	}
	switch r := req.(type) {
	case *kmsg.FetchRequest:
		return time.Duration(r.MaxWaitMillis) * time.Millisecond, nil
	case *kmsg.ShareFetchRequest:
		return time.Duration(r.MaxWaitMillis) * time.Millisecond, nil
	}
	return 0, fmt.Errorf("traffic: a %s request has no MaxWaitMs", kmsg.NameForKey(e.APIKey))
}
