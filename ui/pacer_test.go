package ui

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The loader's pacer lets the browser paint once it has worked for
// captureSlice, not before, and calls its hook (the reader's progress)
// right before.
func TestPacerPausesAfterASlice(t *testing.T) {
	calls := 0
	p := &pacer{before: func() { calls++ }}
	p.pause()
	p.pause()
	assert.Equal(t, 0, calls, "worked for less than a slice")
	p.worked = time.Now().Add(-2 * captureSlice)
	p.pause()
	assert.Equal(t, 1, calls)
	assert.Less(t, time.Since(p.worked), captureSlice, "the slice starts again after the pause")
	p.pause()
	assert.Equal(t, 1, calls)
}
