"""Actions on a card's use: flags on the use being resolved (no 闪, 无效, ignore armor,
extra answers, a forced hit), using or viewing a card as another, using a card of one's
own on a given target, moving a target (family: use)."""

from __future__ import annotations

from typing import Sequence

from .. import members as _M
from ..cards import AnyCard, Card, CardName
from ..events import CardNeedEvent, CardUseEvent, SlashEffectEvent
from ..flows.respond import can_produce, request_card
from ..flows.use import use_card
from ..legality import SLASH_NAMES, make_virtual, prohibited, target_ok
from ..player import Player
from ..skills import SkillContext

from ._common import _why

__all__ = [
    "view_as_use_on", "forbid_jink", "provide_card", "ignore_armor", "require_jinks",
    "require_duel_slashes", "nullify_for", "cancel_target", "use_as", "view_as_use",
    "transfer_candidates", "transfer_target", "can_use_on",
    "force_hit", "can_use_card_on", "ask_use_card_on", "use_chosen_card", "use_card_on",
]


def _use_of(ctx: SkillContext) -> CardUseEvent:
    ev = ctx.event
    if isinstance(ev, SlashEffectEvent):
        return ev.use
    return ctx.use


def forbid_jink(ctx: SkillContext, target: Player) -> None:
    """此【杀】不可被【闪】响应 for ``target`` (铁骑)."""
    _use_of(ctx).no_jink.add(target.seat)


def provide_card(ctx: SkillContext, player: Player, name: CardName) -> bool:
    """视为<player>使用或打出一张【name】 at 需要牌时 (八卦阵): the card ``player`` is
    asked for is a virtual ``name`` of this skill, with no subcards.  False (nothing
    provided) outside that window, for another player, or for a card not asked for."""
    ev = ctx.event
    if not isinstance(ev, CardNeedEvent) or ev.player is not player or ev.provided is not None:
        return False
    if name not in ev.names and not (_M.CardName.SLASH in ev.names and name in SLASH_NAMES):
        return False
    ev.provided = make_virtual(name, (), ctx.skill.name if ctx.skill is not None else "")
    return True


def require_jinks(ctx: SkillContext, target: Player, n: int) -> None:
    """``target`` needs ``n`` 闪 to offset this 杀 (无双: 2)."""
    use = _use_of(ctx)
    use.jinks_needed[target.seat] = max(n, use.jinks_needed.get(target.seat, 1))


def require_duel_slashes(ctx: SkillContext, player: Player, n: int) -> None:
    """In this 决斗, ``player`` must play ``n`` 杀 each time (无双)."""
    use = _use_of(ctx)
    use.duel_slashes_needed[player.seat] = max(n, use.duel_slashes_needed.get(player.seat, 1))


def nullify_for(ctx: SkillContext, target: Player) -> None:
    """The current card's effect on ``target`` is cancelled (对其无效); logged."""
    use = _use_of(ctx)
    use.nullified.add(target.seat)
    ctx.game.log_event("无效", f"{use.card.label} 对 {ctx.game.tag(target)} 无效（{_why(ctx)}）", target=target.seat)


def ignore_armor(ctx: SkillContext, target: Player) -> None:
    """无视其防具: ``target``'s armor (and its skills) does not work against the
    current card use (青釭剑)."""
    _use_of(ctx).ignore_armor.add(target.seat)


def cancel_target(ctx: SkillContext, target: Player) -> None:
    """取消之: remove ``target`` from the current card use's targets (at 使用时 /
    指定目标时 / 成为目标时 windows, before the effect)."""
    use = _use_of(ctx)
    if target in use.targets:
        use.targets.remove(target)
        ctx.game.log_event("取消目标", f"{target.tag} 被取消为{use.card.label}的目标", target=target.seat)


def use_as(ctx: SkillContext, user: Player, name: CardName, targets: Sequence[Player], cards: Sequence[Card] = ()) -> CardUseEvent:
    """视为使用: ``user`` uses a virtual ``name`` (with ``cards`` as subcards, none by
    default) on ``targets``; legality is the skill's business.  Not counted toward
    the 杀 limit."""
    return use_card(ctx.game, user, make_virtual(name, list(cards), _why(ctx)), list(targets))


def view_as_use(
    ctx: SkillContext,
    user: Player,
    name: CardName,
    targets: Sequence[Player],
    nullifiable: bool = True,
) -> CardUseEvent:
    """视为…使用: ``user`` is viewed as using a virtual ``name`` (no subcards) on
    ``targets``, the skill's owner having decided it (离间); ``nullifiable=False``:
    no 无懈可击 may answer it.  Legality is the skill's business; not counted toward
    the 杀 limit."""
    return use_card(ctx.game, user, make_virtual(name, [], _why(ctx)), list(targets), unnullifiable=not nullifiable)


def view_as_use_on(
    ctx: SkillContext,
    user: Player,
    name: CardName,
    candidates: Sequence[Player],
    nullifiable: bool = True,
) -> CardUseEvent | None:
    """视为对一名…角色使用一张【name】: ``user`` picks one of ``candidates`` that may be
    a target (the text names the target: no distance limit — seed 000, 神速 "视为对任意一名
    角色使用了杀" — but a prohibition such as 空城 still holds) and is viewed as using a
    virtual ``name`` on him.  None when no candidate may be a target."""
    game = ctx.game
    card = make_virtual(name, [], _why(ctx))
    if name in SLASH_NAMES:
        ok = [t for t in candidates if t.alive and t is not user
              and not ("prohibit" in game._hooks_any and prohibited(game, user, t, card))]
    else:
        ok = [t for t in candidates if target_ok(game, user, card, t)]
    if not ok or not user.alive:
        return None
    picked = game.choose_players(user, ok, 1, 1, prompt=f"选择【{name.value}】的目标", about=_why(ctx))
    if not picked:
        return None
    return use_card(game, user, card, picked, unnullifiable=not nullifiable)


