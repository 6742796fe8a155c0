"""Skill base classes — the contract compiled skill modules implement.

Why one module of ~530 lines: it is that one contract — every kind of skill beside the
context they all receive — which emitted modules implement through ``runtime.api``.

Every skill is a class; the game creates **one instance per owner** (``self.owner``).
Class attributes describe the skill; methods are hooks the runtime calls with a
:class:`SkillContext` (or plain arguments for the cheap static queries).

Common class attributes (all skills):

* ``name`` — Chinese skill name (``"奸雄"``); ``pinyin`` — identifier (``"jianxiong"``);
* ``text`` — the skill sentence as written; ``source`` — ``"skills/standard/wei.sgs:3"``;
* tags: ``compulsory`` (锁定技), ``lord`` (主公技: inactive unless the owner is the
  lord), ``limited`` (限定技: at most once per game — the runtime counts), ``wake``
  (觉醒技: the skill's ``can_trigger`` decides, the runtime fires it at most once).

Kinds:

* :class:`TriggerSkill` — listens at :class:`~sgs.runtime.timing.Timing` windows;
  ``can_trigger`` / ``cost`` / ``effect`` (condition, cost, effect).
* :class:`ViewAsSkill` — 转化: subcards viewed as a card for use and/or response.
* :class:`ActiveSkill` — 出牌阶段 action: choose cards and targets, then ``effect``.
* :class:`StaticSkill` — 状态技: queried, never triggered (distance, range, 杀 limit,
  hand limit, prohibit, no distance limit, extra targets).
* :class:`ResponseProxySkill` — lord skills like 护驾/激将: other players of a kingdom
  may 打出 a card on the owner's behalf.
* :class:`CardEffect` — a card's effect written as text (锦囊 declarations): what one
  use does to each of its targets.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence, TypeVar

from .cards import AnyCard, Card, CardName, Suit
from .events import (
    CardResponseEvent,
    CardsMoveEvent,
    CardUseEvent,
    DamageEvent,
    DeathEvent,
    DrawPhaseEvent,
    DyingEvent,
    Event,
    JudgeEvent,
    LoseHpEvent,
    PhaseEvent,
    RecoverEvent,
    SlashEffectEvent,
)
from .player import Kingdom, Player
from .timing import Scope, Timing
from .zones import CardZone

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "UseMode",
    "SkillContext",
    "Skill",
    "TriggerSkill",
    "ViewAsSkill",
    "ActiveSkill",
    "StaticSkill",
    "ResponseProxySkill",
    "CardEffect",
    "static_hooks",
]

_E = TypeVar("_E", bound=Event)


class UseMode(str, Enum):
    """使用 / 打出 / 使用或打出."""

    USE = "使用"
    RESPOND = "打出"
    BOTH = "使用或打出"

    def allows(self, mode: UseMode) -> bool:
        return self is _BOTH or self is mode


_BOTH = UseMode.BOTH


class SkillContext:
    """What a hook sees.

    Fields: ``game``, ``owner`` (the skill's owner), ``skill``, ``timing`` (the window,
    None outside triggers), ``event`` (the event being resolved, None for active/
    view-as/static checks), ``target`` (per-target windows: the target; at
    成为目标时/后 it is the owner), ``point`` (per-point triggers: 1-based point index).

    Scratch space for passing choices from ``cost`` to ``effect``: ``cards``,
    ``targets``, ``choice``, ``vars``.

    Typed views of ``event`` (raise ``TypeError`` when the event has another type):
    ``damage``, ``use``, ``response``, ``slash_effect``, ``judge_event``,
    ``recover_event``, ``lose_hp_event``, ``dying_event``, ``death_event``,
    ``move``, ``phase_event``, ``draw_phase``.
    """

    __slots__ = (
        "game",
        "owner",
        "skill",
        "timing",
        "event",
        "target",
        "point",
        "_cards",
        "_targets",
        "choice",
        "_vars",
    )

    def __init__(
        self,
        game: Game,
        owner: Player,
        skill: Skill | None = None,
        timing: Timing | None = None,
        event: Event | None = None,
        target: Player | None = None,
    ) -> None:
        self.game = game
        self.owner = owner
        self.skill = skill
        self.timing = timing
        self.event = event
        self.target = target
        self.point = 1
        # the scratch lists and dict are made on first use: most contexts only ask
        # can_trigger / card_filter / enabled and never touch them
        self._cards: list[Card] | None = None
        self._targets: list[Player] | None = None
        self.choice: str | None = None
        self._vars: dict[str, Any] | None = None

    @property
    def cards(self) -> list[Card]:
        if self._cards is None:
            self._cards = []
        return self._cards

    @cards.setter
    def cards(self, value: list[Card]) -> None:
        self._cards = value

    @property
    def targets(self) -> list[Player]:
        if self._targets is None:
            self._targets = []
        return self._targets

    @targets.setter
    def targets(self, value: list[Player]) -> None:
        self._targets = value

    @property
    def vars(self) -> dict[str, Any]:
        if self._vars is None:
            self._vars = {}
        return self._vars

    @vars.setter
    def vars(self, value: dict[str, Any]) -> None:
        self._vars = value

    def _as(self, cls: type[_E]) -> _E:
        ev = self.event
        if not isinstance(ev, cls):
            raise TypeError(f"this window's event is {type(ev).__name__}, not {cls.__name__}")
        return ev

    @property
    def damage(self) -> DamageEvent:
        return self._as(DamageEvent)

    @property
    def use(self) -> CardUseEvent:
        """The card use (for 杀被闪抵消时 also works: the 杀's use)."""
        ev = self.event
        if isinstance(ev, SlashEffectEvent):
            return ev.use
        return self._as(CardUseEvent)

    @property
    def response(self) -> CardResponseEvent:
        return self._as(CardResponseEvent)

    @property
    def slash_effect(self) -> SlashEffectEvent:
        return self._as(SlashEffectEvent)

    @property
    def judge_event(self) -> JudgeEvent:
        return self._as(JudgeEvent)

    @property
    def recover_event(self) -> RecoverEvent:
        return self._as(RecoverEvent)

    @property
    def lose_hp_event(self) -> LoseHpEvent:
        return self._as(LoseHpEvent)

    @property
    def dying_event(self) -> DyingEvent:
        return self._as(DyingEvent)

    @property
    def death_event(self) -> DeathEvent:
        return self._as(DeathEvent)

    @property
    def move(self) -> CardsMoveEvent:
        return self._as(CardsMoveEvent)

    @property
    def phase_event(self) -> PhaseEvent:
        return self._as(PhaseEvent)

    @property
    def draw_phase(self) -> DrawPhaseEvent:
        return self._as(DrawPhaseEvent)

    @property
    def card(self) -> AnyCard | None:
        """The card of the event, if it has one (use, response, damage, judge)."""
        ev = self.event
        if isinstance(ev, (CardUseEvent, CardResponseEvent, JudgeEvent)):
            return ev.card
        if isinstance(ev, SlashEffectEvent):
            return ev.use.card
        if isinstance(ev, (DamageEvent, RecoverEvent)):
            return ev.card
        return None


class Skill:
    """Base of all skills.  Subclasses set the class attributes; see module doc."""

    name: ClassVar[str] = ""
    pinyin: ClassVar[str] = ""
    text: ClassVar[str] = ""
    source: ClassVar[str] = ""
    compulsory: ClassVar[bool] = False
    lord: ClassVar[bool] = False
    limited: ClassVar[bool] = False
    wake: ClassVar[bool] = False
    #: True for the skill of an equipment card (set by the runtime's equipment skills)
    equipment: ClassVar[bool] = False
    #: skills this one lends to every other player (主公技 黄天: an active skill of their
    #: play phase), each made as ``cls(that player, this skill)`` when this one is added
    #: (:func:`sgs.runtime.registry.add_skill`); each asks ``is_active`` whether it works
    grants: ClassVar[tuple[Callable[[Player, Skill], Skill], ...]] = ()

    #: the class has no lord/limited/wake tag and keeps :meth:`is_active`: always
    #: active (set for each subclass; the dispatcher and the play options read it
    #: before calling is_active)
    always_active: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.always_active = not (cls.lord or cls.limited or cls.wake) and cls.is_active is Skill.is_active

    def __init__(self, owner: Player) -> None:
        self.owner = owner

    def is_active(self) -> bool:
        """Whether the skill currently works (lord skills only for the lord;
        limited/wake skills only before they were used)."""
        if self.lord and not self.owner.is_lord:
            return False
        if (self.limited or self.wake) and self.owner.marks.get("used:" + self.name, 0):
            return False
        return True

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} of {self.owner.tag}>"


