"""The only source of randomness in a game: a seeded generator, chosen by the size of the seed.

A seed below 2**64 seeds SplitMix64 (``Rng``): tiny, fast, the same on every platform, for search,
simulations, tests and practice. We do not use :mod:`random` inside states: its state is 625 words, so
copying it would dominate ``clone()``. SplitMix64 is not secret, though: its i-th draw is a direct
function of the seed, so a player who knows the seed space can search it for the seed that deals their
own hand. A live table therefore uses a seed of 2**64 or more (``secure_seed()``: 256 secret bits), which
keys ``SecureRng``, BLAKE2b in counter mode: nothing it draws tells anything about its key, and the same
seed still gives the same game, bit for bit, so the record (published when the game is over) replays.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from collections.abc import MutableSequence, Sequence
from typing import Any, ClassVar, Final, TypeVar

try:
    from mypy_extensions import i64  # a machine word when compiled; a plain int otherwise
except ImportError:  # a plain install
    i64 = int  # type: ignore[misc]

T = TypeVar("T")

# Final: the compiled build keeps each in a C variable, where a plain global is a dict lookup a read
_SPAN: Final = 1 << 64
_HALF_SPAN: Final = 1 << 32
_HALF: Final = 1 << 31  # below(n) for n under this works on the draw's halves, in machine words when compiled
_M32: Final = 0xFFFFFFFF
_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_LIMITS: Final = [0] + [_SPAN - _SPAN % n for n in range(1, 256)]  # below(n) rejects draws at or above these


class Rng:
    """A SplitMix64 generator. ``Rng(seed)`` with the same seed gives the same draws, bit for bit.

    The 64-bit state is kept as two 32-bit halves, and the compiled build steps on halves (``_halves``):
    every value then fits a machine word, a few dozen machine instructions a draw, where the step on one
    64-bit value (it passes 2**62, so a Python long) took thousands. Interpreted, the textbook step on
    whole ints is three times faster than the step on halves, so the interpreter's ``next64`` and ``below``
    take it, on the state as one int (``_next64_whole``, ``_below_whole``). Both give
    SplitMix64's draws, bit for bit (``tests/test_engine_pieces.py`` checks each against the textbook).
    """

    __slots__ = ("_hi", "_lo")
    # whether chance is answered from outside (engine/chance.py's ``OutsideChance``): a game's fast shuffle,
    # which spends whole 64-bit words, then draws card by card instead
    outside: ClassVar[bool] = False

    def __init__(self, seed: int = 0) -> None:
        self._hi: i64 = (seed >> 32) & _M32
        self._lo: i64 = seed & _M32

    @property
    def state(self) -> int:
        """The 64-bit state, as one int."""
        hi: int = self._hi
        lo: int = self._lo
        return hi << 32 | lo

    def _halves(self) -> tuple[i64, i64]:
        """The next 64-bit draw as its high and low 32 bits.

        Each product's low 64 bits are all that is kept, and they are the same whether the product is a
        Python int or a machine word that wrapped (the compiled build), so both builds draw the same.
        """
        lo: i64 = self._lo + 0x7F4A7C15  # state += 0x9E3779B97F4A7C15 (mod 2**64)
        hi: i64 = (self._hi + 0x9E3779B9 + (lo >> 32)) & _M32
        lo &= _M32
        self._hi = hi
        self._lo = lo
        lo ^= (hi << 2 | lo >> 30) & _M32  # z ^= z >> 30
        hi ^= hi >> 30
        product: i64 = lo * 0x1CE4E5B9  # z *= 0xBF58476D1CE4E5B9 (mod 2**64)
        hi = ((product >> 32) + hi * 0x1CE4E5B9 + lo * 0xBF58476D) & _M32
        lo = product & _M32
        lo ^= (hi << 5 | lo >> 27) & _M32  # z ^= z >> 27
        hi ^= hi >> 27
        product = lo * 0x133111EB  # z *= 0x94D049BB133111EB (mod 2**64)
        hi = ((product >> 32) + hi * 0x133111EB + lo * 0x94D049BB) & _M32
        lo = product & _M32
        lo ^= (hi << 1 | lo >> 31) & _M32  # z ^= z >> 31
        hi ^= hi >> 31
        return hi, lo

    def next64(self) -> int:
        """The next 64-bit draw (interpreted, ``_next64_whole`` stands in: see the module's end)."""
        hi, lo = self._halves()
        top: int = hi
        bottom: int = lo
        return top << 32 | bottom

    def below(self, n: int) -> int:
        """A uniform int in ``range(n)`` (rejection sampling, so no modulo bias): the draw ``z`` is kept
        when it is below the largest multiple of ``n`` that fits 64 bits, and gives ``z % n``.
        (Interpreted, ``_below_whole`` stands in: see the module's end.)"""
        if 0 < n < _HALF:  # on the draw's halves, in machine words
            d: i64 = n
            m: i64 = _HALF_SPAN % d  # 2**32 % n, so 2**64 % n is m * m % n
            # z is rejected when hi is all ones and lo reaches this (2**64 % n is below 2**31)
            rejected_from: i64 = _HALF_SPAN - m * m % d
            while True:
                hi, lo = self._halves()
                if hi != _M32 or lo < rejected_from:
                    return (hi % d * m + lo) % d  # z % n, from the halves
        return _below_any(self, n)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        if isinstance(items, list):  # the same, on a list: compiled, its items are read and set directly
            cards: list[T] = items
            for i in range(len(cards) - 1, 0, -1):
                j = self.below(i + 1)
                cards[i], cards[j] = cards[j], cards[i]
            return
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        pool = list(items)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> Rng:
        """A new generator seeded from this one (for a sub-task that must not disturb our sequence)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        twin = Rng.__new__(Rng)  # no ``__init__`` call: a quarter of the cost (a compiled class runs it, cheaply)
        twin._hi = self._hi
        twin._lo = self._lo
        return twin

    def __reduce__(self) -> tuple[Any, ...]:
        """Copies and pickles go through the constructor (a compiled class has no blank ``__new__``)."""
        return Rng, (self.state,)


def _below_any(rng: Rng, n: int) -> int:
    """``below`` for any ``n`` up to 2**64 and any generator, one ``next64`` a draw."""
    if not 0 < n <= _SPAN:
        raise ValueError(f"below() needs 0 < n <= 2**64, not {n}")  # one draw cannot cover more
    limit = _LIMITS[n] if n < len(_LIMITS) else _SPAN - _SPAN % n
    while True:
        z = rng.next64()
        if z < limit:
            return z % n


# The interpreter's generator: the state as one whole int in ``_hi`` (``_lo`` stays 0), stepped by the textbook
# (interpreted, far cheaper than on halves), with literal constants (a constant load, where a module
# global is a dict lookup) and the draw inlined in ``below``, the inner loop of every shuffle and random
# rollout. The same draws, bit for bit, as the halves (tests/test_engine_pieces.py).
def _init_whole(self: Rng, seed: int = 0) -> None:
    self._hi = seed & 0xFFFFFFFFFFFFFFFF
    self._lo = 0


def _state_whole(self: Rng) -> int:
    state: int = self._hi
    return state


def _next64_whole(self: Rng) -> int:
    s: int = self._hi
    self._hi = s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((s ^ s >> 30) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ z >> 27) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return z ^ z >> 31


def _halves_whole(self: Rng) -> tuple[i64, i64]:
    word = self.next64()
    return word >> 32, word & 0xFFFFFFFF


def _below_whole(self: Rng, n: int) -> int:
    if n <= 0 or n >= 256:
        return _below_any(self, n)
    limit = _LIMITS[n]
    while True:
        s: int = self._hi
        self._hi = s = (s + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((s ^ s >> 30) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ z >> 27) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        z ^= z >> 31
        if z < limit:
            return z % n


COMPILED: Final = hasattr(Rng, "__mypyc_attrs__")  # whether this module runs compiled (mypyc)
if not COMPILED:  # (setattr: a swap of methods the compiler must not see)
    for _name, _method in (("__init__", _init_whole), ("state", property(_state_whole)), ("next64", _next64_whole),
                           ("_halves", _halves_whole), ("below", _below_whole)):
        setattr(Rng, _name, _method)


SECURE_FROM = 1 << 64  # seeds at or above this key SecureRng; below, SplitMix64
_SECURE_MARK = 1 << 256  # secure_seed() sets this bit, so its 256 random bits always land above SECURE_FROM
_PERSON = b"tricktable-deal"  # BLAKE2b personalisation: these blocks are never confused with other hashes
_WORDS = struct.Struct("<8Q")  # one 64-byte block = 8 draws


class SecureRng(Rng):
    """BLAKE2b keyed by the seed, in counter mode: block i is ``BLAKE2b(key=seed, data=i)``, 8 draws each.

    A drop-in ``Rng`` (same methods, same rejection sampling), for the deals of live tables. Its secret
    is the key (up to 512 bits; 256 from ``secure_seed()``), never the draws: recovering it from any
    number of draws means breaking BLAKE2b.
    """

    __slots__ = ("_block", "_counter", "_key", "_next")

    def __init__(self, seed: int) -> None:
        if not SECURE_FROM <= seed < 1 << 512:
            raise ValueError("a SecureRng seed is an int in [2**64, 2**512)")
        super().__init__(0)  # SplitMix64's state, unused here
        self._key = seed.to_bytes(64, "big").lstrip(b"\0")
        self._counter = 0
        self._block: tuple[int, ...] = ()
        self._next = 0

    def next64(self) -> int:
        if self._next == len(self._block):
            digest = hashlib.blake2b(self._counter.to_bytes(16, "little"), key=self._key, person=_PERSON).digest()
            self._block, self._next = _WORDS.unpack(digest), 0
            self._counter += 1
        word = self._block[self._next]
        self._next += 1
        return word

    def below(self, n: int) -> int:  # from the BLAKE2b stream, in either build
        return _below_any(self, n)

    def _halves(self) -> tuple[i64, i64]:  # so ``sampling.shuffle`` draws from the BLAKE2b stream as well
        word = self.next64()
        return word >> 32, word & _M32

    def clone(self) -> SecureRng:
        return _secure_twin(self._key, self._counter, self._block, self._next)

    def __reduce__(self) -> tuple[Any, ...]:
        return _secure_twin, (self._key, self._counter, self._block, self._next)


def _secure_twin(key: bytes, counter: int, block: tuple[int, ...], next_word: int) -> SecureRng:
    """A SecureRng at the given point of its stream (for ``clone``, copies and pickles)."""
    twin = SecureRng(SECURE_FROM)  # (not ``__new__``: a compiled class's runs ``__init__``)
    twin._key, twin._counter, twin._block, twin._next = key, counter, block, next_word
    return twin


def rng_for(seed: int) -> Rng:
    """The generator a game with ``seed`` uses: SecureRng for a seed of 2**64 or more, else SplitMix64."""
    return SecureRng(seed) if seed >= SECURE_FROM else Rng(seed)


def substream_seed(seed: int, name: str) -> int:
    """The seed of the stream called ``name`` within ``seed``'s game: a component's own draws (a mission
    deck, a hero draw), so that changing that component's contents leaves every other stream's draws
    alone. A secure seed gives a secure one (keyed by the seed, so just as secret)."""
    key = seed.to_bytes(max(8, (seed.bit_length() + 7) // 8), "big")[-64:]
    if seed < SECURE_FROM:
        return int.from_bytes(hashlib.blake2b(name.encode(), key=key, digest_size=8).digest(), "big")
    return _SECURE_MARK | int.from_bytes(hashlib.blake2b(name.encode(), key=key, digest_size=32).digest(), "big")


def secure_seed() -> int:
    """A fresh seed for a live table: 256 bits from the operating system's secure source, plus a marker bit."""
    return _SECURE_MARK | secrets.randbits(256)


def is_secure(seed: int) -> bool:
    """Whether ``seed`` keys the secure generator."""
    return seed >= SECURE_FROM
