"""Observation tensors: a fixed size, finite values, every piece documented, built only from observations."""

from __future__ import annotations

import importlib
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from setups import ids, setups  # noqa: E402

from tricktable.engine import Game, Rng  # noqa: E402
from tricktable.envs import encoding  # noqa: E402
from tricktable.envs.encoding import encoder_for  # noqa: E402

SETUPS = setups()


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_every_observation_of_a_random_game_encodes_to_the_same_finite_size(setup: tuple[type[Game[Any]], int]) -> None:
    game_cls, players = setup
    game = game_cls(players)
    encoder = encoder_for(game)
    rng = Rng(players)
    for seed in range(2):
        state = game.new_state(seed)
        while True:
            for seat in (None, *range(players)):
                tensor = encoder.encode(state.observe(seat))
                assert tensor.shape == (encoder.size,) and tensor.dtype == np.float32
                assert np.isfinite(tensor).all()
                assert encoder.low <= tensor.min() and tensor.max() <= encoder.high
            if state.is_over:
                break
            player = rng.choice(state.actors)
            state.apply(rng.choice(state.legal_actions(player)), player)


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_encoders_read_the_position_never_the_log(setup: tuple[type[Game[Any]], int]) -> None:
    """A tensor is the same with the log taken out of the observation (issue #11: the log is a stream)."""
    game_cls, players = setup
    game = game_cls(players)
    encoder = encoder_for(game)
    rng = Rng(players + 1)
    state = game.new_state(3)
    for _ in range(60):
        if state.is_over:
            break
        for seat in (None, *range(players)):
            view = state.observe(seat)
            full = encoder.encode(view)
            view.pop("log", None)
            assert np.array_equal(encoder.encode(view), full)
        player = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(player)), player)


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_every_piece_of_the_tensor_is_documented(setup: tuple[type[Game[Any]], int]) -> None:
    game_cls, players = setup
    encoder = encoder_for(game_cls(players))
    docs = (encoding.__doc__ or "") + (importlib.import_module(type(encoder).__module__).__doc__ or "")
    for name, _ in encoder.layout:
        assert f"``{name}``" in docs, f"{name} is not described"


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_the_legal_piece_is_the_legal_actions_and_seats_are_relative(setup: tuple[type[Game[Any]], int]) -> None:
    game_cls, players = setup
    state = game_cls(players).new_state(4)
    encoder = encoder_for(state.game)
    mover = state.actors[0]
    views = encoder.views(encoder.encode(state.observe(mover)))
    assert sorted(np.flatnonzero(views["legal"])) == sorted(a.index for a in state.legal_actions(mover))
    assert views["seat"][mover] == 1 and views["actors"][0] == 1  # the mover is an actor, at relative 0


def test_a_game_without_its_own_encoder_gets_the_common_pieces() -> None:
    from toy import Toy

    encoder = encoder_for(Toy(2))
    assert type(encoder) is encoding.Encoder
    assert [name for name, _ in encoder.layout][:3] == ["seat", "actors", "legal"]


def test_the_core_package_does_not_import_the_research_libraries() -> None:
    import subprocess
    import sys

    code = ("import sys, tricktable, tricktable.engine, tricktable.bots, tricktable.cli.main\n"
            "from tricktable.engine import available, new_game\n"
            "[new_game(name, players=game.min_players, seed=1) for name in available()"
            " for game in [__import__('tricktable.engine', fromlist=['game_class']).game_class(name)]]\n"
            "loaded = [m for m in ('pyspiel', 'open_spiel', 'pettingzoo', 'gymnasium') if m in sys.modules]\n"
            "assert not loaded, loaded\n")
    subprocess.run([sys.executable, "-c", code], check=True)
