"""Clause structure of the register (grammar/register/, compiler/language/lower.py), on
sentences written for these tests (no corpus text): spans of time (于…或…之前, 直到你的下个
结束阶段, a limit in brackets after a span), changes of a skill's wording (修改〖X〗：将“…”
改为“…” / （删去“…”） / 〖X〗的“a”修改为“b”), remarks in brackets that say what holds
instead (（若…，改为…） / （…时改为…）).  Each construction has near misses that
`sgs check --text` refuses with their exact code and span."""

from __future__ import annotations

import pytest

from sgs.compiler.bare import check_skill_lines
from sgs.compiler.language import ir
from sgs.compiler.language.facts import explain_lines, skill_facts
from sgs.compiler.language.front import register_reading
from sgs.compiler.language.register import RegisterError, parse_register


def _read(text: str) -> ir.RegisterSkill:
    got = register_reading("测", text)
    assert got is not None, text
    return got


def _acts(skill: ir.RegisterSkill) -> list[ir.Act]:
    return [n for n in ir.walk(skill) if isinstance(n, ir.Act)]


def _conds(skill: ir.RegisterSkill) -> list[tuple[str, str]]:
    return [(n.cond.kind, n.cond.text) for n in ir.walk(skill) if isinstance(n, ir.If) and n.cond]


def _lines(skill: ir.RegisterSkill) -> list[str]:
    return [zh for f in skill_facts(skill) for zh, _ in explain_lines(f)]


# ---- spans of time

def test_before_whichever_comes_first_is_one_span() -> None:
    s = _read("当你杀死一名角色后，你于伤害来源的下回合结束或其死亡之前拥有〖奸雄〗。")
    (gain,) = [a for a in _acts(s) if a.verb == "gain_skill"]
    assert [x.text for x in gain.args] == ["〖奸雄〗"]
    assert ("duration", "伤害来源的下回合结束或其死亡之前") in _conds(s)


def test_until_the_start_of_a_next_phase() -> None:
    s = _read("准备阶段，直到你的下个结束阶段，你的手牌上限+1。")
    assert ("duration", "直到你的下个结束阶段") in _conds(s)


def test_a_limit_in_brackets_after_a_span_is_kept() -> None:
    s = _read("准备阶段，你可以选择一名其他角色，直到你的下个回合开始（每回合限一次），当该角色受到伤害后，你摸一张牌。")
    assert ("duration", "直到你的下个回合开始") in _conds(s)
    assert "（每回合限一次）" in s.text


# ---- changes of a skill's wording

@pytest.mark.parametrize("text,skill,old,new", [
    ("准备阶段，你修改〖武圣〗：将“红色牌当【杀】使用或打出”改为“任意牌当【杀】使用或打出”。",
     "〖武圣〗", "红色牌当【杀】使用或打出", "任意牌当【杀】使用或打出"),
    # a short wording is a name's length: the colon still opens the change (a preference)
    ("准备阶段，你修改〖武圣〗：将“红色牌”改为“黑色牌”。", "〖武圣〗", "红色牌", "黑色牌"),
    ("出牌阶段限一次，你可以失去1点体力并修改〖仁德〗（删去“每阶段限一次”）。", "〖仁德〗", "每阶段限一次", ""),
    ("锁定技，当你受到伤害后，你对伤害来源发动〖刚烈〗的“弃置”修改为“获得”直到回合结束。", "〖刚烈〗", "弃置", "获得"),
])
def test_a_change_of_wording_is_one_edit_of_the_skill(text: str, skill: str, old: str, new: str) -> None:
    s = _read(text)
    (mod,) = [a for a in _acts(s) if a.verb == "modify_skill"]
    refs = [x.text for x in mod.args if isinstance(x, ir.SkillRef)]
    edits = [(x.old, x.new) for x in mod.args if isinstance(x, ir.Edit)]
    assert (refs, edits) == ([skill], [(old, new)])


def test_the_edit_is_in_the_facts() -> None:
    s = _read("准备阶段，你修改〖武圣〗：将“红色牌”改为“黑色牌”。")
    assert any("〖武圣〗" in line and "将“红色牌”改为“黑色牌”" in line for line in _lines(s)), _lines(s)


# ---- remarks that say what holds instead

def test_a_limit_that_holds_instead_is_a_remark_of_the_limit() -> None:
    s = _read("出牌阶段各限一次（若你已受伤，改为出牌阶段限一次），你可以摸一张牌。")
    assert s.parts[0].limit is not None and "（若你已受伤，改为出牌阶段限一次）" in s.text


def test_a_count_that_holds_instead_closes_with_shi() -> None:
    s = _read("准备阶段，你可以观看牌堆顶五张牌（你的手牌数小于3时改为三张）。")
    assert "（你的手牌数小于3时改为三张）" in s.parts[0].remarks


# ---- near misses: (skill line, [(code, col, end_col)]) as `sgs check --text` reports them
NEAR_MISSES = [
    # a wording's quotes must close; a replacement needs its new wording; a deletion its quote
    ("修辞：准备阶段，你修改〖龙胆〗：将“【杀】当【闪】、【闪】当【杀】改为“基本牌当任意基本牌”。", [("E0107", 18, 19)]),
    ("修辞：准备阶段，你修改〖复难〗（删去）。", [("E0101", 19, 20)]),
    ("修辞：准备阶段，你修改〖复难〗（删去“令其获得你使用的牌”。", [("E0107", 16, 17)]),
    # 或 between two ends of a span needs the second end
    ("修辞：准备阶段，你令其于其下回合结束或之前失去1点体力。", [("E0101", 20, 22)]),
    # a limit after a span needs its count
    ("修辞：准备阶段，你可以选择一名其他角色，直到你的下个回合开始（每回合每项限），当该角色受到一次伤害后，你摸一张牌。",
     [("E0101", 38, 39)]),
    # 改为 in a remark needs what holds instead: an act, a count or a whole limit
    ("修辞：出牌阶段各限一次（若你已受伤，改为），你可以摸一张牌。", [("E0101", 21, 22)]),
    ("修辞：出牌阶段各限一次（若你已受伤，改为出牌阶段），你可以摸一张牌。", [("E0101", 25, 26)]),
]


@pytest.mark.parametrize("line,want", NEAR_MISSES)
def test_near_misses_get_their_code_and_span(line: str, want: list[tuple[str, int, int]]) -> None:
    body = line.split("：", 1)[1]
    with pytest.raises(RegisterError):
        parse_register(body)
    got = [(d.code, d.span.col, d.span.end_col) for d in check_skill_lines(line, "<t>") if d.code.startswith("E")]
    assert got == want
