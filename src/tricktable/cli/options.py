"""Command-line helpers shared by the subcommands: game options as ``--option name=value``."""

from __future__ import annotations

import argparse
from typing import Any

from tricktable.engine import BadOptions, game_class
from tricktable.engine import options as opts


def add_game_arguments(parser: argparse.ArgumentParser, *, game_optional: bool = False) -> None:
    if game_optional:  # `play --load record.txt` takes the game from the record
        parser.add_argument("game", nargs="?", default=None, help="megalomania, trickster or masquerade")
    else:
        parser.add_argument("game", help="megalomania, trickster or masquerade")
    parser.add_argument("--players", type=int, default=4, help="number of seats (default 4)")
    parser.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    parser.add_argument("--option", "-o", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option, e.g. -o rounds=8 (see `tricktable rules GAME`)")


def game_options(args: argparse.Namespace, extra: dict[str, str] | None = None) -> dict[str, Any]:
    """The options named on the command line, parsed against the game's options type."""
    pairs: dict[str, str] = dict(extra or {})
    for item in args.option:
        name, sep, value = item.partition("=")
        if not sep:
            raise BadOptions(f"--option wants NAME=VALUE, not {item!r}")
        pairs[name.strip()] = value.strip()
    options_type = game_class(args.game).options_type
    parsed = opts.parse_text(options_type, pairs)
    return {k: getattr(parsed, k) for k in pairs}
