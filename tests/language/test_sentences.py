"""Issue 8's 27 sentences (tests/register_grammar/new_sentences.txt): every one is
accepted, and every one compiles except 当你处于濒死状态时 (the runtime has no such
window yet: one W0701 that names it).  The scenarios in sentences/ play them with the
generals of sentences/sentences.sgs (one general per sentence) beside the bundled pool."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import Pool, build, bundled_skill_paths, load_pool, render_diagnostics
from sgs.compiler.bare import check_skill_lines
from sgs.compiler.scenario import run_scenario_file

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).parent / "sentences"
SENTENCES = [s for s in (ROOT / "tests/register_grammar/new_sentences.txt").read_text(encoding="utf-8").splitlines() if s.strip()]
SCENARIOS = sorted(HERE.glob("*.toml"))
NO_WINDOW = "当你处于濒死状态时，你可以摸一张牌。"


@pytest.mark.parametrize("sentence", SENTENCES)
def test_each_sentence_is_accepted_and_compiles(sentence: str) -> None:
    diags = check_skill_lines("新技：" + sentence, "<text>")
    if sentence == NO_WINDOW:
        assert [(d.code, d.message) for d in diags] == [("W0701", "“新技”：运行时还不能执行时机“处于濒死状态时”（运行时没有这个时机）")]
    else:
        assert diags == [], [d.message for d in diags]


def test_the_package_of_the_sentences_compiles() -> None:
    result = build([HERE / "sentences.sgs"])
    assert result.ok, render_diagnostics(result.diagnostics + result.refused)
    assert len(SENTENCES) == 27


@pytest.fixture(scope="module")
def pool() -> Pool:
    return load_pool([*bundled_skill_paths(), HERE / "sentences.sgs"])


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario(path: Path, pool: Pool) -> None:
    report = run_scenario_file(path, pool)
    assert report.ok, "\n".join([*report.failures, report.log])


def test_their_emitted_module_passes_mypy_strict(tmp_path: Path) -> None:
    from mypy import api as mypy_api

    from sgs.compiler import compile_paths

    from ..typing_tree import inside, stage

    written = compile_paths([HERE / "sentences.sgs"], tmp_path / "out")
    with inside(stage(tmp_path / "tree")):  # emitted modules import sgs.runtime.api
        out, err, status = mypy_api.run(
            ["--strict", "--no-incremental", "--cache-dir", str(tmp_path / ".mypy"), *map(str, written)]
        )
    assert status == 0, out + err
