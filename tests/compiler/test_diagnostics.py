"""Near-miss inputs: each gives exactly one diagnostic with a stable code and span."""

from __future__ import annotations

import json

import pytest

from sgs.compiler.diagnostics import Diagnostic, Severity, Span, render_human, render_json, render_short

from .helpers import HEADER, front

# (skill line, expected code, (col, end_col) of the primary span on line 3, suggestion)
NEAR_MISSES: list[tuple[str, str, tuple[int, int], str | None]] = [
    ("奸雄：每当你受到一次伤害后，你可以获取对你造成伤害的牌。", "E0103", (18, 20), "获得"),
    ("苦肉：出牌阶段，你可以失去1点体力，然后模两张牌。", "E0103", (21, 22), "摸"),
    ("奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌", "W0102", (28, 28), "。"),  # seed slip: still compiles
    ("苦肉：出牌阶段，你可以失去1点体力，然后摸两张牌，", "E0102", (25, 26), "。"),
    ("奸雄 每当你受到一次伤害后，你可以获得对你造成伤害的牌。", "E0104", (4, 5), None),
    ("奸雄：每当你受到一次伤害后你可以获得对你造成伤害的牌。", "E0101", (14, 15), "，"),
    ("武圣：你可以将一张红色牌当【杀子】使用或打出。", "E0301", (14, 18), "【杀】"),
    ("武圣：你可以将一张红色牌当【无懈可击·国】使用或打出。", "W0701", (14, 22), None),
    ("倾国：你可以将一张黑色手牌当【闪】使用或打出。每阶段限一次。", "E0202", (24, 31), None),
    ("护驾：当你需要使用或打出一张【闪】时，你可以令其他魏势力角色打出一张【闪】（视为由你使用或打出）。", "E0205", (1, 3), None),
    ("马术：主公技，当你计算与其他角色的距离时，始终-1。", "E0204", (1, 3), None),
    ("苦肉：每阶段限一次。", "E0203", (4, 11), None),
    ("制衡：出牌阶段，你可以弃置至多X张牌，然后摸等量的牌。", "E0213", (14, 18), None),
    ("护驾：主公技，当你需要使用或打出一张【闪】时，你可以令其他魏势力角色打出一张【杀】（视为由你使用或打出）。", "E0212", (39, 42), None),
    ("洛神：回合开始阶段开始时，你可以进行一次判定，若结果为黑色，你获得此牌，然后你可以再次进行判定，直到出现黑色的判定结果为止。",
     "W0211", (42, 62), None),
    ("马术：锁定技，每当你受到一次伤害后，你可以摸两张牌。", "W0207", (22, 26), None),
    ("刚烈：每当你受到一次伤害后，你可以进行一次判定，若结果不为红桃，则伤害来源选择一项：弃置两张手牌，或收到你对其造成的1点伤害。",
     "W0101", (51, 53), "受到"),
    ("激将：主公技，当你需要使用或打出一张【杀】时，你可以令其他魏势力角色打出一张【杀】（视为由你使用或打出）。", "W0206", (28, 35), None),
]


@pytest.mark.parametrize("line,code,cols,suggestion", NEAR_MISSES, ids=[c for _, c, _, _ in NEAR_MISSES])
def test_near_miss(line: str, code: str, cols: tuple[int, int], suggestion: str | None) -> None:
    header = HEADER.replace("武将 测试 魏", "武将 测试 蜀") if code == "W0206" else HEADER
    names = {"奸雄", "苦肉", "武圣", "倾国", "护驾", "马术", "制衡", "洛神", "刚烈", "激将"}
    assert line.split("：")[0].split(" ")[0] in names  # known pinyin: no E0401 noise
    _, diags = front(header + line + "\n")
    assert [d.code for d in diags] == [code], diags
    d = diags[0]
    assert d.span is not None and d.span.line == 3
    if d.suggestion is not None and d.suggestion.replacement == "，":
        assert (d.suggestion.span.col, d.suggestion.span.end_col) == (cols[0], cols[0])
    else:
        assert (d.span.col, d.span.end_col) == cols, d.span
    if suggestion is not None:
        assert d.suggestion is not None and d.suggestion.replacement == suggestion
    assert d.severity is (Severity.ERROR if code.startswith("E") else Severity.WARNING)


def test_header_errors() -> None:
    _, diags = front("扩展包 测试\n武将 曹操 魏 四体力 男\n")
    assert [d.code for d in diags] == ["E0105"]
    _, diags = front("武将 曹操 魏 4体力 男\n")
    assert [d.code for d in diags] == ["E0105"]
    _, diags = front("扩展包 测试\n武将 曹操 魏 0体力 男\n")
    assert [d.code for d in diags] == ["E0303"]


