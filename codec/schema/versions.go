package schema

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxVersion stands for "and every later version" in an open range such as "2+".
const MaxVersion = math.MaxInt16

// Versions is a closed range of protocol versions [Lo, Hi]; it is empty when Lo > Hi.
// The zero value is the single version 0, so an empty range is written None.
type Versions struct{ Lo, Hi int16 }

// None is the empty range ("none" in the definitions).
var None = Versions{Lo: 1, Hi: 0}

// From is the open range "lo+".
func From(lo int16) Versions { return Versions{Lo: lo, Hi: MaxVersion} }

// Span is the range "lo-hi".
func Span(lo, hi int16) Versions { return Versions{Lo: lo, Hi: hi} }

// ParseVersions reads "none", "3", "0-2" or "2+".
func ParseVersions(s string) (Versions, error) {
	s = strings.TrimSpace(s)
	num := func(t string) (int16, error) {
		n, err := strconv.ParseInt(strings.TrimSpace(t), 10, 16)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("bad version %q in range %q", t, s)
		}
		return int16(n), nil
	}
	switch {
	case s == "none":
		return None, nil
	case strings.HasSuffix(s, "+"):
		lo, err := num(strings.TrimSuffix(s, "+"))
		return From(lo), err
	case strings.Contains(s, "-"):
		a, b, _ := strings.Cut(s, "-")
		lo, err := num(a)
		if err != nil {
			return None, err
		}
		hi, err := num(b)
		if err != nil {
			return None, err
		}
		if hi < lo {
			return None, fmt.Errorf("range %q runs backwards", s)
		}
		return Span(lo, hi), nil
	default:
		v, err := num(s)
		return Span(v, v), err
	}
}

// Empty reports whether the range holds no version.
func (v Versions) Empty() bool { return v.Lo > v.Hi }

// Has reports whether version n is in the range.
func (v Versions) Has(n int16) bool { return n >= v.Lo && n <= v.Hi }

// Intersect is the versions both ranges hold.
func (v Versions) Intersect(w Versions) Versions {
	r := Versions{Lo: max(v.Lo, w.Lo), Hi: min(v.Hi, w.Hi)}
	if r.Empty() {
		return None
	}
	return r
}

// String writes the range as the definitions do: "none", "3", "0-2", "2+".
func (v Versions) String() string {
	switch {
	case v.Empty():
		return "none"
	case v.Hi == MaxVersion:
		return strconv.Itoa(int(v.Lo)) + "+"
	case v.Lo == v.Hi:
		return strconv.Itoa(int(v.Lo))
	default:
		return strconv.Itoa(int(v.Lo)) + "-" + strconv.Itoa(int(v.Hi))
	}
}

// none is None for the generated catalogue. A call to it is inlined to a
// constant, so the catalogue's tables stay static data in the binary; each
// read of the variable None would instead be code run at start-up (90 KB of
// app.wasm for the catalogue's 2,700 empty ranges).
func none() Versions { return Versions{Lo: 1, Hi: 0} }

// GoString writes the range as Go source, for the generated catalogue.
func (v Versions) GoString() string {
	switch {
	case v.Empty():
		return "none()"
	case v.Hi == MaxVersion:
		return fmt.Sprintf("From(%d)", v.Lo)
	default:
		return fmt.Sprintf("Span(%d, %d)", v.Lo, v.Hi)
	}
}
