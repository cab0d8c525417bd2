package records

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// MarshalJSON writes text when b is UTF-8, {"hex": "..."} otherwise, and null when b is nil.
func (b Bytes) MarshalJSON() ([]byte, error) {
	if b == nil {
		return []byte("null"), nil
	}
	if utf8.Valid(b) {
		return json.Marshal(string(b))
	}
	return json.Marshal(struct {
		Hex string `json:"hex"`
	}{hex.EncodeToString(b)})
}

// UnmarshalJSON reads what MarshalJSON writes. A string is taken as its UTF-8 bytes.
func (b *Bytes) UnmarshalJSON(data []byte) error {
	data = bytes.TrimSpace(data)
	switch {
	case bytes.Equal(data, []byte("null")):
		*b = nil
		return nil
	case len(data) > 0 && data[0] == '"':
		var s string
		if err := json.Unmarshal(data, &s); err != nil {
			return err
		}
		*b = Bytes(s)
		return nil
	case len(data) == 0 || data[0] != '{':
		return &JSONError{Msg: fmt.Sprintf(`bytes must be a string, {"hex": "..."} or null, not %.40s`, data)}
	}
	obj, err := object(data, "hex")
	if err != nil {
		return err
	}
	var h string
	if err := field(obj, "hex", &h); err != nil {
		return err
	}
	if _, ok := obj["hex"]; !ok {
		return &JSONError{Msg: `bytes must be a string, {"hex": "..."} or null: the object has no "hex"`}
	}
	v, err := hex.DecodeString(h)
	if err != nil {
		return &JSONError{Path: "hex", Msg: err.Error()}
	}
	*b = Bytes(v)
	return nil
}

type setJSON struct {
	Batches []*Batch `json:"batches"`
	Tail    Bytes    `json:"tail,omitempty"`
}

func (s *Set) MarshalJSON() ([]byte, error) {
	batches := s.Batches
	if batches == nil {
		batches = []*Batch{}
	}
	return json.Marshal(setJSON{batches, s.Tail})
}

// batchJSON is the JSON shape of a RecordBatch v2; pointers tell a field left out from a zero.
type batchJSON struct {
	Magic                *int8        `json:"magic,omitempty"`
	BaseOffset           *int64       `json:"baseOffset,omitempty"`
	PartitionLeaderEpoch *int32       `json:"partitionLeaderEpoch,omitempty"`
	Codec                string       `json:"codec,omitempty"`
	TimestampType        string       `json:"timestampType,omitempty"`
	Transactional        bool         `json:"transactional,omitempty"`
	Control              bool         `json:"control,omitempty"`
	DeleteHorizon        bool         `json:"deleteHorizon,omitempty"`
	OtherAttributes      int16        `json:"otherAttributes,omitempty"`
	LastOffsetDelta      *int32       `json:"lastOffsetDelta,omitempty"`
	BaseTimestamp        *int64       `json:"baseTimestamp,omitempty"`
	MaxTimestamp         *int64       `json:"maxTimestamp,omitempty"`
	ProducerID           *int64       `json:"producerId,omitempty"`
	ProducerEpoch        *int16       `json:"producerEpoch,omitempty"`
	BaseSequence         *int32       `json:"baseSequence,omitempty"`
	Records              []recordJSON `json:"records"`
	// Compressed is the records as the batch carried them, compressed, in hex:
	// written back as they are while they decompress to exactly Records.
	Compressed string `json:"compressed,omitempty"`
}

type recordJSON struct {
	OffsetDelta    *int32   `json:"offsetDelta,omitempty"`
	TimestampDelta int64    `json:"timestampDelta"`
	Attributes     int8     `json:"attributes,omitempty"`
	Key            Bytes    `json:"key"`
	Value          Bytes    `json:"value"`
	Headers        []Header `json:"headers,omitempty"`
}

// messageJSON is the JSON shape of a legacy message.
type messageJSON struct {
	Magic         *int8          `json:"magic,omitempty"`
	Offset        int64          `json:"offset"`
	Codec         string         `json:"codec,omitempty"`
	TimestampType string         `json:"timestampType,omitempty"`
	Timestamp     *int64         `json:"timestamp,omitempty"`
	Key           Bytes          `json:"key"`
	Value         *Bytes         `json:"value,omitempty"` // left out for a wrapper, whose value is its messages
	Messages      []*messageJSON `json:"messages,omitempty"`
	Compressed    string         `json:"compressed,omitempty"` // a wrapper's value as it was, in hex, kept while it holds exactly Messages
}

