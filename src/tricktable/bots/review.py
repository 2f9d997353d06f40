"""A review of a finished game: for each decision of one seat, what was played against what the search
would have played with that seat's information then, and what the difference cost.

``review(record, seat)`` replays the record; at each of the seat's decisions with more than one choice it
runs the hint search (``bots.hints.suggest``, every legal choice) on the seat's ``SeatView`` at that point,
so the best move uses only what the seat knew. The cost of a move is the best choice's estimated chance of
winning the game minus the played move's, in percentage points; it counts only where the search separates
the two (their 95% intervals do not overlap), so noise is never marked. The costliest such decisions are
marked: ``??`` a blunder, ``?`` a mistake, ``?!`` an inaccuracy (``MARKS``).

With ``all_cards=True`` each decision also gets the "all cards shown" line: the best move of a search that
sees every hand (the true state, a perfect-information search; only what is still to be drawn stays
random), as bridge players read a double-dummy analysis after the deal.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from tricktable.bots.base import SeatView
from tricktable.bots.hints import HINT_LEVEL, searcher, suggest
from tricktable.engine import Action, Game, GameRecord, Rng, State, load_game

# (least cost in percentage points of win chance, mark) from the worst down; the marks go to separated costs
MARKS: tuple[tuple[float, str], ...] = ((15.0, "??"), (7.0, "?"), (3.0, "?!"))
MARK_WORDS = {"??": ("blunder", "大悪手"), "?": ("mistake", "悪手"), "?!": ("inaccuracy", "疑問手")}


@dataclass(frozen=True, slots=True)
class Decision:
    step: int  # the action's index in the record
    round: int
    played: str  # canonical texts
    best: str
    played_chance: float | None  # estimated chance of winning the game, with the seat's information then
    best_chance: float | None
    cost: float  # percentage points lost against the best (0 when the search cannot separate them)
    separated: bool  # the search tells the two apart (intervals apart)
    mark: str  # "??", "?", "?!" or ""
    simulations: int
    all_cards: str | None  # the best move with every hand shown (``all_cards=True``)
    words: dict[str, dict[str, str]]  # per language: played, best, all_cards, why (the best move's reason)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class _AllCards:
    """A seat's view that holds the true state: what a search that sees every hand needs (never a bot's)."""

    def __init__(self, state: State, seat: int) -> None:
        self.built = time.perf_counter()
        self.seat = seat
        self.game: Game[Any] = state.game
        self.legal: list[Action] = list(state.legal_actions(seat))
        self.observation = state.observe(seat)
        self._state = state

    def sample(self, rng: Rng, *, log: bool = False) -> State:
        world = self._state.clone()
        world.rng = Rng(rng.next64())  # what is still to be drawn stays random
        return world


def all_cards_best(state: State, seat: int, level: str = HINT_LEVEL, seed: int = 0) -> Action:
    """The choice of a search that sees every hand (the same budget and playouts as the hint's)."""
    view = _AllCards(state, seat)
    bot = searcher(state.game, level, seed)
    bot.inference = False  # no worlds to weigh: there is one, the true one
    children = bot.search(view)  # type: ignore[arg-type]
    base = seat * state.game.num_actions
    return max(view.legal, key=lambda a: (children[base + a.index].visits if base + a.index in children else -1,
                                          -a.index))


def review(record: GameRecord, seat: int, *, level: str = HINT_LEVEL, all_cards: bool = True,
           names: Sequence[str] | None = None, progress: Callable[[int, int], None] | None = None,
           since: int = 0) -> list[Decision]:
    """The review of ``seat``'s decisions in ``record`` from action ``since`` on (see the module doc);
    ``progress(done, total)`` is called after each one."""
    game = load_game(record.game, record.players, **record.options)
    state = game.new_state(record.seed)
    todo = [i for i, (p, _) in enumerate(record.actions) if p == seat and i >= since]
    out: list[Decision] = []
    for i, (player, text) in enumerate(record.actions):
        if player == seat and i >= since:
            view = SeatView(state, seat)
            if len(view.legal) > 1:
                out.append(_decision(state, view, i, text, level, all_cards, names))
            if progress is not None:
                progress(todo.index(i) + 1, len(todo))
        state.apply(text, player)
    return _marked(out)


def _decision(state: State, view: SeatView, step: int, text: str, level: str, all_cards: bool,
              names: Sequence[str] | None) -> Decision:
    hints = suggest(view, top=len(view.legal), level=level, seed=step, names=names)
    by_action = {h.action: h for h in hints}
    best, played = hints[0], by_action[text]
    separated = played is not best and played.high is not None and best.low is not None and played.high < best.low
    cost = 100 * ((best.win_chance or 0.0) - (played.win_chance or 0.0)) if separated else 0.0
    perfect = all_cards_best(state, view.seat, level, step).text if all_cards else None
    game = view.game
    words = {}
    for lang in ("en", "ja"):
        said = {key: game.describe_action(game.parse_action(t), lang, names) if t else ""
                for key, t in (("played", text), ("best", best.action), ("all_cards", perfect))}
        words[lang] = {**said, "why": best.why_ja if lang == "ja" else best.why}
    return Decision(step, state.round, text, best.action, played.win_chance, best.win_chance, round(cost, 1),
                    separated, "", best.simulations + played.simulations if played is not best else best.simulations,
                    perfect, words)


def _marked(decisions: list[Decision]) -> list[Decision]:
    out = []
    for d in decisions:
        mark = next((m for least, m in MARKS if d.separated and d.cost >= least), "")
        out.append(Decision(**{**asdict(d), "mark": mark}) if mark else d)
    return out


def worst(decisions: Sequence[Decision], count: int = 3) -> list[Decision]:
    """The marked decisions that cost most, worst first: the mistakes that mattered most."""
    return sorted((d for d in decisions if d.mark), key=lambda d: -d.cost)[:count]
