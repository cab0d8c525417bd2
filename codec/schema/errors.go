package schema

import (
	"fmt"
	"strconv"
	"strings"
)

var errsByName = map[string]*ErrorCode{}

func init() {
	for i := range errorCodes {
		errsByName[errorCodes[i].Name] = &errorCodes[i]
	}
}

// ErrorByName returns the error code entry named name ("UNKNOWN_TOPIC_OR_PARTITION",
// any case, dashes or spaces for underscores), or nil.
func ErrorByName(name string) *ErrorCode {
	n := strings.ToUpper(strings.TrimSpace(name))
	n = strings.NewReplacer("-", "_", " ", "_").Replace(n)
	return errsByName[n]
}

// ParseErrorCode reads the value an ErrorCode field is edited to: a number
// ("3", "-1") or a name ("UNKNOWN_TOPIC_OR_PARTITION", any case). A number
// need not be in the catalogue, as a broker may send a code newer than it;
// a name must be.
func ParseErrorCode(text string) (int16, error) {
	t := strings.TrimSpace(text)
	if t == "" {
		return 0, fmt.Errorf("an error code is a number or a name like UNKNOWN_TOPIC_OR_PARTITION, got nothing")
	}
	if n, err := strconv.ParseInt(t, 10, 16); err == nil {
		return int16(n), nil
	} else if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		return 0, fmt.Errorf("error code %s is out of the int16 range", t)
	}
	if e := ErrorByName(t); e != nil {
		return e.Code, nil
	}
	return 0, fmt.Errorf("no error code named %q (a number, or a name like UNKNOWN_TOPIC_OR_PARTITION)", t)
}
