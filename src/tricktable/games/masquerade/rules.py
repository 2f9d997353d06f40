"""Gundam Masquerade's rules: the data of a game in progress, and its phases as one table.

A turn (rules: A turn) runs ``Phase.TRICK`` for each seat clockwise from the turn player. After a non-leader
card that does not follow, ``CHALLENGE_WINDOW`` offers each other seat a challenge in turn; the engine
answers truthfully. Success: ``MUST_FOLLOW`` (the challenged player re-plays a following card), then the
challenger's ``PENALTY`` A/B; failure: the challenged player's ``PENALTY`` C/D; either way
``TRANSFER_COLOUR`` then ``TRANSFER_CARDS`` moves 0-3 won cards. Then the card's play effect resolves
(``PLUS_MINUS`` for a +-2 card), the next seat plays, and after the last card ``TRICK_END``: the lowest
picks one card, the highest takes the rest, and the lowest leads next. The game is ``OVER`` when the hands
are empty. What each special card and the challenge do is ``effects.py``, one section each; this file
carries them out, laid out in the order above.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final, Self

from tricktable.engine import Action, BadOptions, Game, ParseError, Rng
from tricktable.engine.cards import select
from tricktable.engine.fields import Copied
from tricktable.engine.hidden import CLOSED, HiddenChoice
from tricktable.engine.native import NativeState
from tricktable.engine.state import phase_tables
from tricktable.games.masquerade import effects
from tricktable.games.masquerade.actions import TABLE, Move
from tricktable.games.masquerade.cards import (
    BONUSES,
    COLOUR_MASKS,
    COLOUR_NAMES,
    COLOURS,
    DEAL_SIZES,
    DECK,
    FULL,
    PLAY_EFFECTS,
    REVERSE,
    TEXT,
    Bonus,
    Card,
    Mask,
    PlayEffect,
    number,
    parse_card,
    play_effects,
    texts,
)
from tricktable.games.masquerade.cards import bonuses as bonus_table
from tricktable.games.masquerade.options import MasqueradeOptions
from tricktable.games.masquerade.phases import (
    CHALLENGE_WINDOW,
    MUST_FOLLOW,
    OVER,
    PENALTY,
    PLUS_MINUS,
    TRANSFER_CARDS,
    TRANSFER_COLOUR,
    TRICK,
    TRICK_END,
    Phase,
)

NOBODY: Final = -1

# --- setup (rules: Setup): what the options make of the cards, once per game ---------------------------


@dataclass(frozen=True, slots=True)
class Setup:
    """The options made concrete: the play effects and bonuses in play, the wild cards (R11), the deal."""

    options: MasqueradeOptions
    effects: dict[Card, PlayEffect]
    bonuses: tuple[Bonus, ...]
    wild: Mask
    fixed_deal: tuple[Mask, ...] | None
    hand_size: int


def make_setup(options: MasqueradeOptions, players: int) -> Setup:
    """The game's ``Setup``; raises ``BadOptions`` when the options do not fit together or the player count."""
    o = options
    if not (o.first_player == -1 or 0 <= o.first_player < players):
        raise BadOptions(f"first_player must be -1 (random) or a seat 0-{players - 1}, not {o.first_player}")
    fixed_deal = _check_deal(o.deal, players) if o.deal else None
    off = _check_specials_off(o.specials_off)
    in_play = {c: e for c, e in play_effects(o.specials).items() if c not in off}
    bonuses = tuple(b for b in bonus_table(o.specials) if b.card not in off)
    hand_size = len(o.deal[0]) if o.deal else DEAL_SIZES[players]
    return Setup(o, in_play, bonuses, effects.wild_mask(in_play), fixed_deal, hand_size)


def _parse(text: str) -> Card:
    try:
        return parse_card(str(text))
    except ParseError as error:
        raise BadOptions(str(error)) from error


def _check_specials_off(names: tuple[str, ...]) -> set[int]:
    """The cards of option ``specials_off``; raises ``BadOptions`` for one that is not a special card."""
    specials = {e.card for e in PLAY_EFFECTS} | {b.card for b in BONUSES}
    off = set()
    for name in names:
        card = _parse(name)
        if card not in specials:
            listed = ", ".join(TEXT[c] for c in sorted(specials))
            raise BadOptions(f"specials_off: {name} is not a special card (special cards: {listed})")
        off.add(card)
    return off


