"""A game: its rules, its player count and its options. ``Game.new_state(seed)`` starts a deal.

Options belong to the ``Game`` (as in OpenSpiel's ``load_game``), not to each state: the action space
and its size (``num_actions``) are computed from them, and every state of one game shares that table.
"""

from __future__ import annotations

import dataclasses
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from tricktable.engine import options as opts
from tricktable.engine.actions import Action
from tricktable.engine.cards import Card, CardCodec
from tricktable.engine.errors import BadOptions, ParseError
from tricktable.engine.events import Event

if TYPE_CHECKING:
    from tricktable.engine.state import State

OptionsT = TypeVar("OptionsT")
ClassT = TypeVar("ClassT", bound=type)


def plain_class(cls: ClassT) -> ClassT:
    """Marks a class that the compiled build (``make compiled``, mypyc) keeps a plain Python class, with its
    methods compiled: mypyc makes a native class of any class without a decorator it does not know. For a
    game's ``Game`` class, whose ``fork`` copies ``__dict__`` into a blank twin (a native class has none)."""
    return cls


# every bot level by name, weakest first: a bot spec for ``bots.make_bot`` each (``ismcts:<iterations>:<cap>s``)
BOT_LEVELS: dict[str, str] = {
    "random": "random",
    "heuristic": "heuristic",
    "easy": "ismcts:60:0.3s",
    "medium": "ismcts:300:0.6s",
    "hard": "ismcts:1000:0.9s",
}


