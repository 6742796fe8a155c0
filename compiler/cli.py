"""The ``sgs`` command line: check, compile, scenario, play, bench.

Every user mistake ends in a message and a non-zero exit code, never a traceback:
diagnostics for skill text (file:line:col), :class:`ScenarioError` for scenario files,
plain messages for bad options, and typer's usage errors (unknown command or option, a
value of the wrong type) reworded in Chinese by :mod:`sgs.compiler.usage`.  Exit codes:
0 ok, 1 errors found / expectations failed / a ``--human`` game quit before its end,
2 bad usage, 130 interrupted (Ctrl-C).
Seeds are non-negative (``random.Random(-n)`` would silently be ``random.Random(n)``).
``-h`` is ``--help``; ``--version`` prints the version; help is laid out at the width of
the terminal (any of stdin/stdout/stderr, so ``sgs --help | less`` too), not cut at 80.
"""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Optional

import typer
from rich.console import Console

from sgs.compiler.inputs import os_reason

if TYPE_CHECKING:
    from sgs.compiler import Pool
    from sgs.compiler.diagnostics import Diagnostic

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="三国杀技能语言：检查、编译技能文本，运行场景与对局。",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version

        try:
            v = version("sgs-skill-compiler")
        except PackageNotFoundError:
            v = "未安装"
        out.print(f"sgs {v}", markup=False)
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", "-V", callback=_print_version, is_eager=True, help="打印版本号并退出")
    ] = False,
) -> None:
    """三国杀技能语言：检查、编译技能文本，运行场景与对局。"""


def terminal_width() -> int | None:
    """The width help is laid out at: ``$COLUMNS``, else the widest terminal among
    stdin, stdout and stderr (stdout is often a pipe); None when there is none."""
    import os

    env = os.environ.get("COLUMNS", "")
    if env.isdigit() and int(env) > 0:
        return int(env)
    widths = []
    for fd in (0, 1, 2):
        try:
            widths.append(os.get_terminal_size(fd).columns)
        except (OSError, ValueError):
            continue
    return max(widths) if widths else None


def _wide_help() -> None:
    """Lay typer's help out at the terminal's width (typer reads it once, at import)."""
    from typer import rich_utils

    width = terminal_width()
    if rich_utils.MAX_WIDTH is None and width is not None:
        rich_utils.MAX_WIDTH = width
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


def _load_pool(skills: Optional[list[Path]]) -> Pool:
    """The generals, equipment and card effects ``play`` / ``scenario`` play with: the
    bundled ``skills/`` (None), or the given sources' generals — ``--skills``
    replaces the bundled pool — with the deck's equipment and card effects of the
    bundled card declarations under the given sources' own ones (so 诸葛连弩, the
    horses, 无中生有 … keep working beside your generals, and a package of yours
    declaring a card replaces it).  Raises :class:`sgs.compiler.CompileError`."""
    from sgs.compiler import Pool, load_pool

    bundled = load_pool(None)
    if not skills:
        return bundled
    mine = load_pool(skills)
    return Pool(mine.generals, {**bundled.equipment, **mine.equipment}, {**bundled.card_effects, **mine.card_effects})


def _read_skills_file(path: Path) -> str:
    """The text of a file given by the user; any problem is a message (exit 2)."""
    from sgs.compiler.scenario_format import ScenarioError, read_text_file

    try:
        return read_text_file(path)
    except ScenarioError as exc:
        raise _fail(f"无法读取 {exc.path}：{exc.message}") from None


#: bytes: a corpus TSV is a list of skill texts (the shared one is 150 kB), larger
#: than one source file may be, but bounded like every input
_MAX_CORPUS_BYTES = 20_000_000


#: what a corpus file is, said when a folder is given instead (--skills-file's is the default)
_TSV_WANTED = "语料 TSV（第一行列名 skill、text，可选 package，制表符分隔）"


def _need_file(path: Path, option: str, wanted: str = "每行一条“名称：正文”的文本文件") -> None:
    """``option`` (e.g. ``--skills-file``) names an existing file, not a folder."""
    if path.is_dir():
        raise _fail(f"{option} {path} 是一个目录，不是文件：请给出{wanted}")
    if not path.exists():
        raise _fail(f"找不到文件：{path}")  # a device or FIFO is refused by the reader, with its kind


def _need_paths(paths: list[Path]) -> list[Path]:
    """The ``.sgs`` files of ``paths`` (files as given, folders walked); a missing
    path or no ``.sgs`` file at all is a message (exit 2)."""
    from sgs.compiler import _expand

    for p in paths:
        if not p.exists():
            raise _fail(f"找不到文件或目录：{p}")
    files = _expand(paths)
    if not files:
        raise _fail(f"没有找到 .sgs 文件（{'、'.join(str(p) for p in paths)} 里没有）")
    return files


