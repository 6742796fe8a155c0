"""The runtime actions 借刀杀人's text compiles to: use_card_on (需对X使用一张【杀】 — the
request and the use in one, None when refused or impossible) and give_equipped (其将装备区里
的武器牌交给你 — the cards of a kind in sight, no one chooses)."""

from __future__ import annotations

from sgs.runtime import api
from sgs.runtime.cards import CardName, CardSubtype
from sgs.runtime.game import Game
from sgs.runtime.player import Player
from sgs.runtime.skills import SkillContext
from sgs.runtime.testing import SeatSpec, build_game
from sgs.runtime.timing import Phase


def _game(*seats: SeatSpec) -> Game:
    return build_game(list(seats), current=1, phase=Phase.PLAY)


def _p(g: Game, seat: int) -> Player:
    return g.players[seat - 1]


def _weapon(c: object) -> bool:
    return getattr(c, "subtype", None) is CardSubtype.WEAPON


def test_use_card_on_nobody_is_a_refusal_and_asks_nothing() -> None:
    g = _game(SeatSpec("曹操", role="主公"), SeatSpec("关羽", role="反贼", hand=["杀♠7"], answers=["杀♠7"]),
              SeatSpec("张飞", role="忠臣"))
    ctx = SkillContext(g, _p(g, 1))
    logged = len(g.log.entries)
    assert api.use_card_on(ctx, _p(g, 2), (CardName.SLASH,), None) is None
    assert [c.label for c in _p(g, 2).hand] == ["杀♠7"] and len(g.log.entries) == logged
    assert not g.agents[1].transcript  # (a ScriptedAgent: never asked)


def test_use_card_on_out_of_range_is_a_refusal() -> None:
    """Seat 3 two seats away from seat 1 (5 seats, no weapon): no 杀 can reach him."""
    g = _game(SeatSpec("曹操", role="主公", hand=["杀♠7"], answers=["杀♠7"]), SeatSpec("关羽", role="反贼"),
              SeatSpec("张飞", role="忠臣"), SeatSpec("刘备", role="反贼"), SeatSpec("吕布", role="内奸"))
    ctx = SkillContext(g, _p(g, 1))
    assert api.use_card_on(ctx, _p(g, 1), (CardName.SLASH,), _p(g, 3)) is None
    assert [c.label for c in _p(g, 1).hand] == ["杀♠7"] and _p(g, 3).hp == 4 and not g.agents[0].transcript


def test_use_card_on_uses_the_card_on_the_target() -> None:
    g = _game(SeatSpec("曹操", role="主公", hand=["杀♠7"], answers=["杀♠7"]), SeatSpec("关羽", role="反贼"),
              SeatSpec("张飞", role="忠臣"))
    ctx = SkillContext(g, _p(g, 1))
    use = api.use_card_on(ctx, _p(g, 1), (CardName.SLASH,), _p(g, 2))
    assert use is not None and use.targets == [_p(g, 2)] and _p(g, 2).hp == 3 and not _p(g, 1).hand
    assert [answer for _, answer in g.agents[0].transcript] == ["杀♠7"]  # asked once, answered with the 杀


def test_give_equipped_gives_only_the_kind_and_names_it() -> None:
    g = _game(SeatSpec("曹操", role="主公"), SeatSpec("关羽", role="反贼", equips=["青釭剑♠6", "八卦阵♠2"]),
              SeatSpec("张飞", role="忠臣"))
    ctx = SkillContext(g, _p(g, 1))
    given = api.give_equipped(ctx, _p(g, 2), _p(g, 1), _weapon)
    assert [c.label for c in given] == ["青釭剑♠6"]
    assert [c.label for c in _p(g, 1).hand] == ["青釭剑♠6"] and [c.label for c in _p(g, 2).equip_cards()] == ["八卦阵♠2"]
    assert g.log.entries[-1].text == "2号位 关羽 将青釭剑♠6交给1号位 曹操"


def test_give_equipped_nothing_to_give_or_no_one_to_give_it_to() -> None:
    g = _game(SeatSpec("曹操", role="主公"), SeatSpec("关羽", role="反贼", equips=["八卦阵♠2"]),
              SeatSpec("张飞", role="忠臣", equips=["青釭剑♠6"]), SeatSpec("刘备", role="内奸", alive=False))
    ctx = SkillContext(g, _p(g, 1))
    assert api.give_equipped(ctx, _p(g, 2), _p(g, 1), _weapon) == []  # no weapon
    assert api.give_equipped(ctx, _p(g, 3), _p(g, 4), _weapon) == []  # the receiver is dead
    assert [c.label for c in _p(g, 3).equip_cards()] == ["青釭剑♠6"] and not _p(g, 1).hand
