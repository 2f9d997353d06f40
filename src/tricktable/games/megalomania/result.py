"""The end of a Megalomania game explained (rules: End of game): each round's mission points as scored by
``score_mission`` (kept in ``state.results``), the +2 for an unused scroll, and the tie-break that decided.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.engine.words import fill, listing, seat_names
from tricktable.games.megalomania.scoring import ranking_key

if TYPE_CHECKING:
    from tricktable.games.megalomania.rules import MegalomaniaState

TIEBREAKS = {
    "lost": {"en": "{tied} tie on {total} points; fewer points lost decides ({detail})",
             "ja": "{tied}が{total}点で同点。失点の少ない方が上位（{detail}）"},
    "scroll": {"en": "{tied} tie on {total} points and points lost; holding no unused scroll decides",
               "ja": "{tied}が{total}点・失点も同じ。未使用のスクロールを持っていない方が上位"},
    "shared": {"en": "{tied} tie on points, points lost and unused scrolls: they share the win",
               "ja": "{tied}は得点・失点・未使用スクロールがすべて同じ: 勝利を分け合う"},
}


def _part(en: str, ja: str, points: int) -> dict[str, Any]:
    return {"label": en, "points": points, "words": {"en": en, "ja": ja}}


def result(state: MegalomaniaState) -> dict[str, Any]:
    game = state.game
    n = state.players
    o = game.options
    totals = state.totals()
    scores = state.scores()
    rows = []
    for p in range(n):
        parts = []
        for r, points in enumerate(state.results):
            number = state.mission_deck[r]
            parts.append(_part(f"round {r + 1}: mission {number}", f"ラウンド{r + 1}: ミッション{number}", points[p]))
        held = bool(state.scrolls[p])
        parts.append(_part("unused scroll kept" if held else "no unused scroll (no bonus)",
                           "未使用のスクロール" if held else "未使用のスクロールなし（ボーナスなし）",
                           2 if held else 0))
        if o.pairs:
            partner = (p + 2) % 4
            parts.append({"label": "partner's points", "points": totals[partner],
                          "words": {"en": "partner's points", "ja": "パートナーの得点"}})
        rows.append({"seat": p, "total": scores[p], "parts": parts})
    holders = [1 if s else 0 for s in state.scrolls]
    if o.pairs:
        keys = [ranking_key(totals[p] + totals[(p + 2) % 4], state.lost[p] + state.lost[(p + 2) % 4],
                            holders[p] + holders[(p + 2) % 4]) for p in range(n)]
    else:
        keys = [ranking_key(totals[p], state.lost[p], holders[p]) for p in range(n)]
    order = sorted(range(n), key=lambda p: (keys[p], -p), reverse=True)
    winners = state.winners()
    out: dict[str, Any] = {"winners": winners, "order": [*winners, *(p for p in order if p not in winners)],
                           "rows": rows, "tiebreak": None}
    best = keys[winners[0]]
    tied = [p for p in range(n) if keys[p][0] == best[0]]
    if len(tied) > (2 if o.pairs else 1):  # partners always share a key
        if len(winners) == len(tied):
            step = "shared"
        elif len({keys[p][1] for p in tied}) > 1:
            step = "lost"
        else:
            step = "scroll"
        args: dict[str, Any] = {"tied": tied, "total": best[0], **{f"seat_{p}": p for p in tied}}
        words: dict[str, Any] = {}
        for lang in ("en", "ja"):
            lost = listing([f"{{seat_{p}}} {-keys[p][1]}" for p in tied], lang)
            words[lang] = TIEBREAKS[step][lang].replace("{detail}", ("失点 " if lang == "ja" else "lost: ") + lost)
        out["tiebreak_words"] = {**words, "args": args}
        out["tiebreak"] = fill(words["en"], args, "en", seat_names(None, n))
    return out
