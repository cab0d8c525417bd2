package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/decrypt"
	"github.com/kafkawire/kafkawire/codec/source"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// KeyLog is a TLS key log the user gave the page: its secrets open the TLS
// connections of the captures opened with it or after it, and of the one
// open when it came. It stays, like the paste, until removed.
type KeyLog struct {
	Name string
	Keys *decrypt.KeyLog
	// Note says where the file stopped being read, when a line broke the
	// format: the sessions before it are used.
	Note string
}

// keys are the secrets of k, nil when there is no key log.
func (k *KeyLog) keys() *decrypt.KeyLog {
	if k == nil {
		return nil
	}
	return k.Keys
}

// name is the key log's file name, "" when there is none.
func (k *KeyLog) name() string {
	if k == nil {
		return ""
	}
	return k.Name
}

// keyLogHead is how many bytes of a file tell a key log: its first line.
const keyLogHead = 4096

// openFiles opens what the user dropped or picked: the key logs among the
// files first, then the first other file, as openFile opens it. Key logs
// alone (dropped after a capture) open the capture or paste that is in
// the box again, with their secrets.
func (b *PasteBox) openFiles(ctx app.Context, files app.Value) {
	n := files.Get("length").Int()
	list := make([]app.Value, n)
	for i := range list {
		list[i] = files.Index(i)
	}
	seq := b.reads // the box's input when the files came
	ctx.Async(func() {
		var other app.Value
		var logs []*KeyLog
		var fail string
		for _, f := range list {
			name := f.Get("name").String()
			head, err := awaitBytes(f.Call("slice", 0, keyLogHead).Call("arrayBuffer"))
			if err != nil || !decrypt.LooksLikeKeyLog(source.FromUTF16(head)) {
				if other == nil {
					other = f
				}
				continue
			}
			if size := f.Get("size").Int(); size > MaxPasteText {
				fail = name + " is a TLS key log of " + mib(size) + ": more than the " + mib(MaxPasteText) + " the page reads of one (kafkawire frames --keylog reads any size)"
				continue
			}
			data, err := awaitBytes(f.Call("arrayBuffer"))
			if err != nil {
				fail = "could not read " + name
				continue
			}
			keys, err := decrypt.ParseKeyLog(source.FromUTF16(data))
			switch {
			case keys.Len() == 0 && err != nil:
				fail = name + ": " + err.Error()
			case keys.Len() == 0:
				fail = name + ": no TLS secrets in it (lines such as CLIENT_RANDOM or CLIENT_TRAFFIC_SECRET_0)"
			default:
				k := &KeyLog{Name: name, Keys: keys}
				if err != nil {
					k.Note = err.Error() + "; the sessions before it are used"
				}
				logs = append(logs, k)
			}
		}
		ctx.Dispatch(func(ctx app.Context) {
			guard(ctx, func() {
				if len(logs) > 0 {
					// Several dropped at once (a key log a client) read as one.
					k := logs[0]
					for _, o := range logs[1:] {
						k.Keys.Add(o.Keys)
						k.Name += " + " + o.Name
						if k.Note == "" {
							k.Note = o.Note
						}
					}
					b.p.Keys = k
				}
				switch {
				case b.reads != seq:
					// The box was given something else while the key log
					// was read: the key log stays, for what comes next.
				case other != nil:
					b.openFile(ctx, other)
				case len(logs) > 0:
					b.reopen(ctx)
				}
				if fail != "" {
					b.dropErr = fail
				}
			})
		})
	})
}

// reopen reads the box's capture or paste again, with the key log now given.
func (b *PasteBox) reopen(ctx app.Context) {
	switch c := b.p.Capture; {
	case c != nil && c.file != nil && c.file.Truthy():
		b.openFile(ctx, c.file)
	case !b.p.Empty():
		b.read(ctx, false)
	}
}

// onRemoveKeyLog forgets the key log, and reads the box's input again
// without it.
func (b *PasteBox) onRemoveKeyLog(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.p.Keys = nil
		// Not the button's context: the button goes with the line, and
		// go-app drops what is dispatched on an element no longer there,
		// so the capture read again would never be shown.
		b.reopen(b.ctx)
	})
}

// keyLogLine says which key log the page holds, with a button to remove
// it; nil when there is none.
func (b *PasteBox) keyLogLine() app.UI {
	k := b.p.Keys
	if k == nil {
		return nil
	}
	line := []app.UI{
		app.Span().Class("paste-dim").Text("TLS key log "),
		app.Span().ID("paste-keylog-name").Class("paste-fmt").Text(k.Name),
		app.Span().Class("paste-dim").Text(" · secrets of " + strconv.Itoa(k.Keys.Len()) + " session" + plural(k.Keys.Len()) + ", used for the TLS connections of what is opened here"),
	}
	if k.Note != "" {
		line = append(line, app.Span().Class("paste-ferr").Text(k.Note))
	}
	line = append(line, app.Button().Class("btn small").Attr("data-op", "paste-keylog-remove").Text("Remove").OnClick(b.onRemoveKeyLog))
	return app.Div().ID("paste-keylog").Class("paste-line").Body(line...)
}
