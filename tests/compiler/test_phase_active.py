"""An active part in a phase other than 出牌阶段 (结束阶段，你可以摸一张牌) is a capability
gap with the way to write it (W0701 in check, E0503 in compile), never the emitter's
internal error E0599 (a fresh user's finding: the capability pass had let it through)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler.cli import app

runner = CliRunner()


@pytest.mark.parametrize(
    ("phase", "how"),
    [
        ("结束阶段", "写成时机：“回合结束阶段开始时，你可以……”或“回合结束阶段结束时，你可以……”"),
        ("准备阶段", "写成时机：“回合开始阶段开始时，你可以……”"),
        ("摸牌阶段", "多摸牌写“摸牌阶段摸牌时，你可以额外摸一张牌”"),
    ],
)
def test_other_phase_is_a_gap_with_its_fix(phase: str, how: str, tmp_path: Path) -> None:
    line = f"坚守：{phase}，你可以摸一张牌。"
    r = runner.invoke(app, ["check", "--text", line])
    assert "W0701" in r.output and how in r.output and "E0599" not in r.output, r.output
    f = tmp_path / "t.sgs"
    f.write_text(f"扩展包 测试（ceshi）\n武将 陈到（chendao） 蜀 4体力 男\n{line}\n", encoding="utf-8")
    r = runner.invoke(app, ["compile", str(f), "-o", str(tmp_path / "out")])
    assert r.exit_code == 1 and "E0503" in r.output and "E0599" not in r.output, r.output
