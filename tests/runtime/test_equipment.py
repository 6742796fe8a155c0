"""Weapons, armor and horses (standard edition card texts)."""

from __future__ import annotations

from sgs.runtime.testing import run_table

from .helpers import Recorder, S, four, lines
from .std_skills import BY_NAME


def test_crossbow_unlimited_slash() -> None:
    g = four(
        S("曹操", role="主公", equips=["诸葛连弩♣A"], hand=["杀♠7", "杀♠8"], answers=["杀♠7", "2", "杀♠8", "2"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 2


def test_eight_diagram_red_judge_is_a_jink() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S("关羽", role="忠臣", equips=["八卦阵♠2"], answers=["八卦阵"]),
        draw_pile=["桃♥3"],
    )
    r = run_table(g)
    assert r.player(2).hp == 4
    assert "2号位 关羽(忠臣) 使用 闪(八卦阵)" in lines(g)


def test_eight_diagram_black_then_hand_jink() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S("关羽", role="忠臣", equips=["八卦阵♠2"], hand=["闪♥2"], answers=["八卦阵", "闪♥2"]),
        draw_pile=["杀♠8"],
    )
    r = run_table(g)
    assert r.player(2).hp == 4 and r.player(2).hand == ()


def test_qinggang_sword_ignores_armor() -> None:
    rec = Recorder()
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], equips=["青釭剑♠6"], answers=["杀♠7", "2"]),
        S("关羽", role="忠臣", equips=["八卦阵♠2"], agent=rec),
    )
    r = run_table(g)
    assert r.player(2).hp == 3
    assert rec.seen == []  # 八卦阵 not even offered, no 闪 in hand


def test_renwang_shield_black_slash_no_effect() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S("关羽", role="忠臣", equips=["仁王盾♣2"]),
        include_ex=True,
    )
    r = run_table(g)
    assert r.player(2).hp == 4
    g2 = four(
        S("曹操", role="主公", hand=["杀♥10"], answers=["杀♥10", "2"]),
        S("关羽", role="忠臣", equips=["仁王盾♣2"]),
        include_ex=True,
    )
    assert run_table(g2).player(2).hp == 3


def test_axe_forces_hit_by_discarding_two() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7", "桃♥3", "桃♥4"], equips=["贯石斧♦5"],
          answers=["杀♠7", "2", "发动", "桃♥3,桃♥4"]),
        S("关羽", role="忠臣", hand=["闪♥2"], answers=["闪♥2"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3 and r.player(1).hand == ()


def test_blade_slashes_again() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7", "杀♠8"], equips=["青龙偃月刀♠5"], answers=["杀♠7", "2", "杀♠8"]),
        S("关羽", role="忠臣", hand=["闪♥2"], answers=["闪♥2"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3


def test_ice_sword_prevents_damage_and_discards_two() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], equips=["寒冰剑♠2"], answers=["杀♠7", "2", "发动", "手牌1", "赤兔♥5"]),
        S("关羽", role="忠臣", hand=["桃♥3", "桃♥4"], equips=["赤兔♥5"]),
        include_ex=True,
    )
    r = run_table(g)
    assert r.player(2).hp == 4 and r.player(2).hand == ("桃♥4",) and r.player(2).equips == ()


def test_kylin_bow_discards_a_horse() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], equips=["麒麟弓♥5"], answers=["杀♠7", "3", "发动", "的卢♣5"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼", equips=["的卢♣5", "赤兔♥5"]),
    )
    r = run_table(g)
    assert r.player(3).hp == 3 and r.player(3).equips == ("赤兔♥5",)


def test_double_sword_opposite_gender() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], equips=["雌雄双股剑♠2"], answers=["杀♠7", "2", "发动"]),
        S(BY_NAME["甄姬"], role="忠臣", hand=["桃♥3"], answers=["令你摸一张牌"]),
        draw_pile=["闪♥2"],
    )
    r = run_table(g)
    assert r.player(1).hand == ("闪♥2",) and r.player(2).hp == 2


def test_spear_two_hand_cards_as_slash() -> None:
    g = four(
        S("曹操", role="主公", hand=["桃♥3", "闪♥2"], equips=["丈八蛇矛♠Q"], answers=["丈八蛇矛", "桃♥3,闪♥2", "2"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 3
    assert "1号位 曹操(主公) 使用 杀(丈八蛇矛:桃♥3+闪♥2) → 2号位 关羽" in lines(g)


def test_halberd_last_hand_card_three_targets() -> None:
    rec = Recorder(["杀♠7", "2,4"])
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], equips=["方天画戟♦Q"], agent=rec),
    )
    r = run_table(g)
    assert rec.seen[1].max == 3
    assert r.player(2).hp == 3 and r.player(4).hp == 3


def test_halberd_not_the_last_hand_card_one_target() -> None:
    rec = Recorder(["杀♠7", "2"])
    g = four(
        S("曹操", role="主公", hand=["杀♠7", "桃♥3"], equips=["方天画戟♦Q"], agent=rec),
    )
    r = run_table(g)
    assert rec.seen[1].max == 1
    assert r.player(2).hp == 3 and len(r.player(1).hand) == 1
