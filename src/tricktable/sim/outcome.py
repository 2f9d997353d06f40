"""What one game of a tournament gave (``Outcome``): a module of its own, so statistics (``sim.stats``) can
name it without importing the tournament that plays the games."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktable.engine import GameRecord


@dataclass(slots=True)
class Outcome:
    """What one game gave: per seat its bot, score, win share and thinking time; and the record."""

    index: int
    deal: int
    seed: int
    rotation: int
    bots: list[str]
    scores: list[float]
    winners: list[int]
    record: GameRecord
    seconds: float
    decisions: list[int] = field(default_factory=list)
    think: list[float] = field(default_factory=list)
    slowest: list[float] = field(default_factory=list)
    facts: list[tuple[str, float]] = field(default_factory=list)
    iterations: list[int] = field(default_factory=list)  # search iterations per seat (0 for non-search bots)
    variant: int = 0

    def win_share(self, seat: int) -> float:
        """1 for a lone winner, 1/k for each of k tied winners, else 0."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        """An outcome from ``to_json``'s form (a line of ``records.jsonl``)."""
        return cls(int(data["index"]), int(data["deal"]), int(data["seed"]), int(data["rotation"]),
                   list(data["bots"]), [float(s) for s in data["scores"]], list(data["winners"]),
                   GameRecord.from_json(data["record"]), float(data["seconds"]), list(data.get("decisions", [])),
                   list(data.get("think", [])), list(data.get("slowest", [])),
                   [(str(k), float(v)) for k, v in data.get("facts", [])], list(data.get("iterations", [])),
                   int(data.get("variant", 0)))

    def to_json(self) -> dict[str, Any]:
        return {"index": self.index, "deal": self.deal, "seed": self.seed, "rotation": self.rotation,
                "bots": self.bots, "scores": self.scores, "winners": self.winners, "seconds": self.seconds,
                "decisions": self.decisions, "think": self.think, "slowest": self.slowest,
                "facts": self.facts, "iterations": self.iterations, "variant": self.variant,
                "record": self.record.to_json()}
