"""Identity mode at 2–10 players: role tables (seed 001 line ~26 and the 2/3-player
rows), candidate generals (3 each, 2 at 10 players, fewer with a small pool —
logged), the EX deck, victory at the edges (seed 001 胜利条件: rebels win when the
lord dies, a renegade only as the sole survivor) and a short soak."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Sequence

import pytest

from sgs.compiler import load_pool
from sgs.runtime.agents import default_answer
from sgs.runtime.api import GeneralSpec
from sgs.runtime.decisions import Decision
from sgs.runtime.game import Game
from sgs.runtime.generals import load_generals
from sgs.runtime.modes.identity import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROLE_TABLE,
    IdentityError,
    candidates_per_player,
    identity_victory,
    play_identity_game,
    role_counts,
    setup_identity_game,
)
from sgs.runtime.player import Role
from sgs.runtime.testing import SeatSpec, build_game, run_table
from sgs.runtime.timing import Phase

from .helpers import bundled_card_effects, bundled_equipment

L, Y, R, N = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE

# (loyalists, rebels, renegades) per player count: seed 001 line ~26, plus 2 = 主+反,
# 3 = 主+反+内
EXPECTED = {
    2: (0, 1, 0),
    3: (0, 1, 1),
    4: (1, 1, 1),
    5: (1, 2, 1),
    6: (1, 3, 1),
    7: (2, 3, 1),
    8: (2, 4, 1),
    9: (2, 4, 2),
    10: (3, 4, 2),
}


@cache
def skillless() -> tuple[GeneralSpec, ...]:
    """The 25 skill-less 标准 generals of data/generals.tsv."""
    return tuple(load_generals("标准"))


def pool13() -> list[GeneralSpec]:
    """13 generals (the size of the first bundled pool) with the three lords."""
    by = {g.name: g for g in skillless()}
    names = ["曹操", "刘备", "孙权", "司马懿", "夏侯惇", "关羽", "张飞", "赵云", "马超", "甘宁", "黄盖", "吕布", "貂蝉"]
    return [by[n] for n in names]


def role_census(game: Game) -> tuple[int, int, int, int]:
    c = Counter(p.role for p in game.players)
    return c[L], c[Y], c[R], c[N]


class Recorder:
    """Answers like ScriptedAgent's default (first option) and records every question."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, str, list[str]]] = []

    def choose(self, game: Game, decision: Decision) -> list[int]:
        self.asked.append((decision.player.seat, decision.about, decision.labels()))
        return default_answer(decision)


# ---------------------------------------------------------------- role tables


def test_role_table_rows() -> None:
    assert (MIN_PLAYERS, MAX_PLAYERS) == (2, 10)
    assert ROLE_TABLE == EXPECTED
    assert role_counts(6, "alt") == (1, 2, 2)
    assert role_counts(8, "alt") == (2, 3, 2)
    assert role_counts(6, "1/2/2") == (1, 2, 2)
    assert role_counts(6, (1, 3, 1)) == (1, 3, 1)
    assert role_counts(8, "standard") == (2, 4, 1)


@pytest.mark.parametrize("n", range(2, 11))
def test_dealt_roles_match_the_table_exactly(n: int) -> None:
    for seed in range(5):
        g = setup_identity_game(skillless(), n, seed)
        loy, reb, ren = EXPECTED[n]
        assert role_census(g) == (1, loy, reb, ren)
        assert g.players[0].role is L and g.players[0].seat == 1
        assert g.current is g.players[0]
        assert len(g.players) == n
        assert len({p.general.name for p in g.players}) == n
        assert [p.hand_count for p in g.players] == [4] * n
        assert g.players[0].max_hp == g.players[0].general.max_hp + 1
        assert all(p.max_hp == p.general.max_hp for p in g.players[1:])
        assert g.log.entries[0].data["roles"] == [loy, reb, ren]


