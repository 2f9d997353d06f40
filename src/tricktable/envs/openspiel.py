"""Every tricktable game as an OpenSpiel (pyspiel) Python game: ``tricktable_<name>``.

Importing this module registers each installed game, so afterwards::

    import pyspiel
    import tricktable.envs.openspiel  # noqa: F401
    game = pyspiel.load_game("tricktable_masquerade", {"players": 4})

How our model maps onto OpenSpiel's (docs/research.md says more):

- **Parameters**: ``players`` and every game option. Scalar options keep their type; other options
  (lists, tables, ``None``) are JSON strings, written with ``;`` between items because OpenSpiel's
  game-string syntax splits on commas (``[1;2]``; plain JSON is accepted too). ``deal_seeds`` is ours.
- **Chance** (parameter ``chance``): with ``draws`` (the default) every draw of the game's generator
  is a chance node with uniform outcomes (a deal is one node per card, see ``tricktable.engine.chance``),
  so a seat's information state holds every deal consistent with what it saw. With ``seed`` the one
  chance node at the start is the deal seed, uniform over ``deal_seeds`` values (our records' model).
- **Simultaneous choices** (several ``actors``) are sequentialised: the lowest waiting seat moves first;
  later movers' observations come from our ``observe``, which never shows a choice before the rules
  reveal it, so they decide without seeing the earlier secret choices.
- **Returns**: win shares, zero-sum: each winner gets ``1/k`` for ``k`` winners, minus ``1/n``.
- **Strings and tensors**: compact text (``tricktable.envs.infostate``): ``observation_string`` is the
  seat's position now; ``information_state_string`` adds every event it saw and its own actions.
  ``observation_tensor`` is the game's encoder (``tricktable.envs.encoding``). The public observation
  type (no private info) is the spectator view.
- **Serialization** of a state is its history (chance outcomes and actions), replayed on load.
- **resample_from_infostate** is our ``resample``; later draws of the world are chance nodes again.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import warnings
from functools import cache
from typing import Any

import pyspiel

from tricktable.engine import Event, Game, Rng, State, game_class
from tricktable.engine import options as opts
from tricktable.engine.chance import NeedChance, OutsideChance, Plan, new_state_from
from tricktable.engine.errors import IllegalAction
from tricktable.engine.registry import GAMES
from tricktable.envs.actions import Numbering
from tricktable.envs.encoding import Encoder, Tensor, asked_view, encoder_for
from tricktable.envs.infostate import information_state_text, position_text
from tricktable.envs.infotensor import InfoStateEncoder

PREFIX = "tricktable_"
DEAL_SEEDS = 1 << 16
CHANCE_MODELS = ("sampled", "draws", "seed")
MIN_DRAW_OUTCOMES = 128  # max_chance_outcomes under "draws": above every pile, seat count and colour list
MAX_CHANCE_NODES = 20_000  # added to max_game_length under "draws": a deal is one node per card
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
    spec: dict[str, Any] = {"players": default_players(game_cls), "chance": "sampled", "rng_seed": 0,
                            "deal_seeds": DEAL_SEEDS, "actions": "game"}
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
    chance: str = "sampled"  # "sampled": no chance nodes; "draws": a node a draw; "seed": one node, the seed
    actions: str = "game"  # "game": ids are game.actions indices; "fixed": the game's fixed action space

    @property
    def numbering(self) -> Numbering:
        return _numbering(self)

    @property
    def game(self) -> Game[Any]:
        return _engine_game(self)

    @property
    def encoder(self) -> Encoder:
        return _encoder(self)

    @property
    def infostate(self) -> InfoStateEncoder:
        return _infostate(self)


@cache
def _engine_game(spec: Spec) -> Game[Any]:
    game_cls: type[Game[Any]] = getattr(importlib.import_module(spec.module), spec.qualname)
    return game_cls(spec.players, **json.loads(spec.options))


@cache
def _encoder(spec: Spec) -> Encoder:
    return encoder_for(_engine_game(spec))


@cache
def _numbering(spec: Spec) -> Numbering:
    return Numbering(_engine_game(spec), fixed=spec.actions == "fixed")


@cache
def _infostate(spec: Spec) -> InfoStateEncoder:
    return InfoStateEncoder(_engine_game(spec), _encoder(spec))


class Live:
    """A pyspiel state's engine state and the chance event it waits for, if any.

    With ``chance="draws"`` every draw of the game's generator is a chance node: the engine state draws
    from an ``OutsideChance``, and a step that needs a draw is interrupted (``NeedChance``), undone, and
    performed again once the chance outcome is known (``answers``). Before the deal is complete
    ``state`` is ``None``; during a later step's chance events ``before`` is the state before that step
    and ``pending`` the action being performed. With ``chance="seed"`` the one chance node is the seed.

    OpenSpiel copies a Python state's attributes with ``deepcopy`` and serializes them with ``pickle``:
    this holder makes the first our cheap ``clone`` and the second a replay of the moves.
    """

    __slots__ = ("answers", "before", "marks", "moves", "need", "pending", "plan", "resampled", "seed", "spec",
                 "state")

    def __init__(self, spec: Spec, seed: int = 0) -> None:
        self.spec = spec
        self.seed = seed  # under "sampled", the deal's seed (drawn from the game's rng_seed)
        self.plan: Plan | None = None  # under "draws", the chance nodes of the step in progress
        self.state: State | None = None
        self.resampled = False  # a search world: no moves lead to it
        self.moves: list[int] = []  # the OpenSpiel history (chance outcomes and actions)
        self.marks: list[tuple[int, int, str]] = []  # (seat, events logged before, action): perfect recall
        self.answers: list[int] = []  # chance outcomes for the step (or deal) in progress
        self.before: State | None = None
        self.pending: tuple[int, int] | None = None  # (seat, the game's action index) waiting for chance
        self.need = 0  # outcomes of the chance node we are at (0: not at one)
        if spec.chance == "draws":
            self._attempt()
        elif spec.chance == "sampled":
            self.state = spec.game.new_state(seed)
        else:
            self.need = spec.deal_seeds

    # --- moves -----------------------------------------------------------------------------------

    def apply(self, move: int) -> None:
        if self.need:
            if not 0 <= move < self.need:
                raise pyspiel.SpielError(f"chance outcome {move} is not one of 0 to {self.need - 1}")
            self.moves.append(move)
            if self.spec.chance == "seed":
                self.state, self.need = self.spec.game.new_state(int(move)), 0
                return
            self.answers.append(int(move))
            self._attempt()
            return
        state = self.state
        assert state is not None  # not at a chance node, so dealt
        action = self.spec.numbering.action(move)
        if action is None:
            raise pyspiel.SpielError(f"action {move} is not an action id of this game")
        player = state.actors[0]
        before = state.clone() if self.spec.chance == "draws" else None
        seen = len(state.events)  # where this action falls in the event list (perfect recall)
        try:
            state.apply(action, player)
        except IllegalAction as error:  # OpenSpiel's callers (RLlib's wrapper among them) catch SpielError
            raise pyspiel.SpielError(str(error)) from error
        except NeedChance:
            assert before is not None
            self.state, self.before, self.pending, self.plan = before, before, (player, action.index), None
            self.moves.append(move)
            self.marks.append((player, seen, action.text))
            self._attempt()
            return
        self.moves.append(move)
        self.marks.append((player, seen, action.text))

    def _attempt(self) -> None:
        """The next chance node of the deal or the pending step, or the step done with the outcomes known.

        The plan of a probe (``tricktable.engine.chance.Plan``) gives the next node's size when it is
        certain of it; otherwise the step is probed again, with every answer known so far, so the deal
        is performed once per shuffle, not once per card.
        """
        known = len(self.answers)
        size = None if self.plan is None else self.plan.size(known)
        if size is not None:
            self.need = size
            return
        source = OutsideChance(self.answers, probe=True)
        try:
            if self.pending is None:
                state = new_state_from(self.spec.game, source)
            else:
                assert self.before is not None
                state = self.before.clone()
                state.rng = source
                player, move = self.pending
                state.apply(state.game.actions[move], player, check=False)
        except NeedChance:  # past the probe's limit: the plan so far still holds the next node
            state = None
        if state is not None and source.filled == 0:
            state.rng = OutsideChance()
            self.state, self.before, self.pending, self.answers, self.need = state, None, None, [], 0
            self.plan = None
            return
        self.plan = Plan(source, known)
        size = self.plan.size(known)
        assert size is not None  # the probe had every answer before this draw
        self.need = size

    # --- copies ----------------------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Live:
        twin = Live.__new__(Live)
        twin.spec, twin.resampled, twin.need, twin.pending = self.spec, self.resampled, self.need, self.pending
        twin.seed, twin.plan = self.seed, self.plan  # a plan is never changed, only replaced
        twin.state = None if self.state is None else self.state.clone()
        twin.before = twin.state if self.before is self.state else None if self.before is None else self.before.clone()
        twin.moves, twin.marks, twin.answers = self.moves.copy(), self.marks.copy(), self.answers.copy()
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        if self.resampled:
            raise TypeError("a resampled world (resample_from_infostate) cannot be serialized: no seed and "
                            "moves lead to it, and its record would replay the true game")
        return (_revive, (self.spec, self.moves, self.seed))


def _revive(spec: Spec, moves: list[int], seed: int = 0) -> Live:
    """The state a serialized history stands for (replayed, every move checked)."""
    live = Live(spec, seed)
    for move in moves:
        live.apply(move)
    return live


# --- pyspiel classes ---------------------------------------------------------------------------

def game_type(game_cls: type[Game[Any]]) -> Any:
    """The pyspiel GameType of a tricktable game.

    It says ``EXPLICIT_STOCHASTIC`` under every chance model. Under ``sampled`` there is no chance node
    (the deal is drawn inside the new state), which is what OpenSpiel calls ``SAMPLED_STOCHASTIC``; but
    pyspiel serializes such a game with its C++ generator's state, which a Python game cannot give, so
    pickling (RLlib's workers) and ``serialize_game_and_state`` would fail. Our states pickle with their
    deal seed instead. Algorithms that enumerate chance (CFR, ``nash_conv``) need ``chance=draws``.
    """
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
        provides_information_state_tensor=True,
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
        players, deal_seeds, chance = int(params["players"]), int(params["deal_seeds"]), str(params["chance"])
        if deal_seeds < 1:
            raise ValueError("deal_seeds must be at least 1")
        if chance not in CHANCE_MODELS:
            raise ValueError(f"chance must be one of {', '.join(CHANCE_MODELS)}, not {chance!r}")
        numbering = str(params["actions"])
        if numbering not in ("game", "fixed"):
            raise ValueError(f"actions must be game or fixed, not {numbering!r}")
        options = _options_from(game_cls, params)
        json_fields = {f.name for f in dataclasses.fields(game_cls.options_type)
                       if not _is_scalar(f.default) and _none_standin(game_cls, f.name) is None}
        self.spec = Spec(game_cls.__module__, game_cls.__qualname__, players,
                         json.dumps(options, sort_keys=True), deal_seeds, chance, numbering)
        # a draw picks one of a pile's cards, a seat or a colour: never more than the cards there are
        draws = max(len(self.spec.encoder.cards), MIN_DRAW_OUTCOMES)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.numbering.size,
            max_chance_outcomes={"seed": deal_seeds, "draws": draws}.get(chance, 0),
            num_players=players,
            min_utility=-1.0 / players,
            max_utility=1.0 - 1.0 / players,
            utility_sum=0.0,
            max_game_length=self.spec.encoder.max_decisions() + {"seed": 1, "draws": MAX_CHANCE_NODES}.get(chance, 0),
        )
        # the game string must parse back: non-scalar options in their comma-free JSON form
        canonical = {k: _json_param(_from_json_param(v)) if k in json_fields else v for k, v in params.items()}
        super().__init__(game_type(game_cls), info, canonical)
        # "sampled": each new state's deal seed is the next draw of this stream (OpenSpiel's rng_seed)
        self._deals = Rng(int(params["rng_seed"]))

    @property
    def engine(self) -> Game[Any]:
        """The tricktable ``Game`` (rules, options, action table) behind this game."""
        return self.spec.game

    def new_initial_state(self) -> TricktableState:
        return TricktableState(self)

    def next_deal(self) -> int:
        """The deal seed of the next new state under ``chance="sampled"``."""
        return self._deals.next64() if self.spec.chance == "sampled" else 0

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
        self._live = Live(game.spec, game.next_deal())

    @property
    def engine(self) -> State | None:
        """The tricktable ``State`` (``None`` while the first deal is being drawn)."""
        return self._live.state

    def current_player(self) -> int:
        live = self._live
        if live.need:
            return int(pyspiel.PlayerId.CHANCE)
        assert live.state is not None
        actors = live.state.actors
        return actors[0] if actors else int(pyspiel.PlayerId.TERMINAL)

    def _legal_actions(self, player: int) -> list[int]:
        live = self._live
        if live.need:
            return list(range(live.need)) if player == pyspiel.PlayerId.CHANCE else []
        state = live.state
        if state is None or player != self.current_player():
            return []
        numbering = live.spec.numbering
        return sorted(numbering.number(a) for a in state.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        need = self._live.need
        return [(outcome, 1.0 / need) for outcome in range(need)]

    def _apply_action(self, action: int) -> None:
        self._live.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}" if self._live.spec.chance == "seed" else f"draw {action}"
        chosen = self._live.spec.numbering.action(action)
        return f"action {action}" if chosen is None else chosen.text

    def is_terminal(self) -> bool:
        live = self._live
        return not live.need and live.state is not None and live.state.is_over

    def returns(self) -> list[float]:
        players = self._live.spec.players
        if not self.is_terminal():
            return [0.0] * players
        state = self._live.state
        assert state is not None
        winners = state.winners()
        return [(1.0 / len(winners) if p in winners else 0.0) - 1.0 / players for p in range(players)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TricktableState:
        """A state in which everything hidden from ``player_id`` is redrawn (our ``resample``).

        ``probability_sampler()`` gives floats in [0, 1); two of them seed the redraw. With
        ``chance="draws"`` later random events of the world are chance nodes again; with ``"seed"``
        the world's generator is reseeded, so they are not the true ones either. The world keeps the
        seat's own view of the past (the events it saw, its own actions), so its information state
        is the same; other seats' private events are not carried over.
        """
        live = self._live
        twin: TricktableState = self.get_game().new_initial_state()
        if live.state is None or live.need:
            if live.state is not None and live.pending is not None:
                raise pyspiel.SpielError("resample_from_infostate at a chance node inside a step")
            return twin  # nothing has been seen yet
        state = live.state
        seed = int(probability_sampler() * (1 << 32)) << 32 | int(probability_sampler() * (1 << 32))
        rng = Rng(seed)
        world = state.resample(player_id, rng)
        world.rng = OutsideChance() if live.spec.chance == "draws" else Rng(rng.next64())
        # the world keeps only what the seat saw; its own marks are counted in that shorter list
        visible_before = [0]
        for event in state.events:
            visible_before.append(visible_before[-1] + event.is_visible_to(player_id))
        world.events = state.visible_events(player_id)
        world.history = [(p, a) for p, a in state.history if p == player_id]
        world._legal_cache = None
        twin_live = twin._live
        twin_live.state, twin_live.need, twin_live.resampled = world, 0, True
        twin_live.marks = [(p, visible_before[at], text) for p, at, text in live.marks if p == player_id]
        return twin

    def __str__(self) -> str:
        live = self._live
        if live.resampled:
            return "a resampled world\n"
        if live.spec.chance == "draws":
            return " ".join(str(m) for m in live.moves)
        if live.state is None:
            return "dealing"
        text: str = live.state.record().to_text()
        return text


class Observer:
    """OpenSpiel's PyObserver for our games: compact text (``tricktable.envs.infostate``) and tensors.

    The default type is one seat's current observation (the tensor: ``tricktable.envs.encoding``). With
    ``perfect_recall`` it is the seat's information state (the tensor: ``tricktable.envs.infotensor``).
    With no private information it is the spectator view (observations only).
    """

    def __init__(self, spec: Spec, iig_obs_type: Any) -> None:
        self.encoder = spec.encoder
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.public = bool(iig_obs_type is not None
                           and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE)
        if self.perfect_recall and self.public:
            raise ValueError("a public information state is not provided (use the public observation)")
        self.infostate = spec.infostate if self.perfect_recall else None
        self.tensor: Tensor = self.encoder.zeros() if self.infostate is None else self.infostate.zeros()
        self.dict: dict[str, Tensor] = (self.encoder.views(self.tensor) if self.infostate is None
                                        else self.infostate.views(self.tensor))
        self.texts: dict[int, tuple[Event, str]] = {}  # ``information_state_text``'s memo of event texts

    def set_from(self, state: TricktableState, player: int) -> None:
        engine = state.engine
        if engine is None:
            self.tensor.fill(0.0)
            return
        if self.infostate is not None:
            self.infostate.encode(engine, player, state._live.marks, self.tensor)
            return
        self.encoder.encode_state(engine, None if self.public else player, self.tensor)

    def string_from(self, state: TricktableState, player: int) -> str:
        engine = state.engine
        if engine is None:
            return "dealing"
        seat = None if self.public else player
        view = asked_view(engine, seat)
        if not self.perfect_recall or seat is None:
            return position_text(view, type(engine.game).unordered_lists)
        return information_state_text(engine, seat, view, state._live.marks, self.texts)


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
        ours = ("players", "deal_seeds", "chance", "actions", "rng_seed")
        params[key] = value if _is_scalar(value) or key in ours else _json_param(value)
    game: TricktableGame = pyspiel.load_game(PREFIX + name, params)
    return game


register_all()
