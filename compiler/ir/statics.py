"""Static rules: what a 状态技 says (queried, never triggered).

The members of :data:`StaticModifier` — distance (:class:`DistanceModifier`), card-use
rules (:class:`UnlimitedCard`, :class:`NoDistanceLimit`, :class:`ExtraUses` …),
prohibitions (:class:`Prohibit`, :class:`Invalid`), and the rules of the coverage
families (:class:`SuitAs`, :class:`EquipAs` …).  A :class:`~.abilities.StaticAbility`
holds one; :class:`~.effects_coverage.GainRules` grants some for a while.  Seam: rules,
not effects — nothing here holds an effect.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..diagnostics import Span
from .base import Mode, CardWord, Quantity
from .refs import CardClass
from .conditions import Condition

__all__ = [
    "DistanceModifier",
    "Invalid",
    "UnlimitedCard",
    "DuelResponseCount",
    "NoDistanceLimit",
    "Prohibit",
    "SuitAs",
    "PeachOnlyDying",
    "DamageSourceOf",
    "EquipAs",
    "UseWithin",
    "CardNoDistance",
    "ExtraUses",
    "ExtraTargets",
    "ForbidShowOthers",
    "StaticModifier",
]


@dataclass(frozen=True, slots=True)
class DistanceModifier:
    """你计算与其他角色的距离时，始终±n.  Fields: ``delta``, ``span``, ``incoming``
    (其他角色计算与你的距离时: the distance from the others to you changes)."""

    delta: int
    span: Span
    incoming: bool = False


@dataclass(frozen=True, slots=True)
class Invalid:
    """黑色的【杀】对你无效 (仁王盾): such a card used on you has no effect on you.
    Fields: ``card``, ``color`` (红色/黑色 or None), ``span``; a list of cards
    (【南蛮入侵】、【万箭齐发】和普通【杀】对你无效: 藤甲) names the others in ``more``,
    and ``plain`` makes its 【杀】 a 普通【杀】 (a 杀 of no nature)."""

    card: CardWord
    span: Span
    color: str | None = None
    more: tuple[CardWord, ...] = ()
    plain: bool = False


@dataclass(frozen=True, slots=True)
class UnlimitedCard:
    """出牌阶段，你可以使用任意数量的【杀】.  Fields: ``card``, ``phase``, ``span``."""

    card: CardWord
    phase: str
    span: Span


@dataclass(frozen=True, slots=True)
class DuelResponseCount:
    """与你进行【决斗】的角色每次需连续打出n张【杀】.  Fields: ``duel`` (the trick:
    决斗), ``count``, ``card`` (杀), ``mode``, ``span``."""

    duel: CardWord
    count: int
    card: CardWord
    mode: Mode
    span: Span


@dataclass(frozen=True, slots=True)
class NoDistanceLimit:
    """你使用锦囊牌无距离限制.  Fields: ``cards`` (:class:`CardClass`), ``span``."""

    cards: CardClass
    span: Span


@dataclass(frozen=True, slots=True)
class Prohibit:
    """（若你没有手牌，）你不能成为【A】或【B】的目标.  Fields: ``cards``,
    ``no_hand`` (the condition), ``span``."""

    cards: tuple[CardWord, ...]
    span: Span
    no_hand: bool = False


@dataclass(frozen=True, slots=True)
class SuitAs:
    """你的黑桃牌均视为红桃牌 / 你的红桃手牌均视为【杀】.  Fields: ``suit``,
    ``hand_only``, ``as_suit`` or ``as_card``, ``span``."""

    suit: str
    hand_only: bool
    span: Span
    as_suit: str | None = None
    as_card: CardWord | None = None


@dataclass(frozen=True, slots=True)
class PeachOnlyDying:
    """在你的回合，除你以外，只有处于濒死状态的角色才能使用【桃】.  Fields: ``card``, ``span``."""

    card: CardWord
    span: Span


@dataclass(frozen=True, slots=True)
class DamageSourceOf:
    """你是任何【南蛮入侵】造成伤害的来源.  Fields: ``card``, ``span``."""

    card: CardWord
    span: Span


@dataclass(frozen=True, slots=True)
class EquipAs:
    """若你的装备区没有防具牌，视为你装备着【八卦阵】.  Fields: ``card``, ``cond``, ``span``."""

    card: CardWord
    cond: Condition
    span: Span


@dataclass(frozen=True, slots=True)
class UseWithin:
    """你可以对距离n以内的…角色使用【兵粮寸断】.  Fields: ``card``, ``distance``, ``span``."""

    card: CardWord
    distance: int
    span: Span


@dataclass(frozen=True, slots=True)
class CardNoDistance:
    """你使用（红桃）【杀】（时）无距离限制.  Fields: ``card``, ``suit``/``color``, ``span``."""

    card: CardWord
    span: Span
    suit: str | None = None
    color: str | None = None


@dataclass(frozen=True, slots=True)
class ExtraUses:
    """可额外使用n张【杀】.  Fields: ``card``, ``count``, ``span``."""

    card: CardWord
    count: int
    span: Span


@dataclass(frozen=True, slots=True)
class ExtraTargets:
    """你使用【杀】可以额外指定n个目标 / 多选择至多X+1名角色为目标: the owner's card may
    have up to that many targets more.  Fields: ``card``, ``count`` (n, or what is
    added to X), ``span``, ``x`` (X, or None), ``cond`` (what the card must be:
    你使用的【杀】若是你最后的手牌, or None)."""

    card: CardWord
    count: int
    span: Span
    x: Quantity | None = None
    cond: Condition | None = None


@dataclass(frozen=True, slots=True)
class ForbidShowOthers:
    """你的回合内，若此武将牌处于明置状态，其他角色不能明置其武将牌.  Fields: ``cond``, ``span``."""

    cond: Condition
    span: Span


StaticModifier = Union[DistanceModifier, UnlimitedCard, DuelResponseCount, NoDistanceLimit, Prohibit, Invalid, SuitAs, PeachOnlyDying, DamageSourceOf, EquipAs, UseWithin, CardNoDistance, ExtraUses, ExtraTargets, ForbidShowOthers]
