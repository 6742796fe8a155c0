"""The register parser on the corpus: CPU ms per text (every text, texts read), and
instructions per text under cachegrind, this tree against another checkout.

Issue 8's figure is the mean CPU time of ``parse_register`` per corpus text, cold
(each text once, after the parser is built).  The machine is shared and noisy, so
the comparison that counts is instructions (valgrind's cachegrind, no cache model):
a run that parses the corpus once minus a run that only builds the parser.

    .venv/bin/python benchmarks/parse_corpus.py                      # CPU, this tree
    .venv/bin/python benchmarks/parse_corpus.py --base /work/wt/main --rounds 5
    .venv/bin/python benchmarks/parse_corpus.py --base /work/wt/main --instructions

``--base`` runs the other checkout's ``.venv`` interpreter on this script, in
alternating processes (A B, B A, …).  ``--worker`` is the per-process half.
Not part of the test suite.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def _corpus() -> Path:
    # bench.default_corpus's search, kept here: the worker runs inside the other checkout's
    # sgs, which may predate that function
    env = os.environ.get("SGS_CORPUS")
    if env:
        return Path(env)
    for folder in HERE.parents:
        p = folder / "shared" / "corpus" / "dev_texts.tsv"
        if p.is_file():
            return p
    raise SystemExit("no corpus: set SGS_CORPUS")


def worker(mode: str, passes: int) -> None:
    """Build the parser; with mode ``parse``, parse the corpus ``passes`` times (each
    pass: every text once, in order) and print per-pass means as JSON."""
    t0 = time.process_time()
    from sgs.compiler.language.register import RegisterError, get_chart_parser, get_register_parser, parse_register

    get_register_parser()
    get_chart_parser()
    build = time.process_time() - t0
    out: dict[str, object] = {"build_s": build}
    if mode == "parse":
        texts = [r["text"] for r in csv.DictReader(_corpus().open(encoding="utf-8"), delimiter="\t",
                                                  quoting=csv.QUOTE_NONE)]
        runs = []
        for _ in range(passes):
            every, read = [], []
            for t in texts:
                t1 = time.process_time()
                ok = True
                try:
                    parse_register(t)
                except RegisterError:
                    ok = False
                ms = (time.process_time() - t1) * 1000
                every.append(ms)
                if ok:
                    read.append(ms)
            runs.append((statistics.fmean(every), statistics.fmean(read), len(texts), len(read)))
        out["runs"] = runs
    print(json.dumps(out))


def _python(tree: Path) -> str:
    return str(tree / ".venv" / "bin" / "python")


def _run(tree: Path, mode: str, passes: int) -> dict[str, object]:
    res = subprocess.run([_python(tree), str(Path(__file__).resolve()), "--worker", mode, "--passes", str(passes)],
                         cwd=tree, capture_output=True, text=True, check=True)
    return json.loads(res.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _instructions(tree: Path, mode: str) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cg.out"
        subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", f"--cachegrind-out-file={out}",
                        _python(tree), str(Path(__file__).resolve()), "--worker", mode, "--passes", "1"],
                       cwd=tree, capture_output=True, text=True, check=True)
        m = re.search(r"^summary:\s+(\d+)", out.read_text(), re.M)
        assert m, "no cachegrind summary"
        return int(m.group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--worker", choices=("build", "parse"))
    ap.add_argument("--passes", type=int, default=1)
    ap.add_argument("--base", type=Path, help="another checkout with its own .venv")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--instructions", action="store_true", help="cachegrind instead of CPU time")
    a = ap.parse_args()
    if a.worker:
        worker(a.worker, a.passes)
        return
    trees = {"this": HERE} | ({"base": a.base.resolve()} if a.base else {})
    ntexts = sum(1 for _ in _corpus().open(encoding="utf-8")) - 1
    if a.instructions:
        per = {}
        for name, tree in trees.items():
            build = _instructions(tree, "build")
            full = _instructions(tree, "parse")
            per[name] = (full - build) / ntexts
            print(f"{name:5} {tree}: build {build / 1e9:.2f} G instr, parse {(full - build) / 1e6:.0f} M "
                  f"= {per[name] / 1e6:.2f} M instr per text", flush=True)
        if "base" in per:
            print(f"base/this = {per['base'] / per['this']:.3f}")
        return
    got: dict[str, list[tuple[float, float, float]]] = {k: [] for k in trees}
    order = list(trees)
    for r in range(a.rounds):
        for name in (order if r % 2 == 0 else order[::-1]):
            res = _run(trees[name], "parse", a.passes)
            for every, read, n, nread in res["runs"]:  # type: ignore[attr-defined]
                got[name].append((every, read, float(res["build_s"])))  # type: ignore[arg-type]
                print(f"{name:5} every {every:6.2f} ms  read {read:6.2f} ms  ({nread}/{n} read)  "
                      f"build {res['build_s']:.2f} s", flush=True)
    med = {k: tuple(statistics.median(x[i] for x in v) for i in range(3)) for k, v in got.items()}
    for k, (every, read, build) in med.items():
        print(f"median {k:5} every {every:6.2f} ms  read {read:6.2f} ms  build {build:.2f} s")
    if "base" in med:
        print(f"base/this every {med['base'][0] / med['this'][0]:.3f}  read {med['base'][1] / med['this'][1]:.3f}")


if __name__ == "__main__":
    main()
