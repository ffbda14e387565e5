# schedsim — see README.md. Every target works on a machine with only Go.
GO      ?= go
PKGS    := ./...
OUT     ?= out

.PHONY: run test bench build lint reproduce clean

## run: run the default built-in scenario (see README)
run:
	$(GO) run ./cmd/schedsim run

## test: vet, then every test (the analytic, differential and golden ones)
test:
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -timeout 15m $(PKGS)

## bench: every benchmark (kernel, models, policies, scenarios)
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m $(PKGS)

## build: the schedsim binary in bin/
build:
	$(GO) build -o bin/schedsim ./cmd/schedsim

## lint: gofmt and go vet
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

## reproduce: the long paper reproductions, into $(OUT)/
reproduce:
	$(GO) run ./cmd/schedsim run mmc-erlang --out $(OUT)/mmc-erlang

clean:
	rm -rf bin $(OUT)
