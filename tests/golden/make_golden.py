"""Write ``records.json``: seeded random games of every game and player count, with a digest of what each
replay shows (every seat's and a spectator's view and log text, in both languages, every 7th step).

Run it only to record the behaviour of a known-good engine: ``python tests/golden/make_golden.py``.
``test_golden.py`` replays the records and compares the digests, so a refactor that changes what any
seat sees, or any line of any log, fails.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from tricktable.engine import GameRecord, Rng, State, available, game_class, load_game

HERE = Path(__file__).parent
SEEDS = (1, 2, 3)
EVERY = 7  # views are digested every EVERY steps (and at the end)


def digest(state_after: list[State]) -> str:
    """A SHA-256 over views and logs of the states along one game."""
    h = hashlib.sha256()
    for state in state_after:
        game = state.game
        for seat in [None, *range(state.players)]:
            view = state.observe(seat)
            h.update(json.dumps(view, sort_keys=True, default=str).encode())
            for lang in ("en", "ja"):
                for event in state.log_since(seat, 0)[1]:
                    h.update(game.describe_event(event, lang).encode())
                if seat is not None and seat in state.actors:
                    h.update(json.dumps(state.why_not(seat, lang), sort_keys=True).encode())
                    h.update(game.prompt(view, lang).encode())
                    for action in state.legal_actions(seat):
                        h.update(game.describe_action(action, lang).encode())
    return h.hexdigest()


def snapshots(record: GameRecord) -> list[State]:
    """The record replayed, a clone every EVERY steps and at the end."""
    n = len(record.actions)
    return [record.replay(k) for k in [*range(0, n, EVERY), n]]


def random_record(name: str, players: int, seed: int) -> GameRecord:
    state = load_game(name, players).new_state(seed)
    rng = Rng(seed * 7919 + players)
    while not state.is_over:
        player = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(player)), player)
    return state.record()


def main() -> None:
    out = []
    for name in available():
        cls = game_class(name)
        for players in range(cls.min_players, cls.max_players + 1):
            for seed in SEEDS:
                record = random_record(name, players, seed)
                out.append({"record": record.to_json(), "digest": digest(snapshots(record))})
    (HERE / "records.json").write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"{len(out)} records")


if __name__ == "__main__":
    main()
