"""The rules of Trickster: a game in progress (``TricksterRules``) and the pure rules it plays by.

The phase flow (``PHASES``, one ``_legal_<phase>``/``_apply_<phase>`` pair each), in the order of this file:

1. ``DRAFTING`` (``deck=draft`` only): from the first Leader [D option draft_start], clockwise, each player
   takes one of the 14 heroes until 7 are chosen; then the round is dealt.
2. The deal: 6 cards face up to the Trash, hands by player count, the rest the deck.
3. ``OPENING``: every player secretly and simultaneously puts one hand card in their tableau.
4. ``TRICK``: the Leader plays, then the Trickster (with the token, the Leader again), whose card sets the
   pattern (``pattern_of``); each Follower must play a fitting card (``fitting``) or busts. Every card
   played triggers its hero: ``EFFECT`` holds the choices the effect asks for (effects.py, one section a
   hero), then the trick goes on. The buster takes the Pot (this trick) and leads the next trick.
5. The round ends after a trick in which a hand emptied: hands go to the tableaus and are scored
   (``round_points``); the next round is dealt, or after the last the game is ``OVER``.

Zones (cards are ints, see cards.py): ``hands``, ``tableaus`` (per seat), ``trash``, ``deck`` (the top is
the END of the list) and ``trick`` (the Pot: this trick's cards in the order placed, with ``trick_seats``,
who placed each, and ``trick_moved``, whether a Guard moved it in). What each seat knows about hidden
cards is kept here too (``know``, ``lacks``: "What each seat knows" below), for observe and resample.

A clone copies the hands and the Pot (they change at nearly every decision); every other list is
copy-on-write: replaced when it changes, never changed in place, so clones share it (``clone``).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Final, Self

from tricktable.engine import Action, Event, Game
from tricktable.engine.hidden import CLOSED, HiddenChoice, only
from tricktable.games.trickster.actions import Kind, Move, table_for
from tricktable.games.trickster.cards import (
    ALL_MASK,
    CARD_TEXT,
    CARDS,
    DECK,
    HAND_SIZES,
    HERO_MASK,
    HERO_NAMES,
    HEROES,
    RANK,
    SUIT_MASK,
    TRASH_SIZE,
    Card,
    deck_cards,
    fixed_heroes,
    in_order,
    parse_card,
)
from tricktable.games.trickster.effects import NOMAD_PASS, NONE, STEP_KIND, STEPS, Board, can, choices, choose, start
from tricktable.games.trickster.options import TricksterOptions
from tricktable.games.trickster.phases import PHASE_WORDS, Phase


class Pattern(IntEnum):
    """What a Follower's card must match, set by the Trickster's card (rules: A trick)."""

    NONE = 0  # not set yet (before the Trickster's card)
    SAME_SUIT = 1
    SAME_HERO = 2
    NO_MATCH = 3


# the pattern as observations and logs name it
PATTERN_WORDS: tuple[str | None, ...] = (None, "same suit", "same hero", "no match")

# the hot path's names (docs/architecture.md, "What the compiled build requires"): enum members compared by
# identity (``self.phase is TRICK``)
DRAFTING: Final = Phase.DRAFTING
OPENING: Final = Phase.OPENING
TRICK: Final = Phase.TRICK
EFFECT: Final = Phase.EFFECT
OVER: Final = Phase.OVER
SAME_SUIT: Final = Pattern.SAME_SUIT
SAME_HERO: Final = Pattern.SAME_HERO
PLAY: Final = Kind.PLAY
OPEN: Final = Kind.OPEN
SEAT_KIND: Final[int] = int(Kind.SEAT)  # a plain int, as ``STEP_KIND`` holds kinds

# the events of every card played, built once and shared (read-only) by every state: a search logs them at
# nearly every decision. ``PLAYED[seat][card]``, ``TRIGGERED[seat][hero]`` ("effect"), ``IDLE`` ("no_effect").
_SEATS = range(max(HAND_SIZES))  # seats 0..6: the most players a game has
PLAYED: Final = [[Event("play", {"seat": p, "card": CARD_TEXT[c]}) for c in CARDS] for p in _SEATS]
TRIGGERED: Final = [[Event("effect", {"seat": p, "hero": name}) for name in HERO_NAMES] for p in _SEATS]
IDLE: Final = [[Event("no_effect", {"seat": p, "hero": name}) for name in HERO_NAMES] for p in _SEATS]
# the same for the other events of every trick: ``TRICK_BEGINS[leader][trickster]`` ("trick"), the pattern
# set (``PATTERN_SET[pattern]``), and each seat's secret opening pick (``OPENING_PICK[seat][card]``)
TRICK_BEGINS: Final = [[Event("trick", {"leader": p, "trickster": q}) for q in _SEATS] for p in _SEATS]
PATTERN_SET: Final = [Event("pattern", {"pattern": w}) for w in PATTERN_WORDS]  # (the first, for NONE, is never logged)
OPENING_PICK: Final = [[Event("chose", {"seat": p, "card": CARD_TEXT[c], "why": "opening"}, only(p)) for c in CARDS]
                for p in _SEATS]


# --- the rules as pure functions ----------------------------------------------------------------------

def uses_token(options: TricksterOptions, players: int) -> bool:
    """rules: the Trickster token for games of 3 or fewer players (option ``token``)."""
    token = options.token
    return (token == "up_to_three" and players <= 3) or (token == "two_only" and players == 2)


def pattern_of(lead: Card, card: Card) -> Pattern:
    """The pattern the Trickster's ``card`` sets against the Leader's ``lead`` (rules: Same Suit first)."""
    if (card & 7) == (lead & 7):
        return SAME_SUIT
    if (card >> 3) == (lead >> 3):
        return SAME_HERO
    return Pattern.NO_MATCH


def fits(c: Card, pattern: Pattern, lead: Card, suits: int, heroes: int) -> bool:
    """Whether a Follower may play ``c`` (rules: A trick): the Leader's suit (Same Suit), the Leader's hero
    (Same Hero), or for No Match a suit and a hero both outside the bitmasks ``suits`` and ``heroes``
    (the cards No Match compares with: every card now in the Pot by default). It reads small ints only,
    so the hot path uses it rather than a bit of the 112-bit ``fitting_mask``, a big int to shift."""
    if pattern is SAME_SUIT:
        return (c & 7) == (lead & 7)
    if pattern is SAME_HERO:
        return (c >> 3) == (lead >> 3)
    return not ((suits >> (c & 7)) & 1 or (heroes >> (c >> 3)) & 1)


def fitting(cards: list[Card], pattern: Pattern, lead: Card, suits: int, heroes: int) -> list[Card]:
    """The ``cards`` a Follower may play (``fits``)."""
    return [c for c in cards if fits(c, pattern, lead, suits, heroes)]


def fitting_mask(pattern: Pattern, lead: Card, suits: int, heroes: int) -> int:
    """``fitting`` as a bitmask over the 112 cards: every card that would fit."""
    if pattern is SAME_SUIT:
        return SUIT_MASK[lead & 7]
    if pattern is SAME_HERO:
        return HERO_MASK[lead >> 3]
    key = suits << 16 | heroes
    found = _NO_MATCH.get(key)
    if found is None:
        found = _NO_MATCH[key] = _no_match_mask(suits, heroes)
    return found


_NO_MATCH: Final[dict[int, int]] = {}  # No Match's mask by the suits and heroes it avoids: a legal list reads it


def _no_match_mask(suits: int, heroes: int) -> int:
    avoid = 0
    for s in range(8):
        if (suits >> s) & 1:
            avoid |= SUIT_MASK[s]
    for h in range(len(HEROES)):
        if (heroes >> h) & 1:
            avoid |= HERO_MASK[h]
    return ALL_MASK & ~avoid


def suit_counts(cards: list[Card]) -> list[int]:
    """How many of ``cards`` each suit has (in tie-break order)."""
    counts = [0] * 8
    for c in cards:
        counts[c & 7] = counts[c & 7] + 1
    return counts


def exempt_seats(counts: list[list[int]]) -> list[int]:
    """For each suit, the seat alone with the most cards of it (scores none of them), or -1: a tie for most
    exempts nobody and 0 cards is never most (rules: Scoring a round). ``counts[seat][suit]``."""
    out = []
    for s in range(8):
        most, seat, tied = 0, -1, False
        for p, row in enumerate(counts):
            k = row[s]
            if k > most:
                most, seat, tied = k, p, False
            elif k == most:
                tied = True
        out.append(seat if most > 0 and not tied else -1)
    return out


def round_points(counts: list[list[int]]) -> list[int]:
    """Trouble points of one round from each player's tableau count per suit (rules: Scoring a round)."""
    points = []
    for row in counts:
        total = 0
        for k in row:
            total += k
        points.append(total)
    for s, seat in enumerate(exempt_seats(counts)):
        if seat >= 0:
            points[seat] = points[seat] - counts[seat][s]
    return points


