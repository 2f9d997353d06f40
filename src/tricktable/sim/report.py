"""Saving a tournament: records, a CSV row per seat-game, a JSON summary and a balance plot.

Files written to the output folder:

- ``records.jsonl``: one line per game: its outcome and its replayable ``GameRecord``.
- ``games.csv``: one row per seat of each game (bot, score, win share, decisions, thinking time).
- ``summary.json``: the tournament's settings, per-bot estimates, comparisons and the seat balance.
- ``balance.png``: win rate by bot and by seat with 95% intervals, and the game's own breakdown
  (``sim.facts``) where its observations allow one.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tricktable.sim.facts import Breakdown
from tricktable.sim.outcome import Outcome
from tricktable.sim.stats import Estimate, Summary


def save(folder: Path, outcomes: Sequence[Outcome], summary: Summary, settings: dict[str, Any],
         breakdown: Breakdown | None = None, *, records: bool = True,
         positions: Sequence[tuple[str, Estimate]] = ()) -> list[Path]:
    """Write every file into ``folder`` (created if needed); the paths written.

    ``records=False`` leaves ``records.jsonl`` alone (a report on a run that may still be writing it).
    """
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    if records:
        path = folder / "records.jsonl"
        with path.open("w") as out:
            for outcome in outcomes:
                out.write(json.dumps(outcome.to_json()) + "\n")
        written.append(path)
    table = folder / "games.csv"
    with table.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["game", "deal", "seed", "rotation", "seat", "bot", "score", "win_share", "winner",
                         "decisions", "think_seconds", "slowest_decision_seconds"])
        for o in outcomes:
            for seat, bot in enumerate(o.bots):
                writer.writerow([o.index, o.deal, o.seed, o.rotation, seat, bot, o.scores[seat], o.win_share(seat),
                                 int(seat in o.winners), o.decisions[seat] if o.decisions else "",
                                 f"{o.think[seat]:.4f}" if o.think else "",
                                 f"{o.slowest[seat]:.4f}" if o.slowest else ""])
    summary_path = folder / "summary.json"
    data = {"settings": settings, **summary.to_json(),
            "positions": [{"position": label, "win": e.to_json()} for label, e in positions]}
    if breakdown is not None:
        data["breakdown"] = {"title": breakdown.title,
                             "rows": {k: e.to_json() for k, e in breakdown.rows.items()}}
    summary_path.write_text(json.dumps(finite(data), indent=2) + "\n")
    if importlib.util.find_spec("matplotlib") is None:  # the plot is the `sim` extra; `make run` skips it
        print("no balance.png: matplotlib is not installed (pip install 'tricktable[sim]')", file=sys.stderr)
        return [*written, table, summary_path]
    plot = folder / "balance.png"
    draw(plot, summary, breakdown, str(settings.get("game", "")), positions)
    return [*written, table, summary_path, plot]


def load(folder: Path) -> list[Outcome]:
    """The outcomes saved in ``folder/records.jsonl`` (also one still being written game by game), keeping
    only whole deals so duplicate comparisons stay paired."""
    outcomes = []
    for line in (folder / "records.jsonl").read_text().splitlines():
        if line.strip():
            outcomes.append(Outcome.from_json(json.loads(line)))
    per_deal: dict[int, int] = {}
    for o in outcomes:
        per_deal[o.deal] = per_deal.get(o.deal, 0) + 1
    return sorted((o for o in outcomes if per_deal[o.deal] == len(o.bots)), key=lambda o: o.index)


def finite(value: Any) -> Any:
    """JSON has no infinities or NaN: they become null (tuples become lists)."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


def draw(path: Path, summary: Summary, breakdown: Breakdown | None, title: str,
         positions: Sequence[tuple[str, Estimate]] = ()) -> None:
    """The balance plot (matplotlib, Agg backend, no display needed): win rate by bot, by seat position
    (named from the first dealer or leader; by seat number only when no positions are given), and the
    game's own breakdown."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = 3 if breakdown is not None and breakdown.rows else 2
    figure, axes = plt.subplots(1, panels, figsize=(5 * panels, 4), squeeze=False)
    _bars(axes[0][0], [b.bot for b in summary.bots], [b.win for b in summary.bots], "win rate by bot")
    if positions:
        _bars(axes[0][1], [label for label, _e in positions], [e for _l, e in positions], "win rate by seat position")
    else:
        _bars(axes[0][1], [f"seat {s + 1}" for s in range(len(summary.seats))], summary.seats, "win rate by seat")
    if panels == 3 and breakdown is not None:
        _bars(axes[0][2], list(breakdown.rows), list(breakdown.rows.values()), breakdown.title, rotate=True)
    figure.suptitle(f"{title}: {summary.games} games, {summary.deals} deals (95% intervals)")
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    plt.close(figure)


def _bars(axis: Any, labels: list[str], estimates: Sequence[Estimate], title: str, rotate: bool = False) -> None:
    means = [e.mean for e in estimates]
    errors = [[max(0.0, e.mean - e.low) if math.isfinite(e.low) else 0.0 for e in estimates],
              [max(0.0, e.high - e.mean) if math.isfinite(e.high) else 0.0 for e in estimates]]
    axis.bar(range(len(labels)), means, yerr=errors, capsize=4, color="#4c72b0")
    axis.set_xticks(range(len(labels)))
    axis.set_xticklabels(labels, rotation=60 if rotate else 0, ha="right" if rotate else "center", fontsize=8)
    axis.set_title(title)
