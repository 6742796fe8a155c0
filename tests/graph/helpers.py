"""Shared loaders for the trigger-graph tests (parsed once per session)."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path

from sgs.compiler import ir
from sgs.compiler.graph import Finding, load_packages

from .fixtures import standard_extra

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "jinghua"
FIRST_RELEASE = frozenset(
    "曹操 司马懿 夏侯惇 甄姬 刘备 关羽 张飞 赵云 马超 孙权 黄盖 华佗 吕布".split()
)


@lru_cache(maxsize=None)
def standard() -> tuple[ir.Package, ...]:
    """The first-release standard set (13 generals) the expected findings describe;
    generals added to skills/standard later are left out (they have their own tests)."""
    pkgs, diags = load_packages([ROOT / "skills" / "standard"])
    assert not [d for d in diags if d.severity == "error"], diags
    return tuple(
        replace(p, generals=tuple(g for g in p.generals if g.name in FIRST_RELEASE)) for p in pkgs
    )


@lru_cache(maxsize=None)
def example() -> ir.Package:
    pkgs, diags = load_packages([EXAMPLE / "jinghua.sgs"])
    assert not [d for d in diags if d.severity == "error"], diags
    (pkg,) = pkgs
    return pkg


@lru_cache(maxsize=None)
def extra() -> ir.Package:
    return standard_extra()[0]


def summary(f: Finding) -> tuple[str, tuple[str, ...]]:
    return (f.code, tuple(f"{s.general}·{s.skill}" for s in f.skills))


def where(f: Finding) -> tuple[tuple[str, int, int], ...]:
    return tuple((Path(sp.file).name, sp.line, sp.col) for sp in f.spans)
