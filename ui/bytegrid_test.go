package ui

import (
	"regexp"
	"strings"
	"testing"
)

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
		cells := regexp.MustCompile(`data-off="(\d+)"[^>]*>([0-9a-f]{2})<`).FindAllStringSubmatch(h.String(), -1)
		if len(cells) != len(b) {
			t.Fatalf("cols %d: %d hex cells, want %d", c.cols, len(cells), len(b))
		}
		for i, m := range cells {
			if m[1] != itoa(i) || m[2] != hexByte[b[i]] {
				t.Fatalf("cols %d: cell %d is offset %s with %s", c.cols, i, m[1], m[2])
			}
		}
		if n := len(regexp.MustCompile(`class="b r\d+ sel" data-off="(9|10)"`).FindAllString(h.String(), -1)); n != 2 {
			t.Errorf("cols %d: %d selected hex cells, want 2", c.cols, n)
		}
	}
}

func TestASCIIIndexFromPointer(t *testing.T) {
	// A run of 4 characters 36 px wide: 9 px each.
	for _, c := range []struct {
		x    float64
		want int
	}{{0, 0}, {8.9, 0}, {9, 1}, {27.5, 3}, {35.9, 3}, {-3, 0}, {40, 3}} {
		if got := asciiIndex(c.x, 36, 4); got != c.want {
			t.Errorf("asciiIndex(%v, 36, 4) = %d, want %d", c.x, got, c.want)
		}
	}
	if got := asciiIndex(5, 0, 0); got != 0 {
		t.Errorf("an empty run: %d, want 0", got)
	}
}
