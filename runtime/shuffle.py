"""``shuffle(rng, x)`` and ``randbelow(rng, n)``: ``rng.shuffle(x)`` and
``rng.randrange(n)``, the same results from the same draws, faster.

:meth:`random.Random.shuffle` draws each index through ``_randbelow`` (a Python method
calling ``getrandbits`` until the bits fall below the bound).  Games shuffle the deck,
the roles, the generals, the discard pile when it is reshuffled, and random agents
shuffle indices to pick cards: this does the same loop with the draws in line.  It is
used only where the RNG draws by ``getrandbits`` (``random.Random`` and subclasses that
keep that method); any other RNG gets its
own ``shuffle``.  tests/engine/test_shuffle.py checks the permutations and the RNG
state against ``random.Random.shuffle``.
"""

from __future__ import annotations

import random
from typing import Any, MutableSequence

__all__ = ["shuffle", "randbelow"]

_BY_BITS = random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]
#: a plain random.Random draws by getrandbits (checked first: the seats' and games' RNGs are)
_RANDOM = random.Random
#: n → n.bit_length() for small n (a table read is cheaper than the method call)
_BITS = tuple(n.bit_length() for n in range(256))


def shuffle(rng: random.Random, x: MutableSequence[Any]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` does."""
    if type(rng) is not _RANDOM and getattr(rng._randbelow, "__func__", None) is not _BY_BITS:  # type: ignore[attr-defined]
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n] if n < 256 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n >= 1``: a uniform int in ``0 .. n-1``."""
    if n <= 0 or (type(rng) is not _RANDOM and getattr(rng._randbelow, "__func__", None) is not _BY_BITS):  # type: ignore[attr-defined]
        return rng.randrange(n)
    k = _BITS[n] if n < 256 else n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r
