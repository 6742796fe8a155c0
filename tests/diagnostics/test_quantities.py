"""A count of 0 does nothing (W0222); more cards than the largest deck can never move
(W0223); ordinary counts get neither."""

from __future__ import annotations

import pytest

from sgs.compiler.bare import check_skill_lines


def _codes(line: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.col) for d in check_skill_lines(line, "t.sgs") if d.span is not None and d.code in ("W0222", "W0223")]


@pytest.mark.parametrize("line,expected", [
    ("甲：出牌阶段，你可以摸0张牌。", [("W0222", 11)]),
    ("甲：每当你受到一次伤害后，你可以回复0点体力。", [("W0222", 17)]),
    ("甲：出牌阶段，你可以摸161张牌。", [("W0223", 11)]),
    ("甲：出牌阶段，你可以摸160张牌。", []),
    ("甲：出牌阶段，你可以弃置两张手牌，令一名角色回复1点体力。每阶段限一次。", []),
])
def test_counts_that_do_nothing_or_can_never_happen(line: str, expected: list[tuple[str, int]]) -> None:
    assert _codes(line) == expected
