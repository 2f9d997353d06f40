"""The engine's shared pieces for games: card masks and the codec, the hidden choice, the constrained deal."""

from __future__ import annotations

import collections
import copy
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.engine import ParseError, Rng, new_game, sampling
from tricktable.engine.cards import CardCodec, cards_of, highest, lowest, mask_of, select
from tricktable.engine.hidden import CLOSED, NONE, HiddenChoice, only
from tricktable.engine.sampling import deal, shuffled, world


def test_masks_and_lists_of_cards_turn_into_each_other() -> None:
    for cards in ([], [0], [5, 1, 71], list(range(112))):
        assert cards_of(mask_of(cards)) == sorted(cards)
    assert select("abcdef", 0b101010) == ["b", "d", "f"]
    assert lowest(0) == highest(0) == -1 and (lowest(0b10100), highest(0b10100)) == (2, 4)


def test_the_codec_names_and_parses_every_card_and_refuses_the_rest() -> None:
    codec = CardCodec(("red Brigand", "blue Nomad"), game="Toy", hint="like 'red Brigand'")
    assert [codec.parse(codec.name(c)) for c in range(2)] == [0, 1]
    assert codec.parse("  blue   Nomad ") == 1 and codec.names(0b11) == ["red Brigand", "blue Nomad"]
    with pytest.raises(ParseError, match="'Blue Nomad' is not a Toy card \\(like 'red Brigand'\\)"):
        codec.parse("Blue Nomad")  # exact case unless ``upper``
    with pytest.raises(ValueError, match="share a name"):
        CardCodec(("A", "a"), game="Toy", hint="", upper=True)


def test_a_hidden_choice_waits_in_the_order_given_and_shows_every_pick_at_the_end() -> None:
    choice = HiddenChoice.open(4, seats=(2, 3, 0))
    assert choice.waiting == (2, 3, 0) and choice.picks == (NONE,) * 4
    choice = choice.choose(3, 1)
    assert choice.waiting == (2, 0) and not choice.is_complete and choice.pick(3) == 1
    choice = choice.choose(2, 0).choose(0, 1)
    assert choice.is_complete and choice.picks == (1, NONE, 0, 1)
    assert CLOSED.is_complete and only(2) == frozenset({2}) and only(2) is only(2)


def test_a_hidden_choice_is_a_value_copies_and_pickles_keep() -> None:
    choice = HiddenChoice.open(3).choose(1, 5)
    assert copy.copy(choice) is choice and copy.deepcopy(choice) is choice  # immutable: shared, as clones do
    again = pickle.loads(pickle.dumps(choice))
    assert again == choice and hash(again) == hash(choice) and again.waiting == (0, 2) and again.pick(1) == 5
    assert choice != HiddenChoice.open(3) and repr(choice) == "HiddenChoice(waiting=(0, 2), picks=(-1, 5, -1))"


def test_a_resampled_choice_keeps_the_viewers_pick_and_redraws_the_others() -> None:
    choice = HiddenChoice.open(3).choose(0, 5).choose(1, 6)
    assert choice.redrawn(1, lambda seat: 9).picks == (9, 6, NONE)


def test_a_deal_fills_every_slot_with_cards_it_allows() -> None:
    pool = (1 << 20) - 1
    black = 0b1111_1111 << 12
    for seed in range(200):
        hands = deal(pool, [5, 5, 10], Rng(seed), [pool & ~black, pool, pool], must=(1, 1 << 3 | 1 << 4))
        assert hands is not None and [h.bit_count() for h in hands] == [5, 5, 10]
        assert hands[0] | hands[1] | hands[2] == pool and not hands[0] & black and hands[1] & 0b11000


def test_a_deal_with_one_constrained_slot_is_uniform() -> None:
    # four cards into two slots of two, slot 0 may not hold card 0: each of the three fitting deals equally often
    seen = collections.Counter(tuple(deal(0b1111, [2, 2], Rng(seed), [0b1110, 0b1111]) or ()) for seed in range(3000))
    assert len(seen) == 3 and min(seen.values()) > 850


def test_a_deal_finds_the_only_fit_even_when_random_draws_miss_it() -> None:
    # slot i may hold only cards i and i+1 (cyclically): a tight cycle that greedy draws rarely close
    n = 12
    allowed = [(1 << i) | (1 << (i + 1) % n) for i in range(n)]
    hands = deal((1 << n) - 1, [1] * n, Rng(4), allowed)
    assert hands is not None and all(h & a == h for h, a in zip(hands, allowed, strict=True))


