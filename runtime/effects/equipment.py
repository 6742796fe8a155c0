"""Equipment effects still written by hand, and how a game grants equipment skills.

Every equipment card's effect is a skill: while the card is in a player's equipment
area, the game gives its holder one instance of each skill class its equipment table
names for the card (:meth:`Game._add` / :meth:`Game._remove`), whatever moved it there
or away (装备, 枭姬's losses, 过河拆桥, 借刀杀人 …).  An armor's skills do not work while
the armor is ignored (青釭剑).

Where the classes come from: a game's equipment table (``Game(..., equipment=...)``,
also ``build_game`` / ``setup_identity_game`` / ``play_identity_game``), an explicit
input of the game — the runtime keeps no registry and never compiles anything:

1. the card declarations of the skill set being played, passed in by the caller:
   ``EQUIPMENT`` of the emitted modules, e.g. ``sgs.compiler.load_pool().equipment``
   for the bundled ``skills/standard/equipment.sgs`` (诸葛连弩, 青釭剑, 雌雄双股剑,
   丈八蛇矛, 方天画戟, 寒冰剑, 麒麟弓, 八卦阵, 仁王盾, the +1马 and -1马);
2. under them, :data:`HAND_WRITTEN` below, which every game has — only for cards the
   skill language cannot express yet.  A card never has both in the bundled set (a
   test checks); if a given table names one, its classes win.

Without a table a game has only the hand-written effects.

Still hand-written, and the sentence form / verb each one lacks:

* 贯石斧 “每当你使用的【杀】被【闪】抵消后，你可以弃置两张牌，则此【杀】依然造成伤害” —
  the timing 你使用的【杀】被【闪】抵消后 (杀被闪抵消时), a cost clause 弃置两张牌
  (not this card) and the verb 依然造成伤害 (forced hit).
* 青龙偃月刀 “每当你使用的【杀】被【闪】抵消后，你可以对相同的目标再使用一张【杀】” —
  the same timing and the verb 对相同的目标使用一张【杀】 (use a card from hand on a
  given target).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..actions import ask_discard
from ..flows.respond import can_produce, request_card
from ..flows.use import use_card
from ..legality import make_virtual, target_ok
from ..cards import AnyCard, Card, CardName
from ..skills import Skill, SkillContext, TriggerSkill, UseMode
from ..timing import Timing
from ..zones import CardZone

__all__ = ["HAND_WRITTEN"]


class _Equip:
    equipment = True


class Axe(_Equip, TriggerSkill):
    """贯石斧：每当你使用的【杀】被【闪】抵消后，你可以弃置两张牌，则此【杀】依然造成伤害。"""

    name = "贯石斧"
    pinyin = "axe"
    timings = (Timing.SLASH_MISSED,)

    def _others(self) -> list[Card]:
        return [c for c in self.owner.cards_in(True, True) if c.name is not CardName.AXE]

    def can_trigger(self, ctx: SkillContext) -> bool:
        return len(self._others()) >= 2 and ctx.slash_effect.target.alive

    def cost(self, ctx: SkillContext) -> bool:
        paid = ask_discard(
            ctx, self.owner, 2, CardZone.HAND_EQUIP, optional=True, card_filter=lambda c: c.name is not CardName.AXE
        )
        return len(paid) == 2

    def effect(self, ctx: SkillContext) -> None:
        ctx.slash_effect.forced_hit = True


class Blade(_Equip, TriggerSkill):
    """青龙偃月刀：每当你使用的【杀】被【闪】抵消后，你可以对相同的目标再使用一张【杀】。"""

    name = "青龙偃月刀"
    pinyin = "blade"
    optional = False
    timings = (Timing.SLASH_MISSED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        return ctx.slash_effect.target.alive and can_produce(ctx.game, self.owner, (CardName.SLASH,), UseMode.USE)

    def cost(self, ctx: SkillContext) -> bool:
        t = ctx.slash_effect.target
        if not target_ok(ctx.game, self.owner, make_virtual(CardName.SLASH, (), ""), t):
            return False
        card = request_card(
            ctx.game, self.owner, (CardName.SLASH,), UseMode.USE, "青龙偃月刀",
            prompt=f"青龙偃月刀：是否对{t.tag}再使用一张杀", extra={"target": str(t.seat)},
        )
        if card is None:
            return False
        ctx.vars["card"] = card
        ctx.targets = [t]
        return True

    def effect(self, ctx: SkillContext) -> None:
        card: AnyCard = ctx.vars["card"]
        use_card(ctx.game, self.owner, card, ctx.targets)


#: the equipment effects the skill language cannot express yet (see the module doc);
#: every :class:`Game` lays its equipment table over these (read-only)
HAND_WRITTEN: Mapping[CardName, tuple[type[Skill], ...]] = MappingProxyType(
    {
        CardName.AXE: (Axe,),
        CardName.BLADE: (Blade,),
    }
)
