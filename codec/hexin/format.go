package hexin

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

// ReadOnly reports whether f is only read: a log whose lines say more than
// bytes (kafkajs's names each response's API and version). FormatAs writes
// such a format as plain hex.
func (f Format) ReadOnly() bool { return f == KafkajsLog }

// FormatAs writes b out in format f, as the tool that format is named after
// would print it (for the UI's "Copy as"). Unknown formats give plain hex.
//
// It is not called Format because that name is taken by the Format type.
func FormatAs(b []byte, f Format) string {
	var sb strings.Builder
	switch f {
	case HexdumpC:
		return hexdumpC(b)
	case GoDump:
		return hex.Dump(b)
	case XXD:
		return columns(b, func(sb *strings.Builder, off int, line []byte) {
			fmt.Fprintf(sb, "%08x: ", off)
			var h strings.Builder
			for i, c := range line {
				if i > 0 && i%2 == 0 {
					h.WriteByte(' ')
				}
				fmt.Fprintf(&h, "%02x", c)
			}
			fmt.Fprintf(sb, "%-39s  %s\n", h.String(), printable(line, true))
		})
	case XXDLittle:
		return columns(b, func(sb *strings.Builder, off int, line []byte) {
			var h strings.Builder
			for i := 0; i < len(line); i += 4 {
				word := line[i:min(i+4, len(line))]
				if i > 0 {
					h.WriteByte(' ')
				}
				// A short last word is right-aligned, as xxd -e prints it.
				h.WriteString(strings.Repeat("  ", 4-len(word)))
				for k := len(word) - 1; k >= 0; k-- {
					fmt.Fprintf(&h, "%02x", word[k])
				}
			}
			fmt.Fprintf(sb, "%08x: %-35s  %s\n", off, h.String(), printable(line, true))
		})
	case Hexdump:
		return squeezed(b, func(sb *strings.Builder, off int, line []byte) {
			var h strings.Builder
			for i := 0; i < len(line); i += 2 {
				lo, hi := line[i], byte(0)
				if i+1 < len(line) {
					hi = line[i+1]
				}
				fmt.Fprintf(&h, " %02x%02x", hi, lo)
			}
			fmt.Fprintf(sb, "%07x%-40s\n", off, h.String())
		}, "%07x\n")
	case Librdkafka:
		return columns(b, func(sb *strings.Builder, off int, line []byte) {
			fmt.Fprintf(sb, "%08x: %-48s %-16s\n", off, spaced(line, "%02x "), printable(line, true))
		})
	case TcpdumpX:
		return columns(b, func(sb *strings.Builder, off int, line []byte) {
			var h strings.Builder
			for i := 0; i < len(line); i += 2 {
				h.WriteString(" " + hex.EncodeToString(line[i:min(i+2, len(line))]))
			}
			// tcpdump uses isgraph, so spaces show as dots.
			fmt.Fprintf(sb, "\t0x%04x: %-40s  %s\n", off, h.String(), strings.ReplaceAll(printable(line, true), " ", "."))
		})
	case Wireshark:
		return columns(b, func(sb *strings.Builder, off int, line []byte) {
			fmt.Fprintf(sb, "%04x  %s   %s%s\n", off, spaced(line, " %02x"), strings.Repeat("   ", 16-len(line)), printable(line, true))
		})
	case FramesJSON:
		// One line, the bytes as a request's: hexin does not tell requests
		// from responses.
		return `{"conn":null,"time":null,"direction":"request","hex":"` + hex.EncodeToString(b) + "\"}\n"
	case FollowHex:
		return followHex(b)
	case FollowRaw:
		return "Follow: tcp,raw\n" + hex.EncodeToString(b) + "\n"
	case FollowYAML:
		// One packet of node 0's, as tshark writes it: base64 lines of 57 bytes.
		sb.WriteString("peers:\n  - peer: 0\n  - peer: 1\npackets:\n  - packet: 1\n    peer: 0\n    data: !!binary |\n")
		for i := 0; i < len(b); i += 57 {
			sb.WriteString("      " + base64.StdEncoding.EncodeToString(b[i:min(i+57, len(b))]) + "\n")
		}
		return sb.String()
	case OD:
		return odDump(b)
	case NodeBuffer:
		return "<Buffer" + spaced(b, " %02x") + ">"
	case NodeBufferJSON:
		return `{"type":"Buffer","data":[` + decimals(b, ",", false) + "]}"
	case GoLiteral:
		sb.WriteString("[]byte{")
		for i, c := range b {
			if i%16 == 0 {
				sb.WriteString("\n\t")
			} else {
				sb.WriteByte(' ')
			}
			fmt.Fprintf(&sb, "0x%02x,", c)
		}
		if len(b) > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString("}")
		return sb.String()
	case CArray:
		// The layout of xxd -i, so it pastes into C the way that output does.
		sb.WriteString("unsigned char data[] = {")
		for i, c := range b {
			if i > 0 {
				sb.WriteByte(',')
			}
			if i%12 == 0 {
				sb.WriteString("\n ")
			}
			fmt.Fprintf(&sb, " 0x%02x", c)
		}
		fmt.Fprintf(&sb, "\n};\nunsigned int data_len = %d;\n", len(b))
		return sb.String()
	case Java:
		return "[" + decimals(b, ", ", true) + "]"
	case GoV:
		return fmt.Sprint(b)
	case HexList:
		return "[" + strings.TrimSuffix(spaced(b, "%02x, "), ", ") + "]"
	case Erlang:
		return "<<" + decimals(b, ",", false) + ">>"
	case PythonBytes:
		return pythonRepr(b)
	case CString:
		sb.WriteByte('"')
		for _, c := range b {
			switch {
			case c == '"' || c == '\\':
				sb.WriteString(`\` + string(c))
			case c >= 0x20 && c < 0x7f:
				sb.WriteByte(c)
			default:
				// Always three digits, so a following digit cannot join the escape.
				fmt.Fprintf(&sb, `\%03o`, c)
			}
		}
		sb.WriteByte('"')
		return sb.String()
	case Base64:
		return base64.StdEncoding.EncodeToString(b)
	case Base64URL:
		return base64.RawURLEncoding.EncodeToString(b)
	case Percent:
		for _, c := range b {
			fmt.Fprintf(&sb, "%%%02X", c)
		}
		return sb.String()
	}
	return hex.EncodeToString(b)
}

func columns(b []byte, line func(sb *strings.Builder, off int, line []byte)) string {
	var sb strings.Builder
	for off := 0; off < len(b); off += 16 {
		line(&sb, off, b[off:min(off+16, len(b))])
	}
	return sb.String()
}

func spaced(b []byte, item string) string {
	var sb strings.Builder
	for _, c := range b {
		fmt.Fprintf(&sb, item, c)
	}
	return sb.String()
}

func printable(b []byte, space bool) string {
	out := make([]byte, len(b))
	for i, c := range b {
		if c >= 0x21 && c < 0x7f || space && c == ' ' {
			out[i] = c
		} else {
			out[i] = '.'
		}
	}
	return string(out)
}

func decimals(b []byte, sep string, signed bool) string {
	parts := make([]string, len(b))
	for i, c := range b {
		if signed {
			parts[i] = strconv.Itoa(int(int8(c)))
		} else {
			parts[i] = strconv.Itoa(int(c))
		}
	}
	return strings.Join(parts, sep)
}

// hexdumpC matches hexdump -C, including its squeezing of repeated lines.
func hexdumpC(b []byte) string {
	return squeezed(b, func(sb *strings.Builder, off int, line []byte) {
		var h strings.Builder
		for i, c := range line {
			if i == 8 {
				h.WriteByte(' ')
			}
			fmt.Fprintf(&h, " %02x", c)
		}
		fmt.Fprintf(sb, "%08x %-49s  |%s|\n", off, h.String(), printable(line, true))
	}, "%08x\n")
}

func odDump(b []byte) string {
	return squeezed(b, func(sb *strings.Builder, off int, line []byte) {
		fmt.Fprintf(sb, "%06x%s\n", off, spaced(line, " %02x"))
	}, "%06x\n")
}

func squeezed(b []byte, line func(sb *strings.Builder, off int, line []byte), end string) string {
	var sb strings.Builder
	if len(b) == 0 {
		return ""
	}
	starred := false
	for off := 0; off < len(b); off += 16 {
		cur := b[off:min(off+16, len(b))]
		if off > 0 && len(cur) == 16 && bytes.Equal(cur, b[off-16:off]) {
			if !starred {
				sb.WriteString("*\n")
				starred = true
			}
			continue
		}
		starred = false
		line(&sb, off, cur)
	}
	fmt.Fprintf(&sb, end, len(b))
	return sb.String()
}

// pythonRepr matches repr() of a bytes object, quote choice included.
func pythonRepr(b []byte) string {
	q := byte('\'')
	if bytes.IndexByte(b, '\'') >= 0 && bytes.IndexByte(b, '"') < 0 {
		q = '"'
	}
	var sb strings.Builder
	sb.WriteString("b" + string(q))
	for _, c := range b {
		switch {
		case c == q || c == '\\':
			sb.WriteString(`\` + string(c))
		case c == '\t':
			sb.WriteString(`\t`)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\r':
			sb.WriteString(`\r`)
		case c >= 0x20 && c < 0x7f:
			sb.WriteByte(c)
		default:
			fmt.Fprintf(&sb, `\x%02x`, c)
		}
	}
	sb.WriteByte(q)
	return sb.String()
}

// followHex writes b as node 0's bytes of a Follow Stream hex dump: an
// 8-digit offset, 16 bytes with a wider gap after the eighth, the ASCII
// column likewise split.
func followHex(b []byte) string {
	return columns(b, func(sb *strings.Builder, off int, line []byte) {
		var h, a strings.Builder
		for i, c := range line {
			if i == 8 {
				h.WriteByte(' ')
				a.WriteByte(' ')
			}
			fmt.Fprintf(&h, "%02x ", c)
			a.WriteString(printable([]byte{c}, true))
		}
		fmt.Fprintf(sb, "%08X  %-49s %s\n", off, h.String(), a.String())
	})
}
