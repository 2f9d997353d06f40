"""Which build of the engine is running: compiled (mypyc extension modules beside the sources) or pure Python.

Installing the package compiles the hot path wherever a C compiler works (setup.py, the build hook); the
same source runs as plain Python otherwise. Both play the same games, bit for bit; the compiled one is
several times faster. ``tricktable --version``, ``make bench`` and the simulate and lab reports name it.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PROBE = "tricktable.engine.rng"  # a compiled module in every compiled build (pyproject.toml's list)


class PureSource(importlib.abc.MetaPathFinder):
    """Loads ``tricktable`` modules from their ``.py`` source even where a compiled one sits beside it."""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not fullname.startswith("tricktable."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or not spec.origin or not spec.origin.endswith((".so", ".pyd")):
            return spec
        source = Path(spec.origin).with_name(Path(spec.origin).name.split(".")[0] + ".py")
        return importlib.util.spec_from_file_location(fullname, source)


def choose_from_environment() -> None:
    """``TRICKTABLE_BUILD=pure`` runs the pure build even where the compiled one is installed (the package's
    ``__init__`` calls this before it imports anything compiled)."""
    if os.environ.get("TRICKTABLE_BUILD") == "pure" and not any(isinstance(f, PureSource) for f in sys.meta_path):
        sys.meta_path.insert(0, PureSource())


def _origin() -> Path | None:
    spec = importlib.util.find_spec(PROBE)  # through PureSource when it is on
    return Path(spec.origin) if spec is not None and spec.origin else None


def is_compiled() -> bool:
    """Whether the engine runs compiled (the probe module is an extension module, not Python source)."""
    origin = _origin()
    return origin is not None and origin.suffix in (".so", ".pyd")


def stale() -> bool:
    """Whether an in-place compiled build is older than its sources (then ``make compiled`` rebuilds it)."""
    origin = _origin()
    if origin is None or not is_compiled():
        return False
    root = origin.parents[1]  # src/tricktable
    if not (root.parents[1] / "pyproject.toml").exists():  # an installed package, not a source tree built in place
        return False
    suffix = origin.name[len(origin.name.split(".")[0]):]  # .cpython-311-x86_64-linux-gnu.so
    built = origin.stat().st_mtime
    return any(path.stat().st_mtime > built for path in root.rglob("*.py")
               if path.with_name(path.stem + suffix).exists())


def name() -> str:
    """``compiled`` or ``pure``."""
    return "compiled" if is_compiled() else "pure"


def describe() -> str:
    """One line naming the build, for ``--version`` and reports."""
    if is_compiled():
        note = " (older than its sources: `make compiled` rebuilds it)" if stale() else ""
        return f"compiled engine (mypyc){note}"
    if any(isinstance(f, PureSource) for f in sys.meta_path):
        return "pure-Python engine (TRICKTABLE_BUILD=pure)"
    return "pure-Python engine (no compiled modules: installed without a C compiler, or TRICKTABLE_BUILD=pure)"