class TriggerSkill(Skill):
    """触发技.

    * ``timings`` — the windows it listens at;
    * ``scope`` — whose window: ``Scope.SELF`` (你, default), ``OTHER``, ``ANY``;
      the runtime checks the window's subject against the owner before anything else;
    * ``optional`` — ``你可以``: the runtime asks the owner 发动/不发动 before ``cost``;
      False: fires by itself (still calls ``cost``);
    * ``per_point`` — ``每当…受到/造成1点伤害后``, ``失去1点体力后``, ``回复1点体力后``:
      triggers once per point of the damage / hp loss / recovery (``ctx.point``
      counts), re-checking ``can_trigger`` each time;
    * ``limit_per_phase`` / ``limit_per_turn`` — invocation limits (the runtime counts
      invocations in ``owner.phase_counters[name]`` / ``turn_counters[name]``);
    * ``needs`` / ``need_mode`` — at ``Timing.CARD_NEEDED`` (需要使用或打出【闪】时, offered by
      :func:`~sgs.runtime.flows.respond.request_card`): the card names it provides, and how.

    ``times(ctx)`` — how many times one opening of the window triggers the skill
    (default 1; 枭姬 "每当你失去一张装备区里的牌时": once per equipment card lost);
    like ``per_point``, ``can_trigger`` is re-checked before each repetition.

    Hooks: ``can_trigger(ctx)`` (condition, no side effects), ``cost(ctx)`` (pay
    costs / choose targets, store them in ``ctx.cards``/``ctx.targets``; return False
    to cancel — the invocation is then not counted), ``effect(ctx)``.
    """

    timings: ClassVar[tuple[Timing, ...]] = ()
    scope: ClassVar[Scope] = Scope.SELF
    optional: ClassVar[bool] = True
    per_point: ClassVar[bool] = False
    limit_per_phase: ClassVar[int | None] = None
    limit_per_turn: ClassVar[int | None] = None
    needs: ClassVar[tuple[CardName, ...]] = ()
    need_mode: ClassVar[UseMode] = UseMode.BOTH

    def can_trigger(self, ctx: SkillContext) -> bool:
        return True

    def times(self, ctx: SkillContext) -> int:
        return 1

    def cost(self, ctx: SkillContext) -> bool:
        return True

    def effect(self, ctx: SkillContext) -> None:
        return None


