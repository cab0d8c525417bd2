package docs

import (
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// dataFormats are the embedded formats of the catalogue.
var dataFormats = []string{
	"AbortedTxn", "ConsumerProtocolAssignment", "ConsumerProtocolSubscription", "ControlRecordTypeSchema",
	"DefaultPrincipalData", "EndTxnMarker", "KRaftVersionRecord", "LeaderChangeMessage",
	"SnapshotFooterRecord", "SnapshotHeaderRecord", "VotersRecord",
}

func TestEveryDataFieldIsExplained(t *testing.T) {
	for _, name := range dataFormats {
		def := schema.Data(name)
		if def == nil {
			t.Errorf("%s is not a data format of the catalogue", name)
			continue
		}
		known := map[string]bool{}
		var walk func(prefix string, fs []*schema.Field)
		walk = func(prefix string, fs []*schema.Field) {
			for _, f := range fs {
				p := prefix + f.Name
				known[p] = true
				desc := DataField(name, p)
				if desc == "" || onlyName(f.Name, desc) {
					t.Errorf("%s %s: description %q", name, p, desc)
				}
				walk(p+".", f.Fields)
			}
		}
		walk("", def.Fields)
		for p := range dataFields[name] {
			if !known[p] {
				t.Errorf("%s: path %q is not in the catalogue", name, p)
			}
		}
	}
	if len(dataFields) != len(dataFormats) {
		t.Errorf("%d formats described, %d in the list", len(dataFields), len(dataFormats))
	}
}

func TestDataWordsShareNoEightWordsWithKafka(t *testing.T) {
	theirs := map[string]string{}
	for _, about := range kafkaAbouts(t) {
		for _, r := range runs(about) {
			theirs[r] = about
		}
	}
	for format, m := range dataFields {
		for p, text := range m {
			for _, r := range runs(text) {
				if about, ok := theirs[r]; ok {
					t.Errorf("%s %s shares %q with Kafka's %q", format, p, r, about)
				}
			}
		}
	}
	if !strings.Contains(DataField("ControlRecordTypeSchema", "Type"), "1 commit") || DataField("VotersRecord", "NoSuchField") != "" {
		t.Errorf("DataField lookups")
	}
}
