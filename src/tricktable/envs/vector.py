"""Many games of one table stepped with one call, in numpy::

    import numpy as np
    from tricktable.envs.vector import VectorEnv
    tables = VectorEnv("masquerade", players=4, num_envs=64)
    batch = tables.reset(seed=0)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        batch = tables.step(tables.sample(batch.action_mask, rng))
        # batch.observation (N, S) float32, batch.action_mask (N, A) int8, batch.seat (N,),
        # batch.reward (N, players) float32, batch.done (N,) bool

Each row is one game, seen by the seat asked to act now (``seat``): its observation tensor
(``tricktable.envs.encoding``, the same vector as PettingZoo's ``observation``) and its legal actions as
a mask (the game's action numbering, or with ``fixed_actions=True`` the game's fixed space). The games
are sequential, as in the other adapters: simultaneous choices are asked one seat at a time, lowest
seat first, and a later seat's tensor never shows an earlier secret choice.

A game that ends on a step gets its zero-sum win shares in ``reward`` (every seat's, one row) and
``done``; its row is then already the first position of the next game (auto-reset), dealt from the
row's own stream. ``reset(seed=s)`` deals game ``i`` from seed ``s + i`` and its later games from
``numpy.random.default_rng(s + i)``, exactly as PettingZoo's env does after ``reset(seed=s + i)``: row
``i`` replays, step for step, the game of ``tricktable.envs.pettingzoo.env`` reset with that seed.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from tricktable.engine import Game, IllegalAction, State
from tricktable.envs.actions import Numbering
from tricktable.envs.encoding import encoder_for, resolve_game, win_shares

Floats = npt.NDArray[np.float32]
Ints = npt.NDArray[np.int64]


class Batch(NamedTuple):
    """What ``reset`` and ``step`` return: one row per game."""

    observation: Floats  # (N, S): the tensor of the seat to act
    action_mask: npt.NDArray[np.int8]  # (N, A): 1 for each legal action of that seat
    seat: Ints  # (N,): the seat to act
    reward: Floats  # (N, players): win shares of a game that ended on this step, else 0
    done: npt.NDArray[np.bool_]  # (N,): the game of this row ended on this step (the row is a new game)


class VectorEnv:
    """``num_envs`` games of one table (players and options fixed), stepped together.

    ``copy=False`` returns the env's own arrays, overwritten by the next call (saves a copy a step).
    """

    def __init__(self, game: str | type[Game[Any]] | Game[Any], players: int | None = None,
                 num_envs: int = 16, *, fixed_actions: bool = False, copy: bool = True,
                 **options: Any) -> None:
        if num_envs < 1:
            raise ValueError(f"num_envs must be at least 1, not {num_envs}")
        self.game = resolve_game(game, players, **options)
        self.players = self.game.players
        self.num_envs = num_envs
        self.numbering = Numbering(self.game, fixed=fixed_actions)
        self.encoder = encoder_for(self.game)
        self.num_actions = self.numbering.size
        self.observation_size = self.encoder.size
        self.copy = copy
        start = self.encoder.offsets["legal"]
        self._legal = slice(start, start + self.game.num_actions)
        self._observation = np.zeros((num_envs, self.encoder.size), np.float32)
        self._mask = np.zeros((num_envs, self.num_actions), np.int8)
        self._seat = np.zeros(num_envs, np.int64)
        self._reward = np.zeros((num_envs, self.players), np.float32)
        self._done = np.zeros(num_envs, np.bool_)
        self._rows = np.arange(num_envs)
        self._streams = [np.random.default_rng() for _ in range(num_envs)]
        self._seats = [0] * num_envs  # the seat to act in each game (the ``seat`` array's source)
        self.states: list[State] = []

    def reset(self, seed: int | None = None) -> Batch:
        """Deal every game anew: game ``i`` from seed ``seed + i`` (fresh seeds if ``seed`` is None)."""
        if seed is not None:
            self._streams = [np.random.default_rng(seed + i) for i in range(self.num_envs)]
            deals = [seed + i for i in range(self.num_envs)]
        else:
            deals = [int(stream.integers(1 << 62)) for stream in self._streams]
        self.states = [self.game.new_state(deal) for deal in deals]
        self._reward.fill(0.0)
        self._done.fill(False)
        for i, state in enumerate(self.states):
            self._look(i, state)
        return self._batch()

    def step(self, actions: npt.ArrayLike) -> Batch:
        """Play ``actions[i]`` for the seat to act in game ``i``, every game; a game that ends is dealt
        anew. An action out of range or not legal raises ``IllegalAction`` before any game moves."""
        if not self.states:
            raise RuntimeError("call reset() before step()")
        chosen = np.asarray(actions)
        if chosen.shape != (self.num_envs,) or not np.issubdtype(chosen.dtype, np.integer):
            raise ValueError(f"actions must be {self.num_envs} integers, one per game, not {chosen.shape} "
                             f"of {chosen.dtype}")
        inside = (chosen >= 0) & (chosen < self.num_actions)
        legal = inside & (self._mask[self._rows, np.where(inside, chosen, 0)] == 1)
        if not legal.all():
            self._refuse(int(np.flatnonzero(~legal)[0]), int(chosen[~legal][0]))
        self._reward.fill(0.0)
        self._done.fill(False)
        plain = self.numbering.map is None
        table = self.game.actions
        for i, number in enumerate(chosen.tolist()):
            state = self.states[i]
            action = table[number] if plain else self.numbering.action(number)
            assert action is not None  # (checked against the mask above)
            state.apply(action, self._seats[i])
            if not state.actors:
                self._reward[i] = win_shares(state)
                self._done[i] = True
                state = self.states[i] = self.game.new_state(int(self._streams[i].integers(1 << 62)))
            self._look(i, state)
        return self._batch()

    @staticmethod
    def sample(mask: npt.NDArray[np.int8], rng: np.random.Generator) -> Ints:
        """A uniform legal action for every row of ``mask``, in one pass over the batch."""
        counts = mask.sum(axis=1)
        picks = (rng.random(len(mask)) * counts).astype(np.int64)  # the k-th legal action, k < count
        return np.asarray((mask.cumsum(axis=1) > picks[:, None]).argmax(axis=1), np.int64)

    def _look(self, i: int, state: State) -> None:
        """Row ``i``: the seat to act in ``state`` and its tensor (and its mask if not read from it)."""
        seat = state.actors[0]
        self._seats[i] = seat
        self.encoder.encode_state(state, seat, self._observation[i])
        if self.numbering.map is not None:
            self._mask[i] = self.numbering.mask(state.legal_actions(seat))

    def _refuse(self, i: int, number: int) -> None:
        seat = self._seats[i]
        legal = self.states[i].legal_actions(seat)
        action = self.numbering.action(number) if 0 <= number < self.num_actions else None
        why = "that number is not an action of this table" if action is None else "it is not legal now"
        raise IllegalAction(seat, action if action is not None else number, f"game {i}: {why}", legal)

    def _batch(self) -> Batch:
        self._seat[:] = self._seats
        if self.numbering.map is None:  # the game's numbering: the masks are the tensors' legal pieces
            np.copyto(self._mask, self._observation[:, self._legal], casting="unsafe")
        if not self.copy:
            return Batch(self._observation, self._mask, self._seat, self._reward, self._done)
        return Batch(self._observation.copy(), self._mask.copy(), self._seat.copy(), self._reward.copy(),
                     self._done.copy())
