"""``tricktable play``: a person against bots in the terminal.

Everything shown is drawn from the person's observation and the game's descriptions; every choice is
one of the state's legal actions. A card with variants (Megalomania's power and cube) is one choice,
then its variant; a choice is typed as its number or its action text. ``--load`` resumes a saved game.
"""

from __future__ import annotations

import argparse
import re
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console
from rich.markup import escape

from tricktable import deals
from tricktable.bots import Bot, SeatView, make_bot
from tricktable.bots.base import own_seed
from tricktable.cli.options import add_game_arguments, game_options
from tricktable.cli.views import render
from tricktable.engine import Action, GameRecord, IllegalAction, ParseError, State, TricktableError, load_game
from tricktable.engine.words import BOT_NAMES, bot_level, listing, pick

PLAY_TABLE = "play"  # the table id of a terminal game in its deal's commitment (tricktable/deals.py)
UI: dict[str, dict[str, str]] = {
    "en": {
        "ask": "{name}, your choice (number or action; ? suggests a move, q quits): ",
        "ask_variant": "how to play it (number; b goes back): ",
        "range": "there is no choice {answer}: type a number from 1 to {n}, or an action's text",
        "unknown": "{answer!r} is not a choice now: type a number from 1 to {n} ({prompt})",
        "not_now": "you cannot do that now: {reason}",
        "blocked": "cannot be played now",
        "intro": "{title}, {players} players, seed {seed}. You play {name} against {others}.",
        "watch": "{title}, {players} players, seed {seed}: bots only.",
        "resumed": "Resumed after {steps} actions.",
        "over": "Game over.", "stopped": "Stopped.", "saved": "Record saved to {path}",
        "you": "Sam",
    },
    "ja": {
        "ask": "{name}の選択（番号か行動; ?でおすすめ、qで終了）: ",
        "ask_variant": "出し方（番号; bで戻る）: ",
        "range": "{answer}番の選択肢はありません: 1から{n}の番号か行動を入力してください",
        "unknown": "「{answer}」は今選べません: 1から{n}の番号を入力してください（{prompt}）",
        "not_now": "今それはできません: {reason}",
        "blocked": "今は出せない",
        "intro": "{title}、{players}人、シード{seed}。あなた（{name}）の相手は{others}。",
        "watch": "{title}、{players}人、シード{seed}: ボットのみ。",
        "resumed": "{steps}手目から再開しました。",
        "over": "ゲーム終了。", "stopped": "中断しました。", "saved": "記録を{path}に保存しました",
        "you": "あなた",
    },
}
VARIANT = re.compile(r"[*+\-]+$")  # Megalomania's power/cube suffixes: one card, several ways to play it


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_game_arguments(parser, game_optional=True)
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0); -1 to watch bots only")
    parser.add_argument("--bots", default="heuristic", help="bot level for the other seats (default heuristic)")
    parser.add_argument("--lang", default="en", choices=["en", "ja"], help="language of the board, log and prompts")
    parser.add_argument("--save", type=Path, default=None, help="write the game record here at the end")
    parser.add_argument("--name", default=None, help="your name at the table (default Sam; あなた in Japanese)")
    parser.add_argument("--load", type=Path, default=None, help="resume the game saved in this record file")


def seat_names(players: int, seat: int | None, lang: str, name: str | None = None) -> list[str]:
    """The names at a terminal table: the person's (default "Sam" / "あなた"), a short name for each bot."""
    bots = BOT_NAMES["ja" if lang == "ja" else "en"]
    return [(name or UI[lang]["you"]) if p == seat else bots[p % len(bots)] for p in range(players)]


def groups(legal: Sequence[Action]) -> list[list[Action]]:
    """The legal actions, one group per card: ``play B15``, ``play B15*``, ``play B15*+`` … together."""
    out: dict[str, list[Action]] = {}
    for action in legal:
        key = VARIANT.sub("", action.text) if action.text.startswith("play ") else action.text
        out.setdefault(key, []).append(action)
    return list(out.values())


