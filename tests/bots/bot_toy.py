"""A tiny hidden-information game for testing bots without the real games: secret bids, then tricks.

Two rounds. Each round deals 3 of 10 cards (suits S and H, ranks 1-5) to each player; the rest stay hidden.
Every player bids 0-3 tricks at once and in secret (a simultaneous step); then three tricks, follow suit,
highest of the lead suit wins. Score: tricks won, plus 5 for an exact bid.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from tricktable.engine import Action, Game, Observation, Rng, State, option

CARDS = [f"{suit}{rank}" for suit in "SH" for rank in range(1, 6)]


@dataclass(frozen=True, slots=True)
class ToyOptions:
    rounds: int = option(2, tag="D", doc="rounds")


@dataclass(frozen=True, slots=True)
class Bid(Action):
    tricks: int


@dataclass(frozen=True, slots=True)
class Play(Action):
    card: int


class ToyGame(Game[ToyOptions]):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    options_type = ToyOptions

    def build_actions(self) -> list[Action]:
        bids: list[Action] = [Bid(i, f"bid {i}", i) for i in range(4)]
        return bids + [Play(4 + c, f"play {CARDS[c]}", c) for c in range(10)]

    def new_state(self, seed: int) -> ToyState:
        return ToyState(self, seed)


class ToyState(State):
    def __init__(self, game: ToyGame, seed: int) -> None:
        super().__init__(game, seed)
        self.number = 1
        self.totals = [0] * game.players
        self._deal()

    def _deal(self) -> None:
        n = self.game.players
        deck = list(range(10))
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[3 * p:3 * p + 3]) for p in range(n)]
        self.rest = deck[3 * n:]
        self.played: list[int] = []
        self.bids: list[int | None] = [None] * n
        self.won = [0] * n
        self.trick: list[tuple[int, int]] = []
        self.leader = (self.number - 1) % n
        self.voids: list[list[int]] = [[] for _ in range(n)]

    @property
    def actors(self) -> tuple[int, ...]:
        if self.number > self.game.options.rounds:
            return ()
        if None in self.bids:
            return tuple(p for p, b in enumerate(self.bids) if b is None)
        return ((self.leader + len(self.trick)) % self.game.players,)

    @property
    def round(self) -> int:
        return self.number

    def _legal(self, player: int) -> list[Action]:
        actions = self.game.actions
        if None in self.bids:
            return actions[0:4]
        hand = self.hands[player]
        if self.trick:
            lead = self.trick[0][1] // 5
            follow = [c for c in hand if c // 5 == lead]
            if follow:
                return [actions[4 + c] for c in follow]
        return [actions[4 + c] for c in hand]

    def _step(self, action: Action, player: int) -> None:
        n = self.game.players
        if isinstance(action, Bid):
            self.bids[player] = action.tricks
            if None not in self.bids:
                self.log("bids", bids=list(self.bids))
            return
        assert isinstance(action, Play)
        if self.trick and action.card // 5 != self.trick[0][1] // 5:
            self.voids[player].append(self.trick[0][1] // 5)
        self.hands[player].remove(action.card)
        self.trick.append((player, action.card))
        self.log("play", seat=player, card=CARDS[action.card])
        if len(self.trick) < n:
            return
        lead = self.trick[0][1] // 5
        winner = max((c, p) for p, c in self.trick if c // 5 == lead)[1]
        self.won[winner] += 1
        self.played.extend(c for _, c in self.trick)
        self.trick = []
        self.leader = winner
        if not self.hands[winner]:
            for p in range(n):
                self.totals[p] += self.won[p] + (5 if self.won[p] == self.bids[p] else 0)
            self.number += 1
            if self.number <= self.game.options.rounds:
                self._deal()

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        if self.actors:
            return []
        best = max(self.totals)
        return [p for p, t in enumerate(self.totals) if t == best]

    def _observe(self, player: int | None) -> Observation:
        revealed = None not in self.bids
        return {
            "phase": "bid" if not revealed else "play",
            "hand": [CARDS[c] for c in self.hands[player]] if player is not None else [],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [{"seat": p, "card": CARDS[c]} for p, c in self.trick],
            "leader": self.leader,
            "table": {"bids": list(self.bids) if revealed else [b is not None for b in self.bids],
                      "won": list(self.won), "voids": [list(v) for v in self.voids],
                      "played": sorted(CARDS[c] for c in self.played)},
        }

    def resample(self, player: int, rng: Rng) -> Self:
        twin = self.clone()
        others = [p for p in range(self.game.players) if p != player]
        pool = sorted([c for p in others for c in self.hands[p]] + self.rest)
        for _ in range(200):
            rng.shuffle(pool)
            at = 0
            for p in others:
                size = len(self.hands[p])
                twin.hands[p] = sorted(pool[at:at + size])
                at += size
            twin.rest = pool[at:]
            if all(c // 5 not in self.voids[p] for p in others for c in twin.hands[p]):
                break
        if None in self.bids:
            for p in others:
                if self.bids[p] is not None:
                    twin.bids[p] = rng.below(4)
        return twin

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        self._copy_base(twin)
        twin.number = self.number
        twin.totals = self.totals.copy()
        twin.hands = [h.copy() for h in self.hands]
        twin.rest = self.rest.copy()
        twin.played = self.played.copy()
        twin.bids = self.bids.copy()
        twin.won = self.won.copy()
        twin.trick = self.trick.copy()
        twin.leader = self.leader
        twin.voids = [v.copy() for v in self.voids]
        return twin

    def all_cards(self) -> list[str]:
        cards = [*self.rest, *self.played, *(c for h in self.hands for c in h), *(c for _, c in self.trick)]
        return [CARDS[c] for c in cards]


def new_toy(players: int = 3, seed: int = 0, **options: Any) -> ToyState:
    return ToyGame(players, **options).new_state(seed)
