"""The 14 hero effects: when each can be carried out, and the steps (choices) it asks for.

rules: "every card played to the Pot triggers its hero's effect ... mandatory if it can be carried out,
and all or nothing: if it cannot be carried out completely, nothing happens." So each effect has a
``can`` test, checked once when the card is placed (after it left its player's hand); when it passes,
``start`` begins the effect and every choice it needs is a step: an action of the player who makes it
(the card's player, except Nomad's pass which every player makes at once). The ``STEPS`` table says what
each step asks and where its choices come from; ``FIRST_STEP`` is each hero's first.

Steps share a small record on the state: ``fx_player`` (the card's player), ``fx_target`` (the opponent
chosen), ``fx_card`` (a card chosen at an earlier step) and ``fx_count`` (cards put back so far).
A step's function (one section a hero, called by ``choose``) sets ``state.step`` to the next step, or to
``NONE`` when the effect is done.

The tableaus, the Trash, the deck and the knowledge records are copy-on-write (clones share them, rules.py
``clone``): an effect replaces such a list or record, never changes it in place (``_without``, ``_with``).
"""

from __future__ import annotations

from abc import abstractmethod
from dataclasses import dataclass
from typing import Any, Final

from tricktable.engine import Event, Game, Rng
from tricktable.engine.fields import Copied, CopiedRows
from tricktable.engine.hidden import CLOSED, HiddenChoice, only
from tricktable.engine.native import NativeState
from tricktable.games.trickster.actions import ActionTable, Kind
from tricktable.games.trickster.cards import (
    ARCHIVIST,
    BRIGAND,
    CARD_TEXT,
    DECK,
    DOCTOR,
    EXPLORER,
    GUARD,
    INVENTOR,
    MAGICIAN,
    NOMAD,
    PEDDLER,
    REVOLUTIONARY,
    SCAVENGER,
    SCION,
    SOLDIER,
    WITNESS,
    in_order,
)
from tricktable.games.trickster.options import TricksterOptions
from tricktable.games.trickster.phases import Phase


class Board(NativeState):
    """What an effect reads and changes in a game in progress (``rules.TricksterRules`` is built on it and
    sets every field): the zones, the effect record, and the bookkeeping of what each seat knows (rules.py,
    "What each seat knows"). A class, not a protocol: the compiled build reads its fields natively."""

    # Every field of a game in progress is declared here, once (``engine/fields.py``: ``clone`` is written out
    # from this list; rules.py adds ``pattern``). A field the rules change in place is ``Copied`` (its rows
    # too: ``CopiedRows``); every other is shared by clones: replaced when it changes, never in place.
    # The engine's fields, declared again so that a compiled state holds them as its own:
    game: Game[TricksterOptions]
    players: int
    rng: Rng
    round_no: int
    options: TricksterOptions
    action_table: ActionTable
    token: bool
    skip_empty: bool
    whole_pot: bool
    phase: Phase
    hands: CopiedRows[list[list[int]]]
    tableaus: Copied[list[list[int]]]  # each seat's row is replaced when it changes
    trash: list[int]
    deck: list[int]
    trick: Copied[list[int]]
    trick_seats: Copied[list[int]]
    trick_moved: Copied[list[bool]]
    # the round's completed tricks as the table saw them (public): cards, who placed each, whether a Guard
    # moved it in, and the buster who took them (policy inference rebuilds earlier plays from it)
    played: tuple[tuple[list[int], list[int], list[bool], int], ...]  # never changed in place
    check_suits: int
    check_heroes: int
    leader: int
    order: list[int]
    turn: int
    lead_card: int
    round_leader: int
    last_buster: int
    first_buster: int
    round_scores: list[list[int]]
    totals: tuple[float, ...]
    suit_counts: list[list[int]]
    round_counts: list[list[list[int]]]
    first_leader: int
    heroes: tuple[int, ...]
    draft_pool: list[int]
    drafted: tuple[int, ...]
    drafter: int
    # the effect record
    fx_player: int
    fx_target: int
    fx_card: int
    fx_count: int
    step: int
    choice: HiddenChoice  # the secret picks of the opening card or of Nomad's pass (engine/hidden.py)
    know: Copied[list[dict[int, int]]]  # rows replaced when they change
    lacks: Copied[list[list[int]]]
    # the seats awaited now: a plain attribute (not a property) because every driver reads it per decision;
    # the rules set it after every step
    actors: tuple[int, ...] = ()

    # the Pot and the knowledge records, in rules.py
    @abstractmethod
    def _add_to_trick(self, c: int, p: int, *, moved: bool) -> None: ...
    @abstractmethod
    def _learn(self, o: int, c: int, place: int) -> None: ...
    @abstractmethod
    def _unlearn(self, o: int, c: int) -> None: ...
    @abstractmethod
    def _set_lacks(self, o: int, q: int, mask: int) -> None: ...
    @abstractmethod
    def _forget_card(self, c: int) -> None: ...
    @abstractmethod
    def _drop_hand(self, o: int, q: int) -> None: ...
    @abstractmethod
    def _hand_to_hand(self, c: int, src: int | None, dst: int, seen: tuple[int, ...]) -> None: ...
    @abstractmethod
    def _hand_to_deck(self, c: int, src: int) -> None: ...
    @abstractmethod
    def _deck_to_hand(self, c: int, dst: int, seen: tuple[int, ...]) -> None: ...
    @abstractmethod
    def _public_to_hand(self, c: int, dst: int) -> None: ...


