package main

import (
	"os"

	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/records"
)

func main() {
	d := os.Args[1]
	os.WriteFile(d+"/zstd.bin", hostile.RecordBomb(records.CodecZstd, false, 1), 0o644)
	os.WriteFile(d+"/gzip.bin", hostile.RecordBomb(records.CodecGzip, false, 1), 0o644)
	os.WriteFile(d+"/lz4.bin", hostile.RecordBomb(records.CodecLZ4, false, 1), 0o644)
	os.WriteFile(d+"/snappy.bin", hostile.RecordBomb(records.CodecSnappy, false, 1), 0o644)
	os.WriteFile(d+"/zstd-headers.bin", hostile.RecordBomb(records.CodecZstd, true, 1), 0o644)
	os.WriteFile(d+"/zstd-8.bin", hostile.RecordBomb(records.CodecZstd, false, 8), 0o644)
	os.WriteFile(d+"/legacy.bin", hostile.LegacyGzip(), 0o644)
	os.WriteFile(d+"/plain-tiny.bin", hostile.RecordBomb(records.CodecNone, false, 1), 0o644)
	os.WriteFile(d+"/plain-1k.bin", hostile.PlainProduce(64<<20, 1024), 0o644)
}
