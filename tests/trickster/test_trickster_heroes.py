"""Each hero's effect: what it does, who chooses, who sees what, and all or nothing."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from trickster_helpers import hand, knowledge_errors, legal, move_hand_to_tableau, position, run, tableau

from tricktable.engine import Rng, load_game
from tricktable.games.trickster.cards import CARD_TEXT, HEROES
from tricktable.games.trickster.game import TricksterState

STRATEGIST = "strategist"


def last(state: object, kind: str) -> dict[str, object]:
    events = [e for e in state.events if e.kind == kind]  # type: ignore[attr-defined]
    return dict(events[-1].data)


def test_the_hero_table_has_fourteen_heroes_with_explorer_published() -> None:
    assert len(HEROES) == 14
    assert [h.name for h in HEROES if h.tag == "P"] == ["Explorer"]
    assert all(h.effect and h.effect_ja for h in HEROES)


def test_the_hero_numbers_the_effects_dispatch_on_name_the_heroes_of_the_table() -> None:
    from tricktable.games.trickster import cards, effects

    assert [getattr(cards, h.name.upper()) for h in HEROES] == list(range(14))
    for number, step in effects.STEPS.items():  # each step says what it asks and where its choices come from
        assert step.name and step.source in (effects.HAND, effects.TABLEAU, effects.TRASH, effects.OWN), number
    assert {effects.STEPS[s].hero for s in effects.FIRST_STEP if s} | {cards.NOMAD, cards.ARCHIVIST,
            cards.EXPLORER, cards.INVENTOR} == set(range(14))
    assert all(effects.STEPS[s].hero == h for h, s in enumerate(effects.FIRST_STEP) if s)
    state = TricksterState(load_game("trickster", 4), 1)  # a number no table knows is an error, not a Witness
    for call in (lambda: effects.choices(state, effects.NONE, 0), lambda: effects.choose(state, effects.NONE, 0, 0),
                 lambda: effects.can(state, len(HEROES), 0)):
        with pytest.raises(ValueError, match=r"no (step|hero) number"):
            call()


def test_explorer_reveals_two_keeps_one_and_puts_the_other_back_on_top() -> None:
    state = position(4, {0: ["white Doctor", "red Explorer"]}, deck=["blue Scion", "green Witness"],
                     heroes=STRATEGIST)
    run(state, "play red Explorer")
    assert last(state, "reveal_seen")["cards"] == ["blue Scion", "green Witness"]
    assert all(e.kind != "reveal" for e in state.visible_events(3))  # one line, seen by everyone
    assert legal(state) == ["keep blue Scion", "keep green Witness"]
    run(state, "keep green Witness")
    assert "green Witness" in hand(state, 0)
    assert CARD_TEXT[state.deck[-1]] == "blue Scion"
    # everyone saw it: seat 2 knows seat 0 holds green Witness and blue Scion is on top
    known = state.observe(2)["table"]["known"]
    assert known["hands"] == {"0": ["green Witness"]}
    assert known["deck"] == [{"card": "blue Scion", "depth": 0}]


def test_explorer_with_one_card_left_in_the_deck_does_nothing() -> None:
    state = position(7, {0: ["white Doctor", "red Explorer"]}, heroes=STRATEGIST)
    assert state.observe(0)["table"]["deck_size"] == 1
    run(state, "play red Explorer")
    assert last(state, "no_effect") == {"seat": 0, "hero": "Explorer"}
    assert state.actors == (1,)  # the Trickster plays next


def test_brigand_takes_a_random_card_and_gives_one_back_seen_only_by_the_two_players() -> None:
    state = position(4, {0: ["white Guard", "red Brigand"]})
    run(state, "play red Brigand")
    assert legal(state) == ["choose seat 1", "choose seat 2", "choose seat 3"]
    before = hand(state, 2)
    run(state, "choose seat 2")
    taken = last(state, "rob_seen")["card"]
    assert taken in before and taken in hand(state, 0)
    assert state.observe(None)["hand_sizes"] == [9, 9, 8, 9]
    run(state, "give " + str(taken))
    assert taken in hand(state, 2)
    assert state.observe(None)["hand_sizes"] == [8, 9, 9, 9]
    assert str(taken) in json.dumps(state.observe(2)) and str(taken) in json.dumps(state.observe(0))
    assert not [e for e in state.visible_events(1) if e.kind.endswith("_seen") and e.kind != "hand"]
    assert knowledge_errors(state) == []


def test_guard_moves_a_tableau_card_into_the_pot_and_the_buster_takes_it() -> None:
    state = position(4, {0: ["white Brigand", "red Guard"], 1: ["white Nomad", "red Soldier"],
                         2: ["white Magician", "orange Nomad"]})
    run(state, "play red Guard")
    assert legal(state) == ["move white Brigand"]
    run(state, "move white Brigand")
    assert state.observe(None)["trick"][1] == {"seat": 0, "card": "white Brigand", "moved": True}
    assert tableau(state, 0) == []


def test_guard_with_an_empty_tableau_does_nothing() -> None:
    state = position(4, {0: ["white Brigand", "red Guard"]})
    state.tableaus[1].append(state.tableaus[0].pop())  # setup: seat 0's tableau is empty
    run(state, "play red Guard")
    assert last(state, "no_effect")["hero"] == "Guard"
    assert state.actors == (1,)


def test_an_effect_that_changes_the_pot_changes_what_a_later_follower_may_play() -> None:
    # No Match: the Leader's Guard put green Brigand in the Pot, so green and Brigand no longer fit
    hands = {0: ["green Brigand", "red Guard"], 1: ["white Nomad", "blue Soldier"],
             2: ["white Magician", "green Nomad", "yellow Nomad", "purple Brigand"]}
    state = position(4, hands)
    run(state, "play red Guard", "move green Brigand", "play blue Soldier", "choose seat 3")
    run(state, "move white Nomad" if "white Nomad" in hand(state, 1) else "move " + hand(state, 1)[0])
    plays = legal(state)
    assert "play yellow Nomad" in plays
    assert "play green Nomad" not in plays and "play purple Brigand" not in plays
    # only the Leader's and Trickster's cards count under the other ruling
    other = position(4, hands, no_match="lead_and_trickster")
    run(other, "play red Guard", "move green Brigand", "play blue Soldier", "choose seat 3")
    run(other, "move " + hand(other, 1)[0])
    assert {"play green Nomad", "play purple Brigand"} <= set(legal(other))


def test_magician_swaps_a_hand_card_with_a_trash_card() -> None:
    trash = ["white Nomad", "white Soldier", "black Nomad", "black Soldier", "purple Nomad", "purple Soldier"]
    state = position(4, {0: ["white Guard", "red Magician", "red Peddler"]}, trash=trash)
    run(state, "play red Magician", "swap red Peddler")
    # the chosen hand card is secret until the swap
    assert "red Peddler" not in json.dumps(state.observe(1))
    assert state.observe(0)["table"]["effect"]["card"] == "red Peddler"
    run(state, "take black Nomad")
    assert "black Nomad" in hand(state, 0) and "red Peddler" not in hand(state, 0)
    assert "red Peddler" in state.observe(None)["table"]["trash"]
    assert state.observe(3)["table"]["known"]["hands"] == {"0": ["black Nomad"]}


def test_nomad_makes_every_player_pass_a_card_left_at_once() -> None:
    state = position(4, {0: ["white Guard", "red Nomad", "red Peddler"], 1: ["white Brigand", "orange Soldier"],
                         2: ["white Magician", "yellow Soldier"], 3: ["white Nomad", "green Soldier"]})
    run(state, "play red Nomad")
    assert state.actors == (0, 1, 2, 3)
    state.apply("pass yellow Soldier", 2)
    assert "yellow Soldier" not in json.dumps(state.observe(3))  # secret until everyone passed
    state.apply("pass red Peddler", 0)
    state.apply("pass orange Soldier", 1)
    state.apply("pass green Soldier", 3)
    assert "red Peddler" in hand(state, 1) and "orange Soldier" in hand(state, 2)
    assert "yellow Soldier" in hand(state, 3) and "green Soldier" in hand(state, 0)
    assert state.observe(2)["table"]["known"]["hands"] == {"3": ["yellow Soldier"]}
    assert "red Peddler" not in json.dumps(state.observe(3))
    assert state.actors == (1,)
    assert knowledge_errors(state) == []


def test_nomad_does_nothing_when_some_player_has_no_card() -> None:
    state = position(4, {0: ["white Guard", "red Nomad"]})
    move_hand_to_tableau(state, 3)
    run(state, "play red Nomad")
    assert last(state, "no_effect")["hero"] == "Nomad"


def test_peddler_moves_a_tableau_card_to_an_opponents_tableau() -> None:
    state = position(4, {0: ["white Guard", "red Peddler"], 2: ["white Magician"]})
    run(state, "play red Peddler", "choose seat 2", "move white Guard")
    assert tableau(state, 2) == ["white Guard", "white Magician"] and tableau(state, 0) == []


def test_revolutionary_swaps_tableau_cards_with_an_opponent() -> None:
    state = position(4, {0: ["white Guard", "red Revolutionary"], 3: ["black Nomad"]})
    run(state, "play red Revolutionary", "choose seat 3", "swap white Guard", "take black Nomad")
    assert tableau(state, 0) == ["black Nomad"] and tableau(state, 3) == ["white Guard"]


def test_soldier_moves_a_hand_card_to_an_opponents_tableau() -> None:
    state = position(4, {0: ["white Guard", "red Soldier", "red Peddler"]})
    run(state, "play red Soldier", "choose seat 1", "move red Peddler")
    assert "red Peddler" in tableau(state, 1) and "red Peddler" not in hand(state, 0)


def test_soldier_with_no_card_left_in_hand_does_nothing() -> None:
    state = position(2, {0: ["white Guard", "red Soldier"]}, token="off")
    move_hand_to_tableau(state, 0, [t for t in hand(state, 0) if t != "red Soldier"])
    run(state, "play red Soldier")
    assert last(state, "no_effect")["hero"] == "Soldier"


def test_archivist_sees_the_top_three_swaps_one_and_puts_them_back_in_its_chosen_order() -> None:
    deck = ["blue Scion", "green Witness", "black Inventor"]
    state = position(4, {0: ["white Doctor", "red Archivist", "red Scion"]}, deck=deck, heroes=STRATEGIST)
    run(state, "play red Archivist")
    assert last(state, "look_deck_seen")["cards"] == deck
    assert "green Witness" not in json.dumps(state.observe(1))
    run(state, "swap red Scion", "take green Witness")
    assert "green Witness" in hand(state, 0)
    assert sorted(legal(state)) == ["return black Inventor", "return blue Scion", "return red Scion"]
    run(state, "return black Inventor", "return red Scion")
    assert [CARD_TEXT[c] for c in state.deck[-3:][::-1]] == ["black Inventor", "red Scion", "blue Scion"]
    known = state.observe(0)["table"]["known"]["deck"]
    assert known == [{"card": "black Inventor", "depth": 0}, {"card": "red Scion", "depth": 1},
                     {"card": "blue Scion", "depth": 2}]
    assert state.observe(1)["table"]["known"]["deck"] == []
    assert knowledge_errors(state) == []


def test_archivist_with_two_deck_cards_does_nothing() -> None:
    state = position(6, {0: ["white Doctor", "red Archivist"]}, heroes=STRATEGIST)
    assert len(state.deck) == 2
    run(state, "play red Archivist")
    assert last(state, "no_effect")["hero"] == "Archivist"


def test_doctor_takes_a_tableau_card_back_into_the_hand() -> None:
    state = position(4, {0: ["white Scion", "red Doctor"]}, heroes=STRATEGIST)
    run(state, "play red Doctor", "take white Scion")
    assert "white Scion" in hand(state, 0) and tableau(state, 0) == []


def test_inventor_draws_the_top_card_and_puts_a_hand_card_on_the_bottom() -> None:
    state = position(4, {0: ["white Doctor", "red Inventor", "red Scion"]}, deck=["blue Witness"],
                     heroes=STRATEGIST)
    run(state, "play red Inventor")
    assert "blue Witness" in hand(state, 0)
    run(state, "bottom red Scion")
    assert CARD_TEXT[state.deck[0]] == "red Scion"
    assert state.observe(0)["table"]["known"]["deck"] == [{"card": "red Scion", "depth": len(state.deck) - 1}]
    assert "red Scion" not in json.dumps(state.observe(2)["table"])


def test_scion_swaps_a_tableau_card_with_a_trash_card() -> None:
    trash = ["white Witness", "white Scion", "black Witness", "black Scion", "purple Witness", "purple Scion"]
    state = position(4, {0: ["white Doctor", "red Scion"]}, trash=trash, heroes=STRATEGIST)
    run(state, "play red Scion", "swap white Doctor", "take black Witness")
    assert tableau(state, 0) == ["black Witness"]
    assert "white Doctor" in state.observe(None)["table"]["trash"]


def test_scavenger_takes_a_trash_card_and_the_deck_refills_the_trash() -> None:
    trash = ["white Witness", "white Scion", "black Witness", "black Scion", "purple Witness", "purple Scion"]
    state = position(4, {0: ["white Doctor", "red Scavenger"]}, trash=trash, deck=["blue Inventor"],
                     heroes=STRATEGIST)
    run(state, "play red Scavenger", "take black Scion")
    assert "black Scion" in hand(state, 0)
    trash_now = state.observe(None)["table"]["trash"]
    assert "blue Inventor" in trash_now and "black Scion" not in trash_now and len(trash_now) == 6


def test_witness_sees_an_opponents_hand_and_nobody_else_learns_it() -> None:
    state = position(4, {0: ["white Doctor", "red Witness"]}, heroes=STRATEGIST)
    run(state, "play red Witness", "choose seat 2")
    seen = hand(state, 2)
    known = state.observe(0)["table"]["known"]["hands"]
    assert list(known) == ["2"] and sorted(known["2"]) == seen
    assert state.observe(1)["table"]["known"]["hands"] == {}
    for seat in (1, 3, None):
        assert not any(e.kind == "look_hand_seen" for e in state.visible_events(seat))
    # resampling for seat 0 keeps seat 2's hand; for seat 1 it redraws it
    assert all(sorted(state.resample(0, Rng(k)).hands[2]) == sorted(state.hands[2]) for k in range(5))
    assert any(sorted(state.resample(1, Rng(k)).hands[2]) != sorted(state.hands[2]) for k in range(5))


def _empty_opponent_hands(state: TricksterState) -> None:
    for seat in range(1, state.players):
        move_hand_to_tableau(state, seat)


def _empty_own_hand_but(card: str) -> Callable[[TricksterState], None]:
    def setup(state: TricksterState) -> None:
        move_hand_to_tableau(state, 0, [t for t in hand(state, 0) if t != card])
    return setup


def _empty_own_tableau(state: TricksterState) -> None:
    state.tableaus[1].extend(state.tableaus[0])
    state.tableaus[0].clear()


def _empty_opponent_tableaus(state: TricksterState) -> None:
    for seat in range(1, state.players):
        state.tableaus[0].extend(state.tableaus[seat])
        state.tableaus[seat].clear()


def _empty_deck(state: TricksterState) -> None:
    state.tableaus[3].extend(state.deck)
    state.deck.clear()


# each hero, in a position where its effect cannot be carried out completely: nothing happens
CANNOT: list[tuple[str, str, Callable[[TricksterState], None]]] = [
    ("beginner", "red Brigand", _empty_opponent_hands),
    ("beginner", "red Guard", _empty_own_tableau),
    ("beginner", "red Magician", _empty_own_hand_but("red Magician")),
    ("beginner", "red Nomad", _empty_own_hand_but("red Nomad")),
    ("beginner", "red Peddler", _empty_own_tableau),
    ("beginner", "red Revolutionary", _empty_opponent_tableaus),  # own tableau full, theirs empty: not half
    ("beginner", "red Soldier", _empty_own_hand_but("red Soldier")),
    ("strategist", "red Archivist", _empty_own_hand_but("red Archivist")),  # 3 deck cards but nothing to swap
    ("strategist", "red Doctor", _empty_own_tableau),
    ("strategist", "red Explorer", _empty_deck),
    ("strategist", "red Inventor", _empty_deck),
    ("strategist", "red Scion", _empty_own_tableau),
    ("strategist", "red Scavenger", _empty_deck),  # the Trash could give a card, but not be refilled
    ("strategist", "red Witness", _empty_opponent_hands),
]


@pytest.mark.parametrize(("deck", "card", "setup"), CANNOT, ids=[c for _, c, _ in CANNOT])
def test_an_effect_that_cannot_be_carried_out_completely_does_nothing(
        deck: str, card: str, setup: Callable[[TricksterState], None]) -> None:
    state = position(4, {0: ["white " + card.split()[1], card]}, heroes=deck)
    setup(state)
    state._legal_cache = None
    cards = sorted(state.all_cards())
    start = len(state.events)
    run(state, "play " + card)
    kinds_after = [e.kind for e in state.events[start:]]
    assert kinds_after[:2] == ["play", "no_effect"]
    assert last(state, "no_effect") == {"seat": 0, "hero": card.split()[1]}
    assert "effect" not in kinds_after
    assert sorted(state.all_cards()) == cards


def test_a_deck_card_seen_by_archivist_is_known_in_the_hand_that_draws_it_later() -> None:
    deck = ["blue Scion", "green Witness", "black Inventor"]
    state = position(4, {0: ["white Doctor", "red Archivist", "red Scion"], 1: ["white Scion", "orange Inventor"]},
                     deck=deck, heroes=STRATEGIST)
    run(state, "play red Archivist", "swap red Scion", "take green Witness", "return black Inventor")
    run(state, "return red Scion")
    run(state, "play orange Inventor")  # the Trickster draws the top card: black Inventor
    assert "black Inventor" in hand(state, 1)
    assert state.observe(0)["table"]["known"]["hands"] == {"1": ["black Inventor"]}
    assert state.observe(2)["table"]["known"]["hands"] == {}
    assert any(e.kind == "draw_seen" for e in state.visible_events(0))
    assert not any(e.kind == "draw_seen" for e in state.visible_events(2))
    run(state, "bottom white Scion" if "white Scion" in hand(state, 1) else "bottom " + hand(state, 1)[0])
    # seat 1 put an unseen card away: seat 0 can no longer be sure which cards seat 1 still holds
    assert state.observe(0)["table"]["known"]["hands"] == {}
    assert knowledge_errors(state) == []
    for k in range(4):
        world = state.resample(0, Rng(k))
        assert [CARD_TEXT[c] for c in world.deck[-2:][::-1]] == ["red Scion", "blue Scion"]
