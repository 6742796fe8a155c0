"""Which skills each player has, indexed for the dispatcher and the queries.

A game keeps its trigger skills by the windows they listen at
(``game.listeners``: timing → skills, read by :mod:`sgs.runtime.dispatch`), its
static skills by the hooks they override (``game._hooked``: seat → hook → skills, read
by :mod:`sgs.runtime.legality`), and by seat, in ``player.skills`` order, the skills
the play phase offers (``game._play_skills``: active, view-as, proxy) and those a
request for a card offers (``game._answer_skills``: view-as, proxy).  Skills are
given and taken only here (a dead player's stay listed in ``player.skills``, unindexed).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .player import Player
from .skills import ActiveSkill, ResponseProxySkill, Skill, StaticSkill, TriggerSkill, ViewAsSkill, static_hooks
from .timing import Scope, Timing

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "add_skill",
    "remove_skill",
    "statics",
    "any_hooked",
    "hooked",
    "view_as_skills",
    "active_skills",
    "proxy_skills",
]


def add_skill(game: Game, player: Player, skill: Skill) -> None:
    """Give ``player`` the skill instance ``skill`` (indexed by kind)."""
    player.skills.append(skill)
    if isinstance(skill, (ActiveSkill, ViewAsSkill, ResponseProxySkill)):
        game._play_skills.setdefault(player.seat, []).append(skill)
    if isinstance(skill, (ViewAsSkill, ResponseProxySkill)):
        game._answer_skills.setdefault(player.seat, []).append(skill)
    if isinstance(skill, TriggerSkill):
        for t in skill.timings:
            game.listeners.setdefault(t, []).append(skill)
            _hear(game, t)
    if isinstance(skill, StaticSkill):
        game._statics[player.seat].append(skill)
        _index_statics(game, player)
    for make in skill.grants:
        # lent, not his own: indexed for his play phase but kept out of his skills, so
        # setting up his general keeps it; it works while the lender's skill does
        for other in game.players:
            if other is not player:
                game._play_skills.setdefault(other.seat, []).append(make(other, skill))


def remove_skill(game: Game, player: Player, skill: Skill) -> None:
    """Take ``skill`` away from ``player`` (no error if he does not have it)."""
    if skill in player.skills:
        player.skills.remove(skill)
    for index in (game._play_skills, game._answer_skills):
        mine = index.get(player.seat)
        if mine is not None and skill in mine:
            mine.remove(skill)
    if isinstance(skill, TriggerSkill):
        for t in skill.timings:
            lst = game.listeners.get(t)
            if lst and skill in lst:
                lst.remove(skill)
                _hear(game, t)
    if isinstance(skill, StaticSkill) and skill in game._statics[player.seat]:
        game._statics[player.seat].remove(skill)
        _index_statics(game, player)


def _hear(game: Game, t: Timing) -> None:
    """Update who may hear window ``t`` (``game._ears``: absent — nobody listens; None —
    a skill listens at others' windows too, anyone's subject may matter; else the seats
    whose own skills listen, :meth:`Game.hears`)."""
    lst = game.listeners.get(t)
    if not lst:
        game._ears.pop(t, None)
    elif any(s.scope is not _SELF for s in lst):
        game._ears[t] = None
    else:
        game._ears[t] = frozenset(s.owner.seat for s in lst)


_SELF = Scope.SELF


def _index_statics(game: Game, player: Player) -> None:
    by_hook: dict[str, list[StaticSkill]] = {}
    dynamic = False
    for s in game._statics[player.seat]:
        for hook in static_hooks(type(s)):
            by_hook.setdefault(hook, []).append(s)
        dynamic = dynamic or s.lord or s.limited or s.wake
    game._hooked[player.seat] = by_hook
    game._hooks_any = set().union(*game._hooked.values())
    game._usable.clear()  # (legality.geometry_changed: a distance or range hook may have come or gone)
    if dynamic:
        game._hooked_dynamic.add(player.seat)
    else:
        game._hooked_dynamic.discard(player.seat)


def statics(game: Game, player: Player) -> list[StaticSkill]:
    """``player``'s active static skills."""
    return [s for s in game._statics[player.seat] if s.is_active()]


def any_hooked(game: Game, hook: str) -> bool:
    """Whether any seat (alive or not) has a static skill overriding ``hook``."""
    return hook in game._hooks_any


def hooked(game: Game, player: Player, hook: str) -> Sequence[StaticSkill]:
    """``player``'s active static skills that override ``hook`` (a
    :class:`StaticSkill` method name), in the order :func:`statics` lists them.
    The others would return the hook's neutral default (0 / False), so asking
    only these gives the same answers.  Do not mutate the result."""
    lst = game._hooked[player.seat].get(hook)
    if not lst:
        return ()
    if player.seat in game._hooked_dynamic:
        return [s for s in lst if s.is_active()]
    return lst


def view_as_skills(game: Game, player: Player) -> list[ViewAsSkill]:
    return [s for s in player.skills if isinstance(s, ViewAsSkill) and s.is_active()]


def active_skills(game: Game, player: Player) -> list[ActiveSkill]:
    return [s for s in player.skills if isinstance(s, ActiveSkill) and s.is_active()]


def proxy_skills(game: Game, player: Player) -> list[ResponseProxySkill]:
    return [s for s in player.skills if isinstance(s, ResponseProxySkill) and s.is_active()]
