"""Dying, asking for 桃, death, rewards and penalties, victory for every role."""

from __future__ import annotations

from sgs.runtime.testing import SeatSpec, build_game, run_table
from sgs.runtime.timing import Phase

from .helpers import Recorder, S, bundled_card_effects, bundled_equipment, four, lines


def _slash(target: int, label: str = "杀♠7") -> list[str]:
    return [label, str(target)]


def test_dying_asks_for_peach_in_seat_order_from_current() -> None:
    r2, r3, r4 = Recorder(["取消"]), Recorder(["取消"]), Recorder(["桃♥3"])
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=_slash(2)),
        S("关羽", role="忠臣", hp=1, hand=["桃♥4"], agent=r2),
        S("张飞", role="反贼", hand=["桃♥6"], agent=r3),
        S("吕布", role="内奸", hand=["桃♥3"], agent=r4),
    )
    r = run_table(g)
    assert r.player(2).alive and r.player(2).hp == 1
    # seat 1 (current) has no 桃 and is not asked; then 2, 3, 4 in order
    assert [d.about for d in r2.seen + r3.seen + r4.seen] == ["桃", "桃", "桃"]
    order = [e.data["player"] for e in g.log.entries if e.kind == "使用"]
    assert order == [1, 4]


def test_one_peach_from_zero() -> None:
    g = four(
        S("曹操", role="主公", hand=["决斗♠A"], answers=["决斗♠A", "2"]),
        S("关羽", role="忠臣", hp=1, hand=["桃♥4", "桃♥6"], answers=["桃♥4"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 1 and r.player(2).hand == ("桃♥6",)


def test_two_peaches_needed_from_minus_one() -> None:
    g = four(
        S("曹操", role="主公", hp=2, judge=["闪电♠A"], hand=["桃♥4"], answers=["桃♥4"]),
        S("关羽", role="忠臣", hand=["桃♥6"], answers=["桃♥6"]),
        phase=Phase.JUDGE,
        draw_pile=["杀♠8"],
    )
    r = run_table(g)
    assert r.player(1).alive and r.player(1).hp == 1
    recs = [e.data["hp"] for e in g.log.entries if e.kind == "回复体力"]
    assert recs == [0, 1]


def test_rebel_killed_rewards_killer_three_cards() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=_slash(2)),
        S("关羽", role="反贼", hp=1, hand=["闪♥2"], equips=["八卦阵♠2"]),
        S("张飞", role="反贼"),
        S("吕布", role="内奸"),
        draw_pile=["杀♠8", "闪♦2", "闪♦3"],
    )
    r = run_table(g)
    assert not r.player(2).alive
    assert r.player(1).hand == ("杀♠8", "闪♦2", "闪♦3")
    assert set(c.label for c in g.discard_pile) >= {"闪♥2", "八卦阵♠2", "杀♠7"}
    assert "2号位 关羽(反贼) 死亡，凶手是1号位 曹操(主公)" in lines(g)
    g.check_card_census()


def test_lord_kills_loyalist_discards_everything() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7", "桃♥3"], equips=["赤兔♥5"], answers=_slash(2)),
        S("关羽", role="忠臣", hp=1),
    )
    r = run_table(g)
    assert not r.player(2).alive
    assert r.player(1).hand == () and r.player(1).equips == ()


def test_lord_side_wins_when_rebels_and_renegade_dead() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=_slash(2)),
        S("关羽", role="反贼", hp=1),
        S("张飞", role="忠臣"),
        S("吕布", role="内奸", alive=False),
    )
    r = run_table(g)
    assert r.winner == "主公" and r.winners == [1, 3]


def test_rebels_win_when_lord_dies_even_if_all_rebels_dead() -> None:
    g = four(
        S("曹操", role="主公", hp=1),
        S("关羽", role="反贼", alive=False),
        S("张飞", role="忠臣"),
        S("吕布", role="内奸", hand=["杀♠7"], answers=_slash(1)),
        current=4,
    )
    r = run_table(g)
    assert r.winner == "反贼" and r.winners == [2]


def test_renegade_wins_as_sole_survivor() -> None:
    g = build_game(
        [
            SeatSpec("曹操", role="主公", hp=1),
            SeatSpec("吕布", role="内奸", hand=["杀♠7"], answers=_slash(1)),
        ],
        phase=Phase.PLAY,
        current=2,
        equipment=bundled_equipment(), card_effects=bundled_card_effects(),
    )
    r = run_table(g)
    assert r.winner == "内奸" and r.winners == [2]


def test_game_over_stops_immediately_without_rewards() -> None:
    # the last rebel dies: game over before the killer's 3-card reward
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=_slash(2)),
        S("关羽", role="反贼", hp=1),
        S("张飞", role="忠臣"),
        S("吕布", role="内奸", alive=False),
    )
    r = run_table(g)
    assert r.player(1).hand == ()
    assert lines(g)[-1] == "游戏结束，主公获胜"


def test_current_player_dying_in_own_turn_ends_turn() -> None:
    from .std_skills import BY_NAME

    g = four(
        S(BY_NAME["黄盖"], role="主公", hp=1, answers=["苦肉"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼"),
        S("吕布", role="内奸"),
    )
    r = run_table(g)
    assert r.winner == "反贼"
