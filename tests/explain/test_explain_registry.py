"""``sgs explain`` reads every verb from the verb table: templates, not a private list.

Every verb has a Chinese and an English template; every IR effect class is worded by
its verb's template (built by introspection, so a new effect cannot be forgotten), with
every slot filled; 黄天 says who decides and names 【闪】或【闪电】.
"""

from __future__ import annotations

import dataclasses
import re
import typing
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler import ir
from sgs.compiler.cli import app
from sgs.compiler.graph.load import load_text
from sgs.compiler.reading import effect, explain_skill, static_effect
from sgs.compiler.verbs import EXPLAIN, VERBS

from ..graph.test_generic_walk import EFFECT_CLASSES, _make

ROOT = Path(__file__).resolve().parents[2]
_SPAN = ir.Span("t", 1, 1, 1, 1)


def test_every_verb_has_both_templates() -> None:
    assert set(EXPLAIN) == set(VERBS)
    for v in VERBS.values():
        assert v.explain_zh and v.explain_en, v.word
        assert re.search(r"[\u4e00-\u9fff]", v.explain_zh), v.word  # Chinese
        assert not re.search(r"[\u4e00-\u9fff]", re.sub(r"\{[^}]*\}|\([^)]*\)", "", v.explain_en)), v.word  # English
        for node, zh, en in v.explain_more:
            assert zh and en and getattr(ir, node).verb == v.word, (v.word, node)


CALL_VERBS = sorted(w for w, v in VERBS.items() if v.node == "Call")


@pytest.mark.parametrize("cls", EFFECT_CLASSES, ids=[c.__name__ for c in EFFECT_CLASSES])
def test_every_effect_is_worded_by_its_verbs_template(cls: type) -> None:
    if cls is ir.Call:  # no class of its own: one node per verb of the table without one
        if not CALL_VERBS:
            pytest.skip("no verb of the table is a Call yet")
        for word in CALL_VERBS:
            v = VERBS[word]
            args = tuple((name, _ARG[kind]) for name, kind in v.params)
            _worded(ir.Call(word, ir.PlayerRef(ir.Who.YOU, _SPAN), args, _SPAN), {"actor", *(n for n, _ in v.params)})
        return
    _worded(_make(cls, _SPAN), {f.name for f in dataclasses.fields(cls)})


#: a plain argument of each kind of ``Verb.params``
_ARG: dict[str, object] = {
    "player": ir.PlayerRef(ir.Who.YOU, _SPAN), "amount": 1,
    "cards": ir.CardSpec(ir.Count(ir.CountKind.EXACT, 1), _SPAN, zone=ir.Zone.HAND_EQUIP),
}


def _worded(node: object, fields: set[str]) -> None:
    cls = type(node)
    verb = VERBS[node.verb]  # type: ignore[attr-defined]
    zh_t, en_t = verb.explain(cls.__name__)
    # every slot names a field of the node (or is {may})
    fields = fields | {"may"}
    for t in (zh_t, en_t):
        assert set(re.findall(r"\{(\w+)", t)) <= fields, (cls.__name__, t)
    zh, en = effect(node)
    assert "{" not in zh + en and "}" not in zh + en and cls.__name__ not in zh
    # the template's fixed words are in the wording
    for t, out in ((zh_t, zh), (en_t, en)):
        for literal in re.split(r"\{[^}]*\}", t):
            assert literal in out, (cls.__name__, literal, out)


def test_may_follows_optional_and_never_the_cost() -> None:
    you = ir.PlayerRef(ir.Who.YOU, _SPAN)
    lose = ir.LoseHp(you, 1, _SPAN, optional=True)
    assert effect(lose) == ("你可以失去1点体力", "you (the owner) may lose(s) 1 hp")
    assert effect(lose, cost=True) == ("你失去1点体力", "you (the owner) lose(s) 1 hp")


HUANGTIAN = "黄天：主公技，其他群势力角色的出牌阶段，该角色可以将一张【闪】或【闪电】交给你。"


