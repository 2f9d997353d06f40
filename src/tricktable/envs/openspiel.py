"""Every tricktable game as an OpenSpiel (pyspiel) Python game: ``tricktable_<name>``.

Importing this module registers each installed game, so afterwards::

    import pyspiel
    import tricktable.envs.openspiel  # noqa: F401
    game = pyspiel.load_game("tricktable_masquerade", {"players": 4})

How our model maps onto OpenSpiel's (docs/research.md says more):

- **Parameters**: ``players`` and every game option. Scalar options keep their type; other options
  (lists, tables, ``None``) are JSON strings, written with ``;`` between items because OpenSpiel's
  game-string syntax splits on commas (``[1;2]``; plain JSON is accepted too). ``deal_seeds`` is ours.
- **Chance**: our engine draws all randomness (the deal, and draws during play) from the state's seeded
  generator. The OpenSpiel game starts with one explicit chance node whose outcome is that seed,
  uniform over ``deal_seeds`` values; after it the game is a deterministic function of the seed and the
  players' actions. The seed is never shown to any player, so every later random event stays hidden
  exactly as far as the rules hide it.
- **Simultaneous choices** (several ``actors``) are sequentialised: the lowest waiting seat moves first;
  later movers' observations come from our ``observe``, which never shows a choice before the rules
  reveal it, so they decide without seeing the earlier secret choices.
- **Returns**: win shares, zero-sum: each winner gets ``1/k`` for ``k`` winners, minus ``1/n``.
- **Strings and tensors**: ``observation_string`` is the observation JSON without the log;
  ``information_state_string`` adds the seat's event log and its own past actions (perfect recall).
  ``observation_tensor`` is the game's encoder (``tricktable.envs.encoding``). The public observation
  type (no private info) is the spectator view.
- **Serialization** of a state is its ``GameRecord`` (seed and actions), replayed on load.
- **resample_from_infostate** is our ``resample``, with the future of the generator redrawn too.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import warnings
from functools import cache
from typing import Any

import numpy as np
import pyspiel

from tricktable.engine import Game, GameRecord, Rng, State, game_class
from tricktable.engine import options as opts
from tricktable.engine.errors import IllegalAction
from tricktable.engine.registry import GAMES
from tricktable.envs.encoding import Encoder, Tensor, asked_view, encoder_for

PREFIX = "tricktable_"
DEAL_SEEDS = 1 << 16
_REGISTERED: dict[str, type[Game[Any]]] = {}


# --- parameters --------------------------------------------------------------------------------

def _is_scalar(value: Any) -> bool:
    return isinstance(value, bool | int | float | str)


def _json_param(value: Any) -> str:
    """A non-scalar option as a comma-free JSON string (``;`` between items)."""
    thawed = value if not isinstance(value, tuple) else json.loads(json.dumps(list(value)))
    return json.dumps(thawed, separators=(";", ":"))


def _from_json_param(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return json.loads(text.replace(";", ","))


def default_players(game_cls: type[Game[Any]]) -> int:
    """Four players when the game allows it, else the nearest count it does."""
    return min(max(4, game_cls.min_players), game_cls.max_players)


# OpenSpiel parameters have no null: an ``int | None`` option (Trickster's ``first_leader``) is an int
# parameter, and this value stands for None (no seat, no count is negative)
NONE_INT = -1


def dataclasses_names(game_cls: type[Game[Any]]) -> set[str]:
    return {f.name for f in dataclasses.fields(game_cls.options_type)}


def _none_standin(game_cls: type[Game[Any]], name: str) -> Any:
    """What stands for the option's None in a game string, or ``None`` when the option is not a nullable int."""
    kind = opts.scalar_kinds(game_cls.options_type).get(name)
    defaults = {f.name: f.default for f in dataclasses.fields(game_cls.options_type)}
    if kind is not None and kind[1] and kind[0] is int and defaults[name] is None:
        return NONE_INT
    return None


def parameter_specification(game_cls: type[Game[Any]]) -> dict[str, Any]:
    """``players``, ``deal_seeds`` and one parameter per option, with their defaults."""
    spec: dict[str, Any] = {"players": default_players(game_cls), "deal_seeds": DEAL_SEEDS}
    for field in dataclasses.fields(game_cls.options_type):
        default = field.default
        standin = _none_standin(game_cls, field.name)
        if default is None and standin is not None:
            spec[field.name] = standin
        else:
            spec[field.name] = default if _is_scalar(default) else _json_param(default)
    return spec


