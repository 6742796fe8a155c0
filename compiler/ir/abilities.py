"""Abilities: the kinds of skill sentence, and when they act.

Skill kinds are distinct ability classes: :class:`TriggeredAbility` (with its
:class:`TimingSpec`), :class:`ViewAsAbility` (its :class:`Conversion`s),
:class:`ActiveAbility`, :class:`StaticAbility`, :class:`ReplacementAbility`,
:class:`ProxyAbility`, and from the coverage families :class:`GrantedAbility` and
:class:`DeclaredUse`, and a card's effect on each target, :class:`CardEffectAbility`;
:data:`Ability` is their union.  Each class names its kind in
``kind``; :class:`Limit` is 每阶段限n次.  Seam: an ability holds effects (or a static
rule) and says when and how they happen; the effects themselves are in :mod:`.effects`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Union

from ..diagnostics import Span
from .base import Mode, Who, Quantity, CardWord
from .refs import PlayerRef, CardSpec, CardClass
from .conditions import Condition, NoCardUsed
from .statics import StaticModifier
from .effects import Effect

__all__ = [
    "Limit",
    "TimingSpec",
    "TriggeredAbility",
    "Conversion",
    "ViewAsAbility",
    "ActiveAbility",
    "StaticAbility",
    "ReplacementAbility",
    "ProxyAbility",
    "GrantedAbility",
    "DeclaredUse",
    "CardEffectAbility",
    "Unbound",
    "Ability",
]


@dataclass(frozen=True, slots=True)
class Limit:
    """每阶段限n次.  Fields: ``count``, ``per`` (``"阶段"``/``"回合"``), ``span``."""

    count: int
    per: str
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
    #: 受到火焰伤害时: the damage's nature (火焰 / 雷电), None for any damage
    nature: str | None = None


@dataclass(frozen=True, slots=True)
class TriggeredAbility:
    """触发技.  Fields: ``timing``, ``optional`` (你可以 on the first effect),
    ``effects``, ``limit``, ``text`` (the sentence), ``span``, ``condition`` (若…: a
    condition checked before the owner is asked), ``cost`` (how many of the first
    ``effects`` are a cost: 你可以A，则B — A is paid before the skill counts as invoked,
    and B happens only if A was paid in full)."""

    kind: ClassVar[str] = "triggered"
    timing: TimingSpec
    optional: bool
    effects: tuple[Effect, ...]
    text: str
    span: Span
    limit: Limit | None = None
    condition: NoCardUsed | Condition | None = None
    cost: int = 0


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
class CardEffectAbility:
    """What a card does to each target of a use (锦囊 无中生有 普通锦囊 / 无中生有：目标角色
    摸两张牌。): ``effects`` with 目标角色 (:attr:`Who.TARGET`) the target and 你 the
    user, ``text``, ``span``, ``limit`` (always None).  The card-use protocol (targets,
    无懈可击) is the runtime's."""

    kind: ClassVar[str] = "card_effect"
    effects: tuple[Effect, ...]
    text: str
    span: Span
    limit: Limit | None = None
    #: the use's own step, once before its targets: a sentence naming no 目标角色
    #: (五谷丰登: 亮出牌堆顶等同于目标数的牌。), its subjectless acts :attr:`Who.NOBODY`'s
    once: bool = False


@dataclass(frozen=True, slots=True)
class Unbound:
    """What the register grammar read in one part of a skill but the compiler cannot
    bind to this IR yet (sgs.compiler.language.bind).  The text is well-formed, with
    one reading; ``sgs check`` reports each of ``gaps`` (W0701), ``sgs compile``
    refuses the skill (E0503).  Fields: ``part`` (the register part's kind: trigger,
    active, static …), ``gaps`` ((what, span) pairs in the register's words),
    ``text``, ``span``."""

    kind: ClassVar[str] = "unbound"
    part: str
    gaps: tuple[tuple[str, Span], ...]
    text: str
    span: Span
    limit: Limit | None = None
    #: the register reading's facts of the part (sgs.compiler.language.facts.PartFacts),
    #: for ``sgs explain``; None when not known
    reading: object = None


Ability = Union[
    TriggeredAbility, ViewAsAbility, ActiveAbility, StaticAbility, ReplacementAbility, ProxyAbility, GrantedAbility, DeclaredUse,
    CardEffectAbility, Unbound,
]
