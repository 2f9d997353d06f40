"""The end of a Trickster game explained (rules: Scoring a round, End of the game): each round's trouble
points from ``round_points`` with the suits it exempted, then the tie-break (fewer red cards, then orange …).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.engine.words import fill, listing, seat_names
from tricktable.games.trickster.cards import SUITS, SUITS_JA

if TYPE_CHECKING:
    from tricktable.games.trickster.rules import TricksterState

TIEBREAKS = {
    "suit": {"en": "{tied} tie on {total} trouble points; fewer {suit} cards decides ({detail})",
             "ja": "{tied}がトラブルポイント{total}で同点。{suit}のカードが少ない方が勝ち（{detail}）"},
    "shared": {"en": "{tied} tie on {total} trouble points and on every suit: they share the win",
               "ja": "{tied}はトラブルポイント{total}で同点、全スートの枚数も同じ: 勝利を分け合う"},
}


def _exempt(counts: list[list[int]], p: int) -> list[int]:
    """The suits ``p`` was alone with the most cards of (rules: Scoring a round; as ``round_points``)."""
    out = []
    for s in range(8):
        column = [row[s] for row in counts]
        most = max(column)
        if most > 0 and column.count(most) == 1 and column[p] == most:
            out.append(s)
    return out


def result(state: TricksterState) -> dict[str, Any]:
    n = state.n
    totals = state.scores()
    rows = []
    for p in range(n):
        parts = []
        for r, (points, counts) in enumerate(zip(state.round_scores, state.round_counts, strict=True)):
            cards = sum(counts[p])
            exempt = _exempt(counts, p)
            en = [f"{SUITS[s]} ({counts[p][s]})" for s in exempt]
            ja = [f"{SUITS_JA[s]}（{counts[p][s]}）" for s in exempt]
            label = f"round {r + 1}: {cards} cards" + (f", exempt {listing(en)}" if exempt else "")
            label_ja = f"第{r + 1}ラウンド: {cards}枚" + (f"、除外 {listing(ja, 'ja')}" if exempt else "")
            parts.append({"label": label, "points": points[p], "words": {"en": label, "ja": label_ja}})
        rows.append({"seat": p, "total": totals[p], "parts": parts})
    keys = [(totals[p], *state._tiebreak_counts(p)) for p in range(n)]
    winners = state.winners()
    order = sorted(range(n), key=lambda p: (keys[p], p))
    out: dict[str, Any] = {"winners": winners, "order": [*winners, *(p for p in order if p not in winners)],
                           "rows": rows, "tiebreak": None}
    best = keys[winners[0]]
    tied = [p for p in range(n) if keys[p][0] == best[0]]
    if len(tied) > 1:
        args: dict[str, Any] = {"tied": tied, "total": f"{best[0]:g}", **{f"seat_{p}": p for p in tied}}
        decided = next((s for s in range(8) if len({keys[p][1 + s] for p in tied}) > 1), None)
        words: dict[str, Any] = {}
        for lang in ("en", "ja"):
            if decided is None or (len(winners) > 1 and decided is None):
                words[lang] = TIEBREAKS["shared"][lang]
                continue
            names = SUITS_JA if lang == "ja" else SUITS
            detail = listing([f"{{seat_{p}}} {keys[p][1 + decided]}" for p in tied], lang)
            words[lang] = TIEBREAKS["suit"][lang].replace("{detail}", detail).replace("{suit}", names[decided])
        out["tiebreak_words"] = {**words, "args": args}
        out["tiebreak"] = fill(words["en"], args, "en", seat_names(None, n))
    return out
