"""Gundam Masquerade's options: [P] from the published rules (the seed), [D] our default (rules file)."""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.engine import option
from tricktable.games.masquerade.cards import SPECIALS


@dataclass(frozen=True, slots=True)
class MasqueradeOptions:
    specials: str = option(
        "standard", tag="D", choices=SPECIALS,
        doc="special cards: standard (R11, B16, the four +-2 cards and the six bonus cards of the rules), "
            "effects (play effects only), bonuses (end-game bonuses only), none")
    specials_off: tuple[str, ...] = option(
        (), tag="D",
        doc='special cards of `specials` switched off one by one (card texts, e.g. ["K6"]): they play and score '
            'as plain cards (for variant studies: `tricktable lab masquerade --vary specials_off+=K6`)')
    challenge: str = option(
        "on", tag="P", choices=("on", "off"),
        doc="on: a card that does not follow may be challenged; off: plain may-follow play")
    challenge_order: str = option(
        "left", tag="D", choices=("left", "leader", "together"),
        doc="who is offered a challenge: in turn from the challenged player's left (left) or from the turn "
            "player (leader), or every other player at once, answers hidden until all have answered, the "
            "challenger nearest the challenged player's left taking it (together: the seed's simultaneous "
            "declarations, 'first to speak')")
    b16: str = option(
        "reverse", tag="D", choices=("reverse", "lead"),
        doc="B16: reverse (the highest picks one card and leads, the lowest takes the rest) or lead "
            "(taking as usual, but the highest player leads next: the seed's FAQ answer only)")
    b16_ties: str = option(
        "taking", tag="D", choices=("taking", "roles"),
        doc="ties under B16's reversal: as in Taking, the later of tied highest is the highest and the earlier "
            "of tied lowest the lowest (taking: the seed's tie rule, the roles swapped), or the earlier of tied "
            "highest picks and the later of tied lowest takes the rest (roles: our first reading)")
    tiebreak: str = option(
        "shared", tag="D", choices=("shared", "strict"),
        doc="tied totals: shared, or strict (fewer burst colours, then more face-value cards)")
    first_player: int = option(
        -1, tag="D", bounds=(-1, 5),
        doc="the first turn player's seat; -1 draws one at random (the seed: rock-paper-scissors)")
    deal: tuple[tuple[str, ...], ...] = option(
        (), tag="D",
        doc='a fixed deal instead of a shuffle: one list of card texts a seat, all the same length, e.g. '
            '[["R1","K2"],["B3","G4"],["R5","K6"]]; the cards left over are out of the game')
