"""Actions that move, show or look at cards: draw, discard, obtain, give, piles on a
general, the draw pile's top, the discard pile (families: move cards, draw)."""

from __future__ import annotations

from typing import Callable, Sequence

from .. import members as _M
from ..cards import AnyCard, Card
from ..flows.hp import HP_PILES
from ..player import Player
from ..skills import SkillContext
from ..zones import CardZone

from ._common import _why

__all__ = [
    "put_on_general", "pile_number_new", "reveal_top", "in_processing", "put_into_discard_pile",
    "look_at_hand", "show_among", "discard_or_put_on_pile", "draw", "discard",
    "ask_discard", "obtain", "obtain_from", "discard_from", "give", "give_equipped", "look_at_top",
    "choose_cards_among", "hand_out", "arrange_cards", "put_on_pile", "show_card", "show_chosen",
]


def draw(ctx: SkillContext, player: Player, n: int) -> list[Card]:
    """摸牌: ``player`` draws ``n`` cards from the draw pile (reshuffles as needed)."""
    return ctx.game.draw(player, n, reason=_why(ctx))


def discard(ctx: SkillContext, player: Player, cards: Sequence[Card]) -> None:
    """弃置 the given cards of ``player`` (from hand/equipment) to the discard pile."""
    ctx.game.discard_cards(player, list(cards), reason=_why(ctx))


def ask_discard(
    ctx: SkillContext,
    player: Player,
    n: int,
    zone: CardZone = _M.CardZone.HAND,
    optional: bool = False,
    card_filter: Callable[[Card], bool] | None = None,
    prompt: str = "",
) -> list[Card]:
    """``player`` chooses and discards ``n`` of his cards in ``zone``.

    Forced (``optional=False``): exactly ``min(n, available)`` cards.  Optional: 0
    or ``n`` cards (answering 取消 discards nothing); returns the discarded cards —
    compare ``len(result) == n`` to know whether a cost was paid.
    """
    return ctx.game.ask_discard(
        player, n, zone=zone, optional=optional, card_filter=card_filter, prompt=prompt, reason=_why(ctx)
    )


def obtain(ctx: SkillContext, player: Player, card: AnyCard) -> list[Card]:
    """获得 a specific card into ``player``'s hand.

    A virtual card gives its subcards.  Cards are taken from wherever they are if
    that is the processing area, the discard pile, or a player's hand/equipment/
    judge area; cards in the draw pile are not taken.  Returns the cards obtained
    (empty if e.g. the 杀 that caused the damage already went elsewhere).
    """
    return ctx.game.obtain_card(player, card, reason=_why(ctx))


def obtain_from(ctx: SkillContext, player: Player, target: Player, zone: CardZone = _M.CardZone.HAND_EQUIP) -> Card | None:
    """``player`` chooses one card in ``target``'s ``zone`` (hand cards blind) and
    获得 it.  None if ``target`` has no such card."""
    return ctx.game.obtain_from(player, target, zone, reason=_why(ctx))


def discard_from(
    ctx: SkillContext,
    player: Player,
    target: Player,
    zone: CardZone = _M.CardZone.HAND_EQUIP,
    card_filter: Callable[[Card], bool] | None = None,
) -> Card | None:
    """``player`` chooses one card in ``target``'s ``zone`` (hand blind) and 弃置 it;
    None if there is none.  With ``card_filter`` (一张坐骑牌) the choice is among the
    cards of ``target``'s equipment area that pass it (cards in sight: the zone must
    not hold the hand, ValueError otherwise)."""
    game = ctx.game
    if card_filter is None:
        return game.discard_from(player, target, zone, reason=_why(ctx))
    if zone.hand:
        raise ValueError(f"a kind of card is chosen in sight, not in a hand: {zone}")
    cards = [c for c in target.equip_cards() if card_filter(c)]
    if not cards:
        return None
    picked = game.choose_cards(player, cards, 1, 1, prompt=f"{_why(ctx)}：选择{target.tag}的一张牌", about=_why(ctx))
    if not picked:
        return None
    game.discard_cards(target, picked, _why(ctx), by=player)
    return picked[0]


def give(ctx: SkillContext, giver: Player, receiver: Player, cards: Sequence[Card]) -> None:
    """交给: move ``giver``'s cards to ``receiver``'s hand.  Counts toward
    ``cards_given_this_phase(giver)``."""
    ctx.game.give_cards(giver, receiver, list(cards), reason=_why(ctx))


def give_equipped(ctx: SkillContext, giver: Player, receiver: Player, card_filter: Callable[[Card], bool]) -> list[Card]:
    """将装备区里的<某类>牌交给 ``receiver`` (借刀杀人: 其将装备区里的武器牌交给你): the cards of
    ``giver``'s equipment area that pass ``card_filter`` go to ``receiver``'s hand.  They are
    in sight and a kind of one slot holds one card, so no one chooses; the log names them.
    Nothing (empty) when he has none or ``receiver`` is dead."""
    game = ctx.game
    cards = [c for c in giver.equip_cards() if card_filter(c)]
    if not cards or not receiver.alive:
        return []
    game.move_cards(cards, _M.Zone.HAND, receiver, _M.MoveReason.GIVE, giver)
    labels = [c.label for c in cards]
    game.log_event("交给", f"{giver.tag} 将{'、'.join(labels)}交给{receiver.tag}", player=giver.seat,
                   target=receiver.seat, cards=labels)
    return cards


