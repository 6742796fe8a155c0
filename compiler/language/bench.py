"""``sgs bench --language``: the language's figures of issue 8, before/after in one run.

Prints, each measured here and now (CPU seconds of this process from
:func:`time.process_time` unless a row says wall):

* the grammars' builds: the sentence grammar's LALR tables (no disk cache), the
  register grammar's Lark Earley parser, the chart parser's tables over it;
* cold compile of ``skills/`` (tables from their disk cache; parse, check, emit) and
  a warm load (module cache hit), wall-clock as ``sgs bench`` gives them;
* ``sgs check`` of one small file (``skills/standard/qun.sgs``) in a fresh process:
  wall and CPU of the whole process, median of three;
* the corpus parse per text (ms; median and mean over all texts and per outcome: read
  with one reading / two readings / rejected): the chart parser (best of ``repeat``
  per text) and, with ``reference``, Lark's Earley alone on the same texts (the parser
  before the chart parser, once per text);
* ``sgs check --skills-file`` of every corpus text as a skill line in a fresh process
  (the diagnostics of rejected texts included), wall and CPU seconds; with
  ``reference``, also with the diagnostics' :func:`.register.held_after` answered by
  Lark's Earley (its code before 2026-12-02), and whether both print the same.

The corpus is a TSV with ``skill`` and ``text`` columns (``../shared/corpus/dev_texts.tsv``
by default: ``$SGS_CORPUS``, else ``shared/corpus/dev_texts.tsv`` beside the checkout or a
folder above it).  Nothing here is a test.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.table import Table

__all__ = ["default_corpus", "parse_times", "run_language_bench"]

_OUTCOMES = (("read", "一种读法"), ("ambiguous", "两种读法"), ("rejected", "拒绝"))


def default_corpus() -> Path | None:
    """``$SGS_CORPUS``, else ``shared/corpus/dev_texts.tsv`` beside the package's folder
    or a folder above it, else None."""
    env = os.environ.get("SGS_CORPUS")
    if env:
        return Path(env)
    for folder in Path(__file__).resolve().parents:
        p = folder / "shared" / "corpus" / "dev_texts.tsv"
        if p.is_file():
            return p
    return None


def parse_times(texts: list[str], parse: Callable[[str], object], repeat: int) -> list[tuple[str, float]]:
    """Per text its outcome (``read``/``ambiguous``/``rejected``) and the CPU ms of
    ``parse`` on it (the best of ``repeat``: the machine is shared)."""
    from .register import RegisterAmbiguity, RegisterError

    out = []
    for text in texts:
        best = float("inf")
        kind = "read"
        for _ in range(repeat):
            t0 = time.process_time()
            try:
                parse(text)
                kind = "read"
            except RegisterAmbiguity:
                kind = "ambiguous"
            except RegisterError:
                kind = "rejected"
            best = min(best, time.process_time() - t0)
        out.append((kind, best * 1000))
    return out


def _summary(times: list[tuple[str, float]]) -> str:
    def cell(label: str, ms: list[float]) -> str:
        if not ms:
            return f"{label} 0"
        return f"{label} {len(ms)}: {statistics.median(ms):.2f} / {statistics.fmean(ms):.2f}"

    cells = [cell("全部", [ms for _, ms in times])]
    cells += [cell(label, [ms for k, ms in times if k == kind]) for kind, label in _OUTCOMES]
    return "\n".join(cells)


_CHILD = """
import sys
from sgs.compiler.cli import app
if sys.argv[1] == "lark":  # the diagnostics as they were: held_after by Lark's Earley
    from sgs.compiler.language import diagnose, register
    diagnose.held_after = register.held_after_with_lark
try:
    app(["check", *sys.argv[2:]], standalone_mode=False)
except SystemExit:
    pass
"""


def _check(args: list[str], repeat: int = 3, held: str = "chart") -> tuple[float, float, str]:
    """``sgs check *args`` in a fresh process, ``repeat`` times: (median wall s, median
    CPU s of the whole process, its output).  ``held="lark"``: with the diagnostics'
    :func:`.register.held_after` answered by Lark's Earley (its code before 2026-12-02)."""
    import resource

    walls, cpus, output = [], [], ""
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-c", _CHILD, held, *args], capture_output=True, text=True, check=False)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
        output = proc.stdout
    return statistics.median(walls), statistics.median(cpus), output


