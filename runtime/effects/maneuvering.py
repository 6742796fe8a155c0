"""The 军争 cards' effect families.  Every 军争 card effect is text now
(skills/maneuvering/tricks.sgs): 酒 (a basic card: 若你处于濒死状态，你回复1点体力；否则你
本回合使用的下一张【杀】造成的伤害+1 — the lasting effect is
:func:`sgs.runtime.actions.next_use_bonus`, spent by the next 【杀】's effect), 兵粮寸断 (a
delayed trick, like 乐不思蜀), 铁索连环 (若目标角色处于连环状态，重置目标角色，否则横置目标角色 —
its 重铸 is the play flow's, not part of its effect), 火攻 (目标角色展示一张手牌，然后你可以弃置
一张与之花色相同的手牌，若如此做，你对其造成1点火焰伤害).  火杀/雷杀 are 杀 (:mod:`.basic`;
their nature is the card's); the conduction of 属性伤害 is the damage family's (:mod:`..flows.damage`).

Seed 000's card notes are the rules:

* 酒 — used on oneself only (legality).  In the play phase, once per turn (the play flow
  counts it: :data:`ANALEPTIC_USED`): the next 【杀】 the user uses this turn deals 1 more
  damage (not a 决斗's); while dying: recover 1.
* 铁索连环 — one or two players, each chained (横置) or, if chained, reset.  重铸
  (recast) in the play phase is the play flow's (:func:`..flows.play.recast`): the
  card goes from hand to the discard pile and its owner draws one — not a use (no 使用
  windows, no 集智).
* 火攻 — on a player with hand cards (oneself included): he shows a hand card; the
  user may discard a hand card of its suit, and then 火攻 deals him 1 fire damage.
"""

from __future__ import annotations

from ..legality import ANALEPTIC_USED as _ANALEPTIC_USED
from ..stages import LOSER, Step, Then, family, run_effect
from .tricks import NULLIFY

__all__ = [
    "ANALEPTIC_USED",
    "ANALEPTIC_STAGES",
    "IRON_CHAIN_STAGES",
    "FIRE_ATTACK_STAGES",
]

#: turn counter: 酒 used in this turn's play phase (once per turn; legality reads it)
ANALEPTIC_USED = _ANALEPTIC_USED

ANALEPTIC_STAGES = family("酒的效果", Step(run_effect, Then("回复体力", "濒死时")))
IRON_CHAIN_STAGES = family("铁索连环的效果", Step(run_effect, NULLIFY))
FIRE_ATTACK_STAGES = family(
    "火攻的效果",
    Step(run_effect, NULLIFY, Then("移动牌", "弃置同花色手牌", roles=frozenset({LOSER})), Then("伤害", "火焰伤害")),
)
