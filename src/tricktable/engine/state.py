"""The State interface every driver speaks: bots, the terminal, the web, simulations and RL envs.

A state is mutable. ``apply`` is the only way to change it, and ``legal_actions`` the only definition of
legality: ``apply`` checks membership, then calls the game's trusted ``_step``, which search code may
reach directly with ``apply(action, check=False)``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Self, TypeVar

from tricktable.engine import chance
from tricktable.engine import options as opts
from tricktable.engine.actions import Action
from tricktable.engine.errors import IllegalAction
from tricktable.engine.events import Event
from tricktable.engine.record import GameRecord
from tricktable.engine.rng import Rng, rng_for, substream_seed

if TYPE_CHECKING:
    from tricktable.engine.game import Game

Observation = dict[str, Any]
PhaseT = TypeVar("PhaseT", bound=int)
LegalT = TypeVar("LegalT")
ApplyT = TypeVar("ApplyT")


def phase_tables(phases: Mapping[PhaseT, tuple[LegalT, ApplyT]]) -> tuple[tuple[LegalT, ...], tuple[ApplyT, ...]]:
    """A game's ``PHASES`` table (``{Phase.X: (Rules._legal_x, Rules._apply_x)}``) as two tuples indexed by
    phase, for ``_legal``/``_step`` to dispatch through: ``LEGAL[self.phase](self, player)``. Indexing a
    tuple by an ``IntEnum`` member costs what indexing it by an int does; a dict lookup would hash it.

    >>> LEGAL, APPLY = phase_tables({1: ("legal b", "apply b"), 0: ("legal a", "apply a")})
    >>> LEGAL, APPLY
    (('legal a', 'legal b'), ('apply a', 'apply b'))
    """
    if sorted(phases) != list(range(len(phases))):
        raise ValueError(f"phases must be numbered 0..{len(phases) - 1}, not {sorted(phases)}")
    order = sorted(phases)
    return tuple(phases[p][0] for p in order), tuple(phases[p][1] for p in order)


class Decision(NamedTuple):
    """A past choice rebuilt (``State.past_decisions``): the state just before it, the seat that chose it,
    and the index of the action it chose (``Action.index``)."""

    before: State
    seat: int
    action_index: int


class State(ABC):
    """One game in progress. Subclasses keep their data small (ints, lists, tuples) so ``clone`` is cheap."""

    game: Game[Any]
    players: int  # the number of seats (``game.players``): a plain attribute, read on hot paths
    round_no: int  # the current round, from 1: each game sets it (``round`` reads it)
    seed: int
    rng: Rng
    history: list[tuple[int, Action]]
    events: list[Event]
    # (player, legal actions) until the next apply: a driver asks for the list, then applies one of it,
    # so the membership check reuses the list instead of computing it twice.
    _legal_cache: tuple[int, list[Action]] | None = None
    # whether ``history`` and ``events`` are shared with a clone (copy on write): a clone copies no log, so
    # its cost and memory stay flat along the game; the first ``apply`` on either side copies its own
    _log_shared: bool = False

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.game = game
        self.players = game.players
        self.seed = seed
        source = chance.SOURCE.get()  # an adapter's outside chance (engine/chance.py); else the seed's draws
        # SplitMix64, or the secure generator for a live table's seed
        self.rng = rng_for(seed) if source is None else source
        self.history = []
        self.events = []

    def stream(self, name: str) -> Rng:
        """The generator of one named component of the deal (``"missions"``, ``"heroes"``): its own
        substream of the seed, so a variant that changes that component's contents (a mission removed)
        leaves the other draws, the cards dealt above all, as they were. Under outside chance (an
        adapter's chance nodes), and for a record of a version dealt from one stream, every draw stays the
        state's own ``rng``."""
        if self.rng.outside or self.game.one_stream:
            return self.rng
        return rng_for(substream_seed(self.seed, name))

    # --- what each game provides ---------------------------------------------------------------

    @property
    @abstractmethod
    def actors(self) -> tuple[int, ...]:
        """The seats whose decision is awaited now (several only at a simultaneous, hidden choice)."""

    @abstractmethod
    def _legal(self, player: int) -> list[Action]:
        """The legal actions of ``player``, who is one of ``actors``."""

    @abstractmethod
    def _step(self, action: Action, player: int) -> None:
        """Perform a legal action. Trusted: no checks."""

    @property
    def round(self) -> int:
        """The current round, from 1: the game's ``round_no``."""
        return self.round_no

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score as the game counts it (running totals before the end)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The seats that won (several when tied after every tie-break). Empty before the end."""

    @abstractmethod
    def _observe(self, player: int | None) -> Observation:
        """The game-specific part of an observation: only what ``player`` may know."""

    @abstractmethod
    def resample(self, player: int, rng: Rng) -> Self:
        """A clone in which everything hidden from ``player`` is redrawn, consistent with what they know."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy. Cheap: copies only what can change, never ``deepcopy``."""

    @abstractmethod
    def all_cards(self) -> list[str]:
        """Every card of the game wherever it lies (hands, tricks, piles, out of play): for conservation tests."""

    def past_decisions(self, seat: int) -> list[Decision] | None:
        """The other seats' choices ``seat`` saw this round, each rebuilt in this state (a world drawn for
        ``seat``: only what the seat knows plus what was drawn), oldest first; None when the game cannot
        rebuild them. Policy inference (``bots/inference.py``) weighs a world by these; a game rebuilds
        them in its own folder (``games/<game>/rewind.py``), where its fields are its own business."""
        return None

    def _why_illegal(self, action: Action, player: int) -> str:
        """Why ``action`` is not legal for ``player`` now; games refine this (``must follow red``)."""
        return "that is not legal now"

    def _why_not(self, player: int) -> dict[str, dict[str, Any]]:
        """For each card in ``player``'s hand that cannot be played now, the reason as ``{"key", "args"}``
        (rendered by ``game.why_not_text``); games refine this."""
        return {}

    def result(self) -> dict[str, Any] | None:
        """The end-of-game breakdown (None before the end): ``{"winners", "order" (best first), "rows":
        [{"seat", "total", "parts": [{"label", "points", "words"}]}], "tiebreak"}``, from the game's scoring.
        Labels and the tie-break are English; ``words`` holds them in every language (``game.describe_result``)."""
        return None

    # --- the shared interface ------------------------------------------------------------------

    def why_not(self, player: int, lang: str = "en", names: Sequence[str] | None = None) -> dict[str, str]:
        """For each card in ``player``'s hand that cannot be played now, why not, in words
        (``must follow Blue``); empty when ``player`` is not choosing a card to play."""
        if player not in self.actors:
            return {}
        return {card: self.game.why_not_text(reason, lang, names) for card, reason in self._why_not(player).items()}

    @property
    def is_over(self) -> bool:
        return not self.actors

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """Every choice open to ``player`` now (default: the first actor); empty if they need not act.

        The list is shared until the next ``apply``: read it, do not change it.
        """
        actors = self.actors
        if player is None:
            if not actors:
                return []
            player = actors[0]
        elif player not in actors:
            return []
        return self._cached_legal(player)

    def _cached_legal(self, player: int) -> list[Action]:
        cache = self._legal_cache
        if cache is not None and cache[0] == player:
            return cache[1]
        legal = self._legal(player)
        self._legal_cache = (player, legal)
        return legal

    def apply(self, action: Action | str, player: int | None = None, *, check: bool = True) -> None:
        """Perform ``action`` for ``player`` (default: the first actor).

        Raises ``IllegalAction`` naming the legal actions, and leaves the state unchanged, when the
        action is not legal. Text is parsed with the game's ``parse_action``.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        cache = self._legal_cache
        if check and player is not None and cache is not None and cache[0] == player:
            # the hot path of every driver: legal_actions(player) just listed this player's choices
            if action not in cache[1]:
                raise IllegalAction(player, action, self._why_illegal(action, player), cache[1])
        else:
            actors = self.actors
            if player is None:
                if not actors:
                    raise IllegalAction(None, action, "the game is over")
                player = actors[0]
            if check:
                if player not in actors:
                    waiting = ", ".join(f"seat {p}" for p in actors) or "nobody: the game is over"
                    raise IllegalAction(player, action, f"it is not their turn (waiting for {waiting})")
                legal = self._cached_legal(player)
                if action not in legal:
                    raise IllegalAction(player, action, self._why_illegal(action, player), legal)
        if self._log_shared:
            self._own_log()
        self.history.append(self.game.entries[player][action.index])
        self._legal_cache = None
        self._step(action, player)
        self._legal_cache = None

    def log(self, kind: str, visible: frozenset[int] | None = None, **data: Any) -> None:
        """Record an event; ``visible`` is the seats that may see it (None: everyone)."""
        self.log_data(kind, data, visible)

    def log_data(self, kind: str, data: dict[str, Any], visible: frozenset[int] | None = None) -> None:
        """``log``, for data already in a dict (which the event keeps: pass a new one): ``log(kind, **data)``
        would unpack it into keywords and pack it again, through Python's generic call when compiled."""
        if self._log_shared:
            self._own_log()
        self.events.append(Event(kind, data, visible))

    def visible_events(self, player: int | None) -> list[Event]:
        """Every event ``player`` may see, in order (the whole log: prefer ``log_since`` for increments)."""
        return self.log_since(player, 0)[1]

    def log_since(self, player: int | None, since: int = 0) -> tuple[int, list[Event]]:
        """The log as a stream: ``(next, events)``, the events ``player`` may see among ``events[since:]``.

        Indexes count the global event list (every seat's and hidden ones), so ``next`` is
        ``len(self.events)``: pass it back as ``since`` to get only what happened after. The cost is the
        number of new events, not the length of the game.
        """
        next_index, entries = self.log_entries(player, since)
        return next_index, [e for _, e in entries]

    def log_entries(self, player: int | None, since: int = 0) -> tuple[int, list[tuple[int, Event]]]:
        """``log_since`` with each event's global index (the web's log lines carry it as ``i``)."""
        events = self.events
        start = max(0, since)
        return len(events), [(i, events[i]) for i in range(start, len(events)) if events[i].is_visible_to(player)]

    def observe(self, player: int | None) -> Observation:
        """Everything ``player`` may know now, as plain JSON-able data; ``None`` is the spectator view.

        The current position only (hand, table, piles, scores, whose turn, phase, what the seat knows):
        no log, so its size and cost do not grow along the game. The events are ``log_since``.
        """
        actors = self.actors
        view: Observation = {
            "game": self.game.name,
            "players": self.players,
            "seat": player,
            "round": self.round,
            "actors": list(actors),
            "is_over": not actors,
            "legal": [a.text for a in self._cached_legal(player)] if player is not None and player in actors else [],
            "scores": self.scores(),
            "winners": self.winners(),
        }
        view.update(self._observe(player))
        if not actors:
            view["result"] = self.result()
        return view

    def record(self) -> GameRecord:
        """The game so far as a record: replaying it gives this state again."""
        return GameRecord(game=self.game.name, version=self.game.dealt_as, players=self.players, seed=self.seed,
                          options=opts.changed(self.game.options),
                          actions=[(p, a.text) for p, a in self.history])

    def __repr__(self) -> str:
        """``<trickster 4 players: round 2, play, seat 1 to act>``: for debugging, never for a person."""
        phase = getattr(self, "phase", None)
        name = getattr(phase, "name", None)  # a Phase member shows its name; a bare number says "phase 3"
        step = "" if phase is None else f", {name.lower()}" if isinstance(name, str) else f", phase {phase}"
        actors = self.actors
        if not actors:
            winners = ", ".join(str(p) for p in self.winners())
            return f"<{self.game.name} {self.players} players: over, winners {winners or 'none'}>"
        seats = ("seat " if len(actors) == 1 else "seats ") + ", ".join(str(p) for p in actors)
        return f"<{self.game.name} {self.players} players: round {self.round}{step}, {seats} to act>"

    def _copy_base(self, twin: State) -> None:
        """For a game's ``clone``, after ``twin.__dict__`` was copied from ``self``'s: un-share the engine's
        own mutable fields (the game, seed and player count came with the dict). The log is shared, copy on
        write: both sides copy their own before they next change it (``apply``, ``log``)."""
        twin.rng = self.rng.clone()
        twin.history = self.history
        twin.events = self.events
        self._log_shared = twin._log_shared = True
        twin._legal_cache = None  # never share a legal list: a resampled twin's may differ

    def _own_log(self) -> None:
        """Copy the log this state shares with a clone, before it changes it (games append to ``events``
        only inside ``_step``, which ``apply`` enters after this)."""
        self.history = self.history.copy()
        self.events = self.events.copy()
        self._log_shared = False
