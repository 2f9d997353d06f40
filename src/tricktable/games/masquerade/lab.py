"""What the designers' lab (``tricktable lab``) reads of Masquerade: its tunable elements are the special
cards (play effects, end-game bonuses; option ``specials_off`` turns one into a plain card).

Read from a finished state only (its events and the game's own scoring), never by re-deciding a rule.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Game, State
from tricktable.games.masquerade import scoring
from tricktable.games.masquerade.cards import BONUSES, PLAY_EFFECTS, TEXT

ELEMENT = {"en": "special card", "ja": "特殊カード"}
ORIGIN = {"en": ("first player", "first player"), "ja": ("最初のプレイヤー", "最初のプレイヤー")}
# the special cards, whose balance is our design [D: specials]
SPECIALS = ("R1", "B2", "G1", "R3", "K1", "B1", "R11", "B16", "K6", "G13", "K13", "G6")


def origin(state: State) -> int:
    return int(next(e.data for e in state.events if e.kind == "deal")["leader"])


def elements(state: State) -> list[tuple[str, list[float], list[float] | None]]:
    """Per play effect in force: who played it; per bonus card: who held it and the points it earned."""
    n = state.players
    game: Any = state.game
    played = {TEXT[c]: [0.0] * n for c in sorted(game.effects)}
    for event in state.events:
        if event.kind == "play" and event.data["card"] in played:
            played[event.data["card"]][int(event.data["seat"])] = 1.0
    out: list[tuple[str, list[float], list[float] | None]] = [(card, use, None) for card, use in played.items()]
    won: list[int] = state.won  # type: ignore[attr-defined]
    for bonus in game.bonuses:
        card = TEXT[bonus.card]
        held = [float(pile >> bonus.card & 1) for pile in won]
        earned = [float(dict(scoring.bonus_points(pile, [bonus])).get(card, 0)) for pile in won]
        out.append((card, held, earned))
    return out


def label(text: str, lang: str) -> str:
    return text


def describe(game: Game[Any], text: str, lang: str = "en") -> str:
    ja = lang == "ja"
    for e in PLAY_EFFECTS:
        if TEXT[e.card] == text:
            return ("効果: " + e.text_ja) if ja else f"play effect: {e.text}"
    for b in BONUSES:
        if TEXT[b.card] == text:
            return ("ボーナス: " + b.condition_ja) if ja else f"bonus: {b.condition}"
    return ""


def tables(game: Game[Any]) -> dict[str, list[Any] | None]:
    return {}


FACTS_TITLE = "win rate of the seat holding each special card"


def facts(final: dict[str, Any]) -> list[tuple[str, float]]:
    """Per special card: the win share of the seat that ended holding it (is a bonus too strong?)."""
    winners = final["winners"]
    out: list[tuple[str, float]] = []
    for seat, pile in enumerate(final["table"]["won"]):
        share = 1.0 / len(winners) if seat in winners else 0.0
        out.extend((f"holds {card}", share) for card in SPECIALS if card in pile)
    return out
