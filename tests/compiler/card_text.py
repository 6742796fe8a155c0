"""What the tests of card effects written as text share: a one-card package built from a
declaration and its text, and the check that such a text is refused at a given span."""

from __future__ import annotations

from typing import Any

from sgs.compiler import build_texts


def build_card(line: str, decl: str) -> Any:
    """Build a package of one card: ``decl`` its declaration line (锦囊 X 普通锦囊), ``line``
    its text (X：…), on line 3 of t.sgs.  Returns :func:`build_texts`' result."""
    return build_texts({"t.sgs": f"扩展包 测试\n{decl}\n{line}\n"})


def assert_card_refused(result: Any, line: str, span_text: str, what: str,
                        codes: tuple[str, ...] = ("E0503",)) -> None:
    """``result`` (of :func:`build_card` for ``line``) is refused: its first finding has one
    of ``codes``, spans ``span_text`` in the text on line 3, and its message names ``what``."""
    assert not result.ok
    diags = list(result.refused) + list(result.diagnostics)
    assert diags, line
    d = diags[0]
    assert d.code in codes, d
    name, text = line.split("：", 1)
    col0 = len(name) + 1
    start = text.index(span_text)
    assert (d.span.line, d.span.col, d.span.end_col) == (3, col0 + start + 1, col0 + start + len(span_text) + 1), d
    assert what in d.message, d.message
