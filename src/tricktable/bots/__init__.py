"""Bots: programs that play a seat from its observation.

``make_bot(name, seed)`` builds any of them by name; the CLI, the server and the simulator call it:

- ``random``: uniform over the legal actions.
- ``heuristic``: the game's rules of thumb (``games/<game>/heuristic.py``).
- ``easy``, ``medium``, ``hard``: ISMCTS with the budgets in ``LEVELS`` (``hard`` stays under 1 s a decision;
  in Trickster, heuristic rollouts with the budgets in ``GAME_LEVELS``).
- ``ismcts``: ISMCTS at ``medium``; ``ismcts:<N>`` N iterations, ``ismcts:<S>s`` S seconds, and the
  suffixes ``:heuristic`` (heuristic rollouts), ``:r<N>`` (roll out N rounds), ``:game`` (to the end),
  ``:infer`` (weigh worlds by the others' latest actions) and ``:prior`` / ``:prior<W>`` (progressive bias
  toward the heuristic's choice, weight W, default 1), e.g. ``ismcts:2000:heuristic``. A level takes the
  same suffixes: ``hard:heuristic``.
"""

from __future__ import annotations

from tricktable.bots.base import Bot, SeatView
from tricktable.bots.heuristic import HeuristicBot
from tricktable.bots.ismcts import Horizon, ISMCTSBot, Rollout
from tricktable.bots.random import RandomBot
from tricktable.bots.search import Budget

__all__ = ["LEVELS", "Bot", "Budget", "HeuristicBot", "ISMCTSBot", "RandomBot", "SeatView", "bot_names", "make_bot"]

# Each level's budget per decision: iterations keep play reproducible for a seed; the time cap is a
# safety net on a slow or busy machine (``hard`` must answer in under a second on 2 cores).
LEVELS: dict[str, Budget] = {
    "easy": Budget(iterations=60, seconds=0.3),
    "medium": Budget(iterations=300, seconds=0.6),
    "hard": Budget(iterations=1000, seconds=0.9),
}
# Where random rollouts measured no stronger than the heuristic (docs/strength.md), a level plays heuristic
# rollouts instead, with the iterations that cost about the same time.
GAME_LEVELS: dict[str, dict[str, tuple[Budget, Rollout]]] = {
    "trickster": {"easy": (Budget(iterations=15, seconds=0.3), "heuristic"),
                  "medium": (Budget(iterations=60, seconds=0.6), "heuristic"),
                  "hard": (Budget(iterations=100, seconds=0.9), "heuristic")},
}


def bot_names() -> list[str]:
    """The plain bot names (``make_bot`` also takes ``ismcts:…`` forms)."""
    return ["random", "heuristic", *LEVELS, "ismcts"]


def make_bot(name: str, seed: int = 0) -> Bot:
    """A bot by name (see the module doc); raises ``ValueError`` naming the choices for an unknown one."""
    head, *suffixes = name.strip().split(":")
    if head == "random" and not suffixes:
        return RandomBot(seed)
    if head == "heuristic" and not suffixes:
        return HeuristicBot(seed)
    if head in LEVELS or head == "ismcts":
        budget = LEVELS.get(head, LEVELS["medium"])
        rollout = "random"
        horizon: Horizon = "auto"
        inference, prior = False, 0.0
        for part in suffixes:
            if part == "heuristic":
                rollout = "heuristic"
            elif part == "infer":
                inference = True
            elif part.startswith("prior") and (part == "prior" or _is_number(part[5:])):
                prior = float(part[5:]) if part != "prior" else 1.0
            elif part == "game":
                horizon = None
            elif part[:1] == "r" and part[1:].isdigit() and int(part[1:]) > 0:
                horizon = int(part[1:])
            elif head == "ismcts" and part.endswith("s") and _is_number(part[:-1]):
                budget = Budget(seconds=float(part[:-1]))
            elif head == "ismcts" and part.isdigit():
                budget = Budget(iterations=int(part))
            else:
                raise ValueError(f"bot {name!r}: unknown part {part!r} "
                                 "(use a number of iterations, seconds like 0.5s, heuristic, game, r<rounds>, "
                                 "infer or prior)")
        plain = not [p for p in suffixes if p not in ("infer",) and not p.startswith("prior")]
        per_game = {game: levels[head] for game, levels in GAME_LEVELS.items()} if head in LEVELS and plain \
            else None
        return ISMCTSBot(seed, budget=budget, rollout="heuristic" if rollout == "heuristic" else "random",
                         horizon=horizon, name=name, per_game=per_game, inference=inference, prior=prior)
    raise ValueError(f"no bot called {name!r} (bots: {', '.join(bot_names())}, ismcts:<iterations>[:heuristic])")


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True

