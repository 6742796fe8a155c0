"""The installed import name `sgs` maps the top-level folders (sgs/compiler -> ../compiler,
…).  A wheel ships the packages setuptools finds under sgs/ plus the declared package
data; these checks keep a new subpackage or data folder from silently missing from an
installed copy (as sgs.runtime.modes once did)."""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[2]


def python_dirs() -> set[str]:
    """Dotted names of every folder below sgs/ holding Python, through the symlinks."""
    found = set()
    for folder, dirs, files in os.walk(ROOT / "sgs", followlinks=True):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        if any(f.endswith(".py") for f in files):
            found.add(".".join(Path(folder).relative_to(ROOT).parts))
    return found


def test_every_folder_with_python_is_a_found_package() -> None:
    packages = set(find_packages(where=str(ROOT), include=["sgs", "sgs.*"]))
    missing = sorted(python_dirs() - packages)
    assert not missing, f"add __init__.py to: {missing}"


def test_top_level_folders_are_mapped_under_sgs() -> None:
    for name in ("grammar", "compiler", "runtime", "skills"):
        link = ROOT / "sgs" / name
        assert link.is_symlink() and link.resolve() == (ROOT / name).resolve()


def test_pyproject_ships_what_find_finds() -> None:
    import tomllib

    conf = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    assert conf["packages"]["find"]["include"] == ["sgs", "sgs.*"], "list packages by find, not by hand"
