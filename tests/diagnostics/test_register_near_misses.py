"""The register grammar's near misses (register_near_misses.py): each gets exactly its
diagnostics through `sgs check --text`, the register grammar itself rejects each body, no
message leaks a grammar-internal name, and no antonym or dropped negation is offered."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from sgs.compiler.bare import check_skill_lines
from sgs.compiler.diagnostics import Severity, Span, render_human
from sgs.compiler.language.diagnose import register_diagnostics
from sgs.compiler.language.register import RegisterError, parse_register

from .register_near_misses import KINDS, NEVER_OFFERED, OVER_ACCEPTED, REGISTER_NEAR_MISSES

#: internal names: Lark terminals (N_PERSONS, __ANON_3, $END), helper rules (_o_12,
#: __card_plus_2), rule names of the register grammar (act_draw, card_simple)
_INTERNAL = re.compile(r"[A-Z]{2,}_|__|\$END|_NL\b|_o_\d|\b[a-z]+_[a-z_]+\b")


def test_at_least_forty_covering_every_kind() -> None:
    assert len(REGISTER_NEAR_MISSES) - len(OVER_ACCEPTED) >= 40
    assert set(OVER_ACCEPTED) <= {line for _, line, _ in REGISTER_NEAR_MISSES}
    kinds = Counter(k for k, *_ in REGISTER_NEAR_MISSES)
    assert set(kinds) == set(KINDS), set(KINDS) ^ set(kinds)
    assert len({line for _, line, _ in REGISTER_NEAR_MISSES}) == len(REGISTER_NEAR_MISSES)


#: what the message of a kind must say (the code and span alone would not notice a
#: construction's message turning generic when the grammar's rule names change)
KIND_SAYS = {
    "if_without_clause": "若", "card_compared": "是牌", "timing_doubled": "重复", "timing_missing": "时机",
    "limit_without_count": "次数", "one_option": "选项", "brackets": "", "skill_name": "技能名",
}


def _marked(line: str) -> list[pytest.MarkDecorator]:
    reason = OVER_ACCEPTED.get(line)
    return [pytest.mark.xfail(strict=True, reason=f"the grammar reads it: {reason}")] if reason else []


@pytest.mark.parametrize("kind,line,expected", [
    pytest.param(k, line, e, id=f"{k}-{i:02d}", marks=_marked(line)) for i, (k, line, e) in enumerate(REGISTER_NEAR_MISSES)
])
def test_register_near_miss(kind: str, line: str, expected: list[tuple[str, int, int, str | None]]) -> None:
    diags = check_skill_lines(line, "t")
    got = [(d.code, d.span.col, d.span.end_col, d.suggestion.replacement if d.suggestion else None)
           for d in diags if d.span is not None]
    assert got == expected
    errors = [d for d in diags if d.severity is Severity.ERROR]
    own = register_diagnostics("测", line.partition("：")[2], lambda a, b: Span("t", 1, a + 1, 1, b + 1))
    if KIND_SAYS.get(kind) and own and errors[0].message == own[0].message:  # the register grammar's
        assert KIND_SAYS[kind] in errors[0].message, errors[0].message
    for d in diags:
        assert d.span is not None and d.span.line == d.span.end_line == 1
        assert 1 <= d.span.col <= d.span.end_col <= len(line) + 1
        if d.severity is Severity.ERROR:
            assert d.span.end_col > d.span.col, "an error underlines at least one character"
        for text in (d.message, *d.notes, d.help or ""):
            assert not _INTERNAL.search(text), text
    assert "\x1b" not in render_human(diags, {"t": line})


@pytest.mark.parametrize("line", [pytest.param(line, marks=_marked(line)) for _, line, _ in REGISTER_NEAR_MISSES])
def test_the_register_grammar_rejects_it(line: str) -> None:
    """A correct grammar of the register must not read these; when it does, the message
    names the rules that read it (tell the lead which rule, do not loosen the test)."""
    body = line.partition("：")[2]
    try:
        tree = parse_register(body)
    except RegisterError:
        pass
    else:
        rules = sorted({t.data for t in tree.iter_subtrees()})  # type: ignore[no-untyped-call]
        pytest.fail(f"the register grammar reads {body!r} with {rules}")
    found = register_diagnostics("测", body, lambda a, b: Span("t", 1, a + 1, 1, b + 1))
    assert [d.severity for d in found] == [Severity.ERROR]


@pytest.mark.parametrize("line,forbidden", NEVER_OFFERED.items())
def test_no_antonym_on_the_register_path(line: str, forbidden: tuple[str, ...]) -> None:
    body = line.partition("：")[2]
    own = register_diagnostics("测", body, lambda a, b: Span("t", 1, a + 1, 1, b + 1))
    for d in [*check_skill_lines(line, "t"), *own]:
        offered = d.suggestion.replacement if d.suggestion else ""
        assert offered not in forbidden, (d.code, d.message)
        for word in forbidden:
            assert f"“{word}”？" not in (d.help or "")
