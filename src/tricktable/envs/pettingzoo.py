"""Every tricktable game as a PettingZoo AEC environment::

    from tricktable.envs.pettingzoo import env
    table = env("masquerade", players=4)
    table.reset(seed=1)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        mask = observation["action_mask"]
        action = None if terminated or truncated else table.action_space(agent).sample(mask)
        table.step(action)

Agents are ``player_0``.. ``player_{n-1}`` (seat order). Each observation is a dict: ``observation``, the
game's float32 tensor (``tricktable.envs.encoding``), and ``action_mask``, int8, 1 for each legal action
index (all zero for an agent who is not selected). Actions are indices into ``game.actions``, or with
``fixed_actions=True`` into the game's fixed action space (``tricktable.envs.actions``).
Simultaneous choices are asked one seat at a time, lowest seat first; a later seat's observation never
shows an earlier secret choice (our ``observe`` hides it). Rewards come at the end: each winner gets
``1/k`` for ``k`` winners, minus ``1/n`` (zero-sum). ``reset(seed=s)`` deals from seed ``s``; a reset
without a seed deals from a generator seeded by the last seed given.
"""

from __future__ import annotations

import json
from typing import Any, Literal

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from tricktable.engine import Game, IllegalAction, State
from tricktable.envs.actions import Numbering
from tricktable.envs.encoding import Tensor, encoder_for, resolve_game


def agent_name(seat: int) -> str:
    return f"player_{seat}"


def win_shares(state: State) -> list[float]:
    """Zero-sum end rewards: ``1/k`` to each of ``k`` winners, minus ``1/n`` for everyone."""
    winners = state.winners()
    n = state.players
    return [(1.0 / len(winners) if seat in winners else 0.0) - 1.0 / n for seat in range(n)]


class RawEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game (players and options fixed at construction)."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (AECEnv's own type)
        "render_modes": ["ansi"], "render_fps": 1, "name": "tricktable", "is_parallelizable": False}

    def __init__(self, game: str | type[Game[Any]] | Game[Any], players: int | None = None, *,
                 render_mode: str | None = None, fixed_actions: bool = False,
                 observation_key: str = "observation", **options: Any) -> None:
        super().__init__()
        self.observation_key = observation_key  # RLlib's action-masking module reads "observations"
        self.game = resolve_game(game, players, **options)
        self.numbering = Numbering(self.game, fixed=fixed_actions)
        self.encoder = encoder_for(self.game)
        self.metadata = {**self.metadata, "name": f"tricktable_{self.game.name}"}
        self.render_mode = render_mode
        self.possible_agents = [agent_name(seat) for seat in range(self.game.players)]
        self.seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        num_actions = self.numbering.size
        self.observation_spaces = {agent: spaces.Dict({
            observation_key: spaces.Box(self.encoder.low, self.encoder.high, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(num_actions) for agent in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.state: State | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            deal = seed
        else:
            deal = int(self._seeds.integers(1 << 62))
        self.state = self.game.new_state(deal)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.state.actors[0])

    def observe(self, agent: str) -> dict[str, Tensor | np.ndarray[Any, np.dtype[np.int8]]]:
        state = self._live()
        seat = self.seats[agent]
        legal = state.legal_actions(seat) if agent == self.agent_selection and not state.is_over else []
        mask = self.numbering.mask(legal)
        return {self.observation_key: self.encoder.encode_state(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        state = self._live()
        seat = self.seats[self.agent_selection]
        if action is None:
            raise ValueError(f"{self.agent_selection} must act: None is only for agents whose game is over")
        chosen = self.numbering.action(int(action))
        if chosen is None:
            raise IllegalAction(seat, int(action), "that number is not an action of this table",
                                state.legal_actions(seat))
        state.apply(chosen, seat)
        self._cumulative_rewards[self.agent_selection] = 0.0
        self._clear_rewards()
        if state.is_over:
            for agent, share in zip(self.agents, win_shares(state), strict=True):
                self.rewards[agent] = share
                self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            self._deads_step_first()
        else:
            self.agent_selection = agent_name(state.actors[0])

    def render(self) -> str | None:
        """``ansi``: the spectator's view of the table as JSON (the position: the log is a stream of its own)."""
        if self.render_mode != "ansi":
            return None
        view = self._live().observe(None)
        return json.dumps(view)

    def close(self) -> None:
        pass

    def _live(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.state


# --- PettingZoo's wrappers, with direct attribute reads ---------------------------------------------
#
# PettingZoo's wrappers forward every attribute they do not define through ``__getattr__``, one level
# per wrapper: with the three a classic card game wears, reading ``agent_selection`` or ``terminations``
# costs six Python calls, and a step reads a dozen such names (about 20 us a step, more than the game
# and its tensor). These subclasses change nothing in what the wrappers do; they read those names
# straight from the unwrapped environment. Before ``reset`` the environment has none of them, the
# property's AttributeError falls back to ``__getattr__``, and OrderEnforcingWrapper raises as before.


def _direct(name: str) -> Any:
    def read(self: Any) -> Any:
        return getattr(self._raw, name)

    return property(read)


class _Direct:
    """The names every step reads, read from the unwrapped environment (``_raw``) in one call."""

    agent_selection = _direct("agent_selection")
    agents = _direct("agents")
    terminations = _direct("terminations")
    truncations = _direct("truncations")
    rewards = _direct("rewards")
    infos = _direct("infos")
    _cumulative_rewards = _direct("_cumulative_rewards")

    def __init__(self, env: AECEnv, *args: Any, **kwargs: Any) -> None:
        super().__init__(env, *args, **kwargs)  # type: ignore[call-arg]
        self._raw = env.unwrapped


class TerminateIllegalWrapper(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, reading the step's names directly."""


class AssertOutOfBoundsWrapper(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``: a plain int inside ``Discrete(n)`` passes without the
    space's ``contains`` (numpy dtype checks); anything else is checked by PettingZoo's own code."""

    def step(self, action: Any) -> None:
        if type(action) is int and 0 <= action < self._size:
            self.env.step(action)
            return
        super().step(action)

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._size = int(env.unwrapped.numbering.size)


class OrderEnforcingWrapper(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, reading the step's names directly."""


def env(game: str | type[Game[Any]] | Game[Any], players: int | None = None, *,
        render_mode: str | None = None, illegal: Literal["terminate", "raise"] = "terminate",
        illegal_reward: float = -1.0, fixed_actions: bool = False, observation_key: str = "observation",
        **options: Any) -> AECEnv:
    """The AEC environment of ``game``, wrapped as PettingZoo's own card games are.

    ``illegal="terminate"`` (the default, PettingZoo's ``TerminateIllegalWrapper``): an action outside
    the mask ends the game at once, ``illegal_reward`` to its agent and 0 to the others, so a checker
    that steps random actions (RLlib's environment pre-check) sees a short game, not an exception.
    ``illegal="raise"``: it raises ``IllegalAction`` (a ``ValueError``) naming the legal actions.
    Out-of-range actions always raise (``AssertOutOfBoundsWrapper``); so do steps out of order.
    """
    table: AECEnv = RawEnv(game, players, render_mode=render_mode, fixed_actions=fixed_actions,
                           observation_key=observation_key, **options)
    if illegal == "terminate":
        table = TerminateIllegalWrapper(table, illegal_reward=illegal_reward)
    elif illegal != "raise":
        raise ValueError(f"illegal must be 'terminate' or 'raise', not {illegal!r}")
    table = AssertOutOfBoundsWrapper(table)
    return OrderEnforcingWrapper(table)