# the steps of the heroes' effects by number (``Board.step``)
NONE: Final = 0
EXPLORER_KEEP: Final = 1
BRIGAND_SEAT: Final = 2
BRIGAND_GIVE: Final = 3
GUARD_MOVE: Final = 4
MAGICIAN_SWAP: Final = 5
MAGICIAN_TAKE: Final = 6
NOMAD_PASS: Final = 7
PEDDLER_SEAT: Final = 8
PEDDLER_MOVE: Final = 9
REVOLUTIONARY_SEAT: Final = 10
REVOLUTIONARY_SWAP: Final = 11
REVOLUTIONARY_TAKE: Final = 12
SOLDIER_SEAT: Final = 13
SOLDIER_MOVE: Final = 14
ARCHIVIST_SWAP: Final = 15
ARCHIVIST_TAKE: Final = 16
ARCHIVIST_RETURN: Final = 17
DOCTOR_TAKE: Final = 18
INVENTOR_BOTTOM: Final = 19
SCION_SWAP: Final = 20
SCION_TAKE: Final = 21
SCAVENGER_TAKE: Final = 22
WITNESS_SEAT: Final = 23


# where a step's choices come from (``Step.source``): the player's hand, their tableau, the Trash, or a
# list of its own (``choices`` below: the seats, or the deck cards in view)
HAND: Final = 0
TABLEAU: Final = 1
TRASH: Final = 2
OWN: Final = 3


@dataclass(frozen=True, slots=True)
class Step:
    """One choice inside an effect: the hero asking, what it asks (shown to players), its action kind and
    where its choices come from (``source``). What choosing does is the step's function below (``choose``).

    ``secret``: ``fx_card`` (a hand card picked at the step before) is seen only by the effect's player.
    """

    name: str
    hero: int
    kind: Kind
    source: int
    secret: bool = False


# the events the commonest steps log, each built once and shared (read-only) by every state, like the plays'
# (rules.py): ``_shared(kind, seat, target, card)`` (-1: no such field), and each seat's secret Nomad pick
PICK: Final = 0
TO_POT: Final = 1
TARGET: Final = 2
TO_TABLEAU: Final = 3
PASSED: Final = 4
PASS: Final = 5
_KINDS: Final = ("pick", "to_pot", "target", "to_tableau", "passed", "pass")
_SHARED: Final[dict[int, Event]] = {}
PASS_PICK: Final = [[Event("chose", {"seat": p, "card": CARD_TEXT[c], "why": "pass"}, only(p))
                     for c in range(len(CARD_TEXT))] for p in range(7)]


