"""镜花水月: analyse the example expansion together with the standard set.

    python examples/jinghua/main.py [out.png|out.svg|out.dot]

Prints the trigger-graph findings as the compiler prints diagnostics, the time
the analysis took, and (with an argument) draws the graph.  Exit code 1 when
there are errors (the expansion has two on purpose).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from sgs.compiler.diagnostics import has_errors, render_human
from sgs.compiler.graph import analyze_graph, build_graph, load_packages, render_graph, to_diagnostics

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent


def main(argv: list[str]) -> int:
    paths = [ROOT / "skills" / "standard", HERE / "jinghua.sgs"]
    start = time.perf_counter()
    pkgs, diags = load_packages(paths)
    loaded = time.perf_counter()
    graph = build_graph(pkgs)
    findings = analyze_graph(graph)
    done = time.perf_counter()
    diags += to_diagnostics(findings)
    sources = {p.file: Path(p.file).read_text(encoding="utf-8") for p in pkgs}
    sys.stdout.write(render_human(diags, sources))
    n = sum(len(g.skills) for p in pkgs for g in p.generals)
    print(
        f"\n{len(findings)} 条发现；{n} 个技能；读取 {1000 * (loaded - start):.1f} ms，"
        f"建图与分析 {1000 * (done - loaded):.1f} ms"
    )
    if argv:
        for written in render_graph(graph, argv[0], findings=findings):
            print(f"写出 {written}")
    return 1 if has_errors(diags) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