def look_at_top(ctx: SkillContext, player: Player, n: int) -> list[Card]:
    """观看牌堆顶的n张牌: take the top ``n`` cards into the processing area, seen by
    ``player`` only; the skill then disposes of them (``hand_out`` …)."""
    cards = ctx.game.take_top(n)
    ctx.game.log_event(
        "观看",
        f"{player.tag} 观看了牌堆顶的{n}张牌（{_why(ctx)}）",
        player=player.seat,
        cards=[c.label for c in cards],
    )
    return cards


def reveal_top(ctx: SkillContext, player: Player | None, n: int) -> list[Card]:
    """亮出牌堆顶的n张牌: ``player`` takes the top ``n`` cards into the processing area,
    face up for everyone (the log names them); the skill then disposes of them
    (获得其中…, 将其余的牌置入弃牌堆: :func:`put_into_discard_pile`).  ``player`` None: no
    one reveals them but a card's use (五谷丰登: its own step, logged as the card's)."""
    game = ctx.game
    cards = game.take_top(n)
    if player is None:
        game.log_event("亮出", f"{_why(ctx)}亮出 {'、'.join(c.label for c in cards)}", cards=[c.label for c in cards])
        return cards
    game.log_event("亮出", f"{game.tag(player)} 亮出了 {'、'.join(c.label for c in cards)}（{_why(ctx)}）",
                   player=player.seat, cards=[c.label for c in cards])
    return cards


def in_processing(ctx: SkillContext, cards: Sequence[Card]) -> list[Card]:
    """Those of ``cards`` still in the processing area (revealed and not taken yet)."""
    loc = ctx.game.loc
    return [c for c in cards if loc[c.id][0] is _M.Zone.PROCESSING]


def put_on_general(ctx: SkillContext, player: Player, n: int = 1) -> list[Card]:
    """从牌堆顶亮出n张牌置于你的武将牌上: the top ``n`` cards, revealed (logged), go onto
    ``player``'s general card, in the pile named after the skill (``player.piles``).
    Put there at 扣减体力时 (不屈: one per point deducted), they stand for his hp below
    1 and a recovery gives them back (:mod:`sgs.runtime.flows.hp`).  Returns them."""
    game = ctx.game
    if not player.alive or n <= 0:
        return []
    name = _why(ctx)
    cards = game.take_top(n)
    game.log_event("亮出", f"{game.tag(player)} 亮出了 {'、'.join(c.label for c in cards)}（{name}）",
                   player=player.seat, cards=[c.label for c in cards])
    game.move_cards(cards, _M.Zone.GENERAL, player, _M.MoveReason.PUT, player, pile=name)
    if ctx.timing is _M.Timing.HP_DEDUCTING:
        player.marks[HP_PILES + name] = 1
    pile = player.piles.get(name, [])
    game.log_event("置于武将牌上", f"{game.tag(player)} 将 {'、'.join(c.label for c in cards)} 置于武将牌上（{name}），"
                   f"共{len(pile)}张：{'、'.join(c.label for c in pile)}", player=player.seat,
                   cards=[c.label for c in pile])
    return cards


def pile_number_new(ctx: SkillContext, player: Player, card: Card) -> bool:
    """该牌的点数与你武将牌上已有的任何一张牌都不同: no other card on ``player``'s
    general card (in any pile) has ``card``'s number."""
    return not any(c is not card and c.number == card.number for pile in player.piles.values() for c in pile)


def put_into_discard_pile(ctx: SkillContext, player: Player, cards: Sequence[Card]) -> None:
    """将其余的牌置入弃牌堆: those of ``cards`` (revealed, looked at) still in the
    processing area go to the discard pile (not 弃置: nobody discards them)."""
    ctx.game.clear_processing(list(cards))


def look_at_hand(ctx: SkillContext, viewer: Player, whose: Player) -> list[Card]:
    """观看<whose>的手牌: ``viewer`` sees ``whose``'s hand (the log says that he looked,
    not what he saw); returns the cards, for the skill to pick among (攻心)."""
    game = ctx.game
    game.log_event("观看手牌", f"{game.tag(viewer)} 观看了 {game.tag(whose)} 的手牌（{_why(ctx)}）",
                   player=viewer.seat, whose=whose.seat)
    return list(whose.hand)


def show_among(
    ctx: SkillContext,
    chooser: Player,
    cards: Sequence[Card],
    card_filter: Callable[[Card], bool] | None = None,
    optional: bool = False,
) -> Card | None:
    """展示其中一张…牌: ``chooser`` picks one of ``cards`` (cards he looked at) passing
    ``card_filter`` and shows it to everyone (``optional``: he may pick none).  None
    when none is picked or none passes."""
    cands = [c for c in cards if card_filter is None or card_filter(c)]
    if not cands:
        return None
    game = ctx.game
    picked = game.choose_cards(chooser, cands, 0 if optional else 1, 1, prompt="选择要展示的牌", about=_why(ctx))
    if not picked:
        return None
    show_card(ctx, chooser, picked[0])
    return picked[0]


