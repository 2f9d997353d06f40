"""Game records: a seed plus the actions taken. Replaying one gives the same game, bit for bit.

A record is the save file, the replay, the bug report and the test fixture. Its text form has a
header of ``key: value`` lines, a blank line, then one action a line as ``<seat> <action>``::

    game: megalomania
    version: 1
    players: 4
    seed: 7
    options: {"rounds": 8}

    0 ready 2/1
    1 ready 3/0

A seed below 2**64 is a SplitMix64 seed; a live table's is a 257-bit number that keys the secure
generator (``engine/rng.py``). JSON carries a seed above 2**53 as a decimal string, which JavaScript
cannot round; both forms load.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tricktable.engine.errors import ParseError

if TYPE_CHECKING:
    from tricktable.engine.state import State

_JS_SAFE = 1 << 53  # larger JSON numbers lose digits in JavaScript
_MAX_SEED = 1 << 512  # the secure generator's keys stop there (engine/rng.py)


@dataclass(slots=True)
class GameRecord:
    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[tuple[int, str]] = field(default_factory=list)
    version: str = "1"

    # --- replay --------------------------------------------------------------------------------

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` actions (all of them by default), each checked."""
        from tricktable.engine.registry import load_game

        state = load_game(self.game, players=self.players, **self.options).at_version(self.version).new_state(self.seed)
        for player, text in self.actions[:upto]:
            state.apply(text, player)
        return state

    # --- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        seed: int | str = self.seed if self.seed < _JS_SAFE else str(self.seed)
        return {"game": self.game, "version": self.version, "players": self.players, "seed": seed,
                "options": self.options, "actions": [[p, a] for p, a in self.actions]}

    @classmethod
    def from_json(cls, data: Any) -> GameRecord:
        """A record from its JSON form (``to_json``); raises ``ParseError`` saying what is wrong with it.

        >>> GameRecord.from_json({"game": "masquerade", "players": 4, "seed": 7, "actions": [[0, "play R3"]]})
        GameRecord(game='masquerade', players=4, seed=7, options={}, actions=[(0, 'play R3')], version='1')
        >>> GameRecord.from_json({"game": "masquerade", "seed": 7})
        Traceback (most recent call last):
        ...
        tricktable.engine.errors.ParseError: not a game record: it has no 'players'
        """
        if not isinstance(data, dict):
            raise ParseError(f"not a game record: expected an object with game, players, seed and actions, "
                             f"not {type(data).__name__}")
        for key in ("game", "players", "seed"):
            if key not in data:
                raise ParseError(f"not a game record: it has no {key!r}")
        options = data.get("options") or {}
        if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
            raise ParseError(f"not a game record: options must be an object of named values, not {options!r:.60}")
        actions = data.get("actions") or []
        if not isinstance(actions, list):
            raise ParseError(f"not a game record: actions must be a list of [seat, action], not {actions!r:.60}")
        lines = []
        for n, entry in enumerate(actions, 1):
            if not isinstance(entry, list | tuple) or len(entry) != 2 or not isinstance(entry[1], str):
                raise ParseError(f"not a game record: action {n} must be [seat, action text], not {entry!r:.60}")
            lines.append((_whole(entry[0], f"the seat of action {n}"), entry[1]))
        game, version = data["game"], data.get("version", "1")
        if not isinstance(game, str) or not isinstance(version, str | int):
            raise ParseError(f"not a game record: game and version must be text, not {game!r:.40}, {version!r:.40}")
        return cls(game=game, players=_whole(data["players"], "players"), seed=_seed(data["seed"]),
                   options=dict(options), actions=lines, version=str(version))

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """A record from its JSON or its text form."""
        stripped = text.lstrip()
        if stripped.startswith(("{", "[")):
            return cls.from_json(_json(stripped, "the record"))
        return cls.from_text(text)

    # --- text ----------------------------------------------------------------------------------

    def to_text(self) -> str:
        head = [f"game: {self.game}", f"version: {self.version}", f"players: {self.players}",
                f"seed: {self.seed}", f"options: {json.dumps(self.options)}"]
        return "\n".join([*head, "", *(f"{p} {a}" for p, a in self.actions)]) + "\n"

    @classmethod
    def from_text(cls, text: str) -> GameRecord:
        header, _, body = text.partition("\n\n")
        fields: dict[str, Any] = {}
        for line in header.splitlines():
            key, sep, value = line.partition(":")
            if not sep:
                raise ParseError(f"not a game record: its header line {line!r:.60} is not 'key: value'")
            fields[key.strip()] = value.strip()
        fields["options"] = _json(fields.get("options") or "{}", "the options line")
        actions = []
        for line in body.splitlines():
            if line.strip():
                seat, _, action = line.strip().partition(" ")
                actions.append([seat, action])
        fields["actions"] = actions
        return cls.from_json(fields)


def _seed(value: Any) -> int:
    seed = _whole(value, "the seed", signed=True)
    if abs(seed) >= _MAX_SEED:
        raise ParseError("not a game record: the seed is too large (a seed is below 2**512)")
    return seed


def _json(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as error:  # json.JSONDecodeError, or nested past reading
        raise ParseError(f"not a game record: {what} is not JSON ({error})") from None


def _whole(value: Any, what: str, *, signed: bool = False) -> int:
    """``value`` as a whole number (the text form gives "4"), or a ParseError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        raise ParseError(f"not a game record: {what} must be a whole number, not {value!r:.40}")
    try:
        number = int(value)
    except ValueError:
        raise ParseError(f"not a game record: {what} must be a whole number, not {value!r:.40}") from None
    if number < 0 and not signed:
        raise ParseError(f"not a game record: {what} cannot be negative ({number})")
    return number
