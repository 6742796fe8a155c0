"""The ``sgs`` command line: check, compile, scenario, play, bench.

Every user mistake ends in a message and a non-zero exit code, never a traceback:
diagnostics for skill text (file:line:col), :class:`ScenarioError` for scenario files,
plain messages for bad options.  Exit codes: 0 ok, 1 errors found / expectations failed,
2 bad usage.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.console import Console

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="三国杀技能语言：检查、编译技能文本，运行场景与对局。",
    pretty_exceptions_enable=False,
)
out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class Format(str, Enum):
    human = "human"
    short = "short"
    json = "json"


class LogFormat(str, Enum):
    text = "text"
    json = "json"


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]错误[/]：{message}")
    return typer.Exit(code)


@app.command()
def check(
    paths: Annotated[Optional[list[Path]], typer.Argument(help=".sgs 文件或目录")] = None,
    fmt: Annotated[Format, typer.Option("--format", help="human | short | json")] = Format.human,
) -> None:
    """检查技能文本：语法、语义；有错误时退出码为 1。"""
    from sgs.compiler import check_paths, render_diagnostics

    targets = paths or []
    if not targets:
        raise _fail("请给出至少一个 .sgs 文件或目录")
    for p in targets:
        if not p.exists():
            raise _fail(f"找不到文件或目录：{p}")
    diags = check_paths(targets)
    text = render_diagnostics(diags, fmt.value)
    if text:
        out.print(text, markup=False)
    errors = sum(d.severity == "error" for d in diags)
    if fmt is not Format.json:
        warnings = sum(d.severity == "warning" for d in diags)
        err.print(f"检查完毕：{errors} 个错误，{warnings} 个警告" if diags else "检查完毕：没有发现问题")
    if errors:
        raise typer.Exit(1)


@app.command("compile")
def compile_(
    sources: Annotated[list[Path], typer.Argument(help=".sgs 文件或目录")],
    out_dir: Annotated[Path, typer.Option("-o", "--out", help="输出目录")] = Path("out"),
) -> None:
    """把技能文本编译为 Python 模块。"""
    from sgs.compiler import CompileError, compile_paths, render_diagnostics

    for p in sources:
        if not p.exists():
            raise _fail(f"找不到文件或目录：{p}")
    try:
        written = compile_paths(sources, out_dir)
    except CompileError as exc:
        out.print(render_diagnostics(exc.diagnostics, "human"), markup=False)
        raise typer.Exit(1) from None
    for w in written:
        out.print(f"写出 {w}", markup=False)


@app.command()
def scenario(
    files: Annotated[list[Path], typer.Argument(help="场景文件（.toml）或目录")],
) -> None:
    """运行场景文件，逐条报告未满足的预期。"""
    from sgs.compiler.scenario import collect_scenarios, run_scenario_file

    paths = collect_scenarios(files)
    if not paths:
        raise _fail("没有找到场景文件（*.toml）")
    failed = 0
    for path in paths:
        report = run_scenario_file(path)
        if report.ok:
            out.print(f"[green]通过[/] {path}  {report.name}")
        else:
            failed += 1
            out.print(f"[bold red]失败[/] {path}  {report.name}")
            for line in report.failures:
                out.print(f"    {line}", markup=False)
    out.print(f"{len(paths) - failed} passed, {failed} failed")
    if failed:
        raise typer.Exit(1)


@app.command()
def play(
    players: Annotated[Optional[int], typer.Option("--players", "-n", help="人数（4–8；默认 5，或 --generals 的个数）")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="随机种子")] = 1,
    generals: Annotated[Optional[str], typer.Option("--generals", help="按座次指定武将，逗号分隔：曹操,刘备,…")] = None,
    log: Annotated[LogFormat, typer.Option("--log", help="text | json")] = LogFormat.text,
    skills: Annotated[Optional[list[Path]], typer.Option("--skills", help="技能源（默认：内置 skills/）")] = None,
) -> None:
    """编译内置技能（有缓存），用内置随机 AI 打一局身份局并打印日志。"""
    from sgs.compiler import CompileError, load_generals, render_diagnostics
    from sgs.runtime.modes.identity import IdentityError, play_identity_game

    try:
        pool = load_generals(skills)
    except CompileError as exc:
        out.print(render_diagnostics(exc.diagnostics, "human"), markup=False)
        raise typer.Exit(1) from None
    chosen: list[str] | None = None
    if generals:
        chosen = [g.strip() for g in generals.replace("，", ",").replace("、", ",").split(",") if g.strip()]
    if players is None:
        players = len(chosen) if chosen else 5
    try:
        result = play_identity_game(pool, players=players, seed=seed, generals=chosen)
    except IdentityError as exc:
        raise _fail(str(exc)) from None
    text = result.log.to_jsonl() if log is LogFormat.json else result.log.text()
    sys.stdout.write(text + "\n")


@app.command()
def bench(
    games: Annotated[int, typer.Option("--games", help="每组对局数")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="起始种子")] = 1,
) -> None:
    """基准：编译耗时（冷/热）、每秒对局数（有/无技能）、峰值内存。"""
    from sgs.compiler.bench import run_bench

    run_bench(out, games=games, seed=seed)


def main() -> None:
    """Entry point of the ``sgs`` script."""
    app()


if __name__ == "__main__":
    main()
