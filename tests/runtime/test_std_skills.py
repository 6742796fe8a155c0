"""The 20 first-release skills, written against api.py only (std_skills.py)."""

from __future__ import annotations

from sgs.runtime.testing import run_table
from sgs.runtime.timing import Phase

from .helpers import Recorder, S, four, lines
from .std_skills import BY_NAME as G


def test_jianxiong_obtains_damaging_slash() -> None:
    g = four(S("关羽", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]), S(G["曹操"], role="忠臣", answers=["发动"]))
    r = run_table(g)
    assert r.player(2).hp == 3 and r.player(2).hand == ("杀♠7",)


def test_jianxiong_in_duel_obtains_the_duel() -> None:
    g = four(
        S("关羽", role="主公", hand=["决斗♠A", "杀♠8"], answers=["决斗♠A", "2", "杀♠8"]),
        S(G["曹操"], role="忠臣", hand=["杀♠7"], answers=["杀♠7", "发动"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3 and r.player(2).hand == ("决斗♠A",)


def test_hujia_wei_helper_plays_jink() -> None:
    g = four(
        S(G["曹操"], role="主公", answers=["护驾"]),
        S("司马懿", role="忠臣", hand=["闪♥2"], answers=["闪♥2"]),
        S("张飞", role="内奸"),
        S("马超", role="反贼", hand=["杀♠7"], answers=["杀♠7", "1"]),
        current=4,
    )
    r = run_table(g)
    assert r.player(1).hp == 5 and r.player(2).hand == ()
    assert "2号位 司马懿(忠臣) 打出 闪♥2（替1号位 曹操）" in lines(g)


def test_hujia_inactive_for_non_lord() -> None:
    rec = Recorder()
    g = four(
        S("刘备", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S(G["曹操"], role="忠臣", agent=rec),
        S("司马懿", role="反贼", hand=["闪♥2"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3
    assert all("护驾" not in d.labels() for d in rec.seen)


def test_fankui_takes_a_card_of_the_source() -> None:
    g = four(
        S("关羽", role="主公", hand=["杀♠7"], equips=["赤兔♥5"], answers=["杀♠7", "2"]),
        S(G["司马懿"], role="忠臣", answers=["发动", "赤兔♥5"]),
    )
    r = run_table(g)
    assert r.player(2).hand == ("赤兔♥5",) and r.player(1).equips == ()


def test_guicai_retrial_saves_indulgence() -> None:
    g = four(
        S("关羽", role="主公", judge=["乐不思蜀♠6"]),
        S(G["司马懿"], role="忠臣", hand=["桃♥3"], answers=["发动", "桃♥3"]),
        phase=Phase.JUDGE,
        draw_pile=["杀♠8"],
    )
    run_table(g)
    assert "1号位 关羽(主公) 跳过出牌阶段" not in lines(g)
    assert "2号位 司马懿(忠臣) 打出 桃♥3 代替判定牌 杀♠8（鬼才）" in lines(g)
    assert {c.label for c in g.discard_pile} >= {"杀♠8", "桃♥3", "乐不思蜀♠6"}


def test_ganglie_source_chooses_damage() -> None:
    g = four(
        S("关羽", role="主公", hand=["杀♠7", "桃♥3", "桃♥4"], answers=["杀♠7", "2", "受到1点伤害"]),
        S(G["夏侯惇"], role="忠臣", answers=["发动"]),
        draw_pile=["闪♦2"],
    )
    r = run_table(g)
    assert r.player(1).hp == 4 and r.player(2).hp == 3


def test_ganglie_source_discards_two_and_heart_fails() -> None:
    g = four(
        S("关羽", role="主公", hand=["杀♠7", "桃♥3", "桃♥4"], answers=["杀♠7", "2", "弃置两张手牌", "桃♥3,桃♥4"]),
        S(G["夏侯惇"], role="忠臣", answers=["发动"]),
        draw_pile=["闪♦2"],
    )
    r = run_table(g)
    assert r.player(1).hp == 5 and r.player(1).hand == ()
    g2 = four(
        S("关羽", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S(G["夏侯惇"], role="忠臣", answers=["发动"]),
        draw_pile=["闪♥2"],
    )
    assert run_table(g2).player(1).hp == 5


def test_qingguo_black_hand_card_as_jink() -> None:
    g = four(
        S("关羽", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S(G["甄姬"], role="忠臣", hand=["决斗♠A"], answers=["倾国", "决斗♠A"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3 + 0 and r.player(2).hand == ()
    assert "2号位 甄姬(忠臣) 使用 闪(倾国:决斗♠A)" in lines(g)


def test_luoshen_until_red() -> None:
    g = four(
        S(G["甄姬"], role="主公", answers=["发动", "发动", "发动"]),
        phase=Phase.START,
        draw_pile=["杀♠7", "杀♣3", "闪♥2", "桃♥3", "桃♥4"],
    )
    r = run_table(g)
    assert r.player(1).hand[:2] == ("杀♠7", "杀♣3")
    assert "闪♥2" in [c.label for c in g.discard_pile]
    assert r.player(1).hand[2:4] == ("桃♥3", "桃♥4")  # draw phase


def test_rende_recovers_once_at_two_cards() -> None:
    g = four(
        S(G["刘备"], role="主公", hp=3, hand=["杀♠7", "闪♥2", "桃♥3"],
          answers=["仁德", "杀♠7", "2", "仁德", "闪♥2", "3", "仁德", "桃♥3", "2"]),
    )
    r = run_table(g)
    assert r.player(1).hp == 4
    assert r.player(2).hand == ("杀♠7", "桃♥3") and r.player(3).hand == ("闪♥2",)


def test_jijiang_shu_helper_slash_in_play_phase() -> None:
    g = four(
        S(G["刘备"], role="主公", answers=["激将", "4"]),
        S("关羽", role="忠臣", hand=["杀♠7"], answers=["杀♠7"]),
    )
    r = run_table(g)
    assert r.player(4).hp == 3 and r.player(2).hand == ()
    assert "1号位 刘备(主公) 使用 杀(激将:杀♠7) → 4号位 吕布" in lines(g)


def test_jijiang_responds_to_savage_assault() -> None:
    g = four(
        S(G["刘备"], role="主公", answers=["激将"]),
        S("关羽", role="忠臣", hand=["杀♠7", "杀♠8"], answers=["杀♠7", "杀♠8"]),
        S("张飞", role="反贼", hand=["南蛮入侵♠7"], answers=["南蛮入侵♠7"]),
        current=3,
    )
    r = run_table(g)
    assert r.player(1).hp == 5 and r.player(2).hp == 4 and r.player(2).hand == ()


def test_wusheng_red_equipment_as_slash() -> None:
    g = four(S(G["关羽"], role="主公", equips=["赤兔♥5"], answers=["武圣", "赤兔♥5", "2"]))
    r = run_table(g)
    assert r.player(2).hp == 3 and r.player(1).equips == ()


def test_paoxiao_unlimited_slash() -> None:
    g = four(S(G["张飞"], role="主公", hand=["杀♠7", "杀♠8", "杀♠9"],
               answers=["杀♠7", "2", "杀♠8", "2", "杀♠9", "4"]))
    r = run_table(g)
    assert r.player(2).hp == 2 and r.player(4).hp == 3


def test_longdan_both_ways() -> None:
    g = four(
        S(G["赵云"], role="主公", hand=["闪♥2"], answers=["龙胆", "闪♥2", "2"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼"),
        S(G["赵云"], role="内奸", hand=["杀♠7"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3
    g2 = four(
        S("关羽", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S(G["赵云"], role="忠臣", hand=["杀♠8"], answers=["龙胆", "杀♠8"]),
    )
    assert run_table(g2).player(2).hp == 4


def test_mashu_distance() -> None:
    g = four(S(G["马超"], role="主公"))
    p1, p2, p3, _ = g.players
    assert g.distance(p1, p3) == 1 and g.distance(p3, p1) == 2


def test_tieqi_red_judge_forbids_jink() -> None:
    rec = Recorder()
    g = four(
        S(G["马超"], role="主公", hand=["杀♠7"], answers=["杀♠7", "2", "发动"]),
        S("关羽", role="忠臣", hand=["闪♥2"], agent=rec),
        draw_pile=["桃♥3"],
    )
    r = run_table(g)
    assert r.player(2).hp == 3 and rec.seen == []


def test_zhiheng_once_per_phase() -> None:
    rec = Recorder(["制衡", "杀♠7,赤兔♥5"])
    g = four(S(G["孙权"], role="主公", hand=["杀♠7"], equips=["赤兔♥5"], agent=rec), draw_pile=["闪♥2", "桃♥3"])
    r = run_table(g)
    assert r.player(1).hand == ("闪♥2", "桃♥3")
    assert "制衡" not in rec.labels("出牌")[1]


def test_jiuyuan_wu_peach_recovers_two() -> None:
    g = four(
        S(G["孙权"], role="主公", hp=1),
        S("甘宁", role="忠臣", hand=["桃♥3"], answers=["桃♥3"]),
        S("张飞", role="内奸"),
        S("马超", role="反贼", hand=["杀♠7"], answers=["杀♠7", "1"]),
        current=4,
    )
    r = run_table(g)
    assert r.player(1).hp == 2
    g2 = four(
        S(G["孙权"], role="主公", hp=1),
        S("关羽", role="忠臣", hand=["桃♥3"], answers=["桃♥3"]),
        S("张飞", role="内奸"),
        S("马超", role="反贼", hand=["杀♠7"], answers=["杀♠7", "1"]),
        current=4,
    )
    assert run_table(g2).player(1).hp == 1


def test_kurou_lose_then_draw() -> None:
    g = four(S(G["黄盖"], role="主公", answers=["苦肉", "苦肉"]), draw_pile=["杀♠7", "闪♥2", "桃♥3", "桃♥4"])
    r = run_table(g)
    assert r.player(1).hp == 3
    drawn = [e.data["cards"] for e in g.log.entries if e.kind == "摸牌"]
    assert drawn == [["杀♠7", "闪♥2"], ["桃♥3", "桃♥4"]]


def test_kurou_dying_saved_then_draws() -> None:
    g = four(S(G["黄盖"], role="主公", hp=1, hand=["桃♥3"], answers=["苦肉", "桃♥3"]), draw_pile=["杀♠7", "闪♥2"])
    r = run_table(g)
    assert r.player(1).hp == 1
    assert [e.kind for e in g.log.entries][2:8] == ["发动", "失去体力", "濒死", "使用", "回复体力", "摸牌"]


def test_jijiu_outside_own_turn_only() -> None:
    g = four(
        S("关羽", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S(G["华佗"], role="忠臣", hp=1, equips=["赤兔♥5"], answers=["急救", "赤兔♥5"]),
    )
    r = run_table(g)
    assert r.player(2).alive and r.player(2).hp == 1
    rec = Recorder()
    g2 = four(S(G["华佗"], role="主公", hp=2, hand=["闪♥2"], agent=rec))
    run_table(g2)
    assert "急救" not in rec.labels("出牌")[0]


def test_qingnang_heals_wounded_target() -> None:
    g = four(
        S(G["华佗"], role="主公", hand=["杀♠7", "闪♥2"], answers=["青囊", "杀♠7", "2"]),
        S("关羽", role="忠臣", hp=2),
    )
    r = run_table(g)
    assert r.player(2).hp == 3 and r.player(1).hand == ("闪♥2",)


def test_wushuang_slash_needs_two_jinks() -> None:
    g = four(
        S(G["吕布"], role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S("关羽", role="忠臣", hand=["闪♥2"], answers=["闪♥2"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3 and r.player(2).hand == ()


def test_wushuang_eight_diagram_needs_two_successes() -> None:
    g = four(
        S(G["吕布"], role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S("关羽", role="忠臣", equips=["八卦阵♠2"], hand=["闪♥2"], answers=["八卦阵", "闪♥2"]),
        draw_pile=["桃♥3"],
    )
    r = run_table(g)
    assert r.player(2).hp == 4


def test_wushuang_duel_opponent_needs_two_slashes() -> None:
    g = four(
        S("关羽", role="主公", hand=["决斗♠A", "杀♠7"], answers=["决斗♠A", "2", "杀♠7"]),
        S(G["吕布"], role="忠臣", hand=["杀♠8"], answers=["杀♠8"]),
    )
    r = run_table(g)
    # 吕布 plays one, 关羽 has only one 杀 for the two needed → 关羽 takes damage
    assert r.player(1).hp == 4 and r.player(2).hp == 4
