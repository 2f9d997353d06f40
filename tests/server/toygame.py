"""A tiny trick game for the server tests: hidden hands, a secret simultaneous bid, public tricks.

Registered as ``toytrick`` while the server tests run, so they never wait for the real games. Each player
is dealt ``hand`` cards ``C1``..; first everyone bids 0 or 1 at once and in secret; then ``hand`` tricks,
any card may be played, the highest card wins and leads next. A trick is a point; a right bid one more.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Self

from tricktable.engine import Action, Event, Game, Observation, Rng, State, option


@dataclasses.dataclass(frozen=True)
class ToyOptions:
    hand: int = option(3, tag="D", doc="cards dealt to each player", choices=(2, 3, 4))


class ToyTrick(Game[ToyOptions]):
    name = "toytrick"
    title = "Toy Trick"
    min_players = 2
    max_players = 4
    options_type = ToyOptions

    def build_actions(self) -> list[Action]:
        cards = self.players * self.options.hand
        return [Action(0, "bid 0"), Action(1, "bid 1"), *(Action(2 + c, f"play C{c + 1}") for c in range(cards))]

    def new_state(self, seed: int) -> ToyState:
        return ToyState(self, seed)

    def describe_action(self, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
        verb, _, what = action.text.partition(" ")
        if lang == "ja":
            return f"{what} を{'ビッド' if verb == 'bid' else '出す'}"
        return f"{'Bid' if verb == 'bid' else 'Play'} {what}"

    def describe_event(self, event: Event, lang: str = "en", names: Sequence[str] | None = None) -> str:
        data = event.data
        if event.kind == "deal":
            return f"You are dealt {' '.join(data['cards'])}."
        if event.kind == "bid":
            return f"Seat {data['seat']} bids" + (f" {data['bid']}." if "bid" in data else ".")
        if event.kind == "play":
            return f"Seat {data['seat']} plays {data['card']}."
        return f"Seat {data['seat']} wins the trick."


class ToyState(State):
    game: ToyTrick

    def __init__(self, game: ToyTrick, seed: int) -> None:
        super().__init__(game, seed)
        deck = list(range(game.players * game.options.hand))
        self.rng.shuffle(deck)
        size = game.options.hand
        self.hands = [sorted(deck[p * size:(p + 1) * size]) for p in range(game.players)]
        self.bids: list[int | None] = [None] * game.players
        self.trick: list[tuple[int, int]] = []
        self.leader = 0
        self.won = [0] * game.players
        for p, hand in enumerate(self.hands):
            self.log("deal", frozenset({p}), cards=[f"C{c + 1}" for c in hand])

    @property
    def actors(self) -> tuple[int, ...]:
        if None in self.bids:
            return tuple(p for p, b in enumerate(self.bids) if b is None)
        if not any(self.hands):
            return ()
        return ((self.leader + len(self.trick)) % self.players,)

    @property
    def round(self) -> int:
        return 1

    def _legal(self, player: int) -> list[Action]:
        if None in self.bids:
            return [self.game.actions[0], self.game.actions[1]]
        return [self.game.actions[2 + c] for c in self.hands[player]]

    def _step(self, action: Action, player: int) -> None:
        if action.index < 2:
            self.bids[player] = action.index
            self.log("bid", frozenset({player}), seat=player, bid=action.index)
            self.log("bid", frozenset(p for p in range(self.players) if p != player), seat=player)
            return
        card = action.index - 2
        self.hands[player].remove(card)
        self.trick.append((player, card))
        self.log("play", seat=player, card=f"C{card + 1}")
        if len(self.trick) == self.players:
            winner = max(self.trick, key=lambda t: t[1])[0]
            self.won[winner] += 1
            self.leader = winner
            self.trick = []
            self.log("take", seat=winner)

    def scores(self) -> list[float]:
        bonus = [1 if self.is_over and self.bids[p] == min(1, self.won[p]) else 0 for p in range(self.players)]
        return [float(w + b) for w, b in zip(self.won, bonus, strict=True)]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    def _observe(self, player: int | None) -> Observation:
        return {
            "phase": "bid" if None in self.bids else "play",
            "hand": [] if player is None else [f"C{c + 1}" for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [{"seat": p, "card": f"C{c + 1}"} for p, c in self.trick],
            "leader": self.leader if self.trick or None not in self.bids else None,
            "table": {"has_bid": [b is not None for b in self.bids], "won": list(self.won),
                      "bid": None if player is None else self.bids[player]},
        }

    def resample(self, player: int, rng: Rng) -> Self:
        twin = self.clone()
        others = [p for p in range(self.players) if p != player]
        pool = [c for p in others for c in twin.hands[p]]
        rng.shuffle(pool)
        for p in others:
            size = len(twin.hands[p])
            twin.hands[p], pool = sorted(pool[:size]), pool[size:]
            if twin.bids[p] is not None:
                twin.bids[p] = rng.choice([0, 1])
        return twin

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        self._copy_base(twin)
        twin.hands = [h.copy() for h in self.hands]
        twin.bids = self.bids.copy()
        twin.trick = self.trick.copy()
        twin.leader = self.leader
        twin.won = self.won.copy()
        return twin

    def all_cards(self) -> list[str]:
        return [f"C{c + 1}" for h in self.hands for c in h]


GAME = ToyTrick