def _label(state: State, group: list[Action], lang: str, names: list[str]) -> str:
    game = state.game
    if len(group) == 1:
        return game.describe_action(group[0], lang, names)
    base = VARIANT.sub("", group[0].text)
    try:
        return game.describe_action(game.parse_action(base), lang, names) + " …"
    except ParseError:
        return game.describe_action(group[0], lang, names) + " …"


def choose_action(state: State, seat: int, console: Console, ask: Callable[[str], str], lang: str = "en",
                  names: list[str] | None = None) -> None:
    """Ask the person until they name a legal action, then apply it."""
    game = state.game
    names = names or seat_names(state.players, seat, lang)
    text = UI[lang]
    view = state.observe(seat)
    prompt = game.prompt(view, lang)
    legal = state.legal_actions(seat)
    choices = groups(legal)
    if prompt:
        console.print(f"[bold]{escape(prompt)}[/]")
    for i, group in enumerate(choices, 1):
        console.print(f"  [bold cyan]{i:>2}[/] {escape(_label(state, group, lang, names))}")
    blocked: dict[str, list[str]] = {}  # one line a reason: the cards it keeps back
    for card, reason in state.why_not(seat, lang, names).items():
        blocked.setdefault(reason, []).append(_card_words(state, card, lang))
    for reason, cards in blocked.items():
        console.print(f"     [dim]{escape(listing(cards, lang))}: {escape(reason)}[/]")
    while True:
        answer = ask(text["ask"].format(name=names[seat])).strip()
        if answer == "q":
            raise KeyboardInterrupt
        if answer == "?":
            show_hints(state, seat, console, lang, names)
            return choose_action(state, seat, console, ask, lang, names)
        if answer.isdigit():
            if not 1 <= int(answer) <= len(choices):
                console.print(f"[red]{escape(text['range'].format(answer=answer, n=len(choices)))}[/]")
                continue
            group = choices[int(answer) - 1]
            action = group[0] if len(group) == 1 else _variant(state, group, console, ask, lang, names)
            if action is None:
                return choose_action(state, seat, console, ask, lang, names)
            state.apply(action, seat)
            return None
        try:
            state.apply(answer, seat)
            return None
        except IllegalAction as error:
            console.print(f"[red]{escape(_illegal(state, seat, error, lang, names))}[/]")
        except TricktableError:
            shown = text["unknown"].format(answer=answer, n=len(choices), prompt=prompt or "?")
            console.print(f"[red]{escape(shown)}[/]")


def _variant(state: State, group: list[Action], console: Console, ask: Callable[[str], str], lang: str,
             names: list[str]) -> Action | None:
    """The second step of a card with variants: which of them (None: back to the first list)."""
    for i, action in enumerate(group, 1):
        console.print(f"  [bold cyan]{i:>2}[/] {escape(state.game.describe_action(action, lang, names))}")
    while True:
        answer = ask(UI[lang]["ask_variant"]).strip()
        if answer == "b":
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(group):
            return group[int(answer) - 1]
        console.print(f"[red]{escape(UI[lang]['range'].format(answer=answer, n=len(group)))}[/]")


def _illegal(state: State, seat: int, error: IllegalAction, lang: str, names: list[str]) -> str:
    """The reason that fits: the card's why-not when it is a card, else what the step asks."""
    card = VARIANT.sub("", str(error.action)).partition(" ")[2]
    why = state.why_not(seat, lang, names)
    if card in why:
        return f"{_card_words(state, card, lang)}: {why[card]}"
    prompt = state.game.prompt(state.observe(seat), lang)
    reason = f"{error.reason}; now: {prompt}" if lang == "en" and prompt else (prompt or error.reason)
    return UI[lang]["not_now"].format(reason=reason)


def _card_words(state: State, card: str, lang: str) -> str:
    """A card's name from the game's own action label (``play B15`` -> "play Blue Emperor (15)" -> name)."""
    try:
        label = state.game.describe_action(state.game.parse_action(f"play {card}"), lang)
    except ParseError:
        return card
    return re.sub(r"^play |を出す$", "", label)


