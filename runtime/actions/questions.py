"""Questions put to a player: invoke or not, choose an option, players, cards, a card to
answer with, a suit."""

from __future__ import annotations

from typing import Callable, Sequence

from .. import members as _M
from ..cards import AnyCard, Card, CardName, Suit
from ..decisions import Decision, DecisionKind, option
from ..player import Player
from ..flows.respond import respond_card
from ..flows.use import use_response
from ..skills import CardEffect, SkillContext, UseMode
from ..zones import CardZone

from ._common import _why

__all__ = [
    "choose_options", "ask_invoke", "choose_option", "choose_players", "choose_cards",
    "ask_for_card", "take_turns", "choose_suit",
]


def ask_invoke(ctx: SkillContext, player: Player, prompt: str = "") -> bool:
    """Ask ``player`` a yes/no question (labels 发动 / 不发动)."""
    return ctx.game.ask_yes_no(player, prompt or f"是否发动{_why(ctx)}", about=_why(ctx))


def choose_option(
    ctx: SkillContext,
    chooser: Player,
    options: Sequence[str],
    feasible: Sequence[bool] | None = None,
    prompt: str = "",
) -> str | None:
    """选择一项: ``chooser`` picks one label among the feasible ``options``.
    Returns the label, or None when no option is feasible."""
    return ctx.game.choose_option(chooser, list(options), feasible=feasible, prompt=prompt, about=_why(ctx))


def choose_players(
    ctx: SkillContext,
    chooser: Player,
    candidates: Sequence[Player],
    min_n: int = 1,
    max_n: int = 1,
    prompt: str = "",
) -> list[Player]:
    """``chooser`` picks ``min_n``..``max_n`` players among ``candidates`` (labels =
    seat numbers; ``min_n=0`` makes the choice optional: 取消 picks none)."""
    return ctx.game.choose_players(chooser, list(candidates), min_n, max_n, prompt=prompt, about=_why(ctx))


def choose_cards(
    ctx: SkillContext,
    chooser: Player,
    zone: CardZone = _M.CardZone.HAND,
    min_n: int = 1,
    max_n: int = 1,
    card_filter: Callable[[Card], bool] | None = None,
    prompt: str = "",
) -> list[Card]:
    """``chooser`` picks ``min_n``..``max_n`` of his own cards in ``zone`` passing
    ``card_filter`` (nothing moves).  If fewer than ``min_n`` are available, all
    available cards must be picked when ``min_n`` > 0."""
    cards = ctx.owner.cards_in(zone.hand, zone.equip, zone.judge) if chooser is ctx.owner else chooser.cards_in(
        zone.hand, zone.equip, zone.judge
    )
    if card_filter is not None:
        cards = [c for c in cards if card_filter(c)]
    return ctx.game.choose_cards(chooser, cards, min_n, max_n, prompt=prompt, about=_why(ctx))


def ask_for_card(
    ctx: SkillContext,
    player: Player,
    name: CardName | Sequence[CardName],
    mode: UseMode = _M.UseMode.RESPOND,
    prompt: str = "",
) -> AnyCard | None:
    """Ask ``player`` to 打出 (``mode=RESPOND``) or 使用 (``USE``, without target) a
    card named ``name`` (view-as and proxy skills apply).  Returns the card, or None
    if he declines.  The card is moved to the discard pile.

    In a card's effect (需打出一张【杀】，否则…: ``ctx.skill`` a :class:`CardEffect`) the
    answer is against that use — what answers a card sees it (八卦阵 and the armour
    its user may ignore) — and the prompt names the card used."""
    names = (name,) if isinstance(name, CardName) else tuple(name)
    if isinstance(ctx.skill, CardEffect):
        use, game = ctx.use, ctx.game
        about = names[0].value
        prompt = prompt or f"{use.user.tag} 使用了{use.card.label}，请{mode.value}一张{about}"
        if mode is _M.UseMode.USE:
            return use_response(game, player, names, about=about, prompt=prompt, against=use)
        return respond_card(game, player, names, about=about, prompt=prompt, against=use)
    return ctx.game.ask_for_card(player, names, mode, prompt=prompt, reason=_why(ctx))


def take_turns(
    ctx: SkillContext,
    first: Player,
    second: Player,
    name: CardName,
    mode: UseMode = _M.UseMode.RESPOND,
) -> tuple[Player, Player] | None:
    """X与Y轮流打出一张【N】 (由X开始): ``first``, then ``second``, then ``first`` …, each
    asked in turn to 打出 (``mode``) a card named ``name``, until one does not.  Returns
    (the one who did not, the other: 首先未打出…的一方, 另一方), or None once either of
    them is dead (the turns end with nobody failing).

    In a card's effect (决斗: ``ctx.skill`` a :class:`CardEffect`) each answer is against
    the use, and a player the use asks more of each turn (无双: ``duel_slashes_needed``,
    set by :func:`.use.require_duel_slashes`) gives that many in a row, or fails."""
    game = ctx.game
    use = ctx.use if isinstance(ctx.skill, CardEffect) else None
    names = (name,)
    about = name.value
    p, other = first, second
    while p.alive and other.alive:
        need = use.duel_slashes_needed.get(p.seat, 1) if use is not None else 1
        for k in range(need):
            if use is None:
                got = game.ask_for_card(p, names, mode, reason=_why(ctx))
            else:
                prompt = f"{use.card.name.value}：请{mode.value}一张{about}" + (
                    f"（共需{need}张，第{k + 1}张）" if need > 1 else "")
                extra = {"other": str(other.seat)}
                if mode is _M.UseMode.USE:
                    got = use_response(game, p, names, about=about, prompt=prompt, against=use, extra=extra)
                else:
                    got = respond_card(game, p, names, about=about, prompt=prompt, against=use, extra=extra)
            if got is None:
                return p, other
        p, other = other, p
    return None


def choose_options(
    ctx: SkillContext,
    chooser: Player,
    options: Sequence[str],
    low: int,
    high: int,
    feasible: Sequence[bool] | None = None,
    prompt: str = "",
) -> list[str]:
    """选择一至两项: ``chooser`` picks ``low``..``high`` of the feasible ``options``
    (labels); returns the picked labels in the options' order (empty when fewer than
    ``low`` are feasible)."""
    legal = [o for i, o in enumerate(options) if feasible is None or feasible[i]]
    if len(legal) < low or not legal:
        return []
    game = ctx.game
    d = Decision(DecisionKind.OPTION, chooser, prompt or f"选择{low}至{high}项", tuple(option(o) for o in legal),
                 min=low, max=min(high, len(legal)), about=_why(ctx))
    picked = sorted(game.ask(d))
    out = [legal[i] for i in picked]
    game.log_event("选择", f"{game.tag(chooser)} 选择「{'」「'.join(out)}」", player=chooser.seat, choice="、".join(out))
    return out


SUITS: tuple[Suit, ...] = (_M.Suit.SPADE, _M.Suit.HEART, _M.Suit.CLUB, _M.Suit.DIAMOND)


def choose_suit(ctx: SkillContext, chooser: Player, prompt: str = "") -> Suit:
    """选择一种花色: ``chooser`` names a suit (an OPTION decision; labels 黑桃 /
    红桃 / 梅花 / 方块); logged."""
    labels = [s.value for s in SUITS]
    choice = ctx.game.choose_option(chooser, labels, prompt=prompt or "选择一种花色", about=_why(ctx))
    assert choice is not None
    return Suit(choice)
