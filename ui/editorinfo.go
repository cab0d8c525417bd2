package ui

import (
	"encoding/hex"
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
)

// What the field editor offers for a node: the codec says what the node's
// value path names, and this turns it into the editor's kinds.

// EditorInfo describes how the selected node can be edited.
type EditorInfo struct {
	Path     string   // value path; "" when the node is wire-level (computed from the value)
	Type     string   // schema type of the value
	Kind     string   // "scalar", "bool", "array", "element", "struct", "records", "wire"
	Text     string   // the value as the editor writes it
	Nullable bool     // may be set to null
	Null     bool     // is null
	Elem     bool     // is an array element (duplicate, remove)
	Tags     []string // tagged fields the struct may carry
	TagsOn   []bool   // which of them it carries
	Tagged   bool     // the node is itself a tagged field
	Bits     int      // width of a number inside records
	Hex      bool     // a key, value or header part that is not UTF-8: edited as hex
	// ErrorCode marks an int16 field whose name ends in ErrorCode: it takes
	// an error's name as well as a number, and the editor says what the
	// code means.
	ErrorCode bool
}

// Editor describes the editing controls for node n.
func (p *Pane) Editor(n *layout.Node) EditorInfo {
	info := p.Info(n)
	if info.Path == "" || p.Msg == nil {
		return EditorInfo{Kind: "wire"}
	}
	var e EditorInfo
	_ = safely(func() error {
		e = p.editor(info.Path)
		return nil
	})
	return e
}

func (p *Pane) editor(path string) EditorInfo {
	e := EditorInfo{Path: path}
	mp := message.ParsePath(path)
	if len(mp) == 1 {
		e.Kind, e.Type = "struct", path
		e.Tags, e.TagsOn = p.tags(mp)
		return e
	}
	if re, ok, err := p.Msg.RecordsEditable(mp); ok {
		if err != nil {
			return EditorInfo{Kind: "wire"}
		}
		return recordsEditor(path, re)
	}
	f, v, elem, err := p.Msg.Field(mp)
	if err != nil {
		return EditorInfo{Kind: "wire"}
	}
	e.Elem = elem
	e.Type = f.Type
	if !elem {
		e.Nullable = f.Nullable.Has(p.Msg.VersionAt(mp))
		e.Tagged = f.Tagged.Has(p.Msg.VersionAt(mp))
	}
	e.Null = v == nil
	switch {
	case f.IsArray() && !elem:
		e.Kind = "array"
	case f.IsStruct():
		e.Kind = "struct"
		if elem {
			e.Kind = "element"
		}
		if !e.Null {
			e.Tags, e.TagsOn = p.tags(mp)
		}
	default:
		typ := f.Type
		if elem {
			typ = f.Elem()
		}
		e.Type = typ
		e.Kind = "scalar"
		if typ == "bool" {
			e.Kind = "bool"
		}
		if typ == "records" {
			e.Kind = "records"
			e.Null = v == nil || v == (*records.Set)(nil)
		}
		e.Text = valueText(v)
		e.ErrorCode = typ == "int16" && strings.HasSuffix(f.Name, "ErrorCode")
	}
	return e
}

func (p *Pane) tags(mp message.Path) ([]string, []bool) {
	fs, on, err := p.Msg.TaggedFields(mp)
	if err != nil {
		return nil, nil
	}
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	return names, on
}

// valueText writes a value the way an OpSet edit reads it back.
func valueText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case bool:
		return strconv.FormatBool(x)
	case int8:
		return strconv.Itoa(int(x))
	case int16:
		return strconv.Itoa(int(x))
	case uint16:
		return strconv.Itoa(int(x))
	case int32:
		return strconv.Itoa(int(x))
	case uint32:
		return strconv.FormatUint(uint64(x), 10)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return x
	case []byte:
		return hex.EncodeToString(x)
	case message.UUID:
		return x.String()
	}
	return ""
}

// EditAction is one button of the field editor: the edit it sends.
type EditAction struct {
	DataOp string // the button's data-op attribute, which tests and styles find it by
	Label  string
	Class  string
	Edit   message.Edit
}

// Actions lists the buttons the editor offers for the node e describes, in
// the order it shows them: the node's own (elements, batches, records,
// headers), then null or not, then tagged fields.
func (e EditorInfo) Actions() []EditAction {
	p := message.ParsePath(e.Path)
	var out []EditAction
	add := func(dataOp, label string, op message.Op, text string) {
		class := "btn"
		switch op {
		case message.OpRemove, message.OpRemoveTagged:
			class = "btn danger"
		case message.OpAddTagged:
			class = "btn tag"
		}
		out = append(out, EditAction{DataOp: dataOp, Label: label, Class: class, Edit: message.Edit{Op: op, Path: p, Text: text}})
	}
	// An element of any list is duplicated and removed alike; what says
	// which ("" for a schema array's element).
	element := func(what string) {
		if what != "" {
			what = " " + what
		}
		add("duplicate", "duplicate"+what, message.OpDuplicate, "")
		add("remove", "remove"+what, message.OpRemove, "")
	}
	switch e.Kind {
	case "wire":
		return nil
	case "records":
		if !e.Null {
			add("addbatch", "+ batch", message.OpAppend, "")
		}
	case "array":
		if !e.Null {
			add("append", "+ element", message.OpAppend, "")
		}
	case "element":
		element("")
	case kindBatch:
		add("append", "+ record", message.OpAppend, "")
		element("batch")
	case kindLegacy:
		element("batch")
	case kindRecordList:
		add("append", "+ record", message.OpAppend, "")
	case kindRecord:
		add("append", "+ header", message.OpAppend, "")
		element("record")
	case kindHeaderList:
		add("append", "+ header", message.OpAppend, "")
	case kindHeader:
		element("header")
	case kindMessage:
		element("message")
	}
	switch {
	case !e.Nullable:
	case !e.Null:
		add("null", "set to null", message.OpSetNull, "")
	case e.Kind == kindRecBytes:
		add("empty", "give it a value (empty)", message.OpSetPresent, "")
	default:
		add("present", "give it a value", message.OpSetPresent, "")
	}
	if e.Tagged && e.Path != "" {
		add("rmtag", "remove tagged field", message.OpRemoveTagged, "")
	}
	for i, name := range e.Tags {
		if !e.TagsOn[i] {
			add("addtag", "+ tagged "+name, message.OpAddTagged, name)
		}
	}
	return out
}
