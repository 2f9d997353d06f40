"""Every power, scroll and mission rule of Megalomania, each in one headed section with its rule on top.

Find a card's power under its name (Emperor, Oracle, Knight, Wizard, Dwarf, Explorer, Assassin, Farmer),
a scroll under "Scroll:", a mission's special deal or step under "Mission N", and who wins a trick under
"Who wins a trick". ``Effects`` is the part of the game state these rules act on; ``rules.py``'s
``MegalomaniaRules`` is built on it and runs the round (deal, preparation, tricks, scoring) around them.

Three tables tie the sections to the round: ``Effects._activate`` (rank -> what activating that power does
when its card is played), ``PREPARATION_SCROLLS`` (scroll -> what using it at the preparation does) and the
phase methods each section defines (``_legal_<phase>`` / ``_apply_<phase>``), dispatched by
``MegalomaniaRules._legal_phase`` / ``_apply_phase``.

How the powers limit what may be played (the crystal, once per trick, the Emperor's cancel, the Explorer's
first trick, the Farmer's last, the Assassin off-colour) is on the hot path of every decision, so it is
one block of ``MegalomaniaRules._legal_trick``; each line there names its power.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import Final

from tricktable.engine import Rng
from tricktable.engine.cards import Mask, cards_of, select
from tricktable.engine.fields import Copied
from tricktable.engine.hidden import HiddenChoice
from tricktable.engine.native import NativeState
from tricktable.engine.sampling import shuffle
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.actions import ActionTables, Entry, Kind, Lookups, Memos, Move
from tricktable.games.megalomania.cards import COLOUR_MASKS, VALUES, Deal
from tricktable.games.megalomania.phases import Phase

NOWHERE: Final = 99  # the trick position of a power not activated this trick (the Knight, the Wizard)


class Effects(NativeState):
    """The state the powers, scrolls and missions act on (``MegalomaniaRules`` sets every field).

    Every field of a game in progress is declared here, once (``engine/fields.py``): ``clone`` is written
    out from this list. A field the rules change in place is ``Copied``; every other is shared by clones.
    """

    # the engine's fields, declared again so that a compiled state holds them as its own
    game: ActionTables
    look: Lookups  # ``game.look``, held here: a native field, where the plain game's attributes are dict lookups
    memo: Memos  # ``game.memo``, held here likewise: one per fork of the game
    players: int
    rng: Rng
    phase: Phase
    actors: tuple[int, ...]
    round_no: int
    deal: Deal  # the round's mission's deal kind
    dominant: int
    mission_deck: tuple[int, ...]
    hands: Copied[list[Mask]]
    out: Mask  # out of play
    shown: list[Mask]  # hand cards every seat has seen (mission 13 face up, the Explorer's find)
    known: list[Mask]  # known[v * (players + 1) + q]: cards v knows lie with q (q == players: out of play)
    lacks: list[Mask]  # cards each hand is known not to hold
    tops: list[Mask]  # mission 18
    downs: list[Mask]
    under: tuple[int, ...]
    draw_piles: list[tuple[int, ...]]  # mission 19
    program: list[tuple[int, ...]]  # mission 15
    chosen: list[Mask]  # missions 24 and 25
    choice: HiddenChoice  # the simultaneous hidden step open now (preparation, a mission's step)
    crystals: Copied[list[int]]
    cubes: Copied[list[int]]
    scrolls: list[tuple[int, ...]]
    scroll_deck: tuple[int, ...]
    scroll_used: tuple[int, ...]
    shown_scrolls: list[int]
    prep_used: list[tuple[int, ...]]
    first_claims: int
    insight: list[int]
    free: int
    immune: int
    trick: Copied[list[Entry]]
    won: Copied[list[tuple[int, Mask]]]
    played: tuple[list[Entry], ...]  # the plays of ``won``'s tricks, in order (public; never changed in place)
    trick_no: int
    lead: int
    used: int
    emperor: bool
    knight: int
    wizard: int
    dwarf: bool
    fast: bool
    named: int
    found: int
    found_in: int
    # the game's course: its dealers, dominant colours, missions and points
    dealer0: int
    dealer: int
    dominants: tuple[int, ...]
    mission: int
    tricks_total: int
    leader: int
    points: list[int]
    lost: list[int]  # the sum of each seat's negative results (tie-break)
    results: list[tuple[int, ...]]  # per round

    # the round's flow, in rules.py
    @abstractmethod
    def _next(self) -> None:
        """After a card and its follow-ups: the next player, or the end of the trick."""

    @abstractmethod
    def _start_play(self) -> None:
        """After the preparation and the mission's step: the first trick."""

    def _open_choice(self, phase: Phase) -> None:
        """A simultaneous hidden step: every seat chooses in secret (engine/hidden.py)."""
        self.phase = phase
        self.choice = HiddenChoice.open(self.players)
        self.actors = self.choice.waiting

    def _finish(self, p: int) -> bool:
        """``p`` is done at the simultaneous step: whether everyone now is (the caller then moves on)."""
        self.choice = self.choice.choose(p)
        self.actors = self.choice.waiting
        return self.choice.is_complete

    def _activate(self, rank: int, p: int, position: int) -> bool:
        """What activating the power of ``rank`` does as its card is played by ``p`` at trick ``position``
        (each in its section below): True when a follow-up choice (Oracle, Farmer, Explorer) now awaits
        ``p``. A ``match``, not a table of functions (docs/architecture.md, "What the compiled build requires")."""
        match rank:
            case C.FARMER:
                return self._farmer(p, position)
            case C.ASSASSIN:
                return self._assassin(p, position)
            case C.EXPLORER:
                return self._explorer(p, position)
            case C.DWARF:
                return self._dwarf(p, position)
            case C.WIZARD:
                return self._wizard(p, position)
            case C.KNIGHT:
                return self._knight(p, position)
            case C.ORACLE:
                return self._oracle(p, position)
            case _:
                return self._emperor(p, position)

    # --- Emperor (15) [P]: cancel, once per trick -----------------------------------------------
    # "after it, no other player may use a power or a cube this trick; what was used before stays".
    # The check is ``_legal_trick``'s first permission test; Immunity (a scroll) lifts it for one seat.

    def _emperor(self, p: int, position: int) -> bool:
        self.emperor = True
        return False

    # --- Oracle (12) [P]: change colour ---------------------------------------------------------
    # "the Oracle becomes another colour, never the dominant one". [D] The follow rule checks its printed
    # colour; the new colour applies after. A led Oracle's new colour becomes the lead colour.

    def _oracle(self, p: int, position: int) -> bool:
        self.phase = Phase.ORACLE_COLOUR
        return True

    def _legal_oracle_colour(self, player: int) -> list[Move]:
        entry = self.trick[-1]
        return [m for i, m in enumerate(self.look.table.colour) if i != entry[3] and i != self.dominant]

    def _apply_oracle_colour(self, action: Move, player: int) -> None:
        seat, card, value, _, power, cube = self.trick[-1]
        self.trick[-1] = (seat, card, value, action.arg, power, cube)
        if len(self.trick) == 1:  # a led Oracle's new colour becomes the lead colour [D]
            self.lead = action.arg
        self.log("oracle", seat=player, colour=C.COLOURS[action.arg])
        self._next()

    # --- Knight (9) [P]: cancel trump, once per trick -------------------------------------------
    # "dominant-colour cards played by other players after it cannot win by trump; those before keep
    # it". [D] Other players' dominant cards after it can never win this trick; the led card always can.
    # ``knight`` is its trick position; ``trick_winner`` below applies it.

    def _knight(self, p: int, position: int) -> bool:
        self.knight = position
        return False

    # --- Wizard (7) [P]: force lowest, once per trick -------------------------------------------
    # "each later player must play their lowest lead-colour card; with none, their lowest dominant card;
    # with neither, the lowest card of a colour of their choice". [D] It binds only the players after it;
    # "lowest" is the printed value.

    def _wizard(self, p: int, position: int) -> bool:
        self.wizard = position
        self.fast = False  # the follow rule is no longer the plain one
        return False

    # --- Dwarf (6) [P]: revolution, once per trick ----------------------------------------------
    # "the lowest dominant card wins the trick; with no dominant card, the lowest lead-colour card".
    # [D] Modified values; cards the Knight disqualified are skipped; ties still go to the earlier card.

    def _dwarf(self, p: int, position: int) -> bool:
        self.dwarf = True
        return False

    # --- Explorer (4) [P]: discover, not in the round's first trick ------------------------------
    # "take a random card from the tricks already won this round and swap it for a card from your hand
    # (the given card goes where the taken one was)". [D] "Tricks already played" are the cards of this
    # round's completed tricks, whoever won them; it must swap (option ``explorer_may_decline``); the
    # find is public. Not legal as the last hand card (nothing would be left to give back).

    def _explorer(self, p: int, position: int) -> bool:
        pool = 0
        for _, mask in self.won:
            pool |= mask
        cards = cards_of(pool)
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
        self.phase = Phase.EXPLORER_SWAP
        return True

    def _legal_explorer_swap(self, player: int) -> list[Move]:
        table = self.look.table
        out = select(table.give, self.hands[player] & ~(1 << self.found))
        if self.look.options.explorer_may_decline:
            out.append(table.decline)
        return out

    def _apply_explorer_swap(self, action: Move, player: int) -> None:
        c = self.found if action.kind == Kind.DECLINE else action.card
        self.hands[player] &= ~(1 << c)
        if self.deal == Deal.PROGRAMMED:  # mission 15: the discovered card takes the given card's place [D]
            self.program = self.program.copy()
            self.program[player] = tuple(self.found if x == c else x for x in self.program[player])
        w, mask = self.won[self.found_in]
        self.won[self.found_in] = (w, mask | (1 << c))  # the given card goes where the taken one was
        self.found = -1
        self.log("explorer_gives", seat=player, card=C.CARD_TEXT[c], to=w)
        self._next()

    # --- Assassin (2) [P]: any colour -------------------------------------------------------------
    # "may be played even when the follow rule demands another card" (with its power, so a crystal [D:
    # free_powers]). Activating it does nothing more; ``_legal_trick`` adds the off-colour plays, and a
    # powered Assassin tells nothing about the hand (``_infer``).

    def _assassin(self, p: int, position: int) -> bool:
        return False

    # --- Farmer (1) [P]: choose the next leader, once per trick ------------------------------------
    # "choose the next leader (yourself included), whoever wins this trick". [D] In the last trick of a
    # round it does nothing, so it cannot be activated there.

    def _farmer(self, p: int, position: int) -> bool:
        self.phase = Phase.FARMER_LEADER
        return True

    def _legal_farmer_leader(self, player: int) -> list[Move]:
        return self.look.table.lead

    def _apply_farmer_leader(self, action: Move, player: int) -> None:
        self.named = action.arg
        self.log("farmer", seat=player, leader=action.arg)
        self._next()

    # --- Scrolls (rules: Resources; the deck and every effect are [D: scrolls]) ---------------------
    # Each player draws 1 at the start of each round; a scroll is used once, at the preparation unless it
    # says "during play"; unused scrolls are kept (+2 at the end of the game for holding one).

    def _draw_scroll(self, p: int) -> None:
        if not self.scroll_deck and self.look.options.reshuffle_scrolls and self.scroll_used:
            deck = list(self.scroll_used)
            shuffle(self.rng, deck)
            self.scroll_deck, self.scroll_used = tuple(deck), ()
        if self.scroll_deck:
            s = self.scroll_deck[0]
            self.scroll_deck = self.scroll_deck[1:]
            self.scrolls = self.scrolls.copy()
            self.scrolls[p] = (*self.scrolls[p], s)
            self.events.append(self.look.drawn_events[p][s])

    def _spend_scroll(self, p: int, s: int) -> None:
        held = list(self.scrolls[p])
        held.remove(s)
        self.scrolls = self.scrolls.copy()
        self.scrolls[p] = tuple(held)
        self.scroll_used = (*self.scroll_used, s)

    def _spend_at_preparation(self, p: int, s: int) -> None:
        """A scroll used at the preparation: spent, and noted to be revealed with the resources."""
        self._spend_scroll(p, s)
        self.prep_used = self.prep_used.copy()
        self.prep_used[p] = (*self.prep_used[p], s)

    # --- Scroll: Extra Crystal, Extra Cube, Double Cube [D]: +1 crystal / +1 cube / +2 cubes this round

    def _extra_crystal(self, p: int) -> None:
        self.crystals[p] += 1
        self.log("scroll_used", self.look.only[p], seat=p, scroll="extra-crystal")

    def _extra_cube(self, p: int) -> None:
        self.cubes[p] += 1
        self.log("scroll_used", self.look.only[p], seat=p, scroll="extra-cube")

    def _double_cube(self, p: int) -> None:
        self.cubes[p] += 2
        self.log("scroll_used", self.look.only[p], seat=p, scroll="double-cube")

    # --- Scroll: First Lead [D]: you lead this round's first trick ---------------------------------
    # Several claims: the first from the dealer's left leads (at the reveal, ``_reveal``).

    def _first_lead(self, p: int) -> None:
        self.first_claims |= 1 << p
        self.log("scroll_used", self.look.only[p], seat=p, scroll="first-lead")

    # --- Scroll: Insight [D]: see the next mission (not in the last round) ---------------------------

    def _insight(self, p: int) -> None:
        self.insight = self.insight.copy()
        self.insight[p] = self.round_no
        self.log("insight", self.look.only[p], seat=p, mission=self.mission_deck[self.round_no])

    # --- Scroll: Redeal [D]: swap one hand card with a random out-of-play card, or draw a new scroll if
    # none is out of play (actions ``redeal C`` and ``redeal scroll``)

    def _redeal(self, action: Move, p: int) -> None:
        self._spend_at_preparation(p, C.REDEAL)
        only = self.look.only[p]
        if action.kind == Kind.REDEAL_SCROLL:
            self.log("scroll_used", only, seat=p, scroll="redeal")
            self._draw_scroll(p)
            return
        pool = cards_of(self.out)
        new = pool[self.rng.below(len(pool))]
        gone = action.card
        self.hands[p] ^= (1 << gone) | (1 << new)
        self.out ^= (1 << gone) | (1 << new)
        n1 = self.players + 1
        self.known = self.known.copy()
        self.known[p * n1 + self.players] |= 1 << gone
        self.log("redeal", only, seat=p, gave=C.CARD_TEXT[gone], got=C.CARD_TEXT[new])

    # --- Scroll: Free Power, Immunity [D], during play ------------------------------------------------
    # Free Power: one power without a crystal (it arms only the card you play now). Immunity: your power
    # and cube ignore an earlier Emperor this trick. Used as an action before your card (``use ...``).

    def _use_in_play(self, s: int, p: int) -> None:
        self._spend_scroll(p, s)
        self.shown_scrolls = self.shown_scrolls.copy()
        self.shown_scrolls[p] -= 1
        if s == C.FREE_POWER:
            self.free |= 1 << p
        else:
            self.immune |= 1 << p
        self.log("scroll_used", seat=p, scroll=C.SCROLLS[s].name)

    # --- Mission 13 [P; which 3: D]: 6 cards, the first 3 dealt face up -------------------------------
    # Visible to all and played normally: ``shown`` holds them (set at the deal, ``_start_round``).

    # --- Mission 15 [P; D: programmed_follow]: program the order of your 6 cards ---------------------
    # "after preparation each player secretly fixes the order of all 6 cards and must play them in that
    # order; crystals and cubes are still chosen as each card is played"; follow rules do not apply [D].

    def _legal_programming(self, player: int) -> list[Move]:
        rest = self.hands[player]
        for c in self.program[player]:
            rest &= ~(1 << c)
        return select(self.look.table.program, rest)

    def _apply_programming(self, action: Move, player: int) -> None:
        order = (*self.program[player], action.card)
        rest = self.hands[player]
        for c in order:
            rest &= ~(1 << c)
        if rest.bit_count() == 1:  # the last card has no choice left
            order = (*order, rest.bit_length() - 1)
            rest = 0
        self.program = self.program.copy()
        self.program[player] = order
        if not rest:
            self.log("programmed", self.look.only[player], seat=player, order=[C.CARD_TEXT[c] for c in order])
            if self._finish(player):
                self._start_play()

    def _programmed_assassin(self, p: int, m: int) -> int:
        """With ``programmed_follow``: an Assassin of the order ahead of the card that follows may go
        off-colour with its power (rules: Assassin, any colour), so it counts as the earliest that may go."""
        for c in self.program[p]:
            if m >> c & 1:
                return 0
            if c & 7 == C.ASSASSIN:
                return 1 << c
        return 0

    # --- Mission 18 [P]: 8 cards, 4 face down, each under 1 face up --------------------------------------
    # "you may play a hand card or a face-up card; playing a face-up card puts the card beneath into your
    # hand".

    def _from_top(self, c: int, p: int) -> None:
        self.tops = self.tops.copy()
        self.tops[p] ^= 1 << c
        u = self.under[c]
        self.downs = self.downs.copy()
        self.downs[p] ^= 1 << u
        self.hands[p] |= 1 << u
        self.lacks = self.lacks.copy()
        self.lacks[p] = 0

    # --- Mission 19 [P]: 4 cards in hand, 4 in a face-down pile ------------------------------------------
    # "after each card you play, draw one from your own pile; only hand cards may be played".
    # (And mission 15's played card leaves the programmed order.)

    def _after_special(self, c: int, p: int) -> None:
        if self.deal == Deal.PROGRAMMED:
            self.program = self.program.copy()
            self.program[p] = tuple(x for x in self.program[p] if x != c)
        elif self.draw_piles[p]:
            self.hands[p] |= 1 << self.draw_piles[p][0]
            self.draw_piles = self.draw_piles.copy()
            self.draw_piles[p] = self.draw_piles[p][1:]
            self.lacks = self.lacks.copy()
            self.lacks[p] = 0

    # --- Missions 20 and 21 [P]: hands swapped -------------------------------------------------------------
    # "after preparation give your whole hand to the player opposite, your partner this round".

    def _swap_hands(self) -> None:
        old = self.hands
        self.hands = [old[(p + 2) % 4] for p in range(4)]
        self.known = self.known.copy()
        for p in range(4):
            self.known[p * 5 + (p + 2) % 4] |= old[p]
        self.log("hands_swapped", partners=[[0, 2], [1, 3]])

    # --- Mission 22 [P; D: rotate_after]: rotating hands ---------------------------------------------------
    # "after each card played, the remaining hands pass right"; we pass all hands right at the end of each
    # trick [D]. What each seat knows of a hand moves with it.

    def _rotate(self) -> None:
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

    # --- Mission 24 [P; D: split_picker]: split into two piles, your neighbour picks one blind -----------
    # "after preparation split your 8 cards into two face-down piles of 4; your left neighbour [D] picks
    # one blind; you play with it, the other is out".

    def _legal_splitting(self, player: int) -> list[Move]:
        return select(self.look.table.pile, self.hands[player] & ~self.chosen[player])

    def _apply_splitting(self, action: Move, player: int) -> None:
        self.chosen = self.chosen.copy()
        self.chosen[player] |= 1 << action.card
        if self.chosen[player].bit_count() * 2 >= self.hands[player].bit_count():
            self.log("split", self.look.only[player], seat=player, pile1=C.texts(self.chosen[player]),
                     pile2=C.texts(self.hands[player] & ~self.chosen[player]))
            if self._finish(player):
                self._open_choice(Phase.PICKING)

    def split_owner(self, picker: int) -> int:
        """Whose piles ``picker`` chooses from (the picker is that player's neighbour)."""
        step = 1 if self.look.options.split_picker == "left" else -1
        return (picker - step) % self.players

    def _legal_picking(self, player: int) -> list[Move]:
        return self.look.table.pick

    def _apply_picking(self, action: Move, player: int) -> None:
        owner = self.split_owner(player)
        first = self.chosen[owner]
        keep = first if action.arg == 0 else self.hands[owner] & ~first
        self.log("picked", self.look.only_two[player][owner], seat=player, owner=owner, pile=action.arg + 1)
        self.chosen = self.chosen.copy()
        self.chosen[owner] = ~keep & self.hands[owner]  # the pile going out of play
        if self._finish(player):
            self._close_picks()

    def _close_picks(self) -> None:
        n1 = self.players + 1
        self.known = self.known.copy()
        for p in range(self.players):
            gone = self.chosen[p]
            self.hands[p] &= ~gone
            self.out |= gone
            self.known[p * n1 + self.players] |= gone  # you know the pile you lost
        self.chosen = [0] * self.players
        self._start_play()

    # --- Mission 25 [P; D: pass_to]: pass 3 cards ---------------------------------------------------------
    # "after preparation pass 3 cards to your left neighbour [D], all at once".

    def _legal_passing(self, player: int) -> list[Move]:
        return select(self.look.table.passes, self.hands[player] & ~self.chosen[player])

    def _apply_passing(self, action: Move, player: int) -> None:
        self.chosen = self.chosen.copy()
        self.chosen[player] |= 1 << action.card
        if self.chosen[player].bit_count() >= 3 and self._finish(player):
            self._close_passes()

    def pass_target(self, p: int) -> int:
        return (p + (1 if self.look.options.pass_to == "left" else -1)) % self.players

    def _close_passes(self) -> None:
        n = self.players
        gone = self.chosen
        self.hands = [h & ~g for h, g in zip(self.hands, gone, strict=True)]
        self.known = self.known.copy()
        for p in range(n):
            to = self.pass_target(p)
            self.hands[to] |= gone[p]
            self.known[p * (n + 1) + to] |= gone[p]
            self.log("passed", self.look.only_two[p][to], seat=p, to=to, cards=C.texts(gone[p]))
        self.chosen = [0] * n
        self._start_play()


