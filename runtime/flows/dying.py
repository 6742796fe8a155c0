"""Dying (濒死) and death (死亡).

:data:`DYING_STAGES`: the player enters 濒死 (logged), 进入濒死状态时 [him], then while
his hp is below 1 every living player in seat order from the current player may use
桃 on him (each as many as he likes), and if he is still below 1 he dies.
:data:`DEATH_STAGES`: he dies (his role revealed), 死亡时 [him: his own skills still
fire], the mode's victory check (the game may end here), his cards are discarded,
rewards and penalties (a rebel's killer draws 3; a lord who kills a loyalist discards
all his cards), 死亡后 [him], his skills stop listening.

The rescue and the death are the rules' doing, not the opener's: their links are
``own=False`` (an effect that brings a player to 濒死 opens 进入濒死状态时; death
follows by the rules, drawn as the trigger graph's ``leads`` edges).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import members as _M
from ..cards import CardName
from ..events import DamageEvent, DeathEvent, DyingEvent
from ..player import Player
from ..registry import remove_skill
from ..stages import LOSER, RECEIVER, Step, Then, Window, family
from .respond import can_produce, request_card
from .use import use_card

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["DYING_STAGES", "DEATH_STAGES", "enter_dying", "die", "ask_peach"]


_PEACH: tuple[CardName, ...] = (_M.CardName.PEACH,)
#: what a dying player may use on himself: 桃, and 酒 (军争)
_SELF_RESCUE = (_M.CardName.PEACH, _M.CardName.ANALEPTIC)
_ANALEPTIC = (_M.CardName.ANALEPTIC,)


def ask_peach(game: Game, p: Player, dying: Player) -> bool:
    """Ask ``p`` to use a 桃 on the dying player (the dying player himself: a 桃 or a
    酒); True if he did."""
    names = _PEACH
    prompt = f"{dying.tag} 濒死，是否对其使用一张桃"
    if p is dying and can_produce(game, p, _ANALEPTIC, _M.UseMode.USE):
        names = _SELF_RESCUE
        prompt = "你濒死，是否使用一张桃或酒"
    elif not can_produce(game, p, _PEACH, _M.UseMode.USE):
        return False
    card = request_card(
        game,
        p,
        names,
        _M.UseMode.USE,
        "桃",
        prompt,
        None,
        {"dying": str(dying.seat)},
    )
    if card is None:
        return False
    use_card(game, p, card, [dying], "", True)  # (responding; positional: a keyword call costs more)
    return True


def _enter(game: Game, ev: DyingEvent) -> None:
    player = ev.player
    player.dying = True
    game.log_entry("濒死", f"{game.tag(player)} 进入濒死状态", {"player": player.seat, "hp": player.hp})


def _rescue(game: Game, ev: DyingEvent) -> None:
    player = ev.player
    if player.hp < 1 and player.alive:
        for p in game.alive_from(game.current):
            while player.hp < 1 and p.alive and player.alive:
                if not ask_peach(game, p, player):
                    break
            if player.hp >= 1 or not player.alive:
                break


def _unsaved(game: Game, ev: DyingEvent) -> None:
    player = ev.player
    player.dying = False
    if player.hp < 1 and player.alive:
        die(game, player, ev.damage)


DYING_STAGES = family(
    "濒死",
    Step(_enter),
    Window(_M.Timing.DYING, "player"),
    Step(_rescue, Then("使用牌", "其他角色对其使用【桃】", own=False)),
    Step(_unsaved, Then("死亡", "体力值仍小于1", own=False)),
)


def enter_dying(game: Game, player: Player, damage: DamageEvent | None) -> None:
    """``player`` (hp below 1) enters 濒死; ``damage``: the damage that caused it."""
    DYING_STAGES.run(game, DyingEvent(player, damage))


def _dies(game: Game, ev: DeathEvent) -> None:
    player, killer = ev.player, ev.killer
    player.alive = False
    game.alive_changed()
    player.role_revealed = True
    game.log_event(
        "死亡",
        f"{game.tag(player)} 死亡" + (f"，凶手是{game.tag(killer)}" if killer is not None else ""),
        player=player.seat,
        role=player.role.value,
        killer=killer.seat if killer is not None else None,
    )


def _victory(game: Game, ev: DeathEvent) -> None:
    result = game.victory(game)
    if result is not None:
        raise result


def _drop_cards(game: Game, ev: DeathEvent) -> None:
    cards = ev.player.cards_in(True, True, True)
    for pile in ev.player.piles.values():  # the cards on his general card (不屈)
        cards.extend(pile)
    if cards:
        game.move_cards(cards, _M.Zone.DISCARD_PILE, None, _M.MoveReason.DEATH)


def _rewards(game: Game, ev: DeathEvent) -> None:
    player, killer = ev.player, ev.killer
    if killer is not None and killer.alive:
        if player.role is _M.Role.REBEL:
            game.log_event("奖惩", f"{game.tag(killer)} 杀死反贼，摸三张牌", player=killer.seat)
            game.draw(killer, 3, "奖励")
        elif player.role is _M.Role.LOYALIST and killer.role is _M.Role.LORD:
            game.log_event("奖惩", f"{game.tag(killer)} 杀死忠臣，弃置所有手牌和装备", player=killer.seat)
            game.discard_cards(killer, killer.cards_in(True, True), "惩罚")


def _forget_skills(game: Game, ev: DeathEvent) -> None:
    player = ev.player
    for s in list(player.skills):
        remove_skill(game, player, s)
        player.skills.append(s)  # keep the list for display; not indexed any more


DEATH_STAGES = family(
    "死亡",
    Step(_dies),
    Window(_M.Timing.DEATH, "player"),
    Step(_victory),
    Step(_drop_cards, Then("移动牌", "其区域里的牌", roles=frozenset({LOSER}))),
    Step(
        _rewards,
        Then("移动牌", "杀死反贼者摸三张牌", roles=frozenset({RECEIVER})),
        Then("移动牌", "主公杀死忠臣，弃置所有牌", roles=frozenset({LOSER})),
    ),
    Window(_M.Timing.DIED, "player"),
    Step(_forget_skills),
)


def die(game: Game, player: Player, damage: DamageEvent | None) -> None:
    """``player`` dies (``damage``: what killed him, its source the killer)."""
    killer = damage.source if damage is not None else None
    DEATH_STAGES.run(game, DeathEvent(player, killer, damage))
