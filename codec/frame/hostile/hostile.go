// Package hostile builds the crafted frames of issue 11, which try to make a decode exhaust memory or time, so tests and benchmarks hold the decoders to their budgets.
//
// Each builder returns a whole frame (size prefix included) and caches it:
// building the larger ones compresses 64 MiB, which should be paid once per
// process, not once per test.
package hostile

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"strconv"
	"sync"

	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"

	"github.com/kafkawire/kafkawire/codec/records"
)

// Plain is how many bytes each bomb's records decompress to: just under the
// 64 MiB one batch may decompress to, so only the record count can stop it.
const Plain = 64<<20 - 64

// Record bytes, as a batch holds them: length 6, attributes 0, both deltas
// 0, null key, null value, no headers: the smallest record there is.
var (
	tinyRecord       = []byte{0x0c, 0, 0, 0, 0x01, 0x01, 0x00}
	tinyHeaderRecord = []byte{0x10, 0, 0, 0, 0x01, 0x01, 0x02, 0x00, 0x01} // one header: empty key, null value
)

var (
	mu    sync.Mutex
	cache = map[string][]byte{}
)

func cached(key string, build func() []byte) []byte {
	mu.Lock()
	defer mu.Unlock()
	if b, ok := cache[key]; ok {
		return b
	}
	b := build()
	cache[key] = b
	return b
}

// RecordBomb is a Produce v3 request whose records field holds batches
// batches compressed with codec, each decompressing to Plain bytes of
// 7-byte records (9-byte ones, with an empty header each, when headers is
// set): millions of records from a few kilobytes with zstd.
func RecordBomb(codec records.Codec, headers bool, batches int) []byte {
	key := "bomb " + codec.String() + strconv.FormatBool(headers) + strconv.Itoa(batches)
	return cached(key, func() []byte {
		rec := tinyRecord
		if headers {
			rec = tinyHeaderRecord
		}
		n := Plain / len(rec)
		payload := compress(codec, bytes.Repeat(rec, n))
		one := batch(codec, int32(n), payload)
		return produce(3, bytes.Repeat(one, batches))
	})
}

// PlainProduce is an uncompressed Produce v3 request of about size bytes:
// batches of 1 MiB (as producers write them) of records with value bytes
// each.
func PlainProduce(size, value int) []byte {
	return cached("plain "+strconv.Itoa(size)+" "+strconv.Itoa(value), func() []byte {
		rec := record(bytes.Repeat([]byte{'v'}, value))
		perBatch := max(1, (1<<20)/len(rec))
		one := batch(records.CodecNone, int32(perBatch), bytes.Repeat(rec, perBatch))
		return produce(3, bytes.Repeat(one, max(1, size/len(one))))
	})
}

// LegacyGzip is a Produce v2 request holding one magic 1 gzip wrapper whose
// value decompresses to Plain bytes of empty inner messages (34 bytes each).
func LegacyGzip() []byte {
	return cached("legacy", func() []byte {
		inner := message(1, 0, nil)
		set := bytes.Repeat(inner, Plain/len(inner))
		wrapper := message(1, 1, compress(records.CodecGzip, set))
		return produce(2, wrapper)
	})
}

// BrokenPaste is n Produce v3 request headers cut short, back to back: 12
// bytes each (a size of 8, API key 0, version 3, a correlation id) and no
// client id, as a paste of broken captures might hold.
func BrokenPaste(n int) []byte {
	out := make([]byte, 0, 12*n)
	for i := range n {
		out = binary.BigEndian.AppendUint32(out, 8)
		out = binary.BigEndian.AppendUint16(out, 0)
		out = binary.BigEndian.AppendUint16(out, 3)
		out = binary.BigEndian.AppendUint32(out, uint32(i))
	}
	return out
}

func compress(codec records.Codec, plain []byte) []byte {
	var buf bytes.Buffer
	switch codec {
	case records.CodecGzip:
		w, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		w.Write(plain)
		w.Close()
	case records.CodecSnappy:
		return snappy.Encode(nil, plain)
	case records.CodecLZ4:
		w := lz4.NewWriter(&buf)
		w.Write(plain)
		w.Close()
	case records.CodecZstd:
		w, _ := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(zstd.SpeedBestCompression))
		return w.EncodeAll(plain, nil)
	default:
		return plain
	}
	return buf.Bytes()
}

