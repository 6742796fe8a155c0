"""Usage errors in Chinese (sgs.compiler.usage): what typer/click would word in English —
an unknown command or option, a value of the wrong type or out of range, a missing
argument or option value — is said in Chinese with exit code 2, with the suggestion
click or difflib finds, and no English message or traceback leaks."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sgs.compiler.cli import _wide_help, command
from sgs.compiler.usage import run

ENGLISH = ("Invalid value", "Value error", "No such", "Missing", "Input should", "requires an argument", "Traceback", "Usage:")


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    _wide_help()
    with pytest.raises(SystemExit) as e:
        run(command(), prog_name="sgs", args=args)
    out = capsys.readouterr()
    return int(e.value.code or 0), out.out + out.err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["play", "--players", "abc"], "错误：选项 --players / -n 的值无效：应为整数，得到 “abc”"),
        (["play", "--seed", "-1"], "错误：选项 --seed / -s 的值无效：应不小于 0，得到 “-1”"),
        (["check", "--formt", "json"], "错误：没有这个选项：--formt。你是不是要：--format"),
        (["check", "--bogus"], "错误：没有这个选项：--bogus\n"),
        (["cmopile"], "错误：没有这个命令：cmopile。你是不是要：compile"),
        (["nosuch"], "错误：没有这个命令：nosuch\n"),
        (["scenario"], "错误：缺少参数 FILES"),
        (["play", "--players"], "错误：选项 --players 缺少它的值"),
        (["play", "--log", "xml"], "错误：选项 --log 的值无效：应为其中之一：text、json，得到 “xml”"),
    ],
)
def test_usage_errors_are_chinese(args: list[str], said: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(args, capsys)
    assert code == 2
    assert said in text
    assert "-h” 查看" in text  # where to read more
    for word in ENGLISH:
        assert word not in text, (word, text)


def test_help_version_and_a_good_command_are_untouched(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["--version"], capsys)
    assert code == 0 and text.startswith("sgs ")
    code, text = _run(["-h"], capsys)
    assert code == 0 and "play" in text


def test_the_installed_script_uses_it() -> None:
    exe = Path(sys.executable).parent / "sgs"
    r = subprocess.run([str(exe), "play", "-n", "x"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert "错误：选项 --players / -n 的值无效：应为整数，得到 “x”" in r.stderr
    assert "Traceback" not in r.stderr + r.stdout


def test_help_pages_are_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    code, text = _run(["compile", "-h"], capsys)
    assert code == 0
    for said in ("参数", "选项", "显示此帮助并退出", "[默认：out]", "[必填]", "sgs compile [选项]"):
        assert said in text, said
    for english in ("Show this message", "Options", "Arguments", "[default", "[required]", "[OPTIONS]", "<bool>"):
        assert english not in text, english
    code, text = _run(["-h"], capsys)
    assert "命令 [参数]…" in text and "╭─ 命令" in text and "COMMAND" not in text
