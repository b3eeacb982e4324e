# Two commands on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-fast lint bench badges clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test,rl]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/python -m laser_flag

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

test-fast: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -m "not slow"

bench: $(STAMP)
	$(BIN)/python benchmarks/engine.py
	$(BIN)/python benchmarks/los.py
	$(BIN)/python benchmarks/client.py
	$(BIN)/python benchmarks/bots.py
	$(BIN)/python benchmarks/balance.py
	$(BIN)/python benchmarks/env.py

# Every bundled map's balance badge, re-measured with the standard styles (after a change to a
# map, to the bots, or a new version); tests/lab/test_bundled_badges.py fails until this has been run.
BADGE_GAMES ?= 96
BADGE_BUDGET ?= steps:40
badges: $(STAMP)
	$(BIN)/laser-flag-balance maps/*.json --badge --games $(BADGE_GAMES) --budget $(BADGE_BUDGET) \
		--jobs 2 --seed 1

clean:
	rm -rf $(VENV) build *.egg-info
