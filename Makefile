# brandgen: `make run` starts the server on the embedded defaults; `make test` runs every test.
GO      ?= go
BIN     := bin/brandgen
PKGS    := ./...

.PHONY: all build run test test-short bench fuzz sheet deps vet fmt clean

all: build

build:
	$(GO) build -trimpath -o $(BIN) ./cmd/brandgen

# Installs Chromium and fonts when missing (apt, as root), then serves on SQLite in ./data with the
# offline planner, printing a ready API key (the same one on every start).
run: deps build
	./$(BIN) serve --dev-key

deps:
	@bash scripts/deps.sh

test: deps
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -timeout 30m $(PKGS)

bench: deps build
	$(GO) test -run '^$$' -bench . -benchtime 20x ./renderer/
	$(GO) test -run '^$$' -bench 'Brandkit|LogoOffline' -benchtime 5x ./handlers/
	$(GO) run ./bench/load
	$(GO) run ./bench/diagrams
	$(GO) run ./bench/jobs
	$(GO) run ./bench/arch
	$(GO) run ./bench/carousel
	$(GO) run ./bench/pages
	$(GO) run ./bench/fault

# Fuzzes every request decoder and content validator for FUZZTIME each (`make test` runs their
# seed corpora only).
FUZZTIME ?= 30s
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzRequestBody$$' -fuzztime $(FUZZTIME) ./handlers/
	$(GO) test -run '^$$' -fuzz '^FuzzScanJSON$$' -fuzztime $(FUZZTIME) ./handlers/
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(FUZZTIME) ./patterns/
	$(GO) test -run '^$$' -fuzz '^FuzzSanitizeSVG$$' -fuzztime $(FUZZTIME) ./branding/
	$(GO) test -run '^$$' -fuzz '^FuzzValidateBrand$$' -fuzztime $(FUZZTIME) ./branding/

sheet: deps build
	./$(BIN) sheet --out ./sheets

vet:
	$(GO) vet $(PKGS)

fmt:
	gofmt -w $$(git ls-files '*.go')

clean:
	rm -rf bin sheets
