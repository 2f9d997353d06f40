"""The terminal view of Megalomania: a pure function of one seat's observation.

Shows the mission, the dominant colour, the trick (with powers and cubes), each seat's crystals, cubes,
scrolls, tricks and points, the mission's public piles, and the seat's own hand and scrolls.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tricktable.engine import Game

STYLES = {"B": "bold blue", "Y": "bold yellow", "R": "bold red", "K": "bold white on grey23"}
NAMES = {"B": "Blue", "Y": "Yellow", "R": "Red", "K": "Black"}
POWERS = {"15": "Emperor", "12": "Oracle", "9": "Knight", "7": "Wizard", "6": "Dwarf", "4": "Explorer",
          "2": "Assassin", "1": "Farmer"}


def card_text(card: str, *, colour: str | None = None) -> Text:
    """``B15`` in its colour; ``colour`` overrides it (an Oracle's new colour)."""
    return Text(card, style=STYLES.get(colour or card[:1], ""))


def cards_line(cards: list[str]) -> Text:
    line = Text()
    for i, card in enumerate(cards):
        if i:
            line.append(" ")
        line.append_text(card_text(card))
    return line or Text("-", style="dim")


def _trick(observation: dict[str, Any]) -> Text:
    line = Text()
    for entry in observation.get("trick", []):
        line.append(f"seat {entry['seat']}: ")
        line.append_text(card_text(entry["card"], colour=entry.get("colour")))
        if entry.get("power"):
            line.append("*", style="bold magenta")
        if entry.get("cube"):
            line.append(f"{entry['cube']:+d}", style="bold cyan")
        if entry.get("colour") and entry["colour"] != entry["card"][:1]:
            line.append(f"(now {NAMES.get(entry['colour'], '?')})", style="dim")
        line.append("   ")
    return line or Text("(no card yet)", style="dim")


def render(observation: dict[str, Any], game: Game[Any]) -> RenderableType:
    table: dict[str, Any] = observation.get("table", {})
    seat = observation.get("seat")
    dominant = table.get("dominant", "?")
    mission = table.get("mission", {})
    head = Text()
    head.append(f"Round {observation.get('round')}/{table.get('rounds')}  ", style="bold")
    head.append(f"Mission {mission.get('number')}: {mission.get('task')}  ")
    head.append("Dominant ")
    head.append(NAMES.get(dominant, dominant), style=STYLES.get(dominant, ""))
    head.append(f"  phase: {observation.get('phase')}", style="dim")
    if table.get("next_mission"):
        head.append(f"  (next mission: {table['next_mission']})", style="italic")
    status = []
    for key, label in (("emperor", "Emperor cancels"), ("dwarf", "Dwarf revolution")):
        if table.get(key):
            status.append(label)
    for key, label in (("knight", "Knight at card"), ("wizard", "Wizard at card"),
                       ("farmer_named", "Farmer named seat")):
        if table.get(key) is not None:
            status.append(f"{label} {table[key] + (1 if key != 'farmer_named' else 0)}")
    if table.get("explorer_found"):
        status.append(f"Explorer found {table['explorer_found']}")
    trick = Text("Trick: ")
    trick.append_text(_trick(observation))
    if table.get("lead_colour"):
        trick.append(f"  lead {NAMES.get(table['lead_colour'])}", style="dim")
    seats = Table(show_edge=False, box=None, pad_edge=False)
    for column in ("seat", "crystals", "cubes", "scrolls", "cards", "tricks", "points"):
        seats.add_column(column, justify="right")
    tricks_won = table.get("tricks_won", [])
    for p in range(observation.get("players", 0)):
        marks = ("you " if p == seat else "") + ("D " if table.get("dealer") == p else "") + (
            "> " if table.get("turn") == p else "")
        crystals = table.get("crystals", [None] * (p + 1))[p]
        cubes = table.get("cubes", [None] * (p + 1))[p]
        seats.add_row(f"{marks}{p}", "?" if crystals is None else str(crystals), "?" if cubes is None else str(cubes),
                      str(table.get("scroll_counts", [0] * (p + 1))[p]), str(observation["hand_sizes"][p]),
                      str(tricks_won[p] if p < len(tricks_won) else 0), str(observation["scores"][p]))
    parts: list[RenderableType] = [head]
    if status:
        parts.append(Text(" | ".join(status), style="magenta"))
    parts += [trick, seats]
    face_up = table.get("face_up", [])
    if any(face_up):
        parts.append(Text("Face up: ") + Text("  ".join(f"{p}:{' '.join(c)}" for p, c in enumerate(face_up) if c)))
    for p, pile in enumerate(table.get("covered", [])):
        line = Text(f"Seat {p} piles: ")
        line.append_text(cards_line(pile["face_up"]))
        line.append(f" over {pile['face_down']} face down", style="dim")
        parts.append(line)
    if table.get("draw_piles"):
        parts.append(Text(f"Draw piles: {table['draw_piles']}", style="dim"))
    if seat is not None:
        hand = Text("Your hand: ")
        hand.append_text(cards_line(observation.get("hand", [])))
        parts.append(hand)
        if table.get("program"):
            parts.append(Text("Programmed order: " + " ".join(table["program"])))
        if table.get("chosen"):
            parts.append(Text("Chosen: " + " ".join(table["chosen"])))
        scrolls = table.get("scrolls", [])
        parts.append(Text("Your scrolls: " + (", ".join(scrolls) if scrolls else "none"), style="green"))
    return Panel(Group(*parts), title=f"{game.title} — round {observation['round']}")
