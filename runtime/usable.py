"""Whether a card may be used in the play phase now, as the play options ask it before
every PLAY decision: :func:`usable_in_play` of any card; :func:`usable_named`, the
same answer by card name when no static hook looks at the card (:func:`card_hooks`),
some names' answers kept per seat across decisions (:func:`play_memo`).

The answers are :mod:`sgs.runtime.legality`'s (a legal target exists), in fewer steps
per kind of card; nothing here changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import members as _M
from .cards import AnyCard, CardName
from .legality import (
    _ALL,
    _ALL_OTHERS,
    _EQUIP_TYPE,
    _FIXED_SELF,
    _JINK,
    _NULLIFICATION,
    SLASH_COUNT,
    SLASH_NAMES,
    Reach,
    equipment_slash,
    no_distance_limit,
    prohibited,
    slash_limit,
    target_ok,
)
from .player import Player
from .registry import hooked

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "slash_available",
    "usable_in_play",
    "usable_named",
    "play_memo",
    "PlayMemo",
    "slash_targets",
    "card_hooks",
]


def slash_available(game: Game, player: Player) -> bool:
    """Whether ``player`` may still use a 杀 this play phase."""
    limit = slash_limit(game, player)
    return limit is None or player.phase_counters.get(SLASH_COUNT, 0) < limit


def usable_in_play(game: Game, user: Player, card: AnyCard, reach: Reach | None = None) -> bool:
    """Whether ``user`` may use ``card`` in his play phase now (a legal target exists).

    The same answers as asking :func:`fixed_targets` / :func:`target_ok` of every
    player, in fewer steps per kind of card (the play options ask it of every card
    name in hand before every play decision); the queries are pure, so asking fewer
    of them changes nothing."""
    name = card.name
    if name is _JINK or name is _NULLIFICATION:
        return False
    if name in SLASH_NAMES:
        return slash_available(game, user) and _slash_target_exists(game, user, card, reach)
    if name in _ALL:
        return True
    if name in _FIXED_SELF or card.type is _EQUIP_TYPE:
        return target_ok(game, user, card, user, reach)
    ring = reach.alive_from_user() if reach is not None else game.alive_from(user)
    if name in _ALL_OTHERS:
        if "prohibit" not in game._hooks_any:
            return len(ring) > 1
        return any(not prohibited(game, user, p, card) for p in ring[1:])
    for t in ring:
        if target_ok(game, user, card, t, reach):
            return True
    return False


#: names whose usability in the play phase (without static hooks looking at the card,
#: :func:`card_hooks`) follows from who is alive and the seats' equipment and skills
#: alone: 杀 (its targets in range; the phase's 杀 count is asked each time), 借刀杀人
#: (the weapons and their ranges), the tricks for all or any other player, and the
#: names that are always or never usable; an equipment card is always usable
_GEOMETRIC = SLASH_NAMES | {
    _JINK,
    _NULLIFICATION,
    _M.CardName.COLLATERAL,
    _M.CardName.DUEL,
    _M.CardName.EX_NIHILO,
    _M.CardName.IRON_CHAIN,
} | _ALL | _ALL_OTHERS
_PEACH = _M.CardName.PEACH


class PlayMemo:
    """One seat's answers for its play phase that follow from who is alive and the
    seats' equipment and skills (:func:`play_memo`): ``usable`` — the geometric names'
    usability (:func:`usable_named`); ``slash_targets`` — whom a 杀 may target (any 杀
    not made of equipment: no static hook looks at the card), None until asked."""

    __slots__ = ("usable", "slash_targets")

    def __init__(self) -> None:
        self.usable: dict[CardName, bool] = {}
        self.slash_targets: tuple[Player, ...] | None = None


def play_memo(game: Game, user: Player) -> PlayMemo | None:
    """``user``'s :class:`PlayMemo`, kept across decisions until :func:`geometry_changed`;
    None when it cannot be kept: a seat has a lord/limited/wake static skill (whether
    it works may change unseen).  Valid only while :func:`card_hooks` is False for
    ``user`` (the caller checks)."""
    if game._hooked_dynamic:
        return None
    memo = game._usable.get(user.seat)
    if memo is None:
        memo = game._usable[user.seat] = PlayMemo()
    return memo


def slash_targets(game: Game, user: Player, reach: Reach, memo: PlayMemo) -> tuple[Player, ...]:
    """Whom ``user`` may target with a 杀 not made of equipment, in seat order from him:
    :func:`target_ok` of every living player when :func:`card_hooks` is False (no
    prohibit hook anywhere, no distance hook of his), read from and kept in ``memo``."""
    ts = memo.slash_targets
    if ts is None:
        found = []
        for t in reach.alive_from_user():  # (a loop: a comprehension is a function call in 3.11)
            if t is not user and reach.in_attack_range(t):
                found.append(t)
        ts = memo.slash_targets = tuple(found)
    return ts


def usable_named(game: Game, user: Player, card: AnyCard, reach: Reach, memo: PlayMemo | None) -> bool:
    """:func:`usable_in_play` when no static hook looks at the card (:func:`card_hooks`
    is False for ``user``), so a card's answer is its name's; a geometric name's is read
    from and written to ``memo`` (:func:`play_memo`; None: asked afresh).  Not for a
    杀 made of equipment (the range without it)."""
    name = card.name
    if name is _PEACH:  # (target_ok of the user himself, no prohibit hook anywhere)
        return user.alive and user.is_wounded
    if memo is None or not (name in _GEOMETRIC or card.type is _EQUIP_TYPE):
        return usable_in_play(game, user, card, reach)
    if name in SLASH_NAMES:
        return slash_available(game, user) and bool(slash_targets(game, user, reach, memo))
    usable = memo.usable
    ok = usable.get(name)
    if ok is None:
        ok = usable[name] = usable_in_play(game, user, card, reach)
    return ok


def _slash_target_exists(game: Game, user: Player, card: AnyCard, reach: Reach | None) -> bool:
    """:func:`target_ok` of a 杀 asked of every living player until one is a target."""
    ring = reach.alive_from_user() if reach is not None else game.alive_from(user)
    if reach is None or equipment_slash(game, card):
        return any(target_ok(game, user, card, t, reach) for t in ring)
    check = "prohibit" in game._hooks_any
    for t in ring:  # the living
        if t is user or (check and prohibited(game, user, t, card)):
            continue
        if reach.in_attack_range(t) or no_distance_limit(game, user, card, t):
            return True
    return False


def card_hooks(game: Game, user: Player) -> bool:
    """Whether a static skill may make two cards of one name differ in legality for
    ``user`` (a prohibit hook of anyone alive, or ``user``'s no-distance hook)."""
    return "prohibit" in game._hooks_any or "name_as" in game._hooked[user.seat] or bool(
        "no_distance_limit" in game._hooked[user.seat] and hooked(game, user, "no_distance_limit")
    )
