"""sha256 of the JSON logs of seeded identity games: the check that a change leaves
every log byte-identical (run it before and after, compare the digests).

    .venv/bin/python benchmarks/log_digest.py [--games 300] [--players 5] [--deck 标准] [--seed 1]

Plays through the public entry point (``load_pool()`` + ``play_identity_game``) with the
whole bundled pool, its equipment and card effects; prints one line: the settings, the
digest over every game's ``to_jsonl()``, and a per-kind count of the log entries (so a
differing digest says at once which kind of event moved).  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deck", default="标准")
    a = ap.parse_args()

    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import play_identity_game

    pool = load_pool()
    digest = hashlib.sha256()
    kinds: Counter[str] = Counter()
    for i in range(a.games):
        log = play_identity_game(
            pool.generals, a.players, a.seed + i, equipment=pool.equipment, deck_name=a.deck,
            card_effects=pool.card_effects,
        ).log
        digest.update(log.to_jsonl().encode("utf-8"))
        digest.update(b"\n\x00")  # one game's end: no two runs hash alike by moving a line
        kinds.update(log.kinds())
    print(json.dumps({"games": a.games, "players": a.players, "seed": a.seed, "deck": a.deck,
                      "sha256": digest.hexdigest(), "kinds": dict(sorted(kinds.items()))}, ensure_ascii=False))


if __name__ == "__main__":
    main()
