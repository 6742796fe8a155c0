"""The static form for extra targets (额外选择/指定…目标), by category: every text of that
shape binds to one typed rule (:class:`~sgs.compiler.ir.ExtraTargets`), with the card used,
the count (n, or X+n) and the condition 你使用的【X】若是你最后的手牌 (方天画戟)."""

from __future__ import annotations

import pytest

from sgs.compiler import build_texts
from sgs.compiler import ir as t
from sgs.compiler.bare import wrap


def _rule(line: str) -> t.ExtraTargets:
    r = build_texts({"<t>": wrap(line)})
    assert r.ok, [d.message for d in r.refused + r.diagnostics]
    (skill,) = [s for p in r.packages for g in p.generals for s in g.skills]
    (a,) = skill.abilities
    assert isinstance(a, t.StaticAbility) and isinstance(a.modifier, t.ExtraTargets)
    return a.modifier


@pytest.mark.parametrize(
    ("line", "card", "count", "x", "last_hand"),
    [
        ("画戟（huaji）：你使用的【杀】若是你最后的手牌，你可以额外选择至多两个目标。", "杀", 2, None, True),
        ("多索（duosuo）：你使用【铁索连环】可以额外指定一个目标。", "铁索连环", 1, None, False),
        ("誓仇（shichou）：你使用【杀】可以多选择至多X+1名角色为目标（X为你已损失的体力值）。", "杀", 1, t.Quantity.LOST_HP, False),
    ],
)
def test_extra_target_texts_bind_to_one_rule(line: str, card: str, count: int, x: t.Quantity | None, last_hand: bool) -> None:
    m = _rule(line)
    assert (m.card.name, m.count, m.x) == (card, count, x)
    assert (m.cond is not None and m.cond.kind is t.CondKind.LAST_HAND) == last_hand


def test_the_emitted_rule_asks_for_the_last_hand_cards() -> None:
    r = build_texts({"<t>": wrap("画戟（huaji）：你使用的【杀】若是你最后的手牌，你可以额外选择至多两个目标。")})
    (code,) = r.modules.values()
    assert "return 2 if user is self.owner and card.is_slash and last_hand_cards(user, card) else 0" in code


def test_extra_targets_for_a_card_of_one_target_is_a_gap() -> None:
    # the runtime lets the user pick several targets only for 杀 and 铁索连环 (play.py)
    r = build_texts({"<t>": wrap("多决（duojue）：你使用【决斗】可以额外指定一个目标。")})
    assert [d.code for d in r.refused] == ["E0503"]
