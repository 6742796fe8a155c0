"""Asking players: yes/no, one option, players, cards, a card of another player's, a
card by name.  Each builds a :class:`~sgs.runtime.decisions.Decision` of the legal
options and asks it through ``game.ask`` (the deciding player's agent, or whoever
drives the game through ``pending``/``respond``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from . import members as _M
from .cards import AnyCard, Card, CardName
from .decisions import INVOKE, NO_INVOKE, Decision, DecisionKind, Option, card_option, option
from .flows.respond import respond_card
from .flows.use import use_response
from .player import Player
from .skills import UseMode
from .zones import CardZone

if TYPE_CHECKING:
    from .game import Game

__all__ = ["ask_yes_no", "choose_option", "choose_players", "choose_cards", "choose_card_of", "ask_for_card"]

_YES_NO = (Option(INVOKE), Option(NO_INVOKE))


def ask_yes_no(game: Game, player: Player, prompt: str, about: str = "") -> bool:
    d = Decision(_M.DecisionKind.INVOKE, player, prompt, _YES_NO, 1, 1, about)  # (positional: see Decision)
    return game.ask(d)[0] == 0


def choose_option(
    game: Game,
    chooser: Player,
    options: list[str],
    feasible: Sequence[bool] | None = None,
    prompt: str = "",
    about: str = "",
) -> str | None:
    legal = [o for i, o in enumerate(options) if feasible is None or feasible[i]]
    if not legal:
        return None
    d = Decision(_M.DecisionKind.OPTION, chooser, prompt or "选择一项", tuple(Option(o) for o in legal), 1, 1, about)
    choice = legal[game.ask(d)[0]]
    game.log_event("选择", f"{game.tag(chooser)} 选择「{choice}」", player=chooser.seat, choice=choice)
    return choice


def choose_players(
    game: Game, chooser: Player, candidates: list[Player], min_n: int, max_n: int, prompt: str = "", about: str = ""
) -> list[Player]:
    if not candidates:
        return []
    opts = []
    for p in candidates:  # (loops, not comprehensions: each is a function call in Python 3.11)
        opts.append(option(str(p.seat)))
    d = Decision(
        _M.DecisionKind.PLAYERS, chooser, prompt or "选择角色", tuple(opts), min(min_n, len(candidates)), max_n, about
    )
    picked = []
    for i in game.ask(d):
        picked.append(candidates[i])
    return picked


def choose_cards(
    game: Game,
    chooser: Player,
    cards: list[Card],
    min_n: int,
    max_n: int,
    prompt: str = "",
    about: str = "",
    kind: DecisionKind = _M.DecisionKind.CARDS,
) -> list[Card]:
    if not cards:
        return []
    opts = []
    for c in cards:  # (loops, not comprehensions: each is a function call in Python 3.11)
        opts.append(card_option(c.label))
    d = Decision(kind, chooser, prompt or "选择牌", tuple(opts), min(min_n, len(cards)), max_n, about)
    picked = []
    for i in game.ask(d):
        picked.append(cards[i])
    return picked


def choose_card_of(
    game: Game, chooser: Player, target: Player, zone: CardZone, prompt: str = "", about: str = ""
) -> Card | None:
    """``chooser`` picks one card in ``target``'s areas (hand blind)."""
    cards: list[Card] = []
    labels: list[str] = []
    if zone.hand:
        for i, c in enumerate(target.hand):
            cards.append(c)
            labels.append(f"手牌{i + 1}" if chooser is not target else c.label)
    if zone.equip:
        for c in target.equip_cards():
            cards.append(c)
            labels.append(c.label)
    if zone.judge:
        for e in target.judge_area:
            cards.append(e.card)
            labels.append(e.card.label)
    if not cards:
        return None
    d = Decision(
        _M.DecisionKind.CARD_OF,
        chooser,
        prompt or f"选择{target.tag}的一张牌",
        tuple([card_option(lab) for lab in labels]),
        1,
        1,
        about,
        {"target": str(target.seat)},
    )
    return cards[game.ask(d)[0]]


def ask_for_card(
    game: Game, player: Player, names: tuple[CardName, ...], mode: UseMode, prompt: str = "", reason: str = ""
) -> AnyCard | None:
    """Ask ``player`` to 打出 (RESPOND) or 使用 (USE, no target) a named card."""
    about = names[0].value if names else reason
    if mode is _M.UseMode.USE:
        return use_response(game, player, names, about, prompt)
    return respond_card(game, player, names, about, prompt)
