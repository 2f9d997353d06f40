# Every target bootstraps .venv on first use, so `make run` and `make test` work on a fresh clone.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
RUNSTAMP := $(VENV)/.run-stamp
PYTHON ?= python3
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test lint bench play clean baselines leaderboard compiled pure test-compiled

# `make run` and `make play` install only what playing needs (the base dependencies); `make test`,
# `make lint` and `make bench` install every extra. A full install also satisfies the running one.
$(RUNSTAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e .
	touch $(RUNSTAMP)

# torch is installed first and pinned to the CPU wheel this machine offers: a plain `torch` requirement
# would pull a CUDA build of several GB. RLlib (extra `rllib`) pins its own gymnasium, so it stays out.
$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q 'torch==2.13.0'
	$(PY) -m pip install -q -e '.[dev,research,postgres,sim,lab,learn,tianshou]'
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

# The compiled engine (mypyc): the hot path built in place, the .so files beside the sources, so the
# editable install and PYTHONPATH=src pick them up; `make pure` removes them. The source stays plain typed
# Python. Every game's State classes are compiled native classes (rules.py and effects.py: clone copies them
# field by field) on engine/native.py's NativeState (State's apply, legal_actions and log, compiled with them)
# on the engine's State, which stays a plain Python class, as do:
# errors.py (builtin exception subclasses), actions.py (its Action and each game's Move: a compiled class can
# neither subclass a slotted class nor be one, and plugins subclass Action in plain Python), state.py and
# game.py (plain-Python games subclass State and Game: compiled, they would need interpreted subclasses, which
# crashed in the garbage collector once; each game's Game class is `plain_class`, its fork copies __dict__),
# registry/options/words (not hot), each game's options.py and text.py (tables read once), and every module
# outside the engine, games and search.
COMPILED := $(addprefix src/tricktable/engine/,actions cards chance events hidden native rng sampling record undo) \
	$(foreach g,megalomania masquerade trickster,$(addprefix src/tricktable/games/$(g)/,actions cards phases effects rules game scoring observe resample heuristic)) \
	src/tricktable/bots/search src/tricktable/bots/ismcts

compiled: $(STAMP)  ## the hot path compiled with mypyc, in place (make pure undoes it)
	$(MAKE) pure  # no stale .so of a module that left the list
	mkdir -p src/build
	cd src && $(abspath $(VENV))/bin/mypyc $(patsubst src/%,%.py,$(COMPILED)) >build/mypyc.log 2>&1 \
	  || { tail -n 30 build/mypyc.log; exit 1; }
	@echo "compiled: $$(ls src/tricktable/*/*.so src/tricktable/*/*/*.so 2>/dev/null | wc -l) extension modules"

pure:  ## remove the compiled modules: the pure-Python engine again
	rm -f src/*.so src/tricktable/*/*.so src/tricktable/*/*/*.so
	rm -rf src/build

test-compiled: $(STAMP)  ## the whole suite on the compiled build, then pure again (even on failure)
	$(MAKE) compiled
	TRICKTABLE_EXPECT_COMPILED=1 $(VENV)/bin/pytest -n 2 tests; rc=$$?; $(MAKE) pure; exit $$rc

bench: $(STAMP)  ## engine speed as ratios against OpenSpiel (and RLCard) measured in the same run
	$(PY) -c "import rlcard" 2>/dev/null || $(PY) -m pip install -q -e '.[bench]'
	$(PY) benchmarks/run.py
	$(MAKE) compiled
	$(PY) benchmarks/compiled.py && $(PY) benchmarks/instructions.py; rc=$$?; $(MAKE) pure; exit $$rc

baselines: $(STAMP)  ## small learned agents (MaskablePPO, 30k steps a game, one CPU thread: minutes) in baselines/
	@$(PY) -c "import sb3_contrib, torch" 2>/dev/null || { echo "make baselines needs the learn extra: pip install -e '.[learn]' (take torch's CPU wheel)"; exit 1; }
	for g in megalomania trickster masquerade; do \
	  $(PY) -m tricktable.envs.baselines $$g --players 3 --steps 30000 --out baselines/$$g-3.zip || exit 1; done

leaderboard: $(STAMP)  ## docs/research.md's leaderboard into results/leaderboard.jsonl (long: search agents dominate)
	$(PY) -m tricktable.envs.leaderboard --players 3 --out results/leaderboard.jsonl

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
