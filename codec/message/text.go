package message

import (
	"strconv"
	"sync"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// The layout tree needs a text for every node. Building it with string
// concatenation per node made decoding a big frame allocation-bound, so the
// common texts are made once and shared.

const cachedTexts = 1024

var (
	compactLengths [cachedTexts]string // "N (compact, n+1)"
	elementTexts   [cachedTexts]string // "N elements"
	sizeTexts      [cachedTexts]string // "N bytes"
)

func init() {
	for i := 0; i < cachedTexts; i++ {
		n := strconv.Itoa(i)
		compactLengths[i] = n + " (compact, n+1)"
		elementTexts[i] = n + " elements"
		sizeTexts[i] = n + " bytes"
	}
	elementTexts[1] = "1 element"
}

func small(n int) string { return layout.Itoa(int64(n)) }

func small64(n int64) string { return layout.Itoa(n) }

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

func elementName(typ string, i int) (key, name string) { return layout.ElementName(typ, i) }

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
