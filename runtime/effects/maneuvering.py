"""The 军争 cards' effects that the skill language cannot state yet: 酒 (a basic card:
no 无懈可击 step, two uses — play phase and dying — with a turn counter), 火攻 (展示一张
手牌, then the user's optional discard of a hand card of its suit as the cost of the fire
damage).  兵粮寸断's and 铁索连环's effects are text (skills/maneuvering/tricks.sgs:
兵粮寸断 a delayed trick, like 乐不思蜀; 铁索连环 若目标角色处于连环状态，重置目标角色，
否则横置目标角色 — its 重铸 is the play flow's, not part of its effect).  火杀/雷杀
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

from .. import members as _M
from ..events import CardUseEvent
from ..legality import ANALEPTIC_USED as _ANALEPTIC_USED
from ..stages import LOSER, Step, Then, family, run_effect
from .tricks import NULLIFY, applies

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "DRUNK",
    "ANALEPTIC_USED",
    "ANALEPTIC_STAGES",
    "IRON_CHAIN_STAGES",
    "FIRE_ATTACK_STAGES",
    "analeptic_effect",
    "fire_attack_effect",
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


def fire_attack_effect(game: Game, use: CardUseEvent) -> None:
    user = use.user
    for t in list(use.targets):
        if not t.hand or not applies(game, use, t):
            continue
        shown = game.choose_cards(t, list(t.hand), 1, 1, prompt="火攻：展示一张手牌", about="火攻展示")
        if not shown:
            continue
        card = shown[0]
        game.log_event("展示", f"{game.tag(t)} 展示了 {card.label}（火攻）", player=t.seat, card=card.label)
        if not user.alive:
            return
        suit = game.suit_of(card, t)
        paid = game.ask_discard(
            user,
            1,
            zone=_M.CardZone.HAND,
            optional=True,
            card_filter=lambda c: game.suit_of(c, user) is suit,
            prompt=f"火攻：弃置一张{suit.value}手牌，对{t.tag}造成1点火焰伤害",
            reason="火攻",
        )
        if paid and t.alive:
            game.damage(user, t, 1 + use.extra_damage, card=use.card, nature=_M.Nature.FIRE, use=use)



ANALEPTIC_STAGES = family("酒的效果", Step(analeptic_effect, Then("回复体力", "濒死时")))
IRON_CHAIN_STAGES = family("铁索连环的效果", Step(run_effect, NULLIFY))
FIRE_ATTACK_STAGES = family(
    "火攻的效果",
    Step(fire_attack_effect, NULLIFY, Then("移动牌", "弃置同花色手牌", roles=frozenset({LOSER})), Then("伤害", "火焰伤害")),
)