def _encoding_problems(files: list[Path]) -> tuple[list[Diagnostic], dict[str, str]]:
    """E0001 for every file that cannot be read (too large, not a regular file …) or
    is not UTF-8 (at the first bad byte, with the hint to save it as UTF-8), and the
    files' text for showing the line."""
    from sgs.compiler import _display
    from sgs.compiler.diagnostics import Diagnostic, Severity, Span
    from sgs.compiler.scenario_format import utf8_error_position

    from sgs.compiler.inputs import InputError, not_utf8_help, read_bytes

    diags: list[Diagnostic] = []
    sources: dict[str, str] = {}
    for f in files:
        try:
            data = read_bytes(f)  # bounded while reading; devices, FIFOs, folders refused
        except InputError as exc:
            diags.append(
                Diagnostic("E0001", Severity.ERROR, f"无法读取“{_display(f)}”：{exc.message}", Span(_display(f), 1, 1, 1, 1))
            )
            continue
        what, help_ = not_utf8_help(data)
        if what is not None:  # UTF-16: its ASCII characters decode as NULs, or its BOM fails at 1:1
            diags.append(Diagnostic("E0001", Severity.ERROR, what, Span(_display(f), 1, 1, 1, 1), help=help_))
            continue
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            line, col, bad = utf8_error_position(data, exc)
            shown = _display(f)
            sources[shown] = data.decode("utf-8", errors="replace")
            diags.append(
                Diagnostic(
                    "E0001", Severity.ERROR, f"文件不是 UTF-8 编码：第 {line} 行第 {col} 列是字节 {bad}",
                    Span(shown, line, col, line, col + 1), help=help_,
                )
            )
    return diags, sources


def _refuse_bad_encoding(files: list[Path]) -> None:
    """Print the E0001 of non-UTF-8 files and exit 1, if there are any."""
    from sgs.compiler import render_diagnostics

    diags, sources = _encoding_problems(files)
    if diags:
        out.print(render_diagnostics(diags, "human", sources), markup=False)
        raise typer.Exit(1)


def _skill_pool(skills: Optional[list[Path]]) -> Pool:
    """:func:`_load_pool` for ``play`` / ``scenario``: every problem of the sources
    given by ``--skills`` is a message or diagnostics, and an empty pool is refused."""
    from sgs.compiler import CompileError, render_diagnostics

    if skills:
        _refuse_bad_encoding(_need_paths(skills))
    try:
        pool = _load_pool(skills)
    except CompileError as exc:
        out.print(render_diagnostics(exc.diagnostics, "human"), markup=False)
        raise typer.Exit(1) from None
    if not pool.generals:
        where = "、".join(str(p) for p in skills or [])
        raise _fail(f"武将池为空：--skills 给出的技能源（{where}）里没有武将{bundled_hint(skills)}")
    return pool


def bundled_hint(skills: Optional[list[Path]]) -> str:
    """What to add when a pool built from ``--skills`` lacks generals: ``--skills``
    replaces the bundled set, so name the bundled folder (its real path, which for an
    installed copy is not ``skills/``); empty when the bundled set was loaded."""
    from sgs.compiler import bundled_skills_dir

    root = bundled_skills_dir().resolve()
    if not skills or any(p.resolve() == root for p in skills):
        return ""
    return f"（--skills 只载入给出的技能源；要连同内置武将一起用，再加 --skills {root}）"


def _refuse_empty_texts(text: Optional[list[str]]) -> None:
    """``--text ''`` is a mistake, not a clean check (a leading BOM counts as nothing,
    as in files: :func:`sgs.compiler.inputs.strip_bom`)."""
    for t in text or []:
        from sgs.compiler.inputs import strip_bom

        if not strip_bom(t).strip():
            raise _fail("--text 给出的技能文本为空：请写作“名称：正文”，例如 --text '奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌。'")


