"""What one seat may know, as plain JSON (DESIGN: hidden by default).

Hidden from the others: hands (except face-up and discovered cards), face-down piles, scrolls held,
preparation choices until the reveal, programmed orders, piles and passes, the next mission (Insight).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.games.megalomania import cards as C

if TYPE_CHECKING:
    from tricktable.games.megalomania.rules import MegalomaniaState


def observe(state: MegalomaniaState, seat: int | None) -> dict[str, Any]:
    from tricktable.games.megalomania.rules import COLOUR, GIVE, LEAD, OVER, PHASE_NAMES, PREP

    n = state.players
    mine = seat is not None
    prep = state.phase == PREP
    info = C.mission(state.mission)
    hand = state.hands[seat] if seat is not None else 0
    if seat is not None and state.program[seat] and state.phase != OVER:
        hand_texts = [C.CARD_TEXT[c] for c in state.program[seat]]  # mission 15: in programmed order
        listed = set(state.program[seat])
        hand_texts += [C.CARD_TEXT[c] for c in C.cards_of(hand) if c not in listed]
    else:
        hand_texts = C.texts(hand)
    trick = [{"seat": e[0], "card": C.CARD_TEXT[e[1]], "value": e[2], "colour": C.COLOURS[e[3]],
              "power": e[4], "cube": e[5]} for e in state.trick]
    won_cards = [0] * n
    won_tricks = [0] * n
    for w, mask in state.won:
        won_cards[w] |= mask
        won_tricks[w] += 1
    pending = None
    if state.phase in (COLOUR, LEAD, GIVE):
        pending = {COLOUR: "oracle", LEAD: "farmer", GIVE: "explorer"}[state.phase]
    points = state.game.options.mission_points[state.mission - 1]  # the task shows the points in force
    table: dict[str, Any] = {
        "mission": {"number": state.mission, "task": info.describe(points), "task_ja": info.describe(points, "ja"),
                    "hand": info.hand},
        "mission_points": points,
        "dominant": C.COLOURS[state.dom],
        "dealer": state.dealer,
        "rounds": state.game.options.rounds,
        "pairs": state.game.options.pairs,
        "turn": state.actors[0] if state.actors and state.phase != PREP else None,
        "crystals": [c if (not prep or p == seat) else None for p, c in enumerate(state.crystals)],
        "cubes": [c if (not prep or p == seat) else None for p, c in enumerate(state.cubes)],
        "scroll_counts": state.shown_scrolls.copy(),
        "points": state.points.copy(),
        "lost": state.lost.copy(),
        "results": [list(r) for r in state.results],
        "missions_played": list(state.mission_deck[:state.rnd + (0 if state.phase == OVER else 1)]),
        "tricks_won": won_tricks,
        "won_cards": [C.texts(m) for m in won_cards],
        "completed_tricks": [{"winner": w, "cards": C.texts(m)} for w, m in state.won],
        "trick_number": state.trick_no + 1,
        "tricks_in_round": state.tricks_total,
        "face_up": [C.texts(state.shown[p] & state.hands[p]) for p in range(n)],
        "covered": [{"face_up": C.texts(state.tops[p]), "face_down": state.downs[p].bit_count()}
                    for p in range(n)] if state.kind == C.COVERED else [],
        "draw_piles": [len(pl) for pl in state.pile19] if state.kind == C.DRAW_PILE else [],
        "powers_used": [C.POWERS[r].name for r in range(8) if state.used >> r & 1],
        "emperor": state.emperor,
        "knight": state.knight if state.knight < 99 else None,
        "wizard": state.wizard if state.wizard < 99 else None,
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
        if state.insight[seat] == state.rnd + 1 and state.rnd + 1 < len(state.mission_deck):
            table["next_mission"] = state.mission_deck[state.rnd + 1]
        if state.program[seat]:
            table["program"] = [C.CARD_TEXT[c] for c in state.program[seat]]
        if state.chosen[seat]:
            table["chosen"] = C.texts(state.chosen[seat])
    return {
        "phase": PHASE_NAMES[state.phase],
        "hand": hand_texts,
        "hand_sizes": [h.bit_count() for h in state.hands],
        "trick": trick,
        "leader": state.leader if state.phase != OVER else None,
        "table": table,
    }
