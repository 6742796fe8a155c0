"""The runtime surface for compiled skill modules — the ONLY module they import.

An emitted module looks like::

    from sgs.runtime.api import (CardName, GeneralSpec, Gender, Kingdom,
        SkillContext, Timing, TriggerSkill, obtain)

    class Jianxiong(TriggerSkill):
        name = "奸雄"
        pinyin = "jianxiong"
        source = "skills/standard/wei.sgs:3"
        timings = (Timing.DAMAGED,)
        def can_trigger(self, ctx: SkillContext) -> bool:
            return ctx.damage.card is not None
        def effect(self, ctx: SkillContext) -> None:
            card = ctx.damage.card
            if card is not None:
                obtain(ctx, ctx.owner, card)

    GENERALS: tuple[GeneralSpec, ...] = (
        GeneralSpec("曹操", "caocao", Kingdom.WEI, 4, Gender.MALE, (Jianxiong, Hujia)),
    )

Contents (see each module for details):

* timing: :class:`Timing` (windows, values = the register's words), :class:`Phase`,
  :class:`Scope` (你 / 其他角色 / 一名角色);
* skills: :class:`Skill`, :class:`TriggerSkill`, :class:`ViewAsSkill`, :class:`DeclaredSkill`,
  :class:`ActiveSkill`, :class:`StaticSkill`, :class:`ResponseProxySkill`, :class:`CardEffect`,
  :class:`SkillContext`, :class:`UseMode`;
* data: :class:`Card`, :class:`VirtualCard`, ``AnyCard``, :class:`CardName`,
  :class:`Suit`, :class:`Color`, :class:`CardType`, :class:`CardSubtype`,
  :class:`Nature`, :class:`Player`, :class:`Kingdom`, :class:`Gender`,
  :class:`Role`, :class:`GeneralSpec`, :class:`CardZone`, events;
* actions (verbs and queries): see :mod:`sgs.runtime.actions`.
"""

from __future__ import annotations

from . import actions as _actions
from .actions import *  # noqa: F403 - every action (actions.__all__) is part of the surface
from .cards import AnyCard, Card, CardName, CardSubtype, CardType, Color, Nature, Suit, VirtualCard
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
from .game import Game
from .legality import last_hand_cards
from .player import Gender, GeneralSpec, Kingdom, Player, Role
from .flows.question import DeclaredSkill
from .skills import (
    ActiveSkill,
    CardEffect,
    ResponseProxySkill,
    Skill,
    SkillContext,
    StaticSkill,
    TriggerSkill,
    UseMode,
    ViewAsSkill,
)
from .timing import Phase, Scope, Timing
from .zones import CardZone

__all__ = [
    # timing
    "Timing",
    "Phase",
    "Scope",
    # skills
    "Skill",
    "TriggerSkill",
    "ViewAsSkill",
    "DeclaredSkill",
    "ActiveSkill",
    "StaticSkill",
    "ResponseProxySkill",
    "CardEffect",
    "SkillContext",
    "UseMode",
    # data
    "AnyCard",
    "Card",
    "VirtualCard",
    "CardName",
    "CardType",
    "CardSubtype",
    "Color",
    "Suit",
    "Nature",
    "CardZone",
    "Player",
    "Kingdom",
    "Gender",
    "Role",
    "GeneralSpec",
    "Game",
    # queries the actions module does not hold
    "last_hand_cards",
    # events
    "Event",
    "PhaseEvent",
    "DrawPhaseEvent",
    "CardUseEvent",
    "CardResponseEvent",
    "SlashEffectEvent",
    "DamageEvent",
    "RecoverEvent",
    "LoseHpEvent",
    "JudgeEvent",
    "DyingEvent",
    "DeathEvent",
    "CardsMoveEvent",
]
# every action and query of runtime.actions: a new action needs no edit here
__all__ += _actions.__all__
