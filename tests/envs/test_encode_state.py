"""The direct encoders (``Encoder.encode_state``, written from the state's fields) give exactly the
vector of the reference encoder (``Encoder.encode``, written from the observation dict): for every
position of random games of every game and player count, and every seat and the spectator."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")

from setups import ids, setups  # noqa: E402

from tricktable.engine import Game, Rng  # noqa: E402
from tricktable.envs.encoding import asked_view, encoder_for  # noqa: E402

SETUPS = setups()
GAMES = 3  # random games a setup


def differences(encoder: Any, direct: Any, reference: Any) -> list[str]:
    """The pieces where two vectors differ, by name (a failure says which piece is wrong)."""
    a, b = encoder.views(direct), encoder.views(reference)
    return [f"{name}: {np.flatnonzero(a[name] != b[name]).tolist()} direct {a[name][a[name] != b[name]].tolist()}"
            f" reference {b[name][a[name] != b[name]].tolist()}" for name in a if not np.array_equal(a[name], b[name])]


@pytest.mark.parametrize("setup", SETUPS, ids=ids)
def test_the_direct_tensor_equals_the_reference_for_every_seat_of_random_games(
        setup: tuple[type[Game[Any]], int]) -> None:
    game_cls, players = setup
    game = game_cls(players)
    encoder = encoder_for(game)
    out = encoder.zeros()
    rng = Rng(100 + players)
    for seed in range(GAMES):
        state = game.new_state(seed)
        step = 0
        while True:
            for seat in (None, *range(players)):
                reference = encoder.encode(asked_view(state, seat))
                direct = encoder.encode_state(state, seat)
                assert direct.dtype == np.float32 and direct.shape == (encoder.size,)
                assert np.array_equal(direct, reference), (seed, step, seat, differences(encoder, direct, reference))
                out.fill(7.0)  # written into a given vector: every entry is written
                assert encoder.encode_state(state, seat, out) is out and np.array_equal(out, reference)
            if state.is_over:
                break
            player = rng.choice(state.actors)
            state.apply(rng.choice(state.legal_actions(player)), player)
            step += 1


@pytest.mark.parametrize("name", ["megalomania", "trickster", "masquerade"])
def test_every_game_has_a_direct_encoder(name: str) -> None:
    from tricktable.engine import game_class

    assert encoder_for(game_class(name)(4)).direct


def variants() -> list[tuple[str, dict[str, Any]]]:
    """One table for each listed choice of each option (the others at their defaults)."""
    import dataclasses

    from tricktable.engine import game_class

    out: list[tuple[str, dict[str, Any]]] = [("trickster", {"deck": "draft"})]
    for name in ("megalomania", "trickster", "masquerade"):
        for field in dataclasses.fields(game_class(name).options_type):
            out.extend((name, {field.name: choice}) for choice in field.metadata.get("choices", ())
                       if choice != field.default)
    return out


@pytest.mark.parametrize("variant", variants(), ids=lambda v: f"{v[0]}-{'-'.join(f'{k}={x}' for k, x in v[1].items())}")
def test_the_direct_tensor_equals_the_reference_under_every_option_choice(variant: tuple[str, dict[str, Any]]) -> None:
    from tricktable.engine import BadOptions, game_class

    name, options = variant
    game_cls = game_class(name)
    for players in (4, *range(game_cls.min_players, game_cls.max_players + 1)):  # 4 if the choice allows
        try:
            game = game_cls(players, **options)
        except BadOptions:
            continue
        break
    encoder = encoder_for(game)
    rng = Rng(7)
    state = game.new_state(11)
    while True:
        for seat in (None, *range(game.players)):
            reference = encoder.encode(asked_view(state, seat))
            direct = encoder.encode_state(state, seat)
            assert np.array_equal(direct, reference), (len(state.history), seat,
                                                       differences(encoder, direct, reference))
        if state.is_over:
            break
        player = rng.choice(state.actors)
        state.apply(rng.choice(state.legal_actions(player)), player)