class CardEffect(Skill):
    """A card's effect written as text (a ``锦囊`` declaration): what one use of the
    card does to each of its targets.  One instance per use, owned by the user.

    The card-use protocol stays the runtime's (:func:`sgs.runtime.effects.tricks.text_effect`):
    the targets in order; a target the effect cannot affect is skipped before anyone
    is asked for 无懈可击 (``can_affect``: 桃园结义 on a player at full hp); the
    无懈可击 chain; then ``effect`` on the target.

    * ``card`` — the card's name;
    * ``by_user`` — the user does the effect (你弃置…): once he is dead the use does
      nothing more;
    * ``log_reason`` — its events name the card as their reason (回复了1点体力（桃园结义）);
      a basic card's do not (基本 桃: the use is the event).

    Only a trick's effect may be answered with 无懈可击 (a basic card's is not asked).

    Hooks: ``before(ctx)`` (the use's own step, once, before its targets: a sentence of
    the text that names no 目标角色 — 五谷丰登's 亮出牌堆顶…; ``ctx.target`` None),
    ``can_affect(ctx, target)`` (no side effects), ``effect(ctx, target)``;
    ``ctx.event`` is the use (``ctx.use``), ``ctx.target`` the target.  A delayed trick's
    ``effect`` runs in its target's judge phase (``ctx.event`` a DelayedTrickEvent, no use),
    ``missed`` when it does not take effect.
    """

    card: ClassVar[CardName | None] = None
    by_user: ClassVar[bool] = False
    log_reason: ClassVar[bool] = True

    def before(self, ctx: SkillContext) -> None:
        return None

    def can_affect(self, ctx: SkillContext, target: Player) -> bool:
        return True

    def effect(self, ctx: SkillContext, target: Player) -> None:
        return None

    def missed(self, ctx: SkillContext, target: Player) -> None:
        """A delayed trick's effect when it does not take effect on ``target``: what its
        text does when the judgement's result is not the one tested (……；否则，……), which
        is also what a cancelled one does (闪电 moves on)."""
        return None


