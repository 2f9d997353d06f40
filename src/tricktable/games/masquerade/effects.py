"""What Masquerade's rules that act on a trick do, one headed section each, the rule's text on top.

The special cards are data in ``cards.py`` (their words for people, switched by option ``specials``). Here
is what each one does, and the two published rules the cards bend: may-follow (any card is legal, but one
that does not follow may be challenged) and taking (lowest picks one, highest takes the rest). Everything
is a small pure function over plain data (card masks, numbers, seats): ``rules.py``'s phases carry the
rules out with them, ``scoring.py`` counts the bonuses with them, and the heuristic asks them instead of
re-deriving a rule.

Where each rule is carried out: may-follow and R11 in ``Phase.TRICK`` (opening a challenge window) and
``Phase.MUST_FOLLOW``; the challenge in ``Phase.CHALLENGE_WINDOW`` → ``MUST_FOLLOW`` → ``PENALTY`` →
``TRANSFER_COLOUR`` → ``TRANSFER_CARDS``; the +-2 cards in ``Phase.PLUS_MINUS``; taking and B16 in
``Phase.TRICK_END``; the bonuses in ``scoring.score``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from tricktable.games.masquerade.cards import (
    COLOUR_MASKS,
    MINUS,
    PLUS,
    WILD,
    Card,
    Counts,
    Mask,
    PlayEffect,
    colour,
    make,
)

# --- May-follow, and R11 --------------------------------------------------------------------------------
# rules [P]: "The turn player plays any card; its colour is the lead colour. Then each other player plays one
# card. Any card is legal: you need not follow the lead colour, nor beat anything." Following matters only
# to a challenge (below).
# rules [D], R11: "when played by a non-leader it counts as the lead colour (so it follows); led, the lead
# colour is red" [FAQ: a led R11 makes red the lead colour, not every colour].


def lead_colour(led: Card) -> int:
    """The lead colour a led card sets: its own colour (a led R11 too: red, and only red)."""
    return colour(led)


def wild_mask(effects: Mapping[Card, PlayEffect]) -> Mask:
    """The cards in play that follow any lead colour when a non-leader plays them (R11)."""
    mask = 0
    for card, effect in effects.items():
        if effect.kind == WILD:
            mask |= 1 << card
    return mask


def follow_mask(lead: int, wild: Mask) -> Mask:
    """The cards that follow ``lead``: that colour's, and the wild cards in play (``wild_mask``)."""
    return COLOUR_MASKS[lead] | wild


def can_follow(hand: Mask, follow: Mask) -> bool:
    """Whether a hand holds a card that follows (``follow_mask``)."""
    return bool(hand & follow)


# --- The challenge --------------------------------------------------------------------------------------
# rules [P]: "Right after another player plays a card that does not follow, anyone else (even before their
# own play) may challenge: 'you could have followed'." [D: challenge_order] each other player is offered
# the challenge in clockwise order from the challenged player's left (left), or from the turn player
# (leader), or all at once, hidden, the nearest to the challenged player's left taking it (together); the
# first to accept takes it; one challenge per card; the leader's card cannot be challenged.
# - "The engine answers for the challenged player, truthfully [D]: success if they held a card that
#   follows, failure if not."
# - "Success: the challenged player takes the card back and plays a card that follows instead (their
#   choice); then the challenger chooses A give 0-3 cards of one colour from the challenger's won cards to
#   the challenged player, or B take 0-3 cards of one colour from the challenged player's won cards."
# - "Failure: the challenged player chooses C give 0-3 cards of one colour from their own won cards to the
#   challenger, or D take 0-3 cards of one colour from the challenger's won cards."
# - "Zero cards is allowed [P]. The chooser picks which cards [D]. A withdrawn card's effect never
#   triggers; effects resolve once the challenge window has closed [D]."
# A failed challenge tells everyone the challenged player held nothing that follows (rules: What each
# player knows): ``rules`` keeps it as that seat's ``void``, and the resampler honours it.

MAX_MOVED = 3  # "0-3 cards of one colour"


def may_be_challenged(position: int, card: Card, follow: Mask) -> bool:
    """Whether the card just played at ``position`` of the trick opens a challenge window: a non-leader's
    card that does not follow (with option ``challenge=on``)."""
    return position > 0 and not follow >> card & 1


def offer_order(players: int, challenged: int, leader: int, order: str) -> tuple[int, ...]:
    """The seats offered the challenge, first offered first (option ``challenge_order``): clockwise from
    the challenged player's left, or from the turn player; ``together`` asks the same seats at once."""
    start = leader - 1 if order == "leader" else challenged
    return tuple(p for p in ((start + i) % players for i in range(1, players + 1)) if p != challenged)


def nearest_claimant(players: int, challenged: int, claims: Sequence[int]) -> list[int]:
    """Of the seats that answered "challenge" at once (``together``), nearest the challenged player's left
    first: the first takes it (the seed: "first to speak"; we cannot hear who spoke first)."""
    return [p for p in ((challenged + i) % players for i in range(1, players)) if p in claims]


