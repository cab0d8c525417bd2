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

// elementNames holds, per element type, the keys ("7") and names ("Topic[7]") of the first elements.
var elementNames sync.Map // string -> *[2][]string

const cachedElements = 256

// ElementName is the key ("7") and the name ("Topic[7]") of element i of an array of typ.
func ElementName(typ string, i int) (key, name string) {
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
