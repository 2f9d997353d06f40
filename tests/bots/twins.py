"""Twin states built from the deal (never from ``resample``): two true games one seat cannot tell apart.

Two ways, both replaying a real game's actions with every move checked:

- **another deal**: at a point where cards were just dealt, two cards the seat cannot see change places
  (between two other hands, or a hand and the deck / the out-of-play cards); the rest of the game is
  replayed as it was;
- **another hidden choice**: one of the other seats' earlier actions is replaced by another legal one (a
  secret preparation, a face-down pick), and the rest replayed.

A pair counts only when the seat's observation and every event it may see are the same in both games.
"""

from __future__ import annotations

from typing import Any

from tricktable.bots import SeatView
from tricktable.engine import Action, Rng, State


def seen(state: State, seat: int) -> tuple[Any, ...]:
    """Everything ``seat`` has been shown: its observation and its visible events."""
    return (state.observe(seat), [e for e in state.events if e.is_visible_to(seat)])


def _cards(state: State) -> int:
    hands: list[Any] = getattr(state, "hands", [])
    return sum(h.bit_count() if isinstance(h, int) else len(h) for h in hands)


def _swap(state: State, seat: int, rng: Rng) -> bool:
    """Exchange two cards hidden from ``seat`` between two places (game-specific fields); False if none."""
    places: list[tuple[str, int]] = [("hands", q) for q in range(state.players) if q != seat]
    if isinstance(getattr(state, "out", None), int):
        places.append(("out", -1))
    if isinstance(getattr(state, "deck", None), list):
        places.append(("deck", -1))
    rng.shuffle(places)
    a, b = places[0], places[1]

    def get(place: tuple[str, int]) -> Any:
        value = getattr(state, place[0])
        return value[place[1]] if place[1] >= 0 else value

    def put(place: tuple[str, int], value: Any) -> None:
        if place[1] >= 0:
            getattr(state, place[0])[place[1]] = value
        else:
            setattr(state, place[0], value)

    one, two = get(a), get(b)
    if isinstance(one, int):
        ones = [c for c in range(one.bit_length()) if one >> c & 1]
        twos = [c for c in range(two.bit_length()) if two >> c & 1]
        if not ones or not twos:
            return False
        x, y = rng.choice(ones), rng.choice(twos)
        put(a, one ^ (1 << x) | (1 << y))
        put(b, two ^ (1 << y) | (1 << x))
        return True
    if not one or not two:
        return False
    i, j = rng.below(len(one)), rng.below(len(two))
    one, two = one.copy(), two.copy()
    one[i], two[j] = two[j], one[i]
    put(a, one)
    put(b, two)
    return True


def _replay(state: State, rest: list[tuple[int, Action]]) -> State | None:
    for p, action in rest:
        if p not in state.actors or action not in state.legal_actions(p):
            return None
        state.apply(action, p)
    return state


def twins(game_of: Any, seed: int, history: list[tuple[int, Action]], seat: int, rng: Rng,
          tries: int = 12) -> list[tuple[State, State, str]]:
    """Pairs (the true game, a twin, how it differs) for ``seat`` at the end of ``history``."""
    steps = [game_of.new_state(seed)]
    for p, action in history:
        nxt = steps[-1].clone()
        nxt.apply(action, p)
        steps.append(nxt)
    truth = steps[-1]
    target = seen(truth, seat)
    deals = [k for k in range(len(steps)) if k == 0 or _cards(steps[k]) > _cards(steps[k - 1]) + 1]
    others = [k for k, (p, _) in enumerate(history) if p != seat]
    out: list[tuple[State, State, str]] = []
    for attempt in range(tries):
        if attempt % 2 == 0 and deals:
            k = rng.choice(deals)
            twin = steps[k].clone()
            if not _swap(twin, seat, rng):
                continue
            how = f"deal changed after action {k}"
        elif others:
            k = rng.choice(others)
            p, action = history[k]
            twin = steps[k].clone()
            choices = [a for a in twin.legal_actions(p) if a is not action]
            if not choices:
                continue
            twin.apply(rng.choice(choices), p)
            k += 1
            how = f"seat {p}'s action {k - 1} changed"
        else:
            continue
        done = _replay(twin, history[k:])
        if done is not None and seen(done, seat) == target and done.actors == truth.actors:
            out.append((truth, done, how))
    return out


def plain(value: Any) -> Any:
    """Objects as comparable plain data (a state's fields, without its game)."""
    if isinstance(value, State):
        return {k: plain(v) for k, v in sorted(vars(value).items()) if k != "game"}
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = [plain(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, set | frozenset) else items
    if isinstance(value, Action):
        return value.text
    fields = getattr(type(value), "__mypyc_attrs__", None)  # a class of the compiled build (make compiled)
    if fields is not None:
        return {s: plain(getattr(value, s)) for s in fields if s != "__dict__" and hasattr(value, s)}
    if hasattr(value, "__slots__") and not isinstance(value, int | str | float):
        return {s: plain(getattr(value, s)) for s in value.__slots__ if hasattr(value, s)}
    if hasattr(value, "__dict__"):
        return plain(vars(value))
    return value


def view_data(view: SeatView) -> Any:
    """All a bot can read from a view, as data (two twins' views must be equal)."""
    return (view.observation, [a.text for a in view.legal], plain(view._events), plain(view._world))
