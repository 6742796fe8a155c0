"""Skill dispatch per event against the skill-less floor, in instructions.

Issue 9's bound: a game's cost per event (log entry) with the generals' skills at most
1.15× the cost per event of the same games with every general stripped of his skills
(``sgs bench`` prints the same ratio in CPU time, which a shared machine's load moves
by ±15% between two runs).  Here each side is counted under ``valgrind
--tool=cachegrind`` (no cache simulation): a worker process with ``--games`` games
minus one with none (loading the pool, start-up and the warm-up game cancel), divided by
the games' events.  Same pool, equipment, card effects and seeds as ``sgs bench``
(the whole bundled pool, ``log_text=False``)::

    .venv/bin/python benchmarks/dispatch.py [--games 60] [--players 5 8]

Not part of the test suite (a few minutes).  ``--worker`` is the per-process half.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def worker(games: int, seed: int, players: int, bare: bool) -> None:
    """Play ``games`` seeded games (``bare``: generals without skills); print the events."""
    import dataclasses

    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import play_identity_game

    pool = load_pool()
    gens = tuple(dataclasses.replace(g, skills=()) for g in pool.generals) if bare else pool.generals
    kw = {"log_text": False, "equipment": pool.equipment, "card_effects": pool.card_effects}
    play_identity_game(gens, players, seed + 10_000, **kw)  # warm-up
    events = 0
    for i in range(games):
        events += len(play_identity_game(gens, players, seed + i, **kw).events)
    print(json.dumps({"games": games, "events": events}))


def _count(games: int, seed: int, players: int, bare: bool) -> tuple[int, int]:
    """(instructions, events) of a worker process under cachegrind."""
    env = dict(os.environ, PYTHONHASHSEED="0")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(games), "--seed", str(seed),
           "--players", str(players)] + (["--bare"] if bare else [])
    vg = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    done = subprocess.run(vg + cmd, cwd=HERE, env=env, capture_output=True, text=True, check=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if m is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr}")
    events = int(json.loads(done.stdout.strip().splitlines()[-1])["events"])
    return int(m.group(1).replace(",", "")), events


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, nargs="+", default=[5, 8])
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--bare", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.games, a.seed, a.players[0], a.bare)
        return
    for players in a.players:
        per_event = {}
        for bare in (False, True):
            full, events = _count(a.games, a.seed, players, bare)
            empty, _ = _count(0, a.seed, players, bare)
            per_event[bare] = (full - empty) / events
            print(f"{players} players, {'without' if bare else 'with'} skills: {events} events in {a.games} games,"
                  f" {per_event[bare] / 1000:.1f}k instructions per event", flush=True)
        print(f"{players} players: skill dispatch per event {per_event[False] / per_event[True]:.3f}x the skill-less floor")


if __name__ == "__main__":
    main()
