"""Event records.  One object per event; windows read and mutate it in place.

Skills receive the event currently being resolved through ``ctx.event``; typed
accessors on the context (``ctx.damage``, ``ctx.use``, ``ctx.judge_event`` …)
return it with its precise type.  Players are referenced directly; per-target
flags are keyed by seat number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, ClassVar

from .cards import AnyCard, Card, CardName, Nature
from .timing import Phase
from .zones import MoveReason, Zone

if TYPE_CHECKING:
    from .player import Player
    from .skills import UseMode

__all__ = [
    "Event",
    "DelayedTrickEvent",
    "TurnEvent",
    "PhaseEvent",
    "DrawPhaseEvent",
    "CardUseEvent",
    "CardResponseEvent",
    "SlashEffectEvent",
    "CardNeedEvent",
    "DamageEvent",
    "RecoverEvent",
    "LoseHpEvent",
    "HpDeductEvent",
    "JudgeEvent",
    "DyingEvent",
    "DeathEvent",
    "CardsMoveEvent",
    "GameStartEvent",
]


@dataclass(eq=False, slots=True)
class Event:
    """Base of all events.  ``kind`` is the Chinese event name used in logs."""

    kind: ClassVar[str] = "事件"


@dataclass(eq=False, slots=True)
class GameStartEvent(Event):
    kind: ClassVar[str] = "游戏开始"


@dataclass(eq=False, slots=True)
class TurnEvent(Event):
    kind: ClassVar[str] = "回合"
    player: Player


@dataclass(eq=False, slots=True)
class PhaseEvent(Event):
    kind: ClassVar[str] = "阶段"
    player: Player
    phase: Phase


@dataclass(eq=False, slots=True)
class DrawPhaseEvent(PhaseEvent):
    """摸牌阶段摸牌时: ``count`` cards will be drawn unless ``skip_draw``."""

    kind: ClassVar[str] = "摸牌阶段摸牌"
    count: int = 2
    skip_draw: bool = False


@dataclass(eq=False, slots=True)
class CardUseEvent(Event):
    """使用牌.  ``card`` may be virtual; ``targets`` in resolution order.

    Per-target flags (seat → value), set by skills at the target windows:
    ``no_jink`` (this 杀 cannot be answered by 闪 for that target — 铁骑),
    ``jinks_needed`` (闪 needed to offset this 杀, default 1 — 无双),
    ``duel_slashes_needed`` (杀 that player must play each time in this 决斗 — 无双),
    ``nullified`` (the effect on that target is cancelled: 无懈可击, 仁王盾 …),
    ``ignore_armor`` (青釭剑).
    ``skill`` names the view-as/proxy skill that produced the card (or "").
    ``responding`` is True when used as an answer (闪 to 杀, 桃 in dying, 无懈可击).
    """

    kind: ClassVar[str] = "使用牌"
    user: Player
    card: AnyCard
    targets: list[Player] = field(default_factory=list)
    skill: str = ""
    responding: bool = False
    #: for 借刀杀人: who must use a 杀 on whom; for others unused
    sub_target: Player | None = None
    no_jink: set[int] = field(default_factory=set)
    jinks_needed: dict[int, int] = field(default_factory=dict)
    duel_slashes_needed: dict[int, int] = field(default_factory=dict)
    nullified: set[int] = field(default_factory=set)
    ignore_armor: set[int] = field(default_factory=set)
    #: damage dealt to each seat by this use (for 结算完毕 skills)
    damage_dealt: dict[int, int] = field(default_factory=dict)
    #: the whole use is cancelled (no effect on anyone)
    cancelled: bool = False
    #: extra damage per hit for this use (酒 in 军争; 0 in the standard game)
    extra_damage: int = 0
    #: this trick cannot be answered with 无懈可击 (离间's 决斗)
    unnullifiable: bool = False
    #: cards the use's own step revealed (五谷丰登's 亮出牌堆顶…): its targets take from them,
    #: and those left go to the discard pile when the use ends
    revealed: list[Card] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class CardResponseEvent(Event):
    """打出牌 (response).  ``on_behalf_of`` is set for 护驾/激将 helpers."""

    kind: ClassVar[str] = "打出牌"
    player: Player
    card: AnyCard
    skill: str = ""
    on_behalf_of: Player | None = None


@dataclass(eq=False, slots=True)
class SlashEffectEvent(Event):
    """The effect of one 杀 on one target.

    ``jinks_needed`` 闪 must be played; ``offset`` becomes True when they were
    (then 杀被闪抵消时 opens); a skill there may set ``forced_hit`` (贯石斧) so the
    杀 still deals damage.
    """

    kind: ClassVar[str] = "杀的效果"
    use: CardUseEvent
    source: Player
    target: Player
    jinks_needed: int = 1
    offset: bool = False
    forced_hit: bool = False
    jinks: list[AnyCard] = field(default_factory=list)


@dataclass(eq=False, slots=True)
class CardNeedEvent(Event):
    """需要使用或打出牌: ``player`` is asked for a card named in ``names`` (【杀】 stands
    for every 杀) to ``mode`` (使用 or 打出), answering ``use`` if any.  A skill at
    需要牌时 (八卦阵) sets ``provided``: the card it makes him use or play."""

    kind: ClassVar[str] = "需要牌"
    player: Player
    names: tuple[CardName, ...]
    mode: UseMode
    use: CardUseEvent | None = None
    provided: AnyCard | None = None


@dataclass(eq=False, slots=True)
class DamageEvent(Event):
    """伤害.  ``card`` is the card that caused it (the 决斗 card in a 决斗),
    ``use`` the card use it belongs to (if any).  A skill at 造成伤害时 /
    受到伤害时 may change ``amount`` or set ``prevented`` (防止)."""

    kind: ClassVar[str] = "伤害"
    source: Player | None
    target: Player
    amount: int = 1
    card: AnyCard | None = None
    nature: Nature = Nature.NORMAL
    use: CardUseEvent | None = None
    reason: str = ""
    prevented: bool = False
    #: conducted by 铁索连环 from another chained character's damage (conducts no further)
    chain: bool = False
    #: the target was chained when this elemental damage hit him (he then conducts it)
    conducts: bool = False
    #: the amount as dealt before any window changed it (what a conduction deals)
    base: int = 0


@dataclass(eq=False, slots=True)
class RecoverEvent(Event):
    kind: ClassVar[str] = "回复体力"
    player: Player
    amount: int = 1
    source: Player | None = None
    card: AnyCard | None = None
    reason: str = ""
    prevented: bool = False


@dataclass(eq=False, slots=True)
class LoseHpEvent(Event):
    kind: ClassVar[str] = "失去体力"
    player: Player
    amount: int = 1
    reason: str = ""


@dataclass(eq=False, slots=True)
class HpDeductEvent(Event):
    """扣减体力: ``amount`` points of ``player``'s hp deducted by a damage (``damage``) or
    an hp loss (None), 扣减体力时 opening once per point (``point``, 1-based; his hp
    as it stands after that point).  ``survives``: a skill there said he does not die
    of it (不会死去), so the rules start no 濒死 below 1 hp."""

    kind: ClassVar[str] = "扣减体力"
    player: Player
    amount: int = 1
    damage: DamageEvent | None = None
    point: int = 0
    survives: bool = False


@dataclass(eq=False, slots=True)
class JudgeEvent(Event):
    """判定.  ``card`` is the current judge card (retrial replaces it).
    ``good`` (optional) says which results are good for the judged player,
    a hint for agents deciding on retrial."""

    kind: ClassVar[str] = "判定"
    player: Player
    card: Card
    reason: str = ""
    good: Callable[[Card], bool] | None = None


@dataclass(eq=False, slots=True)
class DelayedTrickEvent(Event):
    """延时锦囊的判定: a delayed trick of ``player``'s judge area resolving in his judge
    phase.  ``card`` is the physical card (in the processing area while it resolves),
    ``trick`` the card as it counts (闪电, or what a conversion made of ``card``)."""

    kind: ClassVar[str] = "延时锦囊的判定"
    player: Player
    card: Card
    trick: AnyCard


@dataclass(eq=False, slots=True)
class DyingEvent(Event):
    kind: ClassVar[str] = "濒死"
    player: Player
    damage: DamageEvent | None = None


@dataclass(eq=False, slots=True)
class DeathEvent(Event):
    kind: ClassVar[str] = "死亡"
    player: Player
    killer: Player | None = None
    damage: DamageEvent | None = None


@dataclass(eq=False, slots=True)
class CardsMoveEvent(Event):
    """Cards moved.  ``from_zones`` gives each card's zone before the move."""

    kind: ClassVar[str] = "移动牌"
    cards: list[Card]
    from_player: Player | None
    from_zones: list[Zone]
    to_player: Player | None
    to_zone: Zone
    reason: MoveReason
    by: Player | None = None