func ptr[T any](v T) *T { return &v }

func (b *Batch) MarshalJSON() ([]byte, error) {
	if b.Magic < 2 {
		m := b.Legacy
		if m == nil {
			m = &Message{Magic: b.Magic}
		}
		return json.Marshal(messageToJSON(m))
	}
	j := batchJSON{
		Magic:                ptr(b.Magic),
		BaseOffset:           ptr(b.BaseOffset),
		PartitionLeaderEpoch: ptr(b.PartitionLeaderEpoch),
		Codec:                Codec(b.Attributes & attrCodec).String(),
		TimestampType:        "create",
		Transactional:        b.Attributes&attrTransactional != 0,
		Control:              b.Attributes&attrControl != 0,
		DeleteHorizon:        b.Attributes&attrDeleteHorizon != 0,
		OtherAttributes:      b.Attributes &^ attrKnown,
		BaseTimestamp:        ptr(b.BaseTimestamp),
		MaxTimestamp:         ptr(b.MaxTimestamp),
		ProducerID:           ptr(b.ProducerID),
		ProducerEpoch:        ptr(b.ProducerEpoch),
		BaseSequence:         ptr(b.BaseSequence),
		Records:              make([]recordJSON, len(b.Records)),
	}
	if c := b.Attributes & attrCodec; c > int16(CodecZstd) {
		j.Codec = fmt.Sprint(c) // no name: keep the number so the JSON still says it
	}
	if b.Attributes&attrLogAppendTime != 0 {
		j.TimestampType = "logAppend"
	}
	if len(b.Records) == 0 {
		j.LastOffsetDelta = ptr(b.LastOffsetDelta)
	}
	for i, r := range b.Records {
		j.Records[i] = recordJSON{OffsetDelta: ptr(r.OffsetDelta), TimestampDelta: r.TimestampDelta, Attributes: r.Attributes,
			Key: r.Key, Value: r.Value, Headers: r.Headers}
	}
	if kept := b.keptRecords(); kept != nil && b.Codec() != CodecNone {
		j.Compressed = hex.EncodeToString(kept)
	}
	return json.Marshal(j)
}

func messageToJSON(m *Message) *messageJSON {
	j := &messageJSON{Magic: ptr(m.Magic), Offset: m.Offset, Codec: Codec(m.Attributes & legacyAttrCodec).String(), Key: m.Key, Value: ptr(m.Value)}
	if c := m.Attributes & legacyAttrCodec; c > int8(CodecZstd) {
		j.Codec = fmt.Sprint(c)
	}
	if m.Magic >= 1 {
		j.Timestamp = ptr(m.Timestamp)
		j.TimestampType = "create"
		if m.Attributes&legacyAttrLogAppendTime != 0 {
			j.TimestampType = "logAppend"
		}
	}
	if m.Messages != nil {
		j.Value = nil
		j.Messages = make([]*messageJSON, len(m.Messages))
		for i, im := range m.Messages {
			j.Messages[i] = messageToJSON(im)
		}
		if kept := m.keptValue(); kept != nil {
			j.Compressed = hex.EncodeToString(kept)
		}
	}
	return j
}

// Reading JSON is strict, so that a typo cannot silently change nothing: every
// key must be one the shape defines, spelled exactly (encoding/json alone
// would match "Codec" to "codec" and skip "codex"), and what is read must
// encode to bytes that decode again as Kafka reads them.

// JSONError is records JSON that cannot be read: Path says where in the
// value (batches[0].records[2].key, empty for the value itself), Msg what is wrong.
type JSONError struct {
	Path string
	Msg  string
	Key  string // an unknown key of the object at Path, for pointing at it; "" when none
}

