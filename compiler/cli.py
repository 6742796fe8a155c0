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
    from sgs.compiler.graph import findings_for

    if not any(p.is_file() or any(p.rglob("*.sgs")) for p in targets):
        raise _fail("没有找到 .sgs 文件")
    diags = check_paths(targets)
    if not any(d.severity == "error" for d in diags):
        diags += findings_for(targets)  # trigger-graph findings against the bundled set (DESIGN §4)
    text = render_diagnostics(diags, fmt.value)
    if text:
        out.print(text, markup=False)
    errors = sum(d.severity == "error" for d in diags)
    if fmt is not Format.json:
        warnings = sum(d.severity == "warning" for d in diags)
        err.print(f"检查完毕：{errors} 个错误，{warnings} 个警告" if diags else "检查完毕：没有发现问题")
    if errors:
        raise typer.Exit(1)


@app.command()
def graph(
    out_path: Annotated[Path, typer.Option("-o", "--out", help="输出文件：.dot、.svg 或 .png（后两者需要 Graphviz 的 dot）")] = Path("graph.svg"),
    paths: Annotated[Optional[list[Path]], typer.Argument(help=".sgs 文件或目录（默认：内置 skills/）")] = None,
    package: Annotated[Optional[list[str]], typer.Option("--package", help="只画这些扩展包")] = None,
    skill: Annotated[Optional[str], typer.Option("--skill", help="只画这个技能的邻域")] = None,
) -> None:
    """画出触发图（时机 → 技能 → 时机），标出环、顺序敏感的技能对和死技能。"""
    from sgs.compiler import bundled_skill_paths, check_paths, render_diagnostics
    from sgs.compiler.graph import GraphvizMissing, build_graph, load_packages, render_graph

    for p in paths or []:
        if not p.exists():
            raise _fail(f"找不到文件或目录：{p}")
    sources = paths or bundled_skill_paths()
    problems = check_paths(sources)
    if any(d.severity == "error" for d in problems):
        out.print(render_diagnostics(problems, "human"), markup=False)
        raise typer.Exit(1)
    pkgs, _ = load_packages(sources)
    if package:
        known = sorted({p.name for p in pkgs})
        missing = [n for n in package if n not in known]
        if missing:
            raise _fail(f"未知扩展包：{'、'.join(missing)}；可用：{'、'.join(known)}")
        pkgs = [p for p in pkgs if p.name in package]
    try:
        written = render_graph(build_graph(pkgs), out_path, skill=skill)
    except KeyError:
        raise _fail(f"触发图里没有技能「{skill}」") from None
    except ValueError as exc:
        raise _fail(str(exc)) from None
    except OSError as exc:
        raise _fail(f"无法写入 {out_path}：{exc.strerror or exc}") from None
    except GraphvizMissing as exc:
        raise _fail(f"{exc}（已写出 {out_path.with_suffix('.dot')}）", code=1) from None
    for w in written:
        out.print(f"写出 {w}", markup=False)


@app.command()
def explain(code: Annotated[str, typer.Argument(help="诊断代码，例如 E0103")]) -> None:
    """解释一个诊断代码：含义与示例。"""
    import sgs.compiler.graph  # noqa: F401  (registers the trigger-graph codes)
    from sgs.compiler import explain as explain_code

    text = explain_code(code.upper())
    if not text:
        raise _fail(f"未知诊断代码：{code}")
    out.print(text, markup=False)


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
    except OSError as exc:
        raise _fail(f"无法写入输出目录 {out_dir}：{exc.strerror or exc}") from None
    for w in written:
        out.print(f"写出 {w}", markup=False)


