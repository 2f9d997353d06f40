"""Megalomania's rules: a game in progress, round by round (rules file, "A game" and "Tricks").

A game is ``rounds`` rounds. Each round (``_start_round``) reveals a mission, deals by it and draws a
scroll for each player; then:

1. ``Phase.PREPARATION``, simultaneous and hidden: each player uses scrolls, then ends with ``ready K/U``
   (their tokens split between crystals and cubes). When all are ready, ``_reveal`` shows everyone's
   resources and scrolls used, and gives the First Lead.
2. The mission's own step, if any (each in ``effects.py`` under its mission): ``PROGRAMMING`` (15),
   ``SPLITTING`` then ``PICKING`` (24), ``PASSING`` (25); missions 20 and 21 swap hands at the reveal.
3. ``Phase.TRICK``, trick after trick: the leader plays any card, then clockwise each player follows
   (``playable``). A card may activate its power (``Effects._activate``); the Oracle, the Farmer and the
   Explorer then ask their player a follow-up (``ORACLE_COLOUR``, ``FARMER_LEADER``, ``EXPLORER_SWAP``).
   ``_end_trick`` gives the trick to its winner (``effects.trick_winner``).
4. ``_end_round`` scores the mission (``effects.score_mission``); crystals and cubes return, scrolls are
   kept; the next round, or ``Phase.OVER``.

Cards are ints, hands 32-bit masks (``cards.py``); ``clone`` copies a handful of lists. What each seat may
know is tracked as it happens (``known``, ``shown``, ``lacks``) so that ``observe`` and ``resample`` never
read hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, Self

from tricktable.engine import Action, Game, Rng
from tricktable.engine.cards import select
from tricktable.engine.sampling import shuffle
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.actions import ActionTables, Kind, Lookups, Move, ready_event
from tricktable.games.megalomania.cards import COLOUR_MASKS, FULL, Deal
from tricktable.games.megalomania.effects import (
    COMPILED,
    NOWHERE,
    PREPARATION_SCROLLS,
    Effects,
    score_mission,
    shown_lacking,
    trick_winner,
    wizard_lowest,
)
from tricktable.games.megalomania.options import MegalomaniaOptions
from tricktable.games.megalomania.phases import Phase

try:
    from mypy_extensions import i64  # a machine word when compiled; a plain int otherwise
except ImportError:  # a plain install
    i64 = int  # type: ignore[misc]

# the hot path's names (docs/architecture.md, "What the compiled build requires"): enum members compared by
# identity (``self.phase is not TRICK``)
TRICK: Final = Phase.TRICK
PREPARATION: Final = Phase.PREPARATION
PROGRAMMING: Final = Phase.PROGRAMMING
SPLITTING: Final = Phase.SPLITTING
PICKING: Final = Phase.PICKING
PASSING: Final = Phase.PASSING
ORACLE_COLOUR: Final = Phase.ORACLE_COLOUR
FARMER_LEADER: Final = Phase.FARMER_LEADER
EXPLORER_SWAP: Final = Phase.EXPLORER_SWAP
ONCE_PER_TRICK: Final = C.ONCE_PER_TRICK
ASSASSINS: Final = C.ASSASSINS
EXPLORERS: Final = C.EXPLORERS
FARMER_BIT: Final = 1 << C.FARMER
ASSASSIN_BIT: Final = 1 << C.ASSASSIN
EXPLORER_BIT: Final = 1 << C.EXPLORER
ASSASSIN: Final = C.ASSASSIN
EMPEROR: Final = C.EMPEROR
PROGRAMMED: Final = Deal.PROGRAMMED
DRAW_PILE: Final = Deal.DRAW_PILE
ROTATING: Final = Deal.ROTATING
USE: Final = Kind.USE
READY: Final = Kind.READY
REDEAL_CARD: Final = Kind.REDEAL_CARD
REDEAL_SCROLL: Final = Kind.REDEAL_SCROLL
FREE_POWER: Final = C.FREE_POWER
IMMUNITY: Final = C.IMMUNITY
# missions whose play needs no special source of cards (face-up piles, programmed orders)
SIMPLE: Final = frozenset({Deal.PLAIN, Deal.FACE_UP, Deal.DRAW_PILE, Deal.SWAPPED, Deal.ROTATING,
                           Deal.TWO_PILES, Deal.PASS_THREE})
# the scrolls a player may use at the preparation with ``use <scroll>``
PREP_SCROLLS: Final = tuple(PREPARATION_SCROLLS)
PREP_SCROLL_BITS: Final = sum(1 << s for s in PREP_SCROLLS)
# the phase a mission's step opens after the preparation
MISSION_STEP: Final = {Deal.PROGRAMMED: Phase.PROGRAMMING, Deal.TWO_PILES: Phase.SPLITTING,
                       Deal.PASS_THREE: Phase.PASSING}
CARDS: Final = list(range(C.DECK))  # the deck in order, copied for each deal


def dominant_colours(options: MegalomaniaOptions, rng: Rng) -> tuple[int, ...]:
    """The dominant colour of every round [D: dominant_order; fixed first ones: dominant]."""
    fixed = [C.COLOURS.index(x.upper()) for x in options.dominant]
    out = fixed[:options.rounds]
    if not out:
        out.append(rng.below(4))  # a random start [D]
    current = out[-1]
    while len(out) < options.rounds:
        # rules: the dominant colour changes every round [P]; random draws among the other three [D]
        current = (current + 1 if options.dominant_order == "cycle" else current + 1 + rng.below(3)) % 4
        out.append(current)
    return tuple(out)


def legal_key(cards: i64, powers: i64, cube: i64, assassins: i64, scrolls: i64) -> i64:
    """``legal_plays``'s memo key. Only the powers of ranks among ``cards`` change the list, so the others
    are left out: hands that differ in those alone share one entry. The off-colour ``assassins`` (cards 1,
    9, 17 and 25) take 4 bits, so the key fits 48 bits: compiled, all of it is machine-word arithmetic."""
    four: i64 = (assassins >> 1 | assassins >> 8 | assassins >> 15 | assassins >> 22) & 0xF
    ranks: i64 = (cards | cards >> 8 | cards >> 16 | cards >> 24) & 0xFF  # the ranks among ``cards``, a bit each
    return cards | (powers & ranks) << 32 | cube << 40 | scrolls << 42 | four << 44


# The legal-play memo starts again past this many lists. A search adds thousands a decision and the lists
# live as long as the game, where the garbage collector walks them all in a full collection: a memo that
# grows without bound makes one such collection outlast a bot's time cap. Starting again costs far less.
MEMO_LIMIT: Final = 1 << 15


def legal_plays(look: Lookups, cache: dict[int, list[Move]], cards: int, powers: int, cube: int, assassins: int,
                scrolls: int) -> list[Move]:
    """The play actions of ``cards`` when the ``powers`` ranks may be activated and ``cube`` (0 or 2)
    says whether a cube may be spent, plus the powered plays of off-colour ``assassins``, plus
    ``use free-power`` (``scrolls & 1``) and ``use immunity`` (``scrolls & 2``).

    Memoised in ``cache``, the fork's ``memo.legal``, under ``legal_key`` (``MegalomaniaRules._legal_trick``
    looks there first); a list not there yet is built card by card, in card order, on machine words. Here,
    not a method of the (plain Python) ``Game``, so that the compiled build compiles it.
    """
    if len(cache) >= MEMO_LIMIT:
        cache.clear()
    plays = look.table.plays
    out: list[Move] = []
    left: i64 = cards
    allowed: i64 = powers
    spend: i64 = cube
    c: i64 = 0
    while left:
        if left & 1:
            out.extend(plays[c][(allowed >> (c & 7) & 1) | spend])
        left >>= 1
        c += 1
    if assassins:
        out += look.assassin_plays[cube >> 1][assassins]
    if scrolls & 1:
        out.append(look.table.use[C.FREE_POWER])
    if scrolls & 2:
        out.append(look.table.use[C.IMMUNITY])
    cache[legal_key(cards, powers, cube, assassins, scrolls)] = out
    return out


class MegalomaniaRules(Effects):
    """A game of Megalomania in progress (see the module doc; comments cite the rules file's sections)."""

    game: ActionTables

    def __init__(self, game: Game[MegalomaniaOptions] | None = None, seed: int = 0) -> None:
        if game is None:  # a blank twin for ``clone`` to fill (a compiled class's ``__new__`` runs this)
            return
        super().__init__(game, seed)
        assert isinstance(game, ActionTables)
        self.look = game.look
        self.memo = game.memo
        o = game.options
        n = game.players
        self.dealer0 = o.dealer if o.dealer >= 0 else self.rng.below(n)  # rules: A game, dealer random at first
        # the mission deck: the fixed order first, the rest shuffled; one a round, no repeats [P]. The
        # missions, dominant colours and scrolls each draw from their own stream of the seed, so a variant
        # with another mission deck or scroll deck is dealt the same cards (a lab study stays paired). All
        # 25 numbers are shuffled and the deck takes that order: a mission taken out leaves the others in
        # the order they had
        rest = [m for m in game.mission_pool if m not in o.mission_order]
        if game.one_stream:  # a record of version 1: the rest shuffled from the one stream, as it was dealt
            shuffle(self.rng, rest)
        else:
            numbers = list(range(1, len(C.MISSIONS) + 1))
            shuffle(self.stream("missions"), numbers)
            place = {m: i for i, m in enumerate(numbers)}
            rest.sort(key=place.__getitem__)
        self.mission_deck = (*o.mission_order, *rest)
        self.dominants = dominant_colours(o, self.stream("dominant"))
        deck = [C.SCROLL_BY_NAME[s] for s in o.scrolls]
        if o.shuffle_scrolls:
            shuffle(self.stream("scrolls"), deck)
        self.scroll_deck = tuple(deck)  # top first
        self.scroll_used = ()
        self.scrolls = [()] * n  # held, hidden from the others
        self.shown_scrolls = [0] * n  # how many each holds, as last revealed
        self.points = [0] * n
        self.lost = [0] * n  # sum of negative results (tie-break)
        self.results = []
        self.insight = [-1] * n  # the index in the mission deck of the mission each seat has seen ahead
        self.round_no = 1
        self._start_round()

    # --- the State interface -------------------------------------------------------------------

    # the seats awaited now: a plain attribute (not a property) because every driver reads it per decision
    actors: tuple[int, ...] = ()

    def all_cards(self) -> list[str]:
        mask = self.out
        for p in range(self.players):
            mask |= self.hands[p] | self.tops[p] | self.downs[p]
            for c in self.draw_piles[p]:
                mask |= 1 << c
        for entry in self.trick:
            mask |= 1 << entry[1]
        for _, won in self.won:
            mask |= won
        cards = C.texts(mask)
        count = len(cards)
        total = (self.out.bit_count() + sum(h.bit_count() + t.bit_count() + d.bit_count() + len(pl)
                 for h, t, d, pl in zip(self.hands, self.tops, self.downs, self.draw_piles, strict=True))
                 + len(self.trick) + sum(w.bit_count() for _, w in self.won))
        if total != count:  # a card in two places: report the duplicate so conservation tests catch it
            cards += ["?"] * (total - count)
        return cards

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))  # blank: no ``__init__`` (compiled, the blank one)
        if not COMPILED:
            twin.__dict__ = self.__dict__.copy()  # every field: the copied ones are copied below
        else:  # a compiled class has no ``__dict__``
            # generated: shared fields (python -m tricktable.engine.fields)
            twin.seed = self.seed
            twin.game = self.game
            twin.look = self.look
            twin.memo = self.memo
            twin.players = self.players
            twin.phase = self.phase
            twin.actors = self.actors
            twin.round_no = self.round_no
            twin.deal = self.deal
            twin.dominant = self.dominant
            twin.mission_deck = self.mission_deck
            twin.out = self.out
            twin.shown = self.shown
            twin.known = self.known
            twin.lacks = self.lacks
            twin.tops = self.tops
            twin.downs = self.downs
            twin.under = self.under
            twin.draw_piles = self.draw_piles
            twin.program = self.program
            twin.chosen = self.chosen
            twin.choice = self.choice
            twin.scrolls = self.scrolls
            twin.scroll_deck = self.scroll_deck
            twin.scroll_used = self.scroll_used
            twin.shown_scrolls = self.shown_scrolls
            twin.prep_used = self.prep_used
            twin.first_claims = self.first_claims
            twin.insight = self.insight
            twin.free = self.free
            twin.immune = self.immune
            twin.played = self.played
            twin.trick_no = self.trick_no
            twin.lead = self.lead
            twin.used = self.used
            twin.emperor = self.emperor
            twin.knight = self.knight
            twin.wizard = self.wizard
            twin.dwarf = self.dwarf
            twin.fast = self.fast
            twin.named = self.named
            twin.found = self.found
            twin.found_in = self.found_in
            twin.dealer0 = self.dealer0
            twin.dealer = self.dealer
            twin.dominants = self.dominants
            twin.mission = self.mission
            twin.tricks_total = self.tricks_total
            twin.leader = self.leader
            twin.points = self.points
            twin.lost = self.lost
            twin.results = self.results
            # end generated: shared fields
        self._copy_base(twin)  # the engine's own fields (rng, history and events shared, no legal cache)
        # generated: copied fields (python -m tricktable.engine.fields)
        twin.hands = self.hands.copy()
        twin.crystals = self.crystals.copy()
        twin.cubes = self.cubes.copy()
        twin.trick = self.trick.copy()
        twin.won = self.won.copy()
        # end generated: copied fields
        return twin

    # ``_legal`` and ``_step`` (the engine's hooks, one call per decision) are the trick phase's methods
    # themselves, which hand any other phase to ``_legal_phase`` / ``_apply_phase``: one call less on the
    # hot path.

    # --- rounds --------------------------------------------------------------------------------

    def _start_round(self) -> None:
        """Reveal the mission, deal by it, draw scrolls, open the preparation (rules: A game)."""
        game = self.game
        n = self.players
        r = self.round_no - 1
        self.dealer = (self.dealer0 + r) % n  # passes clockwise [P]
        self.mission = self.mission_deck[r]
        info = C.mission(self.mission)
        self.deal = info.deal
        self.dominant = self.dominants[r]
        self.hands = [0] * n
        self.tops = [0] * n  # mission 18: face-up cards, each over a face-down one
        self.downs = [0] * n
        self.under = ()  # mission 18: the card beneath each face-up card
        self.draw_piles = [()] * n  # mission 19: draw piles, top first
        self.program = [()] * n  # mission 15: the fixed order still to play
        self.chosen = [0] * n  # mission 24: first pile; mission 25: cards to pass
        self.shown = [0] * n
        self.known = [0] * (n * (n + 1))
        self.lacks = [0] * n  # failed follows, the Wizard's lowest
        fixed = game.deals
        dealt = fixed[r] if r < len(fixed) else None  # option ``deal`` fixes it
        if dealt is None:
            deck = CARDS.copy()
            size = info.hand
            shuffle(self.rng, deck, n * size)
            dealt = [deck[p * size:(p + 1) * size] for p in range(n)]
        out = FULL
        deal = self.deal
        hands = self.hands
        for p, cards in enumerate(dealt):
            mask = 0
            for c in cards:
                mask |= 1 << c
            out &= ~mask
            hands[p] = mask
        self.out = out
        if deal == Deal.COVERED:  # mission 18: first half face down under the second half
            under = [-1] * C.DECK
            for p, cards in enumerate(dealt):
                half = len(cards) // 2
                hands[p] = 0
                for down, up in zip(cards[:half], cards[half:], strict=True):
                    under[up] = down
                    self.downs[p] |= 1 << down
                    self.tops[p] |= 1 << up
            self.under = tuple(under)
        elif deal == Deal.DRAW_PILE:  # mission 19: 4 in hand, 4 in a face-down pile
            for p, cards in enumerate(dealt):
                half = len(cards) // 2
                hands[p] = sum(1 << c for c in cards[:half])
                self.draw_piles[p] = tuple(cards[half:])
        elif deal == Deal.FACE_UP:  # mission 13: the first 3 dealt are face up [D]
            self.shown = [sum(1 << c for c in cards[:3]) for cards in dealt]
        # resources: nothing carries over but scrolls [P]
        self.crystals = [0] * n
        self.cubes = [0] * n
        self.prep_used = [()] * n
        self.first_claims = 0
        self.free = 0  # seats whose Free Power is armed for the card they play now
        self.immune = 0  # seats whose Immunity is armed this trick
        self.won = []  # completed tricks this round: (winner, cards)
        self.played = ()  # the same tricks' plays, in order: public, policy inference reads them
        self.trick = []
        self.trick_no = 0
        self.tricks_total = 0
        self._reset_trick()
        self.leader = (self.dealer + 1) % n
        self.log("round", round=r + 1, mission=self.mission, dominant=C.COLOURS[self.dominant], dealer=self.dealer)
        # each player draws a scroll at the start of each round [D: scrolls]
        for i in range(1, n + 1):
            self._draw_scroll((self.dealer + i) % n)
        self.shown_scrolls = [len(s) for s in self.scrolls]
        self._open_choice(Phase.PREPARATION)

    def _reset_trick(self) -> None:
        """The powers' marks, cleared for a new trick (each is explained in its section of effects.py)."""
        self.lead = -1
        self.used = 0  # powers activated this trick (bit per rank): once per trick
        self.emperor = False
        self.knight = NOWHERE  # trick position of an activated Knight
        self.wizard = NOWHERE  # trick position of an activated Wizard
        self.fast = self.deal in SIMPLE  # plain follow rules apply: no Wizard, no special source of cards
        self.dwarf = False
        self.named = -1  # the Farmer's next leader
        self.found = -1  # the Explorer's discovered card, awaiting the give-back
        self.found_in = -1  # the completed trick it came from
        self.immune = 0

    # --- preparation (simultaneous and hidden) -------------------------------------------------

    def _legal_preparation(self, player: int) -> list[Move]:
        table = self.look.table
        if not self.scrolls[player]:
            return table.ready
        out: list[Move] = []
        seen = 0
        for s in self.scrolls[player]:
            if seen >> s & 1:
                continue
            seen |= 1 << s
            if PREP_SCROLL_BITS >> s & 1:
                if s != C.INSIGHT or self.round_no < self.look.options.rounds:
                    out.append(table.use[s])
            elif s == C.REDEAL:
                if self.out:
                    out.extend(select(table.redeal, self.hands[player] & ~self.shown[player]))
                else:
                    out.append(table.redeal_scroll)
        out.extend(table.ready)
        return out

    def _apply_preparation(self, action: Move, player: int) -> None:
        kind = action.kind
        if kind is READY:
            crystals = self.crystals[player] + action.arg
            cubes = self.cubes[player] + self.look.options.resources - action.arg
            self.crystals[player] = crystals
            self.cubes[player] = cubes
            self.events.append(ready_event(self.memo, self.look, player, crystals, cubes))
            if self._finish(player):
                self._reveal()
        elif kind is USE:
            self._spend_at_preparation(player, action.arg)
            PREPARATION_SCROLLS[action.arg](self, player)
        else:  # REDEAL_CARD, REDEAL_SCROLL
            self._redeal(action, player)

    def _reveal(self) -> None:
        """End of preparation: resources and scrolls used become public; the mission's step begins."""
        n = self.players
        self.shown_scrolls = [len(s) for s in self.scrolls]
        self.log("revealed", crystals=self.crystals.copy(), cubes=self.cubes.copy(),
                 scrolls=[[C.SCROLLS[s].name for s in used] for used in self.prep_used])
        redealt = [q for q in range(n) if C.REDEAL in self.prep_used[q]]
        if redealt:  # a Redeal took a random out-of-play card: any card another seat knew out may be there now
            n1 = n + 1
            self.known = self.known.copy()
            for v in range(n):
                if any(q != v for q in redealt):
                    self.known[v * n1 + n] = 0
        if self.first_claims:  # First Lead: several claims go to the first from the dealer's left [D]
            for i in range(1, n + 1):
                if self.first_claims >> ((self.dealer + i) % n) & 1:
                    self.leader = (self.dealer + i) % n
                    break
        if self.deal == Deal.SWAPPED:
            self._swap_hands()
        step = MISSION_STEP.get(self.deal)
        if step is not None:
            self._open_choice(step)
            return
        self._start_play()

    def _start_play(self) -> None:
        p = 0
        self.tricks_total = (self.hands[p].bit_count() + self.tops[p].bit_count() + self.downs[p].bit_count()
                             + len(self.draw_piles[p]))
        self.phase = TRICK
        self.actors = (self.leader,)
        self.events.append(self.look.begin_events[self.leader])

    # --- tricks --------------------------------------------------------------------------------

    def playable(self, p: int) -> tuple[int, int]:
        """(cards ``p`` may play normally, all cards ``p`` could play at all) under the follow rules."""
        avail = self.hands[p] | self.tops[p]
        if self.deal is PROGRAMMED:
            order = self.program[p]
            if not self.look.options.programmed_follow:  # rules: mission 15, follow rules do not apply [D]
                return 1 << order[0], 1 << order[0]
        n = len(self.trick)
        if n == 0:
            m = avail
        elif n > self.wizard:  # rules: Wizard, the lowest
            m = wizard_lowest(avail, self.lead, self.dominant)
        else:  # rules: Tricks, lead colour, else dominant, else anything
            m = avail & COLOUR_MASKS[self.lead]
            if not m:
                m = avail & COLOUR_MASKS[self.dominant] or avail
        if self.deal is PROGRAMMED:  # programmed_follow: the earliest card of your order that may go
            for c in self.program[p]:
                if m >> c & 1:
                    return 1 << c, avail
        return m, avail

    def _legal_trick(self, player: int) -> list[Move]:
        if self.phase is not TRICK:
            return self._legal_phase(player)
        p = player
        look = self.look
        if self.fast:  # the common case, inlined (rules: Tricks)
            avail = self.hands[p]
            m = (avail & COLOUR_MASKS[self.lead] or avail & COLOUR_MASKS[self.dominant] or avail) \
                if self.trick else avail
            ordered = False
        else:
            m, avail = self.playable(p)
            ordered = self.deal is PROGRAMMED
        # what the powers allow (each rule in its section of effects.py): ``okm`` the ranks that may be
        # activated, ``cube`` whether a cube may be spent
        if self.emperor and not self.immune >> p & 1:  # Emperor: no power nor cube after it (but Immunity)
            okm = 0
            cube = 0
        else:
            okm = 0xFF if self.crystals[p] or self.free >> p & 1 else look.free_ranks  # a crystal (Free Power)
            if self.used:
                okm &= ~(self.used & ONCE_PER_TRICK)  # once per trick, counting all players
            if self.trick_no + 1 >= self.tricks_total:
                okm &= ~FARMER_BIT  # Farmer: nothing in the last trick [D]
            cube = 2 if self.cubes[p] else 0
        extra = 0
        if okm & EXPLORER_BIT:
            if not self.trick_no:  # Explorer: not in the round's first trick
                okm &= ~EXPLORER_BIT
            else:
                hand = self.hands[p]
                if not hand & (hand - 1) and m & hand & EXPLORERS and not self.draw_piles[p]:
                    extra = hand  # Explorer: the last hand card, no card would be left to give back
                    m &= ~hand
        # Assassin: any colour with its power
        rest = avail & ASSASSINS & ~m if okm & ASSASSIN_BIT and not ordered else 0
        if ordered and okm & ASSASSIN_BIT and self.look.options.programmed_follow:
            rest = self._programmed_assassin(p, m)
        scrolls = 0
        for s in self.scrolls[p]:  # during-play scrolls (a loop on ints, where ``in`` compares objects)
            if s == FREE_POWER and not self.free >> p & 1:
                scrolls |= 1
            elif s == IMMUNITY and self.emperor and not self.immune >> p & 1:
                scrolls |= 2
        # the actions of (playable cards, permissions, off-colour Assassins, scrolls) never change: memoised
        cache = self.memo.legal
        out = cache.get(legal_key(m, okm, cube, rest, scrolls))
        if out is None:
            out = legal_plays(look, cache, m, okm, cube, rest, scrolls)
        if extra:
            return look.table.plays[extra.bit_length() - 1][cube] + out
        return out

    def _apply_trick(self, action: Move, player: int) -> None:
        if self.phase is not TRICK:
            self._apply_phase(action, player)
            return
        p = player
        move = action
        if move.kind is USE:  # Free Power or Immunity, during play
            self._use_in_play(move.arg, p)
            return
        look = self.look
        c = move.card
        deal = self.deal
        trick = self.trick
        n = len(trick)
        colour = move.colour
        power = move.power
        delta = move.delta
        if n == 0:
            self.lead = colour
        elif (colour != self.lead or n > self.wizard) and not (power and move.rank == ASSASSIN) and (
                deal is not PROGRAMMED or look.options.programmed_follow):
            # what the card shows of the hand (for ``resample``), before any new card comes in (18, 19)
            lacks = shown_lacking(c, self.lead, self.dominant, n > self.wizard)
            if lacks & ~self.lacks[p]:
                self.lacks = self.lacks.copy()
                self.lacks[p] = self.lacks[p] | lacks  # not ``|=``: see ``_apply_preparation``
        hands = self.hands
        hand = hands[p]
        if hand & move.bit:
            hands[p] = hand ^ move.bit
        else:
            self._from_top(c, p)
        if deal is PROGRAMMED or deal is DRAW_PILE:
            self._after_special(c, p)
        if delta:
            self.cubes[p] = self.cubes[p] - 1
        trick.append(look.entries[p][move.index])
        self.events.append(look.play_events[p][move.index])
        if power:
            r = move.rank
            if self.free >> p & 1:
                self.free &= ~(1 << p)
            elif not look.free_ranks >> r & 1:
                self.crystals[p] = self.crystals[p] - 1
            self.used |= 1 << r
            if self._activate(r, p, n):  # a follow-up choice awaits (Oracle, Farmer, Explorer)
                return
        elif self.free:
            self.free &= ~(1 << p)  # Free Power arms only the card played now [D]
        if deal is ROTATING:
            self._next()
        elif n + 1 == self.players:
            self._end_trick()
        else:
            self.actors = look.after[p]

    def _legal(self, player: int) -> list[Action]:
        return self._legal_trick(player)  # type: ignore[return-value]

    def _step(self, action: Action, player: int) -> None:
        self._apply_trick(action, player)  # type: ignore[arg-type]

    def _next(self) -> None:
        """After a card and its follow-ups: the next player, or the end of the trick."""
        n = self.players
        if self.deal is ROTATING and self.look.options.rotate_after == "card":
            self._rotate()
        self.phase = TRICK
        if len(self.trick) == n:
            self._end_trick()
            return
        self.actors = self.look.seats[(self.leader + len(self.trick)) % n]

    def _end_trick(self) -> None:
        trick = self.trick
        if self.dwarf or self.knight != NOWHERE:
            best = trick_winner(trick, self.lead, self.dominant, self.knight, self.dwarf)
        else:  # the common case of ``trick_winner``, inlined: highest dominant, else highest lead colour
            best = -1
            top = -1
            dom = self.dominant
            for i, entry in enumerate(trick):
                if entry[3] == dom and entry[2] > top:
                    best, top = i, entry[2]
            if best < 0:
                lead = self.lead
                for i, entry in enumerate(trick):
                    if entry[3] == lead and entry[2] > top:
                        best, top = i, entry[2]
        seat = trick[best][0]
        mask = 0
        for entry in trick:
            mask |= 1 << entry[1]
        self.won.append((seat, mask))
        self.played += (trick,)  # the list itself: it is done with (``self.trick`` is replaced below)
        nxt = self.named if self.named >= 0 else seat
        self.events.append(self.look.trick_events[seat][nxt])
        self.trick = []
        self.phase = TRICK
        self.trick_no += 1
        self.lead = -1
        if self.used or self.immune:  # every other trick mark is set only with a power or a scroll
            self._reset_trick()
        if self.deal is ROTATING and self.look.options.rotate_after == "trick":
            self._rotate()
        if self.trick_no >= self.tricks_total:
            self._end_round()
            return
        self.leader = nxt
        self.actors = (nxt,)

    def _end_round(self) -> None:
        """Score the mission; crystals and cubes return; the next round or the end [P]."""
        n = self.players
        number = self.mission
        result = score_mission(number, n, self.won, self.look.options.mission_points[number - 1])
        self.points = [self.points[p] + result[p] for p in range(n)]
        self.lost = [self.lost[p] + min(result[p], 0) for p in range(n)]
        self.results = [*self.results, tuple(result)]
        self.log("mission_scored", mission=number, points=result)
        if self.round_no >= self.look.options.rounds:
            self.phase = Phase.OVER
            self.actors = ()
            self.log("game_over", scores=self.scores(), winners=self.winners())
            return
        self.round_no += 1
        self._start_round()

    def _legal_over(self, player: int) -> list[Move]:
        return []

    def _apply_over(self, action: Move, player: int) -> None:
        """Nothing: no one acts once the game is over."""

    # --- the phase table -----------------------------------------------------------------------
    # rules: A game, the phases of a round (each mission step and follow-up in its section of effects.py).
    # ``_legal`` and ``_step`` are the trick's own methods, which hand every other phase to these chains,
    # written out from ``PHASES`` (engine/fields.py)

    def _legal_phase(self, player: int) -> list[Move]:
        # generated: legal chain (python -m tricktable.engine.fields)
        phase = self.phase
        if phase is PREPARATION:
            return self._legal_preparation(player)
        if phase is ORACLE_COLOUR:
            return self._legal_oracle_colour(player)
        if phase is FARMER_LEADER:
            return self._legal_farmer_leader(player)
        if phase is EXPLORER_SWAP:
            return self._legal_explorer_swap(player)
        if phase is PROGRAMMING:
            return self._legal_programming(player)
        if phase is SPLITTING:
            return self._legal_splitting(player)
        if phase is PICKING:
            return self._legal_picking(player)
        if phase is PASSING:
            return self._legal_passing(player)
        return self._legal_over(player)
        # end generated: legal chain

    def _apply_phase(self, action: Move, player: int) -> None:
        # generated: apply chain (python -m tricktable.engine.fields)
        phase = self.phase
        if phase is PREPARATION:
            self._apply_preparation(action, player)
        elif phase is ORACLE_COLOUR:
            self._apply_oracle_colour(action, player)
        elif phase is FARMER_LEADER:
            self._apply_farmer_leader(action, player)
        elif phase is EXPLORER_SWAP:
            self._apply_explorer_swap(action, player)
        elif phase is PROGRAMMING:
            self._apply_programming(action, player)
        elif phase is SPLITTING:
            self._apply_splitting(action, player)
        elif phase is PICKING:
            self._apply_picking(action, player)
        elif phase is PASSING:
            self._apply_passing(action, player)
        else:
            self._apply_over(action, player)
        # end generated: apply chain


