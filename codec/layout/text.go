package layout

import (
	"strconv"
	"sync"
)

// Decoders give every node a text. Made with string concatenation per node,
// those texts made decoding a big frame allocation-bound; these helpers share
// the common ones. This file is the one place such texts are cached.

const cachedInts = 1024

var smallInts [cachedInts + 1]string // "-1" at [0], then "0".."1023"

// Texts with a number, made once for 0..cachedInts-1.
var (
	sizeTexts      [cachedInts]string // "N bytes"
	elementTexts   [cachedInts]string // "N elements"
	compactLengths [cachedInts]string // "N (compact, n+1)"
)

func init() {
	smallInts[0] = "-1"
	for i := 0; i < cachedInts; i++ {
		n := strconv.Itoa(i)
		smallInts[i+1] = n
		sizeTexts[i] = n + " bytes"
		elementTexts[i] = n + " elements"
		compactLengths[i] = n + " (compact, n+1)"
	}
	elementTexts[1] = "1 element"
}

// Itoa is the decimal text of n, shared for small values.
func Itoa(n int64) string {
	if n >= -1 && n < cachedInts {
		return smallInts[n+1]
	}
	return strconv.FormatInt(n, 10)
}

// SizeText is "N bytes", shared for small n.
func SizeText(n int) string {
	if n >= 0 && n < cachedInts {
		return sizeTexts[n]
	}
	return strconv.Itoa(n) + " bytes"
}

// ElementsText is "N elements" ("1 element"), shared for small n.
func ElementsText(n int) string {
	if n >= 0 && n < cachedInts {
		return elementTexts[n]
	}
	return strconv.Itoa(n) + " elements"
}

// CompactLengthText is the text of a compact length prefix that holds u
// (the length plus one): "N (compact, n+1)", shared for small u.
func CompactLengthText(u uint32) string {
	if u < cachedInts {
		return compactLengths[u]
	}
	return strconv.FormatUint(uint64(u), 10) + " (compact, n+1)"
}

// cacheKeys bounds how many keys a Cache keeps. Keys come from the
// catalogue (type and field names), a few thousand at most; the bound stops
// anything else, such as names built from input, growing a cache for as
// long as the page lives.
const cacheKeys = 4096

// Cache holds values made once per key, up to cacheKeys keys; past that,
// values are made on every call and not kept. A plain map behind a lock: a
// sync.Map would box every string key, an allocation per lookup.
type Cache[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]V
}

// Get is the value for key, made by make(key) the first time. make takes
// the key rather than capturing it, so a call that finds the value allocates
// nothing (a capturing closure would be allocated on every call).
func (c *Cache[K, V]) Get(key K, make func(K) V) V {
	c.mu.RLock()
	v, ok := c.m[key]
	full := len(c.m) >= cacheKeys
	c.mu.RUnlock()
	if ok {
		return v
	}
	if full {
		return make(key)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.m[key]; ok {
		return v
	}
	v = make(key)
	if c.m == nil {
		c.m = map[K]V{}
	}
	if len(c.m) < cacheKeys {
		c.m[key] = v
	}
	return v
}

// Len is the number of keys kept.
func (c *Cache[K, V]) Len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.m)
}

// elementNames holds, per element type, the names ("Topic[7]") of the first elements.
var elementNames Cache[string, []string]

const cachedElements = 256

// ElementName is the key ("7") and the name ("Topics[7]") of element i of the
// array named typ: a field name, or a type where the array has no name.
func ElementName(typ string, i int) (key, name string) {
	if i < 0 || i >= cachedElements {
		k := strconv.Itoa(i)
		return k, typ + "[" + k + "]"
	}
	names := elementNames.Get(typ, func(typ string) []string {
		names := make([]string, cachedElements)
		for j := range names {
			names[j] = typ + "[" + smallInts[j+1] + "]"
		}
		return names
	})
	return smallInts[i+1], names[i]
}

// prefixed holds, per prefix, the texts prefix+"0" .. prefix+"255".
var prefixed Cache[string, []string]

// Prefixed is prefix followed by the decimal i ("records.7"), shared for small i.
func Prefixed(prefix string, i int) string {
	if i < 0 || i >= cachedElements {
		return prefix + strconv.Itoa(i)
	}
	return prefixed.Get(prefix, func(prefix string) []string {
		texts := make([]string, cachedElements)
		for j := range texts {
			texts[j] = prefix + smallInts[j+1]
		}
		return texts
	})[i]
}
