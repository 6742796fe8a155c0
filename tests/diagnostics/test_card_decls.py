"""A card declaration that disagrees with the deck table (E0302) or lacks its effect
lines (E0214) is a finding about the text: the checks report it with its span
(check.check_card_decls, before any code is planned), ``sgs check`` shows it and
``sgs compile`` reports the same."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler import build_texts
from sgs.compiler.cli import app

from ..compiler.helpers import front

runner = CliRunner()
HEAD = "扩展包 测试（ceshi）\n"


@pytest.mark.parametrize(
    ("body", "code", "message", "span"),
    [
        # (line, col, end_line, end_col) of the finding (None: the declaration line); a
        # card effect line's span runs to the start of the next line
        ("装备 八卦阵 防具 攻击范围2\n八卦阵：锁定技，你计算与其他角色的距离时，始终-1。\n",
         "E0302", "只有武器有攻击范围", None),
        ("装备 八卦阵 武器\n八卦阵：锁定技，你计算与其他角色的距离时，始终-1。\n",
         "E0302", "牌表中【八卦阵】是防具，不是武器", (2, 4, 2, 7)),
        ("装备 诸葛连弩 武器 攻击范围3\n诸葛连弩：出牌阶段，你可以使用任意数量的【杀】。\n",
         "E0302", "牌表中【诸葛连弩】的攻击范围是1，不是3", (2, 1, 2, 17)),
        ("装备 诸葛连弩 武器 攻击范围1\n", "E0214", "装备牌声明后没有效果", (2, 1, 2, 17)),
        ("锦囊 无中生有 延时锦囊\n无中生有：目标角色摸两张牌。\n",
         "E0302", "牌表中【无中生有】是普通锦囊，不是延时锦囊", (2, 4, 2, 8)),
        ("基本 无中生有\n无中生有：目标角色摸两张牌。\n", "E0302", "牌表中【无中生有】是普通锦囊，不是基本牌", (2, 4, 2, 8)),
        ("锦囊 无中生有 普通锦囊\n", "E0214", "锦囊牌声明后没有效果", (2, 1, 2, 13)),
        ("锦囊 无中生有 普通锦囊\n无中生有：目标角色摸两张牌。\n无中生有：目标角色摸一张牌。\n",
         "E0214", "锦囊牌声明后有不止一行效果", (2, 1, 2, 13)),
        ("基本 桃\n桃：锁定技，目标角色回复1点体力。\n",
         "E0214", "“桃”不是牌的效果：锦囊的效果是它对每名目标角色做的事，不带时机或技能标签", (3, 1, 4, 1)),
    ],
)
def test_check_and_compile_report_the_declaration(
    tmp_path: Path, body: str, code: str, message: str, span: tuple[int, int, int, int] | None
) -> None:
    f = tmp_path / "t.sgs"
    f.write_text(HEAD + body, encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--format", "json"])
    assert r.exit_code == 1, r.output
    found = [d for s in json.loads(r.stdout)["skills"] for d in s["diagnostics"] if d["severity"] == "error"]
    assert [(d["code"], d["message"]) for d in found] == [(code, message)]
    got = (found[0]["line"], found[0]["col"], found[0]["end_line"], found[0]["end_col"])
    assert got == (span or (2, 1, 2, len(body.split("\n")[0]) + 1))
    _, checked = front(HEAD + body, str(f))  # the checks alone, no emitter
    assert [(d.code, d.message) for d in checked if d.severity.value == "error"] == [(code, message)]
    compiled = build_texts({str(f): HEAD + body})
    assert [(d.code, d.message) for d in compiled.diagnostics if d.severity.value == "error"] == [(code, message)]
