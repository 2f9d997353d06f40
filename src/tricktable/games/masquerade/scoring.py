"""Scoring (rules: Scoring) as pure functions of a won pile and the bonus table in play, the standings of a
game (``scores``, ``winners``, ``ranking``) and the end of a game explained (``result``).

"Score each colour of a player's won cards: 3 or fewer cards — the sum of their numbers; 4 or more — 1 point
per card. Add the four colours, then any bonus of a special card whose condition holds (``effects``: the
end-game bonuses). Highest total wins." Ties (option ``tiebreak``): shared, or strict (fewer burst colours,
then more face-value cards).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any, Final

from tricktable.engine.words import fill, seat_names
from tricktable.games.masquerade.cards import (
    COLOUR_MASKS,
    COLOUR_NAMES,
    NUMBERS,
    TEXT,
    Bonus,
    Counts,
    Mask,
    cards_of,
    number,
)
from tricktable.games.masquerade.effects import BONUS_POINTS
from tricktable.games.masquerade.phases import OVER
from tricktable.games.masquerade.rules import MasqueradeRules

BURST: Final = 4  # rules: 4 or more cards of a colour score 1 point each
_ONE_COLOUR: Final = (1 << NUMBERS) - 1
# the face value of every set of 3 or fewer numbers of one colour (bits 0-17 = numbers 1-18): scoring is
# asked for on every observation and by every search backup, so one dict lookup a colour
_FACE: Final[dict[int, int]] = {sum(1 << b for b in bits): sum(b + 1 for b in bits)
                         for size in range(BURST) for bits in combinations(range(NUMBERS), size)}


def counts(won: Mask) -> Counts:
    """Won cards per colour, R K B G."""
    return ((won & COLOUR_MASKS[0]).bit_count(), (won & COLOUR_MASKS[1]).bit_count(),
            (won & COLOUR_MASKS[2]).bit_count(), (won & COLOUR_MASKS[3]).bit_count())


def colour_points(won: Mask, colour: int) -> int:
    """One colour's points: the sum of the numbers with 3 or fewer cards, else 1 a card."""
    cards = won >> (NUMBERS * colour) & _ONE_COLOUR
    n = cards.bit_count()
    return n if n >= BURST else _FACE[cards]


def bonus_points(won: Mask, bonuses: Sequence[Bonus]) -> list[tuple[str, int]]:
    """The bonuses this pile earns: (card text, points) for each bonus card held whose condition holds."""
    n = counts(won)
    out = []
    for bonus in bonuses:
        if won >> bonus.card & 1:
            points = BONUS_POINTS[bonus.card](n, won)
            if points:
                out.append((TEXT[bonus.card], points))
    return out


def score(won: Mask, bonuses: Sequence[Bonus] = ()) -> int:
    """The total of the four colours plus every bonus whose condition holds."""
    total = 0
    for shift in (0, NUMBERS, 2 * NUMBERS, 3 * NUMBERS):
        cards = won >> shift & _ONE_COLOUR
        n = cards.bit_count()
        total += n if n >= BURST else _FACE[cards]
    for bonus in bonuses:
        if won >> bonus.card & 1:
            total += BONUS_POINTS[bonus.card](counts(won), won)
    return total


def bursts(won: Mask) -> int:
    """How many colours have 4+ cards (burst): the first key of the ``strict`` tie-break."""
    return sum(1 for n in counts(won) if n >= BURST)


def face_cards(won: Mask) -> int:
    """How many cards score at face value (in colours of 3 or fewer): the second key of ``strict``."""
    return sum(n for n in counts(won) if n < BURST)


# --- the standings of a game ---------------------------------------------------------------------------


def scores(state: MasqueradeRules) -> list[float]:
    """Each seat's score now (running before the end). Cached on the state, seat by seat: a pile is scored
    again only when it changed (a trick's taking or a penalty's moves change at most two), so every
    observation and every search backup costs a few comparisons."""
    piles, points = state.score_cache
    won = state.won
    if piles == tuple(won):
        return list(points)
    if not piles:  # the first call
        piles, points = (-1,) * len(won), (0.0,) * len(won)
    bonuses = state.setup.bonuses
    fresh = list(points)
    for seat, pile in enumerate(won):
        if pile != piles[seat]:
            fresh[seat] = float(score(pile, bonuses))
    state.score_cache = (tuple(won), tuple(fresh))
    return fresh


def _keys(state: MasqueradeRules, points: list[float]) -> list[tuple[float, ...]]:
    """Each seat's rank key, higher is better: points, then (option ``tiebreak=strict``) fewer burst
    colours and more face-value cards."""
    if state.setup.options.tiebreak != "strict":
        return [(s,) for s in points]
    return [(s, -float(bursts(w)), float(face_cards(w))) for s, w in zip(points, state.won, strict=True)]