def _shared(kind: int, seat: int, target: int = -1, card: int = -1) -> Event:
    """The event ``_KINDS[kind]`` with ``seat``, then ``target`` and ``card`` when given (>= 0); a Nomad
    ``pass`` is seen by its two seats only. Keyed by one small int: a tuple key is hashed at every look-up."""
    key = ((kind * 8 + seat) * 8 + target + 1) * 128 + card + 1
    event = _SHARED.get(key)
    if event is None:
        data: dict[str, Any] = {"seat": seat}
        if target >= 0:
            data["target"] = target
        if card >= 0:
            data["card"] = CARD_TEXT[card]
        event = _SHARED[key] = Event(_KINDS[kind], data, frozenset((seat, target)) if kind == PASS else None)
    return event


def _without(cards: list[int], c: int) -> list[int]:
    """A new list: ``cards`` without ``c`` (copy-on-write zones are replaced, never changed in place)."""
    out = cards.copy()
    out.remove(c)
    return out


def _with(cards: list[int], c: int) -> list[int]:
    """A new list: ``cards`` and then ``c``."""
    return [*cards, c]


def _opponents(s: Board, p: int) -> list[int]:
    return [q for q in range(s.players) if q != p]


def _done(s: Board) -> None:
    s.step = NONE


def _private(s: Board, seats: tuple[int, ...], kind: str, public: dict[str, object], secret: dict[str, object]) -> None:
    """Log ``kind`` for everyone, then ``<kind>_seen`` with the ``secret`` data for ``seats`` only."""
    s.log_data(kind, public)
    s.log_data(kind + "_seen", {**public, **secret}, only(seats[0]) if len(seats) == 1 else frozenset(seats))


# --- Explorer [P]: reveal the top 2 deck cards; put one in your hand, the other back on top -----------

def _explorer_begin(s: Board, p: int) -> None:
    top = [s.deck[-1], s.deck[-2]]
    if s.options.explorer_reveal == "public":
        s.log("reveal_seen", None, seat=p, cards=[CARD_TEXT[c] for c in top])  # face up: everyone sees them
        for o in range(s.players):
            for c in top:
                s._learn(o, c, DECK)
    else:
        _private(s, (p,), "reveal", {"seat": p, "count": 2}, {"cards": [CARD_TEXT[c] for c in top]})
        for c in top:
            s._learn(p, c, DECK)
    s.step = EXPLORER_KEEP


def _explorer_keep(s: Board, p: int, c: int) -> None:
    s.deck = s.deck[:-1] if s.deck[-1] == c else [*s.deck[:-2], s.deck[-1]]
    s.hands[p].append(c)
    if s.options.explorer_reveal == "public":
        s.log("keep_seen", None, seat=p, card=CARD_TEXT[c])
        s._public_to_hand(c, p)
    else:
        _private(s, (p,), "keep", {"seat": p}, {"card": CARD_TEXT[c]})
        for o in range(s.players):
            if o != p:
                s._unlearn(o, s.deck[-1])
        s._deck_to_hand(c, p, (p,))
    _done(s)


# --- Brigand: take a random card from an opponent's hand, then give them one of your choice -----------

def _brigand_seat(s: Board, p: int, q: int) -> None:
    s.fx_target = q
    c = s.hands[q].pop(s.rng.below(len(s.hands[q])))
    s.hands[p].append(c)
    _private(s, (p, q), "rob", {"seat": p, "target": q}, {"card": CARD_TEXT[c]})
    s._hand_to_hand(c, q, p, (p, q))
    s.step = BRIGAND_GIVE


def _brigand_give(s: Board, p: int, c: int) -> None:
    q = s.fx_target
    s.hands[p].remove(c)
    s.hands[q].append(c)
    _private(s, (p, q), "give", {"seat": p, "target": q}, {"card": CARD_TEXT[c]})
    s._hand_to_hand(c, p, q, (p, q))
    _done(s)