@app.command()
def check(
    paths: Annotated[Optional[list[Path]], typer.Argument(help=".sgs 文件或目录")] = None,
    fmt: Annotated[Format, typer.Option("--format", help="human | short | json")] = Format.human,
    text: Annotated[
        Optional[list[str]], typer.Option("--text", help="检查一条技能文本“名称：正文”（可多次给出）")
    ] = None,
    skills_file: Annotated[
        Optional[Path], typer.Option("--skills-file", help="检查一个文本文件：每行一条“名称：正文”，逐行报告")
    ] = None,
    strict_overrides: Annotated[
        bool, typer.Option("--strict-overrides", help="与内置武将或装备同名（替换内置定义，I0203）算作错误 E0221，供 CI 使用")
    ] = False,
) -> None:
    """检查技能文本：语法、语义；有错误时退出码为 1。"""
    from sgs.compiler import build, render_diagnostics
    from sgs.compiler.diagnostics import Diagnostic

    targets = paths or []
    if not targets and not text and skills_file is None:
        raise _fail("请给出至少一个 .sgs 文件或目录，或用 --text / --skills-file 给出技能文本")
    _refuse_empty_texts(text)
    files = _need_paths(targets) if targets else []
    if skills_file is not None:
        _need_file(skills_file, "--skills-file")
    diags: list[Diagnostic] = []
    sources: dict[str, str] = {}
    if targets:
        diags, sources = _encoding_problems(files)
        unreadable = {d.span.file for d in diags if d.span is not None}
        from sgs.compiler import _display

        result = build([f for f in files if _display(f) not in unreadable], modules=False)
        diags += result.diagnostics
        sources.update(result.originals)
        from sgs.compiler import bundled_overrides, bundled_packages, strict_override

        # a general named like a bundled one replaces it when both are loaded: say so
        reported = {d.span for d in diags if d.code == "I0203"}
        diags += [d for d in bundled_overrides(result.packages) if d.span not in reported]
        if strict_overrides:
            diags = [strict_override(d) for d in diags]
        if not any(d.severity == "error" for d in diags):
            from sgs.compiler.graph import findings_for  # here: a refused input needs no graph

            # trigger-graph findings against the bundled set (DESIGN §4), reusing what was lowered
            diags += findings_for(targets, known=[*result.packages, *bundled_packages()])
    if text or skills_file is not None:
        from sgs.compiler.bare import check_skill_lines

        from sgs.compiler.inputs import strip_bom

        for i, t in enumerate(text or []):
            name = "<text>" if len(text or []) == 1 else f"<text{i + 1}>"
            t = strip_bom(t)
            sources[name] = t
            diags += check_skill_lines(t, name)
        if skills_file is not None:
            content = _read_skills_file(skills_file)
            sources[str(skills_file)] = content
            diags += check_skill_lines(content, str(skills_file))
    if fmt is Format.json:
        from sgs.compiler.diagnostics import render_json_report

        out.print(render_json_report(diags, sources), markup=False, end="")
    else:
        rendered = render_diagnostics(diags, fmt.value, sources)
        if rendered:
            out.print(rendered, markup=False)
    errors = sum(d.severity == "error" for d in diags)
    if fmt is not Format.json:
        warnings = sum(d.severity == "warning" for d in diags)
        err.print(f"检查完毕：{errors} 个错误，{warnings} 个警告" if diags else "检查完毕：没有发现问题")
    if errors:
        raise typer.Exit(1)


