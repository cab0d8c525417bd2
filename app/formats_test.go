//go:build !js

package main

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kversion"

	"github.com/kafkawire/kafkawire/codec/frame/traffic"
	"github.com/kafkawire/kafkawire/codec/hexin"
)

// Real frames, made by an independent client (franz-go's kgo producing to
// and consuming from an in-process kfake cluster on 127.0.0.1), written out
// in every dump format kafkawire reads, go through `kafkawire decode` and
// come out as the same messages: the API from the request header, and the
// response paired with its request in the same paste.
func TestDecodeRealFramesInEveryFormat(t *testing.T) {
	// Kafka 3.9's versions: from Produce v13 on, topics are named by id only.
	exchanges, err := traffic.Record([]kgo.Opt{kgo.ConsumeTopics("orders"), kgo.ClientID("formats-test"), kgo.MaxVersions(kversion.V3_9_0())},
		func(ctx context.Context, cl *kgo.Client) {
			require.NoError(t, cl.ProduceSync(ctx, &kgo.Record{Topic: "orders", Key: []byte("k"), Value: []byte("format-check")}).FirstErr())
			for fetched := 0; fetched == 0 && ctx.Err() == nil; {
				fetched = cl.PollFetches(ctx).NumRecords()
			}
		})
	if err != nil {
		t.Fatal(err)
	}
	var produce traffic.Exchange
	for _, ex := range exchanges {
		if ex.APIKey == 0 && ex.Response != nil {
			produce = ex
		}
	}
	require.NotNil(t, produce.Request, "no Produce exchange was captured")

	// One frame alone, and a request and its response back to back.
	stream := append(append([]byte{}, produce.Request...), produce.Response...)
	formats := hexin.Formats()
	require.GreaterOrEqual(t, len(formats), 19)
	for _, f := range formats {
		t.Run(strings.ReplaceAll(string(f), " ", "_"), func(t *testing.T) {
			out, errOut, status := kafkawire(t, hexin.FormatAs(produce.Request, f), "decode")
			require.Equal(t, 0, status, "%s: %s", f, errOut)
			assert.Contains(t, out, "ProduceRequest message v")
			assert.Contains(t, out, `"orders"`)
			assert.Contains(t, out, `"format-check"`)

			out, errOut, status = kafkawire(t, hexin.FormatAs(stream, f), "decode")
			require.Equal(t, 0, status, "%s: %s", f, errOut)
			assert.Contains(t, out, "# frame 2 at 0x")
			assert.Contains(t, out, "response to frame 1")
			assert.Contains(t, out, "ProduceResponse message v")
		})
	}
}
