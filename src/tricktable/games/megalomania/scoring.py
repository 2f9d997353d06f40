"""Mission scoring and the end of the game (rules: Missions, End of game, Pairs).

Pure functions over plain data: the completed tricks of a round as ``(winner, cards mask)`` pairs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tricktable.games.megalomania.cards import COLOUR_MASKS, DWARF, VALUES, WIZARD, Mask

# the Dwarfs and Wizards of every colour (missions 6 and 19)
DWARVES_AND_WIZARDS: Mask = sum(((1 << DWARF) | (1 << WIZARD)) << (8 * c) for c in range(4))
BLUE, YELLOW, RED, BLACK = COLOUR_MASKS
COUNTED_COLOUR = {3: BLUE, 4: YELLOW, 9: RED, 10: BLACK}


def printed_sum(mask: Mask) -> int:
    """The sum of the printed values of a set of cards (missions 7 and 11 count printed values [D])."""
    total = 0
    while mask:
        low = mask & -mask
        total += VALUES[(low.bit_length() - 1) & 7]
        mask ^= low
    return total


def _unique_best(counts: Sequence[int]) -> int:
    """The seat with strictly the most, or -1 on a tie (rules: "tie: nobody")."""
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else -1


# missions scored by a yes/no test on (tricks, cards) of each player
THRESHOLDS: dict[int, Callable[[int, Mask], bool]] = {
    1: lambda n, c: n == 3,
    2: lambda n, c: all(c & m for m in COLOUR_MASKS),
    5: lambda n, c: n >= 4,
    6: lambda n, c: not c & DWARVES_AND_WIZARDS,
    11: lambda n, c: printed_sum(c) >= 80,
    12: lambda n, c: n % 2 == 1,
    13: lambda n, c: n == 1,
    14: lambda n, c: n == 2,
    16: lambda n, c: n >= 4,
    17: lambda n, c: n == 2,
    24: lambda n, c: n == 0,
}


def score_mission(number: int, players: int, tricks: Sequence[tuple[int, Mask]], points: int) -> list[int]:
    """Each seat's result for mission ``number`` given this round's completed tricks.

    ``points`` is the mission's value from option ``mission_points`` (per card or trick for counting ones).
    """
    count = [0] * players
    cards = [0] * players
    for winner, mask in tricks:
        count[winner] += 1
        cards[winner] |= mask
    out = [0] * players
    if number in (3, 4, 9, 10):
        colour = COUNTED_COLOUR[number]
        return [points * (c & colour).bit_count() for c in cards]
    if number in (18, 25):
        return [points * n for n in count]
    if number == 19:
        return [points * (c & DWARVES_AND_WIZARDS).bit_count() for c in cards]
    if number == 7:
        for winner, mask in tricks:
            if printed_sum(mask) <= 25:
                out[winner] += points
        return out
    if number == 8:
        for winner, mask in tricks:
            if all(mask & m for m in COLOUR_MASKS):
                out[winner] = points
        return out
    if number in (15, 22):
        best = _unique_best(count)
        if best >= 0:
            out[best] = points
        return out
    if number == 23:
        for colour in COLOUR_MASKS:
            best = _unique_best([(c & colour).bit_count() for c in cards])
            if best >= 0 and cards[best] & colour:
                out[best] += points
        return out
    if number in (20, 21):
        team = [count[0] + count[2], count[1] + count[3]] if players == 4 else [0, 0]
        if team[0] != team[1]:
            more = 0 if team[0] > team[1] else 1
            chosen = more if number == 20 else 1 - more
            out[chosen] = out[chosen + 2] = points
        return out
    test = THRESHOLDS[number]
    return [points if test(count[p], cards[p]) else 0 for p in range(players)]


def ranking_key(total: int, lost: int, holders: int) -> tuple[int, int, int]:
    """Order of finish (rules: End of game): more points; then fewer points lost; then no unused scroll."""
    return (total, lost, -holders)