@app.command("fmt")
def fmt_(
    paths: Annotated[Optional[list[Path]], typer.Argument(help=".sgs 文件或目录")] = None,
    check_only: Annotated[
        bool, typer.Option("--check", help="只检查：列出需要格式化的文件，有则退出码为 1；不输出内容")
    ] = False,
    write: Annotated[bool, typer.Option("--write", "-w", help="直接改写需要格式化的文件，而不是打印到标准输出")] = False,
    text: Annotated[Optional[list[str]], typer.Option("--text", help="格式化一条技能文本“名称：正文”")] = None,
    skills_file: Annotated[
        Optional[Path], typer.Option("--skills-file", help="格式化每行一条“名称：正文”的文本文件")
    ] = None,
) -> None:
    """把技能文本整理为规范写法（全角标点、【牌名】、改正错别字、补句号）并打印全文；-w 改写文件，--check 用于 CI。

    不带 -w / --check 时总是打印完整的规范文本（已是规范写法也照样打印，可以 sgs fmt a.sgs > b.sgs）；
    多于一个输入时，每段之前有一行“# 文件: 路径”（# 开头是注释行）。有错误的文件不格式化：
    诊断打印到标准错误，退出码为 1。
    """
    from sgs.compiler import render_diagnostics
    from sgs.compiler.fmt import format_skill_lines, format_text

    if not paths and not text and skills_file is None:
        raise _fail("请给出 .sgs 文件或目录，或用 --text / --skills-file 给出技能文本")
    if check_only and write:
        raise _fail("--check 只检查、不改写，不能和 -w/--write 一起用：CI 用 --check，改写文件用 -w")
    _refuse_empty_texts(text)
    files = _need_paths(paths) if paths else []
    if skills_file is not None:
        _need_file(skills_file, "--skills-file")
    bad_encoding, bad_sources = _encoding_problems(files)
    failed = len(bad_encoding)
    if bad_encoding:
        err.print(render_diagnostics(bad_encoding, "human", bad_sources), markup=False)
    unreadable = {d.span.file for d in bad_encoding if d.span is not None}
    from sgs.compiler import _display

    jobs: list[tuple[str, str, Optional[Path], bool]] = []  # (shown, text, path to write, bare lines)
    for f in files:
        if _display(f) not in unreadable:
            jobs.append((str(f), _read_skills_file(f), f, False))
    for i, t in enumerate(text or []):
        from sgs.compiler.inputs import strip_bom

        jobs.append(("<text>" if len(text or []) == 1 else f"<text{i + 1}>", strip_bom(t), None, True))
    if skills_file is not None:
        jobs.append((str(skills_file), _read_skills_file(skills_file), skills_file, True))
    headers = len(jobs) + failed > 1
    changed = printed = 0
    for shown, source, path, bare in jobs:
        formatted, diags = (format_skill_lines if bare else format_text)(source, shown)
        if formatted is None:
            failed += 1
            errors = [d for d in diags if d.severity == "error"]
            err.print(render_diagnostics(errors, "human", {shown: source}), markup=False)
            continue
        differs = formatted != source and not (bare and path is None and formatted.rstrip("\n") == source.rstrip("\n"))
        changed += differs
        if check_only:
            if differs:
                err.print(f"需要格式化：{shown}", markup=False)
        elif write and path is not None:
            if differs:
                try:
                    path.write_text(formatted, encoding="utf-8")
                except OSError as exc:
                    raise _fail(f"无法写入 {path}：{os_reason(exc)}") from None
                err.print(f"已格式化：{shown}", markup=False)
        else:
            if headers:
                sys.stdout.write(("\n" if printed else "") + f"# 文件: {shown}\n")
            sys.stdout.write(formatted)
            printed += 1
    if failed:
        err.print(f"{failed} 个文件有错误，未格式化")
        raise typer.Exit(1)
    if check_only and changed:
        err.print(f"{changed} 个文件需要格式化（sgs fmt -w 改写）")
        raise typer.Exit(1)


@app.command()
def graph(
    out_path: Annotated[Path, typer.Option("-o", "--out", help="输出文件：.dot、.svg 或 .png（后两者需要 Graphviz 的 dot）")] = Path("graph.svg"),
    paths: Annotated[Optional[list[Path]], typer.Argument(help=".sgs 文件或目录（默认：内置 skills/）")] = None,
    package: Annotated[Optional[list[str]], typer.Option("--package", help="只画这些扩展包")] = None,
    skill: Annotated[Optional[str], typer.Option("--skill", help="只画这个技能的邻域")] = None,
) -> None:
    """画出触发图（时机 → 技能 → 时机），标出环、顺序敏感的技能对和死技能。"""
    from sgs.compiler import build, bundled_skill_paths, render_diagnostics
    from sgs.compiler.graph import GraphvizMissing, build_graph, render_graph

    suffixes = (".dot", ".svg", ".png")
    if not out_path.suffix:
        raise _fail(f"输出文件 {out_path} 没有后缀，不知道画成什么格式：请用 {'、'.join(suffixes)} 结尾，例如 -o {out_path}.svg")
    if out_path.suffix.lower() not in suffixes:
        raise _fail(f"不支持的输出格式：{out_path.suffix}（应为 {'、'.join(suffixes)}）")
    if paths:
        _refuse_bad_encoding(_need_paths(paths))
    sources = paths or bundled_skill_paths()
    result = build(sources, modules=False)  # checked and lowered once; the graph reads the same IR
    if any(d.severity == "error" for d in result.diagnostics):  # runtime gaps (E0503) still draw
        out.print(render_diagnostics(result.diagnostics, "human"), markup=False)
        raise typer.Exit(1)
    pkgs = list(result.packages)
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
        raise _fail(f"无法写入 {out_path}：{os_reason(exc)}") from None
    except GraphvizMissing as exc:
        raise _fail(str(exc), code=1) from None
    for w in written:
        out.print(f"写出 {w}", markup=False)


