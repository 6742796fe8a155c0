"""Forms only the register grammar reads, bound to the typed IR and compiled: their
scenarios (forms/), and the capability rule for register text — what the emitter
cannot compile yet is W0701 in ``sgs check`` and E0503 in ``sgs compile``, one
finding, never an error of the text."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import Pool, build, build_texts, bundled_skill_paths, load_pool, render_diagnostics
from sgs.compiler.bare import check_skill_lines, wrap
from sgs.compiler.scenario import run_scenario_file

HERE = Path(__file__).parent / "forms"
SCENARIOS = sorted(HERE.glob("*.toml"))


def test_the_forms_compile() -> None:
    result = build([HERE / "forms.sgs"])
    assert result.ok, render_diagnostics(result.diagnostics + result.refused)
    skills = {s.name: s.register for p in result.packages for g in p.generals for s in g.skills}
    # the sentence grammar reads 劝学 (其他角色的<阶段>开始时); the register grammar the others
    assert skills == {"抚伤": True, "劝学": False, "助战": True, "献命": True, "养气": True, "怜香": True, "惊弓": True}


@pytest.fixture(scope="module")
def pool() -> Pool:
    return load_pool([*bundled_skill_paths(), HERE / "forms.sgs"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path, pool: Pool) -> None:
    report = run_scenario_file(path, pool)
    assert report.ok, "\n".join([*report.failures, report.log])


def test_what_the_emitter_cannot_compile_is_a_capability_gap() -> None:
    line = "测：出牌阶段，你可以失去1点体力，然后摸两张牌。每回合限一次。"  # an active skill limited per turn
    diags = check_skill_lines(line, "<text>")
    assert [(d.code, d.severity.value, d.message) for d in diags] == [
        ("W0701", "warning", "“测”：运行时还不能执行“每回合限1次”（运行时的主动技只有每阶段次数限制）")
    ]
    result = build_texts({"t.sgs": wrap(line)})
    assert [d.code for d in result.refused] == ["E0503"]
    assert result.refused[0].message == "“测”还不能编译：“每回合限1次”（运行时的主动技只有每阶段次数限制）"
    assert not result.ok


def test_explain_shows_the_reading_of_a_part_not_compiled_yet() -> None:
    from sgs.compiler.reading import build_skill_texts, explain_skill, find_skills

    pkgs, _, _ = build_skill_texts(["测：出牌阶段限一次，你可以弃置一张牌并选择一名其他角色，其摸一张牌，然后你获得其一张牌。"])
    ((_, skill),) = find_skills(pkgs, "测")
    out = explain_skill(skill)
    for line in ("类型：主动技", "时机：出牌阶段", "谁决定：你（可以）决定是否发动", "代价：你弃置一张牌",
                 "效果：你选择〔choose〕 一名其他角色", "效果：其摸牌 一张牌", "效果：你获得〔gain〕 其一张牌", "限制：出牌阶段限一次",
                 "尚不能编译：动作“选择一名其他角色”"):
        assert line in out, out


def test_fmt_keeps_comments_and_register_lines_as_written() -> None:
    from sgs.compiler.fmt import format_text

    src = (HERE / "forms.sgs").read_text(encoding="utf-8")
    assert "," in src.splitlines()[0]  # a half-width comma in the comment
    formatted, diags = format_text(src, "forms.sgs")
    assert formatted == src, [d.message for d in diags]
