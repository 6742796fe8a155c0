"""杀, 闪, 桃, distance and range, slash limit, discard phase."""

from __future__ import annotations

import pytest

from sgs.runtime.agents import ScriptError
from sgs.runtime.testing import TableError, run_table
from sgs.runtime.timing import Phase

from .helpers import Recorder, S, four, kinds, lines


def test_slash_hits_and_turn_ends() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]), S("关羽", role="忠臣", hand=["桃♥3"]))
    r = run_table(g)
    assert r.player(2).hp == 3
    assert r.player(1).hand == ()
    assert "1号位 曹操(主公) 使用 杀♠7 → 2号位 关羽" in lines(g)
    assert kinds(g, "使用", "伤害") == ["使用", "伤害"]
    assert g.discard_pile[-1].label == "杀♠7"
    g.check_card_census()


def test_jink_offsets_slash() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
        S("关羽", role="忠臣", hand=["闪♥2"], answers=["闪♥2"]),
    )
    r = run_table(g)
    assert r.player(2).hp == 4 and r.player(2).hand == ()
    assert kinds(g, "使用", "抵消", "伤害") == ["使用", "使用", "抵消"]


def test_one_slash_per_play_phase() -> None:
    rec = Recorder(["杀♠7", "2"])
    g = four(S("曹操", role="主公", hand=["杀♠7", "杀♠8"], agent=rec))
    run_table(g)
    plays = rec.labels("出牌")
    assert "杀♠8" in plays[0]
    assert plays[1] == ["结束出牌"]


def test_attack_range_and_horses() -> None:
    g = four(
        S("曹操", role="主公", hand=["杀♠7"]),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼", equips=["的卢♣5"]),
        S("吕布", role="内奸", equips=["赤兔♥5"]),
    )
    p1, p2, p3, p4 = g.players
    assert g.distance(p1, p2) == 1 and g.distance(p1, p3) == 3 and g.distance(p1, p4) == 1
    assert g.distance(p4, p3) == 1  # 1 seat + 1 (的卢) - 1 (赤兔)
    assert g.in_attack_range(p1, p2) and not g.in_attack_range(p1, p3)
    assert g.attack_range(p1) == 1


def test_dead_players_are_skipped_in_distance() -> None:
    g = four(S("曹操", role="主公"), S("关羽", role="忠臣", alive=False))
    p1, _, p3, _ = g.players
    assert g.distance(p1, p3) == 1


def test_peach_only_when_wounded_and_recovers() -> None:
    rec = Recorder(["桃♥3"])
    g = four(S("曹操", role="主公", hp=3, hand=["桃♥3", "桃♥4"], agent=rec))
    r = run_table(g)
    assert r.player(1).hp == 4  # lord: 4 + 1 max; healed once
    rec2 = Recorder()
    g2 = four(S("曹操", role="主公", hand=["桃♥3"], agent=rec2))
    run_table(g2)
    assert rec2.labels("出牌")[0] == ["结束出牌"]


def test_discard_phase_keeps_hp_cards() -> None:
    g = four(
        S("曹操", role="主公", hp=2, hand=["杀♠7", "闪♥2", "桃♥3", "决斗♠A"], answers=["闪♥2,决斗♠A"]),
        phase=Phase.DISCARD,
    )
    r = run_table(g)
    assert r.player(1).hand == ("杀♠7", "桃♥3")


def test_draw_phase_draws_top_cards_in_order() -> None:
    g = four(S("曹操", role="主公"), phase=Phase.DRAW, draw_pile=["杀♠7", "闪♥2", "桃♥3"])
    r = run_table(g)
    assert r.player(1).hand == ("杀♠7", "闪♥2")


def test_equip_replaces_old_weapon() -> None:
    g = four(S("曹操", role="主公", hand=["麒麟弓♥5"], equips=["青釭剑♠6"], answers=["麒麟弓♥5"]))
    r = run_table(g)
    assert r.player(1).equips == ("麒麟弓♥5",)
    assert [c.label for c in g.discard_pile] == ["青釭剑♠6"]
    assert g.attack_range(g.players[0]) == 5


def test_scripted_answer_error_names_decision_and_labels() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"], answers=["桃♥3"]))
    with pytest.raises(ScriptError) as ei:
        run_table(g)
    msg = str(ei.value)
    assert "出牌" in msg and "杀♠7" in msg and "结束出牌" in msg


def test_table_errors() -> None:
    with pytest.raises(TableError):
        four(S("曹操", role="主公", hand=["杀♥A"]))
    with pytest.raises(TableError):
        four(S("曹操", role="主公", hand=["闪电♠A", "闪电♠A"]))
    with pytest.raises(TableError):
        four(S("无名", role="主公"))
