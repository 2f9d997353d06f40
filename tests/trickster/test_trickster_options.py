"""Deck options (beginner, strategist, random, draft, a list), the Trickster token and the fixed deal."""

from __future__ import annotations

import pytest
from trickster_helpers import hand, legal, move_hand_to_tableau, position, run

from playouts import random_playout
from tricktable.engine import BadOptions, GameRecord, Rng, load_game
from tricktable.engine import options as opts
from tricktable.games.trickster import Trickster
from tricktable.games.trickster.cards import CARD_TEXT, HERO_NAMES
from tricktable.games.trickster.options import TricksterOptions


def heroes(state: object) -> list[str]:
    return list(state.observe(None)["table"]["heroes"])  # type: ignore[attr-defined]


def test_every_default_is_documented_with_a_tag() -> None:
    infos = opts.describe(TricksterOptions)
    assert {i.name for i in infos} >= {"deck", "token", "first_leader", "next_leader", "draft_start", "no_match",
                                       "tiebreak_cards", "hands", "trash", "deck_order"}
    assert all(i.tag in ("P", "D") and i.doc for i in infos)


def test_the_beginner_and_strategist_decks_use_their_seven_heroes() -> None:
    assert heroes(load_game("trickster", 4).new_state(1)) == [
        "Brigand", "Guard", "Magician", "Nomad", "Peddler", "Revolutionary", "Soldier"]
    assert heroes(load_game("trickster", 4, deck="strategist").new_state(1)) == [
        "Archivist", "Doctor", "Explorer", "Inventor", "Scion", "Scavenger", "Witness"]


def test_a_random_deck_is_seven_heroes_drawn_by_the_seed() -> None:
    game = load_game("trickster", 4, deck="random")
    drawn = [heroes(game.new_state(seed)) for seed in range(6)]
    assert all(len(set(d)) == 7 for d in drawn)
    assert drawn[0] == heroes(game.new_state(0))
    assert len({tuple(d) for d in drawn}) > 1


def test_an_explicit_deck_lists_seven_heroes() -> None:
    names = ["Explorer", "Brigand", "Witness", "Guard", "Nomad", "Scion", "Doctor"]
    state = load_game("trickster", 4, deck=names).new_state(1)
    assert sorted(heroes(state)) == sorted(names)
    assert len(state.all_cards()) == 56
    for bad in (names[:6], [*names[:6], "Brigand"], [*names[:6], "Joker"]):
        with pytest.raises(BadOptions):
            load_game("trickster", 4, deck=bad)
    with pytest.raises(BadOptions):
        load_game("trickster", 4, deck="mixed")


def test_a_draft_is_played_as_actions_clockwise_from_the_first_leader() -> None:
    state = load_game("trickster", 3, deck="draft", first_leader=2).new_state(4)
    assert state.observe(None)["phase"] == "draft"
    assert len(legal(state)) == 14 and len(state.all_cards()) == 112
    picks = ["Witness", "Brigand", "Explorer", "Nomad", "Scion", "Guard", "Doctor"]
    order = []
    for name in picks:
        order.append(state.actors[0])
        state.apply(f"draft {name}")
        assert f"draft {name}" not in legal(state)
    assert order == [2, 0, 1, 2, 0, 1, 2]
    assert sorted(heroes(state)) == sorted(picks)
    assert state.observe(None)["phase"] == "opening"
    assert len(state.all_cards()) == 56
    cards = sorted(state.all_cards())
    random_playout(state, Rng(4))
    assert sorted(state.all_cards()) == cards
    again = GameRecord.loads(state.record().to_text()).replay()
    assert again.scores() == state.scores()


def test_the_draft_can_start_left_of_the_first_leader() -> None:
    state = load_game("trickster", 4, deck="draft", first_leader=1, draft_start="left_of_first_leader").new_state(0)
    assert state.actors == (2,)


def test_the_token_makes_the_leader_also_the_trickster_with_two_or_three_players() -> None:
    for players in (2, 3):
        state = position(players, {0: ["white Guard", "red Guard", "red Soldier"]})
        table = state.observe(None)["table"]
        assert table["token"] and table["trickster"] == 0
        assert table["followers"] == list(range(1, players))
        run(state, "play red Soldier", "choose seat 1")
        run(state, "move " + hand(state, 0)[0])
        assert state.actors == (0,)  # the Leader plays again: the pattern card


def test_when_everyone_follows_the_token_holder_busts() -> None:
    state = position(2, {0: ["white Guard", "red Guard", "red Soldier"], 1: ["white Soldier", "red Magician"]})
    run(state, "play red Soldier", "choose seat 1")
    run(state, "move " + hand(state, 0)[0])  # an orange card
    run(state, "play red Guard", "move white Guard")
    assert state.observe(None)["table"]["pattern"] == "same suit"
    run(state, "play red Magician", "swap " + hand(state, 1)[0])
    run(state, "take " + CARD_TEXT[state.trash[0]])
    bust = [e for e in state.events if e.kind == "bust"][-1]
    assert bust.data["seat"] == 0 and bust.data["reason"] == "all followed"


