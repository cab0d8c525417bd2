package message

import (
	"strconv"
	"sync"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// The layout tree needs a text for every node. Building it with string
// concatenation per node made decoding a big frame allocation-bound, so the
// common texts are made once and shared.

const cachedTexts = 1024

var (
	smallInts      [cachedTexts + 1]string // "-1" at [0], "0".."1023" after
	compactLengths [cachedTexts]string     // "N (compact, n+1)"
	elementTexts   [cachedTexts]string     // "N elements"
	sizeTexts      [cachedTexts]string     // "N bytes"
)

func init() {
	smallInts[0] = "-1"
	for i := 0; i < cachedTexts; i++ {
		n := strconv.Itoa(i)
		smallInts[i+1] = n
		compactLengths[i] = n + " (compact, n+1)"
		elementTexts[i] = n + " elements"
		sizeTexts[i] = n + " bytes"
	}
	elementTexts[1] = "1 element"
}

// small is the decimal text of n, shared for small values.
func small(n int) string {
	if n >= -1 && n < cachedTexts {
		return smallInts[n+1]
	}
	return strconv.Itoa(n)
}

func small64(n int64) string {
	if n >= -1 && n < cachedTexts {
		return smallInts[n+1]
	}
	return strconv.FormatInt(n, 10)
}

func compactLength(u uint32) string {
	if u < cachedTexts {
		return compactLengths[u]
	}
	return strconv.FormatUint(uint64(u), 10) + " (compact, n+1)"
}

func elements(n int) string {
	if n < cachedTexts {
		return elementTexts[n]
	}
	return strconv.Itoa(n) + " elements"
}

func sizeText(n int) string {
	if n < cachedTexts {
		return sizeTexts[n]
	}
	return strconv.Itoa(n) + " bytes"
}

// lengthDesc describes a length prefix in its compact and classic forms.
type lengthDesc struct{ compact, classic string }

var (
	arrayLength  = lengthDesc{"number of elements plus one; 0 means null", "number of elements; -1 means null"}
	stringLength = lengthDesc{"bytes in the string plus one; 0 means null", "bytes in the string; -1 means null"}
	bytesLength  = lengthDesc{"bytes that follow plus one; 0 means null", "bytes that follow; -1 means null"}
)

// elementNames holds, per element type, the keys ("7") and names ("Topic[7]") of the first elements.
var elementNames sync.Map // string -> *[2][]string

const cachedElements = 256

func elementName(typ string, i int) (key, name string) {
	if i >= cachedElements {
		k := strconv.Itoa(i)
		return k, typ + "[" + k + "]"
	}
	v, ok := elementNames.Load(typ)
	if !ok {
		var names [2][]string
		names[0], names[1] = make([]string, cachedElements), make([]string, cachedElements)
		for j := range cachedElements {
			names[0][j] = strconv.Itoa(j)
			names[1][j] = typ + "[" + names[0][j] + "]"
		}
		v, _ = elementNames.LoadOrStore(typ, &names)
	}
	names := v.(*[2][]string)
	return names[0][i], names[1][i]
}

// descriptions are made once per schema field.
var describedFields sync.Map // *schema.Field -> string

func describeCached(f *schema.Field) string {
	if d, ok := describedFields.Load(f); ok {
		return d.(string)
	}
	d := Describe(f)
	describedFields.Store(f, d)
	return d
}