def _check_deal(deal: tuple[tuple[str, ...], ...], players: int) -> tuple[Mask, ...]:
    """The fixed deal as one bitmask a seat; raises ``BadOptions`` when it does not fit."""
    if len(deal) != players:
        raise BadOptions(f"deal must give {players} hands, not {len(deal)}")
    sizes = {len(hand) for hand in deal}
    size = sizes.pop()
    if sizes or not 1 <= size <= DECK // players:
        raise BadOptions("deal hands must all have the same size, at least 1 card")
    masks = []
    seen = 0
    for hand in deal:
        mask = 0
        for card_text in hand:
            card = _parse(card_text)
            if seen >> card & 1:
                raise BadOptions(f"deal names {card_text} twice")
            seen |= 1 << card
            mask |= 1 << card
        masks.append(mask)
    return tuple(masks)


class MasqueradeRules(NativeState):
    """One game of Gundam Masquerade. Hands and won piles are bitmasks over card ints (see ``cards``)."""

    # Every field of a game in progress is declared here, once (``engine/fields.py``: ``clone`` is written out
    # from this list). A field the rules change in place is ``Copied``; every other is shared by clones.
    # The engine's fields, declared again so that a compiled state holds them as its own:
    game: Game[MasqueradeOptions]
    players: int
    rng: Rng
    setup: Setup
    hands: Copied[list[Mask]]
    won: Copied[list[Mask]]
    out: Mask             # undealt cards: out of the game, unseen
    known: Copied[list[Mask]]  # withdrawn cards known to be back in that hand until played
    void: Copied[list[Mask]]  # cards a failed challenge proved absent from that hand
    leader: int
    trick: Copied[list[Card]]  # by position from the leader; -1 while a withdrawn card awaits its re-play
    delta: Copied[list[int]]  # +-2 changes per position, for this turn's taking only
    lead: int             # lead colour, -1 before the lead
    follow: Mask          # the cards that follow it (effects.follow_mask), 0 before the lead
    b16: bool             # B16's effect is in force this turn
    phase: Phase
    actor: int
    round_no: int         # the turn, from 1 (one deal is the whole game: a turn is the round)
    offers: tuple[int, ...]  # seats still to be offered the challenge, first offered first
    choice: HiddenChoice  # challenge_order=together: the offered seats answer at once, hidden (1 challenge, 0 pass)
    challenger: int
    challenged: int
    success: bool
    letter: str           # the chosen option A-D, "" before
    source: int
    dest: int
    move_colour: int
    moved: int
    picker: int
    taker: int
    previous: dict[str, Any] | None
    # (won piles, their scores) when ``scoring.scores`` last counted them: only a changed pile is counted again
    score_cache: tuple[tuple[Mask, ...], tuple[float, ...]] = ((), ())

    def __init__(self, game: Game[MasqueradeOptions] | None = None, seed: int = 0, setup: Setup | None = None) -> None:
        if game is None or setup is None:  # a blank twin for ``clone`` to fill (a compiled ``__new__`` runs this)
            return
        super().__init__(game, seed)
        self.setup = setup
        n = game.players
        if setup.fixed_deal is not None:
            self.hands = list(setup.fixed_deal)
        else:
            deck = list(range(DECK))
            self.rng.shuffle(deck)
            size = setup.hand_size
            self.hands = [sum(1 << c for c in deck[p * size:(p + 1) * size]) for p in range(n)]
        dealt = 0
        for hand in self.hands:
            dealt |= hand
        self.out = FULL & ~dealt
        self.won = [0] * n
        self.known = [0] * n
        self.void = [0] * n
        first = setup.options.first_player
        self.leader = first if first >= 0 else self.rng.below(n)
        self.round_no = 1
        self.previous = None
        self._clear_turn()
        self.phase = TRICK
        self.actor = self.leader
        self.log("deal", hand_sizes=[h.bit_count() for h in self.hands], out=self.out.bit_count(),
                 leader=self.leader)
        self.log("turn", turn=self.round_no, leader=self.leader)

    def _clear_turn(self) -> None:
        self.trick = []
        self.delta = []
        self.lead = -1
        self.follow = 0
        self.b16 = False
        self.offers = ()
        self.choice = CLOSED
        self.challenger = self.challenged = NOBODY
        self.success = False
        self.letter = ""
        self.source = self.dest = NOBODY
        self.move_colour = -1
        self.moved = 0
        self.picker = self.taker = NOBODY

    # --- the engine interface ------------------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        if self.choice.waiting:  # a hidden choice is open (challenge_order=together)
            return self.choice.waiting
        return () if self.phase is OVER else (self.actor,)

    def _legal(self, player: int) -> list[Action]:
        return LEGAL[self.phase](self, player)

    def _step(self, action: Action, player: int) -> None:
        assert isinstance(action, Move)
        APPLY[self.phase](self, action, player)

    def _why_illegal(self, action: Action, player: int) -> str:
        phase = self.phase
        card = action.card if isinstance(action, Move) else -1
        if phase in (TRICK, MUST_FOLLOW) and card >= 0 and not self.hands[player] >> card & 1:
            return f"{TEXT[card]} is not in your hand"
        if phase is TRICK:
            return "it is time to play a card from your hand"
        if phase is MUST_FOLLOW:
            return f"the challenge succeeded: re-play a card that follows {COLOUR_NAMES[self.lead]}"
        if phase is CHALLENGE_WINDOW:
            return f"challenge or pass on seat {self.challenged_seat()}'s {TEXT[self.trick[-1]]}"
        if phase is PENALTY:
            return f"choose option {' or '.join(effects.penalty_letters(self.success))}"
        if phase is TRANSFER_COLOUR:
            return "name the colour whose won cards move (R, K, B or G), or done to move none"
        if phase is TRANSFER_CARDS:
            return f"pick a {COLOUR_NAMES[self.move_colour]} card of seat {self.source}'s won cards, or done"
        if phase is PLUS_MINUS:
            return "choose a card another player played this turn for the +-2"
        return "pick one card from the trick"

    def all_cards(self) -> list[str]:
        mask = self.out
        for hand in self.hands:
            mask |= hand
        for pile in self.won:
            mask |= pile
        cards = texts(mask)
        cards.extend(TEXT[c] for c in self.trick if c >= 0)
        return cards

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))  # blank: no ``__init__`` (compiled, the blank one)
        if not COMPILED:
            twin.__dict__ = self.__dict__.copy()  # every field: the copied ones are copied below
        else:  # a compiled class has no ``__dict__``
            # generated: shared fields (python -m tricktable.engine.fields)
            twin.seed = self.seed
            twin.game = self.game
            twin.players = self.players
            twin.setup = self.setup
            twin.out = self.out
            twin.leader = self.leader
            twin.lead = self.lead
            twin.follow = self.follow
            twin.b16 = self.b16
            twin.phase = self.phase
            twin.actor = self.actor
            twin.round_no = self.round_no
            twin.offers = self.offers
            twin.choice = self.choice
            twin.challenger = self.challenger
            twin.challenged = self.challenged
            twin.success = self.success
            twin.letter = self.letter
            twin.source = self.source
            twin.dest = self.dest
            twin.move_colour = self.move_colour
            twin.moved = self.moved
            twin.picker = self.picker
            twin.taker = self.taker
            twin.previous = self.previous
            twin.score_cache = self.score_cache
            # end generated: shared fields
        self._copy_base(twin)  # the engine's own fields (rng, history and events shared, no legal cache)
        # generated: copied fields (python -m tricktable.engine.fields)
        twin.hands = self.hands.copy()
        twin.won = self.won.copy()
        twin.known = self.known.copy()
        twin.void = self.void.copy()
        twin.trick = self.trick.copy()
        twin.delta = self.delta.copy()
        # end generated: copied fields
        return twin

    # --- small facts ---------------------------------------------------------------------------

    def seat_at(self, position: int) -> int:
        return (self.leader + position) % self.players

    def challenged_seat(self) -> int:
        return self.seat_at(len(self.trick) - 1)

    def follow_mask(self) -> Mask:
        """The cards that follow now (effects: May-follow, and R11)."""
        return self.follow

    def follows(self, card: Card) -> bool:
        return bool(self.follow >> card & 1)

    def effective(self, position: int) -> int:
        """The number that counts in this turn's taking: printed number plus any +-2 changes."""
        return number(self.trick[position]) + self.delta[position]

    # --- TRICK: a seat plays a card --------------------------------------------------------------

    def _legal_trick(self, player: int) -> list[Action]:
        return select(TABLE.play, self.hands[player])

    def _apply_trick(self, action: Move, player: int) -> None:
        card = action.card
        self.hands[player] &= ~(1 << card)
        self.known[player] &= ~(1 << card)
        self.trick.append(card)
        self.delta.append(0)
        position = len(self.trick) - 1
        if not position:
            self.lead = effects.lead_colour(card)
            self.follow = effects.follow_mask(self.lead, self.setup.wild)
        self.log("play", seat=player, card=TEXT[card], position=position)
        # ``position and``: the leader's card cannot be challenged, nor need its follow mask be built
        if (position and self.setup.options.challenge == "on"
                and effects.may_be_challenged(position, card, self.follow)):
            self._open_window(player)
        else:
            self._resolve_effect()

    # --- the challenge (effects: The challenge) ----------------------------------------------------

    def _open_window(self, seat: int) -> None:
        """Offer a challenge on ``seat``'s card to each other seat (option ``challenge_order``): in turn from
        the challenged player's left or from the turn player, or to all at once (``together``)."""
        order = self.setup.options.challenge_order
        offers = effects.offer_order(self.players, seat, self.leader, order)
        if order == "together":
            self.choice = HiddenChoice.open(self.players, offers)
        else:
            self.offers = offers
        self.phase = CHALLENGE_WINDOW
        self.actor = offers[0]

    def _legal_challenge_window(self, player: int) -> list[Action]:
        return [TABLE.challenge, TABLE.pass_]

    def _apply_challenge_window(self, action: Move, player: int) -> None:
        if self.choice.waiting:
            self._answer_together(action, player)
        elif action is TABLE.pass_:
            self.log("pass", seat=player)
            self.offers = tuple(p for p in self.offers if p != player)
            if self.offers:
                self.actor = self.offers[0]
            else:
                self._resolve_effect()
        else:
            self._challenge(player)

    def _answer_together(self, action: Move, player: int) -> None:
        """A hidden answer (option ``challenge_order=together``, the seed's simultaneous declarations).

        Once every offered seat has answered, the answers are shown; of several challengers the one nearest
        the challenged player's left takes it (``effects.nearest_claimant``).
        """
        choice = self.choice = self.choice.choose(player, 1 if action is TABLE.challenge else 0)
        if not choice.is_complete:
            return
        self.choice = CLOSED
        n = self.players
        seat = self.challenged_seat()
        claims = [p for p, pick in enumerate(choice.picks) if pick == 1]
        nearest = effects.nearest_claimant(n, seat, claims)
        for p in ((seat + i) % n for i in range(1, n)):
            if p not in claims:
                self.log("pass", seat=p)
        if not nearest:
            self._resolve_effect()
            return
        if len(nearest) > 1:
            self.log("claims", seats=nearest, seat=nearest[0])
        self._challenge(nearest[0])

    def _challenge(self, challenger: int) -> None:
        """``challenger`` challenges the card just played; the engine answers truthfully."""
        self.challenger = challenger
        seat = self.challenged = self.challenged_seat()
        card = self.trick[-1]
        self.offers = ()
        follow = self.follow
        self.success = effects.challenge_succeeds(self.hands[seat], follow)
        self.log("challenge", seat=challenger, challenged=seat, card=TEXT[card], success=self.success)
        if self.success:
            self.hands[seat] |= 1 << card  # withdrawn: its effect never triggers
            self.known[seat] |= 1 << card
            self.trick[-1] = -1
            self.phase = MUST_FOLLOW
            self.actor = seat
        else:
            self.void[seat] |= follow  # public: they held nothing that follows
            self.phase = PENALTY
            self.actor = effects.penalty_chooser(False, challenger, seat)

    def _legal_must_follow(self, player: int) -> list[Action]:
        return select(TABLE.play, self.hands[player] & self.follow)

    def _apply_must_follow(self, action: Move, player: int) -> None:
        card = action.card
        self.hands[player] &= ~(1 << card)
        self.known[player] &= ~(1 << card)
        self.trick[-1] = card
        self.log("replay", seat=player, card=TEXT[card], position=len(self.trick) - 1)
        self.phase = PENALTY
        self.actor = effects.penalty_chooser(True, self.challenger, player)

    def _legal_penalty(self, player: int) -> list[Action]:
        return list(PENALTIES[self.success])

    def _apply_penalty(self, action: Move, player: int) -> None:
        letter = self.letter = action.letter
        self.source, self.dest = effects.parties(letter, self.challenger, self.challenged)
        self.log("option", seat=player, option=letter, giver=self.source, receiver=self.dest)
        if not self.won[self.source]:
            self._end_transfer(player)  # nothing to move: zero cards
        else:
            self.phase = TRANSFER_COLOUR

    def _legal_transfer_colour(self, player: int) -> list[Action]:
        return [*TABLE.colour, TABLE.done]  # done: move nothing (rules FAQ: zero cards is allowed)

    def _apply_transfer_colour(self, action: Move, player: int) -> None:
        if action is TABLE.done:
            self._end_transfer(player)
            return
        self.move_colour = COLOURS.index(action.letter)
        self.moved = 0
        self.log("colour", seat=player, colour=action.letter)
        if self.won[self.source] & COLOUR_MASKS[self.move_colour]:
            self.phase = TRANSFER_CARDS
        else:
            self._end_transfer(player)

    def _legal_transfer_cards(self, player: int) -> list[Action]:
        legal: list[Action] = select(TABLE.pick, self.won[self.source] & COLOUR_MASKS[self.move_colour])
        legal.append(TABLE.done)
        return legal

    def _apply_transfer_cards(self, action: Move, player: int) -> None:
        if action is TABLE.done:
            self._end_transfer(player)
            return
        bit = 1 << action.card
        self.won[self.source] &= ~bit
        self.won[self.dest] |= bit
        self.moved += 1
        self.log("move", seat=player, card=TEXT[action.card], giver=self.source, receiver=self.dest)
        if self.moved >= effects.MAX_MOVED or not self.won[self.source] & COLOUR_MASKS[self.move_colour]:
            self._end_transfer(player)

    def _end_transfer(self, player: int) -> None:
        self.log("moved", seat=player, count=self.moved)
        self._resolve_effect()

    # --- play effects (effects: B16, and the +-2 cards) ------------------------------------------

    def _resolve_effect(self) -> None:
        """The last card's play effect, once its challenge window has closed (rules [D])."""
        position = len(self.trick) - 1
        card = self.trick[position]
        effect = self.setup.effects.get(card)
        if effect is not None:
            seat = self.seat_at(position)
            if effect.kind == REVERSE:
                self.b16 = True
                self.log("effect", seat=seat, card=TEXT[card], effect=REVERSE)
            elif effects.changes_number(effect):
                if not effects.plus_minus_targets(self.trick):
                    # rules FAQ: a +-2 card played first does nothing
                    self.log("effect", seat=seat, card=TEXT[card], effect="nothing")
                else:
                    self.phase = PLUS_MINUS
                    self.actor = seat
                    return
        self._next_play()

    def _legal_plus_minus(self, player: int) -> list[Action]:
        target = TABLE.target
        return [target[c] for c in effects.plus_minus_targets(self.trick)]

    def _apply_plus_minus(self, action: Move, player: int) -> None:
        card = self.trick[-1]
        effect = self.setup.effects[card]
        position = self.trick.index(action.card)
        self.delta[position] += effect.amount
        self.log("effect", seat=player, card=TEXT[card], effect=effect.kind, target=TEXT[action.card],
                 number=self.effective(position))
        self._next_play()

    # --- TRICK_END: taking (effects: Taking, and B16's reversal) ---------------------------------------

    def _next_play(self) -> None:
        self.offers = ()
        self.challenger = self.challenged = NOBODY
        self.letter = ""
        self.move_colour = -1
        self.moved = 0
        trick = self.trick
        if len(trick) < self.players:
            self.phase = TRICK
            self.actor = self.seat_at(len(trick))
            return
        options = self.setup.options
        numbers = [number(c) + d for c, d in zip(trick, self.delta, strict=True)]
        pick, take = effects.taking(numbers, reverse=self.b16 and options.b16 == "reverse",
                                    by_role=options.b16_ties == "roles")
        self.picker, self.taker = self.seat_at(pick), self.seat_at(take)
        self.phase = TRICK_END
        self.actor = self.picker

    def _legal_trick_end(self, player: int) -> list[Action]:
        take = TABLE.take
        return [take[c] for c in self.trick]

    def _apply_trick_end(self, action: Move, player: int) -> None:
        card = action.card
        rest = [c for c in self.trick if c != card]
        self.won[self.picker] |= 1 << card
        for c in rest:
            self.won[self.taker] |= 1 << c
        leader = effects.next_leader(self.picker, self.taker,
                                     highest_leads=self.b16 and self.setup.options.b16 == "lead")
        self.previous = {"leader": self.leader, "cards": [TEXT[c] for c in self.trick],
                         "numbers": [self.effective(i) for i in range(len(self.trick))],
                         "picker": self.picker, "picked": TEXT[card], "taker": self.taker}
        self.log("take", seat=self.picker, card=TEXT[card], taker=self.taker, rest=[TEXT[c] for c in rest],
                 leader=leader)
        self.leader = leader
        self._clear_turn()
        if not self.hands[leader]:
            self.phase = OVER
            self.log("game_over", scores=self.scores(), winners=self.winners())
            return
        self.round_no += 1
        self.phase = TRICK
        self.actor = leader
        self.log("turn", turn=self.round_no, leader=leader)