@app.command()
def scenario(
    files: Annotated[list[Path], typer.Argument(help="场景文件（.toml）或目录")],
    skills: Annotated[
        Optional[list[Path]], typer.Option("--skills", help="技能源（可多次给出；默认：内置 skills/）")
    ] = None,
) -> None:
    """运行场景文件，逐条报告未满足的预期。"""
    from sgs.compiler import CompileError, load_generals, render_diagnostics
    from sgs.compiler.scenario import collect_scenarios, run_scenario_file

    paths = collect_scenarios(files)
    if not paths:
        raise _fail("没有找到场景文件（*.toml）")
    pool = None
    if skills:
        for p in skills:
            if not p.exists():
                raise _fail(f"找不到文件或目录：{p}")
        try:
            pool = load_generals(skills)
        except CompileError as exc:
            out.print(render_diagnostics(exc.diagnostics, "human"), markup=False)
            raise typer.Exit(1) from None
    failed = 0
    for path in paths:
        report = run_scenario_file(path, pool)
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
    players: Annotated[Optional[int], typer.Option("--players", "-n", help="人数（2–10；默认 5，或 --generals 的个数）")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", help="随机种子")] = 1,
    generals: Annotated[Optional[str], typer.Option("--generals", help="按座次指定武将，逗号分隔：曹操,刘备,…")] = None,
    log: Annotated[LogFormat, typer.Option("--log", help="text | json")] = LogFormat.text,
    skills: Annotated[Optional[list[Path]], typer.Option("--skills", help="技能源（默认：内置 skills/）")] = None,
    roles: Annotated[
        Optional[str],
        typer.Option("--roles", help="身份配置 忠臣/反贼/内奸：alt = 备选（6 人 1/2/2，8 人 2/3/2），或直接写 1/2/2"),
    ] = None,
    ex: Annotated[bool, typer.Option("--ex", help="牌堆加入 4 张 EX 牌（寒冰剑、仁王盾、闪电、无懈可击）")] = False,
    human: Annotated[Optional[int], typer.Option("--human", help="由你在终端扮演该座次（1 = 主公），其余座次为随机 AI")] = None,
) -> None:
    """编译内置技能（有缓存），打一局身份局：默认全部为随机 AI 并打印日志；--human 座次 由你亲自上阵。"""
    from sgs.compiler import CompileError, load_generals, render_diagnostics
    from sgs.runtime.agents import Agent, RandomAgent
    from sgs.runtime.human import HumanAgent, HumanQuit
    from sgs.runtime.modes.identity import IdentityError, play_identity_game, setup_identity_game
    from sgs.runtime.result import result_of

    for p in skills or []:
        if not p.exists():
            raise _fail(f"找不到文件或目录：{p}")
    try:
        pool = load_generals(skills)
    except CompileError as exc:
        out.print(render_diagnostics(exc.diagnostics, "human"), markup=False)
        raise typer.Exit(1) from None
    chosen: list[str] | None = None
    if generals is not None:
        chosen = [g.strip() for g in generals.replace("，", ",").replace("、", ",").split(",") if g.strip()]
        if not chosen:
            raise _fail("--generals 为空：请按座次写出武将，例如 --generals 曹操,刘备,关羽,吕布")
    if players is None:
        players = len(chosen) if chosen else 5
    if human is None:
        try:
            result = play_identity_game(pool, players=players, seed=seed, generals=chosen, roles=roles, include_ex=ex)
        except IdentityError as exc:
            raise _fail(str(exc)) from None
        text = result.log.to_jsonl() if log is LogFormat.json else result.log.text()
        sys.stdout.write(text + "\n")
        return
    if not 1 <= human <= players:
        raise _fail(f"--human 应为 1 到 {players} 之间的座次，而不是 {human}")
    agent = HumanAgent(human, console=Console(highlight=False, soft_wrap=True), generals=pool)
    agents: list[Agent] = [agent if i + 1 == human else RandomAgent() for i in range(players)]
    try:
        game = setup_identity_game(pool, players, seed, agents, True, chosen, roles, ex)
        game.run(max_turns=2000)
    except IdentityError as exc:
        raise _fail(str(exc)) from None
    except HumanQuit as exc:
        out.print(f"{exc}，对局中止。")
        return
    except KeyboardInterrupt:
        out.print("\n已中断，对局中止。")
        raise typer.Exit(130) from None
    agent.finish(game)
    result = result_of(game)
    if log is LogFormat.json:
        sys.stdout.write(result.log.to_jsonl() + "\n")


@app.command()
def bench(
    games: Annotated[int, typer.Option("--games", min=1, help="每组对局数")] = 200,
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
