package schema

import "testing"

func TestResolve(t *testing.T) {
	for in, want := range map[string]string{
		"61": "DescribeProducers", "describeproducers": "DescribeProducers", "InitProducerId (22)": "InitProducerId",
		" Produce ": "Produce", "0": "Produce",
	} {
		if a := Resolve(in); a == nil || a.Name != want {
			t.Errorf("Resolve(%q) = %v, want %s", in, a, want)
		}
	}
	// 65536+0 must not wrap around to Produce, nor a negative key to anything.
	for _, in := range []string{"nope", "999", "65536", "-1", ""} {
		if a := Resolve(in); a != nil {
			t.Errorf("Resolve(%q) = %s, want none", in, a.Name)
		}
	}
}