# --- Guard: move a card from your tableau into the Pot ------------------------------------------------

def _guard_move(s: Board, p: int, c: int) -> None:
    s.tableaus[p] = _without(s.tableaus[p], c)
    s.events.append(_shared(TO_POT, p, card=c))
    s._add_to_trick(c, p, moved=True)
    _done(s)


# --- Magician: swap a card from your hand with a card in the Trash ------------------------------------

def _pick_secret(s: Board, p: int, c: int, step: int) -> None:
    s.fx_card = c
    s.step = step


def _magician_take(s: Board, p: int, t: int) -> None:
    h = s.fx_card
    s.hands[p].remove(h)
    s.trash = [h if x == t else x for x in s.trash]
    s.hands[p].append(t)
    s.log("swap_trash", None, seat=p, gave=CARD_TEXT[h], took=CARD_TEXT[t])
    s._forget_card(h)
    s._public_to_hand(t, p)
    _done(s)


# --- Nomad: every player passes a card of their choice to the left, simultaneously --------------------

def _nomad_begin(s: Board, p: int) -> None:
    s.choice = HiddenChoice.open(s.players)  # engine/hidden.py: every seat picks in secret, shown together
    s.step = NOMAD_PASS


def nomad_pass(s: Board, p: int, c: int) -> None:
    s.choice = s.choice.choose(p, c)
    s.events.append(PASS_PICK[p][c])
    if not s.choice.is_complete:
        return
    n, chosen = s.players, s.choice.picks
    # knowledge, per observer o, against the hands before the passes (rules: simultaneous): every seat q but
    # o and the one before o (``unseen``) gave away a card o did not see, so o's facts about the cards they
    # gave and about their hands go (and q's ``lacks`` mask, where it exempted such a fact); then o knows
    # where its own card went, and the card it got is its own. One new record per seat, where dropping fact
    # by fact copied it per change (``_unlearn``, ``_drop_hand`` and ``_learn`` do this for one move).
    for o in range(n):
        facts = s.know[o]
        before = (o - 1) % n
        new: dict[int, int] = {}
        if facts:
            unseen = ((1 << n) - 1) & ~(1 << o) & ~(1 << before)
            row = s.lacks[o]
            stale = 0  # seats whose mask exempted a fact that goes
            for card, place in facts.items():
                gone = False  # given away by a seat o did not see (a loop over the few picks: native ints)
                for q in range(n):
                    if chosen[q] == card:
                        gone = (unseen >> q & 1) != 0
                        break
                if gone:
                    continue
                if place >= 0 and unseen >> place & 1:
                    if row[place] >> card & 1:
                        stale |= 1 << place
                    continue
                new[card] = place
            for q in range(n):
                if stale >> q & 1:
                    s._set_lacks(o, q, 0)
        got = chosen[before]  # the card o got is in o's own hand: no fact
        if got in new:
            del new[got]  # noqa: RUF051
        new[chosen[o]] = (o + 1) % n  # the card o gave
        s.know[o] = new
        row = s.lacks[o]
        for q in range(n):
            if row[q] != 0 and q != o and q != (o + 1) % n:
                s._set_lacks(o, q, 0)  # q received a card o did not see
    for q in range(n):
        s.hands[q].remove(chosen[q])
    for q in range(n):
        s.hands[(q + 1) % n].append(chosen[q])
    s.events.append(_shared(PASSED, p))
    for q in range(n):
        s.events.append(_shared(PASS, q, (q + 1) % n, chosen[q]))
    s.choice = CLOSED
    _done(s)


# --- Peddler: move a card from your tableau to an opponent's tableau ----------------------------------

def _choose_target(s: Board, p: int, q: int, step: int) -> None:
    s.fx_target = q
    s.events.append(_shared(TARGET, p, q))
    s.step = step


