"""``tricktable review RECORD [--seat N]``: a finished game's review for one seat, with a progress bar.

Each decision of the seat: the move played, the search's best move with that seat's information then, what
the difference cost in chance of winning the game, a mark for the costliest (``??`` blunder, ``?`` mistake,
``?!`` inaccuracy), and the best move with all cards shown (``bots.review``).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from tricktable.bots.review import MARK_WORDS, Decision, review, worst
from tricktable.engine import GameRecord, TricktableError
from tricktable.engine.words import seat_names

WORDS = {
    "en": {"title": "Review of {name}'s game: {count} decisions", "step": "Step", "round": "Round",
           "played": "Played", "best": "Best (your information)", "cost": "Cost", "all": "All cards shown",
           "worst": "The mistakes that mattered most:", "none": "No move the search could separate from its best "
           "cost you anything: a clean game.", "close": "about equal", "progress": "reviewing",
           "line": "step {step}: {played} instead of {best}, {cost} points of win chance ({mark}). {why}"},
    "ja": {"title": "{name}の対局の振り返り: 判断{count}回", "step": "手数", "round": "ラウンド",
           "played": "指した手", "best": "最善手（その時の情報）", "cost": "損失", "all": "全員の手札が見える場合",
           "worst": "特に大きかったミス:", "none": "探索が最善手と区別できるほどの損はありません。きれいな対局です。",
           "close": "ほぼ互角", "progress": "振り返り中",
           "line": "{step}手目: 「{best}」ではなく「{played}」、勝つ見込みで{cost}ポイントの損（{mark}）。{why}"},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("record", type=Path, help="a finished game's record file (text or JSON)")
    parser.add_argument("--seat", type=int, default=0, help="the seat to review (default 0)")
    parser.add_argument("--level", default="medium", help="the search level that judges (default medium)")
    parser.add_argument("--no-all-cards", action="store_true", help="skip the all-cards-shown line (faster)")
    parser.add_argument("--json", type=Path, default=None, help="also write the review as JSON here")
    parser.add_argument("--lang", default="en", choices=["en", "ja"])


def run(args: argparse.Namespace) -> int:
    console = Console()
    words = WORDS[args.lang]
    try:
        record = GameRecord.loads(args.record.read_text())
        if not 0 <= args.seat < record.players:
            raise TricktableError(f"--seat must be a seat 0-{record.players - 1}, not {args.seat}")
        if not record.replay().is_over:
            raise TricktableError("the record's game is not finished: review a finished game")
    except (OSError, TricktableError) as error:
        console.print(f"[red]{escape(str(error))}[/]")
        return 2
    names = seat_names(None, record.players, args.lang)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(words["progress"], total=None)
        decisions = review(record, args.seat, level=args.level, all_cards=not args.no_all_cards, names=names,
                           progress=lambda done, total: bar.update(task, completed=done, total=total))
    console.print(table(decisions, words, args.lang, names[args.seat], not args.no_all_cards))
    marked = worst(decisions)
    console.print(f"[bold]{escape(words['worst'])}[/]" if marked else escape(words["none"]))
    for d in marked:
        mark = MARK_WORDS[d.mark][args.lang == "ja"]
        console.print("  " + escape(words["line"].format(step=d.step + 1, played=d.words[args.lang]["played"],
                                                         best=d.words[args.lang]["best"], cost=f"{d.cost:g}",
                                                         mark=mark, why=d.words[args.lang]["why"])))
    if args.json:
        args.json.write_text(json.dumps([d.to_json() for d in decisions], ensure_ascii=False, indent=1))
    return 0


def _chance(value: float | None) -> str:
    return "—" if value is None else f"{round(100 * value)}%"


def table(decisions: list[Decision], words: dict[str, str], lang: str, name: str, all_cards: bool) -> Table:
    out = Table(title=words["title"].format(name=name, count=len(decisions)))
    for column in ("step", "round", "played", "best", "cost", *(["all"] if all_cards else [])):
        out.add_column(words[column])
    for d in decisions:
        said = d.words[lang]
        cost = f"{d.mark} -{d.cost:g}".strip() if d.separated else words["close"] if d.played != d.best else ""
        row = [str(d.step + 1), str(d.round), f"{said['played']} ({_chance(d.played_chance)})",
               f"{said['best']} ({_chance(d.best_chance)})" if d.best != d.played else "=", cost]
        if all_cards:
            row.append(said["all_cards"])
        out.add_row(*map(escape, row))
    return out
