"""``tricktable rules``: a game's rules text and its options, each tagged [P] published or [D] our default."""

from __future__ import annotations

import argparse
import importlib.resources
import json

from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

from tricktable.engine import TricktableError, available, game_class
from tricktable.engine import options as opts


def rules_text(name: str, lang: str = "en") -> str:
    """The players' rules page shipped with a game (``games/<name>/rules.md``, ``rules.ja.md`` in Japanese)."""
    module = game_class(name).__module__.rsplit(".", 1)[0]
    folder = importlib.resources.files(module)
    page = folder.joinpath(f"rules.{lang}.md")
    return (page if lang != "en" and page.is_file() else folder.joinpath("rules.md")).read_text(encoding="utf-8")


def options_markdown() -> str:
    """Every game's options as Markdown tables: the text of docs/options.md."""
    lines = ["# Game options", "",
             "Generated from the options dataclasses (`tricktable rules GAME --options-only` shows the same).",
             "**P**: the published rules say so. **D**: our default where no public source settles it.", ""]
    for name in available():
        game = game_class(name)
        lines += [f"## {game.title} (`{name}`, {game.min_players}-{game.max_players} players)", "",
                  "| option | default | tag | meaning |", "| --- | --- | --- | --- |"]
        for info in opts.describe(game.options_type):
            default = json.dumps(opts.json_value(info.default))
            lines.append(f"| `{info.name}` | `{default}` | {info.tag} | {info.doc.replace('|', '/')} |")
        lines.append("")
    return "\n".join(lines)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="megalomania, trickster or masquerade")
    parser.add_argument("--options-only", action="store_true", help="list the options only")
    parser.add_argument("--lang", default="en", choices=["en", "ja"], help="language of the rules page")


def run(args: argparse.Namespace) -> int:
    console = Console()
    try:
        game = game_class(args.game)
    except TricktableError as error:
        console.print(f"[red]{error}[/]")
        return 2
    if not args.options_only:
        console.print(Markdown(rules_text(args.game, args.lang)))
    table = Table(title=f"{game.title} options ({game.min_players}-{game.max_players} players)")
    for column in ("option", "default", "tag", "meaning"):
        table.add_column(column)
    for info in opts.describe(game.options_type):
        table.add_row(info.name, repr(info.default), info.tag, info.doc)
    console.print(table)
    return 0
