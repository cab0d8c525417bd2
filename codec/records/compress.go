package records

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"sync"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// MaxDecompressed bounds what one compressed batch may decompress to, so that a
// small hostile payload (a decompression bomb) cannot exhaust the browser's memory.
// Brokers accept batches of about 1 MiB by default; 64 MiB leaves ample room.
// Options.MaxDecompressed may lower it.
const MaxDecompressed = 64 << 20

// xerialMagic opens snappy data framed the way the Java client's snappy-java stream writes it.
var xerialMagic = []byte{0x82, 'S', 'N', 'A', 'P', 'P', 'Y', 0}

// xerialBlock is the block size snappy-java writes.
const xerialBlock = 32 << 10

// decompress returns the plain bytes of payload, and for snappy whether it
// was xerial framed. It fails once the plain bytes pass limit.
func decompress(codec Codec, payload []byte, limit int) ([]byte, bool, error) {
	switch codec {
	case CodecGzip:
		zr, err := gzip.NewReader(bytes.NewReader(payload))
		if err != nil {
			return nil, false, fmt.Errorf("not gzip data: %w", err)
		}
		out, err := readBounded(zr, limit)
		return out, false, wrap("gzip", err)
	case CodecSnappy:
		if bytes.HasPrefix(payload, xerialMagic) {
			out, err := unxerial(payload, limit)
			return out, true, err
		}
		out, err := unsnappy(nil, payload, limit)
		return out, false, err
	case CodecLZ4:
		out, err := readBounded(lz4.NewReader(bytes.NewReader(payload)), limit)
		return out, false, wrap("lz4", err)
	case CodecZstd:
		out, err := unzstd(payload, limit)
		return out, false, wrap("zstd", err)
	}
	return nil, false, fmt.Errorf("compression codec %d does not exist (0-4 do: none, gzip, snappy, lz4, zstd)", int(codec))
}

// legacyValue is a legacy wrapper's value as Kafka reads it: in magic 0, the
// lz4 frame's header checksum is not checked, because clients before Kafka
// 0.10 computed it over the frame's magic number as well. When that byte is
// off, it returns a copy with the byte mended and a note that says so.
func legacyValue(codec Codec, magic int8, value []byte) (readable []byte, note string) {
	if codec == CodecLZ4 && magic == 0 {
		if fixed, got, want, ok := fixLZ4HeaderChecksum(value); ok {
			return fixed, fmt.Sprintf("lz4 header checksum 0x%02x where the lz4 frame format wants 0x%02x: clients before Kafka 0.10 "+
				"computed it over the frame's magic number too, and Kafka does not check it in magic 0 messages", got, want)
		}
	}
	return value, ""
}

// fixLZ4HeaderChecksum returns a copy of the lz4 frame with its header checksum
// byte recomputed, when the frame descriptor is whole and that byte is wrong.
func fixLZ4HeaderChecksum(frame []byte) (fixed []byte, got, want byte, ok bool) {
	const magic = 0x184d2204
	if len(frame) < 7 || binary.LittleEndian.Uint32(frame) != magic {
		return nil, 0, 0, false
	}
	end := 6 // the descriptor: FLG, BD, then an 8-byte content size and a 4-byte dictionary id if FLG says so
	if frame[4]&0x08 != 0 {
		end += 8
	}
	if frame[4]&0x01 != 0 {
		end += 4
	}
	if len(frame) <= end {
		return nil, 0, 0, false
	}
	got, want = frame[end], byte(xxh32(frame[4:end])>>8)
	if got == want {
		return nil, 0, 0, false
	}
	fixed = append([]byte(nil), frame...)
	fixed[end] = want
	return fixed, got, want, true
}

// xxh32 is the 32-bit xxHash with seed 0 of a short input (under 16 bytes, as an
// lz4 frame descriptor is), the hash lz4 frames check their header with.
func xxh32(b []byte) uint32 {
	const (
		p1 = 2654435761
		p2 = 2246822519
		p3 = 3266489917
		p4 = 668265263
		p5 = 374761393
	)
	h := uint32(p5) + uint32(len(b))
	for ; len(b) >= 4; b = b[4:] {
		h += binary.LittleEndian.Uint32(b) * p3
		h = bits.RotateLeft32(h, 17) * p4
	}
	for _, c := range b {
		h += uint32(c) * p5
		h = bits.RotateLeft32(h, 11) * p1
	}
	h ^= h >> 15
	h *= p2
	h ^= h >> 13
	h *= p3
	h ^= h >> 16
	return h
}

func wrap(codec string, err error) error {
	if err == nil || errors.Is(err, errTooBig) {
		return err
	}
	return fmt.Errorf("not valid %s data: %w", codec, err)
}

var errTooBig = fmt.Errorf("decompresses to more than %d MiB, the limit kafkawire sets against decompression bombs", MaxDecompressed>>20)