def show_hints(state: State, seat: int, console: Console, lang: str, names: list[str] | None = None) -> None:
    """The search's best choices for the seat (``bots.hints``): each with its reason, then how sure it is."""
    from tricktable.bots.hints import suggest

    ja = lang == "ja"
    for rank, hint in enumerate(suggest(SeatView(state, seat), lang=lang, names=names), 1):
        mark = ("≈" if hint.about_equal else "") + str(rank)
        console.print(f"[bold green]{mark}.[/] {escape(hint.text)}  {escape(hint.why_ja if ja else hint.why)}")
        console.print(f"    [dim]{escape(hint.sure_ja if ja else hint.sure)}[/]")


def play(state: State, seat: int | None, bots: dict[int, Bot], console: Console,
         ask: Callable[[str], str], lang: str = "en", names: list[str] | None = None) -> None:
    """Drive ``state`` to its end: the person answers for ``seat``, ``bots`` for every other seat."""
    game = state.game
    names = names or seat_names(state.players, seat, lang)
    shown = 0  # the log stream's index: each turn prints only what happened since
    while not state.is_over:
        shown, events = state.log_since(seat, shown)
        for event in events:
            console.print(f"[dim]·[/] {escape(game.describe_event(event, lang, names))}")
        actors = state.actors
        if seat is not None and seat in actors:
            console.print(render(state.observe(seat), game, lang, names))
            choose_action(state, seat, console, ask, lang, names)
            continue
        for actor in actors:
            state.apply(bots[actor].choose(SeatView(state, actor)), actor)
    for event in state.log_since(seat, shown)[1]:
        console.print(f"[dim]·[/] {escape(game.describe_event(event, lang, names))}")
    console.print(render(state.observe(seat), game, lang, names))
    console.print(f"[bold]{UI[lang]['over']}[/]")
    result = state.result()
    if result is not None:
        for line in game.describe_result(result, lang, names):
            console.print(escape(line))


def run(args: argparse.Namespace) -> int:
    console = Console()
    lang = args.lang
    secret: str | None = None  # the deal's secret (tricktable/deals.py), published in the saved record at the end
    try:
        if args.load:
            record = GameRecord.loads(args.load.read_text())
            state = record.replay()
            seed = record.seed
        else:
            if not args.game:
                raise ParseError(pick(lang, "name a game (megalomania, trickster or masquerade) or --load a record",
                                      "ゲーム名（megalomania、trickster、masquerade）か --load を指定してください"))
            game = load_game(args.game, args.players, **game_options(args))
            if args.seed is None:  # a deal committed to before the first card, checkable with tricktable verify
                secret = deals.new_secret()
                state = game.new_state(deals.seed_of(PLAY_TABLE, secret, {}))
                seed = 0  # never shown: the commitment stands for the deal
            else:
                seed = args.seed
                state = game.new_state(seed)
    except (OSError, TricktableError) as error:
        console.print(f"[red]{escape(str(error))}[/]")
        return 2
    game = state.game
    seat = None if args.seat < 0 else args.seat
    names = seat_names(game.players, seat, lang, args.name)
    # the bots' seeds come from a key of their own, never from the table's seed (which rebuilds every hand)
    key = secrets.randbelow(2**63)
    bots = {p: make_bot(args.bots, own_seed(key, p)) for p in range(game.players) if p != seat}
    level = bot_level(args.bots, lang)
    others = listing([f"{names[p]} ({level})" for p in bots], lang)
    title = game.title_in(lang)
    shown: int | str = seed if secret is None else f"#{deals.commitment(PLAY_TABLE, secret)[:16]}"  # committed
    if seat is None:
        console.print(escape(UI[lang]["watch"].format(title=title, players=game.players, seed=shown)))
    else:
        console.print(escape(UI[lang]["intro"].format(title=title, players=game.players, seed=shown,
                                                      name=names[seat], others=others)))
    if args.load:
        console.print(UI[lang]["resumed"].format(steps=len(state.history)))
    try:
        play(state, seat, bots, console, console.input, lang, names)
    except (KeyboardInterrupt, EOFError):
        console.print("\n" + UI[lang]["stopped"])
    if args.save:
        proof = deals.proof(PLAY_TABLE, secret, {}) if secret is not None and state.is_over else None
        args.save.write_text(deals.with_proof_text(state.record().to_text(), proof))
        console.print(UI[lang]["saved"].format(path=args.save))
    return 0
