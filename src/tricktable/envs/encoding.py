"""Observation tensors: one seat's observation dict written into a fixed-size float32 vector.

Every driver in ``tricktable.envs`` (OpenSpiel, PettingZoo, Gymnasium) uses these encoders, so one game
has one tensor layout everywhere. An encoder reads only the observation dict (``state.observe(seat)``),
never the state: a tensor cannot hold more than the seat may know.

The vector is a concatenation of named *pieces*, each a small array (``Encoder.layout``). Seats are
**relative** to the observer: position 0 is the observer, 1 the next seat clockwise, and so on (the
spectator view, seat ``None``, uses absolute seats). The common pieces, present for every game:

==============  ==============  =============================================================
piece           shape           meaning
==============  ==============  =============================================================
``seat``        (n,)            one-hot: the observer's absolute seat (all zero for a spectator)
``actors``      (n,)            1 for each seat whose decision is awaited now
``legal``       (A,)            1 for each legal action index of the observer (``game.actions``)
``hand``        (C,)            1 for each card in the observer's hand (``Encoder.cards`` order)
``trick``       (T, C)          the cards on the table this trick, one-hot, in play order
``trick_seats`` (T, n)          who played each of those cards
``leader``      (n,)            one-hot: the trick's leader
``hand_sizes``  (n,)            cards in each hand
``scores``      (n,)            each seat's running score, as the game counts it
``round``       (1,)            the current round number
``is_over``     (1,)            1 once the game has ended
``phase``       (P,)            one-hot over ``Encoder.phases`` (absent when a game lists none)
==============  ==============  =============================================================

``n`` is the player count, ``A`` the game's ``num_actions``, ``C`` the number of distinct cards, ``T``
the most cards a trick can hold. Games add their own pieces after these (see each game's encoder).
Numbers (sizes, scores, rounds) are raw counts, not normalised.

Two ways to the same vector. ``Encoder.encode(observation)`` reads the observation dict: it is the
reference, and says what every piece means. ``Encoder.encode_state(state, seat)`` is what the drivers
call: a game's encoder writes the vector straight from the position's fields (``fill_state``), without
building the dict, several times faster. It reads only what ``observe(seat)`` shows, and a test holds it
to that: for random states of every game, player count and seat (the spectator too) its vector equals
``encode(asked_view(state, seat))`` exactly (``tests/envs/test_encode_state.py``). A game without a
``fill_state`` goes through the dict.

How ``fill_state`` writes: every entry that is 1 is a bit of one Python int (a card set kept as a
bitmask is one shift and one OR) or, for a game whose cards lie in lists, a byte of a ``bytearray``;
the values (counts, scores) are one row, the one-per-seat pieces in absolute seat order, placed
relative to the observer by a kept index array. ``encode_state`` turns the int into floats with one
``take`` from a byte table (``BITS``) and places the row with one indexed assignment.
"""

from __future__ import annotations

import importlib
import math
import operator
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from tricktable.engine import Game, Observation, State, game_class

Tensor = npt.NDArray[np.float32]
# row ``b``: the eight bits of byte ``b``, lowest first, as floats (``encode_state`` reads an int's bytes through it)
BITS: Tensor = np.unpackbits(np.arange(256, dtype=np.uint8)[:, None], axis=1, bitorder="little").astype(np.float32)
INDEX = operator.attrgetter("index")
Layout = list[tuple[str, tuple[int, ...]]]


def layout_views(layout: Sequence[tuple[str, tuple[int, ...]]], tensor: Tensor) -> dict[str, Tensor]:
    """Named, reshaped views into a flat ``tensor`` laid out as ``layout`` (writing a view writes the tensor)."""
    out: dict[str, Tensor] = {}
    start = 0
    for name, shape in layout:
        size = math.prod(shape)
        out[name] = tensor[start:start + size].reshape(shape)
        start += size
    return out


