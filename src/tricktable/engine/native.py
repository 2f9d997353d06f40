"""``State``'s hot path again, on a class the compiled build compiles: ``NativeState``.

The engine's ``State`` stays a plain Python class so that a game written in plain Python (a plugin, the
tests' toy game) can subclass it; but then its ``apply``, ``legal_actions`` and ``log``, which every
bot, simulation and environment calls once or more per decision, and ``_copy_base``, which every clone
calls, run in the interpreter even when the game's own rules are compiled. A game whose State classes
the compiled build compiles (the three shipped games) subclasses ``NativeState`` instead: the same
methods, compiled with the game, so that the driver's loop stays native until it enters the game's
``_legal`` and ``_step``. ``apply`` keeps only the path a driver takes (an action, a player, and a legal
list just asked for, or ``check=False``); anything else (text, no player, an action to refuse) goes to
``State.apply`` unchanged.

In the pure build this class is plain Python too, and behaves as ``State`` does (``tests/test_every_game.py``
plays the same games through both).
"""

from __future__ import annotations

from typing import Any

from tricktable.engine.actions import Action
from tricktable.engine.events import Event
from tricktable.engine.game import Game
from tricktable.engine.state import State


class NativeState(State):
    """``State`` with ``apply``, ``legal_actions``, ``log`` and ``_copy_base`` as its own (compiled) methods."""

    # the engine's fields these methods read, declared so that the compiled class holds them natively
    history: list[tuple[int, Action]]
    events: list[Event]
    _legal_cache: tuple[int, list[Action]] | None = None
    _log_shared: bool = False
    _entries: list[list[Any]]  # the game's history entries (``Game.entries``), held here for ``apply``

    def __init__(self, game: Game[Any], seed: int) -> None:
        super().__init__(game, seed)
        self._entries = game.entries

    # the rules' two entry points, declared here so that the compiled ``apply`` and ``legal_actions`` call
    # each game's own by its native method table, not by a Python method lookup
    def _legal(self, player: int) -> list[Action]:
        raise NotImplementedError

    def _step(self, action: Action, player: int) -> None:
        raise NotImplementedError

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """``State.legal_actions``: every choice open to ``player`` now (default: the first actor).

        The list is shared until the next ``apply``: read it, do not change it.
        """
        actors = self.actors
        if player is None:
            if not actors:
                return []
            player = actors[0]
        elif player not in actors:
            return []
        cache = self._legal_cache
        if cache is not None and cache[0] == player:
            return cache[1]
        legal = self._legal(player)
        self._legal_cache = (player, legal)
        return legal

    def apply(self, action: Action | str, player: int | None = None, *, check: bool = True) -> None:
        """``State.apply``: perform ``action`` for ``player`` (default: the first actor), or raise
        ``IllegalAction`` naming the legal actions and leave the state unchanged."""
        cache = self._legal_cache
        if player is None or isinstance(action, str) or (
                check and (cache is None or cache[0] != player or not _listed(action, cache[1]))):
            State.apply(self, action, player, check=check)  # the engine's checks and its error
            return
        if self._log_shared:
            self._own_log()
        # the game's own entry, appended as it is: typed ``Any`` here because the compiled build would
        # otherwise unpack the typed tuple and build a new one (which is what ``entries`` exists to avoid)
        history: list[Any] = self.history
        entries: list[Any] = self._entries[player]
        history.append(entries[action.index])
        self._legal_cache = None
        self._step(action, player)
        self._legal_cache = None

    def _copy_base(self, twin: State) -> None:
        """``State._copy_base``, for a game's ``clone`` (one per search iteration): un-share the engine's own
        mutable fields; the log is shared, copy on write."""
        twin.rng = self.rng.clone()
        if isinstance(twin, NativeState):  # (it is: a twin is of its original's class)
            twin._entries = self._entries
        twin.history = self.history
        twin.events = self.events
        self._log_shared = twin._log_shared = True
        twin._legal_cache = None

    def log(self, kind: str, visible: frozenset[int] | None = None, **data: Any) -> None:
        """``State.log``: record an event; ``visible`` is the seats that may see it (None: everyone)."""
        self.log_data(kind, data, visible)

    def log_data(self, kind: str, data: dict[str, Any], visible: frozenset[int] | None = None) -> None:
        """``log``, for data already in a dict (which the event keeps: pass a new one): ``log(kind, **data)``
        would unpack it into keywords and pack it again, through Python's generic call when compiled."""
        if self._log_shared:
            self._own_log()
        self.events.append(Event(kind, data, visible))


def _listed(action: Action, legal: list[Action]) -> bool:
    """``action in legal``, by identity first: actions are interned, and a compiled loop of pointer tests
    costs a tenth of ``in``, which calls each action's ``__eq__`` (a plugin's may compare by value)."""
    for a in legal:
        if a is action:
            return True
    return action in legal
