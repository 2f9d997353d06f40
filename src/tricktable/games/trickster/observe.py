"""What one seat may know, as plain JSON: built only from public zones, that seat's hand and knowledge.

Hidden from a seat: other hands (only their sizes show), the deck order, other players' pending secret
choices (opening card, Nomad pass, the hand card a Magician or Archivist picked). Shown only to a seat:
its knowledge record (cards it knows in other hands or at a depth of the deck) and the cards it is
looking at during its own Archivist or (private) Explorer effect.

``why_not`` says, for each hand card a Follower may not play, which part of the pattern it breaks.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Observation
from tricktable.games.trickster.cards import CARD_TEXT, DECK, HERO_NAMES, HEROES, SUITS, SUITS_JA, in_order
from tricktable.games.trickster.effects import (
    ARCHIVIST_RETURN,
    ARCHIVIST_SWAP,
    ARCHIVIST_TAKE,
    EXPLORER_KEEP,
    NONE,
    STEPS,
)
from tricktable.games.trickster.phases import PHASE_WORDS
from tricktable.games.trickster.rules import (
    DRAFTING,
    EFFECT,
    PATTERN_WORDS,
    SAME_HERO,
    SAME_SUIT,
    TRICK,
    Pattern,
    TricksterRules,
)


def _texts(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in in_order(cards)]


def observe(s: TricksterRules, player: int | None) -> Observation:
    phase = s.phase
    in_trick = phase in (TRICK, EFFECT)
    trick = [{"seat": seat, "card": CARD_TEXT[c], "moved": moved}
             for c, seat, moved in zip(s.trick, s.trick_seats, s.trick_moved, strict=True)]
    table: dict[str, Any] = {
        "heroes": [HERO_NAMES[h] for h in s.heroes],
        "token": s.token,
        "trickster": s.order[1] if in_trick else None,
        "followers": s.order[2:] if in_trick else [],
        "turn": s.order[s.turn] if phase == TRICK else None,
        "pattern": PATTERN_WORDS[s.pattern] if in_trick else None,
        "lead": CARD_TEXT[s.lead_card] if in_trick and s.lead_card >= 0 else None,
        "trash": [CARD_TEXT[c] for c in s.trash],
        "deck_size": len(s.deck),
        "tableaus": [_texts(t) for t in s.tableaus],
        "round_scores": [list(r) for r in s.round_scores],
        "rounds": s.options.rounds,
        "last_buster": s.last_buster if s.last_buster >= 0 else None,
        "effect": _effect(s, player),
        "chosen": _chosen(s, player),
        "known": _known(s, player),
    }
    if phase == DRAFTING:
        table["draft"] = {"pool": [HERO_NAMES[h] for h in s.draft_pool], "drafter": s.drafter,
                          "chosen": [HERO_NAMES[h] for h in s.drafted]}
    return {
        "phase": PHASE_WORDS[phase],
        "hand": _texts(s.hands[player]) if player is not None else [],
        "hand_sizes": [len(h) for h in s.hands],
        "trick": trick,
        "leader": s.leader if in_trick else None,
        "table": table,
    }


def _chosen(s: TricksterRules, player: int | None) -> str | None:
    """The seat's own pending secret pick (opening card, Nomad pass), if any."""
    picks = s.choice.picks
    if player is None or not picks or picks[player] < 0:
        return None
    return CARD_TEXT[picks[player]]


def _effect(s: TricksterRules, player: int | None) -> dict[str, Any] | None:
    if s.phase != EFFECT or s.step == NONE:
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


def _known(s: TricksterRules, player: int | None) -> dict[str, Any]:
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


def why_not(state: TricksterRules, p: int) -> dict[str, dict[str, Any]]:
    """For each hand card that does not fit the trick's pattern (only while some card does), the reason as
    ``{"key", "args"}`` with its words in both languages (text.py's ``WHY`` renders it)."""
    if state.phase != TRICK or p not in state.actors or state.turn < 2:
        return {}
    out: dict[str, dict[str, Any]] = {}
    lead = state.lead_card
    fits = set(state._fitting(state.hands[p]))
    for c in state.hands[p]:
        if c in fits:
            continue
        if state.pattern == SAME_SUIT:
            out[CARD_TEXT[c]] = {"key": "suit", "args": {"suit": {"en": SUITS[lead & 7], "ja": SUITS_JA[lead & 7]}}}
        elif state.pattern == SAME_HERO:
            hero = HEROES[lead >> 3]
            out[CARD_TEXT[c]] = {"key": "hero", "args": {"hero": {"en": hero.name, "ja": hero.ja}}}
        elif state.pattern == Pattern.NO_MATCH:
            if (state.check_suits >> (c & 7)) & 1:
                what = {"en": f"the suit {SUITS[c & 7]}", "ja": f"{SUITS_JA[c & 7]}のスート"}
            else:
                hero = HEROES[c >> 3]
                what = {"en": f"the hero {hero.name}", "ja": f"{hero.ja}"}
            out[CARD_TEXT[c]] = {"key": "no_match", "args": {"what": what}}
    return out
