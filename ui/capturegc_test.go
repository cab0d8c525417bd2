package ui

import (
	"math"
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

// The collector is off, within a memory limit, while captures load, and
// set back as it was when the last of them is done, whatever order they
// end in; a done called twice counts once.
func TestPauseCollectorWhileCapturesLoad(t *testing.T) {
	defer debug.SetGCPercent(debug.SetGCPercent(150))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(math.MaxInt64))
	first := pauseCollector()
	assert.Equal(t, -1, gcPercent())
	assert.Equal(t, int64(captureMemoryLimit), debug.SetMemoryLimit(-1))
	second := pauseCollector()
	first()
	first()
	assert.Equal(t, -1, gcPercent(), "the second capture still loads")
	second()
	assert.Equal(t, 150, gcPercent())
	assert.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1))
}

// A memory limit already lower than the load's is kept.
func TestPauseCollectorKeepsALowerLimit(t *testing.T) {
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	done := pauseCollector()
	assert.Equal(t, int64(256<<20), debug.SetMemoryLimit(-1))
	done()
	assert.Equal(t, int64(256<<20), debug.SetMemoryLimit(-1))
}
