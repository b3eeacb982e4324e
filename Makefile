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

.PHONY: play test test-fast lint bench badges check-wheels bundle clean

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

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/los.py
	$(BIN)/python benchmarks/client.py
	$(BIN)/python benchmarks/bots.py
	$(BIN)/python benchmarks/balance.py
	$(BIN)/python benchmarks/stopping.py
	$(BIN)/python benchmarks/cluster.py
	$(BIN)/python benchmarks/env.py
	$(BIN)/python benchmarks/remote.py

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

clean:
	rm -rf $(VENV) build dist *.egg-info
