package schema

import (
	"strconv"
	"strings"
)

// Resolve finds an API as a person names it: by name (any case), by key, or
// as "Name (key)", the way the page's suggestions write it. The page's API
// picker and the command line's --api both read names with it.
func Resolve(text string) *API {
	t := strings.TrimSpace(text)
	if i := strings.IndexByte(t, ' '); i > 0 {
		t = t[:i]
	}
	if a := ByName(t); a != nil {
		return a
	}
	if n, err := strconv.Atoi(t); err == nil && n >= 0 && n < 1<<15 {
		return ByKey(int16(n))
	}
	return nil
}