# whether this build compiled ``Effects`` (``make compiled``): a compiled class lists its own fields there, and
# keeps them out of ``__dict__``, so ``clone`` copies them one by one
COMPILED: Final = hasattr(Effects, "__mypyc_attrs__")


# scroll -> its effect when used at the preparation with ``use <scroll>`` (Redeal has its own actions,
# ``_redeal``; Free Power and Immunity are used during play, ``_use_in_play``)
PREPARATION_SCROLLS: Final[dict[int, Callable[[Effects, int], None]]] = {
    C.EXTRA_CRYSTAL: Effects._extra_crystal, C.EXTRA_CUBE: Effects._extra_cube,
    C.DOUBLE_CUBE: Effects._double_cube, C.FIRST_LEAD: Effects._first_lead, C.INSIGHT: Effects._insight}


# --- Who wins a trick [P], with the Knight and the Dwarf -------------------------------------------------
# "The highest dominant card wins; with none, the highest lead-colour card. Equal values: the earlier card
# wins. Value = printed value with cubes applied." The Knight (``knight``, its trick position) stops later
# dominant cards from winning; the Dwarf (``dwarf``) makes the lowest win.

def trick_winner(trick: Sequence[Entry], lead: int, dominant: int, knight: int = NOWHERE,
                 dwarf: bool = False) -> int:
    """The trick position that wins ``trick`` (entries as ``Effects.trick``: value at [2], colour at [3])."""
    best = -1
    best_value = 0
    for i, entry in enumerate(trick):
        if entry[3] == dominant and i <= knight:
            v = entry[2]
            if best < 0 or (v < best_value if dwarf else v > best_value):
                best, best_value = i, v
    if best >= 0:
        return best
    for i, entry in enumerate(trick):
        if entry[3] == lead and (lead != dominant or i <= knight):
            v = entry[2]
            if best < 0 or (v < best_value if dwarf else v > best_value):
                best, best_value = i, v
    return best


