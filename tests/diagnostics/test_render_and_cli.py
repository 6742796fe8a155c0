"""Rendering hostile input safely; the per-skill JSON report; check --text /
--skills-file; sgs fmt; sgs explain SKILL."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sgs.compiler.bare import check_skill_lines
from sgs.compiler.cli import app
from sgs.compiler.diagnostics import Diagnostic, Severity, Span, render_human, render_short, skill_report
from sgs.compiler.fmt import format_text, ir_shape

runner = CliRunner()
HEADER = "扩展包 测试\n武将 测试 魏 4体力 男\n"


def test_control_characters_are_escaped_in_every_renderer() -> None:
    line = "苦肉：出牌阶段，你可以失去1点体力\x1b[31m，然后摸两张牌\x00。"
    diags = check_skill_lines(line, "t\x1b.sgs")
    assert [d.code for d in diags] == ["E0112", "E0112"]
    for out in (render_human(diags, {"t\x1b.sgs": line}), render_short(diags)):
        assert "\x1b" not in out and "\x00" not in out
        assert "␛" in out
    human = render_human(diags[:1], {"t\x1b.sgs": line}).splitlines()
    # the caret still sits under the escaped character
    src, carets = human[3], human[4]
    from rich.cells import cell_len

    assert carets.index("^") == cell_len(src[: src.index("␛")])


def test_a_long_line_is_cut_around_the_span() -> None:
    line = "苦肉：出牌阶段，" + "你" * 5000 + "模两张牌。"
    d = Diagnostic("E0103", Severity.ERROR, "x", Span("t", 1, 5009, 1, 5010))
    out = render_human([d], {"t": line})
    assert max(len(x) for x in out.splitlines()) < 200
    assert "…" in out and "模" in out


def test_a_10000_character_line_is_refused_quickly() -> None:
    import time

    start = time.perf_counter()
    diags = check_skill_lines("苦肉：" + "你" * 10000 + "。", "t")
    assert time.perf_counter() - start < 2
    assert [d.code for d in diags] == ["E0110"]
    assert len(render_human(diags, {"t": "苦肉：" + "你" * 10000 + "。"})) < 1000


def test_json_report_is_per_skill() -> None:
    text = HEADER + "奸雄：每当你受到一次伤害后，你可以获取对你造成伤害的牌。\n苦肉：出牌阶段，你可以失去1点体力，然后摸两张牌。\n"
    from sgs.compiler import build_texts

    r = build_texts({"a.sgs": text})
    report = skill_report(r.diagnostics, r.originals)
    skills = report["skills"]
    assert isinstance(skills, list)
    assert [(s["skill"], len(s["diagnostics"])) for s in skills] == [("奸雄", 1), ("苦肉", 0)]
    d = skills[0]["diagnostics"][0]
    assert {k: d[k] for k in ("severity", "code", "line", "col", "end_line", "end_col", "suggestion")} == {
        "severity": "error", "code": "E0103", "line": 3, "col": 18, "end_line": 3, "end_col": 20, "suggestion": "获得",
    }
    assert report["errors"] == 1


def test_check_text_and_skills_file(tmp_path: Path) -> None:
    r = runner.invoke(app, ["check", "--text", "苦肉：出牌阶段，你可以失去1点体力，然后摸两张牌"])
    assert r.exit_code == 0 and "W0102" in r.output and "<text>:1:25" in r.output
    f = tmp_path / "skills.txt"
    f.write_text(
        "# 我的技能\n奸雄：每当你受到一次伤害后，你可以获取对你造成伤害的牌。\n\n苦肉：出牌阶段，你可以失去1点体力，然后摸两张牌。\n"
        "倾国：你可以将一张黑色手牌当【闪避】使用或打出。\n",
        encoding="utf-8",
    )
    r = runner.invoke(app, ["check", "--skills-file", str(f), "--format", "short"])
    assert r.exit_code == 1
    assert f"{f}:2:18: error[E0103]" in r.output and f"{f}:5:15: error[E0301]" in r.output
    r = runner.invoke(app, ["check", "--skills-file", str(f), "--format", "json"])
    data = json.loads(r.stdout)
    assert [(s["line"], s["skill"], [d["code"] for d in s["diagnostics"]]) for s in data["skills"]] == [
        (2, "奸雄", ["E0103"]), (4, "苦肉", []), (5, "倾国", ["E0301"]),
    ]
    assert runner.invoke(app, ["check", "--skills-file", str(tmp_path / "none.txt")]).exit_code == 2


def test_check_json_on_a_package_lists_every_skill(tmp_path: Path) -> None:
    f = tmp_path / "p.sgs"
    f.write_text(HEADER + "奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌\n", encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--format", "json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    (entry,) = data["skills"]
    assert entry["skill"] == "奸雄" and "W0102" in [d["code"] for d in entry["diagnostics"]]


def test_fmt_fixes_the_seed_slips(tmp_path: Path) -> None:
    src = (
        "扩展包   测试\n武将 测试  魏 4体力 男   \n"
        "遗计：每当你受到1点伤害后,可观看牌对顶的两张牌,将其中一张交给一名角色,然后将另一张交给一名角色.\n"
        "结姻：出牌阶段，你可以弃置两张手牌并选择一名已受伤的其他男性角，你与其各回复1点体力。每阶段限一次\n"
        "倾国：你可以将一张黑色手牌当闪使用或打出。\n"
    )
    out, diags = format_text(src, "x.sgs")
    assert out == (
        "扩展包 测试\n武将 测试 魏 4体力 男\n"
        "遗计：每当你受到1点伤害后，可观看牌堆顶的两张牌，将其中一张交给一名角色，然后将另一张交给一名角色。\n"
        "结姻：出牌阶段，你可以弃置两张手牌并选择一名已受伤的其他男性角色，你与其各回复1点体力。每阶段限一次。\n"
        "倾国：你可以将一张黑色手牌当【闪】使用或打出。\n"
    )
    assert format_text(out, "x.sgs") == (out, [])
    f = tmp_path / "x.sgs"
    f.write_text(src, encoding="utf-8")
    assert runner.invoke(app, ["fmt", "--check", str(f)]).exit_code == 1
    r = runner.invoke(app, ["fmt", str(f)])
    assert r.exit_code == 0 and r.stdout == out
    assert runner.invoke(app, ["fmt", "-w", str(f)]).exit_code == 0
    assert f.read_text(encoding="utf-8") == out
    assert runner.invoke(app, ["fmt", "--check", str(f)]).exit_code == 0
    bad = tmp_path / "bad.sgs"
    bad.write_text(HEADER + "奸雄：每当你受到一次伤害后，你可以获取对你造成伤害的牌。\n", encoding="utf-8")
    r = runner.invoke(app, ["fmt", str(bad)])
    assert r.exit_code == 1 and "E0103" in r.output
    r = runner.invoke(app, ["fmt", "--text", "倾国：你可以将一张黑色手牌当闪使用或打出"])
    assert r.stdout == "倾国：你可以将一张黑色手牌当【闪】使用或打出。\n"


def test_fmt_round_trip_on_every_bundled_skill() -> None:
    from sgs.compiler import bundled_skill_paths
    from sgs.compiler.lower import lower_package
    from sgs.compiler.parse import parse_text

    def shape(text: str) -> object:
        r = parse_text(text, "x.sgs")
        assert r.tree is not None, r.diagnostics
        pkg, _ = lower_package(r.tree, "x.sgs", r.text)
        return ir_shape(pkg)

    for p in bundled_skill_paths():
        text = p.read_text(encoding="utf-8")
        out, _ = format_text(text, p.name)
        assert out is not None
        assert shape(out) == shape(text), p
        assert format_text(out, p.name)[0] == out  # idempotent


def test_explain_a_skill_a_general_and_a_code() -> None:
    r = runner.invoke(app, ["explain", "奸雄"])
    assert r.exit_code == 0
    assert "受到伤害后" in r.output and "once per damage event" in r.output and "who decides" in r.output
    r = runner.invoke(app, ["explain", "遗计"])
    assert "每受到1点伤害发动一次" in r.output and "once per point" in r.output
    r = runner.invoke(app, ["explain", "青囊"])
    assert "代价" in r.output and "cost" in r.output and "limit: 1 time(s) per phase" in r.output
    r = runner.invoke(app, ["explain", "曹操"])
    assert "奸雄" in r.output and "护驾" in r.output
    r = runner.invoke(app, ["explain", "曹躁"])
    assert r.exit_code == 1 and "曹操" in r.output
    r = runner.invoke(app, ["explain", "e0107"])
    assert r.exit_code == 0 and "括号不配对" in r.output
    r = runner.invoke(
        app, ["explain", "甲乙", "--text", "甲乙（jiayi）：出牌阶段，你可以弃置一张手牌，令一名已受伤的角色回复1点体力。每阶段限一次。"]
    )
    assert r.exit_code == 0 and "一名已受伤的角色" in r.output