@app.command()
def explain(
    what: Annotated[str, typer.Argument(help="诊断代码（如 E0103），或技能名/武将名（如 奸雄、曹操）")],
    skills: Annotated[
        Optional[list[Path]], typer.Option("--skills", help="在这些 .sgs 文件或目录中查找技能（默认：内置 skills/）")
    ] = None,
    text: Annotated[Optional[list[str]], typer.Option("--text", help="解释这条技能文本“名称：正文”")] = None,
) -> None:
    """解释诊断代码；或说明一个技能被理解成什么：时机、谁决定、代价、条件、效果、限制（中英文）。"""
    from sgs.compiler.diagnostics import looks_like_code

    if looks_like_code(what) and not text:
        import sgs.compiler.graph  # noqa: F401  (registers the trigger-graph codes)
        from sgs.compiler import explain as explain_code

        page = explain_code(what.upper())
        if not page:
            raise _fail(f"未知诊断代码：{what}")
        out.print(page, markup=False)
        return
    if skills:
        _refuse_bad_encoding(_need_paths(skills))
    _refuse_empty_texts(text)
    if not text:  # before the compiler is imported: an unknown name needs no parser
        _refuse_unknown_name(what, skills)
    from sgs.compiler import build, render_diagnostics
    from sgs.compiler.reading import build_skill_texts, close_names, explain_skill, find_skills

    if text:
        # built like `check --text`, so both name the same places (<text>:1:col)
        packages, diags, sources = build_skill_texts(text)
    else:
        result = build(skills) if skills else build()
        packages, diags, sources = list(result.packages), result.diagnostics, result.sources
    found = find_skills(packages, what)
    if not found and text and any(d.severity == "error" for d in diags):
        out.print(render_diagnostics(diags, "human", sources), markup=False)
        raise typer.Exit(1)
    if not found:
        close = close_names(packages, what)
        hint = f"；是不是想找：{'、'.join(close)}？" if close else ""
        raise _fail(f"没有找到技能或武将“{what}”{hint}", code=1)
    for general, skill in found:
        out.print(explain_skill(skill, None if text else general.name), markup=False)


def _refuse_unknown_name(what: str, skills: Optional[list[Path]]) -> None:
    """``sgs explain NAME`` for a name no source has: said at once, with the close names,
    before any skill text is parsed (the parser build and the parse of every skill took
    seconds only to find nothing).  The sources are read as the compiler reads them
    (:func:`.parse.normalise`; names in NFKC form, as the lowering keeps them), so a name
    the build would find is never refused here; anything else goes on to the build."""
    import unicodedata

    from sgs.compiler import _expand
    from sgs.compiler.inputs import InputError, read_text
    from sgs.compiler.parse import normalise, skill_line_name
    from sgs.compiler.pinyin import to_pinyin
    from sgs.compiler.suggest import close_words

    texts: list[str] = []
    for f in _expand(skills):
        try:
            texts.append(normalise(read_text(f), str(f))[0])
        except (InputError, UnicodeDecodeError):
            return  # the build says what is wrong with the file
    want = unicodedata.normalize("NFKC", what.strip())
    names: list[str] = []
    pinyins: set[str] = set()
    for t in texts:
        for line in t.splitlines():
            head = line.split()
            if len(head) > 1 and head[0] == "武将":
                name, _, given = head[1].partition("（")
            elif (found := skill_line_name(line)) is not None:  # 名称：… or 名称（pinyin）：…
                name, given = found, line.partition(found)[2].partition("：")[0].partition("（")[2]
            else:
                continue
            names.append(unicodedata.normalize("NFKC", name))  # as the lowering reads names (names.py)
            pinyins.add(given.rstrip("）").strip())
    if not want or want in names:
        return
    if want.isascii() and want in pinyins | {to_pinyin(n) for n in names}:
        return  # a pinyin (jianxiong, or one the source gives): the build finds it
    close = close_words(want, sorted(set(names)), n=3)
    hint = f"；是不是想找：{'、'.join(close)}？" if close else ""
    raise _fail(f"没有找到技能或武将“{what}”{hint}", code=1)


@app.command("compile")
def compile_(
    sources: Annotated[list[Path], typer.Argument(help=".sgs 文件或目录")],
    out_dir: Annotated[Path, typer.Option("-o", "--out", help="输出目录")] = Path("out"),
) -> None:
    """把技能文本编译为 Python 模块。"""
    from sgs.compiler import CompileError, compile_paths, render_diagnostics

    from sgs.compiler import _expand

    _need_paths(sources)
    files = _expand(sources, pool=True)
    if not files:  # only folders marked NOT_IN_POOL below the ones given
        raise _fail(f"没有找到可编译的 .sgs 文件（{'、'.join(str(p) for p in sources)} 里只有标了 NOT_IN_POOL 的目录；直接给出那个目录即可编译）")
    _refuse_bad_encoding(files)
    try:
        written = compile_paths(sources, out_dir)
    except CompileError as exc:
        out.print(render_diagnostics(exc.diagnostics, "human"), markup=False)
        raise typer.Exit(1) from None
    except OSError as exc:
        raise _fail(f"无法写入输出目录 {out_dir}：{os_reason(exc)}") from None
    for w in written:
        out.print(f"写出 {w}", markup=False)


