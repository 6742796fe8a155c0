"""W0604 (a skill nothing can trigger) is not said of a skill whose window the runtime
lacks: that is a gap of the back end, which W0701 names (不屈's 扣减体力时 was called
dead although every damage deducts hp)."""

from __future__ import annotations

from typer.testing import CliRunner

from sgs.compiler import bundled_skills_dir
from sgs.compiler.cli import app


def test_a_window_the_runtime_lacks_is_a_gap_not_a_dead_skill() -> None:
    res = CliRunner().invoke(app, ["check", "--format", "json", str(bundled_skills_dir() / "wind" / "zhoutai.sgs")])
    assert res.exit_code == 0, res.output
    assert "W0701" in res.output and "扣减体力时" in res.output
    assert "W0604" not in res.output
