"""Bind a register reading (:mod:`.ir`, the syntax IR) to the compiler's typed IR
(:mod:`sgs.compiler.ir`), which checks, the trigger graph, ``sgs explain`` and the
emitter read.

The register grammar reads far more text than the typed IR can say yet.  Each part of
a reading (trigger, active, static …) is bound to one typed ability when every word of
it has a meaning the typed IR and the runtime support; otherwise the part becomes an
:class:`~sgs.compiler.ir.Unbound` naming, in the register's words, each thing that
could not be bound — ``sgs check`` reports them (W0701), ``sgs compile`` refuses the
skill (E0503).  That is the capability decision for register text: made here, once,
from the reading, never by the emitter.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import ir as t
from ..diagnostics import Span
from . import ir

__all__ = ["bind_skill", "SpanOf"]

#: character offsets in the skill's text -> a source span
SpanOf = Callable[[int, int], Span]

_TAGS = {tag.value: tag for tag in t.Tag}


class _Gap(Exception):
    """A word of the reading the typed IR cannot say yet."""

    def __init__(self, what: str, node: ir.Node) -> None:
        super().__init__(what)
        self.what = what
        self.node = node


class Binder:
    """Binds one skill's reading; ``span_of`` maps offsets in its text to spans."""

    def __init__(self, reading: ir.RegisterSkill, span_of: SpanOf) -> None:
        self.reading = reading
        self.text = reading.text
        self.span_of = span_of

    def span(self, node: ir.Node) -> Span:
        return self.span_of(node.start, node.end)

    def words(self, node: ir.Node) -> str:
        return self.text[node.start:node.end]

    # ---- the skill
    def tags(self) -> tuple[tuple[t.Tag, ...], list[tuple[str, Span]]]:
        tags: list[t.Tag] = []
        gaps: list[tuple[str, Span]] = []
        for part in self.reading.parts:
            for word in part.tags:
                tag = _TAGS.get(word)
                if tag is None:
                    gaps.append((f"技能标签“{word}”", self.span(part)))
                elif tag not in tags:
                    tags.append(tag)
        order = list(t.Tag)
        return tuple(sorted(tags, key=order.index)), gaps

    def part(self, part: ir.Part) -> t.Ability:
        try:
            return self.bind_part(part)
        except _Gap as gap:
            return t.Unbound(part.kind, ((gap.what, self.span(gap.node)),), self.words(part), self.span(part))

    def bind_part(self, part: ir.Part) -> t.Ability:
        from .front import summary

        raise _Gap(f"语域语法读作“{summary(self.reading, part)}”的这部分（编译器还不能为它生成代码）", part)


def bind_skill(reading: ir.RegisterSkill, span_of: SpanOf) -> tuple[tuple[t.Tag, ...], tuple[t.Ability, ...]]:
    """The typed tags and abilities of a register reading: one ability per part, bound
    or :class:`~sgs.compiler.ir.Unbound`; a tag the typed IR does not know (转换技,
    使命技 …) makes the first part Unbound too."""
    b = Binder(reading, span_of)
    tags, tag_gaps = b.tags()
    abilities = [b.part(p) for p in reading.parts if p.kind != "xdef"]
    if tag_gaps and abilities:
        first = abilities[0]
        gaps = tuple(tag_gaps) + (first.gaps if isinstance(first, t.Unbound) else ())
        abilities[0] = t.Unbound(getattr(first, "part", first.kind), gaps, first.text, first.span)
    return tags, tuple(abilities)
