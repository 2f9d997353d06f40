"""``tricktable bench``: engine speed per game, as ratios against OpenSpiel's C++ Hearts in the same run."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable

from rich.console import Console
from rich.table import Table

from tricktable import bench, buildinfo


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=1.0, help="time per side of each measurement (default 1)")
    parser.add_argument("--game", action="append", default=None, help="only this game (repeatable)")


def rows_table(title: str, rows: Iterable[bench.Row]) -> Table:
    """Rows as a table: the figure, its value, and its ratio to the named anchor."""
    table = Table(title=f"{title} (load average {os.getloadavg()[0]:.2f})")
    for column, justify in (("figure", "left"), ("value", "right"), ("ratio", "right"), ("anchor", "left")):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    for row in rows:
        ratio = "" if row.ratio is None else f"{row.ratio:.2f}x"
        table.add_row(row.label, f"{row.value:,.2f}" if row.value < 100 else f"{row.value:,.0f}", ratio, row.anchor)
    return table


def engine_table(seconds: float, games: list[str] | None = None) -> Table:
    return rows_table(f"engine speed, {buildinfo.describe()}: random play, interleaved bursts against OpenSpiel",
                      bench.engine_rows(seconds, games))


def run(args: argparse.Namespace) -> int:
    Console(width=max(Console().width, 140)).print(engine_table(args.seconds, args.game))
    return 0
