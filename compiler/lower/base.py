"""The lowering's state and tree helpers: the base class every lowering layer builds on.

:class:`LowerBase` holds what one file's lowering carries (the file, its text, the
diagnostics, the X and 获得以下技能 bookkeeping) and the helpers every layer uses: spans,
source slices, diagnostics (:meth:`~LowerBase.error` raises :class:`LoweringError` to
abandon one skill), tree access, numerals.  Seam: no grammar rule is lowered here.
"""

from __future__ import annotations

from lark import Token, Tree

from .. import ir
from ..diagnostics import Diagnostic, Severity, Span

__all__ = ["LowerBase", "NUMERALS", "LoweringError"]


NUMERALS: dict[str, int] = {
    "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5,
    "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
}


_Node = Tree[Token] | Token


class LoweringError(Exception):
    """Raised inside the lowering to abandon one skill; carries its diagnostic."""

    def __init__(self, diag: Diagnostic) -> None:
        super().__init__(diag.message)
        self.diag = diag


_QUANTITIES = {
    "q_max_hp": ir.Quantity.MAX_HP,
    "q_lost_hp": ir.Quantity.LOST_HP,
    "q_alive_count": ir.Quantity.ALIVE_COUNT,
    "q_hp": ir.Quantity.HP,
    "q_it_lost_hp": ir.Quantity.IT_LOST_HP,
}


class LowerBase:
    """State and helpers of one file's lowering."""

    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self.diags: list[Diagnostic] = []
        self._x: ir.Quantity | None = None
        self._x_cap: int | None = None
        self._x_sentence: ir.Quantity | None = None
        self._extra: list[ir.Ability] = []
        #: while lowering a card declaration: card name → its GLOSSARY identifier
        self._card_pinyin: dict[str, str] = {}
        #: lowering a trick's effect lines (a 锦囊 declaration): a sentence without a timing is
        #: the card's effect on each target
        self._card_effect = False

    # ------------------------------------------------------------ helpers
    def span(self, node: _Node, fallback: Span | None = None) -> Span:
        if isinstance(node, Token):
            return Span(
                self.file,
                node.line or 1,
                node.column or 1,
                node.end_line or node.line or 1,
                node.end_column or (node.column or 1) + len(node.value),
            )
        meta = node.meta
        if getattr(meta, "empty", True):
            if fallback is not None:
                return fallback
            return Span(self.file, 1, 1, 1, 1)
        return Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def slice(self, node: Tree[Token]) -> str:
        meta = node.meta
        if getattr(meta, "empty", True):
            return ""
        return self.text[meta.start_pos : meta.end_pos]

    def words_at(self, span: Span) -> str:
        """The source words of a one-line span (its columns are 1-based, end exclusive)."""
        lines = self.text.split("\n")
        if not 1 <= span.line <= len(lines):
            return ""
        return lines[span.line - 1][span.col - 1 : span.end_col - 1] if span.end_line == span.line else lines[span.line - 1][span.col - 1 :]

    def error(self, code: str, message: str, span: Span, help: str | None = None) -> LoweringError:
        return LoweringError(Diagnostic(code, Severity.ERROR, message, span, help=help))

    def warn(self, code: str, message: str, span: Span, help: str | None = None, notes: tuple[str, ...] = ()) -> None:
        self.diags.append(Diagnostic(code, Severity.WARNING, message, span, notes=notes, help=help))

    def note(self, code: str, message: str, span: Span, help: str | None = None) -> None:
        self.diags.append(Diagnostic(code, Severity.NOTE, message, span, help=help))

    @staticmethod
    def tokens(tree: Tree[Token], *types: str) -> list[Token]:
        return [c for c in tree.children if isinstance(c, Token) and (not types or c.type in types)]

    @staticmethod
    def tok(tree: Tree[Token], type_: str) -> Token | None:
        for c in tree.children:
            if isinstance(c, Token) and c.type == type_:
                return c
        return None

    @staticmethod
    def trees(tree: Tree[Token], *names: str) -> list[Tree[Token]]:
        return [c for c in tree.children if isinstance(c, Tree) and (not names or c.data in names)]

    def tree(self, tree: Tree[Token], *names: str) -> Tree[Token] | None:
        ts = self.trees(tree, *names)
        return ts[0] if ts else None

    def num(self, tok: Token) -> int:
        v = str(tok.value)
        if v.isdigit():
            return int(v)
        return NUMERALS[v]

    def _xdef_in(self, node: Tree[Token]) -> ir.Quantity | None:
        """The X of the first （X为…） anywhere in a sentence (X may be used before it)."""
        todo = [node]
        while todo:
            x = todo.pop(0)
            if x.data == "xdef":
                q = [t for t in self.trees(x) if t.data != "x_cap"][0]
                return _QUANTITIES[str(q.data)]
            todo.extend(self.trees(x))
        return None