@pytest.mark.parametrize(("token", "players", "uses"), [
    ("up_to_three", 2, True), ("up_to_three", 3, True), ("up_to_three", 4, False),
    ("two_only", 2, True), ("two_only", 3, False), ("off", 2, False), ("off", 3, False)])
def test_the_token_option_decides_who_uses_it(token: str, players: int, uses: bool) -> None:
    state = load_game("trickster", players, token=token).new_state(2)
    assert state.token is uses
    cards = sorted(state.all_cards())
    random_playout(state, Rng(2))
    assert sorted(state.all_cards()) == cards


def test_three_players_without_the_token_have_a_trickster_and_one_follower() -> None:
    state = position(3, token="off")
    table = state.observe(None)["table"]
    assert table["trickster"] == 1 and table["followers"] == [2]


def test_the_deal_options_fix_hands_trash_and_the_deck_top() -> None:
    trash = ["white Nomad", "white Soldier", "black Nomad", "black Soldier", "purple Nomad", "purple Soldier"]
    state = position(4, {1: ["red Guard"]}, trash=trash, deck=["blue Brigand", "green Magician"], open_cards=False)
    assert "red Guard" in hand(state, 1)
    assert state.observe(None)["table"]["trash"] == trash
    assert [CARD_TEXT[c] for c in state.deck[::-1][:2]] == ["blue Brigand", "green Magician"]
    assert len(state.all_cards()) == 56


def test_the_deal_options_refuse_impossible_deals() -> None:
    with pytest.raises(BadOptions):
        Trickster(4, trash=("red Guard",))
    with pytest.raises(BadOptions):
        Trickster(4, trash=("red Guard",) * 6)
    with pytest.raises(BadOptions):
        Trickster(4, deck_order=("red Scion",))  # not a beginner card
    with pytest.raises(BadOptions):
        Trickster(4, deck="random", deck_order=("red Guard",))
    with pytest.raises(BadOptions):
        Trickster(4, hands=(("red Guard",),) * 4)


def test_the_first_leader_can_be_fixed_and_later_rounds_are_led_by_the_last_buster() -> None:
    state = load_game("trickster", 4, first_leader=2).new_state(3)
    for seat in range(4):
        state.apply(legal(state, seat)[0], seat)
    assert state.actors == (2,)
    rng = Rng(3)
    while state.round == 1:
        seat = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    busts = [e.data["seat"] for e in state.events if e.kind == "bust"]
    deal = [e for e in state.events if e.kind == "deal"][-1]
    assert deal.data["leader"] == busts[-1]


def test_later_rounds_can_be_led_by_the_first_buster() -> None:
    state = load_game("trickster", 4, next_leader="first_buster").new_state(3)
    rng = Rng(3)
    while state.round == 1:
        seat = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    busts = [e.data["seat"] for e in state.events if e.kind == "bust"]
    assert [e for e in state.events if e.kind == "deal"][-1].data["leader"] == busts[0]


def test_the_number_of_rounds_is_an_option() -> None:
    state = load_game("trickster", 4, rounds=1).new_state(3)
    random_playout(state, Rng(1))
    assert len(state.round_scores) == 1


def test_a_private_explorer_shows_the_revealed_cards_only_to_its_player() -> None:
    state = position(4, {0: ["white Doctor", "red Explorer"]}, deck=["blue Scion", "green Witness"],
                     heroes="strategist", explorer_reveal="private")
    run(state, "play red Explorer")
    assert state.observe(0)["table"]["effect"]["revealed"] == ["blue Scion", "green Witness"]
    assert "revealed" not in state.observe(1)["table"]["effect"]
    run(state, "keep green Witness")
    assert state.observe(1)["table"]["known"] == {"hands": {}, "deck": []}


def test_witness_may_target_any_opponent_with_that_option() -> None:
    state = position(4, {0: ["white Doctor", "red Witness"]}, heroes="strategist", witness_target="any")
    state.tableaus[3].extend(state.hands[3])
    state.hands[3].clear()
    state._legal_cache = None
    run(state, "play red Witness")
    assert "choose seat 3" in legal(state)


def test_every_hero_name_has_a_draft_action() -> None:
    game = load_game("trickster", 5)
    assert [a.text for a in game.actions if a.text.startswith("draft ")] == [f"draft {h}" for h in HERO_NAMES]


def test_a_follower_with_no_card_can_be_skipped_instead_of_busting() -> None:
    for rule in ("busts", "follower_skipped"):
        state = position(4, {0: ["white Brigand", "red Guard"], 1: ["white Guard", "red Soldier"],
                             3: ["white Nomad", "red Nomad"]}, empty_hand=rule)
        move_hand_to_tableau(state, 2)  # setup: seat 2, the first Follower, has no card
        run(state, "play red Guard", "move white Brigand", "play red Soldier", "choose seat 2")
        run(state, "move " + hand(state, 1)[0])
        if rule == "follower_skipped":
            assert [e.data for e in state.events if e.kind == "skip"] == [{"seat": 2}]
            run(state, "play red Nomad")  # Nomad cannot pass: seat 2 has no card
        bust = next(e for e in state.events if e.kind == "bust")
        assert bust.data["seat"] == (2 if rule == "busts" else 1)  # else all Followers played: the Trickster
