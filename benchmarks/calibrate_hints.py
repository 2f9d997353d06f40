"""Fit and check the win chances that hints and reviews show (``bots.odds``).

``fit``: play heuristic self-play games of each game, take the scores at every round's start, and fit the
softmax's (scale, offset) to who won (paste each printed pair into its game's ``win_odds``, ``games/<game>/game.py``).
``check``: in other games (a different line-up and seeds), at decisions drawn at random, take the hint's
estimated chance of winning for the move the seat then played, and compare with whether it won: the
reliability table of docs/strength.md (by bins of the chance shown: the mean shown, the share of wins,
its 95% interval, and the count).
``heldout``: the same check on other games again (after a change fitted to ``check``'s table).
Run: ``PYTHONPATH=src python benchmarks/calibrate_hints.py fit|check|heldout [games] [game...]``.
"""

from __future__ import annotations

import itertools
import sys

from tricktable.bots import HeuristicBot, SeatView, make_bot
from tricktable.bots.base import own_seed
from tricktable.bots.hints import suggest
from tricktable.bots.odds import Sample, fit, interval, log_likelihood, rounds_left
from tricktable.engine import Rng, State, load_game

GAMES = ("megalomania", "trickster", "masquerade")


def shares(state: State) -> list[float]:
    winners = state.winners()
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(state.players)]


def self_play(game: str, players: int, seed: int) -> tuple[list[tuple[list[float], int]], list[float]]:
    """One heuristic game: the scores and rounds left at each round's start, and the win shares."""
    state = load_game(game, players).new_state(seed)
    bots = [HeuristicBot(own_seed(7, seed, p)) for p in range(players)]
    points: list[tuple[list[float], int]] = []
    last = -1
    while not state.is_over:
        if state.round != last:
            last = state.round
            points.append((list(state.scores()), rounds_left(state)))
        picks = [(p, bots[p].choose(SeatView(state, p))) for p in state.actors]
        for p, action in picks:
            state.apply(action, p)
    return points, shares(state)


def samples(game: str, games: int, first: int) -> list[Sample]:
    sense = 1.0 if load_game(game, 4).higher_score_wins else -1.0
    out: list[Sample] = []
    for k in range(games):
        players = (3, 4)[k % 2]
        points, won = self_play(game, players, first + k)
        out += [(scores, sense, left, won) for scores, left in points]
    return out


def check(game: str, games: int, level: str, first: int = 10_000) -> list[tuple[float, float]]:
    """(chance shown for the move played, the seat's win share) at one decision in eight, drawn at random, in
    games of ``level`` against the heuristic (other seeds than ``fit``'s)."""
    out: list[tuple[float, float]] = []
    rng = Rng(99)
    for k in range(games):
        players = (3, 4)[k % 2]
        state = load_game(game, players).new_state(first + k)
        bots = [make_bot(level if p == k % players else "heuristic", own_seed(8, k, p)) for p in range(players)]
        decisions = 0
        pending: list[tuple[int, float]] = []
        while not state.is_over:
            picks = []
            for p in state.actors:
                view = SeatView(state, p)
                action = bots[p].choose(view)
                decisions += 1
                if len(view.legal) > 1 and rng.below(8) == 0:
                    hints = {h.action: h for h in suggest(view, top=len(view.legal), seed=k)}
                    hint = hints.get(action.text)
                    if hint is not None and hint.win_chance is not None:
                        pending.append((p, hint.win_chance))
                picks.append((p, action))
            for p, action in picks:
                state.apply(action, p)
        won = shares(state)
        out += [(chance, won[p]) for p, chance in pending]
    return out


def table(pairs: list[tuple[float, float]]) -> list[str]:
    rows = ["| chance shown | mean shown | won | 95% interval | decisions |", "|---|---|---|---|---|"]
    edges = [0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0001]
    for low, high in itertools.pairwise(edges):
        inside = [(c, w) for c, w in pairs if low <= c < high]
        if not inside:
            continue
        shown = sum(c for c, _ in inside) / len(inside)
        won = sum(w for _, w in inside) / len(inside)
        lo, hi = interval(won, len(inside))
        rows.append(f"| {low:.0%}-{min(high, 1):.0%} | {shown:.1%} | {won:.1%} | {lo:.1%}-{hi:.1%} | {len(inside)} |")
    return rows


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "fit"
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    names = sys.argv[3:] or list(GAMES)
    for name in names:
        if what == "fit":
            train = samples(name, games, 0)
            odds = fit(train)
            held = samples(name, max(20, games // 4), 50_000)
            print(f'"{name}": {odds},  # {len(train)} round starts of {games} games; held-out mean log-likelihood '
                  f"{log_likelihood(held, odds):.3f} (uniform {log_likelihood(held, (0.0, 1.0)):.3f})")
        else:
            pairs = check(name, games, "heuristic", 20_000 if what == "heldout" else 10_000)
            brier = sum((c - w) ** 2 for c, w in pairs) / max(1, len(pairs))
            print(f"{name}: {len(pairs)} decisions in {games} heuristic games (3 and 4 players); Brier {brier:.3f}")
            print("\n".join(table(pairs)))
