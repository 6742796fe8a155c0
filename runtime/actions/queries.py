"""Queries of the table and marks: distance, attack range, seats, the suit and colour a
card counts as (红颜's suit view), marks on players."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .. import members as _M
from ..cards import AnyCard, Color, Suit
from ..legality import attack_range as _attack_range
from ..player import Player
from ..skills import SkillContext

if TYPE_CHECKING:
    from ..game import Game
from ._common import _why

__all__ = [
    "add_mark", "marks_of", "most_marked", "attack_range", "distance", "in_attack_range",
    "is_current", "current_player", "alive_players", "other_players", "suit_of", "color_of",
    "is_red", "is_black",
]


def distance(ctx: SkillContext, src: Player, dst: Player) -> int:
    """Distance from ``src`` to ``dst`` (seat distance, horses, static skills)."""
    return ctx.game.distance(src, dst)


def attack_range(ctx: SkillContext, player: Player) -> int:
    """``player``'s attack range (1 without a weapon; weapon and static skills)."""
    return _attack_range(ctx.game, player)


def in_attack_range(ctx: SkillContext, src: Player, dst: Player) -> bool:
    """Whether ``dst`` is in ``src``'s attack range."""
    return ctx.game.in_attack_range(src, dst)


def is_current(ctx: SkillContext, player: Player) -> bool:
    """Whether it is ``player``'s turn (当前回合角色)."""
    return ctx.game.current is player


def current_player(ctx: SkillContext) -> Player:
    return ctx.game.current


def alive_players(ctx: SkillContext) -> list[Player]:
    """Living players in seat order starting from the current player."""
    return ctx.game.alive_from(ctx.game.current)


def other_players(ctx: SkillContext, player: Player) -> list[Player]:
    """Living players other than ``player``, in seat order from his next seat."""
    return ctx.game.alive_from(player)[1:] if player.alive else [
        p for p in ctx.game.alive_from(ctx.game.current) if p is not player
    ]


def suit_of(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> Suit:
    """The suit ``card`` counts as in this game (the suit view, :mod:`sgs.runtime.suits`:
    红颜), ``holder``'s (None: whoever holds it in hand or equipment).  ``ctx``: a
    skill's context, or the game (a static skill's query)."""
    return (ctx.game if isinstance(ctx, SkillContext) else ctx).suit_of(card, holder)


def color_of(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> Color:
    """The colour ``card`` counts as in this game (see :func:`suit_of`)."""
    return (ctx.game if isinstance(ctx, SkillContext) else ctx).color_of(card, holder)


def is_red(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> bool:
    """Whether ``card`` counts as red in this game (see :func:`suit_of`)."""
    return color_of(ctx, card, holder) is _M.Color.RED


def is_black(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> bool:
    """Whether ``card`` counts as black in this game (see :func:`suit_of`)."""
    return color_of(ctx, card, holder) is _M.Color.BLACK


def add_mark(ctx: SkillContext, player: Player, mark: str, n: int = 1) -> None:
    """获得n枚“mark”标记: public marks on ``player``'s general (kept in ``player.marks``
    as ``标记:<mark>``)."""
    if not player.alive or n <= 0:
        return
    key = "标记:" + mark
    player.marks[key] = player.marks.get(key, 0) + n
    game = ctx.game
    game.log_event("标记", f"{game.tag(player)} 获得{n}枚“{mark}”标记（{_why(ctx)}），共{player.marks[key]}枚",
                   player=player.seat, mark=mark, count=player.marks[key])


def marks_of(ctx: SkillContext, player: Player, mark: str) -> int:
    """How many “mark” marks ``player`` has."""
    return player.marks.get("标记:" + mark, 0)


def most_marked(ctx: SkillContext, players: Sequence[Player], mark: str) -> list[Player]:
    """拥有“mark”标记最多的角色: those of ``players`` with the most such marks (at least
    one: nobody has the most of none)."""
    most = max((marks_of(ctx, p, mark) for p in players), default=0)
    return [p for p in players if most > 0 and marks_of(ctx, p, mark) == most]
