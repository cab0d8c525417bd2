package records

import (
	"encoding/binary"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// Control record types, the second int16 of a control record's key.
var controlTypes = map[int16]string{0: "ABORT", 1: "COMMIT", 2: "LEADER_CHANGE", 3: "SNAPSHOT_HEADER",
	4: "SNAPSHOT_FOOTER", 5: "KRAFT_VERSION", 6: "KRAFT_VOTERS"}

// controlData names the catalogue data format the value of a KRaft control record holds, by type.
var controlData = map[int16]string{2: "LeaderChangeMessage", 3: "SnapshotHeaderRecord", 4: "SnapshotFooterRecord",
	5: "KRaftVersionRecord", 6: "VotersRecord"}

func controlType(key []byte) string {
	if len(key) < 4 {
		return ""
	}
	return controlTypes[int16(binary.BigEndian.Uint16(key[2:]))]
}

// controlNodes opens a control record's key (version, type) and value (the EndTxnMarker:
// version, coordinatorEpoch) under the key and value nodes. Odd contents are a warning,
// not an error: the record itself decoded fine, and newer brokers may add types.
func (d *decoder) controlNodes(kn, vn *layout.Node, key, value []byte) {
	typ := int16(-1)
	if data := dataNode(kn); data != nil && len(key) >= 4 {
		r := wire.NewReader(key, data.Off)
		d.field(r, data, "version", "int16", "control key version", func() string { return itoa(int64(r.Int16())) })
		d.field(r, data, "type", "int16", "0 = ABORT, 1 = COMMIT", func() string {
			t := r.Int16()
			if name, ok := controlTypes[t]; ok {
				return itoa(int64(t)) + " (" + name + ")"
			}
			return itoa(int64(t)) + " (unknown)"
		})
		typ = int16(binary.BigEndian.Uint16(key[2:]))
		controlWarn(data, r, "control key")
	} else if kn != nil {
		kn.SetWarn("a control record needs a key of at least 4 bytes (version, type)")
	}
	if format := controlData[typ]; format != "" {
		if data := dataNode(vn); data != nil && d.opts.DataFormat != nil {
			if n := d.opts.DataFormat(format, value, data.Off, data.Region); n != nil {
				if data.Buf != 0 {
					// The decoder knows offsets, not buffers: a compressed batch's records live in one of their own.
					n.Walk(func(c *layout.Node, _ int) bool { c.Buf = data.Buf; return true })
				}
				data.Children = append(data.Children, n)
			} else {
				data.SetWarn("not a " + format + " this version of kafkawire knows")
			}
		}
		return
	}
	if data := dataNode(vn); data != nil {
		r := wire.NewReader(value, data.Off)
		d.field(r, data, "version", "int16", "EndTxnMarker version", func() string { return itoa(int64(r.Int16())) })
		d.field(r, data, "coordinatorEpoch", "int32", "epoch of the transaction coordinator that wrote the marker", func() string { return itoa(int64(r.Int32())) })
		controlWarn(data, r, "EndTxnMarker")
	}
}

func dataNode(n *layout.Node) *layout.Node {
	if n == nil {
		return nil
	}
	for _, c := range n.Children {
		if c.Name == "data" {
			return c
		}
	}
	return nil
}

// controlWarn turns a failed or incomplete control decode into a warning on its node.
func controlWarn(n *layout.Node, r *wire.Reader, what string) {
	for _, c := range n.Children {
		if c.Err != nil {
			c.SetWarn(c.Err.Msg)
			c.Err = nil
		}
	}
	if f := r.Failure(); f != nil {
		n.SetWarn(what + " is too short: " + f.Error())
	} else if r.Left() > 0 {
		n.SetWarn(what + " has " + itoa(int64(r.Left())) + " bytes more than this version defines")
	}
}
