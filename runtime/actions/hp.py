"""Actions on hp and damage: recover, lose hp, max hp, damage and its changes, dying,
death, turning over (families: damage, hp, dying/death)."""

from __future__ import annotations

from .. import members as _M
from ..cards import AnyCard, Nature
from ..events import CardUseEvent, DamageEvent, HpDeductEvent
from ..flows.dying import die
from ..flows.dying import enter_dying as _enter_dying
from ..player import Player
from ..skills import SkillContext

from ._common import _why

__all__ = [
    "prevent_death", "enter_dying", "kill", "transfer_damage", "turn_over", "chain", "unchain", "gain_max_hp",
    "lose_max_hp", "recover", "lose_hp", "damage", "prevent_damage", "change_damage",
    "prevent_excess_damage",
]


def recover(
    ctx: SkillContext, player: Player, n: int = 1, source: Player | None = None, card: AnyCard | None = None
) -> int:
    """回复体力: ``player`` recovers ``n`` (capped at max hp).  Returns the amount
    actually recovered.  ``source`` defaults to the skill's owner; ``card``: the card
    that heals (a card's effect: the card used, as 桃园结义's)."""
    src = source if source is not None else ctx.owner
    return ctx.game.recover(player, n, source=src, reason=_why(ctx), card=card)


def lose_hp(ctx: SkillContext, player: Player, n: int = 1) -> None:
    """失去体力 (not damage: no damage windows; may cause dying)."""
    ctx.game.lose_hp(player, n, reason=_why(ctx))


def chain(ctx: SkillContext, player: Player) -> None:
    """横置: ``player``'s general card enters the chained state (属性伤害 is conducted to
    him: runtime.flows.damage); already chained, nothing happens.  Opens no window."""
    if player.alive and not player.chained:
        player.chained = True
        ctx.game.log_event("横置", f"{ctx.game.tag(player)} 的武将牌被横置", player=player.seat)


def unchain(ctx: SkillContext, player: Player) -> None:
    """重置: ``player``'s general card leaves the chained state; not chained, nothing
    happens.  Opens no window."""
    if player.alive and player.chained:
        player.chained = False
        ctx.game.log_event("重置", f"{ctx.game.tag(player)} 的武将牌被重置", player=player.seat)


def turn_over(ctx: SkillContext, player: Player) -> None:
    """将武将牌叠置 (翻面): ``player``'s general card turns over — face down, his next
    turn is skipped and the card turned face up instead (runtime.flows.turn.run_turn);
    a face-down card turned over again is face up.  Opens no window."""
    if not player.alive:
        return
    player.face_down = not player.face_down
    game = ctx.game
    word = "叠置" if player.face_down else "平置"
    game.log_event(word, f"{game.tag(player)} 将武将牌{word}", player=player.seat)


def gain_max_hp(ctx: SkillContext, player: Player, n: int = 1) -> None:
    """加n点体力上限: ``player``'s max hp grows by ``n``; his hp stays (not a recovery)."""
    if not player.alive or n <= 0:
        return
    player.max_hp += n
    game = ctx.game
    game.log_event("体力上限", f"{game.tag(player)} 加{n}点体力上限，体力上限为{player.max_hp}",
                   player=player.seat, amount=n, max_hp=player.max_hp)


def lose_max_hp(ctx: SkillContext, player: Player, n: int = 1) -> None:
    """减n点体力上限: ``player``'s max hp falls by ``n`` and his hp to it if above (no
    loss of hp: no 失去体力 window); at 0 he dies at once — he does not enter 濒死, as
    nothing can save a player without max hp (the rules of seed 000, 体力上限)."""
    if not player.alive or n <= 0:
        return
    player.max_hp -= n
    player.hp = min(player.hp, player.max_hp)
    game = ctx.game
    game.log_event("体力上限", f"{game.tag(player)} 减{n}点体力上限，体力上限为{player.max_hp}",
                   player=player.seat, amount=-n, max_hp=player.max_hp)
    if player.max_hp <= 0:
        die(game, player, None)


