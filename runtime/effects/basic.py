"""Basic cards: 杀 (per target: 闪 → 杀被闪抵消时 → damage) and 桃."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import members as _M
from ..flows.use import use_response
from ..cards import CardName
from ..events import CardUseEvent, SlashEffectEvent
from ..player import Player
from ..timing import Timing

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["slash_effect_all", "slash_effect", "peach_effect"]


def slash_effect_all(game: Game, use: CardUseEvent) -> None:
    for t in list(use.targets):
        if t.alive and t.seat not in use.nullified:
            slash_effect(game, use, t)


def slash_effect(game: Game, use: CardUseEvent, target: Player) -> None:
    user = use.user
    ev = SlashEffectEvent(use, user, target, use.jinks_needed.get(target.seat, 1))
    if target.seat not in use.no_jink:
        while len(ev.jinks) < ev.jinks_needed:
            left = ev.jinks_needed - len(ev.jinks)
            c = use_response(
                game,
                target,
                (_M.CardName.JINK,),
                about="闪",
                prompt=f"{user.tag} 对你使用了{use.card.label}，请使用一张闪" + (f"（还需{left}张）" if ev.jinks_needed > 1 else ""),
                against=use,
                extra={"source": str(user.seat)},
            )
            if c is None:
                break
            ev.jinks.append(c)
        ev.offset = len(ev.jinks) >= ev.jinks_needed
    if ev.offset:
        game.log_event("抵消", f"{use.card.label} 被 {target.tag} 的闪抵消", player=user.seat, target=target.seat)
        game.trigger(_M.Timing.SLASH_MISSED, user, ev, target)
        if not ev.forced_hit:
            return
    if target.alive:
        game.damage(user, target, 1 + use.extra_damage, card=use.card, nature=use.card.nature, use=use)


def peach_effect(game: Game, use: CardUseEvent) -> None:
    for t in use.targets:
        if t.alive and t.seat not in use.nullified:
            game.recover(t, 1, source=use.user, reason="", card=use.card)
