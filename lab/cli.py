"""The lab's commands on the ``sgs`` CLI: simulate, stats, report.

:func:`register` adds them to the ``sgs`` Typer app (``sgs.compiler.cli`` calls it);
each command only parses options and delegates to :mod:`.simulate`, :mod:`.stats`
and :mod:`.report`.  Errors end in a message and exit 2 (bad usage) or 1 (the skill
sources do not compile), never a traceback; Ctrl-C during ``simulate`` keeps every
finished game and exits 130.
"""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

from sgs.compiler.inputs import os_reason

__all__ = ["register", "simulate_command", "stats_command", "report_command"]

_err = Console(stderr=True, highlight=False, soft_wrap=True)
_out = Console(highlight=False, soft_wrap=True)


def _fail(message: str, code: int = 2) -> typer.Exit:
    from rich.markup import escape

    _err.print(f"[bold red]错误[/]：{escape(message)}", markup=True)  # messages name extras like [ray]
    return typer.Exit(code)


def _agent_roles(pairs: list[str]) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for p in pairs:
        role, sep, kind = p.replace("＝", "=").partition("=")
        if not sep or not role.strip() or not kind.strip():
            raise _fail(f"--agent-role 应写作 身份=代理，例如 主公=heuristic，而不是「{p}」")
        out.append((role.strip(), kind.strip()))
    return tuple(out)


def simulate_command(
    out_path: Annotated[Path, typer.Option("-o", "--out", help="结果文件：.jsonl（默认格式，可续跑）或 .parquet（需要 pyarrow）")],
    games: Annotated[int, typer.Option("--games", "-g", min=1, help="对局数")] = 1000,
    seed: Annotated[int, typer.Option("--seed", "-s", help="种子：第 i 局的种子由它和 i 确定")] = 1,
    workers: Annotated[Optional[int], typer.Option("--workers", "-j", min=1, help="本机进程数（默认：全部核心）")] = None,
    players: Annotated[int, typer.Option("--players", "-n", help="人数（2–10）")] = 5,
    roles: Annotated[Optional[str], typer.Option("--roles", help="身份配置：alt 或 忠臣/反贼/内奸，如 1/2/2")] = None,
    ex: Annotated[bool, typer.Option("--ex", help="牌堆加入 4 张 EX 牌")] = False,
    deck: Annotated[str, typer.Option("--deck", help="牌堆：标准（104 张，--ex 为 108 张）或 军争（标准版 + EX + 52 张军争牌，共 160 张）")] = "标准",
    skills: Annotated[Optional[list[Path]], typer.Option("--skills", help="技能源（可多次给出；默认：内置 skills/；给出时替换内置武将，要保留内置武将请同时给出 --skills skills/）")] = None,
    agents: Annotated[str, typer.Option("--agents", help="代理：一个（所有座次）或按座次逗号分隔：random / heuristic")] = "random",
    agent_role: Annotated[Optional[list[str]], typer.Option("--agent-role", help="按身份指定代理，如 主公=heuristic（可多次给出；优先于 --agents）")] = None,
    max_turns: Annotated[int, typer.Option("--max-turns", min=1, help="每局回合上限（之后无胜者）")] = 2000,
    ray: Annotated[bool, typer.Option("--ray", help="在 Ray 上运行（没有 --ray-address 时在本机启动一个；需要 pip install 'sgs-skill-compiler\\[ray]'）")] = False,
    ray_address: Annotated[Optional[str], typer.Option("--ray-address", help="连接这个 Ray 集群（隐含 --ray）")] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="不显示进度条")] = False,
) -> None:
    """批量模拟身份局：N 局带种子的对局并行运行，每局一行写入结果文件；中断后用相同参数再次运行，只补跑缺少的对局。"""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from sgs.compiler.cli import _skill_pool, bundled_hint

    from .simulate import SimulateError, simulate
    from .table import SpecError, TableSpec, load_table

    if out_path.suffix not in (".jsonl", ".parquet"):
        raise _fail(f"结果文件 {out_path} 应以 .jsonl 或 .parquet 结尾")
    seat_agents = tuple(a.strip() for a in agents.replace("，", ",").split(",") if a.strip())
    spec = TableSpec(
        skills=tuple(str(p) for p in skills or ()),
        players=players,
        roles=roles,
        ex=ex,
        deck=deck,
        seat_agents=seat_agents or ("random",),
        role_agents=_agent_roles(agent_role or []),
        max_turns=max_turns,
    )
    try:
        spec.validate()
    except SpecError as exc:
        raise _fail(str(exc)) from None
    _skill_pool(skills)  # compile errors / empty pool → diagnostics and exit 1, as for sgs play
    table = load_table(spec)
    if len(table.generals) < players:
        raise _fail(f"武将池只有 {len(table.generals)} 名武将，不够 {players} 人{bundled_hint(skills)}")
    address = ray_address if ray_address is not None else ("" if ray else None)
    progress = Progress(
        TextColumn("模拟"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]} 局/秒"),
        TimeElapsedColumn(),
        TextColumn("剩余"),
        TimeRemainingColumn(),
        console=_err,
        disable=quiet,
    )
    state = {"start": 0.0, "first": -1}

    def tick(done: int, total: int) -> None:
        import time

        now = time.perf_counter()
        if state["first"] < 0:
            state["first"], state["start"] = done - 1, now - 1e-9
        rate = (done - state["first"]) / max(now - state["start"], 1e-9)
        progress.update(task, completed=done, rate=f"{rate:.1f}")

    try:
        with progress:
            task = progress.add_task("simulate", total=games, rate="–")
            summary = simulate(spec, games, seed, out_path, workers, address, tick, table)
            progress.update(task, completed=summary.total)
    except SimulateError as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:
        _err.print(f"\n已中断：已完成的对局都在 {out_path} 里；用相同的参数再次运行即可只补跑缺少的对局。")
        raise typer.Exit(130) from None
    _err.print(
        f"{out_path}：{summary.total}/{games} 局（本次 {summary.played} 局，已有 {summary.skipped} 局），"
        f"{summary.seconds:.1f} 秒，{summary.games_per_second:.1f} 局/秒，{summary.workers} 个进程"
        + ("（Ray）" if address is not None else "")
    )



