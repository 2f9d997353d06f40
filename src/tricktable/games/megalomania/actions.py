"""Megalomania's action space: one interned ``Move`` per choice, built once per game.

Grammar (canonical text; ``C`` a card such as ``B15``):

- ``play C`` plays a card; suffix ``*`` activates its power with a crystal (or Free Power), ``+``/``-`` spends
  a cube to raise/lower its value by 1; both together as ``play C*+`` / ``play C*-``.
- ``colour X`` the Oracle's new colour (X in B/Y/R/K); ``lead N`` the Farmer's next leader (seat N);
  ``give C`` the card the Explorer gives back for the discovered one; ``decline`` keeps the hand
  (option ``explorer_may_decline``).
- Preparation: ``use <scroll>`` (extra-crystal, extra-cube, double-cube, first-lead, insight; during play
  free-power, immunity), ``redeal C`` (swap C for a random out-of-play card), ``redeal scroll`` (none out
  of play: draw a scroll instead), then ``ready K/U``: K crystals and U cubes from the round's tokens.
- Mission steps: ``program C`` (15: the next card of your fixed order), ``pile C`` (24: put C in your first
  pile), ``pick 1``/``pick 2`` (24: the pile your neighbour plays with), ``pass C`` (25).

Index layout: play actions first at ``card * 6 + variant``, so legal play lists are built from index
arithmetic over prebuilt lists.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable.engine import Action
from tricktable.games.megalomania.cards import CARD_TEXT, COLOURS, DECK, REDEAL, SCROLLS, VALUES

PLAY, COLOUR, LEAD, GIVE, DECLINE, READY, USE, REDEAL_CARD, REDEAL_SCROLL, PROGRAM, PILE, PICK, PASS = range(13)
# play variants: (suffix, power, cube delta)
VARIANTS: tuple[tuple[str, bool, int], ...] = (
    ("", False, 0), ("*", True, 0), ("+", False, 1), ("-", False, -1), ("*+", True, 1), ("*-", True, -1))


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Move(Action):
    """An action: ``kind`` (PLAY, COLOUR, ...), the ``card`` it names (or -1) and a small ``arg``
    (colour, seat, crystals, scroll or pile). Play actions also carry ``power`` and ``delta`` (cube)."""

    kind: int = PLAY
    card: int = -1
    arg: int = 0
    power: bool = False
    delta: int = 0
    # derived from ``card`` for the hot path: rank, colour and printed value (-1 without a card)
    rank: int = -1
    colour: int = -1
    value: int = 0
    bit: int = 0


@dataclass(frozen=True, slots=True)
class Table:
    """The whole action list plus the lookup lists the rules use to hand out legal actions fast."""

    actions: list[Move]
    # plays[card][power_ok | cube_ok << 1]: the play actions of ``card`` under those permissions
    plays: list[list[list[Move]]]
    # powered[card][cube_ok]: only the power-activated plays (an off-colour Assassin)
    powered: list[list[list[Move]]]
    colour: list[Move]
    lead: list[Move]
    give: list[Move]
    decline: Move
    ready: list[Move]  # by crystals taken
    use: dict[int, Move]  # by scroll
    redeal: list[Move]
    redeal_scroll: Move
    program: list[Move]
    pile: list[Move]
    pick: list[Move]
    passes: list[Move]


def build(players: int, resources: int) -> Table:
    actions: list[Move] = []

    def add(text: str, kind: int, card: int = -1, arg: int = 0, power: bool = False, delta: int = 0) -> Move:
        rank, colour, value, bit = (card & 7, card >> 3, VALUES[card & 7], 1 << card) if card >= 0 else (-1, -1, 0, 0)
        move = Move(len(actions), text, kind, card, arg, power, delta, rank, colour, value, bit)
        actions.append(move)
        return move

    for card in range(DECK):
        for v, (suffix, power, delta) in enumerate(VARIANTS):
            add(f"play {CARD_TEXT[card]}{suffix}", PLAY, card, v, power, delta)
    plays: list[list[list[Move]]] = []
    powered: list[list[list[Move]]] = []
    for card in range(DECK):
        row = actions[card * 6: card * 6 + 6]
        plays.append([[row[0]], [row[0], row[1]], [row[0], row[2], row[3]], row[:]])
        powered.append([[row[1]], [row[1], row[4], row[5]]])
    colour = [add(f"colour {c}", COLOUR, arg=i) for i, c in enumerate(COLOURS)]
    lead = [add(f"lead {s}", LEAD, arg=s) for s in range(players)]
    give = [add(f"give {CARD_TEXT[c]}", GIVE, c) for c in range(DECK)]
    decline = add("decline", DECLINE)
    ready = [add(f"ready {k}/{resources - k}", READY, arg=k) for k in range(resources, -1, -1)]
    ready.reverse()
    use = {i: add(f"use {s.name}", USE, arg=i) for i, s in enumerate(SCROLLS) if i != REDEAL}
    redeal = [add(f"redeal {CARD_TEXT[c]}", REDEAL_CARD, c) for c in range(DECK)]
    redeal_scroll = add("redeal scroll", REDEAL_SCROLL)
    program = [add(f"program {CARD_TEXT[c]}", PROGRAM, c) for c in range(DECK)]
    pile = [add(f"pile {CARD_TEXT[c]}", PILE, c) for c in range(DECK)]
    pick = [add(f"pick {i + 1}", PICK, arg=i) for i in range(2)]
    passes = [add(f"pass {CARD_TEXT[c]}", PASS, c) for c in range(DECK)]
    return Table(actions, plays, powered, colour, lead, give, decline, ready, use, redeal, redeal_scroll,
                 program, pile, pick, passes)
