"""The whole game: rounds, dealers, dominant colours, end-of-game scoring, tie-breaks, pairs and options."""

from __future__ import annotations

import itertools

import pytest
from megalomania_helpers import ready, setup

from tricktable.engine import BadOptions, Rng, load_game
from tricktable.games.megalomania.cards import COLOURS
from tricktable.games.megalomania.game import MegalomaniaState
from tricktable.games.megalomania.rules import MEMO_LIMIT, dominant_colours


def played_out(players: int, seed: int, **options: object) -> MegalomaniaState:
    state = load_game("megalomania", players, **options).new_state(seed)
    rng = Rng(seed)
    while not state.is_over:
        p = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(p)), p)
    assert isinstance(state, MegalomaniaState)
    return state


def test_a_game_has_twelve_rounds_or_eight_in_the_short_game_each_with_a_new_mission() -> None:
    for rounds in (12, 8):
        state = played_out(3, 4, rounds=rounds)
        assert len(state.results) == rounds
        assert len(set(state.mission_deck[:rounds])) == rounds


def test_the_dealer_passes_clockwise_and_the_dominant_colour_cycles_from_a_random_start() -> None:
    state = load_game("megalomania", 4).new_state(9)
    first = state.dominants[0]
    assert list(state.dominants) == [(first + r) % 4 for r in range(12)]
    assert all(state.dominants.count(c) == 3 for c in range(4))
    dealers = []
    while not state.is_over:
        if not dealers or dealers[-1][0] != state.round_no:
            dealers.append((state.round_no, state.dealer))
        state.apply(state.legal_actions()[0], state.actors[0])
    assert [d for _, d in dealers] == [(dealers[0][1] + r) % 4 for r in range(12)]


def test_fixed_dominant_colours_come_first_and_the_cycle_continues_from_the_last() -> None:
    state = load_game("megalomania", 2, dominant="KB").new_state(1)
    assert "".join(COLOURS[c] for c in state.dominants) == "KBYRKBYRKBYR"


def test_random_dominant_order_draws_each_round() -> None:
    state = load_game("megalomania", 2, dominant_order="random").new_state(3)
    assert len(state.dominants) == 12 and set(state.dominants) <= {0, 1, 2, 3}


def test_holding_an_unused_scroll_at_the_end_adds_two_points() -> None:
    state = played_out(2, 5, rounds=8)
    base = state.points.copy()
    state.scrolls = [(1,), ()]
    assert state.totals() == [base[0] + 2, base[1]]


def test_ties_go_to_fewer_points_lost_then_to_the_player_without_unused_scrolls_then_are_shared() -> None:
    state = played_out(3, 6, rounds=8)
    state.scrolls = [(), (), ()]
    state.points, state.lost = [5, 5, 3], [-4, -1, 0]
    assert state.winners() == [1]  # fewer points lost
    state.scrolls = [(), (1,), ()]
    state.points, state.lost = [5, 3, 0], [-1, -1, 0]
    assert state.totals() == [5, 5, 0]
    assert state.winners() == [0]  # then: no unused scroll
    state.scrolls = [(), (), ()]
    state.points, state.lost = [4, 4, 4], [-1, -1, -1]
    assert state.winners() == [0, 1, 2]  # then: shared


def test_pairs_score_each_team_as_the_sum_of_its_partners() -> None:
    state = played_out(4, 7, pairs=True, rounds=8)
    totals = state.totals()
    scores = state.scores()
    assert scores[0] == scores[2] == totals[0] + totals[2]
    assert scores[1] == scores[3] == totals[1] + totals[3]
    assert state.winners() in ([0, 2], [1, 3], [0, 1, 2, 3])


def test_options_that_do_not_fit_are_refused() -> None:
    for players, options in [(3, {"pairs": True}), (3, {"mission_order": [20]}), (4, {"rotate_after": "card"}),
                             (2, {"scrolls": ["wish"]}), (2, {"deal": [["B1 B2", "Y1"]]}),
                             (2, {"deal": [["B1", "B1"]]}), (2, {"mission_order": [1, 1]})]:
        with pytest.raises(BadOptions):
            load_game("megalomania", players, **options)


def test_every_d_default_of_the_rules_file_is_a_named_option() -> None:
    from tricktable.engine import options as opts
    from tricktable.games.megalomania.options import MegalomaniaOptions

    names = {info.name for info in opts.describe(MegalomaniaOptions)}
    assert {"dominant_order", "free_powers", "resources", "scrolls", "missions", "mission_points", "rounds",
            "pairs", "deal", "mission_order", "dominant"} <= names


def test_free_powers_lets_the_oracle_and_assassin_work_without_a_crystal() -> None:
    state = setup(3, ["R6 B1", "R15 Y2", "K1 K4"], free_powers=True)
    for p in range(3):
        state.apply("ready 0/3", p)
    state.apply("play R6")
    assert "play Y2*" in [str(a) for a in state.legal_actions()]


def test_fixed_deals_apply_round_by_round_and_the_player_left_of_the_dealer_leads() -> None:
    game = load_game("megalomania", 3, deal=[["B1", "B2", "B4"], ["Y1", "Y2", "Y4"]], mission_order=[1, 3],
                     dealer=1, scrolls=[])
    state = game.new_state(0)
    assert isinstance(state, MegalomaniaState)
    assert state.dealer == 1 and state.mission == 1
    for p in range(3):
        state.apply("ready 3/0", p)
    assert state.actors == (2,)
    state.apply("play B4")
    state.apply("play B1")
    state.apply("play B2")
    assert state.round_no == 2 and state.dealer == 2 and state.mission == 3
    assert state.observe(0)["hand"] == ["Y1"]
    for p in range(3):
        state.apply("ready 3/0", p)
    assert state.actors == (0,)


def test_the_legal_memo_starts_again_past_its_limit() -> None:
    # a search fills it a few thousand lists a decision: unbounded, a full garbage collection walking them
    # pushed ``hard`` past its time cap
    state = setup(3, ["B1 B2 Y4", "R1 R2 R4", "K1 K2 K4"])
    ready(state)
    cache = state.game.memo.legal
    cache.clear()
    cache.update({-1 - k: [] for k in range(MEMO_LIMIT)})  # keys no hand gives
    assert state.legal_actions(0) and len(cache) == 1


def test_states_and_forks_share_the_games_lookups_but_never_its_legal_memo() -> None:
    game = load_game("megalomania", 3)
    state = game.new_state(2)
    state.legal_actions(state.actors[0])
    fork = game.fork()
    twin = state.clone()
    assert isinstance(state, MegalomaniaState) and isinstance(twin, MegalomaniaState)
    assert state.look is game.look is fork.look is twin.look  # immutable: one per game, however many worlds
    assert fork.memo is not game.memo and not fork.memo.legal  # the memo holds hands: one per fork
    assert state.look.options is game.options and len(state.look.play_events) == 3


def test_random_dominant_order_changes_the_colour_every_round() -> None:
    # rules: the dominant colour changes every round [P]
    game = load_game("megalomania", 4, dominant_order="random")
    for seed in range(200):
        colours = dominant_colours(game.options, Rng(seed))
        assert all(a != b for a, b in itertools.pairwise(colours)), (seed, colours)
    assert len({dominant_colours(game.options, Rng(s))[1] for s in range(50)}) == 4  # still random, every colour
