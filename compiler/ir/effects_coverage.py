"""Effect nodes of the coverage families: seed 004 (国战) and the 风 expansion.

Nodes added for those skill texts.  Most of their verbs have no runtime action yet: the
verb table (:mod:`sgs.compiler.verbs`) names the action each needs, ``sgs check``
reports it (W0701) and ``sgs compile`` refuses (E0503).  Nesting nodes here:
:class:`Conditional`, :class:`DoOrElse`, :class:`IfDone`, :class:`TakeTurns`, :class:`Delayed`, :class:`ChooseItems`,
:class:`ForEachRevealed`, :class:`JudgeCases` (:func:`~.walk.walk_effects` knows them).
Seam: like :mod:`.effects` (``actor``, ``optional``, ``span``, ``verb``), kept apart
because the back end treats them apart; a verb that the runtime learns may move over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Union

from ..diagnostics import Span
from .base import Mode, CardWord
from .refs import PlayerRef, Count, CardSpec, EventCard
from .conditions import Condition
from .statics import StaticModifier

if TYPE_CHECKING:
    from .effects import Option, Effect

__all__ = [
    "CoverageEffect",
    "Pindian",
    "Conditional",
    "DoOrElse",
    "IfDone",
    "Delayed",
    "TurnOver",
    "FaceUp",
    "Chain",
    "ResetChain",
    "RecoverTo",
    "CancelTarget",
    "TransferDamage",
    "ExtraTurn",
    "ChooseItems",
    "VirtualUse",
    "UseCard",
    "AnswerCard",
    "TakeTurns",
    "GainRules",
    "GainMark",
    "FillHand",
    "PutIntoEquip",
    "MoveCard",
    "ForbidUse",
    "CannotBeTarget",
    "NullifyCard",
    "ModifyDamage",
    "PreventDamage",
    "PreventExcessDamage",
    "ForceHit",
    "ShowGeneral",
    "ForbidShow",
    "HideGeneral",
    "ExtraTarget",
    "LoseSkills",
    "SwapHands",
    "EndPhase",
    "EnterDying",
    "WillNotDie",
    "Die",
    "RevealTop",
    "RevealToPile",
    "ForEachRevealed",
    "DiscardRevealed",
    "LookAtHand",
    "ShowAmong",
    "DisposeShown",
    "GrantConversion",
    "ReturnDiscarded",
    "PutRestDiscard",
    "ViewAsEquipped",
    "DiscardFrom",
    "SetDistance",
    "SkipAnyPhase",
    "JudgeCases",
    "RevealDeclared",
    "VoidDeclared",
    "GiveRef",
]


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
    """若<condition>，<then>(，否则<otherwise>).  Fields: ``cond``, ``then``, ``span``,
    ``otherwise`` (when the condition does not hold)."""

    verb: ClassVar[str] = "若"
    cond: Condition
    then: tuple[Effect, ...]
    span: Span
    optional: bool = False
    otherwise: tuple[Effect, ...] = ()


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
class IfDone:
    """<actor>可以<do>，若如此做，<then>: the actor may do it (he is asked, and may
    decline); ``then`` happens only when he did — :class:`DoOrElse`'s other side.  ``do``
    is one effect whose runtime action says whether it was done (an optional discard: paid
    in full or not at all).  Fields: ``actor``, ``do``, ``then``, ``span``."""

    verb: ClassVar[str] = "若如此做"
    actor: PlayerRef
    do: tuple[Effect, ...]
    then: tuple[Effect, ...]
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
class Chain:
    """横置X (X enters the chained state: 铁索连环).  Fields: ``actor`` (the one chained),
    ``span``, ``optional``."""

    verb: ClassVar[str] = "横置"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ResetChain:
    """重置之 / 重置X (leave the chained state).  Fields: ``actor`` (the one reset),
    ``optional``, ``span``."""

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
class AnswerCard:
    """<actor>需打出一张【杀】 / 需使用一张【闪】 (no target): the actor is asked for the card
    and may refuse — the ``do`` of a :class:`DoOrElse`, whose ``otherwise`` his refusal
    decides.  Fields: ``actor``, ``card``, ``mode`` (打出 / 使用), ``optional``, ``span``."""

    verb: ClassVar[str] = "打出牌"
    actor: PlayerRef
    card: CardWord
    mode: Mode
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class TakeTurns:
    """<actor>与<partner>轮流<do> (由<actor>开始)，首先未<do>的一方<then>: the two are asked
    in turn, the actor first, until one refuses; ``then`` happens with 一方 (:data:`Who.SIDE
    <.base.Who.SIDE>`) the one who refused and 另一方 (``OTHER_SIDE``) the other — nothing
    if either dies first.  ``do`` is the request (an :class:`AnswerCard`, one turn's).
    Fields: ``actor``, ``partner``, ``do``, ``then``, ``span``."""

    verb: ClassVar[str] = "轮流"
    actor: PlayerRef
    partner: PlayerRef
    do: AnswerCard
    then: tuple[Effect, ...]
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
class PreventDamage:
    """防止此伤害 (in a damage window).  Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "防止伤害"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class PreventExcessDamage:
    """防止多余的伤害 (in a 受到伤害时 window): the damage's amount is capped at 1.
    Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "防止多余伤害"
    actor: PlayerRef
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class ForceHit:
    """此【杀】依然造成伤害 (at 杀被闪抵消时): the offset 杀 still deals its damage.
    Fields: ``actor``, ``optional``, ``span``."""

    verb: ClassVar[str] = "依然造成伤害"
    actor: PlayerRef
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


#: every effect of this module (part of :data:`.effects.Effect`)
CoverageEffect = Union[
    Pindian,
    Conditional,
    DoOrElse,
    IfDone,
    Delayed,
    TurnOver,
    FaceUp,
    Chain,
    ResetChain,
    RecoverTo,
    CancelTarget,
    TransferDamage,
    ExtraTurn,
    ChooseItems,
    VirtualUse,
    UseCard,
    AnswerCard,
    TakeTurns,
    GainRules,
    GainMark,
    FillHand,
    PutIntoEquip,
    MoveCard,
    ForbidUse,
    CannotBeTarget,
    NullifyCard,
    ModifyDamage,
    PreventDamage,
    PreventExcessDamage,
    ForceHit,
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
    RevealDeclared,
    VoidDeclared,
    GiveRef,
]
