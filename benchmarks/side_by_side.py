"""5-player games per CPU second, this tree against another checkout, side by side.

Issue 9's speed figure: the same seeds played through the public entry point
(``load_pool()`` + ``play_identity_game(pool.generals, 5, seed, equipment=pool.equipment)``)
by each tree's own interpreter, in alternating fresh processes (A B, B A, A B, …) so that
both see the same machine load; each process times only its games, in CPU seconds of the
process (``time.process_time``), after loading the pool.  Prints every run, the median
rate of each tree, the ratio of the medians, the median of the per-round ratios, the
ratio of each tree's best run (the one the machine's other load slowed least), and
whether the two trees' logs (sha256 over every game's JSON log) are byte-identical.
A tree whose pool has card effects written as text also gets ``card_effects=
pool.card_effects``: without them its 桃, 南蛮入侵, 万箭齐发, 无中生有, 过河拆桥, 顺手牵羊
and 桃园结义 have no effect (the runtime keeps no hand-written copy), so the call as the
issue writes it would time games shorter than the rules.

Run from a checkout whose ``.venv`` is installed (the other likewise)::

    .venv/bin/python benchmarks/side_by_side.py --base /work/wt/base1240 --rounds 7 --games 60

``--instructions`` counts instead, independent of the machine's load: each tree's worker
runs under ``valgrind --tool=cachegrind`` (no cache simulation) once with ``--games`` games
and once with none; the difference over the games is the instructions per game (loading
the pool, the interpreter's start and the warm-up game cancel out)::

    .venv/bin/python benchmarks/side_by_side.py --base /work/wt/base1240 --instructions --games 30

``--text-in-clock`` reads every game's log text (``log.text()``) inside the timed loop: a
tree that formats log text only when it is read (``sgs.runtime.log.LazyText``) then pays
for it in the figure, as a caller reading every log would.

Not part of the test suite (it takes minutes).  ``--worker`` is the per-process half.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def worker(games: int, seed: int, players: int, package: str, digest_logs: bool = True, text_in_clock: bool = False) -> None:
    """Play ``games`` seeded games in this process; print rate and log digest as JSON.
    ``package``: only the bundled generals of that package (a tree without packages on
    its generals has only the standard ones); empty: the whole bundled pool.
    ``text_in_clock``: read each game's log text inside the clock."""
    from dataclasses import replace

    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import play_identity_game

    pool = load_pool()
    if package:
        pool = replace(pool, generals=tuple(g for g in pool.generals if getattr(g, "package", "标准") == package))
    # a tree whose card effects are text gives them to each game (an older tree has none)
    cards = {"card_effects": pool.card_effects} if hasattr(pool, "card_effects") else {}
    play_identity_game(pool.generals, players, seed + 10_000, equipment=pool.equipment, **cards)  # warm-up
    digest = hashlib.sha256()
    logs = []
    t0 = time.process_time()
    for i in range(games):
        log = play_identity_game(pool.generals, players, seed + i, equipment=pool.equipment, **cards).log
        if text_in_clock:
            log.text()
        logs.append(log)
    cpu = time.process_time() - t0
    if digest_logs:  # hashed after the clock stops: serialising is not the engine's work
        for log in logs:
            digest.update(log.to_jsonl().encode("utf-8"))
    print(json.dumps({"games": games, "cpu": cpu, "rate": games / cpu if cpu else 0.0, "sha256": digest.hexdigest()}))


def _cmd(tree: Path, games: int, seed: int, players: int, package: str, text_in_clock: bool = False) -> tuple[list[str], dict[str, str]]:
    py = tree / ".venv" / "bin" / "python"
    env = dict(os.environ, SGS_CACHE_DIR=f"/tmp/sgs-cache-side-by-side-{tree.name}", PYTHONHASHSEED="0")
    cmd = [str(py), str(Path(__file__).resolve()), "--worker", "--games", str(games), "--seed", str(seed),
           "--players", str(players), "--package", package] + (["--text-in-clock"] if text_in_clock else [])
    return cmd, env


def _run(tree: Path, games: int, seed: int, players: int, package: str, text_in_clock: bool = False) -> dict[str, float | str]:
    cmd, env = _cmd(tree, games, seed, players, package, text_in_clock)
    out = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    result: dict[str, float | str] = json.loads(out.strip().splitlines()[-1])
    return result