# the options open after a challenge that succeeded (True) or failed (False): effects.penalty_letters
PENALTIES: dict[bool, tuple[Action, ...]] = {
    success: tuple(TABLE.option[x] for x in effects.penalty_letters(success)) for success in (True, False)}

Legal = Callable[[MasqueradeRules, int], list[Action]]
Apply = Callable[[MasqueradeRules, Move, int], None]

# rules: the phases of a turn as a table, PHASES[phase] = (legal actions, apply); keyed by Phase members
# (typed by int: ``phase_tables`` takes any int keys, and a Mapping's key type does not widen)
PHASES: dict[int, tuple[Legal, Apply]] = {
    Phase.TRICK: (MasqueradeRules._legal_trick, MasqueradeRules._apply_trick),
    Phase.CHALLENGE_WINDOW: (MasqueradeRules._legal_challenge_window, MasqueradeRules._apply_challenge_window),
    Phase.MUST_FOLLOW: (MasqueradeRules._legal_must_follow, MasqueradeRules._apply_must_follow),
    Phase.PENALTY: (MasqueradeRules._legal_penalty, MasqueradeRules._apply_penalty),
    Phase.TRANSFER_COLOUR: (MasqueradeRules._legal_transfer_colour, MasqueradeRules._apply_transfer_colour),
    Phase.TRANSFER_CARDS: (MasqueradeRules._legal_transfer_cards, MasqueradeRules._apply_transfer_cards),
    Phase.PLUS_MINUS: (MasqueradeRules._legal_plus_minus, MasqueradeRules._apply_plus_minus),
    Phase.TRICK_END: (MasqueradeRules._legal_trick_end, MasqueradeRules._apply_trick_end),
}
# indexed by phase, for speed; OVER is left out: nobody acts then
_TABLES = phase_tables(PHASES)
LEGAL: Final = _TABLES[0]
APPLY: Final = _TABLES[1]
# whether this build compiled ``MasqueradeRules`` (``make compiled``): a compiled class lists its own fields
# there, and keeps them out of ``__dict__``, so ``clone`` copies them one by one
COMPILED: Final = hasattr(MasqueradeRules, "__mypyc_attrs__")
