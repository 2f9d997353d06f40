"""What the designers' lab (``tricktable lab``) reads of Megalomania: its tunable elements are the missions.

Read from a finished state only (its events and the game's own tables), never by re-deciding a rule.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Game, State
from tricktable.games.megalomania.text import mission_text

ELEMENT = {"en": "mission", "ja": "ミッション"}
# the seat the positions are counted from, and the word for it: "first dealer", "dealer's left", ...
ORIGIN = {"en": ("first dealer", "dealer"), "ja": ("最初のディーラー", "ディーラー")}


def origin(state: State) -> int:
    return int(next(e.data for e in state.events if e.kind == "round")["dealer"])


def elements(state: State) -> list[tuple[str, list[float], list[float] | None]]:
    """Per mission played: the points it gave each seat (in pairs, each seat's team total), as use and points."""
    n = state.players
    pairs = bool(state.game.options.pairs)
    points: dict[int, list[float]] = {}
    for event in state.events:
        if event.kind == "mission_scored":
            got = [float(x) for x in event.data["points"]]
            if pairs:  # a team scores the sum of its two: the mission's effect on each seat's result
                got = [got[p] + got[(p + 2) % 4] for p in range(4)]
            old = points.setdefault(int(event.data["mission"]), [0.0] * n)
            points[int(event.data["mission"])] = [a + b for a, b in zip(old, got, strict=True)]
    return [(f"mission {m}", list(p), list(p)) for m, p in sorted(points.items())]


def label(text: str, lang: str) -> str:
    """An element's label in ``lang`` ("mission 7" -> "ミッション7")."""
    head, _, number = text.partition(" ")
    return f"ミッション{number}" if lang == "ja" and head == "mission" else text


def describe(game: Game[Any], text: str, lang: str = "en") -> str:
    """What a mission asks, with the points this variant gives it."""
    head, _, number = text.partition(" ")
    if head != "mission" or not number.isdigit():
        return ""
    words = mission_text(game, int(number), lang)  # type: ignore[arg-type]
    return words.split("「", 1)[-1].rstrip("」") if lang == "ja" else words.split(" (", 1)[-1].rstrip(")")


def tables(game: Game[Any]) -> dict[str, list[Any] | None]:
    """Table options whose value may stand for a table: the empty ``missions`` is the whole deck."""
    return {"missions": list(game.mission_pool)}  # type: ignore[attr-defined]


FACTS_TITLE = "mean points per seat, by mission"


def facts(final: dict[str, Any]) -> list[tuple[str, float]]:
    """Per mission: the mean points a seat scored in the round that played it (is a mission too generous?)."""
    table = final["table"]
    return [(f"mission {number}", sum(result) / len(result))
            for number, result in zip(table["missions_played"], table["results"], strict=False)]


