"""Standings and the end of a Trickster game explained (rules: Scoring a round, End of game).

``scores`` is each seat's trouble (lower is better), ``winners`` the lowest after the tie-break (fewer red
cards, then orange …), ``ranking`` the order of finish for statistics, and ``result`` the breakdown people
read: each round's trouble points (``round_points``) with the suits it exempted, then the tie-break.
All are pure functions of the state, on the rules' own functions (rules.py).
"""

from __future__ import annotations

from typing import Any

from tricktable.engine.words import fill, listing, seat_names
from tricktable.games.trickster.cards import SUITS, SUITS_JA
from tricktable.games.trickster.rules import OVER, TricksterRules, best_seats, exempt_seats

TIEBREAKS = {
    "suit": {"en": "{tied} tie on {total} trouble points; fewer {suit} cards decides ({detail})",
             "ja": "{tied}がトラブルポイント{total}で同点。{suit}のカードが少ない方が勝ち（{detail}）"},
    "shared": {"en": "{tied} tie on {total} trouble points and on every suit: they share the win",
               "ja": "{tied}はトラブルポイント{total}で同点、全スートの枚数も同じ: 勝利を分け合う"},
}


def scores(state: TricksterRules) -> list[float]:
    """Trouble points so far (lower is better): kept by the rules at each round's end."""
    return list(state.totals)


def winners(state: TricksterRules) -> list[int]:
    """rules: lowest trouble wins; ties: fewer red cards, then orange, ... white; then shared."""
    if state.phase != OVER:
        return []
    return best_seats(state.finish_keys())


def ranking(state: TricksterRules) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
    """The order of finish for statistics (``sim.balance``): the names of its levels (trouble, then each
    tie-break) and each seat's key, higher is better (``winners``' keys negated)."""
    keys = [tuple(float(-x) for x in key) for key in state.finish_keys()]
    return ("trouble", *(f"fewer {suit}" for suit in SUITS)), keys


def result(state: TricksterRules) -> dict[str, Any] | None:
    """The end-of-game breakdown (None before the end); see ``State.result``."""
    if state.phase != OVER:
        return None
    n = state.players
    totals = scores(state)
    rows = []
    for p in range(n):
        parts = []
        for r, (points, counts) in enumerate(zip(state.round_scores, state.round_counts, strict=True)):
            cards = sum(counts[p])
            exempt = [s for s, seat in enumerate(exempt_seats(counts)) if seat == p]
            en = [f"{SUITS[s]} ({counts[p][s]})" for s in exempt]
            ja = [f"{SUITS_JA[s]}（{counts[p][s]}）" for s in exempt]
            label = f"round {r + 1}: {cards} cards" + (f", exempt {listing(en)}" if exempt else "")
            label_ja = f"第{r + 1}ラウンド: {cards}枚" + (f"、除外 {listing(ja, 'ja')}" if exempt else "")
            parts.append({"label": label, "points": points[p], "words": {"en": label, "ja": label_ja}})
        rows.append({"seat": p, "total": totals[p], "parts": parts})
    keys = state.finish_keys()
    best = winners(state)
    order = sorted(range(n), key=lambda p: (keys[p], p))
    out: dict[str, Any] = {"winners": best, "order": [*best, *(p for p in order if p not in best)],
                           "rows": rows, "tiebreak": None}
    top = keys[best[0]]
    tied = [p for p in range(n) if keys[p][0] == top[0]]
    if len(tied) > 1:
        args: dict[str, Any] = {"tied": tied, "total": f"{top[0]:g}", **{f"seat_{p}": p for p in tied}}
        decided = next((s for s in range(8) if len({keys[p][1 + s] for p in tied}) > 1), None)
        words: dict[str, Any] = {}
        for lang in ("en", "ja"):
            if decided is None:
                words[lang] = TIEBREAKS["shared"][lang]
                continue
            names = SUITS_JA if lang == "ja" else SUITS
            # the suit counts are ints in a float-typed key: compiled code (mypyc) would read them as 2.0
            detail = listing([f"{{seat_{p}}} {int(keys[p][1 + decided])}" for p in tied], lang)
            words[lang] = TIEBREAKS["suit"][lang].replace("{detail}", detail).replace("{suit}", names[decided])
        out["tiebreak_words"] = {**words, "args": args}
        out["tiebreak"] = fill(words["en"], args, "en", seat_names(None, n))
    return out
