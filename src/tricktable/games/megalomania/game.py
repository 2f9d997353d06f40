"""Megalomania wired together: the state a driver plays (``MegalomaniaState``) and the game (``Megalomania``).

The rules are ``rules.py`` (with every power, scroll and mission in ``effects.py``); the standings
``scoring.py``; what a seat may know ``observe.py`` and ``resample.py``; words ``text.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tricktable.engine import Action, BadOptions, Decision, Event, Observation, Rng, State
from tricktable.engine.cards import CardCodec
from tricktable.engine.game import BOT_LEVELS, plain_class
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania import observe, resample, rewind, scoring, text
from tricktable.games.megalomania.actions import ActionTables
from tricktable.games.megalomania.options import MegalomaniaOptions
from tricktable.games.megalomania.rules import MegalomaniaRules


class MegalomaniaState(MegalomaniaRules):
    """A game of Megalomania in progress: the rules, with their standings, views and worlds."""

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def totals(self) -> list[int]:
        """Each seat's own points (in pairs, without the partner's)."""
        return scoring.totals(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def ranking(self) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
        return scoring.ranking(self)

    def result(self) -> dict[str, Any] | None:
        return scoring.result(self)

    def _observe(self, player: int | None) -> Observation:
        return observe.observe(self, player)

    def _why_not(self, player: int) -> dict[str, dict[str, Any]]:
        return observe.why_not(self, player)

    def _why_illegal(self, action: Action, player: int) -> str:
        return text.why_illegal(self, action, player)

    def resample(self, player: int, rng: Rng) -> Self:
        return resample.resample(self, player, rng)

    def past_decisions(self, seat: int) -> list[Decision] | None:
        return rewind.past_decisions(self, seat)


@plain_class  # compiled, it stays a Python class: its fork copies __dict__
class Megalomania(ActionTables):
    """Megalomania for 2-4 players (4 may play as two pairs)."""

    # the game's facts (engine.Game): declared, never guessed by playing
    higher_score_wins: ClassVar[bool] = True  # rules: End of game, the highest total wins
    rollout_horizon: ClassVar[int] = 1  # rounds (deals) a search rollout plays before it scores
    bot_levels: ClassVar[dict[str, str]] = BOT_LEVELS
    card_codec: ClassVar[CardCodec] = C.CODEC

    name: ClassVar[str] = "megalomania"
    title: ClassVar[str] = "Megalomania"
    research_encoder: ClassVar[str | None] = "tricktable.envs.encoders.megalomania"
    # bots.odds: fitted to 200 heuristic self-play games, 3 and 4 players (held-out log-likelihood of the
    # winners -0.750 against the uniform guess's -1.242)
    win_odds: ClassVar[tuple[float, float] | None] = (0.8128, 0.5)
    title_ja: ClassVar[str] = "メガロマニア"
    # version 2: the mission deck, dominant colours and scrolls each draw from their own stream of the seed;
    # version 1 records (the whole deal from one stream) still replay as they were dealt
    version: ClassVar[str] = "2"
    one_stream_versions: ClassVar[frozenset[str]] = frozenset({"1"})
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    options_type: ClassVar[type[Any]] = MegalomaniaOptions
    setup_options: ClassVar[tuple[str, ...]] = ("deal",)  # every seat's cards of the first rounds

    def forget_setup(self) -> None:
        self.deals = []
        self.look = dataclasses.replace(self.look, options=self.options)  # observe reads the options here too

    def check_options(self) -> None:
        o = self.options
        n = self.players
        if o.pairs and n != 4:
            raise BadOptions("pair mode needs 4 players")
        if o.rotate_after == "card" and n != 3:
            raise BadOptions("rotate_after=card works only with 3 players (hands would empty unevenly)")
        for s in o.scrolls:
            if s not in C.SCROLL_BY_NAME:
                raise BadOptions(f"unknown scroll {s!r} (scrolls: {', '.join(C.SCROLL_BY_NAME)})")
        if len(o.mission_points) != 25:
            raise BadOptions("mission_points needs 25 numbers, one per mission")
        pool = list(o.missions) if o.missions else [m.number for m in C.MISSIONS
                                                     if n == 4 or not m.four_players]
        for m in (*pool, *o.mission_order):
            if not 1 <= m <= 25:
                raise BadOptions(f"there is no mission {m} (1-25)")
            if m in (20, 21) and n != 4:
                raise BadOptions(f"mission {m} needs 4 players")
        if len(set(o.mission_order)) != len(o.mission_order):
            raise BadOptions("mission_order repeats a mission")
        self.mission_pool = tuple(pool)
        if len(set(pool) | set(o.mission_order)) < o.rounds:
            raise BadOptions(f"{o.rounds} rounds need at least {o.rounds} missions")
        for letter in o.dominant:
            if letter.upper() not in C.COLOURS:
                raise BadOptions(f"dominant colours are letters B/Y/R/K, not {letter!r}")
        if not -1 <= o.dealer < n:
            raise BadOptions(f"dealer must be a seat 0-{n - 1} or -1")
        self.deals = []
        for r, seats in enumerate(o.deal):
            if len(seats) != n:
                raise BadOptions(f"deal for round {r + 1} needs one hand per seat ({n})")
            hands = [[C.parse_card(t) for t in hand.split()] for hand in seats]
            flat = [c for h in hands for c in h]
            if len(set(flat)) != len(flat):
                raise BadOptions(f"deal for round {r + 1} names a card twice")
            if len({len(h) for h in hands}) != 1 or not hands[0]:
                raise BadOptions(f"deal for round {r + 1}: every seat needs the same number of cards")
            self.deals.append(hands)

    def new_state(self, seed: int) -> State:
        return MegalomaniaState(self, seed)

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_action(self, action, lang, names)

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_event(self, event, lang, names)

    def why_not_text(self, reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.why_not_text(self, reason, lang, names)

    def reason_text(self, key: str, values: dict[str, Any], lang: str = "en",
                    names: Sequence[str] | None = None) -> str:
        return text.reason_text(self, key, values, lang, names)

    def reference(self, lang: str = "en") -> dict[str, Any]:
        return text.reference(self, lang)

    def prompt(self, view: dict[str, Any], lang: str = "en") -> str:
        return text.prompt(view, lang)
