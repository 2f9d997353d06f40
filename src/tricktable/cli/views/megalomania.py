"""The terminal view of Megalomania: a pure function of one seat's observation, in English or Japanese.

Shows the mission, the dominant colour, the trick (with powers and cubes), each player's crystals, cubes,
scrolls, tricks and points, the mission's public piles, and the seat's own hand and scrolls. Cards are
named (``Blue Emperor (15)``) in their colour; words come from the game's text module and glossary.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.cli.views import winner_line
from tricktable.engine import Game
from tricktable.engine.glossary import word
from tricktable.engine.words import seat_names
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.glossary import TERMS
from tricktable.games.megalomania.text import GLOSSARY, card_words, colour_name, scroll_title

STYLES = {"B": "bold blue", "Y": "bold yellow", "R": "bold red", "K": "bold white on grey23"}
WORDS: dict[str, dict[str, str]] = {
    "en": {"round": "Round", "mission": "Mission", "dominant": "Dominant", "lead": "lead", "trick": "Trick",
           "no_card": "(no card yet)", "now": "now", "player": "player", "crystals": "crystals", "cubes": "cubes",
           "scrolls": "scrolls", "cards": "cards", "tricks": "tricks", "points": "points", "you": "you",
           "dealer": "dealer", "turn": "to play", "hand": "Your hand", "your_scrolls": "Your scrolls",
           "none": "none", "program": "Programmed order", "chosen": "Chosen", "face_up": "Face up",
           "piles": "piles", "over": "over {n} face down", "draw": "Draw piles (cards left)",
           "emperor": "the Emperor cancels powers and cubes", "dwarf": "Dwarf revolution",
           "knight": "Knight at card {n}", "wizard": "Wizard at card {n}", "farmer": "the Farmer named {who}",
           "found": "the Explorer found {card}", "next": "next mission: {m}"},
    "ja": {"round": "ラウンド", "mission": "ミッション", "dominant": "ドミナントカラー", "lead": "リードカラー",
           "trick": "トリック", "no_card": "（まだカードなし）", "now": "現在", "player": "プレイヤー",
           "crystals": "パワークリスタル", "cubes": "キューブ", "scrolls": "スクロール", "cards": "手札",
           "tricks": "トリック", "points": "得点", "you": "あなた", "dealer": "ディーラー", "turn": "手番",
           "hand": "あなたの手札", "your_scrolls": "あなたのスクロール", "none": "なし", "program": "決めた順番",
           "chosen": "選んだカード", "face_up": "公開", "piles": "の山", "over": "（下に裏向き{n}枚）",
           "draw": "山札（残り枚数）", "emperor": "皇帝がパワーとキューブを無効化", "dwarf": "ドワーフの革命",
           "knight": "{n}枚目に騎士", "wizard": "{n}枚目に魔法使い", "farmer": "農夫が{who}を指名",
           "found": "探検家が{card}を発見", "next": "次のミッション: {m}"},
}
# the glossary's Japanese words (English counts in plurals: "crystals"), as the log and the web board say them
WORDS["ja"].update({key: word(TERMS, term, "ja") for key, term in (
    ("crystals", "crystal"), ("cubes", "cube"), ("scrolls", "scroll"), ("mission", "mission"),
    ("dominant", "dominant"), ("lead", "lead_colour"))})


def card_text(card: str, lang: str = "en", *, colour: str | None = None) -> Text:
    """``B15`` named in its colour; ``colour`` overrides the style (an Oracle's new colour)."""
    return Text(card_words(C.parse_card(card), lang), style=STYLES.get(colour or card[:1], ""))


def cards_line(cards: list[str], lang: str = "en") -> Text:
    line = Text()
    for i, card in enumerate(cards):
        if i:
            line.append("  ")
        line.append_text(card_text(card, lang))
    return line or Text("-", style="dim")


def _trick(observation: dict[str, Any], lang: str, names: Sequence[str]) -> Text:
    w = WORDS[lang]
    line = Text()
    for entry in observation.get("trick", []):
        line.append(f"{names[entry['seat']]}: ")
        line.append_text(card_text(entry["card"], lang, colour=entry.get("colour")))
        if entry.get("power"):
            line.append(" ★", style="bold magenta")
        if entry.get("cube"):
            line.append(f" {entry['cube']:+d}", style="bold cyan")
        if entry.get("colour") and entry["colour"] != entry["card"][:1]:
            line.append(f" ({w['now']} {colour_name(C.COLOURS.index(entry['colour']), lang)})", style="dim")
        line.append("   ")
    return line or Text(w["no_card"], style="dim")


def render(observation: dict[str, Any], game: Game[Any], lang: str = "en",
           names: Sequence[str] = ()) -> RenderableType:
    w = WORDS[lang]
    names = list(names) or seat_names(None, observation.get("players", 0), lang)
    table: dict[str, Any] = observation.get("table", {})
    seat = observation.get("seat")
    dominant = table.get("dominant", "B")
    mission = table.get("mission", {})
    task = mission.get("task_ja") if lang == "ja" else mission.get("task")
    head = Text()
    head.append(f"{w['round']} {observation.get('round')}/{table.get('rounds')}  ", style="bold")
    head.append(f"{w['mission']} {mission.get('number')}: {task}  ")
    head.append(f"{w['dominant']} ")
    head.append(colour_name(C.COLOURS.index(dominant), lang), style=STYLES.get(dominant, ""))
    prompt = game.prompt(observation, lang)
    if prompt:
        head.append(f"  · {prompt}", style="dim")
    if table.get("next_mission"):
        head.append("  " + w["next"].format(m=table["next_mission"]), style="italic")
    status = []
    if table.get("emperor"):
        status.append(w["emperor"])
    if table.get("dwarf"):
        status.append(w["dwarf"])
    for key in ("knight", "wizard"):
        if table.get(key) is not None:
            status.append(w[key].format(n=table[key] + 1))
    if table.get("farmer_named") is not None:
        status.append(w["farmer"].format(who=names[table["farmer_named"]]))
    if table.get("explorer_found"):
        status.append(w["found"].format(card=card_words(C.parse_card(table["explorer_found"]), lang)))
    trick = Text(f"{w['trick']}: ")
    trick.append_text(_trick(observation, lang, names))
    if table.get("lead_colour"):
        trick.append(f"  ({w['lead']} {colour_name(C.COLOURS.index(table['lead_colour']), lang)})", style="dim")
    seats = Table(show_edge=False, box=None, pad_edge=False)
    for column in ("player", "crystals", "cubes", "scrolls", "cards", "tricks", "points"):
        seats.add_column(w[column], justify="left" if column == "player" else "right")
    tricks_won = table.get("tricks_won", [])
    for p in range(observation.get("players", 0)):
        marks = [w["dealer"]] if table.get("dealer") == p else []
        if table.get("turn") == p:
            marks.append(w["turn"])
        crystals = table.get("crystals", [None] * (p + 1))[p]
        cubes = table.get("cubes", [None] * (p + 1))[p]
        label = names[p] + (f" ({', '.join(marks)})" if marks else "")
        seats.add_row(label, "?" if crystals is None else str(crystals), "?" if cubes is None else str(cubes),
                      str(table.get("scroll_counts", [0] * (p + 1))[p]), str(observation["hand_sizes"][p]),
                      str(tricks_won[p] if p < len(tricks_won) else 0), f"{observation['scores'][p]:g}")
    parts: list[RenderableType] = [head]
    if status:
        parts.append(Text(" | ".join(status), style="magenta"))
    parts += [trick, seats]
    for p, cards in enumerate(table.get("face_up", [])):
        if cards:
            parts.append(Text(f"{w['face_up']} ({names[p]}): ") + cards_line(cards, lang))
    for p, pile in enumerate(table.get("covered", [])):
        line = Text(f"{names[p]} {w['piles']}: ")
        line.append_text(cards_line(pile["face_up"], lang))
        line.append(" " + w["over"].format(n=pile["face_down"]), style="dim")
        parts.append(line)
    if table.get("draw_piles"):
        left = ", ".join(f"{names[p]} {n}" for p, n in enumerate(table["draw_piles"]))
        parts.append(Text(f"{w['draw']}: {left}", style="dim"))
    if seat is not None:
        hand = Text(f"{w['hand']}: ")
        hand.append_text(cards_line(observation.get("hand", []), lang))
        parts.append(hand)
        if table.get("program"):
            parts.append(Text(f"{w['program']}: ") + cards_line(table["program"], lang))
        if table.get("chosen"):
            parts.append(Text(f"{w['chosen']}: ") + cards_line(table["chosen"], lang))
        scrolls = [scroll_title(s, lang) for s in table.get("scrolls", [])]
        parts.append(Text(f"{w['your_scrolls']}: " + (", ".join(scrolls) if scrolls else w["none"]), style="green"))
    if observation.get("is_over"):
        parts.append(Text(winner_line(observation, lang, names), style="bold green"))
    return Panel(Group(*parts), title=GLOSSARY[lang]["title"])