@app.command()
def scenario(
    files: Annotated[list[Path], typer.Argument(help="场景文件（.toml）或目录")],
    skills: Annotated[
        Optional[list[Path]], typer.Option("--skills", help="技能源（可多次给出；默认：内置 skills/）")
    ] = None,
    show_log: Annotated[bool, typer.Option("--log", help="打印每个未通过场景的对局日志")] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="打印每个场景（包括通过的）的对局日志")] = False,
) -> None:
    """运行场景文件，逐条报告未满足的预期；--log 打印未通过场景的日志，-v 打印全部场景的日志。"""
    from sgs.compiler.scenario import collect_scenarios, run_scenario_file

    for f in files:
        if not f.exists():
            raise _fail(f"找不到场景文件或目录：{f}")
    paths = collect_scenarios(files)
    if not paths:
        raise _fail(f"没有找到场景文件（*.toml）：{'、'.join(str(f) for f in files)} 里没有")
    pool = _skill_pool(skills) if skills else None
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
        if verbose or (show_log and not report.ok):
            if report.log:
                out.print("    日志：")
                out.print("\n".join("      " + ln for ln in report.log.splitlines()), markup=False)
            else:
                out.print("    （没有日志：对局没有开始）")
    out.print(f"通过 {len(paths) - failed} 个，未通过 {failed} 个")
    if failed:
        raise typer.Exit(1)


def _refuse_unknown_generals(chosen: list[str], names: list[str], skills: Optional[list[Path]]) -> None:
    """``--generals`` names every seat's general from the pool: an unknown name is
    refused first (with the closest names of the pool), before the player count."""
    from sgs.compiler.suggest import close_words

    for n in chosen:
        if n in names:
            continue
        close = close_words(n, names, n=3)
        hint = f"是不是想写：{'、'.join(close)}？" if close else ""
        raise _fail(f"--generals：武将池里没有「{n}」。{hint}可用：{'、'.join(names)}{bundled_hint(skills)}")


@app.command()
def play(
    players: Annotated[Optional[int], typer.Option("--players", "-n", help="人数（2–10；默认 5，或 --generals 的个数）")] = None,
    seed: Annotated[int, typer.Option("--seed", "-s", min=0, help="随机种子（非负整数）")] = 1,
    generals: Annotated[Optional[str], typer.Option("--generals", help="按座次指定武将，逗号分隔：曹操,刘备,…")] = None,
    log: Annotated[LogFormat, typer.Option("--log", help="text | json")] = LogFormat.text,
    skills: Annotated[Optional[list[Path]], typer.Option("--skills", help="技能源（默认：内置 skills/）")] = None,
    roles: Annotated[
        Optional[str],
        typer.Option("--roles", help="身份配置 忠臣/反贼/内奸：alt = 备选（6 人 1/2/2，8 人 2/3/2），或直接写 1/2/2"),
    ] = None,
    ex: Annotated[bool, typer.Option("--ex", help="牌堆加入 4 张 EX 牌（寒冰剑、仁王盾、闪电、无懈可击）")] = False,
    deck: Annotated[str, typer.Option("--deck", help="牌堆：标准（104 张，--ex 为 108 张）或 军争（标准版 + EX + 52 张军争牌，共 160 张）")] = "标准",
    human: Annotated[Optional[int], typer.Option("--human", help="由你在终端扮演该座次（1 = 主公），其余座次为随机 AI")] = None,
) -> None:
    """编译内置技能（有缓存），打一局身份局：默认全部为随机 AI 并打印日志；--human 座次 由你亲自上阵。"""
    from sgs.runtime.agents import Agent, RandomAgent
    from sgs.runtime.human import HumanAgent, HumanQuit
    from sgs.runtime.modes import identity
    from sgs.runtime.modes.identity import (
        IdentityError,
        play_identity_game,
        run_identity_game,
        setup_identity_game,
        turn_limit_text,
    )
    from sgs.runtime.result import result_of

    loaded = _skill_pool(skills)
    pool, equipment, effects = loaded.generals, loaded.equipment, loaded.card_effects
    chosen: list[str] | None = None
    if generals is not None:
        items = [g.strip() for g in generals.replace("，", ",").replace("、", ",").split(",")]
        if items and not items[-1]:
            items.pop()  # one trailing separator is harmless (曹操,刘备,)
        chosen = [g for g in items if g]
        if not chosen:
            raise _fail("--generals 为空：请按座次写出武将，例如 --generals 曹操,刘备,关羽,吕布")
        if len(chosen) < len(items):
            # a dropped seat would silently shrink the table (夏侯渊,,张角 is a 2-player game otherwise)
            empty = [str(i + 1) for i, g in enumerate(items) if not g]
            raise _fail(f"--generals 第 {'、'.join(empty)} 个座次没有写武将（两个逗号之间为空）：每个座次写一名武将，例如 --generals 曹操,刘备,关羽,吕布")
        _refuse_unknown_generals(chosen, [g.name for g in pool], skills)
    if players is None:
        players = len(chosen) if chosen else 5
    limit = identity.DEFAULT_MAX_TURNS
    if human is None:
        try:
            result = play_identity_game(
                pool, players=players, seed=seed, generals=chosen, roles=roles, include_ex=ex, equipment=equipment,
                max_turns=limit, deck_name=deck, card_effects=effects,
            )
        except IdentityError as exc:
            raise _fail(str(exc) + (bundled_hint(skills) if len(pool) < players else "")) from None
        text = result.log.to_jsonl() if log is LogFormat.json else result.log.text()
        sys.stdout.write(text + "\n")
        if result.winner is None:
            raise _fail(turn_limit_text(limit) + "（对局没有分出胜负；可换一个 --seed，或检查武将的体力与技能）", code=1)
        return
    if not 1 <= human <= players:
        raise _fail(f"--human 应为 1 到 {players} 之间的座次，而不是 {human}")
    agent = HumanAgent(human, console=Console(highlight=False, soft_wrap=True), generals=pool)
    agents: list[Agent] = [agent if i + 1 == human else RandomAgent() for i in range(players)]
    try:
        game = setup_identity_game(pool, players, seed, agents, True, chosen, roles, ex, equipment, deck, effects)
        run_identity_game(game, limit)
    except IdentityError as exc:
        raise _fail(str(exc) + (bundled_hint(skills) if len(pool) < players else "")) from None
    except HumanQuit as exc:
        out.print(f"{exc}，对局中止。")
        raise typer.Exit(1) from None  # the game did not end: a script must not take it for one that did
    except KeyboardInterrupt:
        out.print("\n已中断，对局中止。")
        raise typer.Exit(130) from None
    agent.finish(game)
    result = result_of(game)
    if log is LogFormat.json:
        sys.stdout.write(result.log.to_jsonl() + "\n")
    if not game.over:
        raise _fail(turn_limit_text(limit), code=1)


