"""Shared helpers for the compiler tests: compile a snippet of .sgs text."""

from __future__ import annotations

from sgs.compiler import ir
from sgs.compiler.check import check_package
from sgs.compiler.diagnostics import Diagnostic
from sgs.compiler.lower import lower_package
from sgs.compiler.parse import parse_text

HEADER = "扩展包 测试\n武将 测试 魏 4体力 男\n"


def front(text: str, file: str = "t.sgs") -> tuple[ir.Package | None, list[Diagnostic]]:
    """Parse + lower + check ``text``; returns (package or None, diagnostics)."""
    r = parse_text(text, file)
    diags = list(r.diagnostics)
    if r.tree is None:
        return None, diags
    pkg, more = lower_package(r.tree, file, r.text)
    diags += more
    if pkg is not None:
        diags += check_package(pkg)
    return pkg, diags


def skill_line(line: str, header: str = HEADER) -> tuple[ir.Skill | None, list[Diagnostic]]:
    """Compile one skill line under a one-general header (skill on line 3)."""
    pkg, diags = front(header + line + "\n")
    if pkg is None:
        return None, diags
    return pkg.generals[0].skills[0], diags
