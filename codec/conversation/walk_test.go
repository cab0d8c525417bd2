package conversation

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

// decodesCleanly answers as frame.DecodeRequest does, the first time and
// from what it remembered, for every request of the catalogue (the
// minimal instance) and for each cut one byte short, which most often does
// not decode.
func TestDecodesCleanlyAnswersAsTheDecoder(t *testing.T) {
	checked.m = nil
	remembered, failing := 0, 0
	for _, api := range schema.APIs() {
		for _, v := range api.Versions(schema.Request) {
			b, err := frame.Encode(message.Minimal(api, v, schema.Request))
			require.NoError(t, err)
			short := append([]byte(nil), b[:len(b)-1]...)
			binary.BigEndian.PutUint32(short, uint32(len(short)-4))
			for _, f := range [][]byte{b, short} {
				want := frame.DecodeRequest(f).Err == nil
				if !want {
					failing++
				}
				assert.Equal(t, want, decodesCleanly(f), "%s v%d, %d bytes", api.Name, v, len(f))
				_, seen := checked.m[string(f)]
				assert.Equal(t, len(f) <= checkedMaxFrame, seen, "%s v%d, %d bytes: remembered", api.Name, v, len(f))
				if seen {
					remembered++
				}
				assert.Equal(t, want, decodesCleanly(f), "%s v%d, %d bytes, asked again", api.Name, v, len(f))
				assert.LessOrEqual(t, len(checked.m), checkedMax)
			}
		}
	}
	// More frames than it keeps, and both answers among them.
	assert.Greater(t, remembered, checkedMax)
	assert.Greater(t, failing, 100)
}

// A frame that differs in one byte is a frame of its own: an answer
// remembered for one is not given for the other.
func TestDecodesCleanlyKeysOnEveryByte(t *testing.T) {
	checked.m = nil
	b, err := frame.Encode(message.Minimal(schema.ByName("ApiVersions"), 3, schema.Request))
	require.NoError(t, err)
	require.True(t, decodesCleanly(b))
	bad := append([]byte(nil), b...)
	bad[len(bad)-1] = 7 // the body's tag count says 7 tagged fields follow: none do
	require.Error(t, frame.DecodeRequest(bad).Err)
	assert.False(t, decodesCleanly(bad))
	assert.True(t, decodesCleanly(b))
}

// junkRequests is n frames that each look like an ApiVersions v3 request
// by their size and header but do not decode (their header ends at the
// correlation id), each a different one so that no answer is remembered:
// every one costs a search a decode.
func junkRequests(n int) []byte {
	b := make([]byte, 0, 12*n)
	for i := range n {
		b = binary.BigEndian.AppendUint32(b, 8)
		b = append(b, 0, 18, 0, 3)
		b = binary.BigEndian.AppendUint32(b, uint32(i))
	}
	return b
}

// A search decodes candidates within checkBudget: a request after a few
// candidates that fail is found; past the budget, candidates are judged by
// their headers alone, so the search stops at the first junk frame whose
// header looks right. A frame bigger than the whole budget is judged so
// too, not refused.
func TestSearchWithinBudget(t *testing.T) {
	req, err := frame.Encode(message.Minimal(schema.ByName("DescribeProducers"), 0, schema.Request))
	require.NoError(t, err)
	few := append(junkRequests(100), req...)
	w := walker{b: few, minSize: 8, header: requestHeader}
	assert.Equal(t, 1200, w.search(0), "the request after 100 candidates that fail")

	// (Candidates also start inside the junk frames, where a correlation
	// id reads as a size and the next size as Produce v8: the budget runs
	// out before as many junk frames as it would pay for alone.)
	decoded := checkBudget / decodeCost(8)
	many := append(junkRequests(decoded+10), req...)
	w = walker{b: many, minSize: 8, header: requestHeader}
	off := w.search(0)
	assert.Positive(t, off)
	assert.Less(t, off, 12*decoded, "stopped at a junk frame, past the budget")
	assert.LessOrEqual(t, w.spent, checkBudget)
	assert.Greater(t, w.spent, checkBudget-16<<10, "the budget spent, or nearly")

	// A 9 MiB request: more than the budget, still a request.
	big := message.Minimal(schema.ByName("SaslAuthenticate"), 2, schema.Request)
	big.Body.Set("AuthBytes", make([]byte, 9<<20))
	b, err := frame.Encode(big)
	require.NoError(t, err)
	assert.True(t, LooksLikeRequests(b))
}

// BenchmarkHostileSearch is LooksLikeRequests on 1.4 MB of request-like
// frames that do not decode: every search offset's candidate is decoded
// until the budget is spent, then judged by its header (before the
// budget: 5.8 s an op).
func BenchmarkHostileSearch(b *testing.B) {
	junk := junkRequests(120_000)
	b.SetBytes(int64(len(junk)))
	for b.Loop() {
		LooksLikeRequests(junk)
	}
}

// endPast finds where a frame ends past the gaps inside it: a gap at the
// frame's start is before it, a gap right at its end after it; a frame
// may end at a gap's end, or inside one (no offset of the bytes then).
func TestEndPast(t *testing.T) {
	w := &walker{gaps: []source.Gap{{Off: 3, Len: 2}, {Off: 5, Len: 2}, {Off: 7, Len: 1}, {Off: 20, Len: 5}}}
	for _, c := range []struct {
		off, n, end, missing, gaps int
		ok                         bool
	}{
		{0, 3, 3, 0, 0, true},     // ends right at the first gap
		{0, 10, 6, 4, 2, true},    // past two gaps
		{0, 5, 3, 2, 1, true},     // ends at the first gap's end
		{0, 4, 0, 1, 1, false},    // ends inside the first gap
		{3, 4, 5, 2, 1, true},     // starts after the gap at 3
		{7, 13, 20, 0, 0, true},   // starts after the gap at 7, ends right at the gap at 20
		{8, 30, 33, 5, 1, true},   // past the last gap
		{0, 100, 90, 10, 4, true}, // past all of them
	} {
		end, ok, missing, gaps := w.endPast(c.off, c.n)
		assert.Equal(t, []any{c.ok, c.missing, c.gaps}, []any{ok, missing, gaps}, "off %d n %d", c.off, c.n)
		if c.ok {
			assert.Equal(t, c.end, end, "off %d n %d", c.off, c.n)
		}
	}
}

// A stream of 200,000 size prefixes of 200 MiB, every other one lost: a
// gap after each. Each misread frame spans every gap after it; walking
// them one by one for each made the walk quadratic (8 s for 100,000
// gaps, against 0.2 s with the gaps searched by their running sum).
func BenchmarkHostileGaps(b *testing.B) {
	const n = 100_000
	seg := make([]byte, 9)
	binary.BigEndian.PutUint32(seg, 200<<20)
	binary.BigEndian.PutUint16(seg[4:], 18)
	binary.BigEndian.PutUint16(seg[6:], 3)
	var data []byte
	var gaps []source.Gap
	for range n {
		data = append(data, seg...)
		gaps = append(gaps, source.Gap{Off: len(data), Len: len(seg)})
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		w := walker{b: data, gaps: gaps, minSize: 8, header: requestHeader, fromStart: true}
		w.walk()
	}
}
