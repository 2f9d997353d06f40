"""How often ISMCTS's choice at a special decision changes with its own seed (issue 14.4: the noise floor).

For positions of one phase (Megalomania preparation by default), the share of positions where 5 searches
with different seeds do not all agree, without and with the heuristic prior (progressive bias).
Run: ``PYTHONPATH=src python benchmarks/choice_stability.py [game] [phase] [positions] [bot]``.
"""

from __future__ import annotations

import sys

from tricktable.bots import HeuristicBot, SeatView, make_bot
from tricktable.engine import State, load_game


def positions(game: str, phase: str, count: int) -> list[tuple[State, int]]:
    found: list[tuple[State, int]] = []
    seed = 0
    while len(found) < count:
        state = load_game(game, 4).new_state(seed)
        bots = [HeuristicBot(seed * 10 + p) for p in range(4)]
        seed += 1
        while not state.is_over and len(found) < count:
            p = state.actors[0]
            view = SeatView(state, p)
            if view.observation.get("phase") == phase and len(view.legal) > 1:
                found.append((state.clone(), p))
                break
            state.apply(bots[p].choose(view), p)
    return found


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "megalomania"
    phase = sys.argv[2] if len(sys.argv) > 2 else "preparation"
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    bot = sys.argv[4] if len(sys.argv) > 4 else "ismcts:300"
    found = positions(game, phase, count)
    for name in (bot, f"{bot}:prior"):
        unstable = 0
        for state, seat in found:
            picks = {make_bot(name, k).choose(SeatView(state, seat)).text for k in range(5)}
            unstable += len(picks) > 1
        print(f"{name}: {unstable} of {len(found)} {game} {phase} positions change choice with the search seed")
