"""``sgs simulate``: N seeded games of one table, across processes, streamed to a file.

Result file (JSON Lines, UTF-8): the first line is the header
``{"sgs_lab": 1, "seed": S, "spec": {…TableSpec…}}``, then one row per game
(:mod:`sgs.lab.rows`), written and flushed as each game finishes, in game-index order
(the pool's results are taken in order), so 1 worker and K workers write the same
bytes.  A path ending in ``.parquet`` is written with pyarrow (extra ``[parquet]``) at
the end of the run from a JSON Lines spool beside it (``OUT.parquet.jsonl``, kept: it is
what a resumed or extended run continues).

Resume: when the file exists, its header must name the same seed and table (else the
run is refused: :class:`SimulateError`); a last line cut short by a kill is dropped,
and only the games of ``range(N)`` without a row are played.  Game ``i`` always plays
with :func:`sgs.lab.table.game_seed`\\ ``(S, i)``, so rows do not depend on the number of
workers, on the order games ran in, or on an interruption.

Parallelism: ``workers`` local processes (default: every core), each loading the pool
from the compile cache the parent filled (``sgs.compiler.load_pool``), or a Ray cluster
(``ray_address``: ``""`` starts one locally; extra ``[ray]``).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator, Mapping, Sequence

from .table import LoadedTable, TableSpec, load_table

__all__ = [
    "SimulateError",
    "RunSummary",
    "simulate",
    "read_results",
    "spool_path",
    "FORMAT_VERSION",
]

FORMAT_VERSION = 1
#: games per task sent to a worker: small enough for a live progress bar
CHUNK = 4
RAY_CHUNK = 16


class SimulateError(Exception):
    """A result file that cannot be resumed or read, or a missing optional library."""


@dataclass(frozen=True)
class RunSummary:
    """``played`` games this run, ``skipped`` (already in the file), ``total`` rows in
    the file for ``range(N)``, ``seconds`` of wall time playing, ``workers``."""

    played: int
    skipped: int
    total: int
    seconds: float
    workers: int
    path: Path

    @property
    def games_per_second(self) -> float:
        return self.played / self.seconds if self.seconds > 0 else 0.0


def spool_path(out: Path) -> Path:
    """The JSON Lines file a run writes to: ``out`` itself, or ``out.jsonl`` beside a
    ``.parquet`` output."""
    return out.with_name(out.name + ".jsonl") if out.suffix == ".parquet" else out


def _header(spec: TableSpec, seed: int) -> dict[str, Any]:
    return {"sgs_lab": FORMAT_VERSION, "seed": seed, "spec": spec.header()}


def _dump(obj: Mapping[str, Any]) -> str:
    return json.dumps(obj, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _open_for_resume(path: Path, header: dict[str, Any]) -> tuple[IO[str], set[int]]:
    """Open the spool for appending (created with the header if missing); return it
    and the indices of the games it already has.  A last line without its newline
    (the process was killed while writing it) is cut off."""
    done: set[int] = set()
    if path.exists() and path.stat().st_size > 0:
        data = path.read_bytes()
        end = data.rfind(b"\n") + 1
        if end < len(data):
            with open(path, "r+b") as cut:
                cut.truncate(end)
            data = data[:end]
        lines = data.decode("utf-8").splitlines()
        if not lines:
            raise SimulateError(f"{path}：文件没有完整的首行，无法续跑；请删除它或换一个 -o")
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            raise SimulateError(f"{path}:1：不是 sgs simulate 的结果文件（首行不是 JSON）") from None
        if not isinstance(first, dict) or first.get("sgs_lab") is None:
            raise SimulateError(f"{path}:1：不是 sgs simulate 的结果文件（没有 sgs_lab 首行）")
        if first != header:
            raise SimulateError(
                f"{path}：这个结果文件是用不同的参数（种子、武将池、人数、代理…）生成的，不能续跑；"
                f"请用原来的参数，或换一个 -o。文件里：{_dump(first)}"
            )
        for no, line in enumerate(lines[1:], start=2):
            try:
                row = json.loads(line)
                done.add(int(row["game"]))
            except (json.JSONDecodeError, KeyError, TypeError, ValueError):
                raise SimulateError(f"{path}:{no}：这一行不是完整的对局记录，无法续跑") from None
        return open(path, "a", encoding="utf-8"), done
    if not path.parent.is_dir():
        # a typo in -o must not make folders anywhere (it made /nonexist/dir when run as root)
        raise SimulateError(f"{path}：文件夹 {path.parent} 不存在；请先建好它，或换一个 -o")
    f = open(path, "w", encoding="utf-8")
    f.write(_dump(header) + "\n")
    f.flush()
    return f, done


# ---------------------------------------------------------------------- workers

_TABLE: LoadedTable | None = None
_SEED = 0


def _init_worker(spec: TableSpec, cache_dir: str, profiles: Mapping[str, Any], seed: int) -> None:
    global _TABLE, _SEED
    _TABLE = load_table(spec, cache_dir, profiles)
    _SEED = seed


def _play_index(index: int) -> dict[str, Any]:
    from .rows import play_row

    assert _TABLE is not None, "worker not initialised"
    return play_row(_TABLE, _SEED, index)


def _serial(table: LoadedTable, seed: int, todo: Sequence[int]) -> Iterator[dict[str, Any]]:
    from .rows import play_row

    for i in todo:
        yield play_row(table, seed, i)


def _processes(
    table: LoadedTable, cache_dir: str, seed: int, todo: Sequence[int], workers: int
) -> Iterator[dict[str, Any]]:
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    with ctx.Pool(workers, _init_worker, (table.spec, cache_dir, dict(table.profiles), seed)) as pool:
        try:
            yield from pool.imap(_play_index, todo, chunksize=CHUNK)
        except BaseException:
            pool.terminate()
            raise


def _ray_chunk(spec: TableSpec, cache_dir: str, profiles: Mapping[str, Any], seed: int, indices: list[int]) -> list[dict[str, Any]]:
    """One Ray task: a few games (the table is loaded once per worker process)."""
    global _TABLE
    from .rows import play_row

    if _TABLE is None or _TABLE.spec != spec:
        _TABLE = load_table(spec, cache_dir, profiles)
    return [play_row(_TABLE, seed, i) for i in indices]


def _ray(
    table: LoadedTable, cache_dir: str, seed: int, todo: Sequence[int], address: str
) -> Iterator[dict[str, Any]]:
    try:
        import ray  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        raise SimulateError("--ray 需要 Ray：pip install 'sgs-skill-compiler[ray]'（或 pip install ray）") from None
    started = not ray.is_initialized()
    if started:
        ray.init(address=address or None, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        task = ray.remote(_ray_chunk)
        chunks = [list(todo[i:i + RAY_CHUNK]) for i in range(0, len(todo), RAY_CHUNK)]
        spec_ref: Any = ray.put(table.spec)
        prof_ref: Any = ray.put(dict(table.profiles))
        pending = {task.remote(spec_ref, cache_dir, prof_ref, seed, c): k for k, c in enumerate(chunks)}
        ready: dict[int, list[dict[str, Any]]] = {}
        nxt = 0
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                ready[pending.pop(ref)] = ray.get(ref)
            while nxt in ready:  # hand rows on in game order, like the local pool
                yield from ready.pop(nxt)
                nxt += 1
    finally:
        if started:
            ray.shutdown()


# ---------------------------------------------------------------------- the run


def simulate(
    spec: TableSpec,
    games: int,
    seed: int,
    out: Path,
    workers: int | None = None,
    ray_address: str | None = None,
    on_progress: Callable[[int, int], None] | None = None,
    table: LoadedTable | None = None,
) -> RunSummary:
    """Play the games of ``range(games)`` missing from ``out`` and append their rows.

    ``workers``: local processes (None = ``os.cpu_count()``; 1 = in this process);
    ``ray_address``: not None → run on Ray (``""`` = start a local cluster);
    ``on_progress(done, total)`` after every game (``done`` counts the rows already in
    the file); ``table``: the loaded table if the caller has it.  Raises
    :class:`SimulateError` (file from other arguments, unreadable line, pyarrow/ray
    missing), :class:`sgs.lab.table.SpecError`, :class:`sgs.compiler.CompileError`."""
    from sgs.compiler.cache import cache_root

    spec.validate()
    if out.suffix == ".parquet":
        _need_pyarrow()
    cache_dir = str(cache_root())
    if table is None:
        table = load_table(spec, cache_dir)  # compiled once here; workers hit the cache
    path = spool_path(out)
    f, done = _open_for_resume(path, _header(spec, seed))
    todo = [i for i in range(games) if i not in done]
    skipped = games - len(todo)
    k = max(1, workers if workers is not None else (os.cpu_count() or 1))
    k = min(k, max(1, len(todo)))
    rows: Iterable[dict[str, Any]]
    if not todo:
        rows = ()
    elif ray_address is not None:
        rows = _ray(table, cache_dir, seed, todo, ray_address)
    elif k == 1:
        rows = _serial(table, seed, todo)
    else:
        rows = _processes(table, cache_dir, seed, todo, k)
    played = 0
    start = time.perf_counter()
    try:
        for row in rows:
            f.write(_dump(row) + "\n")
            f.flush()
            played += 1
            if on_progress is not None:
                on_progress(skipped + played, games)
    finally:
        f.close()
    seconds = time.perf_counter() - start
    if out.suffix == ".parquet":
        write_parquet(read_results(path)[1], out)
    return RunSummary(played, skipped, skipped + played, seconds, k, out)


# ---------------------------------------------------------------------- reading


def _need_pyarrow() -> None:
    try:
        import pyarrow  # type: ignore[import-untyped, import-not-found, unused-ignore]  # noqa: F401
    except ImportError:
        raise SimulateError("Parquet 需要 pyarrow：pip install 'sgs-skill-compiler[parquet]'（或用 .jsonl 结果文件）") from None


def write_parquet(rows: Sequence[Mapping[str, Any]], out: Path) -> None:
    """Write ``rows`` (sorted by game) to a Parquet file with pyarrow."""
    import pyarrow as pa  # type: ignore[import-untyped, import-not-found, unused-ignore]
    import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]

    pq.write_table(pa.Table.from_pylist([dict(r) for r in rows]), out)


def read_results(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the rows (sorted by game index, one per index) of a result
    file: JSON Lines as :func:`simulate` writes it (a cut last line is ignored), or
    Parquet (header: ``{}``).  Raises :class:`SimulateError` for a missing or
    malformed file (with ``path:line``)."""
    if not path.exists():
        raise SimulateError(f"找不到结果文件：{path}")
    if not path.is_file():  # /dev/zero, a FIFO, a directory: never read (unbounded or blocking)
        raise SimulateError(f"{path} 不是普通文件：结果文件是 sgs simulate 写出的 .jsonl 或 .parquet 文件")
    if path.suffix == ".parquet":
        _need_pyarrow()
        import pyarrow.parquet as pq  # type: ignore[import-untyped, import-not-found, unused-ignore]

        rows = pq.read_table(path).to_pylist()
        header: dict[str, Any] = {}
        spool = spool_path(path)
        if spool.is_file():
            header = read_results(spool)[0]
        return header, _unique_sorted(rows)
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[-1] != "":  # cut short by a kill: not a row yet
        lines = lines[:-1]
    header = {}
    rows = []
    for no, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise SimulateError(f"{path}:{no}:{exc.colno}：不是 JSON（{exc.msg}）") from None
        if no == 1 and isinstance(obj, dict) and "sgs_lab" in obj:
            header = obj
            continue
        if not isinstance(obj, dict) or "game" not in obj or "winner" not in obj:
            raise SimulateError(f"{path}:{no}：不是 sgs simulate 的对局记录（缺少 game / winner）")
        rows.append(obj)
    return header, _unique_sorted(rows)


def _unique_sorted(rows: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    by_game: dict[int, dict[str, Any]] = {}
    for r in rows:
        by_game.setdefault(int(r["game"]), r)
    return [by_game[i] for i in sorted(by_game)]
