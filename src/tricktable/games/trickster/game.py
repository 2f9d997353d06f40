"""Trickster wired together: the declared facts, the State (rules plus its standings, views and worlds)
and the ``Game`` (options, the action table, the words)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tricktable.engine import Action, BadOptions, Decision, Event, Game, Observation, Rng
from tricktable.engine.cards import CardCodec
from tricktable.engine.game import BOT_LEVELS, plain_class
from tricktable.games.trickster import observe, resample, rewind, scoring, text
from tricktable.games.trickster.actions import table_for
from tricktable.games.trickster.cards import (
    CARD_TEXT,
    CODEC,
    HAND_SIZES,
    HERO_INDEX,
    HERO_NAMES,
    TRASH_SIZE,
    deck_cards,
    fixed_heroes,
)
from tricktable.games.trickster.options import TricksterOptions
from tricktable.games.trickster.rules import TricksterRules, uses_token


class TricksterState(TricksterRules):
    """One game of Trickster in progress (rules.py), with its standings, views and resampled worlds."""

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

    def past_decisions(self, seat: int) -> list[Decision] | None:
        return rewind.past_decisions(self, seat)


@plain_class  # compiled, it stays a Python class: its fork copies __dict__
class Trickster(Game[TricksterOptions]):
    """Trickster: Champions of Time, 2-7 players."""

    # the game's facts (engine.Game): declared, never guessed by playing
    higher_score_wins: ClassVar[bool] = False  # rules: trouble points, the lowest total wins
    rollout_horizon: ClassVar[int] = 1  # rounds a search rollout plays before it scores
    # heuristic rollouts: with random ones search does not beat the heuristic here (docs/strength.md); fewer
    # iterations, as each costs more
    bot_levels: ClassVar[dict[str, str]] = {**BOT_LEVELS, "easy": "ismcts:15:0.3s:heuristic",
                                            "medium": "ismcts:60:0.6s:heuristic", "hard": "ismcts:100:0.9s:heuristic"}
    card_codec: ClassVar[CardCodec] = CODEC

    name: ClassVar[str] = "trickster"
    title: ClassVar[str] = "Trickster: Champions of Time"
    research_encoder: ClassVar[str | None] = "tricktable.envs.encoders.trickster"
    # bots.odds: fitted to 200 heuristic self-play games, 3 and 4 players (held-out log-likelihood of the
    # winners -1.059 against the uniform guess's -1.242)
    win_odds: ClassVar[tuple[float, float] | None] = (0.6237, 0.5)
    unordered_lists: ClassVar[frozenset[str]] = frozenset({"trash"})  # face up, dealt in a random order
    title_ja: ClassVar[str] = "トリックスター：チャンピオンズ・オブ・タイム"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7
    options_type: ClassVar[type[Any]] = TricksterOptions
    setup_options: ClassVar[tuple[str, ...]] = ("hands", "trash", "deck_order")  # round 1's cards, fixed
    # version 2: a random deck's heroes draw from their own stream of the seed; version 1 records still replay
    version: ClassVar[str] = "2"
    one_stream_versions: ClassVar[frozenset[str]] = frozenset({"1"})

    def build_actions(self) -> list[Action]:
        return list(table_for(self.players).actions)

    def new_state(self, seed: int) -> TricksterState:
        return TricksterState(self, seed)

    def heroes(self) -> tuple[int, ...] | None:
        """The 7 heroes fixed by the options, or None when the seed or a draft picks them."""
        return fixed_heroes(self.options.deck)

    def uses_token(self) -> bool:
        """rules: the Trickster token for games of 3 or fewer players (option ``token``)."""
        return uses_token(self.options, self.players)

    def check_options(self) -> None:
        o = self.options
        deck = o.deck
        if isinstance(deck, str):
            if deck not in ("beginner", "strategist", "random", "draft"):
                raise BadOptions(f"deck cannot be {deck!r} (beginner, strategist, random, draft or 7 hero names)")
        else:
            names = list(deck)
            unknown = [x for x in names if x not in HERO_INDEX]
            if unknown or len(set(names)) != 7 or len(names) != 7:
                raise BadOptions(f"deck must name 7 different heroes of {', '.join(HERO_NAMES)}; got {names}")
        if o.rounds < 1:
            raise BadOptions("rounds must be at least 1")
        if o.first_leader is not None and not 0 <= o.first_leader < self.players:
            raise BadOptions(f"first_leader must be a seat from 0 to {self.players - 1}")
        self._check_deal()

    def _check_deal(self) -> None:
        o = self.options
        if o.hands is None and o.trash is None and o.deck_order is None:
            return
        heroes = self.heroes()
        if heroes is None:
            raise BadOptions("hands, trash and deck_order need a fixed deck (beginner, strategist or 7 names)")
        allowed = {CARD_TEXT[c] for c in deck_cards(heroes)}
        named: list[str] = []
        if o.hands is not None:
            if len(o.hands) != self.players:
                raise BadOptions(f"hands must give {self.players} hands")
            size = HAND_SIZES[self.players]
            for seat, hand in enumerate(o.hands):
                if len(hand) != size:
                    raise BadOptions(f"hand {seat} must have {size} cards, not {len(hand)}")
                named.extend(hand)
        if o.trash is not None:
            if len(o.trash) != TRASH_SIZE:
                raise BadOptions(f"trash must have {TRASH_SIZE} cards")
            named.extend(o.trash)
        if o.deck_order is not None:
            room = 7 * 8 - TRASH_SIZE - self.players * HAND_SIZES[self.players]
            if len(o.deck_order) > room:
                raise BadOptions(f"deck_order names more than the {room} deck cards")
            named.extend(o.deck_order)
        bad = [t for t in named if t not in allowed]
        if bad:
            raise BadOptions(f"not cards of this deck: {', '.join(bad)}")
        if len(set(named)) != len(named):
            raise BadOptions("a card is named twice in the fixed deal")

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_action(action, lang, names, self.players)

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_event(event, lang, names, self.players)

    def why_not_text(self, reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.why_not_text(reason, lang, names, self.players)

    def reason_text(self, key: str, values: dict[str, Any], lang: str = "en",
                    names: Sequence[str] | None = None) -> str:
        return text.reason_text(self, key, values, lang, names)

    def reference(self, lang: str = "en") -> dict[str, Any]:
        return text.reference(self, lang)

    def prompt(self, view: dict[str, Any], lang: str = "en") -> str:
        return text.prompt(view, lang)
