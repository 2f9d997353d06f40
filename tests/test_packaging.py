"""`make run` installs only what running needs; `make test` everything (#12 item 13)."""

from __future__ import annotations

import re
import subprocess
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


def test_the_build_hook_compiles_modules_that_exist_and_make_rebuilds_on_their_change() -> None:
    """setup.py and the Makefile's rebuild rule read one list (pyproject.toml's); every name in it is a module."""
    listed = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["tricktable"]["build"]["compiled"]
    missing = [name for name in listed if not (ROOT / "src/tricktable" / f"{name.replace('.', '/')}.py").exists()]
    assert listed and missing == []
    makefile = (ROOT / "Makefile").read_text()
    database = subprocess.run(["make", "-n", "-p", "pure"], cwd=ROOT, capture_output=True, text=True).stdout
    expanded = next(line for line in database.splitlines() if line.startswith("COMPILED :="))
    assert expanded.split()[2:] == [f"src/tricktable/{name.replace('.', '/')}.py" for name in listed]
    assert re.search(r"^test: lint \$\(BUILT\)", makefile, re.M)
    assert re.search(r"^\$\(BUILT\): \$\(COMPILED\)", makefile, re.M)


def test_without_a_c_compiler_the_build_hook_builds_pure_python_and_says_so_in_one_line() -> None:
    import os
    import sys

    run = subprocess.run([sys.executable, "setup.py", "--name"], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "CC": str(ROOT / "no-such-compiler")})
    said = [line for line in run.stderr.splitlines() if line.startswith("tricktable build:")]
    assert run.returncode == 0 and run.stdout.strip() == "tricktable"
    assert len(said) == 1 and "pure Python: no working C compiler" in said[0]


def test_version_names_the_build_and_the_environment_can_ask_for_the_pure_one() -> None:
    import os
    import sys

    def version(**env: str) -> str:
        run = subprocess.run([sys.executable, "-m", "tricktable.cli.main", "--version"], capture_output=True,
                             text=True, check=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env})
        return " ".join(run.stdout.split())

    from tricktable import __version__

    assert version(TRICKTABLE_BUILD="pure") == f"tricktable {__version__}, pure-Python engine (TRICKTABLE_BUILD=pure)"
    assert version(TRICKTABLE_BUILD="").startswith(f"tricktable {__version__}, ")
    assert ("compiled engine (mypyc)" in version(TRICKTABLE_BUILD="")) == any((ROOT / "src").glob("*__mypyc*"))