def test_kingdom_inside_a_skill_is_not_a_general_line() -> None:
    """A kingdom the file grammar's general line does not know (晋) is a modifier inside a
    skill's text: the register grammar reads the line (W0701: the runtime has no 晋 yet)
    instead of E0105 calling it a bad general line; on a general line it stays E0105."""
    _, diags = front(HEADER + "援晋：出牌阶段限一次，其他晋势力角色可以摸一张牌。\n")
    assert [(d.code, d.span.line if d.span else None) for d in diags] == [("W0701", 3)]
    _, diags = front(HEADER + "武将 乙 晋 4体力 男\n")
    assert [(d.code, d.span.line if d.span else None) for d in diags] == [("E0105", 3)]


def test_duplicates() -> None:
    _, diags = front(HEADER + "苦肉：出牌阶段，你可以失去1点体力，然后摸两张牌。\n苦肉：出牌阶段，你可以失去1点体力，然后摸一张牌。\n")
    assert sorted(d.code for d in diags) == ["E0201", "E0201"]


def test_never_a_traceback_on_garbage() -> None:
    for text in ["", "\n\n", "扩展包", "扩展包 a\n武将", "扩展包 a\n武将 b 魏 4体力 男\n：", "💥" * 50, "扩展包 a\n武将 b 魏 4体力 男\n甲：【】。\n"]:
        _, diags = front(text)
        assert diags and all(isinstance(d, Diagnostic) for d in diags)


SAMPLE = Diagnostic(
    "E0103",
    Severity.ERROR,
    "无法识别的词“获取”",
    Span("t.sgs", 1, 4, 1, 6),
    notes=("此处应为：“获得”",),
    help="是不是想写“获得”？",
)


def test_render_human_places_carets_by_cell_width() -> None:
    out = render_human([SAMPLE], {"t.sgs": "甲：可获取。\n"})
    lines = out.splitlines()
    assert lines[0] == "error[E0103]: 无法识别的词“获取”"
    assert lines[1] == " --> t.sgs:1:4"
    assert lines[3] == "1 | 甲：可获取。"
    # 3 CJK characters before the span = 6 cells; the span is 2 characters = 4 carets
    assert lines[4] == "  | " + " " * 6 + "^^^^"
    assert "  = help: 是不是想写“获得”？" in lines


def test_render_short_and_json() -> None:
    assert render_short([SAMPLE]) == "t.sgs:1:4: error[E0103]: 无法识别的词“获取”\n"
    data = json.loads(render_json([SAMPLE]))
    assert data[0]["code"] == "E0103" and data[0]["span"] == {"file": "t.sgs", "line": 1, "col": 4, "end_line": 1, "end_col": 6}


def test_every_code_is_documented() -> None:
    import pathlib
    import re

    from sgs.compiler.diagnostics import CODES, explain

    src = "".join(p.read_text(encoding="utf-8") for p in pathlib.Path(__file__).parents[2].joinpath("compiler").glob("*.py"))
    used = set(re.findall(r'"([EWI]\d{4})"', src))
    assert used <= set(CODES), used - set(CODES)
    assert explain("E0103").startswith("E0103: 无法识别的词")


@pytest.mark.parametrize("line,message", [
    ("苦肉：出牌阶段限一次，你可以失去1点体力，然后摸两张牌。每阶段限一次。",
     "次数已由句首的“出牌阶段限一次”限制，这句“每阶段限一次”重复了"),
    # the first limit a sentence of its own: named as written, not as a lead it is not
    ("苦肉：出牌阶段，你可以失去1点体力，然后摸两张牌。每阶段限一次。每阶段限两次。",
     "次数已由前面的“每阶段限一次”限制，这句“每阶段限两次”重复了"),
])
def test_a_second_limit_names_both_as_written(line: str, message: str) -> None:
    _, diags = front(HEADER + line + "\n")
    assert [(d.code, d.message) for d in diags] == [("E0203", message)]


def test_a_package_pinyin_that_shadows_a_python_module_is_refused() -> None:
    # the package is written as <pinyin>.py: sys.py beside a script shadows the standard library
    _, diags = front("扩展包 试炼（sys）\n武将 测试 魏 4体力 男\n奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌。\n")
    assert [d.code for d in diags] == ["E0401"] and "sys" in diags[0].message
