package ui

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

// gcPercent reads the collector's GOGC without changing it.
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

// The collector runs less often while captures load, and is set back as
// it was when the last of them is done, whatever order they end in; a
// done called twice counts once.
func TestCollectLessOftenWhileCapturesLoad(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	first := collectLessOften()
	assert.Equal(t, captureGCPercent, gcPercent())
	second := collectLessOften()
	first()
	first()
	assert.Equal(t, captureGCPercent, gcPercent(), "the second capture still loads")
	second()
	assert.Equal(t, 150, gcPercent())
}
