"""examples/balance: the lab flags the overpowered fan general and not the fair one.

A fixed seed set on a small pool (the two fan generals and the eight 吴 generals of the
standard set), so each general plays about half of the games: 60 five-player games with
heuristic agents (as the README's workflow) on two workers (~10 s of CPU).  At this seed
set 霸骑 has z = +6.6 against the Bonferroni threshold z ≈ 2.8 (p < 0.005) and 守卒
z = +1.1; the README runs the full pool with 2000 games.
"""

from __future__ import annotations

from pathlib import Path

from sgs.lab.simulate import read_results, simulate
from sgs.lab.stats import compute_stats
from sgs.lab.table import TableSpec

ROOT = Path(__file__).resolve().parents[2]
GAMES = 60


def test_the_overpowered_general_is_flagged_and_the_fair_one_is_not(tmp_path: Path) -> None:
    spec = TableSpec(
        skills=(str(ROOT / "examples" / "balance"), str(ROOT / "skills" / "standard" / "wu.sgs")),
        players=5,
        seat_agents=("heuristic",),
    )
    out = tmp_path / "balance.jsonl"
    simulate(spec, GAMES, 2024, out, workers=2)
    rows = read_results(out)[1]
    assert len(rows) == GAMES
    st = compute_stats(rows).to_json()
    by = {g["general"]: g for g in st["by_general"]}
    assert set(by) >= {"霸骑", "守卒", "孙权"} and st["test"]["generals_tested"] == 10
    assert by["霸骑"]["flag"] == "stronger", by["霸骑"]
    assert by["守卒"]["flag"] == "", by["守卒"]
    assert [g for g, row in by.items() if row["flag"] == "stronger"] == ["霸骑"]
