//go:build !js

package records

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"
)

// TestCompressionAgreesWithKgo checks each codec's output against kgo's own decompressor.
func TestCompressionAgreesWithKgo(t *testing.T) {
	plain := bytes.Repeat([]byte("kafkawire "), 10000)
	d := kgo.DefaultDecompressor()
	for codec, kc := range map[Codec]kgo.CompressionCodecType{CodecGzip: kgo.CodecGzip, CodecSnappy: kgo.CodecSnappy, CodecLZ4: kgo.CodecLz4, CodecZstd: kgo.CodecZstd} {
		for _, xerial := range []bool{false, true} {
			out, err := d.Decompress(compress(nil, codec, plain, xerial), kc)
			require.NoError(t, err, "%s", codec)
			assert.Equal(t, plain, out, "%s", codec)
		}
	}
}
