"""The heuristics' former holes (issue 14.3), each at a targeted position, and the search's use of them."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tricktable.bots import HeuristicBot, ISMCTSBot, SeatView, make_bot
from tricktable.bots.heuristic import chooser, hook, seat_observation
from tricktable.bots.inference import past_decisions, weigher
from tricktable.bots.search import Budget
from tricktable.engine import Rng, State, available, load_game
from tricktable.games.masquerade import heuristic as masq
from tricktable.games.masquerade.cards import COLOUR_MASKS, parse_card

# choices with nothing to know: mission 24's pick is blind (either pile, unseen), so any rule is as good
BLIND = {("megalomania", "pick")}


def heuristic_positions(name: str, games: int, keep: Callable[[State, int], bool], **options: object) -> Iterator[
        tuple[State, int]]:
    """(state, seat) pairs from heuristic self-play where ``keep`` holds."""
    game = load_game(name, 4, **options)
    for seed in range(games):
        state = game.new_state(seed)
        bots = [HeuristicBot(seed * 10 + p) for p in range(4)]
        while not state.is_over:
            picks = []
            for p in state.actors:
                if keep(state, p):
                    yield state.clone(), p
                picks.append((p, bots[p].choose(SeatView(state, p))))
            for p, action in picks:
                state.apply(action, p)


@pytest.mark.parametrize("name", available())
def test_a_heuristic_never_falls_through_to_a_random_choice(name: str) -> None:
    choose = chooser(load_game(name, 4))
    assert choose is not None
    checked = 0
    for state, seat in heuristic_positions(name, 2, lambda s, p: len(s.legal_actions(p)) > 1):
        view = SeatView(state, seat)
        if (name, view.observation.get("phase")) in BLIND:
            continue
        picks = {choose(view.observation, view.legal, view.game, Rng(k)).text for k in range(3)}
        assert len(picks) == 1, f"{name} at {view.observation.get('phase')}: random among {picks}"
        checked += 1
    assert checked > 100


def test_megalomania_plays_a_card_when_a_play_time_scroll_is_usable() -> None:
    found = 0

    def usable(state: State, p: int) -> bool:
        return any(a.text.startswith("use ") for a in state.legal_actions(p)) and state.observe(p)["phase"] == "play"

    for state, seat in heuristic_positions("megalomania", 6, usable):
        view = SeatView(state, seat)
        action = HeuristicBot(0).choose(view)
        assert action.text.startswith("play"), f"{action} (the scroll is worth +2 kept)"
        found += 1
    assert found >= 5


def _after_guard(state: State, p: int) -> bool:
    obs = state.observe(p)
    table = obs["table"]
    return (obs["phase"] == "play" and table["turn"] == p and table["trickster"] == p
            and table["pattern"] is None and len(obs["trick"]) >= 2)


def test_trickster_heuristic_knows_it_is_the_trickster_after_a_guard_lead() -> None:
    # a Guard's lead moves a tableau card into the Pot: the Trickster then sees two cards there, and used
    # to play as a Follower. Its choice must be the one it makes when the moved card is not there.
    choose = chooser(load_game("trickster", 4))
    assert choose is not None
    found = 0
    for state, seat in heuristic_positions("trickster", 40, _after_guard):
        view = SeatView(state, seat)
        plain = dict(view.observation)
        plain["trick"] = [e for e in plain["trick"] if not e["moved"]]
        plain["table"] = dict(plain["table"])  # the moved card stays seen: in the trash instead of the Pot
        plain["table"]["trash"] = plain["table"]["trash"] + [e["card"] for e in view.observation["trick"] if e["moved"]]
        assert len(plain["trick"]) == 1
        assert choose(view.observation, view.legal, view.game, Rng(1)) is choose(plain, view.legal, view.game, Rng(1))
        found += 1
    assert found >= 3


def test_masquerade_challenges_a_known_following_card_and_otherwise_on_the_odds_of_the_spot() -> None:
    challenged = known = unproven = 0

    def window(state: State, p: int) -> bool:
        return state.observe(p)["phase"] == "challenge" and p in state.actors

    for state, seat in heuristic_positions("masquerade", 30, window):
        view = SeatView(state, seat)
        mview = masq._View(view.observation, view.game)
        who = mview.trick[-1][0]
        prior = masq.follow_chance(mview, who)
        verb = HeuristicBot(0).choose(view).text
        if prior >= 1.0:
            assert verb == "challenge"
            known += 1
        else:
            safe = masq.challenge_risk(mview, who, before=1) <= masq.SAFE_BLUFF
            odds = masq.bluff_odds(prior, masq.SAFE_BLUFF_RATE if safe else masq.RISKY_BLUFF_RATE)
            assert odds == masq.bluff_chance(view.observation, view.game)
            assert (verb == "challenge") == (odds > masq.CHALLENGE_ODDS), f"{verb} at odds {odds:.2f}"
            if not safe and prior < 0.95:  # where nobody bluffs, a following card unseen is no reason
                assert verb == "pass", f"challenged on a {prior:.2f} guess: the card itself says void"
                unproven += 1
        challenged += verb == "challenge"
    assert unproven >= 10


def test_bayes_weighs_the_play_as_evidence() -> None:
    assert masq.bluff_odds(1.0) == 1.0 and masq.bluff_odds(0.0) == 0.0
    assert masq.bluff_odds(0.9) < 0.5 < masq.bluff_odds(0.99)


def _bluffable(state: State, p: int) -> bool:
    obs = state.observe(p)
    if obs["phase"] != "play" or not obs["trick"] or p not in state.actors:
        return False
    return bool(masq.certain_bluffs(obs, state.legal_actions(p), state.game))


def random_positions(name: str, games: int, keep: Callable[[State, int], bool]) -> Iterator[tuple[State, int]]:
    """(state, seat) pairs from random play (random players bluff, so withdrawn cards become known)."""
    rng = Rng(5)
    for seed in range(games):
        state = load_game(name, 4).new_state(seed)
        while not state.is_over:
            for p in state.actors:
                if keep(state, p):
                    yield state.clone(), p
            p = state.actors[0]
            state.apply(rng.choice(state.legal_actions(p)), p)


def test_ismcts_never_bluffs_into_a_certain_challenge() -> None:
    found = 0
    for state, seat in random_positions("masquerade", 60, _bluffable):
        view = SeatView(state, seat)
        banned = {a.text for a in masq.certain_bluffs(view.observation, view.legal, view.game)}
        assert banned and len(banned) < len(view.legal)
        assert make_bot("ismcts:60", found).choose(view).text not in banned
        found += 1
        if found >= 4:
            break
    assert found >= 1


def test_inference_drops_worlds_where_the_challenged_player_bluffed() -> None:
    # in a challenge window, the worlds search keeps should rarely give the challenged player a following
    # card: a heuristic player with one would have followed
    def window(state: State, p: int) -> bool:
        return state.observe(p)["phase"] == "challenge" and p in state.actors

    evidence = hook(load_game("masquerade", 4), "evidence")
    assert evidence is not None
    checked = 0
    for state, seat in heuristic_positions("masquerade", 10, window):
        view = SeatView(state, seat)
        mview = masq._View(view.observation, view.game)
        if not 0.5 < masq.follow_chance(mview, mview.trick[-1][0]) < 1.0:
            continue
        who = mview.trick[-1][0]
        follow = COLOUR_MASKS[mview.lead]
        plain = [view.sample(Rng(k)) for k in range(60)]
        bot = ISMCTSBot(1, budget=Budget(iterations=1), inference=True)
        worlds, cumulative = bot._candidates(view, weigher(view.game))
        weighed = [bot._draw(view, worlds, cumulative) for _ in range(60)]
        share = [sum(1 for w in worlds if w.hands[who] & follow) / 60 for worlds in (plain, weighed)]
        assert share[1] < share[0] - 0.2, share
        checked += 1
        if checked >= 3:
            break
    assert checked >= 1
    assert parse_card("R11") >= 0


@pytest.mark.parametrize("name", ["megalomania", "trickster"])
def test_the_plays_inference_rebuilds_are_legal_and_what_a_heuristic_player_chose(name: str) -> None:
    # heuristic self-play: every play that inference rebuilds (in the true state here) must be legal in the
    # rebuilt past, and the heuristic, asked there, must mostly choose what was played (the rebuilt past is
    # the one the player saw; Trickster's tableau moves are not undone, hence "mostly"). Both rebuild the
    # round's earlier tricks too, Megalomania's exactly enough that the heuristic agrees nearly always.
    game = load_game(name, 4)
    choose = chooser(game)
    assert choose is not None
    bots = [HeuristicBot(p) for p in range(4)]
    rebuilt = agree = earlier = 0
    for seed in range(4 if name == "megalomania" else 10):
        state = game.new_state(seed)
        while not state.is_over:
            if len(state.actors) == 1:
                for past, q, index in past_decisions(state.clone(), state.actors[0]):
                    legal = past._legal(q)
                    assert any(a.index == index for a in legal), f"{name}: a rebuilt play is not legal"
                    if len(legal) > 1:
                        rebuilt += 1
                        agree += choose(seat_observation(past, q), legal, past.game, Rng(3)).index == index
                        earlier += len(past.played) < len(state.played)
            picks = [(p, bots[p].choose(SeatView(state, p))) for p in state.actors]
            for p, action in picks:
                state.apply(action, p)
    assert rebuilt >= 100 and agree >= 0.85 * rebuilt and earlier >= rebuilt // 3, (rebuilt, earlier, agree)
    if name == "megalomania":
        assert agree >= 0.99 * rebuilt, (rebuilt, agree)


SPECIAL = [  # (game, options, phase words of the special decisions the prior must lean at)
    ("megalomania", {}, {"preparation", "oracle", "farmer", "explorer"}),
    ("masquerade", {}, {"challenge"}),
    ("trickster", {}, {"opening", "effect"}),
]


@pytest.mark.parametrize(("name", "options", "phases"), SPECIAL)
def test_the_prior_leans_to_the_heuristic_at_special_decisions(name: str, options: dict[str, object],
                                                             phases: set[str]) -> None:
    # ``:prior`` biases the root toward the heuristic's choice at every kind of special decision (random
    # play reaches the powers' follow-ups, which the heuristic itself seldom activates)
    game = load_game(name, 4, **options)
    choose = chooser(game)
    assert choose is not None
    rng, seen, deal = Rng(5), set(), 0
    while seen != phases and deal < 40:
        state = game.new_state(deal)
        deal += 1
        while not state.is_over:
            p = rng.choice(state.actors)
            phase = str(state.observe(p)["phase"])
            if phase in phases and len(state.legal_actions(p)) > 1:
                view = SeatView(state, p)
                bot = ISMCTSBot(1, budget=Budget(iterations=2), prior=1.0)
                bot.search(view)
                assert bot._favoured == choose(view.observation, view.legal, view.game, Rng(1)).index, phase
                seen.add(phase)
            state.apply(rng.choice(state.legal_actions(p)), p)
    assert seen == phases, f"{name}: reached only {seen}"


def test_no_prior_where_the_heuristic_tosses_a_coin() -> None:
    # Trickster's heuristic drafts at random: a prior there would be noise, so there is none
    def draft(state: State, p: int) -> bool:
        return state.observe(p)["phase"] == "draft"

    for state, seat in heuristic_positions("trickster", 1, draft, deck="draft"):
        bot = ISMCTSBot(1, budget=Budget(iterations=2), prior=1.0)
        bot.search(SeatView(state, seat))
        assert bot._favoured == -1
        return
    raise AssertionError("no draft decision reached")


def test_masquerade_search_never_challenges_against_the_odds() -> None:
    banned = allowed = 0

    def window(state: State, p: int) -> bool:
        return state.observe(p)["phase"] == "challenge" and p in state.actors

    for state, seat in heuristic_positions("masquerade", 30, window):
        view = SeatView(state, seat)
        odds = masq.bluff_chance(view.observation, view.game)
        kept = [a.text for a in masq.avoid(view.observation, view.legal, view.game)]
        if odds <= masq.CHALLENGE_ODDS:
            assert kept == ["challenge"]
            banned += 1
        else:
            assert kept == []
            allowed += 1
    assert banned >= 5
