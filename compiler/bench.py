"""``sgs bench``: the figures the team quotes in its notes.

Prints: the time to build the LALR tables without their disk cache, cold compile time
of everything in ``skills/`` (tables from their disk cache; parse + check +
emit, no module cache), warm load time (cache hit), the front end alone (parse + lower of the whole
tree) and the trigger-graph analysis of it, random 5-player and 8-player identity games per
second with the compiled generals and with the same generals stripped of their skills
(both with the compiled equipment and card effects; the ratio is the cost of generals' skill
dispatch, per game, per round and per event — log entry), the engine's figures
(5-player games per CPU second with log text, memory per running game), and the
process's peak resident memory.  ``sgs bench --scale`` prints instead
``sgs check`` time (the check, and the whole process) and peak memory for 1×/4×/16×/64×
renamed copies of the 标准版 generals, and for copies whose skill texts all differ
(:func:`run_scale`), each in a fresh process, medians of three.
Timings are wall-clock seconds from :func:`time.perf_counter`, except the games: CPU
seconds of the thread playing them (:func:`time.thread_time`; the progress display's
thread and other processes on a shared machine do not count).  Nothing here is a test.
"""

from __future__ import annotations

import dataclasses
import resource
import tempfile
import time
from pathlib import Path
from typing import Sequence

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from sgs.runtime.api import GeneralSpec
from sgs.runtime.effects import TextEffects
from sgs.runtime.game import EquipmentTable


def _games_per_second(
    pool: Sequence[GeneralSpec],
    equipment: EquipmentTable,
    effects: TextEffects,
    players: int,
    games: int,
    seed: int,
    label: str,
    deck_name: str = "标准",
) -> tuple[float, float, float]:
    """Play ``games`` seeded random games with these generals and equipment effects
    (and deck: 标准 104 cards, 军争 160); returns (games per CPU second of this thread,
    mean rounds, mean events — log entries — per game)."""
    from sgs.runtime.modes.identity import play_identity_game

    rounds = events = 0
    with Progress(transient=True) as progress:
        task = progress.add_task(label, total=games)
        elapsed = 0.0
        for i in range(games):
            t0 = time.thread_time()
            result = play_identity_game(
                pool, players=players, seed=seed + i, log_text=False, equipment=equipment, deck_name=deck_name,
                card_effects=effects,
            )
            elapsed += time.thread_time() - t0
            rounds += result.rounds
            events += len(result.events)
            progress.advance(task)
    return games / elapsed, rounds / games, events / games


def _engine_figures(
    pool: Sequence[GeneralSpec], equipment: EquipmentTable, effects: TextEffects, games: int, seed: int
) -> tuple[float, float]:
    """(5-player games per CPU second through the public entry point with its default
    log text, KiB held per running game at its 100th decision) — the engine's figures
    (issue 9; the 2× comparison with 1240d20 is measured side by side, see its note)."""
    import gc
    import tracemalloc

    from sgs.runtime.agents import RandomAgent
    from sgs.runtime.modes.identity import play_identity_game, setup_identity_game

    t0 = time.process_time()
    for i in range(games):
        play_identity_game(pool, 5, seed + i, equipment=equipment, card_effects=effects)
    rate = games / (time.process_time() - t0)
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    held = []
    for i in range(10):
        game = setup_identity_game(pool, 5, seed + i, equipment=equipment, card_effects=effects)
        agent = RandomAgent()
        d = game.pending()
        for _ in range(100):
            if d is None:
                break
            d = game.respond(agent.choose(game.view(d.player.seat), d))
        held.append(game)
    gc.collect()
    used = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    return rate, used / len(held) / 1024