def _options_from(game_cls: type[Game[Any]], params: dict[str, Any]) -> dict[str, Any]:
    """Engine option values from OpenSpiel parameters (only those that differ from the default)."""
    options: dict[str, Any] = {}
    for field in dataclasses.fields(game_cls.options_type):
        if field.name not in params:
            continue
        value = params[field.name]
        standin = _none_standin(game_cls, field.name)
        if standin is not None:
            value = None if value == standin else value
        elif not _is_scalar(field.default):
            value = _from_json_param(value)
            if value == _from_json_param(_json_param(field.default)):
                continue
        elif isinstance(value, str) and value.startswith(("[", "{")):
            value = _from_json_param(value)  # a list where the option also takes a name (a deck)
        if value == field.default:
            continue
        options[field.name] = value
    return options


# --- the engine game behind one OpenSpiel game -------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Spec:
    """Which engine game an OpenSpiel game wraps. Pickles as its names, so records stay small."""

    module: str
    qualname: str
    players: int
    options: str  # JSON of the options that differ from the defaults
    deal_seeds: int

    @property
    def game(self) -> Game[Any]:
        return _engine_game(self)

    @property
    def encoder(self) -> Encoder:
        return _encoder(self)


@cache
def _engine_game(spec: Spec) -> Game[Any]:
    game_cls: type[Game[Any]] = getattr(importlib.import_module(spec.module), spec.qualname)
    return game_cls(spec.players, **json.loads(spec.options))


@cache
def _encoder(spec: Spec) -> Encoder:
    return encoder_for(_engine_game(spec))


class Live:
    """A pyspiel state's engine state (``None`` before the deal's chance node).

    OpenSpiel copies a Python state's attributes with ``deepcopy`` and serializes them with ``pickle``:
    this holder makes the first our cheap ``clone`` and the second our ``GameRecord``.
    """

    __slots__ = ("resampled", "spec", "state")

    def __init__(self, spec: Spec, state: State | None, *, resampled: bool = False) -> None:
        self.spec = spec
        self.state = state
        self.resampled = resampled  # a search world: its record does not replay to it

    def __deepcopy__(self, memo: dict[int, Any]) -> Live:
        return Live(self.spec, None if self.state is None else self.state.clone(), resampled=self.resampled)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.state is None:
            return (Live, (self.spec, None))
        if self.resampled:
            raise TypeError("a resampled world (resample_from_infostate) cannot be serialized: no seed and "
                            "actions lead to it, and its record would replay the true game")
        return (_revive, (self.spec, self.state.record().dumps()))


def _revive(spec: Spec, record_json: str) -> Live:
    """The engine state a serialized record stands for (replayed and checked)."""
    record = GameRecord.loads(record_json)
    state = spec.game.new_state(record.seed)
    for player, text in record.actions:
        state.apply(text, player)
    return Live(spec, state)


# --- pyspiel classes ---------------------------------------------------------------------------

def game_type(game_cls: type[Game[Any]]) -> Any:
    """The pyspiel GameType of a tricktable game."""
    return pyspiel.GameType(
        short_name=PREFIX + game_cls.name,
        long_name=f"tricktable {game_cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game_cls.max_players,
        min_num_players=game_cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_cls),
    )


