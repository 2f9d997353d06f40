"""Information-state tensors: a seat's perfect recall in a few thousand float32s, exact and fast.

The vector is a function of the seat's information state (``information_state_text``) and tells any
two apart: its ``digest`` is 96 bits of a BLAKE2b hash of that text, so equal strings give equal
tensors and distinct strings distinct ones (a collision is a 2**-96 chance). What a network learns
from are the other pieces, built from the same inputs (the events ``Event.is_visible_to`` the seat,
the engine's one place where visibility is decided, and the seat's own actions), so they hold nothing
the seat may not know:

==========================  ==============  ==========================================================
piece                       shape           meaning
==========================  ==============  ==========================================================
``observation``             (S,)            the observation tensor now (its own pieces, documented there)
``digest``                  (4,)            the information-state text's hash, 24 bits a float, in [0, 1)
``history_length``          (1,)            things the seat has seen or done (events and own actions)
``seen_cards``              (n + 1, C)      1 for each card a token about that seat named (relative seats;
                                            own actions are row 0; the last row: events about no seat)
``kind_counts``             (n + 1, 64)     tokens by seat (as ``seen_cards``) and event kind's bucket
``own_verbs``               (V,)            the seat's own actions so far, by verb
``recent``                  (R, W)          the last R tokens, oldest first (unused rows are zero)
==========================  ==============  ==========================================================

A token of ``recent`` (W = 64 + 1 + V + 2n + C + 1 floats):

==================  =======  ===========================================================================
field               width    meaning
==================  =======  ===========================================================================
kind                64       one-hot: the event kind's bucket (CRC-32 of the kind text, mod 64)
own                 1        1 for the seat's own action (then kind is zero and verb is set)
verb                V        one-hot: the action's first word (``play``, ``pass``, ``choose``...), own actions
seat                n        one-hot, relative: the seat the event is about (its ``seat`` field)
other               n        one-hot, relative: another seat it names (``target``, ``leader``, ``challenged``,
                             ``receiver``, ``giver``, ``taker``, ``picker``, ``winner``), the first present
cards               C        1 for every card the event or action names (``Encoder.cards`` order)
value               1        the event's first number that is not a seat (a bid, a count, a score), raw
==================  =======  ===========================================================================

``S`` is the observation size, ``n`` the player count, ``C`` the cards, ``V`` the action verbs of the
game (``verbs``), ``R`` = ``RECENT`` tokens. The size does not grow with the game's length (the
tensor it replaces kept every token: 120k-207k floats), and no game-keyed table sizes it.
"""

from __future__ import annotations

import hashlib
import math
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from tricktable.engine import Event, Game, State
from tricktable.envs.encoding import Encoder, Tensor, asked_view, encoder_for, layout_views
from tricktable.envs.infostate import MEMO_LIMIT, information_state_text, recall

KIND_BUCKETS = 64
RECENT = 16  # the last tokens kept whole
DIGEST_FLOATS = 4  # 24 bits each: a float32 holds them exactly
OTHER_SEAT_KEYS = ("target", "leader", "challenged", "receiver", "giver", "taker", "picker", "winner")