@app.command()
def corpus(
    tsv: Annotated[Path, typer.Argument(help="语料 TSV（列 skill、text，可选 package），如 ../shared/corpus/dev_texts.tsv")],
    fmt: Annotated[str, typer.Option("--format", help="text 或 json")] = "text",
    check: Annotated[bool, typer.Option("--check/--no-check", help="同时用现行语法（sgs check）逐条检查")] = True,
    groups: Annotated[int, typer.Option(help="列出的阻塞分组数")] = 25,
    reference: Annotated[
        bool, typer.Option("--reference", help="同时计时只用 Lark Earley 的解析（对照：图表分析器之前的解析器）")
    ] = False,
) -> None:
    """测量语料：接受 / 接受但尚不能运行 / 拒绝，拒绝的按第一个阻塞的结构分组。"""
    import csv
    import json

    from sgs.compiler.language.corpus import measure, read_corpus, render_text

    _need_file(tsv, "TSV", _TSV_WANTED)
    if fmt not in ("text", "json"):
        raise _fail(f"--format 应为 text 或 json，而不是 {fmt!r}")
    from sgs.compiler.inputs import InputError, read_bytes
    from sgs.compiler.scenario_format import not_utf8_message, utf8_error_position

    try:  # bounded first: /dev/zero was read until memory ran out, a FIFO blocked
        data = read_bytes(tsv, limit=_MAX_CORPUS_BYTES)
    except InputError as e:
        raise _fail(f"无法读取 {tsv}：{e.message}", 1) from None
    try:  # before read_corpus: its UnicodeDecodeError is a ValueError, whose text is Python's
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        line, col, _ = utf8_error_position(data, e)
        raise _fail(f"无法读取 {tsv}:{line}:{col}：{not_utf8_message(data, e)}") from None
    try:
        rows = read_corpus(tsv)
    except (ValueError, csv.Error) as e:
        raise _fail(str(e)) from None
    rep = measure(rows, with_check=check, reference=reference)
    out.print(json.dumps(rep.as_json(), ensure_ascii=False, indent=2) if fmt == "json" else render_text(rep, groups), markup=False)


