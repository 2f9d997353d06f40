"""``tricktable verify RECORD``: whether a finished game's deal was provably fair (tricktable/deals.py).

It recomputes the commitment from the published secret, the seed from the secret and the players'
contributions, and replays every action from that seed; the game holds when all three agree.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from tricktable import deals
from tricktable.engine import TricktableError

WORDS = {
    "en": {"holds": "The deal holds: the secret matches the commitment {commitment}, the seed is the one it and "
                    "{n} contribution(s) make, and all {actions} actions replay from it.",
           "fails": "The deal does NOT hold:", "unreadable": "Cannot read the record: {error}"},
    "ja": {"holds": "この配札は正しく検証されました。秘密値はコミットメント {commitment} と一致し、シードは秘密値と"
                    "{n}件の寄与から作られたもので、{actions}手すべてがそのシードから再現されます。",
           "fails": "この配札は検証に失敗しました：", "unreadable": "記録を読めません：{error}"},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, help="a finished game's record file (JSON or text) with its fair block")
    parser.add_argument("--lang", default="en", choices=["en", "ja"])


def run(args: argparse.Namespace) -> int:
    console, words = Console(), WORDS[args.lang]
    try:
        record = deals.read(args.record.read_text(encoding="utf-8"))
    except (OSError, TricktableError, json.JSONDecodeError, ValueError) as error:
        console.print(f"[red]{escape(words['unreadable'].format(error=error))}[/]")
        return 2
    problems = deals.check(record)
    if problems:
        console.print(f"[red bold]{words['fails']}[/]")
        for problem in problems:
            console.print(f"[red]- {escape(problem)}[/]")
        return 1
    fair = record["fair"]
    said = words["holds"].format(commitment=fair["commitment"], n=len(fair["contributions"]),
                                 actions=len(record["actions"]))
    console.print(f"[green]{escape(said)}[/]")
    return 0
