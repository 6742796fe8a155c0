"""Dispatch order, trigger options, reshuffle, census, determinism, random games."""

from __future__ import annotations

import pytest

from sgs.runtime.api import SkillContext, Timing, TriggerSkill, draw
from sgs.runtime.game import CensusError
from sgs.runtime.generals import load_generals
from sgs.runtime.modes.identity import play_identity_game, setup_identity_game
from sgs.runtime.testing import run_table
from sgs.runtime.timing import Phase

from .helpers import Recorder, S, bundled_card_effects, bundled_equipment, four, lines
from .std_skills import GENERALS


class DrawOnDamaged(TriggerSkill):
    name = "测试一"
    pinyin = "ceshi_yi"
    timings = (Timing.DAMAGED,)
    per_point = True

    def effect(self, ctx: SkillContext) -> None:
        draw(ctx, ctx.owner, 1)


class DrawOnDamagedOnce(TriggerSkill):
    name = "测试二"
    pinyin = "ceshi_er"
    timings = (Timing.DAMAGED,)
    optional = False
    limit_per_turn = 1

    def effect(self, ctx: SkillContext) -> None:
        draw(ctx, ctx.owner, 2)


def test_per_point_triggers_once_per_point() -> None:
    g = four(S("曹操", role="主公", judge=["闪电♠A"], skills=[DrawOnDamaged], answers=["发动", "不发动", "发动"]),
             phase=Phase.JUDGE, draw_pile=["杀♠8", "闪♥2", "闪♥K"])
    r = run_table(g)
    assert r.player(1).hp == 2
    drawn = [e.data["cards"] for e in g.log.entries if e.kind == "摸牌"]
    assert drawn[:2] == [["闪♥2"], ["闪♥K"]]


def test_owner_orders_simultaneous_skills_and_limit_per_turn() -> None:
    rec = Recorder(["测试二", "发动", "发动"])
    g = four(
        S("关羽", role="主公", hand=["决斗♠A"], answers=["决斗♠A", "2"]),
        S("曹操", role="忠臣", skills=[DrawOnDamaged, DrawOnDamagedOnce], agent=rec),
        draw_pile=["杀♠8", "闪♥2", "闪♥K"],
    )
    r = run_table(g)
    assert rec.seen[0].kind.value == "技能顺序" and rec.seen[0].labels() == ["测试一", "测试二"]
    invoked = [e.data["skill"] for e in g.log.entries if e.kind == "发动"]
    assert invoked == ["测试二", "测试一"]
    assert r.player(2).hand == ("杀♠8", "闪♥2", "闪♥K")


def test_reshuffle_when_draw_pile_runs_out() -> None:
    g = four(S("曹操", role="主公"), phase=Phase.DRAW)
    top = g.draw_pile[-1]
    g.discard_pile.extend(g.draw_pile[:-1])
    for c in g.draw_pile[:-1]:
        g.loc[c.id] = (g.loc[c.id][0].__class__("弃牌堆"), None)
    del g.draw_pile[:-1]
    g.check_card_census()
    r = run_table(g)
    assert r.player(1).hand[0] == top.label
    assert "洗牌" in [e.kind for e in g.log.entries]
    g.check_card_census()


def test_draw_game_when_both_piles_empty() -> None:
    g = four(S("曹操", role="主公"), phase=Phase.DRAW)
    seat2 = g.players[1]
    pile = list(g.draw_pile)
    for c in pile:
        g.draw_pile.remove(c)
        g._add(c, g.loc[c.id][0].__class__("手牌"), seat2)
    r = run_table(g)
    assert r.winner == "平局"
    assert "牌堆与弃牌堆均已无牌，游戏以平局结束" in lines(g)


def test_census_detects_lost_card() -> None:
    g = four(S("曹操", role="主公", hand=["杀♠7"]))
    g.check_card_census()
    g.players[0].hand.clear()
    with pytest.raises(CensusError):
        g.check_card_census()


def test_same_seed_same_json_log() -> None:
    eq, fx = bundled_equipment(), bundled_card_effects()
    a = play_identity_game(list(GENERALS), 5, seed=42, equipment=eq, card_effects=fx)
    b = play_identity_game(list(GENERALS), 5, seed=42, equipment=eq, card_effects=fx)
    assert a.log.to_jsonl() == b.log.to_jsonl()
    c = play_identity_game(list(GENERALS), 5, seed=43, equipment=eq, card_effects=fx)
    assert a.log.to_jsonl() != c.log.to_jsonl()


def test_identity_setup_roles_and_lord_hp() -> None:
    g = setup_identity_game(load_generals(), 8, seed=3)
    roles = [p.role.value for p in g.players]
    assert roles[0] == "主公" and sorted(roles[1:]) == sorted(["忠臣"] * 2 + ["反贼"] * 4 + ["内奸"])
    lord = g.players[0]
    assert lord.max_hp == lord.general.max_hp + 1
    assert all(p.hand_count == 4 for p in g.players)
    assert len({p.general.name for p in g.players}) == 8


def test_small_pool_deals_fewer_candidates() -> None:
    pool = load_generals()[:6]
    g = setup_identity_game(pool, 5, seed=1)
    assert any("武将不足" in t for t in lines(g))


def test_fifty_random_skillless_games_end_with_winner_and_census() -> None:
    pool = load_generals()
    winners = set()
    for seed in range(50):
        g = setup_identity_game(pool, 5, seed, equipment=bundled_equipment(), card_effects=bundled_card_effects())
        g.run(max_turns=2000)
        assert g.over and g.winner in ("主公", "反贼", "内奸", "平局")
        g.check_card_census()
        winners.add(g.winner)
    assert {"主公", "反贼"} <= winners


def test_random_games_with_skills_keep_census() -> None:
    for seed in range(30):
        for n in (4, 6, 8):
            g = setup_identity_game(list(GENERALS), n, seed, equipment=bundled_equipment(), card_effects=bundled_card_effects())
            g.run(max_turns=2000)
            assert g.over
            g.check_card_census()


class Weimu(TriggerSkill):
    """锁定技，当你成为南蛮入侵的目标时，取消之。"""

    name = "测试三"
    pinyin = "ceshi_san"
    compulsory = True
    optional = False
    timings = (Timing.TARGET_CONFIRMING,)

    def can_trigger(self, ctx: SkillContext) -> bool:
        from sgs.runtime.api import CardName

        return ctx.use.card.name is CardName.SAVAGE_ASSAULT

    def effect(self, ctx: SkillContext) -> None:
        from sgs.runtime.api import cancel_target

        cancel_target(ctx, ctx.owner)


def test_cancel_target_window() -> None:
    g = four(S("曹操", role="主公", hand=["南蛮入侵♠7"], answers=["南蛮入侵♠7"]), S("关羽", role="忠臣", skills=[Weimu]))
    r = run_table(g)
    assert [r.player(i).hp for i in (2, 3, 4)] == [4, 3, 3]


def test_lightning_first_variant() -> None:
    g = four(S("曹操", role="主公", judge=["闪电♠A", "乐不思蜀♠6"]), phase=Phase.JUDGE, draw_pile=["闪♥2", "桃♥3"])
    g.lightning_first = True
    run_table(g)
    js = [e.data["card"] for e in g.log.entries if e.kind == "判定阶段"]
    assert js == ["闪电♠A", "乐不思蜀♠6"]
