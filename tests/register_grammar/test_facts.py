"""The facts table (issue 8): 60 corpus texts drawn at random once (seed 8, at most 3 per
package) keep the reading pinned in facts_table.json — when and whose event, who decides,
cost, conditions, effects with actors and counts, X, limit (facts_sample.py).  A grammar or
lowering change that reads one of them differently fails here with the facts that moved;
if the new reading is right, re-pin it (``facts_sample.py --update``) and review it."""

from __future__ import annotations

from collections import Counter
from functools import cache

import pytest

from .corpus_path import corpus_path
from .facts_sample import PER_PACKAGE, SIZE, load, reading, reviews
from .ratchet import corpus_rows, listed

PATH = corpus_path()
pytestmark = pytest.mark.skipif(PATH is None, reason="no corpus (set SGS_CORPUS)")


@cache
def _rows() -> dict[tuple[str, str, str], str]:
    """The corpus, read once for the 60 texts (not once per text)."""
    assert PATH is not None
    return corpus_rows(PATH)


def test_the_sample_is_what_the_issue_asks() -> None:
    table = load()
    assert len(table) == SIZE
    per = Counter(k[0] for k in table)
    assert max(per.values()) <= PER_PACKAGE and len(per) >= 20
    assert set(table) <= listed()  # every one read with one reading (the ratchet's list)


def test_every_pinned_text_is_reviewed() -> None:
    kinds = Counter(r.split(":")[0] for r in reviews().values())
    assert set(kinds) <= {"ok", "partial", "wrong"}, kinds


@pytest.mark.parametrize("key", sorted(load()), ids=lambda k: "/".join(k))
def test_reading_is_pinned(key: tuple[str, str, str]) -> None:
    text = _rows()[key]
    assert reading(key, text) == load()[key]
