"""Equipment skills (standard edition card texts), written against the public api.

Each equipped card gets one instance of its skill class while it is in the
equipment area.  八卦阵 is a marker: the response machinery offers it whenever its
owner must use or respond with a 闪 and the armor is not ignored (青釭剑).
"""

from __future__ import annotations

from ..api import (
    AnyCard,
    CardName,
    CardZone,
    Player,
    Skill,
    SkillContext,
    StaticSkill,
    Timing,
    TriggerSkill,
    UseMode,
    ViewAsSkill,
    ask_discard,
    choose_option,
    discard,
    discard_from,
    draw,
    is_black,
    prevent_damage,
)
from ..cards import Card, CardSubtype
from ..game import Game

__all__ = ["EQUIP_SKILLS"]


class _Equip:
    equipment = True


class Crossbow(_Equip, StaticSkill):
    """诸葛连弩：锁定技，出牌阶段，你可以使用任意数量的【杀】。"""

    name = "诸葛连弩"
    pinyin = "crossbow"
    compulsory = True

    def unlimited_slash(self, game: Game, player: Player) -> bool:
        return player is self.owner


class QinggangSword(_Equip, TriggerSkill):
    """青釭剑：锁定技，每当你使用【杀】指定一名角色为目标后，无视其防具。"""

    name = "青釭剑"
    pinyin = "qinggang_sword"
    compulsory = True
    optional = False
    timings = (Timing.TARGET_SPECIFIED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        t = ctx.target
        return ctx.use.card.is_slash and t is not None and t.armor is not None

    def effect(self, ctx: SkillContext) -> None:
        if ctx.target is not None:
            ctx.use.ignore_armor.add(ctx.target.seat)


class DoubleSword(_Equip, TriggerSkill):
    """雌雄双股剑：每当你使用【杀】指定一名异性角色为目标后，你可以令其选择一项：
    弃置一张手牌，或令你摸一张牌。"""

    name = "雌雄双股剑"
    pinyin = "double_sword"
    timings = (Timing.TARGET_SPECIFIED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        t = ctx.target
        return ctx.use.card.is_slash and t is not None and t.gender is not self.owner.gender

    def effect(self, ctx: SkillContext) -> None:
        t = ctx.target
        assert t is not None
        a, b = "弃置一张手牌", "令其摸一张牌"
        choice = choose_option(ctx, t, [a, b], [t.hand_count > 0, True], prompt="雌雄双股剑：选择一项")
        if choice == a:
            ask_discard(ctx, t, 1)
        else:
            draw(ctx, self.owner, 1)


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
        from ..cardflow import can_produce

        return ctx.slash_effect.target.alive and can_produce(ctx.game, self.owner, (CardName.SLASH,), UseMode.USE)

    def cost(self, ctx: SkillContext) -> bool:
        from ..cardflow import make_virtual, request_card, target_ok

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
        from ..cardflow import use_card

        card: AnyCard = ctx.vars["card"]
        use_card(ctx.game, self.owner, card, ctx.targets)


class Spear(_Equip, ViewAsSkill):
    """丈八蛇矛：你可以将两张手牌当【杀】使用或打出。"""

    name = "丈八蛇矛"
    pinyin = "spear"
    card_names = (CardName.SLASH,)
    mode = UseMode.BOTH
    subcard_count = 2
    zone = CardZone.HAND


class Halberd(_Equip, StaticSkill):
    """方天画戟：锁定技，你使用的【杀】若是你最后的手牌，你可以额外选择至多两个目标。"""

    name = "方天画戟"
    pinyin = "halberd"
    compulsory = True

    def extra_targets(self, game: Game, user: Player, card: AnyCard) -> int:
        if user is not self.owner or not card.is_slash:
            return 0
        phys = card.physical()
        if phys and user.hand and all(c in phys for c in user.hand) and all(c in user.hand for c in phys):
            return 2
        return 0


class KylinBow(_Equip, TriggerSkill):
    """麒麟弓：每当你使用【杀】对目标角色造成伤害时，你可以弃置其装备区里的一张坐骑牌。"""

    name = "麒麟弓"
    pinyin = "kylin_bow"
    timings = (Timing.DAMAGE_CAUSING,)

    @staticmethod
    def _horses(p: Player) -> list[Card]:
        return [c for c in p.equip_cards() if c.subtype in (CardSubtype.DEFENSIVE_HORSE, CardSubtype.OFFENSIVE_HORSE)]

    def can_trigger(self, ctx: SkillContext) -> bool:
        d = ctx.damage
        return d.card is not None and d.card.is_slash and d.use is not None and bool(self._horses(d.target))

    def effect(self, ctx: SkillContext) -> None:
        t = ctx.damage.target
        horses = self._horses(t)
        pick = ctx.game.choose_cards(self.owner, horses, 1, 1, prompt="麒麟弓：选择弃置的坐骑", about=self.name)
        if pick:
            ctx.game.discard_cards(t, pick, self.name, by=self.owner)


class IceSword(_Equip, TriggerSkill):
    """寒冰剑：每当你使用【杀】对目标角色造成伤害时，若该角色有牌，你可以防止此伤害，
    然后依次弃置其两张牌。"""

    name = "寒冰剑"
    pinyin = "ice_sword"
    timings = (Timing.DAMAGE_CAUSING,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        d = ctx.damage
        return d.card is not None and d.card.is_slash and d.use is not None and d.target.card_count(True, True) > 0

    def effect(self, ctx: SkillContext) -> None:
        t = ctx.damage.target
        prevent_damage(ctx)
        for _ in range(2):
            if t.card_count(True, True) == 0:
                break
            discard_from(ctx, self.owner, t, CardZone.HAND_EQUIP)


class EightDiagram(_Equip, Skill):
    """八卦阵：每当你需要使用或打出一张【闪】时，你可以进行一次判定，若结果为红色，
    视为你使用或打出了一张【闪】。 (offered by the response machinery)"""

    name = "八卦阵"
    pinyin = "eight_diagram"


class RenwangShield(_Equip, TriggerSkill):
    """仁王盾：锁定技，黑色的【杀】对你无效。"""

    name = "仁王盾"
    pinyin = "renwang_shield"
    compulsory = True
    optional = False
    timings = (Timing.TARGET_CONFIRMED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        use = ctx.use
        return use.card.is_slash and is_black(use.card) and self.owner.seat not in use.ignore_armor

    def effect(self, ctx: SkillContext) -> None:
        ctx.use.nullified.add(self.owner.seat)


class DefensiveHorse(_Equip, StaticSkill):
    """+1马：锁定技，其他角色计算与你的距离时，始终+1。"""

    name = "+1马"
    pinyin = "defensive_horse"
    compulsory = True

    def distance_modifier(self, game: Game, src: Player, dst: Player) -> int:
        return 1 if dst is self.owner and src is not self.owner else 0


class OffensiveHorse(_Equip, StaticSkill):
    """-1马：锁定技，你计算与其他角色的距离时，始终-1。"""

    name = "-1马"
    pinyin = "offensive_horse"
    compulsory = True

    def distance_modifier(self, game: Game, src: Player, dst: Player) -> int:
        return -1 if src is self.owner and dst is not self.owner else 0


EQUIP_SKILLS: dict[CardName, type[Skill]] = {
    CardName.CROSSBOW: Crossbow,
    CardName.QINGGANG_SWORD: QinggangSword,
    CardName.DOUBLE_SWORD: DoubleSword,
    CardName.AXE: Axe,
    CardName.BLADE: Blade,
    CardName.SPEAR: Spear,
    CardName.HALBERD: Halberd,
    CardName.KYLIN_BOW: KylinBow,
    CardName.ICE_SWORD: IceSword,
    CardName.EIGHT_DIAGRAM: EightDiagram,
    CardName.RENWANG_SHIELD: RenwangShield,
    CardName.JUEYING: DefensiveHorse,
    CardName.DILU: DefensiveHorse,
    CardName.ZHUAHUANGFEIDIAN: DefensiveHorse,
    CardName.HUALIU: DefensiveHorse,
    CardName.CHITU: OffensiveHorse,
    CardName.DAYUAN: OffensiveHorse,
    CardName.ZIXING: OffensiveHorse,
}
