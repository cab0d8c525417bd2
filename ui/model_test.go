package ui

import (
	"encoding/hex"
	"reflect"
	"testing"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// edit is the Edit the field editor sends for op on the value at path.
func edit(op message.Op, path, text string) message.Edit {
	return message.Edit{Op: op, Path: message.ParsePath(path), Text: text}
}

func TestDiffMarksChangedAndInsertedBytes(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want []int
	}{
		{"00010203", "00010203", nil},
		{"00010203", "00ff0203", []int{1, 2}},
		// An insertion in the middle: the inserted byte, not the shifted tail.
		{"0001020304", "000102aa0304", []int{3, 4}},
		// The size prefix changes and an element is appended.
		{"00000002aabb", "00000003aabbcc", []int{3, 4, 6, 7}},
	} {
		a, _ := hex.DecodeString(c.a)
		b, _ := hex.DecodeString(c.b)
		if got := diff(a, b); !reflect.DeepEqual(got, c.want) {
			t.Errorf("diff(%s, %s) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestPaneEditKeepsLastGoodFrame(t *testing.T) {
	p := NewPane(schema.ByName("InitProducerId"), 5, schema.Request)
	if got := len(p.Bytes()); got != 31 {
		t.Fatalf("minimal request is %d bytes, want 31", got)
	}
	if !p.Edit(edit(message.OpSet, "body.TransactionTimeoutMs", "60000")) {
		t.Fatalf("edit failed: %s", p.EditErr)
	}
	if got := hex.EncodeToString(p.Bytes()[16:20]); got != "0000ea60" {
		t.Errorf("TransactionTimeoutMs bytes %s, want 0000ea60", got)
	}
	if !reflect.DeepEqual(p.Changed, []int{18, 20}) {
		t.Errorf("changed %v, want [18 20]", p.Changed)
	}
	good := append([]byte(nil), p.Bytes()...)
	if p.Edit(edit(message.OpSet, "body.TransactionTimeoutMs", "3000000000")) {
		t.Fatal("an out-of-range int32 was accepted")
	}
	if p.EditErr == "" || string(p.Bytes()) != string(good) {
		t.Errorf("after a bad edit: err %q, bytes changed %v", p.EditErr, string(p.Bytes()) != string(good))
	}
}

func TestFragmentRoundTrip(t *testing.T) {
	api := schema.ByName("DescribeProducers")
	req := NewPane(api, 0, schema.Request)
	resp := NewPane(api, 0, schema.Response)
	if f := Fragment(editedFrame(req), editedFrame(resp)); f != "" {
		t.Errorf("unedited panes give fragment %q, want none", f)
	}
	if !req.Edit(edit(message.OpAppend, "body.Topics", "")) || !req.Edit(edit(message.OpSet, "header.ClientId", `"><img src=x>`)) {
		t.Fatal(req.EditErr)
	}
	f := Fragment(editedFrame(req), editedFrame(resp))
	rb, sb, err := ParseFragment(f)
	if err != nil || sb != nil || string(rb) != string(req.Bytes()) {
		t.Fatalf("ParseFragment(%q) = %x, %x, %v", f, rb, sb, err)
	}
	// Both frames, as a paste of a request and its response writes them.
	rb, sb, err = ParseFragment(Fragment(req.Bytes(), resp.Bytes()))
	if err != nil || string(rb) != string(req.Bytes()) || string(sb) != string(resp.Bytes()) {
		t.Fatalf("both frames: %x, %x, %v", rb, sb, err)
	}
	back := NewPane(api, 0, schema.Request)
	back.Restore(rb)
	if back.Notice != "" || string(back.Bytes()) != string(req.Bytes()) || !back.Edited {
		t.Errorf("restored pane: notice %q, same bytes %v", back.Notice, string(back.Bytes()) == string(req.Bytes()))
	}
	// A frame that does not decode is shown with a notice, not a panic.
	bad := NewPane(api, 0, schema.Request)
	bad.Restore([]byte{0, 0, 0, 9, 1})
	if bad.Notice == "" {
		t.Error("a broken shared frame gave no notice")
	}
}

func TestCrumbsNameElementsByTheirArray(t *testing.T) {
	p := NewPane(schema.ByName("DescribeProducers"), 0, schema.Response)
	n := p.At(20)
	// One name for the position: the crumb is the tree's element names
	// joined as the JSON nests them.
	if got := p.Info(n).Crumb; got != "Topics[0].Partitions[0].ErrorCode" {
		t.Errorf("crumb of byte 20: %q", got)
	}
	if got := p.Info(p.Info(n).Parent).Crumb; got != "Topics[0].Partitions[0]" || p.Info(n).Parent.Name != "Partitions[0]" {
		t.Errorf("the element holding byte 20: crumb %q, named %q in the tree", got, p.Info(n).Parent.Name)
	}
	// A header field reads as the JSON names it.
	if got := p.Info(p.At(4)).Crumb; got != "header.CorrelationId" {
		t.Errorf("crumb of byte 4: %q", got)
	}
	if got := p.Info(n).Path; got != "body.Topics.0.Partitions.0.ErrorCode" {
		t.Errorf("path of byte 20: %q", got)
	}
}

func TestEveryMinimalMessageBuildsAPane(t *testing.T) {
	for _, path := range Paths()[1:] {
		if ParseComparePath(path) != nil || learnRoute.MatchString(path) {
			continue // a compare view or a primer page (tested in compare_test.go and learn_test.go), not a version page
		}
		api, v, ok := ParsePagePath(path)
		if !ok {
			t.Fatalf("%s does not parse back", path)
		}
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			p := NewPane(api, v, dir)
			if p.Notice != "" || len(p.Bytes()) < 8 {
				t.Errorf("%s %s: %q, %d bytes", path, dir, p.Notice, len(p.Bytes()))
			}
		}
	}
}

// The page and the primer's examples move a pane's selection the same way:
// by a byte (the deepest node holding it) or by a node's id.
func TestPaneSelectsAndHoversByByteAndByID(t *testing.T) {
	p := NewPane(schema.ByName("InitProducerId"), 5, schema.Request)
	// InitProducerId v5 request: size (4), header v2 (2+2+4, client id 2, tags 1), then
	// TransactionalId (compact, 1 byte null) and TransactionTimeoutMs (4 bytes) at 16..20.
	off := 18
	p.EditErr = "an earlier edit's error"
	p.SelectAt(off)
	n := p.Selected
	if n == nil || n.Name != "TransactionTimeoutMs" || n.Off != 16 || n.End != 20 || p.Cursor != off || p.EditErr != "" {
		t.Fatalf("SelectAt(%d): %+v, cursor %d, edit error %q", off, n, p.Cursor, p.EditErr)
	}
	if !p.HoverAt(off) || p.Hovered != n || p.HoverAt(off+1) {
		t.Errorf("hovering a byte of the same field twice: %+v", p.Hovered)
	}
	// Past the frame nothing is hovered: a change once, then none.
	if !p.HoverAt(len(p.Bytes())) || p.Hovered != nil || p.HoverAt(-1) {
		t.Errorf("hovering past the frame: %+v", p.Hovered)
	}

	id := p.Info(n).ID
	p.SelectAt(0)
	if p.Selected == n {
		t.Fatalf("byte 0 selects %+v", p.Selected)
	}
	if !p.SelectID(id) || p.Selected != n || p.Cursor != 16 {
		t.Errorf("SelectID(%q): %+v, cursor %d", id, p.Selected, p.Cursor)
	}
	if p.SelectID("0.99") || p.Selected != n || p.Cursor != 16 {
		t.Errorf("SelectID of no node changed the selection: %+v, cursor %d", p.Selected, p.Cursor)
	}
	if !p.HoverID(id) || p.HoverID(id) || p.Hovered != n {
		t.Errorf("HoverID(%q) twice: %+v", id, p.Hovered)
	}
}
