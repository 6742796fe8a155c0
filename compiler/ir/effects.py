"""Effect nodes of the standard set: the verbs the runtime can run.

Every effect has ``actor`` (who performs it), ``optional`` (你可以) and ``span``, and names
its verb in ``verb`` (a key of :data:`sgs.compiler.verbs.VERBS`).  Some effects hold
effects: :class:`JudgeBranch` (``judge``, ``then``), :class:`ChooseOne` (its
:class:`Option`s), :class:`Threshold` and :class:`SuitBranch` (``then``);
:func:`~.walk.walk_effects` descends into them.

:data:`Effect` is the union of every effect class, this module's and those of
:mod:`.effects_coverage`: a new effect class belongs in it (a test checks).  Seam: the
verbs of the standard set vs :mod:`.effects_coverage` (the coverage families, whose
verbs the runtime cannot run yet).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from ..diagnostics import Span
from .base import Mode, CardWord
from .refs import PlayerRef, Count, CardSpec, CardRef
from .effects_coverage import CoverageEffect

__all__ = [
    "Call",
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
    "NextUseBonus",
    "ChoosePlayer",
    "LookAtTop",
    "GiveLooked",
    "PutLooked",
    "Transfer",
    "ChooseSuit",
    "Show",
    "SuitBranch",
    "SkipPhase",
    "PassDelayed",
    "IgnoreArmor",
    "ViewAsUse",
    "Provide",
    "Effect",
]


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
    #: 若结果为黑桃2~9: the card's number is in this range too (both ends included)
    numbers: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class JudgeBranch:
    """A judgement and what happens on its result.  Fields: ``judge``, ``test``,
    ``then`` (effects run when the test holds), ``span``, ``otherwise`` (when it fails)."""

    verb: ClassVar[str] = "判定"
    judge: Judge
    test: JudgeTest
    then: tuple[Effect, ...]
    span: Span
    #: ……；否则，…… after the result: what happens when the test fails
    otherwise: tuple[Effect, ...] = ()


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
class NextUseBonus:
    """你本回合使用的下一张【杀】造成的伤害+1 (酒): a lasting effect on the next card of a
    kind that ``actor`` uses within the scope — spent by that use, whose damage it raises.
    Fields: ``actor`` (the user), ``card`` (the kind: 【杀】 is any 杀), ``delta``,
    ``span``, ``phase`` (it lasts this phase, 本阶段/此阶段; else this turn, 本回合/此回合),
    ``optional``."""

    verb: ClassVar[str] = "下一张伤害加成"
    actor: PlayerRef
    card: CardWord
    delta: int
    span: Span
    phase: bool = False
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
    """展示之: the actor shows the card the previous clause gave him (获得…并展示之); with
    ``cards``, 展示一张手牌: he picks that many of his own and shows them (火攻), the
    card a later 与之花色相同的 compares with.  Fields: ``actor``, ``optional``, ``span``,
    ``cards``."""

    verb: ClassVar[str] = "展示"
    actor: PlayerRef
    span: Span
    optional: bool = False
    cards: CardSpec | None = None


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
class PassDelayed:
    """将此牌移动至下家的判定区 (闪电): in a delayed trick's effect, the trick being resolved
    moves on to the judge area of the next player who can take it.  Fields: ``actor``
    (无来源 when written without a subject: the rules move it), ``span``, ``optional``."""

    verb: ClassVar[str] = "移至下家判定区"
    actor: PlayerRef
    span: Span
    optional: bool = False


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


@dataclass(frozen=True, slots=True)
class Provide:
    """视为你使用或打出一张【闪】 at 需要牌时 (八卦阵): the card asked for is this card,
    virtual, of the skill.  Fields: ``actor`` (whose use or play it is), ``card``,
    ``mode`` (使用 / 打出 / 使用或打出, as written), ``optional``, ``span``."""

    verb: ClassVar[str] = "视为使用或打出"
    actor: PlayerRef
    card: CardWord
    mode: Mode
    span: Span
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    """A verb of the verb table that has no IR class of its own: the table's ``params``
    say what its arguments are and its runtime action is called with them, in that
    order (sgs.compiler.verbs; a new mechanic is a grammar frame, a table entry and a
    runtime action).  Fields: ``verb`` (the verb's word: the table's key), ``actor``,
    ``args`` ((name, value) pairs in the table's order: a :class:`PlayerRef`, a
    :class:`CardSpec` or an int), ``span``, ``optional``.  An argument also reads as an
    attribute (``call.amount``), like the fields of the other effects."""

    verb: str
    actor: PlayerRef
    args: tuple[tuple[str, PlayerRef | CardSpec | int], ...]
    span: Span
    optional: bool = False

    def __getattr__(self, name: str) -> PlayerRef | CardSpec | int:
        args: tuple[tuple[str, PlayerRef | CardSpec | int], ...] = object.__getattribute__(self, "args")
        for key, value in args:
            if key == name:
                return value
        raise AttributeError(name)


Effect = Union[
    Call,
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
    NextUseBonus,
    ChoosePlayer,
    LookAtTop,
    GiveLooked,
    PutLooked,
    Transfer,
    ChooseSuit,
    Show,
    SuitBranch,
    SkipPhase,
    PassDelayed,
    ViewAsUse,
    IgnoreArmor,
    Provide,
    CoverageEffect,
]