def run_bench(out: Console, games: int = 200, seed: int = 1) -> None:
    """Run the benchmark and print a table to ``out``."""
    from sgs.compiler import bundled_skills_dir, compile_paths, load_pool

    src = bundled_skills_dir()
    rows: list[tuple[str, str]] = []

    from lark import Lark

    t0 = time.perf_counter()
    Lark.open_from_package(
        "sgs.grammar", "sgs.lark", parser="lalr", lexer="contextual",
        propagate_positions=True, maybe_placeholders=False,
    )
    tables = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        compile_paths([src], Path(tmp))
        cold = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as cache:
        t0 = time.perf_counter()
        load_pool(None, cache_dir=Path(cache))
        first = time.perf_counter() - t0
        t0 = time.perf_counter()
        loaded = load_pool(None, cache_dir=Path(cache))
        warm = time.perf_counter() - t0
    pool, equipment, effects = loaded.generals, loaded.equipment, loaded.card_effects
    n_skills = sum(len(g.skills) for g in pool)
    rows.append(("技能源", f"{len(pool)} 名武将, {n_skills} 个技能"))
    rows.append(("构建 LALR 分析表（不用缓存）", f"{tables * 1000:.1f} ms"))
    rows.append(("冷编译（分析表取自磁盘缓存；解析、检查、生成）", f"{cold * 1000:.1f} ms"))
    rows.append(("首次加载（分析器已建；编译+导入，空缓存）", f"{first * 1000:.1f} ms"))
    rows.append(("热加载（缓存命中）", f"{warm * 1000:.1f} ms"))

    from sgs.compiler import bundled_skill_paths
    from sgs.compiler.graph import analyze, load_packages

    t0 = time.perf_counter()
    packages, _ = load_packages(bundled_skill_paths())
    parsed = time.perf_counter() - t0
    t0 = time.perf_counter()
    findings = analyze(packages)
    analysed = time.perf_counter() - t0
    rows.append(("解析 skills/ 全部文件（语法树 + IR，分析器已建）", f"{parsed * 1000:.1f} ms"))
    rows.append(("触发图分析（建图 + 环/顺序/死技能/冲突）", f"{analysed * 1000:.1f} ms（{len(findings)} 条发现）"))

    bare = tuple(dataclasses.replace(g, skills=()) for g in pool)
    for players in (5, 8):
        with_skills, r1, e1 = _games_per_second(pool, equipment, effects, players, games, seed, f"{players}人 有技能")
        without, r2, e2 = _games_per_second(bare, equipment, effects, players, games, seed, f"{players}人 无技能")
        rows.append((f"{players}人局/秒（有技能）", f"{with_skills:.1f}（平均 {r1:.1f} 轮）"))
        rows.append((f"{players}人局/秒（无技能）", f"{without:.1f}（平均 {r2:.1f} 轮）"))
        rows.append((f"{players}人 技能开销（无/有，按局）", f"{without / with_skills:.2f}×"))
        rows.append((f"{players}人 技能开销（无/有，按轮）", f"{(without * r2) / (with_skills * r1):.2f}×"))
        # time per log entry with skills over without (issue 9's measure: ≤ 1.15×)
        per_event = (1e6 / (with_skills * e1), 1e6 / (without * e2))
        rows.append(
            (f"{players}人 技能开销（按事件）", f"{per_event[0] / per_event[1]:.2f}×（{per_event[0]:.1f} / {per_event[1]:.1f} µs）")
        )
        # the 160-card 军争 game beside the standard one (same seeds, with skills)
        jz, r3, e3 = _games_per_second(pool, equipment, effects, players, games, seed, f"{players}人 军争牌堆", "军争")
        rows.append(
            (
                f"{players}人局/秒（有技能，军争 160 张）",
                f"{jz:.1f}（平均 {r3:.1f} 轮；标准/军争 {with_skills / jz:.2f}×，"
                f"每事件 {1e6 / (jz * e3):.1f} µs）",
            )
        )
    cpu_rate, held_kib = _engine_figures(pool, equipment, effects, games, seed)
    rows.append(("5人局/CPU秒（有技能，含日志文本；play_identity_game 默认）", f"{cpu_rate:.1f}"))
    rows.append(("每局内存（5人，第100个决定时，pending/respond）", f"{held_kib:.0f} KiB"))
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rows.append(("峰值内存（RSS）", f"{peak_kib / 1024:.1f} MiB"))

    table = Table(title=f"sgs bench（每组 {games} 局，种子 {seed} 起）")
    table.add_column("项目")
    table.add_column("数值", justify="right")
    for k, v in rows:
        table.add_row(k, v)
    out.print(table)


# ---------------------------------------------------------------- scale

#: ten characters of the pinyin table, used as digits: copy 12 of 曹操 is 曹操丑丕
_DIGITS = "丁丑丕丰义乐乱享人八"
_STANDARD_GENERAL_FILES = ("wei.sgs", "shu.sgs", "wu.sgs", "qun.sgs")


def _suffix(k: int) -> str:
    return "".join(_DIGITS[int(d)] for d in str(k))