LegalFn = Callable[[MegalomaniaRules, int], list[Move]]
ApplyFn = Callable[[MegalomaniaRules, Move, int], None]
# every phase's pair (``tests/test_shape.py`` checks the names and signatures); the decisions go through
# ``_legal_trick`` / ``_apply_trick`` and the chains above, written out from this table
PHASES: Final[dict[Phase, tuple[LegalFn, ApplyFn]]] = {  # in dispatch order: the commonest first
    Phase.TRICK: (MegalomaniaRules._legal_trick, MegalomaniaRules._apply_trick),
    Phase.PREPARATION: (MegalomaniaRules._legal_preparation, MegalomaniaRules._apply_preparation),
    Phase.ORACLE_COLOUR: (MegalomaniaRules._legal_oracle_colour, MegalomaniaRules._apply_oracle_colour),
    Phase.FARMER_LEADER: (MegalomaniaRules._legal_farmer_leader, MegalomaniaRules._apply_farmer_leader),
    Phase.EXPLORER_SWAP: (MegalomaniaRules._legal_explorer_swap, MegalomaniaRules._apply_explorer_swap),
    Phase.PROGRAMMING: (MegalomaniaRules._legal_programming, MegalomaniaRules._apply_programming),
    Phase.SPLITTING: (MegalomaniaRules._legal_splitting, MegalomaniaRules._apply_splitting),
    Phase.PICKING: (MegalomaniaRules._legal_picking, MegalomaniaRules._apply_picking),
    Phase.PASSING: (MegalomaniaRules._legal_passing, MegalomaniaRules._apply_passing),
    Phase.OVER: (MegalomaniaRules._legal_over, MegalomaniaRules._apply_over),
}
DISPATCHED_FIRST: Final = frozenset({Phase.TRICK})  # by ``_legal_trick`` / ``_apply_trick`` themselves
