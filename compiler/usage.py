"""Usage errors of the ``sgs`` command line in Chinese.

Typer words its usage errors in English ("No such option", "Invalid value for
'--players': Input should be a valid integer"); every other message of the tool is
Chinese.  :func:`run` runs the command group with ``standalone_mode=False`` so that the
usage errors reach us, and :func:`describe` words each kind from its fields — the
option's name, the possibilities found, the parameter's type, and for a value typer
checked with pydantic the structured error (its type, its bounds, the input) — never
from the English text.  Unknown commands are looked up here, before typer, against the
group's own command list (:func:`difflib.get_close_matches` for the suggestion).

The exception classes are matched by name along their MRO: typer ships its own copy of
click (``typer._click``) in recent versions and uses click itself in older ones, and
both name their classes alike.  Exit codes: 2 bad usage, 130 aborted at a prompt, any
other as the command gave it.
"""

from __future__ import annotations

import difflib
import enum
import sys
from typing import Any, Sequence

__all__ = ["describe", "run"]


def _kinds(e: BaseException) -> set[str]:
    return {c.__name__ for c in type(e).__mro__}


def _hint(param: Any) -> str:
    if param is None:
        return "参数"
    if getattr(param, "param_type_name", "") == "argument":
        return f"参数 {(param.name or '').upper()}"
    opts = list(getattr(param, "opts", [])) + list(getattr(param, "secondary_opts", []))
    return f"选项 {' / '.join(opts)}" if opts else "参数"


#: pydantic error type → what the value must be (``{…}`` filled from the error's ctx)
_PYDANTIC: dict[str, str] = {
    "int_parsing": "应为整数",
    "int_from_float": "应为整数",
    "float_parsing": "应为数",
    "bool_parsing": "应为真假值（true/false）",
    "greater_than_equal": "应不小于 {ge}",
    "greater_than": "应大于 {gt}",
    "less_than_equal": "应不大于 {le}",
    "less_than": "应小于 {lt}",
    "enum": "应为其中之一：{expected}",
    "literal_error": "应为其中之一：{expected}",
    "path_not_file": "应为文件",
    "path_not_directory": "应为文件夹",
}


def _first_error(cause: BaseException | None) -> dict[str, Any]:
    """The first structured error of a pydantic ValidationError (typer's value check),
    or {} for any other cause."""
    errors = getattr(cause, "errors", None)
    try:
        return dict(errors()[0]) if callable(errors) else {}
    except Exception:  # not a pydantic ValidationError after all
        return {}


def _with_input(said: str, first: dict[str, Any]) -> str:
    got = first.get("input")
    return f"{said}，得到 “{got}”" if isinstance(got, str) else said


def _from_pydantic(first: dict[str, Any]) -> str:
    template = _PYDANTIC.get(str(first.get("type", "")))
    if template is None:
        return ""
    ctx = {k: str(v).replace("' or '", "、").replace("', '", "、").strip("'") for k, v in (first.get("ctx") or {}).items()}
    try:
        return _with_input(template.format(**ctx), first)
    except KeyError:
        return ""


def _from_enum(param: Any, first: dict[str, Any]) -> str:
    """The choices of an option typed by an Enum (typer's ``--log text|json``)."""
    annotation = getattr(getattr(param, "type_descriptor", None), "annotation", None)
    if not (isinstance(annotation, type) and issubclass(annotation, enum.Enum)):
        return ""
    return _with_input("应为其中之一：" + "、".join(str(m.value) for m in annotation), first)


def _from_type(param: Any) -> str:
    """What a click parameter type requires, for a value click itself refused."""
    t: Any = getattr(param, "type", None)
    kinds = _kinds(t) if t is not None else set()
    if "Choice" in kinds:
        return "应为其中之一：" + "、".join(str(c) for c in t.choices)
    for name, word in (("IntParamType", "整数"), ("FloatParamType", "数"), ("BoolParamType", "真假值"), ("Path", "路径")):
        if name in kinds:
            return f"应为{word}"
    return ""


def describe(e: BaseException) -> str:
    """The Chinese message of a usage error, from its kind and fields (click's or typer's
    ``UsageError`` and subclasses)."""
    kinds = _kinds(e)
    message = str(getattr(e, "message", e))
    if "NoSuchOption" in kinds:
        possible = sorted(getattr(e, "possibilities", None) or ())
        return f"没有这个选项：{getattr(e, 'option_name', '')}" + (f"。你是不是要：{'、'.join(possible)}" if possible else "")
    if "MissingParameter" in kinds:
        return f"缺少{_hint(getattr(e, 'param', None))}"
    if "BadParameter" in kinds:
        param = getattr(e, "param", None)
        first = _first_error(e.__cause__)
        why = _from_pydantic(first) or _from_enum(param, first) or _from_type(param)
        return f"{_hint(param)} 的值无效" + (f"：{why}" if why else f"（{message}）")
    if "BadOptionUsage" in kinds:
        return f"选项 {getattr(e, 'option_name', '')} 缺少它的值，或用法不对"
    return f"用法不对（{message}）"


def _unknown_command(group: Any, args: Sequence[str]) -> str | None:
    """The first word of ``args`` when it should name a command of ``group`` and does not."""
    commands = getattr(group, "commands", None)
    if not commands:
        return None
    for a in args:
        if a.startswith("-"):
            return None  # a root option (-h, --version) comes first: let typer handle it
        return None if a in commands else a
    return None


def run(group: Any, prog_name: str, args: Sequence[str] | None = None) -> None:
    """Run ``group`` (typer's click group) as the ``sgs`` script: usage errors in Chinese
    on stderr (exit 2), an abort (Ctrl-C at a prompt) as 已中断 (exit 130), every other
    exit code as the command gives it."""
    argv = list(sys.argv[1:] if args is None else args)
    unknown = _unknown_command(group, argv)
    if unknown is not None:
        near = difflib.get_close_matches(unknown, sorted(group.commands), n=3, cutoff=0.6)
        print(f"用法：{prog_name} 命令 [选项] …\n试试 “{prog_name} -h” 查看全部命令。", file=sys.stderr)
        print(f"错误：没有这个命令：{unknown}" + (f"。你是不是要：{'、'.join(near)}" if near else ""), file=sys.stderr)
        sys.exit(2)
    try:
        code = group.main(args=argv, prog_name=prog_name, standalone_mode=False)
    except Exception as e:  # noqa: BLE001 - only typer/click's own kinds are handled below
        kinds = _kinds(e)
        if "NoArgsIsHelpError" in kinds:  # the bare group: its help, as typer prints it
            ctx = getattr(e, "ctx", None)
            print(ctx.get_help() if ctx is not None else "", file=sys.stdout)
            sys.exit(2)
        if "UsageError" in kinds:
            ctx = getattr(e, "ctx", None)
            where = getattr(ctx, "command_path", None) or prog_name
            print(f"用法：{where} [选项] …\n试试 “{where} -h” 查看帮助。", file=sys.stderr)
            print(f"错误：{describe(e)}", file=sys.stderr)
            sys.exit(2)
        if "ClickException" in kinds:
            print(f"错误：{e}", file=sys.stderr)
            sys.exit(int(getattr(e, "exit_code", 1)))
        if "Abort" in kinds:
            print("已中断", file=sys.stderr)
            sys.exit(130)
        raise
    sys.exit(code if isinstance(code, int) else 0)
