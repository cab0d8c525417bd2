package ui

import "strconv"

func itoa(n int) string { return strconv.Itoa(n) }

// groupDigits writes n with a comma between groups of three digits (1,572,982).
func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
