"""Conditions: what a 若… clause or a turn condition tests.

:class:`Condition` (若你没有手牌, 若你赢, comparisons of :class:`Measure`s, 以下情况之一)
keyed by :class:`CondKind`, and :class:`NoCardUsed` (若你于出牌阶段未使用过【杀】, the
condition of a trigger on the current turn).  Seam: tests, read by abilities
(``condition``), by :class:`~.effects_coverage.Conditional` and by static rules.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..diagnostics import Span
from .base import Mode, Quantity, CardWord
from .refs import PlayerRef

__all__ = ["CondKind", "Measure", "Condition", "NoCardUsed"]


class CondKind(str, Enum):
    """What a 若… condition tests (values: the register's words)."""

    NO_HAND = "没有手牌"
    HAS_HAND = "有手牌"
    HAS_CARDS = "有牌"
    NO_EQUIP = "装备区没有"
    WOUNDED = "已受伤"
    PINDIAN_WON = "赢"
    PINDIAN_LOST = "没赢"
    DONE = "如此做"
    SKIPPED = "以此法跳过"
    DISCARDED_AT_LEAST = "以此法弃置的牌的张数不小于"
    COMPARE = "比较"
    SAME_KINGDOM = "与你势力相同"
    HAS_HIDDEN = "有暗置的武将牌"
    THIS_SHOWN = "此武将牌处于明置状态"
    NUMBER_NEW = "点数都不同"
    NUMBER_REPEAT = "出现相同点数"
    FEWEST_KINGDOM = "所属势力的角色数最少"
    CARD_DISCARDED = "结算后置入弃牌堆"
    ANY_OF = "以下情况之一"
    SUIT_DIFFERS = "花色不同"
    QUESTIONED = "有角色质疑"
    TRUE = "为真"
    FALSE = "为假"
    NOT_SUIT = "此牌不为"
    #: the card used is all the hand of ``player`` (你使用的【杀】若是你最后的手牌)
    LAST_HAND = "是最后的手牌"
    #: ``player`` is chained (若目标角色处于连环状态: 铁索连环)
    CHAINED = "处于连环状态"
    #: ``player`` is dying, being asked to be saved (若你处于濒死状态: 酒)
    DYING = "处于濒死状态"


@dataclass(frozen=True, slots=True)
class Measure:
    """手牌数 / 体力值 / 攻击范围 of a player.  Fields: ``what``, ``of``, ``span``."""

    what: str
    of: PlayerRef
    span: Span


@dataclass(frozen=True, slots=True)
class Condition:
    """若… .  Fields: ``kind`` (:class:`CondKind`), ``text`` (as written), ``player``
    (whose state), ``left``/``op``/``right`` (comparisons: op is 大于或等于, 小于或等于,
    为, 不小于, 多于; right is a measure, a number or X), ``phase`` (跳过的阶段), ``card``
    (the card of the event), ``cases`` (ANY_OF), ``span``."""

    kind: CondKind
    text: str
    span: Span
    player: PlayerRef | None = None
    left: Measure | Quantity | None = None
    op: str | None = None
    right: Measure | int | Quantity | None = None
    phase: str | None = None
    card: CardWord | None = None
    cases: tuple[Condition, ...] = ()
    #: 此牌不为红桃 (NOT_SUIT)
    suit: str | None = None


@dataclass(frozen=True, slots=True)
class NoCardUsed:
    """若你于<阶段>未<使用或打出>过【杀】: a condition on the current turn.  Fields:
    ``phase``, ``mode``, ``card``, ``span``."""

    phase: str
    mode: Mode
    card: CardWord
    span: Span
