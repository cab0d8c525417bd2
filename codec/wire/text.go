package wire

import (
	"strconv"
	"strings"
)

// ParseInt reads an integer of bits bits as a person types it: decimal, or
// hex after 0x, with an optional sign. A leading zero is only a zero:
// strconv's base 0 reads 010 as octal 8, and a field showing 0 that was
// typed after became another number without a word.
func ParseInt(text string, bits int) (int64, error) {
	t := strings.TrimSpace(text)
	digits := strings.TrimLeft(t, "+-")
	if len(t)-len(digits) > 1 {
		return 0, strconv.ErrSyntax
	}
	if len(digits) > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X') {
		n, err := strconv.ParseUint(digits[2:], 16, bits)
		if err != nil {
			return 0, err
		}
		if strings.HasPrefix(t, "-") {
			if n > 1<<(bits-1) {
				return 0, strconv.ErrRange
			}
			return -int64(n), nil
		}
		if n >= 1<<(bits-1) {
			return 0, strconv.ErrRange
		}
		return int64(n), nil
	}
	return strconv.ParseInt(t, 10, bits)
}
