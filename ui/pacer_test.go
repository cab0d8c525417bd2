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

// A pause waits for the frame the last one asked for when it has not
// come, but no longer than paintWait: a hidden tab paints none.
func TestPacerWaitsForTheFrameItAskedForAtMostPaintWait(t *testing.T) {
	p := &pacer{painted: make(chan struct{})} // asked for, never painted
	p.worked = time.Now().Add(-2 * captureSlice)
	start := time.Now()
	p.pause()
	took := time.Since(start)
	assert.GreaterOrEqual(t, took, paintWait, "it waited for the frame")
	assert.Less(t, took, 10*paintWait)
	select {
	case <-p.painted: // off the page the next frame counts as painted at once
	default:
		t.Fatal("the pause asked for no frame")
	}
}
