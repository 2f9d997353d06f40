"""A whole OpenSpiel game tree as Gambit EFG text, for OpenSpiel's C++ tree algorithms::

    import pyspiel
    from tricktable.envs.efg import to_efg
    tree = pyspiel.load_efg_game(to_efg(game))   # a C++ game: CFRSolver, nash_conv, exploitability

OpenSpiel's tabular algorithms (CFR, ``nash_conv``, best response) keep every state of the tree they
walk; a state of a Python game costs tens of KB, so a tree of 1e5 states no longer fits in memory.
Written once as EFG, the same tree is a C++ ``efg_game`` of a few hundred bytes a node, on which
OpenSpiel's C++ solvers run unchanged. This is the route for games small enough to enumerate (a
tricktable game needs a small deal and one round for that): every chance outcome with its
probability, every decision with its information set (keyed by the acting seat's
``information_state_string``, so two nodes share an information set exactly when the seat cannot tell
them apart), every end with its returns.

Names in the EFG are numbers, not texts: an information set is named by its number and an action by
its id in ``game`` (so a policy on the EFG game maps back by ``int(action_name)``).
"""

from __future__ import annotations

import hashlib
from typing import Any


class TreeTooLarge(ValueError):
    """The tree has more nodes than the limit given."""


def _number(value: float) -> str:
    return repr(float(value))


def to_efg(game: Any, *, max_nodes: int = 1_000_000) -> str:
    """The tree of the pyspiel ``game`` (sequential, every state enumerable) as EFG text.

    Raises ``TreeTooLarge`` past ``max_nodes`` nodes, before building more.
    """
    players = game.num_players()
    title = game.get_type().short_name  # (the game string may hold quotes: JSON option values)
    names = " ".join(f'"Player {p + 1}"' for p in range(players))
    lines = [f'EFG 2 R "{title}" {{ {names} }}', ""]
    # keyed by a 128-bit digest of the string: a tricktable information state is KBs of text
    infosets: list[dict[bytes, int]] = [{} for _ in range(players)]
    chance_sets = 0
    outcomes = 0
    stack: list[tuple[Any, int]] = [(game.new_initial_state(), 0)]
    while stack:
        state, depth = stack.pop()
        if len(lines) - 2 >= max_nodes:
            raise TreeTooLarge(f"the tree of {title} has more than {max_nodes} nodes")
        pad = "  " * depth
        if state.is_terminal():
            outcomes += 1
            payoffs = " ".join(_number(r) for r in state.returns())
            lines.append(f'{pad}t "" {outcomes} "" {{ {payoffs} }}')
            continue
        if state.is_chance_node():
            chance_sets += 1
            branches = state.chance_outcomes()
            listed = " ".join(f'"{action}" {_number(p)}' for action, p in branches)
            lines.append(f'{pad}c "" {chance_sets} "" {{ {listed} }} 0')
            actions = [action for action, _ in branches]
        else:
            player = state.current_player()
            if player < 0:
                raise ValueError(f"{title} is not sequential: player {player} at a decision")
            known = infosets[player]
            key = hashlib.blake2b(state.information_state_string(player).encode(), digest_size=16).digest()
            number = known.setdefault(key, len(known) + 1)
            actions = state.legal_actions()
            listed = " ".join(f'"{action}"' for action in actions)
            lines.append(f'{pad}p "" {player + 1} {number} "{number}" {{ {listed} }} 0')
        for action in reversed(actions):  # the stack pops the first child first: preorder
            stack.append((state.child(action), depth + 1))
    return "\n".join(lines) + "\n"
