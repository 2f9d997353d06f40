"""Megalomania's action space: one interned ``Move`` per choice, built once per game.

Grammar (canonical text; ``C`` a card such as ``B15``):

- ``play C`` plays a card; suffix ``*`` activates its power with a crystal (or Free Power), ``+``/``-`` spends
  a cube to raise/lower its value by 1; both together as ``play C*+`` / ``play C*-``.
- ``colour X`` the Oracle's new colour (X in B/Y/R/K); ``lead N`` the Farmer's next leader (seat N);
  ``give C`` the card the Explorer gives back for the discovered one; ``decline`` keeps the hand
  (option ``explorer_may_decline``).
- Preparation: ``use <scroll>`` (extra-crystal, extra-cube, double-cube, first-lead, insight; during play
  free-power, immunity), ``redeal C`` (swap C for a random out-of-play card), ``redeal scroll`` (none out
  of play: draw a scroll instead), then ``ready K/U``: K crystals and U cubes from the round's tokens.
- Mission steps: ``program C`` (15: the next card of your fixed order), ``pile C`` (24: put C in your first
  pile), ``pick 1``/``pick 2`` (24: the pile your neighbour plays with), ``pass C`` (25).

Index layout: play actions first at ``card * 6 + variant``, so legal play lists are built from index
arithmetic over prebuilt lists.

``Lookups`` is this table and what the rules look up in it on every decision (interned events, actor
tuples), which each state holds; ``ActionTables``, the half of the ``Game`` (``game.py``) that builds it,
also keeps the memoised legal play lists.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import ClassVar

from tricktable.engine import Action, Event, Game
from tricktable.engine.actions import Interned
from tricktable.engine.cards import cards_of
from tricktable.engine.game import plain_class
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.cards import CARD_TEXT, COLOURS, DECK, REDEAL, SCROLLS, VALUES
from tricktable.games.megalomania.options import MegalomaniaOptions

# A card on the table: (seat, card, value with its cube, colour (the Oracle's new one), power used, cube).
# Typed as a plain tuple, not ``tuple[int, int, int, int, bool, int]``: compiled, a fixed-length tuple is
# unpacked into a native struct when read from a list and built again when stored, so appending a shared
# entry (``Lookups.entries``) would build a new one, and reading two fields would unbox all six. (Compiled,
# the power used is then held as 1 or 0, not True or False.)
Entry = tuple[int, ...]


class Kind(IntEnum):
    """What an action does (its canonical text's first word, see the grammar above)."""

    PLAY = 0  # play C
    COLOUR = 1  # colour X (the Oracle)
    LEAD = 2  # lead N (the Farmer)
    GIVE = 3  # give C (the Explorer)
    DECLINE = 4  # decline (the Explorer, option explorer_may_decline)
    READY = 5  # ready K/U (preparation)
    USE = 6  # use <scroll>
    REDEAL_CARD = 7  # redeal C
    REDEAL_SCROLL = 8  # redeal scroll
    PROGRAM = 9  # program C (mission 15)
    PILE = 10  # pile C (mission 24)
    PICK = 11  # pick 1 / pick 2 (mission 24)
    PASS = 12  # pass C (mission 25)

# play variants: (suffix, power, cube delta)
VARIANTS: tuple[tuple[str, bool, int], ...] = (
    ("", False, 0), ("*", True, 0), ("+", False, 1), ("-", False, -1), ("*+", True, 1), ("*-", True, -1))


@dataclass(frozen=True, eq=False, repr=False)
class Move(Action):
    """An action: its ``kind``, the ``card`` it names (or -1) and a small ``arg`` (colour, seat, crystals,
    scroll or pile). Play actions also carry ``power`` and ``delta`` (cube)."""

    kind: Kind = Kind.PLAY
    card: int = -1
    arg: int = 0
    power: bool = False
    delta: int = 0
    # derived from ``card`` for the hot path: rank, colour and printed value (-1 without a card)
    rank: int = -1
    colour: int = -1
    value: int = 0
    bit: int = 0


@dataclass(frozen=True)
class Table(Interned):
    """The whole action list plus the lookup lists the rules use to hand out legal actions fast."""

    actions: list[Move]
    # plays[card][power_ok | cube_ok << 1]: the play actions of ``card`` under those permissions
    plays: list[list[list[Move]]]
    # powered[card][cube_ok]: only the power-activated plays (an off-colour Assassin)
    powered: list[list[list[Move]]]
    colour: list[Move]
    lead: list[Move]
    give: list[Move]
    decline: Move
    ready: list[Move]  # by crystals taken
    use: dict[int, Move]  # by scroll
    redeal: list[Move]
    redeal_scroll: Move
    program: list[Move]
    pile: list[Move]
    pick: list[Move]
    passes: list[Move]


def build(players: int, resources: int) -> Table:
    actions: list[Move] = []

    def add(text: str, kind: Kind, card: int = -1, arg: int = 0, power: bool = False, delta: int = 0) -> Move:
        rank, colour, value, bit = (card & 7, card >> 3, VALUES[card & 7], 1 << card) if card >= 0 else (-1, -1, 0, 0)
        move = Move(len(actions), text, kind, card, arg, power, delta, rank, colour, value, bit)
        actions.append(move)
        return move

    for card in range(DECK):
        for v, (suffix, power, delta) in enumerate(VARIANTS):
            add(f"play {CARD_TEXT[card]}{suffix}", Kind.PLAY, card, v, power, delta)
    plays: list[list[list[Move]]] = []
    powered: list[list[list[Move]]] = []
    for card in range(DECK):
        row = actions[card * 6: card * 6 + 6]
        plays.append([[row[0]], [row[0], row[1]], [row[0], row[2], row[3]], row[:]])
        powered.append([[row[1]], [row[1], row[4], row[5]]])
    colour = [add(f"colour {c}", Kind.COLOUR, arg=i) for i, c in enumerate(COLOURS)]
    lead = [add(f"lead {s}", Kind.LEAD, arg=s) for s in range(players)]
    give = [add(f"give {CARD_TEXT[c]}", Kind.GIVE, c) for c in range(DECK)]
    decline = add("decline", Kind.DECLINE)
    ready = [add(f"ready {k}/{resources - k}", Kind.READY, arg=k) for k in range(resources, -1, -1)]
    ready.reverse()
    use = {i: add(f"use {s.name}", Kind.USE, arg=i) for i, s in enumerate(SCROLLS) if i != REDEAL}
    redeal = [add(f"redeal {CARD_TEXT[c]}", Kind.REDEAL_CARD, c) for c in range(DECK)]
    redeal_scroll = add("redeal scroll", Kind.REDEAL_SCROLL)
    program = [add(f"program {CARD_TEXT[c]}", Kind.PROGRAM, c) for c in range(DECK)]
    pile = [add(f"pile {CARD_TEXT[c]}", Kind.PILE, c) for c in range(DECK)]
    pick = [add(f"pick {i + 1}", Kind.PICK, arg=i) for i in range(2)]
    passes = [add(f"pass {CARD_TEXT[c]}", Kind.PASS, c) for c in range(DECK)]
    return Table(actions, plays, powered, colour, lead, give, decline, ready, use, redeal, redeal_scroll,
                 program, pile, pick, passes)


@dataclass(frozen=True)
class Lookups(Interned):
    """What the rules look up on every decision, built once per game: the action table, the seats'
    interned events and actor tuples. Each state holds it (``state.look``), so that in the compiled build
    these are reads of a native object's fields, where the plain-Python ``Game``'s attributes would be a
    dictionary lookup each. Immutable: every fork of the game and every world shares it (the memo caches,
    one per fork, are ``Memos``)."""

    table: Table
    options: MegalomaniaOptions
    free_ranks: int  # the ranks whose power needs no crystal (option ``free_powers``), a bit each
    only: list[frozenset[int]]  # ``only[p]``: an event visible to ``p`` alone
    only_two: list[list[frozenset[int]]]
    seats: list[tuple[int, ...]]  # one-seat actor tuples
    after: list[tuple[int, ...]]  # the next seat clockwise, as an actor tuple
    # ``play_events[p][m.index]``: the "card_played" event of every seat and play action (plays come first)
    play_events: list[list[Event]]
    # ``entries[p][m.index]``: the trick entry of every seat and play action (built once, not at every play)
    entries: list[list[Entry]]
    drawn_events: list[list[Event]]  # ``drawn_events[p][scroll]``
    # ``assassin_plays[cube][assassins]``: the powered plays of any set of Assassins (an off-colour Assassin)
    assassin_plays: list[dict[int, list[Move]]]
    begin_events: list[Event]  # by leader
    trick_events: list[list[Event]]  # ``trick_events[winner][next leader]``


def lookups(players: int, options: MegalomaniaOptions) -> Lookups:
    n = players
    table = build(n, options.resources)
    only = [frozenset({p}) for p in range(n)]
    plays = [m for m in table.actions if m.kind == Kind.PLAY]
    assassins = [1 << (8 * c + C.ASSASSIN) for c in range(4)]
    subsets = [sum(b for i, b in enumerate(assassins) if k >> i & 1) for k in range(16)]
    return Lookups(
        table=table,
        options=options,
        free_ranks=(1 << C.ORACLE) | (1 << C.ASSASSIN) if options.free_powers else 0,
        only=only,
        only_two=[[frozenset({p, q}) for q in range(n)] for p in range(n)],
        seats=[(p,) for p in range(n)],
        after=[((p + 1) % n,) for p in range(n)],
        play_events=[[Event("card_played", {"seat": p, "card": CARD_TEXT[m.card], "power": m.power,
                                            "cube": m.delta}) for m in plays] for p in range(n)],
        entries=[[(p, m.card, m.value + m.delta, m.colour, m.power, m.delta) for m in plays] for p in range(n)],
        drawn_events=[[Event("scroll_drawn", {"seat": p, "scroll": sc.name}, only[p]) for sc in SCROLLS]
                      for p in range(n)],
        assassin_plays=[{m: [a for c in cards_of(m) for a in table.powered[c][cube]] for m in subsets}
                        for cube in (0, 1)],
        begin_events=[Event("play_begins", {"leader": p}) for p in range(n)],
        trick_events=[[Event("trick_won", {"winner": w, "leader": nxt}) for nxt in range(n)] for w in range(n)],
    )


class Memos:
    """The memo caches of one fork of the game (``Game.fork`` makes each fork its own). Each state holds its
    game's (``state.memo``), so that compiled they are a native field read, not an attribute of the plain
    game: a bot's world gets its fork's, never the live game's (``bots.base.knowledge`` maps one to the
    other), because the keys hold hands."""

    def __init__(self) -> None:
        self.legal: dict[int, list[Move]] = {}  # ``rules.legal_plays``'s memo
        self.ready: dict[tuple[int, int, int], Event] = {}  # ``ready_event``'s memo


@plain_class  # compiled, it stays a Python class: the game's ``Game`` builds on it and on the engine's
class ActionTables(Game[MegalomaniaOptions]):
    """The ``Game``'s tables, built once per game from its players and options: the action table and what
    the rules look up in it on every decision (``game.py``'s ``Megalomania`` is the whole game)."""

    memo_fields: ClassVar[tuple[str, ...]] = ("memo",)

    look: Lookups
    memo: Memos
    # set by ``check_options`` (game.py): the mission deck's contents and the fixed deals, as cards
    mission_pool: tuple[int, ...]
    deals: list[list[list[int]]]

    def build_actions(self) -> list[Action]:
        self.look = lookups(self.players, self.options)
        self.memo = Memos()
        return list(self.look.table.actions)

    def is_secret(self, action: Action) -> bool:
        """A scroll used at the preparation: revealed with everyone's resources, not when it is used."""
        return isinstance(action, Move) and action.kind in (Kind.USE, Kind.REDEAL_CARD, Kind.REDEAL_SCROLL)


def ready_event(memo: Memos, look: Lookups, seat: int, crystals: int, cubes: int) -> Event:
    """The private "ready" event of ``seat`` (interned in ``memo.ready``: events are immutable values).
    A function, not a method of the (plain Python) ``Game``, so that the compiled build calls it natively."""
    key = (seat, crystals, cubes)
    event = memo.ready.get(key)
    if event is None:
        event = memo.ready[key] = Event("ready", {"seat": seat, "crystals": crystals, "cubes": cubes}, look.only[seat])
    return event