def test_a_deal_that_cannot_fit_is_none_and_a_miscount_is_an_error() -> None:
    assert deal(0b111, [2, 1], Rng(1), [0b001, 0b111]) is None
    with pytest.raises(ValueError, match="places"):
        deal(0b111, [2, 2], Rng(1))


def test_a_resample_world_carries_no_seed_no_history_and_no_log() -> None:
    state = new_game("masquerade", players=4, seed=3)
    state.apply(state.legal_actions()[0])
    twin = world(state, Rng(1))
    assert (twin.seed, twin.history, twin.events) == (0, [], [])
    assert state.history and state.events and state.seed == 3  # the live state keeps its log
    assert shuffled([1, 2, 3], Rng(5)) == shuffled([1, 2, 3], Rng(5))


@given(seed=st.integers(min_value=0, max_value=2**64 - 1), size=st.integers(min_value=0, max_value=32),
       first=st.one_of(st.none(), st.integers(min_value=0, max_value=32)))
def test_shuffle_divides_the_three_draws_as_one_192_bit_number(seed: int, size: int, first: int | None) -> None:
    """``sampling.shuffle`` divides limb by limb; the places it draws must be divmod's on the whole number
    (every stored record's deal depends on them)."""
    items = list(range(size))
    sampling.shuffle(Rng(seed), items, first)
    draws = Rng(seed)
    x = draws.next64() << 128 | draws.next64() << 64 | draws.next64()
    expected = list(range(size))
    for i in range(min(size - 1, size if first is None else first)):
        x, j = divmod(x, size - i)
        expected[i], expected[i + j] = expected[i + j], expected[i]
    assert items == expected


_MASK64 = (1 << 64) - 1
_GOLDEN, _MIX1, _MIX2 = 0x9E3779B97F4A7C15, 0xBF58476D1CE4E5B9, 0x94D049BB133111EB


def _splitmix64(state: int) -> tuple[int, int]:
    """SplitMix64 in its textbook form, on whole 64-bit ints: the next state and its draw."""
    state = (state + _GOLDEN) & _MASK64
    z = ((state ^ state >> 30) * _MIX1) & _MASK64
    z = ((z ^ z >> 27) * _MIX2) & _MASK64
    return state, z ^ z >> 31


def _below(state: int, n: int) -> tuple[int, int]:
    """``below(n)`` in its textbook form: the next state and the draw."""
    while True:
        state, z = _splitmix64(state)
        if z < (1 << 64) - (1 << 64) % n:
            return state, z % n


def _state_before(z: int) -> int:
    """The state whose next draw is ``z`` (each step of the mix can be undone)."""
    def unshift(x: int, k: int) -> int:
        y = x
        for _ in range(64 // k):
            y = x ^ y >> k
        return y
    z = unshift(z, 31) * pow(_MIX2, -1, 1 << 64) & _MASK64
    z = unshift(z, 27) * pow(_MIX1, -1, 1 << 64) & _MASK64
    return (unshift(z, 30) - _GOLDEN) & _MASK64


@given(seed=st.integers(min_value=0, max_value=_MASK64),
       ns=st.lists(st.one_of(st.integers(1, 300), st.integers(2**31 - 3, 2**31 + 3), st.integers(1, 2**64)),
                   min_size=1, max_size=8))
def test_rng_draws_splitmix64s_words_and_below_is_rejection_sampling_on_them(seed: int, ns: list[int]) -> None:
    """Every record's deal depends on these draws. The compiled build steps on 32-bit halves and the
    interpreted one on whole ints (CI runs this on both); the step on halves is also checked directly."""
    rng, halves, state = Rng(seed), Rng(seed), seed
    for n in ns:
        state, z = _splitmix64(state)
        assert rng.next64() == z
        hi, lo = halves._halves()
        assert hi << 32 | lo == z and halves.state == state
        state, j = _below(state, n)
        assert rng.below(n) == j and rng.state == state
        halves = Rng(state)
    with pytest.raises(ValueError, match="0 < n <= 2"):
        rng.below(2**64 + 1)  # a single draw cannot be uniform over more


@given(n=st.integers(2, 2**31 - 1).filter(lambda n: (1 << 64) % n), step=st.integers(0, 2**31))
def test_below_rejects_a_draw_from_the_top_of_the_range_as_the_textbook_does(n: int, step: int) -> None:
    limit = (1 << 64) - (1 << 64) % n
    rejected = limit + step % ((1 << 64) - limit)  # a draw in the biased top slice, made the next one
    before = _state_before(rejected)
    assert _splitmix64(before)[1] == rejected
    rng = Rng(before)
    assert rng.below(n) == _below(before, n)[1] and rng.state == _below(before, n)[0]
