"""Every standard skill lowers to an IR whose key facts match the skill's meaning."""

from __future__ import annotations

from typing import Any

import pytest

from sgs.compiler import build, ir

from .helpers import skill_line


def _effects(a: ir.Ability) -> tuple[ir.Effect, ...]:
    return a.effects if isinstance(a, (ir.TriggeredAbility, ir.ActiveAbility)) else ()


def facts(s: ir.Skill) -> dict[str, Any]:
    """The facts the table below asserts, read off the IR."""
    a = s.abilities[0]
    out: dict[str, Any] = {
        "kinds": tuple(x.kind for x in s.abilities),
        "tags": tuple(t.value for t in s.tags),
        "limit": (a.limit.per, a.limit.count) if a.limit else None,
    }
    if isinstance(a, ir.TriggeredAbility):
        out.update(window=a.timing.window, optional=a.optional, per_point=a.timing.per_point, subject=a.timing.subject.value)
    if isinstance(a, ir.ActiveAbility):
        out.update(optional=a.optional)
    if isinstance(a, ir.ViewAsAbility):
        out.update(
            mode=a.mode.value,
            convert=tuple(
                (c.source.zone.value if c.source.zone else None, c.source.color, c.source.name.name if c.source.name else None, c.target.name)
                for c in a.conversions
            ),
            condition=a.condition,
        )
    if isinstance(a, ir.ProxyAbility):
        out.update(card=a.card.name, mode=a.mode.value, kingdom=a.helpers.kingdom, helper_mode=a.helper_mode.value)
    if isinstance(a, ir.StaticAbility):
        out.update(modifier=type(a.modifier).__name__)
    out["verbs"] = tuple(e.verb for x in s.abilities for e in ir.walk_effects(_effects(x)))
    return out


def _skills() -> dict[str, ir.Skill]:
    r = build()
    assert r.ok, r.diagnostics
    return {s.name: s for p in r.packages for g in p.generals for s in g.skills}


SKILLS = _skills()

TABLE: dict[str, dict[str, Any]] = {
    "奸雄": dict(kinds=("triggered",), window="受到伤害后", optional=True, per_point=False, verbs=("获得",)),
    "护驾": dict(kinds=("proxy",), tags=("主公技",), card="闪", mode="使用或打出", kingdom="魏", helper_mode="打出"),
    "反馈": dict(window="受到伤害后", optional=True, per_point=False, verbs=("获得",)),
    "鬼才": dict(window="判定牌生效前", subject="一名角色", optional=True, per_point=None, verbs=("改判",)),
    "刚烈": dict(window="受到伤害后", optional=True, per_point=False,
                 verbs=("判定", "判定", "选择一项", "弃置", "造成伤害")),
    "倾国": dict(kinds=("view-as",), mode="使用或打出", convert=(("手牌", "黑色", None, "闪"),), condition=None),
    "洛神": dict(window="回合开始阶段开始时", optional=True, verbs=("判定", "判定", "获得", "判定")),
    "仁德": dict(kinds=("active",), optional=True, limit=None, verbs=("交给", "达到张数", "回复体力")),
    "激将": dict(kinds=("proxy",), tags=("主公技",), card="杀", mode="使用或打出", kingdom="蜀"),
    "武圣": dict(mode="使用或打出", convert=(("牌", "红色", None, "杀"),)),
    "咆哮": dict(kinds=("static",), modifier="UnlimitedCard"),
    "龙胆": dict(mode="使用或打出", convert=((None, None, "杀", "闪"), (None, None, "闪", "杀"))),
    "马术": dict(kinds=("static",), tags=("锁定技",), modifier="DistanceModifier"),
    "铁骑": dict(window="指定目标后", optional=True, verbs=("判定", "判定", "不可被响应")),
    "制衡": dict(kinds=("active",), limit=("阶段", 1), verbs=("弃置", "摸牌")),
    "救援": dict(kinds=("triggered",), tags=("锁定技", "主公技"), window="回复体力时", optional=False,
                 verbs=("额外回复体力",)),
    "苦肉": dict(kinds=("active",), limit=None, verbs=("失去体力", "摸牌")),
    "急救": dict(mode="使用", convert=(("牌", "红色", None, "桃"),), condition="回合外"),
    "青囊": dict(kinds=("active",), limit=("阶段", 1), verbs=("弃置", "回复体力")),
    "无双": dict(kinds=("triggered", "static"), tags=("锁定技",), window="指定目标后", optional=False,
                 verbs=("需连续响应",)),
}


def test_all_twenty_skills_are_present() -> None:
    assert set(TABLE) <= set(SKILLS)
    assert len(TABLE) == 20


@pytest.mark.parametrize("name", sorted(TABLE))
def test_skill_facts(name: str) -> None:
    got = facts(SKILLS[name])
    for key, want in TABLE[name].items():
        assert got[key] == want, (name, key, got)


