"""The Trickster State: draft, the secret opening card, tricks with patterns and busts, effects, scoring.

Zones (cards are ints, see cards.py): ``hands``, ``tableaus`` (per seat), ``trash``, ``deck`` (the top
is the END of the list), ``pot`` (this trick, in the order placed, with who placed it and whether a
Guard moved it). Phases are a table (``PHASES``); inside an effect the current choice is ``step``
(effects.py). Knowledge of hidden cards is kept by the ``Knowledge`` mixin for ``resample``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Self

from tricktable.engine import Action, Observation, Rng, State
from tricktable.games.trickster.cards import (
    ALL_MASK,
    CARD_TEXT,
    HERO_MASK,
    HERO_NAMES,
    HEROES,
    SUIT_MASK,
    SUITS,
    deck_cards,
    in_order,
    parse_card,
    sort_key,
)
from tricktable.games.trickster.effects import CARD_VERBS, EFFECTS, NOMAD_PASS, NONE, OPEN, PLAY, STEPS
from tricktable.games.trickster.game import HAND_SIZES, TRASH_SIZE, Move, Trickster
from tricktable.games.trickster.knowledge import Knowledge
from tricktable.games.trickster.options import TricksterOptions

DRAFT, OPENING, TRICK, EFFECT, OVER = range(5)
PHASE_NAMES = ("draft", "opening", "play", "effect", "over")
NO_PATTERN, SAME_SUIT, SAME_HERO, NO_MATCH = range(4)
PATTERN_NAMES = (None, "same suit", "same hero", "no match")


class TricksterState(Knowledge, State):
    """One game of Trickster in progress."""

    game: Trickster
    options: TricksterOptions
    # the effect record (effects.py), declared here for the type checker
    fx_player: int
    fx_target: int
    fx_card: int
    fx_count: int
    step: int
    chosen: list[int]

    def __init__(self, game: Trickster, seed: int) -> None:
        super().__init__(game, seed)
        self.options = game.options
        self.n = n = game.players
        self.token = game.uses_token()
        self.phase = DRAFT
        self.step = NONE
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.tableaus: list[list[int]] = [[] for _ in range(n)]
        self.trash: list[int] = []
        self.deck: list[int] = []
        self.pot: list[int] = []
        self.pot_seats: list[int] = []
        self.pot_moved: list[bool] = []
        self.check_suits = 0  # suits and heroes a No Match card must avoid (bitmasks)
        self.check_heroes = 0
        self.leader = -1
        self.order: list[int] = []
        self.turn = 0
        self.pattern = NO_PATTERN
        self.lead_card = -1
        self.round_no = 1
        self.round_leader = -1
        self.last_buster = -1
        self.first_buster = -1
        self.round_scores: list[list[int]] = []
        self.suit_counts = [[0] * 8 for _ in range(n)]  # tableau cards by suit, for the tie-break
        self.round_counts: list[list[list[int]]] = []  # each round's tableau cards by seat and suit
        self.chosen = [-1] * n
        self.fx_player = -1
        self.fx_target = -1
        self.fx_card = -1
        self.fx_count = 0
        self.draft_pool: list[int] = []
        self.drafted: tuple[int, ...] = ()  # heroes in the order drafted (a tuple: clones share it)
        self.drafter = -1
        self._reset_knowledge()
        o = self.options
        self.first_leader = o.first_leader if o.first_leader is not None else self.rng.below(n)
        heroes = game.heroes()
        if o.deck == "random":
            heroes = tuple(sorted(self.rng.sample(range(len(HEROES)), 7)))
        if heroes is None:  # rules: draft, clockwise from the first leader [D option draft_start]
            self.heroes: tuple[int, ...] = ()
            self.draft_pool = list(range(len(HEROES)))
            start = 0 if o.draft_start == "first_leader" else 1
            self.drafter = (self.first_leader + start) % n
            self.log("draft", None, seat=self.drafter, heroes=list(HERO_NAMES))
        else:
            self.heroes = heroes
            self._deal(self.first_leader)
        self._actors = self._find_actors()

    # --- the State interface ---------------------------------------------------------------------------

    @property
    def actors(self) -> tuple[int, ...]:
        return self._actors

    def _find_actors(self) -> tuple[int, ...]:
        """Who must act now; kept in ``_actors`` after every step (the property is read very often)."""
        phase = self.phase
        if phase == TRICK:
            return (self.order[self.turn],)
        if phase == EFFECT:
            if self.step == NOMAD_PASS:
                return tuple(p for p in range(self.n) if self.chosen[p] < 0)
            return (self.fx_player,)
        if phase == OPENING:
            return tuple(p for p in range(self.n) if self.chosen[p] < 0)
        if phase == DRAFT:
            return (self.drafter,)
        return ()

    @property
    def round(self) -> int:
        return self.round_no

    def _legal(self, player: int) -> list[Action]:
        return PHASES[self.phase][0](self, player)

    def _step(self, action: Action, player: int) -> None:
        assert isinstance(action, Move)
        PHASES[self.phase][1](self, player, action.value)
        self._actors = self._find_actors()

    def _why_illegal(self, action: Action, player: int) -> str:
        if not isinstance(action, Move):
            return "that is not a Trickster action"
        if self.phase == TRICK and action.verb == PLAY:
            if action.value not in self.hands[player]:
                return "that card is not in their hand"
            if self.turn >= 2:
                return f"it does not fit the pattern {PATTERN_NAMES[self.pattern]}"
        if self.phase == EFFECT:
            return f"now {HERO_NAMES[STEPS[self.step].hero]} asks: {STEPS[self.step].name}"
        return f"now is the {PHASE_NAMES[self.phase]} phase"

    def _why_not(self, player: int) -> dict[str, dict[str, Any]]:
        from tricktable.games.trickster.text import why_not_reasons

        return why_not_reasons(self, player)

    def result(self) -> dict[str, Any] | None:
        from tricktable.games.trickster.result import result

        return result(self) if self.phase == OVER else None

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        twin.__dict__.update(self.__dict__)
        twin.rng = self.rng.clone()
        twin.history = self.history.copy()
        twin.events = self.events.copy()
        twin.hands = [h.copy() for h in self.hands]
        twin.tableaus = [t.copy() for t in self.tableaus]
        twin.trash = self.trash.copy()
        twin.deck = self.deck.copy()
        twin.pot = self.pot.copy()
        twin.pot_seats = self.pot_seats.copy()
        twin.pot_moved = self.pot_moved.copy()
        twin.round_scores = [r.copy() for r in self.round_scores]
        twin.suit_counts = [r.copy() for r in self.suit_counts]
        twin.chosen = self.chosen.copy()
        twin.draft_pool = self.draft_pool.copy()
        twin.know = [k.copy() for k in self.know]
        twin.lacks = [k.copy() for k in self.lacks]
        twin._legal_cache = None
        return twin

    def resample(self, player: int, rng: Rng) -> Self:
        from tricktable.games.trickster.resample import resample

        return resample(self, player, rng)

    def all_cards(self) -> list[str]:
        """The 56 cards in use wherever they lie; during a draft (heroes not yet chosen) the 112 of the box."""
        if not self.heroes:
            return list(CARD_TEXT)
        cards = [*self.trash, *self.deck, *self.pot]
        for p in range(self.n):
            cards.extend(self.hands[p])
            cards.extend(self.tableaus[p])
        return [CARD_TEXT[c] for c in cards]

    def scores(self) -> list[float]:
        """Trouble points so far (lower is better)."""
        return [float(sum(r[p] for r in self.round_scores)) for p in range(self.n)]

    def winners(self) -> list[int]:
        """rules: lowest trouble wins; ties: fewer red cards, then orange, ... white; then shared."""
        if self.phase != OVER:
            return []
        totals = self.scores()
        keys = [(totals[p], *self._tiebreak_counts(p)) for p in range(self.n)]
        best = min(keys)
        return [p for p in range(self.n) if keys[p] == best]

    def ranking(self) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
        """The order of finish for statistics (``sim.balance``): the names of its levels (trouble, then each
        tie-break) and each seat's key, higher is better (``winners``' keys negated)."""
        totals = self.scores()
        keys = [tuple(float(-x) for x in (totals[p], *self._tiebreak_counts(p))) for p in range(self.n)]
        return ("trouble", *(f"fewer {suit}" for suit in SUITS)), keys

    def _tiebreak_counts(self, p: int) -> list[int]:
        if self.options.tiebreak_cards == "all_rounds":
            return self.suit_counts[p]
        counts = [0] * 8
        for c in self.tableaus[p]:
            counts[c & 7] += 1
        return counts

    # --- dealing and the opening card ------------------------------------------------------------------

    def _deal(self, leader: int) -> None:
        """rules: A round 1-3: shuffle the 56, 6 face up to the Trash, hands by player count, then the opening."""
        n, o = self.n, self.options
        cards = deck_cards(self.heroes)
        self.rng.shuffle(cards)
        size = HAND_SIZES[n]
        if self.round_no == 1 and (o.hands is not None or o.trash is not None or o.deck_order is not None):
            cards = self._fixed_deal(cards, size)
        self.trash = cards[:TRASH_SIZE]
        self.hands = [cards[TRASH_SIZE + p * size:TRASH_SIZE + (p + 1) * size] for p in range(n)]
        self.deck = cards[TRASH_SIZE + n * size:]
        self.tableaus = [[] for _ in range(n)]
        self.pot, self.pot_seats, self.pot_moved = [], [], []
        self.round_leader = leader
        self.last_buster = self.first_buster = -1
        self._reset_knowledge()
        self.chosen = [-1] * n
        self.phase = OPENING
        self.log("deal", None, round=self.round_no, leader=leader, trash=[CARD_TEXT[c] for c in self.trash],
                 hand_sizes=[size] * n, deck_size=len(self.deck))
        for p in range(n):
            self.log("hand", frozenset((p,)), seat=p, cards=[CARD_TEXT[c] for c in sorted(self.hands[p], key=sort_key)])

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
            for _ in range(self.n):
                hands.append(rest[:size])
                rest = rest[size:]
        deck = rest + top[::-1]
        return [*trash, *(c for h in hands for c in h), *deck]

    def _legal_open(self, p: int) -> list[Action]:
        row = self.game.card_actions[OPEN]
        return [row[c] for c in in_order(self.hands[p])]

    def _apply_open(self, p: int, c: int) -> None:
        # rules: every player secretly and simultaneously chooses one hand card for their tableau
        self.chosen[p] = c
        self.log("chose", frozenset((p,)), seat=p, card=CARD_TEXT[c], why="opening")
        if -1 in self.chosen:
            return
        for q in range(self.n):
            c = self.chosen[q]
            self.hands[q].remove(c)
            self.tableaus[q].append(c)
            self._forget_card(c)
        self.log("opening", None, cards=[CARD_TEXT[c] for c in self.chosen])
        self.chosen = [-1] * self.n
        self._start_trick(self.round_leader)

    # --- the draft -------------------------------------------------------------------------------------

    def _legal_draft(self, p: int) -> list[Action]:
        return [self.game.draft_actions[h] for h in self.draft_pool]

    def _apply_draft(self, p: int, hero: int) -> None:
        self.draft_pool.remove(hero)
        self.drafted += (hero,)
        self.log("drafted", None, seat=p, hero=HERO_NAMES[hero])
        if len(self.draft_pool) > len(HEROES) - 7:
            self.drafter = (self.drafter + 1) % self.n
            return
        self.heroes = tuple(h for h in range(len(HEROES)) if h not in self.draft_pool)
        self._deal(self.first_leader)

    # --- tricks ----------------------------------------------------------------------------------------

    def _start_trick(self, leader: int) -> None:
        """rules: the Leader, the Trickster on their left, the Followers clockwise after; with the token
        the Leader plays twice (lead, then the pattern card) and everyone else follows."""
        n = self.n
        self.leader = leader
        if self.token:
            self.order = [leader, leader, *((leader + i) % n for i in range(1, n))]
        else:
            self.order = [(leader + i) % n for i in range(n)]
        self.turn = 0
        self.pot, self.pot_seats, self.pot_moved = [], [], []
        self.check_suits = self.check_heroes = 0
        self.pattern = NO_PATTERN
        self.lead_card = -1
        self.log("trick", None, leader=leader, trickster=self.order[1])
        self._next_turn()

    def _fits(self, c: int) -> bool:
        pattern = self.pattern
        if pattern == SAME_SUIT:
            return (c & 7) == (self.lead_card & 7)
        if pattern == SAME_HERO:
            return (c >> 3) == (self.lead_card >> 3)
        return not ((self.check_suits >> (c & 7)) & 1 or (self.check_heroes >> (c >> 3)) & 1)

    def _next_turn(self) -> None:
        """Whoever plays next, or the bust that ends the trick."""
        skip = self.options.empty_hand == "follower_skipped"
        while skip and 2 <= self.turn < len(self.order) and not self.hands[self.order[self.turn]]:
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
        if self.turn >= 2 and not any(self._fits(c) for c in hand):
            self._bust(p, "cannot follow")
            return
        self.phase = TRICK

    def _legal_play(self, p: int) -> list[Action]:
        row = self.game.card_actions[PLAY]
        if self.turn < 2:
            return [row[c] for c in in_order(self.hands[p])]
        fits = self._fits
        return [row[c] for c in in_order(self.hands[p]) if fits(c)]

    def _apply_play(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        self.log("play", None, seat=p, card=CARD_TEXT[c])
        self._forget_card(c)
        if self.turn == 0:
            self.lead_card = c
        elif self.turn == 1:
            # rules: the pattern is fixed when the Trickster's card is placed, against the Leader's card
            self.pattern = pattern_of(self.lead_card, c)
            self.log("pattern", None, pattern=PATTERN_NAMES[self.pattern])
        self._add_to_pot(c, p, moved=False)
        effect = EFFECTS[c >> 3]
        self.fx_player, self.fx_target, self.fx_card, self.fx_count = p, -1, -1, 0
        if effect.can(self, p):
            self.log("effect", None, seat=p, hero=HERO_NAMES[c >> 3])
            effect.begin(self, p)
        else:
            self.log("no_effect", None, seat=p, hero=HERO_NAMES[c >> 3])
        self._after_step()

    def _add_to_pot(self, c: int, p: int, *, moved: bool) -> None:
        self.pot.append(c)
        self.pot_seats.append(p)
        self.pot_moved.append(moved)
        # rules [D option no_match]: No Match avoids every card now in the Pot, or only the first two played
        if self.options.no_match == "whole_pot" or (not moved and self.turn < 2):
            self.check_suits |= 1 << (c & 7)
            self.check_heroes |= 1 << (c >> 3)

    def _after_step(self) -> None:
        if self.step != NONE:
            self.phase = EFFECT
            return
        self.turn += 1
        self._next_turn()

    def _legal_effect(self, p: int) -> list[Action]:
        step = STEPS[self.step]
        values = step.legal(self, p)
        row = self.game.card_actions[step.verb] if step.verb < len(CARD_VERBS) else self.game.seat_actions
        return [row[v] for v in values]

    def _apply_effect(self, p: int, value: int) -> None:
        STEPS[self.step].apply(self, p, value)
        if self.step == NONE:
            self._after_step()

    def _bust(self, p: int, reason: str) -> None:
        """rules: the buster takes the whole Pot into their tableau and leads the next trick."""
        if reason == "cannot follow":
            mask = self._fitting_mask()
            for o in range(self.n):
                if o != p:
                    self.lacks[o][p] |= mask  # p held no fitting card: everyone saw it
        self.tableaus[p].extend(self.pot)
        self.log("bust", None, seat=p, reason=reason, cards=[CARD_TEXT[c] for c in self.pot])
        self.pot, self.pot_seats, self.pot_moved = [], [], []
        self.last_buster = p
        if self.first_buster < 0:
            self.first_buster = p
        if any(not h for h in self.hands):
            self._end_round()
        else:
            self._start_trick(p)

    def _fitting_mask(self) -> int:
        """Every card (of the 112) that would fit now."""
        if self.pattern == SAME_SUIT:
            return SUIT_MASK[self.lead_card & 7]
        if self.pattern == SAME_HERO:
            return HERO_MASK[self.lead_card >> 3]
        avoid = 0
        for s in range(8):
            if (self.check_suits >> s) & 1:
                avoid |= SUIT_MASK[s]
        for h in range(len(HEROES)):
            if (self.check_heroes >> h) & 1:
                avoid |= HERO_MASK[h]
        return ALL_MASK & ~avoid

    # --- the round's end -------------------------------------------------------------------------------

    def _end_round(self) -> None:
        """rules: leftover hands go to the tableaus; 1 point a card, except the player alone with the most
        cards of a suit scores none of that suit."""
        n = self.n
        for p in range(n):
            self.tableaus[p].extend(self.hands[p])
            self.log("leftover", None, seat=p, cards=[CARD_TEXT[c] for c in sorted(self.hands[p], key=sort_key)])
            self.hands[p] = []
        self.know = [{} for _ in range(n)]
        counts = [[0] * 8 for _ in range(n)]
        for p in range(n):
            for c in self.tableaus[p]:
                counts[p][c & 7] += 1
        points = round_points(counts)
        for p in range(n):
            for s in range(8):
                self.suit_counts[p][s] += counts[p][s]
        self.round_scores.append(points)
        self.round_counts = [*self.round_counts, counts]  # for the end-of-game breakdown (never mutated)
        self.log("score", None, round=self.round_no, points=points, totals=[int(x) for x in self.scores()])
        if self.round_no >= self.options.rounds:
            self.phase = OVER
            self.pattern = NO_PATTERN
            self.log("over", None, totals=[int(x) for x in self.scores()], winners=self.winners())
            return
        self.round_no += 1
        leader = self.last_buster if self.options.next_leader == "last_buster" else self.first_buster
        self._deal(leader)

    # --- observation -----------------------------------------------------------------------------------

    def _observe(self, player: int | None) -> Observation:
        from tricktable.games.trickster.observe import observe

        return observe(self, player)


def pattern_of(lead: int, card: int) -> int:
    """The pattern the Trickster's ``card`` sets against the Leader's ``lead`` (rules: Same Suit first)."""
    if (card & 7) == (lead & 7):
        return SAME_SUIT
    if (card >> 3) == (lead >> 3):
        return SAME_HERO
    return NO_MATCH


def round_points(counts: list[list[int]]) -> list[int]:
    """Trouble points of one round from each player's tableau count per suit (rules: Scoring a round)."""
    n = len(counts)
    points = [sum(row) for row in counts]
    for s in range(8):
        column = [counts[p][s] for p in range(n)]
        most = max(column)
        if most > 0 and column.count(most) == 1:  # alone with the most: exempt; a tie exempts nobody
            points[column.index(most)] -= most
    return points


PHASES: dict[int, tuple[Callable[[TricksterState, int], list[Action]], Callable[[TricksterState, int, int], None]]] = {
    DRAFT: (TricksterState._legal_draft, TricksterState._apply_draft),
    OPENING: (TricksterState._legal_open, TricksterState._apply_open),
    TRICK: (TricksterState._legal_play, TricksterState._apply_play),
    EFFECT: (TricksterState._legal_effect, TricksterState._apply_effect),
    OVER: (lambda s, p: [], lambda s, p, v: None),
}