def trouble(round_scores: list[list[int]], players: int) -> list[float]:
    """Each seat's trouble so far: the sum of its round points (lower is better)."""
    return [float(sum(r[p] for r in round_scores)) for p in range(players)]


def best_seats(keys: list[tuple[float, ...]]) -> list[int]:
    """rules: End of game: the lowest key wins (trouble, then fewer red cards, … white); equal keys share."""
    best = min(keys)
    return [p for p, key in enumerate(keys) if key == best]


# --- a game in progress -------------------------------------------------------------------------------

class TricksterRules(Board):
    """One game of Trickster in progress: its zones, its phase and the rules that move them."""

    pattern: Pattern  # (every other field is declared on ``Board``, effects.py)

    def __init__(self, game: Game[TricksterOptions] | None = None, seed: int = 0) -> None:
        if game is None:  # a blank twin for ``clone`` to fill (a compiled class's ``__new__`` runs this)
            return
        super().__init__(game, seed)
        self.options = o = game.options
        n = self.players
        self.action_table = table_for(n)
        self.token = uses_token(o, n)
        # the options the hot path reads, as booleans
        self.skip_empty = o.empty_hand == "follower_skipped"
        self.whole_pot = o.no_match == "whole_pot"
        self.phase = DRAFTING
        self.step = NONE
        self.hands = [[] for _ in range(n)]
        self.tableaus = [[] for _ in range(n)]
        self.trash = []
        self.deck = []
        self.trick = []
        self.trick_seats = []
        self.trick_moved = []
        self.played = ()
        self.check_suits = 0  # suits and heroes a No Match card must avoid (bitmasks)
        self.check_heroes = 0
        self.leader = -1
        self.order = []
        self.turn = 0  # the index in ``order`` of whoever plays next in this trick
        self.pattern = Pattern.NONE
        self.lead_card = -1
        self.round_no = 1
        self.round_leader = -1
        self.last_buster = -1
        self.first_buster = -1
        self.round_scores = []
        self.totals = (0.0,) * n  # trouble so far: ``trouble(round_scores)``, kept
        self.suit_counts = [[0] * 8 for _ in range(n)]  # tableau cards by suit, for the tie-break
        self.round_counts = []  # each round's tableau cards by seat and suit
        self.choice = CLOSED
        self.fx_player = -1
        self.fx_target = -1
        self.fx_card = -1
        self.fx_count = 0
        self.draft_pool = []
        self.drafted = ()  # heroes in the order drafted (a tuple: clones share it)
        self.drafter = -1
        self._reset_knowledge()
        self.first_leader = o.first_leader if o.first_leader is not None else self.rng.below(n)
        heroes = fixed_heroes(o.deck)
        if o.deck == "random":
            # its own stream of the seed: the cards are dealt alike whichever heroes are drawn
            heroes = tuple(sorted(self.stream("heroes").sample(range(len(HEROES)), 7)))
        if heroes is None:  # rules: draft, clockwise from the first leader [D option draft_start]
            self.heroes = ()
            self.draft_pool = list(range(len(HEROES)))
            start = 0 if o.draft_start == "first_leader" else 1
            self.drafter = (self.first_leader + start) % n
            self.log("draft", None, seat=self.drafter, heroes=list(HERO_NAMES))
        else:
            self.heroes = heroes
            self._deal(self.first_leader)
        self.actors = self._find_actors()

    # --- the State interface ---------------------------------------------------------------------------

    def _find_actors(self) -> tuple[int, ...]:
        """Who must act now; kept in ``actors`` after every step (read at every decision)."""
        phase = self.phase
        if phase is TRICK:
            return (self.order[self.turn],)
        if phase is EFFECT:
            if self.step == NOMAD_PASS:
                return self.choice.waiting
            return (self.fx_player,)
        if phase is OPENING:
            return self.choice.waiting
        if phase is DRAFTING:
            return (self.drafter,)
        return ()

    # ``_legal`` and ``_step`` (the engine's hooks, one call per decision): chains written out from ``PHASES``
    # (engine/fields.py)

    def _legal(self, player: int) -> list[Action]:
        # generated: legal chain (python -m tricktable.engine.fields)
        phase = self.phase
        if phase is EFFECT:
            return self._legal_effect(player)
        if phase is TRICK:
            return self._legal_trick(player)
        if phase is OPENING:
            return self._legal_opening(player)
        if phase is DRAFTING:
            return self._legal_drafting(player)
        return self._legal_over(player)
        # end generated: legal chain

    def _step(self, action: Action, player: int) -> None:
        assert isinstance(action, Move)
        # generated: apply chain (python -m tricktable.engine.fields)
        phase = self.phase
        if phase is EFFECT:
            self._apply_effect(action, player)
        elif phase is TRICK:
            self._apply_trick(action, player)
        elif phase is OPENING:
            self._apply_opening(action, player)
        elif phase is DRAFTING:
            self._apply_drafting(action, player)
        else:
            self._apply_over(action, player)
        # end generated: apply chain
        self.actors = self._find_actors()

    def _why_illegal(self, action: Action, player: int) -> str:
        if not isinstance(action, Move):
            return "that is not a Trickster action"
        if self.phase == TRICK and action.kind == PLAY:
            if action.value not in self.hands[player]:
                return "that card is not in their hand"
            if self.turn >= 2:
                return f"it does not fit the pattern {PATTERN_WORDS[self.pattern]}"
        if self.phase == EFFECT:
            return f"now {HERO_NAMES[STEPS[self.step].hero]} asks: {STEPS[self.step].name}"
        return f"now is the {PHASE_WORDS[self.phase]} phase"

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))  # blank: no ``__init__`` (compiled, the blank one)
        if not COMPILED:
            twin.__dict__ = self.__dict__.copy()  # every field: the copied ones are copied below
        else:  # a compiled class has no ``__dict__``
            # generated: shared fields (python -m tricktable.engine.fields)
            twin.seed = self.seed
            twin.game = self.game
            twin.players = self.players
            twin.round_no = self.round_no
            twin.options = self.options
            twin.action_table = self.action_table
            twin.token = self.token
            twin.skip_empty = self.skip_empty
            twin.whole_pot = self.whole_pot
            twin.phase = self.phase
            twin.trash = self.trash
            twin.deck = self.deck
            twin.played = self.played
            twin.check_suits = self.check_suits
            twin.check_heroes = self.check_heroes
            twin.leader = self.leader
            twin.order = self.order
            twin.turn = self.turn
            twin.lead_card = self.lead_card
            twin.round_leader = self.round_leader
            twin.last_buster = self.last_buster
            twin.first_buster = self.first_buster
            twin.round_scores = self.round_scores
            twin.totals = self.totals
            twin.suit_counts = self.suit_counts
            twin.round_counts = self.round_counts
            twin.first_leader = self.first_leader
            twin.heroes = self.heroes
            twin.draft_pool = self.draft_pool
            twin.drafted = self.drafted
            twin.drafter = self.drafter
            twin.fx_player = self.fx_player
            twin.fx_target = self.fx_target
            twin.fx_card = self.fx_card
            twin.fx_count = self.fx_count
            twin.step = self.step
            twin.choice = self.choice
            twin.actors = self.actors
            twin.pattern = self.pattern
            # end generated: shared fields
        self._copy_base(twin)  # the engine's own fields (rng, history and events shared, no legal cache)
        # the Trash, deck, scores and the draft pool are shared whole; each seat's tableau, knowledge and lacks
        # row is replaced when it changes, so only the lists holding them are copied
        # generated: copied fields (python -m tricktable.engine.fields)
        twin.hands = [row.copy() for row in self.hands]
        twin.tableaus = self.tableaus.copy()
        twin.trick = self.trick.copy()
        twin.trick_seats = self.trick_seats.copy()
        twin.trick_moved = self.trick_moved.copy()
        twin.know = self.know.copy()
        twin.lacks = self.lacks.copy()
        # end generated: copied fields
        return twin

    def all_cards(self) -> list[str]:
        """The 56 cards in use wherever they lie; during a draft (heroes not yet chosen) the 112 of the box."""
        if not self.heroes:
            return list(CARD_TEXT)
        cards = [*self.trash, *self.deck, *self.trick]
        for p in range(self.players):
            cards.extend(self.hands[p])
            cards.extend(self.tableaus[p])
        return [CARD_TEXT[c] for c in cards]

    def tiebreak_counts(self, p: int) -> list[int]:
        """The tableau cards of ``p`` by suit that the red, orange … tie-break counts [D option tiebreak_cards]."""
        if self.options.tiebreak_cards == "all_rounds":
            return self.suit_counts[p]
        return suit_counts(self.tableaus[p])

    def finish_keys(self) -> list[tuple[float, ...]]:
        """Each seat's key at the end, lower is better (``best_seats``): trouble, then cards of each suit."""
        totals = trouble(self.round_scores, self.players)
        return [(totals[p], *self.tiebreak_counts(p)) for p in range(self.players)]

    # --- the draft -------------------------------------------------------------------------------------

    def _legal_drafting(self, player: int) -> list[Action]:
        row = self.action_table.heroes
        return [row[h] for h in self.draft_pool]

    def _apply_drafting(self, action: Move, player: int) -> None:
        hero = action.value
        self.draft_pool = [h for h in self.draft_pool if h != hero]
        self.drafted += (hero,)
        self.log("drafted", None, seat=player, hero=HERO_NAMES[hero])
        if len(self.draft_pool) > len(HEROES) - 7:
            self.drafter = (self.drafter + 1) % self.players
            return
        self.heroes = tuple(h for h in range(len(HEROES)) if h not in self.draft_pool)
        self._deal(self.first_leader)

    # --- dealing and the opening card ------------------------------------------------------------------

    def _deal(self, leader: int) -> None:
        """rules: A round 1-3: shuffle the 56, 6 face up to the Trash, hands by player count, then the opening."""
        n, o = self.players, self.options
        cards = deck_cards(self.heroes)
        self.rng.shuffle(cards)
        size = HAND_SIZES[n]
        if self.round_no == 1 and (o.hands is not None or o.trash is not None or o.deck_order is not None):
            cards = self._fixed_deal(cards, size)
        self.trash = cards[:TRASH_SIZE]
        self.hands = [cards[TRASH_SIZE + p * size:TRASH_SIZE + (p + 1) * size] for p in range(n)]
        self.deck = cards[TRASH_SIZE + n * size:]
        self.tableaus = [[] for _ in range(n)]
        self.trick, self.trick_seats, self.trick_moved = [], [], []
        self.played = ()
        self.round_leader = leader
        self.last_buster = self.first_buster = -1
        self._reset_knowledge()
        self.choice = HiddenChoice.open(n)  # rules: the opening card, chosen secretly and simultaneously
        self.phase = OPENING
        self.log("deal", None, round=self.round_no, leader=leader, trash=[CARD_TEXT[c] for c in self.trash],
                 hand_sizes=[size] * n, deck_size=len(self.deck))
        for p in range(n):
            self.log("hand", only(p), seat=p, cards=[CARD_TEXT[c] for c in in_order(self.hands[p])])

    def _fixed_deal(self, shuffled: list[int], size: int) -> list[int]:
        """The deal the options fix (round 1), the rest filled from the shuffle. Deck: top = end of list."""
        o = self.options
        named = set()
        hands = [[parse_card(t) for t in h] for h in o.hands] if o.hands is not None else None
        trash = [parse_card(t) for t in o.trash] if o.trash is not None else None
        top = [parse_card(t) for t in o.deck_order] if o.deck_order is not None else []
        for group in [*(hands or []), trash or [], top]:
            named.update(group)
        rest = [c for c in shuffled if c not in named]
        if trash is None:
            trash, rest = rest[:TRASH_SIZE], rest[TRASH_SIZE:]
        if hands is None:
            hands = []
            for _ in range(self.players):
                hands.append(rest[:size])
                rest = rest[size:]
        deck = rest + top[::-1]
        return [*trash, *(c for h in hands for c in h), *deck]

    def _legal_opening(self, player: int) -> list[Action]:
        row = self.action_table.cards[OPEN]
        return [row[c] for c in in_order(self.hands[player])]

    def _apply_opening(self, action: Move, player: int) -> None:
        # rules: every player secretly and simultaneously chooses one hand card for their tableau
        self.choice = self.choice.choose(player, action.value)
        self.events.append(OPENING_PICK[player][action.value])
        if not self.choice.is_complete:
            return
        picks = self.choice.picks
        for q in range(self.players):
            c = picks[q]
            self.hands[q].remove(c)
            self.tableaus[q] = [*self.tableaus[q], c]
            self._forget_card(c)
        self.log("opening", None, cards=[CARD_TEXT[c] for c in picks])
        self.choice = CLOSED
        self._start_trick(self.round_leader)

    # --- tricks ----------------------------------------------------------------------------------------

    def _start_trick(self, leader: int) -> None:
        """rules: the Leader, the Trickster on their left, the Followers clockwise after; with the token
        the Leader plays twice (lead, then the pattern card) and everyone else follows."""
        n = self.players
        self.leader = leader
        if self.token:
            self.order = [leader, leader, *((leader + i) % n for i in range(1, n))]
        else:
            self.order = [(leader + i) % n for i in range(n)]
        self.turn = 0
        self.trick, self.trick_seats, self.trick_moved = [], [], []
        self.check_suits = self.check_heroes = 0
        self.pattern = Pattern.NONE
        self.lead_card = -1
        self.events.append(TRICK_BEGINS[leader][self.order[1]])
        self._next_turn()

    def _fitting(self, cards: list[Card]) -> list[Card]:
        """The ``cards`` that fit this trick's pattern now."""
        return fitting(cards, self.pattern, self.lead_card, self.check_suits, self.check_heroes)

    def _next_turn(self) -> None:
        """Whoever plays next, or the bust that ends the trick."""
        while self.skip_empty and 2 <= self.turn < len(self.order) and not self.hands[self.order[self.turn]]:
            self.log("skip", None, seat=self.order[self.turn])  # [D option empty_hand]
            self.turn += 1
        if self.turn >= len(self.order):
            self._bust(self.order[1], "all followed")  # rules: if every Follower played, the Trickster busts
            return
        p = self.order[self.turn]
        hand = self.hands[p]
        if not hand:
            self._bust(p, "empty hand")  # rules [D option empty_hand]: a player who must play with none busts
            return
        if self.turn >= 2:
            pattern, lead, suits, heroes = self.pattern, self.lead_card, self.check_suits, self.check_heroes
            for c in hand:
                if fits(c, pattern, lead, suits, heroes):
                    break
            else:
                self._bust(p, "cannot follow")
                return
        self.phase = TRICK

    def _legal_trick(self, player: int) -> list[Action]:
        # the hand by suit then hero (``in_order``): its ranks sorted as plain ints, then each rank's action
        row = self.action_table.by_rank[PLAY]
        if self.turn < 2:
            ranks = [RANK[c] for c in self.hands[player]]
        else:
            pattern, lead, suits, heroes = self.pattern, self.lead_card, self.check_suits, self.check_heroes
            ranks = [RANK[c] for c in self.hands[player] if fits(c, pattern, lead, suits, heroes)]
        ranks.sort()  # in place: ``sorted`` copies the list first
        return [row[r] for r in ranks]

    def _apply_trick(self, action: Move, player: int) -> None:
        c = action.value
        self.hands[player].remove(c)
        events = self.events
        events.append(PLAYED[player][c])
        self._forget_card(c)
        if self.turn == 0:
            self.lead_card = c
        elif self.turn == 1:
            # rules: the pattern is fixed when the Trickster's card is placed, against the Leader's card
            self.pattern = pattern_of(self.lead_card, c)
            events.append(PATTERN_SET[self.pattern])
        self._add_to_trick(c, player, moved=False)
        hero = c >> 3
        self.fx_player, self.fx_target, self.fx_card, self.fx_count = player, -1, -1, 0
        if can(self, hero, player):
            events.append(TRIGGERED[player][hero])
            start(self, hero, player)
        else:
            events.append(IDLE[player][hero])
        self._after_step()

    def _add_to_trick(self, c: int, p: int, *, moved: bool) -> None:
        self.trick.append(c)
        self.trick_seats.append(p)
        self.trick_moved.append(moved)
        # rules [D option no_match]: No Match avoids every card now in the Pot, or only the first two played
        if self.whole_pot or (not moved and self.turn < 2):
            self.check_suits |= 1 << (c & 7)
            self.check_heroes |= 1 << (c >> 3)

    def _after_step(self) -> None:
        if self.step != NONE:
            self.phase = EFFECT
            return
        self.turn += 1
        self._next_turn()

    def _bust(self, p: int, reason: str) -> None:
        """rules: the buster takes the whole Pot into their tableau and leads the next trick."""
        if reason == "cannot follow":
            mask = fitting_mask(self.pattern, self.lead_card, self.check_suits, self.check_heroes)
            for o in range(self.players):
                if o != p:
                    self._set_lacks(o, p, self.lacks[o][p] | mask)  # p held no fitting card: everyone saw it
        self.tableaus[p] = self.tableaus[p] + self.trick
        # the lists themselves: they are done with (replaced just below), and clones share the tuple
        self.played += ((self.trick, self.trick_seats, self.trick_moved, p),)
        self.log("bust", None, seat=p, reason=reason, cards=[CARD_TEXT[c] for c in self.trick])
        self.trick, self.trick_seats, self.trick_moved = [], [], []
        self.last_buster = p
        if self.first_buster < 0:
            self.first_buster = p
        if any(not h for h in self.hands):
            self._end_round()
        else:
            self._start_trick(p)

    # --- hero effects (effects.py: one section a hero) ---------------------------------------------------

    def _legal_effect(self, player: int) -> list[Action]:
        kind = STEP_KIND[self.step]
        row = self.action_table.seats if kind == SEAT_KIND else self.action_table.cards[kind]
        return [row[v] for v in choices(self, self.step, player)]

    def _apply_effect(self, action: Move, player: int) -> None:
        choose(self, self.step, player, action.value)
        if self.step == NONE:
            self._after_step()

    # --- the round's end -------------------------------------------------------------------------------

    def _end_round(self) -> None:
        """rules: leftover hands go to the tableaus; 1 point a card, except the player alone with the most
        cards of a suit scores none of that suit."""
        n = self.players
        for p in range(n):
            self.tableaus[p] = self.tableaus[p] + self.hands[p]
            self.log("leftover", None, seat=p, cards=[CARD_TEXT[c] for c in in_order(self.hands[p])])
            self.hands[p] = []
        self.know = [{} for _ in range(n)]
        counts = [suit_counts(self.tableaus[p]) for p in range(n)]
        points = round_points(counts)
        self.suit_counts = [[self.suit_counts[p][i] + counts[p][i] for i in range(8)] for p in range(n)]
        self.round_scores = [*self.round_scores, points]
        self.round_counts = [*self.round_counts, counts]  # for the end-of-game breakdown (never mutated)
        self.totals = tuple(trouble(self.round_scores, n))
        totals = [int(x) for x in self.totals]
        self.log("score", None, round=self.round_no, points=points, scores=totals)
        if self.round_no >= self.options.rounds:
            self.phase = OVER
            self.pattern = Pattern.NONE
            self.log("game_over", None, scores=totals, winners=best_seats(self.finish_keys()))
            return
        self.round_no += 1
        leader = self.last_buster if self.options.next_leader == "last_buster" else self.first_buster
        self._deal(leader)

    def _legal_over(self, player: int) -> list[Action]:
        return []

    def _apply_over(self, action: Move, player: int) -> None:
        """Nothing: nobody acts once the game is over."""

    # --- What each seat knows --------------------------------------------------------------------------
    #
    # A per-seat record kept true by construction; observe shows a seat its own, resample honours it.
    # Two kinds of knowledge, both per observer ``o``:
    #
    # - ``know[o]``: ``{card: place}`` where ``place`` is a seat (``o`` knows that seat holds the card) or
    #   ``DECK`` (``o`` knows the card's exact depth in the deck; depths then change only by public draws
    #   from the top and puts on top or bottom, which ``o`` sees, so the actual depth is what ``o`` knows).
    #   Facts come from Witness and Archivist sightings, Explorer reveals, cards passed, given or received,
    #   and public cards taken into a hand (Magician, Doctor, Scavenger). A fact is dropped as soon as a
    #   move ``o`` cannot follow could have made it false; facts about one's own hand are never stored.
    # - ``lacks[o][q]``: a bitmask of the 112 cards; ``o`` knows that every card in ``q``'s hand which is
    #   not a fact of ``o`` lies outside this mask (set when ``q`` busts for want of a fitting card; cleared
    #   when ``q`` receives a card ``o`` did not see, or when a fact about a card inside the mask is dropped).

    def _reset_knowledge(self) -> None:
        n = self.players
        self.know = [{} for _ in range(n)]
        self.lacks = [[0] * n for _ in range(n)]

    # Both records are copy-on-write (clones share each seat's): a change replaces that seat's dict or row.

    def _learn(self, o: int, c: int, place: int) -> None:
        """``o`` now knows that ``c`` lies at ``place`` (nothing to store when it is ``o``'s own hand)."""
        if place == o:
            self._unlearn(o, c)
        elif self.know[o].get(c) != place:
            facts = self.know[o] = self.know[o].copy()
            facts[c] = place

    def _unlearn(self, o: int, c: int) -> None:
        """``o`` no longer knows where ``c`` is."""
        if c in self.know[o]:
            facts = self.know[o] = self.know[o].copy()
            del facts[c]

    def _set_lacks(self, o: int, q: int, mask: int) -> None:
        """``lacks[o][q] = mask``, on a new row."""
        if self.lacks[o][q] != mask:
            row = self.lacks[o] = self.lacks[o].copy()
            row[q] = mask

    def _forget_card(self, c: int) -> None:
        """``c`` went to a public zone: nobody needs a fact about it."""
        for o, facts in enumerate(self.know):
            if facts and c in facts:  # (an empty record needs no look-up)
                self._unlearn(o, c)

    def _drop_hand(self, o: int, q: int) -> None:
        """``q``'s hand lost a card ``o`` did not see: ``o``'s facts about that hand may be false now."""
        facts = self.know[o]
        for place in facts.values():
            if place == q:
                break
        else:
            return  # no fact about that hand
        kept: dict[int, int] = {}
        mask = self.lacks[o][q]
        exempted = False
        for c, place in facts.items():
            if place != q:
                kept[c] = place
            elif (mask >> c) & 1:
                exempted = True
        self.know[o] = kept  # one new record, not a copy per dropped fact
        if exempted:
            # a card was exempt from the mask because it was known; unknown now, the mask cannot stand
            self._set_lacks(o, q, 0)

    def _hand_to_hand(self, c: int, src: int | None, dst: int, seen: tuple[int, ...]) -> None:
        """``c`` moved from ``src``'s hand (None: the deck) to ``dst``'s; the seats in ``seen`` saw which card."""
        watchers = 0  # the seats in ``seen``, as bits
        for o in seen:
            watchers |= 1 << o
        for o in range(self.players):
            if watchers >> o & 1:
                self._learn(o, c, dst)
            else:
                self._unlearn(o, c)
                if src is not None and o != src:
                    self._drop_hand(o, src)
                if o != dst:
                    self._set_lacks(o, dst, 0)

    def _hand_to_deck(self, c: int, src: int) -> None:
        """``src`` put ``c`` from their hand into the deck; only they know which card it was."""
        for o in range(self.players):
            if o == src:
                self._learn(o, c, DECK)
            else:
                self._unlearn(o, c)
                self._drop_hand(o, src)

    def _deck_to_hand(self, c: int, dst: int, seen: tuple[int, ...]) -> None:
        """``c`` went from the deck to ``dst``'s hand; the seats in ``seen`` know which card it was."""
        self._hand_to_hand(c, None, dst, seen)

    def _public_to_hand(self, c: int, dst: int) -> None:
        """A face-up card went into ``dst``'s hand in front of everyone."""
        for o in range(self.players):
            self._learn(o, c, dst)


Legal = Callable[[TricksterRules, int], list[Action]]
Apply = Callable[[TricksterRules, Move, int], None]
# keyed by Phase members (typed by int, as Masquerade's for ``phase_tables``), in dispatch order: the
# commonest first; ``_legal`` and ``_step`` dispatch by the chains written out from it (engine/fields.py)
PHASES: dict[int, tuple[Legal, Apply]] = {
    Phase.EFFECT: (TricksterRules._legal_effect, TricksterRules._apply_effect),
    Phase.TRICK: (TricksterRules._legal_trick, TricksterRules._apply_trick),
    Phase.OPENING: (TricksterRules._legal_opening, TricksterRules._apply_opening),
    Phase.DRAFTING: (TricksterRules._legal_drafting, TricksterRules._apply_drafting),
    Phase.OVER: (TricksterRules._legal_over, TricksterRules._apply_over),
}
DISPATCHED_FIRST: frozenset[int] = frozenset()  # every phase goes through the chains
# whether this build compiled ``TricksterRules`` (``make compiled``): a compiled class lists its own fields
# there, and keeps them out of ``__dict__``, so ``clone`` copies them one by one
COMPILED = hasattr(TricksterRules, "__mypyc_attrs__")
