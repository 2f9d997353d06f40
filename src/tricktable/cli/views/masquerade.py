"""The terminal view of Gundam Masquerade: a pure function of one seat's observation."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.cli.views import winner_line
from tricktable.engine import Game
from tricktable.engine.words import seat_names
from tricktable.games.masquerade import cards as C
from tricktable.games.masquerade.text import card_name, colour_name

STYLES = {"R": "bold red", "K": "bold white on grey23", "B": "bold blue", "G": "bold green"}
WORDS: dict[str, dict[str, str]] = {
    "en": {"turn": "turn {n}", "turn_player": "turn player {who}", "lead": "lead", "reversed": "blue 16: reversed",
           "trick": "trick", "player": "player", "card": "card", "counts": "counts as", "follows": "follows",
           "yes": "yes", "no": "no", "players": "players", "hand": "hand", "won": "won", "score": "score",
           "known": "known", "void": "no {colours}", "burst": "(burst)", "challenge": "challenge on {who}",
           "by": " by {who}: {result}", "success": "success", "failure": "failure",
           "option": "; option {o}: {giver} gives to {receiver}", "moved": ", {colour}, {n} moved",
           "last": "last turn: {picker} took {card}, {taker} the rest", "your_hand": "your hand",
           "to_play": " (to play)"},
    "ja": {"turn": "ターン{n}", "turn_player": "ターンプレイヤー {who}", "lead": "色", "reversed": "青の16: 逆転中",
           "trick": "仮面トリック", "player": "プレイヤー", "card": "カード", "counts": "数字", "follows": "同じ色",
           "yes": "はい", "no": "いいえ", "players": "プレイヤー", "hand": "手札", "won": "獲得カード",
           "score": "得点", "known": "分かっていること", "void": "{colours}なし", "burst": "（バースト）",
           "challenge": "{who}へのチャレンジ", "by": "（{who}）: {result}", "success": "成功", "failure": "失敗",
           "option": "、オプション{o}: {giver}から{receiver}へ", "moved": "、{colour}、{n}枚移動",
           "last": "前のターン: {picker}が{card}を取り、{taker}が残りを獲得", "your_hand": "あなたの手札",
           "to_play": "（手番）"},
}


SPECIAL_MARK = "★"  # the web's mark too: a gold-framed card (a play effect or an end-game bonus)


def special_cards(table: dict[str, Any]) -> frozenset[str]:
    """The cards that are special at this table (its ``specials`` option: effects, bonuses, both or none)."""
    chosen = str(table.get("options", {}).get("specials", "standard"))
    found = {*C.play_effects(chosen), *(b.card for b in C.bonuses(chosen))}
    return frozenset(C.card_name(card) for card in found)


def card_text(card: str, extra: str = "", lang: str = "en", special: frozenset[str] = frozenset()) -> Text:
    """A card named in its colour's style (``red 11``, for colour-blind readers too), ★ when special."""
    mark = SPECIAL_MARK if card in special else ""
    return Text(f"{card_name(card, lang)}{mark}{extra}", style=STYLES.get(card[:1], ""))


def cards_line(cards: list[str], lang: str = "en", special: frozenset[str] = frozenset()) -> Text:
    line = Text()
    for i, card in enumerate(cards):
        if i:
            line.append(", ")
        line.append_text(card_text(card, lang=lang, special=special))
    return line


def won_line(cards: list[str], lang: str = "en") -> Text:
    """Won cards grouped by colour, a burst colour (4+) marked."""
    line = Text()
    for letter in "RKBG":
        group = [c for c in cards if c[0] == letter]
        if not group:
            continue
        if line:
            line.append("  ")
        line.append_text(cards_line(group, lang))
        if len(group) >= 4:
            line.append(" " + WORDS[lang]["burst"], style="dim")
    return line or Text("-", style="dim")


def render(observation: dict[str, Any], game: Game[Any], lang: str = "en",
           names: Sequence[str] = ()) -> RenderableType:
    """The table as ``observation``'s seat may see it: trick, won cards, scores, challenge, hand, prompt."""
    w = WORDS[lang]
    names = list(names) or seat_names(None, observation.get("players", 0), lang)
    table = observation.get("table", {})
    special = special_cards(table)
    seat = observation.get("seat")
    lead = table.get("lead_colour")
    leader = observation.get("leader")
    head = Text(w["turn"].format(n=observation.get("round")) + " · ")
    if leader is not None:
        head.append(w["turn_player"].format(who=names[leader]) + " · ")
    head.append(f"{w['lead']} ")
    head.append(colour_name(lead, lang) if lead else "-", style=STYLES.get(lead or "", ""))
    if table.get("b16"):
        head.append(f" · {w['reversed']}", style="bold magenta")

    trick = Table(title=w["trick"], show_edge=False, expand=False)
    for column in ("player", "card", "counts", "follows"):
        trick.add_column(w[column])
    for entry in observation.get("trick", []):
        changed = "" if str(entry["number"]) == entry["card"][1:] else " *"
        trick.add_row(names[entry["seat"]], card_text(entry["card"], lang=lang, special=special),
                      f"{entry['number']}{changed}", w["yes"] if entry.get("follows") else w["no"])

    seats = Table(title=w["players"], show_edge=False, expand=False)
    for column in ("player", "hand", "won", "score", "known"):
        seats.add_column(w[column])
    scores = observation.get("scores", [])
    won = table.get("won", [])
    known = table.get("known_in_hand", [])
    void = table.get("void", [])
    actors = observation.get("actors", [])
    for p, size in enumerate(observation.get("hand_sizes", [])):
        name = names[p] + (w["to_play"] if p in actors else "")
        facts = cards_line(known[p] if p < len(known) else [], lang)
        if p < len(void) and void[p]:
            colours = "/".join(colour_name(c, lang) for c in void[p])
            facts.append(" " + w["void"].format(colours=colours), style="dim")
        score = scores[p] if p < len(scores) else 0
        seats.add_row(name, str(size), won_line(won[p] if p < len(won) else [], lang), f"{score:g}", facts)

    parts: list[RenderableType] = [head, trick, seats]
    challenge = table.get("challenge")
    if challenge:
        line = Text(w["challenge"].format(who=names[challenge["challenged"]]))
        if challenge.get("challenger") is not None:
            result = w["success"] if challenge.get("success") else w["failure"]
            line.append(w["by"].format(who=names[challenge["challenger"]], result=result))
        if challenge.get("option"):
            line.append(w["option"].format(o=challenge["option"], giver=names[challenge["giver"]],
                                           receiver=names[challenge["receiver"]]))
        if challenge.get("colour"):
            line.append(w["moved"].format(colour=colour_name(challenge["colour"], lang), n=challenge["moved"]))
        parts.append(Text.assemble(("! ", "bold yellow"), line))
    previous = table.get("previous")
    if previous:
        parts.append(Text(w["last"].format(picker=names[previous["picker"]], card=card_name(previous["picked"], lang),
                                           taker=names[previous["taker"]]), style="dim"))
    if seat is not None:
        parts.append(Text.assemble(f"{w['your_hand']}: ", cards_line(observation.get("hand", []), lang, special)))
        if seat in actors:
            parts.append(Text(game.prompt(observation, lang), style="italic"))
    if observation.get("is_over"):
        parts.append(Text(winner_line(observation, lang, names), style="bold green"))
    return Panel(Group(*parts), title=game.title_in(lang))
