"""Taking back a move: whether a seat may, and the game without its last action.

The engine decides, from the game alone, so every driver (the web table, a terminal, a test) agrees.
A seat may take back its last action when all of these hold (``why_not_undo`` names the first that fails):

1. the action is the last one of the record: nobody acted after it;
2. it was not a secret action (``Game.is_secret``): the others do not know it happened, and hearing of
   an undo would tell them;
3. in a game with secret actions (Megalomania's scrolls), no other seat is to act now: that seat could
   act in secret, and the undo, refused from then on, would tell the others that it had;
4. it drew nothing at random (the generator is where it was before): a deal, a draw or a shuffle showed
   someone cards no undo can make them forget, and replaying would draw the same again;
5. every event it logged is visible to everyone (an event for some seats only, e.g. a card drawn into a
   hand, a peek, a seat told what it learnt, is hidden information given away);
6. it did not end a trick, a round or the game (news for everyone, and the next deal is near);
7. **it showed its player nothing they could not have known**: the move is made again in ``SAMPLES``
   worlds redrawn for its player from what they knew before it (``State.resample``), and in each the
   player's observation after it (the table, their hand, their legal choices, every log line they see)
   must be the one they are looking at now. A consequence that depends on what was hidden from them (a
   trick resolved by the next seats' hands, a pile card drawn into the hand, a challenge's outcome) differs
   in some world, and the move stays. This is the engine's own knowledge, for every game alike: no list of
   event kinds or cards to keep up to date.

The worlds are drawn from a generator seeded by the number of actions only, so every driver decides alike,
and the verdict is a function of what the player has just seen (their observation after the move and their
knowledge before it): refusing tells them nothing new.

``undo(record, seat)`` truncates the record and replays it: the game is exactly as if the action had never
been taken (the same deal, the same draws to come), bit for bit.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine.errors import TricktableError
from tricktable.engine.game import Game
from tricktable.engine.record import GameRecord
from tricktable.engine.rng import Rng
from tricktable.engine.state import State

SAMPLES = 64  # worlds a move is tried in (rule 7): a consequence in 1 world of 20 is missed 4% of the time


_SECRETS: dict[int, tuple[Game[Any], bool]] = {}  # id(game) -> (the game, whether it has secret actions)


def has_secret_actions(game: Game[Any]) -> bool:
    """Whether any action of ``game`` is secret (``Game.is_secret``); worked out once per game object."""
    known = _SECRETS.get(id(game))
    if known is None or known[0] is not game:
        known = _SECRETS[id(game)] = (game, any(game.is_secret(a) for a in game.actions))
        if len(_SECRETS) > 256:  # games are few; options make new ones: keep the cache small
            _SECRETS.clear()
            _SECRETS[id(game)] = known
    return known[1]


def _rng_mark(rng: Rng) -> tuple[Any, ...]:
    """Where a generator stands (every slot of its class and bases): equal marks, no draw in between."""
    names = [name for cls in type(rng).__mro__ for name in getattr(cls, "__slots__", ())]
    return (type(rng), *(getattr(rng, name, None) for name in names))


def _before(state: State) -> State:
    """The state one action before ``state`` (the record replayed without its last action)."""
    return GameRecord(game=state.game.name, version=state.game.dealt_as, players=state.players, seed=state.seed,
                      options=state.record().options,
                      actions=[(p, a.text) for p, a in state.history[:-1]]).replay()


def shows_hidden(before: State, after: State, seat: int, samples: int = SAMPLES, rng: Rng | None = None) -> bool:
    """Whether ``seat``'s last action (``before`` -> ``after``) showed it something that depends on what was
    hidden from it: the same action in a world redrawn for ``seat`` from ``before`` leaves it a different
    observation than the one ``after`` gives it (rule 7). ``rng``: where the worlds come from (by default a
    generator seeded by the number of actions, so the verdict is the same everywhere)."""
    player, action = after.history[-1]
    seen = after.observe(seat)
    rng = Rng(len(before.history)) if rng is None else rng
    for _ in range(samples):
        world = before.resample(seat, rng)
        try:
            world.apply(action.text, player)  # by its text: a replayed ``before`` may be another game object
        except TricktableError:  # not even legal in a world the player cannot rule out: it depended on them
            return True
        if world.observe(seat) != seen:
            return True
    return False


def why_not_undo(state: State, seat: int, before: State | None = None, *, thorough: bool = True) -> str | None:
    """Why ``seat`` may not take back its last action now (in English, for logs and errors), or None if it may.

    ``before`` is the state just before that action when the caller kept it (a server does: it applies each
    move to a copy); it saves replaying the record. A ``before`` that is not one action behind is ignored.
    ``thorough=False`` checks rules 1 to 6 only (cheap: a server offers the undo button with it, and makes
    the world comparison of rule 7, which costs milliseconds, only when the undo is asked for).
    """
    if not state.history:
        return "nothing has been played yet"
    player, action = state.history[-1]
    if player != seat:
        return "another player has acted since"
    if state.game.is_secret(action):
        return "a secret choice cannot be taken back (the others would learn it was made)"
    if any(p != seat for p in state.actors) and has_secret_actions(state.game):
        return "another player is to act, and may act in secret"
    if before is None or len(before.history) != len(state.history) - 1 or before.history[-1:] != state.history[-2:-1]:
        before = _before(state)
    if _rng_mark(before.rng) != _rng_mark(state.rng):
        return "it drew cards at random (a deal or a draw)"
    new = state.events[len(before.events):]
    if any(event.visible is not None for event in new):
        return "it showed someone hidden cards"
    if state.is_over or state.round != before.round:
        return "it ended a round or the game"
    trick_before, trick_after = getattr(before, "trick", None), getattr(state, "trick", None)
    if isinstance(trick_before, list | tuple) and isinstance(trick_after, list | tuple) \
            and len(trick_after) < len(trick_before):
        return "it completed a trick"
    if thorough and shows_hidden(before, state, seat):
        return "what followed it depended on cards hidden from its player"
    return None


def can_undo(state: State, seat: int, before: State | None = None, *, thorough: bool = True) -> bool:
    """Whether ``seat`` may take back its last action now (module docstring: the seven conditions)."""
    return why_not_undo(state, seat, before, thorough=thorough) is None


def undo(record: GameRecord, seat: int) -> State:
    """The game of ``record`` without ``seat``'s last action (the record's last), replayed.

    Raises ``ValueError`` when the record's last action is not ``seat``'s; whether the undo is allowed at
    all is ``can_undo``'s to say, before.
    """
    if not record.actions or record.actions[-1][0] != seat:
        raise ValueError(f"the last action of this record is not seat {seat}'s")
    return GameRecord(game=record.game, version=record.version, players=record.players, seed=record.seed,
                      options=record.options, actions=record.actions[:-1]).replay()
