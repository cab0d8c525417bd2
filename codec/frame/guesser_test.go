package frame

import (
	"encoding/binary"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// The shortest frame of each reading is a true lower bound: the minimal
// response of every (API, version) is at least that long, and some are
// exactly that long.
func TestReadingMinimaAreLowerBounds(t *testing.T) {
	exact := 0
	for _, rd := range readings() {
		b, err := Encode(message.Minimal(rd.api, rd.v, schema.Response))
		require.NoError(t, err)
		require.LessOrEqual(t, rd.min, len(b), "%s v%d", rd.api.Name, rd.v)
		if rd.min == len(b) {
			exact++
		}
	}
	assert.Positive(t, exact, "the bound is reached")
}

// Pieces alike but for their correlation id are guessed once; a piece
// too short for any response is not guessed at all.
func TestGuesserRemembers(t *testing.T) {
	var g Guesser
	b, err := Encode(message.Minimal(schema.ByName("FindCoordinator"), 0, schema.Response))
	require.NoError(t, err)
	first := g.Guess(b)
	require.NotEmpty(t, first)
	other := append([]byte(nil), b...)
	binary.BigEndian.PutUint32(other[4:], 12345) // another correlation id
	assert.Equal(t, first, g.Guess(other))
	assert.Equal(t, 1, g.Guessed)
	assert.Equal(t, 1, g.Remembered)
	assert.Equal(t, first, Guess(b), "the same answer as a Guess of its own")

	assert.Nil(t, g.Guess([]byte{0, 0, 0, 1, 7}), "5 bytes hold no correlation id")
	assert.Equal(t, 1, g.Guessed)
}

// Once the budget is spent, Guess answers nil (not an empty list) and
// Stopped says why; DecodeStream puts that on the parts it could not try.
func TestGuesserStopsAtItsBudget(t *testing.T) {
	g := Guesser{budget: &records.Budget{Nodes: 500, Records: 1, Decompressed: 1}}
	paste := hostile.BrokenPaste(100)
	var stoppedAt int
	for i, p := range Split(paste) {
		if c := g.Guess(p.Bytes); c == nil {
			stoppedAt = i
			break
		} else {
			assert.NotNil(t, c)
		}
	}
	require.NotZero(t, stoppedAt)
	assert.True(t, strings.HasPrefix(g.Stopped, "guessing stopped at piece "+strconv.Itoa(stoppedAt+1)+": "), g.Stopped)
	assert.Nil(t, g.Guess(Split(paste)[stoppedAt+1].Bytes), "no more guessing")
}

// The 10,000-piece paste of issue 11: pieces are tried as responses until
// the stream's guessing budget of readings is spent; those that read as
// none show as the broken Produce requests they are, and every piece after
// the stop says it was not tried. (Under wasm in Node, 1,000 pieces: the
// whole paste takes two minutes there on two busy cores.)
func TestBrokenPasteDecodes(t *testing.T) {
	n := 10_000
	if runtime.GOOS == "js" {
		n = 1_000
	}
	parts := DecodeStream(hostile.BrokenPaste(n), Hint{})
	require.Len(t, parts, n)
	requests, noted := 0, 0
	for i, p := range parts {
		if p.Note != "" {
			// Once stopped, every later piece says so.
			require.True(t, strings.HasPrefix(p.Note, "not tried as a response: guessing stopped at piece "), p.Note)
			assert.Contains(t, p.Note, "the budget of "+strconv.Itoa(GuessDecodes)+" readings tried for guessing is spent")
			noted++
		} else {
			require.Zero(t, noted, "piece %d has no note after a noted one", i)
		}
		if p.Dir == schema.Request {
			requests++
			require.NotNil(t, p.Decoded)
			require.NotNil(t, p.Err)
			assert.Equal(t, "at 0x000c: int16 needs 2 bytes, 0 left", p.Err.Error())
		} else {
			// A 4-byte body (the correlation id the request carries) reads
			// as a few responses for a few values.
			assert.Empty(t, p.Note)
			assert.NotEmpty(t, Guess(p.Piece.Bytes), "at 0x%x", p.Off)
		}
	}
	assert.Greater(t, requests, n*99/100)
	if n == 10_000 {
		// 36 readings take 12 bytes, 8 of them only if their fields' fixed
		// sizes add up to 12: about 28 tried a piece.
		assert.Greater(t, noted, n/2, "the budget stops the guessing")
	}
}

func BenchmarkBrokenPaste(b *testing.B) {
	paste := hostile.BrokenPaste(10000)
	for b.Loop() {
		DecodeStream(paste, Hint{})
	}
}

// Skipping the fixed-size readings of another size loses no candidate: for
// short pieces, Guess finds exactly the readings that a decode of every
// (API, version) finds clean, and decodes fewer of them.
func TestGuessSkipsOnlyReadingsThatCannotFit(t *testing.T) {
	pieces := [][]byte{}
	for _, p := range Split(hostile.BrokenPaste(40)) {
		pieces = append(pieces, p.Bytes)
	}
	// Responses of fixed-size bodies: an error code, and an error code with a throttle time.
	pieces = append(pieces, []byte{0, 0, 0, 6, 0, 0, 0, 7, 0, 0}, []byte{0, 0, 0, 10, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0})
	for _, b := range pieces {
		var g Guesser
		got := map[string]bool{}
		for _, c := range g.Guess(b) {
			got[c.String()] = true
		}
		want := map[string]bool{}
		for _, rd := range readings() {
			if d := Decode(b, rd.api, rd.v, schema.Response); d.Err == nil {
				want[Candidate{API: rd.api, Version: rd.v}.String()] = true
			}
		}
		require.Equal(t, want, got, "%x", b)
		assert.Less(t, g.Decodes, len(readings()))
	}
	var g Guesser
	g.Guess(hostile.BrokenPaste(1))
	assert.Equal(t, 28, g.Decodes, "of the 36 readings whose shortest frame takes 12 bytes or fewer, 8 take exactly fewer")
}
