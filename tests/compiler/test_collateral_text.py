"""借刀杀人 as text: 目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你.

Three constructions: the player the user designated at the use (你指定的另一名角色:
:attr:`~sgs.compiler.ir.Who.DESIGNATED`, only in the effect of a card whose use designates
one — the runtime's ``effects.DESIGNATES`` — and only as the target of the 【杀】 asked of
the target); 需对X使用一张【杀】，否则… (a :class:`~sgs.compiler.ir.DoOrElse` whose request is
a :class:`~sgs.compiler.ir.UseCard`: the runtime's use_card_on, None when refused or
impossible); 其将装备区里的<某类>牌交给你 (the giver's equipment of a kind, in sight:
give_equipped).  The near misses below stay refused, each with its code and span."""

from __future__ import annotations

import pytest

from sgs.compiler import ir
from sgs.compiler.verbs import VERBS
from sgs.runtime.effects import DESIGNATES
from sgs.runtime.cards import CardName

from .card_text import assert_card_refused, build_card

DECL = "锦囊 借刀杀人 普通锦囊"
TEXT = "借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你。"


def _effect(line: str) -> ir.Effect:
    result = build_card(line, DECL)
    assert result.ok, result.diagnostics
    (pkg,) = result.packages
    (a,) = pkg.cards[0].skills[0].abilities
    assert isinstance(a, ir.CardEffectAbility)
    (e,) = a.effects
    return e


@pytest.mark.parametrize("victim", ["你指定的另一名角色", "由你指定的另一名角色", "你指定的一名角色"])
def test_bound(victim: str) -> None:
    e = _effect(TEXT.replace("你指定的另一名角色", victim))
    assert isinstance(e, ir.DoOrElse) and e.actor.who is ir.Who.TARGET
    (use,) = e.do
    assert isinstance(use, ir.UseCard) and use.actor.who is ir.Who.TARGET and use.card.name == "杀"
    assert use.target.who is ir.Who.DESIGNATED
    assert VERBS[use.verb].decides and "use_card_on" in VERBS[use.verb].actions
    (give,) = e.otherwise
    assert isinstance(give, ir.Give) and give.actor.who is ir.Who.IT and give.to.who is ir.Who.YOU
    assert (give.cards.zone, give.cards.card_type, give.cards.count.kind) == (ir.Zone.EQUIP, "武器牌", ir.CountKind.IMPLICIT)


def test_the_runtime_says_which_use_designates() -> None:
    assert DESIGNATES == {CardName.COLLATERAL: CardName.SLASH}


def test_emitted() -> None:
    """The request and the use in one; the weapon handed over with no choice."""
    result = build_card(TEXT, DECL)
    assert result.ok, result.diagnostics
    (src,) = result.modules.values()
    assert "if use_card_on(ctx, target, (CardName.SLASH,), ctx.use.sub_target) is None:" in src
    assert "give_equipped(ctx, target, ctx.owner, lambda c: c.subtype is CardSubtype.WEAPON)" in src


@pytest.mark.parametrize(
    "decl, line, span_text, what",
    [
        # a card whose use designates no one beside its targets
        ("锦囊 决斗 普通锦囊", "决斗：目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你。",
         "你指定的另一名角色", "不指定目标以外的角色"),
        # the designated player as anything but the target of the 杀 asked of the target
        (DECL, "借刀杀人：目标角色需打出一张【杀】，否则你对你指定的另一名角色造成1点伤害。",
         "你指定的另一名角色", "只用于"),
        (DECL, "借刀杀人：目标角色需对你指定的另一名角色使用一张【闪】，否则其将装备区里的武器牌交给你。",
         "你指定的另一名角色", "只用于"),
        (DECL, "借刀杀人：你需对你指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你。",
         "你指定的另一名角色", "只用于"),
        # designated by someone the use does not ask, or narrowed beyond what the use asks
        (DECL, "借刀杀人：目标角色需对其指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你。",
         "其指定的另一名角色", "其指定的"),
        (DECL, "借刀杀人：目标角色需对你指定的另一名其他角色使用一张【杀】，否则其将装备区里的武器牌交给你。",
         "你指定的另一名其他角色", "你指定的"),
        # the use without 需: nothing asked, nothing refused
        (DECL, "借刀杀人：目标角色对你指定的另一名角色使用一张【杀】。",
         "对你指定的另一名角色使用一张【杀】", "对其使用一张牌"),
        # what is handed over: the equipment area's cards of a kind, to another player
        (DECL, "借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则其将手牌区里的武器牌交给你。",
         "手牌区里的武器牌", "手牌区里的武器牌"),
        (DECL, "借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的一张武器牌交给你。",
         "将装备区里的一张武器牌交给你", "交给"),
        (DECL, "借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的牌交给你。",
         "将装备区里的牌交给你", "交给"),
        (DECL, "借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给其。",
         "将装备区里的武器牌交给其", "交给"),
        # taking a kind of card from another player: obtain_from cannot narrow its pick (it
        # took any equipment card, the kind silently dropped)
        (DECL, "借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则你获得其装备区里的武器牌。",
         "装备区里的武器牌", "武器牌"),
        # an unknown card word (武器 is no card phrase's head)
        (DECL, "借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的武器交给你。",
         "装备区里的武器", "装备区里的武器"),
    ],
)
def test_near_misses_refused(decl: str, line: str, span_text: str, what: str) -> None:
    assert_card_refused(build_card(line, decl), line, span_text, what)


@pytest.mark.parametrize(
    "line, code, span_text, what",
    [
        # a wrong particle before the designated player
        ("借刀杀人：目标角色需向你指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你。", "E0103", "向", "向"),
        # an unknown verb in the relative clause
        ("借刀杀人：目标角色需对你指点的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你。", "E0103", "指点", "指点"),
        # a missing clause after 否则, and a missing comma before it
        ("借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】，否则。", "E0101", "。", "否则"),
        ("借刀杀人：目标角色需对你指定的另一名角色使用一张【杀】否则其将装备区里的武器牌交给你。", "E0101", "否则", "否则"),
    ],
)
def test_syntax_near_misses(line: str, code: str, span_text: str, what: str) -> None:
    assert_card_refused(build_card(line, DECL), line, span_text, what, codes=(code,))


def test_a_general_may_not_name_a_designated_player() -> None:
    """Outside a card's effect nobody designated anyone at a use: 你指定的 is unbound (W0701)."""
    from sgs.compiler import build_texts

    src = ("扩展包 测试\n武将 测试 魏 4体力 男\n"
           "借刀：出牌阶段限一次，你可以令一名其他角色对你指定的另一名角色使用一张【杀】。\n")
    result = build_texts({"t.sgs": src})
    assert not result.ok
    (d,) = result.refused
    assert d.code == "E0503" and "角色描述“你指定的”" in d.message and (d.span.col, d.span.end_col) == (23, 32), d
