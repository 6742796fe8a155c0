"""runtime.shuffle.shuffle gives random.Random.shuffle's permutation and leaves the RNG
where it leaves it (so seeded games are unchanged)."""

from __future__ import annotations

import random

from sgs.runtime.shuffle import randbelow, shuffle


def test_same_permutation_and_state_as_random_shuffle() -> None:
    for seed in range(60):
        for n in (0, 1, 2, 3, 5, 7, 8, 16, 33, 104):
            a, b = random.Random(seed), random.Random(seed)
            xs, ys = list(range(n)), list(range(n))
            a.shuffle(xs)
            shuffle(b, ys)
            assert xs == ys and a.getstate() == b.getstate()


class _Other(random.Random):
    """An RNG that draws by random() only: shuffle uses its own method."""

    def random(self) -> float:
        return super().random()

    def getrandbits(self, k: int) -> int:  # noqa: D401 - the fallback must still match
        return super().getrandbits(k)


def test_other_rngs_use_their_own_shuffle() -> None:
    a, b = _Other(3), _Other(3)
    xs, ys = list(range(30)), list(range(30))
    a.shuffle(xs)
    shuffle(b, ys)
    assert xs == ys


def test_randbelow_is_randrange() -> None:
    for seed in range(30):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 8, 13, 100, 1000):
            assert a.randrange(n) == randbelow(b, n)
        assert a.getstate() == b.getstate()
