"""Trickster's options: every [D] of the rules file is one of these fields, with its default.

Options that fix the deal (``hands``, ``trash``, ``deck_order``) and ``first_leader`` let tests and
puzzles set up an exact position; they apply to round 1 only, later rounds are shuffled [D].
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.engine import option

TOKEN_CHOICES = ("up_to_three", "two_only", "off")


@dataclass(frozen=True, slots=True)
class TricksterOptions:
    deck: str | tuple[str, ...] = option(
        "beginner", tag="P", max_len=14,
        doc="the 7 heroes: beginner, strategist, random (7 of 14 by the seed), draft (players pick, as actions) "
            "or an explicit list of 7 hero names")
    token: str = option(
        "up_to_three", tag="D", choices=TOKEN_CHOICES,
        doc="the Trickster token: up_to_three (with 2-3 players the Leader is also the Trickster), two_only, off")
    rounds: int = option(3, tag="P", bounds=(1, 12), doc="rounds in a game")
    first_leader: int | None = option(
        None, tag="D", bounds=(0, 6), doc="the first Leader's seat; null: chosen at random from the seed")
    next_leader: str = option(
        "last_buster", tag="D", choices=("last_buster", "first_buster"),
        doc="who leads rounds 2+: the player who busted last (default) or first in the previous round")
    draft_start: str = option(
        "first_leader", tag="D", choices=("first_leader", "left_of_first_leader"),
        doc="who takes the first hero in a draft (then clockwise)")
    no_match: str = option(
        "whole_pot", tag="D", choices=("whole_pot", "lead_and_trickster"),
        doc="No Match checks every card in the Pot at the moment of each play (default), "
            "or only the Leader's and the Trickster's cards")
    empty_hand: str = option(
        "busts", tag="D", choices=("busts", "follower_skipped"),
        doc="a player who must play with an empty hand busts (default); or a Follower with none is skipped "
            "(a Leader or Trickster with none still busts)")
    tiebreak_cards: str = option(
        "final_tableau", tag="D", choices=("final_tableau", "all_rounds"),
        doc="the tableau cards counted by the red, orange, ... tie-break: the last round's, or all rounds'")
    explorer_reveal: str = option(
        "public", tag="D", choices=("public", "private"),
        doc="Explorer's two revealed cards are seen by everyone (public) or only by their player")
    witness_target: str = option(
        "nonempty_hand", tag="D", choices=("nonempty_hand", "any"),
        doc="Witness may look at an opponent holding at least one card (default) or any opponent")
    heroes: str = option(
        "tricktable", tag="D", choices=("tricktable",),
        doc="the table of hero effects: Explorer as published, the other 13 our designs (see rules)")
    hands: tuple[tuple[str, ...], ...] | None = option(
        None, tag="D", doc="round 1: each seat's hand as card texts (fixes the deal; fixed decks only)")
    trash: tuple[str, ...] | None = option(
        None, tag="D", doc="round 1: the 6 Trash cards as card texts")
    deck_order: tuple[str, ...] | None = option(
        None, tag="D", doc="round 1: the deck's top cards as card texts, top first; the rest shuffled below")
