package schema

import (
	"strings"
	"testing"
)

func TestErrorByName(t *testing.T) {
	for _, e := range ErrorCodes() {
		if got := ErrorByName(e.Name); got == nil || got.Code != e.Code {
			t.Errorf("ErrorByName(%s) = %v, want code %d", e.Name, got, e.Code)
		}
	}
	if e := ErrorByName(" unknown-topic-or-partition "); e == nil || e.Code != 3 {
		t.Errorf("a lower-case, dashed name is not found: %v", e)
	}
	if ErrorByName("NO_SUCH_ERROR") != nil || ErrorByName("") != nil {
		t.Errorf("an unknown name is found")
	}
}

func TestParseErrorCode(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int16
	}{
		{"3", 3}, {"-1", -1}, {"0", 0}, {"NONE", 0},
		{"UNKNOWN_SERVER_ERROR", -1}, {"not_coordinator", 16},
		{"  35 ", 35}, {"9999", 9999}, // a code newer than the catalogue is still a code
	} {
		got, err := ParseErrorCode(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseErrorCode(%q) = %d, %v; want %d", tc.in, got, err, tc.want)
		}
	}
	for _, tc := range []struct{ in, says string }{
		{"", "got nothing"},
		{"NO_SUCH_ERROR", `"NO_SUCH_ERROR"`},
		{"40000", "int16 range"},
		{"3x", `"3x"`},
	} {
		if _, err := ParseErrorCode(tc.in); err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("ParseErrorCode(%q) error = %v, want one saying %s", tc.in, err, tc.says)
		}
	}
}

// Which messages hold topic ids, and which name them: Fetch holds them
// from v13 and never names them (its topics have a name or an id);
// Metadata responses name them from v10.
func TestTopicIDFields(t *testing.T) {
	fetch, metadata := ByName("Fetch"), ByName("Metadata")
	for _, c := range []struct {
		api          *API
		dir          Direction
		v            int16
		holds, names bool
	}{
		{fetch, Request, 12, false, false},
		{fetch, Request, 13, true, false},
		{fetch, Response, 16, true, false},
		{metadata, Response, 9, false, false},
		{metadata, Response, 10, true, true},
		{metadata, Request, 12, true, true},
	} {
		if got := c.api.HoldsTopicIDs(c.dir, c.v); got != c.holds {
			t.Errorf("%s %s v%d holds topic ids: %v", c.api.Name, c.dir, c.v, got)
		}
		if got := c.api.NamesTopicIDs(c.dir, c.v); got != c.names {
			t.Errorf("%s %s v%d names topic ids: %v", c.api.Name, c.dir, c.v, got)
		}
	}
}
