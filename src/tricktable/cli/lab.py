"""``tricktable lab GAME --vary mission_points.7=2,3,4 ...``: the designers' lab, a variant study.

Every variant is played on the same duplicate deals with the same bots (on local processes, or on a Ray
cluster with ``--ray``); the balance measures are read back from the records; the results table flags
each difference from the reference whose 95% interval excludes zero; ``report.html`` (tables and plots)
and ``results.json`` are written next to the records. Running the same command again resumes the study
from its records. The ``--vary`` grammar is in ``tricktable.sim.variants`` and docs/lab.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import time
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from tricktable import buildinfo
from tricktable.cli.options import add_game_arguments, game_options
from tricktable.engine import TricktableError, load_game
from tricktable.sim import study as lab
from tricktable.sim.balance import Results, element_order, is_rate, measure
from tricktable.sim.lab_report import write_report
from tricktable.sim.outcome import Outcome
from tricktable.sim.stats import Estimate


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.set_defaults(players=None, seed=1)
    for action in parser._actions:  # the shared arguments' help, with this command's defaults
        if action.dest == "seed":
            action.help = "the first deal's seed (default 1: a study is reproducible by its command)"
        elif action.dest == "players":
            action.help = "number of seats (default: one per --bots entry, else 4)"
    parser.add_argument("--vary", action="append", default=[], metavar="NAME=V1,V2",
                        help="an option to vary: NAME=V1,V2 (whole value), NAME.K=V1,V2 (element K of a table, "
                             "from 1), NAME+=X,Y or NAME-=X,Y (add or remove one element); several --vary "
                             "make every combination, the first values being the reference")
    parser.add_argument("--bots", default=None,
                        help="one bot per seat, comma-separated (default: heuristic at every seat)")
    parser.add_argument("--bot-seed", type=int, default=0, metavar="KEY",
                        help="the key of the bots' own seeds, which never derive from --seed (default 0)")
    parser.add_argument("--games", type=int, default=100, help="games per variant (default 100)")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1,
                        help="local processes (default: every core); with --ray local, the CPUs Ray may use")
    parser.add_argument("--ray", default=None, metavar="ADDRESS",
                        help="play on a Ray cluster: its address, auto (the cluster this machine is in) or "
                             "local (start one here); needs pip install 'tricktable[lab]'")
    parser.add_argument("--out", type=Path, default=None,
                        help="the study's folder (default studies/GAME-<digest of the study>: the same command "
                             "resumes the same study)")
    parser.add_argument("--report", action="store_true", help="play nothing: measure and report the saved games")


def run(args: argparse.Namespace) -> int:
    console = Console()
    try:
        players = args.players or (len(args.bots.split(",")) if args.bots else 4)
        lineup = [b.strip() for b in (args.bots or ",".join(["heuristic"] * players)).split(",") if b.strip()]
        if len(lineup) != players:
            raise TricktableError(f"--players {players} but --bots names {len(lineup)} bots: give one bot per seat")
        lab.check_lineup(lineup)
        study = lab.Study.build(args.game, lineup, args.games, args.seed, game_options(args), args.vary,
                                args.bot_seed)
    except (TricktableError, ValueError) as error:
        console.print(f"[red]{escape(str(error))}")
        return 2
    digest = hashlib.sha1(json.dumps(study.to_json(), sort_keys=True).encode()).hexdigest()[:8]
    folder = args.out or Path("studies") / f"{args.game}-{digest}"
    title = load_game(args.game, players).title
    console.print(f"[bold]{title}[/], {players} players, {len(study.variants)} variants x {study.games} games "
                  f"({study.deals} deals from seed {study.seed}) -> {escape(str(folder))}")
    console.print(f"  {escape(study.command())}")
    console.print(f"  {buildinfo.describe()}")
    start = time.perf_counter()
    played = 0
    try:
        if args.report:
            if (folder / "study.json").exists():
                lab.open_folder(study, folder)  # refuses the records of another study
            outcomes = sorted(lab.load_records(folder).values(), key=lambda o: o.index)
            if not outcomes:
                console.print(f"[red]no games recorded in {folder}")
                return 2
        else:
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                          TimeRemainingColumn(), console=console) as progress:
                task = progress.add_task("games", total=len(study.variants) * study.games)

                def started(done: int, todo: int) -> None:
                    progress.update(task, completed=done)
                    if done:
                        console.print(f"  resuming: {done} games already recorded, {todo} to play")

                def advance(_outcome: Outcome) -> None:
                    nonlocal played
                    played += 1
                    progress.advance(task)

                outcomes = lab.run(study, folder, workers=args.workers, ray=args.ray, progress=advance,
                                   started=started)
    except (TricktableError, OSError, ValueError) as error:
        console.print(f"[red]{escape(str(error))}")
        return 2
    elapsed = time.perf_counter() - start
    results = measure(study.game, players, [v.label for v in study.variants], outcomes, workers=args.workers)
    (folder / "results.json").write_text(json.dumps(results.to_json(), indent=1) + "\n")
    page = write_report(folder, study, results, outcomes)
    show(console, results)
    rate = f"; {played} played in {elapsed:.1f} s ({played / elapsed:.1f} games/s)" if played and elapsed else ""
    console.print(f"{len(outcomes)} games{rate}. Wrote {folder / 'results.json'} and {page}")
    return 0


def show(console: Console, results: Results) -> None:
    """Per variant the seat balance and the swingiest elements; then the flagged differences."""
    for v in results.variants:
        table = Table(title=escape(f"variant {v.variant}: {v.label} ({v.games} games, {v.deals} deals)"))
        for column in ("position", "win rate", "mean score"):
            table.add_column(column, justify="right")
        for p in v.positions:
            table.add_row(p.label, interval(p.win, percent=True), interval(p.score))
        console.print(table)
    reference = results.variants[0]
    cutoff, tests = results.cutoff, len(results.p_values)
    kind = results.element_kind
    table = Table(title=f"each {kind} in variant 0 (largest swing first): decides = share of its games it decided")
    for column in (kind, "games", "decides", "swing (sd)", "mean points", "win-rate lift of its holder"):
        table.add_column(column, justify="right")
    for e in sorted(reference.elements, key=element_order):
        table.add_row(e.label, str(e.games), f"{e.decides:.0%}", "" if e.swing is None else f"{e.swing:.2f}",
                      "" if e.points is None else interval(e.points), interval(e.lift, percent=True)
                      + (" *" if e.lift.flagged(cutoff) else ""))
    console.print(table)
    if results.differences:
        table = Table(title="variant minus reference, paired by deal: the differences flagged after Holm's "
                            "correction (all of them: results.json and report.html)")
        for column in ("variant", "measure", "difference"):
            table.add_column(column, justify="right")
        labels = {v.variant: v.label for v in results.variants}
        flagged = [d for d in results.differences if d.estimate.flagged(cutoff)]
        for d in flagged:
            table.add_row(escape(f"{d.variant}: {labels[d.variant]}"), escape(d.measure),
                          interval(d.estimate, percent=is_rate(d.measure)) + " *")
        if not flagged:
            table.add_row("", "nothing flagged after the correction at these numbers of deals", "")
        console.print(table)
    for v in results.variants:
        if v.fairness.p <= cutoff:
            console.print(f"variant {v.variant}: the seat positions do not win equally often "
                          f"(chi-square {v.fairness.chi2:.2f}, p {v.fairness.p:.4f}) *")
        if v.identical == 1.0:
            console.print(f"variant {v.variant}: re-scored only: the bots did not react "
                          "(every game played move for move as in the reference)")
        elif v.identical is not None:
            console.print(f"variant {v.variant}: {v.identical:.0%} of its games played move for move "
                          "as in the reference")
    plain = sum(p <= 0.05 for p in results.p_values)
    console.print(f"{tests} tests: chance alone would flag about {0.05 * tests:.1f} at a plain 95% level ({plain} "
                  f"pass it); flags (*) use Holm's correction (at most 5% chance of one false flag in the study): "
                  f"{sum(p <= cutoff for p in results.p_values)} flagged.")


def interval(estimate: Estimate, percent: bool = False) -> str:
    scale, unit = (100.0, "%") if percent else (1.0, "")
    if estimate.n == 0:
        return ""
    if estimate.n < 2:
        return f"{estimate.mean * scale:.2f}{unit}"
    return f"{estimate.mean * scale:.2f}{unit} [{estimate.low * scale:.2f}, {estimate.high * scale:.2f}]"
