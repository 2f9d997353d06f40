"""Gundam Masquerade wired together: the state (rules plus its standings, views and resampler) and the Game,
which declares the game's facts first."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tricktable.engine import Action, Event, Game, Observation, Rng
from tricktable.engine.cards import CardCodec
from tricktable.engine.game import BOT_LEVELS, plain_class
from tricktable.games.masquerade import observe, resample, scoring, text
from tricktable.games.masquerade.actions import TABLE
from tricktable.games.masquerade.cards import CODEC, Bonus, Card, PlayEffect
from tricktable.games.masquerade.options import MasqueradeOptions
from tricktable.games.masquerade.rules import MasqueradeRules, Setup, make_setup


class MasqueradeState(MasqueradeRules):
    """One game of Gundam Masquerade (``rules.MasqueradeRules``) with its standings, views and resampler."""

    def scores(self) -> list[float]:
        return scoring.scores(self)

    def winners(self) -> list[int]:
        return scoring.winners(self)

    def result(self) -> dict[str, Any] | None:
        return scoring.result(self)

    def ranking(self) -> tuple[tuple[str, ...], list[tuple[float, ...]]]:
        return scoring.ranking(self)

    def _observe(self, player: int | None) -> Observation:
        return observe.observe(self, player)

    def _why_not(self, player: int) -> dict[str, dict[str, Any]]:
        return observe.why_not(self, player)

    def resample(self, player: int, rng: Rng) -> Self:
        return resample.resample(self, player, rng)


@plain_class  # compiled, it stays a Python class: its fork copies __dict__
class Masquerade(Game[MasqueradeOptions]):
    """Gundam Masquerade. ``Masquerade(4, challenge="off").new_state(seed)`` starts a deal."""

    # the game's facts (engine.Game): declared, never guessed by playing
    higher_score_wins: ClassVar[bool] = True  # rules: Scoring, "highest total wins"
    rollout_horizon: ClassVar[int] = 2  # rounds (single turns here) a search rollout plays before it scores
    # hard weighs its worlds by the others' plays (+15 points of win rate against plain hard over 200 games)
    # and leans to the heuristic's reasoned choice at the root (+13.5 more, 200 games): docs/strength.md
    bot_levels: ClassVar[dict[str, str]] = {**BOT_LEVELS, "hard": "ismcts:1000:0.9s:infer:prior"}
    card_codec: ClassVar[CardCodec] = CODEC

    name: ClassVar[str] = "masquerade"
    title: ClassVar[str] = "Gundam Masquerade"
    research_encoder: ClassVar[str | None] = "tricktable.envs.encoders.masquerade"
    # bots.odds: fitted to 200 heuristic self-play games, 3 and 4 players (held-out log-likelihood of the
    # winners -1.154 against the uniform guess's -1.242)
    win_odds: ClassVar[tuple[float, float] | None] = (0.0519, 0.25)
    title_ja: ClassVar[str] = "ガンダム仮面舞踏会"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    options_type: ClassVar[type[MasqueradeOptions]] = MasqueradeOptions

    setup: Setup

    setup_options: ClassVar[tuple[str, ...]] = ("deal",)  # every seat's hand

    def check_options(self) -> None:
        self.setup = make_setup(self.options, self.players)

    def forget_setup(self) -> None:
        # the hand size stays: how many cards each seat holds is public
        self.setup = dataclasses.replace(self.setup, options=self.options, fixed_deal=None)

    @property
    def effects(self) -> dict[Card, PlayEffect]:
        """The play effects in play (option ``specials``, less ``specials_off``)."""
        return self.setup.effects

    @property
    def bonuses(self) -> tuple[Bonus, ...]:
        """The end-game bonuses in play."""
        return self.setup.bonuses

    @property
    def hand_size(self) -> int:
        """Cards a seat is dealt: the published size, or the fixed deal's."""
        return self.setup.hand_size

    def build_actions(self) -> list[Action]:
        return list(TABLE.actions)

    def new_state(self, seed: int) -> MasqueradeState:
        return MasqueradeState(self, seed, self.setup)

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_event(event, lang, names, self.players)

    def why_not_text(self, reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.why_not_text(reason, lang, names)

    def reason_text(self, key: str, values: dict[str, Any], lang: str = "en",
                    names: Sequence[str] | None = None) -> str:
        return text.reason_text(self, key, values, lang, names)

    def reference(self, lang: str = "en") -> dict[str, Any]:
        return text.reference(self.name, self.setup, lang)

    def prompt(self, view: dict[str, Any], lang: str = "en") -> str:
        return text.prompt(view, lang)