def _peddler_move(s: Board, p: int, c: int) -> None:
    q = s.fx_target
    s.tableaus[p] = _without(s.tableaus[p], c)
    s.tableaus[q] = _with(s.tableaus[q], c)
    s.events.append(_shared(TO_TABLEAU, p, q, c))
    _done(s)


# --- Revolutionary: swap a card in your tableau with a card in an opponent's tableau ------------------

def _revolutionary_take(s: Board, p: int, t: int) -> None:
    q, c = s.fx_target, s.fx_card
    s.tableaus[p] = _with(_without(s.tableaus[p], c), t)
    s.tableaus[q] = _with(_without(s.tableaus[q], t), c)
    s.log("swap_tableaus", None, seat=p, target=q, gave=CARD_TEXT[c], took=CARD_TEXT[t])
    _done(s)


# --- Soldier: move a card from your hand to an opponent's tableau -------------------------------------

def _soldier_move(s: Board, p: int, c: int) -> None:
    q = s.fx_target
    s.hands[p].remove(c)
    s.tableaus[q] = _with(s.tableaus[q], c)
    s.events.append(_shared(TO_TABLEAU, p, q, c))
    s._forget_card(c)
    _done(s)


# --- Archivist: look at the top 3, swap one with a hand card, put the 3 back in any order -------------

def _archivist_begin(s: Board, p: int) -> None:
    top = s.deck[-3:][::-1]
    _private(s, (p,), "look_deck", {"seat": p, "count": 3}, {"cards": [CARD_TEXT[c] for c in top]})
    for c in top:
        s._learn(p, c, DECK)
    s.step = ARCHIVIST_SWAP


def _archivist_take(s: Board, p: int, t: int) -> None:
    h = s.fx_card
    i = len(s.deck) - 1 - s.deck[::-1].index(t)
    s.deck = s.deck.copy()
    s.deck[i] = h
    s.hands[p].remove(h)
    s.hands[p].append(t)
    _private(s, (p,), "swap_deck", {"seat": p}, {"gave": CARD_TEXT[h], "took": CARD_TEXT[t]})
    for o in range(s.players):
        if o != p:
            for c in s.deck[-3:]:
                s._unlearn(o, c)  # the top 3 are reordered out of sight
    s._hand_to_deck(h, p)
    s._deck_to_hand(t, p, (p,))
    s.fx_count = 0
    s.fx_card = -1
    s.step = ARCHIVIST_RETURN


def _archivist_unplaced(s: Board, p: int) -> list[int]:
    top = len(s.deck) - 1 - s.fx_count
    return s.deck[len(s.deck) - 3:top + 1][::-1]


def _archivist_return(s: Board, p: int, c: int) -> None:
    # rules: "put the 3 back in any order": each choice is the next card from the top down; the last is forced
    spot = len(s.deck) - 1 - s.fx_count
    i = s.deck.index(c, len(s.deck) - 3)
    s.deck = s.deck.copy()
    s.deck[i], s.deck[spot] = s.deck[spot], s.deck[i]
    s.fx_count += 1
    if s.fx_count == 2:
        order = s.deck[-3:][::-1]
        _private(s, (p,), "put_back", {"seat": p, "count": 3}, {"cards": [CARD_TEXT[x] for x in order]})
        _done(s)


# --- Doctor: move a card from your tableau to your hand -----------------------------------------------

def _doctor_take(s: Board, p: int, c: int) -> None:
    s.tableaus[p] = _without(s.tableaus[p], c)
    s.hands[p].append(c)
    s.log("to_hand", None, seat=p, card=CARD_TEXT[c], source="tableau")
    s._public_to_hand(c, p)
    _done(s)


# --- Inventor: draw the top deck card, then put a hand card on the bottom of the deck -----------------

def _inventor_begin(s: Board, p: int) -> None:
    c = s.deck[-1]
    s.deck = s.deck[:-1]
    watchers = (p, *(o for o in range(s.players) if s.know[o].get(c) == DECK))
    s.hands[p].append(c)
    _private(s, watchers, "draw", {"seat": p}, {"card": CARD_TEXT[c]})
    s._deck_to_hand(c, p, watchers)
    s.step = INVENTOR_BOTTOM


