package message

import (
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/kafkawire/kafkawire/codec/records"
)

// Op is what an Edit does to the value its path names.
type Op int

const (
	// OpSet parses Text as the value's type and stores it: a number, bool,
	// string, uuid, bytes as hex; inside records a number, a codec name, or
	// a key, value or header part as UTF-8 text.
	OpSet Op = iota
	// OpSetHex sets bytes from Text written as hex (spaces, colons and 0x
	// prefixes allowed): a bytes field, or a key, value or header part.
	OpSetHex
	// OpSetNull makes a nullable value null.
	OpSetNull
	// OpSetPresent gives a null value its minimal value (empty bytes inside records).
	OpSetPresent
	// OpAppend adds a minimal element at the end of an array; on a records
	// field it adds an empty batch, on a batch (or its record list) a record,
	// on a record (or its header list) a header.
	OpAppend
	// OpDuplicate inserts a copy of an array element, batch, record or header right after it.
	OpDuplicate
	// OpRemove removes an array element, batch, record or header.
	OpRemove
	// OpAddTagged adds the tagged field named Text to the struct at Path.
	OpAddTagged
	// OpRemoveTagged removes the tagged field at Path.
	OpRemoveTagged
)

var opNames = [...]string{"set", "sethex", "null", "present", "append", "duplicate", "remove", "addtag", "rmtag"}

// String is the op's short name, as the page's buttons carry it (data-op).
func (o Op) String() string {
	if o >= 0 && int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

// Edit is one change to a message: an operation on the value at a path.
type Edit struct {
	Op   Op
	Path Path
	Text string // the new value for OpSet and OpSetHex, the field's name for OpAddTagged
}

func (e Edit) String() string { return e.Op.String() + " " + e.Path.String() + " " + e.Text }

// Apply makes the edit on the message in place. Paths into a records field
// (past the field: batches, records, headers) are handed to the record set;
// the rest are schema values. On error the message may be partly changed:
// callers edit a Clone and keep it only on success.
func (m *Message) Apply(e Edit) error {
	p := e.Path
	set, rest, inRecords, err := m.inRecords(p)
	if err != nil {
		return err
	}
	if inRecords {
		return recordsError(p[:len(p)-len(rest)], applyRecords(set, rest, e))
	}
	switch e.Op {
	case OpSet:
		return m.setText(p, e.Text)
	case OpSetHex:
		return m.setHex(p, e.Text)
	case OpSetNull:
		return m.setNull(p)
	case OpSetPresent:
		return m.setPresent(p)
	case OpAppend:
		return m.appendElement(p)
	case OpDuplicate:
		return m.duplicateElement(p)
	case OpRemove:
		return m.removeElement(p)
	case OpAddTagged:
		return m.addTagged(p, e.Text)
	case OpRemoveTagged:
		return m.removeTagged(p)
	}
	return fmt.Errorf("%s: unknown edit %s", p.Display(), e.Op)
}

// setHex sets the bytes value at p from text written as hex.
func (m *Message) setHex(p Path, text string) error {
	s, _, err := m.lookup(p)
	if err != nil {
		return err
	}
	typ := s.valueType()
	if typ != "bytes" {
		return fmt.Errorf("%s is not bytes", p.Display())
	}
	b, err := ParseHex(text)
	if err != nil {
		return fmt.Errorf("%s: %v", p.Display(), err)
	}
	s.set(b)
	return nil
}

// applyRecords makes edit e on the part of set that rest names.
func applyRecords(set *records.Set, rest []string, e Edit) error {
	switch e.Op {
	case OpSet:
		return set.SetText(rest, e.Text)
	case OpSetHex:
		b, err := ParseHex(e.Text)
		if err != nil {
			return &records.EditError{Path: Path(rest).Display(), Msg: err.Error()}
		}
		return set.SetBytes(rest, b)
	case OpSetNull:
		return set.SetNull(rest)
	case OpSetPresent:
		return set.SetBytes(rest, []byte{})
	case OpAppend:
		return set.Append(rest)
	case OpDuplicate:
		return set.Duplicate(rest)
	case OpRemove:
		return set.Remove(rest)
	}
	return &records.EditError{Path: Path(rest).Display(), Msg: "records parts take no " + e.Op.String() + " edit"}
}

// recordsError names where err, met at a part of the records field at
// path field, happened as the tree names it
// (Topics[0].Partitions[0].Records.batches[0].records[9]).
func recordsError(field Path, err error) error {
	var ee *records.EditError
	if !errors.As(err, &ee) {
		return err
	}
	if ee.Path == "" {
		return fmt.Errorf("%s: %s", field.Display(), ee.Msg)
	}
	return fmt.Errorf("%s.%s: %s", field.Display(), ee.Path, ee.Msg)
}

// appendBatch adds an empty batch (magic 2, no records) to the records field
// in slot s; a null field gets its minimal value, which holds one batch.
func appendBatch(p Path, s *slot, v int16) error {
	set, _ := s.get().(*records.Set)
	if set == nil {
		s.set(MinimalValue(s.field, v, s.flex))
		if set, _ = s.get().(*records.Set); set == nil {
			return fmt.Errorf("%s stays null", p.Display())
		}
		if len(set.Batches) > 0 {
			return nil
		}
	}
	return set.Append(nil)
}

// ParseHex reads bytes written as hex, with any spaces, colons or 0x prefixes between them.
func ParseHex(t string) ([]byte, error) {
	t = strings.NewReplacer(" ", "", "\n", "", "\t", "", ":", "", "0x", "", "0X", "").Replace(t)
	b, err := hex.DecodeString(t)
	if err != nil {
		return nil, errors.New("not hex: write two digits per byte (00ff…)")
	}
	return b, nil
}
