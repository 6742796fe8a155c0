"""sgs report: the PNGs and the HTML page; the agent comparison's baseline rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from sgs.compiler.cli import app
from sgs.lab.report import agent_cells, write_report

from .test_stats import _table

PNG = b"\x89PNG\r\n\x1a\n"


def _with_agents(rows: list[dict[str, Any]], heuristic_role: str | None) -> list[dict[str, Any]]:
    out = []
    for r in rows:
        r = dict(r)
        r["agents"] = ["heuristic" if ro == heuristic_role else "random" for ro in r["roles"]]
        out.append(r)
    return out


def test_html_inlines_the_four_figures_and_the_tables(tmp_path: Path) -> None:
    import base64
    import re

    rows = _table("G03", games=200)
    page = write_report(rows, tmp_path / "r.html", extra_runs=[_with_agents(rows, "主公")])[0]
    text = page.read_text(encoding="utf-8")
    images = re.findall(r"alt='([a-z]+\.png)' src='data:image/png;base64,([A-Za-z0-9+/=]+)'", text)
    # the agent figure too: heuristic came in from the other run
    assert [name for name, _ in images] == ["winrate.png", "lengths.png", "heatmap.png", "agents.png"]
    assert all(base64.b64decode(data).startswith(PNG) for _, data in images)
    assert "<td>G03</td>" in text and "stronger" in text


def test_agent_cells_take_only_new_agents_from_the_other_runs() -> None:
    base = _with_agents(_table(None, games=100, seed=1), None)
    lord_h = _with_agents(_table(None, games=100, seed=2), "主公")
    cells = {(c["agent"], c["role"]): c for c in agent_cells(base, [lord_h])}
    assert set(cells) == {("random", r) for r in ("主公", "忠臣", "反贼", "内奸")} | {("heuristic", "主公")}
    assert cells[("random", "主公")]["n"] == 100 and cells[("heuristic", "主公")]["n"] == 100


def test_cli_report(tmp_path: Path) -> None:
    res_file = tmp_path / "r.jsonl"
    res_file.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in _table(None, games=80)), encoding="utf-8")
    res = CliRunner().invoke(app, ["report", str(res_file), "-o", str(tmp_path / "out")])
    assert res.exit_code == 0, res.output
    written = sorted(p.name for p in (tmp_path / "out").iterdir())
    assert written == ["heatmap.png", "lengths.png", "winrate.png"]  # one agent kind: no agent figure
    assert all((tmp_path / "out" / n).read_bytes().startswith(PNG) for n in written)
    res = CliRunner().invoke(app, ["report", str(tmp_path / "nope.jsonl")])
    assert res.exit_code == 2 and "找不到结果文件" in res.output