def challenge_succeeds(hand: Mask, follow: Mask) -> bool:
    """The engine's truthful answer for the challenged player: they could have followed."""
    return can_follow(hand, follow)


def penalty_letters(success: bool) -> str:
    """The options open after a challenge: the challenger's A/B on success, the challenged's C/D on failure."""
    return "AB" if success else "CD"


def penalty_chooser(success: bool, challenger: int, challenged: int) -> int:
    """Who chooses the penalty: the challenger when it succeeded, the challenged player when it failed."""
    return challenger if success else challenged


def parties(letter: str, challenger: int, challenged: int) -> tuple[int, int]:
    """(giver, receiver) of won cards under option ``letter``: A the challenger gives, B the challenger
    takes, C the challenged gives, D the challenged takes."""
    if letter in "AD":
        return challenger, challenged
    return challenged, challenger


# --- Taking, and B16's reversal -------------------------------------------------------------------------
# rules [P], Taking: "Compare the numbers played, colour ignored. The player with the lowest number picks one
# card from the trick (their own allowed; mandatory [D]); the player with the highest takes all the rest.
# Ties: for lowest, the earlier player counts lower; for highest, the later player counts higher. The lowest
# player leads the next turn."
# rules [D: b16], B16: "reversal this turn: the highest number picks one card and leads next; the lowest
# takes the rest" (b16=reverse) [FAQ: after B16 the highest player leads next], or taking as usual with the
# highest leading next (b16=lead). [D: b16_ties] ties under the reversal as in Taking (the later of tied
# players is the highest, the earlier the lowest), or by role (the earlier of tied highest picks, the later
# of tied lowest takes the rest).


def taking(numbers: Sequence[int], *, reverse: bool = False, by_role: bool = False) -> tuple[int, int]:
    """(picker, taker) as positions in the trick, from the numbers that count (printed plus any +-2).

    ``reverse``: B16's reversal is in force (the highest picks, the lowest takes the rest); ``by_role``:
    its ties go by role (option ``b16_ties=roles``).
    """
    positions = range(len(numbers))
    if reverse:
        later = -1 if by_role else 1
        return (max(positions, key=lambda i: (numbers[i], later * i)),
                min(positions, key=lambda i: (numbers[i], later * i)))
    return min(positions, key=lambda i: (numbers[i], i)), max(positions, key=lambda i: (numbers[i], i))


def next_leader(picker: int, taker: int, *, highest_leads: bool) -> int:
    """Who leads the next turn: the picker (the lowest; under B16's reversal the highest), or the taker
    when B16 only makes the highest lead (option ``b16=lead``)."""
    return taker if highest_leads else picker


# --- K6, G13 (-2) and K13, G6 (+2) ----------------------------------------------------------------------
# rules [D]: "-2 to one card already played this turn by another player (the player chooses); nothing when
# led [FAQ text]." "+2, likewise." "Numbers changed by +-2 count only for this turn's taking; scoring uses
# printed numbers."


def changes_number(effect: PlayEffect) -> bool:
    """Whether a play effect is a +-2 card's."""
    return effect.kind in (MINUS, PLUS)


def plus_minus_targets(trick: Sequence[Card]) -> Sequence[Card]:
    """The cards a +-2 card just played (the last of ``trick``) may change: every card played before it
    this turn, each by another player (none when it was led: then it does nothing)."""
    return trick[:-1]


# --- End-game bonuses: R1, B2, G1, R3, K1, B1 -----------------------------------------------------------
# rules [D]: "End-game bonuses, for the player who holds the card at the end" (``cards.BONUSES`` holds their
# words). Each takes the won cards per colour (R K B G) and the won pile, and returns the bonus (0 when the
# condition fails); ``scoring.score`` adds it.

BonusRule = Callable[[Counts, Mask], int]


def _r1(counts: Counts, won: Mask) -> int:
    """R1: 6+ red cards -> +10."""
    return 10 if counts[0] >= 6 else 0


def _b2(counts: Counts, won: Mask) -> int:
    """B2: 5+ blue cards -> your blue cards score 2 each instead of 1 (they have burst: one more a card)."""
    return counts[2] if counts[2] >= 5 else 0


def _g1(counts: Counts, won: Mask) -> int:
    """G1: 4+ cards in every colour -> +12."""
    return 12 if min(counts) >= 4 else 0


def _r3(counts: Counts, won: Mask) -> int:
    """R3: exactly 3 red cards -> +8."""
    return 8 if counts[0] == 3 else 0


K1 = make("K", 1)


def _k1(counts: Counts, won: Mask) -> int:
    """K1: K1 is your only black card -> +12."""
    return 12 if won & COLOUR_MASKS[1] == 1 << K1 else 0


def _b1(counts: Counts, won: Mask) -> int:
    """B1: no colour with 4+ cards -> +10."""
    return 10 if max(counts) <= 3 else 0


BONUS_POINTS: dict[Card, BonusRule] = {
    make("R", 1): _r1, make("B", 2): _b2, make("G", 1): _g1, make("R", 3): _r3, K1: _k1, make("B", 1): _b1,
}
