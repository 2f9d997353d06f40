"""The engine on its own, driven by a tiny two-player game defined here."""

from __future__ import annotations

import dataclasses
from typing import Any, Self

import pytest

from tricktable.engine import (
    Action,
    BadOptions,
    Game,
    GameRecord,
    IllegalAction,
    Observation,
    ParseError,
    Rng,
    State,
    UnknownGame,
    load_game,
    option,
)
from tricktable.engine import options as opts
from tricktable.engine.registry import GAMES


@dataclasses.dataclass(frozen=True)
class HighCardOptions:
    cards: int = option(4, tag="P", doc="cards in the deck", choices=(2, 4, 6))
    label: str = option("x", tag="D", doc="free text")


class HighCard(Game[HighCardOptions]):
    """Each player plays one card of a shuffled deck; the higher card wins."""

    name = "highcard"
    title = "High Card"
    min_players = 2
    max_players = 2
    options_type = HighCardOptions

    def build_actions(self) -> list[Action]:
        return [Action(i, f"play {i}") for i in range(self.options.cards)]

    def new_state(self, seed: int) -> HighCardState:
        return HighCardState(self, seed)


class HighCardState(State):
    def __init__(self, game: HighCard, seed: int) -> None:
        super().__init__(game, seed)
        deck = list(range(game.options.cards))
        self.rng.shuffle(deck)
        half = len(deck) // 2
        self.hands = [deck[:half], deck[half:]]
        self.played: list[int] = []

    @property
    def actors(self) -> tuple[int, ...]:
        return () if len(self.played) == 2 else (len(self.played),)

    @property
    def round(self) -> int:
        return 1

    def _legal(self, player: int) -> list[Action]:
        return [self.game.actions[c] for c in sorted(self.hands[player])]

    def _step(self, action: Action, player: int) -> None:
        self.hands[player].remove(action.index)
        self.played.append(action.index)
        self.log("play", seat=player, card=action.index)

    def scores(self) -> list[float]:
        if len(self.played) < 2:
            return [0.0, 0.0]
        return [1.0, 0.0] if self.played[0] > self.played[1] else [0.0, 1.0]

    def winners(self) -> list[int]:
        return [self.scores().index(1.0)] if self.is_over else []

    def _observe(self, player: int | None) -> Observation:
        return {"hand": [] if player is None else self.hands[player]}

    def resample(self, player: int, rng: Rng) -> Self:
        return self.clone()

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        self._copy_base(twin)
        twin.hands = [h.copy() for h in self.hands]
        twin.played = self.played.copy()
        return twin

    def all_cards(self) -> list[str]:
        return [str(c) for c in self.hands[0] + self.hands[1] + self.played]


@pytest.fixture(autouse=True)
def registered() -> Any:
    GAMES["highcard"] = __name__
    yield
    del GAMES["highcard"]


GAME = HighCard


def test_the_same_seed_deals_the_same_cards() -> None:
    assert HighCard(2).new_state(5).hands == HighCard(2).new_state(5).hands


def test_rng_is_splitmix64_and_a_clone_draws_the_same_sequence() -> None:
    assert Rng(0).next64() == 0xE220A8397B1DCDAF  # SplitMix64's published first output for seed 0
    rng = Rng(42)
    rng.below(7)
    twin = rng.clone()
    assert [rng.below(1000) for _ in range(5)] == [twin.below(1000) for _ in range(5)]


def test_an_illegal_action_names_the_player_the_action_and_the_legal_ones() -> None:
    state = HighCard(2).new_state(1)
    mine = {a.text for a in state.legal_actions(0)}
    other = next(a for a in state.game.actions if a.text not in mine)
    with pytest.raises(IllegalAction) as raised:
        state.apply(other)
    message = str(raised.value)
    assert message.startswith(f"seat 0 cannot {other}")
    assert all(text in message for text in mine)
    assert state.history == []


def test_a_player_who_is_not_an_actor_is_refused() -> None:
    state = HighCard(2).new_state(1)
    with pytest.raises(IllegalAction, match="not their turn"):
        state.apply(state.legal_actions(0)[0], 1)


def test_text_actions_parse_and_unknown_text_is_a_parse_error() -> None:
    game = HighCard(2)
    assert game.parse_action("  play   3 ") is game.actions[3]
    with pytest.raises(ParseError):
        game.parse_action("jump")


def test_a_record_round_trips_through_text_and_json_and_replays() -> None:
    state = load_game("highcard", 2, cards=6, label="y").new_state(9)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[-1])
    record = state.record()
    assert record.options == {"cards": 6, "label": "y"}
    for text in (record.to_text(), record.dumps()):
        again = GameRecord.loads(text)
        assert again == record
        assert again.replay().observe(None) == state.observe(None)


def test_a_bad_record_is_a_parse_error() -> None:
    with pytest.raises(ParseError):
        GameRecord.loads('{"game": "highcard"}')


def test_options_are_checked_against_their_choices_and_names() -> None:
    with pytest.raises(BadOptions, match="choices"):
        HighCard(2, cards=5)
    with pytest.raises(BadOptions, match="unknown option"):
        HighCard(2, colour="red")
    with pytest.raises(BadOptions, match="players"):
        HighCard(3)
    parsed = opts.parse_text(HighCardOptions, {"cards": "6", "label": "plain words"})
    assert parsed == HighCardOptions(cards=6, label="plain words")
    assert [i.tag for i in opts.describe(HighCardOptions)] == ["P", "D"]


def test_an_unknown_game_is_named_in_the_error() -> None:
    with pytest.raises(UnknownGame, match="chess"):
        load_game("chess", 2)


def test_the_log_stream_shows_only_visible_events_and_only_new_ones() -> None:
    state = HighCard(2).new_state(2)
    state.log("secret", frozenset({1}), card=3)
    assert [e.kind for e in state.log_since(1)[1]] == ["secret"]
    assert state.log_since(0) == (1, []) and state.log_since(None) == (1, [])
    state.log("public", card=4)
    assert state.log_since(1, 1) == (2, [state.events[1]])
    assert state.log_entries(0, 0) == (2, [(1, state.events[1])])
    assert state.log_since(0, 2) == (2, [])


def test_an_observation_is_the_position_without_the_log() -> None:
    state = HighCard(2).new_state(2)
    state.log("secret", frozenset({1}), card=3)
    assert all("log" not in state.observe(seat) for seat in (None, 0, 1))