class Encoder:
    """Writes observations of one game (fixed players and options) into vectors of ``size`` floats.

    Subclasses (one per game) set ``phases`` and ``trick_slots``, override ``card_names`` when the
    game's full card list is not the cards of a fresh deal, and add pieces with ``table_layout`` and
    ``fill_table``. Unknown cards or phases raise ``KeyError``: an encoder that silently dropped them
    would hide a mismatch between the game and its tensor.
    """

    phases: ClassVar[tuple[str, ...]] = ()
    # bounds of every entry, for Box spaces (generous: scores and counts stay far inside)
    low: ClassVar[float] = -1e6
    high: ClassVar[float] = 1e6

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.players = game.players
        self.cards: list[str] = self.card_names()
        self.card_index = {card: i for i, card in enumerate(self.cards)}
        self.phase_index = {phase: i for i, phase in enumerate(self.phases)}
        self.trick_slots = self.trick_size()
        self.layout: Layout = self.common_layout() + self.table_layout()
        self.size = sum(math.prod(shape) for _, shape in self.layout)
        # a scratch vector and its views, reused by every encode (building ~50 views cost more than filling)
        self._scratch = self.zeros()
        self._scratch_views = self.views(self._scratch)
        self._out: Tensor | None = None  # the last ``out`` given, and its views
        self._out_views: dict[str, Tensor] = {}
        self._action_index = {a.text: a.index for a in game.actions}
        self.offsets: dict[str, int] = {}  # piece -> its first index in the vector
        start = 0
        for name, shape in self.layout:
            self.offsets[name] = start
            start += math.prod(shape)
        self._bytes = (self.size + 7) // 8
        self._phase_slot: dict[int, int] = {}  # state.phase -> its one-hot index (learnt from observe)
        self._row_places = [self._places_of_rows(me) for me in range(self.players)] if self.direct else []
        self._action_bits = tuple(1 << i for i in range(game.num_actions))  # [i] = 1 << i

    # --- what a game's encoder may refine ------------------------------------------------------

    def card_names(self) -> list[str]:
        """Every card text the game can show, in a fixed order (default: the cards of a fresh deal)."""
        return sorted(set(self.game.new_state(0).all_cards()))

    def trick_size(self) -> int:
        """The most cards one trick can hold (default: one per player)."""
        return self.players

    def max_decisions(self) -> int:
        """An upper bound on the decisions in one game (OpenSpiel's ``max_game_length``)."""
        return 100_000

    def table_layout(self) -> Layout:
        """The game's own pieces, after the common ones."""
        return []

    def fill_table(self, views: dict[str, Tensor], observation: Observation) -> None:
        """Write the game's own pieces (``views`` are zeroed before the call)."""

    # the direct path (see the module docstring); a game that defines it sets ``direct = True``, and
    # ``bytewise = True`` when it writes its ones into ``flags`` (cheaper for cards kept in lists)
    direct: ClassVar[bool] = False
    bytewise: ClassVar[bool] = False

    # pieces written whole into ``rows`` by ``fill_state``, in this order: first those of one value per
    # seat (``hand_sizes`` and the game's), in absolute seat order, then the others, entry by entry
    seat_rows: ClassVar[tuple[str, ...]] = ("hand_sizes",)
    whole_pieces: ClassVar[tuple[str, ...]] = ()

    def fill_state(self, state: Any, seat: int | None, flags: bytearray, rows: list[float]) -> int:
        """Write every piece except the engine's (``seat``, ``actors``, ``legal``, ``scores``, ``round``,
        ``is_over``) for ``state.observe(seat)`` read from the state's fields: the entries that are 1 as
        the bits of the int returned, or (``bytewise``) in ``flags`` (one byte an entry, which may also
        hold a count below 256); and appended to ``rows``, each piece of ``seat_rows`` in that order as
        ``n`` values in absolute seat order (the rotation to relative seats is done by index), then each
        of ``whole_pieces`` entry by entry. Every entry not written is 0."""
        raise NotImplementedError

    def _places_of_rows(self, me: int) -> npt.NDArray[np.intp]:
        """Where ``rows`` (then the scores, then the round) go for observer ``me`` (0 for a spectator)."""
        n, o = self.players, self.offsets
        sizes = dict(self.layout)
        places = [o[name] + (p - me) % n for name in self.seat_rows for p in range(n)]
        places += [o[name] + i for name in self.whole_pieces for i in range(math.prod(sizes[name]))]
        places += [o["scores"] + (p - me) % n for p in range(n)]
        return np.array([*places, o["round"]], np.intp)

    # --- the encoding --------------------------------------------------------------------------

    def common_layout(self) -> Layout:
        n, cards, slots = self.players, len(self.cards), self.trick_slots
        layout: Layout = [
            ("seat", (n,)), ("actors", (n,)), ("legal", (self.game.num_actions,)), ("hand", (cards,)),
            ("trick", (slots, cards)), ("trick_seats", (slots, n)), ("leader", (n,)), ("hand_sizes", (n,)),
            ("scores", (n,)), ("round", (1,)), ("is_over", (1,)),
        ]
        if self.phases:
            layout.append(("phase", (len(self.phases),)))
        return layout

    def zeros(self) -> Tensor:
        return np.zeros(self.size, np.float32)

    def views(self, tensor: Tensor) -> dict[str, Tensor]:
        """Named, reshaped views into ``tensor`` (writing a view writes the tensor)."""
        return layout_views(self.layout, tensor)

    def encode(self, observation: Observation, out: Tensor | None = None) -> Tensor:
        """The vector for ``observation`` (written into ``out`` when given)."""
        if out is None:
            self._scratch.fill(0.0)
            self.fill(self._scratch_views, observation)
            return self._scratch.copy()
        if out is not self._out:  # OpenSpiel passes the same vector every time
            self._out, self._out_views = out, self.views(out)
        out.fill(0.0)
        self.fill(self._out_views, observation)
        return out

    def encode_state(self, state: State, seat: int | None, out: Tensor | None = None) -> Tensor:
        """The vector of ``asked_view(state, seat)`` (written into ``out`` when given), from the state.

        Equal to ``encode(asked_view(state, seat))``; games with a ``fill_state`` skip the dict.
        """
        if not self.direct:
            return self.encode(asked_view(state, seat), out)
        o = self.offsets
        n = self.players
        me = 0 if seat is None else seat
        rows: list[float] = []
        flags = bytearray(self.size if self.bytewise else 0)
        ones = self.fill_state(state, seat, flags, rows)
        actors = state.actors
        # only the seat asked now has its legal actions (``asked_view``)
        legal = state.legal_actions(seat) if seat is not None and actors and actors[0] == seat else ()
        if self.bytewise:
            start = o["actors"]
            for actor in actors:
                flags[start + (actor - me) % n] = 1
            if seat is not None:
                flags[o["seat"] + seat] = 1
            if not actors:
                flags[o["is_over"]] = 1
            start = o["legal"]
            for action in legal:
                flags[start + action.index] = 1
        else:
            start = o["actors"]
            for actor in actors:
                ones |= 1 << (start + (actor - me) % n)
            if seat is not None:
                ones |= 1 << (o["seat"] + seat)
            if not actors:
                ones |= 1 << o["is_over"]
            # a small int first, summed in C (distinct powers of two: the sum is the OR), one shift
            ones |= sum(map(self._action_bits.__getitem__, map(INDEX, legal))) << o["legal"]
        rows += state.scores()
        rows.append(state.round)
        if self.bytewise:
            entries = np.frombuffer(flags, np.uint8).astype(np.float32)
        else:  # each byte of the int is eight floats of the byte table: one ``take``, a fresh array
            bits = np.frombuffer(ones.to_bytes(self._bytes, "little"), np.uint8)
            entries = BITS.take(bits, 0).reshape(-1)[:self.size]
        if out is None:
            out = entries
        else:
            out[:] = entries
        # ``fromiter`` with the type and count given converts a list of Python numbers twice as fast
        out[self._row_places[me]] = np.fromiter(rows, np.float32, len(rows))
        return out

    def phase_slot(self, state: Any) -> int:
        """The one-hot index of ``state.phase`` in ``phases`` (learnt once per phase from ``observe``, so
        the direct path depends on no phase numbering of the game)."""
        phase = state.phase
        slot = self._phase_slot.get(phase)
        if slot is None:
            slot = self._phase_slot[phase] = self.phase_index[state.observe(None)["phase"]]
        return slot

    def fill(self, views: dict[str, Tensor], observation: Observation) -> None:
        seat = observation["seat"]
        if seat is not None:
            views["seat"][seat] = 1.0
        for actor in observation["actors"]:
            views["actors"][self.relative(actor, seat)] = 1.0
        index = self._action_index
        for text in observation["legal"]:
            views["legal"][index[text]] = 1.0
        self.mark_cards(views["hand"], observation["hand"])
        for slot, played in enumerate(observation["trick"][:self.trick_slots]):
            views["trick"][slot, self.card_index[played["card"]]] = 1.0
            views["trick_seats"][slot, self.relative(played["seat"], seat)] = 1.0
        self.mark_seat(views["leader"], observation.get("leader"), seat)
        self.put_seats(views["hand_sizes"], observation["hand_sizes"], seat)
        self.put_seats(views["scores"], observation["scores"], seat)
        views["round"][0] = observation["round"]
        views["is_over"][0] = float(observation["is_over"])
        if self.phases:
            views["phase"][self.phase_index[observation["phase"]]] = 1.0
        self.fill_table(views, observation)

    # --- helpers for game encoders -------------------------------------------------------------

    def relative(self, seat: int, observer: int | None) -> int:
        """``seat`` counted from the observer (0 = the observer); absolute for a spectator."""
        return seat if observer is None else (seat - observer) % self.players

    def put_seats(self, view: Tensor, values: Iterable[float], observer: int | None) -> None:
        """Write one value per absolute seat into ``view`` in relative order."""
        row = [float(v) for v in values]
        if observer:  # relative order: the observer's value first (one assignment, not one per seat)
            row = row[observer:] + row[:observer]
        view[:len(row)] = row

    def mark_seat(self, view: Tensor, seat: int | None, observer: int | None) -> None:
        """Set the one-hot entry of ``seat`` (relative), if there is one."""
        if seat is not None and seat >= 0:
            view[self.relative(seat, observer)] = 1.0

    def mark_cards(self, view: Tensor, cards: Iterable[str]) -> None:
        """Set ``view[card] = 1`` for each card text (``view`` has one entry per card)."""
        for card in cards:
            view[self.card_index[card]] = 1.0