def test_huangtian_names_who_decides_and_both_cards() -> None:
    pkg, diags = load_text(f"扩展包 测试\n武将 张角 群 3体力 男\n{HUANGTIAN}\n", "t.sgs")
    assert pkg is not None
    (skill,) = pkg.generals[0].skills
    lines = explain_skill(skill).splitlines()
    assert lines[4:] == [
        "  类型：主公技（由其他角色发动）",
        "    kind: lord skill other players use",
        "  时机：其他群势力角色各自的出牌阶段，由该角色主动发动",
        "    when: the 出牌阶段 (play phase) of every other 群 player, each on their own turn, used at will",
        "  谁决定：其他群势力角色（每名该角色于其出牌阶段自行决定是否发动），不是你",
        "    who decides: every other 群 player, each in their own 出牌阶段, choose whether to do it; not you",
        "  效果：其（前文所指的角色）可以将1张【闪】或【闪电】交给你",
        "    effect: that player (named before) may give(s) 1 [闪] or [闪电] to you (the owner)",
    ]


def test_sgs_explain_huangtian() -> None:
    r = CliRunner().invoke(app, ["explain", "黄天", "--skills", str(ROOT / "skills" / "wind")])
    assert r.exit_code == 0, r.output
    assert "谁决定：其他群势力角色（每名该角色于其出牌阶段自行决定是否发动），不是你" in r.output
    assert "将1张【闪】或【闪电】交给你" in r.output
    assert "谁决定：你" not in r.output


def test_reading_keeps_no_verb_list() -> None:
    # reading.py words effects only through the table: no IR effect class is named there
    src = (ROOT / "compiler" / "reading.py").read_text(encoding="utf-8")
    named = [c.__name__ for c in typing.get_args(ir.Effect) if re.search(rf"ir\.{c.__name__}\b", src)]
    assert named == []


def test_the_owners_may_is_not_given_to_the_target() -> None:
    # 你可以令一名角色摸一张牌: the owner decides (who-decides line); the target does not choose
    from sgs.compiler.reading import build_skill_texts, explain_skill, find_skills

    pkgs, _, _ = build_skill_texts(["望月（wangyue）：出牌阶段，你可以令一名其他男性角色摸一张牌。每阶段限一次。"])
    ((_, skill),) = find_skills(pkgs, "望月")
    out = explain_skill(skill)
    assert "谁决定：你（技能拥有者）决定是否发动" in out
    assert "效果：你选择的一名其他男性角色摸1张牌" in out and "可以摸" not in out and "may draw" not in out


STATIC_CLASSES = typing.get_args(ir.StaticModifier)


@pytest.mark.parametrize("cls", STATIC_CLASSES, ids=lambda c: c.__name__)
def test_every_static_rule_is_worded_not_dumped(cls: type) -> None:
    # built by introspection, so a new static rule cannot be forgotten: it must get a
    # case in reading.static_effect, never the field dump (红颜 used to explain itself
    # as "SuitAs suit=黑桃, hand_only=False …")
    fill = {"cards": ir.CardClass("锦囊牌", _SPAN)} if cls is ir.NoDistanceLimit else None
    zh, en = static_effect(_make(cls, _SPAN, fill))
    assert cls.__name__ not in zh + en, (zh, en)
    assert re.search(r"[\u4e00-\u9fff]", zh)


def test_hongyan_and_guhuo_read_as_rules() -> None:
    runner = CliRunner()
    hongyan = runner.invoke(app, ["explain", "红颜"]).output
    assert "效果：你的黑桃牌均视为红桃牌" in hongyan
    assert "effect: your spade cards (hand, equipment, judgement) count as hearts" in hongyan
    assert "SuitAs" not in hongyan
    guhuo = runner.invoke(app, ["explain", "蛊惑"]).output
    assert "类型：扣置宣告技" in guhuo and "kind: declared\n" not in guhuo
    assert "效果：将1张手牌扣置，声明为任意一张基本牌或非延时类锦囊牌使用或打出；其他角色可以质疑此牌" in guhuo
