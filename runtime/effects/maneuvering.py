"""The 军争 card effect that the skill language cannot state yet: 酒 (a basic card: no
无懈可击 step, two uses — play phase and dying — with a turn counter).  兵粮寸断's,
铁索连环's and 火攻's effects are text (skills/maneuvering/tricks.sgs: 兵粮寸断 a delayed
trick, like 乐不思蜀; 铁索连环 若目标角色处于连环状态，重置目标角色，否则横置目标角色 — its
重铸 is the play flow's, not part of its effect; 火攻 目标角色展示一张手牌，然后你可以弃置
一张与之花色相同的手牌，若如此做，你对其造成1点火焰伤害).  火杀/雷杀
are 杀 (:mod:`.basic`; their nature is the card's); the conduction of 属性伤害 is the damage family's (:mod:`..flows.damage`).

Seed 000's card notes are the rules:

* 酒 — used on oneself only.  In the play phase (once per turn): the next 【杀】 the
  user uses this turn deals 1 more damage (not a 决斗's); while dying: recover 1.
* 铁索连环 — one or two players, each chained (横置) or, if chained, reset.  重铸
  (recast) in the play phase is the play flow's (:func:`..flows.play.recast`): the
  card goes from hand to the discard pile and its owner draws one — not a use (no 使用
  windows, no 集智).
* 火攻 — on a player with hand cards (oneself included): he shows a hand card; the
  user may discard a hand card of its suit, and then 火攻 deals him 1 fire damage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..events import CardUseEvent
from ..legality import ANALEPTIC_USED as _ANALEPTIC_USED
from ..stages import LOSER, Step, Then, family, run_effect
from .tricks import NULLIFY

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "DRUNK",
    "ANALEPTIC_USED",
    "ANALEPTIC_STAGES",
    "IRON_CHAIN_STAGES",
    "FIRE_ATTACK_STAGES",
    "analeptic_effect",
]

#: turn counter: the user's next 【杀】 this turn deals 1 more damage (酒)
DRUNK = "酒:下一张杀伤害+1"
#: turn counter: 酒 used in this turn's play phase (once per turn; legality reads it)
ANALEPTIC_USED = _ANALEPTIC_USED


def analeptic_effect(game: Game, use: CardUseEvent) -> None:
    user = use.user
    if user.dying or user.hp < 1:
        game.recover(user, 1, source=user, reason="", card=use.card)
        return
    user.turn_counters[ANALEPTIC_USED] = 1
    user.turn_counters[DRUNK] = 1
    game.log_event("酒", f"{game.tag(user)} 本回合使用的下一张杀伤害+1", player=user.seat)


ANALEPTIC_STAGES = family("酒的效果", Step(analeptic_effect, Then("回复体力", "濒死时")))
IRON_CHAIN_STAGES = family("铁索连环的效果", Step(run_effect, NULLIFY))
FIRE_ATTACK_STAGES = family(
    "火攻的效果",
    Step(run_effect, NULLIFY, Then("移动牌", "弃置同花色手牌", roles=frozenset({LOSER})), Then("伤害", "火焰伤害")),
)
