# schedsim — see README.md. Every target works on a machine with only Go.
SHELL       := /bin/bash
.SHELLFLAGS := -o pipefail -c
GO      ?= go
PKGS    := ./...
OUT     ?= out

.PHONY: run test test-long test-plain test-clone docs test-slurm test-sacct test-slurm-priority test-slurm-order fuzz bench bench-scale bench-replay-ci build lint reproduce reproduce-karatza reproduce-toporkov reproduce-anticipation reproduce-traces reproduce-coarp reproduce-css2014 reproduce-lublin reproduce-predictions figures clean

SCHEDSIM := $(GO) run ./cmd/schedsim
TRACES   := ../shared/traces

## run: run the default built-in scenario (see README). When the build
## cache does not hold schedsim yet (go list: stale for another reason than
## "not installed"), say so before the minute of compiling.
run:
	@case "$$($(GO) list -f '{{.Stale}} {{.StaleReason}}' ./cmd/schedsim 2>/dev/null)" in \
	  "false "*|*"available in build cache"*) ;; \
	  *) echo "building schedsim (first run, about a minute)…" >&2 ;; \
	esac
	$(GO) run ./cmd/schedsim run

## test: vet, then every test (the analytic, differential and golden ones),
## in their -short versions: the checks that take minutes (full-size paper
## replications, whole traces, a million generated jobs) run in test-long.
## A test that needs a trace of ../shared/traces skips with one line saying
## how to get it. The signal tests require a stop within 1 s, so they run
## on their own, after the rest, rather than beside other packages' test
## binaries.
test:
	$(GO) vet $(PKGS)
	$(GO) test -count=1 -short -timeout 15m -skip '^TestSignal' $(PKGS)
	$(GO) test -count=1 -timeout 5m -run '^TestSignal' ./cmd/schedsim
	$(MAKE) fuzz FUZZTIME=3000x

## test-long: every test at full size (no -short): Table II and the trends of
## Karatza (2010) on 10 × 120 000 jobs, the whole PWA traces with the
## invariant checkers, a million Lublin jobs, shards split 1, 2, 3 and 7 ways
test-long:
	$(GO) test -count=1 -timeout 30m -skip '^TestSignal' $(PKGS)

## test-plain: make test in a plain clone of this checkout (committed files
## only, no ../shared beside it, an empty trace cache), as a newcomer has it
test-plain:
	./.ci/plain-clone make test

## test-clone: git clone this checkout's HEAD into a temporary directory with no ../shared,
## then make run, make build and the README's five-minute path there (TestPlainClone)
test-clone:
	$(GO) test -count=1 -timeout 15m -run '^TestPlainClone$$' ./cmd/schedsim

## docs: regenerate the generated reference pages (docs/reference/cli.md, scenario-keys.md, policies.md, metrics.md)
docs:
	$(GO) test -count=1 -run '^(TestCLIReference|TestScenarioKeysReference)$$' ./cmd/schedsim -update
	$(GO) generate ./cmd/schedsim

## test-slurm: as root: a real single-node Slurm cluster runs a sharded sweep; merged = local, byte for byte
test-slurm:
	./cmd/schedsim/testdata/slurm/test-slurm.sh

## test-sacct: as root: a real single-node Slurm with accounting (mysqld, slurmdbd) runs jobs of known sizes; their sacct output imports field by field
test-sacct:
	./cmd/schedsim/testdata/slurm/test-sacct.sh

## test-slurm-priority: as root: a real Slurm with accounting accrues usage under an account tree; its sshare fair shares (classic and Fair Tree) and sprio priorities must be schedsim's within 1e-3
test-slurm-priority:
	./cmd/schedsim/testdata/slurm/test-slurm-priority.sh

## test-slurm-order: as root: a real Slurm (16 CPUs, multifactor, backfill) runs 40 jobs of 4 users; the replay of its sacct under the same slurm.conf must start >= 90% of them in the same order, in one of up to ORDER_ATTEMPTS=3 runs on a fresh Slurm (docs/explanation/slurm-checks.md says why)
test-slurm-order:
	./cmd/schedsim/testdata/slurm/test-slurm-order.sh

