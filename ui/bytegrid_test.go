package ui

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// hexRunRe is a hex run of the grid's HTML: its classes, the offset of its
// first byte (data-h in the frame, data-bh in a decompressed buffer), its
// region and its bytes.
var hexRunRe = regexp.MustCompile(`<span class="(b [^"]*)" data-b?h="(\d+)" data-region="([^"]*)">([0-9a-f]{2}(?: [0-9a-f]{2})*)</span>`)

// gridCell is one hex byte of the grid's HTML, read out of its run.
type gridCell struct {
	off           int
	hex           string
	class, region string // the run's
}

// gridCells is every hex byte of the grid HTML h, in the order written.
func gridCells(h string) []gridCell {
	var cells []gridCell
	for _, m := range hexRunRe.FindAllStringSubmatch(h, -1) {
		first, _ := strconv.Atoi(m[2])
		for i, x := range strings.Split(m[4], " ") {
			cells = append(cells, gridCell{first + i, x, m[1], m[3]})
		}
	}
	return cells
}

// hasClass reports whether a space-separated class list holds c.
func hasClass(list, c string) bool {
	for f := range strings.FieldsSeq(list) {
		if f == c {
			return true
		}
	}
	return false
}

// On a phone a row holds 8 bytes: offsets step by 8, every byte is in exactly one row, in order.
func TestByteGridNarrowRowsHoldEightBytes(t *testing.T) {
	b := make([]byte, 43)
	for i := range b {
		b[i] = byte(i)
	}
	for _, c := range []struct {
		cols       int
		rows       int
		secondOff  string
		lastOffset string
	}{
		{0, 3, "0010", "0020"}, // before the browser says: as pre-rendered
		{wideCols, 3, "0010", "0020"},
		{narrowCols, 6, "0008", "0028"},
	} {
		g := &ByteGrid{Bytes: b, Regions: make([]byte, len(b)), SelOff: 9, SelEnd: 11, HovOff: -1, HovEnd: -1, Cursor: -1, cols: c.cols}
		if g.rows() != c.rows {
			t.Errorf("cols %d: %d rows, want %d", c.cols, g.rows(), c.rows)
		}
		var h strings.Builder
		for r := 0; r < g.rows(); r++ {
			g.rowHTML(&h, r, nil, "")
		}
		offs := regexp.MustCompile(`<span class="grid-off">([0-9a-f]+)</span>`).FindAllStringSubmatch(h.String(), -1)
		if len(offs) != c.rows || offs[1][1] != c.secondOff || offs[len(offs)-1][1] != c.lastOffset {
			t.Errorf("cols %d: row offsets %v, want %d rows, the second at %s, the last at %s", c.cols, offs, c.rows, c.secondOff, c.lastOffset)
		}
		cells := gridCells(h.String())
		if len(cells) != len(b) {
			t.Fatalf("cols %d: %d hex bytes, want %d", c.cols, len(cells), len(b))
		}
		var sel []string
		for i, m := range cells {
			if m.off != i || m.hex != hexByte[b[i]] {
				t.Fatalf("cols %d: hex byte %d is offset %d with %s", c.cols, i, m.off, m.hex)
			}
			if hasClass(m.class, "sel") {
				sel = append(sel, strconv.Itoa(m.off))
			}
		}
		if got := strings.Join(sel, ","); got != "9,10" {
			t.Errorf("cols %d: selected hex bytes %s, want 9,10", c.cols, got)
		}
	}
}

// The hex column is runs of bytes alike, as the ASCII gutter is: a run
// breaks where the region or a highlight changes, and in a wide row at
// its middle (the run there carries the gap's class); the ASCII runs break
// at the same bytes but the middle.
func TestByteGridHexRuns(t *testing.T) {
	b := make([]byte, 32)
	regions := make([]byte, 32)
	for i := range b {
		b[i] = byte(0xa0 + i)
		regions[i] = 1
	}
	for i := 4; i < 12; i++ {
		regions[i] = 3
	}
	g := &ByteGrid{Bytes: b, Regions: regions, SelOff: 20, SelEnd: 24, HovOff: 5, HovEnd: 7, Cursor: 22, MarkOff: -1, MarkEnd: -1}
	var h strings.Builder
	g.rowHTML(&h, 0, nil, "")
	g.rowHTML(&h, 1, []int{29, 31}, " chg1")
	runs := hexRunRe.FindAllStringSubmatch(h.String(), -1)
	var got []string
	for _, m := range runs {
		got = append(got, m[2]+"|"+m[1]+"|"+m[4])
	}
	want := []string{
		"0|b r1|a0 a1 a2 a3",
		"4|b r3|a4",
		"5|b r3 hov|a5 a6",
		"7|b r3|a7",
		"8|b r3 g|a8 a9 aa ab", // the second half of the row
		"12|b r1|ac ad ae af",
		"16|b r1|b0 b1 b2 b3",
		"20|b r1 sel|b4 b5",
		"22|b r1 sel cur|b6",
		"23|b r1 sel|b7",
		"24|b r1 g|b8 b9 ba bb bc",
		"29|b r1 chg1|bd be",
		"31|b r1|bf",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("hex runs:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	asc := regexp.MustCompile(`data-a="(\d+)"`).FindAllStringSubmatch(h.String(), -1)
	var starts []string
	for _, m := range asc {
		starts = append(starts, m[1])
	}
	if s := strings.Join(starts, ","); s != "0,4,5,7,12,16,20,22,23,24,29,31" {
		t.Errorf("ASCII runs start at %s", s)
	}
	// A decompressed buffer's runs carry their own attributes: they are not frame offsets.
	g.Buf = 1
	h.Reset()
	g.rowHTML(&h, 0, nil, "")
	if s := h.String(); strings.Contains(s, "data-h=") || strings.Contains(s, "data-a=") || len(gridCells(s)) != 16 || !strings.Contains(s, `data-ba="0"`) {
		t.Errorf("a buffer's row: %s", s)
	}
}

func TestRunIndexFromPointer(t *testing.T) {
	// A run of 4 bytes 36 px wide (an ASCII run): 9 px each.
	for _, c := range []struct {
		x    float64
		want int
	}{{0, 0}, {8.9, 0}, {9, 1}, {27.5, 3}, {35.9, 3}, {-3, 0}, {40, 3}} {
		if got := runIndex(c.x, 36, 4); got != c.want {
			t.Errorf("runIndex(%v, 36, 4) = %d, want %d", c.x, got, c.want)
		}
	}
	// A hex run of 3 bytes, 25 px each: the gap after a byte's digits is still that byte.
	for _, c := range []struct {
		x    float64
		want int
	}{{3, 0}, {24.9, 0}, {25, 1}, {49, 1}, {51, 2}, {74.9, 2}} {
		if got := runIndex(c.x, 75, 3); got != c.want {
			t.Errorf("runIndex(%v, 75, 3) = %d, want %d", c.x, got, c.want)
		}
	}
	if got := runIndex(5, 0, 0); got != 0 {
		t.Errorf("an empty run: %d, want 0", got)
	}
}
