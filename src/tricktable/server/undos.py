"""How many moves a seat may take back, and when (the engine says which moves may be: ``engine/undo.py``).

The policy (docs/protocol.md, "Undo"):

- a seat may take back at most ``undos_per_turn`` moves (``Settings``, 3 by default) before another player
  acts: after that its move stands, so nobody can hold the table by playing and taking back for ever;
- its time runs on across its undos (``server/clock.py``): the move's clock restarts from when its turn
  began, never afresh;
- at a rated table (Board Game Arena's rule): nothing that revealed anything (the engine already refuses
  that), at most one take-back a turn, and only while the seat is still the one to act.

Each seat counts its take-backs this turn (``Seat.turn_undos``, stored with the seat); a change that adds an
action of another player sets the count of every other seat back to 0.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import State

RATED_UNDOS_PER_TURN = 1


def undo_cap(rated: bool, per_turn: int) -> int:
    """The take-backs a seat has a turn: one at a rated table, else ``per_turn`` (0: none at all)."""
    return min(per_turn, RATED_UNDOS_PER_TURN) if rated else per_turn


def why_capped(taken: int, rated: bool, per_turn: int) -> str | None:
    """Why one more take-back is refused (English, for the error), or None while the seat has some left."""
    cap = undo_cap(rated, per_turn)
    if taken < cap:
        return None
    if cap == 0:
        return "this server takes no moves back"
    where = "at a rated table " if rated else ""
    return f"{where}a player may take back {cap} move{'s' if cap != 1 else ''} a turn, and this turn's are used"


def reset_counts(seats: list[Any], before: State, after: State,
                 pending: dict[int, dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """``pending`` (a change's seat values) with the take-back counts of the seats whose turn is over: when
    the change adds an action of another player, a seat's count starts again."""
    if len(after.history) <= len(before.history):
        return pending
    movers = {player for player, _ in after.history[len(before.history):]}
    out = pending
    for seat, place in enumerate(seats):
        if getattr(place, "turn_undos", 0) and movers - {seat} and "turn_undos" not in pending.get(seat, {}):
            out = {**out, seat: {**out.get(seat, {}), "turn_undos": 0}}
    return out