class ViewAsSkill(Skill):
    """转化技: ``subcard_count`` cards from ``zone`` viewed as one of ``card_names``.

    * ``mode`` — ``UseMode.USE`` / ``RESPOND`` / ``BOTH`` (使用 / 打出 / 使用或打出);
    * ``zone`` — ``CardZone.HAND`` (手牌) or ``CardZone.HAND_EQUIP`` (牌);
    * ``card_filter(ctx, card, as_name)`` — may this card be a subcard when viewed as
      ``as_name`` (龙胆: 杀 for 闪, 闪 for 杀);
    * ``enabled(ctx, mode)`` — may the skill be used now in this mode (急救: only
      outside the owner's turn).  ``mode`` is ``USE`` or ``RESPOND``.

    The virtual card takes its subcards' suit, number and colour.
    """

    card_names: ClassVar[tuple[CardName, ...]] = ()
    mode: ClassVar[UseMode] = UseMode.BOTH
    subcard_count: ClassVar[int] = 1
    zone: ClassVar[CardZone] = CardZone.HAND

    def card_filter(self, ctx: SkillContext, card: Card, as_name: CardName) -> bool:
        return True

    def enabled(self, ctx: SkillContext, mode: UseMode) -> bool:
        return True


class ActiveSkill(Skill):
    """出牌阶段主动技.

    * cards: ``min_cards``..``max_cards`` (None = any number) from ``card_zone``,
      each passing ``card_filter(ctx, card)``; the cards stay where they are — the
      ``effect`` decides what happens to them (discard, give …);
    * targets: ``min_targets``..``max_targets`` players passing
      ``target_filter(ctx, target, cards)``;
    * ``next_target_filter(ctx, chosen, target, cards)`` — for targets that depend
      on each other (离间: the second must be a legal target of the 决斗 the first
      is viewed as using): whether ``target`` may follow the targets ``chosen`` so
      far.  A skill that overrides it is asked its targets one at a time, in order,
      and only offered choices that can still be completed;
    * ``limit_per_phase`` (None = unlimited; ``每阶段限一次`` = 1);
    * ``can_use(ctx)`` — extra condition for offering the skill at all;
    * ``effect(ctx, cards, targets)``.
    """

    min_cards: ClassVar[int] = 0
    max_cards: ClassVar[int | None] = 0
    card_zone: ClassVar[CardZone] = CardZone.HAND
    min_targets: ClassVar[int] = 0
    max_targets: ClassVar[int | None] = 0
    limit_per_phase: ClassVar[int | None] = None

    def can_use(self, ctx: SkillContext) -> bool:
        return True

    def card_filter(self, ctx: SkillContext, card: Card) -> bool:
        return True

    def target_filter(self, ctx: SkillContext, target: Player, cards: Sequence[Card]) -> bool:
        return True

    def next_target_filter(
        self, ctx: SkillContext, chosen: Sequence[Player], target: Player, cards: Sequence[Card]
    ) -> bool:
        return True

    def effect(self, ctx: SkillContext, cards: list[Card], targets: list[Player]) -> None:
        return None


