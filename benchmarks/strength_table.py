"""The rows of docs/strength.md's tables from ``tricktable simulate`` output folders.

    PYTHONPATH=src python benchmarks/strength_table.py DIR [DIR ...]

Each DIR is a ``--out`` folder; a run stopped early is first summarized over its whole deals
(``tricktable simulate GAME --out DIR --report`` rewrites its summary.json). One Markdown row per folder:
game, line-up, games / deals, the first bot's and the others' score and win rate, and the paired
differences, each with its 95% interval over deals (\\* when the interval excludes 0).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def _ci(x: dict[str, float], percent: bool = False, mark: bool = False) -> str:
    k = 100.0 if percent else 1.0
    unit = "%" if percent else ""
    star = " \\*" if mark and (x["low"] > 0 or x["high"] < 0) else ""
    return f"{k * x['mean']:.2f}{unit} [{k * x['low']:.2f}, {k * x['high']:.2f}]{star}"


def row(folder: str) -> str:
    s: dict[str, Any] = json.loads((Path(folder) / "summary.json").read_text())
    first, other = s["bots"][0], s["bots"][1]
    comparison = s["comparisons"][0]
    bots = s["settings"]["bots"]
    return (f"| {s['settings']['game']} | `{bots[0]}` vs `{bots[1]}` | {s['games']} / {s['deals']} | "
            f"{_ci(first['score'])} | {_ci(other['score'])} | {_ci(comparison['score_difference'], mark=True)} | "
            f"{_ci(first['win'], True)} | {_ci(other['win'], True)} | "
            f"{_ci(comparison['win_rate_difference'], True, True)} |")


HEADER = ("| game | line-up (1 seat vs 3) | games / deals | first bot's score | other's score | score difference "
          "| first bot's win rate | other's win rate | win-rate difference |\n|---|---|---|---|---|---|---|---|---|")

if __name__ == "__main__":
    print(HEADER)
    for folder in sys.argv[1:]:
        print(row(folder))