def _inventor_bottom(s: Board, p: int, c: int) -> None:
    s.hands[p].remove(c)
    s.deck = [c, *s.deck]
    _private(s, (p,), "to_bottom", {"seat": p}, {"card": CARD_TEXT[c]})
    s._hand_to_deck(c, p)
    _done(s)


# --- Scion: swap a card in your tableau with a card in the Trash --------------------------------------

def _scion_take(s: Board, p: int, t: int) -> None:
    c = s.fx_card
    s.tableaus[p] = _with(_without(s.tableaus[p], c), t)
    s.trash = [c if x == t else x for x in s.trash]
    s.log("swap_trash", None, seat=p, gave=CARD_TEXT[c], took=CARD_TEXT[t], source="tableau")
    _done(s)


# --- Scavenger: take a Trash card into your hand, then refill the Trash from the deck -----------------

def _scavenger_take(s: Board, p: int, t: int) -> None:
    s.hands[p].append(t)
    refill = s.deck[-1]
    s.deck = s.deck[:-1]
    s.trash = _with(_without(s.trash, t), refill)
    s.log("to_hand", None, seat=p, card=CARD_TEXT[t], source="trash")
    s.log("refill", None, card=CARD_TEXT[refill])
    s._public_to_hand(t, p)
    s._forget_card(refill)
    _done(s)


# --- Witness: look at an opponent's hand --------------------------------------------------------------

def _witness_targets(s: Board, p: int) -> list[int]:
    if s.options.witness_target == "any":
        return _opponents(s, p)
    return [q for q in range(s.players) if q != p and s.hands[q]]


def _witness_seat(s: Board, p: int, q: int) -> None:
    cards = sorted(s.hands[q])
    _private(s, (p,), "look_hand", {"seat": p, "target": q}, {"cards": [CARD_TEXT[c] for c in cards]})
    for c in cards:
        s._learn(p, c, q)
    _done(s)


def _pick_public(s: Board, p: int, c: int, step: int) -> None:
    s.events.append(_shared(PICK, p, card=c))
    _pick_secret(s, p, c, step)


# --- the tables: what each step asks, and each hero's first step --------------------------------------

STEPS: Final[dict[int, Step]] = {
    EXPLORER_KEEP: Step("keep a revealed card", EXPLORER, Kind.KEEP, OWN),
    BRIGAND_SEAT: Step("choose whom to rob", BRIGAND, Kind.SEAT, OWN),
    BRIGAND_GIVE: Step("give a card back", BRIGAND, Kind.GIVE, HAND),
    GUARD_MOVE: Step("move a tableau card into the Pot", GUARD, Kind.MOVE, TABLEAU),
    MAGICIAN_SWAP: Step("choose a hand card for the Trash", MAGICIAN, Kind.SWAP, HAND),
    MAGICIAN_TAKE: Step("take a Trash card", MAGICIAN, Kind.TAKE, TRASH, secret=True),
    NOMAD_PASS: Step("pass a card to the left", NOMAD, Kind.PASS, HAND),
    PEDDLER_SEAT: Step("choose who gets a tableau card", PEDDLER, Kind.SEAT, OWN),
    PEDDLER_MOVE: Step("move a tableau card to them", PEDDLER, Kind.MOVE, TABLEAU),
    REVOLUTIONARY_SEAT: Step("choose whose tableau to swap with", REVOLUTIONARY, Kind.SEAT, OWN),
    REVOLUTIONARY_SWAP: Step("choose your tableau card", REVOLUTIONARY, Kind.SWAP, TABLEAU),
    REVOLUTIONARY_TAKE: Step("take their tableau card", REVOLUTIONARY, Kind.TAKE, OWN),
    SOLDIER_SEAT: Step("choose whose tableau gets a hand card", SOLDIER, Kind.SEAT, OWN),
    SOLDIER_MOVE: Step("move a hand card to their tableau", SOLDIER, Kind.MOVE, HAND),
    ARCHIVIST_SWAP: Step("choose a hand card for the deck", ARCHIVIST, Kind.SWAP, HAND),
    ARCHIVIST_TAKE: Step("take one of the top 3", ARCHIVIST, Kind.TAKE, OWN, secret=True),
    ARCHIVIST_RETURN: Step("put back the next card from the top", ARCHIVIST, Kind.RETURN, OWN),
    DOCTOR_TAKE: Step("take a tableau card into your hand", DOCTOR, Kind.TAKE, TABLEAU),
    INVENTOR_BOTTOM: Step("put a hand card on the bottom of the deck", INVENTOR, Kind.BOTTOM, HAND),
    SCION_SWAP: Step("choose your tableau card", SCION, Kind.SWAP, TABLEAU),
    SCION_TAKE: Step("take a Trash card into your tableau", SCION, Kind.TAKE, TRASH),
    SCAVENGER_TAKE: Step("take a Trash card into your hand", SCAVENGER, Kind.TAKE, TRASH),
    WITNESS_SEAT: Step("choose whose hand to look at", WITNESS, Kind.SEAT, OWN),
}

