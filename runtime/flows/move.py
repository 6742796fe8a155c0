"""Card moves (移动牌): zones, the draw and discard piles, drawing, discarding,
obtaining and giving.

Stage table :data:`MOVE_STAGES`: the cards are relocated first (each leaves its zone
and enters the new one; equipment grants or withdraws its skills), then one 失去牌时
opens per player who lost hand or equipment cards (seat order), then 获得牌后 for the
player who received cards into his hand; then, for each equipment card that left,
失去装备区里的此牌后 for that card's own skills (:data:`SELF_LOST_STAGES`), with this
move as the event: each move keeps its own list, so a move nested in one of its windows
(枭姬 drawing) resolves only its own.  A move from the draw pile has no loser
(摸牌), one to a pile or the processing area no receiver (弃置).  Moves are the
hottest flow, so :func:`move_cards` loops over the losers itself and opens each
window through the table's :class:`~sgs.runtime.stages.Window`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from .. import members as _M
from ..cards import AnyCard, Card
from ..events import CardsMoveEvent
from ..legality import geometry_changed
from ..player import SLOT_OF, JudgeAreaEntry, Player
from ..registry import add_skill, remove_skill
from ..result import GameOver
from ..shuffle import shuffle
from ..dispatch import resolve_alone
from ..skills import Skill, TriggerSkill
from ..stages import LOSER, RECEIVER, Then, Window, family
from ..zones import CardZone, MoveReason, Zone

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "MOVE_STAGES",
    "SELF_LOST_STAGES",
    "CensusError",
    "move_cards",
    "place",
    "zone_of",
    "owner_of",
    "to_discard",
    "clear_processing",
    "check_card_census",
    "reshuffle",
    "take_top",
    "put_on_draw_pile",
    "draw",
    "discard_cards",
    "ask_discard",
    "obtain_card",
    "obtain_from",
    "discard_from",
    "give_cards",
]

_LOST = Window(_M.Timing.CARDS_LOST, LOSER)
_OBTAINED = Window(_M.Timing.CARDS_OBTAINED, RECEIVER)
#: 失去装备区里的此牌后: what the rules do on their own once an equipment card has
#: left, for that card's own skills (gone from the loser by then, so not through the
#: listeners: :func:`_after_move`); a family of its own so the trigger graph sees it
_SELF_LOST = Window(_M.Timing.EQUIP_SELF_LOST, LOSER)
SELF_LOST_STAGES = family("失去装备", _SELF_LOST)
MOVE_STAGES = family(
    "移动牌", _LOST, _OBTAINED, Then("失去装备", "装备区里的牌离开后，该牌自己的技能", own=False, roles=frozenset({LOSER}))
)


_HAND, _EQUIP, _PROCESSING, _DISCARD = _M.Zone.HAND, _M.Zone.EQUIP, _M.Zone.PROCESSING, _M.Zone.DISCARD_PILE
_IN_PROCESSING: tuple[Zone, Player | None] = (_PROCESSING, None)
#: the areas of a player's own cards
_OWN_AREAS = (_HAND, _EQUIP, _M.Zone.JUDGE)
_PUT, _BY_DRAW = _M.MoveReason.PUT, _M.MoveReason.DRAW


class CensusError(AssertionError):
    """A deck card is in no zone or in two zones."""


#: an equipment card's skill listening at 失去装备区里的此牌后, its former owner, the card
_SelfLost = tuple[TriggerSkill, Player, Card]


def _lift(game: Game, c: Card, zone: Zone, owner: Player | None, self_lost: list[_SelfLost]) -> None:
    """Take ``c`` out of ``zone`` (where ``game.loc`` has it): a hand or the processing
    area directly (most moves), any other zone by :func:`_remove`."""
    if zone is _HAND:
        assert owner is not None
        owner.hand.remove(c)
    elif zone is _PROCESSING:
        game.processing.remove(c)
    else:
        _remove(game, c, self_lost)


def _remove(game: Game, c: Card, self_lost: list[_SelfLost]) -> None:
    """Take ``c`` out of its zone; the skills of an equipment card that listen at
    失去装备区里的此牌后 go to ``self_lost``, the list of the move taking it."""
    zone, owner = game.loc[c.id]
    if zone is _M.Zone.HAND:
        assert owner is not None
        owner.hand.remove(c)
    elif zone is _M.Zone.EQUIP:
        assert owner is not None
        for slot, e in list(owner.equips.items()):
            if e is c:
                del owner.equips[slot]
        geometry_changed(game)  # (a weapon or horse may be gone)
        for sk in game._equip_skill.pop(c.id, []):
            game._skill_card.pop(id(sk), None)
            remove_skill(game, owner, sk)
            # an effect of losing this very card (白银狮子), run once this move is done
            if isinstance(sk, TriggerSkill) and _SELF_LOST.timing in sk.timings:
                self_lost.append((sk, owner, c))
    elif zone is _M.Zone.JUDGE:
        assert owner is not None
        owner.judge_area = [e for e in owner.judge_area if e.card is not c]
    elif zone is _M.Zone.DRAW_PILE:
        game.draw_pile.remove(c)
    elif zone is _M.Zone.DISCARD_PILE:
        game.discard_pile.remove(c)
    elif zone is _M.Zone.GENERAL:
        assert owner is not None
        for name, pile in list(owner.piles.items()):
            if c in pile:
                pile.remove(c)
                if not pile:
                    del owner.piles[name]
    else:
        game.processing.remove(c)


def place(game: Game, c: Card, zone: Zone, owner: Player | None, judge_as: str = "", pile: str = "") -> None:
    if zone is _M.Zone.HAND:
        assert owner is not None
        owner.hand.append(c)
    elif zone is _M.Zone.EQUIP:
        assert owner is not None
        owner.equips[SLOT_OF[c.subtype]] = c
        geometry_changed(game)
        granted: list[Skill] = []
        for cls in game.card_skills.get(c.name, ()):
            sk = cls(owner)
            granted.append(sk)
            game._skill_card[id(sk)] = c
            add_skill(game, owner, sk)
        if granted:
            game._equip_skill[c.id] = granted
    elif zone is _M.Zone.JUDGE:
        assert owner is not None
        owner.judge_area.append(JudgeAreaEntry(c, judge_as or c.name.value))
    elif zone is _M.Zone.DRAW_PILE:
        game.draw_pile.append(c)
    elif zone is _M.Zone.DISCARD_PILE:
        game.discard_pile.append(c)
    elif zone is _M.Zone.GENERAL:
        assert owner is not None
        owner.piles.setdefault(pile, []).append(c)
    else:
        game.processing.append(c)
    game.loc[c.id] = (zone, owner)


def move_cards(
    game: Game,
    cards: Sequence[Card],
    to_zone: Zone,
    to_player: Player | None = None,
    reason: MoveReason = _M.MoveReason.PUT,
    by: Player | None = None,
    judge_as: str = "",
    pile: str = "",
) -> None:
    """Move physical cards; opens 失去牌时 / 获得牌后 when someone listens.  ``pile``:
    the pile's name for a move onto ``to_player``'s general card (Zone.GENERAL)."""
    if not cards:
        return
    loc = game.loc
    where = (to_zone, to_player)
    # the common moves in line (hand, processing area, discard pile); the rest by _remove/place
    into: list[Card] | None = None
    if to_zone is _HAND:
        assert to_player is not None
        into = to_player.hand
    elif to_zone is _PROCESSING:
        into = game.processing
    elif to_zone is _DISCARD:
        into = game.discard_pile
    # this move's own 失去装备区里的此牌后 (a move nested in one of its windows has its own)
    self_lost: list[_SelfLost] = []
    listeners = game._ears
    if (
        into is not None
        and _LOST.timing not in listeners
        and (to_zone is not _HAND or _OBTAINED.timing not in listeners)
    ):
        # nobody listens, and a move into a hand or a pile grants no skill that could
        # start listening: relocate only
        processing = game.processing
        for c in cards:
            zone, owner = loc[c.id]
            # (_lift, in line: a move's cards mostly leave a hand or the processing area)
            if zone is _HAND:
                owner.hand.remove(c)  # type: ignore[union-attr]  # (a hand has its owner)
            elif zone is _PROCESSING:
                processing.remove(c)
            else:
                _remove(game, c, self_lost)
            into.append(c)
            loc[c.id] = where
        if self_lost:
            _after_move(game, self_lost, to_player, to_zone, reason, by)
        return
    lost: dict[int, tuple[Player, list[Card], list[Zone]]] = {}
    from_zones: list[Zone] = []
    for c in cards:
        zone, owner = loc[c.id]
        _lift(game, c, zone, owner, self_lost)
        from_zones.append(zone)
        if owner is not None and (zone is _HAND or zone is _EQUIP) and not (owner is to_player and zone is to_zone):
            entry = lost.get(owner.seat)
            if entry is None:
                entry = lost[owner.seat] = (owner, [], [])
            entry[1].append(c)
            entry[2].append(zone)
        if into is not None:
            into.append(c)
            loc[c.id] = where
        else:
            place(game, c, to_zone, to_player, judge_as, pile)
    # one 失去牌时 per player who lost cards, in seat order; then the receiver's 获得牌后
    if lost and _LOST.timing in game._ears:
        ears = game._ears[_LOST.timing]  # (None: anyone's may matter; else whose)
        for seat in sorted(lost):
            if ears is not None and seat not in ears:
                continue  # (his window would find no skill: no event for it)
            owner, cs, zs = lost[seat]
            _LOST.run(game, CardsMoveEvent(cs, owner, zs, to_player, to_zone, reason, by))
    if to_zone is _HAND and to_player is not None and _OBTAINED.timing in game._ears:
        if reason is _M.MoveReason.DRAW:
            from_zones = [_M.Zone.DRAW_PILE] * len(cards)
        _OBTAINED.run(game, CardsMoveEvent(list(cards), None, from_zones, to_player, to_zone, reason, by))
    if self_lost:
        _after_move(game, self_lost, to_player, to_zone, reason, by)


def _after_move(
    game: Game,
    self_lost: list[_SelfLost],
    to_player: Player | None,
    to_zone: Zone,
    reason: MoveReason,
    by: Player | None,
) -> None:
    """Open 失去装备区里的此牌后 for the skills of the equipment cards that left in one
    move, in the order the cards left: each skill alone, for its former owner, the event
    being that move of its card (from his equipment area, with the move's destination,
    reason and mover)."""
    for sk, owner, c in self_lost:
        ev = CardsMoveEvent([c], owner, [_EQUIP], to_player, to_zone, reason, by)
        resolve_alone(game, sk, _SELF_LOST.timing, ev)


def zone_of(game: Game, c: Card) -> Zone:
    return game.loc[c.id][0]


def owner_of(game: Game, c: Card) -> Player | None:
    return game.loc[c.id][1]


def to_discard(game: Game, cards: Sequence[Card], reason: MoveReason = _M.MoveReason.PUT) -> None:
    game.move_cards(list(cards), _M.Zone.DISCARD_PILE, None, reason)


def clear_processing(game: Game, cards: Sequence[Card]) -> None:
    """Move those of ``cards`` still in the processing area to the discard pile."""
    loc = game.loc
    rest = []
    for c in cards:  # (a loop: a comprehension is a function call in Python 3.11)
        if loc[c.id][0] is _PROCESSING:
            rest.append(c)
    if rest:
        game.move_cards(rest, _DISCARD, None, _PUT)


def check_card_census(game: Game) -> None:
    """Raise :class:`CensusError` unless every deck card is in exactly one zone
    and every zone list agrees with the location table."""
    seen: dict[int, str] = {}

    def put(c: Card, where: str) -> None:
        if c.id in seen:
            raise CensusError(f"{c!r} is both in {seen[c.id]} and {where}")
        seen[c.id] = where

    for c in game.draw_pile:
        put(c, "牌堆")
    for c in game.discard_pile:
        put(c, "弃牌堆")
    for c in game.processing:
        put(c, "处理区")
    for p in game.players:
        for c in p.hand:
            put(c, f"{p.tag} 手牌")
        for c in p.equips.values():
            put(c, f"{p.tag} 装备区")
        for e in p.judge_area:
            put(e.card, f"{p.tag} 判定区")
        for name, pile in p.piles.items():
            for c in pile:
                put(c, f"{p.tag} 武将牌上（{name}）")
    ids = {c.id for c in game.deck}
    if set(seen) != ids:
        missing = sorted(ids - set(seen))
        extra = sorted(set(seen) - ids)
        raise CensusError(f"cards missing from every zone: {missing}; cards not in the deck: {extra}")


# ---------------------------------------------------------------------- drawing


def reshuffle(game: Game) -> None:
    if not game.discard_pile:
        game.log_event("平局", "牌堆与弃牌堆均已无牌，游戏以平局结束")
        raise GameOver("平局", [])
    cards = list(game.discard_pile)
    game.discard_pile.clear()
    shuffle(game.rng, cards)
    for c in cards:
        game.loc[c.id] = (_M.Zone.DRAW_PILE, None)
    game.draw_pile[:0] = cards
    game.log_event("洗牌", f"弃牌堆洗入牌堆（{len(cards)}张）", count=len(cards))


def take_top(game: Game, n: int) -> list[Card]:
    """Move ``n`` cards from the top of the draw pile to the processing area
    (reshuffling the discard pile in when the draw pile runs out)."""
    out: list[Card] = []
    pile, loc, processing = game.draw_pile, game.loc, game.processing  # (a reshuffle refills the same list)
    for _ in range(n):
        if not pile:
            game.reshuffle()
        c = pile.pop()
        loc[c.id] = _IN_PROCESSING
        processing.append(c)
        out.append(c)
    return out


def put_on_draw_pile(game: Game, cards: Sequence[Card], bottom: bool = False) -> list[Card]:
    """Put those of ``cards`` that are in the processing area on the draw pile, in
    pile order with ``cards[0]`` highest: on top of it, or (``bottom``) under it,
    the last card becoming the bottom card.  No window opens (nobody loses them).
    Returns the cards moved."""
    cs = [c for c in cards if game.loc[c.id][0] is _M.Zone.PROCESSING]
    for c in cs:
        game.processing.remove(c)
        game.loc[c.id] = (_M.Zone.DRAW_PILE, None)
    if bottom:
        game.draw_pile[:0] = list(reversed(cs))
    else:
        game.draw_pile.extend(reversed(cs))
    return cs


def draw(game: Game, player: Player, n: int, reason: str = "") -> list[Card]:
    if n <= 0 or not player.alive:
        return []
    cards = game.take_top(n)
    game.move_cards(cards, _HAND, player, _BY_DRAW)
    labels = []
    for c in cards:  # (a loop: a comprehension is a function call in Python 3.11)
        labels.append(c.label)
    game.log_entry(
        "摸牌",
        ("{} 摸了{}张牌（{}）", game.tag(player), n, reason) if reason else ("{} 摸了{}张牌", game.tag(player), n),
        {"player": player.seat, "count": n, "cards": labels},
    )
    return cards


# ---------------------------------------------------------------------- discard / obtain / give


def discard_cards(game: Game, player: Player, cards: list[Card], reason: str = "", by: Player | None = None) -> None:
    loc = game.loc
    mine: list[Card] = []
    labels = []
    for c in cards:  # (a loop: a comprehension is a function call in Python 3.11)
        zone, owner = loc[c.id]
        if owner is player and zone in _OWN_AREAS:
            mine.append(c)
            labels.append(c.label)
    cards = mine
    if not cards:
        return
    game.log_entry(
        "弃置",
        f"{game.tag(by or player)} 弃置了{'' if by in (None, player) else player.tag + '的'}"
        f"{'、'.join(labels)}" + (f"（{reason}）" if reason else ""),
        {"player": player.seat, "cards": labels},
    )
    game.move_cards(cards, _M.Zone.DISCARD_PILE, None, _M.MoveReason.DISCARD, by or player)


def ask_discard(
    game: Game,
    player: Player,
    n: int,
    zone: CardZone = _M.CardZone.HAND,
    optional: bool = False,
    card_filter: Callable[[Card], bool] | None = None,
    prompt: str = "",
    reason: str = "",
) -> list[Card]:
    cands = player.cards_in(zone.hand, zone.equip, zone.judge)
    if card_filter is not None:
        cands = [c for c in cands if card_filter(c)]
    if not cands or n <= 0:
        return []
    if optional and len(cands) < n:
        return []
    lo = 0 if optional else min(n, len(cands))
    picked = game.choose_cards(player, cands, lo, n, prompt=prompt or f"弃置{n}张{zone.value}", about=reason or "弃置")
    if optional and len(picked) < n:
        return []
    game.discard_cards(player, picked, reason)
    return picked


def obtain_card(game: Game, player: Player, card: AnyCard, reason: str = "") -> list[Card]:
    got = [
        c
        for c in card.physical()
        if game.loc[c.id][0] is not _M.Zone.DRAW_PILE
        and not (game.loc[c.id][0] is _M.Zone.HAND and game.loc[c.id][1] is player)
    ]
    if not got or not player.alive:
        return []
    # logged before the move: windows the move opens (失去牌时 …) come after it
    game.log_entry(
        "获得",
        f"{game.tag(player)} 获得了{'、'.join(c.label for c in got)}" + (f"（{reason}）" if reason else ""),
        {"player": player.seat, "cards": [c.label for c in got]},
    )
    game.move_cards(got, _M.Zone.HAND, player, _M.MoveReason.OBTAIN, player)
    return got


def obtain_from(game: Game, player: Player, target: Player, zone: CardZone, reason: str = "") -> Card | None:
    c = game.choose_card_of(player, target, zone, "", reason)
    if c is None:
        return None
    hidden = game.loc[c.id][0] is _M.Zone.HAND
    game.log_entry(
        "获得",
        f"{game.tag(player)} 获得了{target.tag}的{'一张手牌' if hidden else c.label}"
        + (f"（{reason}）" if reason else ""),
        {"player": player.seat, "target": target.seat, "cards": [c.label]},
    )
    game.move_cards([c], _M.Zone.HAND, player, _M.MoveReason.OBTAIN, player)
    return c


def discard_from(game: Game, player: Player, target: Player, zone: CardZone, reason: str = "") -> Card | None:
    c = game.choose_card_of(player, target, zone, "", reason)
    if c is None:
        return None
    game.discard_cards(target, [c], reason, player)
    return c


def give_cards(game: Game, giver: Player, receiver: Player, cards: list[Card], reason: str = "") -> None:
    cards = [c for c in cards if game.loc[c.id][1] is giver]
    if not cards or not receiver.alive:
        return
    giver.phase_counters["给出"] = giver.phase_counters.get("给出", 0) + len(cards)
    game.move_cards(cards, _M.Zone.HAND, receiver, _M.MoveReason.GIVE, giver)
    game.log_event(
        "交给",
        f"{game.tag(giver)} 将{len(cards)}张牌交给{receiver.tag}" + (f"（{reason}）" if reason else ""),
        player=giver.seat,
        target=receiver.seat,
        cards=[c.label for c in cards],
    )