func (e *JSONError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// within puts err under step: a key, or an index such as [3].
func within(step string, err error) error {
	var je *JSONError
	if !errors.As(err, &je) {
		return &JSONError{Path: step, Msg: err.Error()}
	}
	switch {
	case je.Path == "":
		return &JSONError{Path: step, Msg: je.Msg, Key: je.Key}
	case je.Path[0] == '[':
		return &JSONError{Path: step + je.Path, Msg: je.Msg, Key: je.Key}
	}
	return &JSONError{Path: step + "." + je.Path, Msg: je.Msg, Key: je.Key}
}

// object reads data as a JSON object whose keys are all among known, exactly.
func object(data []byte, known ...string) (map[string]json.RawMessage, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil || obj == nil {
		return nil, &JSONError{Msg: fmt.Sprintf("want an object, have %.40s", bytes.TrimSpace(data))}
	}
	var unknown []string
	for k := range obj {
		if !slices.Contains(known, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) == 0 {
		return obj, nil
	}
	msg := UnknownKeys(unknown, known) // sorts unknown
	return nil, &JSONError{Msg: msg, Key: unknown[0]}
}

// UnknownKeys says which keys of an object are unknown, and which it may have.
func UnknownKeys(unknown, known []string) string {
	sort.Strings(unknown)
	quoted := make([]string, len(unknown))
	var hints []string
	for i, k := range unknown {
		quoted[i] = strconv.Quote(k)
		for _, want := range known {
			if strings.EqualFold(k, want) {
				hints = append(hints, fmt.Sprintf("%q, not %q", want, k))
			}
		}
	}
	msg := "unknown key " + quoted[0]
	if len(unknown) > 1 {
		msg = "unknown keys " + strings.Join(quoted, ", ")
	}
	if len(hints) > 0 {
		msg += " (keys are case-sensitive: " + strings.Join(hints, "; ") + ")"
	}
	return msg + "; the keys here are " + strings.Join(known, ", ")
}

// field reads obj[name] into dst, and leaves dst alone when obj has no name.
func field[T any](obj map[string]json.RawMessage, name string, dst *T) error {
	raw, ok := obj[name]
	if !ok {
		return nil
	}
	if err := json.Unmarshal(raw, dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return &JSONError{Path: name, Msg: fmt.Sprintf("want %s, have %s", jsonTypeName(te.Type.String()), te.Value)}
		}
		return within(name, err)
	}
	return nil
}

// jsonTypeName says a Go type the way the JSON form is documented.
func jsonTypeName(goType string) string {
	goType = strings.TrimPrefix(goType, "*")
	switch goType {
	case "bool":
		return "true or false"
	case "string":
		return "a string"
	}
	return "a number (" + goType + ")"
}

// elements reads obj[name] as a JSON array; absent or null is no elements.
func elements(obj map[string]json.RawMessage, name string) ([]json.RawMessage, error) {
	var list []json.RawMessage
	err := field(obj, name, &list)
	return list, err
}

func (s *Set) UnmarshalJSON(data []byte) error {
	obj, err := object(data, "batches", "tail")
	if err != nil {
		return err
	}
	list, err := elements(obj, "batches")
	if err != nil {
		return err
	}
	var batches []*Batch
	if list != nil {
		batches = make([]*Batch, len(list))
	}
	for i, raw := range list {
		b := new(Batch)
		if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			return &JSONError{Path: "batches[" + strconv.Itoa(i) + "]", Msg: "a batch cannot be null"}
		}
		if err := b.UnmarshalJSON(raw); err != nil {
			return within("batches["+strconv.Itoa(i)+"]", err)
		}
		batches[i] = b
	}
	var tail Bytes
	if err := field(obj, "tail", &tail); err != nil {
		return err
	}
	s.Batches, s.Tail = batches, tail
	return nil
}

var (
	batchKeys   = []string{"magic", "baseOffset", "partitionLeaderEpoch", "codec", "timestampType", "transactional", "control", "deleteHorizon", "otherAttributes", "lastOffsetDelta", "baseTimestamp", "maxTimestamp", "producerId", "producerEpoch", "baseSequence", "records", "compressed"}
	recordKeys  = []string{"offsetDelta", "timestampDelta", "attributes", "key", "value", "headers"}
	headerKeys  = []string{"key", "value"}
	messageKeys = []string{"magic", "offset", "codec", "timestampType", "timestamp", "key", "value", "messages", "compressed"}
)