def _instructions(tree: Path, games: int, seed: int, players: int, package: str) -> int:
    """Instructions (cachegrind's ``I refs``) of a worker process playing ``games`` games."""
    cmd, env = _cmd(tree, games, seed, players, package)
    vg = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null"]
    err = subprocess.run(vg + cmd + ["--no-digest"], cwd=tree, env=env, capture_output=True, text=True, check=True).stderr
    m = re.search(r"I\s+refs:\s+([\d,]+)", err)
    if m is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{err}")
    return int(m.group(1).replace(",", ""))


def instructions(trees: dict[str, Path], games: int, seed: int, players: int, package: str) -> None:
    per_game: dict[str, float] = {}
    for name, tree in trees.items():
        _run(tree, 0, seed, players, package)  # fills the tree's compile cache, outside the count
        full = _instructions(tree, games, seed, players, package)
        empty = _instructions(tree, 0, seed, players, package)
        per_game[name] = (full - empty) / games
        print(f"{name}: {full:,} instructions with {games} games, {empty:,} with none:"
              f" {per_game[name] / 1e6:.2f}M per game", flush=True)
    print(f"instructions per game, base / head: {per_game['base'] / per_game['head']:.2f}x")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", type=Path, default=Path("/work/wt/base1240"), help="the other checkout (with .venv)")
    ap.add_argument("--head", type=Path, default=HERE, help="this checkout (default: the one holding this script)")
    ap.add_argument("--rounds", type=int, default=7, help="runs of each tree (alternating)")
    ap.add_argument("--games", type=int, default=60, help="games per run")
    ap.add_argument("--seed", type=int, default=1, help="first seed (each run plays seed … seed+games-1)")
    ap.add_argument("--players", type=int, default=5)
    ap.add_argument("--package", default="标准", help="play only this package's bundled generals (default 标准: the "
                    "25 generals 1240d20 had, so both trees play the same games; '' = the whole bundled pool)")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions per game under valgrind (cachegrind) instead of timing")
    ap.add_argument("--text-in-clock", action="store_true",
                    help="read each game's log text (log.text()) inside the timed loop")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--no-digest", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.worker:
        worker(a.games, a.seed, a.players, a.package, not a.no_digest, a.text_in_clock)
        return
    trees = {"base": a.base.resolve(), "head": a.head.resolve()}
    if a.instructions:
        print(f"base {trees['base']}  head {trees['head']}  {a.games} {a.players}-player games,"
              f" seeds {a.seed}..{a.seed + a.games - 1}, under valgrind --tool=cachegrind")
        instructions(trees, a.games, a.seed, a.players, a.package)
        return
    rates: dict[str, list[float]] = {"base": [], "head": []}
    digests: dict[str, set[str]] = {"base": set(), "head": set()}
    print(f"base {trees['base']}  head {trees['head']}  {a.rounds} rounds x {a.games} {a.players}-player games, seeds {a.seed}..{a.seed + a.games - 1}"
          + ("  (log text read inside the clock)" if a.text_in_clock else ""))
    for r in range(a.rounds):
        order = ("base", "head") if r % 2 == 0 else ("head", "base")
        for name in order:
            res = _run(trees[name], a.games, a.seed, a.players, a.package, a.text_in_clock)
            rates[name].append(float(res["rate"]))
            digests[name].add(str(res["sha256"]))
            print(f"round {r + 1} {name}: {float(res['rate']):7.2f} games/CPU-s ({float(res['cpu']):.2f} s)", flush=True)
    mb, mh = statistics.median(rates["base"]), statistics.median(rates["head"])
    per_round = [h / b for b, h in zip(rates["base"], rates["head"])]
    print(f"median base {mb:.2f}  head {mh:.2f} games/CPU-s;  ratio of medians {mh / mb:.2f}x;"
          f"  median per-round ratio {statistics.median(per_round):.2f}x"
          f" (min {min(per_round):.2f}, max {max(per_round):.2f})")
    # the least disturbed run of each (timeit's advice: other load only ever slows a run)
    bb, bh = max(rates["base"]), max(rates["head"])
    print(f"best run base {bb:.2f}  head {bh:.2f} games/CPU-s;  ratio of the best runs {bh / bb:.2f}x")
    same = digests["base"] == digests["head"] and len(digests["head"]) == 1
    print(f"logs byte-identical between the trees: {'yes' if same else 'no'}"
          f" (base {sorted(d[:12] for d in digests['base'])}, head {sorted(d[:12] for d in digests['head'])})")


if __name__ == "__main__":
    main()
