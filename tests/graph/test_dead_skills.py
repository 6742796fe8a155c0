"""W0604 (a skill nothing can trigger) is not said of a skill whose window the runtime
lacks: that is a gap of the back end, which W0701 names (不屈's 扣减体力时 was called
dead although every damage deducts hp; it is now a stage of the damage and hp-loss
families, so 不屈 is neither)."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from sgs.compiler import bundled_skills_dir
from sgs.compiler.cli import app

SEED004 = Path(__file__).parents[1] / "coverage" / "seed004_skills.txt"


def test_a_window_the_runtime_lacks_is_a_gap_not_a_dead_skill(tmp_path: Path) -> None:
    # 礼让 (seed 004) listens at 因弃置而置入弃牌堆时, a window the runtime does not have
    line = next(l for l in SEED004.read_text(encoding="utf-8").splitlines() if l.startswith("礼让："))
    src = tmp_path / "lirang.sgs"
    src.write_text("扩展包 国战（guozhan）\n武将 测试 魏 4体力 男\n" + line + "\n", encoding="utf-8")
    res = CliRunner().invoke(app, ["check", "--format", "json", str(src)])
    assert res.exit_code == 0, res.output
    assert "W0701" in res.output and "因弃置而置入弃牌堆时" in res.output
    assert "W0604" not in res.output


def test_buqu_listens_at_a_window_every_damage_opens() -> None:
    res = CliRunner().invoke(app, ["check", "--format", "json", str(bundled_skills_dir() / "wind" / "zhoutai.sgs")])
    assert res.exit_code == 0, res.output
    assert "W0701" not in res.output and "W0604" not in res.output