// UnmarshalJSON reads a RecordBatch v2, or a legacy message when "magic" is 0 or 1.
func (b *Batch) UnmarshalJSON(data []byte) error {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil || probe == nil {
		return &JSONError{Msg: fmt.Sprintf("want an object, have %.40s", bytes.TrimSpace(data))}
	}
	var magic *int8
	if err := field(probe, "magic", &magic); err != nil {
		return err
	}
	if magic != nil && (*magic < 0 || *magic > 2) {
		return &JSONError{Path: "magic", Msg: fmt.Sprintf("%d: only 0, 1 and 2 exist", *magic)}
	}
	if magic != nil && *magic < 2 {
		m, err := messageFromJSON(data, *magic, 0)
		if err != nil {
			return err
		}
		*b = Batch{Magic: m.Magic, Legacy: m, xerial: m.kept && bytes.HasPrefix(m.Value, xerialMagic)}
		return nil
	}
	obj, err := object(data, batchKeys...)
	if err != nil {
		return err
	}
	nb := Batch{Magic: 2, PartitionLeaderEpoch: -1, ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1}
	codec, err := codecField(obj)
	if err != nil {
		return err
	}
	var other int16
	var transactional, control, deleteHorizon bool
	var tsType string
	var lastOffsetDelta *int32
	var maxTimestamp *int64
	var compressed string
	for _, err := range []error{
		field(obj, "baseOffset", &nb.BaseOffset),
		field(obj, "partitionLeaderEpoch", &nb.PartitionLeaderEpoch),
		field(obj, "timestampType", &tsType),
		field(obj, "transactional", &transactional),
		field(obj, "control", &control),
		field(obj, "deleteHorizon", &deleteHorizon),
		field(obj, "otherAttributes", &other),
		field(obj, "lastOffsetDelta", &lastOffsetDelta),
		field(obj, "baseTimestamp", &nb.BaseTimestamp),
		field(obj, "maxTimestamp", &maxTimestamp),
		field(obj, "producerId", &nb.ProducerID),
		field(obj, "producerEpoch", &nb.ProducerEpoch),
		field(obj, "baseSequence", &nb.BaseSequence),
		field(obj, "compressed", &compressed),
	} {
		if err != nil {
			return err
		}
	}
	nb.Attributes = int16(codec) | other&^attrKnown
	switch tsType {
	case "", "create":
	case "logAppend":
		nb.Attributes |= attrLogAppendTime
	default:
		return &JSONError{Path: "timestampType", Msg: fmt.Sprintf(`%q: want "create" or "logAppend"`, tsType)}
	}
	if transactional {
		nb.Attributes |= attrTransactional
	}
	if control {
		nb.Attributes |= attrControl
	}
	if deleteHorizon {
		nb.Attributes |= attrDeleteHorizon
	}
	if lastOffsetDelta != nil {
		nb.LastOffsetDelta = *lastOffsetDelta
	}
	list, err := elements(obj, "records")
	if err != nil {
		return err
	}
	nb.MaxTimestamp = nb.BaseTimestamp
	nb.Records = make([]Record, len(list))
	for i, raw := range list {
		rec, err := recordFromJSON(raw, i)
		if err != nil {
			return within("records["+strconv.Itoa(i)+"]", err)
		}
		nb.MaxTimestamp = max(nb.MaxTimestamp, nb.BaseTimestamp+rec.TimestampDelta)
		nb.Records[i] = rec
	}
	if len(nb.Records) > 0 {
		nb.LastOffsetDelta = nb.Records[len(nb.Records)-1].OffsetDelta
	}
	if maxTimestamp != nil {
		nb.MaxTimestamp = *maxTimestamp
	}
	if compressed != "" {
		payload, err := hex.DecodeString(compressed)
		if err != nil {
			return &JSONError{Path: "compressed", Msg: err.Error()}
		}
		nb.keepRecords(payload)
	}
	*b = nb
	return nil
}

// recordFromJSON reads record i of a batch; its offset delta defaults to i.
func recordFromJSON(data []byte, i int) (Record, error) {
	rec := Record{OffsetDelta: int32(i)}
	obj, err := object(data, recordKeys...)
	if err != nil {
		return rec, err
	}
	for _, err := range []error{
		field(obj, "offsetDelta", &rec.OffsetDelta),
		field(obj, "timestampDelta", &rec.TimestampDelta),
		field(obj, "attributes", &rec.Attributes),
		field(obj, "key", &rec.Key),
		field(obj, "value", &rec.Value),
	} {
		if err != nil {
			return rec, err
		}
	}
	list, err := elements(obj, "headers")
	if err != nil {
		return rec, err
	}
	for j, raw := range list {
		var h Header
		hobj, err := object(raw, headerKeys...)
		if err == nil {
			err = field(hobj, "key", &h.Key)
		}
		if err == nil {
			err = field(hobj, "value", &h.Value)
		}
		if err != nil {
			return rec, within("headers["+strconv.Itoa(j)+"]", err)
		}
		rec.Headers = append(rec.Headers, h)
	}
	return rec, nil
}

