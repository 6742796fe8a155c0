"""Slips a new designer makes in a .sgs file, each said as what is wrong with what to
write (file:line:col, span, expected, a fix), not as an unknown word or in silence."""

from __future__ import annotations

from sgs.compiler import build_texts
from sgs.compiler.bare import wrap

HEAD = "扩展包 测试（ceshi）\n武将 张三（zhangsan） 魏 4体力 男\n"


def _diags(text: str) -> list[tuple[str, str, int, int, int, str | None]]:
    return [(d.code, d.message, d.span.line, d.span.col, d.span.end_col, d.suggestion.replacement if d.suggestion else None)
            for d in build_texts({"t.sgs": text}).diagnostics if d.span is not None]


def test_a_skill_line_before_any_general_says_a_general_line_is_missing() -> None:
    text = "扩展包 测试（ceshi）\n\n# 注释\n镇宅：每当你受到1点伤害后，你可以摸一张牌。\n武将 张三 魏 4体力 男\n"
    d = build_texts({"t.sgs": text}).diagnostics
    assert [(x.code, x.message, x.span.line, x.span.col, x.span.end_col) for x in d if x.span] == [
        ("E0105", "技能“镇宅”前没有武将行：技能写在它所属武将的“武将”行之下", 4, 1, 3)]
    assert "武将 曹操 魏 4体力 男" in (d[0].help or "")


def test_a_skill_after_a_general_is_not_that_error() -> None:
    # near miss: the same line under a general line is a skill of that general
    assert _diags(HEAD + "镇宅：每当你受到1点伤害后，你可以摸一张牌。\n") == []


def test_a_description_ending_in_a_semicolon_is_said_and_read_as_a_full_stop() -> None:
    got = _diags(HEAD + "镇宅：每当你受到1点伤害后，你可以摸一张牌；\n")
    assert got == [("W0102", "技能描述以“；”结尾，已按“。”读取", 3, 22, 23, "。")]
    # near miss: a ；between two sentences is not at the end
    assert "W0102" not in [c for c, *_ in _diags(HEAD + "镇宅：每当你受到1点伤害后，你可以摸一张牌；你的手牌上限+1。\n")]


def test_an_emoji_in_a_name_is_refused_a_star_of_a_real_name_is_not() -> None:
    got = _diags(HEAD + "镇宅😀：每当你受到1点伤害后，你可以摸一张牌。\n")
    assert got == [("E0114", "技能名“镇宅😀”含有表情符号 U+1F600 GRINNING FACE", 3, 1, 4, None)]
    assert [c for c, *_ in _diags("扩展包 测试（ceshi）\n武将 ☆SP张三（spzhangsan） 魏 4体力 男\n"
                                  "镇宅：每当你受到1点伤害后，你可以摸一张牌。\n")] == []


def test_if_otherwise_without_the_result_names_what_is_missing() -> None:
    d = [x for x in build_texts({"t": wrap("镇宅：出牌阶段，若你没有手牌，否则你摸一张牌。")}).diagnostics if x.code.startswith("E")]
    assert [(x.code, x.message, x.span.col if x.span else 0, x.span.end_col if x.span else 0) for x in d] == [
        ("E0101", "“若……”只有条件，没有结果：“否则”前缺少条件成立时的效果", 16, 18)]
    assert d[0].suggestion is None  # not “多余的‘否’”: deleting it would make the act unconditional
    # near miss: a 否则 with nothing after it keeps its own message
    d = [x for x in build_texts({"t": wrap("镇宅：出牌阶段，若你没有手牌，你摸一张牌，否则。")}).diagnostics if x.code.startswith("E")]
    assert [x.message for x in d] == ["“否则”后缺少分句"]
