"""One seat of a tricktable game as a single-agent Gymnasium environment; tricktable bots play the rest::

    from tricktable.envs.gymnasium import TricktableEnv
    env = TricktableEnv("masquerade", players=4, opponents="random")
    observation, info = env.reset(seed=1)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated:
            break

The observation is the game's float32 tensor (``tricktable.envs.encoding``); actions are indices into
``game.actions`` (with ``fixed_actions=True``, into the game's fixed action space across player counts
and options, ``tricktable.envs.actions``). ``info["action_mask"]`` (and ``env.action_masks()``, the name sb3-contrib's
MaskablePPO looks for) marks the legal ones. An illegal action is replaced by a random legal one and
costs ``illegal_penalty`` (``illegal="raise"`` raises instead). The reward comes at the end: the zero-sum
win share (``1/k`` to each of ``k`` winners, minus ``1/n``), plus any penalties. Opponents are bots by
``tricktable.bots.make_bot`` name (one name for all, or one per other seat), each seeded from the
episode's seed, so ``reset(seed=s)`` replays an episode exactly.
"""

from __future__ import annotations

import json
from typing import Any, Literal

import gymnasium
import numpy as np
from gymnasium import spaces

from tricktable.bots import Bot, SeatView, make_bot
from tricktable.engine import Game, State
from tricktable.envs.actions import Numbering
from tricktable.envs.encoding import Tensor, encoder_for, resolve_game, win_shares

Mask = np.ndarray[Any, np.dtype[np.int8]]


class TricktableEnv(gymnasium.Env[Tensor, np.int64]):
    """Seat ``seat`` (``None``: a random seat each episode) learns against bots in the other seats."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Env's own type)

    def __init__(self, game: str | type[Game[Any]] | Game[Any], players: int | None = None, *,
                 seat: int | None = 0, opponents: str | list[str] = "random",
                 illegal: Literal["random", "raise"] = "random", illegal_penalty: float = 0.0,
                 render_mode: str | None = None, fixed_actions: bool = False, **options: Any) -> None:
        self.game = resolve_game(game, players, **options)
        self.numbering = Numbering(self.game, fixed=fixed_actions)
        self.encoder = encoder_for(self.game)
        n = self.game.players
        if seat is not None and not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not a seat of a {n}-player game")
        names = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != n - 1:
            raise ValueError(f"{n - 1} opponents needed, {len(names)} given")
        make_bot(names[0])  # fail now on an unknown bot name, not at the first reset
        self.opponent_names = names
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.illegal = illegal
        self.illegal_penalty = illegal_penalty
        self.render_mode = render_mode
        self.observation_space = spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.numbering.size)
        self.state: State | None = None
        self.bots: dict[int, Bot] = {}

    # --- gymnasium ---------------------------------------------------------------------------------

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Tensor, dict[str, Any]]:
        super().reset(seed=seed)
        deal = int(self.np_random.integers(1 << 62))
        self.state = self.game.new_state(deal)
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(self.game.players))
        others = [p for p in range(self.game.players) if p != self.seat]
        self.bots = {p: make_bot(name, int(self.np_random.integers(1 << 62)))
                     for p, name in zip(others, self.opponent_names, strict=True)}
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: int | np.integer[Any]) -> tuple[Tensor, float, bool, bool, dict[str, Any]]:
        state = self._live()
        if state.is_over:
            raise RuntimeError("the episode is over: call reset()")
        legal = state.legal_actions(self.seat)
        chosen = self.numbering.action(int(action))
        reward = 0.0
        illegal = chosen not in legal
        if illegal:
            if self.illegal == "raise":
                numbers = [self.numbering.number(a) for a in legal]
                raise ValueError(f"action {int(action)} is not legal (legal: {numbers})")
            chosen = legal[int(self.np_random.integers(len(legal)))]
            reward += self.illegal_penalty
        assert chosen is not None
        state.apply(chosen, self.seat)
        self._play_bots()
        if state.is_over:
            reward += win_shares(state)[self.seat]
        info = self._info()
        info["illegal_action"] = illegal
        return self._observation(), reward, state.is_over, False, info

    def render(self) -> str | None:
        """``ansi``: the learner's view of the table as JSON (the position: the log is a stream of its own)."""
        if self.render_mode != "ansi":
            return None
        view = self._live().observe(self.seat)
        return json.dumps(view)

    # --- masks -------------------------------------------------------------------------------------

    def action_masks(self) -> Mask:
        """1 for each legal action of the learner now (all zero once the game is over)."""
        return self.numbering.mask(self._live().legal_actions(self.seat))

    # --- inside ------------------------------------------------------------------------------------

    def _play_bots(self) -> None:
        """Let the bots act until the learner must decide or the game ends.

        At a simultaneous step the learner may be one of several actors: the bots that are also
        waiting choose first, from observations that do not show the learner's pending choice anyway.
        """
        state = self._live()
        while not state.is_over:
            bots = [p for p in state.actors if p != self.seat]
            if not bots:
                return
            if self.seat in state.actors and bots[0] > self.seat:
                return  # the learner is first in line (seats are asked lowest first, as in OpenSpiel)
            player = bots[0]
            state.apply(self.bots[player].choose(SeatView(state, player)), player)

    def _observation(self) -> Tensor:
        return self.encoder.encode_state(self._live(), self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks(), "seat": self.seat}

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


def register_ids() -> list[str]:
    """Register ``tricktable/<name>-v0`` for every game, for ``gymnasium.make("tricktable/masquerade-v0")``."""
    from tricktable.engine.registry import GAMES

    ids = []
    for name in GAMES:
        env_id = f"tricktable/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(id=env_id, entry_point="tricktable.envs.gymnasium:TricktableEnv", kwargs={"game": name})
        ids.append(env_id)
    return ids


register_ids()
