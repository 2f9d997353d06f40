"""Megalomania's State: rounds, preparation, mission steps, tricks, powers and cubes (rules file, all sections).

Phases are a table (``PHASES``): each maps to its legality and its trusted step. Cards are ints, hands
32-bit masks (``cards.py``); ``clone`` copies a handful of lists. What each seat may know is tracked as it
happens (``known``, ``shown``, ``lacks``) so that ``observe`` and ``resample`` never read hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self

from tricktable.engine import Action, Observation, Rng, State
from tricktable.games.megalomania import actions as A
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania import steps
from tricktable.games.megalomania.cards import COLOUR_MASKS, FULL
from tricktable.games.megalomania.scoring import ranking_key, score_mission

if TYPE_CHECKING:
    from tricktable.games.megalomania.game import Megalomania

PREP, PROGRAM, SPLIT, PICK, PASS, PLAY, COLOUR, LEAD, GIVE, OVER = range(10)
# module-level copies of hot constants (a global load is cheaper than a module attribute)
ONCE_PER_TRICK, ASSASSINS, EXPLORERS = C.ONCE_PER_TRICK, C.ASSASSINS, C.EXPLORERS
FARMER_BIT, ASSASSIN_BIT, EXPLORER_BIT = 1 << C.FARMER, 1 << C.ASSASSIN, 1 << C.EXPLORER
ASSASSIN, EXPLORER, FARMER, ORACLE = C.ASSASSIN, C.EXPLORER, C.FARMER, C.ORACLE
DWARF, WIZARD, KNIGHT, EMPEROR = C.DWARF, C.WIZARD, C.KNIGHT, C.EMPEROR
PROGRAMMED, DRAW_PILE, ROTATING, COVERED = C.PROGRAMMED, C.DRAW_PILE, C.ROTATING, C.COVERED
USE = A.USE
FREE_POWER, IMMUNITY = C.FREE_POWER, C.IMMUNITY
PHASE_NAMES = ("preparation", "program", "split", "pick", "pass", "play", "oracle", "farmer", "explorer",
               "over")
# missions whose play needs no special source of cards (face-up piles, programmed orders)
SIMPLE = frozenset({C.PLAIN, C.FACE_UP, C.DRAW_PILE, C.SWAPPED, C.ROTATING, C.SPLIT, C.PASS})
PREP_SCROLLS = (C.EXTRA_CRYSTAL, C.EXTRA_CUBE, C.DOUBLE_CUBE, C.FIRST_LEAD, C.INSIGHT)


def _bits(mask: int) -> list[int]:
    return C.cards_of(mask)


def shuffle(rng: Rng, items: list[int], first: int | None = None) -> None:
    """Fisher-Yates from three 64-bit draws (mixed radix; bias below 2**-70 for 32 items): a deal costs
    3 draws instead of 31, which matters in random playouts. With ``first``, only the first ``first``
    places are drawn (a uniform random sample in random order, which is all a deal needs)."""
    size = len(items)
    if getattr(rng, "outside", False):  # chance answered from outside (engine/chance.py): card by card
        for i in range(min(size - 1, size if first is None else first)):
            j = i + rng.below(size - i)
            items[i], items[j] = items[j], items[i]
        return
    if size > 32:
        rng.shuffle(items)
        return
    x = rng.next64() << 128 | rng.next64() << 64 | rng.next64()
    for i in range(min(size - 1, size if first is None else first)):
        x, j = divmod(x, size - i)
        j += i
        items[i], items[j] = items[j], items[i]


BIT = tuple(1 << c for c in range(C.DECK))


class MegalomaniaState(State):
    """A game of Megalomania in progress (see the rules file; comments cite its sections)."""

    game: Megalomania

    def __init__(self, game: Megalomania, seed: int) -> None:
        super().__init__(game, seed)
        o = game.options
        n = game.players
        rng = self.rng
        self.dealer0 = o.dealer if o.dealer >= 0 else rng.below(n)  # rules: A game, dealer random at first
        # the mission deck: the fixed order first, the rest shuffled; one a round, no repeats [P]
        rest = [m for m in game.mission_pool if m not in o.mission_order]
        shuffle(rng, rest)
        self.mission_deck: tuple[int, ...] = (*o.mission_order, *rest)
        self.dominants: tuple[int, ...] = game.dominant_colours(rng)
        deck = [C.SCROLL_BY_NAME[s] for s in o.scrolls]
        if o.shuffle_scrolls:
            shuffle(rng, deck)
        self.scroll_deck: tuple[int, ...] = tuple(deck)  # top first
        self.scroll_used: tuple[int, ...] = ()
        self.scrolls: list[tuple[int, ...]] = [()] * n  # held, hidden from the others
        self.shown_scrolls = [0] * n  # how many each holds, as last revealed
        self.points = [0] * n
        self.lost = [0] * n  # sum of negative results (tie-break)
        self.results: list[tuple[int, ...]] = []  # per round
        self.insight = [-1] * n  # the round whose mission each seat has seen ahead
        self.rnd = 0
        self._start_round()

    # --- the State interface -------------------------------------------------------------------

    # the seats awaited now: a plain attribute (not a property) because every driver reads it per decision
    actors: tuple[int, ...] = ()

    @property
    def round(self) -> int:
        return self.rnd + 1 if self.phase != OVER else self.game.options.rounds

    # ``_legal`` and ``_step`` (the engine's hooks, one call per decision) are the play-phase functions
    # themselves, which hand any other phase to the PHASES table: one Python call less on the hot path.

    def scores(self) -> list[float]:
        totals = self.totals()
        if self.game.options.pairs:
            return [float(totals[p] + totals[(p + 2) % 4]) for p in range(4)]
        return [float(t) for t in totals]

    def totals(self) -> list[int]:
        """Each seat's own points; after the last round with the +2 for holding an unused scroll [P]."""
        if self.phase != OVER:
            return self.points.copy()
        return [pts + (2 if self.scrolls[p] else 0) for p, pts in enumerate(self.points)]

    def winners(self) -> list[int]:
        """Highest total; ties: fewer points lost, then holding no unused scroll, then shared [P]."""
        if self.phase != OVER:
            return []
        totals = self.totals()
        holders = [1 if s else 0 for s in self.scrolls]
        if self.game.options.pairs:
            keys = [ranking_key(totals[p] + totals[p + 2], self.lost[p] + self.lost[p + 2],
                                holders[p] + holders[p + 2]) for p in range(2)]
            best = max(keys)
            return sorted(p + 2 * k for p in range(2) if keys[p] == best for k in range(2))
        keys = [ranking_key(totals[p], self.lost[p], holders[p]) for p in range(self.players)]
        best = max(keys)
        return [p for p, k in enumerate(keys) if k == best]

    def ranking(self) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
        """The order of finish for statistics (``sim.balance``): the names of its levels (score, then each
        tie-break) and each seat's key, higher is better; ``winners`` are the seats with the best key."""
        totals, lost = self.totals(), self.lost
        holders = [1 if s else 0 for s in self.scrolls]
        if self.game.options.pairs:
            totals = [totals[p] + totals[(p + 2) % 4] for p in range(4)]
            lost = [lost[p] + lost[(p + 2) % 4] for p in range(4)]
            holders = [holders[p] + holders[(p + 2) % 4] for p in range(4)]
        keys = [tuple(float(x) for x in ranking_key(totals[p], lost[p], holders[p])) for p in range(self.players)]
        return ("points", "fewer points lost", "no unused scroll"), keys

    def all_cards(self) -> list[str]:
        mask = self.out
        for p in range(self.players):
            mask |= self.hands[p] | self.tops[p] | self.downs[p]
            for c in self.pile19[p]:
                mask |= 1 << c
        for entry in self.trick:
            mask |= 1 << entry[1]
        for _, won in self.won:
            mask |= won
        cards = C.texts(mask)
        count = len(cards)
        total = (self.out.bit_count() + sum(h.bit_count() + t.bit_count() + d.bit_count() + len(pl)
                 for h, t, d, pl in zip(self.hands, self.tops, self.downs, self.pile19, strict=True))
                 + len(self.trick) + sum(w.bit_count() for _, w in self.won))
        if total != count:  # a card in two places: report the duplicate so conservation tests catch it
            cards += ["?"] * (total - count)
        return cards

    def clone(self) -> Self:
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        self._copy_base(twin)
        twin.hands = self.hands.copy()
        twin.crystals = self.crystals.copy()
        twin.cubes = self.cubes.copy()
        twin.trick = self.trick.copy()
        twin.won = self.won.copy()
        # every other list is copy-on-write: replaced, never changed in place, so twins may share it
        return twin

    def resample(self, player: int, rng: Rng) -> Self:
        from tricktable.games.megalomania.resample import resample

        return resample(self, player, rng)

    def _observe(self, player: int | None) -> Observation:
        from tricktable.games.megalomania.observe import observe

        return observe(self, player)

    def _why_illegal(self, action: Action, player: int) -> str:
        from tricktable.games.megalomania.text import why_illegal

        return why_illegal(self, action, player)

    def _why_not(self, player: int) -> dict[str, dict[str, Any]]:
        from tricktable.games.megalomania.text import why_not_reasons

        return why_not_reasons(self, player)

    def result(self) -> dict[str, Any] | None:
        from tricktable.games.megalomania.result import result

        return result(self) if self.phase == OVER else None

    # --- rounds --------------------------------------------------------------------------------

    def _start_round(self) -> None:
        """Reveal the mission, deal by it, draw scrolls, open the preparation (rules: A game)."""
        game = self.game
        n = game.players
        r = self.rnd
        self.dealer = (self.dealer0 + r) % n  # passes clockwise [P]
        self.mission = self.mission_deck[r]
        info = C.mission(self.mission)
        self.kind = info.deal
        self.dom = self.dominants[r]
        self.hands = [0] * n
        self.tops = [0] * n  # mission 18: face-up cards, each over a face-down one
        self.downs = [0] * n
        self.under: tuple[int, ...] = ()  # mission 18: the card beneath each face-up card
        self.pile19: list[tuple[int, ...]] = [()] * n  # mission 19: draw piles, top first
        self.program: list[tuple[int, ...]] = [()] * n  # mission 15: the fixed order still to play
        self.chosen = [0] * n  # mission 24: first pile; mission 25: cards to pass
        self.shown = [0] * n  # cards in a hand that every seat has seen (13 face up, the Explorer's find)
        self.known = [0] * (n * (n + 1))  # known[v*(n+1)+q]: cards v knows lie with q (q == n: out of play)
        self.lacks = [0] * n  # cards each hand is known not to hold (failed follows, the Wizard's lowest)
        dealt = game.fixed_deal(r)
        if dealt is None:
            deck = list(range(C.DECK))
            size = info.hand
            shuffle(self.rng, deck, n * size)
            dealt = [deck[p * size:(p + 1) * size] for p in range(n)]
        out = FULL
        kind = self.kind
        hands = self.hands
        for p, cards in enumerate(dealt):
            mask = sum(map(BIT.__getitem__, cards))
            out &= ~mask
            hands[p] = mask
        self.out = out
        if kind == C.COVERED:  # rules: mission 18, first half face down under the second half
            under = [-1] * C.DECK
            for p, cards in enumerate(dealt):
                half = len(cards) // 2
                hands[p] = 0
                for down, up in zip(cards[:half], cards[half:], strict=True):
                    under[up] = down
                    self.downs[p] |= 1 << down
                    self.tops[p] |= 1 << up
            self.under = tuple(under)
        elif kind == C.DRAW_PILE:  # mission 19: 4 in hand, 4 in a face-down pile
            for p, cards in enumerate(dealt):
                half = len(cards) // 2
                hands[p] = sum(1 << c for c in cards[:half])
                self.pile19[p] = tuple(cards[half:])
        elif kind == C.FACE_UP:  # mission 13: the first 3 dealt are face up [D]
            self.shown = [sum(1 << c for c in cards[:3]) for cards in dealt]
        # resources: nothing carries over but scrolls [P]
        self.crystals = [0] * n
        self.cubes = [0] * n
        self.prep_used: list[tuple[int, ...]] = [()] * n
        self.first_claims = 0
        self.free = 0  # seats whose Free Power is armed for the card they play now
        self.immune = 0  # seats whose Immunity is armed this trick
        self.won: list[tuple[int, int]] = []  # completed tricks this round: (winner, cards)
        self.trick: list[tuple[int, int, int, int, bool, int]] = []  # (seat, card, value, colour, power, cube)
        self.trick_no = 0
        self.tricks_total = 0
        self._reset_trick()
        self.leader = (self.dealer + 1) % n
        self.log("round", round=r + 1, mission=self.mission, dominant=C.COLOURS[self.dom], dealer=self.dealer)
        # each player draws a scroll at the start of each round [D: scrolls]
        for i in range(1, n + 1):
            self._draw_scroll((self.dealer + i) % n)
        self.shown_scrolls = [len(s) for s in self.scrolls]
        self.phase = PREP
        self.done = 0
        self.actors = tuple(range(n))

    def _draw_scroll(self, p: int) -> None:
        if not self.scroll_deck and self.game.options.reshuffle_scrolls and self.scroll_used:
            deck = list(self.scroll_used)
            shuffle(self.rng, deck)
            self.scroll_deck, self.scroll_used = tuple(deck), ()
        if self.scroll_deck:
            s = self.scroll_deck[0]
            self.scroll_deck = self.scroll_deck[1:]
            self.scrolls = self.scrolls.copy()
            self.scrolls[p] = (*self.scrolls[p], s)
            self.events.append(self.game.drawn_events[p][s])

    def _spend_scroll(self, p: int, s: int) -> None:
        held = list(self.scrolls[p])
        held.remove(s)
        self.scrolls = self.scrolls.copy()
        self.scrolls[p] = tuple(held)
        self.scroll_used = (*self.scroll_used, s)

    def _reset_trick(self) -> None:
        self.lead = -1
        self.used = 0  # powers activated this trick (bit per rank)
        self.emperor = False
        self.knight = 99  # trick position of an activated Knight
        self.wizard = 99  # trick position of an activated Wizard
        self.fast = self.kind in SIMPLE  # plain follow rules apply: no Wizard, no special source of cards
        self.dwarf = False
        self.named = -1  # the Farmer's next leader
        self.found = -1  # the Explorer's discovered card, awaiting the give-back
        self.found_in = -1  # the completed trick it came from
        self.immune = 0

    # --- preparation (simultaneous and hidden) -------------------------------------------------

    def _legal_prep(self, p: int) -> list[A.Move]:
        table = self.game.table
        if not self.scrolls[p]:
            return table.ready
        out: list[A.Move] = []
        seen = 0
        for s in self.scrolls[p]:
            if seen >> s & 1:
                continue
            seen |= 1 << s
            if s in PREP_SCROLLS:
                if s != C.INSIGHT or self.rnd + 1 < self.game.options.rounds:
                    out.append(table.use[s])
            elif s == C.REDEAL:
                if self.out:
                    out.extend(table.redeal[c] for c in _bits(self.hands[p] & ~self.shown[p]))
                else:
                    out.append(table.redeal_scroll)
        out.extend(table.ready)
        return out

    def _step_prep(self, move: A.Move, p: int) -> None:
        only = self.game.only[p]
        kind = move.kind
        if kind == A.READY:
            self.crystals[p] += move.arg
            self.cubes[p] += self.game.options.resources - move.arg
            self.events.append(self.game.ready_event(p, self.crystals[p], self.cubes[p]))
            self._finish(p, self._reveal)
            return
        if kind == A.USE:
            s = move.arg
            self._spend_scroll(p, s)
            self.prep_used = self.prep_used.copy()
            self.prep_used[p] = (*self.prep_used[p], s)
            if s == C.EXTRA_CRYSTAL:
                self.crystals[p] += 1
            elif s == C.EXTRA_CUBE:
                self.cubes[p] += 1
            elif s == C.DOUBLE_CUBE:
                self.cubes[p] += 2
            elif s == C.FIRST_LEAD:
                self.first_claims |= 1 << p
            elif s == C.INSIGHT:
                self.insight = self.insight.copy()
                self.insight[p] = self.rnd + 1
                self.log("insight", only, seat=p, mission=self.mission_deck[self.rnd + 1])
                return
            self.log("scroll used", only, seat=p, scroll=C.SCROLLS[s].name)
            return
        self._spend_scroll(p, C.REDEAL)
        self.prep_used = self.prep_used.copy()
        self.prep_used[p] = (*self.prep_used[p], C.REDEAL)
        if kind == A.REDEAL_SCROLL:
            self.log("scroll used", only, seat=p, scroll="redeal")
            self._draw_scroll(p)
            return
        # rules: Redeal, swap one hand card with a random out-of-play card
        pool = _bits(self.out)
        new = pool[self.rng.below(len(pool))]
        gone = move.card
        self.hands[p] ^= (1 << gone) | (1 << new)
        self.out ^= (1 << gone) | (1 << new)
        n1 = self.players + 1
        self.known = self.known.copy()
        self.known[p * n1 + self.players] |= 1 << gone
        self.log("redeal", only, seat=p, gave=C.CARD_TEXT[gone], got=C.CARD_TEXT[new])

    def _finish(self, p: int, then: Callable[[], None]) -> None:
        """Mark ``p`` done at a simultaneous step; when everyone is, run ``then``."""
        self.done |= 1 << p
        self.actors = self.game.waiting[self.done]
        if not self.actors:
            self.done = 0
            then()

    def _reveal(self) -> None:
        """End of preparation: resources and scrolls used become public; the mission's step begins."""
        n = self.players
        self.shown_scrolls = [len(s) for s in self.scrolls]
        self.log("revealed", crystals=self.crystals.copy(), cubes=self.cubes.copy(),
                 scrolls=[[C.SCROLLS[s].name for s in used] for used in self.prep_used])
        if self.first_claims:  # First Lead: several claims go to the first from the dealer's left [D]
            for i in range(1, n + 1):
                if self.first_claims >> ((self.dealer + i) % n) & 1:
                    self.leader = (self.dealer + i) % n
                    break
        kind = self.kind
        if kind == C.SWAPPED:  # missions 20/21: give your hand to the player opposite [P]
            old = self.hands
            self.hands = [old[(p + 2) % 4] for p in range(4)]
            self.known = self.known.copy()
            for p in range(4):
                self.known[p * 5 + (p + 2) % 4] |= old[p]
            self.log("hands swapped", partners=[[0, 2], [1, 3]])
        if kind in (C.PROGRAMMED, C.SPLIT, C.PASS):
            self.phase = {C.PROGRAMMED: PROGRAM, C.SPLIT: SPLIT, C.PASS: PASS}[kind]
            self.actors = tuple(range(n))
            return
        self._start_play()

    def _start_play(self) -> None:
        p = 0
        self.tricks_total = (self.hands[p].bit_count() + self.tops[p].bit_count() + self.downs[p].bit_count()
                             + len(self.pile19[p]))
        self.phase = PLAY
        self.actors = (self.leader,)
        self.events.append(self.game.begin_events[self.leader])

    # --- tricks --------------------------------------------------------------------------------

    def playable(self, p: int) -> tuple[int, int]:
        """(cards ``p`` may play normally, all cards ``p`` could play at all) under the follow rules."""
        avail = self.hands[p] | self.tops[p]
        if self.kind == C.PROGRAMMED:
            order = self.program[p]
            if not self.game.options.programmed_follow:  # rules: mission 15, follow rules do not apply [D]
                return 1 << order[0], 1 << order[0]
        n = len(self.trick)
        if n == 0:
            m = avail
        elif n > self.wizard:  # rules: Wizard, lowest lead colour, else lowest dominant, else a lowest
            m = avail & COLOUR_MASKS[self.lead]
            if not m:
                m = avail & COLOUR_MASKS[self.dom]
            if m:
                m &= -m
            else:
                for cm in COLOUR_MASKS:
                    x = avail & cm
                    m |= x & -x
        else:  # rules: Tricks, lead colour, else dominant, else anything
            m = avail & COLOUR_MASKS[self.lead]
            if not m:
                m = avail & COLOUR_MASKS[self.dom] or avail
        if self.kind == C.PROGRAMMED:  # programmed_follow: the earliest card of your order that may go
            for c in self.program[p]:
                if m >> c & 1:
                    return 1 << c, avail
        return m, avail

    def _legal_play(self, p: int) -> list[A.Move]:
        if self.phase != PLAY:
            return LEGAL[self.phase](self, p)
        game = self.game
        if self.fast:  # the common case, inlined (rules: Tricks)
            avail = self.hands[p]
            m = (avail & COLOUR_MASKS[self.lead] or avail & COLOUR_MASKS[self.dom] or avail) if self.trick else avail
            ordered = False
        else:
            m, avail = self.playable(p)
            ordered = self.kind == PROGRAMMED
        if self.emperor and not self.immune >> p & 1:  # rules: Emperor, no power nor cube after it
            okm = 0
            cube = 0
        else:
            okm = 0xFF if self.crystals[p] or self.free >> p & 1 else game.free_ranks
            if self.used:
                okm &= ~(self.used & ONCE_PER_TRICK)  # rules: once per trick, counting all players
            if self.trick_no + 1 >= self.tricks_total:
                okm &= ~FARMER_BIT  # rules: the Farmer in the last trick does nothing [D]
            cube = 2 if self.cubes[p] else 0
        extra = 0
        if okm & EXPLORER_BIT:
            if not self.trick_no:  # rules: Explorer, not in the round's first trick
                okm &= ~EXPLORER_BIT
            else:
                hand = self.hands[p]
                if not hand & (hand - 1) and m & hand & EXPLORERS and not self.pile19[p]:
                    extra = hand  # the last hand card: no card would be left to give back
                    m &= ~hand
        # rules: Assassin, any colour with its power
        rest = avail & ASSASSINS & ~m if okm & ASSASSIN_BIT and not ordered else 0
        if ordered and okm & ASSASSIN_BIT and self.game.options.programmed_follow:
            rest = self._programmed_assassin(p, m)
        held = self.scrolls[p]
        scrolls = 0
        if held:  # during-play scrolls
            if FREE_POWER in held and not self.free >> p & 1:
                scrolls = 1
            if IMMUNITY in held and self.emperor and not self.immune >> p & 1:
                scrolls |= 2
        if extra:
            return game.table.plays[extra.bit_length() - 1][cube] + game.legal_list(m, okm, cube, rest, scrolls)
        # the actions of (playable cards, permissions, off-colour Assassins, scrolls) never change: memoised
        out = game.legal_cache.get(m | okm << 32 | cube << 40 | scrolls << 42 | rest << 48)
        if out is None:
            out = game.legal_list(m, okm, cube, rest, scrolls)
        return out

    def _programmed_assassin(self, p: int, m: int) -> int:
        """Mission 15 with ``programmed_follow``: an Assassin of the order ahead of the card that follows may
        go off-colour with its power (rules: Assassin, any colour), so it counts as the earliest that may go."""
        for c in self.program[p]:
            if m >> c & 1:
                return 0
            if c & 7 == ASSASSIN:
                return 1 << c
        return 0

    def _step_play(self, move: A.Move, p: int) -> None:
        if self.phase != PLAY:
            STEPS[self.phase](self, move, p)
            return
        if move.kind == USE:  # Free Power or Immunity, during play
            self._use_in_play(move.arg, p)
            return
        game = self.game
        c = move.card
        kind = self.kind
        trick = self.trick
        n = len(trick)
        colour = move.colour
        power = move.power
        delta = move.delta
        if n == 0:
            self.lead = colour
        elif (colour != self.lead or n > self.wizard) and not (power and move.rank == ASSASSIN) and (
                kind != PROGRAMMED or game.options.programmed_follow):
            self._infer(p, c, n)  # before any new card comes into the hand (missions 18, 19)
        hands = self.hands
        if hands[p] & move.bit:
            hands[p] ^= move.bit
        else:
            self._from_top(c, p)
        if kind in (PROGRAMMED, DRAW_PILE):
            self._after_special(c, p)
        if delta:
            self.cubes[p] -= 1
        trick.append((p, c, move.value + delta, colour, power, delta))
        self.events.append(game.play_events[p][move.index])
        if power:
            r = move.rank
            if self.free >> p & 1:
                self.free &= ~(1 << p)
            elif not game.free_ranks >> r & 1:
                self.crystals[p] -= 1
            self.used |= 1 << r
            if r == EMPEROR:
                self.emperor = True
            elif r == KNIGHT:
                self.knight = n
            elif r == WIZARD:
                self.wizard = n
                self.fast = False
            elif r == DWARF:
                self.dwarf = True
            elif r == ORACLE:
                self.phase = COLOUR
                return
            elif r == FARMER:
                self.phase = LEAD
                return
            elif r == EXPLORER:
                self._discover(p)
                return
        elif self.free:
            self.free &= ~(1 << p)  # Free Power arms only the card played now [D]
        if kind == ROTATING:
            self._next()
        elif n + 1 == game.players:
            self._end_trick()
        else:
            self.actors = game.after[p]

    _legal = _legal_play  # type: ignore[assignment]
    _step = _step_play  # type: ignore[assignment]

    def _use_in_play(self, s: int, p: int) -> None:
        """Free Power (arms the card you play now) or Immunity (this trick), during play."""
        self._spend_scroll(p, s)
        self.shown_scrolls = self.shown_scrolls.copy()
        self.shown_scrolls[p] -= 1
        if s == C.FREE_POWER:
            self.free |= 1 << p
        else:
            self.immune |= 1 << p
        self.log("scroll used", seat=p, scroll=C.SCROLLS[s].name)

    def _from_top(self, c: int, p: int) -> None:
        """Mission 18: a face-up card is played; the card beneath comes into the hand [P]."""
        self.tops = self.tops.copy()
        self.tops[p] ^= 1 << c
        u = self.under[c]
        self.downs = self.downs.copy()
        self.downs[p] ^= 1 << u
        self.hands[p] |= 1 << u
        self.lacks = self.lacks.copy()
        self.lacks[p] = 0

    def _after_special(self, c: int, p: int) -> None:
        """Mission 15: the card leaves the programmed order; mission 19: draw from your pile [P]."""
        if self.kind == PROGRAMMED:
            self.program = self.program.copy()
            self.program[p] = tuple(x for x in self.program[p] if x != c)
        elif self.pile19[p]:
            self.hands[p] |= 1 << self.pile19[p][0]
            self.pile19 = self.pile19.copy()
            self.pile19[p] = self.pile19[p][1:]
            self.lacks = self.lacks.copy()
            self.lacks[p] = 0

    def _infer(self, p: int, c: int, n: int) -> None:
        """What a follower's card shows about their hand (used by ``resample``)."""
        lead = self.lead
        dom = self.dom
        colour = c >> 3
        lacks = 0
        if n > self.wizard:  # forced to the lowest: nothing lower of that colour
            lacks = C.BELOW[c]
            if colour != lead:
                lacks |= COLOUR_MASKS[lead]
                if colour != dom:
                    lacks |= COLOUR_MASKS[dom]
        elif colour != lead:
            lacks = COLOUR_MASKS[lead]
            if colour != dom:
                lacks |= COLOUR_MASKS[dom]
        if lacks & ~self.lacks[p]:
            self.lacks = self.lacks.copy()
            self.lacks[p] |= lacks

    def _next(self) -> None:
        """After a card and its follow-ups: the next player, or the end of the trick."""
        n = self.players
        if self.kind == C.ROTATING and self.game.options.rotate_after == "card":
            self._rotate()
        self.phase = PLAY
        if len(self.trick) == n:
            self._end_trick()
            return
        self.actors = self.game.seats[(self.leader + len(self.trick)) % n]

    def winner(self) -> int:
        """The trick position that wins (rules: Tricks, Knight, Dwarf): trumps first, then lead colour."""
        dom = self.dom
        knight = self.knight
        low = self.dwarf
        best = -1
        best_value = 0
        for i, entry in enumerate(self.trick):
            if entry[3] == dom and i <= knight:
                v = entry[2]
                if best < 0 or (v < best_value if low else v > best_value):
                    best, best_value = i, v
        if best >= 0:
            return best
        lead = self.lead
        for i, entry in enumerate(self.trick):
            if entry[3] == lead and (lead != dom or i <= knight):
                v = entry[2]
                if best < 0 or (v < best_value if low else v > best_value):
                    best, best_value = i, v
        return best

    def _end_trick(self) -> None:
        trick = self.trick
        if self.dwarf or self.knight != 99:
            best = self.winner()
        else:  # the common case of ``winner``, inlined: highest dominant, else highest lead colour
            best = -1
            top = -1
            dom = self.dom
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
        nxt = self.named if self.named >= 0 else seat
        self.events.append(self.game.trick_events[seat][nxt])
        self.trick = []
        self.phase = PLAY
        self.trick_no += 1
        self.lead = -1
        if self.used or self.immune:  # every other trick flag is set only with a power or a scroll
            self._reset_trick()
        if self.kind == C.ROTATING and self.game.options.rotate_after == "trick":
            self._rotate()
        if self.trick_no >= self.tricks_total:
            self._end_round()
            return
        self.leader = nxt
        self.actors = (nxt,)

    def _rotate(self) -> None:
        """Mission 22: every hand passes to the right neighbour (seat - 1); knowledge moves with it."""
        n = self.players
        n1 = n + 1
        old = self.hands
        self.hands = [old[(q + 1) % n] for q in range(n)]
        self.shown = [self.shown[(q + 1) % n] for q in range(n)]
        self.lacks = [self.lacks[(q + 1) % n] for q in range(n)]
        known = self.known
        new = [0] * len(known)
        for v in range(n):
            for q in range(n):
                if q != v:
                    src = (q + 1) % n
                    new[v * n1 + q] = old[v] if src == v else known[v * n1 + src]
            new[v * n1 + n] = known[v * n1 + n]
        self.known = new

    def _end_round(self) -> None:
        """Score the mission; crystals and cubes return; the next round or the end [P]."""
        n = self.players
        number = self.mission
        result = score_mission(number, n, self.won, self.game.options.mission_points[number - 1])
        self.points = [a + b for a, b in zip(self.points, result, strict=True)]
        self.lost = [a + min(b, 0) for a, b in zip(self.lost, result, strict=True)]
        self.results = [*self.results, tuple(result)]
        self.log("mission scored", mission=number, points=result)
        self.rnd += 1
        if self.rnd >= self.game.options.rounds:
            self.phase = OVER
            self.actors = ()
            self.log("game over", scores=self.scores(), winners=self.winners())
            return
        self._start_round()

    # --- follow-ups: the Oracle's colour, the Farmer's leader, the Explorer's give-back ----------

    def _legal_colour(self, p: int) -> list[A.Move]:
        entry = self.trick[-1]
        return [m for i, m in enumerate(self.game.table.colour) if i != entry[3] and i != self.dom]

    def _step_colour(self, move: A.Move, p: int) -> None:
        seat, card, value, _, power, cube = self.trick[-1]
        self.trick[-1] = (seat, card, value, move.arg, power, cube)
        if len(self.trick) == 1:  # a led Oracle's new colour becomes the lead colour [D]
            self.lead = move.arg
        self.log("oracle", seat=p, colour=C.COLOURS[move.arg])
        self._next()

    def _legal_lead(self, p: int) -> list[A.Move]:
        return self.game.table.lead

    def _step_lead(self, move: A.Move, p: int) -> None:
        self.named = move.arg
        self.log("farmer", seat=p, leader=move.arg)
        self._next()

    def _discover(self, p: int) -> None:
        """Explorer: a random card of this round's completed tricks comes to the hand (public) [P; D]."""
        pool = 0
        for _, mask in self.won:
            pool |= mask
        cards = _bits(pool)
        found = cards[self.rng.below(len(cards))]
        self.found = found
        self.hands[p] |= 1 << found
        self.shown = self.shown.copy()
        self.shown[p] |= 1 << found
        for i, (w, mask) in enumerate(self.won):
            if mask >> found & 1:
                self.won[i] = (w, mask ^ (1 << found))
                self.found_in = i
                break
        self.log("explorer", seat=p, found=C.CARD_TEXT[found])
        self.phase = GIVE

    def _legal_give(self, p: int) -> list[A.Move]:
        table = self.game.table
        out = [table.give[c] for c in _bits(self.hands[p] & ~(1 << self.found))]
        if self.game.options.explorer_may_decline:
            out.append(table.decline)
        return out

    def _step_give(self, move: A.Move, p: int) -> None:
        c = self.found if move.kind == A.DECLINE else move.card
        self.hands[p] &= ~(1 << c)
        if self.kind == C.PROGRAMMED:  # mission 15: the discovered card takes the given card's place [D]
            self.program = self.program.copy()
            self.program[p] = tuple(self.found if x == c else x for x in self.program[p])
        w, mask = self.won[self.found_in]
        self.won[self.found_in] = (w, mask | (1 << c))  # the given card goes where the taken one was
        self.found = -1
        self.log("explorer gives", seat=p, card=C.CARD_TEXT[c], to=w)
        self._next()


def _legal_over(state: MegalomaniaState, p: int) -> list[A.Move]:
    return []


LegalFn = Callable[[MegalomaniaState, int], list[A.Move]]
StepFn = Callable[[MegalomaniaState, A.Move, int], None]
S = MegalomaniaState
# rules: A game, the phases of a round
PHASES: dict[int, tuple[LegalFn, StepFn]] = {
    PREP: (S._legal_prep, S._step_prep),
    PROGRAM: (steps.legal_program, steps.step_program),
    SPLIT: (steps.legal_split, steps.step_split),
    PICK: (steps.legal_pick, steps.step_pick),
    PASS: (steps.legal_pass, steps.step_pass),
    PLAY: (S._legal_play, S._step_play),
    COLOUR: (S._legal_colour, S._step_colour),
    LEAD: (S._legal_lead, S._step_lead),
    GIVE: (S._legal_give, S._step_give),
    OVER: (_legal_over, lambda s, m, p: None),
}
LEGAL: list[LegalFn] = [PHASES[i][0] for i in range(len(PHASES))]
STEPS: list[StepFn] = [PHASES[i][1] for i in range(len(PHASES))]
