"""Gundam Masquerade's tensor: the common pieces plus the public table (``table`` of ``observe``).

Game pieces (seats relative to the observer; ``C`` = 72 cards, colours in the order R, K, B, G):

=================  ======  ==================================================================
piece              shape   meaning
=================  ======  ==================================================================
``won``            (n, C)  the cards each seat has won (face up, public)
``known_in_hand``  (n, C)  cards known to be in a hand (a card withdrawn after a challenge)
``void``           (n, 4)  colours a seat has shown it lacks (a failed challenge)
``lead_colour``    (4,)    this turn's lead colour
``trick_numbers``  (T,)    each played card's number as it counts this turn (after +-2 effects)
``trick_follows``  (T,)    1 where the played card follows the lead colour
``reversed``       (1,)    B16 was played this turn
``challenged``     (n,)    the seat whose card is (being) challenged
``challenger``     (n,)    the seat who challenged
``success``        (2,)    the challenge succeeded / failed (both 0 before it is answered)
``option``         (4,)    the option chosen after the challenge: A, B, C, D
``giver``          (n,)    who gives cards under that option
``receiver``       (n,)    who receives them
``move_colour``    (4,)    the colour being moved
``moved``          (1,)    cards moved so far
``picker``         (n,)    the lowest player, who picks one card of the trick
``taker``          (n,)    the highest player, who takes the rest
``out_of_game``    (1,)    cards out of the game (unseen)
=================  ======  ==================================================================
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Observation
from tricktable.envs.encoding import Encoder, Layout, Tensor
from tricktable.games.masquerade.cards import COLOURS, TEXT

OPTIONS = "ABCD"


class MasqueradeEncoder(Encoder):
    phases = ("play", "challenge", "replay", "option", "colour", "pick", "target", "take", "over")

    def max_decisions(self) -> int:
        # at most all 72 cards are played; with its challenge offers, options, moves and the pick a
        # card costs far fewer than 20 decisions
        return 72 * 20

    def card_names(self) -> list[str]:
        return list(TEXT)

    def table_layout(self) -> Layout:
        n, c, t = self.players, len(self.cards), self.trick_slots
        return [
            ("won", (n, c)), ("known_in_hand", (n, c)), ("void", (n, 4)), ("lead_colour", (4,)),
            ("trick_numbers", (t,)), ("trick_follows", (t,)), ("reversed", (1,)), ("challenged", (n,)),
            ("challenger", (n,)), ("success", (2,)), ("option", (4,)), ("giver", (n,)), ("receiver", (n,)),
            ("move_colour", (4,)), ("moved", (1,)), ("picker", (n,)), ("taker", (n,)), ("out_of_game", (1,)),
        ]

    def fill_table(self, views: dict[str, Tensor], observation: Observation) -> None:
        me = observation["seat"]
        table: dict[str, Any] = observation["table"]
        for seat in range(self.players):
            at = self.relative(seat, me)
            self.mark_cards(views["won"][at], table["won"][seat])
            self.mark_cards(views["known_in_hand"][at], table["known_in_hand"][seat])
            for colour in table["void"][seat]:
                views["void"][at, COLOURS.index(colour)] = 1.0
        if table["lead_colour"] is not None:
            views["lead_colour"][COLOURS.index(table["lead_colour"])] = 1.0
        for slot, played in enumerate(observation["trick"][:self.trick_slots]):
            views["trick_numbers"][slot] = played["number"]
            views["trick_follows"][slot] = float(played["follows"])
        views["reversed"][0] = float(table["b16"])
        challenge = table["challenge"]
        if challenge is not None:
            self.mark_seat(views["challenged"], challenge["challenged"], me)
            self.mark_seat(views["challenger"], challenge["challenger"], me)
            if challenge["success"] is not None and challenge["challenger"] is not None:
                views["success"][0 if challenge["success"] else 1] = 1.0
            if challenge["option"]:
                views["option"][OPTIONS.index(challenge["option"])] = 1.0
            self.mark_seat(views["giver"], challenge["giver"], me)
            self.mark_seat(views["receiver"], challenge["receiver"], me)
            if challenge["colour"] is not None:
                views["move_colour"][COLOURS.index(challenge["colour"])] = 1.0
            views["moved"][0] = challenge["moved"]
        taking = table["taking"]
        if taking is not None:
            self.mark_seat(views["picker"], taking["picker"], me)
            self.mark_seat(views["taker"], taking["taker"], me)
        views["out_of_game"][0] = table["out_of_game"]


ENCODER = MasqueradeEncoder
