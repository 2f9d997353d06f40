"""``make bench``'s second part: the same engine and ISMCTS rows on the pure-Python and the compiled build.

Run with the compiled modules in place (``make compiled``): each build is measured in a subprocess, the pure
one with the ``.so`` files hidden (an import hook that loads every ``tricktable`` module from its source),
one after the other, and the rows are printed side by side with the compiled/pure ratio.
``python benchmarks/compiled.py [SECONDS] [GAME ...]``.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import subprocess
import sys
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType
from typing import Any

HERE = Path(__file__).parent


class PureSource(importlib.abc.MetaPathFinder):
    """Loads ``tricktable`` modules from their ``.py`` source even where a compiled ``.so`` sits beside it."""

    def find_spec(self, name: str, path: Any = None, target: ModuleType | None = None) -> ModuleSpec | None:
        if not name.startswith("tricktable."):
            return None
        spec = importlib.machinery.PathFinder.find_spec(name, path, target)
        if spec is None or not spec.origin or not spec.origin.endswith(".so"):
            return spec
        source = Path(spec.origin).with_name(Path(spec.origin).name.split(".")[0] + ".py")
        return importlib.util.spec_from_file_location(name, source)


def measure(seconds: float, games: list[str]) -> list[list[Any]]:
    """This process's rows: the engine's (``bench.engine_rows``) and ISMCTS's (``benchmarks/ismcts.py``)."""
    sys.path.insert(0, str(HERE))
    import ismcts

    from tricktable.bench import engine_rows, setups

    if games:  # the ISMCTS rows of those games only
        ismcts.setups = lambda: [(name, players) for name, players in setups() if name in games]
    rows = [*engine_rows(seconds, games or None), *ismcts.run()]
    return [[r.label, r.value, r.unit, r.ratio, r.anchor] for r in rows]


def child(build: str, seconds: float, games: list[str]) -> tuple[list[list[Any]], float]:
    out = subprocess.run([sys.executable, __file__, "--child", build, str(seconds), *games], check=True,
                         capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(HERE.parent / "src")})
    return json.loads(out.stdout.splitlines()[-1]), os.getloadavg()[0]


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--child":
        build, seconds, games = args[1], float(args[2]), args[3:]
        if build == "pure":
            sys.meta_path.insert(0, PureSource())
        from tricktable.engine import rng

        compiled = str(rng.__file__).endswith(".so")
        if compiled != (build == "compiled"):
            raise SystemExit(f"asked for the {build} build, got {'compiled' if compiled else 'pure'} modules")
        print(json.dumps(measure(seconds, games)))
        return
    seconds = float(args[0]) if args else 0.5
    games = args[1:]
    print(f"pure and compiled builds, one after the other (load average {os.getloadavg()[0]:.2f} at the start)")
    pure, load_pure = child("pure", seconds, games)
    compiled, load_compiled = child("compiled", seconds, games)
    print(f"(load average {load_pure:.2f} after the pure build, {load_compiled:.2f} after the compiled one)")
    width = max(len(r[0]) for r in pure)
    # the two builds run one after the other, so the machine's load may differ between them: each row with an
    # anchor (OpenSpiel, measured interleaved in the same process) also gives the gain of its anchor ratio
    print(f"{'':{width}}  {'pure':>14}  {'compiled':>14}  compiled/pure  (same, by anchor ratios; compiled vs anchor)")
    for (label, value, unit, was, _), (_, fast, _, ratio, anchor) in zip(pure, compiled, strict=True):
        gain = f"{fast / value:10.2f}x" if value and unit == "/s" else " " * 11
        anchored = f"  ({ratio / was:.2f}x; {ratio:.2f}x {anchor})" if ratio is not None and was else ""
        print(f"{label:{width}}  {value:14,.1f}  {fast:14,.1f}  {gain}{anchored}")


if __name__ == "__main__":
    main()