// codecField reads a batch's or message's "codec": a name or its number, 0
// to 4, as a string or a number; left out, it is none. Codecs 5 to 7 do not
// exist, and no reader of Kafka's decompresses them.
func codecField(obj map[string]json.RawMessage) (Codec, error) {
	raw, ok := obj["codec"]
	if !ok {
		return CodecNone, nil
	}
	text := string(bytes.TrimSpace(raw))
	if strings.HasPrefix(text, `"`) {
		if err := json.Unmarshal(raw, &text); err != nil {
			return 0, within("codec", err)
		}
	}
	c, err := codecFromJSON(text)
	if err != nil {
		return 0, &JSONError{Path: "codec", Msg: err.Error()}
	}
	return c, nil
}

// codecFromJSON reads a codec by name or by its exact number, 0 to 4.
func codecFromJSON(s string) (Codec, error) {
	for _, c := range Codecs() {
		if s == c.String() || s == strconv.Itoa(int(c)) {
			return c, nil
		}
	}
	return 0, fmt.Errorf(`codec %q: want "none", "gzip", "snappy", "lz4" or "zstd" (or their numbers, 0 to 4)`, s)
}

// messageFromJSON reads a legacy message of the given magic (its own
// "magic" may say otherwise); depth is 1 inside a wrapper.
func messageFromJSON(data []byte, magic int8, depth int) (*Message, error) {
	obj, err := object(data, messageKeys...)
	if err != nil {
		return nil, err
	}
	if err := field(obj, "magic", &magic); err != nil {
		return nil, err
	}
	if magic != 0 && magic != 1 {
		return nil, &JSONError{Path: "magic", Msg: fmt.Sprintf("legacy message magic %d: want 0 or 1", magic)}
	}
	codec, err := codecField(obj)
	if err != nil {
		return nil, err
	}
	m := &Message{Magic: magic, Attributes: int8(codec)}
	var timestamp *int64
	var tsType, compressed string
	var value *Bytes
	for _, err := range []error{
		field(obj, "offset", &m.Offset),
		field(obj, "key", &m.Key),
		field(obj, "value", &value),
		field(obj, "timestamp", &timestamp),
		field(obj, "timestampType", &tsType),
		field(obj, "compressed", &compressed),
	} {
		if err != nil {
			return nil, err
		}
	}
	if timestamp != nil {
		if magic == 0 {
			return nil, &JSONError{Path: "timestamp", Msg: "a magic 0 message has no timestamp"}
		}
		m.Timestamp = *timestamp
	} else if magic == 1 {
		m.Timestamp = -1
	}
	switch tsType {
	case "", "create":
	case "logAppend":
		m.Attributes |= legacyAttrLogAppendTime
	default:
		return nil, &JSONError{Path: "timestampType", Msg: fmt.Sprintf(`%q: want "create" or "logAppend"`, tsType)}
	}
	list, err := elements(obj, "messages")
	if err != nil {
		return nil, err
	}
	if codec == CodecNone {
		if list != nil {
			return nil, &JSONError{Path: "messages", Msg: `only a compressed wrapper holds messages: give the wrapper a "codec"`}
		}
		if value != nil {
			m.Value = *value
		}
		if compressed != "" {
			return nil, &JSONError{Path: "compressed", Msg: `"compressed" belongs to a wrapper, beside its "messages"`}
		}
		return m, nil
	}
	// A compressed message is a wrapper, and Kafka reads its value only as
	// messages: a wrapper inside a wrapper, one with a null value and one
	// holding no messages are all refused ("invalid compressed record set").
	switch {
	case depth > 0:
		return nil, &JSONError{Path: "codec", Msg: fmt.Sprintf("%s inside a wrapper: Kafka compresses messages only once, so inner messages have no codec", codec)}
	case value != nil:
		return nil, &JSONError{Path: "value", Msg: fmt.Sprintf(`a %s wrapper's value is its "messages": give those instead`, codec)}
	case len(list) == 0:
		return nil, &JSONError{Path: "messages", Msg: fmt.Sprintf("a %s wrapper needs at least one message: Kafka refuses a compressed wrapper with none", codec)}
	}
	m.Messages = make([]*Message, len(list))
	for i, raw := range list {
		if m.Messages[i], err = messageFromJSON(raw, magic, depth+1); err != nil {
			return nil, within("messages["+strconv.Itoa(i)+"]", err)
		}
	}
	if compressed != "" {
		value, err := hex.DecodeString(compressed)
		if err != nil {
			return nil, &JSONError{Path: "compressed", Msg: err.Error()}
		}
		m.keepValue(value)
	}
	return m, nil
}
