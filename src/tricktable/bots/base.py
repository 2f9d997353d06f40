"""The Bot interface: a bot chooses from what its seat may know, and cannot reach the live state.

A driver hands the bot a ``SeatView``, built from the live state and then cut loose from it:

- ``observation``: the seat's observation, a deep copy (plain data);
- ``legal``: the seat's legal actions (a copy of the list; actions are interned values);
- ``game``: the game's rules, as a *fork* of the live ``Game`` for this seat (``Game.blind``): the same
  action table, with memo caches of its own, so nothing the live game (or another seat's search) put in
  a cache can be read here, and no set-up deal (an option fixing every seat's cards is at its default);
- ``sample(rng)``: a full world consistent with the observation. The view holds no live state: when it
  is built, the driver draws one world (the game's ``resample``, with a fixed seed, so it depends on the
  observation only), deep-copies it into the fork and strips it to what the seat may know: ``seed`` 0,
  a fresh chance stream, no ``history``, and none of the seat's log. Every later sample resamples *that*
  world, never the live one. ``sample(rng, log=True)`` adds the seat's own visible events to a world.
- ``built``: when the driver began building the view; a bot's time cap counts from here (the seat was
  waiting from then), so a driver builds a fresh view for each decision.

Nothing the view holds (its attributes, their attributes, closures, anything ``gc.get_referents``
reaches) leads to the live state, its lists, or the live game's caches: ``tests/bots/test_honesty.py``
walks every route.
"""

from __future__ import annotations

import copy
import hashlib
import time
import weakref
from abc import ABC, abstractmethod
from typing import Any

from tricktable.engine import Action, Event, Game, Observation, Rng, State

KNOWLEDGE_SEED = 0x5EA7_0F_C0DE  # the driver's draw: fixed, so the world depends on the observation alone

# per live game, one fork per seat: a fork's caches are filled only by worlds of that seat (a world holds
# the seat's own hand, never another's), so they may be kept from one decision to the next
_FORKS: weakref.WeakKeyDictionary[Game[Any], dict[int, Game[Any]]] = weakref.WeakKeyDictionary()


def own_seed(key: int, *where: int) -> int:
    """A bot's seed from a key of the bots' own and where it plays (a deal, a place in the line-up), never
    from the table's seed: a seed that the table's seed gave (``seed * 101 + k``) would give the table's
    seed back, and ``new_state`` rebuilds every hand from that. A keyed hash, so the seed tells nothing of
    ``where`` either without the key."""
    digest = hashlib.blake2b("/".join(map(str, where)).encode(), key=key.to_bytes(16, "big", signed=True),
                             digest_size=8, person=b"tricktable-bots").digest()
    return int.from_bytes(digest, "big") >> 1


def seat_game(game: Game[Any], seat: int) -> Game[Any]:
    """``game``'s blind fork for ``seat`` (made once): what a bot of that seat sees as its game."""
    forks = _FORKS.setdefault(game, {})
    fork = forks.get(seat)
    if fork is None:
        fork = forks[seat] = game.blind()
    return fork


def knowledge(state: State, seat: int, game: Game[Any]) -> State:
    """A full state from what ``seat`` knows of ``state``, sharing nothing with it: see the module doc."""
    world = state.resample(seat, Rng(KNOWLEDGE_SEED + seat))
    # the deep copy shares only the game's immutable tables (and interned actions) with the live state; what
    # the state holds of its game becomes the fork's: a memo cache, and the options and what the game derived
    # from them (the fork's hold no set-up deal)
    memo: dict[int, Any] = {id(value): getattr(game, name, value) for name, value in vars(state.game).items()}
    memo[id(state.game)] = game
    for name in game.memo_fields:
        memo[id(getattr(state.game, name))] = getattr(game, name)
    # emptied before copying: nothing of the log, the seed or the live chance stream is copied
    world.history, world.events, world.seed, world.rng = [], [], 0, Rng(0)
    return copy.deepcopy(world, memo)


def _plain(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples of str/int/float/bool/None)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


class SeatView:
    """What one seat may know at a decision: built by the driver from the live state, holding none of it."""

    __slots__ = ("_events", "_world", "built", "game", "legal", "observation", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.built = time.perf_counter()  # when the seat began waiting: a bot's time cap counts from here
        self.seat = seat
        self.game: Game[Any] = seat_game(state.game, seat)
        self.legal: list[Action] = list(state.legal_actions(seat))
        self.observation: Observation = _plain(state.observe(seat))
        self._events: tuple[Event, ...] = tuple(e for e in state.events if e.is_visible_to(seat))
        self._world = knowledge(state, seat, self.game)

    def sample(self, rng: Rng, *, log: bool = False) -> State:
        """A full state consistent with this seat's observation, hidden parts drawn at random.

        The world has ``seed`` 0, no history and (unless ``log``) no events, so a search copies no log; its
        chance generator is drawn from ``rng``, so future draws (a deck's next card) are as hidden as a hand.
        """
        world = self._world.resample(self.seat, rng)
        world.rng = Rng(rng.next64())
        if log:
            world.events = list(self._events)
        return world


class Bot(ABC):
    """A player program. ``choose`` returns one of ``view.legal``."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: SeatView) -> Action:
        """The action this bot takes at ``view``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
