"""The 军争 equipment effects, written by hand because the skill language cannot state
them yet (骅骝 is a +1马 and compiled from ``skills/standard/equipment.sgs``; 朱雀羽扇,
古锭刀 and 藤甲 from ``skills/maneuvering/equipment.sgs``).

Seed 000's card notes are the rules (scenarios: tests/scenarios/maneuvering/silver_lion*.toml);
what the text needs that the language lacks:

* 白银狮子 “锁定技，每当你受到一次伤害时，若伤害值大于1，防止多余的伤害；当你失去装备区
  里的【白银狮子】后，你回复1点体力”.  The register grammar reads 受到一次伤害时,
  若伤害值大于1 and 当你失去装备区里的【白银狮子】后 already; missing are the frame
  防止多余的伤害 (the reading stops at 多余) and its verb (a runtime action capping the
  damage at 1 and logging what it prevented), the binding of a comparison whose side is
  the damage's amount (伤害值: ``ctx.damage.amount``) and of an act without a subject in
  a trigger's body (防止…: the owner's), and a window for losing this very card: the
  card's skills are gone from its owner once it has left, so the runtime runs
  ``when_lost(game, owner)`` of the class after the move (:func:`..flows.move._remove`,
  ``game.after_move``) — a hook no compiled skill can name, where a Timing
  (失去装备区里的此牌后) opened for the card's own skills after the move, declared in the
  move family so the trigger graph sees it, would serve any card of the kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Mapping

from ..cards import CardName
from ..player import Player
from ..skills import SkillContext, TriggerSkill
from ..timing import Timing

if TYPE_CHECKING:
    from ..game import Game
    from ..skills import Skill

__all__ = ["SilverLion", "MANEUVERING_EQUIPMENT"]


class _Equip:
    equipment = True


def _lion_lost(game: Game, owner: Player) -> None:
    if owner.alive and owner.is_wounded:
        game.recover(owner, 1, source=owner, reason="白银狮子")


class SilverLion(_Equip, TriggerSkill):
    """白银狮子：锁定技，每当你受到一次伤害时，若伤害值大于1，防止多余的伤害；当你失去
    装备区里的【白银狮子】后，你回复1点体力。"""

    name = "白银狮子"
    pinyin = "silver_lion"
    compulsory = True
    optional = False
    timings = (Timing.DAMAGE_INFLICTING,)
    #: run by the card move once the card has left the equipment area
    when_lost = staticmethod(_lion_lost)

    def can_trigger(self, ctx: SkillContext) -> bool:
        d = ctx.damage
        return d.target is self.owner and d.amount > 1

    def effect(self, ctx: SkillContext) -> None:
        d = ctx.damage
        game = ctx.game
        game.log_event(
            "伤害减少", f"{game.tag(self.owner)} 防止了{d.amount - 1}点多余的伤害（白银狮子）", target=self.owner.seat
        )
        d.amount = 1


#: the 军争 equipment effects every game has (laid under a given equipment table)
MANEUVERING_EQUIPMENT: Mapping[CardName, tuple[type[Skill], ...]] = {
    CardName.SILVER_LION: (SilverLion,),
}