def test_alternative_tables_are_dealt() -> None:
    g = setup_identity_game(skillless(), 6, 3, roles="alt")
    assert role_census(g) == (1, 1, 2, 2)
    g = setup_identity_game(skillless(), 8, 3, roles="2/3/2")
    assert role_census(g) == (1, 2, 3, 2)
    assert "主公1 忠臣2 反贼3 内奸2" in g.log.entries[0].text


def test_bad_player_counts_and_tables_are_identity_errors() -> None:
    for n in (0, 1, 11):
        with pytest.raises(IdentityError, match=f"2 到 10 人，而不是 {n} 人"):
            setup_identity_game(skillless(), n, 1)
    with pytest.raises(IdentityError, match="5 人局没有备选身份配置"):
        role_counts(5, "alt")
    with pytest.raises(IdentityError, match=r"8 人局的身份配置（忠臣/反贼/内奸）只能是 2/4/1、2/3/2，而不是 2/4/2"):
        role_counts(8, "2/4/2")  # seed 001 prints it under 8, but it needs 9 seats
    with pytest.raises(IdentityError, match="应写作"):
        role_counts(6, "1-2-2")
    with pytest.raises(IdentityError, match="武将池只有 9 名武将，不够 10 人"):
        setup_identity_game(pool13()[:9], 10, 1)


# ---------------------------------------------------------------- candidates


def test_ten_players_deal_two_candidates_each_and_five_to_the_lord() -> None:
    rec = Recorder()
    g = setup_identity_game(skillless(), 10, 7, agents=[rec] * 10)
    assert candidates_per_player(10) == 2 and candidates_per_player(9) == 3
    assert [seat for seat, _, _ in rec.asked] == list(range(1, 11))
    assert all(about == "选将" for _, about, _ in rec.asked)
    lord_labels = rec.asked[0][2]
    assert lord_labels[:3] == ["曹操", "刘备", "孙权"] and len(lord_labels) == 5
    assert len(set(lord_labels)) == 5
    others = [labels for _, _, labels in rec.asked[1:]]
    assert [len(c) for c in others] == [2] * 9
    flat = [x for c in others for x in c]
    assert len(set(flat)) == 18 and lord_labels[0] not in flat  # disjoint, lord's pick removed
    assert [p.general.name for p in g.players] == [lord_labels[0]] + [c[0] for c in others]
    assert not any("武将不足" in e.text for e in g.log.entries)


def test_nine_players_deal_three_candidates_each() -> None:
    rec = Recorder()
    setup_identity_game(skillless(), 9, 2, agents=[rec] * 9)
    assert [len(labels) for _, _, labels in rec.asked] == [5] + [3] * 8


def test_small_pool_deals_fewer_and_logs_it() -> None:
    rec = Recorder()
    g = setup_identity_game(pool13(), 10, 4, agents=[rec] * 10)
    assert [len(labels) for _, _, labels in rec.asked] == [5] + [1] * 9
    short = [e for e in g.log.entries if "武将不足" in e.text]
    assert len(short) == 1
    assert short[0].text == "武将不足（12名武将分给9名角色），每名其他角色只发1张候选武将（应为2张）"
    assert (short[0].data["per"], short[0].data["want"]) == (1, 2)
    assert len({p.general.name for p in g.players}) == 10
    # 7 players from 13: 12 // 6 = 2 each instead of 3
    rec = Recorder()
    g = setup_identity_game(pool13(), 7, 4, agents=[rec] * 7)
    assert [len(labels) for _, _, labels in rec.asked] == [5] + [2] * 6
    assert sum("每名其他角色只发2张候选武将（应为3张）" in e.text for e in g.log.entries) == 1


def test_ten_players_with_thirteen_compiled_generals_play_to_the_end() -> None:
    compiled = load_pool(None)
    pool = compiled.generals[:13]
    for seed in range(3):
        r = play_identity_game(pool, 10, seed, log_enabled=False, equipment=compiled.equipment, card_effects=compiled.card_effects)
        assert r.winner in ("主公", "反贼", "内奸")
        assert len({p.general for p in r.players}) == 10