def damage(
    ctx: SkillContext,
    source: Player | None,
    target: Player,
    n: int = 1,
    card: AnyCard | None = None,
    nature: Nature = _M.Nature.NORMAL,
    use: CardUseEvent | None = None,
) -> DamageEvent:
    """造成伤害: ``source`` (None = no source) deals ``n`` damage to ``target``.
    Returns the event (``prevented`` tells if it was prevented).  ``use``: a card's
    effect deals it (南蛮入侵's 你对其造成1点伤害): the damage is the use's, of its card, and
    a source who has died since the card was used is no source."""
    if use is not None:
        if source is not None and not source.alive:
            source = None
        return ctx.game.damage(source, target, n, card=use.card, nature=nature, use=use)
    return ctx.game.damage(source, target, n, card=card, nature=nature, reason=_why(ctx))


def transfer_damage(ctx: SkillContext, to: Player) -> DamageEvent | None:
    """转移此伤害给 ``to`` (in a 受到伤害时 window: 天香): the damage is prevented for its
    target and the same damage — source, amount, card, nature — is dealt to ``to``, a
    damage of its own with all its windows (his 刚烈 answers the source, not the one
    who moved it).  Returns the new event (None if ``to`` is dead)."""
    ev = ctx.damage
    ev.prevented = True
    game = ctx.game
    game.log_event("转移伤害", f"{game.tag(ev.target)} 将伤害转移给 {game.tag(to)}",
                   player=ev.target.seat, to=to.seat)
    if not to.alive:
        return None
    return game.damage(ev.source, to, ev.amount, card=ev.card, nature=ev.nature, reason=_why(ctx))


def prevent_damage(ctx: SkillContext) -> None:
    """防止此伤害 (in a 造成伤害时 / 受到伤害时 window)."""
    ctx.damage.prevented = True


def change_damage(ctx: SkillContext, delta: int) -> None:
    """此伤害+n / 此伤害-n (in a 造成伤害时 / 受到伤害时 window): the damage's amount
    changes by ``delta`` (at 0 or less it is prevented when the window closes).  Logged
    as the window's subject sees it: at 造成伤害时 the damage the source deals, at
    受到伤害时 the damage the target takes."""
    ev = ctx.damage
    ev.amount += delta
    game = ctx.game
    nature = "" if ev.nature is _M.Nature.NORMAL else ev.nature.value
    whose = (
        f"{game.tag(ev.source)} 对 {game.tag(ev.target)} 造成的"
        if ctx.timing is _M.Timing.DAMAGE_CAUSING and ev.source is not None
        else f"{game.tag(ev.target)} 受到的"
    )
    game.log_event("伤害改变", f"{whose}{nature}伤害{delta:+d}（{_why(ctx)}）", target=ev.target.seat, amount=delta)


def prevent_excess_damage(ctx: SkillContext) -> None:
    """防止多余的伤害 (in a 受到伤害时 window): the damage's amount is capped at 1 and
    what it loses is logged as prevented; a damage of 1 or less is left as it is."""
    ev = ctx.damage
    if ev.amount <= 1:
        return
    game = ctx.game
    excess, ev.amount = ev.amount - 1, 1
    game.log_event("伤害减少", f"{game.tag(ev.target)} 防止了{excess}点多余的伤害（{_why(ctx)}）", target=ev.target.seat)


def kill(ctx: SkillContext, player: Player) -> None:
    """<player>死亡 (武魂): he dies at once — no 濒死, no killer (so no rewards)."""
    if player.alive:
        die(ctx.game, player, None)


def prevent_death(ctx: SkillContext, player: Player) -> None:
    """你不会死去 (不屈): ``player`` does not die of the hp deduction being resolved —
    the rules start no 濒死 for it below 1 hp.  Only at 扣减体力时 (the compiler refuses
    it elsewhere); raises ``TypeError`` for another event."""
    ev = ctx.event
    if not isinstance(ev, HpDeductEvent):
        raise TypeError(f"不会死去 needs the 扣减体力时 window, not {type(ev).__name__}")
    if ev.player is player:
        ev.survives = True
        ctx.game.log_event("不会死去", f"{ctx.game.tag(player)} 不会死去（{_why(ctx)}），体力值为{player.hp}",
                           player=player.seat, hp=player.hp)


def enter_dying(ctx: SkillContext, player: Player) -> None:
    """<player>进入濒死状态: he enters 濒死 now (others may use 桃 on him; below 1 hp
    after it, he dies), whatever a skill said before of the deduction being resolved."""
    if not player.alive:
        return
    ev = ctx.event
    damage = ev if isinstance(ev, DamageEvent) else None
    if isinstance(ev, HpDeductEvent):
        damage = ev.damage
        if ev.player is player:
            ev.survives = False
    _enter_dying(ctx.game, player, damage)