class Game(ABC, Generic[OptionsT]):
    """The rules of one game for a fixed number of players and fixed options.

    Each game declares its *facts* first in its ``game.py``, so no driver guesses them by playing:
    ``higher_score_wins`` (Trickster counts trouble: lower wins), ``rollout_horizon`` (how many rounds,
    counted by ``State.round``, a search rollout plays before it scores the position), ``bot_levels``
    (level name -> bot spec, weakest first) and ``card_codec`` (how a card is named: ``card_name``,
    ``parse_card``). The defaults below serve the test toys; every registered game declares its own.
    """

    higher_score_wins: ClassVar[bool] = True
    rollout_horizon: ClassVar[int] = 1
    bot_levels: ClassVar[dict[str, str]] = BOT_LEVELS
    card_codec: ClassVar[CardCodec | None] = None
    # the module whose ``ENCODER`` writes this game's observation tensor (tricktable.envs); None: common pieces
    research_encoder: ClassVar[str | None] = None
    # observation and event fields that are sets shown as lists in the order chance dealt them: research
    # strings sort them, so an information state does not split on a dealing order no seat knows
    unordered_lists: ClassVar[frozenset[str]] = frozenset()
    # (scale, offset) of the softmax that turns scores into chances of winning (``bots.odds``), fitted by
    # ``benchmarks/calibrate_hints.py`` to heuristic self-play; None: not fitted
    win_odds: ClassVar[tuple[float, float] | None] = None

    name: ClassVar[str]
    title: ClassVar[str]
    title_ja: ClassVar[str] = ""  # the title in its Japanese edition's words
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_type: ClassVar[type[Any]]
    version: ClassVar[str] = "1"
    # older record versions this code still replays as they were dealt: the whole deal from the seed's one
    # stream, before each part of it (a mission deck, a hero draw) had a stream of its own (``State.stream``)
    one_stream_versions: ClassVar[frozenset[str]] = frozenset()
    # attributes that states fill as they play (memo caches): a fork gets them empty (see ``fork``)
    memo_fields: ClassVar[tuple[str, ...]] = ()
    # options that fix hidden cards (a set-up deal): a seat's game has them at their defaults (``blind``)
    setup_options: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: int, options: OptionsT | None = None, **values: Any) -> None:
        if isinstance(players, bool) or not isinstance(players, int):
            raise BadOptions(f"the number of players must be a whole number, not {players!r:.40}")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.title} is for {self.min_players}-{self.max_players} players, not {players}")
        self.players = players
        if options is None:
            options = opts.build(self.options_type, values)
        elif values:
            raise BadOptions("give options either as an options object or as keywords, not both")
        elif not isinstance(options, self.options_type):
            raise BadOptions(f"{self.title}'s options are a {self.options_type.__name__}, not {options!r:.40}")
        self.options: OptionsT = options
        self.check_options()
        self.dealt_as = self.version  # the record version whose deal new states follow (``at_version``)
        self.one_stream = False
        self.actions: list[Action] = self.build_actions()
        self._by_text = {a.text: a for a in self.actions}
        if any(a.index != i for i, a in enumerate(self.actions)):
            raise AssertionError(f"{self.name}: action indices must equal their table positions")
        # every history entry ``(player, action)`` this game can have, built once: ``entries[p][a.index]``.
        # ``apply`` appends these instead of a new tuple a decision, so a long game's history holds no objects
        # of its own for the garbage collector to walk again and again
        self.entries: list[list[tuple[int, Action]]] = [[(p, a) for a in self.actions] for p in range(self.players)]

    def title_in(self, lang: str = "en") -> str:
        """The game's title in ``lang`` (ガンダム仮面舞踏会 in Japanese)."""
        return (self.title_ja or self.title) if lang == "ja" else self.title

    # --- what each game provides ---------------------------------------------------------------

    @abstractmethod
    def build_actions(self) -> list[Action]:
        """The whole action space for these options; ``actions[i].index == i``."""

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """A new game, dealt from ``seed``."""

    def check_options(self) -> None:
        """Raise ``BadOptions`` when the options do not fit together or the player count."""

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """The action in plain words for a person; ``names[i]`` is the display name of seat ``i``."""
        return str(action)

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """An event as one line of the game log, with the seats' display names written in (``names[i]``
        for seat ``i``; default "Player 1" …): never a seat number for a client to substitute."""
        return event.kind

    def is_secret(self, action: Action) -> bool:
        """Whether taking ``action`` must stay unknown to the others until a later reveal: a hidden choice
        after which its seat still acts at the same simultaneous step (a driver then tells only that seat)."""
        return False

    def fork(self) -> Game[OptionsT]:
        """The same rules and the same (interned) action table, with empty memo caches of its own.

        States of a fork and of the original accept each other's actions. A bot's view plays on a fork
        (``bots.SeatView``): a cache the live game filled holds other seats' hands as keys.
        """
        # not copy.copy: that goes through __reduce__, which rebuilds the action table
        twin = object.__new__(type(self))
        twin.__dict__.update(self.__dict__)
        for name in self.memo_fields:
            setattr(twin, name, type(getattr(self, name))())
        return twin

    def at_version(self, version: str) -> Game[OptionsT]:
        """This game dealing as a record of ``version`` was dealt (``GameRecord.replay``): itself for the
        current version, a ``fork`` for one it still replays; ``ParseError`` for any other."""
        if version == self.version:
            return self
        if version not in self.one_stream_versions:
            known = ", ".join(sorted({self.version, *self.one_stream_versions}))
            raise ParseError(f"{self.title} records of version {version} cannot be replayed here (versions: {known})")
        twin = self.fork()
        twin.dealt_as, twin.one_stream = version, True
        return twin

    def blind(self) -> Game[OptionsT]:
        """A ``fork`` that holds no set-up deal: each of ``setup_options`` at its default, and whatever the
        game derived from them dropped (``forget_setup``). A seat's view plays on it (``bots.SeatView``): a
        fixed deal names every seat's cards, of this round and of rounds not dealt yet."""
        twin = self.fork()
        defaults = {f.name: f.default for f in dataclasses.fields(self.options_type) if f.name in self.setup_options}
        changed = {name: value for name, value in defaults.items() if getattr(self.options, name) != value}
        if changed:
            twin.options = dataclasses.replace(self.options, **changed)  # type: ignore[type-var]
            twin.forget_setup()
        return twin

    def forget_setup(self) -> None:
        """Drop what ``check_options`` derived from a set-up deal (``blind`` has reset the options)."""

    def describe_result(self, result: dict[str, Any], lang: str = "en",
                        names: Sequence[str] | None = None) -> list[str]:
        """The end-of-game ``result`` section (``observe(seat)["result"]``) as lines for a person."""
        from tricktable.engine.words import describe_result

        return describe_result(result, lang, names, self.players)

    def reference(self, lang: str = "en") -> dict[str, Any]:
        """The game's components for tooltips and reference panels: ``{"sections": [{"key", "title",
        "items": [{"key", "name", "text"}]}]}`` in ``lang``, from the game's data tables."""
        return {"game": self.name, "lang": lang, "sections": []}

    @classmethod
    def option_words(cls, name: str) -> dict[str, Any]:
        """An option as the lobby shows it: ``{"label": {"en", "ja"}, "doc": {"en", "ja"},
        "values": {value: {"en", "ja"}}}``, from the game's text module (``OPTIONS``, ``VALUES``)."""
        import importlib

        try:
            text: Any = importlib.import_module(cls.__module__.rsplit(".", 1)[0] + ".text")
        except ImportError:  # a game without a text module: its option names as they are
            text = None
        label_en, label_ja, doc_en, doc_ja = getattr(text, "OPTIONS", {}).get(name, (name, name, "", ""))
        values = {str(k): {"en": en, "ja": ja} for k, (en, ja) in getattr(text, "VALUES", {}).get(name, {}).items()}
        return {"label": {"en": label_en, "ja": label_ja}, "doc": {"en": doc_en, "ja": doc_ja}, "values": values}

    def prompt(self, view: dict[str, Any], lang: str = "en") -> str:
        """What the step the seat of ``view`` (its observation) faces asks of them, in words."""
        return ""

    def why_not_text(self, reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        """A reason of ``State.why_not_reasons`` (``{"key", "args"}``) in words."""
        return str(reason.get("key", ""))

    def reason_text(self, key: str, values: dict[str, Any], lang: str = "en",
                    names: Sequence[str] | None = None) -> str | None:
        """A reason of the heuristic's ``reason`` hook (``(key, values)``) in words, for hints and reviews;
        None for a game that has no words for its reasons."""
        return None

    def card_name(self, card: Card) -> str:
        """The printed name of ``card`` (``B15``, ``red Brigand``)."""
        codec = self.card_codec
        if codec is None:
            raise NotImplementedError(f"{self.title} declares no card codec")
        return codec.text[card]

    def parse_card(self, text: str) -> Card:
        """The card named ``text``; raises ``ParseError`` saying what a card of this game looks like."""
        codec = self.card_codec
        if codec is None:
            raise NotImplementedError(f"{self.title} declares no card codec")
        return codec.parse(text)

    # --- the action table ----------------------------------------------------------------------

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    def action_index(self, action: Action) -> int:
        return action.index

    def action(self, index: int) -> Action:
        return self.actions[index]

    def parse_action(self, text: str) -> Action:
        """The action whose canonical text is ``text`` (spaces folded)."""
        action = self._by_text.get(" ".join(text.split()))
        if action is None:
            raise ParseError(f"{text!r} is not a {self.title} action (for example: {self.actions[0]})")
        return action

    def __reduce__(self) -> tuple[Any, ...]:
        # by class, players and options: the action table is rebuilt (it may hold unpicklable helpers)
        return (type(self), (self.players, self.options))

    def __repr__(self) -> str:
        changed = opts.changed(self.options)
        extra = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"{type(self).__name__}(players={self.players}{extra})"
