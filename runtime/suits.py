"""The suit view: the suit (and colour) a card counts as in one game.

A card's printed suit is ``card.suit``; what it counts as can differ by whose it is
(红颜: 锁定技，你的黑桃牌均视为红桃牌).  :class:`~sgs.runtime.cards.Card` objects are
shared by every game and clone of the process, so the view is never written on the
card: it is asked of the game, for a holder — the static skills of the holder that
override :meth:`~sgs.runtime.skills.StaticSkill.suit_as` say it.  Every suit or colour
read of the rules goes through :func:`suit_of` / :func:`color_of` (card effects,
judgements, the compiled skills through ``runtime.api``).

Whose a card is (``holder``): the player whose hand or equipment area holds it; for a
card elsewhere the caller names him — the user of a card being used (``ctx.use.user``),
the judged player for his judgement card (seed 000 §A gives no ruling on judgement cards;
this runtime counts a judgement card as the judged player's, so 小乔's ♠ judgement reads
as ♥).  A card with no holder (the draw or discard pile, a card revealed from the draw
pile) counts as printed.  A virtual card counts as its one subcard (none or several: no
suit; one colour if they share it), as :class:`~sgs.runtime.cards.VirtualCard` says.

While no seat has a ``suit_as`` skill (every standard game) the view is the printed
suit, read at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import AnyCard, Card, Color, Suit
from .player import Player
from .zones import Zone

if TYPE_CHECKING:
    from .game import Game

__all__ = ["SUIT_AS", "suit_of", "color_of", "viewed_by"]

#: the StaticSkill hook of a suit view
SUIT_AS = "suit_as"
_HELD = (Zone.HAND, Zone.EQUIP)
_NONE_SUIT = Suit.NONE
_NONE_COLOR = Color.NONE


def _seen(game: Game, card: Card, holder: Player | None) -> Suit:
    if holder is None:
        zone, holder = game.loc.get(card.id, (None, None))
        if zone not in _HELD:
            return card.suit
    if holder is None:
        return card.suit
    for s in game.hooked(holder, SUIT_AS):
        seen = s.suit_as(game, holder, card)
        if seen is not None:
            return seen
    return card.suit


def suit_of(game: Game, card: AnyCard, holder: Player | None = None) -> Suit:
    """The suit ``card`` counts as in ``game``, ``holder``'s (None: whoever holds it in
    his hand or equipment area; nobody elsewhere)."""
    if SUIT_AS not in game._hooks_any:
        return card.suit
    if isinstance(card, Card):
        return _seen(game, card, holder)
    subs = card.physical()
    return _seen(game, subs[0], holder) if len(subs) == 1 else _NONE_SUIT


def color_of(game: Game, card: AnyCard, holder: Player | None = None) -> Color:
    """The colour ``card`` counts as in ``game`` (of the suit it counts as; a virtual
    card: its subcards' one colour, else none)."""
    if SUIT_AS not in game._hooks_any:
        return card.color
    if isinstance(card, Card):
        return _seen(game, card, holder).color
    colors = {_seen(game, c, holder).color for c in card.physical()}
    return colors.pop() if len(colors) == 1 else _NONE_COLOR


def viewed_by(game: Game, card: Card, holder: Player | None = None) -> str:
    """The name of the skill that makes ``card`` count as another suit than printed
    (for logs: 判定结果为 杀♠9（红颜：视为♥）), or ``""``."""
    if SUIT_AS not in game._hooks_any:
        return ""
    if holder is None:
        zone, holder = game.loc.get(card.id, (None, None))
        if zone not in _HELD:
            return ""
    if holder is None:
        return ""
    for s in game.hooked(holder, SUIT_AS):
        seen = s.suit_as(game, holder, card)
        if seen is not None and seen is not card.suit:
            return s.name
    return ""
