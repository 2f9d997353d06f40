"""`make run` installs only what running needs; `make test` everything (#12 item 13)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNNING = {"rich", "fastapi", "uvicorn", "sqlalchemy", "platformdirs", "argon2-cffi", "openskill"}  # accounts, ratings


def names(requirements: list[str]) -> set[str]:
    return {re.split(r"[\[<>=~ ]", r, maxsplit=1)[0].lower() for r in requirements}


def test_the_base_install_is_just_what_running_needs() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert names(project["dependencies"]) == RUNNING
    extras = project["optional-dependencies"]
    assert {"open-spiel", "pettingzoo", "mypy", "playwright", "matplotlib"} <= set().union(
        *(names(v) for v in extras.values()))
    assert project["license"] == "MIT"  # the SPDX form: no setuptools license deprecation warnings


def test_make_run_installs_the_base_and_make_test_every_extra_but_rllib_and_bench() -> None:
    makefile = (ROOT / "Makefile").read_text()
    run_stamp = makefile[makefile.index("$(RUNSTAMP): pyproject.toml"):makefile.index("$(STAMP): pyproject.toml")]
    assert "pip install -q -e .\n" in run_stamp
    assert re.search(r"^run: \$\(RUNSTAMP\)", makefile, re.M) and re.search(r"^play: \$\(RUNSTAMP\)", makefile, re.M)
    installed = re.search(r"-e '\.\[([a-z,]+)\]'", makefile[makefile.index("$(STAMP): pyproject.toml"):])
    assert installed and re.search(r"^lint: \$\(STAMP\)", makefile, re.M)
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    # RLlib pins its own gymnasium, `recipes` holds it; `make bench` installs the bench extra itself
    assert set(installed.group(1).split(",")) == set(extras) - {"rllib", "recipes", "bench"}
