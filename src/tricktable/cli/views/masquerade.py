"""The terminal view of Gundam Masquerade: a pure function of one seat's observation."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.engine import Game

STYLES = {"R": "bold red", "K": "bold white on grey23", "B": "bold blue", "G": "bold green"}
COLOUR_WORDS = {"R": "red", "K": "black", "B": "blue", "G": "green"}
PROMPTS = {
    "play": "play a card (any card is legal; not following may be challenged)",
    "challenge": "challenge the card just played, or pass",
    "replay": "the challenge succeeded: re-play a card that follows",
    "option": "choose the penalty option",
    "colour": "name the colour whose won cards move",
    "pick": "pick up to 3 cards of that colour to move, or done",
    "target": "choose the card your +-2 changes",
    "take": "you played the lowest (after B16: the highest): take one card of the trick",
    "over": "the game is over",
}


def card_text(card: str, extra: str = "") -> Text:
    """A card in its colour's style (its letter stays, for colour-blind readers)."""
    return Text(f"{card}{extra}", style=STYLES.get(card[:1], ""))


def cards_line(cards: list[str]) -> Text:
    line = Text()
    for i, card in enumerate(cards):
        if i:
            line.append(" ")
        line.append_text(card_text(card))
    return line


def won_line(cards: list[str]) -> Text:
    """Won cards grouped by colour, a burst colour (4+) marked."""
    line = Text()
    for letter in "RKBG":
        group = [c for c in cards if c[0] == letter]
        if not group:
            continue
        if line:
            line.append("  ")
        line.append_text(cards_line(group))
        if len(group) >= 4:
            line.append(" (burst)", style="dim")
    return line or Text("-", style="dim")


def render(observation: dict[str, Any], game: Game[Any]) -> RenderableType:
    """The table as ``observation``'s seat may see it: trick, won cards, scores, challenge, hand, prompt."""
    table = observation.get("table", {})
    seat = observation.get("seat")
    lead = table.get("lead_colour")
    head = Text(f"turn {observation.get('round')} · turn player seat {observation.get('leader')} · lead ")
    head.append(COLOUR_WORDS[lead] if lead else "-", style=STYLES.get(lead or "", ""))
    if table.get("b16"):
        head.append(" · B16: reversed", style="bold magenta")

    trick = Table(title="trick", show_edge=False, expand=False)
    for column in ("seat", "card", "counts as", "follows"):
        trick.add_column(column)
    for entry in observation.get("trick", []):
        changed = "" if str(entry["number"]) == entry["card"][1:] else " *"
        trick.add_row(str(entry["seat"]), card_text(entry["card"]), f"{entry['number']}{changed}",
                      "yes" if entry.get("follows") else "no")

    seats = Table(title="players", show_edge=False, expand=False)
    for column in ("seat", "hand", "won", "score", "known"):
        seats.add_column(column)
    scores = observation.get("scores", [])
    won = table.get("won", [])
    known = table.get("known_in_hand", [])
    void = table.get("void", [])
    actors = observation.get("actors", [])
    for p, size in enumerate(observation.get("hand_sizes", [])):
        name = f"{p}{' (you)' if p == seat else ''}{' ←' if p in actors else ''}"
        facts = cards_line(known[p] if p < len(known) else [])
        if p < len(void) and void[p]:
            facts.append(f" no {'/'.join(COLOUR_WORDS[c] for c in void[p])}", style="dim")
        score = scores[p] if p < len(scores) else 0
        seats.add_row(name, str(size), won_line(won[p] if p < len(won) else []), f"{score:g}", facts)

    parts: list[RenderableType] = [head, trick, seats]
    challenge = table.get("challenge")
    if challenge:
        line = Text(f"challenge on seat {challenge['challenged']}")
        if challenge.get("challenger") is not None:
            result = "success" if challenge.get("success") else "failure"
            line.append(f" by seat {challenge['challenger']}: {result}")
        if challenge.get("option"):
            line.append(f"; option {challenge['option']}: seat {challenge['giver']} gives to "
                        f"seat {challenge['receiver']}")
        if challenge.get("colour"):
            line.append(f", {COLOUR_WORDS[challenge['colour']]}, {challenge['moved']} moved")
        parts.append(Text.assemble(("! ", "bold yellow"), line))
    previous = table.get("previous")
    if previous:
        parts.append(Text(f"last turn: seat {previous['picker']} took {previous['picked']}, "
                          f"seat {previous['taker']} the rest", style="dim"))
    if seat is not None:
        parts.append(Text.assemble("your hand: ", cards_line(observation.get("hand", []))))
        if seat in actors:
            prompt = PROMPTS.get(observation.get("phase", ""), "")
            if table.get("options", {}).get("challenge") == "off":
                prompt = prompt.replace("; not following may be challenged", "")
            parts.append(Text(prompt, style="italic"))
    if observation.get("is_over"):
        winners = ", ".join(f"seat {w}" for w in observation.get("winners", []))
        parts.append(Text(f"winner: {winners}", style="bold"))
    return Panel(Group(*parts), title=game.title)
