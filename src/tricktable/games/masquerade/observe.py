"""What one seat may know (rules: What each player knows), as the game part of an observation.

Own hand; every played and won card; a failed challenge tells all that the player had nothing that follows
(``void``); a withdrawn card is known to be back in that hand (``known_in_hand``). Hands and out-of-game
cards are hidden: only their sizes are shown.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Observation
from tricktable.games.masquerade.actions import Move
from tricktable.games.masquerade.cards import COLOUR_MASKS, COLOURS, TEXT, cards_of, texts
from tricktable.games.masquerade.phases import CHALLENGE_WINDOW, MUST_FOLLOW, PHASE_WORDS
from tricktable.games.masquerade.rules import NOBODY, MasqueradeRules


def observe(state: MasqueradeRules, player: int | None) -> Observation:
    """The game part of ``state.observe(player)``; ``None`` is the spectator."""
    s = state
    trick = []
    for i, card in enumerate(s.trick):
        if card >= 0:
            trick.append({"seat": s.seat_at(i), "card": TEXT[card], "number": s.effective(i),
                          "follows": i == 0 or s.follows(card)})
    challenge = None
    if s.challenger != NOBODY or s.phase is CHALLENGE_WINDOW:
        challenge = {"challenged": s.challenged_seat() if s.challenged == NOBODY else s.challenged,
                     "challenger": None if s.challenger == NOBODY else s.challenger,
                     "success": None if s.challenger == NOBODY else s.success,
                     "option": s.letter or None, "giver": None if not s.letter else s.source,
                     "receiver": None if not s.letter else s.dest,
                     "colour": COLOURS[s.move_colour] if s.move_colour >= 0 else None,
                     "moved": s.moved}
    void = [[COLOURS[c] for c in range(4) if s.void[p] & COLOUR_MASKS[c] == COLOUR_MASKS[c]]
            for p in range(s.players)]
    options = s.setup.options
    table = {
        "turn_player": s.leader,
        "lead_colour": COLOURS[s.lead] if s.lead >= 0 else None,
        "won": [texts(w) for w in s.won],
        "known_in_hand": [texts(k) for k in s.known],
        "void": void,
        "out_of_game": s.out.bit_count(),
        "b16": s.b16,
        "challenge": challenge,
        "taking": None if s.picker == NOBODY else {"picker": s.picker, "taker": s.taker},
        "previous": None if s.previous is None else {k: (list(v) if isinstance(v, list) else v)
                                                     for k, v in s.previous.items()},
        "options": {"specials": options.specials, "challenge": options.challenge, "b16": options.b16},
    }
    return {
        "phase": PHASE_WORDS[s.phase],
        "hand": texts(s.hands[player]) if player is not None else [],
        "hand_sizes": [h.bit_count() for h in s.hands],
        "trick": trick,
        "leader": s.leader,
        "table": table,
    }


def why_not(state: MasqueradeRules, player: int) -> dict[str, dict[str, Any]]:
    """Every card may be played (may-follow) except after a successful challenge: then only followers."""
    if state.phase is not MUST_FOLLOW or player not in state.actors:
        return {}
    legal = {a.card for a in state.legal_actions(player) if isinstance(a, Move)}
    letter = COLOURS[state.lead]
    return {TEXT[c]: {"key": "replay", "args": {"colour": letter}} for c in cards_of(state.hands[player])
            if c not in legal}
