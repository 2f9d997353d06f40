"""``tricktable replay``: step through a saved game record, seen from one seat or as a spectator."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from tricktable.cli.views import render
from tricktable.engine import GameRecord, TricktableError


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, help="a record file (text or JSON)")
    parser.add_argument("--seat", type=int, default=None, help="see the game as this seat (default: spectator)")
    parser.add_argument("--step", type=int, default=None, help="show the position after this many actions")
    parser.add_argument("--lang", default="en", choices=["en", "ja"])


def run(args: argparse.Namespace) -> int:
    console = Console()
    try:
        record = GameRecord.loads(args.record.read_text())
        state = record.replay(args.step)
    except (OSError, TricktableError) as error:
        console.print(f"[red]{error}[/]")
        return 2
    for event in state.visible_events(args.seat):
        console.print(f"[dim]·[/] {escape(state.game.describe_event(event, args.lang))}")
    console.print(render(state.observe(args.seat), state.game, args.lang))
    console.print(f"{len(state.history)} of {len(record.actions)} actions; scores {state.scores()}")
    return 0
