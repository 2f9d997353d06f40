"""Information-state tensors: a few thousand floats, equal exactly when the information state is equal
(pairs from the deal, public and private moves, every phase), and documented field by field."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from setups import installed_games  # noqa: E402
from spielplay import dealt, play_randomly  # noqa: E402

from tricktable.envs import infotensor  # noqa: E402
from tricktable.envs import openspiel as tos  # noqa: E402
from tricktable.envs.encoding import asked_view  # noqa: E402
from tricktable.envs.infostate import information_state_text, recall  # noqa: E402

GAMES = [cls.name for cls in installed_games()]


def tensor(state: object, seat: int) -> np.ndarray:
    return np.asarray(state.information_state_tensor(seat), np.float32)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", GAMES)
def test_the_information_state_tensor_counts_what_the_seat_saw_and_did(name: str) -> None:
    game = tos.load(name, 3)
    encoder = game.spec.infostate
    assert game.information_state_tensor_shape() == [encoder.size]
    assert 1000 <= encoder.size <= 10_000
    state = dealt(game, 4)
    rng = np.random.RandomState(4)
    for _ in range(5):
        play_randomly(state, rng, 25)
        if state.is_terminal():
            break
        for seat in range(3):
            views = encoder.views(tensor(state, seat))
            engine = state.engine
            own = sum(1 for who, _, _ in state._live.marks if who == seat)
            seen = len(engine.visible_events(seat)) + own
            assert views["history_length"][0] == seen
            assert views["own_verbs"].sum() == own
            assert views["kind_counts"].sum() == seen - own
            last = list(recall(engine, seat, state._live.marks))[-infotensor.RECENT:]
            assert views["recent"][:, encoder.offsets["own"]].sum() == sum(isinstance(t, str) for t in last)
            assert np.array_equal(views["observation"], np.asarray(state.observation_tensor(seat), np.float32))


def sightings(game: object, seed: int) -> list[tuple[str, str, bytes]]:
    """(phase, information-state string, tensor) for every seat along a random game, and in the children
    of its states: pairs that differ in the deal, in a public or a private move, in every phase."""
    state = dealt(game, seed)
    rng = np.random.RandomState(seed)
    out: list[tuple[str, str, bytes]] = []
    while not state.is_terminal():
        for child in [state] + [state.child(a) for a in state.legal_actions()[:3]]:
            if child.is_terminal():
                continue
            phase = str(child.engine.observe(None)["phase"])
            for seat in range(3):
                out.append((phase, child.information_state_string(seat), tensor(child, seat).tobytes()))
        play_randomly(state, rng, 1 + rng.randint(6))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_distinct_information_states_give_distinct_tensors_and_equal_ones_equal(name: str) -> None:
    game = tos.load(name, 3)
    seen = [s for seed in range(3) for s in sightings(game, seed)]
    by_string: dict[str, bytes] = {}
    for _, text, vector in seen:
        assert by_string.setdefault(text, vector) == vector  # equal strings, equal tensors
    assert len(set(by_string.values())) == len(by_string)  # distinct strings, distinct tensors
    assert len(by_string) > 300 and len({phase for phase, _, _ in seen}) >= 2


@pytest.mark.parametrize("name", GAMES)
def test_equal_information_states_give_equal_tensors(name: str) -> None:
    state = dealt(tos.load(name, 3), 6)
    play_randomly(state, np.random.RandomState(6), 30)
    mover = state.current_player()
    world = state.resample_from_infostate(mover, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert world.information_state_string(mover) == state.information_state_string(mover)
    assert np.array_equal(tensor(world, mover), tensor(state, mover))


@pytest.mark.parametrize("name", GAMES)
def test_a_waiting_seat_cannot_tell_the_movers_secret_choice_from_its_tensor(name: str) -> None:
    rng = np.random.RandomState(3)
    checked = 0
    for seed in range(3):
        state = dealt(tos.load(name, 3), seed)
        while not state.is_terminal() and checked < 10:
            actors = state.engine.actors
            if len(actors) > 1:
                seen: dict[tuple[int, ...], np.ndarray] = {}
                for action in state.legal_actions()[:6]:
                    child = state.child(action)
                    if child.is_chance_node():
                        continue
                    view = tensor(child, actors[1])
                    assert np.array_equal(seen.setdefault(tuple(child.engine.actors), view), view)
                checked += 1
            play_randomly(state, rng, 1)


@pytest.mark.parametrize("name", GAMES)
def test_the_memo_of_event_parts_changes_no_text_and_no_tensor(name: str) -> None:
    # the game's encoder and observer remember each event (by identity) across states and games: what they
    # give must be what a fresh encoder, and the text written without a memo, give
    game = tos.load(name, 3)
    engine_game = game.spec.game
    for seed in range(2):
        state = dealt(game, seed)
        rng = np.random.RandomState(seed)
        while not state.is_terminal():
            play_randomly(state, rng, 17)
            engine, marks = state.engine, state._live.marks
            if engine is None:
                continue
            for seat in range(3):
                fresh = infotensor.InfoStateEncoder(engine_game, game.spec.encoder).encode(engine, seat, marks)
                assert np.array_equal(tensor(state, seat), fresh)
                view = asked_view(engine, seat)
                assert state.information_state_string(seat) == information_state_text(engine, seat, view, marks)


def test_every_piece_and_token_field_is_documented() -> None:
    doc = infotensor.__doc__ or ""
    encoder = tos.load("masquerade", 3).spec.infostate
    for name, _ in encoder.layout:
        assert f"``{name}``" in doc
    for field, _ in encoder.fields:
        assert f"\n{field} " in doc


def test_the_trickster_string_does_not_depend_on_the_order_the_trash_was_dealt_in() -> None:
    first = tos.load("trickster", 3, deck="beginner").new_initial_state()
    trash = list(first.engine.observe(0)["table"]["trash"])
    one, two = (tos.load("trickster", 3, deck="beginner", trash=order).new_initial_state()
                for order in (trash, trash[::-1]))
    assert one.engine.trash == two.engine.trash[::-1]  # dealt in opposite orders
    for seat in range(3):
        assert one.information_state_string(seat) == two.information_state_string(seat)
        assert np.array_equal(tensor(one, seat), tensor(two, seat))
