"""How a game ends (:class:`GameOver`) and its final state, as returned by the entry
points and the table builder."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .log import GameLog

if TYPE_CHECKING:
    from .game import Game

__all__ = ["PlayerState", "GameResult", "GameOver", "result_of"]


class GameOver(Exception):
    """Raised inside the engine when the game ends (victory, or a draw when both piles
    are empty); caught by the turn loop.  ``winner``: ``主公``, ``反贼``, ``内奸`` or
    ``平局``; ``winners``: the winning seats."""

    def __init__(self, winner: str, winners: list[int]) -> None:
        super().__init__(winner)
        self.winner = winner
        self.winners = winners


@dataclass(frozen=True)
class PlayerState:
    seat: int
    general: str
    role: str
    hp: int
    max_hp: int
    alive: bool
    hand: tuple[str, ...]
    equips: tuple[str, ...]
    judge_area: tuple[str, ...]
    #: the general card is face down (叠置)
    face_down: bool = False
    #: 横置 (铁索连环)
    chained: bool = False
    #: the cards on the general card (武将牌上: 不屈), every pile, in the order they came
    on_general: tuple[str, ...] = ()


@dataclass
class GameResult:
    """``winner``: ``主公`` (lord + loyalists), ``反贼``, ``内奸``, ``平局`` or None
    (not over); ``winners``: winning seats; ``events``: the log's event kinds in
    order; ``log``: the full log."""

    winner: str | None
    winners: list[int]
    rounds: int
    turns: int
    players: list[PlayerState]
    log: GameLog
    events: list[str] = field(default_factory=list)

    def player(self, seat: int) -> PlayerState:
        return self.players[seat - 1]


def result_of(game: Game) -> GameResult:
    ps = [
        PlayerState(
            p.seat,
            p.general.name,
            p.role.value,
            p.hp,
            p.max_hp,
            p.alive,
            tuple(c.label for c in p.hand),
            tuple(c.label for c in p.equip_cards()),
            tuple(e.card.label for e in p.judge_area),
            p.face_down,
            p.chained,
            tuple(c.label for pile in p.piles.values() for c in pile),
        )
        for p in game.players
    ]
    return GameResult(game.winner, list(game.winners), game.round, game.turns_played, ps, game.log, game.log.kinds())
