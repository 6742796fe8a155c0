"""Soak with the 风 generals that compile (tests/coverage/test_coverage.py WIND_READY)
beside the standard ones: seeded random identity games (4–8 players) whose deals seat
the 风 generals first.  Every game must end with the winner its final table implies,
no exception may escape, every card must sit in exactly one zone after every turn, and
over the games every 风 skill of those generals must have been used at least once
(rules: 001 胜利条件; seed 000 §A)."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from sgs.compiler import Pool, bundled_skill_paths, in_pool, load_pool
from sgs.runtime.modes.identity import setup_identity_game

from ..coverage.test_coverage import WIND, WIND_READY
from .oracle import expected_winner
from .test_soak import play_with_census

GAMES = 60


@cache
def pool() -> Pool:
    # (the 风 files are bundled once skills/wind/NOT_IN_POOL is gone: not loaded twice)
    return load_pool([*bundled_skill_paths(), *(WIND / f for f in WIND_READY if not in_pool(WIND / f))])


def wind_skills() -> set[str]:
    names = set()
    for f in WIND_READY:
        for line in (WIND / f).read_text(encoding="utf-8").splitlines():
            m = re.match(r"^(\w+)：", line)
            if m:
                names.add(m.group(1))
    return names


USED: Counter[str] = Counter()


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_with_wind_generals(seed: int) -> None:
    players = 4 + seed % 5
    wind = [g.name for g in pool().generals if g.package == "风"]
    rest = [g for g in pool().generals if g.package != "风"]
    random.Random(seed).shuffle(rest)
    # the 风 generals seated first, in an order that turns with the seed, then the
    # standard 群 generals (黄天's helpers), then the others
    k = seed % len(wind)
    seated = (wind[k:] + wind[:k])[: max(2, players - 2)]
    seated += [g.name for g in rest if g.kingdom.value == "群"] + [g.name for g in rest if g.kingdom.value != "群"]
    game = setup_identity_game(pool().generals, players, seed, generals=seated[:players], equipment=pool().equipment, card_effects=pool().card_effects)
    play_with_census(game, seed)
    assert game.winner == expected_winner([(p.role, p.alive) for p in game.players])
    # a skill invoked (发动【…】), a card it made (杀(武神:桃♥3): a static skill says no 发动),
    # or a judgement card it made count as another suit (判定结果为 杀♠9（红颜：视为♥）)
    USED.update(a or b or c for a, b, c in re.findall(r"发动【(\w+)】|\((\w+):|（(\w+)：视为", game.log.text()))


def test_every_wind_skill_took_part() -> None:
    if len(USED) == 0:
        pytest.skip("run with the games above")
    assert wind_skills() - set(USED) == set(), dict(USED)