# --- The follow rule [P], and the Wizard's lowest -----------------------------------------------------------
# "each player must play the lead colour if able; otherwise the dominant colour if able; otherwise anything".

def can_follow(avail: Mask, lead: int, dominant: int) -> Mask:
    """The cards of ``avail`` the follow rule allows after ``lead`` was led (rules: Tricks)."""
    return avail & COLOUR_MASKS[lead] or avail & COLOUR_MASKS[dominant] or avail


def wizard_lowest(avail: Mask, lead: int, dominant: int) -> Mask:
    """The cards of ``avail`` a player after an activated Wizard may play (rules: Wizard)."""
    m = avail & COLOUR_MASKS[lead]
    if not m:
        m = avail & COLOUR_MASKS[dominant]
    if m:
        return m & -m
    for cm in COLOUR_MASKS:
        x = avail & cm
        m |= x & -x
    return m


def shown_lacking(card: int, lead: int, dominant: int, forced: bool) -> Mask:
    """The cards a player is seen not to hold after playing ``card`` to a trick led in ``lead``: the lead
    colour (and the dominant colour) when they did not follow; below a Wizard, every lower card of the
    colour they played as well (their lowest)."""
    colour = card >> 3
    lacks = C.BELOW[card] if forced else 0
    if colour != lead:
        lacks |= COLOUR_MASKS[lead]
        if colour != dominant:
            lacks |= COLOUR_MASKS[dominant]
    return lacks


