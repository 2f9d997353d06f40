"""A tiny game with what makes our real games hard to wrap: a simultaneous secret choice, cards drawn at
random mid-game from the state's RNG, hidden hands and a resampler. The env tests run on it whatever
real games are installed.

Rules: 12 cards ``c1``..``c12``; 3 in each hand, the rest a face-down deck. Everyone first bids 0-3
tricks at once, in secret (a bid is shown when all have bid). Then 3 tricks: each plays any card, the
highest wins; the winner draws a card from the deck (only they see it). Score: tricks won, +2 for
winning exactly the bid.
"""

from __future__ import annotations

import dataclasses
from typing import Self

from tricktable.engine import Action, Game, Observation, Rng, State, option

TRICKS = 3


@dataclasses.dataclass(frozen=True)
class ToyOptions:
    bonus: int = option(2, tag="D", doc="points for winning exactly your bid", choices=(0, 1, 2, 3))
    order: tuple[int, ...] = option((), tag="D", doc="first leader per game seed parity (test of a list option)")


class Toy(Game[ToyOptions]):
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    options_type = ToyOptions

    def build_actions(self) -> list[Action]:
        bids = [Action(i, f"bid {i}") for i in range(TRICKS + 1)]
        return bids + [Action(len(bids) + c - 1, f"play c{c}") for c in range(1, 13)]

    def new_state(self, seed: int) -> ToyState:
        return ToyState(self, seed)


class ToyState(State):
    def __init__(self, game: Toy, seed: int) -> None:
        super().__init__(game, seed)
        deck = list(range(1, 13))
        self.rng.shuffle(deck)
        n = game.players
        self.hands = [sorted(deck[3 * p:3 * p + 3]) for p in range(n)]
        self.deck = deck[3 * n:]
        self.bids: list[int | None] = [None] * n
        self.trick: list[tuple[int, int]] = []
        self.tricks_won = [0] * n
        self.played = 0
        self.leader = self.rng.below(n)

    @property
    def actors(self) -> tuple[int, ...]:
        if None in self.bids:
            return tuple(p for p, b in enumerate(self.bids) if b is None)
        if self.played == TRICKS:
            return ()
        return ((self.leader + len(self.trick)) % self.players,)

    @property
    def round(self) -> int:
        return 1

    def _legal(self, player: int) -> list[Action]:
        if None in self.bids:
            return self.game.actions[:TRICKS + 1]
        return [self.game.actions[TRICKS + c] for c in self.hands[player]]

    def _step(self, action: Action, player: int) -> None:
        if action.index <= TRICKS:
            self.bids[player] = action.index
            self.log("bid", frozenset({player}), seat=player, bid=action.index)
            if None not in self.bids:
                self.log("bids", bids=list(self.bids))
            return
        card = action.index - TRICKS
        self.hands[player].remove(card)
        self.trick.append((player, card))
        self.log("play", seat=player, card=f"c{card}")
        if len(self.trick) == self.players:
            winner = max(self.trick, key=lambda pc: pc[1])[0]
            self.tricks_won[winner] += 1
            self.trick = []
            self.leader = winner
            self.played += 1
            if self.deck:
                drawn = self.deck.pop(self.rng.below(len(self.deck)))
                self.hands[winner].append(drawn)
                self.hands[winner].sort()
                self.log("draw", frozenset({winner}), seat=winner, card=f"c{drawn}")

    def scores(self) -> list[float]:
        bonus = self.game.options.bonus if self.played == TRICKS else 0  # bids stay secret until the end
        return [float(t + (bonus if t == b else 0)) for t, b in zip(self.tricks_won, self.bids, strict=True)]

    def winners(self) -> list[int]:
        if not self.is_over:
            return []
        scores = self.scores()
        return [p for p, s in enumerate(scores) if s == max(scores)]

    def _observe(self, player: int | None) -> Observation:
        revealed = None not in self.bids
        return {
            "phase": "bid" if not revealed else "play",
            "hand": [] if player is None else [f"c{c}" for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "trick": [{"seat": s, "card": f"c{c}"} for s, c in self.trick],
            "leader": self.leader if revealed else None,
            "table": {"bids": [b if revealed or p == player else None for p, b in enumerate(self.bids)],
                      "tricks_won": list(self.tricks_won), "deck": len(self.deck)},
        }

    def resample(self, player: int, rng: Rng) -> Self:
        twin = self.clone()
        others = [p for p in range(self.players) if p != player]
        pool = [c for p in others for c in twin.hands[p]] + twin.deck
        rng.shuffle(pool)
        for p in others:
            size = len(twin.hands[p])
            twin.hands[p], pool = sorted(pool[:size]), pool[size:]
            if None in self.bids and twin.bids[p] is not None:
                twin.bids[p] = rng.below(TRICKS + 1)  # a secret bid not yet shown
        twin.deck = pool
        twin.rng = Rng(rng.next64())  # the future draws are hidden too
        return twin

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        self._copy_base(twin)
        twin.hands = [h.copy() for h in self.hands]
        twin.deck = self.deck.copy()
        twin.bids = self.bids.copy()
        twin.trick = self.trick.copy()
        twin.tricks_won = self.tricks_won.copy()
        twin.played = self.played
        twin.leader = self.leader
        return twin

    def all_cards(self) -> list[str]:
        cards = [c for h in self.hands for c in h] + self.deck + [c for _, c in self.trick]
        return [f"c{c}" for c in cards]


GAME = Toy
