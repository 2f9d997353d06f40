# Every target bootstraps .venv on first use, so `make run` and `make test` work on a fresh clone.
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
RUNSTAMP := $(VENV)/.run-stamp
PYTHON ?= python3
HOST   ?= 127.0.0.1
PORT   ?= 8000

.PHONY: run test lint bench play clean baselines leaderboard compiled pure test-pure wheel

# `make run` and `make play` install only what playing needs (the base dependencies); `make test`,
# `make lint` and `make bench` install every extra. A full install also satisfies the running one.
# The dependencies install as the pure build (quick); $(BUILT) then compiles the hot path in place (setup.py,
# the build hook: mypyc where a C compiler works, else pure with one line saying so).
$(RUNSTAMP): pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	TRICKTABLE_BUILD=pure $(PY) -m pip install -q -e .
	touch $(RUNSTAMP)

# torch is installed first and pinned to the CPU wheel this machine offers: a plain `torch` requirement
# would pull a CUDA build of several GB. RLlib (extra `rllib`) pins its own gymnasium, so it stays out.
$(STAMP): pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q 'torch==2.13.0'
	TRICKTABLE_BUILD=pure $(PY) -m pip install -q -e '.[dev,research,postgres,sim,lab,learn,tianshou]'
	touch $(STAMP) $(RUNSTAMP)

# The compiled engine, in place (the .so files beside the sources, which the editable install and
# PYTHONPATH=src pick up), rebuilt when a compiled module's source changes. With the dev extra's mypy and
# setuptools in the venv, setup.py runs there and rebuilds only the C files that changed; a run-only venv
# builds through pip (which fetches mypy for the build).
COMPILED := $(shell sed -n '/^compiled = \[/,/^]/p' pyproject.toml | grep -o '"[a-z._]*"' | tr -d '"' | tr . / \
	| sed 's|^|src/tricktable/|; s|$$|.py|')
BUILT := $(VENV)/.built-stamp
$(BUILT): $(COMPILED) setup.py pyproject.toml | $(RUNSTAMP)
	@if $(PY) -c "import mypy, setuptools" 2>/dev/null; then \
	  $(PY) setup.py -q build_ext --inplace >$(VENV)/build.log 2>&1 || { tail -n 30 $(VENV)/build.log; exit 1; }; \
	else $(PY) -m pip install -q --no-deps -e . >$(VENV)/build.log 2>&1 || { tail -n 30 $(VENV)/build.log; exit 1; }; fi
	@grep '^tricktable build:' $(VENV)/build.log || true
	@touch $(BUILT)

# On a fresh clone the compiled build takes a minute or two: the table starts at once on the pure build,
# the compiled one builds beside it, and the table restarts on it when it is ready (saying so).
run: $(RUNSTAMP)  ## the web table on http://$(HOST):$(PORT), bots at the table, SQLite
	@if $(MAKE) -s -q $(BUILT); then $(VENV)/bin/tricktable --version; \
	  exec $(VENV)/bin/tricktable serve --host $(HOST) --port $(PORT); fi; \
	echo "tricktable: the compiled engine is building (a minute or two, log in $(VENV)/build.log); the table"; \
	echo "  starts now on the pure-Python engine and restarts on the compiled one when it is ready"; \
	$(MAKE) -s $(BUILT) & builder=$$!; \
	$(VENV)/bin/tricktable serve --host $(HOST) --port $(PORT) & server=$$!; \
	trap 'kill $$server $$builder 2>/dev/null; exit 130' INT TERM; \
	if wait $$builder && $(PY) -c "import sys, tricktable.buildinfo as b; sys.exit(not b.is_compiled())"; then \
	  echo "tricktable: the compiled engine is ready: restarting the table on it"; \
	  kill $$server; wait $$server; $(VENV)/bin/tricktable --version; \
	  exec $(VENV)/bin/tricktable serve --host $(HOST) --port $(PORT); \
	else echo "tricktable: no compiled engine (see above and $(VENV)/build.log): the table stays on the pure one"; \
	  wait $$server; fi

play: $(RUNSTAMP) $(BUILT)  ## a terminal game of Megalomania against bots
	$(VENV)/bin/tricktable play megalomania --players 4

lint: $(STAMP)
	$(VENV)/bin/ruff check src tests benchmarks
	$(VENV)/bin/mypy

test: lint $(BUILT)  ## ruff, mypy --strict, then every test, on the compiled build where a C compiler works
	@$(VENV)/bin/tricktable --version
	$(VENV)/bin/pytest -n 2 tests

# The determinism tests on the pure build (the compiled modules hidden from import): the seeded games and
# the golden records both builds must play identically. CI runs them after `make test`.
DETERMINISM := tests/golden tests/test_compiled.py
test-pure: $(STAMP)  ## the seeded and golden tests on the pure-Python build
	TRICKTABLE_BUILD=pure $(VENV)/bin/pytest -n 2 $(DETERMINISM)

compiled: $(STAMP) $(BUILT)  ## the hot path compiled with mypyc, in place (make pure undoes it)
	@$(VENV)/bin/tricktable --version

pure:  ## remove the compiled modules: the pure-Python engine again (until the next make run/test/compiled)
	rm -f src/*.so src/tricktable/*/*.so src/tricktable/*/*/*.so $(BUILT)
	rm -rf build src/build

wheel: $(STAMP)  ## installable wheels in dist/: compiled for this platform (and the pure one with PURE=1)
	$(if $(PURE),TRICKTABLE_BUILD=pure )$(PY) -m pip wheel -q --no-deps -w dist .
	@ls dist/*.whl

bench: $(STAMP) $(BUILT)  ## engine and search speed, pure and compiled side by side, against OpenSpiel
	$(PY) -c "import rlcard" 2>/dev/null || TRICKTABLE_BUILD=pure $(PY) -m pip install -q -e '.[bench]'  # (compiled in place already)
	$(PY) benchmarks/run.py

baselines: $(STAMP)  ## small learned agents (MaskablePPO, 30k steps a game, one CPU thread: minutes) in baselines/
	@$(PY) -c "import sb3_contrib, torch" 2>/dev/null || { echo "make baselines needs the learn extra: pip install -e '.[learn]' (take torch's CPU wheel)"; exit 1; }
	for g in megalomania trickster masquerade; do \
	  $(PY) -m tricktable.envs.baselines $$g --players 3 --steps 30000 --out baselines/$$g-3.zip || exit 1; done

leaderboard: $(STAMP)  ## docs/research.md's leaderboard into results/leaderboard.jsonl (long: search agents dominate)
	$(PY) -m tricktable.envs.leaderboard --players 3 --out results/leaderboard.jsonl

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
