"""``tricktable simulate GAME --bots hard,heuristic,heuristic,heuristic --games N``: a bot tournament.

Duplicate deals (each deal replayed with the line-up rotated through the seats), spread over every core,
with a progress bar, a results table (mean score and win rate per bot, 95% intervals, and the first bot
against each other one, paired by deal), and the records, CSV, JSON and balance plot saved to a folder.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from tricktable import buildinfo
from tricktable.bots import bot_names, make_bot
from tricktable.cli.options import add_game_arguments, game_options
from tricktable.engine import Game, TricktableError, load_game
from tricktable.sim import Estimate, Outcome, Summary, breakdown, save, schedule, summarize
from tricktable.sim import run as tournament
from tricktable.sim.report import load
from tricktable.sim.tournament import parallel_map


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.set_defaults(players=None)
    parser.add_argument("--bots", default="heuristic,random,random,random",
                        help=f"one bot per seat, comma-separated ({', '.join(bot_names())}, ismcts:<iterations>); "
                             "the first is compared with the others (default heuristic,random,random,random)")
    parser.add_argument("--games", type=int, default=40,
                        help="number of games, rounded up to whole deals of one game per seat (default 40)")
    parser.add_argument("--bot-seed", type=int, default=None, metavar="KEY",
                        help="the key of the bots' own seeds, which never derive from --seed (default: drawn at "
                             "random and written into the saved command)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    parser.add_argument("--out", type=Path, default=None,
                        help="folder for records, CSV, JSON and plot (default simulations/GAME-TIME)")
    parser.add_argument("--report", action="store_true",
                        help="play nothing: summarize the whole deals already saved in --out (e.g. a stopped run)")


def run(args: argparse.Namespace) -> int:
    console = Console()
    lineup = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.players is not None and args.players != len(lineup):
        console.print(f"[red]--players {args.players} but --bots names {len(lineup)} bots: give one bot per seat")
        return 2
    try:
        for name in lineup:
            make_bot(name)
        options = game_options(args)
        game = load_game(args.game, len(lineup), **options)
    except (TricktableError, ValueError) as error:
        console.print(f"[red]{error}")
        return 2
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000
    bot_key = args.bot_seed if args.bot_seed is not None else secrets.randbelow(2**63)
    matches = schedule(args.game, lineup, args.games, seed, options, bot_key=bot_key)
    folder = args.out or Path("simulations") / f"{args.game}-{time.strftime('%Y%m%d-%H%M%S')}"
    if args.report:
        return report(console, game, folder, args)
    folder.mkdir(parents=True, exist_ok=True)
    partial = (folder / "records.jsonl").open("w")  # written game by game: a stopped run keeps its games
    console.print(f"{game.title}, {len(lineup)} players: {len(matches)} games ({len(matches) // len(lineup)} deals "
                  f"from seed {seed}), {args.workers} processes, {buildinfo.describe()}")
    start = time.perf_counter()
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=console, transient=False) as progress:
        task = progress.add_task("games", total=len(matches))

        def advance(outcome: Outcome) -> None:
            partial.write(json.dumps(outcome.to_json()) + "\n")
            partial.flush()
            progress.advance(task)

        with partial:
            outcomes = tournament(matches, args.workers, advance)
    elapsed = time.perf_counter() - start
    sense = game.higher_score_wins
    summary = summarize(outcomes, sense)
    panel = breakdown(args.game, [o.facts for o in outcomes])
    settings = {"game": args.game, "players": len(lineup), "options": options, "bots": lineup,
                "games": len(matches), "seed": seed, "bot_seed": bot_key, "workers": args.workers,
                "seconds": round(elapsed, 1),
                "command": f"tricktable simulate {args.game} --bots {','.join(lineup)} --games {len(matches)} "
                           f"--seed {seed} --bot-seed {bot_key}" + "".join(f" -o {o}" for o in args.option)}
    paths = save(folder, outcomes, summary, settings, panel, positions=positions(outcomes, args.workers))
    console.print(results_table(summary))
    if summary.comparisons:
        console.print(comparison_table(summary))
    console.print(f"{len(matches)} games in {elapsed:.1f} s; saved {', '.join(str(p) for p in paths)}")
    return 0


def report(console: Console, game: Game[Any], folder: Path, args: argparse.Namespace) -> int:
    """Summarize the whole deals saved in ``folder`` (``--report``)."""
    try:
        outcomes = load(folder)
    except (OSError, ValueError, KeyError) as error:
        console.print(f"[red]cannot read {folder / 'records.jsonl'}: {error}")
        return 2
    if not outcomes:
        console.print(f"[red]no whole deal saved in {folder} yet")
        return 2
    summary = summarize(outcomes, game.higher_score_wins)
    lineup = outcomes[0].bots[:]
    settings = {"game": args.game, "players": len(lineup), "bots": lineup, "games": len(outcomes),
                "seed": min(o.seed for o in outcomes), "report_of_saved_games": True}
    paths = save(folder, outcomes, summary, settings, breakdown(args.game, [o.facts for o in outcomes]), records=False,
                 positions=positions(outcomes, 1))
    console.print(results_table(summary))
    if summary.comparisons:
        console.print(comparison_table(summary))
    console.print(f"{len(outcomes)} saved games; wrote {', '.join(str(p) for p in paths)}")
    return 0


def positions(outcomes: Sequence[Outcome], workers: int) -> list[tuple[str, Estimate]]:
    """Win rate by seat position (the first dealer or leader, their left, ...), read from the records."""
    from tricktable.sim.balance import read, seat_positions

    return seat_positions(parallel_map(read, outcomes, workers))


def _column(table: Table, header: str, widest: int = 0) -> None:
    """A right-aligned column whose header is never cut short (it wraps between words instead), nor a
    cell ``widest`` characters long."""
    table.add_column(header, justify="right", overflow="fold",
                     min_width=max(widest, *(len(word) for word in header.split())))


def results_table(summary: Summary) -> Table:
    better = "higher" if summary.higher_score_wins else "lower"
    table = Table(title=f"results over {summary.games} games, {summary.deals} deals "
                        f"(95% intervals by deal; {better} score is better)")
    _column(table, "bot", max(len(line.bot) for line in summary.bots))
    for column in ("seat games", "mean score", "win rate", "seconds a move", "slowest move",
                   "search iterations a move"):
        _column(table, column)
    for line in summary.bots:
        table.add_row(line.bot, str(line.games), _interval(line.score), _interval(line.win, percent=True),
                      f"{line.think:.3f}", f"{line.slowest:.2f}", f"{line.iterations:.0f}" if line.iterations else "")
    return table


def comparison_table(summary: Summary) -> Table:
    cutoff, tests = summary.cutoff, len(summary.p_values)
    table = Table(title=f"first bot minus each other bot, paired by deal (* = flagged after Holm's correction over "
                        f"{tests} tests; chance alone would flag about {0.05 * tests:.1f} at a plain 95%)")
    _column(table, "comparison", max(len(f"{c.first} - {c.other}") for c in summary.comparisons))
    for column in ("score difference", "win-rate difference"):
        _column(table, column)
    for c in summary.comparisons:
        table.add_row(f"{c.first} - {c.other}", _interval(c.score) + (" *" if c.score.flagged(cutoff) else ""),
                      _interval(c.win, percent=True) + (" *" if c.win.flagged(cutoff) else ""))
    return table


def _interval(estimate: Estimate, percent: bool = False) -> str:
    scale, unit = (100.0, "%") if percent else (1.0, "")
    if estimate.n < 2:
        return f"{estimate.mean * scale:.2f}{unit}"
    return (f"{estimate.mean * scale:.2f}{unit} [{estimate.low * scale:.2f}, "
            f"{estimate.high * scale:.2f}]")
