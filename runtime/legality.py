"""Queries: distance, attack range, the 杀 limit, the hand limit, prohibitions, and
whether a card may be used and on whom (target legality).

Nothing here changes the game or opens a window; static skills are asked through
their hooks (:func:`sgs.runtime.registry.hooked`).  :class:`Reach` memoizes one
user's distances for the queries of one decision.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from . import members as _M
from .cards import AnyCard, Card, CardName, VirtualCard, card_kind
from .player import Player
from .registry import hooked
from .skills import StaticSkill

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "SLASH_NAMES",
    "make_virtual",
    "distance",
    "attack_range",
    "in_attack_range",
    "slash_limit",
    "max_cards",
    "prohibited",
    "no_distance_limit",
    "Reach",
    "target_ok",
    "collateral_victims",
    "fixed_targets",
    "max_targets",
    "last_hand_cards",
    "geometry_changed",
    "any_equipped",
    "equipment_slash",
    "SLASH_COUNT",
]

SLASH_NAMES = frozenset({_M.CardName.SLASH, _M.CardName.FIRE_SLASH, _M.CardName.THUNDER_SLASH})
_NATURE_OF = {_M.CardName.FIRE_SLASH: _M.Nature.FIRE, _M.CardName.THUNDER_SLASH: _M.Nature.THUNDER}
_NORMAL = _M.Nature.NORMAL
#: the phase counter of 杀 used in the play phase
SLASH_COUNT = "杀"

_FIXED_SELF = frozenset({_M.CardName.PEACH, _M.CardName.EX_NIHILO, _M.CardName.LIGHTNING, _M.CardName.ANALEPTIC})
_ALL_OTHERS = frozenset({_M.CardName.SAVAGE_ASSAULT, _M.CardName.ARCHERY_ATTACK})
_ALL = frozenset({_M.CardName.GOD_SALVATION, _M.CardName.AMAZING_GRACE})
_EQUIP_TYPE = _M.CardType.EQUIP
_EQUIP_ZONE = _M.Zone.EQUIP
_JINK = _M.CardName.JINK
_NULLIFICATION = _M.CardName.NULLIFICATION
_INDULGENCE = _M.CardName.INDULGENCE.value
# card names target_ok tests in turn (an enum class attribute is a slow lookup)
_DUEL_N, _DISMANTLEMENT_N, _SNATCH_N = _M.CardName.DUEL, _M.CardName.DISMANTLEMENT, _M.CardName.SNATCH
_INDULGENCE_N, _COLLATERAL_N = _M.CardName.INDULGENCE, _M.CardName.COLLATERAL
_PEACH_N, _LIGHTNING_N = _M.CardName.PEACH, _M.CardName.LIGHTNING
_LIGHTNING = _M.CardName.LIGHTNING.value


def make_virtual(name: CardName, subcards: Sequence[Card], skill: str) -> VirtualCard:
    """A virtual ``name`` made of ``subcards`` by ``skill`` (its suit, number and colour
    are the subcards')."""
    t, st = card_kind(name)
    return VirtualCard(name, tuple(subcards), skill, t, st, _NATURE_OF.get(name, _NORMAL))


# ---------------------------------------------------------------------- distance, range, limits


def _statics_without(game: Game, player: Player, without: Sequence[Card], hook: str) -> Sequence[StaticSkill]:
    """``player``'s active static skills overriding ``hook``, minus those of the
    equipment in ``without`` (cards about to leave the equipment area, e.g. an
    equipped weapon or -1马 used as a 杀 by 武圣: distance and range are counted
    as if it were gone)."""
    lst = hooked(game, player, hook)
    if not without or not lst:
        return lst
    gone = [s for c in without for s in game._equip_skill.get(c.id, ())]
    return [s for s in lst if not any(s is g for g in gone)]


def distance(game: Game, src: Player, dst: Player, without: Sequence[Card] = ()) -> int:
    """Seat distance plus modifiers; equipment in ``without`` does not count."""
    if src is dst:
        return 0
    # the seat distance, a pure function of who is alive: memoized until someone
    # dies or comes back (Game.alive_changed clears it)
    memo = game._seat_dist
    key = src.seat << 16 | dst.seat
    d = memo.get(key)
    if d is None:
        d = memo[key] = _seat_distance(game, src, dst)
    hooks = game._hooked
    if "distance_modifier" in hooks[src.seat]:
        for s in _statics_without(game, src, without, "distance_modifier"):
            d += s.distance_modifier(game, src, dst)
    if "distance_modifier" in hooks[dst.seat]:
        for s in _statics_without(game, dst, without, "distance_modifier"):
            d += s.distance_modifier(game, src, dst)
    return d if d > 1 else 1


def _seat_distance(game: Game, src: Player, dst: Player) -> int:
    """The distance between the seats of ``src`` and ``dst`` (not the same player)
    counting the living and the two themselves, alive or not; without modifiers."""
    # places of the two among the living (and themselves, alive or not), in seat order
    n = i = j = 0
    for p in game.players:
        if p is src:
            i = n
        elif p is dst:
            j = n
        elif not p.alive:
            continue
        n += 1
    d = i - j if i > j else j - i
    return n - d if n - d < d else d


def attack_range(game: Game, player: Player, without: Sequence[Card] = ()) -> int:
    """Weapon range (1 without one) plus modifiers; equipment in ``without`` does not count."""
    w = player.weapon
    r = w.attack_range if w is not None and not (without and any(c is w for c in without)) else 1
    if "attack_range_modifier" in game._hooked[player.seat]:
        for s in _statics_without(game, player, without, "attack_range_modifier"):
            r += s.attack_range_modifier(game, player)
    return r


def in_attack_range(game: Game, src: Player, dst: Player, without: Sequence[Card] = ()) -> bool:
    """Whether ``dst`` is within ``src``'s attack range; ``without``: ``src``'s equipment
    that does not count (the cards of the 杀 being used)."""
    return src is not dst and dst.alive and distance(game, src, dst, without) <= attack_range(game, src, without)


def slash_limit(game: Game, player: Player) -> int | None:
    """杀 ``player`` may use per play phase (None: no limit)."""
    hooks = game._hooked[player.seat]
    if "unlimited_slash" not in hooks and "extra_slashes" not in hooks:
        return 1
    for s in hooked(game, player, "unlimited_slash"):
        if s.unlimited_slash(game, player):
            return None
    extra = 0
    for s in hooked(game, player, "extra_slashes"):
        extra += s.extra_slashes(game, player)
    return 1 + extra


def max_cards(game: Game, player: Player) -> int:
    """``player``'s hand limit: his hp plus modifiers, at least 0."""
    m = player.hp
    for s in hooked(game, player, "max_cards_modifier"):
        m += s.max_cards_modifier(game, player)
    return max(m, 0)


def prohibited(game: Game, user: Player, target: Player, card: AnyCard) -> bool:
    """Whether a static skill of ``user`` or ``target`` forbids ``card`` on ``target``."""
    hooks = game._hooked
    if "prohibit" in hooks[user.seat]:
        for s in hooked(game, user, "prohibit"):
            if s.prohibit(game, user, target, card):
                return True
    if target is not user and "prohibit" in hooks[target.seat]:
        for s in hooked(game, target, "prohibit"):
            if s.prohibit(game, user, target, card):
                return True
    return False


def no_distance_limit(game: Game, user: Player, card: AnyCard, target: Player) -> bool:
    """Whether a static skill of ``user`` lets ``card`` ignore distance to ``target``."""
    if "no_distance_limit" not in game._hooked[user.seat]:
        return False
    for s in hooked(game, user, "no_distance_limit"):
        if s.no_distance_limit(game, user, card, target):
            return True
    return False


# ---------------------------------------------------------------------- card targets


def any_equipped(game: Game, cards: Sequence[Card]) -> bool:
    """Whether one of ``cards`` is in an equipment area."""
    loc = game.loc
    for c in cards:  # (a loop: a generator is a function call in Python 3.11)
        if loc[c.id][0] is _EQUIP_ZONE:
            return True
    return False


def equipment_slash(game: Game, card: AnyCard) -> bool:
    """Whether ``card`` is a 杀 made of equipment still in an equipment area (武圣 with
    an equipped weapon or -1马): its range is counted without that equipment, so
    neither a :class:`Reach` nor the answers by card name hold for it."""
    return isinstance(card, VirtualCard) and card.name in SLASH_NAMES and any_equipped(game, card.subcards)


class Reach:
    """Memo of one user's distances and attack range to each player, for the
    queries of one decision (the play options, a card's targets): valid while the
    game does not change, so build a new one (or :meth:`renew` this one) for every
    decision.  Not for a virtual 杀 made of equipment (武圣: that equipment no longer
    counts for distance and range)."""

    __slots__ = ("game", "user", "_dist", "_in_range", "_alive", "_range")

    def __init__(self, game: Game, user: Player) -> None:
        self.game = game
        self.user = user
        self._dist: dict[int, int] = {}
        self._in_range: dict[int, bool] = {}
        self._alive: list[Player] | None = None
        self._range: int | None = None

    def renew(self) -> Reach:
        """This memo emptied, for the user's next decision (the game has changed since)."""
        if self._dist:
            self._dist.clear()
        if self._in_range:
            self._in_range.clear()
        self._alive = None
        self._range = None
        return self

    def distance(self, t: Player) -> int:
        d = self._dist.get(t.seat)
        if d is None:
            d = self._dist[t.seat] = distance(self.game, self.user, t)
        return d

    def in_attack_range(self, t: Player) -> bool:
        r = self._in_range.get(t.seat)
        if r is None:
            # in_attack_range(game, user, t), the user's range counted once
            if t is self.user or not t.alive:
                r = False
            else:
                if self._range is None:
                    self._range = attack_range(self.game, self.user)
                r = self.distance(t) <= self._range
            self._in_range[t.seat] = r
        return r

    def alive_from_user(self) -> list[Player]:
        """``game.alive_from(user)``; do not mutate."""
        if self._alive is None:
            self._alive = self.game.alive_from(self.user)
        return self._alive


def target_ok(game: Game, user: Player, card: AnyCard, t: Player, reach: Reach | None = None) -> bool:
    """Whether ``t`` may be chosen as a target of ``user``'s ``card``; ``reach``: a
    memo of ``user``'s distances built for the current decision (same answers)."""
    if not t.alive:
        return False
    if "prohibit" in game._hooks_any and prohibited(game, user, t, card):
        return False
    name = card.name
    if name in SLASH_NAMES:
        if t is user:
            return False
        # an equipped weapon / -1马 used as this 杀 (武圣) no longer counts for range
        if reach is not None and not equipment_slash(game, card):
            if reach.in_attack_range(t):
                return True
        elif in_attack_range(game, user, t, card.subcards if isinstance(card, VirtualCard) else ()):
            return True
        return no_distance_limit(game, user, card, t)
    if name is _DUEL_N:
        return t is not user
    if name is _DISMANTLEMENT_N:
        return t is not user and t.card_count(True, True, True) > 0
    if name is _SNATCH_N:
        if t is user or t.card_count(True, True, True) == 0:
            return False
        d = reach.distance(t) if reach is not None else distance(game, user, t)
        return d <= 1 or no_distance_limit(game, user, card, t)
    if name is _INDULGENCE_N:
        if t is user:
            return False
        for e in t.judge_area:  # (a loop: a generator is a function call in Python 3.11)
            if e.name_as == _INDULGENCE:
                return False
        return True
    if name is _COLLATERAL_N:
        return t is not user and t.weapon is not None and any(collateral_victims(game, t))
    if name is _PEACH_N:
        return t is user and t.is_wounded
    if name is _LIGHTNING_N:
        return t is user and not any(e.name_as == _LIGHTNING for e in t.judge_area)
    if name in _MANEUVERING:
        return _maneuvering_target_ok(game, user, card, t, reach)
    if name in _FIXED_SELF or card.type is _EQUIP_TYPE:
        return t is user
    if name in _ALL_OTHERS:
        return t is not user
    return True


#: 军争 cards with a target rule of their own (seed 000's card notes)
_MANEUVERING = frozenset(
    {_M.CardName.ANALEPTIC, _M.CardName.FIRE_ATTACK, _M.CardName.SUPPLY_SHORTAGE, _M.CardName.IRON_CHAIN}
)
#: turn counter: 酒 used this turn (sgs.runtime.effects.maneuvering.ANALEPTIC_USED)
ANALEPTIC_USED = "酒:本回合已使用"
_SUPPLY_SHORTAGE = _M.CardName.SUPPLY_SHORTAGE.value


def _maneuvering_target_ok(game: Game, user: Player, card: AnyCard, t: Player, reach: Reach | None) -> bool:
    name = card.name
    if name is _M.CardName.ANALEPTIC:  # oneself, once a turn (in the play phase; a dying one uses it outright)
        return t is user and not user.turn_counters.get(ANALEPTIC_USED, 0)
    if name is _M.CardName.FIRE_ATTACK:  # a player with hand cards, oneself included
        return bool(t.hand)
    if name is _M.CardName.SUPPLY_SHORTAGE:  # another player at distance 1
        if t is user or any(e.name_as == _SUPPLY_SHORTAGE for e in t.judge_area):
            return False
        d = reach.distance(t) if reach is not None else distance(game, user, t)
        return d <= 1 or no_distance_limit(game, user, card, t)
    return True  # 铁索连环: anyone


def collateral_victims(game: Game, holder: Player) -> list[Player]:
    """Whom ``holder`` could be made to 杀 by a 借刀杀人 (in his range, not prohibited)."""
    probe = make_virtual(_M.CardName.SLASH, (), "")
    return [
        b
        for b in game.alive_from(holder)
        if b is not holder and in_attack_range(game, holder, b) and not prohibited(game, holder, b, probe)
    ]


def fixed_targets(game: Game, user: Player, card: AnyCard, reach: Reach | None = None) -> list[Player] | None:
    """Targets decided by the card itself (None: the user chooses)."""
    name = card.name
    if name in _ALL_OTHERS:
        ring = reach.alive_from_user() if reach is not None else game.alive_from(user)
        if "prohibit" not in game._hooks_any:  # (nobody's hook could forbid one)
            return ring[1:]
        return [p for p in ring[1:] if not prohibited(game, user, p, card)]
    if name in _ALL:
        ring = reach.alive_from_user() if reach is not None else game.alive_from(user)
        if "prohibit" not in game._hooks_any:
            return ring[:]
        return [p for p in ring if not prohibited(game, user, p, card)]
    if name in _FIXED_SELF or card.type is _EQUIP_TYPE:
        return [user] if target_ok(game, user, card, user, reach) else []
    return None


def max_targets(game: Game, user: Player, card: AnyCard) -> int:
    """How many targets ``user`` may choose for ``card`` (1 — 2 for 铁索连环 — plus
    extra-target hooks)."""
    base = 2 if card.name is _M.CardName.IRON_CHAIN else 1
    if "extra_targets" not in game._hooked[user.seat]:
        return base
    extra = sum(s.extra_targets(game, user, card) for s in hooked(game, user, "extra_targets"))
    return base + extra


def last_hand_cards(player: Player, card: AnyCard) -> bool:
    """Whether ``card`` (being used, still in hand) is ``player``'s last hand card(s)
    (方天画戟's 你最后的手牌): made of hand cards only and of all of them — a 杀
    converted from two cards (丈八蛇矛) only when those two are his whole hand; a card
    of no physical card (视为) or of an equipment card is not."""
    phys = card.physical()
    hand = player.hand
    return bool(phys) and len(phys) == len(hand) and all(c in hand for c in phys)


def geometry_changed(game: Game) -> None:
    """Say that a seat's equipment or static skills changed (who is alive:
    ``Game.alive_changed``): the play options' memos (:func:`sgs.runtime.usable.play_memo`)
    are dropped.
    The distance and attack range hooks (``StaticSkill.distance_modifier``,
    ``attack_range_modifier``) must answer from the seats, their equipment and skills."""
    game._usable.clear()


def counted_as(game: Game, player: Player, card: Card) -> AnyCard:
    """What ``player``'s hand card ``card`` is when he uses or plays it: itself, or the
    virtual card a static skill of his makes it (:meth:`StaticSkill.name_as`, 武神)."""
    for s in hooked(game, player, "name_as"):
        name = s.name_as(game, player, card)
        if name is not None and name is not card.name:
            return make_virtual(name, [card], s.name)
    return card
