"""Trickster's tensor: the common pieces plus the zones, the trick's roles and pattern, the hero effect
being resolved and the observer's own knowledge.

Game pieces (seats relative to the observer; ``C`` = 112 cards, all 14 heroes x 8 suits, so one layout
fits every deck choice; ``H`` = 14 heroes; ``T`` trick slots):

=================  =======  ==================================================================
piece              shape    meaning
=================  =======  ==================================================================
``heroes``         (H,)     the 7 heroes in this game
``token``          (1,)     the Trickster token is in use (the Leader is also the Trickster)
``trickster``      (n,)     this trick's Trickster
``followers``      (n,)     this trick's Followers
``turn``           (n,)     whose play it is
``pattern``        (3,)     same suit, same hero, no match (all 0 before it is set)
``lead``           (C,)     the Leader's card
``trick_moved``    (T,)     1 where a Pot card was moved there by an effect (a Guard), not played
``trash``          (C,)     the Trash row
``deck_size``      (1,)     cards left in the deck
``tableaus``       (n, C)   each seat's tableau
``round_scores``   (R, n)   trouble scored in each finished round (R = the ``rounds`` option)
``last_buster``    (n,)     the seat who busted last
``effect_hero``    (H,)     the hero whose effect is being resolved
``effect_player``  (n,)     who resolves it
``effect_step``    (E,)     which step of it (``STEP_KEYS`` order)
``effect_target``  (n,)     the opponent it targets
``effect_card``    (C,)     the card it has picked (when the observer may see it)
``revealed``       (C,)     cards an Explorer revealed (to the observer)
``top``            (3, C)   the deck's top 3 during the observer's Archivist
``placed``         (1,)     how many of them the observer has put back
``chosen``         (C,)     the observer's secret opening card
``known_hands``    (n, C)   cards the observer knows to be in another seat's hand
``known_deck``     (C,)     deck cards the observer knows, as depth + 1 (1 = on top)
``draft_pool``     (H,)     heroes still to draft, and
``draft_chosen``   (H,)     heroes drafted so far (``deck=draft``)
``drafter``        (n,)     who drafts next
=================  =======  ==================================================================

``fill_state`` writes the same vector from the state's fields (see ``tricktable.envs.encoding``). Cards
are the game's card ints (hero * 8 + suit, the order of ``CARD_TEXT``).
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Observation
from tricktable.envs.encoding import Encoder, Layout, Tensor
from tricktable.games.trickster.cards import CARD_TEXT, DECK, HERO_NAMES
from tricktable.games.trickster.effects import (
    ARCHIVIST_RETURN,
    ARCHIVIST_SWAP,
    ARCHIVIST_TAKE,
    EXPLORER_KEEP,
    NONE,
    STEPS,
)
from tricktable.games.trickster.phases import PHASE_WORDS

PATTERNS = ("same suit", "same hero", "no match")
STEP_KEYS = tuple((HERO_NAMES[step.hero], step.name) for _, step in sorted(STEPS.items()))
STEP_SLOT = {key: STEP_KEYS.index((HERO_NAMES[step.hero], step.name)) for key, step in STEPS.items()}
ARCHIVIST = (ARCHIVIST_SWAP, ARCHIVIST_TAKE, ARCHIVIST_RETURN)


class TricksterEncoder(Encoder):
    phases = ("draft", "opening", "play", "effect", "over")
    direct = True
    bytewise = True
    seat_rows = ()  # every value here is a count below 256: written as a byte (a larger one would raise)

    def card_names(self) -> list[str]:
        return list(CARD_TEXT)

    def trick_size(self) -> int:
        return 2 * self.players + 2  # every play, plus a card a Guard may move in after it

    def max_decisions(self) -> int:
        # a draft of 14 picks; each round deals 56 cards, each played once with an effect of at most a
        # few steps (a Nomad asks every seat): 20 decisions a card is ample
        rounds: int = self.game.options.rounds
        return 14 + rounds * 56 * 20

    def table_layout(self) -> Layout:
        n, c, h, t = self.players, len(self.cards), len(HERO_NAMES), self.trick_slots
        rounds: int = self.game.options.rounds
        return [
            ("heroes", (h,)), ("token", (1,)), ("trickster", (n,)), ("followers", (n,)), ("turn", (n,)),
            ("pattern", (len(PATTERNS),)), ("lead", (c,)), ("trick_moved", (t,)), ("trash", (c,)),
            ("deck_size", (1,)), ("tableaus", (n, c)), ("round_scores", (rounds, n)), ("last_buster", (n,)),
            ("effect_hero", (h,)), ("effect_player", (n,)), ("effect_step", (len(STEP_KEYS),)),
            ("effect_target", (n,)), ("effect_card", (c,)), ("revealed", (c,)), ("top", (3, c)), ("placed", (1,)),
            ("chosen", (c,)), ("known_hands", (n, c)), ("known_deck", (c,)), ("draft_pool", (h,)),
            ("draft_chosen", (h,)), ("drafter", (n,)),
        ]

    def fill_table(self, views: dict[str, Tensor], observation: Observation) -> None:
        me = observation["seat"]
        table: dict[str, Any] = observation["table"]
        for name in table["heroes"]:
            views["heroes"][HERO_NAMES.index(name)] = 1.0
        views["token"][0] = float(table["token"])
        self.mark_seat(views["trickster"], table["trickster"], me)
        for seat in table["followers"]:
            self.mark_seat(views["followers"], seat, me)
        self.mark_seat(views["turn"], table["turn"], me)
        if table["pattern"] is not None:
            views["pattern"][PATTERNS.index(table["pattern"])] = 1.0
        if table["lead"] is not None:
            self.mark_cards(views["lead"], [table["lead"]])
        for slot, played in enumerate(observation["trick"][:self.trick_slots]):
            views["trick_moved"][slot] = float(played["moved"])
        self.mark_cards(views["trash"], table["trash"])
        views["deck_size"][0] = table["deck_size"]
        for seat, tableau in enumerate(table["tableaus"]):
            self.mark_cards(views["tableaus"][self.relative(seat, me)], tableau)
        for row, scores in enumerate(table["round_scores"][:len(views["round_scores"])]):
            self.put_seats(views["round_scores"][row], scores, me)
        self.mark_seat(views["last_buster"], table["last_buster"], me)
        effect = table["effect"]
        if effect is not None:
            views["effect_hero"][HERO_NAMES.index(effect["hero"])] = 1.0
            self.mark_seat(views["effect_player"], effect["player"], me)
            views["effect_step"][STEP_KEYS.index((effect["hero"], effect["step"]))] = 1.0
            self.mark_seat(views["effect_target"], effect["target"], me)
            if effect.get("card") is not None:
                self.mark_cards(views["effect_card"], [effect["card"]])
            self.mark_cards(views["revealed"], effect.get("revealed", []))
            for slot, card in enumerate(effect.get("top", [])[:3]):
                views["top"][slot, self.card_index[card]] = 1.0
            views["placed"][0] = effect.get("placed", 0)
        if table["chosen"] is not None:
            self.mark_cards(views["chosen"], [table["chosen"]])
        known = table["known"]
        for seat, cards in known["hands"].items():
            self.mark_cards(views["known_hands"][self.relative(int(seat), me)], cards)
        for entry in known["deck"]:
            views["known_deck"][self.card_index[entry["card"]]] = entry["depth"] + 1
        draft = table.get("draft")
        if draft is not None:
            for name in draft["pool"]:
                views["draft_pool"][HERO_NAMES.index(name)] = 1.0
            for name in draft["chosen"]:
                views["draft_chosen"][HERO_NAMES.index(name)] = 1.0
            self.mark_seat(views["drafter"], draft["drafter"], me)

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        # the offsets ``fill_state`` reads, as attributes (a dict lookup each cost more than the write)
        o = self.offsets
        self._hand, self._hand_sizes, self._trick = o["hand"], o["hand_sizes"], o["trick"]
        self._trick_seats, self._trick_moved, self._heroes = o["trick_seats"], o["trick_moved"], o["heroes"]
        self._trash, self._tableaus, self._round_scores = o["trash"], o["tableaus"], o["round_scores"]
        self._leader, self._trickster, self._followers = o["leader"], o["trickster"], o["followers"]
        self._turn, self._pattern, self._lead, self._last_buster = o["turn"], o["pattern"], o["lead"], o["last_buster"]
        self._rounds: int = game.options.rounds
        self._card_count = len(self.cards)
        self._phase_slots = tuple(self.phase_index[word] for word in PHASE_WORDS)  # by ``state.phase``
        self._hero_rows: dict[tuple[int, ...], bytes] = {}  # the game's 7 heroes as the bytes of their piece

    def fill_state(self, state: Any, seat: int | None, flags: bytearray, rows: list[float]) -> int:
        # the state's fields read here (a rename in the game must be made here too; the equality test
        # against ``fill_table`` fails loudly when one is missed). Cards lie in lists: one byte each, and
        # every value is a count (0-255) written as a byte too.
        s = state
        o, n, cards = self.offsets, self.players, self._card_count
        me = 0 if seat is None else seat
        slot_of_phase = self._phase_slots[s.phase]
        phase = self.phases[slot_of_phase]
        flags[o["phase"] + slot_of_phase] = 1
        # a seat piece is one-hot, relative to the observer: ``flags[start + (seat - me) % n] = 1``
        # the common pieces
        hands = s.hands
        if seat is not None:
            start = self._hand
            for card in hands[seat]:
                flags[start + card] = 1
        start = self._hand_sizes
        for p, hand in enumerate(hands):
            flags[start + (p - me) % n] = len(hand)
        pot = s.trick
        if pot:
            trick, trick_seats, trick_moved = self._trick, self._trick_seats, self._trick_moved
            for slot, (card, who, moved) in enumerate(zip(pot, s.trick_seats, s.trick_moved, strict=True)):
                if slot >= self.trick_slots:
                    break
                flags[trick + slot * cards + card] = 1
                flags[trick_seats + slot * n + (who - me) % n] = 1
                flags[trick_moved + slot] = moved
        # the table
        heroes = s.heroes
        if heroes:
            hero_row = self._hero_rows.get(heroes)
            if hero_row is None:
                hero_row = self._hero_rows[heroes] = bytes(1 if h in heroes else 0 for h in range(len(HERO_NAMES)))
            flags[self._heroes:self._heroes + len(hero_row)] = hero_row
        flags[o["token"]] = s.token
        flags[o["deck_size"]] = len(s.deck)
        if phase == "play" or phase == "effect":  # a trick is on
            order = s.order
            flags[self._leader + (s.leader - me) % n] = 1
            flags[self._trickster + (order[1] - me) % n] = 1
            start = self._followers
            for follower in order[2:]:
                flags[start + (follower - me) % n] = 1
            if s.pattern:
                flags[self._pattern + s.pattern - 1] = 1
            if s.lead_card >= 0:
                flags[self._lead + s.lead_card] = 1
            if phase == "play":
                flags[self._turn + (order[s.turn] - me) % n] = 1
        start = self._trash
        for card in s.trash:
            flags[start + card] = 1
        start = self._tableaus
        for p, tableau in enumerate(s.tableaus):
            first = start + (p - me) % n * cards
            for card in tableau:
                flags[first + card] = 1
        round_scores = s.round_scores
        if round_scores:
            start = self._round_scores
            for row, scores in enumerate(round_scores[:self._rounds]):
                first = start + row * n
                for p, score in enumerate(scores):
                    flags[first + (p - me) % n] = score
        if s.last_buster >= 0:
            flags[self._last_buster + (s.last_buster - me) % n] = 1
        if phase == "effect" and s.step != NONE:
            step = STEPS[s.step]
            mine = seat is not None and seat == s.fx_player
            flags[o["effect_hero"] + step.hero] = 1
            flags[o["effect_step"] + STEP_SLOT[s.step]] = 1
            flags[o["effect_player"] + (s.fx_player - me) % n] = 1
            if s.fx_target >= 0:
                flags[o["effect_target"] + (s.fx_target - me) % n] = 1
            if s.fx_card >= 0 and (mine or not step.secret):
                flags[o["effect_card"] + s.fx_card] = 1
            deck = s.deck
            if s.step == EXPLORER_KEEP and (mine or s.options.explorer_reveal == "public"):
                flags[o["revealed"] + deck[-1]] = 1
                flags[o["revealed"] + deck[-2]] = 1
            if mine and s.step in ARCHIVIST:
                for slot, card in enumerate(deck[-3:][::-1]):
                    flags[o["top"] + slot * cards + card] = 1
                flags[o["placed"]] = s.fx_count if s.step == ARCHIVIST_RETURN else 0
        if seat is not None:  # the observer's own
            picks = s.choice.picks  # the opening card this seat chose in secret (none when closed)
            if picks and picks[seat] >= 0:
                flags[o["chosen"] + picks[seat]] = 1
            know = s.know[seat]
            if know:
                deck = s.deck
                for card, place in know.items():
                    if place == DECK:
                        flags[o["known_deck"] + card] = len(deck) - deck.index(card)  # depth + 1
                    else:
                        flags[o["known_hands"] + (place - me) % n * cards + card] = 1
        if phase == "draft":
            start = o["draft_pool"]
            for hero in s.draft_pool:
                flags[start + hero] = 1
            start = o["draft_chosen"]
            for hero in s.drafted:
                flags[start + hero] = 1
            flags[o["drafter"] + (s.drafter - me) % n] = 1
        return 0

ENCODER = TricksterEncoder
