"""The end of a Masquerade game explained (rules: Scoring): each colour's points from ``colour_points``
(face value with 3 or fewer cards, 1 each when burst), every bonus card held, met or missed, and the tie."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktable.engine.words import fill, seat_names
from tricktable.games.masquerade import scoring
from tricktable.games.masquerade.cards import COLOUR_MASKS, COLOUR_NAMES, TEXT, cards_of, number

if TYPE_CHECKING:
    from tricktable.games.masquerade.rules import MasqueradeState

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
    points = scoring.colour_points(won, c)
    if n >= scoring.BURST:
        en, ja = f"{COLOUR_NAMES[c]}: {n} cards, burst (1 each)", f"{JA_COLOURS[c]}: {n}枚でバースト（1枚1点）"
    elif n:
        values = "+".join(str(number(x)) for x in cards_of(cards))
        en, ja = f"{COLOUR_NAMES[c]}: face value {values}", f"{JA_COLOURS[c]}: 数字どおり {values}"
    else:
        en, ja = f"{COLOUR_NAMES[c]}: no cards", f"{JA_COLOURS[c]}: なし"
    return {"label": en, "points": points, "words": {"en": en, "ja": ja}}


def result(state: MasqueradeState) -> dict[str, Any]:
    n = state.game.players
    bonuses = state.game.bonuses
    scores = state.scores()
    rows = []
    for p, won in enumerate(state.won):
        parts = [_colour_part(won, c) for c in range(4)]
        earned = dict(scoring.bonus_points(won, bonuses))
        for bonus in bonuses:
            if won >> bonus.card & 1:
                card = TEXT[bonus.card]
                colour, value = COLOUR_NAMES["RKBG".index(card[0])], card[1:]
                met = card in earned
                state_en, state_ja = ("met", "達成") if met else ("missed", "未達成")
                en = f"bonus {colour} {value} ({bonus.condition}): {state_en}"
                ja = f"ボーナス {JA_COLOURS['RKBG'.index(card[0])]}の{value}（{bonus.condition_ja}）: {state_ja}"
                parts.append({"label": en, "points": earned.get(card, 0), "words": {"en": en, "ja": ja}, "met": met})
        rows.append({"seat": p, "total": scores[p], "parts": parts})
    strict = state.game.options.tiebreak == "strict"
    keys: list[tuple[float, ...]] = [(scores[p], -scoring.bursts(w), scoring.face_cards(w)) if strict
                                     else (scores[p],) for p, w in enumerate(state.won)]
    winners = state.winners()
    order = sorted(range(n), key=lambda p: (keys[p], -p), reverse=True)
    out: dict[str, Any] = {"winners": winners, "order": [*winners, *(p for p in order if p not in winners)],
                           "rows": rows, "tiebreak": None}
    best = scores[winners[0]]
    tied = [p for p in range(n) if scores[p] == best]
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
