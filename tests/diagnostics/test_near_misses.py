"""Every near miss gives exactly its diagnostics, with spans inside the line and
messages that never leak an internal terminal name."""

from __future__ import annotations

import re

import pytest

from sgs.compiler.bare import check_skill_lines
from sgs.compiler.diagnostics import Severity, render_human

from .near_misses import NEAR_MISSES


def test_the_corpus_is_large_and_covers_the_families() -> None:
    assert len(NEAR_MISSES) >= 60
    codes = {c for _, ds in NEAR_MISSES for c, *_ in ds}
    for family in ("W0101", "W0102", "W0209", "I0702", "E0101", "E0103", "E0106", "E0107", "E0109", "E0112", "E0212", "E0301", "E0402"):
        assert family in codes, family


@pytest.mark.parametrize("line,expected", NEAR_MISSES, ids=[f"{i:02d}" for i in range(len(NEAR_MISSES))])
def test_near_miss(line: str, expected: list[tuple[str, int, int, str | None]]) -> None:
    diags = check_skill_lines(line, "t")
    got = [
        (d.code, d.span.col, d.span.end_col, d.suggestion.replacement if d.suggestion else None)
        for d in diags
        if d.span is not None
    ]
    assert got == expected
    for d in diags:
        assert d.span is not None and d.span.line == d.span.end_line == 1
        assert 1 <= d.span.col <= d.span.end_col <= len(line) + 1
        assert d.severity is {"E": Severity.ERROR, "W": Severity.WARNING, "I": Severity.NOTE}[d.code[0]]
        # the register's words, not Lark's: no terminal names such as N_PERSONS or __ANON
        for text in (d.message, *d.notes, d.help or ""):
            assert not re.search(r"[A-Z]{2,}_|__ANON|\$END|_NL\b", text), text
    rendered = render_human(diags, {"t": line})
    assert "\x1b" not in rendered and "\u202e" not in rendered


def test_warnings_still_compile() -> None:
    """The seed's own slips are warnings: the text compiles (the emitter sees the fix)."""
    for line, expected in NEAR_MISSES:
        if expected and all(code.startswith("W") for code, *_ in expected):
            assert not [d for d in check_skill_lines(line, "t") if d.severity is Severity.ERROR], line
