"""Profile of seeded 5-player games through the public entry point, in CPU time.

    .venv/bin/python benchmarks/profile_games.py [--games 100] [--top 25] [--sort tottime]

Runs with any checkout's interpreter (it uses only ``load_pool`` and
``play_identity_game``), so the same script profiles an older commit::

    (cd /work/wt/base1240 && .venv/bin/python /path/to/benchmarks/profile_games.py)

Prints the top functions (cProfile with ``time.process_time`` as its timer: other
processes on a shared machine do not count) and the total.  Not part of the test suite.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import time


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--sort", default="tottime", choices=("tottime", "cumulative"))
    ap.add_argument("--package", default="", help="play only this package's bundled generals (标准: as "
                    "side_by_side.py plays; default: the whole bundled pool)")
    a = ap.parse_args()

    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import play_identity_game

    pool = load_pool()
    if a.package:
        from dataclasses import replace

        pool = replace(pool, generals=tuple(g for g in pool.generals if getattr(g, "package", "标准") == a.package))
    # a tree whose card effects are text gives them to each game (an older tree has none)
    cards = {"card_effects": pool.card_effects} if hasattr(pool, "card_effects") else {}
    play_identity_game(pool.generals, a.players, a.seed + 10_000, equipment=pool.equipment, **cards)  # warm-up
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    for i in range(a.games):
        play_identity_game(pool.generals, a.players, a.seed + i, equipment=pool.equipment, **cards)
    prof.disable()
    stats = pstats.Stats(prof)
    print(f"{a.games} {a.players}-player games, {stats.total_tt:.2f} CPU s under the profiler")  # type: ignore[attr-defined]
    stats.sort_stats(a.sort).print_stats(a.top)


if __name__ == "__main__":
    main()
