package ui

import (
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
)

// Editing inside a records field. The codec names every editable part of a
// record batch by a value path (body...Records.0.records.3.value); these
// helpers turn what it says about a path into the editor's kinds, and do the
// two edits the message API leaves to its caller: appending at the end of a
// list (which needs the list's length) and adding a batch to the field.

// Editor kinds inside records.
const (
	kindRecBytes   = "recbytes"   // a key, value or header part: text or hex, nullable
	kindRecInt     = "recint"     // a batch or record number of Bits bits
	kindRecCodec   = "reccodec"   // the batch's compression codec
	kindBatch      = "batch"      // a batch: duplicate, remove
	kindRecordList = "recordlist" // a batch's records: add one
	kindRecord     = "record"     // a record: duplicate, remove
	kindHeaderList = "headerlist" // a record's headers: add one
	kindHeader     = "header"     // a header: duplicate, remove
)

func recordsEditor(path string, re records.Editable) EditorInfo {
	e := EditorInfo{Path: path, Text: re.Value}
	switch re.Kind {
	case records.EditInt:
		e.Kind, e.Bits, e.Type = kindRecInt, re.Bits, "int"+strconv.Itoa(re.Bits)
	case records.EditBytes:
		e.Kind, e.Type, e.Nullable, e.Null = kindRecBytes, "bytes", true, re.Null
		e.Hex = !utf8.ValidString(re.Value)
	case records.EditCodec:
		e.Kind, e.Type = kindRecCodec, "codec"
	case records.EditBatch:
		e.Kind, e.Elem = kindBatch, true
	case records.EditRecords:
		e.Kind = kindRecordList
	case records.EditRecord:
		e.Kind, e.Elem = kindRecord, true
	case records.EditHeaders:
		e.Kind = kindHeaderList
	case records.EditHeader:
		e.Kind, e.Elem = kindHeader, true
	default:
		e.Kind = "wire"
	}
	return e
}

// recordSet finds the records field p leads into, and the rest of the path inside it.
func recordSet(m *message.Message, p message.Path) (*records.Set, []string, bool) {
	for i := 2; i < len(p); i++ {
		_, v, _, err := m.Field(p[:i])
		if err != nil {
			return nil, nil, false
		}
		if s, ok := v.(*records.Set); ok {
			return s, p[i:], s != nil
		}
	}
	return nil, nil, false
}

// recordsLen is the length of the record or header list p names inside a records field.
func recordsLen(m *message.Message, p message.Path) (int, bool) {
	s, rest, ok := recordSet(m, p)
	if !ok || len(rest) < 2 || rest[1] != "records" {
		return 0, false
	}
	bi, err := strconv.Atoi(rest[0])
	if err != nil || bi < 0 || bi >= len(s.Batches) {
		return 0, false
	}
	b := s.Batches[bi]
	switch len(rest) {
	case 2:
		return len(b.Records), true
	case 4:
		ri, err := strconv.Atoi(rest[2])
		if err != nil || ri < 0 || ri >= len(b.Records) || rest[3] != "headers" {
			return 0, false
		}
		return len(b.Records[ri].Headers), true
	}
	return 0, false
}

// addBatch appends an empty batch (magic 2, no records) to the records
// field at p; a null field gets its minimal value, which holds one.
func addBatch(m *message.Message, p message.Path) error {
	_, v, _, err := m.Field(p)
	if err != nil {
		return err
	}
	s, ok := v.(*records.Set)
	if !ok && v != nil {
		return errors.New(p.String() + " is not a records field")
	}
	if s == nil {
		if err := m.SetPresent(p); err != nil {
			return err
		}
		if _, v, _, err = m.Field(p); err != nil {
			return err
		}
		if s, _ = v.(*records.Set); s == nil {
			return errors.New(p.String() + " stays null")
		}
		if len(s.Batches) > 0 {
			// The minimal records value already holds a batch.
			return nil
		}
	}
	return s.Insert(nil, len(s.Batches))
}

// parseHex reads bytes written as hex, with any spaces, colons or 0x prefixes between them.
func parseHex(t string) ([]byte, error) {
	t = strings.NewReplacer(" ", "", "\n", "", "\t", "", ":", "", "0x", "", "0X", "").Replace(t)
	b, err := hex.DecodeString(t)
	if err != nil {
		return nil, errors.New("not hex: write two digits per byte (00ff…)")
	}
	return b, nil
}
