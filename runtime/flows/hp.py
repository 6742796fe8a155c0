"""Hp: 回复体力 (recovery) and 失去体力 (hp loss, not damage: no damage windows).

:data:`RECOVER_STAGES`: 回复体力时 (a skill may change the amount or prevent it), the
recovery (capped at max hp; nothing happens at 0), 回复体力后.
:data:`LOSE_HP_STAGES`: the loss (濒死 below 1 hp), 失去体力后 while the player lives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import members as _M
from ..cards import AnyCard
from ..events import LoseHpEvent, RecoverEvent
from ..player import Player
from ..stages import Step, Then, Window, family
from .dying import enter_dying

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["RECOVER_STAGES", "LOSE_HP_STAGES", "recover", "lose_hp"]


def _heal(game: Game, ev: RecoverEvent) -> bool:
    if ev.prevented:
        return False
    player = ev.player
    amount = min(ev.amount, player.max_hp - player.hp)
    if amount <= 0:
        return False
    player.hp += amount
    reason = ev.reason
    game.log_event(
        "回复体力",
        f"{game.tag(player)} 回复了{amount}点体力，体力值为{player.hp}" + (f"（{reason}）" if reason else ""),
        player=player.seat,
        amount=amount,
        hp=player.hp,
    )
    ev.amount = amount
    return True


RECOVER_STAGES = family(
    "回复体力",
    Window(_M.Timing.RECOVERING, "player"),
    Step(_heal),
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
    if player.hp < 1:
        enter_dying(game, player, None)


LOSE_HP_STAGES = family(
    "失去体力",
    Step(_lose, Then("濒死", "体力值小于1")),
    Window(_M.Timing.HP_LOST, "player", alive=True),
)


def lose_hp(game: Game, player: Player, n: int, reason: str = "") -> None:
    """``player`` loses ``n`` hp (may enter 濒死)."""
    if not player.alive or n <= 0:
        return
    LOSE_HP_STAGES.run(game, LoseHpEvent(player, n, reason))
