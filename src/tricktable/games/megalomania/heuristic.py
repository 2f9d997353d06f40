"""Megalomania's heuristic: play toward the round's mission, from the seat's observation only.

1. **What is this trick worth to me?** ``desire`` reads the mission (and its points' sign, option
   ``mission_points``): trick-count missions want a trick while short of their target and shun it after
   (exactly 3, exactly 1, 4 or more, odd/even, most tricks, none); card missions count the cards that
   would come with the trick (+1 a Blue card, -1 a Red card, Dwarfs and Wizards, the printed sum).
2. **Play**: for each legal play (card, power, cube) judge whether it wins the trick as it stands
   (dominant beats lead colour, the Dwarf's power makes the lowest win), how likely it is to hold (sure
   when we play last, else by its value and colour), and take the best ``desire x hold`` minus the cost of
   the crystal or cube spent. A cube is worth it only where +1 or -1 changes who wins; a power only where
   it does something for us: the Emperor protects a trick we want, the Dwarf's reversal helps a low card
   win. When we do not win, we shed high cards if we want no tricks and low ones otherwise.
3. **Other choices**: the Oracle turns into the lead colour when we want the trick (another colour when
   not); the Farmer names us when we want to lead; the Explorer gives back our most awkward card;
   preparation keeps the scrolls (an unused one is +2 at the end) and takes 1 crystal and 2 cubes;
   programmed orders (mission 15) put the strongest cards first; passes (25) give away the highest cards.
   Play-time scrolls (Free Power, Immunity) are kept for the same +2: when one is usable we still play
   the best card (before, such a decision fell through to a random action, 23% of play decisions).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.engine import Action, Game, Observation, Rng
from tricktable.games.megalomania import cards as C
from tricktable.games.megalomania.actions import COLOUR, GIVE, LEAD, PASS, PILE, PLAY, PROGRAM, READY, Move

CRYSTAL_COST = 0.35  # what spending a crystal must gain, in "tricks wanted" units
CUBE_COST = 0.2
EMPEROR, KNIGHT, WIZARD, DWARF, ASSASSIN = 15, 9, 7, 6, 2


def _card(text: str) -> tuple[int, int]:
    """(colour index, printed value) of a card text such as ``B15``."""
    card = C.card_from_text(text)
    return C.colour_of(card), C.value_of(card)


class _View:
    def __init__(self, obs: Observation) -> None:
        table = obs["table"]
        self.seat: int = obs["seat"]
        self.players: int = obs["players"]
        self.mission: int = table["mission"]["number"]
        self.points: int = table["mission_points"]
        self.dominant = C.COLOURS.index(table["dominant"])
        self.lead = C.COLOURS.index(table["lead_colour"]) if table["lead_colour"] else -1
        self.dwarf = bool(table["dwarf"])
        self.emperor = table["emperor"]
        self.tricks = table["tricks_won"]
        self.mine = self.tricks[self.seat]
        self.left = table["tricks_in_round"] - table["trick_number"] + 1  # this one included
        self.won_cards = [_card(t) for t in table["won_cards"][self.seat]]
        # (seat, colour, value) of the cards on the table
        self.trick = [(e["seat"], C.COLOURS.index(e["colour"]), int(e["value"])) for e in obs["trick"]]
        self.hand = [_card(t) for t in obs["hand"]]

    def count_desire(self) -> float:
        """How much one more trick helps, for the trick-count missions (0 for the others)."""
        m, k, sign = self.mission, self.mine, 1.0 if self.points >= 0 else -1.0
        if m in (1, 13, 14, 17):  # exactly N tricks
            target = {1: 3, 13: 1, 14: 2, 17: 2}[m]
            if sign > 0:
                return 1.0 if k < target else -1.0
            return -1.0 if k == target - 1 else 0.2
        if m in (5, 16):  # 4 or more
            return sign * (1.0 if k < 4 else 0.2)
        if m == 12:  # odd number of tricks: a trick flips the parity
            odd_after = (k + 1) % 2 == 1
            return sign * (1.0 if odd_after else -1.0)
        if m in (15, 18, 20, 21, 22, 23):  # most tricks, per trick, pairs, most cards
            return 1.0 if m != 21 else 0.8
        if m in (24, 25):  # no tricks, -1 a trick
            return -1.0 if m == 24 else sign
        if m == 2:  # all four colours: each trick brings colours
            have = {c for c, _ in self.won_cards}
            return -0.5 if len(have) >= 2 else -0.2
        return 0.0

    def card_desire(self, cards: list[tuple[int, int]]) -> float:
        """How much taking ``cards`` helps, for the card missions."""
        m, sign = self.mission, 1.0 if self.points >= 0 else -1.0
        if m in (3, 4, 9, 10):
            colour = {3: 0, 4: 1, 9: 2, 10: 3}[m]
            return sign * sum(1 for c, _ in cards if c == colour)
        if m == 6:  # took no Dwarf and no Wizard
            taken = any(v in (DWARF, WIZARD) for _, v in self.won_cards)
            return -2.0 if not taken and any(v in (DWARF, WIZARD) for _, v in cards) else 0.0
        if m == 19:
            return sign * sum(1 for _, v in cards if v in (DWARF, WIZARD))
        if m == 7:  # printed sum of a full trick 25 or less
            return 1.0 if sum(v for _, v in cards) <= 25 - 4 * (self.players - len(cards)) else -0.3
        if m == 11:
            return sum(v for _, v in cards) / 40.0
        if m == 8:
            return 1.0 if len({c for c, _ in cards}) >= min(4, self.players) else 0.0
        return 0.0


def _winner(view: _View, entries: list[tuple[int, int, int]], dwarf: bool) -> int:
    """Who wins ``entries`` (seat, colour, value) as they stand (Knight and Wizard ignored)."""
    lead = entries[0][1]
    dominant = [e for e in entries if e[1] == view.dominant]
    pool = dominant or [e for e in entries if e[1] == lead]
    if dwarf:
        return min(pool, key=lambda e: e[2])[0]
    best = pool[0]
    for e in pool[1:]:
        if e[2] > best[2]:  # equal values: the earlier card wins
            best = e
    return best[0]


def choose(obs: Observation, legal: Sequence[Action], game: Game[Any], rng: Rng) -> Action:
    """The heuristic's action among ``legal`` (see the module doc)."""
    moves = [a for a in legal if isinstance(a, Move)]
    if len(moves) != len(legal) or not moves:
        return rng.choice(legal)
    view = _View(obs)
    kind = moves[0].kind
    plays = [m for m in moves if m.kind == PLAY]
    if plays:  # play-time scrolls (Free Power, Immunity) stay unused: a scroll kept is +2 at the end
        return _play(view, plays)
    if kind == COLOUR:
        want = view.count_desire() + view.card_desire([(c, v) for _, c, v in view.trick]) > 0
        lead = view.lead
        for m in moves:
            if (m.arg == lead) == want:
                return m
        return moves[0]
    if kind == LEAD:
        want = view.count_desire() > 0
        target = view.seat if want else (view.seat + 1) % view.players
        return next((m for m in moves if m.arg == target), moves[0])
    if kind == GIVE:  # give back the card that would win a trick we do not want, or our weakest
        want = view.count_desire() > 0
        return min(moves, key=lambda m: _strength(view, m.card) * (1 if want else -1))
    if any(m.kind == READY for m in moves):  # preparation: keep scrolls, take 1 crystal and 2 cubes
        ready = [m for m in moves if m.kind == READY]
        return min(ready, key=lambda m: abs(m.arg - 1))
    if kind in (PROGRAM, PASS):  # strongest first; pass away the strongest cards
        return max(moves, key=lambda m: _strength(view, m.card))
    if kind == PILE:
        return min(moves, key=lambda m: _strength(view, m.card))
    return rng.choice(moves)


