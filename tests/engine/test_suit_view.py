"""The suit view (sgs.runtime.suits): the suit a card counts as is asked of the game, for
a holder (红颜: 小乔's ♠ cards count as ♥).  Card objects are shared by every game and
clone of a process, so two games — or a game and its clone — may see one card differently,
and nothing is ever written on the card."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from sgs.compiler import Pool, bundled_skill_paths, load_pool
from sgs.runtime.cards import Color, Suit
from sgs.runtime.game import Game
from sgs.runtime.player import GeneralSpec
from sgs.runtime.testing import SeatSpec, build_game
from sgs.runtime.timing import Phase
from sgs.runtime.zones import Zone

WIND = Path(__file__).parents[2] / "skills" / "wind"


@cache
def pool() -> Pool:
    return load_pool(bundled_skill_paths())  # 小乔 (红颜) is bundled


def general(name: str) -> GeneralSpec:
    return next(g for g in pool().generals if g.name == name)


def table(first: str, second: str) -> Game:
    seats = [SeatSpec(general(first), role="主公", hand=["杀♠7"]), SeatSpec(general(second), role="反贼", hand=["闪♦2"])]
    return build_game(seats, current=1, phase=Phase.PLAY, equipment=pool().equipment, card_effects=pool().card_effects)


def test_two_games_see_one_shared_card_by_whose_it_is() -> None:
    with_her, without = table("小乔", "张飞"), table("张飞", "小乔")
    card = with_her.players[0].hand[0]
    assert without.players[0].hand[0] is card  # the same Card object in both games
    assert with_her.suit_of(card) is Suit.HEART and with_her.color_of(card) is Color.RED
    assert without.suit_of(card) is Suit.SPADE and without.color_of(card) is Color.BLACK
    assert card.suit is Suit.SPADE  # nothing written on the card
    # named as hers (her judgement card, or a card she uses), it counts as ♥ in the other game too
    assert without.suit_of(card, without.players[1]) is Suit.HEART
    # a ♦ stays ♦: only her ♠ cards change
    assert with_her.suit_of(with_her.players[1].hand[0], with_her.players[0]) is Suit.DIAMOND


def test_the_view_follows_the_card_and_a_clone_keeps_its_own() -> None:
    g = table("小乔", "张飞")
    g.pending()  # driven by pending/respond: clonable
    card = g.players[0].hand[0]
    clone = g.clone()
    assert clone.players[0].hand[0] is card and clone.suit_of(card) is Suit.HEART
    # in the clone the card leaves her: it is 张飞's ♠ there, still her ♥ in the original
    clone.move_cards([card], Zone.HAND, clone.players[1])
    assert clone.suit_of(card) is Suit.SPADE
    assert g.suit_of(card) is Suit.HEART
    # in the discard pile nobody holds it: as printed
    g.move_cards([card], Zone.DISCARD_PILE)
    assert g.suit_of(card) is Suit.SPADE


def test_a_game_without_a_suit_view_reads_the_printed_suit() -> None:
    g = table("张飞", "关羽")
    card = g.players[0].hand[0]
    assert g.suit_of(card) is Suit.SPADE and g.suit_of(card, g.players[1]) is Suit.SPADE