def run_language_bench(out: Console, corpus: Path | None = None, repeat: int = 3, reference: bool = True) -> None:
    """Measure and print the table (module docstring).  ``corpus``: the TSV (default
    :func:`default_corpus`; without one the corpus rows are left out)."""
    from lark import Lark

    from .. import bundled_skills_dir, compile_paths, load_pool
    from .chart import ChartParser
    from .corpus import read_corpus
    from .register import _build, get_chart_parser, get_register_parser, lark_parse_register, parse_register

    rows: list[tuple[str, str]] = []
    t0 = time.process_time()
    Lark.open_from_package("sgs.grammar", "sgs.lark", parser="lalr", lexer="contextual",
                           propagate_positions=True, maybe_placeholders=False)
    rows.append(("句子语法：构建 LALR 分析表（不用缓存）", f"{(time.process_time() - t0) * 1000:.0f} ms"))
    t0 = time.process_time()
    fresh = _build(True)
    t1 = time.process_time()
    ChartParser(fresh.parser.parser, "start")
    t2 = time.process_time()
    rows.append(("语域语法：构建 Lark Earley 分析器", f"{(t1 - t0) * 1000:.0f} ms"))
    rows.append(("语域语法：图表分析器的表", f"{(t2 - t1) * 1000:.0f} ms"))
    get_register_parser()
    get_chart_parser()

    src = bundled_skills_dir()
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        compile_paths([src], Path(tmp))
        rows.append(("冷编译 skills/（墙钟；分析表取自磁盘缓存）", f"{(time.perf_counter() - t0) * 1000:.0f} ms"))
    with tempfile.TemporaryDirectory() as cache:
        load_pool(None, cache_dir=Path(cache))
        t0 = time.perf_counter()
        load_pool(None, cache_dir=Path(cache))
        rows.append(("热加载（墙钟；缓存命中）", f"{(time.perf_counter() - t0) * 1000:.1f} ms"))
    small = src / "standard" / "qun.sgs"
    wall, cpu, _ = _check([str(small)])
    rows.append((f"sgs check {small.parent.name}/{small.name}（新进程，三次中位数）", f"墙钟 {wall:.2f} s，CPU {cpu:.2f} s"))

    path = corpus or default_corpus()
    if path is not None and path.is_file():
        texts = [r.text for r in read_corpus(path)]
        chart = parse_times(texts, parse_register, repeat)
        rows.append((f"语料 {len(texts)} 条：每条解析 CPU ms，图表分析器（中位数 / 平均，每条取 {repeat} 次最快）",
                     _summary(chart)))
        if reference:
            lark = parse_times(texts, lark_parse_register, 1)
            rows.append(("  对照：只用 Lark Earley（之前的解析器，每条 1 次）", _summary(lark)))
            ratio = statistics.fmean(ms for _, ms in lark) / statistics.fmean(ms for _, ms in chart)
            rows.append(("  平均之比（Lark / 图表）", f"{ratio:.1f}×"))
        with tempfile.TemporaryDirectory() as tmp:
            lines = Path(tmp) / "corpus.txt"
            lines.write_text("".join(f"{r.skill}：{r.text}\n" for r in read_corpus(path)), encoding="utf-8")
            args = ["--skills-file", str(lines), "--format", "json"]
            wall, cpu, now = _check(args, repeat=1)
            rows.append((f"sgs check --skills-file 语料 {len(texts)} 条（新进程，含诊断）", f"墙钟 {wall:.1f} s，CPU {cpu:.1f} s"))
            if reference:
                wall, cpu, old = _check(args, repeat=1, held="lark")
                same = "输出相同" if old == now else "输出不同！"
                rows.append(("  对照：诊断的 held_after 用 Lark Earley（之前）", f"墙钟 {wall:.1f} s，CPU {cpu:.1f} s（{same}）"))
    else:
        rows.append(("语料", "未找到（--corpus 或 $SGS_CORPUS）"))

    table = Table(title="sgs bench --language（CPU 时间，除注明墙钟者）")
    table.add_column("项目")
    table.add_column("数值", justify="right")
    for k, v in rows:
        table.add_row(k, v)
    out.print(table)
