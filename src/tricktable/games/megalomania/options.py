"""Megalomania's options: [P] the published rules, [D] our default where no public source settles it.

Every [D] of the rules file is a field here under the name the rules file gives it; a few more fix the
deal, the missions, the dominant colours, the dealer and the scroll deck exactly, so that any position
can be set up for a test, a puzzle or a bug report.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.engine import option
from tricktable.games.megalomania.cards import DEFAULT_SCROLL_DECK, MISSION_POINTS


@dataclass(frozen=True, slots=True)
class MegalomaniaOptions:
    rounds: int = option(12, tag="P", choices=(12, 8), doc="rounds in a game: 12, or 8 in the short game")
    pairs: bool = option(False, tag="P", choices=(False, True),
                         doc="4 players as two pairs, partners opposite; a team scores the sum of its two")
    dominant_order: str = option(
        "cycle", tag="D", choices=("cycle", "random"),
        doc="the dominant colour per round: cycle (Blue, Yellow, Red, Black from a random start) or random "
            "(drawn each round from the three colours other than the last)")
    free_powers: bool = option(False, tag="D", choices=(False, True),
                               doc="Oracle and Assassin powers need no crystal (default: every power needs one)")
    resources: int = option(3, tag="D", choices=(2, 3, 4, 5),
                            doc="tokens each player splits between crystals and cubes at each preparation")
    scrolls: tuple[str, ...] = option(
        DEFAULT_SCROLL_DECK, tag="D", max_len=100,
        doc="the scroll deck (names, repeats allowed); empty for no scrolls: extra-crystal, extra-cube, "
            "double-cube, free-power, immunity, redeal, first-lead, insight")
    shuffle_scrolls: bool = option(True, tag="D", choices=(True, False),
                                   doc="shuffle the scroll deck; false deals it in the listed order (first on top)")
    reshuffle_scrolls: bool = option(True, tag="D", choices=(True, False),
                                     doc="when the scroll deck runs out, shuffle the used scrolls into a new deck")
    missions: tuple[int, ...] = option(
        (), tag="D", bounds=(1, 25), max_len=25,
        doc="the mission deck (numbers 1-25); empty: all 25, less 8, 20 and 21 with fewer than 4 players")
    mission_points: tuple[int, ...] = option(
        MISSION_POINTS, tag="D", bounds=(-100, 100), max_len=25,
        doc="points of missions 1-25 (per card/trick for the counting ones); the italic values are ours")
    explorer_may_decline: bool = option(
        False, tag="D", choices=(False, True),
        doc="the Explorer may give the discovered card back (the seed says it 'can' swap); default: must swap")
    programmed_follow: bool = option(False, tag="D", choices=(False, True),
                                     doc="mission 15: the follow rule applies to programmed cards (default: not)")
    rotate_after: str = option(
        "trick", tag="D", choices=("trick", "card"),
        doc="mission 22: hands pass right after each trick, or after each card (the seed; 3 players only)")
    pass_to: str = option("left", tag="D", choices=("left", "right"),
                          doc="mission 25: the neighbour who receives your 3 cards")
    split_picker: str = option("left", tag="D", choices=("left", "right"),
                               doc="mission 24: the neighbour who picks one of your piles blind")
    # --- fixing a position exactly (tests, puzzles, bug reports) --------------------------------
    deal: tuple[tuple[str, ...], ...] = option(
        (), tag="D", max_len=12,
        doc='fixed deals, one per round from round 1: a list per seat of card texts in deal order, e.g. '
            '[["B15 B12", "K1 K2"]]; cards not named are out of play. Mission 13: the first 3 are face up; '
            '18: first half face down under the second half; 19: first half hand, second half pile')
    mission_order: tuple[int, ...] = option((), tag="D", bounds=(1, 25), max_len=12,
                                            doc="the missions of the first rounds in order; the rest drawn")
    dominant: str = option("", tag="D",
                           doc="dominant colour letters (B/Y/R/K) of the first rounds; later rounds follow "
                               "dominant_order from the last one given")
    dealer: int = option(-1, tag="D", bounds=(-1, 5), doc="the first dealer's seat; -1 draws one at random [P]")
