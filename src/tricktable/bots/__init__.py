"""Bots: programs that play a seat from its observation.

``make_bot(name, seed)`` builds any of them by name; the CLI, the server and the simulator call it:

- ``random``: uniform over the legal actions.
- ``heuristic``: the game's rules of thumb (``games/<game>/heuristic.py``).
- ``easy``, ``medium``, ``hard``: ISMCTS with the settings each game declares in ``Game.bot_levels``
  (``hard`` stays under 1 s a decision; Trickster's levels play heuristic rollouts; Masquerade's ``hard``
  infers and has the prior). ``LEVELS`` holds the engine's default budgets (``engine.game.BOT_LEVELS``),
  which a level with suffixes uses in every game.
- ``ismcts``: ISMCTS at ``medium``; ``ismcts:<N>`` N iterations, ``ismcts:<S>s`` S seconds, and the
  suffixes ``:heuristic`` (heuristic rollouts), ``:r<N>`` (roll out N rounds), ``:game`` (to the end),
  ``:infer`` (weigh worlds by the others' latest actions) and ``:prior`` / ``:prior<W>`` (progressive bias
  toward the heuristic's choice, weight W, default 1), e.g. ``ismcts:2000:heuristic``; ``ismcts:60:0.3s``
  is 60 iterations capped at 0.3 s. A level takes the same suffixes: ``hard:heuristic``.
"""

from __future__ import annotations

from tricktable.bots.base import Bot, SeatView
from tricktable.bots.heuristic import HeuristicBot
from tricktable.bots.ismcts import Horizon, ISMCTSBot
from tricktable.bots.random import RandomBot
from tricktable.bots.search import Budget, budget_of, level_settings, prior_of
from tricktable.engine.game import BOT_LEVELS

__all__ = ["LEVELS", "Bot", "Budget", "HeuristicBot", "ISMCTSBot", "RandomBot", "SeatView", "bot_names", "make_bot"]

# Each search level's default budget per decision (games may declare their own in ``Game.bot_levels``):
# iterations keep play reproducible for a seed; the time cap is a safety net on a slow or busy machine
# (``hard`` must answer in under a second on 2 cores).
LEVELS: dict[str, Budget] = {name: level_settings(spec)[0] for name, spec in BOT_LEVELS.items()
                             if spec.startswith("ismcts:")}


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
            elif (weight := prior_of(part)) is not None:
                prior = weight
            elif part == "game":
                horizon = None
            elif part[:1] == "r" and part[1:].isdigit() and int(part[1:]) > 0:
                horizon = int(part[1:])
            elif head == "ismcts" and budget_of([part]) is not None:
                continue  # iterations or seconds: read together below
            else:
                raise ValueError(f"bot {name!r}: unknown part {part!r} "
                                 "(use a number of iterations, seconds like 0.5s, heuristic, game, r<rounds>, "
                                 "infer or prior)")
        if head == "ismcts":
            budget = budget_of(suffixes) or budget
        plain = not [p for p in suffixes if p != "infer" and prior_of(p) is None]
        return ISMCTSBot(seed, budget=budget, rollout="heuristic" if rollout == "heuristic" else "random",
                         horizon=horizon, name=name, level=head if head in LEVELS and plain else None,
                         inference=inference, prior=prior)
    raise ValueError(f"no bot called {name!r} (bots: {', '.join(bot_names())}, ismcts:<iterations>[:heuristic])")

