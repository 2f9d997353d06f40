"""A designer's variant study: every variant of a game on the same duplicate deals with the same bots.

Variant ``v`` plays the tournament ``schedule(game, lineup, games, seed, options_v)``: the same seeds,
hence the same cards and the same bot seeds, in every variant, so a difference between two variants is
measured deal by deal (paired). Match indexes are ``v * per_variant + i``.

A line-up of one bot (``heuristic`` at every seat) plays each deal once: rotating it would only repeat
the deal. A mixed line-up plays each deal once per rotation, as ``tricktable simulate`` does.

A study lives in a folder: ``study.json`` (what it is), ``records.jsonl`` (one game a line, appended as
games finish, in any order). Running a study again in the same folder plays only the games not yet
recorded: a killed study picks up where it stopped, and the results depend only on the records.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tricktable.engine import BadOptions, TricktableError, load_game
from tricktable.sim import cluster, tournament
from tricktable.sim.outcome import Outcome
from tricktable.sim.tournament import Match, schedule
from tricktable.sim.variants import Variant, parse_axis, variants


class StudyMismatch(TricktableError):
    """The folder holds the records of a different study."""


@dataclass(frozen=True, slots=True)
class Study:
    game: str
    players: int
    lineup: tuple[str, ...]
    games: int  # per variant, whole deals (one game per rotation)
    seed: int
    base: dict[str, Any]  # the options every variant starts from (-o)
    vary: tuple[str, ...]  # the --vary texts
    variants: tuple[Variant, ...]
    bot_key: int = 0  # the bots' seeds' key (``tournament.bot_seeds``): the same in every variant

    @classmethod
    def build(cls, game: str, lineup: Sequence[str], games: int, seed: int, base: dict[str, Any] | None = None,
              vary: Sequence[str] = (), bot_key: int = 0) -> Study:
        base = dict(base or {})
        players = len(lineup)
        load_game(game, players, **base)
        axes = [parse_axis(game, players, text, base) for text in vary]
        per_deal = players if len(set(lineup)) > 1 else 1
        deals = max(1, -(-games // per_deal))
        return cls(game, players, tuple(lineup), deals * per_deal, seed, base, tuple(vary),
                   tuple(variants(game, players, axes, base)), bot_key)

    @property
    def rotate(self) -> bool:
        """Whether each deal is played once per rotation of the line-up (not for a line-up of one bot)."""
        return len(set(self.lineup)) > 1

    @property
    def deals(self) -> int:
        return self.games // self.players if self.rotate else self.games

    def matches(self) -> list[Match]:
        out = []
        for variant in self.variants:
            for m in schedule(self.game, self.lineup, self.games, self.seed, variant.options, rotate=self.rotate,
                                bot_key=self.bot_key):
                out.append(Match(variant.index * self.games + m.index, m.game, m.players, m.options, m.deal, m.seed,
                                 m.rotation, m.bots, variant.index, self.bot_key))
        return out

    def command(self) -> str:
        """The command line that reproduces this study."""
        words = ["tricktable", "lab", self.game, "--bots", ",".join(self.lineup), "--games", str(self.games),
                 "--seed", str(self.seed)] + (["--bot-seed", str(self.bot_key)] if self.bot_key else [])
        for name, value in self.base.items():
            words += ["-o", f"{name}={value if isinstance(value, str) else json.dumps(value)}"]
        for text in self.vary:
            words += ["--vary", text]
        return shlex.join(words)

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "lineup": list(self.lineup), "games": self.games,
                "seed": self.seed, **({"bot_seed": self.bot_key} if self.bot_key else {}), "base": self.base,
                "vary": list(self.vary),
                "variants": [v.to_json() for v in self.variants], "command": self.command()}


def load_records(folder: Path) -> dict[int, Outcome]:
    """The games recorded in ``folder/records.jsonl`` by index. A last line cut short by a kill is
    dropped from the file, so appending goes on cleanly."""
    path = folder / "records.jsonl"
    if not path.exists():
        return {}
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        data = data[:data.rfind(b"\n") + 1]
        path.write_bytes(data)
    outcomes = {}
    for line in data.decode().splitlines():
        if line.strip():
            outcome = Outcome.from_json(json.loads(line))
            outcomes[outcome.index] = outcome
    return outcomes


def open_folder(study: Study, folder: Path) -> None:
    """Write ``study.json`` into ``folder``, or check that the one there is this study."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "study.json"
    mine = study.to_json()
    if path.exists():
        theirs = json.loads(path.read_text())
        if theirs != json.loads(json.dumps(mine)):
            raise StudyMismatch(f"{folder} holds another study ({theirs.get('command')}); choose another --out")
    else:
        path.write_text(json.dumps(mine, indent=2) + "\n")


def run(study: Study, folder: Path, *, workers: int = 1, ray: str | None = None,
        progress: Callable[[Outcome], None] | None = None, started: Callable[[int, int], None] | None = None,
        ) -> list[Outcome]:
    """Play the study's games not yet in ``folder`` (on ``workers`` processes, or on the Ray cluster at
    ``ray``), appending each to the records as it finishes; every outcome of the study, in match order.

    ``started(done, todo)`` is told how many games were already recorded and how many are to play."""
    open_folder(study, folder)
    done = load_records(folder)
    matches = study.matches()
    known = {m.index for m in matches}
    if set(done) - known:
        raise StudyMismatch(f"{folder}/records.jsonl has games that are not of this study")
    todo = [m for m in matches if m.index not in done]
    if started is not None:
        started(len(done), len(todo))
    with (folder / "records.jsonl").open("a") as out:

        def keep(outcome: Outcome) -> None:
            out.write(json.dumps(outcome.to_json()) + "\n")
            out.flush()
            done[outcome.index] = outcome
            if progress is not None:
                progress(outcome)

        if ray is not None:
            cluster.run(todo, ray, keep, cpus=workers)
        else:
            tournament.run(todo, workers, keep)
    return [done[m.index] for m in matches]


def check_lineup(lineup: Sequence[str]) -> None:
    from tricktable.bots import make_bot

    if not lineup:
        raise BadOptions("--bots names no bot")
    for name in lineup:
        make_bot(name)
