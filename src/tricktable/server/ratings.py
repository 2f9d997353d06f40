"""Ratings: per game, for every account and every bot level, moved by every finished rated game.

**Why OpenSkill** (the ``openskill`` package, Plackett-Luce model): our games have two to seven players
and end in a full order with ties (equal scores, shared wins). Plackett-Luce rates one game of any number
of players at once, from its ranks, with ties as equal ranks; Glicko-2 and Elo are pairwise, so a
five-player game would have to be cut into ten made-up duels whose results are not independent. OpenSkill
is also a Bayesian skill (a mean ``mu`` and an uncertainty ``sigma``, like TrueSkill, without its patent
and licence questions), fast (no iterations), typed and maintained.

A subject is ``account:<id>`` or ``bot:<level>``. The shown **rating** is ``1000 + 40 * (mu - 3 sigma)``:
a conservative estimate that starts at 1000 (``mu`` 25, ``sigma`` 25/3) and rises as games make it sure.
Seats of one subject in one game (two ``heuristic`` bots) are each rated from the subject's rating before
the game, and the subject keeps the mean of their new ratings.

A game is rated once, whatever restarts or server processes: its id (a table id, or ``sim:<digest>`` for a
``tricktable simulate`` game fed in by ``tricktable ratings import``) is stored with the changes it made.
"""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce
from sqlalchemy import Column, DateTime, Float, Integer, String, Text, insert, select, update
from sqlalchemy import Table as SqlTable
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from tricktable.engine import game_class
from tricktable.server import rating_policy as policy
from tricktable.server.database import aware, create_tables, metadata, now
from tricktable.server.store import tables as table_rows  # read once, to rate what a restart left unrated

log = logging.getLogger("tricktable.server")
BASE, SCALE = 1000.0, 40.0  # the shown rating: BASE + SCALE * (mu - 3 sigma)

