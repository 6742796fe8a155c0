"""The installed shape of the package, laid out for mypy.

setup.py maps the top-level folders under `sgs` (sgs.compiler -> compiler/, …); mypy does
not run the import hook of an editable install, so type checks copy the wheel's tree —
sgs/, sgs/compiler/, sgs/runtime/ … — into a folder and check there (`-p sgs`, or
MYPYPATH pointing at it for emitted modules that import sgs.runtime.api).
"""

from __future__ import annotations

import os
import runpy
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def mapping() -> tuple[dict[str, str], list[str]]:
    """setup.py's package_dir and packages, read by running it with setup() stubbed."""
    import setuptools

    seen: dict[str, object] = {}
    real = setuptools.setup
    setuptools.setup = lambda **kw: seen.update(kw)  # type: ignore[assignment]
    try:
        runpy.run_path(str(ROOT / "setup.py"), run_name="__main__")
    finally:
        setuptools.setup = real  # type: ignore[assignment]
    return seen["package_dir"], seen["packages"]  # type: ignore[return-value]


def stage(dest: Path) -> Path:
    """Copy the mapped folders into dest/sgs/…; returns dest (the folder to put on MYPYPATH)."""
    package_dir, _ = mapping()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name, folder in sorted(package_dir.items(), key=lambda kv: kv[0].count(".")):
        shutil.copytree(ROOT / folder, dest.joinpath(*name.split(".")), ignore=ignore, dirs_exist_ok=True)
    return dest


@contextmanager
def inside(folder: Path) -> Iterator[None]:
    here = os.getcwd()
    old = os.environ.get("MYPYPATH")
    os.chdir(folder)
    os.environ["MYPYPATH"] = str(folder)
    try:
        yield
    finally:
        os.chdir(here)
        if old is None:
            os.environ.pop("MYPYPATH", None)
        else:
            os.environ["MYPYPATH"] = old
