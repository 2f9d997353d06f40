"""What the designers' lab (``tricktable lab``) reads of Trickster: its tunable elements are the heroes.

Read from a finished state only (its events and the game's own tables), never by re-deciding a rule.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Game, State
from tricktable.games.trickster.cards import HERO_NAMES, HEROES

ELEMENT = {"en": "hero", "ja": "ヒーロー"}
ORIGIN = {"en": ("first leader", "leader"), "ja": ("最初のリーダー", "リーダー")}


def origin(state: State) -> int:
    return int(next(e.data for e in state.events if e.kind == "deal")["leader"])


def elements(state: State) -> list[tuple[str, list[float], list[float] | None]]:
    """Per hero in the game: how often each seat's play fired its effect (no points of its own)."""
    heroes = [HERO_NAMES[h] for h in state.heroes]  # type: ignore[attr-defined]
    use = {h: [0.0] * state.players for h in heroes}
    for event in state.events:
        if event.kind == "effect":
            use[event.data["hero"]][int(event.data["seat"])] += 1
    return [(h, use[h], None) for h in heroes]


def label(text: str, lang: str) -> str:
    return next((h.ja for h in HEROES if h.name == text), text) if lang == "ja" else text


def describe(game: Game[Any], text: str, lang: str = "en") -> str:
    hero = next((h for h in HEROES if h.name == text), None)
    return "" if hero is None else hero.effect_ja if lang == "ja" else hero.effect


def tables(game: Game[Any]) -> dict[str, list[Any] | None]:
    """Table options whose value may stand for a table: ``deck=beginner`` is its seven heroes."""
    heroes = game.heroes()  # type: ignore[attr-defined]
    return {"deck": None if heroes is None else [HERO_NAMES[i] for i in heroes]}


FACTS_TITLE = "mean trouble per seat, by round"


def facts(final: dict[str, Any]) -> list[tuple[str, float]]:
    """Per round: the mean trouble a seat took (how rounds differ in danger)."""
    rounds = final["table"]["round_scores"]
    return [(f"round {r + 1}", sum(scores) / len(scores)) for r, scores in enumerate(rounds)]
