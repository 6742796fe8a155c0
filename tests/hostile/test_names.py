"""Look-alike names: NFKC-normalised, refused when they hide a character (E0114,
naming it), and a general named like a bundled one reported (I0203 with both places;
E0221 with --strict-overrides)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler import build_texts
from sgs.compiler.cli import app
from sgs.compiler.names import name_problem

runner = CliRunner()
SKILL = "奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌。"


def _pkg(general: str, skill: str = "奸雄", package: str = "测试") -> str:
    return f"扩展包 {package}（ceshi）\n武将 {general}（zhangsan） 魏 4体力 男\n{SKILL.replace('奸雄', skill)}\n"


@pytest.mark.parametrize(
    "name, char",
    [
        ("曹\u200b操", "U+200B ZERO WIDTH SPACE"),
        ("曹\u200d操", "U+200D ZERO WIDTH JOINER"),
        ("曹操\ufeff", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("曹\u2060操", "U+2060 WORD JOINER"),
        ("曹操\ufe00", "U+FE00 VARIATION SELECTOR-1"),
        ("曹操\u0301", "U+0301 COMBINING ACUTE ACCENT"),
        ("曹\u3164操", "U+3164 HANGUL FILLER"),
        ("曹\ue000操", "U+E000"),
    ],
)
def test_invisible_characters_are_refused_and_named(name: str, char: str) -> None:
    res = build_texts({"t.sgs": _pkg(name)})
    (d,) = [d for d in res.diagnostics if d.code == "E0114"]
    assert char in d.message and "不可见字符" in d.message
    assert d.span is not None and d.span.line == 2


def test_in_skill_and_package_names_too() -> None:
    res = build_texts({"t.sgs": _pkg("张三", skill="奸\u200b雄", package="测\u200c试")})
    msgs = sorted(d.message for d in res.diagnostics if d.code == "E0114")
    assert msgs == ["扩展包名“测\u200c试”含有不可见字符 U+200C ZERO WIDTH NON-JOINER", "技能名“奸\u200b雄”含有不可见字符 U+200B ZERO WIDTH SPACE"]


def test_mixed_scripts() -> None:
    assert name_problem("Аlice") == "混用了外形相近的文字：U+0410 CYRILLIC CAPITAL LETTER A 与 U+006C LATIN SMALL LETTER L"
    assert name_problem("张三а") == "汉字中混有 U+0430 CYRILLIC SMALL LETTER A"
    assert name_problem("赵云٣") == "含有非 ASCII 数字 U+0663 ARABIC-INDIC DIGIT THREE"
    for fine in ("曹操", "SP赵云", "+1马", "-1马", "Alice", "Алиса", "神吕蒙", "界徐盛2"):
        assert name_problem(fine) is None, fine


def test_nfkc_compatibility_ideograph_collides() -> None:
    # U+F900 豈 is a compatibility twin of 豈: read as the same name, so it collides
    res = build_texts({"t.sgs": _pkg("\uf900操") + "武将 豈操（qicao） 魏 4体力 男\n" + SKILL.replace("奸雄", "护驾") + "\n"})
    (w,) = [d for d in res.diagnostics if d.code == "W0115"]
    assert "U+F900 CJK COMPATIBILITY IDEOGRAPH-F900" in w.message and "读作“豈操”" in w.message
    assert any(d.code == "E0201" and "重名" in d.message for d in res.diagnostics)
    # full-width letters are read as ASCII ones
    res = build_texts({"t.sgs": _pkg("ＳＰ赵云")})
    assert [d.code for d in res.diagnostics if d.code == "W0115"] == ["W0115"]
    assert res.packages[0].generals[0].name == "SP赵云"


def test_a_lookalike_caocao_does_not_join_the_pool(tmp_path: Path) -> None:
    f = tmp_path / "fake.sgs"
    f.write_text(_pkg("曹\u200b操"), encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--format", "short"])
    assert r.exit_code == 1 and "error[E0114]" in r.stdout and "U+200B ZERO WIDTH SPACE" in r.stdout
    assert "\u200b" not in r.stdout  # the character is shown escaped, not raw


def test_overriding_a_bundled_general(tmp_path: Path) -> None:
    f = tmp_path / "mine.sgs"
    f.write_text(_pkg("曹操"), encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--format", "short"])
    assert r.exit_code == 0
    assert f"{f.name}:2:1: note[I0203]: 武将“曹操”替换了内置扩展包“标准”中的定义" in r.stdout
    r = runner.invoke(app, ["check", str(f), "--format", "json"])
    assert "内置定义在 skills/standard/wei.sgs:4:1" in r.stdout  # both places
    r = runner.invoke(app, ["check", str(f), "--strict-overrides", "--format", "short"])
    assert r.exit_code == 1 and "error[E0221]: 武将“曹操”替换了内置扩展包“标准”中的定义" in r.stdout
    # a different name is no override
    f.write_text(_pkg("张三"), encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--strict-overrides", "--format", "short"])
    assert r.exit_code == 0 and "I0203" not in r.stdout and "E0221" not in r.stdout


def test_an_overridden_general_is_not_analysed_beside_its_replacement(tmp_path: Path) -> None:
    # the designer's 曹操 replaces the bundled one when both are loaded, so the trigger
    # graph has one 曹操: no order finding between the two 奸雄
    f = tmp_path / "mine.sgs"
    f.write_text(_pkg("曹操"), encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--format", "short"])
    assert "I0203" in r.stdout and "W0603" not in r.stdout, r.stdout
    f.write_text(_pkg("张三"), encoding="utf-8")  # a general of its own is paired as before
    r = runner.invoke(app, ["check", str(f), "--format", "short"])
    assert "warning[W0603]: 结算顺序影响结果：张三·奸雄与曹操·奸雄" in r.stdout, r.stdout


from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from sgs.compiler.diagnostics import cap_diagnostics, render_human  # noqa: E402


@settings(settings.default, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=12))
def test_arbitrary_names_never_raise(name: str) -> None:
    name_problem(name)
    res = build_texts({"t.sgs": _pkg(name.replace("\n", "") or "张三")})
    # every diagnostic renders, capped: the output is bounded by the input
    text = render_human(cap_diagnostics(res.diagnostics), res.originals)
    assert len(text) < 50_000
