"""Judgement (判定) and retrial (改判).

:data:`JUDGE_STAGES`: the top card of the draw pile is the judge card (logged), 判定牌
生效前 [the judged player; retrial skills listen with scope ANY], the result (logged),
判定牌生效后, the judge card goes to the discard pile (if still in the processing area).
:data:`RETRIAL_STAGES`: in 判定牌生效前, a player's own card replaces the judge card (it
moves to the processing area, the old one to the discard pile); played as a response
(打出, 鬼才) it opens 打出时 [him].
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .. import members as _M
from ..cards import Card
from ..events import CardResponseEvent, JudgeEvent
from ..player import Player
from ..stages import LOSER, RECEIVER, Step, Then, Window, family
from ..suits import viewed_by

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["JUDGE_STAGES", "RETRIAL_STAGES", "judge", "retrial"]


def _result(game: Game, ev: JudgeEvent) -> None:
    player, card = ev.player, ev.card
    # the suit view: a judgement card is the judged player's (红颜: 判定结果为 杀♠9（红颜：视为♥）)
    by = viewed_by(game, card, player)
    game.log_entry(
        "判定结果",
        ("{} 的判定结果为 {}（{}：视为{}）", game.tag(player), card.label, by, game.suit_of(card, player).symbol)
        if by
        else ("{} 的判定结果为 {}", game.tag(player), card.label),
        {"player": player.seat, "card": card.label},
    )


def _done(game: Game, ev: JudgeEvent) -> None:
    game.clear_processing([ev.card])


JUDGE_STAGES = family(
    "判定",
    Window(_M.Timing.JUDGE_RETRIAL, "player"),
    Step(_result),
    Window(_M.Timing.JUDGE_FINISHED, "player"),
    Step(_done, Then("移动牌", "判定牌置入弃牌堆", roles=frozenset())),
)


def judge(game: Game, player: Player, reason: str = "", good: Callable[[Card], bool] | None = None) -> Card:
    """``player`` makes a judgement; returns the final judge card."""
    card = game.take_top(1)[0]
    game.log_entry(
        "判定",
        ("{} 的判定牌为 {}（{}）", game.tag(player), card.label, reason)
        if reason
        else ("{} 的判定牌为 {}", game.tag(player), card.label),
        {"player": player.seat, "card": card.label, "reason": reason},
    )
    ev = JudgeEvent(player, card, reason, good)
    JUDGE_STAGES.run(game, ev)
    return ev.card


_RESPONDED = Window(_M.Timing.CARD_RESPONDING, "player")

RETRIAL_STAGES = family(
    "改判",
    Then("移动牌", "用以改判的牌置入处理区", roles=frozenset({LOSER})),
    Then("移动牌", "替换之：原判定牌归改判者（鬼道）", roles=frozenset({RECEIVER})),
    _RESPONDED,
)


def retrial(
    game: Game, event: JudgeEvent, by: Player, card: Card, respond: bool = True, reason: str = "", keep: bool = False
) -> None:
    """``by`` replaces ``event``'s judge card with his ``card`` (``respond``: played
    as a response, opening 打出时); the replaced card goes to the discard pile, or with
    ``keep`` into ``by``'s hand (替换之: 鬼道 — seed 000: 还能将原先的判定牌收归手牌)."""
    old = event.card
    game.move_cards([card], _M.Zone.PROCESSING, None, _M.MoveReason.RETRIAL, by)
    game.log_event(
        "改判",
        f"{game.tag(by)} {'打出' if respond else '用'} {card.label} 代替判定牌 {old.label}"
        + (f"（{reason}）" if reason else ""),
        player=by.seat,
        card=card.label,
        old=old.label,
    )
    event.card = card
    if keep and by.alive:
        game.move_cards([old], _M.Zone.HAND, by, _M.MoveReason.OBTAIN, by)
    else:
        game.clear_processing([old])
    if respond:
        _RESPONDED.run(game, CardResponseEvent(by, card, reason))
