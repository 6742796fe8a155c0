"""The 20 first-release standard skills, hand-written the way the compiler should
emit them: they import only ``sgs.runtime.api``.  Used by the runtime tests to
prove the contract expresses every skill."""

from __future__ import annotations

from typing import Sequence

from sgs.runtime.api import (
    ActiveSkill,
    Game,
    Scope,
    Card,
    CardName,
    CardZone,
    Gender,
    GeneralSpec,
    Kingdom,
    Player,
    ResponseProxySkill,
    SkillContext,
    StaticSkill,
    Suit,
    Timing,
    TriggerSkill,
    UseMode,
    ViewAsSkill,
    ask_discard,
    ask_invoke,
    cards_given_this_phase,
    choose_cards,
    choose_option,
    damage,
    discard,
    draw,
    forbid_jink,
    give,
    is_black,
    is_current,
    is_red,
    judge,
    lose_hp,
    obtain,
    obtain_from,
    recover,
    require_duel_slashes,
    require_jinks,
    retrial,
)


class Jianxiong(TriggerSkill):
    name = "奸雄"
    pinyin = "jianxiong"
    source = "skills/standard/wei.sgs:3"
    timings = (Timing.DAMAGED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        return ctx.damage.card is not None

    def effect(self, ctx: SkillContext) -> None:
        card = ctx.damage.card
        if card is not None:
            obtain(ctx, ctx.owner, card)


class Hujia(ResponseProxySkill):
    name = "护驾"
    pinyin = "hujia"
    lord = True
    card_name = CardName.JINK
    mode = UseMode.BOTH
    helper_kingdom = Kingdom.WEI


class Fankui(TriggerSkill):
    name = "反馈"
    pinyin = "fankui"
    timings = (Timing.DAMAGED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        src = ctx.damage.source
        return src is not None and src.alive and src.card_count(True, True) > 0

    def effect(self, ctx: SkillContext) -> None:
        src = ctx.damage.source
        if src is not None:
            obtain_from(ctx, ctx.owner, src, CardZone.HAND_EQUIP)


class Guicai(TriggerSkill):
    name = "鬼才"
    pinyin = "guicai"
    timings = (Timing.JUDGE_RETRIAL,)
    scope = Scope.ANY

    def can_trigger(self, ctx: SkillContext) -> bool:
        return ctx.owner.hand_count > 0

    def cost(self, ctx: SkillContext) -> bool:
        ctx.cards = choose_cards(ctx, ctx.owner, CardZone.HAND, 1, 1, prompt="鬼才：选择打出的手牌")
        return len(ctx.cards) == 1

    def effect(self, ctx: SkillContext) -> None:
        retrial(ctx, ctx.cards[0])


class Ganglie(TriggerSkill):
    name = "刚烈"
    pinyin = "ganglie"
    timings = (Timing.DAMAGED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        return ctx.damage.source is not None

    def effect(self, ctx: SkillContext) -> None:
        src = ctx.damage.source
        if src is None:
            return
        card = judge(ctx, ctx.owner, good=lambda c: c.suit is not Suit.HEART)
        if card.suit is Suit.HEART or not src.alive:
            return
        a, b = "弃置两张手牌", "受到1点伤害"
        choice = choose_option(ctx, src, [a, b], [src.hand_count >= 2, True])
        if choice == a:
            ask_discard(ctx, src, 2)
        else:
            damage(ctx, ctx.owner, src, 1)


class Qingguo(ViewAsSkill):
    name = "倾国"
    pinyin = "qingguo"
    card_names = (CardName.JINK,)
    mode = UseMode.BOTH
    zone = CardZone.HAND

    def card_filter(self, ctx: SkillContext, card: Card, as_name: CardName) -> bool:
        return is_black(ctx, card)


class Luoshen(TriggerSkill):
    name = "洛神"
    pinyin = "luoshen"
    timings = (Timing.START_PHASE_BEGIN,)

    def effect(self, ctx: SkillContext) -> None:
        while ctx.owner.alive:
            card = judge(ctx, ctx.owner, good=lambda c: is_black(ctx, c, ctx.owner))
            if not is_black(ctx, card, ctx.owner):
                return
            obtain(ctx, ctx.owner, card)
            if not ask_invoke(ctx, ctx.owner, "是否再次发动洛神"):
                return


class Rende(ActiveSkill):
    name = "仁德"
    pinyin = "rende"
    min_cards = 1
    max_cards = None
    card_zone = CardZone.HAND
    min_targets = 1
    max_targets = 1

    def target_filter(self, ctx: SkillContext, target: Player, cards: Sequence[Card]) -> bool:
        return target is not ctx.owner

    def effect(self, ctx: SkillContext, cards: list[Card], targets: list[Player]) -> None:
        before = cards_given_this_phase(ctx, ctx.owner)
        give(ctx, ctx.owner, targets[0], cards)
        if before < 2 <= cards_given_this_phase(ctx, ctx.owner):
            recover(ctx, ctx.owner, 1)


class Jijiang(ResponseProxySkill):
    name = "激将"
    pinyin = "jijiang"
    lord = True
    card_name = CardName.SLASH
    mode = UseMode.BOTH
    helper_kingdom = Kingdom.SHU


class Wusheng(ViewAsSkill):
    name = "武圣"
    pinyin = "wusheng"
    card_names = (CardName.SLASH,)
    zone = CardZone.HAND_EQUIP

    def card_filter(self, ctx: SkillContext, card: Card, as_name: CardName) -> bool:
        return is_red(ctx, card)


class Paoxiao(StaticSkill):
    name = "咆哮"
    pinyin = "paoxiao"

    def unlimited_slash(self, game: Game, player: Player) -> bool:
        return player is self.owner


class Longdan(ViewAsSkill):
    name = "龙胆"
    pinyin = "longdan"
    card_names = (CardName.SLASH, CardName.JINK)

    def card_filter(self, ctx: SkillContext, card: Card, as_name: CardName) -> bool:
        return (as_name is CardName.SLASH and card.name is CardName.JINK) or (
            as_name is CardName.JINK and card.name is CardName.SLASH
        )


class Mashu(StaticSkill):
    name = "马术"
    pinyin = "mashu"
    compulsory = True

    def distance_modifier(self, game: Game, src: Player, dst: Player) -> int:
        return -1 if src is self.owner else 0


class Tieqi(TriggerSkill):
    name = "铁骑"
    pinyin = "tieqi"
    timings = (Timing.TARGET_SPECIFIED,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        return ctx.use.card.is_slash

    def effect(self, ctx: SkillContext) -> None:
        card = judge(ctx, ctx.owner, good=lambda c: is_red(ctx, c, ctx.owner))
        if is_red(ctx, card, ctx.owner) and ctx.target is not None:
            forbid_jink(ctx, ctx.target)


class Zhiheng(ActiveSkill):
    name = "制衡"
    pinyin = "zhiheng"
    min_cards = 1
    max_cards = None
    card_zone = CardZone.HAND_EQUIP
    limit_per_phase = 1

    def effect(self, ctx: SkillContext, cards: list[Card], targets: list[Player]) -> None:
        discard(ctx, ctx.owner, cards)
        draw(ctx, ctx.owner, len(cards))


class Jiuyuan(TriggerSkill):
    name = "救援"
    pinyin = "jiuyuan"
    lord = True
    compulsory = True
    optional = False
    timings = (Timing.RECOVERING,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        ev = ctx.recover_event
        src = ev.source
        return (
            ctx.owner.dying
            and ev.card is not None
            and ev.card.name is CardName.PEACH
            and src is not None
            and src is not ctx.owner
            and src.kingdom is Kingdom.WU
        )

    def effect(self, ctx: SkillContext) -> None:
        ctx.recover_event.amount += 1


class Kurou(ActiveSkill):
    name = "苦肉"
    pinyin = "kurou"

    def effect(self, ctx: SkillContext, cards: list[Card], targets: list[Player]) -> None:
        lose_hp(ctx, ctx.owner, 1)
        if ctx.owner.alive:
            draw(ctx, ctx.owner, 2)


class Jijiu(ViewAsSkill):
    name = "急救"
    pinyin = "jijiu"
    card_names = (CardName.PEACH,)
    mode = UseMode.USE
    zone = CardZone.HAND_EQUIP

    def card_filter(self, ctx: SkillContext, card: Card, as_name: CardName) -> bool:
        return is_red(ctx, card)

    def enabled(self, ctx: SkillContext, mode: UseMode) -> bool:
        return not is_current(ctx, ctx.owner)


class Qingnang(ActiveSkill):
    name = "青囊"
    pinyin = "qingnang"
    min_cards = 1
    max_cards = 1
    min_targets = 1
    max_targets = 1
    limit_per_phase = 1

    def target_filter(self, ctx: SkillContext, target: Player, cards: Sequence[Card]) -> bool:
        return target.is_wounded

    def effect(self, ctx: SkillContext, cards: list[Card], targets: list[Player]) -> None:
        discard(ctx, ctx.owner, cards)
        recover(ctx, targets[0], 1)


class Wushuang(TriggerSkill):
    name = "无双"
    pinyin = "wushuang"
    compulsory = True
    optional = False
    timings = (Timing.TARGET_SPECIFIED, Timing.TARGET_CONFIRMED)

    def can_trigger(self, ctx: SkillContext) -> bool:
        card = ctx.use.card
        if ctx.timing is Timing.TARGET_SPECIFIED:
            return card.is_slash or card.name is CardName.DUEL
        return card.name is CardName.DUEL

    def effect(self, ctx: SkillContext) -> None:
        use = ctx.use
        target = ctx.target
        assert target is not None
        if use.card.is_slash:
            require_jinks(ctx, target, 2)
        elif ctx.timing is Timing.TARGET_SPECIFIED:
            require_duel_slashes(ctx, target, 2)
        else:
            require_duel_slashes(ctx, use.user, 2)


M, F = Gender.MALE, Gender.FEMALE
GENERALS: tuple[GeneralSpec, ...] = (
    GeneralSpec("曹操", "caocao", Kingdom.WEI, 4, M, (Jianxiong, Hujia)),
    GeneralSpec("司马懿", "simayi", Kingdom.WEI, 3, M, (Fankui, Guicai)),
    GeneralSpec("夏侯惇", "xiahoudun", Kingdom.WEI, 4, M, (Ganglie,)),
    GeneralSpec("甄姬", "zhenji", Kingdom.WEI, 3, F, (Qingguo, Luoshen)),
    GeneralSpec("刘备", "liubei", Kingdom.SHU, 4, M, (Rende, Jijiang)),
    GeneralSpec("关羽", "guanyu", Kingdom.SHU, 4, M, (Wusheng,)),
    GeneralSpec("张飞", "zhangfei", Kingdom.SHU, 4, M, (Paoxiao,)),
    GeneralSpec("赵云", "zhaoyun", Kingdom.SHU, 4, M, (Longdan,)),
    GeneralSpec("马超", "machao", Kingdom.SHU, 4, M, (Mashu, Tieqi)),
    GeneralSpec("孙权", "sunquan", Kingdom.WU, 4, M, (Zhiheng, Jiuyuan)),
    GeneralSpec("黄盖", "huanggai", Kingdom.WU, 4, M, (Kurou,)),
    GeneralSpec("华佗", "huatuo", Kingdom.QUN, 3, M, (Jijiu, Qingnang)),
    GeneralSpec("吕布", "lvbu", Kingdom.QUN, 4, M, (Wushuang,)),
)
BY_NAME = {g.name: g for g in GENERALS}
