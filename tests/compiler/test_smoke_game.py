"""Smoke: the compiled standard generals play whole identity games on the runtime."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import load_pool

identity = pytest.importorskip("sgs.runtime.modes.identity")


def test_compiled_generals_play_games(tmp_path: Path) -> None:
    pool = load_pool(None, cache_dir=tmp_path)
    gens = pool.generals
    assert len(gens) >= 13 and all(g.skills for g in gens)
    assert pool.equipment, "the bundled packages declare no cards"
    finished = 0
    for seed in range(25):
        result = identity.play_identity_game(gens, 5, seed, log_enabled=False, equipment=pool.equipment, card_effects=pool.card_effects)
        finished += result.winner is not None
    assert finished >= 20
