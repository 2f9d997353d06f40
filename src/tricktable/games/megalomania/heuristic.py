"""Megalomania's heuristic: play toward the round's mission, from the seat's observation only.

1. **What is this trick worth to me?** ``desire`` reads the mission and its points (option
   ``mission_points``: the sign says whether to seek or shun, the size weighs the desire against the
   crystals, cubes and card strength it costs, 1 at the printed value): trick-count missions want a
   trick while short of their target and shun it after (exactly 3, exactly 1, 4 or more, odd/even,
   most tricks, none); card missions count the cards that would come with the trick (+1 a Blue card,
   -1 a Red card, Dwarfs and Wizards, the printed sum).
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
from tricktable.games.megalomania.actions import Entry, Kind, Move
from tricktable.games.megalomania.effects import (
    COUNTED_COLOUR,
    DWARVES_AND_WIZARDS,
    EXACT_TRICKS,
    NOWHERE,
    printed_sum,
    trick_winner,
)

CRYSTAL_COST = 0.35  # what spending a crystal must gain, in "tricks wanted" units
CUBE_COST = 0.2
EMPEROR, DWARF, ASSASSIN = C.EMPEROR, C.DWARF, C.ASSASSIN  # ranks


class _View:
    def __init__(self, obs: Observation) -> None:
        table = obs["table"]
        self.seat: int = obs["seat"]
        self.players: int = obs["players"]
        self.mission: int = table["mission"]["number"]
        self.points: int = table["mission_points"]
        # how much this mission's points weigh against a crystal or a cube: 1 at the printed value, so a
        # designer's mission at double points is chased harder and one at half points given up sooner
        printed = C.MISSION_POINTS[self.mission - 1] if 1 <= self.mission <= len(C.MISSION_POINTS) else 0
        self.weight = abs(self.points) / abs(printed) if printed else float(abs(self.points) > 0)
        self.dominant = C.COLOURS.index(table["dominant"])
        self.lead = C.COLOURS.index(table["lead_colour"]) if table["lead_colour"] else -1
        self.dwarf = bool(table["dwarf"])
        self.knight = NOWHERE if table["knight"] is None else int(table["knight"])
        self.emperor = table["emperor"]
        self.tricks = table["tricks_won"]
        self.mine = self.tricks[self.seat]
        self.left = table["tricks_in_round"] - table["trick_number"] + 1  # this one included
        self.won_cards = sum(1 << C.parse_card(t) for t in table["won_cards"][self.seat])
        # the cards on the table as the rules hold them: (seat, card, value, colour, power, cube)
        self.trick: list[Entry] = [(e["seat"], C.parse_card(e["card"]), int(e["value"]),
                                    C.COLOURS.index(e["colour"]), bool(e["power"]), int(e["cube"]))
                                   for e in obs["trick"]]

    def count_desire(self) -> float:
        """How much one more trick helps, for the trick-count missions (0 for the others)."""
        return self.weight * self._count_desire()

    def _count_desire(self) -> float:
        m, k, sign = self.mission, self.mine, 1.0 if self.points >= 0 else -1.0
        if m in EXACT_TRICKS:  # exactly N tricks
            target = EXACT_TRICKS[m]
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
            have = sum(1 for colour in C.COLOUR_MASKS if self.won_cards & colour)
            return -0.5 if have >= 2 else -0.2
        return 0.0

    def card_desire(self, cards: int, count: int) -> float:
        """How much taking ``cards`` (a mask of ``count`` cards) helps, for the card missions."""
        return self.weight * self._card_desire(cards, count)

    def _card_desire(self, cards: int, count: int) -> float:
        m, sign = self.mission, 1.0 if self.points >= 0 else -1.0
        if m in COUNTED_COLOUR:
            return sign * (cards & COUNTED_COLOUR[m]).bit_count()
        if m == 6:  # took no Dwarf and no Wizard
            taken = self.won_cards & DWARVES_AND_WIZARDS
            return -2.0 if not taken and cards & DWARVES_AND_WIZARDS else 0.0
        if m == 19:
            return sign * (cards & DWARVES_AND_WIZARDS).bit_count()
        if m == 7:  # printed sum of a full trick 25 or less
            return 1.0 if printed_sum(cards) <= 25 - 4 * (self.players - count) else -0.3
        if m == 11:
            return printed_sum(cards) / 40.0
        if m == 8:
            return 1.0 if sum(1 for colour in C.COLOUR_MASKS if cards & colour) >= min(4, self.players) else 0.0
        return 0.0

    def winner(self, entries: list[Entry], dwarf: bool) -> int:
        """The seat that wins ``entries`` as they stand (the rules' ``trick_winner``)."""
        lead = self.lead if self.lead >= 0 else entries[0][3]
        return entries[trick_winner(entries, lead, self.dominant, self.knight, dwarf)][0]


def choose(obs: Observation, legal: Sequence[Action], game: Game[Any], rng: Rng) -> Action:
    """The heuristic's action among ``legal`` (see the module doc)."""
    moves = [a for a in legal if isinstance(a, Move)]
    if len(moves) != len(legal) or not moves:
        return rng.choice(legal)
    view = _View(obs)
    kind = moves[0].kind
    plays = [m for m in moves if m.kind == Kind.PLAY]
    if plays:  # play-time scrolls (Free Power, Immunity) stay unused: a scroll kept is +2 at the end
        return _play(view, plays)
    if kind == Kind.COLOUR:
        on_table = sum(1 << e[1] for e in view.trick)
        want = view.count_desire() + view.card_desire(on_table, len(view.trick)) > 0
        lead = view.lead
        for m in moves:
            if (m.arg == lead) == want:
                return m
        return moves[0]
    if kind == Kind.LEAD:
        want = view.count_desire() > 0
        target = view.seat if want else (view.seat + 1) % view.players
        return next((m for m in moves if m.arg == target), moves[0])
    if kind == Kind.GIVE:  # give back the card that would win a trick we do not want, or our weakest
        want = view.count_desire() > 0
        return min(moves, key=lambda m: _strength(view, m.card) * (1 if want else -1))
    if any(m.kind == Kind.READY for m in moves):  # preparation: keep scrolls, take 1 crystal and 2 cubes
        ready = [m for m in moves if m.kind == Kind.READY]
        return min(ready, key=lambda m: abs(m.arg - 1))
    if kind in (Kind.PROGRAM, Kind.PASS):  # strongest first; pass away the strongest cards
        return max(moves, key=lambda m: _strength(view, m.card))
    if kind == Kind.PILE:
        return min(moves, key=lambda m: _strength(view, m.card))
    return rng.choice(moves)


def _strength(view: _View, card: int) -> float:
    value = C.value_of(card)
    return value + (20 if C.colour_of(card) == view.dominant else 0)


def _play(view: _View, moves: list[Move]) -> Move:
    last = len(view.trick) == view.players - 1
    count_desire = view.count_desire()
    on_table = sum(1 << e[1] for e in view.trick)
    best, best_score = moves[0], -1e9
    for m in moves:
        colour, value = m.colour, m.value
        modified = value + m.delta
        dwarf = view.dwarf or (m.power and m.rank == DWARF)
        entries = [*view.trick, (view.seat, m.card, modified, colour, m.power, m.delta)]
        desire = count_desire + view.card_desire(on_table | m.bit, len(entries))
        wins = view.winner(entries, dwarf) == view.seat
        if wins:
            if last or (m.power and m.rank == EMPEROR):
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
            useful = (m.rank in (EMPEROR, DWARF) and wins and desire > 0) or m.rank == ASSASSIN
            score -= CRYSTAL_COST if useful else CRYSTAL_COST + 1.0
        if m.delta:
            plain = view.winner([*view.trick, (view.seat, m.card, value, colour, False, 0)], dwarf) == view.seat
            score -= CUBE_COST if plain != wins else CUBE_COST + 1.0
        if score > best_score:
            best, best_score = m, score
    return best


def reason(obs: Observation, action: Action, game: Game[Any]) -> tuple[str, dict[str, Any]]:
    """Why these rules of thumb would play ``action`` (or what it risks): a key of ``text.REASONS`` and its
    values. Hints and reviews word it (``bots.hints``)."""
    if not isinstance(action, Move):
        return "other", {}
    view = _View(obs)
    m = action
    if m.kind == Kind.PLAY:
        dwarf = view.dwarf or (m.power and m.rank == DWARF)
        entries = [*view.trick, (view.seat, m.card, m.value + m.delta, m.colour, m.power, m.delta)]
        on_table = sum(1 << e[1] for e in view.trick)
        desire = view.count_desire() + view.card_desire(on_table | m.bit, len(entries))
        wins = view.winner(entries, dwarf) == view.seat
        if m.power and m.rank == EMPEROR and wins:
            return "emperor", {}
        if m.power and m.rank == DWARF and wins:
            return "dwarf", {}
        if m.delta and wins != (view.winner([*view.trick, (view.seat, m.card, m.value, m.colour, False, 0)],
                                            dwarf) == view.seat):
            return "cube_takes" if wins else "cube_loses", {}
        if wins:
            if desire <= 0:
                return "takes_unwanted", {}
            return "takes_dominant" if m.colour == view.dominant else "takes", {}
        return ("sheds_high", {}) if desire < 0 or view.count_desire() < 0 else ("keeps_strong", {})
    if m.kind == Kind.COLOUR:
        on_table = sum(1 << e[1] for e in view.trick)
        want = view.count_desire() + view.card_desire(on_table, len(view.trick)) > 0
        if (m.arg == view.lead) != want:
            return "colour_against", {}
        return ("colour_take" if want else "colour_avoid"), {}
    if m.kind == Kind.LEAD:
        return ("lead_self" if m.arg == view.seat else "lead_other"), {"seat": m.arg}
    if m.kind == Kind.GIVE:
        return "give", {}
    if m.kind == Kind.READY:
        return "ready", {}
    if m.kind in (Kind.PROGRAM, Kind.PASS):
        return ("program" if m.kind == Kind.PROGRAM else "pass"), {}
    if m.kind == Kind.PILE:
        return "pile", {}
    return "other", {}