def renamed_copies(copies: int, distinct: bool = False) -> dict[str, str]:
    """``copies`` renamed copies of the bundled 标准版 generals (25 per copy), as
    ``{file name: text}``: copy ``k`` renames the package, every general and every
    skill by appending ``k`` written in table characters (:data:`_DIGITS`), so the
    pinyin is inferred and every name is unique.  A large expansion for the scale
    figures (``sgs bench --scale``) and the scale tests.

    ``distinct``: every skill text of copy ``k`` also differs from every other copy's
    — ``k`` spaces before its final “。” (blanks between words mean nothing to the
    grammar, so the findings are the same, but no text is one the compiler has read
    before: the cost of an expansion whose texts are all its own)."""
    import re

    from sgs.compiler import bundled_skills_dir

    folder = bundled_skills_dir() / "standard"
    sources = {f: (folder / f).read_text(encoding="utf-8") for f in _STANDARD_GENERAL_FILES}
    out: dict[str, str] = {}
    for k in range(1, copies + 1):
        s = _suffix(k)
        for f, text in sources.items():
            text = re.sub(r"(?m)^扩展包 (\S+)", lambda m: f"扩展包 {m.group(1)}{s}", text)
            text = re.sub(r"(?m)^武将 (\S+)", lambda m: f"武将 {m.group(1)}{s}", text)
            # a skill line: not a comment, 扩展包 or 武将 line (武圣 is a skill)
            skill = r"(?m)^(?!#|扩展包 |武将 )([^\s：]+)："
            text = re.sub(skill, lambda m: f"{m.group(1)}{s}：", text)
            if distinct:
                text = re.sub(skill + r"(.*)。[ \t]*$", lambda m: f"{m.group(1)}：{m.group(2)}{' ' * k}。", text)
            out[f"copy{k:03d}_{f}"] = text
    return out


_CHILD = """
import resource, sys, time
from sgs.compiler.cli import app
t0 = time.perf_counter()
try:
    app(["check", *sys.argv[1:]], standalone_mode=False)
except SystemExit:
    pass
took = time.perf_counter() - t0
print(f"@@ {took:.3f} {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}", file=sys.stderr)
"""


def _child_env(pycache: Path | None) -> dict[str, str] | None:
    """The environment of a measured process: with ``pycache``, Python's bytecode
    caches kept there (``PYTHONPYCACHEPREFIX``) even where ``PYTHONDONTWRITEBYTECODE``
    is set — an installed package has them, and compiling every module from source
    (0.3-0.4 s CPU) is not the check's cost."""
    import os

    if pycache is None:
        return None
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def check_scale(
    copies: int, distinct: bool = False, pycache: Path | None = None
) -> tuple[float, float, float, float, int]:
    """``sgs check`` of ``copies`` renamed copies of the 标准版 generals
    (:func:`renamed_copies`; ``distinct``: every skill text its own) in a fresh
    process (``pycache``: see :func:`_child_env`): (wall seconds of the check
    itself; of the whole process, interpreter start and imports included; CPU
    seconds of the whole process; its peak resident MiB; generals checked)."""
    import subprocess
    import sys

    with tempfile.TemporaryDirectory() as tmp:
        for name, text in renamed_copies(copies, distinct).items():
            (Path(tmp) / name).write_text(text, encoding="utf-8")
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-c", _CHILD, tmp], capture_output=True, text=True, check=False, env=_child_env(pycache)
        )
        whole = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    line = next((ln for ln in proc.stderr.splitlines() if ln.startswith("@@ ")), None)
    if line is None:
        raise RuntimeError(f"sgs check of {copies} copies failed: {proc.stderr[-2000:]}")
    _, took, rss_kib = line.split()
    return float(took), whole, cpu, int(rss_kib) / 1024, copies * 25


def run_scale(out: Console, sizes: Sequence[int] = (1, 4, 16, 64), repeat: int = 3) -> None:
    """Print the scale tables: ``sgs check`` time and peak memory for renamed copies,
    then for copies whose skill texts all differ (medians of ``repeat`` fresh
    processes each: on a shared machine single runs vary; the CPU time varies least;
    the load average before and after each table is printed beside it).  The processes
    keep bytecode caches in a temporary folder, warmed by one unmeasured run
    (:func:`_child_env`)."""
    import os
    from statistics import median

    def load() -> str:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())

    with tempfile.TemporaryDirectory() as pycache:
        check_scale(1, pycache=Path(pycache))  # writes the bytecode caches
        for distinct in (False, True):
            what = "副本的技能文本各不相同" if distinct else "标准版武将的改名副本"
            table = Table(title=f"sgs check 的规模：{what}（{repeat} 次的中位数）")
            for head in ("副本数", "武将数", "检查耗时", "进程总耗时", "进程 CPU", "峰值内存"):
                table.add_column(head, justify="right")
            before = load()
            for n in sizes:
                runs = [check_scale(n, distinct, Path(pycache)) for _ in range(repeat)]
                table.add_row(
                    f"{n}×", str(runs[0][4]),
                    *(f"{median(r[i] for r in runs):.2f} s" for i in range(3)),
                    f"{median(r[3] for r in runs):.0f} MiB",
                )
            table.caption = f"负载（1/5/15 分钟平均）：前 {before}，后 {load()}"
            out.print(table)
