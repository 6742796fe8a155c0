"""Basic cards: 杀 (hand-written: its stages are a family of their own) and 桃 (its
effect is text: ``基本 桃`` in skills/standard/tricks.sgs, run by
:func:`.tricks.text_effect` — no 无懈可击 step, no reason in its log).

:data:`SLASH_STAGES` (杀的效果, per target): the target may use 闪 (as many as the use
requires of him, none if it cannot be answered), 杀被闪抵消时 [user; target: the target]
if they offset it (a skill there may still make it hit, 贯石斧), the damage.
:data:`PEACH_STAGES`: the target recovers 1 hp (the text's effect).

杀 (and 火杀/雷杀) stays written here: 目标角色需使用一张【闪】，否则你对其造成1点伤害 reads, but
what this family does is more than that sentence compiles to, and each missing piece is the
use's or the respond family's, not the sentence's:

* how many answers, and whether he is asked at all: ``use.jinks_needed`` (无双: two 闪) and
  ``use.no_jink`` (铁骑, 烈弓) — the request a card's text makes (``ask_for_card``, against the
  use) asks for the one card written, whatever the use requires of him;
* a window between a successful answer and the 否则: 杀被闪抵消时 on the
  :class:`~sgs.runtime.events.SlashEffectEvent` (贯石斧 turns the answer into a hit, 青龙偃月刀
  reads its target), logged "X 被 Y 的闪抵消" — a do-or-else has no stage after its request;
* the damage of the card itself: its nature (火杀/雷杀) and ``1 + use.extra_damage`` (酒) — the
  card-effect damage path names neither;
* 酒's "next 杀" (the DRUNK turn counter, taken once per use before its targets and logged):
  a step of the use, not of the effect on a target.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import members as _M
from ..cards import CardName
from ..events import CardUseEvent, SlashEffectEvent
from ..flows.use import use_response
from ..player import Player
from ..stages import Step, Then, Window, family, run_effect
from ..timing import Timing
from ..actions.turn import spend_next_use

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["SLASH_STAGES", "PEACH_STAGES", "slash_effect_all", "slash_effect"]


def slash_effect_all(game: Game, use: CardUseEvent) -> None:
    spend_next_use(game, use)  # 酒: this 杀 is the next one after it
    for t in list(use.targets):
        if t.alive and t.seat not in use.nullified:
            slash_effect(game, use, t)


def _jinks(game: Game, ev: SlashEffectEvent) -> None:
    use, user, target = ev.use, ev.source, ev.target
    if target.seat not in use.no_jink:
        while len(ev.jinks) < ev.jinks_needed:
            left = ev.jinks_needed - len(ev.jinks)
            c = use_response(
                game,
                target,
                (_M.CardName.JINK,),
                about="闪",
                prompt=f"{user.tag} 对你使用了{use.card.label}，请使用一张闪"
                + (f"（还需{left}张）" if ev.jinks_needed > 1 else ""),
                against=use,
                extra={"source": str(user.seat)},
            )
            if c is None:
                break
            ev.jinks.append(c)
        ev.offset = len(ev.jinks) >= ev.jinks_needed
    if ev.offset:
        game.log_event("抵消", f"{use.card.label} 被 {target.tag} 的闪抵消", player=user.seat, target=target.seat)


def _hit(game: Game, ev: SlashEffectEvent) -> bool:
    if ev.offset and not ev.forced_hit:
        return False
    use, target = ev.use, ev.target
    if target.alive:
        game.damage(ev.source, target, 1 + use.extra_damage, card=use.card, nature=use.card.nature, use=use)
    return True


SLASH_STAGES = family(
    "杀的效果",
    Step(_jinks, Then("使用牌（响应）", "目标使用【闪】")),
    Window(_M.Timing.SLASH_MISSED, "source", target="target", when="offset"),
    Step(_hit, Then("伤害")),
)


def slash_effect(game: Game, use: CardUseEvent, target: Player) -> None:
    """The effect of ``use`` (a 杀) on ``target``: :data:`SLASH_STAGES`."""
    SLASH_STAGES.run(game, SlashEffectEvent(use, use.user, target, use.jinks_needed.get(target.seat, 1)))


# 桃's effect is text (基本 桃 in skills/standard/tricks.sgs), run by tricks.text_effect
PEACH_STAGES = family("桃的效果", Step(run_effect, Then("回复体力")))
