"""Does the top hint agree with itself over search seeds at the shipped budget, or say it is a close call?

For ``positions`` positions of each game (heuristic play, a decision with several choices), the hint is asked
with 5 search seeds. A position is *unstable* when two clear (not close-call) top hints differ, or a clear
top hint differs from another seed's top hint; *flagged* when some seed called it a close call.
Run: ``PYTHONPATH=src python benchmarks/hint_stability.py [positions] [level] [game...]``.
"""

from __future__ import annotations

import sys

from tricktable.bots import HeuristicBot, SeatView
from tricktable.bots.hints import suggest
from tricktable.engine import State, load_game

GAMES = ("megalomania", "trickster", "masquerade")


def positions(game: str, count: int) -> list[tuple[State, int]]:
    found: list[tuple[State, int]] = []
    seed = 500
    while len(found) < count:
        state = load_game(game, 4).new_state(seed)
        bots = [HeuristicBot(seed * 10 + p) for p in range(4)]
        step = 0
        while not state.is_over and len(found) < count:
            p = state.actors[0]
            view = SeatView(state, p)
            step += 1
            if len(view.legal) > 1 and step % (17 + seed % 5) == 0:
                found.append((state.clone(), p))
            state.apply(bots[p].choose(view), p)
        seed += 1
    return found


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    level = sys.argv[2] if len(sys.argv) > 2 else "medium"
    for game in sys.argv[3:] or GAMES:
        unstable = flagged = 0
        sims = []
        for state, seat in positions(game, count):
            tops = [suggest(SeatView(state, seat), top=2, level=level, seed=k)[0] for k in range(5)]
            clear = {t.action for t in tops if not t.close_call}
            sims += [t.simulations for t in tops]
            if clear and (len(clear) > 1 or {t.action for t in tops} != clear):
                unstable += 1
            flagged += any(t.close_call for t in tops)
        print(f"{game} at {level}: {unstable} of {count} positions unstable without saying so, {flagged} called a "
              f"close call by some seed; top hint's simulations {min(sims)}-{max(sims)}", flush=True)