# the same by step number as plain ints, for the hot path (a dict look-up and an enum index cost more)
STEP_SOURCE: Final[tuple[int, ...]] = tuple(STEPS[i].source if i in STEPS else OWN for i in range(len(STEPS) + 1))
STEP_KIND: Final[tuple[int, ...]] = tuple(int(STEPS[i].kind) if i in STEPS else -1 for i in range(len(STEPS) + 1))

# each hero's first step, by hero index; NONE for the four whose effect begins with work of its own
# (``start``: Nomad, Archivist, Explorer, Inventor)
FIRST_STEP: Final[tuple[int, ...]] = (
    BRIGAND_SEAT, GUARD_MOVE, MAGICIAN_SWAP, NONE, PEDDLER_SEAT, REVOLUTIONARY_SEAT, SOLDIER_SEAT,
    NONE, DOCTOR_TAKE, NONE, NONE, SCION_SWAP, SCAVENGER_TAKE, WITNESS_SEAT,
)


# --- dispatch ----------------------------------------------------------------------------------------
#
# ``can``, ``start``, ``choices`` and ``choose`` are ``if`` chains on the hero or the step, not tables of
# functions (docs/architecture.md, "What the compiled build requires").

def can(s: Board, hero: int, p: int) -> bool:
    """rules: whether ``hero``'s effect can be carried out completely (all or nothing), checked after the
    card left the hand of its player ``p``."""
    if hero in (GUARD, PEDDLER, DOCTOR):
        return bool(s.tableaus[p])
    if hero == BRIGAND:
        return any(s.hands[q] for q in range(s.players) if q != p)
    if hero == MAGICIAN:
        return bool(s.hands[p]) and bool(s.trash)
    if hero == NOMAD:
        return all(s.hands)
    if hero == REVOLUTIONARY:
        return bool(s.tableaus[p]) and any(s.tableaus[q] for q in range(s.players) if q != p)
    if hero == SOLDIER:
        return bool(s.hands[p])
    if hero == ARCHIVIST:
        return len(s.deck) >= 3 and bool(s.hands[p])
    if hero == EXPLORER:
        return len(s.deck) >= 2
    if hero == INVENTOR:
        return len(s.deck) >= 1
    if hero == SCION:
        return bool(s.tableaus[p]) and bool(s.trash)
    if hero == SCAVENGER:
        return bool(s.trash) and len(s.deck) >= 1
    if hero == WITNESS:
        return bool(_witness_targets(s, p))
    raise ValueError(f"no hero number {hero}")


