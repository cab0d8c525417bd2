package schema

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCatalogueCounts(t *testing.T) {
	require.Len(t, APIs(), 95)
	msgs := 0
	for i, a := range APIs() {
		assert.Equal(t, int16(i), a.Key)
		assert.NotEmpty(t, a.Versions(Request), a.Name)
		assert.Equal(t, a.Versions(Request), a.Versions(Response), a.Name)
		msgs += len(a.Versions(Request)) + len(a.Versions(Response))
	}
	assert.Equal(t, 736, msgs)
	assert.Len(t, ErrorCodes(), 138)
	assert.Equal(t, "UNKNOWN_TOPIC_OR_PARTITION", Error(3).Name)
}

func TestCatalogueFacts(t *testing.T) {
	dp := ByName("DescribeProducers")
	require.NotNil(t, dp)
	assert.Equal(t, int16(61), dp.Key)
	assert.Equal(t, ByKey(61), dp)
	assert.Equal(t, "ListConfigResources", ByKey(74).Name, "key 74 takes the current set's name")

	produce := ByKey(0)
	assert.Equal(t, Span(0, 2), produce.Removed)
	assert.True(t, produce.VersionFlags(1).Removed)
	assert.False(t, produce.VersionFlags(3).Removed)
	assert.Equal(t, "ProduceRequest", produce.Def(Request, 1).Name)
	assert.True(t, produce.VersionFlags(9).Flexible)
	assert.False(t, produce.VersionFlags(8).Flexible)

	// An API the current set marks "none" keeps every version, all removed.
	ls := ByName("LeaderAndIsr")
	require.NotNil(t, ls)
	assert.True(t, ls.VersionFlags(0).Removed)

	hdr := Header(Request)
	assert.Equal(t, Span(0, 2), hdr.Valid)
	client := hdr.Fields[3]
	assert.Equal(t, "ClientId", client.Name)
	assert.True(t, client.FlexibleSet)
	assert.True(t, client.Flexible.Empty())

	for _, name := range []string{"ConsumerProtocolSubscription", "ConsumerProtocolAssignment", "DefaultPrincipalData", "LeaderChangeMessage", "EndTxnMarker", "SnapshotHeaderRecord", "SnapshotFooterRecord", "VotersRecord", "KRaftVersionRecord", "ControlRecordTypeSchema"} {
		assert.NotNil(t, Data(name), name)
	}
}

func TestHeaderVersions(t *testing.T) {
	assert.Equal(t, int16(0), HeaderVersion(ByKey(7), 0, Request), "ControlledShutdown v0")
	assert.Equal(t, int16(1), HeaderVersion(ByKey(7), 1, Request))
	assert.Equal(t, int16(2), HeaderVersion(ByKey(61), 0, Request))
	assert.Equal(t, int16(1), HeaderVersion(ByKey(22), 1, Request))
	assert.Equal(t, int16(0), HeaderVersion(ByKey(18), 3, Response), "ApiVersions responses always v0")
	assert.Equal(t, int16(1), HeaderVersion(ByKey(61), 0, Response))
	assert.Equal(t, int16(0), HeaderVersion(ByKey(22), 1, Response))
	assert.Equal(t, int16(2), HeaderVersion(ByKey(18), 3, Request), "ApiVersions requests follow the rule")
	assert.Equal(t, int16(0), HeaderVersion(ByKey(18), 0, Response))

	// ClientId's exception is in the catalogue: never flexible, even in header v2.
	var clientID *Field
	for _, f := range Header(Request).Fields {
		if f.Name == "ClientId" {
			clientID = f
		}
	}
	if assert.NotNil(t, clientID) {
		assert.True(t, clientID.FlexibleSet)
		assert.False(t, clientID.Flexible.Has(2))
		assert.True(t, Header(Request).Flexible.Has(2))
	}
}

