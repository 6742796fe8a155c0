"""Player and card references: the noun phrases effects and timings point at.

:class:`PlayerRef` (一名其他角色, 你攻击范围内的…) with its :class:`PlayerFilter`s,
:class:`Count` and :class:`CardSpec` (两张红色手牌), :class:`CardClass` (非延时类锦囊牌),
and the :data:`CardRef` union of the cards an effect can name by reference (对你造成伤害的牌,
此牌, 伤害来源的一张牌, 死亡角色的所有牌, 之, 其余的牌).  Seam: phrases, not verbs — a
node here never holds an effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Union

from ..diagnostics import Span
from .base import Zone, Who, CountKind, Quantity, CardWord

__all__ = [
    "FilterKind",
    "PlayerFilter",
    "PlayerRef",
    "Count",
    "CardSpec",
    "SameAs",
    "CardClass",
    "DamageCard",
    "JudgeCardRef",
    "AllJudgeCards",
    "OwnedCard",
    "DeadPlayerCards",
    "EventCard",
    "RevealedCards",
    "CardRef",
]


class FilterKind(str, Enum):
    """Filters of a player phrase beyond 其他/已受伤的/男性 (values: the register's words)."""

    MORE_HP = "体力比你多的"
    SAME_KINGDOM = "势力相同的"
    DISTANCE_EQ = "距离为n的"
    DISTANCE_WITHIN = "距离n以内的"
    BOTH_SHOWN = "两张武将牌均明置的"
    IN_RANGE_OF_IT = "其攻击范围内你指定的"
    FEWEST_HAND = "场上手牌数最少的"
    NEAREST = "距离最近的"
    MOST_MARKS = "拥有标记最多的"


@dataclass(frozen=True, slots=True)
class PlayerFilter:
    """One filter of a player phrase.  Fields: ``kind`` (:class:`FilterKind`),
    ``value`` (the distance n, or the mark's name), ``of`` (whose kingdom/hp/range
    the filter compares with), ``span``."""

    kind: FilterKind
    span: Span
    value: int | str | None = None
    of: Who | None = None


@dataclass(frozen=True, slots=True)
class PlayerRef:
    """A player phrase.  Fields: ``who`` (:class:`Who`), ``other`` (其他: excludes
    the owner), ``wounded`` (已受伤的), ``kingdom`` (势力 filter, e.g. ``"魏"``),
    ``gender`` (男性: ``"男"``), ``count`` (一至两名: ``(1, 2)``; None = one),
    ``in_range`` (你攻击范围内的: within the owner's attack range), ``span``."""

    who: Who
    span: Span
    other: bool = False
    wounded: bool = False
    kingdom: str | None = None
    gender: str | None = None
    count: tuple[int, int] | None = None
    in_range: bool = False
    filters: tuple[PlayerFilter, ...] = ()
    #: 异性: of the other gender than the owner's
    opposite_sex: bool = False


@dataclass(frozen=True, slots=True)
class Count:
    """A card count.  Fields: ``kind`` (:class:`CountKind`), ``n`` (for EXACT/UP_TO
    with a number), ``x`` (X张 = EXACT, 至多X张 = UP_TO: the quantity X stands for),
    ``cap`` (“且最多为n”: X never exceeds n)."""

    kind: CountKind
    n: int | None = None
    x: Quantity | None = None
    cap: int | None = None


@dataclass(frozen=True, slots=True)
class SameAs:
    """与之花色相同的 / 花色与此牌不同的: a measure of each card (``measure``: 花色, 颜色 or
    点数) the same as (``differs``: not the same as) that of the card shown just before in
    the same effect (展示一张手牌 … 与之…: the suit as it counts for whoever showed it).
    Fields: ``measure``, ``differs``, ``span`` (the relative clause)."""

    measure: str
    differs: bool
    span: Span


@dataclass(frozen=True, slots=True)
class CardSpec:
    """Cards described by count and filters: ``count``, ``zone`` (手牌/牌; None for a
    named card), ``color`` (红色/黑色), ``suit`` (红桃 …), ``name`` (a card name),
    ``span``, ``plain`` (普通【杀】: a 杀 of no nature)."""

    count: Count
    span: Span
    zone: Zone | None = None
    color: str | None = None
    suit: str | None = None
    name: CardWord | None = None
    card_type: str | None = None
    names: tuple[CardWord, ...] = ()
    same_suit: bool = False
    plain: bool = False
    #: a measure compared with a card named before (与之花色相同的手牌: :class:`SameAs`)
    like: SameAs | None = None


@dataclass(frozen=True, slots=True)
class CardClass:
    """A class of cards in a timing or static sentence: 锦囊牌, 非延时类锦囊牌,
    非转化的…  Fields: ``kind`` (``"锦囊牌"``), ``non_delayed``, ``non_converted``, ``span``."""

    kind: str
    span: Span
    non_delayed: bool = False
    non_converted: bool = False
    #: 黑色锦囊牌 (帷幕)
    color: str | None = None


@dataclass(frozen=True, slots=True)
class DamageCard:
    """对你造成伤害的牌: the card that caused the current damage.  Fields: ``span``."""

    span: Span


@dataclass(frozen=True, slots=True)
class JudgeCardRef:
    """此牌 after a judgement: the judge card.  Fields: ``span``."""

    span: Span


@dataclass(frozen=True, slots=True)
class AllJudgeCards:
    """所有黑色的判定牌: every judge card of the loop with ``color``.  Fields: ``color``, ``span``."""

    color: str
    span: Span


@dataclass(frozen=True, slots=True)
class OwnedCard:
    """伤害来源的一张牌: cards of another player.  Fields: ``owner``, ``spec``, ``span``."""

    owner: PlayerRef
    spec: CardSpec
    span: Span


@dataclass(frozen=True, slots=True)
class DeadPlayerCards:
    """死亡角色的所有牌.  Fields: ``span``."""

    span: Span


@dataclass(frozen=True, slots=True)
class EventCard:
    """之: the card of the event (the 【南蛮入侵】 put into the discard pile, the card
    discarded…).  Fields: ``span``."""

    span: Span


@dataclass(frozen=True, slots=True)
class RevealedCards:
    """Cards revealed before: 其余的牌 (``rest``), 其中每种花色的牌各一张
    (``each_suit``), 弃牌堆里其余于此阶段中弃置的牌 (``discarded_this_phase``), 亮出的一张牌
    (``one``).  Fields: ``span``, the four flags."""

    span: Span
    rest: bool = False
    each_suit: bool = False
    discarded_this_phase: bool = False
    #: 亮出的一张牌: one of them, the receiver's pick (五谷丰登)
    one: bool = False


CardRef = Union[DamageCard, JudgeCardRef, AllJudgeCards, OwnedCard, DeadPlayerCards, EventCard, RevealedCards]