class TricktableGame(pyspiel.Game):  # type: ignore[misc]
    """One tricktable game with fixed players and options, as pyspiel sees it."""

    game_cls: type[Game[Any]]  # set by each game's subclass (see ``register``)

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_cls = self.game_cls
        params = {**parameter_specification(game_cls), **(params or {})}
        players, deal_seeds = int(params["players"]), int(params["deal_seeds"])
        if deal_seeds < 1:
            raise ValueError("deal_seeds must be at least 1")
        options = _options_from(game_cls, params)
        json_fields = {f.name for f in dataclasses.fields(game_cls.options_type)
                       if not _is_scalar(f.default) and _none_standin(game_cls, f.name) is None}
        self.spec = Spec(game_cls.__module__, game_cls.__qualname__, players,
                         json.dumps(options, sort_keys=True), deal_seeds)
        engine = self.spec.game
        info = pyspiel.GameInfo(
            num_distinct_actions=engine.num_actions,
            max_chance_outcomes=deal_seeds,
            num_players=players,
            min_utility=-1.0 / players,
            max_utility=1.0 - 1.0 / players,
            utility_sum=0.0,
            max_game_length=self.spec.encoder.max_decisions() + 1,
        )
        # the game string must parse back: non-scalar options in their comma-free JSON form
        canonical = {k: _json_param(_from_json_param(v)) if k in json_fields else v for k, v in params.items()}
        super().__init__(game_type(game_cls), info, canonical)

    @property
    def engine(self) -> Game[Any]:
        """The tricktable ``Game`` (rules, options, action table) behind this game."""
        return self.spec.game

    def new_initial_state(self) -> TricktableState:
        return TricktableState(self)

    def __reduce__(self) -> tuple[Any, ...]:
        # as pyspiel's own games pickle: by their game string, loaded again (registering ours first)
        return (_load_game_string, (str(self),))

    def make_py_observer(self, iig_obs_type: Any = None, params: dict[str, Any] | None = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return Observer(self.spec, iig_obs_type)


class TricktableState(pyspiel.State):  # type: ignore[misc]
    """A pyspiel state over one engine state. Its only Python attribute is ``_live`` (see ``Live``)."""

    def __init__(self, game: TricktableGame) -> None:
        super().__init__(game)
        self._live = Live(game.spec, None)

    @property
    def engine(self) -> State | None:
        """The tricktable ``State`` (``None`` before the deal)."""
        return self._live.state

    def current_player(self) -> int:
        state = self._live.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        actors = state.actors
        return actors[0] if actors else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        state = self._live.state
        if state is None or player != self.current_player():
            return []
        return sorted(a.index for a in state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        seeds = self._live.spec.deal_seeds
        return [(seed, 1.0 / seeds) for seed in range(seeds)]

    def _apply_action(self, action: int) -> None:
        live = self._live
        if live.state is None:
            if not 0 <= action < live.spec.deal_seeds:
                last = live.spec.deal_seeds - 1
                raise pyspiel.SpielError(f"chance outcome {action} is not a deal seed (0 to {last})")
            live.state = live.spec.game.new_state(int(action))
            return
        state = live.state
        actions = state.game.actions
        if not 0 <= action < len(actions):
            raise pyspiel.SpielError(f"action {action} is not an action id (0 to {len(actions) - 1})")
        try:
            state.apply(actions[action], state.actors[0])
        except IllegalAction as error:  # OpenSpiel's callers (RLlib's wrapper among them) catch SpielError
            raise pyspiel.SpielError(str(error)) from error

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        text: str = self._live.spec.game.actions[action].text
        return text

    def is_terminal(self) -> bool:
        state = self._live.state
        return state is not None and state.is_over

    def returns(self) -> list[float]:
        players = self._live.spec.players
        state = self._live.state
        if state is None or not state.is_over:
            return [0.0] * players
        winners = state.winners()
        return [(1.0 / len(winners) if p in winners else 0.0) - 1.0 / players for p in range(players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TricktableState:
        """A state in which everything hidden from ``player_id`` is redrawn (our ``resample``).

        ``probability_sampler()`` gives floats in [0, 1); two of them seed the redraw. The world's own
        generator is reseeded as well, so later random events (draws during play) are not the true ones.
        """
        state = self._live.state
        twin = self.get_game().new_initial_state()
        if state is None:
            return twin  # type: ignore[no-any-return]
        seed = int(probability_sampler() * (1 << 32)) << 32 | int(probability_sampler() * (1 << 32))
        rng = Rng(seed)
        world = state.resample(player_id, rng)
        world.rng = Rng(rng.next64())
        twin._live = Live(self._live.spec, world, resampled=True)
        return twin  # type: ignore[no-any-return]

    def __str__(self) -> str:
        state = self._live.state
        if state is None:
            return "dealing"
        text = state.record().to_text()
        return text + "(a resampled world)\n" if self._live.resampled else text


class Observer:
    """OpenSpiel's PyObserver for our games: strings from ``observe``, the tensor from the game's encoder.

    The default type is one seat's current observation. With ``perfect_recall`` it is the information
    state (string only). With no private information it is the spectator view.
    """

    def __init__(self, spec: Spec, iig_obs_type: Any) -> None:
        self.encoder = spec.encoder
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type is not None
                           and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        self.tensor: Tensor | None = None if self.perfect_recall else self.encoder.zeros()
        self.dict: dict[str, Tensor] = {} if self.tensor is None else self.encoder.views(self.tensor)

    def set_from(self, state: TricktableState, player: int) -> None:
        if self.tensor is None:
            return
        engine = state.engine
        if engine is None:
            self.tensor.fill(0.0)
            return
        self.encoder.encode(asked_view(engine, None if self.public else player), self.tensor)

    def string_from(self, state: TricktableState, player: int) -> str:
        engine = state.engine
        if engine is None:
            return "dealing"
        seat = None if self.public else player
        view = asked_view(engine, seat)
        if not self.perfect_recall:
            return json.dumps(view, sort_keys=True, separators=(",", ":"))
        view["log"] = [e.to_json() for e in engine.visible_events(seat)]  # observe() has no log any more
        mine = [a.text for p, a in engine.history if p == seat]
        return json.dumps({"observation": view, "own_actions": mine}, sort_keys=True, separators=(",", ":"))


# --- registration ------------------------------------------------------------------------------

def register(game_cls: type[Game[Any]]) -> str:
    """Register ``game_cls`` with pyspiel (once); its short name, ``tricktable_<name>``."""
    short_name = PREFIX + game_cls.name
    if short_name not in _REGISTERED:
        # pyspiel keeps the creator until after Python has shut down: a class is safe there, a closure
        # (a lambda) aborts the interpreter at exit
        # and a module attribute, so pickle finds it by name
        creator = type(f"{game_cls.__name__}OpenSpielGame", (TricktableGame,),
                       {"game_cls": game_cls, "__module__": __name__})
        globals()[creator.__name__] = creator
        pyspiel.register_game(game_type(game_cls), creator)
        _REGISTERED[short_name] = game_cls
    return short_name


def _load_game_string(text: str) -> TricktableGame:
    """The game a pickled game stands for: ``pyspiel.load_game(text)``, our games registered first."""
    name = text.split("(", 1)[0]
    if name.startswith(PREFIX) and name not in _REGISTERED:
        register(game_class(name[len(PREFIX):]))
    game: TricktableGame = pyspiel.load_game(text)
    return game


def register_all() -> list[str]:
    """Register every installed tricktable game; their pyspiel short names."""
    names = []
    for name in GAMES:
        try:
            game_cls = game_class(name)
        except ModuleNotFoundError as error:
            if error.name is not None and GAMES[name].startswith(error.name):
                continue  # not installed
            raise
        except (ImportError, AttributeError) as error:  # a game whose package is there but does not load
            warnings.warn(f"tricktable game {name!r} is not registered with pyspiel: {error}", stacklevel=2)
            continue
        names.append(register(game_cls))
    return names


def registered() -> dict[str, type[Game[Any]]]:
    """The games registered so far, by pyspiel short name."""
    return dict(_REGISTERED)


def load(name: str, players: int | None = None, **options: Any) -> TricktableGame:
    """``pyspiel.load_game("tricktable_<name>", ...)`` with options as Python values."""
    game_cls = game_class(name)
    register(game_cls)
    params: dict[str, Any] = {} if players is None else {"players": players}
    for key, value in options.items():
        if key in dataclasses_names(game_cls):
            value = opts.coerce(game_cls.options_type, key, value)  # "1" for an int option is 1
        if value is None and _none_standin(game_cls, key) is not None:
            value = _none_standin(game_cls, key)
        params[key] = value if _is_scalar(value) or key in ("players", "deal_seeds") else _json_param(value)
    game: TricktableGame = pyspiel.load_game(PREFIX + name, params)
    return game


def observation_array(state: TricktableState, player: int) -> Tensor:
    """``state.observation_tensor(player)`` as a float32 numpy array."""
    return np.asarray(state.observation_tensor(player), dtype=np.float32)


register_all()
