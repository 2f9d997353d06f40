"""Instructions per decision from a dealt state, ours against OpenSpiel's C++ Hearts: a figure that does not move.

This machine's speed moves by half within minutes, idle or not, so two timed runs a minute apart can
disagree more than the change they are meant to show. The instructions a CPU executes do not move:
valgrind's cachegrind counts them (with string hashing fixed, within 0.3% from run to run). Each
setup runs twice under it, in a fresh process: once dealing ``DEALS`` states, once dealing and playing
them to the end with the bench's loop (``bench._play_out``, ``bench._hearts_play_out``); the difference
over the decisions played is what one decision costs. Instructions are not time (a cache miss costs more
than an add), so this complements ``make bench``'s timed ratios, it does not replace them.

    python benchmarks/instructions.py            # every setup, in the build that is installed
    python benchmarks/instructions.py trickster  # one game

Needs valgrind (``apt-get install valgrind``) and, for the anchor, open_spiel. About 5 s a setup.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys

DEALS = 20  # states dealt and played per run (Hearts: 15 times as many, its deals being short)


def _child(name: str, players: int, play: bool) -> None:
    """The measured process: deal, and with ``play`` play every state to the end; print the decisions."""
    from tricktable import bench
    chooser = random.Random(1)
    if name == "hearts":
        import pyspiel
        game = pyspiel.load_game("hearts")
        hearts = [bench.deal_hearts(game, chooser) for _ in range(DEALS * 15)]
        print(sum(bench._hearts_play_out(s, chooser) for s in hearts) if play else 0)
        return
    from tricktable.engine import load_game
    game = load_game(name, players)
    states = [game.new_state(seed) for seed in range(DEALS)]
    print(sum(bench._play_out(s, chooser) for s in states) if play else 0)


def count(name: str, players: int, play: bool) -> tuple[int, int]:
    """(instructions, decisions) of one child run under cachegrind."""
    run = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--child", name, str(players), "play" if play else "deal"],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})  # str hashes fixed
    refs = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if refs is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{run.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(run.stdout.split()[-1])


def per_decision(name: str, players: int) -> float:
    played, decisions = count(name, players, True)
    dealt, _ = count(name, players, False)
    return (played - dealt) / decisions


def main() -> None:
    if shutil.which("valgrind") is None:
        print("SKIPPED: instructions per decision need valgrind (apt-get install valgrind)", file=sys.stderr)
        return
    from tricktable.bench import pyspiel_or_none, setups
    from tricktable.engine import native
    build = "compiled" if str(native.__file__).endswith(".so") else "pure"
    wanted = sys.argv[1:]
    hearts = per_decision("hearts", 4) if pyspiel_or_none() is not None else None
    print(f"instructions per decision from a dealt state ({build} build)")
    if hearts is not None:
        print(f"  OpenSpiel C++ Hearts: {hearts:,.0f}")
    for name, players in setups():
        if wanted and name not in wanted:
            continue
        ours = per_decision(name, players)
        ratio = f"  ({hearts / ours:.2f}x C++ Hearts)" if hearts is not None else ""
        print(f"  {name} {players}p: {ours:,.0f}{ratio}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--child"]:
        _child(sys.argv[2], int(sys.argv[3]), sys.argv[4] == "play")
    else:
        main()
