package ui

import (
	"strconv"
	"unicode/utf8"

	"github.com/kafkawire/kafkawire/codec/records"
)

// Editing inside a records field. The codec names every editable part of a
// record batch by a value path (body...Records.batches.0.records.3.value) and says
// what a path names (records.Editable); recordsEditor turns that into the
// editor's kinds.

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
	kindLegacy     = "legacy"     // a legacy message, a batch of its own: duplicate, remove
	kindMessage    = "message"    // a message inside a legacy wrapper: duplicate, remove
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
		if re.Legacy {
			e.Kind = kindLegacy
		}
	case records.EditMessage:
		e.Kind, e.Elem = kindMessage, true
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
