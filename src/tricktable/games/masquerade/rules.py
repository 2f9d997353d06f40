"""Gundam Masquerade's rules: the State, its phases as a table, and the observation.

A turn (rules: A turn) runs PLAY for each seat clockwise from the turn player. After a non-leader card
that does not follow, CHALLENGE offers each other seat a challenge in turn; the engine answers truthfully.
Success: REPLAY (a following card), then the challenger's OPTION A/B; failure: the challenged player's
OPTION C/D; either way COLOUR then PICK moves 0-3 won cards. Then the card's play effect resolves
(TARGET for a +-2 card), the next seat plays, and after the last card TAKE: the lowest picks one card,
the highest takes the rest, and the lowest leads next. The game is OVER when the hands are empty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

from tricktable.engine import Action, Observation, Rng, State
from tricktable.games.masquerade import scoring
from tricktable.games.masquerade.actions import TABLE, Move
from tricktable.games.masquerade.cards import (
    COLOUR_MASKS,
    COLOUR_NAMES,
    COLOURS,
    DECK,
    FULL,
    MINUS,
    PLUS,
    REVERSE,
    TEXT,
    WILD,
    Card,
    Mask,
    colour,
    make,
    number,
    texts,
)

if TYPE_CHECKING:
    from tricktable.games.masquerade.game import Masquerade

R11: Card = make("R", 11)
NOBODY = -1


class Phase:
    """The phases, as plain ints (an IntEnum's Python-level hash slowed the phase table down)."""

    PLAY = 0
    CHALLENGE = 1
    REPLAY = 2
    OPTION = 3
    COLOUR = 4
    PICK = 5
    TARGET = 6
    TAKE = 7
    OVER = 8


PLAY, CHALLENGE, REPLAY, OPTION, COLOUR, PICK, TARGET, TAKE, OVER = range(9)
PHASE_NAMES = ("play", "challenge", "replay", "option", "colour", "pick", "target", "take", "over")
MAX_MOVED = 3  # rules: Challenge, "0-3 cards of one colour"


def _each(actions: tuple[Move, ...], mask: Mask) -> list[Action]:
    """``actions[c]`` for each card ``c`` of ``mask``, lowest first (the hot path of every legal list)."""
    out: list[Action] = []
    while mask:
        low = mask & -mask
        out.append(actions[low.bit_length() - 1])
        mask ^= low
    return out


class MasqueradeState(State):
    """One game of Gundam Masquerade. Hands and won piles are bitmasks over card ints (see ``cards``)."""

    game: Masquerade
    hands: list[Mask]
    won: list[Mask]
    out: Mask             # undealt cards: out of the game, unseen
    known: list[Mask]     # withdrawn cards known to be back in that hand until played
    void: list[Mask]      # cards a failed challenge proved absent from that hand
    leader: int
    trick: list[Card]     # by position from the leader; -1 while a withdrawn card awaits its re-play
    delta: list[int]      # +-2 changes per position, for this turn's taking only
    lead: int             # lead colour, -1 before the lead
    b16: bool             # B16's effect is in force this turn
    phase: int            # one of the Phase numbers
    actor: int
    turn: int
    offers: tuple[int, ...]  # seats still to answer the challenge window, nearest first
    together: bool        # challenge_order=together: the offered seats answer at once, hidden
    claims: tuple[int, ...]  # together: the seats that answered "challenge" so far (hidden until all answer)
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

    def __init__(self, game: Masquerade, seed: int) -> None:
        super().__init__(game, seed)
        n = game.players
        if game.fixed_deal is not None:
            self.hands = list(game.fixed_deal)
        else:
            deck = list(range(DECK))
            self.rng.shuffle(deck)
            size = game.hand_size
            self.hands = [sum(1 << c for c in deck[p * size:(p + 1) * size]) for p in range(n)]
        dealt = 0
        for hand in self.hands:
            dealt |= hand
        self.out = FULL & ~dealt
        self.won = [0] * n
        self.known = [0] * n
        self.void = [0] * n
        first = game.options.first_player
        self.leader = first if first >= 0 else self.rng.below(n)
        self.turn = 1
        self.previous = None
        self._clear_turn()
        self.phase = PLAY
        self.actor = self.leader
        self.log("deal", hand_sizes=[h.bit_count() for h in self.hands], out=self.out.bit_count(),
                 leader=self.leader)
        self.log("turn", turn=self.turn, leader=self.leader)

    def _clear_turn(self) -> None:
        self.trick = []
        self.delta = []
        self.lead = -1
        self.b16 = False
        self.offers = ()
        self.together = False
        self.claims = ()
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
        if self.together:
            return self.offers
        return () if self.phase == OVER else (self.actor,)

    @property
    def round(self) -> int:
        return self.turn

    def _legal(self, player: int) -> list[Action]:
        if self.together:
            return self._legal_challenge() if player in self.offers else []
        if player != self.actor or self.phase == OVER:
            return []
        return LEGAL[self.phase](self)

    def _step(self, action: Action, player: int) -> None:
        assert isinstance(action, Move)
        if self.together:
            self._answer_together(action, player)
            return
        STEP[self.phase](self, action)

    def _why_not(self, player: int) -> dict[str, dict[str, Any]]:
        from tricktable.games.masquerade.text import why_not_reasons

        return why_not_reasons(self, player)

    def result(self) -> dict[str, Any] | None:
        from tricktable.games.masquerade.result import result

        return result(self) if self.phase == OVER else None

    def _why_illegal(self, action: Action, player: int) -> str:
        phase = self.phase
        card = action.card if isinstance(action, Move) else -1
        if phase in (PLAY, REPLAY) and card >= 0 and not self.hands[player] >> card & 1:
            return f"{TEXT[card]} is not in your hand"
        if phase == PLAY:
            return "it is time to play a card from your hand"
        if phase == REPLAY:
            return f"the challenge succeeded: re-play a card that follows {COLOUR_NAMES[self.lead]}"
        if phase == CHALLENGE:
            return f"challenge or pass on seat {self.challenged_seat()}'s {TEXT[self.trick[-1]]}"
        if phase == OPTION:
            return "choose option A or B" if self.success else "choose option C or D"
        if phase == COLOUR:
            return "name the colour whose won cards move (R, K, B or G), or done to move none"
        if phase == PICK:
            return f"pick a {COLOUR_NAMES[self.move_colour]} card of seat {self.source}'s won cards, or done"
        if phase == TARGET:
            return "choose a card another player played this turn for the +-2"
        return "pick one card from the trick"

    # (won piles, their scores) of the last ``scores`` call: every observation asks, piles change once a turn
    _scored: tuple[tuple[Mask, ...], tuple[float, ...]] = ((), ())

    def scores(self) -> list[float]:
        piles = tuple(self.won)
        if self._scored[0] != piles:
            bonuses = self.game.bonuses
            self._scored = (piles, tuple(float(scoring.score(w, bonuses)) for w in piles))
        return list(self._scored[1])

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        scores = self.scores()
        if self.game.options.tiebreak == "strict":
            keys: list[tuple[float, ...]] = [(s, -scoring.bursts(w), scoring.face_cards(w))
                                             for s, w in zip(scores, self.won, strict=True)]
        else:
            keys = [(s,) for s in scores]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def ranking(self) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
        """The order of finish for statistics (``sim.balance``): the names of its levels (points, then each
        tie-break of option ``tiebreak``) and each seat's key, higher is better, as ``winners`` ranks."""
        scores = self.scores()
        if self.game.options.tiebreak != "strict":
            return ("points",), [(s,) for s in scores]
        keys: list[tuple[float, ...]] = [(s, -float(scoring.bursts(w)), float(scoring.face_cards(w)))
                                         for s, w in zip(scores, self.won, strict=True)]
        return ("points", "fewer burst colours", "more face-value cards"), keys

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
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__ = self.__dict__.copy()  # ints, tuples and the shared game; lists copied below
        self._copy_base(twin)  # the engine's own fields (rng, history, events, no legal cache)
        twin.hands = self.hands.copy()
        twin.won = self.won.copy()
        twin.known = self.known.copy()
        twin.void = self.void.copy()
        twin.trick = self.trick.copy()
        twin.delta = self.delta.copy()
        return twin

    def resample(self, player: int, rng: Rng) -> Self:
        from tricktable.games.masquerade.resample import resample

        return resample(self, player, rng)

    # --- small facts ---------------------------------------------------------------------------

    def seat_at(self, position: int) -> int:
        return (self.leader + position) % self.game.players

    def challenged_seat(self) -> int:
        return self.seat_at(len(self.trick) - 1)

    def follow_mask(self) -> Mask:
        """The cards that follow now: the lead colour, and R11 when its effect is in play (rules: R11)."""
        mask = COLOUR_MASKS[self.lead]
        if R11 in self.game.effects:
            mask |= 1 << R11
        return mask

    def follows(self, card: Card) -> bool:
        return bool(self.follow_mask() >> card & 1)

    def effective(self, position: int) -> int:
        """The number that counts in this turn's taking: printed number plus any +-2 changes."""
        return number(self.trick[position]) + self.delta[position]

    # --- PLAY ----------------------------------------------------------------------------------

    def _legal_play(self) -> list[Action]:
        return _each(TABLE.play, self.hands[self.actor])

    def _step_play(self, action: Move) -> None:
        card, seat = action.card, self.actor
        self.hands[seat] &= ~(1 << card)
        self.known[seat] &= ~(1 << card)
        self.trick.append(card)
        self.delta.append(0)
        if len(self.trick) == 1:
            self.lead = colour(card)  # rules FAQ: a led R11 makes red, and only red, the lead colour
        self.log("play", seat=seat, card=TEXT[card], position=len(self.trick) - 1)
        position = len(self.trick) - 1
        if position and self.game.options.challenge == "on" and not self.follows(card):
            self._open_window(seat)
        else:
            self._resolve_effect()

    # --- CHALLENGE -----------------------------------------------------------------------------

    def _open_window(self, seat: int) -> None:
        """Offer a challenge on ``seat``'s card to each other seat (option ``challenge_order``): in turn from
        the challenged player's left or from the turn player, or to all at once (``together``)."""
        n = self.game.players
        order = self.game.options.challenge_order
        start = self.leader - 1 if order == "leader" else seat
        self.offers = tuple(p for p in ((start + i) % n for i in range(1, n + 1)) if p != seat)
        self.together = order == "together"
        self.claims = ()
        self.phase = CHALLENGE
        self.actor = self.offers[0]

    def _legal_challenge(self) -> list[Action]:
        return [TABLE.challenge, TABLE.pass_]

    def _step_challenge(self, action: Move) -> None:
        if action is TABLE.pass_:
            self.log("pass", seat=self.actor)
            self.offers = tuple(p for p in self.offers if p != self.actor)
            if self.offers:
                self.actor = self.offers[0]
            else:
                self._resolve_effect()
            return
        self.challenger = self.actor
        seat = self.challenged = self.challenged_seat()
        card = self.trick[-1]
        self.offers = ()
        follow = self.follow_mask()
        # rules: the engine answers for the challenged player, truthfully
        self.success = bool(self.hands[seat] & follow)
        self.log("challenge", seat=self.challenger, challenged=seat, card=TEXT[card], success=self.success)
        if self.success:
            self.hands[seat] |= 1 << card
            self.known[seat] |= 1 << card
            self.trick[-1] = -1
            self.phase = REPLAY
            self.actor = seat
        else:
            self.void[seat] |= follow  # public: they held nothing that follows
            self.phase = OPTION
            self.actor = seat

    def _answer_together(self, action: Action, player: int) -> None:
        """A hidden answer (option ``challenge_order=together``, the seed's simultaneous declarations).

        Once every offered seat has answered, the answers are shown; of several challengers the one nearest
        the challenged player's left takes it (the seed: "first to speak"; we cannot hear who spoke first).
        """
        if action is TABLE.challenge:
            self.claims = (*self.claims, player)
        self.offers = tuple(p for p in self.offers if p != player)
        if self.offers:
            return
        self.together = False
        n = self.game.players
        seat = self.challenged_seat()
        nearest = [p for p in ((seat + i) % n for i in range(1, n)) if p in self.claims]
        for p in ((seat + i) % n for i in range(1, n)):
            if p not in self.claims:
                self.log("pass", seat=p)
        self.claims = ()
        if not nearest:
            self._resolve_effect()
            return
        self.actor = nearest[0]
        if len(nearest) > 1:
            self.log("claims", seats=nearest, seat=nearest[0])
        self._step_challenge(TABLE.challenge)

    def _legal_replay(self) -> list[Action]:
        return _each(TABLE.play, self.hands[self.actor] & self.follow_mask())

    def _step_replay(self, action: Move) -> None:
        card, seat = action.card, self.actor
        self.hands[seat] &= ~(1 << card)
        self.known[seat] &= ~(1 << card)
        self.trick[-1] = card
        self.log("replay", seat=seat, card=TEXT[card], position=len(self.trick) - 1)
        self.phase = OPTION
        self.actor = self.challenger

    def _legal_option(self) -> list[Action]:
        o = TABLE.option
        return [o["A"], o["B"]] if self.success else [o["C"], o["D"]]

    def _step_option(self, action: Move) -> None:
        letter = self.letter = action.letter
        challenger, challenged = self.challenger, self.challenged
        # A: challenger gives; B: challenger takes; C: challenged gives; D: challenged takes
        self.source, self.dest = {"A": (challenger, challenged), "B": (challenged, challenger),
                                  "C": (challenged, challenger), "D": (challenger, challenged)}[letter]
        self.log("option", seat=self.actor, option=letter, giver=self.source, receiver=self.dest)
        if not self.won[self.source]:
            self._end_transfer()  # nothing to move: zero cards
        else:
            self.phase = COLOUR

    def _legal_colour(self) -> list[Action]:
        return [*TABLE.colour, TABLE.done]  # done: move nothing (rules FAQ: zero cards is allowed)

    def _step_colour(self, action: Move) -> None:
        if action is TABLE.done:
            self._end_transfer()
            return
        self.move_colour = COLOURS.index(action.letter)
        self.moved = 0
        self.log("colour", seat=self.actor, colour=action.letter)
        if self.won[self.source] & COLOUR_MASKS[self.move_colour]:
            self.phase = PICK
        else:
            self._end_transfer()

    def _legal_pick(self) -> list[Action]:
        legal = _each(TABLE.pick, self.won[self.source] & COLOUR_MASKS[self.move_colour])
        legal.append(TABLE.done)
        return legal

    def _step_pick(self, action: Move) -> None:
        if action is TABLE.done:
            self._end_transfer()
            return
        bit = 1 << action.card
        self.won[self.source] &= ~bit
        self.won[self.dest] |= bit
        self.moved += 1
        self.log("move", seat=self.actor, card=TEXT[action.card], giver=self.source, receiver=self.dest)
        if self.moved >= MAX_MOVED or not self.won[self.source] & COLOUR_MASKS[self.move_colour]:
            self._end_transfer()

    def _end_transfer(self) -> None:
        self.log("moved", seat=self.actor, count=self.moved)
        self._resolve_effect()

    # --- effects -------------------------------------------------------------------------------

    def _resolve_effect(self) -> None:
        """The last card's play effect, once its challenge window has closed (rules [D])."""
        position = len(self.trick) - 1
        card = self.trick[position]
        effect = self.game.effects.get(card)
        seat = self.seat_at(position)
        if effect is not None and effect.kind != WILD:
            if effect.kind == REVERSE:
                self.b16 = True
                self.log("effect", seat=seat, card=TEXT[card], effect=REVERSE)
            elif position == 0:
                # rules FAQ: a +-2 card played first does nothing
                self.log("effect", seat=seat, card=TEXT[card], effect="nothing")
            else:
                self.phase = TARGET
                self.actor = seat
                return
        self._next_play()

    def _legal_target(self) -> list[Action]:
        target = TABLE.target
        return [target[c] for c in self.trick[:-1]]

    def _step_target(self, action: Move) -> None:
        card = self.trick[-1]
        effect = self.game.effects[card]
        position = self.trick.index(action.card)
        self.delta[position] += effect.amount
        self.log("effect", seat=self.actor, card=TEXT[card], effect=MINUS if effect.amount < 0 else PLUS,
                 target=TEXT[action.card], number=self.effective(position))
        self._next_play()

    # --- TAKE ----------------------------------------------------------------------------------

    def _next_play(self) -> None:
        self.offers = ()
        self.challenger = self.challenged = NOBODY
        self.letter = ""
        self.move_colour = -1
        self.moved = 0
        if len(self.trick) < self.game.players:
            self.phase = PLAY
            self.actor = self.seat_at(len(self.trick))
            return
        positions = range(len(self.trick))
        eff = [self.effective(i) for i in positions]
        if self.b16 and self.game.options.b16 == "reverse":
            # rules B16: the highest picks and leads, the lowest takes the rest; ties (option b16_ties) as
            # in Taking (the later of tied players is the highest, the earlier the lowest) or by role
            later = 1 if self.game.options.b16_ties == "taking" else -1
            pick = max(positions, key=lambda i: (eff[i], later * i))
            take = min(positions, key=lambda i: (eff[i], later * i))
        else:
            # rules: Taking; lowest ties go to the earlier player, highest ties to the later one
            pick = min(positions, key=lambda i: (eff[i], i))
            take = max(positions, key=lambda i: (eff[i], i))
        self.picker, self.taker = self.seat_at(pick), self.seat_at(take)
        self.phase = TAKE
        self.actor = self.picker

    def _legal_take(self) -> list[Action]:
        take = TABLE.take
        return [take[c] for c in self.trick]

    def _step_take(self, action: Move) -> None:
        card = action.card
        rest = [c for c in self.trick if c != card]
        self.won[self.picker] |= 1 << card
        for c in rest:
            self.won[self.taker] |= 1 << c
        # rules: the lowest leads next; B16 (either option) makes the highest lead next
        leader = self.taker if self.b16 and self.game.options.b16 == "lead" else self.picker
        self.previous = {"leader": self.leader, "cards": [TEXT[c] for c in self.trick],
                         "numbers": [self.effective(i) for i in range(len(self.trick))],
                         "picker": self.picker, "picked": TEXT[card], "taker": self.taker}
        self.log("take", seat=self.picker, card=TEXT[card], taker=self.taker, rest=[TEXT[c] for c in rest],
                 leader=leader)
        self.leader = leader
        self._clear_turn()
        if not self.hands[leader]:
            self.phase = OVER
            self.log("end", scores=self.scores(), winners=self.winners())
            return
        self.turn += 1
        self.phase = PLAY
        self.actor = leader
        self.log("turn", turn=self.turn, leader=leader)

    # --- observation ---------------------------------------------------------------------------

    def _observe(self, player: int | None) -> Observation:
        n = self.game.players
        trick = []
        for i, card in enumerate(self.trick):
            if card >= 0:
                trick.append({"seat": self.seat_at(i), "card": TEXT[card], "number": self.effective(i),
                              "follows": i == 0 or self.follows(card)})
        challenge = None
        if self.challenger != NOBODY or self.phase == CHALLENGE:
            challenge = {"challenged": self.challenged_seat() if self.challenged == NOBODY else self.challenged,
                         "challenger": None if self.challenger == NOBODY else self.challenger,
                         "success": None if self.challenger == NOBODY else self.success,
                         "option": self.letter or None, "giver": None if not self.letter else self.source,
                         "receiver": None if not self.letter else self.dest,
                         "colour": COLOURS[self.move_colour] if self.move_colour >= 0 else None,
                         "moved": self.moved}
        void = [[COLOURS[c] for c in range(4) if self.void[p] & COLOUR_MASKS[c] == COLOUR_MASKS[c]]
                for p in range(n)]
        table = {
            "turn_player": self.leader,
            "lead_colour": COLOURS[self.lead] if self.lead >= 0 else None,
            "won": [texts(w) for w in self.won],
            "known_in_hand": [texts(k) for k in self.known],
            "void": void,
            "out_of_game": self.out.bit_count(),
            "b16": self.b16,
            "challenge": challenge,
            "taking": None if self.picker == NOBODY else {"picker": self.picker, "taker": self.taker},
            "previous": None if self.previous is None else {k: (list(v) if isinstance(v, list) else v)
                                                            for k, v in self.previous.items()},
            "options": {"specials": self.game.options.specials, "challenge": self.game.options.challenge,
                        "b16": self.game.options.b16},
        }
        return {
            "phase": PHASE_NAMES[self.phase],
            "hand": texts(self.hands[player]) if player is not None else [],
            "hand_sizes": [h.bit_count() for h in self.hands],
            "trick": trick,
            "leader": self.leader,
            "table": table,
        }


# rules: the phases of a turn as a table, PHASES[phase] = (legal actions, step)
PHASES: dict[int, tuple[Callable[[MasqueradeState], list[Action]], Callable[[MasqueradeState, Move], None]]] = {
    PLAY: (MasqueradeState._legal_play, MasqueradeState._step_play),
    CHALLENGE: (MasqueradeState._legal_challenge, MasqueradeState._step_challenge),
    REPLAY: (MasqueradeState._legal_replay, MasqueradeState._step_replay),
    OPTION: (MasqueradeState._legal_option, MasqueradeState._step_option),
    COLOUR: (MasqueradeState._legal_colour, MasqueradeState._step_colour),
    PICK: (MasqueradeState._legal_pick, MasqueradeState._step_pick),
    TARGET: (MasqueradeState._legal_target, MasqueradeState._step_target),
    TAKE: (MasqueradeState._legal_take, MasqueradeState._step_take),
}
LEGAL = tuple(PHASES[p][0] for p in range(OVER))  # indexed by phase, for speed
STEP = tuple(PHASES[p][1] for p in range(OVER))
