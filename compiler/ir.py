"""The IR: small frozen dataclasses, each carrying its source :class:`Span`.

The IR is the one contract between the front end (grammar → :mod:`.lower`) and
the back ends (:mod:`.check`, the trigger graph, :mod:`.emit`).  It keeps every
distinction the register makes:

* per damage event (``一次``) vs per point (``1点``): :attr:`TimingSpec.per_point`;
* 使用 / 打出 / 使用或打出: :class:`Mode`;
* ``你可以`` (optional) vs none (mandatory): ``optional`` on abilities and effects;
* 手牌 vs 牌: :class:`Zone`;
* 其他角色 vs 一名角色: :attr:`PlayerRef.who` and :attr:`PlayerRef.other`;
* ``每阶段限一次``: :class:`Limit`.

Skill kinds are distinct ability classes: :class:`TriggeredAbility`,
:class:`ViewAsAbility`, :class:`ActiveAbility`, :class:`StaticAbility`,
:class:`ReplacementAbility`, :class:`ProxyAbility`.  Effects are the verbs of the
language; each effect class names its verb in ``verb`` (a key of
:data:`sgs.compiler.verbs.VERBS`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import ClassVar, Union

from .diagnostics import Span

__all__ = [
    "Span",
    "Mode",
    "Zone",
    "Who",
    "Tag",
    "CountKind",
    "Quantity",
    "CardWord",
    "PlayerRef",
    "Count",
    "CardSpec",
    "DamageCard",
    "JudgeCardRef",
    "AllJudgeCards",
    "OwnedCard",
    "CardRef",
    "Obtain",
    "Discard",
    "Draw",
    "Give",
    "Recover",
    "ExtraRecover",
    "LoseHp",
    "Damage",
    "Judge",
    "JudgeTest",
    "JudgeBranch",
    "JudgeAgain",
    "Option",
    "ChooseOne",
    "Retrial",
    "ForbidJink",
    "RequireResponses",
    "Threshold",
    "DrawCountChange",
    "DamageBonus",
    "ChoosePlayer",
    "LookAtTop",
    "GiveLooked",
    "PutLooked",
    "Transfer",
    "ChooseSuit",
    "Show",
    "SuitBranch",
    "SkipPhase",
    "ViewAsUse",
    "Effect",
    "CardClass",
    "NoCardUsed",
    "NoDistanceLimit",
    "Prohibit",
    "Limit",
    "TimingSpec",
    "TriggeredAbility",
    "Conversion",
    "ViewAsAbility",
    "ActiveAbility",
    "DistanceModifier",
    "UnlimitedCard",
    "DuelResponseCount",
    "StaticModifier",
    "StaticAbility",
    "ReplacementAbility",
    "ProxyAbility",
    "Ability",
    "Skill",
    "General",
    "IgnoreArmor",
    "Invalid",
    "CardDecl",
    "Package",
]


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


class Who(str, Enum):
    """The kinds of player phrase.

    ``YOU`` 你 (the owner); ``IT`` 其/该角色 (the player the context is about: the
    target of the 杀, the damage source in an option …); ``SOURCE`` 伤害来源;
    ``ONE`` 一名…角色 (a player to choose); ``ALL_OTHERS`` 其他…角色 (every other
    player matching the filters, or one of them when a verb needs one).
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


@dataclass(frozen=True, slots=True)
class CardWord:
    """A card name as written.  Fields: ``name`` (without 【】), ``bracketed``
    (written with 【】), ``span``."""

    name: str
    span: Span
    bracketed: bool = False


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
class CardSpec:
    """Cards described by count and filters: ``count``, ``zone`` (手牌/牌; None for a
    named card), ``color`` (红色/黑色), ``suit`` (红桃 …), ``name`` (a card name),
    ``span``."""

    count: Count
    span: Span
    zone: Zone | None = None
    color: str | None = None
    suit: str | None = None
    name: CardWord | None = None
    card_type: str | None = None
    names: tuple[CardWord, ...] = ()
    same_suit: bool = False


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


# ================================================================ coverage: seed 004 (国战) and 风
# Nodes added for the skill texts of seed 004 and the 风 expansion.  Most of their
# verbs have no runtime action yet: the verb table (:mod:`.verbs`) names the action
# each needs, ``sgs check`` reports it (W0601) and ``sgs compile`` refuses (E0503).


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


