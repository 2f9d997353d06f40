"""``tricktable ratings``: bot levels rated from ``tricktable simulate`` results, and the ratings shown.

``tricktable ratings import simulations/megalomania-20261201-101500 --db URL`` feeds every game of a
simulate folder (its ``records.jsonl``) into the server's ratings (server/ratings.py), each bot name a
subject ``bot:<name>`` (the server's levels are ``random``, ``heuristic``, ``easy``, ``medium``, ``hard``).
A game already fed in is skipped, so importing a folder again, or a grown one, rates nothing twice.
``tricktable ratings show GAME --db URL`` prints the leaderboard.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.table import Table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("what", choices=("import", "show"),
                        help="import: rate the games of a simulate folder; show: print a game's leaderboard")
    parser.add_argument("target", help="import: the folder `tricktable simulate` wrote; show: the game")
    parser.add_argument("--db", default=None, metavar="URL",
                        help="the server's database (default: SQLite in the user data folder, as `serve`)")


def run(args: argparse.Namespace) -> int:
    from tricktable.server.accounts import Players
    from tricktable.server.ratings import Ratings, simulated_games
    from tricktable.server.store import SqlStore

    console = Console()
    store = SqlStore(args.db)
    try:
        ratings = Ratings(store.engine)
        if args.what == "import":
            folder = Path(args.target)
            if not (folder / "records.jsonl").is_file():
                console.print(f"[red]{folder} has no records.jsonl: give a folder `tricktable simulate` wrote")
                return 2
            rated = skipped = 0
            for game_id, game, subjects, ranks in simulated_games(folder):
                if ratings.rate(game_id, game, subjects, ranks) is None:
                    skipped += 1
                else:
                    rated += 1
            console.print(f"rated {rated} games" + (f"; {skipped} were rated already" if skipped else ""))
            return 0
        names = Players(store.engine).names
        board = ratings.board(args.target)
        table = Table(title=f"{args.target}: ratings (1000 + 40 (mu - 3 sigma))")
        for column in ("rank", "who", "rating", "mu", "sigma", "games"):
            table.add_column(column, justify="right")
        accounts = names([r.subject.split(":", 1)[1] for r in board if r.subject.startswith("account:")])
        for rank, r in enumerate(board, 1):
            kind, _, key = r.subject.partition(":")
            who = accounts.get(key, "(gone)") if kind == "account" else f"bot {key}"
            table.add_row(str(rank), who, str(r.value), f"{r.mu:.2f}", f"{r.sigma:.2f}", str(r.games))
        console.print(table)
        return 0
    finally:
        store.close()
