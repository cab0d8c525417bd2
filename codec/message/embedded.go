package message

import (
	"encoding/binary"
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// embeddedFormats names the data format some bytes fields carry: the
// consumer group protocol's member metadata and assignments, and the
// principal an Envelope forwards. The format is decoded only when it reads
// the bytes whole and cleanly (a group of another protocol type, e.g.
// connect, carries something else).
var embeddedFormats = map[int16]map[string]string{
	11: {"Metadata": "ConsumerProtocolSubscription"},                                                         // JoinGroup
	14: {"Assignment": "ConsumerProtocolAssignment"},                                                         // SyncGroup
	15: {"MemberMetadata": "ConsumerProtocolSubscription", "MemberAssignment": "ConsumerProtocolAssignment"}, // DescribeGroups
	58: {"RequestPrincipal": "DefaultPrincipalData"},                                                         // Envelope
}

// embedded decodes b (at absolute offset off) as the data format field name carries in the decoder's API, if any.
func (d *Decoder) embedded(name string, b []byte, off int) *layout.Node {
	format := embeddedFormats[d.APIKey][name]
	if format == "" || len(b) < 2 {
		return nil
	}
	return DecodeData(format, b, off, d.Region)
}

// DecodeData decodes b, which starts at absolute offset off, as data format
// name. Formats come in two shapes: the consumer protocol and principal data
// put an int16 version before the struct, while the KRaft control records
// (LeaderChangeMessage, snapshot header and footer, voters, kraft.version)
// begin with a Version field of their own. It returns nil unless the bytes
// decode whole and cleanly.
func DecodeData(name string, b []byte, off int, region layout.Region) *layout.Node {
	def := schema.Data(name)
	if def == nil || len(b) < 2 {
		return nil
	}
	v := int16(binary.BigEndian.Uint16(b))
	if !def.Valid.Has(v) {
		return nil
	}
	r := wire.NewReader(b, off)
	n := &layout.Node{Name: name, Type: "embedded v" + strconv.Itoa(int(v)), Off: off, End: off + len(b), Region: region,
		Desc: "a " + splitWords(name) + " carried in these bytes"}
	selfVersioned := len(def.Fields) > 0 && def.Fields[0].Name == "Version" && def.Fields[0].Type == "int16"
	if !selfVersioned {
		vn := n.Add(&layout.Node{Name: "version", Type: "int16", Off: off, Region: region, Desc: "version of the embedded format"})
		r.Int16()
		vn.End, vn.Value = r.Off(), strconv.Itoa(int(v))
	}
	sub := &Decoder{Reader: r, Version: v, Region: region, APIKey: -1} // the format's fields are no API's
	sub.Struct(def.Fields, def.Flexible.Has(v), n)
	if r.Err() != nil || r.Left() != 0 {
		return nil
	}
	return n
}

// recordsOptions are the options a records field is decoded with: the
// caller's, with the catalogue's data formats for the values of KRaft
// control records unless the caller chose otherwise.
func (d *Decoder) recordsOptions() records.Options {
	o := d.Records
	o.ShareBlocks = d.Arena.SharePin()
	if o.DataFormat == nil {
		o.DataFormat = DecodeData
	}
	return o
}
