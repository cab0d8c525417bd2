package records

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
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
	}
	var h struct {
		Hex *string `json:"hex"`
	}
	if err := json.Unmarshal(data, &h); err != nil || h.Hex == nil {
		return fmt.Errorf(`bytes must be a string, {"hex": "..."} or null, not %.40s`, data)
	}
	v, err := hex.DecodeString(*h.Hex)
	if err != nil {
		return fmt.Errorf("bytes hex: %w", err)
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

func (s *Set) UnmarshalJSON(data []byte) error {
	var j setJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	for i, b := range j.Batches {
		if b == nil {
			return fmt.Errorf("batch %d is null", i)
		}
	}
	s.Batches, s.Tail = j.Batches, j.Tail
	return nil
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

func (b *Batch) UnmarshalJSON(data []byte) error {
	var probe struct {
		Magic *int8 `json:"magic"`
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		return err
	}
	if probe.Magic != nil && *probe.Magic < 2 {
		if *probe.Magic < 0 {
			return fmt.Errorf("magic %d: only 0, 1 and 2 exist", *probe.Magic)
		}
		var j messageJSON
		if err := json.Unmarshal(data, &j); err != nil {
			return err
		}
		m, err := messageFromJSON(&j, *probe.Magic)
		if err != nil {
			return err
		}
		*b = Batch{Magic: m.Magic, Legacy: m, xerial: m.kept && bytes.HasPrefix(m.Value, xerialMagic)}
		return nil
	}
	var j batchJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	if j.Magic != nil && *j.Magic != 2 {
		return fmt.Errorf("magic %d: only 0, 1 and 2 exist", *j.Magic)
	}
	codec, err := codecFromJSON(j.Codec)
	if err != nil {
		return err
	}
	nb := Batch{Magic: 2, PartitionLeaderEpoch: -1, ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1,
		Attributes: int16(codec) | j.OtherAttributes&^attrKnown}
	switch j.TimestampType {
	case "", "create":
	case "logAppend":
		nb.Attributes |= attrLogAppendTime
	default:
		return fmt.Errorf(`timestampType %q: want "create" or "logAppend"`, j.TimestampType)
	}
	if j.Transactional {
		nb.Attributes |= attrTransactional
	}
	if j.Control {
		nb.Attributes |= attrControl
	}
	if j.DeleteHorizon {
		nb.Attributes |= attrDeleteHorizon
	}
	set64 := func(dst *int64, p *int64) {
		if p != nil {
			*dst = *p
		}
	}
	set32 := func(dst *int32, p *int32) {
		if p != nil {
			*dst = *p
		}
	}
	set64(&nb.BaseOffset, j.BaseOffset)
	set32(&nb.PartitionLeaderEpoch, j.PartitionLeaderEpoch)
	set32(&nb.LastOffsetDelta, j.LastOffsetDelta)
	set64(&nb.BaseTimestamp, j.BaseTimestamp)
	set64(&nb.ProducerID, j.ProducerID)
	set32(&nb.BaseSequence, j.BaseSequence)
	if j.ProducerEpoch != nil {
		nb.ProducerEpoch = *j.ProducerEpoch
	}
	nb.MaxTimestamp = nb.BaseTimestamp
	nb.Records = make([]Record, len(j.Records))
	for i, r := range j.Records {
		rec := Record{OffsetDelta: int32(i), TimestampDelta: r.TimestampDelta, Attributes: r.Attributes, Key: r.Key, Value: r.Value, Headers: r.Headers}
		if r.OffsetDelta != nil {
			rec.OffsetDelta = *r.OffsetDelta
		}
		nb.MaxTimestamp = max(nb.MaxTimestamp, nb.BaseTimestamp+rec.TimestampDelta)
		nb.Records[i] = rec
	}
	if len(nb.Records) > 0 {
		nb.LastOffsetDelta = nb.Records[len(nb.Records)-1].OffsetDelta
	}
	set64(&nb.MaxTimestamp, j.MaxTimestamp)
	if j.Compressed != "" {
		payload, err := hex.DecodeString(j.Compressed)
		if err != nil {
			return fmt.Errorf("compressed: %w", err)
		}
		nb.keepRecords(payload)
	}
	*b = nb
	return nil
}

func codecFromJSON(s string) (Codec, error) {
	if s == "" {
		return CodecNone, nil
	}
	for _, c := range Codecs() {
		if s == c.String() {
			return c, nil
		}
	}
	// A codec id without a name is written as its number (see messageToJSON).
	// strconv, not fmt.Sscan: Sscan alone links 50 KB of fmt's scanner into app.wasm.
	if n, err := strconv.Atoi(s); err == nil && n >= 0 && n <= 7 {
		return Codec(n), nil
	}
	return 0, fmt.Errorf(`codec %q: want "none", "gzip", "snappy", "lz4" or "zstd"`, s)
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

func messageFromJSON(j *messageJSON, magic int8) (*Message, error) {
	if j.Magic != nil {
		magic = *j.Magic
	}
	if magic != 0 && magic != 1 {
		return nil, fmt.Errorf("legacy message magic %d: want 0 or 1", magic)
	}
	codec, err := codecFromJSON(j.Codec)
	if err != nil {
		return nil, err
	}
	m := &Message{Magic: magic, Offset: j.Offset, Attributes: int8(codec), Key: j.Key}
	if j.Value != nil {
		m.Value = *j.Value
	}
	if j.Timestamp != nil {
		if magic == 0 {
			return nil, fmt.Errorf("a magic 0 message has no timestamp")
		}
		m.Timestamp = *j.Timestamp
	} else if magic == 1 {
		m.Timestamp = -1
	}
	switch j.TimestampType {
	case "", "create":
	case "logAppend":
		m.Attributes |= legacyAttrLogAppendTime
	default:
		return nil, fmt.Errorf(`timestampType %q: want "create" or "logAppend"`, j.TimestampType)
	}
	if j.Messages != nil {
		if codec == CodecNone {
			return nil, fmt.Errorf("inner messages need a codec: only a compressed wrapper holds messages")
		}
		m.Messages = make([]*Message, len(j.Messages))
		for i, ij := range j.Messages {
			if m.Messages[i], err = messageFromJSON(ij, magic); err != nil {
				return nil, fmt.Errorf("message %d: %w", i, err)
			}
		}
	}
	if j.Compressed != "" {
		if m.Messages == nil {
			return nil, fmt.Errorf(`"compressed" belongs to a wrapper, beside its "messages"`)
		}
		value, err := hex.DecodeString(j.Compressed)
		if err != nil {
			return nil, fmt.Errorf("compressed: %w", err)
		}
		m.keepValue(value)
	}
	return m, nil
}
