"""The reading helpers the register-grammar tests share: a text read into the small IR
(one skill named 测) and the acts in it."""

from __future__ import annotations

from sgs.compiler.language import ir
from sgs.compiler.language.front import register_reading


def read(text: str) -> ir.RegisterSkill:
    """``text`` read as the skill 测; fails the test when the register grammar refuses it."""
    got = register_reading("测", text)
    assert got is not None, text
    return got


def acts(skill: ir.RegisterSkill) -> list[ir.Act]:
    """Every act of ``skill``, in walk order."""
    return [n for n in ir.walk(skill) if isinstance(n, ir.Act)]
