package frame_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Allocation counts are pinned, so a change that makes decoding allocate
// per node again fails here, not only in a benchmark nobody reads. Each
// bound sits a little above the count measured with go1.26.8 on
// linux/amd64 (testing.AllocsPerRun, which averages over runs after one
// warm-up, so shared texts and caches are already filled). A change that
// lowers a count should lower its bound too.

func TestDecodeAllocsMinimal(t *testing.T) {
	api := schema.ByName("DescribeProducers")
	b, err := frame.Encode(message.Minimal(api, 0, schema.Request))
	require.NoError(t, err)
	allocs := testing.AllocsPerRun(100, func() {
		if d := frame.Decode(b, api, 0, schema.Request); d.Err != nil {
			t.Fatal(d.Err)
		}
	})
	t.Logf("DescribeProducers v0 request, %d bytes: %.0f allocations", len(b), allocs)
	// Measured: 52, then 33 (the tree's nodes come from an arena; what was
	// left was the frame's own nodes, the header and body structs, and their
	// texts), now 13: the message, the first buffer, the budget and the
	// arena live in the Decoded, the first node block is sized by the frame,
	// values come from blocks and the frame's texts are shared.
	assert.LessOrEqual(t, allocs, 14.0) // measured 12
}

func TestDecodeAllocsMetadata1000x10(t *testing.T) {
	m, b, _ := bigMetadata(t, 1000, 10)
	allocs := testing.AllocsPerRun(3, func() {
		if d := frame.Decode(b, m.API, 12, schema.Response); d.Err != nil {
			t.Fatal(d.Err)
		}
	})
	t.Logf("Metadata v12 response, 1,000 topics x 10 partitions, %d bytes: %.0f allocations", len(b), allocs)
	// Measured: 92,785, about 9 per partition, then 84,781. The arrays are
	// now laid out when opened and the values' structs, field lists and
	// arrays come from blocks; what is left is about 3.5 per partition.
	assert.LessOrEqual(t, allocs, 36000.0) // measured 35,195
}
