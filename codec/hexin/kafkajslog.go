package hexin

import (
	"encoding/binary"
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// KafkajsLog is kafkajs's log, the JSON lines of its default logger, from a
// client run with KAFKAJS_DEBUG_PROTOCOL_BUFFERS=1. A response kafkajs
// fails to decode is logged at debug level with its API and version in the
// message ("[Connection] Response Metadata(key: 3, version: 6)"), its
// correlation id, and the bytes after it ("payload", a Node Buffer as
// JSON): the frame can be put back together whole, size prefix and all,
// which is what a person debugging that failure needs to see.
const KafkajsLog Format = "kafkajs log"

// kafkajsLine is the part of a log line the reader needs.
type kafkajsLine struct {
	Timestamp     string          `json:"timestamp"`
	Message       string          `json:"message"`
	Broker        string          `json:"broker"`
	ClientID      string          `json:"clientId"`
	CorrelationID *int32          `json:"correlationId"`
	Payload       json.RawMessage `json:"payload"`
}

// kafkajsResponse is the message of a response's line: the API's name,
// key and version as kafkajs's requestInfo writes them.
var kafkajsResponse = regexp.MustCompile(`Response (\w+)\(key: (-?\d+), version: (-?\d+)\)$`)

// readKafkajsLog reads the responses kafkajs logged with their bytes; every
// line that is not blank must hold a JSON object (after a prefix a log
// collector may add, such as a time or a pod's name). Lines without a
// response's bytes are kafkajs's other messages, or the application's:
// they are passed over.
func readKafkajsLog(text string) (Result, *Error) {
	b := &followBuilder{format: KafkajsLog}
	filtered := 0
	for i, l := range followLines(text) {
		t := strings.TrimSpace(l.text)
		if t == "" {
			continue
		}
		brace := strings.IndexByte(l.text, '{')
		if brace < 0 {
			at := l.start + strings.Index(l.text, t)
			return Result{}, errAt(KafkajsLog, at, "expected a line of kafkajs's log (a JSON object), %s", found(text, at))
		}
		at := l.start + brace
		var line kafkajsLine
		if err := json.Unmarshal([]byte(l.text[brace:]), &line); err != nil {
			return Result{}, errAt(KafkajsLog, at, "expected a line of kafkajs's log: %v", err)
		}
		if len(line.Payload) == 0 {
			continue
		}
		var payload struct {
			Type string          `json:"type"`
			Data json.RawMessage `json:"data"`
		}
		if json.Unmarshal(line.Payload, &payload) != nil || payload.Type != "Buffer" {
			continue
		}
		if string(payload.Data) == `"[filtered]"` {
			filtered++
			continue
		}
		where := at + max(0, strings.Index(l.text[brace:], `"payload"`))
		var data []int
		if err := json.Unmarshal(payload.Data, &data); err != nil {
			return Result{}, errAt(KafkajsLog, where, `expected the payload's "data" as a list of bytes: %v`, err)
		}
		m := kafkajsResponse.FindStringSubmatch(line.Message)
		if m == nil {
			return Result{}, errAt(KafkajsLog, at, `expected the message to name the response ("Response Metadata(key: 3, version: 6)"), found %q`, line.Message)
		}
		key, errKey := strconv.ParseInt(m[2], 10, 16)
		version, errVersion := strconv.ParseInt(m[3], 10, 16)
		if errKey != nil || errVersion != nil || line.CorrelationID == nil {
			return Result{}, errAt(KafkajsLog, at, "expected the response's API key, version and correlation id on the line")
		}
		// The frame as the broker sent it: the size prefix, the
		// correlation id, then what kafkajs calls the payload.
		frame := make([]byte, 8, 8+len(data))
		binary.BigEndian.PutUint32(frame, uint32(4+len(data)))
		binary.BigEndian.PutUint32(frame[4:], uint32(*line.CorrelationID))
		for _, v := range data {
			if v < 0 || v > 255 {
				return Result{}, errAt(KafkajsLog, where, "expected the payload's bytes from 0 to 255, found %d", v)
			}
			frame = append(frame, byte(v))
		}
		client := line.ClientID
		if client == "" {
			client = "kafkajs"
		}
		s := b.addTo(b.connOf([2]string{client, line.Broker}), 1, i+1, frame)
		if s == nil {
			return Result{}, b.tooMany(at)
		}
		s.Named, s.APIKey, s.Version = true, int16(key), int16(version)
		if when, err := time.Parse(time.RFC3339Nano, line.Timestamp); err == nil {
			s.Time = when
		}
	}
	if len(b.all) == 0 {
		if filtered > 0 {
			return Result{}, errAt(KafkajsLog, 0, "kafkajs logged %d responses' bytes as [filtered]: run it with KAFKAJS_DEBUG_PROTOCOL_BUFFERS=1 to log them", filtered)
		}
		return Result{}, errAt(KafkajsLog, 0, "expected a response kafkajs failed to decode, with its bytes (kafkajs logs them at debug level when run with KAFKAJS_DEBUG_PROTOCOL_BUFFERS=1), found none")
	}
	return b.result(len(text))
}
