"""The register grammar as a second reading of skill lines the sentence grammar rejects.

Today's pipeline (grammar/sgs.lark → IR → emitter) compiles what it accepts; the
register grammar (grammar/register/) reads far more of the register but has no code
generation yet.  So a bare skill line (``sgs check --text`` / ``--skills-file``) that
the sentence grammar rejects only with a syntax error (E0101, E0103) is read
again by the register grammar; if it reads it, the errors give way to one W0701 —
the text is well-formed, the back end cannot run it yet — naming what was read
(timings, verbs), exactly W0701's meaning.  Every other error stands.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from .. import diagnostics as dg
from . import ir
from .lower import lower_skill
from .register import RegisterAmbiguity, RegisterError, parse_register

__all__ = ["FALLBACK_CODES", "register_reading", "read", "summary", "not_runnable", "two_readings"]

#: errors of the sentence grammar that a reading by the register grammar replaces
#: (not E0106: 失去体力时 is refused by the rules — there is no such window — not by syntax)
FALLBACK_CODES = frozenset({"E0101", "E0103"})
#: longest text read again (characters): Earley's time grows with length, and no real
#: skill text comes near it (the dev corpus' longest is 787)
MAX_REREAD = 1000


@lru_cache(maxsize=4096)
def read(name: str, text: str) -> ir.RegisterSkill | RegisterAmbiguity | None:
    """The register grammar's one reading of a skill text; the ambiguity when it reads
    two ways; None when it does not parse (or is longer than :data:`MAX_REREAD`)."""
    if len(text) > MAX_REREAD:
        return None
    try:
        tree = parse_register(text)
    except RegisterAmbiguity as amb:
        return amb
    except RegisterError:
        return None
    return lower_skill(name, text, tree)


def register_reading(name: str, text: str) -> ir.RegisterSkill | None:
    """The register grammar's one reading of one skill text, or None if it does not
    parse, reads two ways, or is longer than :data:`MAX_REREAD`."""
    got = read(name, text)
    return got if isinstance(got, ir.RegisterSkill) else None


def two_readings(amb: RegisterAmbiguity, text: str, span_of: Callable[[int, int], dg.Span]) -> dg.Diagnostic:
    """E0108 for a text the register grammar reads two ways, each reading in the
    designer's words, bracketed (``span_of(start, end)``: character offsets in ``text``
    to a span); see :func:`.diagnose.two_readings`."""
    from .diagnose import two_readings as readable

    return readable(amb, text, span_of)


def _head_word(words: str) -> str:
    """The first word of a verb frame (令, 弃置, 手牌上限 …), by the register lexer."""
    from .register import _lexer_of, get_register_parser

    try:
        toks = _lexer_of(get_register_parser()).tokens(words)
    except Exception:  # noqa: BLE001 - a span always lexes; never fail a message on it
        return words[:2]
    return str(toks[0]) if toks else ""


def summary(skill: ir.RegisterSkill, node: ir.Node | None = None) -> str:
    """时机 and 动作 of a reading (or of one node of it), in the register's words."""
    timings: list[str] = []
    verbs: list[str] = []
    for n in ir.walk(node if node is not None else skill):
        if isinstance(n, ir.EventPattern):
            timings.append(skill.text[n.start:n.end])
        elif isinstance(n, (ir.Act, ir.Static)):
            word = _head_word(skill.text[n.start:n.end])
            if word and word not in verbs:
                verbs.append(word)
    parts = []
    if timings:
        parts.append("时机：" + "、".join(dict.fromkeys(timings)))
    if verbs:
        parts.append("动作：" + "、".join(verbs))
    return "；".join(parts) or "（无动作）"


def not_runnable(skill: ir.RegisterSkill, span: dg.Span) -> dg.Diagnostic:
    """W0701 for a skill only the register grammar reads."""
    return dg.Diagnostic(
        "W0701",
        dg.Severity.WARNING,
        f"“{skill.name}”按语域语法读作：{summary(skill)}；编译器还不能为语域语法读出的技能生成代码",
        span,
        notes=("现行句式语法不接受这种写法；语域语法（grammar/register/）读懂了它，代码生成尚未接上",),
    )
