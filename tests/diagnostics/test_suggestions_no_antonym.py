"""Near-miss suggestions never swap an antonym or drop a negation.

Each case is a line that, before the guard (compiler/suggest.py), got the opposite word
as its "是不是想写……？" fix; it keeps its diagnostic and span, and gets no such fix.
"""

from __future__ import annotations

import pytest

from sgs.compiler import build_texts
from sgs.compiler.bare import wrap
from sgs.compiler.parse import CONFUSABLE
from sgs.compiler.language.register import word_types
from sgs.compiler.suggest import CONTRASTS, NEGATIONS, REGISTER_CONFUSABLE, meaning_flip

# line, the fix it used to get (must not come back), then the exact diagnostics now:
# (code, col, end_col, suggested replacement); ``REGISTER`` marks a line that is register
# text: the sentence grammar rejected it, the register grammar reads it (the package path
# hands it over: W0701 until it binds, or E0108 while the grammar reads it two ways) — no
# syntax error, so no fix at all
REGISTER = None
CASES = [
    ("苦肉：出牌阶段，你可以弃置至少一张牌，然后摸两张牌。", "至多", REGISTER),
    ("完杀：锁定技，你的回合内，其他角色不能使用【桃】。", "回合外", REGISTER),  # 你的回合内: a time scope
    ("苦肉：出牌阶段，你可以弃置一张非基本牌，然后摸两张牌。", "基本牌", REGISTER),
    ("空城：锁定技，你不在【杀】的目标中。", "不能", [("E0101", 9, 11, None)]),  # the register grammar's error (both paths choose it)
    ("苦修：每当你失去1点体力时，你可以摸一张牌。", "后", [("E0106", 13, 14, None)]),
    ("突袭：摸牌阶段，若你的手牌数小于你的体力值，你可以摸一张牌。", "不小于", REGISTER),
    ("仁德：出牌阶段，你可以交给一名其他角色一张手牌。", "交换", REGISTER),
    # the same guard on pairs seen in the corpus run
    ("整论：摸牌阶段开始前，你可以摸一张牌。", "开始时", REGISTER),
    ("机捷：出牌阶段，你可以观看牌堆底的一张牌。", "牌堆顶", REGISTER),
    ("咆哮：锁定技，你使用【杀】无次数限制。", "无距离限制", REGISTER),
]


@pytest.mark.parametrize("line,old_fix,expected", CASES, ids=[c[1] for c in CASES])
def test_no_antonym_or_negation_swap(
    line: str, old_fix: str, expected: list[tuple[str, int, int, str | None]] | None
) -> None:
    diags = build_texts({"t": wrap(line)}).diagnostics
    errors = [d for d in diags if d.severity.value == "error"]
    got = [(d.code, d.span.col, d.span.end_col, d.suggestion.replacement if d.suggestion else None) for d in errors if d.span]
    if expected is REGISTER:
        assert [c for c, *_ in got if c not in ("E0108",)] == [], got
    else:
        assert got == expected
    for d in diags:
        assert f"是不是想写“{old_fix}”" not in (d.help or "")
        assert d.suggestion is None or d.suggestion.replacement != old_fix


@pytest.mark.parametrize(
    "wrong,right,reason",
    [
        ("至少", "至多", "bound 至少/至多"),
        ("回合内", "回合外", "scope 内/外"),
        ("非基本", "基本牌", "negation 非"),
        ("不在", "不能", "negation only 不"),
        ("时", "后", "timing 时/后"),
        ("小于你", "不小于", "negation 不"),
        ("交给", "交换", "verb 交给/交换"),
        ("大于或", "小于或等于", "comparison 大于/小于"),
        ("牌堆底", "牌堆顶", "pile end 底/顶"),
    ],
)
def test_meaning_flip_names_the_reason(wrong: str, right: str, reason: str) -> None:
    assert meaning_flip(wrong, right) == reason


@pytest.mark.parametrize(
    "wrong,right",
    [("开始，", "开始时"), ("回覆", "回复"), ("不能", "不能"), ("此阶段", "此回合"), ("受到伤", "受到伤害"), ("至多", "至多")],
)
def test_plain_corrections_pass(wrong: str, right: str) -> None:
    assert meaning_flip(wrong, right) is None


def test_the_reviewed_corrections_are_not_flips() -> None:
    # the one-to-one table is exact and reviewed; none of it may fall under the guard,
    # or the guard's table is wrong (和 → 或 is reviewed: 和/或 are not a CONTRASTS pair)
    assert [(w, r) for w, r in CONFUSABLE.items() if meaning_flip(w, r)] == []


def test_every_contrast_group_is_typed_and_distinct() -> None:
    for c in CONTRASTS:
        assert c.kind and c.why and len(c.members) >= 2 and len(set(c.members)) == len(c.members)
        assert not any(ch in NEGATIONS for m in c.members for ch in m)  # negation is its own rule
        for i, m in enumerate(c.members):
            for n in c.members[i + 1 :]:
                assert meaning_flip(m, n) is not None and meaning_flip(n, m) is not None


def test_reviewed_register_confusions_are_exact() -> None:
    words = word_types()
    for wrong, right in REGISTER_CONFUSABLE.items():
        assert meaning_flip(wrong, right) is None, (wrong, right)
        assert right in words, right  # a word of the register


def test_a_guessed_contrast_member_is_a_flip() -> None:
    # 至小: 至少 or 至多? either guess may reverse the skill
    assert meaning_flip("至小", "至多") == "bound 至多/至少 guessed"
    assert meaning_flip("开始，", "开始时") is None  # fills a gap: no word was replaced
