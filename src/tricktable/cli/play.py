"""``tricktable play``: a person against bots in the terminal.

Everything shown is drawn from the person's observation and the game's descriptions; every choice is
one of the state's legal actions, typed as its number or its text.
"""

from __future__ import annotations

import argparse
import secrets
from collections.abc import Callable
from pathlib import Path

from rich.columns import Columns
from rich.console import Console

from tricktable.bots import Bot, SeatView, make_bot
from tricktable.cli.options import add_game_arguments, game_options
from tricktable.cli.views import render
from tricktable.engine import State, TricktableError, load_game


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser)
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0); -1 to watch bots only")
    parser.add_argument("--bots", default="heuristic", help="bot level for the other seats (default heuristic)")
    parser.add_argument("--lang", default="en", choices=["en", "ja"], help="language of the log and actions")
    parser.add_argument("--save", type=Path, default=None, help="write the game record here at the end")


def choose_action(state: State, seat: int, console: Console, ask: Callable[[str], str], lang: str) -> None:
    """Ask the person until they name a legal action, then apply it."""
    game = state.game
    legal = state.legal_actions(seat)
    console.print(Columns([f"[bold cyan]{i}[/] {game.describe_action(a, lang)}  [dim]{a}[/]"
                           for i, a in enumerate(legal, 1)], equal=True, expand=False))
    while True:
        answer = ask(f"seat {seat}, your choice (number or action, ? for a suggestion, q to quit): ").strip()
        if answer == "q":
            raise KeyboardInterrupt
        if answer == "?":
            show_hints(state, seat, console, lang)
            return choose_action(state, seat, console, ask, lang)
        if answer.isdigit() and 1 <= int(answer) <= len(legal):
            state.apply(legal[int(answer) - 1], seat)
            return None
        try:
            state.apply(answer, seat)
            return None
        except TricktableError as error:
            console.print(f"[red]{error}[/]")


def show_hints(state: State, seat: int, console: Console, lang: str) -> None:
    """The search's best choices for the seat (``bots.hints``), each with its one-sentence reason."""
    from tricktable.bots.hints import suggest

    for rank, hint in enumerate(suggest(SeatView(state, seat), lang=lang), 1):
        why = hint.why_ja if lang == "ja" else hint.why
        console.print(f"[bold green]{rank}.[/] {hint.text}  [dim]{hint.action}[/]  {why}")


def play(state: State, seat: int | None, bots: dict[int, Bot], console: Console,
         ask: Callable[[str], str], lang: str = "en") -> None:
    """Drive ``state`` to its end: the person answers for ``seat``, ``bots`` for every other seat."""
    game = state.game
    shown = 0  # the log stream's index: each turn prints only what happened since
    while not state.is_over:
        shown, events = state.log_since(seat, shown)
        for event in events:
            console.print(f"[dim]·[/] {game.describe_event(event, lang)}")
        actors = state.actors
        if seat is not None and seat in actors:
            console.print(render(state.observe(seat), game))
            choose_action(state, seat, console, ask, lang)
            continue
        for actor in actors:
            state.apply(bots[actor].choose(SeatView(state, actor)), actor)
    for event in state.log_since(seat, shown)[1]:
        console.print(f"[dim]·[/] {game.describe_event(event, lang)}")
    console.print(render(state.observe(seat), game))
    winners = ", ".join(f"seat {w}" for w in state.winners())
    console.print(f"[bold]Game over.[/] Scores: {state.scores()}  Winner: {winners}")


def run(args: argparse.Namespace) -> int:
    console = Console()
    try:
        game = load_game(args.game, args.players, **game_options(args))
    except TricktableError as error:
        console.print(f"[red]{error}[/]")
        return 2
    seed = args.seed if args.seed is not None else secrets.randbelow(2**31)
    state = game.new_state(seed)
    seat = None if args.seat < 0 else args.seat
    bots = {p: make_bot(args.bots, seed + p) for p in range(game.players) if p != seat}
    console.print(f"[bold]{game.title}[/], {game.players} players, seed {seed}. You are seat {seat}.")
    try:
        play(state, seat, bots, console, console.input, args.lang)
    except (KeyboardInterrupt, EOFError):
        console.print("\nStopped.")
    if args.save:
        args.save.write_text(state.record().to_text())
        console.print(f"Record saved to {args.save}")
    return 0
