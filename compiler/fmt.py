"""``sgs fmt``: print accepted skill text in the canonical register.

Like a code formatter, it changes form, never meaning (for every skill in
``skills/``, parsing the formatted text gives the same IR up to source positions:
:func:`ir_shape`).  What it does:

* half-width punctuation becomes full-width, full-width digits ASCII (the normaliser);
* the corrections the checker warned about are applied (W0101 错别字 such as
  ``收到`` → ``受到``, ``牌对顶`` → ``牌堆顶``, ``角`` → ``角色``, ``1.、`` → ``1.``;
  W0102 a missing final ``。``; I0702 ``你受到伤害后`` → ``你受到一次伤害后``, the reading
  the rules give it);
* bare card names get their brackets: ``当闪使用`` → ``当【闪】使用``;
* skill lines lose their spaces (the register has none), header and general lines
  keep single spaces, trailing spaces go, the file ends with one newline.

Text with errors is not formatted: :func:`format_text` returns None and the
diagnostics — every error ``sgs check`` finds in that text alone (syntax, and the
checks after it: names, pinyin, conflicts …), as :func:`format_skill_lines` does for
bare lines.
"""

from __future__ import annotations

import dataclasses
import re
from enum import Enum
from typing import Any

from lark import Token

from .diagnostics import Diagnostic, Severity

__all__ = ["format_text", "format_skill_lines", "ir_shape"]


def format_text(text: str, file: str = "<text>") -> tuple[str | None, list[Diagnostic]]:
    """The canonical form of a whole ``.sgs`` text, or None (and why) if it has errors
    (those of ``sgs check`` on this text alone)."""
    from . import build_texts
    from .parse import BARE_DAMAGE_TAKEN, parse_text, skill_line_name

    parsed = parse_text(text, file)
    diags = list(parsed.diagnostics)
    if parsed.tree is None or any(d.severity is Severity.ERROR for d in diags):
        return None, diags
    diags = build_texts({file: text}).diagnostics
    if any(d.severity is Severity.ERROR for d in diags):
        return None, diags
    src = parsed.text
    bare = sorted(
        (t.start_pos, t.end_pos)
        for t in parsed.tree.scan_values(lambda v: isinstance(v, Token) and v.type == "CARD_NAME")
        if t.start_pos is not None and t.end_pos is not None
    )
    pieces: list[str] = []
    last = 0
    for a, b in bare:
        pieces.append(src[last:a] + "【" + src[a:b] + "】")
        last = b
    pieces.append(src[last:])
    out_lines = []
    originals = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for i, line in enumerate("".join(pieces).split("\n")):
        stripped = line.strip(" \t")
        if stripped.startswith("#") and i < len(originals):
            # a comment is the designer's prose: kept as written (the normaliser's
            # full-width punctuation is for the register, not for comments)
            out_lines.append(originals[i].strip(" \t").lstrip("\ufeff"))
        elif stripped.startswith("#") or not stripped:
            out_lines.append(stripped)
        elif skill_line_name(stripped) is not None:
            # I0702: 受到伤害后 is read once per event; the canonical text says so
            out_lines.append(BARE_DAMAGE_TAKEN.sub("受到一次伤害", re.sub(r"[ \t]+", "", stripped)))
        else:
            out_lines.append(re.sub(r"[ \t]+", " ", stripped))
    while out_lines and not out_lines[-1]:
        out_lines.pop()
    while out_lines and not out_lines[0]:
        out_lines.pop(0)
    return "\n".join(out_lines) + "\n", diags


def format_skill_lines(text: str, file: str = "<text>") -> tuple[str | None, list[Diagnostic]]:
    """:func:`format_text` for a list of bare ``名称：正文`` lines (one per line)."""
    from .bare import HEADER_LINES, check_skill_lines, skill_lines, wrap

    diags = check_skill_lines(text, file)
    if any(d.severity is Severity.ERROR for d in diags):
        return None, diags
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for line_no, line in skill_lines(text):
        formatted, _ = format_text(wrap(line), file)
        if formatted is None:  # pragma: no cover - check_skill_lines saw no error
            return None, diags
        lines[line_no - 1] = formatted.split("\n")[HEADER_LINES]
    out = "\n".join(line.rstrip(" \t") for line in lines).strip("\n")
    return out + "\n", diags


_SOURCE_FORM = {"span", "name_span", "text", "label", "bracketed", "file"}


def ir_shape(node: Any) -> Any:
    """``node`` (IR) as nested tuples without source positions and source text
    (spans, ``text``, option labels, whether a card name had brackets): two texts
    that mean the same have the same shape."""
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        return (type(node).__name__,) + tuple(
            (f.name, ir_shape(getattr(node, f.name))) for f in dataclasses.fields(node) if f.name not in _SOURCE_FORM
        )
    if isinstance(node, (tuple, list)):
        return tuple(ir_shape(x) for x in node)
    if isinstance(node, Enum):
        return node.value
    return node
