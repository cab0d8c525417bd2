package records

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/wire"
)

// Editing. A path inside a records value is the JSON form's, one step per
// key or index, joined by dots (shown with the index in brackets,
// batches[0].records[3].value, as the layout tree names the nodes):
//
//	batches.0                           batch 0
//	batches.0.baseOffset                a batch field (also partitionLeaderEpoch, attributes,
//	                                    baseTimestamp, maxTimestamp, producerId, producerEpoch, baseSequence)
//	batches.0.attributes.codec          the batch's compression codec, by name
//	batches.0.records                   the records of batch 0 (to insert into)
//	batches.0.records.3                 record 3
//	batches.0.records.3.value           a record field (also key, attributes, timestampDelta, offsetDelta)
//	batches.0.records.3.headers         its headers (to insert into)
//	batches.0.records.3.headers.1.key   a header's key or value
//	batches.0.offset                    a legacy message's field (also timestamp in magic 1, key, value)
//	batches.0.messages.2.value          a field of a message inside a compressed legacy wrapper
//
// Paths written before batches were named by the JSON's key start with the
// bare index (0.records.3); they are read as batches.0.records.3.
//
// Keys and values are set as text (their UTF-8 bytes) or as raw bytes, and
// may be null. An edited batch is re-encoded: lengths, counts, offsets, the
// CRC and the compression follow. A legacy wrapper's value is its messages:
// it is edited through them, and compressed again from them.

// EditKind says what a path names, so an editor knows what to offer.
type EditKind int

const (
	EditInt     EditKind = iota // a number; Bits tells its width
	EditBytes                   // a key, value or header part: text or bytes, nullable
	EditCodec                   // a compression codec name
	EditBatch                   // a batch: remove or duplicate it
	EditRecords                 // a batch's record list: insert into it
	EditRecord                  // a record: remove or duplicate it
	EditHeaders                 // a record's header list: insert into it
	EditHeader                  // a header: remove or duplicate it
	EditMessage                 // a message inside a legacy wrapper: remove or duplicate it
)

// Editable is what a path names: its kind, width in bits for numbers, and
// current value as text; Legacy when it is (in) a legacy message, which
// holds no records or headers to add.
type Editable struct {
	Kind   EditKind
	Bits   int
	Value  string
	Null   bool
	Legacy bool
}

type target struct {
	batch  *Batch
	msg    *Message // a legacy message: the batch's own, or one inside its wrapper
	inner  bool     // msg is inside the wrapper
	rec    *Record
	header *Header
	field  string // the last step, when it names a field
}

// EditError is an edit that cannot be made inside a records value: Path
// names where, as the tree does (batches[0].records[9]), Msg what is wrong.
type EditError struct {
	Path string
	Msg  string
}

