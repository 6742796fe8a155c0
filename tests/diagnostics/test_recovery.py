"""A file with several bad skill lines gets one error per line (the parse goes on after
each), a skill line that has its “：” is never told it lacks one, and a card name in
half-width brackets is read as 【…】."""

from __future__ import annotations

from sgs.compiler.parse import parse_text

HEADER = "扩展包 测试\n\n武将 测试甲 魏 4体力 男\n"


def _errors(body: str) -> list[tuple[str, int, int]]:
    r = parse_text(HEADER + body, "t.sgs")
    return [(d.code, d.span.line, d.span.col) for d in r.diagnostics if d.span is not None and d.code.startswith("E")]


def test_every_bad_skill_line_gets_its_own_error() -> None:
    body = "甲：出牌阶段，若你没有手牌。\n乙：出牌阶段，你可以摸一张牌。\n丙：若你没有手牌。\n丁：出牌阶段，你可以模一张牌。\n"
    assert _errors(body) == [("E0101", 4, 14), ("E0101", 6, 9), ("E0103", 7, 11)]
    # the good line between them is not reported, and the file has no tree
    assert parse_text(HEADER + body, "t.sgs").tree is None


def test_one_bad_line_is_still_one_error() -> None:
    assert _errors("甲：出牌阶段，你可以模一张牌。\n乙：出牌阶段，你可以摸一张牌。\n") == [("E0103", 4, 11)]


def test_a_line_with_its_colon_is_not_told_it_lacks_one() -> None:
    errors = _errors("甲：每当你受到一次伤害后，若你没有手牌。\n")
    assert errors and all(code != "E0104" for code, _, _ in errors)
    # without the colon it is E0104
    assert [c for c, _, _ in _errors("甲每当你受到一次伤害后，你可以摸一张牌。\n")] == ["E0104"]


def test_half_width_brackets_around_a_card_name_read_as_lenticular() -> None:
    r = parse_text(HEADER + "甲：出牌阶段，你可以弃置一张[杀]，然后摸两张牌。\n", "t.sgs")
    assert r.tree is not None and "【杀】" in r.text
    # a stray bracket is not rewritten (the checker points at what was typed)
    r = parse_text(HEADER + "甲：出牌阶段，你可以弃置一张[杀，然后摸两张牌。\n", "t.sgs")
    assert r.tree is None and "[" in r.text


def test_a_line_without_its_colon_and_a_bad_general_line_do_not_hide_the_rest() -> None:
    body = (
        "甲技 出牌阶段，你可以摸一张牌。\n"        # E0104: a comment from then on
        "乙技：出牌阶段，你可以模一张牌。\n"
        "武将 丙 吴 3体力 无性\n"                  # E0105: its skill lines are skipped with it
        "丁技：出牌阶段，你可以模一张牌。\n"
        "武将 戊 吴 3体力 男\n"
        "戊技：出牌阶段，你可以模一张牌。\n"
    )
    assert [(c, ln) for c, ln, _ in _errors(body)] == [("E0104", 4), ("E0103", 5), ("E0105", 6), ("E0103", 9)]


def test_an_empty_file_or_only_comments_says_so() -> None:
    for text in ("", "\n\n", "# 只有注释\n\n  # 又一行\n"):
        r = parse_text(text, "t.sgs")
        assert r.tree is None
        assert [(d.code, d.message) for d in r.diagnostics] == [("E0105", "文件中没有扩展包：只有空行和注释")]


def test_a_bad_declaration_hides_only_its_own_lines() -> None:
    """A bad 武将 line skips its skill lines up to the next declaration of any kind (a
    锦囊 or 装备 after it is still read), and a bad 锦囊 line skips its effect line with it
    instead of leaving it to the general above."""
    body = (
        "武将 丙 吴 3体力 无性\n"                  # E0105: 丁技 goes with it
        "丁技：出牌阶段，你可以模一张牌。\n"
        "锦囊 无中生有 普通锦囊\n"
        "无中生有：目标角色摸两张牌摸摸。\n"        # still read: its error is reported
        "锦囊 过河拆桥 普通锦囊 多余\n"            # E0105: its effect line goes with it
        "过河拆桥：你弃置目标角色区域里的一张牌牌。\n"
        "武将 戊 吴 3体力 男\n"
        "戊技：出牌阶段，你可以模一张牌。\n"
    )
    assert [(c, ln) for c, ln, _ in _errors(body)] == [("E0105", 4), ("E0101", 7), ("E0105", 8), ("E0103", 11)]
