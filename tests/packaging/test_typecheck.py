"""`mypy --strict` over the installed shape of the package — the project's mypy entry
point: `python -m pytest tests/packaging/test_typecheck.py` (see tests/typing_tree.py for
why the tree is staged)."""

from __future__ import annotations

from pathlib import Path

from ..typing_tree import ROOT, inside, stage


def test_package_passes_mypy_strict(tmp_path: Path) -> None:
    from mypy import api as mypy_api

    tree = stage(tmp_path / "tree")
    with inside(tree):
        out, err, status = mypy_api.run(
            ["--strict", "--config-file", str(ROOT / "pyproject.toml"),
             "--cache-dir", str(tmp_path / ".mypy"), "-p", "sgs"]
        )
    assert status == 0, out + err
    assert "Success" in out and " 1 source file" not in out
