package ui

import (
	"strconv"
	"strings"
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
	first, last := g.window()
	if n := last - first; n != viewRows+marginRows {
		t.Errorf("%d rows rendered at the top of a 1 MiB frame, want %d", n, viewRows+marginRows)
	}
	// grid > [head, scroll > spacer > rows > row...]: each row is one raw HTML element.
	rows := gridRows(t, g)
	if len(rows) != viewRows+marginRows {
		t.Fatalf("%d rows in the DOM, want %d", len(rows), viewRows+marginRows)
	}
	last16 := (viewRows + marginRows - 1) * 16
	if c := gridCells(rows[len(rows)-1]); len(c) != 16 || c[0].off != last16 || c[15].off != last16+15 {
		t.Errorf("last rendered row: %s", rows[len(rows)-1])
	}
}

// gridRows is the HTML of the rows a ByteGrid has in its DOM, split per
// row: grid > [head, scroll > spacer > raw rows].
func gridRows(t *testing.T, g *ByteGrid) []string {
	t.Helper()
	first, last := g.window()
	var b strings.Builder
	b.WriteString(`<div class="grid-rows" style="transform: translateY(` + strconv.Itoa(first*rowHeight) + `px)">`)
	for r := first; r < last; r++ {
		g.rowHTML(&b, r, g.Changed, "")
	}
	b.WriteString(`</div>`)
	if err := app.Match(app.Raw(b.String()), g, 0, 1, 0, 0); err != nil {
		t.Fatalf("the rows in the DOM are not rows %d..%d: %v", first, last-1, err)
	}
	rows := strings.Split(b.String(), `<div class="grid-row">`)
	return rows[1:]
}

func TestByteGridRunsCarryOffsetAndRegion(t *testing.T) {
	p := NewPane(schema.ByName("DescribeProducers"), 0, schema.Request)
	g := &ByteGrid{Bytes: p.Bytes(), Regions: p.Regions, SelOff: 4, SelEnd: 6, HovOff: -1, HovEnd: -1, Cursor: -1}
	var b strings.Builder
	g.rowHTML(&b, 0, nil, "")
	row := b.String()
	// Row 0, hex column and ASCII gutter, one run per stretch of bytes
	// alike: the frame size, the selected API key (0x00 0x3d), the rest of
	// the header (in hex in two runs, either side of the row's middle), the
	// header's tagged fields, the body.
	for _, want := range []string{
		`<span class="grid-hex"><span class="b r1" data-h="0" data-region="frame">00 00 00 14</span><span class="b r2 sel" data-h="4" data-region="header">00 3d</span><span class="b r2" data-h="6" data-region="header">00 00</span><span class="b r2 g" data-h="8" data-region="header">00 00 00 00 00 00</span><span class="b r6" data-h="14" data-region="tagged">00</span><span class="b r4" data-h="15" data-region="body">02</span></span>`,
		`<span class="grid-asc"><span class="a r1" data-a="0">....</span><span class="a r2 sel" data-a="4">.=</span><span class="a r2" data-a="6">........</span><span class="a r6" data-a="14">.</span><span class="a r4" data-a="15">.</span></span>`,
	} {
		if !strings.Contains(row, want) {
			t.Errorf("row 0 has no %s:\n%s", want, row)
		}
	}
}

func TestByteGridEscapesASCII(t *testing.T) {
	g := &ByteGrid{Bytes: []byte(`<a&"'>`), SelOff: -1, SelEnd: -1, HovOff: -1, HovEnd: -1, Cursor: -1, MarkOff: -1, MarkEnd: -1}
	var b strings.Builder
	g.rowHTML(&b, 0, nil, "")
	if strings.Contains(b.String(), "<a&") || !strings.Contains(b.String(), "&lt;") {
		t.Errorf("ASCII gutter not escaped: %s", b.String())
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

func TestSummarySaysWhatTheVersionsEncodingIs(t *testing.T) {
	for _, c := range []struct {
		version int16
		want    string
	}{
		{9, "v9 flexible: compact lengths, tagged fields"},
		{0, "v0 classic: fixed-width lengths, no tagged fields; deprecated, removed in Kafka 4.0"},
	} {
		s := &Summary{API: "Produce", Version: c.version}
		e := app.NewTestEngine()
		if err := e.Load(s); err != nil {
			t.Fatal(err)
		}
		e.ConsumeAll()
		// summary > second item > dd
		if err := app.Match(app.Dd().ID("encoding").Text(c.want), s, 0, 1, 1); err != nil {
			t.Errorf("Produce v%d: %v", c.version, err)
		}
	}
}
