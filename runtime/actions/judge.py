"""Judgement actions: a judge and its retrial (family: judge)."""

from __future__ import annotations

from typing import Callable

from ..cards import Card
from ..player import Player
from ..skills import SkillContext

from ._common import _why

__all__ = ["judge", "retrial"]


def judge(ctx: SkillContext, player: Player, good: Callable[[Card], bool] | None = None) -> Card:
    """判定: reveal the top card; the 判定牌生效前 window may replace it; returns the
    final judge card (then in the discard pile — ``obtain`` can still take it).
    ``good`` is an optional hint for bots deciding on retrial."""
    return ctx.game.judge(player, reason=_why(ctx), good=good)


def retrial(ctx: SkillContext, card: Card, respond: bool = True, keep: bool = False) -> None:
    """改判: in the 判定牌生效前 window, replace the current judge card with ``card``
    (taken from the owner's hand/equipment; ``respond`` → it is 打出).  The replaced
    card goes to the discard pile, or with ``keep`` to the owner's hand (替换之: 鬼道)."""
    ctx.game.retrial(ctx.judge_event, ctx.owner, card, respond=respond, reason=_why(ctx), keep=keep)
