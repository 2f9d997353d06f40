"""Hints: the search's ranked choices for a seat's view, each with a sentence of why (English, Japanese).

``suggest(view)`` runs the same ISMCTS as the bots (the ``medium`` level unless told otherwise) on the seat's
``SeatView``, so a hint knows exactly what the seat knows and nothing more. Each choice comes with

- ``win_chance``: the search's mean reward for it, from 0 to 1: at the end of the game the seat's share of
  the win, before that its score lead over the others squashed to a chance (0.5: as good as the others);
- ``visit_share``: the share of the search's simulations that chose it (how sure the search is);
- ``why`` / ``why_ja``: one sentence built from those numbers, the gap to the next choice and whether the
  game's rules of thumb (the heuristic) pick the same.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from tricktable.bots.base import SeatView
from tricktable.bots.heuristic import chooser
from tricktable.bots.ismcts import ISMCTSBot
from tricktable.engine import Rng

HINT_LEVEL = "medium"  # about half a second: a hint should come at once
CLEAR = 0.04  # a lead in win chance that counts as clear


@dataclass(frozen=True, slots=True)
class Hint:
    action: str  # the action's canonical text (send it back as the move)
    text: str  # the action in words, in the asked language
    win_chance: float
    visit_share: float
    agrees: bool  # the heuristic picks it too
    why: str
    why_ja: str

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


def _why(rank: int, chance: float, share: float, gap: float, agrees: bool, other: tuple[str, str] | None
         ) -> tuple[str, str]:
    pct, vis = round(100 * chance), round(100 * share)
    if rank == 0:
        lead = ("clearly ahead of the next choice" if gap >= CLEAR else "only slightly ahead of the next choice")
        lead_ja = "次の候補より明らかに上" if gap >= CLEAR else "次の候補とほぼ互角"
    elif round(100 * gap) <= 0:  # rated as high, searched less
        lead, lead_ja = "rated as high as the best choice but searched less", "最善手と同じ評価だが探索は少ない"
    else:
        points = round(100 * gap)
        lead = f"{points} percentage point{'' if points == 1 else 's'} below the best choice"
        lead_ja = f"最善手より{points}ポイント低い"
    rule = "; the rules of thumb pick it too" if agrees else ""
    rule_ja = "。経験則も同じ手を選びます" if agrees else ""
    if rank == 0 and not agrees and other is not None:
        rule = f"; the rules of thumb would choose {other[0]} instead"
        rule_ja = f"。経験則なら「{other[1]}」を選びます"
    return (f"The search rates it {pct}% (chosen in {vis}% of its simulations), {lead}{rule}.",
            f"探索の評価は{pct}%（シミュレーションの{vis}%で選択）、{lead_ja}{rule_ja}。")


def suggest(view: SeatView, *, top: int = 3, level: str = HINT_LEVEL, seed: int = 0, lang: str = "en") -> list[Hint]:
    """The best ``top`` choices at ``view``, best first (an empty list when the seat has no choice).

    ``level`` is a search bot's name (``make_bot``: ``medium``, ``hard``, ``ismcts:500``...)."""
    if not view.legal:
        return []
    choose = chooser(view.game)
    favourite = choose(view.observation, view.legal, view.game, Rng(seed)) if choose and len(view.legal) > 1 \
        else view.legal[0]
    from tricktable.bots import make_bot  # the package imports this module's neighbours first

    bot = make_bot(level, seed)
    if not isinstance(bot, ISMCTSBot):
        raise ValueError(f"hints need a search level, not {level!r}")
    children = bot.search(view) if len(view.legal) > 1 else {}
    base = view.seat * view.game.num_actions
    total = sum(c.visits for c in children.values()) or 1
    rows = []
    for action in view.legal:
        node = children.get(base + action.index)
        visits = node.visits if node else 0
        chance = node.reward / node.visits if node and node.visits else (1.0 if len(view.legal) == 1 else 0.0)
        rows.append((visits, chance, action))
    rows.sort(key=lambda r: (-r[0], -r[1], r[2].index))
    best_chance = rows[0][1]
    hints = []
    for rank, (visits, chance, action) in enumerate(rows[:top]):
        after = rows[rank + 1][1] if rank + 1 < len(rows) else chance
        gap = chance - after if rank == 0 else best_chance - chance
        share = visits / total if children else 1.0
        other = (view.game.describe_action(favourite, "en"), view.game.describe_action(favourite, "ja"))
        why, why_ja = _why(rank, chance, share, gap, action is favourite, other)
        hints.append(Hint(action=action.text, text=view.game.describe_action(action, lang),
                          win_chance=round(chance, 3), visit_share=round(share, 3), agrees=action is favourite,
                          why=why, why_ja=why_ja))
    return hints
