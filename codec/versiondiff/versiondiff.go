// Package versiondiff lists what changed in a message between two versions of an API.
//
// It compares the catalogue's fields of the two versions by path (names from
// the body down, "Topics.TopicId"), the flexible flag and header version of
// each, and the size of the minimal instance encoded as a frame. It lives
// apart from codec/schema because the size needs codec/message and
// codec/frame, and the catalogue must know nothing of values.
package versiondiff

import (
	"fmt"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Change says what happened to one field.
type Change string

const (
	Added       Change = "added"        // on the wire in To, not in From
	Removed     Change = "removed"      // on the wire in From, not in To
	TypeChanged Change = "type"         // a different wire type (FromType, ToType)
	Nullable    Change = "nullable"     // may be null in To, could not in From
	NotNullable Change = "not nullable" // could be null in From, may not in To
	Tagged      Change = "tagged"       // a tagged field in To, a fixed one in From
	Untagged    Change = "untagged"     // a fixed field in To, a tagged one in From
)

// FieldChange is one change of one field.
type FieldChange struct {
	Path   string `json:"path"` // names from the body down, joined by "."
	Change Change `json:"change"`
	// Type is the field's type in To (in From for a removed field).
	Type string `json:"type"`
	// FromType and ToType are set for a TypeChanged field.
	FromType string `json:"fromType,omitempty"`
	ToType   string `json:"toType,omitempty"`
	// IsNullable and IsTagged describe an added or removed field as it is in
	// the version that has it.
	IsNullable bool `json:"nullable,omitempty"`
	IsTagged   bool `json:"tagged,omitempty"`
	// Tag is the field's tag, set when it is tagged in the version that has it
	// (for Tagged and Untagged too); nil otherwise, as 0 is a tag.
	Tag *int32 `json:"tag,omitempty"`
}

// Version is what one side of the comparison is: the facts the diff compares.
type Version struct {
	Version  int16 `json:"version"`
	Flexible bool  `json:"flexible"`
	Header   int16 `json:"headerVersion"`
	// MinimalSize is the byte count of the minimal instance as a whole frame,
	// size prefix included.
	MinimalSize int `json:"minimalSize"`
}

// Diff is what changed in one direction of an API between two versions.
type Diff struct {
	API    string           `json:"api"`
	Dir    string           `json:"direction"` // "request" or "response"
	From   Version          `json:"from"`
	To     Version          `json:"to"`
	Fields []*FieldChange   `json:"fields"` // in wire order: From's fields first, then those only To has
	dir    schema.Direction // kept for callers that want the typed value
}

// Direction is the direction compared.
func (d *Diff) Direction() schema.Direction { return d.dir }

// FlexibleChanged reports whether one version is flexible and the other not.
func (d *Diff) FlexibleChanged() bool { return d.From.Flexible != d.To.Flexible }

// HeaderChanged reports whether the two versions use different header versions.
func (d *Diff) HeaderChanged() bool { return d.From.Header != d.To.Header }

// SizeChange is how many bytes the minimal frame grew (negative: shrank).
func (d *Diff) SizeChange() int { return d.To.MinimalSize - d.From.MinimalSize }

// Empty reports whether nothing differs, the minimal size included.
func (d *Diff) Empty() bool {
	return len(d.Fields) == 0 && !d.FlexibleChanged() && !d.HeaderChanged() && d.SizeChange() == 0
}

// Between compares version from with version to of api in direction dir.
// Either order works; the changes read from From to To.
func Between(api *schema.API, dir schema.Direction, from, to int16) (*Diff, error) {
	if api == nil {
		return nil, fmt.Errorf("no API given")
	}
	fromDef, toDef := api.Def(dir, from), api.Def(dir, to)
	if fromDef == nil {
		return nil, fmt.Errorf("%s %s has no version %d (versions %v)", api.Name, dir, from, api.VersionRange(dir))
	}
	if toDef == nil {
		return nil, fmt.Errorf("%s %s has no version %d (versions %v)", api.Name, dir, to, api.VersionRange(dir))
	}
	d := &Diff{API: api.Name, Dir: dir.String(), dir: dir}
	var err error
	if d.From, err = describe(api, dir, from, fromDef); err != nil {
		return nil, err
	}
	if d.To, err = describe(api, dir, to, toDef); err != nil {
		return nil, err
	}
	d.Fields = compare("", fromDef.Fields, from, d.From.Flexible, toDef.Fields, to, d.To.Flexible)
	return d, nil
}

// Since is what changed in version v from the version before it, or nil and
// no error when v is the API's first version in dir.
func Since(api *schema.API, dir schema.Direction, v int16) (*Diff, error) {
	if api == nil {
		return nil, fmt.Errorf("no API given")
	}
	prev := int16(-1)
	for _, w := range api.Versions(dir) {
		if w == v {
			if prev < 0 {
				return nil, nil
			}
			return Between(api, dir, prev, v)
		}
		prev = w
	}
	return nil, fmt.Errorf("%s %s has no version %d (versions %v)", api.Name, dir, v, api.VersionRange(dir))
}

func describe(api *schema.API, dir schema.Direction, v int16, def *schema.Def) (Version, error) {
	out := Version{Version: v, Flexible: def.Flexible.Has(v), Header: schema.HeaderVersion(api, v, dir)}
	// Build encodes and decodes back, so a size comes only from a frame the codec reads.
	f, err := frame.Build(message.Minimal(api, v, dir))
	if err != nil {
		return out, fmt.Errorf("%s v%d %s: the minimal instance does not encode: %w", api.Name, v, dir, err)
	}
	out.MinimalSize = len(f.Bytes())
	return out, nil
}

// onWire is a field as it is in one version: present, and how.
type onWire struct {
	f        *schema.Field
	nullable bool
	tagged   bool
}

func at(f *schema.Field, v int16, flex bool) (onWire, bool) {
	if !f.Versions.Has(v) {
		return onWire{}, false
	}
	// A tagged field exists only where the message is flexible.
	tagged := f.Tagged.Has(v)
	if tagged && !flex {
		return onWire{}, false
	}
	return onWire{f: f, nullable: f.Nullable.Has(v), tagged: tagged}, true
}

// wireType is the type as the wire sees it: a struct's type name is only a
// label of the definitions (it may differ between Kafka's old and new files
// for the same bytes), so structs compare by shape, their fields one by one.
func wireType(f *schema.Field) string {
	if f.IsStruct() {
		if f.IsArray() {
			return "[]struct"
		}
		return "struct"
	}
	return f.Type
}

func compare(prefix string, fromFields []*schema.Field, from int16, fromFlex bool, toFields []*schema.Field, to int16, toFlex bool) []*FieldChange {
	var out []*FieldChange
	toByName := map[string]onWire{}
	for _, f := range toFields {
		if w, ok := at(f, to, toFlex); ok {
			toByName[f.Name] = w
		}
	}
	fromHas := map[string]bool{}
	for _, f := range fromFields {
		a, ok := at(f, from, fromFlex)
		if !ok {
			continue
		}
		fromHas[f.Name] = true
		path := prefix + f.Name
		b, ok := toByName[f.Name]
		if !ok {
			out = append(out, whole(path, a, Removed, from, fromFlex)...)
			continue
		}
		if ta, tb := wireType(a.f), wireType(b.f); ta != tb {
			out = append(out, &FieldChange{Path: path, Change: TypeChanged, Type: b.f.Type, FromType: a.f.Type, ToType: b.f.Type})
		}
		switch {
		case b.nullable && !a.nullable:
			out = append(out, &FieldChange{Path: path, Change: Nullable, Type: b.f.Type})
		case a.nullable && !b.nullable:
			out = append(out, &FieldChange{Path: path, Change: NotNullable, Type: b.f.Type})
		}
		switch {
		case b.tagged && !a.tagged:
			out = append(out, &FieldChange{Path: path, Change: Tagged, Type: b.f.Type, Tag: tagOf(b.f)})
		case a.tagged && !b.tagged:
			out = append(out, &FieldChange{Path: path, Change: Untagged, Type: b.f.Type, Tag: tagOf(a.f)})
		}
		if a.f.IsStruct() && b.f.IsStruct() {
			out = append(out, compare(path+".", a.f.Fields, from, fromFlex, b.f.Fields, to, toFlex)...)
		}
	}
	for _, f := range toFields {
		if b, ok := toByName[f.Name]; ok && !fromHas[f.Name] {
			out = append(out, whole(prefix+f.Name, b, Added, to, toFlex)...)
		}
	}
	return out
}

// whole lists a field added or removed with every field inside it, so a
// view can mark each of them.
func whole(path string, w onWire, c Change, v int16, flex bool) []*FieldChange {
	fc := &FieldChange{Path: path, Change: c, Type: w.f.Type, IsNullable: w.nullable, IsTagged: w.tagged}
	if w.tagged {
		fc.Tag = tagOf(w.f)
	}
	out := []*FieldChange{fc}
	for _, sub := range w.f.Fields {
		if sw, ok := at(sub, v, flex); ok {
			out = append(out, whole(path+"."+sub.Name, sw, c, v, flex)...)
		}
	}
	return out
}

func tagOf(f *schema.Field) *int32 {
	t := f.Tag
	return &t
}
