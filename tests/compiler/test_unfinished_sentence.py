"""A sentence that stops before its end (``你可以。``, or ``你可以`` whose 。 W0102 adds)
is reported as unfinished, where the rest should go (the 。) — not as a 。 that should
not be there, under a 。 the designer may not have typed."""

from __future__ import annotations

import pytest

from sgs.compiler.bare import check_skill_lines


@pytest.mark.parametrize(
    ("line", "col", "end_col"),
    [
        ("镇宅：每当你受到一次伤害后，你可以。", 18, 19),
        ("镇宅：每当你受到一次伤害后，你可以", 18, 18),  # the 。 is W0102's: nothing to underline, the place after 可以
        ("镇宅：每当你受到。", 9, 10),
    ],
)
def test_a_sentence_stopping_at_its_final_full_stop_is_unfinished(line: str, col: int, end_col: int) -> None:
    errors = [d for d in check_skill_lines(line, "<t>") if d.code.startswith("E")]
    assert [(d.code, d.message, d.span.col, d.span.end_col) for d in errors] == [("E0101", "句子没有写完", col, end_col)]
    assert any("此处应为" in n for n in errors[0].notes)  # what may follow is still said


def test_a_full_stop_inside_the_text_is_still_out_of_place() -> None:
    errors = [d for d in check_skill_lines("镇宅：每当你受到一次伤害后，你可以。摸一张牌。", "<t>") if d.code.startswith("E")]
    assert errors and errors[0].message != "句子没有写完"
