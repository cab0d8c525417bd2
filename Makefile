# kafkawire: the two commands a newcomer needs are `make serve` and `make test`.
GO      ?= go
BASE    ?= /
PORT    ?= 8000
WASMEXEC = $(shell $(GO) env GOROOT)/lib/wasm/go_js_wasm_exec
# Size matters for the download: strip symbols and paths. The page's own
# code (ui) and go-app's are built without inlining: they render and take
# events, no hot loops, and their inlined copies' position tables were
# 90 KB of the gzipped module; the codec keeps it (e2e/bench/ROUNDS.md).
WASMFLAGS = -trimpath -ldflags='-s -w' -gcflags='github.com/kafkawire/kafkawire/ui=-l' -gcflags='github.com/maxence-charriere/go-app/v10/...=-l'
# Binaryen's wasm-opt (Debian: binaryen) then shrinks the module when it is
# installed. Go's wasm uses these features beyond MVP. -O1 shrinks the gzipped
# module as much as -O2 or -Oz, in half the time of -O2 (e2e/bench/ROUNDS.md).
WASMOPT      ?= wasm-opt
WASMOPTFLAGS ?= -O1 --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals

.PHONY: all build wasm serve site test test-unit test-fuzz test-wasm test-e2e fuzz bench catalog vet clean

all: build wasm

build:
	$(GO) build -o bin/kafkawire ./app

# web/app.wasm is what every site is assembled from (make serve, make site, the
# e2e tests), so the optimised module is the one tested and shipped. Go writes
# bin/app.go.wasm; wasm-opt, which takes minutes, runs only when that or the
# command changed (bin/app.opt.src and bin/app.opt.cmd are the input and the
# command of the last optimised web/app.wasm).
WASMOPTCMD = $(WASMOPT) $(WASMOPTFLAGS)
wasm:
	@mkdir -p bin
	GOOS=js GOARCH=wasm $(GO) build $(WASMFLAGS) -o bin/app.go.wasm ./wasm
	@if [ -f web/app.wasm ] && cmp -s bin/app.go.wasm bin/app.opt.src && [ "$$(cat bin/app.opt.cmd 2>/dev/null)" = "$(WASMOPTCMD)" ]; then \
		echo "web/app.wasm: optimised build is up to date"; \
	elif command -v $(WASMOPT) >/dev/null 2>&1; then \
		echo "$(WASMOPTCMD) (a few minutes) ..."; \
		rm -f bin/app.opt.src bin/app.opt.cmd; \
		$(WASMOPTCMD) bin/app.go.wasm -o web/app.wasm && cp bin/app.go.wasm bin/app.opt.src && echo "$(WASMOPTCMD)" > bin/app.opt.cmd; \
	else \
		echo "$(WASMOPT) not found (Debian: apt-get install binaryen): web/app.wasm is Go's build, not optimised"; \
		rm -f bin/app.opt.src bin/app.opt.cmd; \
		cp bin/app.go.wasm web/app.wasm; \
	fi

# The main job: build the wasm and serve the site on http://127.0.0.1:$(PORT)/.
serve: wasm build
	./bin/kafkawire serve -addr 127.0.0.1:$(PORT)

# The static site for GitHub Pages, in dist/, under BASE (e.g. BASE=/kafkawire/).
site: wasm build
	./bin/kafkawire site -base $(BASE) -out dist

# Every test: unit (every fuzz target's committed corpus included, past
# crashers too), a short live run of every fuzz target, the codec compiled
# to wasm under Node, and the browser end to end.
test: vet test-unit test-fuzz test-wasm test-e2e

# gofmt, go vet, and go.mod/go.sum exactly as `go mod tidy` would write them
# (-diff prints what it would change and fails).
vet:
	@test -z "$$(gofmt -l $$(git ls-files '*.go'))" || (echo "gofmt needed:"; gofmt -l $$(git ls-files '*.go'); exit 1)
	$(GO) vet ./...
	$(GO) mod tidy -diff

# The Node.js packages the tests use, from npm, pinned by e2e/node's lock
# file: kafkajs for the differential tests that run kcat and kafkajs
# (codec/frame/clients_test.go), axe-core for the accessibility checks.
NODE = e2e/node/node_modules/.package-lock.json
$(NODE): e2e/node/package.json e2e/node/package-lock.json
	npm ci --prefix e2e/node --no-audit --no-fund

test-unit: $(NODE)
	$(GO) test ./...

test-wasm:
	GOOS=js GOARCH=wasm $(GO) test -exec="$(WASMEXEC)" ./codec/...

test-e2e: wasm build $(NODE)
	$(GO) test -tags e2e -count=1 -timeout 30m ./e2e/...

# Every Fuzz target in the tree (found by name, so new ones join), each
# from its committed corpus in testdata/fuzz, past crashers included.
# `go test -fuzz` takes one package and one target per call. `make fuzz`
# runs each for FUZZTIME. `make test` (test-fuzz) runs each for a count of
# new inputs, not a time: a count does the same work on a loaded machine,
# and a duration meets a race in Go 1.26's fuzzing coordinator
# (go.dev/issue/75804), which fails a clean run with "context deadline
# exceeded" and no input written when the time runs out mid-input (seen
# here on FuzzParse). Every target ran clean for 3 minutes before the
# short runs joined make test; a find is written to testdata/fuzz/.
FUZZTIME ?= 60s
FUZZMINIMIZE ?= 10s
FUZZCOUNT ?= 2000x
fuzz:
	@set -e; for f in $$(grep -rl --include='*_test.go' --exclude-dir=.git --exclude-dir=node_modules '^func Fuzz' .); do \
		for t in $$(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' $$f); do \
			echo "fuzz $$t in $$(dirname $$f) for $(FUZZTIME)"; \
			$(GO) test -run='^$$' -fuzz="^$$t$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=$(FUZZMINIMIZE) $$(dirname $$f); \
		done; \
	done

test-fuzz:
	@$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZCOUNT) FUZZMINIMIZE=200x

# One table: the codec against kmsg (benchstat), the app.wasm download (the
# web/app.wasm that make wasm leaves) and what weighs in it, the page in
# headless Chromium on 127.0.0.1, and a 100 MB capture read natively and in
# the page (`go run ./e2e/bench -only capture` for those rows alone). Also
# written to bench-results.txt. About 5 minutes on 2 cores.
bench: wasm
	$(GO) run ./e2e/bench -out bench-results.txt

catalog:
	$(GO) generate ./codec/schema

clean:
	rm -rf bin dist web/app.wasm e2e/artifacts e2e/clients/node_modules e2e/axe/node_modules