class InfoStateEncoder:
    """Writes one seat's information state of one game (fixed players and options) into ``size`` floats."""

    def __init__(self, game: Game[Any], observation: Encoder | None = None) -> None:
        self.game = game
        self.observation = observation or encoder_for(game)
        self.players = game.players
        self.verbs = sorted({a.text.split()[0] for a in game.actions})
        self.verb_index = {verb: i for i, verb in enumerate(self.verbs)}
        n, cards = self.players, len(self.observation.cards)
        self.fields = [("kind", KIND_BUCKETS), ("own", 1), ("verb", len(self.verbs)), ("seat", n), ("other", n),
                       ("cards", cards), ("value", 1)]
        self.offsets: dict[str, int] = {}
        start = 0
        for name, width in self.fields:
            self.offsets[name] = start
            start += width
        self.width = start
        self.layout = [("observation", (self.observation.size,)), ("digest", (DIGEST_FLOATS,)),
                       ("history_length", (1,)), ("seen_cards", (n + 1, cards)),
                       ("kind_counts", (n + 1, KIND_BUCKETS)), ("own_verbs", (len(self.verbs),)),
                       ("recent", (RECENT, self.width))]
        self.size = sum(math.prod(shape) for _, shape in self.layout)
        # each token's parts (``_parts``), by identity or text, with the token kept so its id stays its own
        self._memo: dict[int | str, tuple[Event | str, tuple[list[int], int, int, float | None]]] = {}
        self._texts: dict[int, tuple[Event, str]] = {}  # ``information_state_text``'s memo

    def zeros(self) -> Tensor:
        return np.zeros(self.size, np.float32)

    def views(self, tensor: Tensor) -> dict[str, Tensor]:
        """Named, reshaped views into ``tensor`` (writing a view writes the tensor)."""
        return layout_views(self.layout, tensor)

    def digest(self, text: str) -> list[float]:
        """``DIGEST_FLOATS`` floats in [0, 1), 24 bits each, from the BLAKE2b hash of ``text``."""
        raw = hashlib.blake2b(text.encode(), digest_size=3 * DIGEST_FLOATS).digest()
        return [int.from_bytes(raw[3 * i:3 * i + 3], "little") / (1 << 24) for i in range(DIGEST_FLOATS)]

    def encode(self, state: State, seat: int, marks: Sequence[tuple[int, int, str]],
               out: Tensor | None = None, text: str | None = None) -> Tensor:
        """Seat ``seat``'s information state; ``marks`` as for ``information_state_text`` (``text``: that
        text, when the caller has it)."""
        tensor = self.zeros() if out is None else out
        tensor.fill(0.0)
        views = self.views(tensor)
        self.observation.encode_state(state, seat, views["observation"])
        if text is None:
            if len(self._texts) > MEMO_LIMIT:
                self._texts.clear()
            text = information_state_text(state, seat, asked_view(state, seat), marks, self._texts)
        views["digest"][:] = self.digest(text)
        if len(self._memo) > MEMO_LIMIT:
            self._memo.clear()
        n, width, cards = self.players, self.width, len(self.observation.cards)
        kind_column, card_column = self.offsets["kind"], self.offsets["cards"]
        verb_column = self.offsets["verb"]
        seen: list[int] = []  # flat indices into seen_cards set to 1
        kinds: list[int] = []  # flat indices into kind_counts, one a token
        verbs: list[int] = []
        tokens = list(recall(state, seat, marks))
        for token in tokens:
            columns, who, _, _ = self._parts(token)
            if isinstance(token, str):
                row = 0
                verbs.extend(c - verb_column for c in columns if verb_column <= c < verb_column + len(self.verbs))
            else:
                row = (who - seat) % n if who >= 0 else n
                kinds.append(row * KIND_BUCKETS + columns[0] - kind_column)
            seen.extend(row * cards + c - card_column for c in columns if c >= card_column)
        views["history_length"][0] = len(tokens)
        views["seen_cards"].reshape(-1)[seen] = 1.0
        np.add.at(views["kind_counts"].reshape(-1), kinds, 1.0)
        np.add.at(views["own_verbs"], verbs, 1.0)
        ones: list[int] = []  # the recent rows' cells set to 1, and their value cells, as flat indices
        cells: list[int] = []
        values: list[float] = []
        seat_column, other_column, value_column = self.offsets["seat"], self.offsets["other"], self.offsets["value"]
        for count, token in enumerate(tokens[-RECENT:]):
            start = count * width
            columns, who, other, number = self._parts(token)
            ones.extend(start + c for c in columns)
            if who >= 0:
                ones.append(start + seat_column + (who - seat) % n)
            if other >= 0:
                ones.append(start + other_column + (other - seat) % n)
            if number is not None:
                cells.append(start + value_column)
                values.append(number)
        recent = views["recent"].reshape(-1)
        recent[ones] = 1.0
        recent[cells] = values
        return tensor

    # --- tokens ------------------------------------------------------------------------------------

    def _parts(self, token: Event | str) -> tuple[list[int], int, int, float | None]:
        """A token's row, as what does not depend on the seat (the columns set to 1), the seat it is about
        and another seat it names (``-1``: none; written relative to the reader), and its value.
        Remembered: by text for an own action, by identity for an event (as ``information_state_text``)."""
        key: int | str = token if isinstance(token, str) else id(token)
        known = self._memo.get(key)
        if known is not None:
            return known[1]
        parts = self._own_parts(token) if isinstance(token, str) else self._event_parts(token)
        self._memo[key] = (token, parts)
        return parts

    def _own_parts(self, text: str) -> tuple[list[int], int, int, float | None]:
        o = self.offsets
        words = text.split()
        columns = [o["own"], o["verb"] + self.verb_index[words[0]]]
        columns += self._cards([" ".join(words[1:]), *words[1:]])
        return columns, -1, -1, None

    def _event_parts(self, event: Event) -> tuple[list[int], int, int, float | None]:
        columns = [self.offsets["kind"] + zlib.crc32(event.kind.encode()) % KIND_BUCKETS]
        data = event.data
        who = data.get("seat")
        about = who if isinstance(who, int) and not isinstance(who, bool) and 0 <= who < self.players else -1
        other_seat = -1
        for key in OTHER_SEAT_KEYS:
            other = data.get(key)
            if isinstance(other, int) and not isinstance(other, bool) and 0 <= other < self.players:
                other_seat = other
                break
        texts: list[str] = []
        number: float | None = None
        for key, value in data.items():
            if isinstance(value, str):
                texts.append(value)
            elif isinstance(value, list | tuple):
                texts.extend(v for v in value if isinstance(v, str))
            elif (number is None and isinstance(value, int | float) and not isinstance(value, bool)
                  and key != "seat" and key not in OTHER_SEAT_KEYS):
                number = float(value)
        return columns + self._cards(texts), about, other_seat, number

    def _cards(self, texts: Sequence[str]) -> list[int]:
        """The card columns of every card ``texts`` names."""
        index = self.observation.card_index
        start = self.offsets["cards"]
        return [start + card for card in (index.get(text) for text in texts) if card is not None]
