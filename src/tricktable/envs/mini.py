"""Mini Masquerade: a few cards, one hand, a random deal, small enough for exact answers::

    from tricktable.envs.mini import Mini
    tree = Mini().tree                          # a pyspiel efg_game (C++): about 49k nodes
    solver = pyspiel.CFRSolver(tree)
    for _ in range(100):
        solver.evaluate_and_update_policy()
    print(pyspiel.nash_conv(tree, solver.average_policy()))

The game is Gundam Masquerade itself (our engine, its rules), on a small deck: ``pool`` cards (default
six) dealt ``hand`` a seat, so every card is dealt and the game is one hand of ``hand`` tricks. The
deal is random: a chance node at the root draws the hands as sets, every deal equally likely, and the
first player uniformly among the seats (``first_player=-1``, as the rules draw one); each outcome
is our game with that deal fixed (the ``deal`` and ``first_player`` options). Seats see what the rules
let them see: information sets are the seats' ``information_state_string`` (``tricktable.envs.efg``),
so a seat cannot tell apart deals that differ only in other seats' hands.

The defaults turn challenges off and the special cards off: with both on, one fixed deal of six cards
is already 128k nodes (90 deals would be 11M). Pass options to keep them.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from tricktable.envs import openspiel
from tricktable.envs.efg import to_efg

POOL = ("R1", "K2", "B3", "G4", "R5", "K6")


def deals(pool: Sequence[str], players: int, hand: int) -> Iterator[list[list[str]]]:
    """Every way to deal ``hand`` cards of ``pool`` to each seat, hands as sets, in a fixed order."""
    if players == 0:
        yield []
        return
    for first in itertools.combinations(pool, hand):
        rest = [card for card in pool if card not in first]
        for others in deals(rest, players - 1, hand):
            yield [list(first), *others]


def mini_masquerade_efg(players: int = 3, pool: Sequence[str] = POOL, hand: int = 2, *,
                        leaders: Sequence[int] | None = None, max_nodes: int = 2_000_000,
                        on_infoset: Callable[[str, int, Any], None] | None = None, **options: Any) -> str:
    """The EFG text of mini Masquerade (see the module); ``leaders`` the first players drawn among
    (default every seat). Options default to ``specials="none"``, ``challenge="off"``."""
    if len(pool) != players * hand:
        raise ValueError(f"the pool must be dealt out: {players} seats x {hand} cards is {players * hand} "
                         f"cards, not {len(pool)}")
    options = {"specials": "none", "challenge": "off", **options}
    starts = list(range(players)) if leaders is None else list(leaders)
    roots = []
    game = None
    for deal in deals(pool, players, hand):
        for leader in starts:
            game = openspiel.load("masquerade", players, chance="draws", deal=deal, first_player=leader,
                                  **options)
            roots.append(game.new_initial_state())
    assert game is not None
    return to_efg(game, roots=[(1.0 / len(roots), state) for state in roots], max_nodes=max_nodes,
                  on_infoset=on_infoset)


class Mini:
    """Mini Masquerade as a pyspiel game (``tree``, OpenSpiel's C++ ``efg_game``), with a tricktable
    state for each of its information sets (``states``: name -> (seat, pyspiel state of our game)),
    to ask our bots what they play there."""

    def __init__(self, players: int = 3, pool: Sequence[str] = POOL, hand: int = 2, **options: Any) -> None:
        import pyspiel

        self.states: dict[str, tuple[int, Any]] = {}

        def keep(name: str, player: int, state: Any) -> None:
            self.states[name] = (player, state)

        self.tree = pyspiel.load_efg_game(mini_masquerade_efg(players, pool, hand, on_infoset=keep, **options))

    def bot_policy(self, spec: str, seed: int = 0, samples: int = 1) -> Any:
        """Our bot ``spec`` (``make_bot``) as a tabular policy of ``tree``: at each information set, the
        share of ``samples`` bots (seeds ``seed``, ``seed + 1``, ...) choosing each action there. A bot
        sees only its seat's view, so one state of the set stands for all."""
        from open_spiel.python import policy

        from tricktable.bots import SeatView, make_bot

        bots = [make_bot(spec, seed + k) for k in range(samples)]
        table = policy.TabularPolicy(self.tree)
        table.action_probability_array[:] = 0.0
        for key, row in table.state_lookup.items():
            seat, state = self.states[key.rpartition("-")[2]]  # efg_game's key ends with the set's name
            node = table.states[row]
            named = {node.action_to_string(seat, a): a for a in node.legal_actions()}
            for bot in bots:
                chosen = str(bot.choose(SeatView(state.engine, seat)).index)
                table.action_probability_array[row, named[chosen]] += 1.0 / samples
        return table
