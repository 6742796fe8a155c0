"""Card declarations (装备 …): the IR facts of skills/standard/equipment.sgs, the
checks against the deck table, the emitted EQUIPMENT (``load_pool().equipment``), and
what a game given it grants (no card migrated to the skill language keeps a hand-written
Python twin)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import bundled_skills_dir, build, build_texts, ir, load_equipment, load_generals, load_pool
from sgs.runtime.cards import CardName
import sgs.runtime.effects as effects
from sgs.runtime.testing import SeatSpec, build_game

from .helpers import front

EQUIPMENT_SGS = bundled_skills_dir() / "standard" / "equipment.sgs"


@pytest.fixture(scope="module")
def cards() -> dict[str, ir.CardDecl]:
    result = build([EQUIPMENT_SGS])
    assert result.ok, result.diagnostics
    (pkg,) = result.packages
    assert pkg.name == "标准" and pkg.generals == ()
    return {n.name: d for d in pkg.cards for n in d.names}


def test_declarations(cards: dict[str, ir.CardDecl]) -> None:
    assert (cards["诸葛连弩"].subtype, cards["诸葛连弩"].attack_range) == ("武器", 1)
    assert (cards["丈八蛇矛"].subtype, cards["丈八蛇矛"].attack_range) == ("武器", 3)
    assert (cards["仁王盾"].subtype, cards["仁王盾"].attack_range) == ("防具", None)
    plus = cards["绝影"]
    assert [n.name for n in plus.names] == ["绝影", "的卢", "爪黄飞电", "骅骝"] and plus.subtype == "+1马"
    assert [n.name for n in cards["赤兔"].names] == ["赤兔", "大宛", "紫骍"] and cards["赤兔"].subtype == "-1马"


def test_effect_facts(cards: dict[str, ir.CardDecl]) -> None:
    def only(name: str) -> ir.Skill:
        (s,) = cards[name].skills
        return s

    # pinyin: the card's GLOSSARY identifier when the line is named after the card
    assert [only(n).pinyin for n in ("诸葛连弩", "青釭剑", "雌雄双股剑", "丈八蛇矛", "仁王盾")] == [
        "crossbow", "qinggang_sword", "double_sword", "spear", "renwang_shield",
    ]
    crossbow = only("诸葛连弩")
    assert crossbow.compulsory
    (a,) = crossbow.abilities
    assert isinstance(a, ir.StaticAbility) and isinstance(a.modifier, ir.UnlimitedCard)
    assert (a.modifier.card.name, a.modifier.phase) == ("杀", "出牌阶段")

    (q,) = only("青釭剑").abilities
    assert isinstance(q, ir.TriggeredAbility) and q.timing.window == "指定目标后" and not q.optional
    (ignore,) = q.effects
    assert isinstance(ignore, ir.IgnoreArmor) and ignore.whose.who is ir.Who.IT

    (d,) = only("雌雄双股剑").abilities
    assert isinstance(d, ir.TriggeredAbility) and d.optional
    assert d.timing.whom is not None and d.timing.whom.opposite_sex
    (choice,) = d.effects
    assert isinstance(choice, ir.ChooseOne) and choice.actor.who is ir.Who.IT
    assert [o.label for o in choice.options] == ["弃置一张手牌", "令你摸一张牌"]
    discard, draw = (o.effects[0] for o in choice.options)
    assert isinstance(discard, ir.Discard) and discard.actor.who is ir.Who.IT and discard.cards.zone is ir.Zone.HAND
    assert isinstance(draw, ir.Draw) and draw.actor.who is ir.Who.YOU

    (v,) = only("丈八蛇矛").abilities
    assert isinstance(v, ir.ViewAsAbility) and v.mode is ir.Mode.BOTH
    (conv,) = v.conversions
    assert (conv.source.count.n, conv.source.zone, conv.target.name) == (2, ir.Zone.HAND, "杀")

    (r,) = only("仁王盾").abilities
    assert isinstance(r, ir.StaticAbility) and isinstance(r.modifier, ir.Invalid)
    assert (r.modifier.card.name, r.modifier.color) == ("杀", "黑色")

    # 你使用的【杀】被【闪】抵消后: the window 杀被闪抵消时 of your own 杀
    (axe,) = only("贯石斧").abilities
    assert isinstance(axe, ir.TriggeredAbility) and axe.optional and axe.cost == 1  # 弃置两张牌，则…: a cost
    assert (axe.timing.window, axe.timing.subject, axe.timing.card and axe.timing.card.name) == ("杀被闪抵消时", ir.Who.YOU, "杀")
    paid, hit = axe.effects
    assert isinstance(paid, ir.Discard) and (paid.cards.count.n, paid.cards.zone) == (2, ir.Zone.HAND_EQUIP)
    assert isinstance(hit, ir.ForceHit)
    (blade,) = only("青龙偃月刀").abilities
    assert isinstance(blade, ir.TriggeredAbility) and blade.optional and blade.cost == 0
    assert blade.timing.window == "杀被闪抵消时"
    (use,) = blade.effects
    assert isinstance(use, ir.UseCard) and (use.actor.who, use.card.name, use.target.who) == (ir.Who.YOU, "杀", ir.Who.TARGET)

    plus, minus = only("绝影"), only("赤兔")
    assert (plus.name, plus.pinyin, minus.name, minus.pinyin) == ("+1马", "defensive_horse", "-1马", "offensive_horse")
    (p,), (m,) = plus.abilities, minus.abilities
    assert isinstance(p, ir.StaticAbility) and isinstance(p.modifier, ir.DistanceModifier)
    assert isinstance(m, ir.StaticAbility) and isinstance(m.modifier, ir.DistanceModifier)
    assert (p.modifier.delta, p.modifier.incoming) == (1, True)
    assert (m.modifier.delta, m.modifier.incoming) == (-1, False)


def test_emitted_equipment_table() -> None:
    table = load_equipment([EQUIPMENT_SGS])
    assert set(table) == {
        CardName.CROSSBOW, CardName.QINGGANG_SWORD, CardName.DOUBLE_SWORD, CardName.SPEAR, CardName.RENWANG_SHIELD,
        CardName.HALBERD, CardName.ICE_SWORD, CardName.KYLIN_BOW, CardName.AXE, CardName.BLADE,
        CardName.EIGHT_DIAGRAM,
        CardName.JUEYING, CardName.DILU, CardName.ZHUAHUANGFEIDIAN, CardName.HUALIU,
        CardName.CHITU, CardName.DAYUAN, CardName.ZIXING,
    }
    # one class per effect: the four +1马 share theirs
    assert len({table[n] for n in (CardName.JUEYING, CardName.DILU, CardName.ZHUAHUANGFEIDIAN, CardName.HUALIU)}) == 1
    for classes in table.values():
        for cls in classes:
            assert cls.equipment and cls.source.startswith("skills/standard/equipment.sgs:")


def test_no_equipment_keeps_python() -> None:
    """Every equipment card's effect is text: the runtime has no hand-written remainder
    (runtime/effects/equipment.py and its HAND_WRITTEN are gone), a game grants exactly
    the compiled classes, and every equipment card of the decks has one."""
    compiled = load_pool(None).equipment
    assert compiled, "the bundled packages declare no cards"
    assert not hasattr(effects, "equipment") and not hasattr(effects, "HAND_WRITTEN")
    # the classes the game grants come from the emitted module, not from runtime/effects
    merged = build_game([SeatSpec("吕布", role="主公"), SeatSpec("吕布")], equipment=compiled).card_skills
    assert merged == dict(compiled)
    for name in compiled:
        for cls in merged[name]:
            assert not cls.__module__.startswith("sgs.runtime"), (name, cls)
    assert build_game([SeatSpec("吕布", role="主公"), SeatSpec("吕布")]).card_skills == {}


@pytest.mark.parametrize(
    "decl, message",
    [
        ("装备 诸葛连弩 武器 攻击范围2", "攻击范围是1"),
        ("装备 仁王盾 武器", "是防具"),
        ("装备 赤兔 +1马", "是-1马"),
        ("装备 八卦阵 防具 攻击范围2", "只有武器有攻击范围"),
    ],
)
def test_declaration_checked_against_the_deck(decl: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "cards.sgs"
    path.write_text(f"扩展包 测试\n{decl}\n测试效果（ceshi）：锁定技，出牌阶段，你可以使用任意数量的【杀】。\n", encoding="utf-8")
    result = build([path])
    assert not result.ok
    assert any(message in d.message for d in result.diagnostics), result.diagnostics


def test_card_lines_parse_beside_generals() -> None:
    pkg, diags = front(
        "扩展包 测试\n武将 测试 魏 4体力 男\n咆哮：出牌阶段，你可以使用任意数量的【杀】。\n"
        "装备 【的卢】 +1马\n+1马（defensive_horse）：锁定技，其他角色计算与你的距离时，始终+1。\n"
    )
    assert pkg is not None, diags
    assert [g.name for g in pkg.generals] == ["测试"] and [c.names[0].name for c in pkg.cards] == ["的卢"]


def test_load_pool_gives_both_halves(tmp_path: Path) -> None:
    pool = load_pool(None, cache_dir=tmp_path)
    assert pool.generals == load_generals(None, cache_dir=tmp_path)
    assert dict(pool.equipment) == load_equipment(None, cache_dir=tmp_path)
    # loaded once per process: the same classes again
    again = load_pool(None, cache_dir=tmp_path)
    assert again.equipment[CardName.CROSSBOW] is pool.equipment[CardName.CROSSBOW]
    with pytest.raises(TypeError):
        pool.equipment[CardName.CROSSBOW] = ()  # type: ignore[index]


def test_cli_skills_keep_the_bundled_cards_under_their_own(tmp_path: Path) -> None:
    """``sgs play/scenario --skills mine/``: mine's generals, the standard deck's
    equipment effects of the bundled declarations unless mine declares the card."""
    from sgs.compiler.cli import _load_pool

    bundled = load_pool(None)
    assert _load_pool(None) == bundled
    src = tmp_path / "mine.sgs"
    src.write_text("扩展包 测试\n\n装备 诸葛连弩 武器 攻击范围1\n诸葛连弩：锁定技，出牌阶段，你可以使用任意数量的【杀】。\n", encoding="utf-8")
    mine = _load_pool([src])
    assert mine.generals == ()
    assert set(mine.equipment) == set(bundled.equipment)
    assert mine.equipment[CardName.CROSSBOW] == load_pool([src]).equipment[CardName.CROSSBOW]
    assert mine.equipment[CardName.CROSSBOW] != bundled.equipment[CardName.CROSSBOW]
    assert mine.equipment[CardName.CHITU] == bundled.equipment[CardName.CHITU]


def test_maneuvering_equipment_compiled() -> None:
    """skills/maneuvering/equipment.sgs: 朱雀羽扇 converts a 普通【杀】 (no nature) only."""
    from sgs.runtime.cards import Card, CardSubtype, CardType, Nature, Suit
    table = load_equipment([bundled_skills_dir() / "maneuvering" / "equipment.sgs"])
    assert set(table) == {CardName.FAN, CardName.GUDING_BLADE, CardName.VINE, CardName.SILVER_LION}
    (fan,) = table[CardName.FAN]
    assert fan.card_names == (CardName.FIRE_SLASH,) and fan.source.startswith("skills/maneuvering/equipment.sgs:")

    def slash(name: CardName, nature: Nature) -> Card:
        return Card(999, name, Suit.SPADE, 7, CardType.BASIC, CardSubtype.NONE, "军争", 0, nature)

    ok = fan.card_filter(None, None, slash(CardName.SLASH, Nature.NORMAL), CardName.FIRE_SLASH)  # type: ignore[arg-type]
    fire = fan.card_filter(None, None, slash(CardName.FIRE_SLASH, Nature.FIRE), CardName.FIRE_SLASH)
    thunder = fan.card_filter(None, None, slash(CardName.THUNDER_SLASH, Nature.THUNDER), CardName.FIRE_SLASH)
    assert (ok, fire, thunder) == (True, False, False)


def test_silver_lion_compiled() -> None:
    """白银狮子: 若伤害值大于1，防止多余的伤害 at 受到伤害时, and its own window
    失去装备区里的此牌后 (the hand-written class is gone)."""
    from sgs.runtime.timing import Timing

    table = load_equipment([bundled_skills_dir() / "maneuvering" / "equipment.sgs"])
    (lion,) = table[CardName.SILVER_LION]
    assert lion.timings == (Timing.DAMAGE_INFLICTING, Timing.EQUIP_SELF_LOST) and lion.compulsory


_GENERAL = "扩展包 测试\n武将 测试 魏 4体力 男\n"


def test_excess_damage_verb_is_not_the_cards_own() -> None:
    """防止多余的伤害 and 伤害值 compile in any 受到伤害时 (a general's skill too)."""
    text = _GENERAL + "坚盾（jiandun）：锁定技，每当你受到一次伤害时，若伤害值大于1，防止多余的伤害。\n"
    result = build_texts({"t.sgs": text})
    assert result.ok, result.diagnostics


@pytest.mark.parametrize(
    "text, message",
    [
        # the window is a card's own: a general cannot hear another's armor leave
        (_GENERAL + "狮心（shixin）：锁定技，当你失去装备区里的【白银狮子】后，你回复1点体力。\n", "自己的技能"),
        # X is this very card
        ("扩展包 测试\n装备 藤甲 防具\n藤甲：锁定技，当你失去装备区里的【白银狮子】后，你回复1点体力。\n", "自己的技能"),
        # 多余的伤害 is the damage the owner takes
        (_GENERAL + "克制（kezhi）：锁定技，每当你使用【杀】对目标角色造成伤害时，若伤害值大于1，防止多余的伤害。\n", "受到伤害时"),
    ],
)
def test_self_lost_window_and_excess_refused(text: str, message: str) -> None:
    result = build_texts({"t.sgs": text})
    assert not result.ok
    assert any(message in d.message for d in result.diagnostics), result.diagnostics