class CondKind(str, Enum):
    """What a 若… condition tests (values: the register's words)."""

    NO_HAND = "没有手牌"
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
    left: Measure | None = None
    op: str | None = None
    right: Measure | int | Quantity | None = None
    phase: str | None = None
    card: CardWord | None = None
    cases: tuple[Condition, ...] = ()
    #: 此牌不为红桃 (NOT_SUIT)
    suit: str | None = None


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
    (``each_suit``), 弃牌堆里其余于此阶段中弃置的牌 (``discarded_this_phase``).
    Fields: ``span``, the three flags."""

    span: Span
    rest: bool = False
    each_suit: bool = False
    discarded_this_phase: bool = False


@dataclass(frozen=True, slots=True)
class Pindian:
    """与<player>拼点.  Fields: ``actor``, ``target``, ``optional``, ``span``."""

    verb: ClassVar[str] = "拼点"
    actor: PlayerRef
    target: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Conditional:
    """若<condition>，<then>.  Fields: ``cond``, ``then``, ``span``."""

    verb: ClassVar[str] = "若"
    cond: Condition
    then: tuple[Effect, ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class DoOrElse:
    """<actor>需<do>，否则<otherwise>: the actor chooses to do it or the rest happens.
    Fields: ``actor``, ``do``, ``otherwise``, ``span``."""

    verb: ClassVar[str] = "否则"
    actor: PlayerRef
    do: tuple[Effect, ...]
    otherwise: tuple[Effect, ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Delayed:
    """在回合结束时，<effects>: effects that wait for a later window of this turn.
    Fields: ``window``, ``effects``, ``optional`` (可), ``span``."""

    verb: ClassVar[str] = "延时"
    actor: PlayerRef
    window: str
    effects: tuple[Effect, ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class TurnOver:
    """将<player>的武将牌叠置 (国战; 翻面).  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "叠置"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class FaceUp:
    """将<player>的武将牌平置.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "平置"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ResetChain:
    """重置之 (leave the chained state).  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "重置"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class RecoverTo:
    """体力回复至n点.  Fields: ``actor``, ``hp``, ``optional``, ``span``."""

    verb: ClassVar[str] = "回复至"
    actor: PlayerRef
    hp: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class CancelTarget:
    """取消之: the actor stops being a target of the card.  Fields: ``actor``,
    ``optional``, ``span``."""

    verb: ClassVar[str] = "取消目标"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class TransferDamage:
    """转移此伤害给<player>.  Fields: ``actor``, ``to``, ``optional``, ``span``."""

    verb: ClassVar[str] = "转移伤害"
    actor: PlayerRef
    to: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ExtraTurn:
    """进行一个额外的回合.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "额外回合"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ChooseItems:
    """选择一至两项：1. …；2. … (and 你每选择一项，… in ``per_choice``).  Fields:
    ``actor``, ``low``/``high`` (how many), ``options``, ``per_choice``, ``optional``, ``span``."""

    verb: ClassVar[str] = "选择若干项"
    actor: PlayerRef
    low: int
    high: int
    options: tuple[Option, ...]
    span: Span
    per_choice: tuple[Effect, ...] = ()
    optional: bool = False


@dataclass(frozen=True, slots=True)
class VirtualUse:
    """视为（你）对<player>（或<player>）使用一张【牌】.  Fields: ``actor`` (the user),
    ``card``, ``targets`` (one of them, chosen), ``uncounted`` (不计入使用次数),
    ``optional``, ``span``."""

    verb: ClassVar[str] = "视为对其使用"
    actor: PlayerRef
    card: CardWord
    targets: tuple[PlayerRef, ...]
    span: Span
    uncounted: bool = False
    optional: bool = False


@dataclass(frozen=True, slots=True)
class UseCard:
    """对<player>使用一张【牌】 (a real card from the hand).  Fields: ``actor``,
    ``card``, ``target``, ``optional``, ``span``."""

    verb: ClassVar[str] = "使用牌"
    actor: PlayerRef
    card: CardWord
    target: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class GainRules:
    """获得以下技能直到回合结束：… .  Fields: ``actor``, ``rules`` (static
    modifiers), ``until``, ``optional``, ``span``."""

    verb: ClassVar[str] = "获得技能"
    actor: PlayerRef
    rules: tuple[StaticModifier, ...]
    until: str
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class GainMark:
    """获得n枚“名”标记.  Fields: ``actor``, ``mark``, ``count``, ``optional``, ``span``."""

    verb: ClassVar[str] = "标记"
    actor: PlayerRef
    mark: str
    count: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class FillHand:
    """将手牌补至等同于其体力上限的张数（最多补至n张）.  Fields: ``actor``, ``cap``,
    ``optional``, ``span``."""

    verb: ClassVar[str] = "补牌"
    actor: PlayerRef
    span: Span
    cap: int | None = None
    optional: bool = False


@dataclass(frozen=True, slots=True)
class PutIntoEquip:
    """将手牌中的一张装备牌置于<player>装备区里.  Fields: ``actor``, ``cards``,
    ``to``, ``optional``, ``span``."""

    verb: ClassVar[str] = "置入装备区"
    actor: PlayerRef
    cards: CardSpec
    to: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class MoveCard:
    """将场上的一张牌移动到另一名角色区域里的相应位置 / 将其装备区里的一张牌移动到你的
    装备区里（或弃置之）.  Fields: ``actor``, ``owner`` (None: any player on the
    field), ``cards``, ``to`` (None: another player chosen), ``or_discard``,
    ``optional``, ``span``."""

    verb: ClassVar[str] = "移动牌"
    actor: PlayerRef
    cards: CardSpec
    span: Span
    owner: PlayerRef | None = None
    to: PlayerRef | None = None
    or_discard: bool = False
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ForbidUse:
    """不能使用【牌】（，直到回合结束）.  Fields: ``actor``, ``card``, ``until_turn_end``,
    ``optional``, ``span``."""

    verb: ClassVar[str] = "不能使用"
    actor: PlayerRef
    card: CardWord
    span: Span
    until_turn_end: bool = False
    optional: bool = False


@dataclass(frozen=True, slots=True)
class CannotBeTarget:
    """不能成为【A】或【B】的目标 (lowered to a :class:`Prohibit` rule when it is a whole
    sentence).  Fields: ``actor``, ``cards``, ``optional``, ``span``."""

    verb: ClassVar[str] = "不能成为目标"
    actor: PlayerRef
    cards: tuple[CardWord, ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class NullifyCard:
    """该【杀】对<player>无效.  Fields: ``actor``, ``card``, ``for_``, ``optional``, ``span``."""

    verb: ClassVar[str] = "无效"
    actor: PlayerRef
    card: CardWord
    for_: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ModifyDamage:
    """此伤害±n (in a damage window).  Fields: ``actor``, ``delta``, ``optional``, ``span``."""

    verb: ClassVar[str] = "改变伤害"
    actor: PlayerRef
    delta: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ShowGeneral:
    """明置此武将牌.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "明置"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ForbidShow:
    """不能明置其武将牌.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "不能明置"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class HideGeneral:
    """暗置<player>一张武将牌.  Fields: ``actor``, ``whose``, ``optional``, ``span``."""

    verb: ClassVar[str] = "暗置"
    actor: PlayerRef
    whose: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ExtraTarget:
    """额外指定<player>为目标.  Fields: ``actor``, ``who``, ``optional``, ``span``."""

    verb: ClassVar[str] = "额外目标"
    actor: PlayerRef
    who: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class LoseSkills:
    """失去当前所有的技能.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "失去技能"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class SwapHands:
    """交换他们的手牌 (the players chosen before).  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "交换手牌"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class EndPhase:
    """结束<阶段>.  Fields: ``actor``, ``phase``, ``optional``, ``span``."""

    verb: ClassVar[str] = "结束阶段"
    actor: PlayerRef
    phase: str
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class EnterDying:
    """进入濒死状态.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "进入濒死"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class WillNotDie:
    """不会死去.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "不会死去"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Die:
    """<player>死亡.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "死亡"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class RevealTop:
    """展示/亮出牌堆顶的n张牌 (they stay revealed for the next clauses).  Fields:
    ``actor``, ``count``, ``optional``, ``span``."""

    verb: ClassVar[str] = "亮出牌堆顶"
    actor: PlayerRef
    count: Count
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class RevealToPile:
    """从牌堆顶亮出一张牌置于你的武将牌上.  Fields: ``actor``, ``count``, ``optional``, ``span``."""

    verb: ClassVar[str] = "置于武将牌上"
    actor: PlayerRef
    count: Count
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ForEachRevealed:
    """其中每有一张红桃牌，<then>.  Fields: ``actor``, ``pattern``, ``then``, ``span``."""

    verb: ClassVar[str] = "每有一张"
    actor: PlayerRef
    pattern: str | None
    then: tuple[Effect, ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class DiscardRevealed:
    """弃置这些红桃牌 (cards revealed before).  Fields: ``actor``, ``pattern``, ``optional``, ``span``."""

    verb: ClassVar[str] = "弃置亮出的牌"
    actor: PlayerRef
    pattern: str | None
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class LookAtHand:
    """观看<player>的手牌.  Fields: ``actor``, ``whose``, ``optional``, ``span``."""

    verb: ClassVar[str] = "观看手牌"
    actor: PlayerRef
    whose: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ShowAmong:
    """展示其中一张红桃牌 (of the cards looked at).  Fields: ``actor``, ``cards``, ``optional``, ``span``."""

    verb: ClassVar[str] = "展示其中"
    actor: PlayerRef
    cards: CardSpec
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class DisposeShown:
    """将之弃置或置于牌堆顶 (the card shown).  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "弃置或置于牌堆顶"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class GrantConversion:
    """此回合你的每张与该判定牌不同颜色的手牌均可当【决斗】使用.  Fields: ``actor``,
    ``card``, ``mode``, ``optional``, ``span``."""

    verb: ClassVar[str] = "可当使用"
    actor: PlayerRef
    card: CardWord
    mode: Mode
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ReturnDiscarded:
    """将此阶段中弃置的一张牌从弃牌堆返回<player>手牌.  Fields: ``actor``, ``cards``,
    ``to``, ``optional``, ``span``."""

    verb: ClassVar[str] = "返回手牌"
    actor: PlayerRef
    cards: CardSpec
    to: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class PutRestDiscard:
    """将其余的牌置入弃牌堆.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "置入弃牌堆"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ViewAsEquipped:
    """视为你装备着【牌】.  Fields: ``actor``, ``card``, ``optional``, ``span``."""

    verb: ClassVar[str] = "视为装备"
    actor: PlayerRef
    card: CardWord
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class DiscardFrom:
    """弃置<player>的一张牌 / 弃置之 (the owner's cards, chosen by the actor).
    Fields: ``actor``, ``owner``, ``cards`` (None: the card of the event), ``optional``, ``span``."""

    verb: ClassVar[str] = "弃置他人的牌"
    actor: PlayerRef
    owner: PlayerRef | None
    span: Span
    cards: CardSpec | None = None
    optional: bool = False


@dataclass(frozen=True, slots=True)
class SetDistance:
    """你与<player>的距离始终视为n，直到回合结束.  Fields: ``actor``, ``to``, ``value``,
    ``optional``, ``span``."""

    verb: ClassVar[str] = "距离视为"
    actor: PlayerRef
    to: PlayerRef
    value: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class SkipAnyPhase:
    """跳过你的一个阶段（…除外）.  Fields: ``actor``, ``excluded``, ``optional``, ``span``."""

    verb: ClassVar[str] = "跳过一个阶段"
    actor: PlayerRef
    excluded: tuple[str, ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class JudgeCases:
    """判定结果为：红桃…；方块…: what each suit of the previous judgement does.
    Fields: ``cases`` ((suit, effects) pairs), ``span``."""

    verb: ClassVar[str] = "判定分支"
    cases: tuple[tuple[str, tuple[Effect, ...]], ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class RevealDeclared:
    """亮出此牌 (蛊惑: the card put face down).  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "亮出此牌"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class VoidDeclared:
    """将此牌置入弃牌堆 (蛊惑: the declared use does not happen).  Fields: ``actor``,
    ``optional``, ``span``."""

    verb: ClassVar[str] = "此牌作废"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class GiveRef:
    """将之交给<player> (the card of the event).  Fields: ``actor``, ``what``, ``to``,
    ``optional``, ``span``."""

    verb: ClassVar[str] = "交给所指的牌"
    actor: PlayerRef
    what: EventCard
    to: PlayerRef
    span: Span
    optional: bool = False


# ---- static rules of the coverage families


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
    """使用【杀】时可额外指定n个目标.  Fields: ``card``, ``count``, ``span``."""

    card: CardWord
    count: int
    span: Span


@dataclass(frozen=True, slots=True)
class ForbidShowOthers:
    """你的回合内，若此武将牌处于明置状态，其他角色不能明置其武将牌.  Fields: ``cond``, ``span``."""

    cond: Condition
    span: Span


@dataclass(frozen=True, slots=True)
class DeclaredUse:
    """你可以扣置一张手牌当任意一张基本牌或非延时类锦囊牌使用或打出，其他角色可以质疑此牌
    (蛊惑).  Fields: ``source`` (the card put face down), ``declared`` (the kinds it may
    be declared as), ``mode``, ``questioners``, ``optional``, ``effects`` (what 质疑
    does: the sentences after it), ``text``, ``span``, ``limit``."""

    kind: ClassVar[str] = "declared"
    source: CardSpec
    declared: tuple[str, ...]
    mode: Mode
    questioners: PlayerRef
    optional: bool
    effects: tuple[Effect, ...]
    text: str
    span: Span
    limit: Limit | None = None


@dataclass(frozen=True, slots=True)
class GrantedAbility:
    """A lord skill the other players use: 其他群势力角色的出牌阶段，该角色可以…
    (黄天).  Fields: ``helpers``, ``phase``, ``optional``, ``effects``, ``text``,
    ``span``, ``limit``."""

    kind: ClassVar[str] = "granted"
    helpers: PlayerRef
    phase: str
    optional: bool
    effects: tuple[Effect, ...]
    text: str
    span: Span
    limit: Limit | None = None


CardRef = Union[DamageCard, JudgeCardRef, AllJudgeCards, OwnedCard, DeadPlayerCards, EventCard, RevealedCards]


# ---------------------------------------------------------------- effects
# Every effect has ``actor`` (who performs it), ``optional`` (你可以) and ``span``.


@dataclass(frozen=True, slots=True)
class Obtain:
    """获得.  Fields: ``actor``, ``what`` (:data:`CardRef`), ``optional``, ``span``."""

    verb: ClassVar[str] = "获得"
    actor: PlayerRef
    what: CardRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Discard:
    """弃置 own cards.  Fields: ``actor``, ``cards`` (:class:`CardSpec`), ``optional``, ``span``."""

    verb: ClassVar[str] = "弃置"
    actor: PlayerRef
    cards: CardSpec
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """摸牌.  Fields: ``actor``, ``cards`` (count only), ``optional``, ``span``."""

    verb: ClassVar[str] = "摸牌"
    actor: PlayerRef
    cards: CardSpec
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Give:
    """将…交给.  Fields: ``actor``, ``cards``, ``to``, ``optional``, ``span``."""

    verb: ClassVar[str] = "交给"
    actor: PlayerRef
    cards: CardSpec
    to: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Recover:
    """回复n点体力.  Fields: ``actor`` (who recovers), ``amount``, ``optional``, ``span``."""

    verb: ClassVar[str] = "回复体力"
    actor: PlayerRef
    amount: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ExtraRecover:
    """额外回复n点体力 (in a 回复体力时 window: the recovery grows).  Fields: ``actor``,
    ``amount``, ``optional``, ``span``."""

    verb: ClassVar[str] = "额外回复体力"
    actor: PlayerRef
    amount: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class LoseHp:
    """失去n点体力.  Fields: ``actor``, ``amount``, ``optional``, ``span``."""

    verb: ClassVar[str] = "失去体力"
    actor: PlayerRef
    amount: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Damage:
    """造成伤害 (also the passive 受到X对其造成的n点伤害).  Fields: ``source``,
    ``target``, ``amount``, ``actor`` (the grammatical subject: the source for
    对…造成, the target for 受到), ``optional``, ``span``."""

    verb: ClassVar[str] = "造成伤害"
    actor: PlayerRef
    source: PlayerRef
    target: PlayerRef
    amount: int
    span: Span
    optional: bool = False
    #: 雷电/火焰 (None: ordinary damage)
    nature: str | None = None


@dataclass(frozen=True, slots=True)
class Judge:
    """进行一次判定.  Fields: ``actor`` (who judges), ``optional``, ``span``."""

    verb: ClassVar[str] = "判定"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class JudgeTest:
    """若结果为/不为 pattern.  Fields: ``negate`` (不为), ``pattern`` (a colour or a
    suit word), ``span``."""

    negate: bool
    pattern: str
    span: Span
    #: 若结果不为【桃】或【桃园结义】: the card names tested (``pattern`` joins them)
    cards: tuple[CardWord, ...] = ()


@dataclass(frozen=True, slots=True)
class JudgeBranch:
    """A judgement and what happens on its result.  Fields: ``judge``, ``test``,
    ``then`` (effects run when the test holds), ``span``."""

    verb: ClassVar[str] = "判定"
    judge: Judge
    test: JudgeTest
    then: tuple[Effect, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class JudgeAgain:
    """再次进行判定，直到出现<until>的判定结果为止: repeat the enclosing judgement.
    Fields: ``actor``, ``optional`` (你可以: asked before each repetition),
    ``until`` (the colour/suit that ends the loop), ``span``."""

    verb: ClassVar[str] = "判定"
    actor: PlayerRef
    until: str
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Option:
    """One option of 选择一项.  Fields: ``label`` (the option's source text, shown to
    players), ``effects``, ``span``."""

    label: str
    effects: tuple[Effect, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class ChooseOne:
    """X选择一项：A，或B.  Fields: ``actor`` (the chooser), ``options``, ``optional``, ``span``."""

    verb: ClassVar[str] = "选择一项"
    actor: PlayerRef
    options: tuple[Option, ...]
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Retrial:
    """打出一张手牌代替之 (改判).  Fields: ``actor``, ``cards``, ``mode`` (打出),
    ``optional``, ``span``."""

    verb: ClassVar[str] = "改判"
    actor: PlayerRef
    cards: CardSpec
    mode: Mode
    span: Span
    optional: bool = False
    #: 替换之 (鬼道): the judge card goes to the actor (代替之: it is discarded)
    swap: bool = False


@dataclass(frozen=True, slots=True)
class ForbidJink:
    """此【杀】不可被【闪】响应.  Fields: ``card`` (the card used: 杀), ``by`` (the
    forbidden answer: 闪), ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "不可被响应"
    actor: PlayerRef
    card: CardWord
    by: CardWord
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class RequireResponses:
    """需连续使用n张闪才能抵消.  Fields: ``actor`` (who must answer), ``count``,
    ``card``, ``mode``, ``optional``, ``span``."""

    verb: ClassVar[str] = "需连续响应"
    actor: PlayerRef
    count: int
    card: CardWord
    mode: Mode
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Threshold:
    """当你于此阶段给出的牌首次达到n张时，…  Fields: ``count``, ``first_time``
    (首次: once per phase), ``ambiguous`` (the 004 wording, read as first time),
    ``then``, ``span``."""

    verb: ClassVar[str] = "达到张数"
    count: int
    first_time: bool
    ambiguous: bool
    then: tuple[Effect, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class DrawCountChange:
    """额外摸n张牌 / 少摸n张牌 (in the 摸牌阶段摸牌时 window: the number of cards the
    draw phase draws changes).  Fields: ``actor``, ``delta`` (+n / -n), ``optional``, ``span``."""

    verb: ClassVar[str] = "改变摸牌数"
    actor: PlayerRef
    delta: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class DamageBonus:
    """你使用的【杀】或【决斗】造成的伤害+1，直到回合结束.  Fields: ``actor`` (the
    user and damage source), ``cards`` (the card names), ``delta``, ``optional``, ``span``."""

    verb: ClassVar[str] = "伤害加成"
    actor: PlayerRef
    cards: tuple[CardWord, ...]
    delta: int
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ChoosePlayer:
    """选择一名…角色: the player the following clauses call 其.  Fields: ``actor``
    (the chooser), ``who`` (the phrase with its filters), ``optional``, ``span``."""

    verb: ClassVar[str] = "选择角色"
    actor: PlayerRef
    who: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class LookAtTop:
    """观看牌堆顶的n张牌 / X张牌 (they leave the draw pile; later clauses dispose of
    them).  Fields: ``actor``, ``count`` (:class:`Count`: EXACT with ``n``, or with
    ``x`` and ``cap``), ``optional``, ``span``."""

    verb: ClassVar[str] = "观看牌堆顶"
    actor: PlayerRef
    count: Count
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class GiveLooked:
    """将其中一张交给一名角色 / 将另一张交给一名角色 (cards looked at).  Fields:
    ``actor``, ``count`` (其中n张; None for 另一张: every card still looked at),
    ``to``, ``optional``, ``span``."""

    verb: ClassVar[str] = "分配牌"
    actor: PlayerRef
    count: int | None
    to: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class PutLooked:
    """将其中任意数量的牌以任意顺序置于牌堆顶 / 其余以任意顺序置于牌堆底 (观星): cards
    looked at go back to the draw pile, in the order the actor chooses.  Fields:
    ``actor``, ``bottom`` (牌堆底; False: 牌堆顶), ``rest`` (其余: every card still
    looked at; False: 其中任意数量 — any number, none included, since the other part
    takes the rest), ``optional``, ``span``."""

    verb: ClassVar[str] = "置于牌堆"
    actor: PlayerRef
    bottom: bool
    rest: bool
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Transfer:
    """将此【杀】转移给<player>（，该角色不得是此【杀】的使用者）: in a 成为目标时
    window, the card use's target (the actor) is replaced by a chosen player, who
    then becomes its target (流离).  Fields: ``actor``, ``card`` (the card used),
    ``to`` (the phrase with its filters), ``exclude_user`` (the user of the card
    may not be chosen), ``optional``, ``span``."""

    verb: ClassVar[str] = "转移目标"
    actor: PlayerRef
    card: CardWord
    to: PlayerRef
    exclude_user: bool
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ChooseSuit:
    """选择一种花色: the actor names a suit (黑桃/红桃/梅花/方块), which a later
    “若此牌的花色与其所选的不同” compares with.  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "选择花色"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Show:
    """展示之: the actor shows the card the previous clause gave him (获得…并展示之).
    Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "展示"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class SuitBranch:
    """，若此牌的花色与其所选的不同/相同，…: compares the suit of the card just
    obtained and shown with the suit named before (:class:`ChooseSuit`).  Fields:
    ``differs`` (不同; False: 相同), ``then`` (effects run when it holds), ``span``."""

    verb: ClassVar[str] = "比较花色"
    differs: bool
    then: tuple[Effect, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class SkipPhase:
    """跳过此回合的<阶段>.  Fields: ``actor``, ``phase`` (the phase word), ``optional``, ``span``."""

    verb: ClassVar[str] = "跳过阶段"
    actor: PlayerRef
    phase: str
    span: Span
    optional: bool = False
    #: 跳过…判定阶段和摸牌阶段: the phases after the first
    more: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class IgnoreArmor:
    """无视其防具 (青釭剑): for the card use of the window, ``whose`` armor does not
    work.  Fields: ``actor``, ``whose``, ``optional``, ``span``."""

    verb: ClassVar[str] = "无视防具"
    actor: PlayerRef
    whose: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ViewAsUse:
    """视为其中一名角色对另一名角色使用一张【牌】: the two chosen players, in the
    order the chooser picked them (the first is the user).  Fields: ``actor`` (who
    decides), ``card``, ``optional``, ``span``."""

    verb: ClassVar[str] = "视为使用"
    actor: PlayerRef
    card: CardWord
    span: Span
    optional: bool = False


Effect = Union[
    Obtain,
    Discard,
    Draw,
    Give,
    Recover,
    ExtraRecover,
    LoseHp,
    Damage,
    Judge,
    JudgeBranch,
    JudgeAgain,
    ChooseOne,
    Retrial,
    ForbidJink,
    RequireResponses,
    Threshold,
    DrawCountChange,
    DamageBonus,
    ChoosePlayer,
    LookAtTop,
    GiveLooked,
    PutLooked,
    Transfer,
    ChooseSuit,
    Show,
    SuitBranch,
    SkipPhase,
    ViewAsUse,
    IgnoreArmor,
    Pindian,
    Conditional,
    DoOrElse,
    Delayed,
    TurnOver,
    FaceUp,
    ResetChain,
    RecoverTo,
    CancelTarget,
    TransferDamage,
    ExtraTurn,
    ChooseItems,
    VirtualUse,
    UseCard,
    GainRules,
    GainMark,
    FillHand,
    PutIntoEquip,
    MoveCard,
    ForbidUse,
    CannotBeTarget,
    NullifyCard,
    ModifyDamage,
    ShowGeneral,
    ForbidShow,
    HideGeneral,
    ExtraTarget,
    LoseSkills,
    SwapHands,
    EndPhase,
    EnterDying,
    WillNotDie,
    Die,
    RevealTop,
    RevealToPile,
    ForEachRevealed,
    DiscardRevealed,
    LookAtHand,
    ShowAmong,
    DisposeShown,
    GrantConversion,
    ReturnDiscarded,
    PutRestDiscard,
    ViewAsEquipped,
    DiscardFrom,
    SetDistance,
    SkipAnyPhase,
    JudgeCases,
    GiveRef,
    RevealDeclared,
    VoidDeclared,
]


# ---------------------------------------------------------------- abilities


@dataclass(frozen=True, slots=True)
class Limit:
    """每阶段限n次.  Fields: ``count``, ``per`` (``"阶段"``/``"回合"``), ``span``."""

    count: int
    per: str
    span: Span


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
class NoCardUsed:
    """若你于<阶段>未<使用或打出>过【杀】: a condition on the current turn.  Fields:
    ``phase``, ``mode``, ``card``, ``span``."""

    phase: str
    mode: Mode
    card: CardWord
    span: Span


@dataclass(frozen=True, slots=True)
class TimingSpec:
    """When a triggered ability fires.

    Fields: ``window`` (a runtime ``Timing`` value, e.g. ``"受到伤害后"``),
    ``subject`` (whose window: 你 / 一名角色 / 其他角色), ``per_point`` (True: 1点,
    False: 一次, None: the window has no amount), ``card`` (the card of the event,
    e.g. 杀 in 当你使用【杀】指定…), ``by`` (recover windows: the player using the
    card), ``owner_dying`` (处于濒死状态的你), ``span``.
    """

    window: str
    subject: Who
    span: Span
    per_point: bool | None = None
    card: CardWord | None = None
    by: PlayerRef | None = None
    owner_dying: bool = False
    card_class: CardClass | None = None
    lost_from: str | None = None
    last_hand: bool = False
    per_card: bool | None = None
    #: 指定<whom>为目标后: the player phrase of the target (its filters, e.g. 异性)
    whom: PlayerRef | None = None
    #: coverage families: 于出牌阶段 (``phase``), 对距离1以内的一名角色造成 (``victim``),
    #: 成为【杀】或【决斗】的目标 (``cards``), 使用或打出 (``mode``), a timing the rules
    #: settle because the text has none (``implicit``)
    phase: str | None = None
    victim: PlayerRef | None = None
    cards: tuple[CardWord, ...] = ()
    mode: Mode | None = None
    implicit: bool = False


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """触发技.  Fields: ``timing``, ``optional`` (你可以 on the first effect),
    ``effects``, ``limit``, ``text`` (the sentence), ``span``, ``condition`` (若…: a
    condition checked before the owner is asked)."""

    kind: ClassVar[str] = "triggered"
    timing: TimingSpec
    optional: bool
    effects: tuple[Effect, ...]
    text: str
    span: Span
    limit: Limit | None = None
    condition: NoCardUsed | Condition | None = None


@dataclass(frozen=True, slots=True)
class Conversion:
    """将A当B: ``source`` (:class:`CardSpec` of the subcards), ``target`` (card
    name viewed as), ``span``."""

    source: CardSpec
    target: CardWord
    span: Span
    #: 此牌必须为基本牌或装备牌 (断粮)
    source_kinds: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ViewAsAbility:
    """视为技/转化.  Fields: ``conversions``, ``mode``, ``condition`` (None, a
    phase word such as ``"出牌阶段"``, or ``"回合外"``), ``optional``, ``text``,
    ``span``, ``limit`` (must stay None; the checker rejects limits here)."""

    kind: ClassVar[str] = "view-as"
    conversions: tuple[Conversion, ...]
    mode: Mode
    condition: str | None
    optional: bool
    text: str
    span: Span
    limit: Limit | None = None


@dataclass(frozen=True, slots=True)
class ActiveAbility:
    """出牌阶段主动技.  Fields: ``phase`` (``"出牌阶段"``), ``optional``,
    ``effects``, ``limit``, ``xdef`` (what X stands for, if used), ``text``, ``span``."""

    kind: ClassVar[str] = "active"
    phase: str
    optional: bool
    effects: tuple[Effect, ...]
    text: str
    span: Span
    limit: Limit | None = None
    xdef: Quantity | None = None


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
    Fields: ``card``, ``color`` (红色/黑色 or None), ``span``."""

    card: CardWord
    span: Span
    color: str | None = None


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


StaticModifier = Union[DistanceModifier, UnlimitedCard, DuelResponseCount, NoDistanceLimit, Prohibit, Invalid, SuitAs, PeachOnlyDying, DamageSourceOf, EquipAs, UseWithin, CardNoDistance, ExtraUses, ExtraTargets, ForbidShowOthers]


@dataclass(frozen=True, slots=True)
class StaticAbility:
    """状态技 (queried, not triggered).  Fields: ``modifier``, ``text``, ``span``,
    ``limit`` (must stay None)."""

    kind: ClassVar[str] = "static"
    modifier: StaticModifier
    text: str
    span: Span
    limit: Limit | None = None


@dataclass(frozen=True, slots=True)
class ReplacementAbility:
    """替换技 (防止…/放弃…改为…).  Fields: ``timing``, ``optional``, ``replaced``
    (the word of what is replaced, e.g. ``"摸牌"``), ``effects``, ``text``, ``span``.
    The grammar does not produce it yet (no standard-edition skill of the current
    set needs it); the kind is kept so the back ends stay total."""

    kind: ClassVar[str] = "replacement"
    timing: TimingSpec
    optional: bool
    replaced: str
    effects: tuple[Effect, ...]
    text: str
    span: Span
    limit: Limit | None = None
    condition: Condition | None = None


@dataclass(frozen=True, slots=True)
class ProxyAbility:
    """主公代打 (护驾/激将).  Fields: ``card`` (needed card), ``mode`` (when the owner
    needs to 使用/打出 it), ``helpers`` (其他X势力角色), ``helper_mode`` (how helpers
    provide it: 打出), ``ask_whether`` (选择是否 wording), ``optional``, ``text``,
    ``span``, ``limit`` (must stay None)."""

    kind: ClassVar[str] = "proxy"
    card: CardWord
    mode: Mode
    helpers: PlayerRef
    helper_mode: Mode
    ask_whether: bool
    optional: bool
    text: str
    span: Span
    limit: Limit | None = None


Ability = Union[
    TriggeredAbility, ViewAsAbility, ActiveAbility, StaticAbility, ReplacementAbility, ProxyAbility, GrantedAbility, DeclaredUse
]


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill line.  Fields: ``name`` (Chinese), ``pinyin`` (validated identifier),
    ``tags`` (sorted tuple of :class:`Tag`), ``abilities``, ``text`` (the whole
    description as written after normalisation), ``span`` (the line), ``name_span``."""

    name: str
    pinyin: str
    tags: tuple[Tag, ...]
    abilities: tuple[Ability, ...]
    text: str
    span: Span
    name_span: Span

    @property
    def compulsory(self) -> bool:
        return Tag.COMPULSORY in self.tags

    @property
    def lord(self) -> bool:
        return Tag.LORD in self.tags


@dataclass(frozen=True, slots=True)
class General:
    """A 武将 line and its skills.  Fields: ``name``, ``pinyin``, ``kingdom`` (魏 …),
    ``max_hp``, ``gender`` (男/女), ``skills``, ``span`` (the 武将 line)."""

    name: str
    pinyin: str
    kingdom: str
    max_hp: int
    gender: str
    skills: tuple[Skill, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class CardDecl:
    """A card declaration (装备 诸葛连弩 武器 攻击范围1) and its effect lines.  Fields:
    ``names`` (the card names declared together, e.g. the four +1马), ``subtype``
    (武器/防具/+1马/-1马), ``attack_range`` (weapons; None if not written),
    ``skills`` (the effects, granted to the holder while the card is equipped),
    ``span`` (the declaration line)."""

    names: tuple[CardWord, ...]
    subtype: str
    attack_range: int | None
    skills: tuple[Skill, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Package:
    """A .sgs file: ``name`` (扩展包), ``pinyin``, ``file``, ``generals``, ``span``,
    ``cards`` (its card declarations)."""

    name: str
    pinyin: str
    file: str
    generals: tuple[General, ...]
    span: Span
    cards: tuple[CardDecl, ...] = ()