def start(s: Board, hero: int, p: int) -> None:
    """Begin ``hero``'s effect for ``p`` (``can`` passed): its first step, after what it does at once."""
    if hero == NOMAD:
        _nomad_begin(s, p)
    elif hero == ARCHIVIST:
        _archivist_begin(s, p)
    elif hero == EXPLORER:
        _explorer_begin(s, p)
    elif hero == INVENTOR:
        _inventor_begin(s, p)
    else:
        s.step = FIRST_STEP[hero]


def choices(s: Board, step: int, p: int) -> list[int]:
    """What ``p`` may choose at ``step``: cards (``in_order``, or the deck's from the top down) or seats."""
    source = STEP_SOURCE[step]
    if source == HAND:
        return in_order(s.hands[p])
    if source == TABLEAU:
        return in_order(s.tableaus[p])
    if source == TRASH:
        return s.trash
    if step == BRIGAND_SEAT:
        return [q for q in range(s.players) if q != p and s.hands[q]]
    if step in (PEDDLER_SEAT, SOLDIER_SEAT):
        return _opponents(s, p)
    if step == REVOLUTIONARY_SEAT:
        return [q for q in range(s.players) if q != p and s.tableaus[q]]
    if step == REVOLUTIONARY_TAKE:
        return in_order(s.tableaus[s.fx_target])
    if step == EXPLORER_KEEP:
        return [s.deck[-1], s.deck[-2]]
    if step == ARCHIVIST_TAKE:
        return s.deck[-3:][::-1]
    if step == ARCHIVIST_RETURN:
        return _archivist_unplaced(s, p)
    if step == WITNESS_SEAT:
        return _witness_targets(s, p)
    raise ValueError(f"no step number {step}")


def choose(s: Board, step: int, p: int, v: int) -> None:
    """``p`` chooses ``v`` (a card or a seat) at ``step``: what that does is in the hero's section above."""
    if step == NOMAD_PASS:
        nomad_pass(s, p, v)
    elif step == BRIGAND_SEAT:
        _brigand_seat(s, p, v)
    elif step == BRIGAND_GIVE:
        _brigand_give(s, p, v)
    elif step == GUARD_MOVE:
        _guard_move(s, p, v)
    elif step == MAGICIAN_SWAP:
        _pick_secret(s, p, v, MAGICIAN_TAKE)
    elif step == MAGICIAN_TAKE:
        _magician_take(s, p, v)
    elif step == PEDDLER_SEAT:
        _choose_target(s, p, v, PEDDLER_MOVE)
    elif step == PEDDLER_MOVE:
        _peddler_move(s, p, v)
    elif step == REVOLUTIONARY_SEAT:
        _choose_target(s, p, v, REVOLUTIONARY_SWAP)
    elif step == REVOLUTIONARY_SWAP:
        _pick_public(s, p, v, REVOLUTIONARY_TAKE)
    elif step == REVOLUTIONARY_TAKE:
        _revolutionary_take(s, p, v)
    elif step == SOLDIER_SEAT:
        _choose_target(s, p, v, SOLDIER_MOVE)
    elif step == SOLDIER_MOVE:
        _soldier_move(s, p, v)
    elif step == ARCHIVIST_SWAP:
        _pick_secret(s, p, v, ARCHIVIST_TAKE)
    elif step == ARCHIVIST_TAKE:
        _archivist_take(s, p, v)
    elif step == ARCHIVIST_RETURN:
        _archivist_return(s, p, v)
    elif step == DOCTOR_TAKE:
        _doctor_take(s, p, v)
    elif step == EXPLORER_KEEP:
        _explorer_keep(s, p, v)
    elif step == INVENTOR_BOTTOM:
        _inventor_bottom(s, p, v)
    elif step == SCION_SWAP:
        _pick_public(s, p, v, SCION_TAKE)
    elif step == SCION_TAKE:
        _scion_take(s, p, v)
    elif step == SCAVENGER_TAKE:
        _scavenger_take(s, p, v)
    elif step == WITNESS_SEAT:
        _witness_seat(s, p, v)
    else:
        raise ValueError(f"no step number {step}")