func (e *EditError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

func editError(p []string, format string, args ...any) error {
	return &EditError{Path: displayPath(p), Msg: fmt.Sprintf(format, args...)}
}

// displayPath is p as the tree names it: an index in brackets.
func displayPath(p []string) string {
	var b strings.Builder
	for _, step := range p {
		if isIndex(step) {
			b.WriteString("[" + step + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(step)
	}
	return b.String()
}

// index reads step as an index into a list of n, which holds what.
func index(p []string, at int, n int, what string) (int, error) {
	if at >= len(p) {
		return 0, editError(p, "names no %s", what)
	}
	i, err := strconv.Atoi(p[at])
	if err != nil || i < 0 || i >= n {
		return 0, editError(p[:at+1], "no %s %s: there are %d", what, p[at], n)
	}
	return i, nil
}

func (s *Set) resolve(p []string) (target, error) {
	var t target
	if len(p) > 0 && isIndex(p[0]) {
		p = append([]string{"batches"}, p...) // the form of before
	}
	if len(p) == 0 || p[0] != "batches" {
		return t, editError(p, "a records value holds batches: start with batches.N")
	}
	bi, err := index(p, 1, len(s.Batches), "batch")
	if err != nil {
		return t, err
	}
	t.batch = s.Batches[bi]
	rest := p[2:]
	if t.batch.Magic < 2 {
		return s.resolveLegacy(t, p, rest)
	}
	if len(rest) >= 2 && rest[0] == "records" {
		ri, err := index(p, 3, len(t.batch.Records), "record")
		if err != nil {
			return t, err
		}
		t.rec = &t.batch.Records[ri]
		rest = rest[2:]
		if len(rest) >= 2 && rest[0] == "headers" {
			hi, err := index(p, 5, len(t.rec.Headers), "header")
			if err != nil {
				return t, err
			}
			t.header = &t.rec.Headers[hi]
			rest = rest[2:]
		}
	}
	switch len(rest) {
	case 0:
	case 1:
		t.field = rest[0]
	case 2:
		if rest[0] == "attributes" && rest[1] == "codec" && t.rec == nil {
			t.field = "codec"
			break
		}
		fallthrough
	default:
		return t, editError(p, "names nothing editable")
	}
	return t, nil
}

// resolveLegacy is resolve inside a legacy message (magic 0 or 1), whose
// path p continues with rest.
func (s *Set) resolveLegacy(t target, p, rest []string) (target, error) {
	t.msg = t.batch.Legacy
	if t.msg == nil {
		return t, editError(p, "a legacy batch without its message")
	}
	if len(rest) >= 2 && rest[0] == "messages" {
		mi, err := index(p, 3, len(t.msg.Messages), "message")
		if err != nil {
			return t, err
		}
		t.msg, t.inner = t.msg.Messages[mi], true
		rest = rest[2:]
	}
	switch len(rest) {
	case 0:
	case 1:
		t.field = rest[0]
	default:
		return t, editError(p, "names nothing editable")
	}
	return t, nil
}

// The fields a path may name at each level of a batch: the numbers one
// edits (the rest, lengths, counts, the CRC, follow from them) and the byte
// strings. editKey gives the layout nodes of exactly these names a key.
var (
	batchInts  = []string{"baseOffset", "partitionLeaderEpoch", "attributes", "baseTimestamp", "maxTimestamp", "producerId", "producerEpoch", "baseSequence"}
	recordInts = []string{"attributes", "timestampDelta", "offsetDelta"}
	byteFields = []string{"key", "value"} // of records and headers
	// A legacy message's: its timestamp exists in magic 1 only, and a
	// wrapper's value is its messages.
	messageFields = []string{"offset", "timestamp", "key", "value"}
)

// intField returns a pointer to a numeric field and its width, or nil.
func (t target) intField() (p any, bits int) {
	switch {
	case t.msg != nil:
		switch {
		case t.field == "offset":
			return &t.msg.Offset, 64
		case t.field == "timestamp" && t.msg.Magic == 1:
			return &t.msg.Timestamp, 64
		}
		return nil, 0
	case t.header != nil:
		return nil, 0
	case t.rec != nil:
		switch t.field {
		case "attributes":
			return &t.rec.Attributes, 8
		case "timestampDelta":
			return &t.rec.TimestampDelta, 64
		case "offsetDelta":
			return &t.rec.OffsetDelta, 32
		}
		return nil, 0
	}
	b := t.batch
	switch t.field {
	case "baseOffset":
		return &b.BaseOffset, 64
	case "partitionLeaderEpoch":
		return &b.PartitionLeaderEpoch, 32
	case "attributes":
		return &b.Attributes, 16
	case "baseTimestamp":
		return &b.BaseTimestamp, 64
	case "maxTimestamp":
		return &b.MaxTimestamp, 64
	case "producerId":
		return &b.ProducerID, 64
	case "producerEpoch":
		return &b.ProducerEpoch, 16
	case "baseSequence":
		return &b.BaseSequence, 32
	}
	return nil, 0
}

func (t target) bytesField() *Bytes {
	switch {
	case t.msg != nil && t.field == "key":
		return &t.msg.Key
	case t.msg != nil && t.field == "value" && t.msg.Messages == nil && Codec(t.msg.Attributes&legacyAttrCodec) == CodecNone:
		return &t.msg.Value
	case t.msg != nil:
		return nil
	case t.header != nil && t.field == "key":
		return &t.header.Key
	case t.header != nil && t.field == "value":
		return &t.header.Value
	case t.header == nil && t.rec != nil && t.field == "key":
		return &t.rec.Key
	case t.header == nil && t.rec != nil && t.field == "value":
		return &t.rec.Value
	}
	return nil
}

// Editable tells what path p names.
func (s *Set) Editable(p []string) (Editable, error) {
	t, err := s.resolve(p)
	if err != nil {
		return Editable{}, err
	}
	e, err := t.editable(p)
	e.Legacy = t.msg != nil
	return e, err
}

func (t target) editable(p []string) (Editable, error) {
	if ptr, bits := t.intField(); ptr != nil {
		return Editable{Kind: EditInt, Bits: bits, Value: intText(ptr)}, nil
	}
	if b := t.bytesField(); b != nil {
		return Editable{Kind: EditBytes, Value: string(*b), Null: *b == nil}, nil
	}
	switch {
	case t.msg != nil && t.field == "" && t.inner:
		return Editable{Kind: EditMessage}, nil
	case t.msg != nil && t.field == "":
		return Editable{Kind: EditBatch}, nil
	case t.msg != nil:
	case t.field == "codec":
		return Editable{Kind: EditCodec, Value: t.batch.Codec().String()}, nil
	case t.header != nil && t.field == "":
		return Editable{Kind: EditHeader}, nil
	case t.rec != nil && t.field == "headers":
		return Editable{Kind: EditHeaders}, nil
	case t.rec != nil && t.field == "":
		return Editable{Kind: EditRecord}, nil
	case t.rec == nil && t.field == "records":
		return Editable{Kind: EditRecords}, nil
	case t.rec == nil && t.field == "":
		return Editable{Kind: EditBatch}, nil
	}
	return Editable{}, editError(p, "names nothing editable%s", t.legacyNote())
}

func intText(p any) string {
	switch v := p.(type) {
	case *int8:
		return strconv.Itoa(int(*v))
	case *int16:
		return strconv.Itoa(int(*v))
	case *int32:
		return strconv.Itoa(int(*v))
	case *int64:
		return strconv.FormatInt(*v, 10)
	}
	return ""
}

// SetText sets what p names from text: a number, a codec name, or the UTF-8 bytes of a key, value or header part.
func (s *Set) SetText(p []string, text string) error {
	return s.keepingMax(p, func() error { return s.setText(p, text) })
}

// keepingMax makes edit, an edit of what p names, and keeps the batch's
// maxTimestamp its latest record's timestamp when it was that before (as
// a producer writes it, for CreateTime): a record's time or the records
// changed, it follows them as lastOffsetDelta does. One the user set
// otherwise, or set itself, is left as it is.
func (s *Set) keepingMax(p []string, edit func() error) error {
	var b *Batch
	if !namesBatches(p) {
		if t, err := s.resolve(p); err == nil && !(t.rec == nil && t.field == "maxTimestamp") && followsRecords(t.batch) {
			b = t.batch
		}
	}
	if err := edit(); err != nil {
		return err
	}
	if b != nil && len(b.Records) > 0 {
		b.MaxTimestamp = latestTimestamp(b)
	}
	return nil
}

// followsRecords reports whether b's maxTimestamp is its latest record's
// timestamp, as producers write it.
func followsRecords(b *Batch) bool {
	return b != nil && b.Legacy == nil && b.Attributes&attrLogAppendTime == 0 && len(b.Records) > 0 && b.MaxTimestamp == latestTimestamp(b)
}

// latestTimestamp is the timestamp of b's latest record.
func latestTimestamp(b *Batch) int64 {
	latest := b.Records[0].TimestampDelta
	for _, r := range b.Records[1:] {
		latest = max(latest, r.TimestampDelta)
	}
	return b.BaseTimestamp + latest
}

func (s *Set) setText(p []string, text string) error {
	t, err := s.resolve(p)
	if err != nil {
		return err
	}
	if ptr, bits := t.intField(); ptr != nil {
		n, err := wire.ParseInt(text, bits)
		if err != nil {
			return editError(p, "%q is not an int%d (%d to %d)", text, bits, int64(-1)<<(bits-1), int64(uint64(math.MaxUint64)>>(65-bits)))
		}
		switch v := ptr.(type) {
		case *int8:
			*v = int8(n)
		case *int16:
			*v = int16(n)
		case *int32:
			*v = int32(n)
		case *int64:
			*v = n
		}
		return nil
	}
	if b := t.bytesField(); b != nil {
		*b = Bytes(text)
		return nil
	}
	if t.field == "codec" && t.msg == nil {
		c, err := codecFromJSON(strings.TrimSpace(text))
		if err != nil {
			return editError(p, "%v", err)
		}
		t.batch.Attributes = t.batch.Attributes&^7 | int16(c)
		return nil
	}
	return editError(p, "is not set as text%s", t.legacyNote())
}

// SetBytes sets a key, value or header part to raw bytes (nil for null).
func (s *Set) SetBytes(p []string, v []byte) error {
	t, err := s.resolve(p)
	if err != nil {
		return err
	}
	b := t.bytesField()
	if b == nil {
		return editError(p, "is not a key, value or header%s", t.legacyNote())
	}
	*b = Bytes(v)
	return nil
}

// SetNull makes a key, value or header value null.
func (s *Set) SetNull(p []string) error { return s.SetBytes(p, nil) }

// Insert adds an element at index at: a batch (p empty), a record (p = batch.records) or a header (p = ....headers).
// New records have a null key and an empty value; offsets and timestamps follow the one before.
func (s *Set) Insert(p []string, at int) error {
	return s.keepingMax(p, func() error { return s.insert(p, at) })
}

func (s *Set) insert(p []string, at int) error {
	if namesBatches(p) {
		return s.insertBatch(at)
	}
	t, err := s.resolve(p)
	if err != nil {
		return err
	}
	switch {
	case t.msg != nil:
	case t.rec == nil && t.field == "records":
		return insertRecord(t.batch, at)
	case t.rec != nil && t.header == nil && t.field == "headers":
		return insertHeader(t.rec, at)
	}
	return editError(p, "is not a list%s", t.legacyNote())
}

// Append adds an element at the end of the list p names or holds: a batch
// (p empty), a record (p names a batch or its records), or a header (p
// names a record or its headers).
func (s *Set) Append(p []string) error {
	return s.keepingMax(p, func() error { return s.appendElement(p) })
}

func (s *Set) appendElement(p []string) error {
	if namesBatches(p) {
		return s.insertBatch(len(s.Batches))
	}
	t, err := s.resolve(p)
	if err != nil {
		return err
	}
	switch {
	case t.msg != nil:
	case t.rec == nil && (t.field == "records" || t.field == ""):
		return insertRecord(t.batch, len(t.batch.Records))
	case t.rec != nil && t.header == nil && (t.field == "headers" || t.field == ""):
		return insertHeader(t.rec, len(t.rec.Headers))
	}
	return editError(p, "is not a batch, a record or a list%s", t.legacyNote())
}

// namesBatches reports whether p names the set's list of batches.
func namesBatches(p []string) bool { return len(p) == 0 || len(p) == 1 && p[0] == "batches" }

// legacyNote says why a legacy message's part takes no such edit.
func (t target) legacyNote() string {
	if t.msg == nil {
		return ""
	}
	return ": a legacy message is edited in its offset, timestamp (magic 1), key and value, or removed and duplicated whole"
}

func (s *Set) insertBatch(at int) error {
	if at < 0 || at > len(s.Batches) {
		return fmt.Errorf("no place %d among %d batches", at, len(s.Batches))
	}
	s.Batches = insertAt(s.Batches, at, &Batch{Magic: 2, PartitionLeaderEpoch: -1, ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1})
	return nil
}

func insertRecord(b *Batch, at int) error {
	recs := b.Records
	if at < 0 || at > len(recs) {
		return fmt.Errorf("no place %d among %d records", at, len(recs))
	}
	r := Record{Value: Bytes{}}
	if at > 0 {
		r.OffsetDelta, r.TimestampDelta = recs[at-1].OffsetDelta+1, recs[at-1].TimestampDelta
	}
	b.Records = insertAt(recs, at, r)
	renumber(b, at+1)
	return nil
}

func insertHeader(r *Record, at int) error {
	if at < 0 || at > len(r.Headers) {
		return fmt.Errorf("no place %d among %d headers", at, len(r.Headers))
	}
	r.Headers = insertAt(r.Headers, at, Header{Key: Bytes{}, Value: Bytes{}})
	return nil
}

// Duplicate inserts a copy of the batch, record or header p names right after it.
func (s *Set) Duplicate(p []string) error {
	return s.keepingMax(p, func() error { return s.change(p, true) })
}

// Remove removes the batch, record or header p names.
func (s *Set) Remove(p []string) error {
	return s.keepingMax(p, func() error { return s.change(p, false) })
}

func (s *Set) change(p []string, dup bool) error {
	t, err := s.resolve(p)
	if err != nil {
		return err
	}
	last, _ := strconv.Atoi(p[len(p)-1])
	switch {
	case t.field != "":
		return editError(p, "is not a batch, record or header")
	case t.inner:
		w := t.batch.Legacy
		if dup {
			w.Messages = insertAt(w.Messages, last+1, t.msg.clone())
		} else {
			w.Messages = append(w.Messages[:last:last], w.Messages[last+1:]...)
		}
	case t.header != nil:
		if dup {
			h := Header{Key: clone(t.header.Key), Value: clone(t.header.Value)}
			t.rec.Headers = insertAt(t.rec.Headers, last+1, h)
		} else {
			t.rec.Headers = append(t.rec.Headers[:last:last], t.rec.Headers[last+1:]...)
		}
	case t.rec != nil:
		if dup {
			r := *t.rec
			r.Key, r.Value = clone(r.Key), clone(r.Value)
			r.Headers = append([]Header(nil), r.Headers...)
			t.batch.Records = insertAt(t.batch.Records, last+1, r)
			renumber(t.batch, last+1)
		} else {
			t.batch.Records = append(t.batch.Records[:last:last], t.batch.Records[last+1:]...)
			renumber(t.batch, last)
		}
	default:
		if dup {
			b := *t.batch
			b.raw = nil
			b.Records = append([]Record(nil), b.Records...)
			b.Legacy = b.Legacy.clone()
			s.Batches = insertAt(s.Batches, last+1, &b)
		} else {
			s.Batches = append(s.Batches[:last:last], s.Batches[last+1:]...)
		}
	}
	return nil
}

// renumber gives the records from index from on consecutive offset deltas, as producers write them.
func renumber(b *Batch, from int) {
	for i := max(from, 0); i < len(b.Records); i++ {
		if i == 0 {
			b.Records[i].OffsetDelta = 0
		} else {
			b.Records[i].OffsetDelta = b.Records[i-1].OffsetDelta + 1
		}
	}
}

func insertAt[T any](s []T, at int, v T) []T {
	s = append(s, v)
	copy(s[at+1:], s[at:])
	s[at] = v
	return s
}

// clone is a copy of m and of the messages inside it, which edits to it
// leave m's untouched; nil for nil.
func (m *Message) clone() *Message {
	if m == nil {
		return nil
	}
	c := *m
	if m.Messages != nil {
		c.Messages = make([]*Message, len(m.Messages))
		for i, im := range m.Messages {
			c.Messages[i] = im.clone()
		}
	}
	return &c
}

func clone(b Bytes) Bytes {
	if b == nil {
		return nil
	}
	return append(Bytes{}, b...)
}
