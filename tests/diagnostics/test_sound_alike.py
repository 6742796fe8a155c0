"""One-character slips of an input method (a character that sounds like the right one)
get the right word as the suggestion; deleting an unknown word is never offered."""

from __future__ import annotations

import pytest

from sgs.compiler import build_texts
from sgs.compiler.bare import wrap
from sgs.compiler.suggest import sound_alike


@pytest.mark.parametrize(
    ("wrong", "right", "alike"),
    [
        ("涨", "张", True), ("可已", "可以", True), ("吃", "次", True),  # zh=zh; yi=yi; ch~c
        ("肉", "内", False),  # alike in shape, not in sound
        ("肉", "需", False),  # only a rare reading in common
        ("至少", "至多", False), ("可以", "可以", False), ("已", "可以", False),
    ],
)
def test_sound_alike(wrong: str, right: str, alike: bool) -> None:
    assert sound_alike(wrong, right) is alike


def _errors(line: str) -> list[tuple[str, str, int, int, str | None]]:
    return [(d.code, d.message, d.span.col, d.span.end_col, d.suggestion.replacement if d.suggestion else None)
            for d in build_texts({"t": wrap(line)}).diagnostics if d.severity.value == "error" and d.span]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("青囊：出牌阶段，你可以弃置一张手牌，令一名已受伤的角色回复1点体力。每阶段限一吃。",
         ("E0103", "未知的数值“吃”", 40, 41, "次")),
        ("镇宅：每当你受到1点伤害后，你可以摸一涨牌。", ("E0103", "无法识别的词“涨”", 20, 21, "张")),
        ("镇宅：每当你受到1点伤害后，你可已摸一张牌。", ("E0101", "“可已”应为“可以”", 16, 18, "可以")),  # was: expected “有”
        # 肉 for 内 is a slip of shape, not sound: the word and what is expected are said,
        # and deleting it (which reads, but widens the condition to any time) is not offered
        ("镇宅：当你于回合肉失去一张手牌后，你可以摸一张牌。", ("E0103", "无法识别的词“肉”", 9, 10, None)),
    ],
)
def test_one_character_slip(line: str, expected: tuple[str, str, int, int, str | None]) -> None:
    assert _errors(line) == [expected]
