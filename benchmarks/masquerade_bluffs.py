"""One search seat against three heuristic seats in Masquerade: its challenges (won) and bluffs (challenged).

Run: ``PYTHONPATH=src python benchmarks/masquerade_bluffs.py BOT GAMES``, e.g. ``ismcts:100:infer 6``. A bluff
is an off-colour card played while holding a following one.
"""

from __future__ import annotations

import sys

from tricktable.bots import HeuristicBot, SeatView, make_bot
from tricktable.engine import load_game


def measure(name: str, games: int) -> tuple[int, int, int, int]:
    """(challenges, succeeded, bluffs, bluffs challenged) of ``name``'s seat."""
    challenges = won = bluffs = caught = 0
    for seed in range(games):
        state = load_game("masquerade", 4).new_state(100 + seed)
        me = seed % 4
        bots = [make_bot(name, seed) if p == me else HeuristicBot(seed * 10 + p) for p in range(4)]
        while not state.is_over:
            p = state.actors[0]
            view = SeatView(state, p)
            action = bots[p].choose(view)
            start = len(state.events)
            masq = state  # the live state, read here by the measurement, never by a bot
            bluff = False
            if p == me and action.text.startswith("play") and view.observation["phase"] == "play" and masq.trick:
                follow = masq.follow_mask()  # type: ignore[attr-defined]
                card = state.game.parse_action(action.text).card  # type: ignore[attr-defined]
                bluff = not follow >> card & 1 and bool(masq.hands[me] & follow)  # type: ignore[attr-defined]
            state.apply(action, p)
            if bluff:
                bluffs += 1
                while not state.is_over and state.observe(p)["phase"] == "challenge":
                    q = state.actors[0]
                    state.apply(bots[q].choose(SeatView(state, q)), q)
                caught += any(e.kind == "challenge" for e in state.events[start:])
            if p == me and action.text == "challenge":
                challenges += 1
                won += any(e.kind == "challenge" and e.data.get("success") for e in state.events[start:])
    return challenges, won, bluffs, caught


if __name__ == "__main__":
    bot, n = sys.argv[1], int(sys.argv[2])
    c, w, b, k = measure(bot, n)
    print(f"{bot}: {n} games, challenges {c} (succeeded {w}), bluffs {b} (challenged {k})")
