"""The ``tricktable`` command: one subcommand a module, each with ``add_arguments`` and ``run``."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

# subcommand -> (module under tricktable.cli, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("play", "play a game in the terminal against bots"),
    "serve": ("serve", "run the web table"),
    "simulate": ("simulate", "play many bot games and report win rates"),
    "replay": ("replay", "step through a saved game record"),
    "rules": ("rules", "print a game's rules and options"),
    "bench": ("bench", "measure engine speed"),
}


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="tricktable", description="Play and study trick-taking card games.")
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


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
