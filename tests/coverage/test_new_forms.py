"""The common forms designers write that the register now accepts, each with its
standard meaning: 造成伤害后 (per event / per point), 失去体力后, 回复体力后, 成为目标后,
出牌阶段限一次, 若你有手牌, 准备阶段 / 结束阶段 (= 回合开始阶段 / 回合结束阶段).

Each one compiles; the scenario files in ``new_forms/`` play it with the generals of
``new_forms/new_forms.sgs`` beside the bundled pool (``sgs scenario FILE --skills
new_forms.sgs --skills skills/`` does the same).  Also here: the key IR facts of each
form, the diagnostics that came with them (E0105 for a bare 武将 line, the help of
E0302/E0303) and ``sgs explain``'s reading of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import Pool, build, build_texts, bundled_skill_paths, ir, load_pool, render_diagnostics
from sgs.compiler.bare import check_skill_lines, wrap
from sgs.compiler.diagnostics import Severity
from sgs.compiler.parse import parse_text
from sgs.compiler.reading import build_skill_texts, explain_skill
from sgs.compiler.scenario import run_scenario_file

HERE = Path(__file__).parent / "new_forms"
SOURCE = HERE / "new_forms.sgs"
SCENARIOS = sorted(HERE.glob("*.toml"))


@pytest.fixture(scope="module")
def pool() -> Pool:
    return load_pool([*bundled_skill_paths(), SOURCE])


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path, pool: Pool) -> None:
    report = run_scenario_file(path, pool)
    assert report.ok, "\n".join([*report.failures, report.log])


def test_every_form_has_a_scenario() -> None:
    assert len(SCENARIOS) >= 11


def test_the_package_checks_with_only_the_settled_notes() -> None:
    result = build([SOURCE])
    assert result.ok, render_diagnostics(result.diagnostics + result.refused)
    codes = [(d.code, d.span.line if d.span else 0) for d in result.diagnostics]
    # 失去体力后 / 回复体力后 without 一次 / 1点: the rules' reading, said as a note
    assert codes == [("I0702", 17), ("I0702", 25)]


def skill(line: str) -> ir.Skill:
    r = build_texts({"t.sgs": wrap(line)})
    errors = [d for d in r.diagnostics if d.severity is Severity.ERROR]
    assert not errors, [d.message for d in errors]
    [s] = [s for p in r.packages for g in p.generals for s in g.skills]
    return s


def _timing(line: str) -> ir.TimingSpec:
    a = skill(line).abilities[0]
    assert isinstance(a, ir.TriggeredAbility)
    return a.timing


# (skill line, window, per_point) — per_point None: no counting
TIMINGS = [
    ("逐功（zhugong）：每当你造成一次伤害后，你可以摸一张牌。", "造成伤害后", False),
    ("逐功（zhugong）：每当你造成1点伤害后，你可以摸一张牌。", "造成伤害后", True),
    ("逐功（zhugong）：每当你造成伤害后，你可以摸一张牌。", "造成伤害后", False),
    ("苦修（kuxiu）：每当你失去1点体力后，你可以摸一张牌。", "失去体力后", True),
    ("苦修（kuxiu）：每当你失去一次体力后，你可以摸一张牌。", "失去体力后", False),
    ("苦修（kuxiu）：每当你失去体力后，你可以摸一张牌。", "失去体力后", False),
    ("复苏（fusu）：每当你回复1点体力后，你可以摸一张牌。", "回复体力后", True),
    ("复苏（fusu）：每当你回复体力后，你可以摸一张牌。", "回复体力后", False),
    ("警觉（jingjue）：当你成为【杀】的目标后，你可以摸一张牌。", "成为目标后", None),
    ("警觉（jingjue）：当你成为【杀】的目标时，你可以摸一张牌。", "成为目标时", None),
    ("备战（beizhan）：准备阶段开始时，你可以摸一张牌。", "回合开始阶段开始时", None),
    ("备战（beizhan）：结束阶段开始时，你可以摸一张牌。", "回合结束阶段开始时", None),
    ("备战（beizhan）：准备阶段结束时，你可以摸一张牌。", "回合开始阶段结束时", None),
]


@pytest.mark.parametrize("line,window,per_point", TIMINGS, ids=[t[0].split("：")[1][:12] for t in TIMINGS])
def test_timing_facts(line: str, window: str, per_point: bool | None) -> None:
    t = _timing(line)
    assert (t.window, t.subject, t.per_point) == (window, ir.Who.YOU, per_point)
    # every form compiles (check --text reports nothing but the settled notes)
    assert all(d.code == "I0702" for d in check_skill_lines(line, "t")), line


def test_settled_forms_say_so_with_the_per_event_wording() -> None:
    for line, words in (
        ("逐功（zhugong）：每当你造成伤害后，你可以摸一张牌。", "造成一次伤害"),
        ("苦修（kuxiu）：每当你失去体力后，你可以摸一张牌。", "失去一次体力"),
        ("复苏（fusu）：每当你回复体力后，你可以摸一张牌。", "回复一次体力"),
    ):
        [d] = check_skill_lines(line, "t")
        assert d.code == "I0702" and d.severity is Severity.NOTE
        assert d.suggestion is not None and d.suggestion.replacement == words
        assert d.span is not None and line[d.span.col - 1 : d.span.end_col - 1] == words.replace("一次", "")


def test_target_after_is_its_own_window() -> None:
    t = _timing("警觉（jingjue）：当你成为【杀】或【决斗】的目标后，你可以摸一张牌。")
    assert t.window == "成为目标后" and [c.name for c in t.cards] == ["杀", "决斗"]


def test_play_phase_limited_once_is_the_active_skill_with_its_limit() -> None:
    new = skill("重击（zhongji）：出牌阶段限一次，你可以弃置一张手牌，然后摸两张牌。")
    old = skill("重击（zhongji）：出牌阶段，你可以弃置一张手牌，然后摸两张牌。每阶段限一次。")
    for s in (new, old):
        [a] = s.abilities
        assert isinstance(a, ir.ActiveAbility) and a.phase == "出牌阶段" and a.optional
        assert a.limit is not None and (a.limit.count, a.limit.per) == (1, "阶段")
        assert [e.verb for e in a.effects] == ["弃置", "摸牌"]
    a = new.abilities[0]
    assert a.limit is not None and a.limit.span.col == len("重击（zhongji）：出牌阶段") + 1
    two = skill("重击（zhongji）：出牌阶段限两次，你可以弃置一张手牌，然后摸两张牌。").abilities[0]
    assert two.limit is not None and two.limit.count == 2


def test_has_hand_condition() -> None:
    s = skill("存粮（cunliang）：结束阶段开始时，若你有手牌，你可以摸一张牌。")
    [a] = s.abilities
    assert isinstance(a, ir.TriggeredAbility) and isinstance(a.condition, ir.Condition)
    assert a.condition.kind is ir.CondKind.HAS_HAND and a.condition.player is not None
    assert a.condition.player.who is ir.Who.YOU
    no = skill("存粮（cunliang）：结束阶段开始时，若你没有手牌，你可以摸一张牌。").abilities[0]
    assert isinstance(no, ir.TriggeredAbility) and isinstance(no.condition, ir.Condition)
    assert no.condition.kind is ir.CondKind.NO_HAND


def test_phase_synonyms_read_as_the_register_names_and_keep_their_spans() -> None:
    text = "扩展包 测试（ceshi）\n武将 甲（jia） 魏 4体力 男\n备战（beizhan）：准备阶段开始时，你可以摸一张牌。\n"
    r = parse_text(text, "t")
    assert r.tree is not None
    [tok] = [t for t in r.tree.scan_values(lambda v: getattr(v, "type", None) == "PHASE")]
    assert str(tok) == "回合开始阶段"
    assert text[tok.start_pos : tok.end_pos] == "准备阶段"


def test_bare_general_line_says_what_it_needs() -> None:
    for text, missing in (
        ("扩展包 测试（ceshi）\n武将\n", "武将名、势力、体力、性别"),
        ("扩展包 测试（ceshi）\n武将 曹操\n", "势力、体力、性别"),
        ("扩展包 测试（ceshi）\n武将 曹操 魏 4体力 男\n武将\n", "武将名、势力、体力、性别"),
    ):
        [d] = [d for d in parse_text(text, "t").diagnostics]
        assert d.code == "E0105" and d.message == f"武将行不完整：缺少{missing}", d.message
        assert d.help is not None and "武将 曹操 魏 4体力 男" in d.help


def test_card_and_hp_errors_have_help() -> None:
    r = build_texts({"t.sgs": "扩展包 测试（ceshi）\n武将 甲（jia） 魏 0体力 男\n"})
    [d] = [d for d in r.diagnostics if d.code == "E0303"]
    assert d.help is not None and "4体力" in d.help
    r = build_texts({"t.sgs": "扩展包 测试（ceshi）\n装备 八卦阵 武器 攻击范围2\n八卦阵：锁定技，你计算与其他角色的距离时，始终-1。\n"})
    [d] = [d for d in r.diagnostics if d.code == "E0302"]
    assert d.help is not None and "装备 八卦阵 防具" in d.help
    r = build_texts({"t.sgs": "扩展包 测试（ceshi）\n装备 诸葛连弩 武器 攻击范围3\n诸葛连弩：出牌阶段，你可以使用任意数量的【杀】。\n"})
    [d] = [d for d in r.diagnostics if d.code == "E0302"]
    assert d.help is not None and "攻击范围1" in d.help


# ---------------------------------------------------------------- sgs explain


def _reading(line: str) -> str:
    return explain_skill(skill(line))


def test_explain_draw_has_no_zone_and_a_cost_no_may() -> None:
    out = _reading("苦肉（kurou）：出牌阶段，你可以失去1点体力，然后摸两张牌。")
    assert "代价：你失去1点体力" in out and "代价：你可以" not in out
    assert "效果：你摸2张牌\n" in out and "摸2张牌（" not in out
    out = _reading("制衡（zhiheng）：出牌阶段，你可以弃置任意数量的牌，然后摸等量的牌。每阶段限一次。")
    assert "代价：你弃置任意数量的牌（手牌或装备区的牌）" in out  # 弃置 a 牌: hand or equipment
    assert "效果：你摸等量的牌\n" in out
    # optional where the text says so
    out = _reading("逐功（zhugong）：每当你造成1点伤害后，你可以摸一张牌。")
    assert "效果：你可以摸1张牌" in out and "每造成1点伤害发动一次" in out


def test_explain_per_point_wording_follows_the_window() -> None:
    assert "每失去1点体力发动一次" in _reading("苦修（kuxiu）：每当你失去1点体力后，你可以摸一张牌。")
    assert "每次回复体力事件发动一次" in _reading("复苏（fusu）：每当你回复体力后，你可以摸一张牌。")
    assert "每受到1点伤害发动一次" in _reading("遗计（yiji）：每当你受到1点伤害后，你可以摸一张牌。")
    out = _reading("重击（zhongji）：出牌阶段限一次，你可以弃置一张手牌，然后摸两张牌。")
    assert "限制：每阶段限1次" in out


def test_explain_text_reports_the_places_check_text_reports() -> None:
    line = "甲（jia）：出牌阶段，你可以模一张牌。"
    packages, diags, sources = build_skill_texts([line])
    assert not [s for p in packages for g in p.generals for s in g.skills]
    assert diags == check_skill_lines(line, "<text>")
    [d] = diags
    assert d.span is not None and (d.span.file, d.span.line, d.span.col) == ("<text>", 1, 16)
    assert "<text>:1:16" in render_diagnostics(diags, "human", sources)
    _, diags, _ = build_skill_texts([line, "乙（yi）：出牌阶段，你可以摸一张牌。"])
    assert [d.span.file for d in diags if d.span] == ["<text1>"]
    packages, diags, _ = build_skill_texts(["乙（yi）：出牌阶段限一次，你可以摸一张牌。"])
    assert not diags and [s.name for p in packages for g in p.generals for s in g.skills] == ["乙"]
