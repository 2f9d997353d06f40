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
"""

from __future__ import annotations

from typing import Any

from tricktable.engine import Observation
from tricktable.envs.encoding import Encoder, Layout, Tensor
from tricktable.games.trickster.cards import CARD_TEXT, HERO_NAMES
from tricktable.games.trickster.effects import STEPS

PATTERNS = ("same suit", "same hero", "no match")
STEP_KEYS = tuple((HERO_NAMES[step.hero], step.name) for _, step in sorted(STEPS.items()))


class TricksterEncoder(Encoder):
    phases = ("draft", "opening", "play", "effect", "over")

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


ENCODER = TricksterEncoder
