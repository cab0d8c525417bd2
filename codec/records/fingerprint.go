package records

import (
	"encoding/binary"
	"hash/maphash"
)

// fingerprintSeed only has to be stable within the process: fingerprints are never stored.
var fingerprintSeed = maphash.MakeSeed()

// fingerprint hashes every field of the batch, so AppendTo can tell whether a decoded
// batch was edited without the editor having to say so.
func (b *Batch) fingerprint() uint64 {
	var h maphash.Hash
	h.SetSeed(fingerprintSeed)
	var buf [64]byte
	p := buf[:0]
	p = binary.BigEndian.AppendUint64(p, uint64(b.BaseOffset))
	p = binary.BigEndian.AppendUint32(p, uint32(b.PartitionLeaderEpoch))
	p = append(p, byte(b.Magic))
	p = binary.BigEndian.AppendUint32(p, b.CRC)
	p = binary.BigEndian.AppendUint16(p, uint16(b.Attributes))
	p = binary.BigEndian.AppendUint32(p, uint32(b.LastOffsetDelta))
	p = binary.BigEndian.AppendUint64(p, uint64(b.BaseTimestamp))
	p = binary.BigEndian.AppendUint64(p, uint64(b.MaxTimestamp))
	p = binary.BigEndian.AppendUint64(p, uint64(b.ProducerID))
	p = binary.BigEndian.AppendUint16(p, uint16(b.ProducerEpoch))
	p = binary.BigEndian.AppendUint32(p, uint32(b.BaseSequence))
	p = binary.BigEndian.AppendUint64(p, uint64(len(b.Records)))
	h.Write(p)
	for i := range b.Records {
		hashRecord(&h, &b.Records[i])
	}
	if b.Legacy != nil {
		h.WriteByte(1)
		hashMessage(&h, b.Legacy)
	}
	return h.Sum64()
}

func hashRecord(h *maphash.Hash, r *Record) {
	var buf [32]byte
	p := append(buf[:0], byte(r.Attributes))
	p = binary.BigEndian.AppendUint64(p, uint64(r.TimestampDelta))
	p = binary.BigEndian.AppendUint32(p, uint32(r.OffsetDelta))
	p = binary.BigEndian.AppendUint64(p, uint64(len(r.Headers)))
	h.Write(p)
	hashBytes(h, r.Key)
	hashBytes(h, r.Value)
	for _, x := range r.Headers {
		hashBytes(h, x.Key)
		hashBytes(h, x.Value)
	}
}

func hashMessage(h *maphash.Hash, m *Message) {
	var buf [32]byte
	p := binary.BigEndian.AppendUint64(buf[:0], uint64(m.Offset))
	p = binary.BigEndian.AppendUint32(p, m.CRC)
	p = append(p, byte(m.Magic), byte(m.Attributes))
	p = binary.BigEndian.AppendUint64(p, uint64(m.Timestamp))
	h.Write(p)
	hashBytes(h, m.Key)
	hashBytes(h, m.Value)
	if m.Messages == nil {
		h.WriteByte(0)
	} else {
		var n [9]byte
		n[0] = 1
		binary.BigEndian.PutUint64(n[1:], uint64(len(m.Messages)))
		h.Write(n[:])
	}
	for _, im := range m.Messages {
		hashMessage(h, im)
	}
}

// hashBytes writes the length first (with nil distinct from empty), so adjacent strings cannot blur.
func hashBytes(h *maphash.Hash, b []byte) {
	var n [9]byte
	if b == nil {
		h.Write(n[:1])
		return
	}
	n[0] = 1
	binary.BigEndian.PutUint64(n[1:], uint64(len(b)))
	h.Write(n[:])
	h.Write(b)
}