func TestVersionsParse(t *testing.T) {
	for _, c := range []struct {
		in   string
		want Versions
	}{{"none", None}, {"3", Span(3, 3)}, {"0-2", Span(0, 2)}, {"2+", From(2)}, {" 12+ ", From(12)}} {
		got, err := ParseVersions(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
		if c.in == "none" {
			assert.True(t, got.Empty())
		}
	}
	for _, bad := range []string{"", "x", "3-1", "-1", "1-", "+", "40000"} {
		_, err := ParseVersions(bad)
		assert.Error(t, err, bad)
	}
	assert.Equal(t, "2+", From(2).String())
	assert.Equal(t, "0-2", Span(0, 2).String())
	assert.Equal(t, "none", None.String())
	// Exhaustive membership over a small domain.
	for lo := int16(0); lo < 6; lo++ {
		for hi := lo; hi < 6; hi++ {
			r := Span(lo, hi)
			for v := int16(0); v < 8; v++ {
				assert.Equal(t, v >= lo && v <= hi, r.Has(v))
			}
			back, err := ParseVersions(r.String())
			require.NoError(t, err)
			assert.Equal(t, r, back)
		}
	}
	assert.Equal(t, Span(2, 3), Span(0, 3).Intersect(From(2)))
	assert.True(t, Span(0, 1).Intersect(From(2)).Empty())
}

// TestCatalogueIsFresh regenerates the catalogue from the Kafka definitions, when they are present, and compares.
func TestCatalogueIsFresh(t *testing.T) {
	if runtime.GOOS == "js" {
		t.Skip("needs the go command, which wasm under Node cannot run; the native run checks it")
	}
	dir := filepath.Join("..", "..", "..", "shared", "kafka")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("the Kafka definitions are not beside this checkout")
	}
	out := filepath.Join(t.TempDir(), "catalog_gen.go")
	cmd := exec.Command("go", "run", "./gen", "-kafka", dir, "-out", out)
	msg, err := cmd.CombinedOutput()
	require.NoError(t, err, string(msg))
	want, err := os.ReadFile(out)
	require.NoError(t, err)
	have, err := os.ReadFile("catalog_gen.go")
	require.NoError(t, err)
	assert.True(t, bytes.Equal(want, have), "catalog_gen.go is stale: run go generate ./codec/schema")
}

// TestKindNames: every primitive kind's name reads back as that kind, and
// every type the catalogue uses resolves to the kind its name says.
func TestKindNames(t *testing.T) {
	for k := KindBool; k <= KindRecords; k++ {
		assert.Equal(t, k, KindOf(k.String()), "%d", k)
	}
	assert.Equal(t, "struct", KindStruct.String())
	assert.Equal(t, KindStruct, KindOf("MetadataResponseTopic"))
	assert.Equal(t, "kind 200", Kind(200).String())

	var check func(fields []*Field)
	check = func(fields []*Field) {
		for _, f := range fields {
			if f.Fields == nil {
				assert.Equal(t, f.Elem(), f.Kind().String(), f.Name)
			} else {
				assert.Equal(t, KindStruct, f.Kind(), f.Name)
			}
			check(f.Fields)
		}
	}
	for _, a := range APIs() {
		for _, defs := range [][]*Def{a.Request, a.Response} {
			for _, def := range defs {
				check(def.Fields)
			}
		}
	}
}

// Versions only the older set has were removed by Kafka 4.0 (KIP-896), except
// the older set's unstable newest ones: the share groups' early-access v0,
// dropped before release, which must not be called removed in 4.0.
func TestRemovedAndDroppedVersions(t *testing.T) {
	for _, name := range []string{"ShareGroupHeartbeat", "ShareGroupDescribe", "ShareFetch", "ShareAcknowledge"} {
		a := ByName(name)
		require.NotNil(t, a, name)
		assert.True(t, a.Removed.Empty(), "%s: removed %v", name, a.Removed)
		assert.Equal(t, Span(0, 0), a.Dropped, name)
		f := a.VersionFlags(0)
		assert.True(t, f.Dropped, name)
		assert.False(t, f.Removed || f.Unstable, "%s v0: %+v", name, f)
	}
	produce := ByName("Produce")
	assert.Equal(t, Span(0, 2), produce.Removed)
	assert.True(t, produce.Dropped.Empty())
	assert.Equal(t, Span(0, 7), ByName("LeaderAndIsr").Removed)
	for _, a := range APIs() {
		assert.False(t, a.Removed.Has(a.Dropped.Lo) && !a.Dropped.Empty(), "%s: a version both removed and dropped", a.Name)
	}
}