def test_specific_details() -> None:
    zhiheng = SKILLS["制衡"].abilities[0]
    assert isinstance(zhiheng, ir.ActiveAbility)
    d, dr = zhiheng.effects
    assert isinstance(d, ir.Discard) and d.cards.count.kind is ir.CountKind.ANY and d.cards.zone is ir.Zone.HAND_EQUIP
    assert isinstance(dr, ir.Draw) and dr.cards.count.kind is ir.CountKind.SAME
    qingnang = SKILLS["青囊"].abilities[0]
    assert isinstance(qingnang, ir.ActiveAbility)
    rec = qingnang.effects[1]
    assert isinstance(rec, ir.Recover) and rec.actor.who is ir.Who.ONE and rec.actor.wounded and not rec.actor.other
    rende = SKILLS["仁德"].abilities[0]
    assert isinstance(rende, ir.ActiveAbility)
    give, th = rende.effects
    assert isinstance(give, ir.Give) and give.cards.zone is ir.Zone.HAND and give.to.other
    assert isinstance(th, ir.Threshold) and th.count == 2 and th.first_time
    mashu = SKILLS["马术"].abilities[0]
    assert isinstance(mashu, ir.StaticAbility) and isinstance(mashu.modifier, ir.DistanceModifier)
    assert mashu.modifier.delta == -1
    ganglie = SKILLS["刚烈"].abilities[0]
    assert isinstance(ganglie, ir.TriggeredAbility)
    branch = ganglie.effects[0]
    assert isinstance(branch, ir.JudgeBranch) and branch.test.negate and branch.test.pattern == "红桃"
    choose = branch.then[0]
    assert isinstance(choose, ir.ChooseOne) and choose.actor.who is ir.Who.SOURCE
    dmg = choose.options[1].effects[0]
    assert isinstance(dmg, ir.Damage) and dmg.source.who is ir.Who.YOU and dmg.target.who is ir.Who.SOURCE
    assert choose.options[0].effects[0].actor.who is ir.Who.SOURCE


# ---- the register's distinctions survive into the IR

def _one(line: str) -> ir.Skill:
    s, diags = skill_line(line)
    assert s is not None, diags
    return s


def test_per_event_vs_per_point() -> None:
    a = _one("甲：每当你受到一次伤害后，你可以摸两张牌。").abilities[0]
    b = _one("甲：每当你受到1点伤害后，你可以摸两张牌。").abilities[0]
    assert isinstance(a, ir.TriggeredAbility) and isinstance(b, ir.TriggeredAbility)
    assert a.timing.per_point is False and b.timing.per_point is True


def test_use_vs_respond_vs_both() -> None:
    modes = [
        _one(f"甲：你可以将一张黑色手牌当【闪】{m}。").abilities[0]
        for m in ("使用", "打出", "使用或打出")
    ]
    assert [m.mode for m in modes if isinstance(m, ir.ViewAsAbility)] == [ir.Mode.USE, ir.Mode.RESPOND, ir.Mode.BOTH]


def test_optional_vs_mandatory() -> None:
    a = _one("甲：每当你受到一次伤害后，你可以摸两张牌。").abilities[0]
    b = _one("甲：每当你受到一次伤害后，你摸两张牌。").abilities[0]
    assert isinstance(a, ir.TriggeredAbility) and isinstance(b, ir.TriggeredAbility)
    assert a.optional and not b.optional


def test_hand_vs_all_cards() -> None:
    a = _one("甲：你可以将一张红色手牌当【杀】使用。").abilities[0]
    b = _one("甲：你可以将一张红色牌当【杀】使用。").abilities[0]
    assert isinstance(a, ir.ViewAsAbility) and isinstance(b, ir.ViewAsAbility)
    assert a.conversions[0].source.zone is ir.Zone.HAND and b.conversions[0].source.zone is ir.Zone.HAND_EQUIP


def test_other_vs_any_player() -> None:
    a = _one("甲：出牌阶段，你可以弃置一张手牌，令一名其他角色回复1点体力。").abilities[0]
    b = _one("甲：出牌阶段，你可以弃置一张手牌，令一名角色回复1点体力。").abilities[0]
    assert isinstance(a, ir.ActiveAbility) and isinstance(b, ir.ActiveAbility)
    assert a.effects[1].actor.other and not b.effects[1].actor.other


def test_limit_per_phase() -> None:
    a = _one("甲：出牌阶段，你可以失去1点体力，然后摸两张牌。每阶段限一次。").abilities[0]
    b = _one("甲：出牌阶段，你可以失去1点体力，然后摸两张牌。").abilities[0]
    assert a.limit is not None and (a.limit.count, a.limit.per) == (1, "阶段")
    assert b.limit is None


def test_seed_004_variants_keep_their_meaning() -> None:
    luoshen = _one(
        "洛神：回合开始阶段开始时，你可以进行一次判定，若结果为黑色，你可以再次进行判定，"
        "直到出现红色的判定结果为止。然后你获得所有黑色的判定牌。"
    ).abilities[0]
    assert isinstance(luoshen, ir.TriggeredAbility)
    assert isinstance(luoshen.effects[-1], ir.Obtain) and isinstance(luoshen.effects[-1].what, ir.AllJudgeCards)
    zhiheng = _one("制衡：出牌阶段，你可以弃置至多X张牌（X为你的体力上限），然后摸等量的牌。每阶段限一次。").abilities[0]
    assert isinstance(zhiheng, ir.ActiveAbility) and zhiheng.xdef is ir.Quantity.MAX_HP
    rende, diags = skill_line("仁德：出牌阶段，你可以将任意数量的手牌交给其他角色，若此阶段你给出的牌张数达到三张或更多时，你回复1点体力。")
    assert rende is not None and [d.code for d in diags] == ["W0209"]
    th = rende.abilities[0].effects[1]  # type: ignore[union-attr]
    assert isinstance(th, ir.Threshold) and th.count == 3 and th.ambiguous


def test_every_node_has_a_span() -> None:
    s = SKILLS["刚烈"]
    a = s.abilities[0]
    assert isinstance(a, ir.TriggeredAbility)
    for e in ir.walk_effects(a.effects):
        assert e.span.file == "skills/standard/wei.sgs" and e.span.line == s.span.line
