"""``make bench``: one table, the pure and the compiled build side by side, every figure against its anchor.

Each build is measured in its own process (the pure one with ``TRICKTABLE_BUILD=pure``, which hides the
compiled modules), one after the other; inside each, every ratio is measured in interleaved bursts against
its anchor in the same process (OpenSpiel's C++ Hearts for the engine, OpenSpiel's Python and C++ ISMCTS for
search), so the ratios of the two builds compare even when the machine's load moved between them. The
shipped levels' iterations per decision are at their own time caps, in wall time: they fall with the load.

    python benchmarks/run.py [SECONDS]   # SECONDS per side of each engine figure (default 1)

Prints a Markdown table (the one docs/speed.md keeps), the command, the load averages and the build names.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent


def measure(seconds: float) -> dict[str, Any]:
    """This process's rows: the engine's, ISMCTS's against OpenSpiel, and the shipped levels'."""
    sys.path.insert(0, str(HERE))
    import ismcts

    from tricktable import bench, buildinfo

    load = os.getloadavg()[0]
    rows = [*bench.engine_rows(seconds), *ismcts.run(), *bench.level_rows()]
    return {"build": buildinfo.describe(), "load": [load, os.getloadavg()[0]],
            "rows": [[r.label, r.value, r.unit, r.ratio, r.anchor] for r in rows]}


def child(build: str, seconds: float) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(HERE.parent / "src")}
    env.pop("TRICKTABLE_BUILD", None)
    if build == "pure":
        env["TRICKTABLE_BUILD"] = "pure"
    out = subprocess.run([sys.executable, __file__, "--child", str(seconds)], check=True, capture_output=True,
                         text=True, env=env)
    result: dict[str, Any] = json.loads(out.stdout.splitlines()[-1])
    return result


def number(value: float, unit: str) -> str:
    if unit == "x":
        return f"{value:.2f}x"
    return f"{value:,.2f}" if value < 100 else f"{value:,.0f}"


def main() -> None:
    args = sys.argv[1:]
    if args and args[0] == "--child":
        print(json.dumps(measure(float(args[1]))))
        return
    seconds = float(args[0]) if args else 1.0
    pure = child("pure", seconds)
    compiled = child("compiled", seconds)
    print(f"`python benchmarks/run.py {seconds:g}`: pure build ({pure['build']}), load average "
          f"{pure['load'][0]:.2f} -> {pure['load'][1]:.2f}; compiled build ({compiled['build']}), load average "
          f"{compiled['load'][0]:.2f} -> {compiled['load'][1]:.2f}. CPU time except where it says wall.\n")
    print("| figure | pure | compiled | pure vs anchor | compiled vs anchor | anchor |")
    print("|---|---:|---:|---:|---:|---|")
    for (label, value, unit, was, _), (_, fast, _, ratio, anchor) in zip(pure["rows"], compiled["rows"],
                                                                         strict=True):
        mine = "" if was is None else f"{was:.2f}x"
        theirs = "" if ratio is None else f"{ratio:.2f}x"
        print(f"| {label} | {number(value, unit)} | {number(fast, unit)} | {mine} | {theirs} | {anchor} |")


if __name__ == "__main__":
    main()