def discard_or_put_on_pile(ctx: SkillContext, chooser: Player, card: Card) -> None:
    """将之弃置或置于牌堆顶: ``chooser`` decides where ``card`` (someone's, shown) goes —
    the discard pile (弃置) or the top of the draw pile; its holder loses it either way."""
    game = ctx.game
    choice = game.choose_option(chooser, ["弃置", "置于牌堆顶"], prompt=f"将 {card.label} 弃置或置于牌堆顶", about=_why(ctx))
    if choice == "弃置":
        game.move_cards([card], _M.Zone.DISCARD_PILE, None, _M.MoveReason.DISCARD, chooser)
        game.log_event("弃置", f"{game.tag(chooser)} 弃置了 {card.label}（{_why(ctx)}）", player=chooser.seat, cards=[card.label])
    else:
        game.move_cards([card], _M.Zone.DRAW_PILE, None, _M.MoveReason.PUT, chooser)
        game.log_event("置于牌堆", f"{game.tag(chooser)} 将 {card.label} 置于牌堆顶（{_why(ctx)}）",
                       player=chooser.seat, cards=[card.label], bottom=False)


def choose_cards_among(
    ctx: SkillContext, chooser: Player, cards: Sequence[Card], min_n: int = 1, max_n: int = 1, prompt: str = ""
) -> list[Card]:
    """``chooser`` picks ``min_n``..``max_n`` of ``cards`` (cards he is looking at,
    not his own); nothing moves."""
    return ctx.game.choose_cards(chooser, list(cards), min_n, max_n, prompt=prompt, about=_why(ctx))


def hand_out(ctx: SkillContext, giver: Player, receiver: Player, cards: Sequence[Card]) -> None:
    """交给 cards ``giver`` is looking at (in the processing area) to ``receiver``'s
    hand (遗计); cards no longer in the processing area are ignored.  If
    ``receiver`` is dead the cards go to the discard pile."""

    game = ctx.game
    cs = [c for c in cards if game.zone_of(c) is _M.Zone.PROCESSING]
    if not cs:
        return
    if not receiver.alive:
        game.clear_processing(cs)
        return
    game.move_cards(cs, _M.Zone.HAND, receiver, _M.MoveReason.GIVE, giver)
    game.log_event(
        "交给",
        f"{giver.tag} 将{len(cs)}张牌交给{receiver.tag}（{_why(ctx)}）",
        player=giver.seat,
        target=receiver.seat,
        cards=[c.label for c in cs],
    )


def arrange_cards(
    ctx: SkillContext, chooser: Player, cards: Sequence[Card], min_n: int = 0, max_n: int | None = None, prompt: str = ""
) -> list[Card]:
    """``chooser`` picks ``min_n``..``max_n`` (default: all) of ``cards`` (cards he is
    looking at) in an order of his choice — the order of the answer, first = highest
    (观星).  Nothing moves."""

    hi = len(cards) if max_n is None else max_n
    return ctx.game.choose_cards(
        chooser, list(cards), min_n, hi, prompt=prompt or "按顺序选择牌（先选的在上）", about=_why(ctx), kind=_M.DecisionKind.ARRANGE
    )


def put_on_pile(ctx: SkillContext, player: Player, cards: Sequence[Card], bottom: bool = False) -> None:
    """置于牌堆顶/牌堆底: ``player`` puts cards he is looking at (in the processing
    area) back on top of the draw pile or under it, ``cards[0]`` highest (观星);
    cards no longer in the processing area are ignored."""
    cs = ctx.game.put_on_draw_pile(cards, bottom)
    if not cs:
        return
    where = "牌堆底" if bottom else "牌堆顶"
    ctx.game.log_event(
        "置于牌堆",
        f"{ctx.game.tag(player)} 将{len(cs)}张牌置于{where}（{_why(ctx)}）",
        player=player.seat,
        cards=[c.label for c in cs],
        bottom=bottom,
    )


def show_chosen(ctx: SkillContext, player: Player, n: int = 1) -> list[Card]:
    """展示一张手牌: ``player`` picks ``n`` of his hand cards (all, when he has fewer) and
    shows each (:func:`show_card`); returns them — none when his hand is empty."""
    shown = ctx.game.choose_cards(
        player, list(player.hand), n, n, prompt=f"{_why(ctx)}：展示{n}张手牌", about=_why(ctx)
    )
    for c in shown:
        show_card(ctx, player, c)
    return shown


def show_card(ctx: SkillContext, player: Player, card: Card) -> None:
    """展示: ``player`` shows ``card`` to everyone (logged with its label)."""
    ctx.game.log_event(
        "展示",
        f"{ctx.game.tag(player)} 展示了 {card.label}（{_why(ctx)}）",
        player=player.seat,
        card=card.label,
    )
