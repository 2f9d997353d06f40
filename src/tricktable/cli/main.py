"""The ``tricktable`` command: one subcommand a module, each with ``add_arguments`` and ``run``."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from tricktable import __version__, buildinfo

# subcommand -> (module under tricktable.cli, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "play a game in the terminal against bots"),
    "learn": ("learn", "learn a game: a short guided game against bots, each rule told when it first matters"),
    "serve": ("serve", "run the web table"),
    "simulate": ("simulate", "play many bot games and report win rates"),
    "lab": ("lab", "a designer's variant study: options varied on the same deals, balance measures, a report"),
    "ratings": ("ratings", "rate bot levels from simulate results; show a game's leaderboard"),
    "replay": ("replay", "step through a saved game record"),
    "verify": ("verify", "check that a finished game's deal was provably fair (commitment, seed, replay)"),
    "review": ("review", "review a finished game: each decision of a seat against the search's best, and its cost"),
    "rules": ("rules", "print a game's rules and options"),
    "bench": ("bench", "measure engine speed"),
}


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="tricktable", description="Play and study trick-taking card games.")
    top.add_argument("--version", action="version", version=f"tricktable {__version__}, {buildinfo.describe()}")
    sub = top.add_subparsers(dest="command", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(f"tricktable.cli.{module_name}")
        except ModuleNotFoundError as error:
            if error.name != f"tricktable.cli.{module_name}":
                raise
            continue
        command = sub.add_parser(name, help=help_text, description=help_text)
        module.add_arguments(command)
        command.set_defaults(run=module.run)
    return top


def option_flags(extra: list[str]) -> list[str]:
    """Unknown ``--name value`` (or ``--name=value``) flags as ``name=value`` game options."""
    pairs, rest = [], list(extra)
    while rest:
        flag = rest.pop(0)
        if not flag.startswith("--") or len(flag) < 3:
            raise SystemExit(f"tricktable: unexpected argument {flag!r}")
        name, sep, value = flag[2:].partition("=")
        if not sep:
            if not rest:
                raise SystemExit(f"tricktable: {flag} needs a value")
            value = rest.pop(0)
        pairs.append(f"{name.replace('-', '_')}={value}")
    return pairs


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand. Where a command takes game options, ``--deck beginner`` means ``-o deck=beginner``."""
    args, extra = parser().parse_known_args(argv)
    if extra:
        if not hasattr(args, "option"):
            raise SystemExit(f"tricktable {args.command}: unexpected arguments {' '.join(extra)}")
        args.option.extend(option_flags(extra))
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