class StaticSkill(Skill):
    """状态技: queried by the runtime, never triggered.  Defaults change nothing.

    * ``distance_modifier(game, src, dst)`` — added to the distance from src to
      dst; asked of the static skills of both src and dst (马术: ``-1`` when
      ``src is self.owner``; a +1 horse: ``+1`` when ``dst is self.owner``);
    * ``attack_range_modifier(game, player)`` — added to the owner's attack range
      (these two read only seats, equipment and skills: usable.play_memo keeps them);
    * ``unlimited_slash(game, player)`` / ``extra_slashes(game, player)`` — the
      owner's 杀-per-play-phase limit (咆哮: unlimited);
    * ``max_cards_modifier(game, player)`` — added to the owner's hand limit;
    * ``prohibit(game, user, target, card)`` — True: ``user`` may not use ``card``
      with ``target`` as a target (asked of user's and target's skills; 空城/谦逊);
    * ``no_distance_limit(game, user, card, target)`` — the owner's card ignores
      distance (奇才);
    * ``extra_targets(game, user, card)`` — extra targets allowed (方天画戟);
    * ``suit_as(game, player, card)`` — the suit ``player``'s card counts as (红颜:
      his ♠ cards count as ♥); asked by the suit view (:mod:`sgs.runtime.suits`).
    """

    def name_as(self, game: Game, player: Player, card: Card) -> CardName | None:
        """The card ``player``'s hand card ``card`` counts as, and only as, when he uses
        or plays it (武神: 你的红桃手牌均视为【杀】).  None: itself."""
        return None

    def distance_modifier(self, game: Game, src: Player, dst: Player) -> int:
        return 0

    def attack_range_modifier(self, game: Game, player: Player) -> int:
        return 0

    def unlimited_slash(self, game: Game, player: Player) -> bool:
        return False

    def extra_slashes(self, game: Game, player: Player) -> int:
        return 0

    def max_cards_modifier(self, game: Game, player: Player) -> int:
        return 0

    def prohibit(self, game: Game, user: Player, target: Player, card: AnyCard) -> bool:
        return False

    def no_distance_limit(self, game: Game, user: Player, card: AnyCard, target: Player) -> bool:
        return False

    def extra_targets(self, game: Game, user: Player, card: AnyCard) -> int:
        return 0

    def suit_as(self, game: Game, player: Player, card: Card) -> Suit | None:
        """The suit ``player``'s card ``card`` counts as (你的黑桃牌均视为红桃牌).
        None: as printed."""
        return None


STATIC_HOOKS = (
    "name_as",
    "distance_modifier",
    "attack_range_modifier",
    "unlimited_slash",
    "extra_slashes",
    "max_cards_modifier",
    "prohibit",
    "no_distance_limit",
    "extra_targets",
    "suit_as",
)
_HOOKS_OF: dict[type, tuple[str, ...]] = {}


def static_hooks(cls: type[StaticSkill]) -> tuple[str, ...]:
    """The :class:`StaticSkill` query methods ``cls`` overrides (the others return
    their neutral default, so the runtime need not ask them)."""
    hooks = _HOOKS_OF.get(cls)
    if hooks is None:
        hooks = tuple(h for h in STATIC_HOOKS if getattr(cls, h) is not getattr(StaticSkill, h))
        _HOOKS_OF[cls] = hooks
    return hooks


class ResponseProxySkill(Skill):
    """Lord "response proxy" skills (护驾, 激将).

    When the owner needs to use or respond with ``card_name`` (per ``mode``), he
    may invoke the skill: every living player passing ``helper_filter`` is asked in
    seat order (from the owner's next seat) to 打出 that card; the first one who does
    ends the search, and the card counts as the owner's use/response.  With
    ``mode`` allowing ``USE`` and ``card_name`` 杀, the skill is also offered in the
    owner's play phase to use a 杀 (targets chosen first, then helpers asked).

    Default ``helper_filter``: another living player of ``helper_kingdom``.
    """

    card_name: ClassVar[CardName] = CardName.SLASH
    mode: ClassVar[UseMode] = UseMode.BOTH
    helper_kingdom: ClassVar[Kingdom | None] = None

    def helper_filter(self, ctx: SkillContext, helper: Player) -> bool:
        if helper is self.owner or not helper.alive:
            return False
        return self.helper_kingdom is None or helper.kingdom is self.helper_kingdom

    def enabled(self, ctx: SkillContext, mode: UseMode) -> bool:
        return True
