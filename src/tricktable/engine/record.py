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

        state = load_game(self.game, players=self.players, **self.options).new_state(self.seed)
        for player, text in self.actions[:upto]:
            state.apply(text, player)
        return state

    # --- JSON ----------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        seed: int | str = self.seed if self.seed < _JS_SAFE else str(self.seed)
        return {"game": self.game, "version": self.version, "players": self.players, "seed": seed,
                "options": self.options, "actions": [[p, a] for p, a in self.actions]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRecord:
        try:
            return cls(game=str(data["game"]), players=int(data["players"]), seed=int(data["seed"]),
                       options=dict(data.get("options") or {}),
                       actions=[(int(p), str(a)) for p, a in data.get("actions", [])],
                       version=str(data.get("version", "1")))
        except (KeyError, TypeError, ValueError) as error:
            raise ParseError(f"not a game record: {error}") from error

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        """A record from its JSON or its text form."""
        stripped = text.lstrip()
        if stripped.startswith("{"):
            return cls.from_json(json.loads(stripped))
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
                raise ParseError(f"bad record header line {line!r}")
            fields[key.strip()] = value.strip()
        fields["options"] = json.loads(fields.get("options") or "{}")
        actions = []
        for line in body.splitlines():
            if line.strip():
                seat, _, action = line.strip().partition(" ")
                actions.append([seat, action])
        fields["actions"] = actions
        return cls.from_json(fields)