def winners(state: MasqueradeRules) -> list[int]:
    """The seats with the best key at the end (several when tied after every tie-break); none before."""
    if state.phase is not OVER:
        return []
    keys = _keys(state, scores(state))
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def ranking(state: MasqueradeRules) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
    """The order of finish for statistics (``sim.balance``): the names of its levels (points, then each
    tie-break of option ``tiebreak``) and each seat's key, higher is better, as ``winners`` ranks."""
    keys = _keys(state, scores(state))
    if state.setup.options.tiebreak != "strict":
        return ("points",), keys
    return ("points", "fewer burst colours", "more face-value cards"), keys


# --- the end of a game explained: each colour's points, every bonus card held, met or missed, the tie --------

JA_COLOURS = ("赤", "黒", "青", "緑")
TIEBREAKS = {
    "shared": {"en": "{tied} tie on {total} points: they share the win",
               "ja": "{tied}が{total}点で同点: 勝利を分け合う"},
    "bursts": {"en": "{tied} tie on {total} points; fewer burst colours decides ({detail})",
               "ja": "{tied}が{total}点で同点。バーストした色が少ない方が勝ち（{detail}）"},
    "face": {"en": "{tied} tie on {total} points and burst colours; more face-value cards decides ({detail})",
             "ja": "{tied}が{total}点・バーストした色の数も同じ。数字どおりに数えるカードが多い方が勝ち（{detail}）"},
    "strict_shared": {"en": "{tied} tie on points, burst colours and face-value cards: they share the win",
                      "ja": "{tied}は得点・バーストした色・数字どおりのカードの数がすべて同じ: 勝利を分け合う"},
}


def _colour_part(won: int, c: int) -> dict[str, Any]:
    cards = won & COLOUR_MASKS[c]
    n = cards.bit_count()
    points = colour_points(won, c)
    if n >= BURST:
        en, ja = f"{COLOUR_NAMES[c]}: {n} cards, burst (1 each)", f"{JA_COLOURS[c]}: {n}枚でバースト（1枚1点）"
    elif n:
        values = "+".join(str(number(x)) for x in cards_of(cards))
        en, ja = f"{COLOUR_NAMES[c]}: face value {values}", f"{JA_COLOURS[c]}: 数字どおり {values}"
    else:
        en, ja = f"{COLOUR_NAMES[c]}: no cards", f"{JA_COLOURS[c]}: なし"
    return {"label": en, "points": points, "words": {"en": en, "ja": ja}}


def result(state: MasqueradeRules) -> dict[str, Any] | None:
    """The end-of-game breakdown (``State.result``); None before the end."""
    if state.phase is not OVER:
        return None
    n = state.players
    bonuses = state.setup.bonuses
    points = scores(state)
    rows = []
    for p, won in enumerate(state.won):
        parts = [_colour_part(won, c) for c in range(4)]
        earned = dict(bonus_points(won, bonuses))
        for bonus in bonuses:
            if won >> bonus.card & 1:
                card = TEXT[bonus.card]
                colour, value = COLOUR_NAMES["RKBG".index(card[0])], card[1:]
                met = card in earned
                state_en, state_ja = ("met", "達成") if met else ("missed", "未達成")
                en = f"bonus {colour} {value} ({bonus.condition}): {state_en}"
                ja = f"ボーナス {JA_COLOURS['RKBG'.index(card[0])]}の{value}（{bonus.condition_ja}）: {state_ja}"
                parts.append({"label": en, "points": earned.get(card, 0), "words": {"en": en, "ja": ja}, "met": met})
        rows.append({"seat": p, "total": points[p], "parts": parts})
    strict = state.setup.options.tiebreak == "strict"
    keys: list[tuple[float, ...]] = [(points[p], -bursts(w), face_cards(w)) if strict
                                     else (points[p],) for p, w in enumerate(state.won)]
    best_seats = winners(state)
    order = sorted(range(n), key=lambda p: (keys[p], -p), reverse=True)
    out: dict[str, Any] = {"winners": best_seats, "order": [*best_seats, *(p for p in order if p not in best_seats)],
                           "rows": rows, "tiebreak": None}
    best = points[best_seats[0]]
    tied = [p for p in range(n) if points[p] == best]
    if len(tied) > 1:
        args: dict[str, Any] = {"tied": tied, "total": f"{best:g}", **{f"seat_{p}": p for p in tied}}
        if not strict:
            step, detail = "shared", ""
        elif len({keys[p][1] for p in tied}) > 1:
            step, detail = "bursts", ", ".join(f"{{seat_{p}}} {-keys[p][1]}" for p in tied)
        elif len({keys[p][2] for p in tied}) > 1:
            step, detail = "face", ", ".join(f"{{seat_{p}}} {keys[p][2]}" for p in tied)
        else:
            step, detail = "strict_shared", ""
        words: dict[str, Any] = {lang: TIEBREAKS[step][lang].replace("{detail}", detail) for lang in ("en", "ja")}
        out["tiebreak_words"] = {**words, "args": args}
        out["tiebreak"] = fill(words["en"], args, "en", seat_names(None, n))
    return out
