"""``sgs corpus``: the report on a small TSV, and a TSV without the needed columns."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sgs.compiler.cli import app


def test_corpus_json_counts(tmp_path: Path) -> None:
    tsv = tmp_path / "c.tsv"
    tsv.write_text(
        "package\tskill\ttext\n"
        "甲\t测一\t每当你受到一次伤害后，你可以摸一张牌。\n"
        "甲\t测二\t出牌阶段，你可以翻转一名角色。\n",
        encoding="utf-8",
    )
    res = CliRunner().invoke(app, ["corpus", str(tsv), "--format", "json", "--no-check"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["total"] == 2
    assert data["register"]["parsed"] == 1
    assert data["register"]["blocks"][0]["word"] == "翻转一"
    assert data["register"]["by_package"] == {"甲": {"total": 2, "parsed": 1}}
    assert data["check"] is None
    ms = data["register"]["ms"]
    assert (ms["all"]["n"], ms["parsed"]["n"], ms["rejected"]["n"], ms["ambiguous"]["n"]) == (2, 1, 1, 0)
    assert ms["parsed"]["mean"] > 0 and data["register"]["reference_ms"] is None


def test_corpus_reference_times_lark_alone(tmp_path: Path) -> None:
    """--reference: the same texts through Lark's Earley alone, side by side (text and json)."""
    tsv = tmp_path / "c.tsv"
    tsv.write_text("skill\ttext\n测一\t每当你受到一次伤害后，你可以摸一张牌。\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["corpus", str(tsv), "--format", "json", "--no-check", "--reference"])
    assert res.exit_code == 0, res.output
    ref = json.loads(res.output)["register"]["reference_ms"]
    assert ref["parsed"]["n"] == 1 and ref["parsed"]["mean"] > 0
    res = CliRunner().invoke(app, ["corpus", str(tsv), "--no-check", "--reference"])
    assert "图表分析器（ms，中位数/平均）: 全部 1 条" in res.output
    assert "对照：Lark Earley（ms，中位数/平均）: 全部 1 条" in res.output


def test_corpus_with_check(tmp_path: Path) -> None:
    tsv = tmp_path / "c.tsv"
    tsv.write_text("skill\ttext\n遗计\t每当你受到1点伤害后，你可以摸两张牌。\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["corpus", str(tsv), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.output)["check"] == {"accepted": 1, "accepted_not_runnable": 0, "rejected": 0, "codes": {}}


def test_corpus_needs_its_columns(tmp_path: Path) -> None:
    tsv = tmp_path / "c.tsv"
    tsv.write_text("name\tbody\n甲\t乙\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["corpus", str(tsv)])
    assert res.exit_code == 2
    assert "须有 skill 和 text 两列" in res.output and "找到的列：body、name" in res.output


def test_a_malformed_row_is_refused_not_counted(tmp_path: Path) -> None:
    tsv = tmp_path / "c.tsv"
    tsv.write_text("skill\ttext\n甲\n乙\t出牌阶段，你可以摸一张牌。\t多余\n丙\t出牌阶段，你可以摸一张牌。\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["corpus", str(tsv)])
    assert res.exit_code == 2
    assert "2 行的列数不对或没有 text（第 2、3 行）" in res.output


def test_per_skill_json_lists_every_skills_errors(tmp_path: Path) -> None:
    """A --skills-file of many skills: the per-file cap must not make later skills look clean."""
    lines = [f"技{i}（ji{i}）：每当你受到一次伤害后，你可以翻转一名角色。" for i in range(260)]
    f = tmp_path / "many.txt"
    f.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["check", "--skills-file", str(f), "--format", "json"])
    data = json.loads(res.output)
    assert len(data["skills"]) == 260
    assert all(any(d["severity"] == "error" for d in s["diagnostics"]) for s in data["skills"])
