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
