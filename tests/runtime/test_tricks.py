"""Tricks: 无懈可击 chains, 决斗, area tricks, 五谷丰登, 借刀杀人, delayed tricks."""

from __future__ import annotations

from sgs.runtime.testing import run_table
from sgs.runtime.timing import Phase

from .helpers import Recorder, S, four, kinds, lines


def test_dismantlement_discards_chosen_card() -> None:
    g = four(
        S("曹操", role="主公", hand=["过河拆桥♠3"], answers=["过河拆桥♠3", "3", "八卦阵♠2"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼", hand=["杀♠7"], equips=["八卦阵♠2"]),
    )
    r = run_table(g)
    assert r.player(3).equips == () and r.player(3).hand == ("杀♠7",)


def test_snatch_needs_distance_one_and_takes_blind_hand_card() -> None:
    rec = Recorder(["顺手牵羊♠3", "2", "手牌2"])
    g = four(S("曹操", role="主公", hand=["顺手牵羊♠3"], agent=rec), S("关羽", role="忠臣", hand=["杀♠7", "闪♥2"]),
             S("张飞", role="反贼", hand=["桃♥3"]), S("吕布", role="内奸", hand=["桃♥4"]))
    r = run_table(g)
    assert rec.labels("选择目标")[0] == ["2", "4"]  # seat 3 is at distance 2
    assert r.player(1).hand == ("闪♥2",)


def test_nullification_chain() -> None:
    # 1 dismantles 3; 3 nullifies; 2 nullifies 3's nullification → the effect happens.
    g = four(
        S("曹操", role="主公", hand=["过河拆桥♠3"], answers=["过河拆桥♠3", "3", "手牌1"]),
        S("关羽", role="忠臣", hand=["无懈可击♠J"], answers=["取消", "无懈可击♠J"]),
        S("张飞", role="反贼", hand=["无懈可击♣Q", "杀♠7"], answers=["无懈可击♣Q"]),
    )
    r = run_table(g)
    assert r.player(3).hand == ()
    assert r.player(2).hand == ()
    uses = [t for t in lines(g) if " 使用 " in t]
    assert uses[1].startswith("3号位") and "无懈可击♣Q" in uses[1]
    assert uses[2].startswith("2号位") and "无懈可击♠J" in uses[2]


def test_nullification_cancels_effect_for_one_target_only() -> None:
    # 南蛮入侵 by 1: 2 is protected by 3's 无懈可击; 3 and 4 take damage.
    g = four(
        S("曹操", role="主公", hand=["南蛮入侵♠7"], answers=["南蛮入侵♠7"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼", hand=["无懈可击♣Q"], answers=["无懈可击♣Q"]),
        S("吕布", role="内奸"),
    )
    r = run_table(g)
    assert [r.player(i).hp for i in (2, 3, 4)] == [4, 3, 3]
    assert "南蛮入侵♠7 对 2号位 关羽 无效" in lines(g)


def test_savage_assault_in_seat_order_from_user() -> None:
    g = four(
        S("曹操", role="主公", hand=["南蛮入侵♠7"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼", hand=["南蛮入侵♣7"], answers=["南蛮入侵♣7"]),
        S("吕布", role="内奸", hand=["杀♠7"], answers=["杀♠7"]),
        current=3,
    )
    r = run_table(g)
    dmg = [e.data["target"] for e in g.log.entries if e.kind == "伤害"]
    assert dmg == [1, 2]
    assert r.player(4).hp == 4 and r.player(4).hand == ()


def test_archery_attack_answered_with_jink() -> None:
    g = four(
        S("曹操", role="主公", hand=["万箭齐发♥A"], answers=["万箭齐发♥A"]),
        S("关羽", role="忠臣", hand=["闪♥2"], answers=["闪♥2"]),
    )
    r = run_table(g)
    assert [r.player(i).hp for i in (2, 3, 4)] == [4, 3, 3]


def test_duel_alternates_and_loser_takes_damage_from_winner() -> None:
    g = four(
        S("曹操", role="主公", hand=["决斗♠A", "杀♠7"], answers=["决斗♠A", "3", "杀♠7"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼", hand=["杀♠8"], answers=["杀♠8", "取消"]),
    )
    r = run_table(g)
    assert r.player(3).hp == 3 and r.player(1).hp == 5
    d = [e for e in g.log.entries if e.kind == "伤害"][0]
    assert d.data["source"] == 1 and d.data["card"] == "决斗♠A"


def test_ex_nihilo_and_god_salvation() -> None:
    g = four(
        S("曹操", role="主公", hp=3, hand=["无中生有♥7", "桃园结义♥A"], answers=["无中生有♥7", "桃园结义♥A"]),
        S("关羽", role="忠臣", hp=2),
        draw_pile=["杀♠7", "闪♥2"],
    )
    r = run_table(g)
    assert r.player(1).hand == ("杀♠7", "闪♥2")
    assert r.player(1).hp == 4 and r.player(2).hp == 3 and r.player(3).hp == 4


def test_amazing_grace_each_picks_in_order() -> None:
    g = four(
        S("曹操", role="主公", hand=["五谷丰登♥3"], answers=["五谷丰登♥3", "桃♥3"]),
        S("关羽", role="忠臣", answers=["闪♥2"]),
        S("张飞", role="反贼"),
        S("吕布", role="内奸"),
        draw_pile=["杀♠7", "闪♥2", "桃♥3", "决斗♠A"],
    )
    r = run_table(g)
    assert "桃♥3" in r.player(1).hand
    assert r.player(2).hand == ("闪♥2",)
    assert r.player(3).hand == ("杀♠7",)  # scripted default: first option
    assert r.player(4).hand == ("决斗♠A",)
    g.check_card_census()


def test_collateral_refused_gives_weapon() -> None:
    g = four(
        S("曹操", role="主公", hand=["借刀杀人♣Q"], answers=["借刀杀人♣Q", "2", "3"]),
        S("关羽", role="忠臣", equips=["青龙偃月刀♠5"], hand=["杀♠7"], answers=["取消"]),
    )
    r = run_table(g)
    assert r.player(1).hand == ("青龙偃月刀♠5",) and r.player(2).equips == ()


def test_collateral_obeyed_uses_slash() -> None:
    g = four(
        S("曹操", role="主公", hand=["借刀杀人♣Q"], answers=["借刀杀人♣Q", "2", "3"]),
        S("关羽", role="忠臣", equips=["青龙偃月刀♠5"], hand=["杀♠7"], answers=["杀♠7"]),
    )
    r = run_table(g)
    assert r.player(2).equips == ("青龙偃月刀♠5",) and r.player(3).hp == 3


def test_indulgence_skips_play_phase_unless_heart() -> None:
    g = four(S("曹操", role="主公", judge=["乐不思蜀♠6"], hand=["杀♠7"], answers=["杀♠7", "2"]),
             phase=Phase.START, draw_pile=["闪♦2", "杀♠8", "杀♠9"])
    r = run_table(g)
    assert "1号位 曹操(主公) 跳过出牌阶段" in lines(g)
    assert r.player(2).hp == 4
    g2 = four(S("曹操", role="主公", judge=["乐不思蜀♠6"], hand=["杀♠7"], answers=["杀♠7", "2"]),
              phase=Phase.START, draw_pile=["闪♥2", "杀♠8", "杀♠9"])
    r2 = run_table(g2)
    assert r2.player(2).hp == 3


def test_delayed_tricks_judged_last_placed_first() -> None:
    g = four(S("曹操", role="主公", judge=["闪电♠A", "乐不思蜀♠6"]), phase=Phase.JUDGE,
             draw_pile=["闪♥2", "桃♥3"])
    run_table(g)
    js = [e.data["card"] for e in g.log.entries if e.kind == "判定阶段"]
    assert js == ["乐不思蜀♠6", "闪电♠A"]


def test_lightning_hits_for_three_thunder_damage() -> None:
    g = four(S("曹操", role="主公", judge=["闪电♠A"]), phase=Phase.JUDGE, draw_pile=["杀♠8"])
    r = run_table(g)
    assert r.player(1).hp == 2
    d = [e for e in g.log.entries if e.kind == "伤害"][0]
    assert d.data["nature"] == "雷电" and d.data["source"] is None
    assert "闪电♠A" in [c.label for c in g.discard_pile]


def test_lightning_passes_to_next_player() -> None:
    g = four(S("曹操", role="主公", judge=["闪电♠A"]), phase=Phase.JUDGE, draw_pile=["杀♥10"])
    r = run_table(g)
    assert r.player(1).judge_area == () and r.player(2).judge_area == ("闪电♠A",)


def test_lightning_placed_in_own_judge_area() -> None:
    g = four(S("曹操", role="主公", hand=["闪电♠A"], answers=["闪电♠A"]))
    r = run_table(g)
    assert r.player(1).judge_area == ("闪电♠A",)
    assert kinds(g, "使用") == ["使用"]
