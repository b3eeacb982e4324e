# Two commands on a fresh machine: `make play` and `make test`.
VENV := .venv
# On Windows (a make from Git Bash, MSYS2 or Chocolatey) a virtualenv keeps python.exe in Scripts.
ifeq ($(OS),Windows_NT)
PYTHON ?= python
BIN := $(VENV)/Scripts
EXE := .exe
else
PYTHON ?= python3
BIN := $(VENV)/bin
EXE :=
endif
STAMP := $(VENV)/.installed

.PHONY: play test test-fast lint bench badges check-wheels bundle messages clean

$(BIN)/python$(EXE):
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python$(EXE) pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bundle,cluster,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m laser_flag

# Tests run in JOBS processes (pytest-xdist), each with its own data folders, X server and ports;
# a long test is taken up by whichever process is free. One kind alone: make test KIND=window
# (window, net, cluster, package, soak, slow; docs/DEVELOPING.md, "Tests").
# Compiled modules are kept between runs, even where the environment asks Python not to write
# them: collecting the suite then takes a third of the time in each test process, and so does
# starting each client a test runs.
test test-fast: export PYTHONDONTWRITEBYTECODE :=
JOBS ?= auto
KIND ?=
PYTEST := $(BIN)/python -m pytest -n $(JOBS) --dist worksteal
test: $(STAMP)
	$(BIN)/ruff check .
	$(PYTEST) $(if $(KIND),-m "$(KIND)")

test-fast: $(STAMP)
	$(BIN)/ruff check .
	$(PYTEST) -m "not slow"

# Every script in benchmarks/, each in a few minutes at most: with its arguments below (a quick
# run of a long measurement: the script's --help gives its full one), else its own defaults.
# A script that fails does not stop the others; they are named at the end, and bench fails.
# The bundle is built first, for bundle.py. tests/test_make_bench.py checks that every script
# runs and that each name below is a script's.
BENCHES := $(sort $(wildcard benchmarks/*.py))
BENCH_ARGS_balance := 2 20
BENCH_ARGS_blunders := 1 1 rusher,planner
BENCH_ARGS_bundle := --runs 3
BENCH_ARGS_client_ab := $(BIN)/python $(BIN)/python --runs 1 --frames 150
BENCH_ARGS_generated_maps := --games 16 --maps 2
BENCH_ARGS_generator := --seeds 1 --seconds 60 --size 9
BENCH_ARGS_hits := duel hard rusher
BENCH_ARGS_lab_memory := --games 400 --every 100
BENCH_ARGS_monkey := --minutes 1
BENCH_ARGS_saves := --saves 500 --actions 20000
BENCH_ARGS_server := --clients 40 --seconds 60
BENCH_ARGS_suite := --fast --slowest 10
BENCH_ARGS_targets := --games 1 --draws 1
BENCH_ARGS_texel := data --games 14 --seed 1 --out build/texel-bench.json --fit
BENCH_ARGS_undo := 5000
bench_args = $(BENCH_ARGS_$(basename $(notdir $(1))))

bench: $(STAMP) bundle
	@failed=; begun=$$(date +%s); \
	$(foreach script,$(BENCHES),echo "== $(script) $(call bench_args,$(script))"; \
		start=$$(date +%s); \
		$(BIN)/python $(script) $(call bench_args,$(script)) || failed="$$failed $(script)"; \
		echo "== $(script): $$(( $$(date +%s) - start )) s";) \
	echo "make bench: $$(( $$(date +%s) - begun )) s in all"; \
	if [ -n "$$failed" ]; then echo "make bench: failed:$$failed"; exit 1; fi

# Every runtime dependency has a binary wheel for each supported CPython (the classifiers) on
# Linux x86_64, Windows amd64 and macOS arm64: resolved against the package index (network).
check-wheels: $(STAMP)
	$(BIN)/python release/check_wheels.py

# A one-folder application for people without Python (PyInstaller): dist/laser-flag/ holds
# laser-flag, laser-flag-editor, laser-flag-balance and laser-flag-rolls. The same command
# builds it on Windows and macOS, for the machine it runs on.
BUNDLE_DIST ?= dist
BUNDLE_WORK ?= build/bundle
bundle: $(STAMP)
	$(BIN)/pyinstaller --noconfirm --clean --log-level WARN --distpath $(BUNDLE_DIST) \
		--workpath $(BUNDLE_WORK) release/laser-flag.spec

# The bundled maps' balance badges, re-measured with the standard styles (after a change to a
# map, or to the bots: then bump bots.PLAY_VERSION and measure them all); tests/lab/test_bundled_badges.py
# fails until this has been run (while its stale-badge mark is on, it fails once this has been run:
# then drop the mark). Each pairing plays until its verdict is told, at most BADGE_GAMES games
# (lab.here's standard plan). Some maps only: make badges BADGE_MAPS="maps/duel.json maps/blitz.json"
# On a cluster: make badges BADGE_WHERE="--scheduler tcp://HOST:8786"
BADGE_GAMES ?= 1000
BADGE_BUDGET ?= steps:40
BADGE_WHERE ?= --jobs 2
BADGE_MAPS ?= maps/*.json
badges: $(STAMP)
	$(BIN)/laser-flag-balance $(BADGE_MAPS) --badge --games $(BADGE_GAMES) --budget $(BADGE_BUDGET) \
		--seed 1 $(BADGE_WHERE)

# The catalogues of the game's words (laser_flag/i18n.py, docs/TRANSLATING.md): every string
# marked with _(), N_() or ngettext() in the game and the editor extracted into the template, each
# language's .po brought up to it (new entries untranslated, gone ones dropped), and the .mo files
# the game reads compiled from them. tests/test_catalogues.py fails while a .po lacks a
# translation or a .mo is older than its .po. A run that changes no string changes no file: the
# template is extracted beside the old one and kept only if a message changed (tools/
# keep_template.py: pybabel dates every template it extracts), so the .po and .mo files follow.
LOCALE := laser_flag/locale
messages: $(STAMP)
	$(BIN)/pybabel extract --mapping-file=babel.cfg --width=100 --no-location --sort-output --add-comments=TRANSLATORS: \
		--project=laser-flag --msgid-bugs-address= --copyright-holder= \
		--output-file=$(LOCALE)/laser_flag.pot.new .
	$(BIN)/python tools/keep_template.py $(LOCALE)/laser_flag.pot.new $(LOCALE)/laser_flag.pot
	$(BIN)/pybabel update --width=100 --no-fuzzy-matching --ignore-obsolete \
		--input-file=$(LOCALE)/laser_flag.pot --output-dir=$(LOCALE) --domain=laser_flag
	$(BIN)/pybabel compile --statistics --directory=$(LOCALE) --domain=laser_flag

clean:
	rm -rf $(VENV) build dist *.egg-info
