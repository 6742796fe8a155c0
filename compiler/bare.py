"""Bare skill texts: ``名称：正文`` lines checked without a package around them.

Designers often have a list of skills, not a package.  Each line is checked on its
own (so one bad line does not hide the next): it is wrapped in a one-general
package (:func:`wrap`), built, and every diagnostic is moved back onto the line it
came from (:func:`check_skill_lines`).  The synthetic general takes the kingdom a
lord skill names (``其他吴势力角色`` → 吴), so no kingdom-mismatch warning appears
that the designer did not write.
"""

from __future__ import annotations

import re
from dataclasses import replace

from .diagnostics import Diagnostic, Severity, Span, Suggestion

__all__ = ["wrap", "skill_lines", "check_skill_lines", "HEADER_LINES", "MAX_SKILL_LINES"]

#: a text of bare skills is checked line by line (one build each): at most this many
#: lines are checked, so a large file cannot keep ``sgs check`` busy for minutes
MAX_SKILL_LINES = 1000

#: lines of the synthetic package before the skill line
HEADER_LINES = 2


def wrap(line: str) -> str:
    """A one-general package whose third line is ``line``."""
    m = re.search(r"其他([魏蜀吴群])势力", line)
    kingdom = m.group(1) if m else "魏"
    return f"扩展包 技能文本（jinengwenben）\n武将 设计（sheji） {kingdom} 4体力 男\n{line}\n"


def skill_lines(text: str) -> list[tuple[int, str]]:
    """(1-based line number, line) of every line that is not blank or a comment."""
    out = []
    for k, line in enumerate(text.replace("\r\n", "\n").replace("\r", "\n").split("\n")):
        if line.strip() and not line.lstrip(" \t").startswith("#"):
            out.append((k + 1, line))
    return out


def _move(span: Span, file: str, line_no: int, length: int) -> Span:
    if span.line <= HEADER_LINES or span.end_line > HEADER_LINES + 1:
        # only the synthetic header or beyond: the whole line stands for it
        return Span(file, line_no, 1, line_no, length + 1)
    return Span(file, line_no, span.col, line_no, span.end_col)


def check_skill_lines(text: str, file: str) -> list[Diagnostic]:
    """Diagnostics for every ``名称：正文`` line of ``text``, on the lines of ``text``;
    beyond :data:`MAX_SKILL_LINES` lines, one E0110 for the rest (not checked)."""
    from . import build_texts
    from .diagnostics import Severity

    out: list[Diagnostic] = []
    lines = skill_lines(text)
    if len(lines) > MAX_SKILL_LINES:
        first_unchecked = lines[MAX_SKILL_LINES][0]
        out.append(
            Diagnostic(
                "E0110", Severity.ERROR,
                f"技能太多：{len(lines)} 行，只检查了前 {MAX_SKILL_LINES} 行", Span(file, first_unchecked, 1, first_unchecked, 1),
                help="把技能分成几个文件分别检查，或写成 .sgs 扩展包",
            )
        )
        lines = lines[:MAX_SKILL_LINES]
    for line_no, line in lines:
        result = build_texts({file: wrap(line)})
        moved: list[Diagnostic] = []
        for d in result.diagnostics:
            if d.span is None:
                moved.append(d)
                continue
            sugg = d.suggestion
            if sugg is not None:
                sugg = Suggestion(_move(sugg.span, file, line_no, len(line)), sugg.replacement)
            moved.append(replace(d, span=_move(d.span, file, line_no, len(line)), suggestion=sugg))
        # the package build already read the line with both grammars (compiler/parse.py):
        # its W0701, E0108 or the better of the two grammars' errors is in ``moved``
        out += moved
    return out
