"""The register's vocabulary: the enums every IR node draws on, and the card word.

:class:`Mode` (使用/打出), :class:`Zone` (手牌/牌), :class:`Who` (the kinds of player
phrase), :class:`Tag` (锁定技 …), :class:`CountKind` and :class:`Quantity` (how many
cards, what X stands for), and :class:`CardWord` (a card name as written).  The values
are the register's own words.  Seam: leaves of the IR — nothing here refers to another
IR module.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..diagnostics import Span

__all__ = ["Mode", "Zone", "Who", "Tag", "CountKind", "Quantity", "CardWord"]


class Mode(str, Enum):
    """使用 / 打出 / 使用或打出 (values are the register's words)."""

    USE = "使用"
    RESPOND = "打出"
    BOTH = "使用或打出"
    USE_OR_RECAST = "使用或重铸"


class Zone(str, Enum):
    """Where cards come from: 手牌 (hand only) vs 牌 (hand + equipment)."""

    HAND = "手牌"
    HAND_EQUIP = "牌"
    AREAS = "区域里的牌"
    EQUIP = "装备区里的牌"


class Who(str, Enum):
    """The kinds of player phrase.

    ``YOU`` 你 (the owner); ``IT`` 其/该角色 (the player the context is about: the
    target of the 杀, the damage source in an option …); ``SOURCE`` 伤害来源;
    ``ONE`` 一名…角色 (a player to choose); ``ALL_OTHERS`` 其他…角色 (every other
    player matching the filters, or one of them when a verb needs one); ``SIDE`` /
    ``OTHER_SIDE`` the sides of a turn-taking (一方 / 另一方).
    """

    YOU = "你"
    IT = "其"
    SOURCE = "伤害来源"
    ONE = "一名角色"
    ALL_OTHERS = "其他角色"
    ALL = "所有角色"
    KILLER = "杀死你的角色"
    TARGET = "目标角色"
    THEY = "他们"
    QUESTIONERS = "质疑者"
    #: the two sides of a turn-taking (:class:`~.effects_coverage.TakeTurns`): the one
    #: who did not do it (首先未打出【杀】的一方) and the other one (另一方)
    SIDE = "一方"
    OTHER_SIDE = "另一方"
    #: no player: what the card or the rules do, written without a subject (五谷丰登's own
    #: step 亮出牌堆顶…, the use's — :attr:`~.abilities.CardEffectAbility.once`; 闪电's
    #: 将此牌移动至下家的判定区), and the source of a damage no one deals (其受到3点雷电伤害)
    NOBODY = "无人"
    #: the player the user designated when he used the card, beside its targets (你指定的另一名
    #: 角色: 借刀杀人's victim) — only in the effect of a card whose use designates one
    DESIGNATED = "你指定的角色"


class Tag(str, Enum):
    """Skill tags printed before the text."""

    COMPULSORY = "锁定技"
    LORD = "主公技"
    LIMITED = "限定技"
    WAKE = "觉醒技"


class CountKind(str, Enum):
    """How many cards: ``EXACT`` n张, ``ANY`` 任意数量 (≥1), ``UP_TO`` 至多n张,
    ``SAME`` 等量 (as many as the previous card verb moved), ``IMPLICIT`` (a bare
    card name: one card)."""

    EXACT = "张"
    ANY = "任意数量"
    UP_TO = "至多"
    SAME = "等量"
    IMPLICIT = "一张"
    ALL = "所有"
    HALF = "一半"
    HAND_DIFF = "手牌数差"


class Quantity(str, Enum):
    """Named quantities for X: 体力上限, 已损失的体力值, 存活角色的数量."""

    MAX_HP = "体力上限"
    LOST_HP = "已损失的体力值"
    ALIVE_COUNT = "存活角色的数量"
    HP = "体力值"
    IT_LOST_HP = "其已损失的体力值"
    #: the amount of the damage of the window (若伤害值大于1, in a damage window)
    DAMAGE = "伤害值"
    #: how many targets the card's use has (等同于目标数的牌, in a card's effect)
    TARGET_COUNT = "目标数"


@dataclass(frozen=True, slots=True)
class CardWord:
    """A card name as written.  Fields: ``name`` (without 【】), ``bracketed``
    (written with 【】), ``span``."""

    name: str
    span: Span
    bracketed: bool = False
