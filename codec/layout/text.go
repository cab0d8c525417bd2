package layout

import (
	"strconv"
	"sync"
)

// Decoders give every node a text. Made with string concatenation per node,
// those texts made decoding a big frame allocation-bound; these helpers share
// the common ones.

const cachedInts = 1024

var smallInts [cachedInts + 1]string // "-1" at [0], then "0".."1023"

func init() {
	smallInts[0] = "-1"
	for i := 0; i < cachedInts; i++ {
		smallInts[i+1] = strconv.Itoa(i)
	}
}

// Itoa is the decimal text of n, shared for small values.
func Itoa(n int64) string {
	if n >= -1 && n < cachedInts {
		return smallInts[n+1]
	}
	return strconv.FormatInt(n, 10)
}

// textCache holds lists of texts made once per prefix. A plain map behind a
// lock: a sync.Map would box every string key, an allocation per lookup.
type textCache struct {
	mu sync.RWMutex
	m  map[string][]string
}

func (c *textCache) get(key string, make func() []string) []string {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	if ok {
		return v
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok {
		return v
	}
	if c.m == nil {
		c.m = map[string][]string{}
	}
	v = make()
	c.m[key] = v
	return v
}

// elementNames holds, per element type, the names ("Topic[7]") of the first elements.
var elementNames textCache

const cachedElements = 256

// ElementName is the key ("7") and the name ("Topic[7]") of element i of an array of typ.
func ElementName(typ string, i int) (key, name string) {
	if i >= cachedElements {
		k := strconv.Itoa(i)
		return k, typ + "[" + k + "]"
	}
	names := elementNames.get(typ, func() []string {
		names := make([]string, cachedElements)
		for j := range names {
			names[j] = typ + "[" + smallInts[j+1] + "]"
		}
		return names
	})
	return smallInts[i+1], names[i]
}

// prefixed holds, per prefix, the texts prefix+"0" .. prefix+"255".
var prefixed textCache

// Prefixed is prefix followed by the decimal i ("records.7"), shared for small i.
func Prefixed(prefix string, i int) string {
	if i < 0 || i >= cachedElements {
		return prefix + strconv.Itoa(i)
	}
	return prefixed.get(prefix, func() []string {
		texts := make([]string, cachedElements)
		for j := range texts {
			texts[j] = prefix + smallInts[j+1]
		}
		return texts
	})[i]
}

var sizeTexts = func() (t [cachedInts]string) {
	for i := range t {
		t[i] = strconv.Itoa(i) + " bytes"
	}
	return t
}()

// SizeText is "N bytes", shared for small n.
func SizeText(n int) string {
	if n >= 0 && n < cachedInts {
		return sizeTexts[n]
	}
	return strconv.Itoa(n) + " bytes"
}
