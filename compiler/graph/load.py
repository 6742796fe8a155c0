"""Reading packages for the analysis (parse → lower, through the compiler's own entry points)."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Iterable

from .. import ir
from ..diagnostics import Diagnostic
from ..lower import lower_package
from ..parse import parse_text

__all__ = ["load_packages", "load_text", "standard_packages", "SKILLS_DIR"]

#: the bundled sources (skills/ …)
SKILLS_DIR = Path(__file__).resolve().parent.parent.parent / "skills"


def _files(paths: Iterable[Path | str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        out.extend(sorted(p.rglob("*.sgs")) if p.is_dir() else [p])
    return out


def load_text(text: str, file: str) -> tuple[ir.Package | None, list[Diagnostic]]:
    """Parse and lower one file's text."""
    res = parse_text(text, file)
    diags = list(res.diagnostics)
    if res.tree is None:
        return None, diags
    pkg, more = lower_package(res.tree, file, res.text)
    return pkg, diags + list(more)


def load_packages(paths: Iterable[Path | str]) -> tuple[list[ir.Package], list[Diagnostic]]:
    """Every .sgs file under ``paths`` (files or folders), lowered; files that fail
    are left out and their diagnostics returned."""
    pkgs: list[ir.Package] = []
    diags: list[Diagnostic] = []
    from ..diagnostics import Severity
    from ..inputs import InputError, read_text

    for f in _files(paths):
        try:
            text = read_text(f)
        except (InputError, UnicodeDecodeError) as err:
            diags.append(Diagnostic("E0001", Severity.ERROR, f"无法读取“{f}”：{getattr(err, 'message', err)}"))
            continue
        pkg, d = load_text(text, str(f))
        diags.extend(d)
        if pkg is not None:
            pkgs.append(pkg)
    return pkgs, diags


def standard_packages() -> list[ir.Package]:
    """The bundled 标准版 sources (skills/standard)."""
    folder = SKILLS_DIR / "standard"
    try:
        folder = folder.relative_to(Path.cwd())
    except ValueError:
        pass
    pkgs, _ = load_packages([folder])
    return pkgs


def findings_for(
    targets: Iterable[Path | str],
    context: Iterable[Path | str] | None = None,
    known: Iterable[ir.Package] = (),
) -> list[Diagnostic]:
    """What ``sgs check`` adds for ``targets`` (files or folders): the trigger-graph
    findings of the targets analysed together with ``context`` (default: the bundled
    ``skills/`` tree), keeping only findings that involve a skill of a target file.
    File names are the compiler's display names, so the renderer finds the source
    lines.  ``known``: packages the caller already lowered (``build(...).packages``,
    keyed by their display file name), used instead of parsing those files again.
    Files that do not parse are left out (their errors come from the compiler)."""
    from .. import _display, _expand, bundled_skill_paths
    from ..gcpause import gc_paused
    from ..inputs import InputError, read_text
    from .analysis import analyze, involving, to_diagnostics

    target_files = _expand(list(targets))
    ctx_files = bundled_skill_paths() if context is None else _expand(list(context))
    seen: dict[Path, str] = {}
    for f in [*target_files, *ctx_files]:
        seen.setdefault(f.resolve(), _display(f))
    lowered = {p.file: p for p in known}
    pkgs: list[ir.Package] = []
    for real, name in seen.items():
        if name in lowered:
            pkgs.append(lowered[name])
            continue
        try:
            text = read_text(real)
        except (InputError, UnicodeDecodeError):
            continue
        pkg, _ = load_text(text, name)
        if pkg is not None:
            pkgs.append(pkg)
    wanted = [seen[f.resolve()] for f in target_files]
    # a general of a target named like one of the context replaces it when both are
    # loaded (load_pool; sgs check says so with I0203): the context's is not in play
    mine = {g.name for p in pkgs if p.file in wanted for g in p.generals}
    if mine:
        pkgs = [
            p if p.file in wanted else dataclasses.replace(p, generals=tuple(g for g in p.generals if g.name not in mine))
            for p in pkgs
        ]
    with gc_paused():  # the analysis of a large set makes many objects and no cycles
        return to_diagnostics(involving(analyze(pkgs), wanted))
