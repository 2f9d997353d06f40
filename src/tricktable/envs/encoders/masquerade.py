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

``fill_state`` writes the same vector from the state's fields (see ``tricktable.envs.encoding``). Cards
are the game's card ints (colour * 18 + number - 1, the order of ``TEXT``), so a hand or won pile, kept
as a bitmask, is one shift.
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Observation
from tricktable.envs.encoding import Encoder, Layout, Tensor
from tricktable.games.masquerade.cards import COLOUR_MASKS, COLOURS, TEXT

OPTIONS = "ABCD"


class MasqueradeEncoder(Encoder):
    phases = ("play", "challenge", "replay", "option", "colour", "pick", "target", "take", "over")
    direct = True
    whole_pieces = ("out_of_game", "moved", "trick_numbers")

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

    def fill_state(self, state: Any, seat: int | None, flags: bytearray, rows: list[float]) -> int:
        # the state's fields read here (a rename in the game must be made here too; the equality test
        # against ``fill_table`` fails loudly when one is missed)
        s = state
        hands, won, known, void, trick = s.hands, s.won, s.known, s.void, s.trick
        leader, lead, nobody = s.leader, s.lead, -1
        o, n, cards = self.offsets, self.players, len(self.cards)
        me = 0 if seat is None else seat
        slot_of_phase = self.phase_slot(s)
        ones: int = 1 << (o["phase"] + slot_of_phase)
        challenging = s.challenger != nobody or self.phases[slot_of_phase] == "challenge"
        if seat is not None:
            ones |= hands[seat] << o["hand"]
        rows += [h.bit_count() for h in hands]  # hand_sizes
        rows += (s.out.bit_count(), s.moved if challenging else 0)  # out_of_game, moved
        if leader >= 0:
            ones |= 1 << (o["leader"] + (leader - me) % n)
        for p in range(n):
            rel = (p - me) % n
            ones |= won[p] << (o["won"] + rel * cards) | known[p] << (o["known_in_hand"] + rel * cards)
            if void[p]:
                for c in range(4):
                    if void[p] & COLOUR_MASKS[c] == COLOUR_MASKS[c]:
                        ones |= 1 << (o["void"] + rel * 4 + c)
        slot = 0
        numbers = [0] * self.trick_slots
        for i, card in enumerate(trick):
            if card < 0 or slot >= self.trick_slots:
                continue
            ones |= (1 << (o["trick"] + slot * cards + card)
                     | 1 << (o["trick_seats"] + slot * n + (leader + i - me) % n))
            if i == 0 or s.follows(card):
                ones |= 1 << (o["trick_follows"] + slot)
            numbers[slot] = s.effective(i)
            slot += 1
        rows += numbers  # trick_numbers
        if lead >= 0:
            ones |= 1 << (o["lead_colour"] + lead)
        if s.b16:
            ones |= 1 << o["reversed"]
        challenger = s.challenger
        if challenging:
            challenged = s.challenged if s.challenged != nobody else (leader + len(trick) - 1) % n
            if challenged >= 0:
                ones |= 1 << (o["challenged"] + (challenged - me) % n)
            if challenger != nobody:
                ones |= 1 << (o["challenger"] + (challenger - me) % n) | 1 << (o["success"] + (not s.success))
            letter = s.letter
            if letter:
                ones |= 1 << (o["option"] + OPTIONS.index(letter))
                if s.source >= 0:
                    ones |= 1 << (o["giver"] + (s.source - me) % n)
                if s.dest >= 0:
                    ones |= 1 << (o["receiver"] + (s.dest - me) % n)
            if s.move_colour >= 0:
                ones |= 1 << (o["move_colour"] + s.move_colour)
        if s.picker != nobody:
            if s.picker >= 0:
                ones |= 1 << (o["picker"] + (s.picker - me) % n)
            if s.taker >= 0:
                ones |= 1 << (o["taker"] + (s.taker - me) % n)
        return ones


ENCODER = MasqueradeEncoder