def transfer_candidates(
    ctx: SkillContext,
    chooser: Player,
    in_range: bool = True,
    exclude_user: bool = True,
    without: Sequence[Card] = (),
) -> list[Player]:
    """The players ``chooser`` (a target of the current card use) may move it to
    (转移给…, 流离): living other players not already its targets, who may be its
    targets (no 空城 …); ``in_range``: within ``chooser``'s attack range, his
    equipment in ``without`` (a cost about to be paid) not counting; ``exclude_user``:
    not the card's user.  In seat order from ``chooser``."""
    use = _use_of(ctx)
    game = ctx.game
    out: list[Player] = []
    for p in game.alive_from(chooser):
        if p is chooser or p in use.targets:  # (players compare by identity: eq=False)
            continue
        if exclude_user and p is use.user:
            continue
        if game.prohibited(use.user, p, use.card):
            continue
        if in_range and not game.in_attack_range(chooser, p, without):
            continue
        out.append(p)
    return out


def transfer_target(ctx: SkillContext, old: Player, new: Player) -> None:
    """将此牌转移给 ``new``: in a 成为目标时 window, ``new`` replaces ``old`` among the
    current card use's targets (same place in the resolution order) and then
    becomes its target in turn (his own 成为目标时 window opens).  Nothing happens
    if ``old`` is no longer a target."""
    use = _use_of(ctx)
    for i, t in enumerate(use.targets):
        if t is old:
            use.targets[i] = new
            break
    else:
        return
    ctx.game.log_event(
        "转移目标",
        f"{use.card.label}的目标由{ctx.game.tag(old)}转移给{ctx.game.tag(new)}（{_why(ctx)}）",
        player=old.seat,
        target=new.seat,
        card=use.card.label,
    )


def can_use_on(ctx: SkillContext, user: Player, name: CardName, target: Player) -> bool:
    """Whether ``target`` may be a target of a ``name`` (virtual, no subcards) that
    ``user`` uses or is viewed as using (视为使用: 离间's second player must be a
    legal 决斗 target — not 空城 without hand cards …)."""
    return target_ok(ctx.game, user, make_virtual(name, [], _why(ctx)), target)


# ---------------------------------------------------------------- 杀被闪抵消时


def force_hit(ctx: SkillContext) -> None:
    """此【杀】依然造成伤害 (at 杀被闪抵消时): the offset 杀 goes on to its damage step."""
    ctx.slash_effect.forced_hit = True


def can_use_card_on(ctx: SkillContext, user: Player, names: Sequence[CardName], target: Player) -> bool:
    """Whether ``user`` could use a card named in ``names`` on ``target`` now: ``target``
    is alive and may be its target, and ``user`` has such a card in hand or a conversion
    that makes one."""
    return target_ok(ctx.game, user, make_virtual(names[0], (), _why(ctx)), target) and can_produce(
        ctx.game, user, tuple(names), _M.UseMode.USE
    )


#: the key of :attr:`SkillContext.vars` under which :func:`ask_use_card_on` keeps the card
_CHOSEN = "card"


def _request_card_on(ctx: SkillContext, user: Player, names: Sequence[CardName], target: Player) -> AnyCard | None:
    """``user`` is asked for a card named ``names`` to use on ``target`` (from the hand or by
    a conversion; 取消 declines): the card, or None when declined or impossible."""
    if not can_use_card_on(ctx, user, names, target):
        return None
    why = _why(ctx)
    return request_card(
        ctx.game, user, tuple(names), _M.UseMode.USE, why,
        prompt=f"{why}：是否对{target.tag}使用一张{names[0].value}", extra={"target": str(target.seat)},
    )


def ask_use_card_on(ctx: SkillContext, user: Player, names: Sequence[CardName], target: Player) -> bool:
    """对<target>使用一张【name】, its choice: ``user`` is asked for such a card (from the
    hand or by a conversion; 取消 declines).  The card is kept for :func:`use_chosen_card`
    and ``target`` becomes the skill's target (the 发动 line names him).  False when
    declined or impossible."""
    card = _request_card_on(ctx, user, names, target)
    if card is None:
        return False
    ctx.vars[_CHOSEN] = card
    ctx.targets = [target]
    return True


def use_chosen_card(ctx: SkillContext, user: Player) -> CardUseEvent | None:
    """对<target>使用一张【name】, its act: ``user`` uses the card :func:`ask_use_card_on`
    took on its target — a use with all its windows (its 杀 may be offset in turn)."""
    card: AnyCard | None = ctx.vars.get(_CHOSEN)
    if card is None or not ctx.targets:
        return None
    return use_card(ctx.game, user, card, ctx.targets)


def use_card_on(ctx: SkillContext, user: Player, names: Sequence[CardName], target: Player | None) -> CardUseEvent | None:
    """需对<target>使用一张【name】 (借刀杀人): ``user`` is asked for such a card (from the hand
    or by a conversion; 取消 declines) and uses it on ``target`` — a use with all its windows
    (his skills and his weapon's work).  None when he declines or cannot (no such card;
    ``target`` gone, or not a player he may use it on): the refusal a 否则 after it waits for."""
    if target is None or not target.alive:
        return None
    card = _request_card_on(ctx, user, names, target)
    return None if card is None else use_card(ctx.game, user, card, [target])