// readBounded reads r to the end, failing once it yields more than limit bytes.
// The buffer doubles but never past the limit, so a bomb costs at most about twice the limit.
func readBounded(r io.Reader, limit int) ([]byte, error) {
	buf := make([]byte, 0, min(64<<10, limit+1))
	for stalled := 0; ; {
		if len(buf) == cap(buf) {
			if len(buf) > limit {
				return nil, tooBig(limit)
			}
			grown := make([]byte, len(buf), min(2*cap(buf), limit+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		// A reader that keeps returning nothing would spin forever on hostile input.
		if stalled = stalled + 1; n > 0 {
			stalled = 0
		} else if stalled > 100 {
			return nil, io.ErrNoProgress
		}
		if err == io.EOF {
			if len(buf) > limit {
				return nil, tooBig(limit)
			}
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

func tooBig(limit int) error {
	if limit != MaxDecompressed {
		return fmt.Errorf("%w (lowered to %d bytes)", errTooBig, limit)
	}
	return errTooBig
}

// unsnappy appends the decoded raw snappy block src to dst; the block states
// its decoded size up front, so a bomb is refused before allocating.
func unsnappy(dst, src []byte, limit int) ([]byte, error) {
	n, err := snappy.DecodedLen(src)
	if err != nil {
		return nil, fmt.Errorf("not valid snappy data: %w", err)
	}
	if len(dst)+n > limit {
		return nil, tooBig(limit)
	}
	out, err := snappy.Decode(nil, src)
	if err != nil {
		return nil, fmt.Errorf("not valid snappy data: %w", err)
	}
	return append(dst, out...), nil
}

// unxerial decodes xerial framing: the 8-byte magic, two int32 versions, then blocks of int32 length + raw snappy.
func unxerial(src []byte, limit int) ([]byte, error) {
	if len(src) < 16 {
		return nil, fmt.Errorf("xerial snappy header needs 16 bytes, %d there", len(src))
	}
	var out []byte
	for p := 16; p < len(src); {
		if len(src)-p < 4 {
			return nil, fmt.Errorf("xerial snappy block length at payload byte %d needs 4 bytes, %d left", p, len(src)-p)
		}
		n := int(binary.BigEndian.Uint32(src[p:]))
		p += 4
		if n > len(src)-p {
			return nil, fmt.Errorf("xerial snappy block at payload byte %d claims %d bytes, %d left", p-4, n, len(src)-p)
		}
		var err error
		if out, err = unsnappy(out, src[p:p+n], limit); err != nil {
			return nil, err
		}
		p += n
	}
	if out == nil {
		out = []byte{}
	}
	return out, nil
}

// The zstd coders are large: they are built on first use, with one goroutine and little memory,
// because most pages never meet a zstd batch and the browser has one thread anyway.
var (
	zstdMu  sync.Mutex
	zstdDec *zstd.Decoder
	zstdEnc *zstd.Encoder
)

func unzstd(src []byte, limit int) ([]byte, error) {
	zstdMu.Lock()
	defer zstdMu.Unlock()
	if zstdDec == nil {
		d, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxMemory(uint64(MaxDecompressed)+1))
		if err != nil {
			return nil, err
		}
		zstdDec = d
	}
	if err := zstdDec.Reset(bytes.NewReader(src)); err != nil {
		return nil, err
	}
	return readBounded(zstdDec, limit)
}

// compress appends plain compressed with codec. An unknown codec leaves the records uncompressed:
// there is nothing else to write, and decoding the result reports the codec.
func compress(dst []byte, codec Codec, plain []byte, xerial bool) []byte {
	switch codec {
	case CodecGzip:
		var buf bytes.Buffer
		w := gzip.NewWriter(&buf)
		w.Write(plain)
		w.Close()
		return append(dst, buf.Bytes()...)
	case CodecSnappy:
		if !xerial {
			return append(dst, snappy.Encode(nil, plain)...)
		}
		dst = append(dst, xerialMagic...)
		dst = binary.BigEndian.AppendUint32(dst, 1) // version
		dst = binary.BigEndian.AppendUint32(dst, 1) // minimum compatible version
		for len(plain) > 0 {
			n := min(len(plain), xerialBlock)
			block := snappy.Encode(nil, plain[:n])
			dst = binary.BigEndian.AppendUint32(dst, uint32(len(block)))
			dst = append(dst, block...)
			plain = plain[n:]
		}
		return dst
	case CodecLZ4:
		var buf bytes.Buffer
		w := lz4.NewWriter(&buf)
		w.Write(plain)
		w.Close()
		return append(dst, buf.Bytes()...)
	case CodecZstd:
		zstdMu.Lock()
		defer zstdMu.Unlock()
		if zstdEnc == nil {
			zstdEnc, _ = zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithLowerEncoderMem(true))
		}
		return zstdEnc.EncodeAll(plain, dst)
	}
	return append(dst, plain...)
}
