"""Information-state tensors: a seat's perfect recall in a fixed-size float32 vector.

The vector is the seat's observation tensor now (``tricktable.envs.encoding``) followed by its
*history*: one fixed-width token per thing the seat has seen or done, in order — every event visible
to it (``Event.is_visible_to``, the engine's one place where visibility is decided) and each of its
own actions, where it took it. It is built from the same inputs as ``information_state_text`` and so
holds nothing the seat may not know.

==========================  ==============  ==========================================================
piece                       shape           meaning
==========================  ==============  ==========================================================
``observation``             (S,)            the observation tensor now (its own pieces, documented there)
``history_length``          (1,)            tokens written (at most K)
``history_truncated``       (1,)            1 when the seat has seen more than K things (the rest dropped)
``history``                 (K, W)          the tokens, oldest first; unused rows are zero
==========================  ==============  ==========================================================

A token (W = 64 + 1 + V + 2n + C + 1 floats):

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
game (``verbs``), ``K`` the history slots (``HISTORY_SLOTS`` per game: above the longest games we
measured, so truncation does not happen in practice). Kinds share a bucket only by a CRC collision;
the seat, card and value fields still tell such tokens apart in practice.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from tricktable.engine import Event, Game, State
from tricktable.envs.encoding import Encoder, Tensor, encoder_for, layout_views
from tricktable.envs.infostate import MEMO_LIMIT, recall

KIND_BUCKETS = 64
HISTORY_SLOTS = {"megalomania": 1536, "trickster": 1024, "masquerade": 768}
DEFAULT_SLOTS = 1024
OTHER_SEAT_KEYS = ("target", "leader", "challenged", "receiver", "giver", "taker", "picker", "winner")


class InfoStateEncoder:
    """Writes one seat's information state of one game (fixed players and options) into ``size`` floats."""

    def __init__(self, game: Game[Any], observation: Encoder | None = None) -> None:
        self.game = game
        self.observation = observation or encoder_for(game)
        self.players = game.players
        self.verbs = sorted({a.text.split()[0] for a in game.actions})
        self.verb_index = {verb: i for i, verb in enumerate(self.verbs)}
        self.slots = HISTORY_SLOTS.get(game.name, DEFAULT_SLOTS)
        n, cards = self.players, len(self.observation.cards)
        self.fields = [("kind", KIND_BUCKETS), ("own", 1), ("verb", len(self.verbs)), ("seat", n), ("other", n),
                       ("cards", cards), ("value", 1)]
        self.offsets: dict[str, int] = {}
        start = 0
        for name, width in self.fields:
            self.offsets[name] = start
            start += width
        self.width = start
        self.layout = [("observation", (self.observation.size,)), ("history_length", (1,)),
                       ("history_truncated", (1,)), ("history", (self.slots, self.width))]
        self.size = sum(math.prod(shape) for _, shape in self.layout)
        # each token's parts (``_parts``), by identity or text, with the token kept so its id stays its own
        self._memo: dict[int | str, tuple[Event | str, tuple[list[int], int, int, float | None]]] = {}

    def zeros(self) -> Tensor:
        return np.zeros(self.size, np.float32)

    def views(self, tensor: Tensor) -> dict[str, Tensor]:
        """Named, reshaped views into ``tensor`` (writing a view writes the tensor)."""
        return layout_views(self.layout, tensor)

    def encode(self, state: State, seat: int, marks: Sequence[tuple[int, int, str]],
               out: Tensor | None = None) -> Tensor:
        """Seat ``seat``'s information state; ``marks`` as for ``information_state_text``."""
        tensor = self.zeros() if out is None else out
        tensor.fill(0.0)
        views = self.views(tensor)
        self.observation.encode_state(state, seat, views["observation"])
        ones: list[int] = []  # the history's cells set to 1, and its value cells, as flat indices
        cells: list[int] = []
        values: list[float] = []
        n, width = self.players, self.width
        seat_column, other_column, value_column = self.offsets["seat"], self.offsets["other"], self.offsets["value"]
        if len(self._memo) > MEMO_LIMIT:
            self._memo.clear()
        count = 0
        for token in recall(state, seat, marks):
            if count == self.slots:
                views["history_truncated"][0] = 1.0
                break
            start = count * width
            count += 1
            columns, who, other, number = self._parts(token)
            ones.extend(start + c for c in columns)
            if who >= 0:
                ones.append(start + seat_column + (who - seat) % n)
            if other >= 0:
                ones.append(start + other_column + (other - seat) % n)
            if number is not None:
                cells.append(start + value_column)
                values.append(number)
        history = views["history"].reshape(-1)
        history[ones] = 1.0
        history[cells] = values
        views["history_length"][0] = count
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


def infostate_encoder_for(game: Game[Any]) -> InfoStateEncoder:
    """The information-state encoder of ``game``."""
    return InfoStateEncoder(game)