def test_fixed_generals_at_ten_and_two_players() -> None:
    names = ["曹操", "刘备", "孙权", "关羽", "张飞", "赵云", "马超", "吕布", "貂蝉", "甘宁"]
    g = setup_identity_game(skillless(), 10, 1, generals=names)
    assert [p.general.name for p in g.players] == names
    g = setup_identity_game(skillless(), 2, 1, generals=["刘备", "吕布"])
    assert [(p.general.name, p.role, p.max_hp) for p in g.players] == [("刘备", L, 5), ("吕布", R, 4)]
    with pytest.raises(IdentityError, match="武将重复：曹操"):
        setup_identity_game(skillless(), 2, 1, generals=["曹操", "曹操"])


# ---------------------------------------------------------------- EX deck


def test_ex_cards_join_the_deck_only_when_asked() -> None:
    g = setup_identity_game(skillless(), 5, 1)
    assert len(g.deck) == 104 and all(c.package == "标准版" for c in g.deck)
    g = setup_identity_game(skillless(), 5, 1, include_ex=True)
    assert len(g.deck) == 108
    assert sorted(c.label for c in g.deck if c.package == "EX") == ["仁王盾♣2", "寒冰剑♠2", "无懈可击♦Q", "闪电♥Q"]
    assert "108张牌（含EX）" in g.log.entries[0].text
    g.check_card_census()
    assert len(g.draw_pile) + sum(p.hand_count for p in g.players) == 108


# ---------------------------------------------------------------- victory


def table(roles: Sequence[Role], alive: Sequence[bool] | None = None, **seat: SeatSpec) -> Game:
    """A table of skill-less 吕布s with these roles; ``seat`` overrides seats (s1 …)."""
    specs = []
    for i, r in enumerate(roles):
        s = seat.get(f"s{i + 1}") or SeatSpec("吕布", role=r)
        if alive is not None and not alive[i]:
            s.alive = False
        specs.append(s)
    return build_game(specs, current=1, phase=Phase.PLAY, equipment=bundled_equipment(), card_effects=bundled_card_effects())


def verdict(roles: Sequence[Role], alive: Sequence[bool]) -> tuple[str, list[int]] | None:
    g = table(roles, alive)
    v = identity_victory(g)
    return None if v is None else (v.winner, v.winners)


def test_victory_table_at_the_edges() -> None:
    # 2 players: 主 + 反
    assert verdict([L, R], [True, True]) is None
    assert verdict([L, R], [True, False]) == ("主公", [1])
    assert verdict([L, R], [False, True]) == ("反贼", [2])
    # 3 players: 主 + 反 + 内
    assert verdict([L, R, N], [True, False, True]) is None
    assert verdict([L, R, N], [True, False, False]) == ("主公", [1])
    assert verdict([L, R, N], [False, True, True]) == ("反贼", [2])
    assert verdict([L, R, N], [False, False, True]) == ("内奸", [3])
    assert verdict([L, R, N], [False, True, False]) == ("反贼", [2])
    # 9 players: 2 忠 4 反 2 内
    nine = [L, Y, Y, R, R, R, R, N, N]
    assert verdict(nine, [True, False, True] + [False] * 6) == ("主公", [1, 2, 3])
    assert verdict(nine, [True] + [False] * 7 + [True]) is None
    assert verdict(nine, [False] * 8 + [True]) == ("内奸", [9])
    assert verdict(nine, [False] * 7 + [True, True]) == ("反贼", [4, 5, 6, 7])  # two renegades left
    assert verdict(nine, [False, True] + [False] * 6 + [True]) == ("反贼", [4, 5, 6, 7])
    # 10 players: 3 忠 4 反 2 内
    ten = [L, Y, Y, Y, R, R, R, R, N, N]
    assert verdict(ten, [True] * 4 + [False] * 6) == ("主公", [1, 2, 3, 4])
    assert verdict(ten, [False] * 8 + [True, True]) == ("反贼", [5, 6, 7, 8])
    assert verdict(ten, [False] * 9 + [True]) == ("内奸", [10])
    assert verdict(ten, [True] + [False] * 8 + [True]) is None


