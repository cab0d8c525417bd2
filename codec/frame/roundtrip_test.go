package frame_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
)

// TestRoundTripMinimal encodes the minimal instance of every message the
// catalogue defines, decodes it, checks the layout tree, and re-encodes it.
func TestRoundTripMinimal(t *testing.T) {
	n := 0
	for _, in := range allInstances() {
		n++
		b := minimalFrame(t, in)
		d := frame.Decode(b, in.api, in.v, in.dir)
		if !assert.Nil(t, d.Err, "%s: %v", in, d.Err) {
			continue
		}
		require.NotNil(t, d.Tree, in.String())
		assert.Nil(t, d.Tree.Failed(), in.String())
		assert.Equal(t, 0, d.Tree.Off, in.String())
		assert.Equal(t, len(b), d.Tree.End, "%s: root must cover the frame", in)
		assert.Empty(t, spanProblems(d.Tree), "%s\n%s", in, d.Tree.Text())
		assert.Empty(t, uncovered(d.Tree, len(b)), "%s: bytes no leaf covers\n%s", in, d.Tree.Text())
		body := bodyNode(t, d)
		assert.Equal(t, len(b), body.End, "%s: the body ends the frame", in)

		again, err := frame.Encode(d.Msg)
		require.NoError(t, err, in.String())
		assert.Equal(t, b, again, "%s: re-encoding differs", in)
	}
	assert.Equal(t, 736, n, "(api, direction, version) messages in the catalogue")
}
