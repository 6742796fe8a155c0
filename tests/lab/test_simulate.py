"""sgs simulate: same rows whatever the workers, resume after a kill, Ray = local."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest

from sgs.lab.rows import ROW_KEYS
from sgs.lab.simulate import SimulateError, read_results, simulate
from sgs.lab.table import LoadedTable, TableSpec, game_seed, load_table

SPEC = TableSpec(players=5)
GAMES = 10


@cache
def table() -> LoadedTable:
    return load_table(SPEC)


@cache
def reference(tmp: str) -> bytes:
    """The file of one uninterrupted 1-worker run (computed once per session)."""
    out = Path(tmp) / "ref.jsonl"
    simulate(SPEC, GAMES, 7, out, workers=1, table=table())
    return out.read_bytes()


@pytest.fixture(scope="module")
def ref(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    return reference(str(tmp_path_factory.mktemp("ref")))


def test_game_seed_is_fixed_and_depends_on_seed_and_index() -> None:
    assert game_seed(1, 0) == game_seed(1, 0)
    assert len({game_seed(1, i) for i in range(100)} | {game_seed(2, i) for i in range(100)}) == 200
    assert 0 <= game_seed(1, 0) < 2**62
    # pinned: a change here changes every published run's games
    assert game_seed(1, 0) == 2534686402189542147


def test_rows_have_the_documented_fields(ref: bytes) -> None:
    lines = ref.decode().splitlines()
    header = json.loads(lines[0])
    assert header["sgs_lab"] == 1 and header["seed"] == 7 and header["spec"]["players"] == 5
    rows = [json.loads(x) for x in lines[1:]]
    assert [r["game"] for r in rows] == list(range(GAMES))
    for r in rows:
        assert sorted(r) == sorted(ROW_KEYS)
        assert r["seed"] == game_seed(7, r["game"])
        assert len(r["generals"]) == len(r["roles"]) == len(r["skills"]) == 5 and r["roles"][0] == "主公"
        assert sum(r["damage_dealt"]) <= sum(r["damage_taken"])  # damage without a source counts as taken only
        assert r["winner"] in ("主公", "反贼", "内奸")
        dead = {d["seat"] for d in r["deaths"]}
        assert dead == {i + 1 for i, a in enumerate(r["alive"]) if not a}
    # someone invoked a skill in ten games of the standard pool
    assert any(s["n"] > 0 for r in rows for seat in r["skills"] for s in seat)


def test_one_and_two_workers_write_the_same_bytes(ref: bytes, tmp_path: Path) -> None:
    out = tmp_path / "two.jsonl"
    summary = simulate(SPEC, GAMES, 7, out, workers=2, table=table())
    assert summary.played == GAMES and summary.workers == 2
    assert out.read_bytes() == ref


def test_resume_after_a_kill_plays_only_the_missing_games(ref: bytes, tmp_path: Path) -> None:
    lines = ref.split(b"\n")
    cut = b"\n".join(lines[:4]) + b"\n" + lines[4][: len(lines[4]) // 2]  # header, 3 rows, half a row
    out = tmp_path / "cut.jsonl"
    out.write_bytes(cut)
    assert [r["game"] for r in read_results(out)[1]] == [0, 1, 2]  # the half row is not a row
    summary = simulate(SPEC, GAMES, 7, out, workers=2, table=table())
    assert (summary.played, summary.skipped) == (GAMES - 3, 3)
    assert out.read_bytes() == ref
    again = simulate(SPEC, GAMES, 7, out, workers=2, table=table())
    assert again.played == 0 and out.read_bytes() == ref


def test_resume_with_other_arguments_is_refused(ref: bytes, tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    out.write_bytes(ref)
    with pytest.raises(SimulateError, match="不同的参数"):
        simulate(SPEC, GAMES, 8, out, workers=1, table=table())
    with pytest.raises(SimulateError, match="不同的参数"):
        simulate(TableSpec(players=5, seat_agents=("random",), max_turns=50), GAMES, 7, out, workers=1)


def test_a_broken_line_in_the_middle_is_reported_with_its_line(ref: bytes, tmp_path: Path) -> None:
    lines = ref.split(b"\n")
    lines[2] = lines[2][:20]
    out = tmp_path / "b.jsonl"
    out.write_bytes(b"\n".join(lines))
    with pytest.raises(SimulateError, match=r"b\.jsonl:3"):
        simulate(SPEC, GAMES, 7, out, workers=1, table=table())


def test_parquet_rows_equal_the_jsonl_rows(ref: bytes, tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    out = tmp_path / "r.parquet"
    (tmp_path / "r.parquet.jsonl").write_bytes(ref)  # the spool of a finished run: nothing to play
    summary = simulate(SPEC, GAMES, 7, out, workers=1, table=table())
    assert summary.played == 0
    ref_rows = [json.loads(x) for x in ref.decode().splitlines()[1:]]
    assert read_results(out)[1] == ref_rows


def test_ray_run_equals_local_run(ref: bytes, tmp_path: Path) -> None:
    pytest.importorskip("ray")
    out = tmp_path / "ray.jsonl"
    summary = simulate(SPEC, GAMES, 7, out, ray_address="", table=table())
    assert summary.played == GAMES
    assert out.read_bytes() == ref


def test_killed_halfway_and_restarted_gives_the_uninterrupted_file(ref: bytes, tmp_path: Path) -> None:
    """A real kill (SIGKILL of the run and its workers) once 3 rows are written; the same
    arguments again complete the file, byte-identical to the uninterrupted run.  The kill
    comes from the progress callback, so it cannot race the run (it did on a fast machine)."""
    import os
    import subprocess
    import sys

    out = tmp_path / "killed.jsonl"
    code = (
        "import os, signal; from pathlib import Path; from sgs.lab.simulate import simulate; "
        "from sgs.lab.table import TableSpec; "
        f"simulate(TableSpec(players=5), {GAMES}, 7, Path({str(out)!r}), workers=2, "
        "on_progress=lambda done, total: os.killpg(os.getpgid(0), signal.SIGKILL) if done >= 3 else None)"
    )
    proc = subprocess.run([sys.executable, "-c", code], env=os.environ.copy(), start_new_session=True, timeout=120)
    assert proc.returncode == -9
    rows_before = len(read_results(out)[1])
    assert rows_before == 3
    summary = simulate(SPEC, GAMES, 7, out, workers=2, table=table())
    assert summary.skipped == rows_before and summary.played == GAMES - rows_before
    assert out.read_bytes() == ref


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "smart"], "未知代理「smart」"),
        (["--agent-role", "主公heuristic"], "身份=代理"),
        (["--agent-role", "军师=heuristic"], "未知身份「军师」"),
        (["--agents", "random,random"], "应为 1 个（所有座次）或 5 个"),
        (["--players", "11"], "2 到 10 人"),
    ],
)
def test_cli_refuses_bad_tables_with_a_message(args: list[str], message: str, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from sgs.compiler.cli import app

    res = CliRunner().invoke(app, ["simulate", "--games", "1", "-o", str(tmp_path / "r.jsonl"), *args])
    assert res.exit_code == 2 and message in res.output, res.output
    assert not (tmp_path / "r.jsonl").exists()


def test_cli_runs_and_resumes(tmp_path: Path, ref: bytes) -> None:
    from typer.testing import CliRunner

    from sgs.compiler.cli import app

    out = tmp_path / "c.jsonl"
    out.write_bytes(b"\n".join(ref.split(b"\n")[:6]) + b"\n")  # 5 games done
    res = CliRunner().invoke(app, ["simulate", "--games", str(GAMES), "--seed", "7", "-j", "1", "-q", "-o", str(out)])
    assert res.exit_code == 0, res.output
    assert f"本次 {GAMES - 5} 局，已有 5 局" in res.output
    assert out.read_bytes() == ref
    res = CliRunner().invoke(app, ["simulate", "--games", "3", "--seed", "8", "-q", "-o", str(out)])
    assert res.exit_code == 2 and "不同的参数" in res.output
    res = CliRunner().invoke(app, ["simulate", "--games", "3", "-o", str(tmp_path / "r.txt")])
    assert res.exit_code == 2 and ".jsonl 或 .parquet" in res.output


def test_a_missing_output_folder_is_refused_not_made(tmp_path: Path) -> None:
    out = tmp_path / "no" / "such" / "r.jsonl"
    with pytest.raises(SimulateError, match="不存在"):
        simulate(SPEC, GAMES, 7, out, workers=1, table=table())
    assert not (tmp_path / "no").exists()
