"""Every corpus text in accepted.tsv still reads with one reading (see ratchet.py)."""

from __future__ import annotations

import pytest

from .corpus_path import corpus_path
from .ratchet import corpus_rows, listed, one_reading

CORPUS = corpus_path()


@pytest.mark.skipif(CORPUS is None, reason="../shared/corpus/dev_texts.tsv not found")
def test_no_listed_corpus_text_stops_reading() -> None:
    assert CORPUS is not None
    rows = corpus_rows(CORPUS)
    want = listed()
    missing = sorted(k for k in want if k not in rows)
    assert missing == [], f"accepted.tsv names rows not in the corpus: {missing[:5]}"
    lost = sorted(want - one_reading({k: rows[k] for k in want}))
    assert lost == [], "texts that no longer read with one reading: " + "; ".join(
        f"{k[2]}：{rows[k]}" for k in lost[:10])
