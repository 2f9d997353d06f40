"""``tricktable bench``: engine speed per game, and its ratio to OpenSpiel's C++ Hearts in the same run."""

from __future__ import annotations

import argparse

from rich.console import Console
from rich.table import Table

from tricktable import bench
from tricktable.engine import available


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    parser.add_argument("--game", action="append", default=None, help="only this game (repeatable)")


def engine_table(seconds: float, games: list[str] | None = None) -> Table:
    """Measure every setup of ``bench.SETUPS`` whose game is installed, plus the OpenSpiel baseline."""
    hearts = bench.openspiel_hearts(seconds)
    table = Table(title="engine speed (random playouts; ratio = ours / OpenSpiel C++ Hearts, same loop, same run)")
    for column in ("setup", "games/s", "decisions/s", "trusted decisions/s", "clones/s", "resamples/s",
                   "decisions ratio", "clones ratio"):
        table.add_column(column, justify="right")
    if hearts:
        table.add_row("OpenSpiel hearts 4p", f"{hearts['games/s']:,.0f}", f"{hearts['decisions/s']:,.0f}", "",
                      f"{hearts['clones/s']:,.0f}", "", "1.00", "1.00")
    installed = available()
    for name, players, options in bench.SETUPS:
        if name not in installed or (games and name not in games):
            continue
        play = bench.playouts(name, players, seconds, **options)
        trusted = bench.playouts(name, players, seconds, check=False, **options)
        copies = bench.clones_and_resamples(name, players, seconds, **options)
        ratio = f"{play['decisions/s'] / hearts['decisions/s']:.2f}" if hearts else "-"
        clone_ratio = f"{copies['clones/s'] / hearts['clones/s']:.2f}" if hearts else "-"
        table.add_row(f"{name} {players}p", f"{play['games/s']:,.1f}", f"{play['decisions/s']:,.0f}",
                      f"{trusted['decisions/s']:,.0f}", f"{copies['clones/s']:,.0f}",
                      f"{copies['resamples/s']:,.0f}", ratio, clone_ratio)
    return table


def run(args: argparse.Namespace) -> int:
    Console(width=max(Console().width, 140)).print(engine_table(args.seconds, args.game))
    return 0