# --- Mission points [P; italic values D: mission_points] (rules: Missions) ----------------------------------
# Tricks = tricks you won; cards = cards in the tricks you won. Each player is scored on their own.
# Pure functions over the completed tricks of a round as ``(winner, cards mask)`` pairs.

DWARVES_AND_WIZARDS: Final[Mask] = sum(((1 << C.DWARF) | (1 << C.WIZARD)) << (8 * c) for c in range(4))
BLUE, YELLOW, RED, BLACK = COLOUR_MASKS
COUNTED_COLOUR: Final = {3: BLUE, 4: YELLOW, 9: RED, 10: BLACK}  # missions 3, 4, 9, 10: per card of a colour
EXACT_TRICKS: Final = {1: 3, 13: 1, 14: 2, 17: 2}  # missions won by exactly this many tricks


def printed_sum(mask: Mask) -> int:
    """The sum of the printed values of a set of cards (missions 7 and 11 count printed values [D])."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUES[(low.bit_length() - 1) & 7]
        mask ^= low
    return total


def _unique_best(counts: Sequence[int]) -> int:
    """The seat with strictly the most, or -1 on a tie (rules: "tie: nobody")."""
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else -1


def passes(number: int, tricks: int, cards: Mask) -> bool:
    """Whether a player who won ``tricks`` tricks holding ``cards`` scores mission ``number``, one of those
    scored by a yes/no test on each player alone."""
    if number in (1, 13, 14, 17):  # exactly so many tricks
        return tricks == EXACT_TRICKS[number]
    if number == 2:  # a card of every colour
        return bool(cards & COLOUR_MASKS[0] and cards & COLOUR_MASKS[1] and cards & COLOUR_MASKS[2]
                    and cards & COLOUR_MASKS[3])
    if number in (5, 16):  # at least four tricks
        return tricks >= 4
    if number == 6:  # no Dwarf and no Wizard
        return not cards & DWARVES_AND_WIZARDS
    if number == 11:  # printed values adding up to 80 or more
        return printed_sum(cards) >= 80
    if number == 12:  # an odd number of tricks
        return tricks % 2 == 1
    if number == 24:  # no trick
        return tricks == 0
    raise ValueError(f"mission {number} is not scored by a test on each player")


def score_mission(number: int, players: int, tricks: list[tuple[int, Mask]], points: int) -> list[int]:
    """Each seat's result for mission ``number`` given this round's completed tricks.

    ``points`` is the mission's value from option ``mission_points`` (per card or trick for counting ones).
    """
    count = [0] * players
    cards = [0] * players
    for winner, mask in tricks:
        count[winner] = count[winner] + 1
        cards[winner] = cards[winner] | mask
    out = [0] * players
    if number in (3, 4, 9, 10):
        colour = COUNTED_COLOUR[number]
        return [points * (c & colour).bit_count() for c in cards]
    if number in (18, 25):
        return [points * n for n in count]
    if number == 19:
        return [points * (c & DWARVES_AND_WIZARDS).bit_count() for c in cards]
    if number == 7:
        for winner, mask in tricks:
            if printed_sum(mask) <= 25:
                out[winner] += points
        return out
    if number == 8:
        for winner, mask in tricks:
            if all(mask & m for m in COLOUR_MASKS):
                out[winner] = points
        return out
    if number in (15, 22):
        best = _unique_best(count)
        if best >= 0:
            out[best] = points
        return out
    if number == 23:
        for colour in COLOUR_MASKS:
            best = _unique_best([(c & colour).bit_count() for c in cards])
            if best >= 0 and cards[best] & colour:
                out[best] += points
        return out
    if number in (20, 21):
        team = [count[0] + count[2], count[1] + count[3]] if players == 4 else [0, 0]
        if team[0] != team[1]:
            more = 0 if team[0] > team[1] else 1
            chosen = more if number == 20 else 1 - more
            out[chosen] = out[chosen + 2] = points
        return out
    return [points if passes(number, count[p], cards[p]) else 0 for p in range(players)]