## fuzz: fuzz the SWF reader, SWF job lines, scenario decoding, claims, the sacct importer, the platform
## parser, Lublin --params files, shard manifests, slurm.conf, sacctmgr associations and sprio, the Slurm scheduler model, each for FUZZTIME
## (3000 inputs each in make test: a count, not a duration, because a -fuzztime
## deadline can end a run with a spurious "context deadline exceeded"; 2m by default)
FUZZTIME ?= 2m
fuzz:
	$(GO) test -run '^$$' -fuzz '^FuzzReader$$' -fuzztime $(FUZZTIME) ./workloads/swf
	$(GO) test -run '^$$' -fuzz '^FuzzJobSource$$' -fuzztime $(FUZZTIME) ./workloads/swf
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(FUZZTIME) ./scenarios
	$(GO) test -run '^$$' -fuzz '^FuzzClaims$$' -fuzztime $(FUZZTIME) ./scenarios
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZTIME) ./workloads/slurm
	$(GO) test -run '^$$' -fuzz '^FuzzParsePlatform$$' -fuzztime $(FUZZTIME) ./scenarios
	$(GO) test -run '^$$' -fuzz '^FuzzParams$$' -fuzztime $(FUZZTIME) ./workloads/lublin
	$(GO) test -run '^$$' -fuzz '^FuzzShardManifest$$' -fuzztime $(FUZZTIME) ./results
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(FUZZTIME) ./workloads/slurmconf
	$(GO) test -run '^$$' -fuzz '^FuzzReadAssoc$$' -fuzztime $(FUZZTIME) ./workloads/sacctmgr
	$(GO) test -run '^$$' -fuzz '^FuzzReadPriorities$$' -fuzztime $(FUZZTIME) ./workloads/sacctmgr
	$(GO) test -run '^$$' -fuzz '^FuzzRun$$' -fuzztime $(FUZZTIME) ./model/slurmsim

## bench: every benchmark (kernel, models, policies, scenarios)
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 60m $(PKGS)

## bench-replay-ci: 30 replications × 4 policies of SDSC-BLUE (243 000 jobs) on 2 workers, resampled (replay-ci-blue-resample, issue 24's target: ≤ 60 s on 2 cores) and bootstrapped (replay-ci-blue): s/op and B/op; skips without the trace
bench-replay-ci:
	$(GO) test -run '^$$' -bench 'ReplayCIBlue/.*/replications=30$$' -benchtime 1x -benchmem -timeout 30m ./scenarios

## bench-scale: replay 1 and 10 million synthetic jobs with EASY: wall time and peak RSS (README, Slurm section)
bench-scale:
	$(GO) test -run '^$$' -bench ReplayScale -benchtime 1x -timeout 30m ./cmd/schedsim

## build: the schedsim binary in bin/
build:
	$(GO) build -ldflags "-X main.revision=$$(git rev-parse HEAD 2>/dev/null)$$(git diff --quiet HEAD 2>/dev/null || echo +modified)" -o bin/schedsim ./cmd/schedsim

## lint: gofmt, go.mod and go.sum as go mod tidy has them, go vet
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) mod tidy -diff
	$(GO) vet $(PKGS)

## reproduce: every long reproduction, into $(OUT)/ (see README)
reproduce: reproduce-karatza reproduce-toporkov reproduce-anticipation reproduce-traces reproduce-coarp reproduce-css2014 reproduce-lublin reproduce-predictions
	$(SCHEDSIM) run mmc-erlang --out $(OUT)/mmc-erlang
	$(SCHEDSIM) claims $(OUT)/karatza2010 $(OUT)/toporkov-alp-amp $(OUT)/toporkov-ant-replication $(OUT)/toporkov-ant-vs-bf \
	  $(OUT)/coarp-sdsc-blue $(OUT)/css2014-*/ $(OUT)/predictions-pwa $(OUT)/mmc-erlang | tee $(OUT)/claims.txt

## reproduce-karatza: the whole grid of Dimitriadou & Karatza (2010): Table II and Figures 2-13
reproduce-karatza:
	@mkdir -p $(OUT)
	$(SCHEDSIM) run karatza2010 --out $(OUT)/karatza2010 | tee $(OUT)/karatza2010.txt

