"""Ratings that count distinct opponents: how much a rated game may move each rating (docs/operations.md,
"Ratings").

The policy, so that beating one's own second account moves nothing much:

1. **Bots are rated as bots**: a bot level is one subject (``bot:<level>``), whatever seat or table it
   plays at; a game against bots moves an account as any game does.
2. **New accounts are provisional** until they have played rated games against ``PROVISIONAL_OPPONENTS``
   (5) different accounts. A provisional account's own rating moves, but a game against a provisional
   account does not move an established account's rating at all (a second account made for farming is
   provisional: it meets only its owner).
3. **Repeated pairings count less**: the n-th rated game of two accounts within ``PAIR_WINDOW_DAYS`` (30)
   counts ``1/n`` of a game, and after ``PAIR_PER_DAY`` (3) games in a day the pair counts nothing until the
   next day. An account's weight in a game is the smallest over its account opponents (1 against bots only).
4. A weight scales the change the rating model makes (its mean and its uncertainty alike); a game of
   weight 0 moves nothing and does not count in the account's games.

The farming scenario of issue 36 (one account beating its second account 100 times, rated offline as the
server rates) gains nothing once the account is established, and at most the worth of ``1 + 1/2 + 1/3``
won games a day while both are new; ``tests/server/test_rating_policy.py`` measures it.
"""

from __future__ import annotations

from collections.abc import Mapping

PROVISIONAL_OPPONENTS = 5  # different accounts met in rated games before an account is established
PAIR_PER_DAY = 3  # rated games a pair of accounts may count in one day
PAIR_WINDOW_DAYS = 30  # how far back repeated pairings are counted


def pair_weight(earlier: int, today: int) -> float:
    """What one more game of a pair counts: ``earlier`` games of theirs in the window, ``today`` of them today."""
    return 0.0 if today >= PAIR_PER_DAY else 1.0 / (earlier + 1)


def weights(subjects: list[str], opponents_met: Mapping[str, int],
            pairs: Mapping[tuple[str, str], tuple[int, int]]) -> list[float]:
    """Each seat's weight in one game. ``opponents_met``: different accounts each account has met in rated
    games before; ``pairs``: ``(a, b)`` (sorted) -> (their games in the window, their games today)."""
    out = []
    for subject in subjects:
        if not subject.startswith("account:"):
            out.append(1.0)
            continue
        weight = 1.0
        established = opponents_met.get(subject, 0) >= PROVISIONAL_OPPONENTS
        for other in set(subjects) - {subject}:
            if not other.startswith("account:"):
                continue
            if established and opponents_met.get(other, 0) < PROVISIONAL_OPPONENTS:
                weight = 0.0  # a provisional opponent moves only provisional ratings
            earlier, today = pairs.get((min(subject, other), max(subject, other)), (0, 0))
            weight = min(weight, pair_weight(earlier, today))
        out.append(weight)
    return out
