"""Coverage: every skill text of seed 004 (国战, verbatim) and of the 风 generals
(skills/wind/, canonical register) parses and lowers to an IR whose key facts are
asserted per skill; sgs check reports no error for any of them; what the runtime
cannot run yet is refused by sgs compile (E0503) and reported by sgs check (W0701)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs.compiler import CompileError, build, build_texts, bundled_skill_paths, compile_paths, ir, load_pool
from sgs.compiler.check import runtime_gaps
from sgs.compiler.cli import app
from sgs.compiler.diagnostics import Severity
from sgs.compiler.verbs import VERBS
from sgs.runtime import api

from .facts import facts

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
SEED004 = HERE / "seed004_skills.txt"
WIND = ROOT / "skills" / "wind"
LINES = [l for l in SEED004.read_text(encoding="utf-8").splitlines() if l.strip()]
HEADER = "扩展包 国战（guozhan）\n武将 测试 魏 4体力 男\n"


def lower_line(line: str) -> ir.Skill:
    r = build_texts({"004.sgs": HEADER + line + "\n"})
    skills = [s for p in r.packages for g in p.generals for s in g.skills]
    assert len(skills) == 1, [d.message for d in r.diagnostics if d.severity is Severity.ERROR]
    return skills[0]


# ---------------------------------------------------------------- seed 004, verbatim
# tags; per ability kind:timing (window / phase / view-as condition·mode / static rule);
# optional (你可以) of the first ability; limit; verbs (nested ones included)
SEED004_FACTS: dict[str, dict[str, Any]] = {
    "奸雄": {'tags': (), 'abilities': ('triggered:受到伤害后',), 'optional': True, 'limit': None, 'verbs': ('获得',)},
    "行殇": {'tags': (), 'abilities': ('triggered:死亡时',), 'optional': True, 'limit': None, 'verbs': ('获得',)},
    "放逐": {'tags': (), 'abilities': ('triggered:受到伤害后',), 'optional': True, 'limit': None, 'verbs': ('摸牌', '叠置')},
    "倾国": {'tags': (), 'abilities': ('view-as:任何时候·使用或打出',), 'optional': True, 'limit': None, 'verbs': ()},
    "洛神": {'tags': (), 'abilities': ('triggered:回合开始阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('判定', '判定', '判定', '获得')},
    "天妒": {'tags': (), 'abilities': ('triggered:判定牌生效后',), 'optional': False, 'limit': None, 'verbs': ('获得',)},
    "遗计": {'tags': (), 'abilities': ('triggered:受到伤害后',), 'optional': True, 'limit': None, 'verbs': ('观看牌堆顶', '分配牌', '分配牌')},
    "反馈": {'tags': (), 'abilities': ('triggered:受到伤害后',), 'optional': True, 'limit': None, 'verbs': ('获得',)},
    "鬼才": {'tags': (), 'abilities': ('triggered:判定牌生效前',), 'optional': True, 'limit': None, 'verbs': ('改判',)},
    "驱虎": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('拼点', '若', '造成伤害', '若', '造成伤害')},
    "节命": {'tags': (), 'abilities': ('triggered:受到伤害后',), 'optional': True, 'limit': None, 'verbs': ('补牌',)},
    "刚烈": {'tags': (), 'abilities': ('triggered:受到伤害后',), 'optional': True, 'limit': None, 'verbs': ('判定', '判定', '选择一项', '弃置', '造成伤害')},
    "神速": {'tags': (), 'abilities': ('triggered:判定阶段开始前',), 'optional': True, 'limit': None, 'verbs': ('选择若干项', '跳过阶段', '跳过阶段', '弃置', '视为对其使用')},
    "巧变": {'tags': (), 'abilities': ('triggered:阶段开始前',), 'optional': True, 'limit': None, 'verbs': ('弃置', '跳过一个阶段', '若', '获得', '若', '移动牌')},
    "突袭": {'tags': (), 'abilities': ('replacement:摸牌阶段摸牌时',), 'optional': True, 'limit': None, 'verbs': ('获得',)},
    "断粮": {'tags': (), 'abilities': ('view-as:出牌阶段·使用', 'static:UseWithin'), 'optional': True, 'limit': None, 'verbs': ()},
    "裸衣": {'tags': (), 'abilities': ('triggered:摸牌阶段摸牌时',), 'optional': True, 'limit': None, 'verbs': ('改变摸牌数', '伤害加成')},
    "强袭": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('选择一项', '失去体力', '弃置', '造成伤害')},
    "据守": {'tags': (), 'abilities': ('triggered:回合结束阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('摸牌', '叠置')},
    "骁果": {'tags': (), 'abilities': ('triggered:回合结束阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('弃置', '若', '否则', '弃置', '造成伤害')},
    "仁德": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': None, 'verbs': ('交给', '达到张数', '回复体力')},
    "淑慎": {'tags': (), 'abilities': ('triggered:回复体力时',), 'optional': True, 'limit': None, 'verbs': ('摸牌',)},
    "神智": {'tags': (), 'abilities': ('triggered:回合开始阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('弃置', '若', '回复体力')},
    "观星": {'tags': (), 'abilities': ('triggered:回合开始阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('观看牌堆顶', '置于牌堆', '置于牌堆')},
    "空城": {'tags': ('锁定技',), 'abilities': ('triggered:成为目标时',), 'optional': False, 'limit': None, 'verbs': ('取消目标',)},
    "集智": {'tags': (), 'abilities': ('triggered:使用时',), 'optional': True, 'limit': None, 'verbs': ('摸牌',)},
    "奇才": {'tags': ('锁定技',), 'abilities': ('static:NoDistanceLimit',), 'optional': None, 'limit': None, 'verbs': ()},
    "八阵": {'tags': ('锁定技',), 'abilities': ('static:EquipAs',), 'optional': None, 'limit': None, 'verbs': ()},
    "火计": {'tags': (), 'abilities': ('view-as:出牌阶段·使用',), 'optional': True, 'limit': None, 'verbs': ()},
    "看破": {'tags': (), 'abilities': ('view-as:任何时候·使用',), 'optional': True, 'limit': None, 'verbs': ()},
    "连环": {'tags': (), 'abilities': ('view-as:出牌阶段·使用或重铸',), 'optional': True, 'limit': None, 'verbs': ()},
    "涅槃": {'tags': ('限定技',), 'abilities': ('triggered:处于濒死状态时',), 'optional': True, 'limit': None, 'verbs': ('弃置', '平置', '重置', '摸牌', '回复至')},
    "武圣": {'tags': (), 'abilities': ('view-as:任何时候·使用或打出',), 'optional': True, 'limit': None, 'verbs': ()},
    "咆哮": {'tags': (), 'abilities': ('static:UnlimitedCard',), 'optional': None, 'limit': None, 'verbs': ()},
    "龙胆": {'tags': (), 'abilities': ('view-as:任何时候·使用或打出',), 'optional': True, 'limit': None, 'verbs': ()},
    "马术": {'tags': ('锁定技',), 'abilities': ('static:DistanceModifier',), 'optional': None, 'limit': None, 'verbs': ()},
    "铁骑": {'tags': (), 'abilities': ('triggered:指定目标后',), 'optional': True, 'limit': None, 'verbs': ('判定', '判定', '不可被响应')},
    "烈弓": {'tags': (), 'abilities': ('triggered:指定目标后',), 'optional': True, 'limit': None, 'verbs': ('不可被响应',)},
    "狂骨": {'tags': ('锁定技',), 'abilities': ('triggered:造成伤害后',), 'optional': False, 'limit': None, 'verbs': ('回复体力',)},
    "享乐": {'tags': ('锁定技',), 'abilities': ('triggered:成为目标时',), 'optional': False, 'limit': None, 'verbs': ('否则', '弃置', '无效')},
    "放权": {'tags': (), 'abilities': ('triggered:出牌阶段开始前',), 'optional': True, 'limit': None, 'verbs': ('跳过阶段', '延时', '弃置', '额外回合')},
    "祸首": {'tags': ('锁定技',), 'abilities': ('static:Invalid', 'static:DamageSourceOf'), 'optional': None, 'limit': None, 'verbs': ()},
    "再起": {'tags': (), 'abilities': ('replacement:摸牌阶段摸牌时',), 'optional': True, 'limit': None, 'verbs': ('亮出牌堆顶', '每有一张', '回复体力', '弃置亮出的牌', '获得')},
    "巨象": {'tags': ('锁定技',), 'abilities': ('static:Invalid', 'triggered:结算后置入弃牌堆时'), 'optional': None, 'limit': None, 'verbs': ('获得',)},
    "烈刃": {'tags': (), 'abilities': ('triggered:造成伤害后',), 'optional': True, 'limit': None, 'verbs': ('拼点', '若', '获得')},
    "制衡": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('弃置', '摸牌')},
    "结姻": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('弃置', '选择角色', '回复体力', '回复体力')},
    "枭姬": {'tags': (), 'abilities': ('triggered:失去牌时',), 'optional': True, 'limit': None, 'verbs': ('摸牌',)},
    "英姿": {'tags': (), 'abilities': ('triggered:摸牌阶段摸牌时',), 'optional': True, 'limit': None, 'verbs': ('改变摸牌数',)},
    "反间": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('选择角色', '选择花色', '获得', '展示', '比较花色', '造成伤害')},
    "天香": {'tags': (), 'abilities': ('triggered:受到伤害时',), 'optional': True, 'limit': None, 'verbs': ('弃置', '转移伤害', '摸牌')},
    "红颜": {'tags': ('锁定技',), 'abilities': ('static:SuitAs',), 'optional': None, 'limit': None, 'verbs': ()},
    "国色": {'tags': (), 'abilities': ('view-as:出牌阶段·使用',), 'optional': True, 'limit': None, 'verbs': ()},
    "流离": {'tags': (), 'abilities': ('triggered:成为目标时',), 'optional': True, 'limit': None, 'verbs': ('弃置', '转移目标')},
    "谦逊": {'tags': ('锁定技',), 'abilities': ('triggered:成为目标时',), 'optional': False, 'limit': None, 'verbs': ('取消目标',)},
    "度势": {'tags': (), 'abilities': ('view-as:出牌阶段·使用',), 'optional': True, 'limit': None, 'verbs': ()},
    "好施": {'tags': (), 'abilities': ('triggered:摸牌阶段摸牌时',), 'optional': True, 'limit': None, 'verbs': ('改变摸牌数', '若', '交给')},
    "缔盟": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('选择角色', '弃置', '交换手牌')},
    "英魂": {'tags': (), 'abilities': ('triggered:回合开始阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('选择一项', '摸牌', '弃置', '摸牌', '弃置')},
    "天义": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('拼点', '若', '获得技能', '若', '不能使用')},
    "奇袭": {'tags': (), 'abilities': ('view-as:任何时候·使用',), 'optional': True, 'limit': None, 'verbs': ()},
    "苦肉": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': None, 'verbs': ('失去体力', '摸牌')},
    "短兵": {'tags': (), 'abilities': ('triggered:使用时',), 'optional': True, 'limit': None, 'verbs': ('额外目标',)},
    "奋迅": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('弃置', '选择角色', '距离视为')},
    "克己": {'tags': (), 'abilities': ('triggered:弃牌阶段开始前',), 'optional': True, 'limit': None, 'verbs': ('跳过阶段',)},
    "不屈": {'tags': (), 'abilities': ('triggered:扣减体力时',), 'optional': True, 'limit': None, 'verbs': ('置于武将牌上', '若', '不会死去', '若', '进入濒死')},
    "直谏": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': None, 'verbs': ('置入装备区', '摸牌')},
    "固政": {'tags': (), 'abilities': ('triggered:弃牌阶段结束时',), 'optional': True, 'limit': None, 'verbs': ('返回手牌', '若', '获得')},
    "雄异": {'tags': ('限定技',), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': None, 'verbs': ('摸牌', '若', '回复体力')},
    "名士": {'tags': (), 'abilities': ('triggered:受到伤害时',), 'optional': False, 'limit': None, 'verbs': ('改变伤害',)},
    "礼让": {'tags': (), 'abilities': ('triggered:因弃置而置入弃牌堆时',), 'optional': True, 'limit': None, 'verbs': ('交给所指的牌',)},
    "祸水": {'tags': (), 'abilities': ('active:出牌阶段', 'static:ForbidShowOthers'), 'optional': True, 'limit': None, 'verbs': ('明置',)},
    "倾城": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': None, 'verbs': ('弃置', '选择角色', '暗置')},
    "死谏": {'tags': (), 'abilities': ('triggered:失去牌时',), 'optional': True, 'limit': None, 'verbs': ('弃置他人的牌',)},
    "随势": {'tags': ('锁定技',), 'abilities': ('triggered:进入濒死状态时', 'triggered:死亡时'), 'optional': False, 'limit': None, 'verbs': ('摸牌', '失去体力')},
    "双刃": {'tags': (), 'abilities': ('triggered:出牌阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('拼点', '若', '视为对其使用', '若', '结束阶段')},
    "狂斧": {'tags': (), 'abilities': ('triggered:造成伤害后',), 'optional': True, 'limit': None, 'verbs': ('移动牌',)},
    "无双": {'tags': ('锁定技',), 'abilities': ('triggered:指定目标后', 'static:DuelResponseCount'), 'optional': False, 'limit': None, 'verbs': ('需连续响应',)},
    "离间": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('弃置', '选择角色', '视为使用', '不可被响应')},
    "闭月": {'tags': (), 'abilities': ('triggered:回合结束阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('摸牌',)},
    "雷击": {'tags': (), 'abilities': ('triggered:使用或打出时',), 'optional': True, 'limit': None, 'verbs': ('判定', '判定', '造成伤害')},
    "鬼道": {'tags': (), 'abilities': ('triggered:判定牌生效前',), 'optional': True, 'limit': None, 'verbs': ('改判',)},
    "乱击": {'tags': (), 'abilities': ('view-as:出牌阶段·使用',), 'optional': True, 'limit': None, 'verbs': ()},
    "双雄": {'tags': (), 'abilities': ('replacement:摸牌阶段摸牌时',), 'optional': True, 'limit': None, 'verbs': ('判定', '获得', '可当使用')},
    "完杀": {'tags': ('锁定技',), 'abilities': ('static:PeachOnlyDying',), 'optional': None, 'limit': None, 'verbs': ()},
    "乱武": {'tags': ('限定技',), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': None, 'verbs': ('选择一项', '使用牌', '失去体力')},
    "帷幕": {'tags': ('锁定技',), 'abilities': ('triggered:成为目标时',), 'optional': False, 'limit': None, 'verbs': ('取消目标',)},
    "悲歌": {'tags': (), 'abilities': ('triggered:受到伤害后',), 'optional': True, 'limit': None, 'verbs': ('弃置', '判定', '判定分支', '回复体力', '摸牌', '弃置', '叠置')},
    "断肠": {'tags': ('锁定技',), 'abilities': ('triggered:死亡时',), 'optional': False, 'limit': None, 'verbs': ('失去技能',)},
    "急救": {'tags': (), 'abilities': ('view-as:回合外·使用',), 'optional': True, 'limit': None, 'verbs': ()},
    "青囊": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('弃置', '回复体力')},
    "猛进": {'tags': (), 'abilities': ('triggered:杀被闪抵消时',), 'optional': True, 'limit': None, 'verbs': ('弃置他人的牌',)},
}

WIND_FACTS: dict[str, dict[str, Any]] = {
    "武神": {'tags': ('锁定技',), 'abilities': ('static:SuitAs', 'static:CardNoDistance'), 'optional': None, 'limit': None, 'verbs': ()},
    "武魂": {'tags': ('锁定技',), 'abilities': ('triggered:受到伤害后', 'triggered:死亡时'), 'optional': False, 'limit': None, 'verbs': ('标记', '判定', '判定', '死亡')},
    "涉猎": {'tags': (), 'abilities': ('replacement:摸牌阶段摸牌时',), 'optional': True, 'limit': None, 'verbs': ('亮出牌堆顶', '获得', '置入弃牌堆')},
    "攻心": {'tags': (), 'abilities': ('active:出牌阶段',), 'optional': True, 'limit': '每阶段限1次', 'verbs': ('观看手牌', '展示其中', '弃置或置于牌堆顶')},
    "雷击": {'tags': (), 'abilities': ('triggered:使用时',), 'optional': True, 'limit': None, 'verbs': ('判定', '判定', '造成伤害')},
    "鬼道": {'tags': (), 'abilities': ('triggered:判定牌生效前',), 'optional': True, 'limit': None, 'verbs': ('改判',)},
    "蛊惑": {'tags': (), 'abilities': ('declared:使用或打出',), 'optional': True, 'limit': None, 'verbs': ('若', '亮出此牌', '若', '失去体力', '若', '此牌作废', '若', '摸牌', '此牌作废')},
    "黄天": {'tags': ('主公技',), 'abilities': ('granted:出牌阶段',), 'optional': True, 'limit': None, 'verbs': ('交给',)},
    "烈弓": {'tags': (), 'abilities': ('triggered:指定目标后',), 'optional': True, 'limit': None, 'verbs': ('不可被响应',)},
    "狂骨": {'tags': ('锁定技',), 'abilities': ('triggered:造成伤害后',), 'optional': False, 'limit': None, 'verbs': ('回复体力',)},
    "神速": {'tags': (), 'abilities': ('triggered:回合开始阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('选择若干项', '跳过阶段', '跳过阶段', '弃置', '视为对其使用')},
    "据守": {'tags': (), 'abilities': ('triggered:回合结束阶段开始时',), 'optional': True, 'limit': None, 'verbs': ('摸牌', '叠置')},
    "天香": {'tags': (), 'abilities': ('triggered:受到伤害时',), 'optional': True, 'limit': None, 'verbs': ('弃置', '转移伤害', '摸牌')},
    "红颜": {'tags': ('锁定技',), 'abilities': ('static:SuitAs',), 'optional': None, 'limit': None, 'verbs': ()},
    "不屈": {'tags': (), 'abilities': ('triggered:扣减体力时',), 'optional': False, 'limit': None, 'verbs': ('置于武将牌上', '若', '不会死去', '若', '进入濒死')},
}


def test_the_fixture_is_the_92_distinct_texts_of_seed_004() -> None:
    assert len(LINES) == 92 == len({l.split("：")[0] for l in LINES})
    assert set(SEED004_FACTS) == {l.split("：")[0] for l in LINES}
    # the seed's own slips stay in the fixture (normalisation reads them, with warnings)
    text = SEED004.read_text(encoding="utf-8")
    for slip in ("牌对顶", "收到", "男性角，", "1.、", "方片", "出牌阶段,"):
        assert slip in text, slip


@pytest.mark.parametrize("line", LINES, ids=[l.split("：")[0] for l in LINES])
def test_seed_004_text_lowers_to_its_facts(line: str) -> None:
    s = lower_line(line)

    assert facts(s) == SEED004_FACTS[s.name]


def test_wind_generals_are_written_and_lower_to_their_facts() -> None:
    r = build(sorted(WIND.glob("*.sgs")))
    assert not [d for d in r.diagnostics if d.severity is Severity.ERROR]
    generals = {g.name: g for p in r.packages for g in p.generals}
    assert set(generals) == {"夏侯渊", "曹仁", "黄忠", "魏延", "小乔", "周泰", "张角", "于吉", "神关羽", "神吕蒙"}
    got = {s.name: facts(s) for g in generals.values() for s in g.skills}
    assert got == WIND_FACTS
    # hp / kingdom / gender as in generals.tsv
    assert [(g.kingdom, g.max_hp, g.gender) for g in (generals["小乔"], generals["神关羽"], generals["张角"])] == [
        ("吴", 3, "女"), ("神", 5, "男"), ("群", 3, "男"),
    ]


def test_settled_readings_are_info_and_unsettled_ones_errors() -> None:
    r = build_texts({"x.sgs": HEADER + "行殇：你可以获得死亡角色的所有牌。\n"})
    notes = [d for d in r.diagnostics if d.code == "I0701"]
    assert notes and notes[0].severity is Severity.NOTE and "当其他角色死亡时" in notes[0].message
    r = build_texts({"x.sgs": HEADER + "甲乙（jiayi）：你可以摸一张牌。\n"})
    errs = [d for d in r.diagnostics if d.severity is Severity.ERROR]
    assert [d.code for d in errs] == ["E0220"] and errs[0].help and "出牌阶段，你可以" in errs[0].help
    r = build_texts({"x.sgs": HEADER + "狂斧：每当你使用杀对目标角色造成伤害后，你可以将其装备区里的一张牌移动到你的装备区里或弃置之。\n"})
    assert [d.code for d in r.diagnostics if d.severity is Severity.NOTE] == ["I0702"]


def test_check_reports_no_error_for_the_92_texts() -> None:
    r = CliRunner().invoke(app, ["check", "--skills-file", str(SEED004), "--format", "short"])
    assert r.exit_code == 0, r.output
    assert "error[" not in r.output and "W0701" in r.output


def test_the_skills_tree_parses_quickly_and_checks_clean() -> None:
    from sgs.compiler.language.register import get_register_parser
    from sgs.compiler.parse import get_parser, parse_text

    files = sorted((ROOT / "skills").rglob("*.sgs"))
    assert any(f.parent.name == "wind" for f in files)
    # both grammars built first (lines the file grammar cannot read go to the register
    # grammar, whose one-time build took ~0.9 s of this bound): parsing is what is timed
    get_parser()
    get_register_parser()
    start = time.perf_counter()
    for f in files:
        assert parse_text(f.read_text(encoding="utf-8"), f.name).tree is not None, f
    assert time.perf_counter() - start < 1.0
    r = CliRunner().invoke(app, ["check", str(ROOT / "skills"), "--format", "short"])
    assert r.exit_code == 0 and "error[" not in r.output, r.output


def test_runtime_missing_verbs_are_refused_never_stubbed(tmp_path: Path) -> None:
    # 天义 (seed 004) still needs a runtime action: 拼点 (周泰's 不屈 compiles since the
    # 扣减体力时 window and the cards on a general card run)
    line = next(l for l in LINES if l.startswith("天义："))
    src = tmp_path / "tianyi.sgs"
    src.write_text(HEADER + line + "\n", encoding="utf-8")
    with pytest.raises(CompileError) as exc:
        compile_paths([src], tmp_path / "out")
    refused = [d for d in exc.value.diagnostics if d.code == "E0503"]
    assert {d.message.split("”")[0].lstrip("“") for d in refused} == {"天义"}
    assert any("pindian" in d.message for d in refused)  # names the missing runtime action
    assert not (tmp_path / "out").exists()
    # checking the same file: the same gaps as warnings of their own kind, no error
    diags = build([src]).diagnostics
    assert not [d for d in diags if d.severity is Severity.ERROR]
    assert any(d.code == "W0701" and "pindian" in d.message for d in diags)


def test_wind_is_in_the_bundled_pool_now_that_it_compiles(tmp_path: Path) -> None:
    # every 风 file compiles, so its NOT_IN_POOL marker is gone: the 10 generals are bundled
    assert not (WIND / "NOT_IN_POOL").exists()
    assert sorted(p.name for p in bundled_skill_paths() if p.parent.name == "wind") == sorted(p.name for p in WIND.glob("*.sgs"))
    names = {g.name for g in load_pool().generals}
    assert {"夏侯渊", "曹仁", "黄忠", "魏延", "小乔", "周泰", "张角", "于吉", "神关羽", "神吕蒙"} <= names and len(names) == 35
    written = compile_paths([ROOT / "skills"], tmp_path)
    assert "feng.py" in {p.name for p in written}


def test_the_standard_pool_has_no_gaps() -> None:
    r = build()
    assert r.ok
    assert [s.name for p in r.packages for g in p.generals for s in g.skills if runtime_gaps(s)] == []


def test_verbs_the_runtime_lacks_name_actions_it_does_not_have() -> None:
    missing = [v for v in VERBS.values() if v.needs]
    assert not [v.word for v in VERBS.values() if v.needs and v.actions]
    assert missing  # (fewer as the runtime gains actions)
    for v in missing:
        assert not v.actions and not v.opens, v.word
        assert not set(v.needs) & set(api.__all__), v.word
    for cls in ir.Effect.__args__:  # type: ignore[attr-defined]
        if cls is ir.Call:  # its verb is its own field: a Call verb of the table binds by its params
            assert all(v.params and v.frames for v in VERBS.values() if v.node == "Call")
            continue
        assert cls.verb in VERBS, cls


#: the 风 files that compile today (the rest still name what they need: W0701/E0503)
WIND_READY = (
    "wei.sgs", "shu.sgs", "zhangjiao.sgs", "shenlvmeng.sgs", "shenguanyu.sgs", "zhoutai.sgs", "xiaoqiao.sgs", "yuji.sgs",
)


def test_the_wind_generals_that_compile_pass_mypy_strict(tmp_path: Path) -> None:
    """Their emitted module type-checks as the bundled pool's does (tests/compiler/test_emit.py)."""
    from mypy import api as mypy_api

    from ..typing_tree import inside, stage

    written = compile_paths([WIND / f for f in WIND_READY], tmp_path / "out")
    assert written
    with inside(stage(tmp_path / "tree")):  # emitted modules import sgs.runtime.api
        out, err, status = mypy_api.run(
            ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".mypy"), *map(str, written)]
        )
    assert status == 0, out + err


def test_the_test_generals_of_wind_scenarios_carry_the_packages_own_lines() -> None:
    """A 风 skill tested on a test general (its general's other skill cannot compile yet:
    tests/scenarios/wind/*.sgs) is the very line of skills/wind/, not a copy that drifted."""
    own = {line for f in WIND.glob("*.sgs") for line in f.read_text(encoding="utf-8").splitlines() if "：" in line}
    test_lines = [
        line
        for f in (ROOT / "tests" / "scenarios" / "wind").glob("*.sgs")
        for line in f.read_text(encoding="utf-8").splitlines()
        if "：" in line and not line.startswith("#")
    ]
    assert test_lines and all(line in own for line in test_lines)
