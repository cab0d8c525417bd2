package hexin

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"time"
)

// FramesJSON is what `kafkawire frames` prints: a JSON object a line, each
// a frame with its connection ("client>server", or null), time, direction
// and hex. Read back, the frames of a connection are its conversation
// again, requests from the client (node 0) and responses from the server,
// so a line copied from the command line's output opens in the page with
// its pair.
const FramesJSON Format = "kafkawire frames"

// frameLine is the part of a line the reader needs. A request's API and
// version, and the correlation ids, are the frame's own bytes, read again;
// a response's API and version are kept, since its bytes do not say them
// and the line may come without its request.
type frameLine struct {
	Conn      *string         `json:"conn"`
	Time      *string         `json:"time"`
	Direction string          `json:"direction"`
	APIKey    json.RawMessage `json:"apiKey"`
	Version   json.RawMessage `json:"version"`
	Hex       *string         `json:"hex"`
}

// int16Of is a JSON number that fits an int16 (what kafkawire frames
// writes for an API key or version); ok false for anything else, null
// included, which leaves the frame unnamed rather than the line refused.
func int16Of(raw json.RawMessage) (int16, bool) {
	n, err := strconv.ParseInt(string(raw), 10, 16)
	return int16(n), err == nil
}

// readFramesJSON reads the lines of `kafkawire frames`: every line that is
// not blank must be one frame's object.
func readFramesJSON(text string) (Result, *Error) {
	b := &followBuilder{format: FramesJSON}
	var lastDateless time.Time // the last time of day read, and the days passed
	days := 0
	for i, l := range followLines(text) {
		t := strings.TrimSpace(l.text)
		if t == "" {
			continue
		}
		at := l.start + strings.Index(l.text, t)
		if t[0] != '{' {
			return Result{}, errAt(FramesJSON, at, "expected a line of kafkawire frames (a JSON object), %s", found(text, at))
		}
		var f frameLine
		if err := json.Unmarshal([]byte(t), &f); err != nil {
			return Result{}, errAt(FramesJSON, at, "expected a line of kafkawire frames: %v", err)
		}
		if f.Hex == nil {
			return Result{}, errAt(FramesJSON, at, `expected the frame's "hex" on the line`)
		}
		node := 0
		switch f.Direction {
		case "request":
		case "response":
			node = 1
		default:
			return Result{}, errAt(FramesJSON, at, `expected "direction": "request" or "response", found %q`, f.Direction)
		}
		bytes, err := hex.DecodeString(*f.Hex)
		if err != nil {
			// At the key: JSON escapes may make the value's text differ
			// from what it decodes to.
			return Result{}, errAt(FramesJSON, at+max(0, strings.Index(t, `"hex"`)), `the "hex" is not hex: %v`, err)
		}
		var when time.Time
		if f.Time != nil {
			// RFC 3339, or the time of day alone that frames prints for a
			// dump that gave no date, a day on past each midnight.
			var ok bool
			if when, ok = timeOfDay(*f.Time); ok {
				when = when.AddDate(0, 0, days)
				if !lastDateless.IsZero() && when.Before(lastDateless.Add(-12*time.Hour)) {
					days++
					when = when.AddDate(0, 0, 1)
				}
				lastDateless = when
			} else if when, err = time.Parse(time.RFC3339Nano, *f.Time); err != nil {
				return Result{}, errAt(FramesJSON, at, `expected "time" as RFC 3339 (2026-12-01T10:00:00.123456Z) or a time of day (10:00:00.123456), found %q`, *f.Time)
			}
		}
		var nodes [2]string // none for a frame without its connection
		if f.Conn != nil {
			if client, server, ok := strings.Cut(*f.Conn, ">"); ok {
				nodes = [2]string{client, server}
			}
		}
		s := b.addTo(b.connOf(nodes), node, i+1, bytes)
		if s == nil {
			return Result{}, b.tooMany(at)
		}
		s.Time = when
		key, okKey := int16Of(f.APIKey)
		version, okVersion := int16Of(f.Version)
		if node == 1 && okKey && okVersion {
			s.Named, s.APIKey, s.Version = true, key, version
		}
	}
	return b.result(len(text))
}
