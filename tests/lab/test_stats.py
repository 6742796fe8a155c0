"""sgs stats: Wilson intervals against published values, the role-adjusted flag on
constructed tables, byte-identical JSON whatever the workers, the CLI formats."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from sgs.compiler.cli import app
from sgs.lab.simulate import read_results, simulate
from sgs.lab.stats import compute_stats, render_csv, render_json, wilson
from sgs.lab.table import TableSpec, load_table


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [
        # Newcombe (1998), Stat. Med. 17:857, Table I, method 3 (Wilson score, no correction)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        # symmetric case: 5/10
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_matches_published_values(k: int, n: int, low: float, high: float) -> None:
    lo, hi = wilson(k, n)
    assert (round(lo, 4), round(hi, 4)) == (low, high)


def test_wilson_edges() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(10, 10)
    assert hi == 1.0 and round(lo, 4) == 0.7225
    with pytest.raises(ValueError):
        wilson(3, 2)


def _row(game: int, generals: list[str], roles: list[str], winner: str) -> dict[str, Any]:
    side = {"主公": ("主公", "忠臣"), "反贼": ("反贼",), "内奸": ("内奸",)}[winner]
    return {
        "game": game, "seed": game, "players": len(generals), "winner": winner,
        "winners": [i + 1 for i, r in enumerate(roles) if r in side], "turns": 20 + game % 7, "rounds": 5,
        "generals": generals, "pinyin": generals, "roles": roles, "agents": ["random"] * len(generals),
        "alive": [True] * len(generals), "damage_dealt": [0] * len(generals), "damage_taken": [0] * len(generals),
        "skills": [[{"skill": g + "技", "n": game % 3}] for g in generals], "deaths": [],
    }


def _table(strong: str | None, games: int = 1200, seed: int = 3) -> list[dict[str, Any]]:
    """4-player games (主公 忠臣 反贼 内奸) over 12 generals; the lord's side wins half the
    time, rebels 40%, the renegade 10% — except that the side of ``strong`` always wins."""
    rng = random.Random(seed)
    names = [f"G{i:02d}" for i in range(12)]
    rows = []
    for g in range(games):
        gens = rng.sample(names, 4)
        roles = ["主公", "忠臣", "反贼", "内奸"]
        x = rng.random()
        winner = "主公" if x < 0.5 else "反贼" if x < 0.9 else "内奸"
        if strong in gens:
            winner = {"主公": "主公", "忠臣": "主公", "反贼": "反贼", "内奸": "内奸"}[roles[gens.index(strong)]]
        rows.append(_row(g, gens, roles, winner))
    return rows


def test_a_general_whose_side_always_wins_is_flagged_and_no_other_is() -> None:
    st = compute_stats(_table("G03")).to_json()
    flags = {g["general"]: g["flag"] for g in st["by_general"]}
    assert flags["G03"] == "stronger"
    assert [g for g, f in flags.items() if f == "stronger"] == ["G03"]
    g03 = next(g for g in st["by_general"] if g["general"] == "G03")
    assert g03["rate"] == 1.0 and g03["ratio"] > 1.5 and g03["p"] < st["test"]["threshold"]


def test_a_fair_table_flags_nobody() -> None:
    st = compute_stats(_table(None)).to_json()
    assert [g["general"] for g in st["by_general"] if g["flag"]] == []
    roles = {r["role"]: r for r in st["by_role"]}
    assert roles["主公"]["n"] == 1200 and roles["主公"]["low"] < 0.5 < roles["主公"]["high"]


def test_the_role_adjustment_does_not_flag_a_general_for_the_roles_it_was_dealt() -> None:
    """G00 is always the lord (whose side wins 50%, far above the pool's seat average):
    its raw rate is high, but it wins as often as lords do, so no flag."""
    rng = random.Random(5)
    names = [f"G{i:02d}" for i in range(1, 12)]
    rows = []
    for g in range(1500):
        gens = ["G00"] + rng.sample(names, 3)
        x = rng.random()
        rows.append(_row(g, gens, ["主公", "忠臣", "反贼", "内奸"], "主公" if x < 0.5 else "反贼" if x < 0.9 else "内奸"))
    st = compute_stats(rows).to_json()
    g00 = next(g for g in st["by_general"] if g["general"] == "G00")
    assert g00["rate"] > st["pool"]["rate"] + 0.1
    assert g00["flag"] == "" and abs(g00["ratio"] - 1.0) < 1e-9


def test_json_is_byte_identical_for_one_and_two_workers_and_any_row_order(tmp_path: Path) -> None:
    spec = TableSpec(players=4)
    table = load_table(spec)
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    simulate(spec, 8, 11, one, workers=1, table=table)
    simulate(spec, 8, 11, two, workers=2, table=table)
    rows1, rows2 = read_results(one)[1], read_results(two)[1]
    text = render_json(compute_stats(rows1))
    assert render_json(compute_stats(rows2)) == text
    shuffled = list(rows1)
    random.Random(1).shuffle(shuffled)
    assert render_json(compute_stats(shuffled)) == text
    data = json.loads(text)
    assert data["games"] == 8 and sum(r["n"] for r in data["by_seat"]) == 4 * data["decided"]


def test_cli_formats(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    rows = _table("G03", games=300)
    out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    runner = CliRunner()
    res = runner.invoke(app, ["stats", str(out), "--format", "json"])
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout) == json.loads(render_json(compute_stats(rows)))
    res = runner.invoke(app, ["stats", str(out), "--format", "csv"])
    assert res.exit_code == 0 and res.stdout == render_csv(compute_stats(rows))
    assert res.stdout.splitlines()[0].startswith("table,key,role,n,wins,rate,low,high")
    res = runner.invoke(app, ["stats", str(out)])
    assert res.exit_code == 0 and "G03" in res.stdout and "显著偏强" in res.stdout
    res = runner.invoke(app, ["stats", str(tmp_path / "missing.jsonl")])
    assert res.exit_code == 2 and "找不到结果文件" in res.output
    res = runner.invoke(app, ["stats", str(tmp_path)])  # a directory: named as what it is
    assert res.exit_code == 2 and "不是普通文件" in res.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"game": 0, "winner": null}\nnot json\n', encoding="utf-8")
    res = runner.invoke(app, ["stats", str(bad)])
    assert res.exit_code == 2 and "bad.jsonl:2:1" in res.output


def test_one_lucky_appearance_is_not_significant() -> None:
    """A general seen once, as the renegade (whose side wins ~10%), who won: the z-test said
    p ≈ 1e-4 (flagged); the exact Poisson-binomial test says p ≈ 0.2 — no flag."""
    rows = _table(None, games=400)
    rows.append(_row(400, ["LUCKY", "G01", "G02", "G03"], ["内奸", "主公", "忠臣", "反贼"], "内奸"))
    st = compute_stats(rows).to_json()
    lucky = next(g for g in st["by_general"] if g["general"] == "LUCKY")
    assert lucky["n"] == 1 and lucky["rate"] == 1.0 and lucky["z"] > 2.5
    assert lucky["flag"] == "" and 0.1 < lucky["p"] < 0.5


def test_exact_and_normal_p_values_agree_for_many_appearances() -> None:
    from sgs.lab.stats import _poisson_binomial_p

    ps = [0.3] * 400
    import math
    z = (150 - 120) / math.sqrt(400 * 0.3 * 0.7)
    assert abs(_poisson_binomial_p(150, ps) - math.erfc(z / math.sqrt(2))) < 0.002
