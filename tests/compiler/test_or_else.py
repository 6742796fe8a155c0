"""X需A，否则B (do-or-else): the register reads B as what follows X's refusal of A — an
:class:`~sgs.compiler.language.ir.OrElse`, bound to a :class:`~sgs.compiler.ir.DoOrElse`
whose A is a request the runtime knows was refused (the verb table's ``decides``).  The
card effects of 南蛮入侵 and 万箭齐发 are written so; the near misses below stay refused,
each with its code and span."""

from __future__ import annotations

import pytest

from sgs.compiler import build_texts, ir
from sgs.compiler.language import ir as syn
from sgs.compiler.language.front import read
from sgs.compiler.verbs import VERBS

from .card_text import assert_card_refused, build_card


def _body(text: str) -> tuple[syn.Node, ...]:
    got = read("x", text)
    assert isinstance(got, syn.RegisterSkill), got
    (part,) = got.parts
    assert part.body is not None
    return part.body.items


@pytest.mark.parametrize("modal", ["需", "须", "必须"])
def test_required_act_then_otherwise_is_one_branch(modal: str) -> None:
    text = f"目标角色{modal}打出一张【杀】，否则你对其造成1点伤害。"
    (node,) = _body(text)
    assert isinstance(node, syn.OrElse)
    assert text[node.do.start:node.do.end] == f"目标角色{modal}打出一张【杀】"
    assert text[node.otherwise.start:node.otherwise.end] == "你对其造成1点伤害"


def test_without_a_modal_otherwise_is_not_a_branch() -> None:
    """打出一张【杀】，否则…: nothing was required, so 否则 has nothing to answer — two
    clauses, as before (and the binder refuses the bare 打出, below)."""
    items = _body("目标角色打出一张【杀】，否则你对其造成1点伤害。")
    assert not any(isinstance(n, syn.OrElse) for n in items) and len(items) == 2


def test_a_condition_keeps_its_otherwise() -> None:
    """若…，A，否则B is still the condition's else, not a refusal."""
    (node,) = _body("若你没有手牌，你摸两张牌，否则你摸一张牌。")
    assert isinstance(node, syn.If) and node.else_ is not None


def _card(line: str, decl: str = "锦囊 南蛮入侵 普通锦囊") -> object:
    return build_card(line, decl)


def test_bound_and_compiled() -> None:
    result = _card("南蛮入侵：目标角色需打出一张【杀】，否则你对其造成1点伤害。")
    assert result.ok, result.diagnostics  # type: ignore[attr-defined]
    (pkg,) = result.packages  # type: ignore[attr-defined]
    (decl,) = pkg.cards
    (a,) = decl.skills[0].abilities
    assert isinstance(a, ir.CardEffectAbility)
    (e,) = a.effects
    assert isinstance(e, ir.DoOrElse) and e.actor.who is ir.Who.TARGET
    (ask,) = e.do
    assert isinstance(ask, ir.AnswerCard) and ask.card.name == "杀" and ask.mode is ir.Mode.RESPOND
    (hurt,) = e.otherwise
    assert isinstance(hurt, ir.Damage) and hurt.source.who is ir.Who.YOU and hurt.target.who is ir.Who.IT
    assert VERBS[ask.verb].decides and VERBS[e.verb].actions == ()


def test_use_mode() -> None:
    result = _card("万箭齐发：目标角色需使用一张【闪】，否则你对其造成1点伤害。", "锦囊 万箭齐发 普通锦囊")
    (pkg,) = result.packages  # type: ignore[attr-defined]
    (e,) = pkg.cards[0].skills[0].abilities[0].effects
    assert isinstance(e.do[0], ir.AnswerCard) and e.do[0].mode is ir.Mode.USE and e.do[0].card.name == "闪"


@pytest.mark.parametrize(
    "line, span_text, what",
    [
        # a card that is not named: no request the runtime can put
        ("南蛮入侵：目标角色需打出一张牌，否则你对其造成1点伤害。", "打出一张牌", "打出一张牌"),
        # a required act whose refusal the runtime cannot tell (弃置 does not decide)
        ("南蛮入侵：目标角色需弃置一张手牌，否则你对其造成1点伤害。", "目标角色需弃置一张手牌，否则你对其造成1点伤害",
         "是否被拒绝"),
        # no 需: 打出 on its own is no effect the card can have
        ("南蛮入侵：目标角色打出一张【杀】，否则你对其造成1点伤害。", "打出一张【杀】", "打出一张【杀】"),
        # an unknown card word inside the request
        ("南蛮入侵：目标角色需打出一张【杀杀】，否则你对其造成1点伤害。", "【杀杀】", "杀杀"),
    ],
)
def test_near_misses_refused(line: str, span_text: str, what: str) -> None:
    assert_card_refused(_card(line), line, span_text, what, codes=("E0503", "E0301", "E0302"))


def test_missing_otherwise_clause_is_a_syntax_error() -> None:
    result = _card("南蛮入侵：目标角色需打出一张【杀】，否则。")
    assert not result.ok  # type: ignore[attr-defined]
    assert [d.code for d in result.diagnostics][:1] in (["E0101"], ["E0103"]), result.diagnostics  # type: ignore[attr-defined]


def test_a_general_may_not_ask_for_a_card_yet() -> None:
    """Outside a card's effect the request has no card use to answer: W0701/E0503."""
    src = "扩展包 测试\n武将 测试 魏 4体力 男\n威逼：每当你受到一次伤害后，伤害来源需打出一张【杀】，否则你对其造成1点伤害。\n"
    result = build_texts({"t.sgs": src})
    assert not result.ok
    (d,) = result.refused
    assert d.code == "E0503" and "牌的效果" in d.message, d.message
