"""Challenges (rules: A turn, 2): the truthful answer, the re-play, options A-D and what every seat learns."""

from __future__ import annotations

import pytest
from masquerade_helpers import deal, give_won, kinds, run, won

from tricktable.engine import IllegalAction, Rng
from tricktable.games.masquerade.game import MasqueradeState


def legal(state: MasqueradeState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def table(state: MasqueradeState) -> dict[str, object]:
    result: dict[str, object] = state.observe(None)["table"]
    return result


def challenged(hand1: str) -> MasqueradeState:
    """Seat 0 leads R5; seat 1 (holding ``hand1``) plays K3 off colour; seat 2 challenges it."""
    state = deal("R5 R6", hand1, "R9 R8")
    give_won(state, 1, "K12 K14 B3")
    give_won(state, 2, "G2 G4 G8 G10 K1")
    return run(state, "play R5", "play K3", "challenge")


def test_a_challenge_succeeds_when_the_player_could_have_followed() -> None:
    state = challenged("K3 R7")
    assert state.events[-1].kind == "challenge" and state.events[-1].data["success"] is True
    view = state.observe(None)
    assert view["phase"] == "replay" and state.actors == (1,)
    assert [t["card"] for t in view["trick"]] == ["R5"]
    assert view["table"]["known_in_hand"][1] == ["K3"]  # the withdrawn card is back in hand, seen by all
    assert legal(state) == ["play R7"]  # a following card, the player's choice
    with pytest.raises(IllegalAction):
        state.apply("play K3")
    run(state, "play R7")
    assert [t["card"] for t in state.observe(None)["trick"]] == ["R5", "R7"]
    assert state.observe(None)["table"]["known_in_hand"][1] == ["K3"]  # still in hand, still known
    assert state.actors == (2,) and legal(state) == ["option A", "option B"]


def test_a_withdrawn_card_stays_known_until_it_is_played() -> None:
    state = deal("R5 R6", "K3 R7", "R9 R8")
    run(state, "play R5", "play K3", "challenge", "play R7")
    assert state.known[1]  # K3
    run(state, "option A", "play R9", "take R5")
    assert state.observe(None)["table"]["known_in_hand"][1] == ["K3"]
    run(state, "play R6", "play K3")
    assert state.observe(None)["table"]["known_in_hand"][1] == []


def test_a_challenge_fails_when_the_player_had_nothing_that_follows() -> None:
    state = challenged("K3 B7")
    assert state.events[-1].data["success"] is False
    view = state.observe(None)
    assert view["phase"] == "option" and state.actors == (1,)  # the challenged player chooses
    assert legal(state) == ["option C", "option D"]
    assert [t["card"] for t in view["trick"]] == ["R5", "K3"]
    assert view["table"]["void"][1] == ["R"]  # all now know seat 1 has no red


def test_success_option_a_gives_up_to_three_of_the_challengers_cards_of_one_colour() -> None:
    state = challenged("K3 R7")
    run(state, "play R7", "option A", "colour G")
    assert legal(state) == ["pick G2", "pick G4", "pick G8", "pick G10", "done"]
    run(state, "pick G2", "pick G4", "pick G8")  # the third card ends the move
    assert won(state, 1) == ["K12", "K14", "B3", "G2", "G4", "G8"]
    assert won(state, 2) == ["K1", "G10"]
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)


def test_success_option_b_takes_cards_of_one_colour_from_the_challenged_player() -> None:
    state = challenged("K3 R7")
    run(state, "play R7", "option B", "colour K", "pick K12", "done")
    assert won(state, 2) == ["K1", "K12", "G2", "G4", "G8", "G10"]
    assert won(state, 1) == ["K14", "B3"]


def test_failure_option_c_gives_the_challenged_players_cards_to_the_challenger() -> None:
    state = challenged("K3 B7")
    run(state, "option C", "colour K", "pick K12", "pick K14")  # no black left: the move ends
    assert won(state, 2) == ["K1", "K12", "K14", "G2", "G4", "G8", "G10"]
    assert won(state, 1) == ["B3"]
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)


def test_failure_option_d_takes_the_challengers_cards_of_one_colour() -> None:
    state = challenged("K3 B7")
    run(state, "option D", "colour G", "pick G10", "done")
    assert won(state, 1) == ["K12", "K14", "B3", "G10"]
    assert won(state, 2) == ["K1", "G2", "G4", "G8"]


def test_a_challenge_may_move_zero_cards() -> None:
    state = challenged("K3 R7")
    run(state, "play R7", "option B", "colour K", "done")
    assert won(state, 1) == ["K12", "K14", "B3"] and won(state, 2) == ["K1", "G2", "G4", "G8", "G10"]
    assert state.events[-1].kind == "moved" and state.events[-1].data["count"] == 0


def test_naming_a_colour_with_no_cards_moves_zero_cards() -> None:
    state = challenged("K3 B7")
    run(state, "option C", "colour R")
    assert state.observe(None)["phase"] == "play"
    assert won(state, 1) == ["K12", "K14", "B3"]


