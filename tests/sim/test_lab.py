"""The designers' lab: the --vary grammar, paired studies, balance measures read from records, resuming."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tricktable.cli.main import main
from tricktable.engine import BadOptions, GameRecord, load_game
from tricktable.sim import balance, study
from tricktable.sim.outcome import Outcome
from tricktable.sim.tournament import play, schedule
from tricktable.sim.variants import parse_axis, split_values, variants


def test_values_split_on_commas_outside_brackets_and_quotes() -> None:
    assert split_values('a,[1,2],"x,y", 3') == ["a", "[1,2]", '"x,y"', "3"]


def test_an_element_of_a_table_is_varied_alone() -> None:
    axis = parse_axis("megalomania", 4, "mission_points.7=2,3,4", {})
    default = list(load_game("megalomania", 4).options.mission_points)
    assert axis.labels == ("mission_points.7=2", "mission_points.7=3", "mission_points.7=4")
    found = [v.options["mission_points"] for v in variants("megalomania", 4, [axis], {})]
    for value, points in zip(found, (2, 3, 4), strict=True):
        assert value[6] == points and value[:6] == default[:6] and value[7:] == default[7:]


def test_two_elements_of_one_table_combine_and_one_element_twice_is_refused() -> None:
    axes = [parse_axis("megalomania", 4, "mission_points.5=4,2", {}),
            parse_axis("megalomania", 4, "mission_points.16=-4,-2", {})]
    found = [(v.options["mission_points"][4], v.options["mission_points"][15]) for v in
             variants("megalomania", 4, axes, {})]
    assert found == [(4, -4), (4, -2), (2, -4), (2, -2)]
    with pytest.raises(BadOptions, match="twice"):
        variants("megalomania", 4, [axes[0], parse_axis("megalomania", 4, "mission_points.5=1", {})], {})
    with pytest.raises(BadOptions, match="twice"):
        variants("megalomania", 4, [axes[0], parse_axis("megalomania", 4, "mission_points=[]", {})], {})


def test_a_named_table_is_expanded_before_an_element_changes() -> None:
    axis = parse_axis("trickster", 4, "deck.3=Magician,Witness", {})
    decks = [v.options["deck"] for v in variants("trickster", 4, [axis], {})]
    assert decks[0][2] == "Magician" and decks[1][2] == "Witness"
    assert decks[1][:2] == decks[0][:2] == ["Brigand", "Guard"] and len(decks[1]) == 7
    missions = parse_axis("megalomania", 3, "missions-=7", {})
    assert 7 in missions.values[0] and 7 not in missions.values[1] and 8 not in missions.values[0]
    off = parse_axis("masquerade", 4, "specials_off+=K6,R11", {})
    assert off.values == ([], ["K6"], ["R11"]) and off.labels[0] == "specials_off as is"


@pytest.mark.parametrize(("game", "text", "says"), [
    ("megalomania", "colour=1", "no option 'colour'"),
    ("megalomania", "rounds.2=3", "not a table"),
    ("megalomania", "mission_points.26=1", "elements 1-25"),
    ("trickster", "deck.3=Magician", "not a table"),  # deck=random names no fixed table
    ("megalomania", "missions-=30", "30 is not in missions"),
    ("megalomania", "rounds 12", "NAME=V1,V2"),
])
def test_a_bad_vary_says_what_is_wrong(game: str, text: str, says: str) -> None:
    base = {"deck": "random"} if game == "trickster" else {}
    with pytest.raises(BadOptions, match=says):
        parse_axis(game, 4, text, base)


def test_axes_combine_into_every_variant_each_checked_by_the_game() -> None:
    axes = [parse_axis("masquerade", 4, "b16=reverse,lead", {}), parse_axis("masquerade", 4, "specials_off+=K6", {})]
    found = variants("masquerade", 4, axes, {})
    assert [v.label for v in found] == ["b16=reverse; specials_off as is", "b16=reverse; specials_off+=K6",
                                        "b16=lead; specials_off as is", "b16=lead; specials_off+=K6"]
    assert found[3].options == {"b16": "lead", "specials_off": ["K6"]}
    with pytest.raises(BadOptions, match="variant b16=sideways"):
        variants("masquerade", 4, [parse_axis("masquerade", 4, "b16=sideways", {})], {})


def test_every_variant_plays_the_same_deals_with_the_same_bots() -> None:
    lab = study.Study.build("masquerade", ["heuristic", "random", "random"], 6, 9, {}, ["b16=reverse,lead"])
    matches = lab.matches()
    assert len(matches) == 2 * 6 and lab.deals == 2
    first, second = matches[:6], matches[6:]
    assert [(m.seed, m.rotation, m.bots) for m in first] == [(m.seed, m.rotation, m.bots) for m in second]
    assert {m.variant for m in second} == {1} and [m.index for m in second] == list(range(6, 12))
    same = study.Study.build("masquerade", ["heuristic"] * 3, 5, 9, {}, [])
    assert [m.rotation for m in same.matches()] == [0] * 5  # one bot: a deal once, not once per rotation


def _games(game: str, players: int, count: int, options: dict[str, object] | None = None) -> list[Outcome]:
    return [play(m) for m in schedule(game, ["random"] * players, count, seed=21, options=options, rotate=False)]


@pytest.mark.parametrize(("game", "players", "options"), [
    ("megalomania", 4, {}), ("megalomania", 4, {"pairs": True}), ("megalomania", 3, {}), ("trickster", 4, {}),
    ("trickster", 3, {}), ("masquerade", 4, {}), ("masquerade", 5, {"tiebreak": "strict"}),
])
def test_the_ranking_accessor_orders_the_finish_as_winners_does(game: str, players: int,
                                                                options: dict[str, object]) -> None:
    for outcome in _games(game, players, 8, options):
        state = outcome.record.replay()
        levels, keys = state.ranking()  # type: ignore[attr-defined]
        assert len(keys) == players and all(len(k) == len(levels) for k in keys)
        best = max(keys)
        assert [p for p, k in enumerate(keys) if k == best] == state.winners()


def test_megalomania_missions_are_read_from_the_record_and_add_up_to_the_score() -> None:
    for outcome in _games("megalomania", 4, 4):
        facts = balance.read(outcome)
        missions = [e for e in facts.elements if e.label.startswith("mission ")]
        assert len(missions) == 12  # one a round (a mission is drawn at most once from the deck)
        state = outcome.record.replay()
        scroll_bonus = [t - p for t, p in zip(state.totals(), state.points, strict=True)]  # type: ignore[attr-defined]
        for seat in range(4):
            got = sum(e.points[seat] for e in missions if e.points is not None)
            assert got + scroll_bonus[seat] == outcome.scores[seat]
        assert sorted(facts.positions) == sorted(["first dealer", "dealer's left", "dealer +2", "dealer's right"])


def test_an_element_decides_when_taking_its_points_away_changes_the_winners() -> None:
    decided = undecided = 0
    for outcome in _games("megalomania", 4, 6):
        facts = balance.read(outcome)
        for e in facts.elements:
            assert e.points is not None
            # the rule, restated on the scores alone (ties broken only when they matter are rare here)
            totals = [s - p for s, p in zip(outcome.scores, e.points, strict=True)]
            plain = {s for s in range(4) if totals[s] == max(totals)}
            if len(plain) == 1:
                assert e.decides == (plain != set(outcome.winners))
                decided += e.decides
                undecided += not e.decides
    assert decided and undecided


def test_trickster_heroes_count_their_fired_effects_and_masquerade_cards_their_holder() -> None:
    for outcome in _games("trickster", 4, 2):
        state = outcome.record.replay()
        fired = sum(1 for e in state.events if e.kind == "effect")
        reading = balance.reading(state)
        assert len(reading.elements) == 7 and sum(sum(e.use) for e in reading.elements) == fired
    for outcome in _games("masquerade", 4, 3, {"specials_off": ["R1"]}):
        reading = balance.reading(outcome.record.replay())
        labels = [e.label for e in reading.elements]
        assert "R1" not in labels and {"B16", "K1"} <= set(labels)
        k1 = next(e for e in reading.elements if e.label == "K1")
        assert sum(k1.use) <= 1 and k1.points is not None and sum(k1.points) in (0, 12)


def test_a_tie_is_named_by_the_level_that_broke_it() -> None:
    levels = ("points", "fewer lost", "no scroll")
    assert balance._tiebreak(levels, [(5, 0, 0), (3, 0, 0)], [0]) == "points"
    assert balance._tiebreak(levels, [(5, -1, 0), (5, -2, 0), (1, 0, 0)], [0]) == "fewer lost"
    assert balance._tiebreak(levels, [(5, -1, 0), (5, -1, -1)], [0]) == "no scroll"
    assert balance._tiebreak(levels, [(5, -1, 0), (5, -1, 0)], [0, 1]) == "shared"


def test_a_record_that_no_longer_replays_to_its_scores_is_refused() -> None:
    outcome = _games("masquerade", 3, 1)[0]
    outcome.scores = [s + 1 for s in outcome.scores]
    with pytest.raises(ValueError, match="replays to other scores"):
        balance.read(outcome)


def test_a_study_runs_end_to_end_and_a_killed_one_resumes_to_the_same_results(tmp_path: Path) -> None:
    args = ["lab", "masquerade", "--players", "3", "--games", "6", "--seed", "5", "--vary", "b16=reverse,lead",
            "--vary", "specials_off+=K6", "--workers", "2"]
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    assert main([*args, "--out", str(whole)]) == 0
    for name in ("study.json", "records.jsonl", "results.json", "report.html"):
        assert (whole / name).stat().st_size > 0, name
    lines = (whole / "records.jsonl").read_text().splitlines()
    assert len(lines) == 4 * 6
    for line in lines:
        data = json.loads(line)
        assert GameRecord.from_json(data["record"]).replay().scores() == data["scores"]
    results = json.loads((whole / "results.json").read_text())
    assert [v["label"] for v in results["variants"]][3] == "b16=lead; specials_off+=K6"
    assert results["differences"] and all(d["variant"] in (1, 2, 3) for d in results["differences"])
    page = (whole / "report.html").read_text()
    assert "tricktable lab masquerade" in page and page.count("data:image/png;base64,") >= 4
    # a study killed after 10 games, the 11th cut off mid-line
    cut.mkdir()
    (cut / "study.json").write_text((whole / "study.json").read_text())
    (cut / "records.jsonl").write_text("\n".join(lines[:10]) + "\n" + lines[10][:50])
    assert main([*args, "--out", str(cut)]) == 0
    assert len((cut / "records.jsonl").read_text().splitlines()) == 4 * 6
    assert (cut / "results.json").read_bytes() == (whole / "results.json").read_bytes()


def test_a_folder_of_another_study_is_not_mixed_in(tmp_path: Path) -> None:
    assert main(["lab", "masquerade", "--players", "3", "--games", "1", "--workers", "1", "--out", str(tmp_path)]) == 0
    assert main(["lab", "masquerade", "--players", "3", "--games", "2", "--workers", "1", "--out", str(tmp_path)]) == 2


def test_lab_rejects_bad_input_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lab", "masquerade", "--vary", "b16=sideways", "--out", str(tmp_path)]) == 2
    assert "b16 cannot be 'sideways'" in capsys.readouterr().out
    assert main(["lab", "masquerade", "--players", "3", "--bots", "heuristic,nobody,random", "--out",
                 str(tmp_path)]) == 2
    assert main(["lab", "masquerade", "--players", "4", "--bots", "heuristic,random", "--out", str(tmp_path)]) == 2


def test_the_skill_margin_per_deal_is_the_simulators_comparison() -> None:
    lineup = ["heuristic", "random", "random"]
    outcomes = [play(m) for m in schedule("masquerade", lineup, 6, seed=4)]
    results = balance.measure("masquerade", 3, ["as given"], outcomes)
    (variant,) = results.variants
    (comparison,) = variant.summary.comparisons
    assert variant.measures["skill: win rate heuristic minus others"].mean == pytest.approx(comparison.win.mean)
    assert variant.measures["skill: score heuristic minus others"].mean == pytest.approx(comparison.score.mean)


def test_masquerade_special_cards_switch_off_one_by_one() -> None:
    game = load_game("masquerade", 4, specials_off=["K6", "R1"])
    full = load_game("masquerade", 4)
    assert len(game.effects) == len(full.effects) - 1 and len(game.bonuses) == len(full.bonuses) - 1  # type: ignore[attr-defined]
    for outcome in _games("masquerade", 4, 6, {"specials_off": ["K6", "R1"]}):
        state = outcome.record.replay()
        assert not [e for e in state.events if e.kind == "effect" and e.data["card"] == "K6"]
    with pytest.raises(BadOptions, match="R2 is not a special card"):
        load_game("masquerade", 4, specials_off=["R2"])


def test_a_variant_that_changes_the_mission_deck_is_dealt_the_same_cards_and_missions_in_the_same_order() -> None:
    lab = study.Study.build("megalomania", ["random"] * 4, 6, 3, {}, ["missions-=7"])
    for m in lab.matches()[:6]:
        full = load_game("megalomania", 4, **lab.variants[0].options).new_state(m.seed)
        without = load_game("megalomania", 4, **lab.variants[1].options).new_state(m.seed)
        assert full.hands == without.hands  # type: ignore[attr-defined]
        assert [x for x in full.mission_deck if x != 7] == list(without.mission_deck)  # type: ignore[attr-defined]


def test_a_trickster_deal_is_the_same_whichever_heroes_are_drawn() -> None:
    drawn = load_game("trickster", 4, deck="random").new_state(5)
    fixed = load_game("trickster", 4, deck="beginner").new_state(5)
    assert drawn.heroes != fixed.heroes  # type: ignore[attr-defined]
    assert [sorted(c & 7 for c in hand) for hand in drawn.hands] == [  # type: ignore[attr-defined]
        sorted(c & 7 for c in hand) for hand in fixed.hands]  # type: ignore[attr-defined]


def test_a_named_substream_is_its_own_and_a_secure_seed_keeps_secure_substreams() -> None:
    from tricktable.engine.rng import SECURE_FROM, secure_seed, substream_seed

    assert substream_seed(7, "missions") == substream_seed(7, "missions") != substream_seed(7, "heroes")
    assert substream_seed(7, "missions") != substream_seed(8, "missions") and substream_seed(7, "x") < SECURE_FROM
    secret = secure_seed()
    assert substream_seed(secret, "missions") >= SECURE_FROM


def test_a_sweep_expands_and_a_value_given_twice_is_refused() -> None:
    assert parse_axis("megalomania", 4, "mission_points.7=1..4", {}).values == (1, 2, 3, 4)
    assert parse_axis("megalomania", 4, "resources=2..4:2", {}).values == (2, 4)
    for text, says in (("rounds=12,12", "12 twice"), ("missions-=7,7", "7 twice"), ("rounds=5..1", "from LO up"),
                       ("missions-=1..3", "takes =")):
        with pytest.raises(BadOptions, match=says):
            parse_axis("megalomania", 4, text, {})


def _intervals(data: object) -> list[dict[str, float]]:
    """Every estimate (a dict with mean, low and high) inside a results.json."""
    if isinstance(data, dict):
        found = [data] if {"mean", "low", "high"} <= set(data) else []
        return found + [e for v in data.values() for e in _intervals(v)]
    if isinstance(data, list):
        return [e for v in data for e in _intervals(v)]
    return []


def test_a_points_study_says_whether_the_bots_reacted_in_both_languages_with_rates_in_range(tmp_path: Path) -> None:
    # mission 7 (+2 a trick worth 25 or less) first, at 2 or 6 points: at 6 the heuristic chases it harder
    assert main(["lab", "megalomania", "--games", "8", "--seed", "3", "-o", "mission_order=[7,3,9,4,10,1]",
                 "--vary", "mission_points.7=2,6", "--workers", "1", "--out", str(tmp_path)]) == 0
    results = json.loads((tmp_path / "results.json").read_text())
    played_alike = results["variants"][1]["identical_play"]
    assert played_alike is not None and played_alike < 1.0
    correction = results["correction"]
    assert correction["method"] == "holm" and correction["tests"] > 10
    english, japanese = (tmp_path / "report.html").read_text(), (tmp_path / "report.ja.html").read_text()
    assert "chance alone would flag about" in english and "Holm" in english and "the bots reacted" in english
    assert "偶然だけで" in japanese and "Holm" in japanese and "ボットは変更に反応した" in japanese
    assert "{p}" not in english and "+6 per trick" in english and "につき+6" in japanese
    for name, measure in ((n, m) for v in results["variants"] for n, m in v["measures"].items()):
        if balance.bounds(name) is not None and measure["low"] is not None:
            low, high = balance.bounds(name)  # type: ignore[misc]
            assert low <= measure["low"] <= measure["mean"] <= measure["high"] <= high, name
    for d in results["differences"]:
        limits = balance.bounds(d["measure"])
        if limits is not None and d["low"] is not None:
            width = limits[1] - limits[0]
            assert -width <= d["low"] <= d["mean"] <= d["high"] <= width, d["measure"]


def test_a_study_whose_variants_change_nothing_says_re_scored_only(tmp_path: Path) -> None:
    # mission 7 is not in the first round's deck of this one-round-long check: same moves, same scores
    base = ["-o", "mission_order=[3,4,9,10,1,2,5,6,11,12,13,14]"]
    assert main(["lab", "megalomania", "--games", "3", "--seed", "2", "--workers", "1", *base,
                 "--vary", "mission_points.7=2,3", "--out", str(tmp_path)]) == 0
    results = json.loads((tmp_path / "results.json").read_text())
    assert results["variants"][1]["identical_play"] == 1.0
    assert "re-scored only: the bots did not react" in (tmp_path / "report.html").read_text()
