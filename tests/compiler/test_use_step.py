"""A card's own step: a sentence of a card's effect that names no 目标角色, beside one that
does, happens once for the use before its targets (``CardEffectAbility.once``; the
compiled class's ``before``), a subjectless act there the card's (``Who.NOBODY``).
五谷丰登's effect is written so: 亮出牌堆顶等同于目标数的牌 (the use's targets, a count only
a card's effect has) and 目标角色获得亮出的一张牌 (his pick among those left).  The near
misses below stay refused, each with its code and span."""

from __future__ import annotations

import pytest

from sgs.compiler import build_texts, ir

from .card_text import assert_card_refused, build_card

LINE = "五谷丰登：亮出牌堆顶等同于目标数的牌。目标角色获得亮出的一张牌。"


def _card(line: str, decl: str = "锦囊 五谷丰登 普通锦囊") -> object:
    return build_card(line, decl)


def test_bound() -> None:
    result = _card(LINE)
    assert result.ok, result.diagnostics  # type: ignore[attr-defined]
    (pkg,) = result.packages  # type: ignore[attr-defined]
    step, each = pkg.cards[0].skills[0].abilities
    assert isinstance(step, ir.CardEffectAbility) and step.once
    (reveal,) = step.effects
    assert isinstance(reveal, ir.RevealTop) and reveal.actor.who is ir.Who.NOBODY
    assert reveal.count.kind is ir.CountKind.EXACT and reveal.count.x is ir.Quantity.TARGET_COUNT
    assert isinstance(each, ir.CardEffectAbility) and not each.once
    (take,) = each.effects
    assert isinstance(take, ir.Obtain) and take.actor.who is ir.Who.TARGET
    assert isinstance(take.what, ir.RevealedCards) and take.what.one


def test_emitted() -> None:
    """The step is ``before`` (its cards kept on the use); a target is skipped before
    无懈可击 once none is left."""
    from sgs.compiler import load_pool
    from sgs.runtime.cards import CardName

    cls = load_pool(None).card_effects[CardName.AMAZING_GRACE]
    assert {"before", "can_affect", "effect"} <= set(vars(cls)) and not cls.by_user


def test_a_sentence_alone_is_the_effect() -> None:
    """With no sentence naming 目标角色 beside it, a sentence is the effect on each target,
    as before (无中生有：你摸两张牌。 is no step of the use)."""
    result = _card("无中生有：你摸两张牌。", "锦囊 无中生有 普通锦囊")
    assert result.ok, result.diagnostics  # type: ignore[attr-defined]
    (pkg,) = result.packages  # type: ignore[attr-defined]
    (a,) = pkg.cards[0].skills[0].abilities
    assert isinstance(a, ir.CardEffectAbility) and not a.once


@pytest.mark.parametrize(
    "line, span_text, what",
    [
        # nothing was revealed before: no cards to take from
        ("五谷丰登：目标角色获得亮出的一张牌。", "亮出的一张牌", "没有先亮出"),
        # the step taking from what it reveals itself: there is no target to take
        ("五谷丰登：亮出牌堆顶等同于目标数的牌，获得亮出的一张牌。目标角色摸一张牌。", "亮出的一张牌", "没有先亮出"),
        # a subjectless reveal with no per-target sentence: who reveals?
        ("五谷丰登：亮出牌堆顶等同于目标数的牌。", "亮出牌堆顶等同于目标数的牌", "不知道由谁做"),
        # the use's target count for a target's own draw: no such count there
        ("五谷丰登：目标角色摸等同于目标数的牌。", "等同于目标数的牌", "目标数"),
    ],
)
def test_near_misses_refused(line: str, span_text: str, what: str) -> None:
    assert_card_refused(_card(line), line, span_text, what)


def test_a_general_has_no_target_count() -> None:
    src = "扩展包 测试\n武将 测试 魏 4体力 男\n丰登：出牌阶段，你可以亮出牌堆顶等同于目标数的牌。\n"
    result = build_texts({"t.sgs": src})
    assert not result.ok
    (d,) = result.refused
    assert d.code == "E0503" and "目标数" in d.message, d.message


@pytest.mark.parametrize(
    "decl, line, span_text, what",
    [
        # a delayed trick resolves in its target's judge phase, in no use: no step of its own
        ("锦囊 乐不思蜀 延时锦囊", "乐不思蜀：亮出牌堆顶的一张牌。目标角色跳过出牌阶段。",
         "亮出牌堆顶的一张牌。", "没有此牌自己的一步"),  # (the span: the whole sentence)
        # only a verb no player does (the verb table's no_one) is written without a doer in a
        # step: 摸牌 needs one, in an ordinary trick and in a delayed one alike
        ("锦囊 五谷丰登 普通锦囊", "五谷丰登：摸一张牌。目标角色摸一张牌。", "摸一张牌", "不知道由谁做"),
    ],
)
def test_step_near_misses_with_the_delayed_tricks(decl: str, line: str, span_text: str, what: str) -> None:
    assert_card_refused(_card(line, decl), line, span_text, what)


def test_the_rules_move_a_delayed_trick() -> None:
    """将此牌移动至下家的判定区 written with no doer at all is the rules' (Who.NOBODY, a
    no_one verb of the verb table): the check that refuses other subjectless acts lets it
    through."""
    result = _card("闪电：将此牌移动至下家的判定区里。", "锦囊 闪电 延时锦囊")
    assert result.ok, result.diagnostics  # type: ignore[attr-defined]
    (pkg,) = result.packages  # type: ignore[attr-defined]
    (a,) = pkg.cards[0].skills[0].abilities
    (move,) = a.effects
    assert isinstance(move, ir.PassDelayed) and move.actor.who is ir.Who.NOBODY
