package hexin

import (
	"encoding/base64"
	"strings"
)

// parseHex reads hex digits with whatever people put between bytes, and
// hex in one pair of quotes ("…", '…', b'…': a string in a log, what
// Python's binascii.hexlify returns).
func parseHex(text string) ([]byte, Format, *Error) {
	lo, hi := quotedSpan(text)
	out := make([]byte, 0, len(text)/2)
	for i := lo; i < hi; {
		c := text[i]
		switch {
		case isSpace(c) || c == ':' || c == ',' || c == '-':
			i++
			continue
		case c == '0' && i+1 < len(text) && (text[i+1] == 'x' || text[i+1] == 'X'),
			c == '\\' && i+1 < len(text) && text[i+1] == 'x':
			// A 0x or \x prefix: what follows it must be hex.
			i += 2
			if i >= len(text) || !isHex(text[i]) {
				return nil, Hex, errAt(Hex, i, "expected a hex digit after %s, %s", text[i-2:i], found(text, i))
			}
		case !isHex(c):
			return nil, Hex, errAt(Hex, i, "expected a hex digit, %s", found(text, i))
		}
		j := i
		for j < len(text) && isHex(text[j]) {
			j++
		}
		if (j-i)%2 == 1 {
			if j < len(text) && !isSpace(text[j]) && !strings.ContainsRune(":,-\\", rune(text[j])) {
				return nil, Hex, errAt(Hex, j, "expected a hex digit, %s", found(text, j))
			}
			if strings.IndexFunc(text[j:hi], func(r rune) bool { return r < 0x80 && isHex(byte(r)) }) < 0 {
				// The last run: the hex was cut short, or has a digit too many.
				return nil, Hex, errAt(Hex, j-1, "odd number of hex digits (%d): the hex ends here, half-way through a byte", 2*len(out)+j-i)
			}
			return nil, Hex, errAt(Hex, j-1, "odd number of hex digits (%d) in this run: each byte is two", j-i)
		}
		for ; i < j; i += 2 {
			out = append(out, unhex(text[i])<<4|unhex(text[i+1]))
		}
	}
	if len(out) == 0 {
		return nil, Hex, errAt(Hex, skipSpace(text, lo), "expected a hex digit, %s", found(text, skipSpace(text, lo)))
	}
	return out, Hex, nil
}

// quotedSpan is where the hex of text is: inside its quotes when the whole
// text (but for spaces) is one quoted string, else all of it.
func quotedSpan(text string) (lo, hi int) {
	i, j := skipSpace(text, 0), len(strings.TrimRight(text, " \t\r\n"))
	if i < j && (text[i] == 'b' || text[i] == 'B') {
		i++
	}
	if j-i >= 2 && (text[i] == '"' || text[i] == '\'') && text[j-1] == text[i] && !strings.ContainsAny(text[i+1:j-1], "'\"") {
		return i + 1, j - 1
	}
	return 0, len(text)
}

func parseBase64(text string) ([]byte, Format, *Error) {
	return parseB64(text, Base64, "+/", base64.RawStdEncoding)
}

func parseBase64URL(text string) ([]byte, Format, *Error) {
	return parseB64(text, Base64URL, "-_", base64.RawURLEncoding)
}

// parseB64 allows line breaks and indentation but no spaces inside a line,
// which would make ordinary words look like base64.
func parseB64(text string, f Format, extra string, enc *base64.Encoding) ([]byte, Format, *Error) {
	// buf grows as the characters come: made the text's size at once, it
	// cost every paste that is not base64 (the 4.6 MB xxd dump of a 1 MiB
	// frame, say) as much memory, cleared, before its first line failed.
	var buf []byte
	pads, last := 0, 0
	for start := 0; start < len(text); {
		eol, next := lineEnd(text, start)
		i, end := start, eol
		for i < end && isSpace(text[i]) {
			i++
		}
		for end > i && isSpace(text[end-1]) {
			end--
		}
		for ; i < end; i++ {
			c := text[i]
			switch {
			case c == '=' && len(buf) > 0:
				pads++
			case pads == 0 && ('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == extra[0] || c == extra[1]):
				buf = append(buf, c)
				last = i
			default:
				what := "a base64 character"
				if pads > 0 {
					what = "only '=' after padding"
				}
				return nil, f, errAt(f, i, "expected %s, %s", what, found(text, i))
			}
		}
		start = next
	}
	switch {
	case len(buf)%4 == 1:
		return nil, f, errAt(f, last, "a base64 text cannot end with a single character in its last group")
	case pads > 0 && (len(buf)+pads)%4 != 0:
		return nil, f, errAt(f, len(text), "wrong number of '=' padding characters")
	}
	out := make([]byte, enc.DecodedLen(len(buf)))
	n, err := enc.Decode(out, buf)
	if err != nil {
		return nil, f, errAt(f, last, "invalid base64: %v", err)
	}
	return out[:n], f, nil
}

func parsePercent(text string) ([]byte, Format, *Error) {
	i, end := skipSpace(text, 0), len(strings.TrimRight(text, " \t\r\n"))
	if strings.IndexByte(text, '%') < 0 {
		// Without a single escape, any word would pass as percent-encoded.
		return nil, Percent, errAt(Percent, i, "expected a %%XX escape, %s", found(text, i))
	}
	out := make([]byte, 0, len(text)/3)
	for ; i < end; i++ {
		c := text[i]
		switch {
		case c == '%':
			for k := 1; k <= 2; k++ {
				if i+k >= end || !isHex(text[i+k]) {
					return nil, Percent, errAt(Percent, i+k, "expected a hex digit after '%%', %s", found(text, i+k))
				}
			}
			out = append(out, unhex(text[i+1])<<4|unhex(text[i+2]))
			i += 2
		case c > ' ' && c < 0x7f:
			out = append(out, c)
		default:
			return nil, Percent, errAt(Percent, i, "expected a %%XX escape or a printable character, %s", found(text, i))
		}
	}
	return out, Percent, nil
}

// lineEnd returns where the line starting at start ends (its '\n', or the
// end of text) and where the next line starts.
func lineEnd(text string, start int) (eol, next int) {
	i := strings.IndexByte(text[start:], '\n')
	if i < 0 {
		return len(text), len(text)
	}
	return start + i, start + i + 1
}
