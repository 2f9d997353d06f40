"""One bot seat against heuristic seats in Masquerade: challenges (and how many succeed) and bluffs (and how
many are challenged), for the bot's seat and for the heuristic seats, with the odds the heuristic gave.

Run: ``PYTHONPATH=src python benchmarks/masquerade_bluffs.py BOT GAMES``, e.g. ``hard 40`` or ``heuristic 80``
(self-play). A bluff is an off-colour card played while holding a following one. For each heuristic
challenge the heuristic's own odds that the card was a bluff are kept: their mean is the share of its
challenges that should succeed, the target the measured share is held to.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from tricktable.bots import SeatView, make_bot
from tricktable.bots.base import own_seed
from tricktable.engine import load_game
from tricktable.games.masquerade.heuristic import bluff_chance


@dataclass
class Tally:
    challenges: int = 0
    succeeded: int = 0
    bluffs: int = 0
    caught: int = 0
    odds: list[float] = field(default_factory=list)  # the challenger's odds, where it says them

    def line(self, who: str) -> str:
        expected = f", odds said {sum(self.odds) / len(self.odds):.0%}" if self.odds else ""
        share = f" ({self.succeeded / self.challenges:.0%}{expected})" if self.challenges else ""
        caught = f" ({self.caught / self.bluffs:.0%})" if self.bluffs else ""
        return (f"{who}: challenges {self.challenges}, succeeded {self.succeeded}{share}; "
                f"bluffs {self.bluffs}, challenged {self.caught}{caught}")


def measure(name: str, games: int, players: int = 4) -> tuple[Tally, Tally]:
    """The bot's seat's tally and the heuristic seats' tally (a challenge counts for its challenger, a
    bluff for its player; challenges are read from the log, where the rules resolve them)."""
    mine, theirs = Tally(), Tally()
    for seed in range(games):
        state = load_game("masquerade", players).new_state(100 + seed)
        me = seed % players
        bots = [make_bot(name if p == me else "heuristic", own_seed(5, seed, p)) for p in range(players)]
        bluffed: set[str] = set()  # cards played as bluffs, not yet challenged or passed
        seen = 0
        while not state.is_over:
            p = state.actors[0]
            view = SeatView(state, p)
            action = bots[p].choose(view)
            tally = mine if p == me else theirs
            masq = state  # the live state, read here by the measurement, never by a bot
            if action.text.startswith("play") and view.observation["phase"] == "play" and masq.trick:
                follow = masq.follow_mask()  # type: ignore[attr-defined]
                card = state.game.parse_action(action.text).card  # type: ignore[attr-defined]
                if not follow >> card & 1 and masq.hands[p] & follow:  # type: ignore[attr-defined]
                    tally.bluffs += 1
                    bluffed = {action.text.split(" ", 1)[1]}
            if action.text == "challenge" and (p != me or name == "heuristic"):
                tally.odds.append(bluff_chance(view.observation, view.game))
            state.apply(action, p)
            for event in state.events[seen:]:
                if event.kind == "challenge":
                    who = mine if event.data["seat"] == me else theirs
                    who.challenges += 1
                    who.succeeded += bool(event.data["success"])
                    if event.data["card"] in bluffed:
                        (mine if event.data["challenged"] == me else theirs).caught += 1
                        bluffed = set()
            seen = len(state.events)
    return mine, theirs


if __name__ == "__main__":
    bot, n = sys.argv[1], int(sys.argv[2])
    mine, theirs = measure(bot, n)
    print(f"{n} games of 4, one {bot} seat against heuristic seats")
    print(mine.line(bot))
    print(theirs.line("heuristic seats"))
