"""Damage (伤害).

:data:`DAMAGE_STAGES`: the source's damage bonus (裸衣), 造成伤害时 [source, while
alive], 受到伤害时 [target] — either may change the amount or prevent the damage —,
the damage itself (its deduction, :func:`~.hp.deducted`: 扣减体力时, 濒死 below 1 hp), 造成伤害后 [source, while alive], 受到伤害后
[target, while alive], then the conduction of 铁索连环.

属性伤害 (火焰 fire, 雷电 thunder: ``nature``) to a chained (横置) character resets him
when it is dealt; afterwards — even if he died of it — every other chained character,
in seat order from the current player, takes damage of the same source, card, nature
and amount (the amount as the source dealt it, before the windows of the first
target changed it: his 藤甲 or 白银狮子 are his own), each reset in turn.  A conducted
damage conducts no further and belongs to no card use (skills of "使用【杀】造成伤害"
do not see it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import members as _M
from ..cards import AnyCard, CardName, Nature
from ..events import CardUseEvent, DamageEvent
from ..player import DAMAGE_BONUS, Player
from ..stages import Step, Then, Window, family
from .hp import deducted

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["DAMAGE_STAGES", "damage"]

_NATURE_VALUE = {n: n.value for n in Nature}
_NAME_VALUE = {n: n.value for n in CardName}
_NORMAL = _M.Nature.NORMAL


def _bonus(game: Game, ev: DamageEvent) -> None:
    source, card = ev.source, ev.card
    if source is not None and card is not None and ev.use is not None and ev.use.user is source:
        bonus = source.turn_counters.get(DAMAGE_BONUS + ("杀" if card.is_slash else _NAME_VALUE[card.name]), 0)
        if bonus:
            ev.amount += bonus
            game.log_event("伤害加成", f"{game.tag(source)} 使用的{card.label}造成的伤害+{bonus}", player=source.seat)
    ev.base = ev.amount


def _prevented(game: Game, ev: DamageEvent) -> bool:
    ev.prevented = True
    game.log_event("防止伤害", f"{ev.target.tag} 受到的伤害被防止", target=ev.target.seat)
    return False


def _not_prevented(game: Game, ev: DamageEvent) -> bool:
    if ev.prevented or ev.amount <= 0:
        return _prevented(game, ev)
    return True


def _still_hits(game: Game, ev: DamageEvent) -> bool:
    if ev.prevented or ev.amount <= 0 or not ev.target.alive:
        return _prevented(game, ev)
    return True


def _hurt(game: Game, ev: DamageEvent) -> None:
    source, target, card, reason = ev.source, ev.target, ev.card, ev.reason
    target.hp -= ev.amount
    src = game.tag(source) if source is not None else "无来源"
    nature = _NATURE_VALUE[ev.nature]
    nat = "" if ev.nature is _M.Nature.NORMAL else nature
    label = card.label if card is not None else None
    why = label if label is not None else reason  # (formatted only if read: the lazy form)
    game.log_entry(
        "伤害",
        ("{} 对 {} 造成{}点{}伤害（{}），体力值为{}", src, game.tag(target), ev.amount, nat, why, target.hp)
        if label is not None or reason
        else ("{} 对 {} 造成{}点{}伤害，体力值为{}", src, game.tag(target), ev.amount, nat, target.hp),
        {
            "source": source.seat if source is not None else None,
            "target": target.seat,
            "amount": ev.amount,
            "nature": nature,
            "card": label,
            "hp": target.hp,
        },
    )
    if ev.use is not None:
        ev.use.damage_dealt[target.seat] = ev.use.damage_dealt.get(target.seat, 0) + ev.amount
    if target.chained and ev.nature is not _NORMAL:
        target.chained = False
        ev.conducts = not ev.chain
        game.log_event("重置", f"{game.tag(target)} 的武将牌被重置", player=target.seat)
    deducted(game, target, ev.amount, ev)


def _conduct(game: Game, ev: DamageEvent) -> None:
    if not ev.conducts:
        return
    source = ev.source if ev.source is not None and ev.source.alive else None
    for p in game.alive_from(game.current):
        if p.chained and p.alive and not game.over:
            game.log_event("传导", f"铁索连环传导伤害至 {game.tag(p)}", player=p.seat)
            conducted = DamageEvent(source, p, ev.base, ev.card, ev.nature, None, ev.reason)
            conducted.chain = True
            DAMAGE_STAGES.run(game, conducted)


DAMAGE_STAGES = family(
    "伤害",
    Step(_bonus),
    Window(_M.Timing.DAMAGE_CAUSING, "source", alive=True),
    Step(_not_prevented),
    Window(_M.Timing.DAMAGE_INFLICTING, "target"),
    Step(_still_hits),
    Step(_hurt, Then("扣减体力"), Then("濒死", "体力值小于1")),
    Window(_M.Timing.DAMAGE_CAUSED, "source", alive=True),
    Window(_M.Timing.DAMAGED, "target", alive=True),
    # 铁索连环's conduction: more damage events of this same family (a link to itself
    # would add no window to windows_of and is left out)
    Step(_conduct),
)


def damage(
    game: Game,
    source: Player | None,
    target: Player,
    n: int,
    card: AnyCard | None = None,
    nature: Nature = _M.Nature.NORMAL,
    reason: str = "",
    use: object = None,
) -> DamageEvent:
    """``source`` (None: no source) deals ``n`` damage to ``target``; returns the event
    (``prevented`` says whether it was prevented)."""
    ev = DamageEvent(source, target, n, card, nature, use if isinstance(use, CardUseEvent) else None, reason)
    if not target.alive or n <= 0:
        ev.prevented = True
        return ev
    DAMAGE_STAGES.run(game, ev)
    return ev
