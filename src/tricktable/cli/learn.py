"""``tricktable learn GAME``: the guided first game in the terminal (``tricktable.tutorial``).

A set-up deal against heuristic bots, with the real engine: before each of your decisions the guide tells
the rules that matter now (each once) and suggests a move. A choice other than the suggestion is explained
and can be taken back; ``y`` plays it anyway. The bots' moves are told one line each, as in ``play``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from tricktable.bots import SeatView, make_bot
from tricktable.cli.play import choose_action, groups, seat_names
from tricktable.cli.views import render
from tricktable.engine import State
from tricktable.tutorial import TUTORIALS, is_done, lesson, new_game

WORDS = {
    "en": {"intro": "Learn {title}: a short guided game against bots. Each rule is told when it first matters.",
           "guide": "Guide", "suggest": "The guide suggests: {move} (choice {number})",
           "then": "{first}, then {second}",
           "other": "You chose {mine}; the guide suggests {move}. Play yours anyway? (y: yes, anything else: "
                    "choose again) ",
           "done": "You have played the guided part of a real game. Play a whole one with `tricktable play {game}`."},
    "ja": {"intro": "{title}を学ぶ：ボットと短いガイド付きゲームを遊びます。"
                    "ルールは必要になったときに1つずつ説明します。",
           "guide": "ガイド", "suggest": "ガイドのおすすめ：{move}（選択肢{number}）",
           "then": "{first}の次に{second}",
           "other": "あなたの選択は「{mine}」、ガイドのおすすめは「{move}」です。そのまま出しますか？（y：はい、"
                    "それ以外：選び直す） ",
           "done": "本物のゲームのガイド部分を遊び終えました。`tricktable play {game}` で通しのゲームをどうぞ。"},
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(TUTORIALS), help="the game to learn")
    parser.add_argument("--lang", default="en", choices=["en", "ja"], help="language of the guide, board and log")


def learn(game: str, console: Console, ask: Callable[[str], str], lang: str = "en") -> State:
    """Play the guided game of ``game`` with a person at seat 0; returns the state where the guide ended."""
    state = new_game(game)
    words = WORDS[lang]
    names = seat_names(state.players, 0, lang)
    bots = {p: make_bot(TUTORIALS[game].bot, p) for p in range(1, state.players)}
    seen: set[str] = set()
    shown = 0
    console.print(f"[bold]{escape(words['intro'].format(title=state.game.title_in(lang)))}[/]")
    while not is_done(game, state):
        shown, events = state.log_since(0, shown)
        for event in events:
            console.print(f"[dim]·[/] {escape(state.game.describe_event(event, lang, names))}")
        if 0 not in state.actors:
            for actor in state.actors:
                state.apply(bots[actor].choose(SeatView(state, actor)), actor)
            continue
        said = lesson(state, 0, lang)
        console.print(render(state.observe(0), state.game, lang, names))
        for told in said["lessons"]:
            if told["key"] not in seen:
                seen.add(told["key"])
                console.print(f"[bold magenta]{words['guide']}:[/] {escape(told['text'])}")
        number = _number(state, said["advice"], words)
        console.print(f"[magenta]{escape(words['suggest'].format(move=said['advice_text'], number=number))}[/]")
        while True:  # the choice is tried on a copy first: a choice other than the guide's can be taken back
            trial = state.clone()
            choose_action(trial, 0, console, ask, lang, names)
            _, chosen = trial.history[-1]
            if str(chosen) == said["advice"] or ask(words["other"].format(
                    mine=state.game.describe_action(chosen, lang, names), move=said["advice_text"])).strip() == "y":
                state.apply(chosen, 0)
                break
    for event in state.log_since(0, shown)[1]:
        console.print(f"[dim]·[/] {escape(state.game.describe_event(event, lang, names))}")
    console.print(f"[bold green]{escape(words['done'].format(game=game))}[/]")
    return state


def _number(state: State, advice: str, words: dict[str, str]) -> str:
    """The suggestion as the menu numbers ``choose_action`` shows: "3", or "3, then 2" for a card's variant."""
    for i, group in enumerate(groups(state.legal_actions(0)), 1):
        texts = [a.text for a in group]
        if advice in texts:
            return str(i) if len(group) == 1 else words["then"].format(first=i, second=texts.index(advice) + 1)
    return "?"


def run(args: argparse.Namespace) -> int:
    console = Console()
    try:
        learn(args.game, console, console.input, args.lang)
    except (KeyboardInterrupt, EOFError):
        return 0
    return 0
