"""The one toy game of the tests: small, fast and configurable, with what makes our real games hard.

It has a simultaneous secret choice (everyone bids 0..``bids`` tricks at once, through the engine's
``HiddenChoice``; shown when all have bid), hidden hands, cards drawn at random mid-game from the state's
generator (``draw``), follow-suit inferences (``suits=2``: a seat that does not follow is known void) and an
honest resampler on the engine's sampler. Rules: each round deals ``hand`` cards to each seat from a deck
of ``deck`` cards (0: just the hands); ``hand`` tricks follow, the highest card of the led suit wins and
leads next, and with ``draw`` the winner draws a card from the rest of the deck (only they see it).
A round scores the tricks won, plus ``bonus`` when the bid equals the tricks won (capped at the highest
bid). Cards read ``C1``..``C12`` (one suit) or ``S1``..``H5`` (two suits).

Presets (``preset``: settings that the options given override): ``Toy`` itself (the env and engine tests:
bids 0-3, draws), ``ToyTrick`` (the server tests, registered as ``toytrick``: all cards dealt, bids 0-1,
the one option ``hand``) and ``BotToy`` (the bot tests: two suits, follow suit, two rounds, no draws).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, ClassVar, Self

from tricktable.engine import Action, BadOptions, Event, Game, Observation, Rng, State, option, sampling
from tricktable.engine import options as opts
from tricktable.engine.cards import cards_of, mask_of
from tricktable.engine.hidden import CLOSED, HiddenChoice, only


@dataclasses.dataclass(frozen=True)
class ToyOptions:
    hand: int = option(3, tag="D", doc="cards dealt to each player", choices=(1, 2, 3, 4))
    deck: int = option(12, tag="D", doc="cards in the deck (0: just the hands)", choices=(0, 4, 6, 10, 12, 16))
    suits: int = option(1, tag="D", doc="suits; with 2 a player must follow the led suit", choices=(1, 2))
    bids: int = option(3, tag="D", doc="the highest bid, made at once and in secret (0: no bids)",
                       choices=(0, 1, 2, 3))
    bonus: int = option(2, tag="D", doc="points for winning as many tricks as bid", choices=(0, 1, 2, 3, 5))
    draw: bool = option(True, tag="D", doc="the winner of a trick draws a secret card from the deck")
    rounds: int = option(1, tag="D", doc="rounds, each a new deal", choices=(1, 2))
    order: tuple[int, ...] = option((), tag="D", doc="a list option, for tests of list options")
    label: str = option("x", tag="P", doc="free text, for tests of text options")


class Toy(Game[ToyOptions]):
    """The toy game (see the module doc); the presets below change only names and default options."""

    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 4
    options_type: Any = ToyOptions
    preset: ClassVar[dict[str, Any]] = {}  # a preset's settings; the options it was given override them

    def check_options(self) -> None:
        # every setting, as ToyOptions: the preset's, then the options given (those changed from their defaults)
        self.rules = ToyOptions(**{**self.preset, **opts.changed(self.options)})
        o = self.rules
        if o.deck and o.deck < self.players * o.hand:
            raise BadOptions(f"a deck of {o.deck} cannot deal {o.hand} cards to {self.players} players")
        if self.size % o.suits:
            raise BadOptions(f"{self.size} cards do not split into {o.suits} suits")

    @property
    def size(self) -> int:
        return self.rules.deck or self.players * self.rules.hand

    def card_text(self, card: int) -> str:
        per_suit = self.size // self.rules.suits
        suit = "C" if self.rules.suits == 1 else "SH"[card // per_suit]
        return f"{suit}{card % per_suit + 1}"

    def build_actions(self) -> list[Action]:
        bids = [Action(i, f"bid {i}") for i in range(self.rules.bids + 1)] if self.rules.bids else []
        return bids + [Action(len(bids) + c, f"play {self.card_text(c)}") for c in range(self.size)]

    def new_state(self, seed: int) -> ToyState:
        return ToyState(self, seed)

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        verb, _, what = action.text.partition(" ")
        if lang == "ja":
            return f"{what} を{'ビッド' if verb == 'bid' else '出す'}"
        return f"{'Bid' if verb == 'bid' else 'Play'} {what}"

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        data = event.data
        lines = {
            "deal": lambda: f"You are dealt {' '.join(data['cards'])}.",
            "bid": lambda: f"Seat {data['seat']} bids" + (f" {data['bid']}." if "bid" in data else "."),
            "bids": lambda: f"Bids: {data['bids']}.",
            "play": lambda: f"Seat {data['seat']} plays {data['card']}.",
            "take": lambda: f"Seat {data['seat']} wins the trick.",
            "draw": lambda: f"Seat {data['seat']} draws {data['card']}.",
            "round_scored": lambda: f"Round {data['round']}: {data['points']}.",
            "game_over": lambda: f"Game over: {data['scores']}.",
        }
        return lines[event.kind]()


@dataclasses.dataclass(frozen=True)
class ToyTrickOptions:
    hand: int = option(3, tag="D", doc="cards dealt to each player", choices=(2, 3, 4))


class ToyTrick(Toy):
    """The toy as the server tests play it: every card dealt, a secret bid of 0 or 1, only ``hand`` to choose."""

    name = "toytrick"
    title = "Toy Trick"
    options_type = ToyTrickOptions
    preset: ClassVar[dict[str, Any]] = {"deck": 0, "bids": 1, "bonus": 1, "draw": False}


class BotToy(Toy):
    """The toy as the bot tests play it: follow suit (so a seat can be known void), two rounds, no draws."""

    max_players = 3
    preset: ClassVar[dict[str, Any]] = {"deck": 10, "suits": 2, "bonus": 5, "draw": False, "rounds": 2}


class ToyState(State):
    game: Toy

    def __init__(self, game: Toy, seed: int) -> None:
        super().__init__(game, seed)
        self.round_no = 1
        self.totals = [0] * self.players
        self._deal()

    def _deal(self) -> None:
        n, o = self.players, self.game.rules
        deck = list(range(self.game.size))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[o.hand * p:o.hand * (p + 1)]) for p in range(n)]
        self.rest = sorted(deck[o.hand * n:])  # face down
        self.played: list[int] = []
        self.trick: list[tuple[int, int]] = []
        self.won = [0] * n
        self.tricks = 0
        self.voids = [0] * n  # suits (bit per suit) each seat is known to lack
        self.leader = (self.round_no - 1) % n
        self.choice = HiddenChoice.open(n) if o.bids else CLOSED
        self.bids: tuple[int, ...] = ()  # shown when everyone has bid
        text = self.game.card_text
        for p, hand in enumerate(self.hands):
            self.log("deal", only(p), cards=[text(c) for c in hand])

    @property
    def actors(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.choice.waiting:
            return self.choice.waiting
        return ((self.leader + len(self.trick)) % self.players,)

    def suit(self, card: int) -> int:
        return card * self.game.rules.suits // self.game.size

    def _legal(self, player: int) -> list[Action]:
        actions = self.game.actions
        if self.choice.waiting:
            return actions[:self.game.rules.bids + 1]
        first = len(actions) - self.game.size
        hand = self.hands[player]
        if self.trick:
            lead = self.suit(self.trick[0][1])
            follow = [c for c in hand if self.suit(c) == lead]
            if follow:
                return [actions[first + c] for c in follow]
        return [actions[first + c] for c in hand]

    def _step(self, action: Action, player: int) -> None:
        n, o, text = self.players, self.game.rules, self.game.card_text
        if self.choice.waiting:
            self.choice = self.choice.choose(player, action.index)
            self.log("bid", only(player), seat=player, bid=action.index)
            self.log("bid", frozenset(p for p in range(n) if p != player), seat=player)
            if self.choice.is_complete:
                self.bids = self.choice.picks
                self.choice = CLOSED
                self.log("bids", bids=list(self.bids))
            return
        card = action.index - (len(self.game.actions) - self.game.size)
        if self.trick and self.suit(card) != self.suit(self.trick[0][1]):
            self.voids[player] |= 1 << self.suit(self.trick[0][1])
        self.hands[player].remove(card)
        self.trick.append((player, card))
        self.log("play", seat=player, card=text(card))
        if len(self.trick) < n:
            return
        lead = self.suit(self.trick[0][1])
        winner = max((c, p) for p, c in self.trick if self.suit(c) == lead)[1]
        self.won[winner] += 1
        self.played.extend(c for _, c in self.trick)
        self.trick = []
        self.leader = winner
        self.tricks += 1
        self.log("take", seat=winner)
        if o.draw and self.rest and self.tricks < o.hand:
            drawn = self.rest.pop(self.rng.below(len(self.rest)))
            self.hands[winner].append(drawn)
            self.hands[winner].sort()
            self.log("draw", only(winner), seat=winner, card=text(drawn))
        if self.tricks == o.hand:
            self._end_round()

    def _points(self) -> list[int]:
        o = self.game.rules
        return [w + (o.bonus if self.bids and self.bids[p] == min(w, o.bids) else 0) for p, w in enumerate(self.won)]

    def _end_round(self) -> None:
        points = self._points()
        self.totals = [t + x for t, x in zip(self.totals, points, strict=True)]
        self.log("round_scored", round=self.round_no, points=points)
        self.round_no += 1
        if self.round_no <= self.game.rules.rounds:
            self._deal()
            return
        self.round_no -= 1  # the last round stays the current one
        self.over = True
        self.log("game_over", scores=self.scores(), winners=self.winners())

    over = False

    @property
    def round(self) -> int:
        return self.round_no

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        if not self.over:
            return []
        best = max(self.totals)
        return [p for p, t in enumerate(self.totals) if t == best]

    def _observe(self, player: int | None) -> Observation:
        text = self.game.card_text
        bidding = bool(self.choice.waiting)
        return {
            "phase": "bid" if bidding else "play",
            "hand": [text(c) for c in self.hands[player]] if player is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [{"seat": p, "card": text(c)} for p, c in self.trick],
            "leader": None if bidding else self.leader,
            "table": {"has_bid": [p not in self.choice.waiting for p in range(self.players)],
                      "bids": list(self.bids) if self.bids else None,
                      "bid": None if player is None else self._bid_of(player),
                      "won": list(self.won), "voids": list(self.voids), "deck": len(self.rest),
                      "played": sorted(text(c) for c in self.played)},
        }

    def _bid_of(self, player: int) -> int | None:
        """``player``'s own bid (None before it is made, or in a game without bids)."""
        if self.bids:
            return self.bids[player]
        pick = self.choice.pick(player) if self.choice.waiting else -1
        return None if pick < 0 else pick

    def resample(self, player: int, rng: Rng) -> Self:
        """Others' hands and the deck redrawn (a seat known void in a suit gets none of it), and others'
        secret bids: on the engine's ``sampling.world`` and ``sampling.deal``."""
        world = sampling.world(self, rng)
        others = [p for p in range(self.players) if p != player]
        per_suit = self.game.size // self.game.rules.suits
        suit_masks = [((1 << per_suit) - 1) << (s * per_suit) for s in range(self.game.rules.suits)]
        pool = mask_of([*self.rest, *(c for p in others for c in self.hands[p])])
        allowed = [pool & ~sum(m for s, m in enumerate(suit_masks) if self.voids[p] >> s & 1) for p in others]
        dealt = sampling.deal(pool, [len(self.hands[p]) for p in others] + [len(self.rest)], rng, [*allowed, pool])
        if dealt is not None:
            for p, mask in zip(others, dealt, strict=False):
                world.hands[p] = cards_of(mask)
            world.rest = cards_of(dealt[-1])
        if self.choice.waiting:
            world.choice = self.choice.redrawn(player, lambda q: rng.below(self.game.rules.bids + 1))
        return world

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        twin.__dict__.update(self.__dict__)  # ints, tuples (bids, the choice) and the game
        self._copy_base(twin)
        twin.totals = self.totals.copy()
        twin.hands = [h.copy() for h in self.hands]
        twin.rest = self.rest.copy()
        twin.played = self.played.copy()
        twin.trick = self.trick.copy()
        twin.won = self.won.copy()
        twin.voids = self.voids.copy()
        return twin

    def all_cards(self) -> list[str]:
        cards = [*self.rest, *self.played, *(c for h in self.hands for c in h), *(c for _, c in self.trick)]
        return [self.game.card_text(c) for c in cards]


GAME = Toy
