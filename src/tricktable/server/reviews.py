"""Reviews of finished games (``bots.review``), run in the background: the first request for a (table,
seat) starts one in a worker thread; every request answers with its progress, and the decisions once done.

A finished game never changes, so a review is kept (the last ``KEEP`` of them) and asked for again at no cost.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktable.bots.review import MARK_WORDS, Decision, review, worst
from tricktable.engine import GameRecord

KEEP = 32
LEVEL = "medium"  # the hint's search: a review of 20 decisions takes some 20-60 seconds


@dataclass
class Job:
    done: int = 0
    total: int = 0
    decisions: list[Decision] | None = None
    error: str = ""
    lock: threading.Lock = field(default_factory=threading.Lock)


_JOBS: OrderedDict[tuple[str, int], Job] = OrderedDict()
_GUARD = threading.Lock()


def status(key: str, record: GameRecord, seat: int, names: Mapping[str, Sequence[str]], lang: str) -> dict[str, Any]:
    """The review of ``seat`` in the finished game ``record`` (started now if need be), in ``lang``:
    ``{"type": "review", "seat", "done", "total", "ready", "decisions": [...], "worst": [steps]}``."""
    with _GUARD:
        job = _JOBS.get((key, seat))
        if job is None:
            job = _JOBS[(key, seat)] = Job()
            while len(_JOBS) > KEEP:
                _JOBS.popitem(last=False)
            threading.Thread(target=_run, args=(job, record, seat, names), daemon=True).start()
    with job.lock:
        ready = job.decisions is not None
        out: dict[str, Any] = {"type": "review", "seat": seat, "done": job.done, "total": job.total,
                               "ready": ready, "error": job.error}
        if job.decisions is not None:
            out["decisions"] = [_shown(d, lang) for d in job.decisions]
            out["worst"] = [d.step for d in worst(job.decisions)]
    return out


def _run(job: Job, record: GameRecord, seat: int, names: Mapping[str, Sequence[str]]) -> None:
    def progress(done: int, total: int) -> None:
        with job.lock:
            job.done, job.total = done, total

    try:
        # the words of both languages come from the English names; the Japanese ones replace them below
        decisions = review(record, seat, level=LEVEL, names=names.get("en"), progress=progress)
        ja = review_words(record, decisions, names.get("ja"))
    except Exception as error:  # a review must never take the server down; the page shows the reason
        with job.lock:
            job.error = str(error)
        return
    with job.lock:
        job.decisions = ja


def review_words(record: GameRecord, decisions: list[Decision], names: Sequence[str] | None) -> list[Decision]:
    """The decisions with their Japanese words written with the Japanese seat names."""
    from tricktable.engine import load_game

    game = load_game(record.game, record.players, **record.options)
    out = []
    for d in decisions:
        words = dict(d.words)
        said = {k: game.describe_action(game.parse_action(t), "ja", names) if t else ""
                for k, t in (("played", d.played), ("best", d.best), ("all_cards", d.all_cards))}
        words["ja"] = {**d.words["ja"], **said}
        out.append(Decision(**{**d.to_json(), "words": words}))
    return out


def _shown(d: Decision, lang: str) -> dict[str, Any]:
    words = d.words.get(lang, d.words["en"])
    mark = MARK_WORDS.get(d.mark, ("", ""))[lang == "ja"] if d.mark else ""
    return {"step": d.step, "round": d.round, "played": d.played, "best": d.best, "played_text": words["played"],
            "best_text": words["best"], "all_cards_text": words["all_cards"], "why": words["why"],
            "played_chance": d.played_chance, "best_chance": d.best_chance, "cost": d.cost,
            "separated": d.separated, "mark": d.mark, "mark_text": mark, "all_cards": d.all_cards}
