"""Clocks: a table's time control, each human seat's time left, and when a seat's time runs out.

A time control is chosen when the table is created (docs/protocol.md, "Clocks"):

- ``realtime``: each move has ``move`` seconds; time beyond that comes out of the seat's ``reserve``
  (spent for good); when both are used up the seat's stand-in bot plays that move. The disconnect grace
  applies as at a table without a clock.
- ``turn``: each move has ``move`` seconds (hours or days), no reserve; when they are up the stand-in plays
  that move. A seat is never taken over for being disconnected (players come and go over days).
- none: no clock (``None``): today's grace is the only timer.

The server's clock is the authority. Each human seat stores its clock with the seat (``Seat.clock``, JSON):
``{"kind", "move", "reserve" (the control's), "left" (reserve seconds left), "since" (epoch seconds its
current turn began, or null)}``; the stored deadline so survives a restart, and a clock that ran out while
the server was down acts as soon as the table is loaded. ``charge`` is called by every change of a table
(``TableService._commit``) and charges the seats that acted or stopped being actors, and starts the
clocks of the seats that became actors.
"""

from __future__ import annotations

import time
from typing import Any

from tricktable.engine import State
from tricktable.server.errors import ServiceError

# the presets the lobby offers (seconds): name -> control
PRESETS: dict[str, dict[str, Any]] = {
    "blitz": {"kind": "realtime", "move": 10, "reserve": 120},
    "normal": {"kind": "realtime", "move": 30, "reserve": 300},
    "relaxed": {"kind": "realtime", "move": 90, "reserve": 900},
    "day": {"kind": "turn", "move": 24 * 3600, "reserve": 0},
    "three-days": {"kind": "turn", "move": 72 * 3600, "reserve": 0},
}
REALTIME_MOVE = (5, 600)  # seconds a real-time move may be given
REALTIME_RESERVE = (0, 3 * 3600)  # seconds of a real-time reserve
TURN_HOURS = (1, 14 * 24)  # hours a turn-based move may be given


def parse_time_control(value: Any) -> dict[str, Any] | None:
    """The time control asked for at creation, checked: a preset name, ``{"kind": "realtime", "move": s,
    "reserve": s}``, ``{"kind": "turn", "hours": h}``, or None / "none" (no clock). ``clock/bad`` otherwise."""
    if value is None or value == "none":
        return None
    if isinstance(value, str):
        if value not in PRESETS:
            raise ServiceError("clock/bad", f"no time control called {value[:40]!r} "
                                            f"(presets: {', '.join(PRESETS)}, none)")
        return dict(PRESETS[value])
    if not isinstance(value, dict):
        raise ServiceError("clock/bad", "a time control is a preset name or an object with a \"kind\"")
    kind = value.get("kind")
    if kind == "realtime":
        move, reserve = _number(value, "move", REALTIME_MOVE), _number(value, "reserve", REALTIME_RESERVE, 0)
        extra = set(value) - {"kind", "move", "reserve"}
    elif kind == "turn":
        move, reserve = _number(value, "hours", TURN_HOURS) * 3600, 0
        extra = set(value) - {"kind", "hours"}
    else:
        raise ServiceError("clock/bad", f"a time control's kind is realtime or turn, not {str(kind)[:40]!r}")
    if extra:
        raise ServiceError("clock/bad", f"a {kind} time control has no {', '.join(sorted(extra))[:80]}")
    return {"kind": kind, "move": move, "reserve": reserve}


def _number(value: dict[str, Any], key: str, bounds: tuple[int, int], default: int | None = None) -> int:
    raw = value.get(key, default)
    low, high = bounds
    if not isinstance(raw, int) or isinstance(raw, bool) or not low <= raw <= high:
        raise ServiceError("clock/bad", f"{key} is a whole number from {low} to {high}, not {str(raw)[:40]}")
    return raw


def new_clock(control: dict[str, Any] | None) -> dict[str, Any] | None:
    """A human seat's clock at the start: the whole reserve left, not running."""
    return None if control is None else {**control, "left": float(control["reserve"]), "since": None}


def deadline(clock: dict[str, Any]) -> float | None:
    """When the running clock runs out (epoch seconds), or None when it is not running."""
    since = clock.get("since")
    return None if since is None else float(since) + float(clock["move"]) + float(clock["left"])


def uses_grace(seats: list[Any]) -> bool:
    """Whether a disconnected player is taken over after the grace period: not at a turn-based table."""
    return not any(s.clock and s.clock.get("kind") == "turn" for s in seats)


def charge(seats: list[Any], before: State, after: State, status: str, when: float | None = None,
           pending: dict[int, dict[str, Any]] | None = None, secret: int | None = None) -> dict[int, dict[str, Any]]:
    """The seats' new clocks after a change from ``before`` to ``after`` (the new table ``status``), as seat
    changes merged over ``pending`` (the change's own seat values).

    A seat that acted, or is no longer to act, is charged the time its turn took beyond ``move`` (out of its
    reserve) and stops; a seat to act whose clock is not running starts it. An undo (``after`` shorter than
    ``before``) puts the clock of the seat whose move it took back where it was in that turn: running from
    when the turn began (``began``, kept with each move), its reserve as before that move; the time since is
    not given back. The other seats stop and start as for any change. ``secret``: the
    seat whose secret action this was; its clock runs on as if it had not acted (the others see the clocks,
    and a clock that started again would tell them).
    """
    when = time.time() if when is None else when
    out = {seat: dict(values) for seat, values in (pending or {}).items()}
    grew = len(after.history) - len(before.history)
    acted = {player for player, _ in after.history[len(before.history):]} if grew > 0 else set()
    if grew < 0:
        acted = {player for player, _ in before.history[len(after.history):]}
    if secret is not None:
        acted.discard(secret)
    actors = set(after.actors) if status == "playing" else set()
    for seat, place in enumerate(seats):
        clock = out.get(seat, {}).get("clock", place.clock)
        if not clock:
            continue
        clock = dict(clock)
        if grew < 0 and seat in acted and clock.get("began") is not None:
            # its move taken back: its turn goes on from when it began, the reserve that move cost given back
            # (it is charged again, whole, when the seat moves): an undo never refills the clock
            clock["since"] = float(clock.pop("began"))
            clock["left"] = float(clock["left"]) + float(clock.pop("charged", 0.0))
        elif clock.get("since") is not None and (seat in acted or seat not in actors):
            since, left = float(clock["since"]), float(clock["left"])
            over = max(0.0, when - since - float(clock["move"]))
            clock["left"], clock["since"] = max(0.0, left - over), None
            if grew > 0 and seat in acted:  # kept until its next move: what an undo of this one restores
                clock["began"], clock["charged"] = since, left - clock["left"]
        if seat in actors and clock.get("since") is None:
            clock["since"] = when
        if clock != place.clock:
            out.setdefault(seat, {})["clock"] = clock
    return out


def summary(seats: list[Any], when: float | None = None) -> dict[str, Any] | None:
    """The table's clocks as everyone is shown them: the control, and per human seat its reserve left and its
    deadline (epoch seconds, null when not running), with the server's time ``now`` to tick from."""
    clocks = {i: s.clock for i, s in enumerate(seats) if s.clock}
    if not clocks:
        return None
    first = next(iter(clocks.values()))
    return {"kind": first["kind"], "move": first["move"], "reserve": first["reserve"],
            "now": round(time.time() if when is None else when, 3),
            "seats": [{"seat": i, "left": round(float(c["left"]), 1),
                       "deadline": None if (d := deadline(c)) is None else round(d, 3)} for i, c in clocks.items()]}