def test_two_players_the_lord_kills_the_rebel() -> None:
    g = table([L, R], s1=SeatSpec("吕布", role=L, hand=["杀♠7"], answers=["杀♠7", "2"]), s2=SeatSpec("吕布", role=R, hp=1))
    r = run_table(g)
    assert (r.winner, r.winners) == ("主公", [1])
    assert r.log.entries[-1].text == "游戏结束，主公获胜"


def test_two_players_the_rebel_kills_the_lord() -> None:
    g = build_game(
        [SeatSpec("吕布", role=L, hp=1), SeatSpec("吕布", role=R, hand=["杀♠7"], answers=["杀♠7", "1"])],
        current=2,
        phase=Phase.PLAY,
        equipment=bundled_equipment(), card_effects=bundled_card_effects(),
    )
    r = run_table(g)
    assert (r.winner, r.winners) == ("反贼", [2])


def test_three_players_renegade_must_outlive_the_rebel() -> None:
    # the renegade kills the lord while the rebel lives: the rebels win
    g = build_game(
        [SeatSpec("吕布", role=L, hp=1), SeatSpec("吕布", role=R), SeatSpec("吕布", role=N, hand=["杀♠7"], answers=["杀♠7", "1"])],
        current=3,
        phase=Phase.PLAY,
        equipment=bundled_equipment(), card_effects=bundled_card_effects(),
    )
    r = run_table(g)
    assert (r.winner, r.winners) == ("反贼", [2])
    # with the rebel dead, the renegade is the sole survivor
    g = build_game(
        [
            SeatSpec("吕布", role=L, hp=1),
            SeatSpec("吕布", role=R, alive=False),
            SeatSpec("吕布", role=N, hand=["杀♠7"], answers=["杀♠7", "1"]),
        ],
        current=3,
        phase=Phase.PLAY,
        equipment=bundled_equipment(), card_effects=bundled_card_effects(),
    )
    r = run_table(g)
    assert (r.winner, r.winners) == ("内奸", [3])


def test_ten_players_two_renegades_only_one_can_win() -> None:
    dead = [SeatSpec("吕布", role=r, alive=False) for r in (Y, Y, Y, R, R, R, R)]
    # renegade 9 kills renegade 10 (no victory yet), then the lord on its next turn
    seats = (
        [SeatSpec("吕布", role=L, hp=1)]
        + dead
        + [
            SeatSpec("吕布", role=N, hand=["杀♠7", "杀♠8"], answers=["杀♠7", "10", "结束出牌", "杀♠8", "1"]),
            SeatSpec("吕布", role=N, hp=1),
        ]
    )
    g = build_game(
        seats, draw_pile=["杀♠9", "杀♠10", "杀♣2", "杀♣3"], current=9, phase=Phase.PLAY, equipment=bundled_equipment(), card_effects=bundled_card_effects()
    )
    run_table(g)  # seat 9's turn
    assert not g.over and not g.players[9].alive and g.players[0].alive
    r = run_table(g, turns=None)
    assert (r.winner, r.winners) == ("内奸", [9])
    assert [p.alive for p in r.players] == [False] * 8 + [True, False]
    # renegade 9 kills the lord while renegade 10 lives: the rebels win, all dead
    dead = [SeatSpec("吕布", role=r, alive=False) for r in (Y, Y, Y, R, R, R, R)]
    seats = (
        [SeatSpec("吕布", role=L, hp=1)]
        + dead
        + [SeatSpec("吕布", role=N, hand=["杀♠7"], answers=["杀♠7", "1"]), SeatSpec("吕布", role=N)]
    )
    g = build_game(seats, current=9, phase=Phase.PLAY, equipment=bundled_equipment(), card_effects=bundled_card_effects())
    r = run_table(g)
    assert (r.winner, r.winners) == ("反贼", [5, 6, 7, 8])