def encoder_for(game: Game[Any]) -> Encoder:
    """The encoder of ``game``: its own when the game names one (``Game.research_encoder``), else the
    common pieces only."""
    module_name = type(game).research_encoder
    if module_name is not None:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as missing:
            if missing.name is None or not module_name.startswith(missing.name):
                raise
        else:
            encoder: Encoder = module.ENCODER(game)
            return encoder
    return Encoder(game)


def asked_view(state: State, seat: int | None) -> Observation:
    """``state.observe(seat)`` as the sequential APIs see it: ``legal`` only for the seat asked now.

    At a simultaneous step OpenSpiel, PettingZoo and Gymnasium ask the waiting seats one at a time,
    lowest first, and a seat not yet asked has no legal actions there (``legal_actions(seat)`` is
    empty); its tensor's ``legal`` piece is empty too, so the two agree. ``actors`` still lists every
    waiting seat: who is deciding is public.
    """
    view = state.observe(seat)
    actors = state.actors
    if seat is not None and actors and seat != actors[0]:
        view["legal"] = []
    return view


def win_shares(state: State) -> list[float]:
    """Zero-sum end rewards: ``1/k`` to each of ``k`` winners, minus ``1/n`` for everyone."""
    winners = state.winners()
    n = state.players
    return [(1.0 / len(winners) if seat in winners else 0.0) - 1.0 / n for seat in range(n)]


def resolve_game(game: str | type[Game[Any]] | Game[Any], players: int | None = None, **options: Any) -> Game[Any]:
    """A game from its registry name, its class or itself (players default to 4, or the nearest allowed)."""
    if isinstance(game, Game):
        if players not in (None, game.players) or options:
            raise ValueError("give players and options when naming a game, not with a Game object")
        return game
    game_cls = game_class(game) if isinstance(game, str) else game
    if players is None:
        players = min(max(4, game_cls.min_players), game_cls.max_players)
    return game_cls(players, **options)