class StatsFormat(str, Enum):
    text = "text"
    json = "json"
    csv = "csv"


def stats_command(
    results: Annotated[Path, typer.Argument(help="sgs simulate 的结果文件（.jsonl / .parquet）")],
    fmt: Annotated[StatsFormat, typer.Option("--format", help="text | json | csv")] = StatsFormat.text,
    alpha: Annotated[float, typer.Option("--alpha", min=1e-9, max=0.5, help="显著性水平（双侧；按武将个数做 Bonferroni 校正）")] = 0.05,
) -> None:
    """统计胜率：按武将、身份、武将×身份、座次，附 Wilson 95% 区间和局数；标出显著强于/弱于平均的武将；对局长度；技能发动率。"""
    import sys

    from .simulate import SimulateError, read_results
    from .stats import compute_stats, render_csv, render_json, render_text

    try:
        _, rows = read_results(results)
    except SimulateError as exc:
        raise _fail(str(exc)) from None
    if not rows:
        raise _fail(f"{results} 里没有对局记录")
    st = compute_stats(rows, alpha=alpha)
    if fmt is StatsFormat.json:
        sys.stdout.write(render_json(st))
    elif fmt is StatsFormat.csv:
        sys.stdout.write(render_csv(st))
    else:
        # piped or redirected: wide enough that no column of the tables is cut
        render_text(st, Console(highlight=False, soft_wrap=False, width=None if sys.stdout.isatty() else 200))


def report_command(
    results: Annotated[Path, typer.Argument(help="sgs simulate 的结果文件（.jsonl / .parquet）")],
    out_path: Annotated[Path, typer.Option("-o", "--out", help="report.html（图片内嵌）或一个目录（写出 PNG）")] = Path("report.html"),
    compare: Annotated[Optional[list[Path]], typer.Option("--compare", help="另一个结果文件（可多次给出）：其中主结果文件没有的代理按身份加入代理对比图（如主结果全随机，另一个文件主公为 heuristic）")] = None,
) -> None:
    """画图：各武将胜率（误差线）、对局长度直方图、身份×武将胜率热图；写成一个 HTML 或若干 PNG。"""
    from .report import write_report
    from .simulate import SimulateError, read_results

    try:
        _, rows = read_results(results)
        extra = [read_results(p)[1] for p in compare or []]
    except SimulateError as exc:
        raise _fail(str(exc)) from None
    if not rows:
        raise _fail(f"{results} 里没有对局记录")
    try:
        written = write_report(rows, out_path, title=str(results), extra_runs=extra)
    except OSError as exc:
        raise _fail(f"无法写入 {out_path}：{os_reason(exc)}") from None
    for w in written:
        _out.print(f"写出 {w}", markup=False)


def register(app: typer.Typer) -> None:
    """Add ``simulate``, ``stats`` and ``report`` to the ``sgs`` app."""
    app.command("simulate")(simulate_command)
    app.command("stats")(stats_command)
    app.command("report")(report_command)
