package frame

import (
	"encoding/binary"

	"github.com/kafkawire/kafkawire/codec/message"
)

// Encode writes m as a whole frame: the int32 size prefix, the header at the
// version the API and direction call for, and the body.
func Encode(m *message.Message) ([]byte, error) {
	shape := m.API.Shape(m.Dir, m.Version)
	if shape == nil {
		return nil, &message.EncodeError{Path: m.API.Name, Msg: "no such version"}
	}
	// Room for the size prefix, patched once the frame's length is known.
	dst := make([]byte, 4, max(64, m.SizeHint))
	dst, err := message.AppendShaped(dst, shape.Header, m.Header)
	if err != nil {
		return nil, within("header", err)
	}
	dst, err = message.AppendShaped(dst, shape.Body, m.Body)
	if err != nil {
		return nil, within("body", err)
	}
	m.SizeHint = len(dst)
	binary.BigEndian.PutUint32(dst, uint32(len(dst)-4))
	return dst, nil
}

// within puts part ("header", "body") in front of an encode error's path.
func within(part string, err error) error {
	if e, ok := err.(*message.EncodeError); ok {
		path := part
		if e.Path != "" {
			path += "." + e.Path
		}
		return &message.EncodeError{Path: path, Msg: e.Msg}
	}
	return err
}
