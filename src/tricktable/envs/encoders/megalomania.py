"""Megalomania's tensor: the common pieces plus the round's mission, resources, powers and piles.

Game pieces (seats relative to the observer; ``C`` = 32 cards; colours B, Y, R, K; ``T`` trick slots):

=====================  =======  ==============================================================
piece                  shape    meaning
=====================  =======  ==============================================================
``mission``            (25,)    this round's mission (1-25)
``mission_points``     (1,)     its points (per card or trick for the counting missions)
``missions_played``    (25,)    missions revealed so far
``next_mission``       (25,)    the next mission, when the observer's Insight scroll shows it
``dominant``           (4,)     the dominant (trump) colour
``lead_colour``        (4,)     this trick's lead colour
``dealer``             (n,)     the dealer
``crystals``           (n,)     crystals each seat holds (0 while hidden at preparation)
``cubes``              (n,)     cubes each seat holds (0 while hidden)
``resources_shown``    (n,)     1 where that seat's crystals and cubes are shown
``scroll_counts``      (n,)     unused scrolls each seat holds
``points``             (n,)     mission points so far
``lost``               (n,)     points lost so far (the first tie-break)
``tricks_won``         (n,)     tricks won this round
``won_cards``          (n, C)   cards in the tricks each seat won this round
``trick_values``       (T,)     each played card's value after cubes
``trick_colours``      (T, 4)   each played card's colour as it counts (an Oracle may change it)
``trick_powers``       (T,)     1 where the card's power was activated
``trick_cubes``        (T,)     the cube applied to each card (-1, 0, +1)
``trick_number``       (1,)     this trick's number in the round, and
``tricks_in_round``    (1,)     how many tricks the round has
``face_up``            (n, C)   hand cards shown to all (mission 13)
``covered_up``         (n, C)   face-up cards over face-down ones (mission 18), and
``covered_down``       (n,)     how many face-down cards each seat has there
``draw_piles``         (n,)     cards left in each seat's draw pile (mission 19)
``powers_used``        (8,)     powers activated this trick (Farmer, Assassin, Explorer, Dwarf, Wizard,
                                Knight, Oracle, Emperor)
``emperor``            (1,)     an Emperor cancels later powers and cubes this trick
``knight``             (T,)     the trick position of an activated Knight
``wizard``             (T,)     the trick position of an activated Wizard
``dwarf``              (1,)     an activated Dwarf reverses the trick
``farmer_named``       (n,)     the next leader named by a Farmer
``explorer_found``     (C,)     the card an Explorer discovered
``pending``            (3,)     a power waiting for its choice: oracle, farmer, explorer
``free_power_armed``   (n,)     a Free Power scroll is armed
``immune``             (n,)     an Immunity scroll is active
``scrolls``            (S,)     the observer's own scrolls, counted by kind (``SCROLL_NAMES`` order)
``used_scrolls``       (S,)     scrolls the observer used at this preparation
``program``            (8, C)   the observer's programmed order (mission 15), one card a slot
``chosen``             (C,)     the observer's chosen cards (the pile or pass being prepared)
=====================  =======  ==============================================================
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Observation
from tricktable.envs.encoding import Encoder, Layout, Tensor
from tricktable.games.megalomania.cards import CARD_TEXT, COLOURS, POWERS, SCROLLS, Deal

MISSIONS = 25
SCROLL_NAMES = tuple(s.name for s in SCROLLS)
POWER_NAMES = tuple(p.name for p in POWERS)
PENDING = ("oracle", "farmer", "explorer")
PROGRAM_SLOTS = 8
# the pieces ``fill_state`` writes bits of, in the order it unpacks their offsets
STARTS = ("phase", "hand", "trick", "trick_seats", "trick_colours", "leader", "mission", "dominant", "missions_played",
          "lead_colour", "dealer", "won_cards", "face_up", "resources_shown", "free_power_armed", "immune",
          "covered_up", "powers_used", "knight", "wizard", "farmer_named", "explorer_found", "pending",
          "next_mission", "program", "chosen")


class MegalomaniaEncoder(Encoder):
    phases = ("preparation", "program", "split", "pick", "pass", "play", "oracle", "farmer", "explorer", "over")
    direct = True
    seat_rows = ("hand_sizes", "crystals", "cubes", "covered_down", "draw_piles", "scroll_counts", "points", "lost",
                 "tricks_won")
    whole_pieces = ("mission_points", "trick_number", "tricks_in_round", "emperor", "dwarf", "scrolls", "used_scrolls",
                    "trick_values", "trick_powers", "trick_cubes")

    def max_decisions(self) -> int:
        # a round has preparation (tokens, up to 8 scrolls, ready), pre-play steps (at most 8 cards a
        # seat) and at most 8 cards a seat with one follow-up choice each: 60 a seat is ample
        rounds: int = self.game.options.rounds
        return rounds * self.players * 60

    def card_names(self) -> list[str]:
        return list(CARD_TEXT)

    def table_layout(self) -> Layout:
        n, c, t, s = self.players, len(self.cards), self.trick_slots, len(SCROLL_NAMES)
        return [
            ("mission", (MISSIONS,)), ("mission_points", (1,)), ("missions_played", (MISSIONS,)),
            ("next_mission", (MISSIONS,)), ("dominant", (4,)), ("lead_colour", (4,)), ("dealer", (n,)),
            ("crystals", (n,)), ("cubes", (n,)), ("resources_shown", (n,)), ("scroll_counts", (n,)),
            ("points", (n,)), ("lost", (n,)), ("tricks_won", (n,)), ("won_cards", (n, c)),
            ("trick_values", (t,)), ("trick_colours", (t, 4)), ("trick_powers", (t,)), ("trick_cubes", (t,)),
            ("trick_number", (1,)), ("tricks_in_round", (1,)), ("face_up", (n, c)), ("covered_up", (n, c)),
            ("covered_down", (n,)), ("draw_piles", (n,)), ("powers_used", (len(POWER_NAMES),)),
            ("emperor", (1,)), ("knight", (t,)), ("wizard", (t,)), ("dwarf", (1,)), ("farmer_named", (n,)),
            ("explorer_found", (c,)), ("pending", (len(PENDING),)), ("free_power_armed", (n,)), ("immune", (n,)),
            ("scrolls", (s,)), ("used_scrolls", (s,)), ("program", (PROGRAM_SLOTS, c)), ("chosen", (c,)),
        ]

    def fill_table(self, views: dict[str, Tensor], observation: Observation) -> None:
        me = observation["seat"]
        table: dict[str, Any] = observation["table"]
        views["mission"][table["mission"]["number"] - 1] = 1.0
        views["mission_points"][0] = table["mission_points"]
        for number in table["missions_played"]:
            views["missions_played"][number - 1] = 1.0
        if table.get("next_mission") is not None:
            views["next_mission"][table["next_mission"] - 1] = 1.0
        views["dominant"][COLOURS.index(table["dominant"])] = 1.0
        if table["lead_colour"] is not None:
            views["lead_colour"][COLOURS.index(table["lead_colour"])] = 1.0
        self.mark_seat(views["dealer"], table["dealer"], me)
        for seat in range(self.players):
            at = self.relative(seat, me)
            crystals, cubes = table["crystals"][seat], table["cubes"][seat]
            if crystals is not None and cubes is not None:
                views["crystals"][at], views["cubes"][at], views["resources_shown"][at] = crystals, cubes, 1.0
            self.mark_cards(views["won_cards"][at], table["won_cards"][seat])
            self.mark_cards(views["face_up"][at], table["face_up"][seat])
            views["free_power_armed"][at] = float(table["free_power_armed"][seat])
            views["immune"][at] = float(table["immune"][seat])
        for seat, covered in enumerate(table["covered"]):
            self.mark_cards(views["covered_up"][self.relative(seat, me)], covered["face_up"])
            views["covered_down"][self.relative(seat, me)] = covered["face_down"]
        self.put_seats(views["draw_piles"], table["draw_piles"], me)
        for name in ("scroll_counts", "points", "lost", "tricks_won"):
            self.put_seats(views[name], table[name], me)
        for slot, played in enumerate(observation["trick"][:self.trick_slots]):
            views["trick_values"][slot] = played["value"]
            views["trick_colours"][slot, COLOURS.index(played["colour"])] = 1.0
            views["trick_powers"][slot] = float(played["power"])
            views["trick_cubes"][slot] = played["cube"]
        views["trick_number"][0] = table["trick_number"]
        views["tricks_in_round"][0] = table["tricks_in_round"]
        for name in table["powers_used"]:
            views["powers_used"][POWER_NAMES.index(name)] = 1.0
        views["emperor"][0] = float(table["emperor"])
        views["dwarf"][0] = float(table["dwarf"])
        for name in ("knight", "wizard"):
            if table[name] is not None and table[name] < self.trick_slots:
                views[name][table[name]] = 1.0
        self.mark_seat(views["farmer_named"], table["farmer_named"], me)
        if table["explorer_found"] is not None:
            self.mark_cards(views["explorer_found"], [table["explorer_found"]])
        if table["pending"] is not None:
            views["pending"][PENDING.index(table["pending"])] = 1.0
        for name in table.get("scrolls", []):
            views["scrolls"][SCROLL_NAMES.index(name)] += 1.0
        for name in table.get("used_this_preparation", []):
            views["used_scrolls"][SCROLL_NAMES.index(name)] += 1.0
        for slot, card in enumerate(table.get("program", [])[:PROGRAM_SLOTS]):
            views["program"][slot, self.card_index[card]] = 1.0
        self.mark_cards(views["chosen"], table.get("chosen", []))

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        # the offsets ``fill_state`` writes at, in one tuple it unpacks (cheaper than ~25 dict reads a call)
        self._starts = tuple(self.offsets[name] for name in STARTS)
        self._card_count = len(self.cards)
        self._no_seats = (0,) * self.players
        self._no_scrolls = (0,) * (2 * len(SCROLL_NAMES))  # the observer's scrolls and used scrolls, none
        self._mission_points: tuple[int, ...] = tuple(game.options.mission_points)

    def fill_state(self, state: Any, seat: int | None, flags: bytearray, rows: list[float]) -> int:
        # the state's fields read here (a rename in the game must be made here too; the equality test
        # against ``fill_table`` fails loudly when one is missed)
        s = state
        (o_phase, o_hand, o_trick, o_trick_seats, o_trick_colours, o_leader, o_mission, o_dominant, o_played,
         o_lead, o_dealer, o_won, o_face_up, o_shown, o_free, o_immune, o_covered, o_powers, o_knight, o_wizard,
         o_named, o_found, o_pending, o_next, o_program, o_chosen) = self._starts
        hands, trick, mission, program = s.hands, s.trick, s.mission, s.program
        n, cards, slots = self.players, self._card_count, self.trick_slots
        me = 0 if seat is None else seat
        all_seats = (1 << n) - 1
        slot_of_phase = self._phase_slot.get(s.phase)
        if slot_of_phase is None:
            slot_of_phase = self.phase_slot(s)
        phase = self.phases[slot_of_phase]
        prep, over = phase == "preparation", phase == "over"
        ones: int = 1 << (o_phase + slot_of_phase)

        # the common pieces
        if seat is not None:
            hand = hands[seat]
            if program[seat] and not over:  # mission 15 lists the programmed cards first
                for card in program[seat]:
                    hand |= 1 << card
            ones |= hand << o_hand
        trick_values, trick_powers, trick_cubes = [0] * slots, [0] * slots, [0] * slots
        for slot, (who, card, value, colour, power, cube) in enumerate(trick[:slots]):
            ones |= (1 << (o_trick + slot * cards + card) | 1 << (o_trick_seats + slot * n + (who - me) % n)
                     | 1 << (o_trick_colours + slot * 4 + colour))
            trick_values[slot], trick_powers[slot], trick_cubes[slot] = value, power, cube
        if not over and s.leader >= 0:
            ones |= 1 << (o_leader + (s.leader - me) % n)
        # the table
        ones |= 1 << (o_mission + mission - 1) | 1 << (o_dominant + s.dominant)
        played = 0
        for number in s.mission_deck[:s.round_no]:  # this round's mission and those before
            played |= 1 << (number - 1)
        ones |= played << o_played
        if s.lead >= 0:
            ones |= 1 << (o_lead + s.lead)
        if s.dealer >= 0:
            ones |= 1 << (o_dealer + (s.dealer - me) % n)
        tricks_won = [0] * n
        if s.won:
            won_cards = [0] * n
            for winner, mask in s.won:
                won_cards[winner] |= mask
                tricks_won[winner] += 1
            for p in range(n):
                if won_cards[p]:
                    ones |= won_cards[p] << (o_won + (p - me) % n * cards)
        shown = s.shown
        if any(shown):
            for p in range(n):
                if shown[p] & hands[p]:
                    ones |= (shown[p] & hands[p]) << (o_face_up + (p - me) % n * cards)
        rows += map(int.bit_count, hands)
        if not prep:  # everyone's resources are shown
            ones |= all_seats << o_shown
            rows += s.crystals
            rows += s.cubes
        else:  # at preparation only one's own
            crystals, cubes = [0] * n, [0] * n
            if seat is not None:
                crystals[seat], cubes[seat] = s.crystals[seat], s.cubes[seat]
                ones |= 1 << o_shown
            rows += crystals
            rows += cubes
        if s.free:  # seat masks, made relative
            ones |= ((s.free >> me | s.free << (n - me)) & all_seats) << o_free
        if s.immune:
            ones |= ((s.immune >> me | s.immune << (n - me)) & all_seats) << o_immune
        kind = s.deal
        if kind is Deal.COVERED:
            tops = s.tops
            for p in range(n):
                if tops[p]:
                    ones |= tops[p] << (o_covered + (p - me) % n * cards)
            rows += map(int.bit_count, s.downs)
        else:
            rows += self._no_seats
        rows += [len(pile) for pile in s.draw_piles] if kind is Deal.DRAW_PILE else self._no_seats
        rows += s.shown_scrolls
        rows += s.points
        rows += s.lost
        rows += tricks_won
        rows += (self._mission_points[mission - 1], s.trick_no + 1, s.tricks_total, s.emperor, s.dwarf)
        if seat is not None and (s.scrolls[seat] or (prep and s.prep_used[seat])):  # the observer's own, by kind
            scrolls, used = [0] * len(SCROLL_NAMES), [0] * len(SCROLL_NAMES)
            for scroll in s.scrolls[seat]:
                scrolls[scroll] += 1
            if prep:
                for scroll in s.prep_used[seat]:
                    used[scroll] += 1
            rows += scrolls
            rows += used
        else:
            rows += self._no_scrolls
        rows += trick_values
        rows += trick_powers
        rows += trick_cubes
        ones |= (s.used & 0xFF) << o_powers
        if s.knight < slots:  # 99 when there is none
            ones |= 1 << (o_knight + s.knight)
        if s.wizard < slots:
            ones |= 1 << (o_wizard + s.wizard)
        if s.named >= 0:
            ones |= 1 << (o_named + (s.named - me) % n)
        if s.found >= 0:
            ones |= 1 << (o_found + s.found)
        if phase in PENDING:  # a power waiting for its choice is the phase of the same name
            ones |= 1 << (o_pending + PENDING.index(phase))
        if seat is not None:  # the observer's own
            deck = s.mission_deck
            if s.insight[seat] == s.round_no < len(deck):  # Insight: the next mission, seen
                ones |= 1 << (o_next + deck[s.round_no] - 1)
            for slot, card in enumerate(program[seat][:PROGRAM_SLOTS]):
                ones |= 1 << (o_program + slot * cards + card)
            ones |= s.chosen[seat] << o_chosen
        return ones


ENCODER = MegalomaniaEncoder
