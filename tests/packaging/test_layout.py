"""The installed import name `sgs` maps the top-level folders (sgs.compiler -> compiler/,
…) with setuptools' package-dir mapping in setup.py — no symlinks.  These checks keep a
new subpackage or data folder from silently missing from an installed copy (as
sgs.runtime.modes once did), and prove a checkout without symlinks installs."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from ..typing_tree import ROOT, mapping


def python_dirs() -> set[str]:
    """Dotted import names of every mapped folder holding Python."""
    package_dir, _ = mapping()
    found = set()
    for name, folder in package_dir.items():
        for here, dirs, files in os.walk(ROOT / folder):
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            if any(f.endswith(".py") for f in files):
                rel = Path(here).relative_to(ROOT / folder).parts
                found.add(".".join((name, *rel)))
    return found


def test_every_folder_with_python_is_a_shipped_package() -> None:
    _, packages = mapping()
    missing = sorted(python_dirs() - set(packages))
    assert not missing, f"add __init__.py to: {missing}"


def test_top_level_folders_are_mapped_without_symlinks() -> None:
    package_dir, _ = mapping()
    for name in ("grammar", "compiler", "runtime", "skills"):
        assert package_dir[f"sgs.{name}"] == name
    assert not any(p.is_symlink() for p in ROOT.joinpath("sgs").iterdir())


def test_no_test_package_shadows_a_real_module() -> None:
    # Test folders are packages under `tests`, imported in importlib mode: a bare
    # `compiler`/`runtime`/`coverage` package would shadow the real ones (pytest-cov).
    assert (ROOT / "tests" / "__init__.py").is_file()
    conf = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "--import-mode=importlib" in conf


def test_wheel_holds_every_package_and_data_file(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        capture_output=True, text=True,
    )
    if out.returncode != 0:
        pytest.skip(f"cannot build a wheel here: {out.stderr[-300:]}")
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    for package in python_dirs():
        assert package.replace(".", "/") + "/__init__.py" in names, package
    assert "sgs/grammar/skill.lark" in names or any(n.startswith("sgs/grammar/") and n.endswith(".lark") for n in names)
    assert any(n.startswith("sgs/skills/standard/") and n.endswith(".sgs") for n in names)
    assert any(n.startswith("sgs/runtime/data/") and n.endswith(".tsv") for n in names)
    assert any(n.startswith("sgs/compiler/templates/") and n.endswith(".j2") for n in names)
