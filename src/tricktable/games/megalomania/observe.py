"""What one seat may know, as plain JSON (DESIGN: hidden by default), and why a card cannot be played.

Hidden from the others: hands (except face-up and discovered cards), face-down piles, scrolls held,
preparation choices until the reveal, programmed orders, piles and passes, the next mission (Insight).
"""

from __future__ import annotations

from typing import Any

from tricktable.engine.cards import cards_of
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.actions import Kind, Move
from tricktable.games.megalomania.cards import Deal
from tricktable.games.megalomania.effects import NOWHERE
from tricktable.games.megalomania.phases import PHASE_WORDS, Phase
from tricktable.games.megalomania.rules import MegalomaniaRules

# the power whose follow-up choice is pending, by phase (``table["pending"]``)
PENDING = {Phase.ORACLE_COLOUR: "oracle", Phase.FARMER_LEADER: "farmer", Phase.EXPLORER_SWAP: "explorer"}


def observe(state: MegalomaniaRules, seat: int | None) -> dict[str, Any]:
    """The game part of ``seat``'s observation (``None``: a spectator)."""
    n = state.players
    mine = seat is not None
    over = state.phase == Phase.OVER
    prep = state.phase == Phase.PREPARATION
    info = C.mission(state.mission)
    hand = state.hands[seat] if seat is not None else 0
    if seat is not None and state.program[seat] and not over:
        hand_texts = [C.CARD_TEXT[c] for c in state.program[seat]]  # mission 15: in programmed order
        listed = set(state.program[seat])
        hand_texts += [C.CARD_TEXT[c] for c in cards_of(hand) if c not in listed]
    else:
        hand_texts = C.texts(hand)
    trick = [{"seat": e[0], "card": C.CARD_TEXT[e[1]], "value": e[2], "colour": C.COLOURS[e[3]],
              "power": bool(e[4]), "cube": e[5]} for e in state.trick]  # compiled, a plain tuple holds 1 for True
    won_cards = [0] * n
    won_tricks = [0] * n
    for w, mask in state.won:
        won_cards[w] |= mask
        won_tricks[w] += 1
    pending = PENDING.get(state.phase)
    points = state.game.options.mission_points[state.mission - 1]  # the task shows the points in force
    table: dict[str, Any] = {
        "mission": {"number": state.mission, "task": info.describe(points), "task_ja": info.describe(points, "ja"),
                    "hand": info.hand},
        "mission_points": points,
        "dominant": C.COLOURS[state.dominant],
        "dealer": state.dealer,
        "rounds": state.game.options.rounds,
        "pairs": state.game.options.pairs,
        "turn": state.actors[0] if state.actors and not prep else None,
        "crystals": [c if (not prep or p == seat) else None for p, c in enumerate(state.crystals)],
        "cubes": [c if (not prep or p == seat) else None for p, c in enumerate(state.cubes)],
        "scroll_counts": state.shown_scrolls.copy(),
        "points": state.points.copy(),
        "lost": state.lost.copy(),
        "results": [list(r) for r in state.results],
        "missions_played": list(state.mission_deck[:state.round_no]),
        "tricks_won": won_tricks,
        "won_cards": [C.texts(m) for m in won_cards],
        "completed_tricks": [{"winner": w, "cards": C.texts(m)} for w, m in state.won],
        "trick_number": state.trick_no + 1,
        "tricks_in_round": state.tricks_total,
        "face_up": [C.texts(state.shown[p] & state.hands[p]) for p in range(n)],
        "covered": [{"face_up": C.texts(state.tops[p]), "face_down": state.downs[p].bit_count()}
                    for p in range(n)] if state.deal == Deal.COVERED else [],
        "draw_piles": [len(pl) for pl in state.draw_piles] if state.deal == Deal.DRAW_PILE else [],
        "powers_used": [C.POWERS[r].name for r in range(8) if state.used >> r & 1],
        "emperor": state.emperor,
        "knight": state.knight if state.knight != NOWHERE else None,
        "wizard": state.wizard if state.wizard != NOWHERE else None,
        "dwarf": state.dwarf,
        "farmer_named": state.named if state.named >= 0 else None,
        "explorer_found": C.CARD_TEXT[state.found] if state.found >= 0 else None,
        "pending": pending,
        "lead_colour": C.COLOURS[state.lead] if state.lead >= 0 else None,
        "free_power_armed": [bool(state.free >> p & 1) for p in range(n)],
        "immune": [bool(state.immune >> p & 1) for p in range(n)],
    }
    if mine:
        assert seat is not None
        table["scrolls"] = [C.SCROLLS[s].name for s in state.scrolls[seat]]
        table["used_this_preparation"] = [C.SCROLLS[s].name for s in state.prep_used[seat]] if prep else []
        if state.insight[seat] == state.round_no < len(state.mission_deck):
            table["next_mission"] = state.mission_deck[state.round_no]
        if state.program[seat]:
            table["program"] = [C.CARD_TEXT[c] for c in state.program[seat]]
        if state.chosen[seat]:
            table["chosen"] = C.texts(state.chosen[seat])
    return {
        "phase": PHASE_WORDS[state.phase],
        "hand": hand_texts,
        "hand_sizes": [h.bit_count() for h in state.hands],
        "trick": trick,
        "leader": state.leader if not over else None,
        "table": table,
    }


def why_not(state: MegalomaniaRules, p: int) -> dict[str, dict[str, Any]]:
    """For each card ``p`` holds (or has face up) that no legal action plays now, the reason as key + args
    (``text.WHY`` puts them in words)."""
    if state.phase != Phase.TRICK or p not in state.actors:
        return {}
    legal = state.legal_actions(p)
    playable = {a.card for a in legal if isinstance(a, Move) and a.kind == Kind.PLAY}
    normal, avail = state.playable(p)
    blocked = [c for c in cards_of(avail) if c not in playable]
    if not blocked:
        return {}
    must = [C.CARD_TEXT[c] for c in cards_of(normal & avail) if c in playable] or [
        C.CARD_TEXT[c] for c in sorted(playable)]
    lead = state.lead if state.trick else -1
    out: dict[str, dict[str, Any]] = {}
    for c in blocked:
        if c & 7 == C.ASSASSIN and lead >= 0 and c >> 3 != lead:
            if state.emperor and not state.immune >> p & 1:
                out[C.CARD_TEXT[c]] = {"key": "emperor", "args": {}}
                continue
            if state.crystals[p] <= 0 and not state.free >> p & 1:
                out[C.CARD_TEXT[c]] = {"key": "assassin", "args": {}}
                continue
        if state.deal == Deal.PROGRAMMED:
            reason: dict[str, Any] = {"key": "programmed", "args": {"cards": must}}
        elif state.trick and len(state.trick) > state.wizard:
            reason = {"key": "wizard", "args": {"cards": must}}
        elif lead >= 0 and normal & C.COLOUR_MASKS[lead]:
            reason = {"key": "follow", "args": {"colour": C.COLOURS[lead]}}
        elif lead >= 0 and normal & C.COLOUR_MASKS[state.dominant]:
            reason = {"key": "dominant", "args": {"lead_colour": C.COLOURS[lead],
                                                  "colour": C.COLOURS[state.dominant]}}
        else:
            reason = {"key": "not_now", "args": {"cards": must}}
        out[C.CARD_TEXT[c]] = reason
    return out
