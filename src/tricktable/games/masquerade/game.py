"""The Game class: Gundam Masquerade for 3-6 players with its options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from tricktable.engine import Action, BadOptions, Event, Game, ParseError
from tricktable.engine.cards import CardCodec
from tricktable.engine.game import BOT_LEVELS
from tricktable.games.masquerade import text
from tricktable.games.masquerade.actions import TABLE
from tricktable.games.masquerade.cards import BONUSES, DEAL_SIZES, DECK, PLAY_EFFECTS, TEXT, parse_card, play_effects
from tricktable.games.masquerade.cards import bonuses as bonus_table
from tricktable.games.masquerade.options import MasqueradeOptions
from tricktable.games.masquerade.rules import MasqueradeState


class Masquerade(Game[MasqueradeOptions]):
    """Gundam Masquerade. ``Masquerade(4, challenge="off").new_state(seed)`` starts a deal."""

    # the game's facts (engine.Game): declared, never guessed by playing
    higher_score_wins: ClassVar[bool] = True
    rollout_horizon: ClassVar[int] = 2  # rounds (single turns here) a search rollout plays before it scores
    bot_levels: ClassVar[dict[str, str]] = BOT_LEVELS
    card_codec: ClassVar[CardCodec] = CardCodec(TEXT, game="Masquerade",
                                                hint="cards are R1-R18, K1-K18, B1-B18, G1-G18", upper=True)

    name: ClassVar[str] = "masquerade"
    title: ClassVar[str] = "Gundam Masquerade"
    title_ja: ClassVar[str] = "ガンダム仮面舞踏会"
    min_players: ClassVar[int] = 3
    max_players: ClassVar[int] = 6
    options_type: ClassVar[type[MasqueradeOptions]] = MasqueradeOptions

    def check_options(self) -> None:
        o = self.options
        if not (o.first_player == -1 or 0 <= o.first_player < self.players):
            raise BadOptions(f"first_player must be -1 (random) or a seat 0-{self.players - 1}, not {o.first_player}")
        self.fixed_deal: tuple[int, ...] | None = None
        if o.deal:
            self.fixed_deal = self._check_deal(o.deal)
        off = self._check_specials_off(o.specials_off)
        self.effects = {c: e for c, e in play_effects(o.specials).items() if c not in off}
        self.bonuses = tuple(b for b in bonus_table(o.specials) if b.card not in off)

    @staticmethod
    def _check_specials_off(names: tuple[str, ...]) -> set[int]:
        """The cards of option ``specials_off``; raises ``BadOptions`` for one that is not a special card."""
        specials = {e.card for e in PLAY_EFFECTS} | {b.card for b in BONUSES}
        off = set()
        for name in names:
            try:
                card = parse_card(str(name))
            except ParseError as error:
                raise BadOptions(str(error)) from error
            if card not in specials:
                listed = ", ".join(TEXT[c] for c in sorted(specials))
                raise BadOptions(f"specials_off: {name} is not a special card (special cards: {listed})")
            off.add(card)
        return off

    def _check_deal(self, deal: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
        """The fixed deal as one bitmask a seat; raises ``BadOptions`` when it does not fit."""
        if len(deal) != self.players:
            raise BadOptions(f"deal must give {self.players} hands, not {len(deal)}")
        sizes = {len(hand) for hand in deal}
        size = sizes.pop()
        if sizes or not 1 <= size <= DECK // self.players:
            raise BadOptions("deal hands must all have the same size, at least 1 card")
        masks = []
        seen = 0
        for hand in deal:
            mask = 0
            for card_text in hand:
                try:
                    card = parse_card(str(card_text))
                except ParseError as error:
                    raise BadOptions(str(error)) from error
                if seen >> card & 1:
                    raise BadOptions(f"deal names {card_text} twice")
                seen |= 1 << card
                mask |= 1 << card
            masks.append(mask)
        return tuple(masks)

    @property
    def hand_size(self) -> int:
        """Cards a seat is dealt: the published size, or the fixed deal's."""
        return len(self.options.deal[0]) if self.options.deal else DEAL_SIZES[self.players]

    def build_actions(self) -> list[Action]:
        return list(TABLE.actions)

    def new_state(self, seed: int) -> MasqueradeState:
        return MasqueradeState(self, seed)

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.describe_event(event, lang, names, self.players)

    def why_not_text(self, reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.why_not_text(reason, lang, names)

    def reference(self, lang: str = "en") -> dict[str, Any]:
        return text.reference(self, lang)

    def prompt(self, view: dict[str, Any], lang: str = "en") -> str:
        return text.prompt(view, lang)
