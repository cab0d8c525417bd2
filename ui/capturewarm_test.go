//go:build !js

package ui

import (
	"bytes"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// The warm-up's capture must run what a real capture runs: every API's
// request and response read, paired and decoded whole, responses with
// their facts. An API whose example stopped encoding would drop out of it
// without a word; this says which.
func TestWarmCaptureCarriesEveryAPI(t *testing.T) {
	b := warmCapture(func() {})
	assert.Less(t, len(b), 256<<10, "the warm-up's capture stays small: the page reads it on the user's first click")
	in, err := source.ReadCapture(bytes.NewReader(b), source.Options{Requests: conversation.LooksLikeRequests})
	require.NoError(t, err)
	res := conversation.Find(in, conversation.Options{MaxFrames: CaptureMaxFrames})
	seen := map[string]int{}
	batches := map[string]int{}
	for i := range res.Len() {
		f := res.Frame(i)
		require.NotNil(t, f.API, "frame %d", i)
		assert.Empty(t, f.Broken, "%s %s", f.API.Name, f.Dir)
		assert.NotEqual(t, -1, f.Pair, "%s %s has its pair", f.API.Name, f.Dir)
		d := f.Decode()
		require.NotNil(t, d)
		assert.Nil(t, d.Err, "%s v%d %s", f.API.Name, f.Version, f.Dir)
		batches[f.API.Name+" "+f.Dir.String()] += countBatches(d.Msg.Body)
		seen[f.API.Name+" "+f.Dir.String()]++
	}
	for _, api := range schema.APIs() {
		if len(api.Versions(schema.Request)) == 0 {
			continue
		}
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			assert.Equal(t, 1, seen[api.Name+" "+dir.String()], "%s %s in the warm-up's capture", api.Name, dir)
		}
	}
	assert.Positive(t, batches["Produce request"], "record batches in Produce's request")
	assert.Positive(t, batches["Fetch response"], "record batches in Fetch's response")
	first := findFirstFacts(res, func() {})
	assert.NotEmpty(t, first.byRow, "the first rows' facts are read, as a capture's are")
}

// The warm-up reads a little at a time, pausing before each read, and a
// capture loaded meanwhile makes it stop at its next read.
func TestWarmUpGivesWayToALoad(t *testing.T) {
	var stop atomic.Bool
	paused := 0
	r := &givesWay{r: bytes.NewReader(make([]byte, 3*givesWayRead)), stop: &stop, pause: func() { paused++ }}
	n, err := r.Read(make([]byte, 64<<10))
	assert.Equal(t, givesWayRead, n, "a read takes a few KiB, however much is asked for")
	require.NoError(t, err)
	assert.Equal(t, 1, paused, "a pause before each read")
	stop.Store(true)
	_, err = r.Read(make([]byte, 10))
	assert.ErrorIs(t, err, errStopped)
}

// countBatches counts the record batches in a decoded value.
func countBatches(v any) int {
	switch v := v.(type) {
	case *message.Struct:
		n := 0
		for _, f := range v.Fields {
			n += countBatches(f.Value)
		}
		return n
	case []any:
		n := 0
		for _, e := range v {
			n += countBatches(e)
		}
		return n
	case *records.Set:
		if v != nil {
			return len(v.Batches)
		}
	}
	return 0
}
