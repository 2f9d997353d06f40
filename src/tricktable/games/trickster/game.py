"""The Trickster Game: options, the action table and the text hooks.

Action texts (canonical, parsed back exactly):
``play red Brigand`` (a trick), ``open red Brigand`` (the secret opening tableau card),
``pass red Brigand`` (Nomad), ``give``/``move``/``swap``/``take``/``return``/``bottom``/``keep <card>``
(effect steps; which zone the card comes from is set by the step), ``choose seat 2`` (an opponent) and
``draft Scion`` (a hero in the draft). Every card verb exists for all 112 cards, so the table (and
``num_actions``) does not depend on which 7 heroes are drawn or drafted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from tricktable.engine import Action, BadOptions, Event, Game
from tricktable.engine.cards import CardCodec
from tricktable.engine.game import BOT_LEVELS
from tricktable.games.trickster.cards import CARD_TEXT, CARDS, DECKS, HERO_INDEX, HERO_NAMES, deck_cards
from tricktable.games.trickster.effects import CARD_VERBS, SEAT
from tricktable.games.trickster.options import TricksterOptions

HAND_SIZES = {2: 11, 3: 11, 4: 10, 5: 9, 6: 8, 7: 7}  # rules: Deal hands [P]
TRASH_SIZE = 6
DRAFT = SEAT + 1  # verb code of "draft Hero"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Move(Action):
    """A Trickster action: ``verb`` (an index of CARD_VERBS, SEAT or DRAFT) and its card, seat or hero."""

    verb: int
    value: int


class Trickster(Game[TricksterOptions]):
    """Trickster: Champions of Time, 2-7 players."""

    # the game's facts (engine.Game): declared, never guessed by playing
    higher_score_wins: ClassVar[bool] = False  # rules: trouble points, the lowest total wins
    rollout_horizon: ClassVar[int] = 1  # rounds a search rollout plays before it scores
    # random rollouts measured no stronger than the heuristic (docs/strength.md): heuristic rollouts, with
    # the iterations that cost about the same time
    bot_levels: ClassVar[dict[str, str]] = {**BOT_LEVELS, "easy": "ismcts:15:0.3s:heuristic",
                                            "medium": "ismcts:60:0.6s:heuristic", "hard": "ismcts:100:0.9s:heuristic"}
    card_codec: ClassVar[CardCodec] = CardCodec(CARD_TEXT, game="Trickster", hint="cards read like 'red Brigand'")

    name: ClassVar[str] = "trickster"
    title: ClassVar[str] = "Trickster: Champions of Time"
    title_ja: ClassVar[str] = "トリックスター：チャンピオンズ・オブ・タイム"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 7
    options_type: ClassVar[type[Any]] = TricksterOptions
    version: ClassVar[str] = "1"

    card_actions: list[list[Move]]
    seat_actions: list[Move]
    draft_actions: list[Move]

    def build_actions(self) -> list[Action]:
        actions: list[Action] = []
        self.card_actions = []
        for verb, word in enumerate(CARD_VERBS):
            row = [Move(len(actions) + c, f"{word} {CARD_TEXT[c]}", verb, c) for c in CARDS]
            self.card_actions.append(row)
            actions.extend(row)
        self.seat_actions = [Move(len(actions) + q, f"choose seat {q}", SEAT, q) for q in range(self.players)]
        actions.extend(self.seat_actions)
        self.draft_actions = [Move(len(actions) + h, f"draft {name}", DRAFT, h) for h, name in enumerate(HERO_NAMES)]
        actions.extend(self.draft_actions)
        return actions

    def heroes(self) -> tuple[int, ...] | None:
        """The 7 heroes fixed by the options, or None when the seed or a draft picks them."""
        deck = self.options.deck
        if isinstance(deck, str):
            return DECKS.get(deck)
        return tuple(sorted(HERO_INDEX[name] for name in deck))

    def uses_token(self) -> bool:
        """rules: the Trickster token for games of 3 or fewer players (option ``token``)."""
        token = self.options.token
        return (token == "up_to_three" and self.players <= 3) or (token == "two_only" and self.players == 2)

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

    def new_state(self, seed: int) -> Any:
        from tricktable.games.trickster.rules import TricksterState

        return TricksterState(self, seed)

    def card_action(self, verb: int, c: int) -> Move:
        return self.card_actions[verb][c]

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        from tricktable.games.trickster.text import describe_action

        return describe_action(action, lang, names, self.players)

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        from tricktable.games.trickster.text import describe_event

        return describe_event(event, lang, names, self.players)

    def why_not_text(self, reason: dict[str, Any], lang: str = "en", names: Sequence[str] | None = None) -> str:
        from tricktable.games.trickster.text import why_not_text

        return why_not_text(reason, lang, names, self.players)

    def reference(self, lang: str = "en") -> dict[str, Any]:
        from tricktable.games.trickster.text import reference

        return reference(self, lang)

    def prompt(self, view: dict[str, Any], lang: str = "en") -> str:
        from tricktable.games.trickster.text import prompt

        return prompt(view, lang)
