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
from pettingzoo.utils.env_logger import EnvLogger

from tricktable.engine import Action, Game, IllegalAction, State
from tricktable.envs.actions import Numbering
from tricktable.envs.encoding import Tensor, encoder_for, resolve_game, win_shares


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class RawEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game (players and options fixed at construction).

    It checks each action as PettingZoo's ``AssertOutOfBoundsWrapper`` and ``TerminateIllegalWrapper``
    would (``env()`` adds only ``OrderEnforcingWrapper``): an action outside the action space fails
    the same assertion; an action outside the mask raises ``IllegalAction`` (``illegal="raise"``, the
    default) or (``"terminate"``) warns and ends the game, ``illegal_reward`` to its agent, 0 to the
    others, every agent terminated and truncated, as that wrapper does.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012 (AECEnv's own type)
        "render_modes": ["ansi"], "render_fps": 1, "name": "tricktable", "is_parallelizable": False}

    def __init__(self, game: str | type[Game[Any]] | Game[Any], players: int | None = None, *,
                 render_mode: str | None = None, fixed_actions: bool = False,
                 observation_key: str = "observation", illegal: Literal["terminate", "raise"] = "raise",
                 illegal_reward: float = -1.0, **options: Any) -> None:
        super().__init__()
        if illegal not in ("terminate", "raise"):
            raise ValueError(f"illegal must be 'terminate' or 'raise', not {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = illegal_reward
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
        self._size = num_actions
        self._plain = self.numbering.map is None  # actions are the game's own indexes (in range: asserted)
        self._actions = self.game.actions
        start = self.encoder.offsets["legal"]
        self._legal = slice(start, start + self.game.num_actions)
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
        tensor = self.encoder.encode_state(state, seat)
        if agent != self.agent_selection:
            mask = np.zeros(self._size, np.int8)
        elif self.numbering.map is None:  # the game's numbering: the mask is the tensor's legal piece
            mask = tensor[self._legal].astype(np.int8)
        else:
            mask = self.numbering.mask([] if state.is_over else state.legal_actions(seat))
        return {self.observation_key: tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        # AssertOutOfBoundsWrapper's test (a plain int in range passes without the space's dtype checks)
        assert (type(action) is int and 0 <= action < self._size) or (action is None and dead) or (
            self.action_spaces[agent].contains(action)), "action is not in action space"
        if dead:
            self._was_dead_step(action)
            return
        state = self._live()
        seat = self.seats[agent]
        assert action is not None
        if self._plain and type(action) is int and 0 <= action < self._size:
            chosen: Action | None = self._actions[action]
        else:
            chosen = self.numbering.action(int(action))
        if self.illegal == "terminate" and (chosen is None or chosen not in state.legal_actions(seat)):
            self._terminate_illegal(agent)
            return
        if chosen is None:
            raise IllegalAction(seat, int(action), "that number is not an action of this table",
                                state.legal_actions(seat))
        state.apply(chosen, seat)
        self._cumulative_rewards[agent] = 0.0
        # rewards are all 0 on a live step (they are set only when the game ends, and then every agent
        # is dead and steps through ``_was_dead_step``, which clears them): no ``_clear_rewards`` here
        actors = state.actors
        if not actors:
            for agent, share in zip(self.agents, win_shares(state), strict=True):
                self.rewards[agent] = share
                self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            self._deads_step_first()
        else:
            self.agent_selection = self.possible_agents[actors[0]]

    def _terminate_illegal(self, agent: str) -> None:
        """What ``TerminateIllegalWrapper`` does on an action outside the mask."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0.0)
        self.rewards[agent] = float(self.illegal_reward)
        self._accumulate_rewards()
        self._deads_step_first()

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


# --- the order check, with direct attribute reads ------------------------------------------------
#
# PettingZoo's wrappers forward every attribute they do not define through ``__getattr__``, one level
# per wrapper: with the three a classic card game wears (``TerminateIllegalWrapper``,
# ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``), reading ``agent_selection`` or
# ``terminations`` costs six Python calls, and a step reads a dozen such names: more than the game and
# its tensor cost. So ``RawEnv`` makes the first two's checks itself, and the order check
# is PettingZoo's own ``OrderEnforcingWrapper`` reading those names straight from the environment.
# Before ``reset`` the environment has none of them, the property's AttributeError falls back to
# ``__getattr__``, and the wrapper raises as before.


def _direct(name: str) -> Any:
    def read(self: Any) -> Any:
        return getattr(self.env, name)

    return property(read)


class OrderEnforcingWrapper(wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, reading the names every step reads in one call."""

    agent_selection = _direct("agent_selection")
    agents = _direct("agents")
    terminations = _direct("terminations")
    truncations = _direct("truncations")
    rewards = _direct("rewards")
    infos = _direct("infos")
    _cumulative_rewards = _direct("_cumulative_rewards")

    def step(self, action: Any) -> None:
        if self._has_reset and self.env.agents:  # in order: the environment's own ``step``, one call
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self._has_reset:  # nothing to enforce: the environment's own ``last``, one call
            return self.env.last(observe)  # type: ignore[no-any-return]
        return super().last(observe)  # type: ignore[no-any-return]


def env(game: str | type[Game[Any]] | Game[Any], players: int | None = None, *,
        render_mode: str | None = None, illegal: Literal["terminate", "raise"] = "terminate",
        illegal_reward: float = -1.0, fixed_actions: bool = False, observation_key: str = "observation",
        **options: Any) -> AECEnv:
    """The AEC environment of ``game``, checked as PettingZoo's own card games are (their three
    wrappers' checks, in one level: see ``RawEnv``).

    ``illegal="terminate"`` (the default, as PettingZoo's ``TerminateIllegalWrapper``): an action outside
    the mask ends the game at once, ``illegal_reward`` to its agent and 0 to the others, so a checker
    that steps random actions (RLlib's environment pre-check) sees a short game, not an exception.
    ``illegal="raise"``: it raises ``IllegalAction`` (a ``ValueError``) naming the legal actions.
    Out-of-range actions always raise (``AssertOutOfBoundsWrapper``); so do steps out of order.
    """
    return OrderEnforcingWrapper(RawEnv(game, players, render_mode=render_mode, fixed_actions=fixed_actions,
                                        observation_key=observation_key, illegal=illegal,
                                        illegal_reward=illegal_reward, **options))
