package wire_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/wire"
)

// An integer typed is decimal, or hex after 0x: a leading zero is a zero,
// never octal's mark (060000, typed after the 0 a field showed, was 24576).
func TestParseIntAsTyped(t *testing.T) {
	for _, c := range []struct {
		text string
		bits int
		want int64
	}{
		{"010", 32, 10},
		{"060000", 32, 60000},
		{"08", 16, 8},
		{"-010", 32, -10},
		{" +7 ", 8, 7},
		{"0x10", 32, 16},
		{"0XfF", 16, 255},
		{"-0x80", 8, -128},
		{"0x7fffffffffffffff", 64, math.MaxInt64},
		{"-0x8000000000000000", 64, math.MinInt64},
		{"-9223372036854775808", 64, math.MinInt64},
	} {
		n, err := wire.ParseInt(c.text, c.bits)
		if assert.NoError(t, err, c.text) {
			assert.Equal(t, c.want, n, c.text)
		}
	}
	for _, c := range []struct {
		text string
		bits int
	}{
		{"0o17", 32}, {"0b101", 32}, {"1_000", 32}, {"0x", 32}, {"--1", 32}, {"+-1", 32},
		{"0x80", 8}, {"-0x81", 8}, {"128", 8}, {"0x8000000000000000", 64}, {"", 32}, {"1e3", 32},
	} {
		_, err := wire.ParseInt(c.text, c.bits)
		assert.Error(t, err, c.text)
	}
}
