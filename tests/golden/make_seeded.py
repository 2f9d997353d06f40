"""Write ``seeded.json``: games played by seeded bots (heuristic, ISMCTS), each as its list of actions.

Run it on the pure-Python build only (``TRICKTABLE_BUILD=pure``): ``test_compiled.py`` plays the same games on
whichever build is installed and compares, so the compiled engine must play exactly what the pure one does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tricktable.bots import SeatView, make_bot
from tricktable.engine import load_game

HERE = Path(__file__).parent
# (game, players, seed, bots seat by seat, decisions at most): ISMCTS with an iteration budget alone, so its
# play depends on the seed only; its games are cut short to keep the test quick
GAMES: list[tuple[str, int, int, list[str], int]] = [
    (game, players, seed, bots, limit)
    for game in ("megalomania", "trickster", "masquerade")
    for players, seed, bots, limit in [
        (3, 1, ["heuristic"] * 3, 10_000),
        (4, 2, ["heuristic", "random", "heuristic", "random"], 10_000),
        (3, 3, ["ismcts:24", "heuristic", "ismcts:24:heuristic"], 36),
        # the search loop with everything `hard` uses: heuristic rollouts, inference, the prior
        (3, 4, ["ismcts:24:heuristic:infer:prior", "ismcts:24:infer", "heuristic"], 24),
    ]
]


def play(game: str, players: int, seed: int, bots: list[str], limit: int) -> list[str]:
    """The actions (``<seat> <action>``) the seeded bots play, at most ``limit`` of them."""
    state = load_game(game, players).new_state(seed)
    seats = [make_bot(spec, seed * 10 + i) for i, spec in enumerate(bots)]
    out: list[str] = []
    while state.actors and len(out) < limit:
        seat = state.actors[0]
        action = seats[seat].choose(SeatView(state, seat))
        state.apply(action, seat)
        out.append(f"{seat} {action.text}")
    return out


def key(game: str, players: int, seed: int, bots: list[str], limit: int) -> str:
    return f"{game}-{players}p-{seed}-{','.join(bots)}-{limit}"


def main() -> None:
    records: dict[str, Any] = {key(*g): play(*g) for g in GAMES}
    (HERE / "seeded.json").write_text(json.dumps(records, indent=0) + "\n")


if __name__ == "__main__":
    main()
