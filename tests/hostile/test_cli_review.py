"""The review's remaining findings: negative seeds refused, quitting --human exits
non-zero, -h and --version, help at the terminal's width."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler.cli import app, terminal_width

runner = CliRunner()


def test_negative_seed_is_refused() -> None:
    # random.Random(-5) is random.Random(5): refused instead of silently equal
    for args in (["play", "--seed", "-5"], ["play", "-s", "-1"], ["bench", "--seed", "-2"]):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and "--seed" in r.output and "greater than or equal to" in r.output, args
    import random

    assert random.Random(-5).random() == random.Random(5).random()  # why


def test_negative_scenario_seed_is_refused(tmp_path: Path) -> None:
    src = Path(__file__).parents[1] / "scenarios" / "rules" / "current_player_dies.toml"
    text = src.read_text(encoding="utf-8")
    sc = tmp_path / "neg.toml"
    assert "[scenario]" in text
    sc.write_text(text.replace("[scenario]", "[scenario]\nseed = -7", 1), encoding="utf-8")
    r = runner.invoke(app, ["scenario", str(sc)])
    assert r.exit_code == 1 and "scenario.seed" in r.output and "应为非负整数（0 或更大），而不是 -7" in r.output


def test_quitting_human_exits_non_zero() -> None:
    r = runner.invoke(app, ["play", "--human", "1", "--players", "3", "--seed", "3"], input="q\n")
    assert r.exit_code == 1 and r.output.rstrip().endswith("你退出了对局，对局中止。")


def test_version_and_short_help() -> None:
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and r.output.startswith("sgs 0.")
    assert runner.invoke(app, ["-V"]).output == r.output
    for args in (["-h"], ["check", "-h"], ["play", "-h"]):
        h = runner.invoke(app, args)
        assert h.exit_code == 0 and "Usage: " in h.output, args
        assert h.output == runner.invoke(app, [*args[:-1], "--help"]).output


def test_help_uses_the_terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer import rich_utils

    from sgs.compiler import cli

    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.setattr(os, "get_terminal_size", lambda fd: os.terminal_size((150 if fd == 2 else 80, 40)))
    assert terminal_width() == 150  # stdout piped, stderr a wide terminal
    monkeypatch.setattr(rich_utils, "MAX_WIDTH", None)
    cli._wide_help()
    assert rich_utils.MAX_WIDTH == 150
    out = runner.invoke(app, ["--help"]).output
    assert max(len(line) for line in out.splitlines()) > 100
    assert "改正错别字、补句号）并打印全文" in out  # not cut with …
    monkeypatch.setenv("COLUMNS", "120")
    assert terminal_width() == 120
