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
* skills: :class:`Skill`, :class:`TriggerSkill`, :class:`ViewAsSkill`,
  :class:`ActiveSkill`, :class:`StaticSkill`, :class:`ResponseProxySkill`,
  :class:`SkillContext`, :class:`UseMode`;
* data: :class:`Card`, :class:`VirtualCard`, ``AnyCard``, :class:`CardName`,
  :class:`Suit`, :class:`Color`, :class:`CardType`, :class:`CardSubtype`,
  :class:`Nature`, :class:`Player`, :class:`Kingdom`, :class:`Gender`,
  :class:`Role`, :class:`GeneralSpec`, :class:`CardZone`, events;
* actions (verbs and queries): see :mod:`sgs.runtime.actions`.
"""

from __future__ import annotations

from .actions import (
    add_damage_bonus,
    add_phase_count,
    alive_players,
    arrange_cards,
    ask_discard,
    ask_for_card,
    ask_invoke,
    can_use_on,
    cancel_target,
    cards_given_this_phase,
    cards_used_this_turn,
    change_draw_count,
    choose_cards,
    choose_cards_among,
    choose_option,
    choose_players,
    choose_suit,
    color_of,
    current_phase,
    current_player,
    damage,
    discard,
    discard_from,
    distance,
    draw,
    forbid_jink,
    ignore_armor,
    give,
    hand_out,
    in_attack_range,
    is_black,
    is_current,
    is_red,
    judge,
    look_at_top,
    lose_hp,
    lost_count,
    nullify_for,
    obtain,
    obtain_from,
    other_players,
    phase_count,
    prevent_damage,
    put_on_pile,
    recover,
    require_duel_slashes,
    require_jinks,
    retrial,
    show_card,
    skill_uses,
    skip_draw,
    skip_phase,
    suit_of,
    transfer_candidates,
    transfer_target,
    use_as,
    view_as_use,
)
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
from .player import Gender, GeneralSpec, Kingdom, Player, Role
from .skills import (
    ActiveSkill,
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
    "ActiveSkill",
    "StaticSkill",
    "ResponseProxySkill",
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
    # actions
    "draw",
    "discard",
    "ask_discard",
    "obtain",
    "obtain_from",
    "discard_from",
    "give",
    "recover",
    "lose_hp",
    "damage",
    "prevent_damage",
    "judge",
    "retrial",
    "ask_invoke",
    "choose_option",
    "choose_players",
    "choose_cards",
    "ask_for_card",
    "forbid_jink",
    "ignore_armor",
    "require_jinks",
    "require_duel_slashes",
    "nullify_for",
    "skip_phase",
    "cancel_target",
    "use_as",
    "view_as_use",
    "change_draw_count",
    "skip_draw",
    "add_damage_bonus",
    "look_at_top",
    "choose_cards_among",
    "hand_out",
    "arrange_cards",
    "put_on_pile",
    "transfer_target",
    "choose_suit",
    "show_card",
    # queries
    "distance",
    "in_attack_range",
    "is_current",
    "current_player",
    "alive_players",
    "other_players",
    "suit_of",
    "color_of",
    "is_red",
    "is_black",
    "phase_count",
    "add_phase_count",
    "skill_uses",
    "cards_given_this_phase",
    "cards_used_this_turn",
    "lost_count",
    "current_phase",
    "transfer_candidates",
    "can_use_on",
]
