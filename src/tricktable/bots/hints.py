"""Hints: the seat's choices with an estimated chance of winning the game each, how sure it is, and why.

``suggest(view)`` runs the same ISMCTS as the bots (the ``medium`` level unless told otherwise) on the seat's
``SeatView``, so a hint knows exactly what the seat knows and nothing more. Its playouts are scored by
``odds.WinValuer``: each seat's estimated chance of winning the whole game where the playout stops (the
scores and the rounds left, fitted to simulated games), so a choice's mean is an estimated probability of
winning the game if it is played. Each choice comes with

- ``win_chance`` and its 95% interval ``low``-``high`` over ``simulations`` playouts; a choice the search
  never tried has no chance (None), never 0%;
- ``about_equal``: its interval overlaps the best choice's, so the search cannot tell them apart (the best
  one is then a close call: ``close_call`` on the first hint, also when a choice went untried);
- ``why`` / ``why_ja``: one sentence in the game's terms from the game's own reasoning (the heuristic's
  ``reason``, worded by the game's ``text.REASONS``), and ``sure`` / ``sure_ja``: the numbers in words.

Hints come best first by ``win_chance``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tricktable.bots.base import SeatView
from tricktable.bots.heuristic import chooser, hook
from tricktable.bots.ismcts import ISMCTSBot, Node
from tricktable.bots.odds import WinValuer, interval
from tricktable.bots.search import level_settings
from tricktable.engine import Action, Game, Rng

HINT_LEVEL = "medium"  # about half a second: a hint should come at once


@dataclass(frozen=True, slots=True)
class Hint:
    action: str  # the action's canonical text (send it back as the move)
    text: str  # the action in words, in the asked language
    win_chance: float | None  # estimated probability of winning the game with this choice; None: not searched
    low: float | None  # its 95% interval
    high: float | None
    simulations: int  # playouts that began with this choice
    about_equal: bool  # the search cannot separate it from the best choice
    close_call: bool  # (first hint) another choice is about equal to it
    agrees: bool  # the heuristic picks it too
    why: str  # the reason, in the game's terms
    why_ja: str
    sure: str  # the numbers in words
    sure_ja: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def reason(view: SeatView, action: Action, names: Sequence[str] | None = None) -> tuple[str, str]:
    """The sentence (English, Japanese) that says why ``action`` might be played, from the game's own
    reasoning: its heuristic's ``reason(obs, action, game) -> (key, values)``, worded by its text's
    ``REASONS`` table; a single legal choice says so."""
    if len(view.legal) == 1:
        return "It is the only legal choice.", "選べるのはこの手だけです。"
    explain = hook(view.game, "reason")
    if explain is not None:
        key, values = explain(view.observation, action, view.game)
        en, ja = (view.game.reason_text(key, values, lang, names) for lang in ("en", "ja"))
        if en is not None and ja is not None:
            return en, ja
    return "The search found it the most promising.", "探索で最も有望だった手です。"


def _sure(chance: float | None, low: float | None, high: float | None, simulations: int, about_equal: bool,
          rank: int, close: bool) -> tuple[str, str]:
    if chance is None:
        return "Not tried by the search: no estimate.", "探索で試していないため、見積もりはありません。"
    pct, lo, hi = round(100 * chance), round(100 * (low or 0)), round(100 * (high or 0))
    en = f"Estimated chance of winning the game: {pct}% ({lo}-{hi}%, {simulations} simulations)"
    ja = f"このゲームに勝つ見込み: {pct}%（{lo}〜{hi}%、シミュレーション{simulations}回）"
    if rank == 0:
        en += "; a close call, other choices are about equal." if close else "; the search's clear choice."
        ja += "。僅差で、ほかの手とほぼ互角です。" if close else "。探索ではっきり最善です。"
    elif about_equal:
        en, ja = en + "; about equal to the best.", ja + "。最善手とほぼ互角です。"
    else:
        en, ja = en + "; below the best.", ja + "。最善手より劣ります。"
    return en, ja


def suggest(view: SeatView, *, top: int = 3, level: str = HINT_LEVEL, seed: int = 0, lang: str = "en",
            names: Sequence[str] | None = None) -> list[Hint]:
    """The best ``top`` choices at ``view``, best first (an empty list when the seat has no choice).

    ``level`` is a search level (``medium``, ``hard``) or ``ismcts:<iterations>``; ``names`` the players'
    names as the buttons show them."""
    if not view.legal:
        return []
    favourite = _favourite(view, seed)
    children = _search(view, level, seed) if len(view.legal) > 1 else {}
    base = view.seat * view.game.num_actions
    rows: list[tuple[float | None, int, Action]] = []
    for action in view.legal:
        node = children.get(base + action.index)
        if len(view.legal) == 1:
            rows.append((None, 0, action))
        elif node and node.visits:
            rows.append((node.reward / node.visits, node.visits, action))
        else:
            rows.append((None, 0, action))
    rows.sort(key=lambda r: (r[0] is None, -(r[0] or 0.0), -r[1], r[2].index))
    bounds = [interval(c, n) if c is not None else (None, None) for c, n, _ in rows]
    # rounded once, so that the sentence and the number agree
    rows = [(None if c is None else round(c, 3), n, a) for c, n, a in rows]
    bounds = [(None, None) if lo is None or hi is None else (round(lo, 3), round(hi, 3)) for lo, hi in bounds]
    best_low = bounds[0][0]
    equal = [c is not None and i > 0 and best_low is not None and (bounds[i][1] or 0) >= best_low
             for i, (c, _, _) in enumerate(rows)]
    # clear only when every other choice was tried and its interval lies below the best's
    close = any(equal) or any(c is None for c, _, _ in rows[1:])
    hints = []
    for rank, ((chance, visits, action), (low, high)) in enumerate(zip(rows[:top], bounds, strict=False)):
        why, why_ja = reason(view, action, names)
        sure, sure_ja = _sure(chance, low, high, visits, equal[rank], rank, close)
        hints.append(Hint(action=action.text, text=view.game.describe_action(action, lang, names),
                          win_chance=chance, low=low, high=high,
                          simulations=visits, about_equal=equal[rank], close_call=rank == 0 and close,
                          agrees=action is favourite, why=why, why_ja=why_ja, sure=sure, sure_ja=sure_ja))
    return hints


def _favourite(view: SeatView, seed: int) -> Action:
    choose = chooser(view.game)
    if choose is None or len(view.legal) == 1:
        return view.legal[0]
    return choose(view.observation, view.legal, view.game, Rng(seed))


def searcher(game: Game[Any], level: str, seed: int) -> ISMCTSBot:
    """A search at ``level`` (a level of ``game`` or ``ismcts:<iterations>``) whose playouts are scored by
    chances of winning the game (``odds.WinValuer``)."""
    head, *parts = level.split(":")
    spec = type(game).bot_levels.get(head) if head != "ismcts" else f"ismcts:{':'.join(parts)}"
    if spec is None or not spec.startswith("ismcts:"):
        raise ValueError(f"hints need a search level, not {level!r}")
    budget, rollout, inference, prior = level_settings(spec)
    return ISMCTSBot(seed, budget=budget, rollout=rollout, inference=inference, prior=prior, valuer=WinValuer)


def _search(view: SeatView, level: str, seed: int) -> dict[int, Node]:
    return searcher(view.game, level, seed).search(view)
