"""The terminal view of Trickster: a pure function of one seat's observation.

Cards are coloured by suit; tableaus are grouped by suit with counts, since scoring is by suit (the
player alone with the most of a suit scores none of it). Roles: L Leader, T Trickster, F Follower.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.engine import Game

SUIT_STYLES = {"red": "bold red", "orange": "bold dark_orange", "yellow": "bold yellow", "green": "bold green",
               "blue": "bold blue", "purple": "bold magenta", "black": "bold grey50", "white": "bold white"}
SUIT_ORDER = list(SUIT_STYLES)
LETTERS = {"red": "R", "orange": "O", "yellow": "Y", "green": "G", "blue": "B", "purple": "P", "black": "K",
           "white": "W"}


def card_text(card: str, *, short: bool = False) -> Text:
    """A card coloured by its suit; ``short`` gives ``R-Bri``."""
    suit, _, hero = card.partition(" ")
    label = f"{LETTERS.get(suit, '?')}-{hero[:3]}" if short else card
    return Text(label, style=SUIT_STYLES.get(suit, ""))


def cards_line(cards: list[str], *, short: bool = False) -> Text:
    line = Text()
    for i, card in enumerate(cards):
        if i:
            line.append(" ")
        line.append_text(card_text(card, short=short))
    return line or Text("-", style="dim")


def tableau_line(cards: list[str]) -> Text:
    """A tableau by suit: ``R×3 Y×1 ...``, coloured."""
    counts: dict[str, int] = {}
    for card in cards:
        suit = card.partition(" ")[0]
        counts[suit] = counts.get(suit, 0) + 1
    line = Text()
    for suit in SUIT_ORDER:
        if counts.get(suit):
            line.append(f"{LETTERS[suit]}×{counts[suit]} ", style=SUIT_STYLES[suit])
    return line or Text("-", style="dim")


def _role(seat: int, table: dict[str, Any], leader: int | None) -> str:
    roles = []
    if leader == seat:
        roles.append("L")
    if table.get("trickster") == seat:
        roles.append("T")
    if seat in table.get("followers", []) and table.get("trickster") != seat:
        roles.append("F")
    return "".join(roles)


def _pattern_rule(table: dict[str, Any]) -> str:
    """The pattern in words: what a Follower's card must be."""
    suit, _, hero = str(table.get("lead") or "").partition(" ")
    if table["pattern"] == "same suit":
        return f"a {suit} card (Same Suit)"
    if table["pattern"] == "same hero":
        return f"a {hero} (Same Hero)"
    return "a card sharing no suit and no hero with any card in the Pot (No Match)"


def render(observation: dict[str, Any], game: Game[Any]) -> RenderableType:
    table: dict[str, Any] = observation.get("table", {})
    me = observation.get("seat")
    leader = observation.get("leader")
    actors = observation.get("actors", [])
    parts: list[RenderableType] = []

    head = Text(f"Round {observation.get('round')}/{table.get('rounds', 3)}  ·  {observation.get('phase')}")
    if table.get("pattern"):
        head.append(f"  ·  pattern: {table['pattern'].upper()}", style="bold")
    if table.get("lead"):
        head.append("  ·  lead ")
        head.append_text(card_text(table["lead"]))
    if table.get("token"):
        head.append("  ·  token: the Leader is also the Trickster", style="dim")
    parts.append(head)
    if table.get("heroes"):
        parts.append(Text("heroes: " + ", ".join(table["heroes"]), style="dim"))

    seats = Table(box=None, pad_edge=False, show_edge=False)
    for column in ("seat", "role", "hand", "tableau", "trouble", ""):
        seats.add_column(column)
    scores = observation.get("scores", [])
    known_hands = table.get("known", {}).get("hands", {})
    for seat, size in enumerate(observation.get("hand_sizes", [])):
        name = f"{seat}" + (" (you)" if seat == me else "")
        waiting = "…" if seat in actors else ""
        tableau = table.get("tableaus", [[]] * (seat + 1))[seat]
        notes = Text(waiting)
        if str(seat) in known_hands:
            notes.append(" known: ")
            notes.append_text(cards_line(known_hands[str(seat)], short=True))
        trouble = f"{scores[seat]:g}" if seat < len(scores) else ""
        seats.add_row(name, _role(seat, table, leader), str(size), tableau_line(tableau), trouble, notes)
    parts.append(seats)

    pot = Text("Pot: ")
    trick = observation.get("trick", [])
    for i, entry in enumerate(trick):
        if i:
            pot.append("  ")
        pot.append(f"{entry['seat']}:")
        pot.append_text(card_text(entry["card"]))
        if entry.get("moved"):
            pot.append(" (moved)", style="dim")
    if not trick:
        pot.append("(empty)", style="dim")
    parts.append(pot)
    trash = Text("Trash: ")
    trash.append_text(cards_line(table.get("trash", [])))
    trash.append(f"   Deck: {table.get('deck_size', 0)}")
    parts.append(trash)

    effect = table.get("effect")
    if effect:
        line = Text(f"{effect['hero']} (seat {effect['player']}): {effect['step']}", style="bold")
        if effect.get("target") is not None:
            line.append(f" · seat {effect['target']}")
        if effect.get("card"):
            line.append(" · ")
            line.append_text(card_text(effect["card"]))
        for key in ("revealed", "top"):
            if effect.get(key):
                line.append(f" · {key}: ")
                line.append_text(cards_line(effect[key]))
        parts.append(line)
    deck_known = table.get("known", {}).get("deck", [])
    if deck_known:
        line = Text("You know in the deck: ")
        for item in deck_known:
            line.append(f"depth {item['depth']} ")
            line.append_text(card_text(item["card"]))
            line.append("  ")
        parts.append(line)
    if table.get("draft"):
        parts.append(Text(f"Draft (seat {table['draft']['drafter']} picks): " + ", ".join(table["draft"]["pool"])))
    if table.get("chosen"):
        line = Text("You chose: ")
        line.append_text(card_text(table["chosen"]))
        parts.append(line)
    if table.get("pattern") and table.get("followers"):
        parts.append(Text("Followers must play " + _pattern_rule(table), style="italic"))
    if me is not None:
        playable = {a[5:] for a in observation.get("legal", []) if a.startswith("play ")}
        hand = Text("Your hand: ")
        for i, card in enumerate(observation.get("hand", [])):
            if i:
                hand.append(" ")
            text = card_text(card)
            if card in playable and len(playable) < len(observation.get("hand", [])):
                text.stylize("underline")
            hand.append_text(text)
        if not observation.get("hand"):
            hand.append("-", style="dim")
        parts.append(hand)
    rounds = table.get("round_scores", [])
    if rounds:
        parts.append(Text("Rounds: " + "  ".join(f"{i + 1}: {r}" for i, r in enumerate(rounds)), style="dim"))
    if observation.get("is_over"):
        winners = ", ".join(f"seat {w}" for w in observation.get("winners", []))
        parts.append(Text(f"Game over. Winner: {winners}", style="bold green"))
    return Panel(Group(*parts), title=game.title)
