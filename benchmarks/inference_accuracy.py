"""Issue 14.4: does policy inference put the others' hidden cards where they are? (no search, a minute)

In heuristic self-play, at every decision of seat 0 (when it alone is to act), ``CANDIDATES`` worlds are
drawn from the seat's view and weighed as ``:infer`` weighs them (``bots.inference.weigher``). A world's
*accuracy* is the share of the other seats' hand cards it puts in the right hand (the truth is the live
state, read here only to score). Printed, over the decisions where the weights differ (evidence):

- ``uniform``: the mean accuracy of the drawn worlds, what plain ISMCTS plays on;
- ``gain``: the weighted mean accuracy (each world weighted as inference weighs it) minus the uniform one,
  with a 95% interval over decisions;
- ``ess``: the weights' effective sample size (``(sum w)^2 / sum w^2``), how many distinct worlds a search
  on the weighted candidates still sees, out of ``CANDIDATES``.

Run: ``PYTHONPATH=src python benchmarks/inference_accuracy.py GAME PLAYERS GAMES [EPSILON ...]``
"""

from __future__ import annotations

import math
import statistics
import sys
from typing import Any

from tricktable.bots import SeatView, inference, make_bot
from tricktable.bots.ismcts import CANDIDATES
from tricktable.engine import Rng, State, load_game


def hands(state: Any) -> list[set[int]]:
    """Each seat's hand as a set of cards (Megalomania keeps masks, Trickster and Masquerade lists)."""
    out = []
    for hand in state.hands:
        out.append({c for c in range(64) if hand >> c & 1} if isinstance(hand, int) else set(hand))
    return out


def accuracy(world: State, truth: list[set[int]], seat: int) -> float:
    placed = total = 0
    for q, cards in enumerate(hands(world)):
        if q != seat:
            placed += len(cards & truth[q])
            total += len(truth[q])
    return placed / total if total else 1.0


def run(name: str, players: int, games: int, epsilon: float) -> dict[str, float]:
    inference.EPSILON = epsilon
    game = load_game(name, players)
    gains: list[float] = []
    uniform: list[float] = []
    ess: list[float] = []
    seen = 0
    for number in range(games):
        state = game.new_state(number)
        bots = [make_bot("heuristic", number * 10 + p) for p in range(players)]
        while not state.is_over:
            p = state.actors[0]
            view = SeatView(state, p)
            if p == 0 and len(state.actors) == 1:
                seen += 1
                weigh = inference.weigher(view.game)
                assert weigh is not None
                rng = Rng(number * 1000 + seen)
                worlds = [view.sample(rng) for _ in range(CANDIDATES)]
                weights = [weigh(w, 0, rng) for w in worlds]
                if max(weights) != min(weights):
                    truth = hands(state)
                    acc = [accuracy(w, truth, 0) for w in worlds]
                    total = sum(weights)
                    plain = statistics.fmean(acc)
                    weighted = sum(a * w for a, w in zip(acc, weights, strict=True)) / total
                    uniform.append(plain)
                    gains.append(weighted - plain)
                    ess.append(total * total / sum(w * w for w in weights))
            state.apply(bots[p].choose(view), p)
    mean = statistics.fmean(gains) if gains else 0.0
    half = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
    return {"decisions": seen, "evidence": len(gains), "uniform": statistics.fmean(uniform) if uniform else 0.0,
            "gain": mean, "low": mean - half, "high": mean + half, "ess": statistics.median(ess) if ess else 0.0}


def main() -> None:
    name, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    epsilons = [float(x) for x in sys.argv[4:]] or [inference.EPSILON]
    print("| game | players | epsilon | decisions | with evidence | uniform accuracy | gain (95% CI) | median ess |")
    print("|---|---|---|---|---|---|---|---|")
    for epsilon in epsilons:
        r = run(name, players, games, epsilon)
        print(f"| {name} | {players} | {epsilon} | {r['decisions']} | {r['evidence']} | {r['uniform']:.3f} | "
              f"{r['gain']:+.4f} [{r['low']:+.4f}, {r['high']:+.4f}] | {r['ess']:.1f} / {CANDIDATES} |")


if __name__ == "__main__":
    main()