// record is one record with a null key, the value, and no headers.
func record(value []byte) []byte {
	var body []byte
	body = append(body, 0, 0, 0, 0x01) // attributes, deltas, null key
	body = binary.AppendVarint(body, int64(len(value)))
	body = append(body, value...)
	body = append(body, 0) // no headers
	return append(binary.AppendVarint(nil, int64(len(body))), body...)
}

// batch is a RecordBatch v2 of count records whose (compressed) bytes are payload.
func batch(codec records.Codec, count int32, payload []byte) []byte {
	b := make([]byte, 0, 61+len(payload))
	b = binary.BigEndian.AppendUint64(b, 0)                       // base offset
	b = binary.BigEndian.AppendUint32(b, uint32(49+len(payload))) // batch length
	b = binary.BigEndian.AppendUint32(b, 0)                       // partition leader epoch
	b = append(b, 2)                                              // magic
	b = binary.BigEndian.AppendUint32(b, 0)                       // crc, below
	crcFrom := len(b)
	b = binary.BigEndian.AppendUint16(b, uint16(codec))
	b = binary.BigEndian.AppendUint32(b, uint32(count-1)) // last offset delta
	b = binary.BigEndian.AppendUint64(b, 0)               // base timestamp
	b = binary.BigEndian.AppendUint64(b, 0)               // max timestamp
	b = binary.BigEndian.AppendUint64(b, ^uint64(0))      // producer id -1
	b = binary.BigEndian.AppendUint16(b, 0xffff)          // producer epoch -1
	b = binary.BigEndian.AppendUint32(b, 0xffffffff)      // base sequence -1
	b = binary.BigEndian.AppendUint32(b, uint32(count))
	b = append(b, payload...)
	binary.BigEndian.PutUint32(b[crcFrom-4:], crc32.Checksum(b[crcFrom:], crc32.MakeTable(crc32.Castagnoli)))
	return b
}

// message is a legacy message of the magic with the codec, a null key and value.
func message(magic, codec int8, value []byte) []byte {
	var m []byte
	m = binary.BigEndian.AppendUint64(m, 0) // offset
	m = binary.BigEndian.AppendUint32(m, 0) // size, below
	m = binary.BigEndian.AppendUint32(m, 0) // crc, below
	m = append(m, byte(magic), byte(codec))
	if magic == 1 {
		m = binary.BigEndian.AppendUint64(m, 0) // timestamp
	}
	m = binary.BigEndian.AppendUint32(m, 0xffffffff) // null key
	if value == nil {
		m = binary.BigEndian.AppendUint32(m, 0xffffffff)
	} else {
		m = binary.BigEndian.AppendUint32(m, uint32(len(value)))
		m = append(m, value...)
	}
	binary.BigEndian.PutUint32(m[8:], uint32(len(m)-12))
	binary.BigEndian.PutUint32(m[12:], crc32.ChecksumIEEE(m[16:]))
	return m
}

// produce is a Produce request of version v (2 or 3) to one partition of
// topic "t" carrying recs as its records.
func produce(v int16, recs []byte) []byte {
	var b []byte
	b = binary.BigEndian.AppendUint32(b, 0) // size, below
	b = binary.BigEndian.AppendUint16(b, 0) // API key: Produce
	b = binary.BigEndian.AppendUint16(b, uint16(v))
	b = binary.BigEndian.AppendUint32(b, 1)                          // correlation id
	b = append(b, 0, 9, 'k', 'a', 'f', 'k', 'a', 'w', 'i', 'r', 'e') // client id
	if v >= 3 {
		b = binary.BigEndian.AppendUint16(b, 0xffff) // null transactional id
	}
	b = binary.BigEndian.AppendUint16(b, 1)    // acks
	b = binary.BigEndian.AppendUint32(b, 1000) // timeout
	b = binary.BigEndian.AppendUint32(b, 1)    // one topic
	b = append(b, 0, 1, 't')
	b = binary.BigEndian.AppendUint32(b, 1) // one partition
	b = binary.BigEndian.AppendUint32(b, 0) // partition 0
	b = binary.BigEndian.AppendUint32(b, uint32(len(recs)))
	b = append(b, recs...)
	binary.BigEndian.PutUint32(b, uint32(len(b)-4))
	return b
}
