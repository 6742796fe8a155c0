"""Hp: 回复体力 (recovery), 失去体力 (hp loss, not damage: no damage windows), and
扣减体力 (the deduction both a damage and an hp loss make).

:data:`RECOVER_STAGES`: 回复体力时 (a skill may change the amount or prevent it), the
recovery (capped at max hp; nothing happens at 0), the cards on his general card that
stand for hp below 1 given back, 回复体力后.
:data:`LOSE_HP_STAGES`: the loss (its deduction: 濒死 below 1 hp), 失去体力后 while
the player lives.
:data:`DEDUCT_STAGES`: 扣减体力时, opened by :func:`deducted` once per point deducted,
the player's hp as it stands after that point (seed 000 §A, 不屈: 每扣减一点体力); then
濒死 below 1 hp, unless a skill there said he does not die of it (不会死去).

Cards put on the general card at 扣减体力时 (不屈: one per point deducted at 0 hp or
below) stand for the hp below 1: when he recovers he keeps only ``1 - hp`` of them,
choosing which go to the discard pile, none at 1 hp or more.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import members as _M
from ..cards import AnyCard
from ..events import DamageEvent, HpDeductEvent, LoseHpEvent, RecoverEvent
from ..player import Player
from ..stages import Step, Then, Window, family
from .dying import enter_dying

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["RECOVER_STAGES", "LOSE_HP_STAGES", "DEDUCT_STAGES", "HP_PILES", "recover", "lose_hp", "deducted"]

#: the marks key (``player.marks``) of a pile whose cards stand for hp below 1
HP_PILES = "体力牌堆:"


def _heal(game: Game, ev: RecoverEvent) -> bool:
    if ev.prevented:
        return False
    player = ev.player
    amount = min(ev.amount, player.max_hp - player.hp)
    if amount <= 0:
        return False
    player.hp += amount
    reason = ev.reason
    game.log_entry(
        "回复体力",
        ("{} 回复了{}点体力，体力值为{}（{}）", game.tag(player), amount, player.hp, reason)
        if reason
        else ("{} 回复了{}点体力，体力值为{}", game.tag(player), amount, player.hp),
        {"player": player.seat, "amount": amount, "hp": player.hp},
    )
    ev.amount = amount
    return True


def _give_back(game: Game, ev: RecoverEvent) -> None:
    player = ev.player
    if not player.piles:
        return
    keep = max(0, 1 - player.hp)
    for name in [n for n in player.piles if player.marks.get(HP_PILES + n)]:
        pile = player.piles[name]
        extra = len(pile) - keep
        if extra <= 0:
            continue
        back = list(pile) if keep == 0 else game.choose_cards(
            player, list(pile), extra, extra, prompt=f"将{extra}张“{name}”牌置入弃牌堆", about=name
        )
        game.log_event(
            "移去",
            f"{game.tag(player)} 将武将牌上的{'、'.join(c.label for c in back)}置入弃牌堆（{name}）",
            player=player.seat,
            cards=[c.label for c in back],
        )
        game.move_cards(back, _M.Zone.DISCARD_PILE, None, _M.MoveReason.PUT)


RECOVER_STAGES = family(
    "回复体力",
    Window(_M.Timing.RECOVERING, "player"),
    Step(_heal),
    Step(_give_back, Then("移动牌", "武将牌上代表体力的牌置入弃牌堆", roles=frozenset())),
    Window(_M.Timing.RECOVERED, "player"),
)


def recover(
    game: Game, player: Player, n: int, source: Player | None = None, reason: str = "", card: AnyCard | None = None
) -> int:
    """``player`` recovers ``n`` hp (capped at his max hp); returns the amount recovered."""
    if not player.alive or n <= 0:
        return 0
    ev = RecoverEvent(player, n, source, card, reason)
    return ev.amount if RECOVER_STAGES.run(game, ev) else 0


def _lose(game: Game, ev: LoseHpEvent) -> None:
    player = ev.player
    n = ev.amount
    player.hp -= n
    reason = ev.reason
    game.log_event(
        "失去体力",
        f"{game.tag(player)} 失去了{n}点体力，体力值为{player.hp}" + (f"（{reason}）" if reason else ""),
        player=player.seat,
        amount=n,
        hp=player.hp,
    )
    deducted(game, player, n, None)


LOSE_HP_STAGES = family(
    "失去体力",
    Step(_lose, Then("扣减体力"), Then("濒死", "体力值小于1")),
    Window(_M.Timing.HP_LOST, "player", alive=True),
)


def lose_hp(game: Game, player: Player, n: int, reason: str = "") -> None:
    """``player`` loses ``n`` hp (may enter 濒死)."""
    if not player.alive or n <= 0:
        return
    LOSE_HP_STAGES.run(game, LoseHpEvent(player, n, reason))


DEDUCT_STAGES = family("扣减体力", Window(_M.Timing.HP_DEDUCTING, "player", alive=True))


def deducted(game: Game, player: Player, n: int, damage: DamageEvent | None) -> None:
    """``player``'s hp has just fallen by ``n`` (a damage ``damage``, or an hp loss:
    None; applied and logged): 扣减体力时 once per point, his hp set back and taken
    one point at a time (a 桃 in a 濒死 a skill starts there counts); then 濒死 if he
    lives below 1 hp and no skill said he does not die of it."""
    if n > 0 and game.hears(_M.Timing.HP_DEDUCTING, player):
        ev = HpDeductEvent(player, n, damage)
        player.hp += n
        for point in range(1, n + 1):
            player.hp -= 1
            ev.point = point
            DEDUCT_STAGES.run(game, ev)
            if not player.alive:
                return
        if ev.survives:
            return
    if player.hp < 1 and player.alive:
        enter_dying(game, player, damage)
