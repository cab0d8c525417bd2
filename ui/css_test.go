package ui

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestStyleSheetBalances: every block and comment of the style sheet is
// closed. One unclosed @media block once swallowed every rule after it,
// which then applied only on narrow screens.
func TestStyleSheetBalances(t *testing.T) {
	b, err := os.ReadFile("../web/kafkawire.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	if open, closed := strings.Count(css, "/*"), strings.Count(css, "*/"); open != closed {
		t.Fatalf("%d comments opened, %d closed", open, closed)
	}
	code := regexp.MustCompile(`(?s)/\*.*?\*/`).ReplaceAllStringFunc(css, func(c string) string {
		return strings.Repeat("\n", strings.Count(c, "\n"))
	})
	var opened []int
	for i, line := range strings.Split(code, "\n") {
		for _, c := range line {
			switch c {
			case '{':
				opened = append(opened, i+1)
			case '}':
				if len(opened) == 0 {
					t.Fatalf("line %d closes a block that was never opened", i+1)
				}
				opened = opened[:len(opened)-1]
			}
		}
	}
	if len(opened) > 0 {
		t.Fatalf("blocks opened on lines %v are never closed", opened)
	}
}