def test_an_empty_won_pile_skips_the_colour() -> None:
    state = deal("R5 R6", "K3 R7", "R9 R8")
    run(state, "play R5", "play K3", "challenge", "play R7", "option A")
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)


def test_one_challenge_per_card() -> None:
    state = challenged("K3 B7")
    run(state, "option C", "done")
    assert state.observe(None)["phase"] == "play" and state.actors == (2,)  # seat 0 is not offered it again


def test_a_withdrawn_cards_effect_never_triggers_but_the_replayed_cards_does() -> None:
    state = deal("K5 R6", "G13 K13", "R9 R8")
    run(state, "play K5", "play G13", "challenge", "play K13", "option A")
    assert "effect" not in kinds(state)  # G13 came back to hand: no -2
    assert state.observe(None)["phase"] == "target" and state.actors == (1,)
    run(state, "target K5")  # K13 is +2
    assert [t["number"] for t in state.observe(None)["trick"]] == [7, 13]


def test_a_cards_effect_waits_for_its_challenge_window() -> None:
    state = deal("R5 R6", "G13 R7", "R9 R8")
    run(state, "play R5", "play G13")
    assert state.observe(None)["phase"] == "challenge"
    run(state, "pass", "pass")
    assert state.observe(None)["phase"] == "target" and legal(state) == ["target R5"]


def test_r11_counts_as_following_for_the_challenge_answer() -> None:
    state = deal("K5 R6", "G3 R11", "R9 R8")
    run(state, "play K5", "play G3", "challenge")
    assert state.events[-1].data["success"] is True
    assert legal(state) == ["play R11"]


def test_after_a_failed_challenge_every_resampled_world_keeps_the_void() -> None:
    state = deal("R5 R6 R1 R2", "K3 B7 G1 G2", "R9 R8 R3 R4")
    run(state, "play R5", "play K3", "challenge")
    for k in range(30):
        world = state.resample(0, Rng(k))
        assert world.hands[1] & world.follow_mask() == 0
        assert world.observe(0) == state.observe(0)


def test_while_a_replay_is_awaited_every_resampled_world_lets_it_follow() -> None:
    state = deal("R5 R6 R1 R2", "K3 R7 G1 G2", "R9 R8 R3 R4")
    run(state, "play R5", "play K3", "challenge")
    for k in range(30):
        world = state.resample(2, Rng(k))
        assert world.hands[1] & world.follow_mask()
        assert world.hands[1] & state.known[1] == state.known[1]  # K3 stays in that hand
        assert world.observe(2) == state.observe(2)


def test_the_last_resort_resampler_keeps_voids_and_withdrawn_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.engine import sampling

    if str(sampling.__file__).endswith(".so"):
        pytest.skip("COMPILED BUILD: this test steers engine/sampling.py by monkeypatching its module globals "
                    "(SHUFFLES, GREEDY, _match), which compiled code does not read; the pure build runs it")

    # no shuffles, no greedy draws: every deal comes from the exact matching, the last resort
    monkeypatch.setattr(sampling, "SHUFFLES", 0)
    monkeypatch.setattr(sampling, "GREEDY", 0)
    used = []
    match = sampling._match
    monkeypatch.setattr(sampling, "_match", lambda *args: used.append(1) or match(*args))
    state = deal("R5 R6 R1 R2 B1", "K3 B7 G1 G2 B2", "R9 R8 R3 R4 B3", "K9 K8 K1 K2 G3")
    run(state, "play R5", "play K3", "challenge")  # fails: seat 1 has no red
    run(state, "option C", "play R9", "play K1", "challenge")  # fails too: seat 3 has no red; two void seats
    for k in range(20):
        world = state.resample(2, Rng(k))
        assert world.hands[1] & world.follow_mask() == 0
        assert world.hands[3] & world.follow_mask() == 0
        assert world.observe(2) == state.observe(2)
        assert sorted(world.all_cards()) == sorted(state.all_cards())
    assert used


@pytest.mark.parametrize("seed", [2, 13, 15, 17, 305])
def test_hard_positions_resample_without_the_last_resort(monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    # seeds that once needed the fallback: a re-play whose following card was an earlier withdrawn one
    # (2, 13, 15, 17), and black cards only one seat could hold (305)
    from tricktable.engine import sampling
    from tricktable.games.masquerade import Masquerade

    def refuse(*args: object) -> None:
        raise AssertionError("the fallback was needed")

    monkeypatch.setattr(sampling, "_match", refuse)
    variants: list[dict[str, str]] = [{}, {"challenge": "off"}, {"specials": "none"},
                                      {"b16": "lead", "challenge_order": "leader"},
                                      {"specials": "effects", "tiebreak": "strict"}]
    n = 3 + seed % 4
    state = Masquerade(n, **variants[seed % 5]).new_state(seed)
    rng = Rng(seed)
    checks = 0
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
        if rng.below(4) == 0:
            seat = rng.below(n)
            world = state.resample(seat, Rng(seed * 7 + checks))
            checks += 1
            assert world.observe(seat) == state.observe(seat)
