"""One seeded RNG per game: the same seed (and the same choices) gives a byte-identical
JSON log; another seed gives another game (DESIGN §5)."""

from __future__ import annotations

from sgs.compiler import load_pool
from sgs.runtime.modes.identity import play_identity_game


def test_same_seed_same_json_log() -> None:
    pool = load_pool(None)
    a = play_identity_game(pool.generals, players=5, seed=42, equipment=pool.equipment, card_effects=pool.card_effects).log.to_jsonl()
    b = play_identity_game(pool.generals, players=5, seed=42, equipment=pool.equipment, card_effects=pool.card_effects).log.to_jsonl()
    assert a == b
    assert a.count("\n") > 50  # a whole game, not an empty log
    assert play_identity_game(pool.generals, players=5, seed=43, equipment=pool.equipment, card_effects=pool.card_effects).log.to_jsonl() != a


def test_same_seed_same_json_log_from_a_fresh_process() -> None:
    import subprocess
    import sys

    cmd = [sys.executable, "-m", "sgs.compiler.cli", "play", "--seed", "9", "--players", "6", "--log", "json"]
    outs = [subprocess.run(cmd, capture_output=True, check=True).stdout for _ in range(2)]
    assert outs[0] == outs[1]
    assert outs[0].decode("utf-8").splitlines()[0].startswith("{")