@app.command()
def bench(
    games: Annotated[int, typer.Option("--games", min=1, help="每组对局数")] = 200,
    seed: Annotated[int, typer.Option("--seed", min=0, help="起始种子（非负整数）")] = 1,
    scale: Annotated[
        bool, typer.Option("--scale", help="只测规模：sgs check 标准版武将的 1×/4×/16×/64× 改名副本的耗时与峰值内存")
    ] = False,
    language: Annotated[
        bool, typer.Option("--language", help="只测语言：语法构建、冷/热编译、检查小文件、语料每条解析与语料检查（CPU，附之前的对照）")
    ] = False,
    corpus: Annotated[
        Optional[Path], typer.Option("--corpus", help="--language 用的语料 TSV（默认 $SGS_CORPUS 或 ../shared/corpus/dev_texts.tsv）")
    ] = None,
    reference: Annotated[
        bool, typer.Option("--reference/--no-reference", help="--language：同时测之前的做法（只用 Lark Earley）作对照")
    ] = True,
) -> None:
    """基准：编译耗时（冷/热）、每秒对局数（有/无技能）、峰值内存；--scale 测检查大型扩展包的规模；--language 测语言的解析速度。"""
    from sgs.compiler.bench import run_bench, run_scale

    if language:
        from sgs.compiler.language.bench import run_language_bench

        if corpus is not None:
            _need_file(corpus, "--corpus", _TSV_WANTED)
        run_language_bench(out, corpus, reference=reference)
        return
    if scale:
        run_scale(out)
        return
    run_bench(out, games=games, seed=seed)


from sgs.lab.cli import register as _register_lab  # noqa: E402  (the lab's commands: simulate …)

_register_lab(app)


#: what help shows for a value of each type (typer shows the Python type: <list[Path]>)
_METAVARS: dict[object, str] = {Path: "路径", str: "文本", int: "整数", float: "小数", bool: ""}


def _base_type(hint: object) -> object:
    """``Annotated[Optional[list[Path]], …]`` → ``Path``."""
    import types
    import typing

    if typing.get_origin(hint) is Annotated:
        hint = typing.get_args(hint)[0]
    while typing.get_origin(hint) in (typing.Union, types.UnionType, list):
        hint = next(a for a in typing.get_args(hint) if a is not type(None))
    return hint


def _chinese_help(group: Any) -> None:
    """Help pages in Chinese where typer words them: the panel titles, ``[default: …]``,
    ``[required]`` (typer's ``rich_utils`` reads these module strings at render time —
    they are its gettext-wrapped texts), each command's ``[OPTIONS]`` and its ``-h``
    option's help.  click's own ``Usage:`` prefix stays as click prints it."""
    from typer import rich_utils

    rich_utils.ARGUMENTS_PANEL_TITLE = "参数"
    rich_utils.OPTIONS_PANEL_TITLE = "选项"
    rich_utils.COMMANDS_PANEL_TITLE = "命令"
    rich_utils.DEFAULT_STRING = "[默认：{}]"
    rich_utils.REQUIRED_LONG_STRING = "[必填]"
    names = group.context_settings.get("help_option_names", ["--help"])
    for cmd in (group, *getattr(group, "commands", {}).values()):
        cmd.options_metavar = "[选项]"
        # the option is built once and cached on the command: build it with the names
        # the real context will have (-h and --help, inherited by every subcommand)
        help_option = cmd.get_help_option(cmd.context_class(cmd, help_option_names=names))
        if help_option is not None:
            help_option.help = "显示此帮助并退出"
            help_option.metavar = ""  # a flag: no value type to show
    group.subcommand_metavar = "命令 [参数]…"
    for param in group.params:  # --version
        if getattr(param, "is_flag", False) and param.metavar is None:
            param.metavar = ""


def command() -> typer.core.TyperGroup:
    """The click command of :data:`app`, with every option and argument that has no
    metavar given one in Chinese (路径, 文本, 整数 …; nothing for a flag; choices keep
    their list), read from the command function's annotations."""
    import typing

    import typer.main

    group = typer.main.get_command(app)
    _chinese_help(group)
    callbacks = {(c.name or (c.callback.__name__ if c.callback else "")).replace("_", "-"): c.callback
                 for c in app.registered_commands}
    for name, cmd in getattr(group, "commands", {}).items():
        callback = callbacks.get(name) or callbacks.get(name.replace("-", "_"))
        if callback is None:
            continue
        hints = typing.get_type_hints(callback, include_extras=True)
        for param in cmd.params:
            if param.param_type_name == "argument":  # its metavar would replace its name
                continue
            label = _METAVARS.get(_base_type(hints.get(param.name or "")))
            if label is not None and param.metavar is None:
                param.metavar = label
    return group  # type: ignore[return-value]


def main() -> None:
    """Entry point of the ``sgs`` script."""
    from sgs.compiler.usage import run

    _wide_help()
    run(command(), prog_name="sgs")


if __name__ == "__main__":
    main()