## reproduce-toporkov: ALP vs AMP over 25 000 cycles (Toporkov et al.), Figures 5-6
reproduce-toporkov:
	@mkdir -p $(OUT)
	$(SCHEDSIM) run toporkov-alp-amp --out $(OUT)/toporkov-alp-amp | tee $(OUT)/toporkov-alp-amp.txt

## reproduce-anticipation: CSS, ANT and backfilling (Toporkov et al. 2017): Table 1 and Figures 1-4
reproduce-anticipation:
	@mkdir -p $(OUT)
	$(SCHEDSIM) run toporkov-ant-replication --out $(OUT)/toporkov-ant-replication | tee $(OUT)/toporkov-ant-replication.txt
	$(SCHEDSIM) run toporkov-ant-vs-bf --out $(OUT)/toporkov-ant-vs-bf | tee $(OUT)/toporkov-ant-vs-bf.txt

## reproduce-css2014: Toporkov et al. 2014, Tables 1-3 and Figures 3-8 (CSS generalisations), and the load-level calibration
reproduce-css2014:
	@mkdir -p $(OUT)
	@for s in criteria slicing pricing hybrid plans nodes load-levels; do \
	  $(SCHEDSIM) run css2014-$$s --out $(OUT)/css2014-$$s | tee $(OUT)/css2014-$$s.txt || exit 1; \
	done

## reproduce-traces: FCFS, EASY, conservative, FPFS on every trace in ../shared/traces
reproduce-traces:
	@for s in sdsc-sp2 sdsc-blue ctc-sp2 hpc2n kth-sp2 lanl-cm5 lublin-256; do \
	  $(SCHEDSIM) run replay-$$s --out $(OUT)/replay-$$s || exit 1; \
	done

## reproduce-coarp: Makhlouf & Yagoubi's Figures 4-7: five metaschedulers on the Table 1 grid, SDSC Blue, 270 days
reproduce-coarp:
	@mkdir -p $(OUT)
	$(SCHEDSIM) run coarp-sdsc-blue --out $(OUT)/coarp-sdsc-blue | tee $(OUT)/coarp-sdsc-blue.txt

## reproduce-predictions: EASY, EASY++, EASY-SJBF, conservative × requested/doubled/user-last-2/actual on the six PWA traces (Tsafrir et al. 2007), with claims
reproduce-predictions:
	@mkdir -p $(OUT)
	$(SCHEDSIM) run predictions-pwa --out $(OUT)/predictions-pwa | tee $(OUT)/predictions-pwa.txt

## reproduce-lublin: the Lublin–Feitelson validation: a workload like the shipped lublin_256, its daily-cycle plot, KS, shares and load tests
reproduce-lublin:
	@mkdir -p $(OUT)/lublin
	$(SCHEDSIM) generate lublin --procs 256 --jobs 10000 --classes combined --out $(OUT)/lublin/lublin-256.swf.gz \
	  --cycle-plot $(OUT)/lublin/daily-cycle.png --cycle-compare $(TRACES)/lublin_256.swf.gz
	$(SCHEDSIM) trace info $(OUT)/lublin/lublin-256.swf.gz | tee $(OUT)/lublin/info.txt
	$(GO) test -count=1 -v -run 'MatchesShipped|Shares|DailyCycle|ModelLoad|LoadFactor' ./workloads/lublin | tee $(OUT)/lublin/validation.txt
	$(GO) test -count=1 -v -run 'LublinSource' ./scenarios | tee -a $(OUT)/lublin/validation.txt

## figures: the figures the README and docs show (docs/figures/), from SDSC-SP2 in ../shared/traces, by the
## commands printed beside them (a test checks that they are these); PNG at 100 dpi, about 50 KB each
figures:
	@mkdir -p docs/figures
	$(SCHEDSIM) replay --trace SDSC-SP2 --policy easy,conservative,fpfs --out $(OUT)/figures/compare --plot-format png --dpi 100
	cp $(OUT)/figures/compare/plots/mean_bsld.png docs/figures/sdsc-sp2-compare.png
	$(SCHEDSIM) replay --trace SDSC-SP2 --policy easy --out $(OUT)/figures/gantt --schedule --from 30d --to 34d --color-by user --plot-format png --dpi 100
	cp $(OUT)/figures/gantt/plots/schedule/gantt.png docs/figures/sdsc-sp2-gantt.png

clean:
	rm -rf bin $(OUT)