def _strength(view: _View, card: int) -> float:
    value = C.value_of(card)
    return value + (20 if C.colour_of(card) == view.dominant else 0)


def _play(view: _View, moves: list[Move]) -> Move:
    last = len(view.trick) == view.players - 1
    count_desire = view.count_desire()
    best, best_score = moves[0], -1e9
    for m in moves:
        colour, value = C.colour_of(m.card), C.value_of(m.card)
        modified = value + m.delta
        dwarf = view.dwarf or (m.power and value == DWARF)
        entries = [*view.trick, (view.seat, colour, modified)]
        cards = [(c, v) for _, c, v in entries]
        desire = count_desire + view.card_desire(cards)
        wins = _winner(view, entries, dwarf) == view.seat
        if wins:
            if last or (m.power and value == EMPEROR):
                hold = 1.0
            else:
                strength = modified / 16 + (0.4 if colour == view.dominant else 0.0)
                hold = min(1.0, 0.25 + 0.6 * strength) if not dwarf else 0.5
            score = desire * hold
        else:
            score = 0.0
            # shed high cards when tricks hurt, keep them when they help
            score += (0.02 if count_desire < 0 else -0.02) * (value + (8 if colour == view.dominant else 0))
        if m.power:
            useful = (value in (EMPEROR, DWARF) and wins and desire > 0) or value == ASSASSIN
            score -= CRYSTAL_COST if useful else CRYSTAL_COST + 1.0
        if m.delta:
            plain = _winner(view, [*view.trick, (view.seat, colour, value)], dwarf) == view.seat
            score -= CUBE_COST if plain != wins else CUBE_COST + 1.0
        if score > best_score:
            best, best_score = m, score
    return best
