"""X与Y轮流<request>，首先未<request>的一方… (turn-taking): the register reads 轮流 as a
prefix over the verb (Y the partner) and 由X开始 as who starts; the binder joins it with
the clauses whose subject is 首先未…的一方 into one :class:`~sgs.compiler.ir.TakeTurns`
(一方 / 另一方 the two sides), run by the runtime's ``take_turns``.  决斗's effect is
written so; the near misses below stay refused, each with its code and span."""

from __future__ import annotations

import pytest

from sgs.compiler import ir
from sgs.compiler.language import ir as syn
from sgs.compiler.language.front import read
from sgs.compiler.verbs import VERBS
from sgs.runtime import api as A
from sgs.runtime.cards import CardName
from sgs.runtime.testing import SeatSpec, build_game
from sgs.runtime.timing import Phase
from tests.register_grammar.near import assert_stops_at

from .card_text import assert_card_refused, build_card

DUEL = "由目标角色开始，其与你轮流打出一张【杀】，首先未打出【杀】的一方受到另一方造成的1点伤害。"


def test_reading() -> None:
    got = read("x", DUEL)
    assert isinstance(got, syn.RegisterSkill), got
    (part,) = got.parts
    assert part.body is not None
    lead, hurt = part.body.items
    assert isinstance(lead, syn.If) and lead.cond is not None and lead.cond.kind == "from_lead"
    (turns,) = lead.then.items  # type: ignore[attr-defined]
    assert isinstance(turns, syn.Act) and turns.verb == "play" and turns.manner == ("轮流",)
    assert turns.actor is not None and turns.actor.text == "其" and turns.partner is not None and turns.partner.text == "你"
    (dmg,) = hurt.items  # type: ignore[attr-defined]
    assert isinstance(dmg, syn.Act) and dmg.verb == "take_damage"
    assert dmg.actor is not None and (dmg.actor.head, dmg.actor.modifiers) == ("一方", ("首先未打出【杀】的",))


def _card(line: str, decl: str = "锦囊 决斗 普通锦囊") -> object:
    return build_card(line, decl)


def _effects(result: object) -> tuple[ir.Effect, ...]:
    assert result.ok, result.diagnostics  # type: ignore[attr-defined]
    (pkg,) = result.packages  # type: ignore[attr-defined]
    (a,) = pkg.cards[0].skills[0].abilities
    assert isinstance(a, ir.CardEffectAbility)
    return a.effects  # type: ignore[no-any-return]


def test_bound() -> None:
    (e,) = _effects(_card("决斗：" + DUEL))
    assert isinstance(e, ir.TakeTurns)
    # 其 after 由目标角色开始 is the target, who starts
    assert (e.actor.who, e.partner.who) == (ir.Who.TARGET, ir.Who.YOU)
    assert isinstance(e.do, ir.AnswerCard) and e.do.card.name == "杀" and e.do.mode is ir.Mode.RESPOND
    (hurt,) = e.then
    assert isinstance(hurt, ir.Damage) and (hurt.source.who, hurt.target.who) == (ir.Who.OTHER_SIDE, ir.Who.SIDE)
    assert VERBS[e.verb].actions == ("take_turns",)


def test_the_partner_may_start() -> None:
    """由你开始: the partner starts (the order is the sentence's, not the subject's)."""
    (e,) = _effects(_card("决斗：由你开始，目标角色与你轮流打出一张【杀】，首先未打出【杀】的一方受到另一方造成的1点伤害。"))
    assert isinstance(e, ir.TakeTurns) and (e.actor.who, e.partner.who) == (ir.Who.YOU, ir.Who.TARGET)


def test_without_who_starts_the_subject_does() -> None:
    (e,) = _effects(_card("决斗：你与目标角色轮流使用一张【闪】，首先未使用【闪】的一方失去1点体力。"))
    assert isinstance(e, ir.TakeTurns) and (e.actor.who, e.partner.who) == (ir.Who.YOU, ir.Who.TARGET)
    assert e.do.mode is ir.Mode.USE and e.do.card.name == "闪"
    (lose,) = e.then
    assert isinstance(lose, ir.LoseHp) and lose.actor.who is ir.Who.SIDE


@pytest.mark.parametrize(
    "line, span_text, what",
    [
        # no clause for the side who fails: nothing would happen
        ("决斗：由目标角色开始，其与你轮流打出一张【杀】。", "与你轮流打出一张【杀】", "首先未打出"),
        # the side named without its negation: not the one who failed
        ("决斗：由目标角色开始，其与你轮流打出一张【杀】，首先打出【杀】的一方受到另一方造成的1点伤害。",
         "与你轮流打出一张【杀】", "首先未打出"),
        # the failing side named by another verb than the one taken in turns
        ("决斗：由目标角色开始，其与你轮流打出一张【杀】，首先未使用【杀】的一方受到另一方造成的1点伤害。",
         "与你轮流打出一张【杀】", "首先未打出"),
        # taking turns at something that is no request for a named card
        ("决斗：由目标角色开始，其与你轮流弃置一张牌，首先未弃置牌的一方受到另一方造成的1点伤害。",
         "与你轮流弃置一张牌", "只能是打出或使用"),
        # who starts is neither side
        ("决斗：由一名其他角色开始，目标角色与你轮流打出一张【杀】，首先未打出【杀】的一方受到另一方造成的1点伤害。",
         "一名其他角色", "不是轮流的任何一方"),
        # 另一方 outside a turn-taking: no two sides to speak of
        ("决斗：另一方摸一张牌。", "另一方", "另一方"),
    ],
)
def test_near_misses_refused(line: str, span_text: str, what: str) -> None:
    assert_card_refused(_card(line), line, span_text, what)


@pytest.mark.parametrize(
    "text, at",
    [
        # 轮流 needs its partner before it (与/和 + a player)
        ("其轮流打出一张【杀】。", "轮流"),
        # 对 is not the partner's particle
        ("其对你轮流打出一张【杀】。", "轮流"),
        # 由…开始 needs a player
        ("由开始，其与你轮流打出一张【杀】。", "开始"),
    ],
)
def test_grammar_near_misses(text: str, at: str) -> None:
    assert_stops_at(text, at)


def _duel_table(answers: tuple[list[str], list[str]], hands: tuple[list[str], list[str]]) -> object:
    return build_game(
        [SeatSpec("曹操", role="主公", hand=hands[0], answers=answers[0]),
         SeatSpec("关羽", role="反贼", hand=hands[1], answers=answers[1])],
        phase=Phase.PLAY,
    )


def test_runtime_turns_end_at_the_first_refusal() -> None:
    """take_turns: seat 2 starts, plays one 杀; seat 1 plays one; seat 2 has no more."""
    g = _duel_table((["杀♠7"], ["杀♠8"]), (["杀♠7"], ["杀♠8", "杀♠9"]))
    a, b = g.players  # type: ignore[attr-defined]
    # (seat 2 declines his second 杀: his script has no more answers)
    ctx = A.SkillContext(g, a, None, None)  # type: ignore[arg-type]
    assert A.take_turns(ctx, b, a, CardName.SLASH) == (b, a)
    assert [c.label for c in b.hand] == ["杀♠9"] and not a.hand