ratings = SqlTable(
    "tricktable_ratings", metadata,
    Column("game", String(40), primary_key=True),
    Column("subject", String(64), primary_key=True),  # account:<id> or bot:<level>
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
)
rated_games = SqlTable(  # each game rated once, with what it changed (shown at the table when it is over)
    "tricktable_rated_games", metadata,
    Column("id", String(64), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("changes", Text, nullable=False),  # JSON: [{"seat", "subject", "before", "after"}]
    Column("created", DateTime(timezone=True), nullable=False),
)
pairings = SqlTable(  # every pair of accounts that met in a rated game (server/rating_policy.py)
    "tricktable_pairings", metadata,
    Column("game_id", String(64), primary_key=True),
    Column("a", String(64), primary_key=True),  # the pair, sorted
    Column("b", String(64), primary_key=True),
    Column("game", String(40), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False, index=True),
)
RATING_TABLES = [ratings, rated_games, pairings]
MODEL = PlackettLuce()


def shown(mu: float, sigma: float) -> int:
    """The rating people read: a conservative estimate (``mu - 3 sigma``) on a scale that starts at 1000."""
    return round(BASE + SCALE * (mu - 3 * sigma))


def ranks_of(scores: list[float], winners: list[int], higher_wins: bool) -> list[int]:
    """Each seat's place, 1 best: the winners first (a shared win is a tie), then by score, equal scores tied.

    >>> ranks_of([10, 30, 30, 5], [1, 2], True)
    [2, 1, 1, 3]
    >>> ranks_of([4, 1, 9], [1], False)
    [2, 1, 3]
    """
    keys = [(seat not in winners, -score if higher_wins else score) for seat, score in enumerate(scores)]
    order = sorted(set(keys))
    return [order.index(key) + 1 for key in keys]


@dataclass(frozen=True)
class Rating:
    subject: str
    mu: float
    sigma: float
    games: int

    @property
    def value(self) -> int:
        return shown(self.mu, self.sigma)


class Ratings:
    """The rating tables over an SQL engine (the store's, or the in-memory one of ``store.engine_for``)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._lock = threading.Lock()  # one update at a time in this process (SQLite has one writer anyway)
        with self._begin() as connection:
            create_tables(connection, RATING_TABLES)

    @contextmanager
    def _begin(self) -> Iterator[Any]:
        with self._lock, self.engine.begin() as connection:
            yield connection

    def rate(self, game_id: str, game: str, subjects: list[str], ranks: list[int]) -> list[dict[str, Any]] | None:
        """Rate one finished game (``subjects[seat]`` placed ``ranks[seat]``); the changes, one per seat, or
        None when this game was rated already."""
        for attempt in range(3):
            try:
                return self._rate(game_id, game, subjects, ranks)
            except IntegrityError:  # another process rated it, or added a subject's first rating, meanwhile
                if self.was_rated(game_id):
                    return None
                if attempt == 2:
                    raise
        return None

    def _rate(self, game_id: str, game: str, subjects: list[str], ranks: list[int]) -> list[dict[str, Any]] | None:
        moment = now()
        with self._begin() as connection:
            if connection.execute(select(rated_games.c.id).where(rated_games.c.id == game_id)).first():
                return None
            query = select(ratings).where(ratings.c.game == game, ratings.c.subject.in_(set(subjects)))
            if self.engine.dialect.name == "postgresql":
                query = query.with_for_update()  # two games with one bot level ending at once: no lost update
            stored = {row["subject"]: row for row in connection.execute(query).mappings()}
            before = {s: MODEL.rating(mu=stored[s]["mu"], sigma=stored[s]["sigma"]) if s in stored else MODEL.rating()
                      for s in subjects}
            teams = [[MODEL.rating(mu=before[s].mu, sigma=before[s].sigma)] for s in subjects]
            after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
            weight = dict(zip(subjects, policy.weights(subjects, *self._history(connection, game, subjects, moment)),
                              strict=True))
            new: dict[str, list[tuple[float, float]]] = {}
            for subject, team in zip(subjects, after, strict=True):
                w, old = weight[subject], before[subject]  # a repeated pairing moves less (rating_policy.py)
                new.setdefault(subject, []).append((old.mu + w * (team[0].mu - old.mu),
                                                    old.sigma + w * (team[0].sigma - old.sigma)))
            for subject, values in new.items():
                mu = sum(v[0] for v in values) / len(values)
                sigma = sum(v[1] for v in values) / len(values)
                counted = 1 if weight[subject] > 0 else 0
                if subject in stored:
                    connection.execute(update(ratings).where(ratings.c.game == game, ratings.c.subject == subject)
                                       .values(mu=mu, sigma=sigma, games=stored[subject]["games"] + counted,
                                               updated=moment))
                else:
                    connection.execute(insert(ratings).values(game=game, subject=subject, mu=mu, sigma=sigma,
                                                              games=counted, updated=moment))
                new[subject] = [(mu, sigma)]
            people = sorted({s for s in subjects if s.startswith("account:")})
            for i, a in enumerate(people):
                for b in people[i + 1:]:
                    connection.execute(insert(pairings).values(game_id=game_id, a=a, b=b, game=game, created=moment))
            changes = [{"seat": seat, "subject": subject, "rank": rank,
                        "before": shown(before[subject].mu, before[subject].sigma),
                        "after": shown(*new[subject][0])}
                       for seat, (subject, rank) in enumerate(zip(subjects, ranks, strict=True))]
            connection.execute(insert(rated_games).values(id=game_id, game=game, changes=json.dumps(changes),
                                                          created=moment))
        return changes

    def _history(self, connection: Any, game: str, subjects: list[str], moment: datetime
                 ) -> tuple[dict[str, int], dict[tuple[str, str], tuple[int, int]]]:
        """For the policy: how many different accounts each account here has met in rated games of ``game``,
        and each pair's games in the window and today (``rating_policy.weights``)."""
        people = sorted({s for s in subjects if s.startswith("account:")})
        if not people:
            return {}, {}
        met: dict[str, int] = {}
        for person in people:
            rows = connection.execute(select(pairings.c.a, pairings.c.b).where(
                pairings.c.game == game, (pairings.c.a == person) | (pairings.c.b == person))).all()
            met[person] = len({b if a == person else a for a, b in rows})
        window, day = moment - timedelta(days=policy.PAIR_WINDOW_DAYS), moment - timedelta(days=1)
        pairs: dict[tuple[str, str], tuple[int, int]] = {}
        for i, a in enumerate(people):
            for b in people[i + 1:]:
                times = [aware(row[0]) for row in connection.execute(select(pairings.c.created).where(
                    pairings.c.game == game, pairings.c.a == a, pairings.c.b == b, pairings.c.created >= window))]
                pairs[(a, b)] = (len(times), sum(t >= day for t in times))
        return met, pairs

    def provisional(self, game: str, subjects: list[str]) -> set[str]:
        """The accounts among ``subjects`` still provisional in ``game`` (``rating_policy``: too few opponents)."""
        people = [s for s in subjects if s.startswith("account:")]
        if not people:
            return set()
        with self._begin() as connection:
            met, _ = self._history(connection, game, people, now())
        return {p for p in people if met.get(p, 0) < policy.PROVISIONAL_OPPONENTS}

    def was_rated(self, game_id: str) -> bool:
        with self._begin() as connection:
            return connection.execute(select(rated_games.c.id).where(rated_games.c.id == game_id)).first() is not None

    def changes(self, game_id: str) -> list[dict[str, Any]] | None:
        """What rating ``game_id`` changed (None: not rated, or not yet)."""
        with self._begin() as connection:
            found = connection.execute(select(rated_games.c.changes).where(rated_games.c.id == game_id)).first()
        return json.loads(found[0]) if found else None

    def board(self, game: str, limit: int = 100) -> list[Rating]:
        """The game's ratings, best first (by the shown rating)."""
        with self._begin() as connection:
            rows = list(connection.execute(select(ratings).where(ratings.c.game == game)).mappings())
        found = [Rating(r["subject"], r["mu"], r["sigma"], r["games"]) for r in rows]
        return sorted(found, key=lambda r: (-(r.mu - 3 * r.sigma), -r.games, r.subject))[:limit]

    def of(self, subject: str) -> dict[str, Rating]:
        """Game -> rating of one subject."""
        with self._begin() as connection:
            rows = list(connection.execute(select(ratings).where(ratings.c.subject == subject)).mappings())
        return {r["game"]: Rating(subject, r["mu"], r["sigma"], r["games"]) for r in rows}

    def unrated_finished(self, limit: int = 1000) -> list[str]:
        """Ids of finished rated tables whose rating never happened (the server stopped in between)."""
        done = select(rated_games.c.id)
        query = (select(table_rows.c.id).where(table_rows.c.rated.is_(True), table_rows.c.status == "over",
                                               table_rows.c.id.not_in(done)).limit(limit))
        with self._begin() as connection:
            return [row.id for row in connection.execute(query)]


# --- bots' ratings from `tricktable simulate` --------------------------------------------------------

def simulated_games(folder: Path) -> Iterable[tuple[str, str, list[str], list[int]]]:
    """(game id, game, bot subjects, ranks) of each game of a ``tricktable simulate`` folder's
    ``records.jsonl``. A game's id is a digest of its line, so importing a folder twice rates nothing twice."""
    with (folder / "records.jsonl").open() as lines:
        for line in lines:
            if not line.strip():
                continue
            data = json.loads(line)
            record = data["record"]
            game = record["game"]
            higher_wins = game_class(game).higher_score_wins  # a declared fact of the game
            ranks = ranks_of([float(s) for s in data["scores"]], list(data["winners"]), higher_wins)
            game_id = "sim:" + hashlib.sha256(line.strip().encode()).hexdigest()[:40]
            yield game_id, game, [f"bot:{bot}" for bot in data["bots"]], ranks
