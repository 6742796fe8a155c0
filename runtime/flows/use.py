"""Card use (使用牌).

:data:`USE_STAGES`: the card goes to the processing area (its owner loses it), 使用时
[user]; unless the use is cancelled: for each target in order 指定目标时 [user], for each
player who becomes a target 成为目标时 [him] (a target moved on here, 流离, makes the new
target a target in turn), for each target 指定目标后 [user], 成为目标后 [target]; the
card's effect (:mod:`sgs.runtime.effects`, passed into the game); 结算完毕 [user]; the
card goes to the discard pile (if still in the processing area).
:data:`EQUIP_STAGES`: an equipment card from hand goes into the equipment area (the
one it replaces to the discard pile), 使用时, 结算完毕.
:data:`ANSWER_STAGES`: a card used as an answer, without targets (闪, 无懈可击):
to the processing area, 使用时, 结算完毕, to the discard pile.

Legality is the caller's business (:mod:`sgs.runtime.legality`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .. import members as _M
from ..cards import AnyCard, Card, CardName, VirtualCard
from ..events import CardUseEvent
from ..player import SLOT_OF, Player
from ..stages import LOSER, Effect, Then, Unless, Window, family
from .respond import note_card, own_physical, request_card

if TYPE_CHECKING:
    from ..game import Game
    from ..log import LazyText

__all__ = [
    "USE_STAGES",
    "CONFIRMING",
    "EQUIP_STAGES",
    "ANSWER_STAGES",
    "use_card",
    "use_response",
    "equip",
]

_USING = Window(_M.Timing.CARD_USING, "user")
_FINISHED = Window(_M.Timing.CARD_USE_FINISHED, "user")
#: 成为目标时, once per player who becomes a target (also one a target was moved to)
CONFIRMING = Window(_M.Timing.TARGET_CONFIRMING, "target", each="new target")
_TO_PROCESSING = Then("移动牌", "使用的牌置入处理区", roles=frozenset({LOSER}))
_TO_DISCARD = Then("移动牌", "处理区的牌置入弃牌堆", roles=frozenset())

USE_STAGES = family(
    "使用牌",
    _TO_PROCESSING,
    _USING,
    Unless(
        "cancelled",
        (
            Window(_M.Timing.TARGET_SPECIFYING, "user", each="target"),
            CONFIRMING,
            Window(_M.Timing.TARGET_SPECIFIED, "user", each="target"),
            Window(_M.Timing.TARGET_CONFIRMED, "target", each="target"),
            Unless("cancelled", (Effect(),)),
        ),
    ),
    _FINISHED,
    _TO_DISCARD,
)

EQUIP_STAGES = family(
    "装备",
    Then("移动牌", "装备牌置入装备区，原有的同类装备置入弃牌堆", roles=frozenset({LOSER})),
    _USING,
    _FINISHED,
)

ANSWER_STAGES = family("使用牌（响应）", _TO_PROCESSING, _USING, _FINISHED, _TO_DISCARD)

# members read in the hot path (an enum class attribute is a slow lookup)
_USE, _EQUIP, _PROCESSING, _BY_USE = _M.UseMode.USE, _M.CardType.EQUIP, _M.Zone.PROCESSING, _M.MoveReason.USE


def use_card(
    game: Game,
    user: Player,
    card: AnyCard,
    targets: Sequence[Player],
    skill: str = "",
    responding: bool = False,
    sub_target: Player | None = None,
    unnullifiable: bool = False,
) -> CardUseEvent:
    """Use ``card`` with ``targets`` (legality is the caller's business);
    ``unnullifiable``: a trick no 无懈可击 may answer."""
    if not skill and isinstance(card, VirtualCard):
        skill = card.skill
    use = CardUseEvent(user, card, list(targets), skill, responding, sub_target)
    use.unnullifiable = unnullifiable
    phys = own_physical(game, user, card)
    ts = use.targets
    # (loops, not comprehensions, for the usual one or two targets: in Python 3.11 a
    # comprehension is a function made and called each time)
    seats = []
    for t in ts:
        seats.append(t.seat)
    # (the text is formatted only if read: Game.log_event's lazy form)
    label = card.label
    text: LazyText
    if len(ts) == 1:
        t = ts[0]
        text = ("{} 使用 {}", game.tag(user), label) if t is user else ("{} 使用 {} → {}", game.tag(user), label, t.tag)
    elif ts:
        tags = []
        for t in ts:
            tags.append(t.tag)
        text = ("{} 使用 {} → {}", game.tag(user), label, "、".join(tags))
    else:
        text = ("{} 使用 {}", game.tag(user), label)
    if sub_target is not None:
        text = (str(text[0]) + "（杀的目标：{}）", *text[1:], sub_target.tag)
    game.log_entry("使用", text, {"player": user.seat, "card": label, "targets": seats})
    note_card(game, user, card, _USE)
    if card.type is _EQUIP and len(phys) == 1 and not card.is_virtual:
        equip(game, user, phys[0])
        EQUIP_STAGES.run(game, use)
        return use
    # the table's first and last stages (the card moves) are done here: they need the
    # physical cards, which the event does not carry
    game.move_cards(phys, _PROCESSING, None, _BY_USE, user)
    USE_STAGES.run(game, use)
    game.clear_processing(card.physical())  # (a declared card is there already: 蛊惑)
    return use


def equip(game: Game, player: Player, card: Card) -> None:
    """Put ``card`` into ``player``'s equipment area, the card in its slot to the discard pile."""
    slot = SLOT_OF[card.subtype]
    old = player.equips.get(slot)
    if old is not None:
        game.move_cards([old], _M.Zone.DISCARD_PILE, None, _M.MoveReason.PUT, player)
    game.move_cards([card], _M.Zone.EQUIP, player, _M.MoveReason.EQUIP, player)


def use_response(
    game: Game,
    player: Player,
    names: Sequence[CardName],
    about: str,
    prompt: str = "",
    against: CardUseEvent | None = None,
    extra: dict[str, str] | None = None,
) -> AnyCard | None:
    """使用 a card as an answer, without targets (闪 against 杀/万箭齐发, 无懈可击)."""
    card = request_card(game, player, names, _M.UseMode.USE, about, prompt, against, extra)
    if card is None:
        return None
    phys = own_physical(game, player, card)
    game.move_cards(phys, _M.Zone.PROCESSING, None, _M.MoveReason.USE, player)
    label = card.label
    game.log_entry("使用", ("{} 使用 {}", game.tag(player), label), {"player": player.seat, "card": label, "targets": []})
    note_card(game, player, card, _M.UseMode.USE)
    ears = game._ears
    if _USING.timing in ears or _FINISHED.timing in ears:  # the event only serves its windows
        skill = card.skill if isinstance(card, VirtualCard) else ""
        ANSWER_STAGES.run(game, CardUseEvent(player, card, [], skill, True))  # (responding)
    game.clear_processing(card.physical())
    return card

