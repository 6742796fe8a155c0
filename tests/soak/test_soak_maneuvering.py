"""Soak with the 160-card 军争 deck: seeded random identity games with all bundled
generals at 2–10 players, each run turn by turn with the checks of
:mod:`.test_soak_all_tables` after every turn (card census, an undecided table while
the game goes on, hp in range, dead players holding nothing).  Each game must end
with the winner its final table implies; the games together must exercise every 军争
card."""

from __future__ import annotations

from collections import Counter

import pytest

from sgs.runtime.modes.identity import setup_identity_game

from .oracle import expected_winner, expected_winners
from .test_soak_all_tables import play_turn_by_turn, pool

GAMES = 270
CHUNKS = 9
PER_CHUNK = GAMES // CHUNKS
#: seeds distinct from the other soaks (0..199, 70_000..70_999)
SEED_BASE = 90_000


def play_one(i: int, log: list[str] | None = None) -> str:
    seed, players = SEED_BASE + i, 2 + i % 9
    where = f"军争 game {i} (seed {seed}, {players} players)"
    game = setup_identity_game(
        pool().generals, players, seed, log_enabled=log is not None, equipment=pool().equipment, card_effects=pool().card_effects, deck_name="军争"
    )
    assert len(game.deck) == 160, where
    play_turn_by_turn(game, where)
    if log is not None:
        log.extend(e.text for e in game.log.entries)
    table = [(p.role, p.alive) for p in game.players]
    if game.winner == "平局":
        assert expected_winner(table) is None, f"{where}: 平局 with a decided table {table}"
        return "平局"
    want = expected_winner(table)
    assert game.winner == want, f"{where}: winner {game.winner}, the final table {table} implies {want}"
    assert sorted(game.winners) == expected_winners(want, table), f"{where}: winners {game.winners}"
    return want


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_maneuvering_games(chunk: int) -> None:
    results = Counter(play_one(i) for i in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK))
    assert sum(results.values()) == PER_CHUNK


#: log pieces that show each 军争 card taking part
MARKS = (
    "造成1点火焰伤害（火杀",
    "雷电伤害（雷杀",
    "本回合使用的下一张杀伤害+1",
    "受酒影响",
    "的武将牌被横置",
    "铁索连环传导伤害至",
    "重铸了 铁索连环",
    "（火攻）",
    "的兵粮寸断开始判定",
    "发动【藤甲】",
    "发动【白银狮子】",
    "发动【古锭刀】",
    "(朱雀羽扇:",
    "使用 骅骝",
)


def test_maneuvering_cards_take_part() -> None:
    lines: list[str] = []
    for i in range(GAMES):
        play_one(i, lines)
        if all(any(m in ln for ln in lines) for m in MARKS):
            return
    missing = [m for m in MARKS if not any(m in ln for ln in lines)]
    pytest.fail(f"no 军争 game shows {missing}")


#: games with the 风 generals that compile (tests/soak/test_soak_wind.py's pool) and the 160 cards
WIND_GAMES = 27


@pytest.mark.parametrize("i", range(WIND_GAMES))
def test_maneuvering_games_with_the_wind_generals(i: int) -> None:
    from .test_soak_wind import pool as wind_pool

    seed, players = SEED_BASE + 5_000 + i, 4 + i % 5
    wind = [g.name for g in wind_pool().generals if g.package == "风"]
    rest = [g.name for g in wind_pool().generals if g.package != "风"]
    k = i % len(wind)
    seated = (wind[k:] + wind[:k])[: max(2, players - 2)] + rest
    where = f"军争+风 game {i} (seed {seed}, {players} players, {seated[:players]})"
    game = setup_identity_game(
        wind_pool().generals, players, seed, generals=seated[:players], equipment=wind_pool().equipment, card_effects=wind_pool().card_effects, deck_name="军争"
    )
    play_turn_by_turn(game, where)
    table = [(p.role, p.alive) for p in game.players]
    assert game.winner == expected_winner(table), f"{where}: winner {game.winner}, table {table}"
