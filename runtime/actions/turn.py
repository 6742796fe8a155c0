"""Turn and phase actions and counters: skipping a phase, the draw phase's count, damage
bonuses, what was used or lost this turn, per-phase counters (family: turn/phase)."""

from __future__ import annotations

from typing import Sequence

from .. import members as _M
from ..cards import CardName
from ..player import DAMAGE_BONUS, USED, Player
from ..skills import SkillContext, UseMode
from ..timing import Phase
from ..zones import CardZone

from ._common import _why

_HAND, _EQUIP = _M.Zone.HAND, _M.Zone.EQUIP

__all__ = [
    "skip_phase", "phase_count", "add_phase_count", "skill_uses", "cards_given_this_phase",
    "change_draw_count", "skip_draw", "add_damage_bonus", "lost_count",
    "cards_used_this_turn", "current_phase",
]


def skip_phase(ctx: SkillContext, player: Player, phase: Phase) -> None:
    """跳过 ``player``'s next ``phase`` (this turn if not passed yet)."""
    ctx.game.skip_phase(player, phase)


def phase_count(ctx: SkillContext, player: Player, key: str) -> int:
    """A per-phase counter of ``player`` (reset at every phase start)."""
    return player.phase_counters.get(key, 0)


def add_phase_count(ctx: SkillContext, player: Player, key: str, n: int = 1) -> int:
    """Add to a per-phase counter; returns the new value."""
    v = player.phase_counters.get(key, 0) + n
    player.phase_counters[key] = v
    return v


def skill_uses(ctx: SkillContext, player: Player, skill_name: str, per: str = "phase") -> int:
    """How often ``player`` invoked ``skill_name`` this ``per`` = phase/turn/game."""
    if per == "turn":
        return player.turn_counters.get(skill_name, 0)
    if per == "game":
        return player.marks.get("uses:" + skill_name, 0)
    return player.phase_counters.get(skill_name, 0)


def cards_given_this_phase(ctx: SkillContext, player: Player) -> int:
    """How many cards ``player`` gave (交给) to others this phase (仁德)."""
    return player.phase_counters.get(GIVEN, 0)


GIVEN = "给出"


def change_draw_count(ctx: SkillContext, delta: int) -> int:
    """额外摸n张牌 (+n) / 少摸n张牌 (-n): in the 摸牌阶段摸牌时 window, change how many
    cards this draw phase draws (never below 0).  Returns the new count."""
    dp = ctx.draw_phase
    dp.count = max(0, dp.count + delta)
    return dp.count


def skip_draw(ctx: SkillContext) -> None:
    """放弃摸牌: in the 摸牌阶段摸牌时 window, this draw phase draws nothing (突袭)."""
    ctx.draw_phase.skip_draw = True


def add_damage_bonus(ctx: SkillContext, player: Player, names: Sequence[CardName], n: int = 1) -> None:
    """``player``'s cards named ``names`` that he uses deal ``n`` more damage when he is
    the source, until the end of this turn (裸衣).  All 杀 count as 【杀】."""

    for name in names:
        key = DAMAGE_BONUS + ("杀" if name in (_M.CardName.SLASH, _M.CardName.FIRE_SLASH, _M.CardName.THUNDER_SLASH) else name.value)
        player.turn_counters[key] = player.turn_counters.get(key, 0) + n
    ctx.game.log_event(
        "效果",
        f"{ctx.game.tag(player)} 本回合使用的{'或'.join('【' + n_.value + '】' for n_ in names)}造成的伤害+{n}（{_why(ctx)}）",
        player=player.seat,
    )


def current_phase(ctx: SkillContext) -> Phase | None:
    """The phase being played (None between phases and outside turns)."""
    return ctx.game.phase


def cards_used_this_turn(
    ctx: SkillContext, player: Player, name: CardName, mode: UseMode = _M.UseMode.BOTH, phase: Phase = _M.Phase.PLAY
) -> int:
    """How many cards named ``name`` (any 杀 for 【杀】) ``player`` used (``USE``),
    responded with (``RESPOND``) or either (``BOTH``) in ``phase`` of his current turn."""

    key = "杀" if name in (_M.CardName.SLASH, _M.CardName.FIRE_SLASH, _M.CardName.THUNDER_SLASH) else name.value
    total = 0
    for m in (_M.UseMode.USE, _M.UseMode.RESPOND):
        if mode.allows(m):
            total += player.turn_counters.get(USED + phase.value + m.value + key, 0)
    return total


def lost_count(ctx: SkillContext, zone: CardZone) -> int:
    """In a 失去牌时 window: how many cards the owner lost from ``zone`` (HAND,
    EQUIP or HAND_EQUIP) in this move."""

    mv = ctx.move
    if mv.from_player is not ctx.owner:
        return 0
    hand, equip = zone.hand, zone.equip
    n = 0
    for z in mv.from_zones:  # (a loop: a comprehension is a function call in Python 3.11)
        if (z is _HAND and hand) or (z is _EQUIP and equip):
            n += 1
    return n
