"""What one seat may know, as plain JSON: built only from public zones, that seat's hand and knowledge.

Hidden from a seat: other hands (only their sizes show), the deck order, other players' pending secret
choices (opening card, Nomad pass, the hand card a Magician or Archivist picked). Shown only to a seat:
its knowledge record (cards it knows in other hands or at a depth of the deck) and the cards it is
looking at during its own Archivist or (private) Explorer effect.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.engine import Observation
from tricktable.games.trickster.cards import CARD_TEXT, HERO_NAMES, sort_key
from tricktable.games.trickster.effects import (
    ARCHIVIST_RETURN,
    ARCHIVIST_SWAP,
    ARCHIVIST_TAKE,
    EXPLORER_KEEP,
    NONE,
    STEPS,
)
from tricktable.games.trickster.knowledge import DECK

if TYPE_CHECKING:
    from tricktable.games.trickster.rules import TricksterState

_PHASES = ("draft", "opening", "play", "effect", "over")
_PATTERNS = (None, "same suit", "same hero", "no match")


def _texts(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in sorted(cards, key=sort_key)]


def observe(s: TricksterState, player: int | None) -> Observation:
    in_trick = s.phase in (2, 3)
    trick = [{"seat": seat, "card": CARD_TEXT[c], "moved": moved}
             for c, seat, moved in zip(s.pot, s.pot_seats, s.pot_moved, strict=True)]
    table: dict[str, Any] = {
        "heroes": [HERO_NAMES[h] for h in s.heroes],
        "token": s.token,
        "trickster": s.order[1] if in_trick else None,
        "followers": s.order[2:] if in_trick else [],
        "turn": s.order[s.turn] if s.phase == 2 else None,
        "pattern": _PATTERNS[s.pattern] if in_trick else None,
        "lead": CARD_TEXT[s.lead_card] if in_trick and s.lead_card >= 0 else None,
        "trash": [CARD_TEXT[c] for c in s.trash],
        "deck_size": len(s.deck),
        "tableaus": [_texts(t) for t in s.tableaus],
        "round_scores": [list(r) for r in s.round_scores],
        "rounds": s.options.rounds,
        "last_buster": s.last_buster if s.last_buster >= 0 else None,
        "effect": _effect(s, player),
        "chosen": CARD_TEXT[s.chosen[player]] if player is not None and s.chosen[player] >= 0 else None,
        "known": _known(s, player),
    }
    if s.phase == 0:
        table["draft"] = {"pool": [HERO_NAMES[h] for h in s.draft_pool], "drafter": s.drafter,
                          "chosen": [HERO_NAMES[h] for h in s.drafted]}
    return {
        "phase": _PHASES[s.phase],
        "hand": _texts(s.hands[player]) if player is not None else [],
        "hand_sizes": [len(h) for h in s.hands],
        "trick": trick,
        "leader": s.leader if in_trick else None,
        "table": table,
    }


def _effect(s: TricksterState, player: int | None) -> dict[str, Any] | None:
    if s.phase != 3 or s.step == NONE:
        return None
    step = STEPS[s.step]
    mine = player == s.fx_player
    info: dict[str, Any] = {
        "hero": HERO_NAMES[step.hero],
        "player": s.fx_player,
        "step": step.name,
        "target": s.fx_target if s.fx_target >= 0 else None,
    }
    if s.fx_card >= 0 and (mine or not step.secret):
        info["card"] = CARD_TEXT[s.fx_card]
    if s.step == EXPLORER_KEEP and (mine or s.options.explorer_reveal == "public"):
        info["revealed"] = [CARD_TEXT[s.deck[-1]], CARD_TEXT[s.deck[-2]]]
    if mine and s.step in (ARCHIVIST_SWAP, ARCHIVIST_TAKE, ARCHIVIST_RETURN):
        info["top"] = [CARD_TEXT[c] for c in s.deck[-3:][::-1]]
        info["placed"] = s.fx_count if s.step == ARCHIVIST_RETURN else 0
    return info


def _known(s: TricksterState, player: int | None) -> dict[str, Any]:
    """The seat's own knowledge record: cards known in other hands, and deck cards by depth (0 = top)."""
    if player is None:
        return {"hands": {}, "deck": []}
    hands: dict[str, list[int]] = {}
    deck: list[dict[str, Any]] = []
    size = len(s.deck)
    for c, place in s.know[player].items():
        if place == DECK:
            deck.append({"card": CARD_TEXT[c], "depth": size - 1 - s.deck.index(c)})
        else:
            hands.setdefault(str(place), []).append(c)
    deck.sort(key=lambda d: int(d["depth"]))
    return {"hands": {k: _texts(v) for k, v in sorted(hands.items())}, "deck": deck}
