"""Standings (rules: End of game, Pairs): each seat's score, the winners and the breakdown of the result.

Pure functions over a finished or running game. The mission points themselves are rules the round needs
(``effects.score_mission``); this module adds them up and breaks ties.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine.words import fill, listing, seat_names
from tricktable.games.megalomania.phases import Phase
from tricktable.games.megalomania.rules import MegalomaniaRules

SCROLL_BONUS = 2  # holding at least one unused scroll at the end [P]
RANKING_LEVELS = ("points", "fewer points lost", "no unused scroll")
TIEBREAKS = {
    "lost": {"en": "{tied} tie on {total} points; fewer points lost decides ({detail})",
             "ja": "{tied}が{total}点で同点。失点の少ない方が上位（{detail}）"},
    "scroll": {"en": "{tied} tie on {total} points and points lost; holding no unused scroll decides",
               "ja": "{tied}が{total}点・失点も同じ。未使用のスクロールを持っていない方が上位"},
    "shared": {"en": "{tied} tie on points, points lost and unused scrolls: they share the win",
               "ja": "{tied}は得点・失点・未使用スクロールがすべて同じ: 勝利を分け合う"},
}


def ranking_key(total: int, lost: int, holders: int) -> tuple[int, int, int]:
    """Order of finish (rules: End of game): more points; then fewer points lost; then no unused scroll."""
    return (total, lost, -holders)


def totals(state: MegalomaniaRules) -> list[int]:
    """Each seat's own points; after the last round with the +2 for holding an unused scroll [P]."""
    if state.phase != Phase.OVER:
        return state.points.copy()
    return [pts + (SCROLL_BONUS if state.scrolls[p] else 0) for p, pts in enumerate(state.points)]


def scores(state: MegalomaniaRules) -> list[float]:
    """Each seat's score; in pairs, its team's (rules: Pairs, a team's score is the sum of its two)."""
    own = totals(state)
    if state.game.options.pairs:
        return [float(own[p] + own[(p + 2) % 4]) for p in range(4)]
    return [float(t) for t in own]


def _keys(state: MegalomaniaRules) -> list[tuple[int, int, int]]:
    """Each seat's ranking key (its team's in pairs: partners share one)."""
    own, lost = totals(state), state.lost
    holders = [1 if s else 0 for s in state.scrolls]
    if state.game.options.pairs:
        return [ranking_key(own[p] + own[(p + 2) % 4], lost[p] + lost[(p + 2) % 4],
                            holders[p] + holders[(p + 2) % 4]) for p in range(4)]
    return [ranking_key(own[p], lost[p], holders[p]) for p in range(state.players)]


def winners(state: MegalomaniaRules) -> list[int]:
    """Highest total; ties: fewer points lost, then holding no unused scroll, then shared [P]."""
    if state.phase != Phase.OVER:
        return []
    keys = _keys(state)
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def ranking(state: MegalomaniaRules) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
    """The order of finish for statistics (``sim.balance``): the names of its levels (score, then each
    tie-break) and each seat's key, higher is better; ``winners`` are the seats with the best key."""
    return RANKING_LEVELS, [tuple(float(x) for x in key) for key in _keys(state)]


def _part(en: str, ja: str, points: int) -> dict[str, Any]:
    return {"label": en, "points": points, "words": {"en": en, "ja": ja}}


def result(state: MegalomaniaRules) -> dict[str, Any] | None:
    """The end of the game explained: each round's mission points, the +2 for an unused scroll, the
    partner's points in pairs, and the tie-break that decided (None before the end)."""
    if state.phase != Phase.OVER:
        return None
    n = state.players
    pairs = state.game.options.pairs
    own = totals(state)
    final = scores(state)
    rows = []
    for p in range(n):
        parts = []
        for r, points in enumerate(state.results):
            number = state.mission_deck[r]
            parts.append(_part(f"round {r + 1}: mission {number}", f"ラウンド{r + 1}: ミッション{number}", points[p]))
        held = bool(state.scrolls[p])
        parts.append(_part("unused scroll kept" if held else "no unused scroll (no bonus)",
                           "未使用のスクロール" if held else "未使用のスクロールなし（ボーナスなし）",
                           SCROLL_BONUS if held else 0))
        if pairs:
            partner = (p + 2) % 4
            parts.append({"label": "partner's points", "points": own[partner],
                          "words": {"en": "partner's points", "ja": "パートナーの得点"}})
        rows.append({"seat": p, "total": final[p], "parts": parts})
    keys = _keys(state)
    order = sorted(range(n), key=lambda p: (keys[p], -p), reverse=True)
    won = winners(state)
    out: dict[str, Any] = {"winners": won, "order": [*won, *(p for p in order if p not in won)],
                           "rows": rows, "tiebreak": None}
    best = keys[won[0]]
    tied = [p for p in range(n) if keys[p][0] == best[0]]
    if len(tied) > (2 if pairs else 1):  # partners always share a key
        if len(won) == len(tied):
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
