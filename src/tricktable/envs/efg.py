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

An information set is named by ``infoset_name`` (a digest of the seat's string), which is what the EFG
game's ``information_state_string`` returns; an action by its id in ``game`` (so a policy on the EFG
game maps back by ``int(action_name)``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any


class TreeTooLarge(ValueError):
    """The tree has more nodes than the limit given."""


def _number(value: float) -> str:
    return repr(float(value))


def infoset_name(state: Any, player: int) -> str:
    """The EFG name of ``player``'s information set at ``state``: a 128-bit digest of its
    ``information_state_string`` in hex (a tricktable information state is KBs of text)."""
    return hashlib.blake2b(state.information_state_string(player).encode(), digest_size=16).hexdigest()


def to_efg(game: Any, *, roots: list[tuple[float, Any]] | None = None, max_nodes: int = 1_000_000,
           on_infoset: Callable[[str, int, Any], None] | None = None) -> str:
    """The tree of the pyspiel ``game`` (sequential, every state enumerable) as EFG text.

    ``roots``: the tree starts with a chance node whose outcome ``i`` has probability ``roots[i][0]``
    and leads to the state ``roots[i][1]`` (a deal the game's own chance does not make, e.g. one fixed
    by an option), instead of at ``game.new_initial_state()``. ``on_infoset(name, player, state)`` is
    called at the first state met of each information set (a representative, e.g. to ask a bot).
    Raises ``TreeTooLarge`` past ``max_nodes`` nodes, before building more.
    """
    players = game.num_players()
    title = game.get_type().short_name  # (the game string may hold quotes: JSON option values)
    names = " ".join(f'"Player {p + 1}"' for p in range(players))
    lines = [f'EFG 2 R "{title}" {{ {names} }}', ""]
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    chance_sets = 0
    outcomes = 0
    stack: list[tuple[Any, int]] = [(game.new_initial_state(), 0)]
    if roots is not None:
        chance_sets = 1
        listed = " ".join(f'"{i}" {_number(p)}' for i, (p, _) in enumerate(roots))
        lines.append(f'c "" 1 "" {{ {listed} }} 0')
        stack = [(state, 1) for _, state in reversed(roots)]
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
            key = infoset_name(state, player)
            number = known.get(key)
            if number is None:
                number = known[key] = len(known) + 1
                if on_infoset is not None:
                    on_infoset(key, player, state)
            actions = state.legal_actions()
            listed = " ".join(f'"{action}"' for action in actions)
            lines.append(f'{pad}p "" {player + 1} {number} "{key}" {{ {listed} }} 0')
        for action in reversed(actions):  # the stack pops the first child first: preorder
            stack.append((state.child(action), depth + 1))
    return "\n".join(lines) + "\n"
