# Every target bootstraps .venv on first use, so `make run` and `make test` work on a fresh clone.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
RUNSTAMP := $(VENV)/.run-stamp
PYTHON ?= python3
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test lint bench play clean

# `make run` and `make play` install only what playing needs (the base dependencies); `make test`,
# `make lint` and `make bench` install every extra. A full install also satisfies the running one.
$(RUNSTAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $(RUNSTAMP)

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev,research,postgres,sim,lab]'
	touch $(STAMP) $(RUNSTAMP)

run: $(RUNSTAMP)  ## the web table on http://$(HOST):$(PORT), bots at the table, SQLite
	$(VENV)/bin/tricktable serve --host $(HOST) --port $(PORT)

play: $(RUNSTAMP)  ## a terminal game of Megalomania against bots
	$(VENV)/bin/tricktable play megalomania --players 4

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

test: lint  ## ruff, mypy --strict, then every test
	$(VENV)/bin/pytest -n 2 tests

bench: $(STAMP)  ## engine speed as ratios against OpenSpiel (and RLCard) measured in the same run
	$(PY) -c "import rlcard" 2>/dev/null || $(PY) -m pip install -q -e '.[bench]'
	$(PY) benchmarks/run.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
