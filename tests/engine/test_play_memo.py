"""The play options' memo of card legality by name (legality.play_memo): kept across a
player's decisions, dropped when who is alive, a seat's equipment or static skills
change.  Each test asks the options once (filling the memo), changes one thing, and
asks again: without that change's invalidation the second answer would be the first."""

from __future__ import annotations

from sgs.runtime.flows.play import play_options
from sgs.runtime.game import Game
from sgs.runtime.player import Player
from sgs.runtime.skills import StaticSkill
from sgs.runtime.zones import Zone

from ..runtime.helpers import S, four

# seat 1 holds a 杀; seats 2 and 4 (his neighbours) ride +1 horses, seat 3 sits two
# seats away: nobody is within his attack range of 1
_HORSES = dict(
    s2=S("关羽", role="忠臣", equips=["绝影♠5"]),
    s4=S("吕布", role="内奸", equips=["的卢♣5"]),
)


def _labels(game: Game) -> list[str]:
    return [o.label for o in play_options(game, game.players[0])[0]]


def _card(p: Player, label: str):  # type: ignore[no-untyped-def]
    return next(c for c in [*p.hand, *p.equip_cards()] if c.label == label)


def test_memo_is_kept_between_decisions() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7", "杀♠8"]), **_HORSES)
    assert "杀♠7" not in _labels(g)
    assert g._usable[1].slash_targets == ()  # (filled: the next decision reads it)
    assert "杀♠7" not in _labels(g)


def test_weapon_equipped_reaches_further() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7", "青釭剑♠6"]), **_HORSES)
    assert "杀♠7" not in _labels(g)
    p1 = g.players[0]
    g.move_cards([_card(p1, "青釭剑♠6")], Zone.EQUIP, p1)
    assert "杀♠7" in _labels(g)
    # the targets a 杀 is offered (choose_targets reads them from the memo too)
    assert [t.seat for t in g._usable[1].slash_targets or ()] == [2, 3, 4]


def test_weapon_lost_reaches_less() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"], equips=["青釭剑♠6"]), **_HORSES)
    assert "杀♠7" in _labels(g)
    p1 = g.players[0]
    g.move_cards([_card(p1, "青釭剑♠6")], Zone.DISCARD_PILE)
    assert "杀♠7" not in _labels(g)


def test_horse_lost_brings_a_neighbour_in_range() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"]), **_HORSES)
    assert "杀♠7" not in _labels(g)
    p2 = g.players[1]
    g.move_cards([_card(p2, "绝影♠5")], Zone.DISCARD_PILE)
    assert "杀♠7" in _labels(g)


def test_death_brings_the_far_seat_near() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"]), **_HORSES)
    assert "杀♠7" not in _labels(g)
    g.players[1].alive = False  # seat 3 is now seat 1's neighbour, without a horse
    g.alive_changed()
    assert "杀♠7" in _labels(g)


class _LongArm(StaticSkill):
    name = "长臂"

    def attack_range_modifier(self, game: Game, player: Player) -> int:
        return 1 if player is self.owner else 0


def test_static_skill_gained_and_lost() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"]), **_HORSES)
    p1 = g.players[0]
    assert "杀♠7" not in _labels(g)
    sk = _LongArm(p1)
    g.add_skill(p1, sk)
    assert "杀♠7" in _labels(g)
    g.remove_skill(p1, sk)
    assert "杀♠7" not in _labels(g)


def test_slash_count_is_asked_each_time() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"]))
    assert "杀♠7" in _labels(g)
    g.players[0].phase_counters["杀"] = 1
    assert "杀♠7" not in _labels(g)


def test_peach_follows_hp() -> None:
    g = four(S("曹操", role="主公", hand=["桃♥3"]))
    assert "桃♥3" not in _labels(g)
    g.players[0].hp -= 1
    assert "桃♥3" in _labels(g)
