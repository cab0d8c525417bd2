package ui

import (
	"testing"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

func TestByteGridRendersOnlyTheRowsInView(t *testing.T) {
	big := make([]byte, 1<<20)
	g := &ByteGrid{Bytes: big, Regions: make([]byte, len(big)), SelOff: -1, SelEnd: -1, HovOff: -1, HovEnd: -1, Cursor: -1}
	e := app.NewTestEngine()
	if err := e.Load(g); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// grid > [head, scroll > spacer > rows > row...]
	first, last := g.window()
	if n := last - first; n != viewRows+marginRows {
		t.Errorf("%d rows rendered at the top of a 1 MiB frame, want %d", n, viewRows+marginRows)
	}
	if err := app.Match(app.Div().Class("grid-row"), g, 0, 1, 0, 0, viewRows+marginRows-1); err != nil {
		t.Errorf("last rendered row: %v", err)
	}
	if err := app.Match(app.Div().Class("grid-row"), g, 0, 1, 0, 0, viewRows+marginRows); err == nil {
		t.Error("a row beyond the window is rendered")
	}
}

func TestByteGridCellCarriesOffsetAndRegion(t *testing.T) {
	p := NewPane(schema.ByName("DescribeProducers"), 0, schema.Request)
	g := &ByteGrid{Bytes: p.Bytes(), Regions: p.Regions, SelOff: 4, SelEnd: 6, HovOff: -1, HovEnd: -1, Cursor: -1}
	e := app.NewTestEngine()
	if err := e.Load(g); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// Row 0, hex column, cell 4: the first byte of the API key, selected.
	want := app.Span().Class("b r2 sel").Attr("data-off", "4").Attr("data-region", "header").Text("00")
	if err := app.Match(want, g, 0, 1, 0, 0, 0, 1, 4); err != nil {
		t.Error(err)
	}
	want = app.Span().Class("b r6").Attr("data-off", "14").Attr("data-region", "tagged").Text("00")
	if err := app.Match(want, g, 0, 1, 0, 0, 0, 1, 14); err != nil {
		t.Error(err)
	}
}

func TestVersionPickerMarksFlags(t *testing.T) {
	v := &VersionPicker{API: "InitProducerId", Version: 5}
	e := app.NewTestEngine()
	if err := e.Load(v); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	// v1 is classic, v2 is the first flexible version.
	if err := app.Match(app.Span().Class("mk mk-f").Text("F"), v, 0, 1, 2, 1, 0); err != nil {
		t.Errorf("v2 is not marked flexible: %v", err)
	}
	if err := app.Match(app.Span().Class("ver-n").Text("v1"), v, 0, 1, 1, 0); err != nil {
		t.Error(err)
	}
}

func TestPageIsNotReadyBeforeMount(t *testing.T) {
	// On the server there is no mount: the pre-rendered root has no data-wasm.
	c := &Page{}
	if c.ready {
		t.Fatal("ready before mount")
	}
	u := NewPane(schema.ByName("DescribeProducers"), 0, schema.Request)
	if len(u.Bytes()) != 24 {
		t.Fatalf("request %d bytes", len(u.Bytes()))
	}
}

func TestResolveAPI(t *testing.T) {
	for in, want := range map[string]string{"61": "DescribeProducers", "describeproducers": "DescribeProducers", "InitProducerId (22)": "InitProducerId"} {
		if a := Resolve(in); a == nil || a.Name != want {
			t.Errorf("Resolve(%q) = %v, want %s", in, a, want)
		}
	}
	if Resolve("nope") != nil || Resolve("999") != nil {
		t.Error("unknown APIs resolve")
	}
}
