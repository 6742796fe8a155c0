"""The facts of a register reading: what a designer checks a reading by.

Per part of a skill (trigger / active / static …): when it acts (each timing with its
subject, window, timing word and whether it counts events or points), who decides
(the actor of the first act under 可以; None: it is mandatory), what it costs (an active
part's first acts that the verb table marks as a cost, done by 你), its conditions
(若…), its effects (verb, actor, arguments as written — nested choices, 令 and
conditions included, in order) and its limit.  ``sgs explain`` shows them for a part
the compiler has not bound yet, and tests/register_grammar/test_facts.py pins them for
a sample of the corpus, so a grammar change that reads a text differently shows.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..verbs import verb_of_frame
from . import ir

__all__ = ["PartFacts", "Effect", "part_facts", "skill_facts", "explain_lines"]


@dataclass(frozen=True)
class Effect:
    """One act: ``verb`` (the verb table's word where the table has the frame, else
    the grammar's frame name), ``actor`` (as written, or the subject carried from an
    earlier clause; None if none), ``args`` (the argument phrases as written),
    ``optional`` (decided with 可以 here), ``under`` (the condition it depends on, or
    the option label / 令 it is nested in, as written)."""

    verb: str
    actor: str | None
    args: tuple[str, ...]
    optional: bool = False
    under: str | None = None
    modal: str | None = None  # 不能 / 须 …: the act's modal word other than 可以


@dataclass(frozen=True)
class PartFacts:
    kind: str
    tags: tuple[str, ...]
    when: tuple[str, ...]
    decides: str | None
    cost: tuple[Effect, ...]
    conditions: tuple[str, ...]
    effects: tuple[Effect, ...]
    limit: str | None
    x: str | None = None  # what X stands for, as written in the part's （X为…）


def _verb(frame: str, words: str) -> str:
    """The verb table's word for a frame; a frame the table does not have (令, 对 …,
    or a verb not compiled yet) is named by the word it starts with and the frame
    (``将〔draw_to〕``)."""
    v = verb_of_frame(frame)
    if v is not None:
        return v.word
    from .front import _head_word

    head = _head_word(words)
    # the grammar's frame name beside the first word: 将 alone would hide 摸至 / 置于 / 当…使用
    return f"{head}〔{frame}〕" if head else frame


def _words(text: str, n: ir.Node) -> str:
    return text[n.start:n.end]


def _timing(text: str, e: ir.EventPattern) -> str:
    subject = e.subject.text if e.subject is not None else ""
    per = {"point": "每点", "event": ""}.get(e.per, e.per)
    context = "".join(f"[{c}]" for c in e.context)
    # the event's own phrases (which phase, which card, whose target) as written
    args = "".join(f"({_words(text, a)})" for a in e.args)
    got = f"{subject}|{e.window}{args}{context}|{e.timing}" + (f"|{per}" if per else "")
    return f"{_words(text, e)} = {got}"


def _effects(text: str, node: ir.Node, under: str | None, out: list[Effect], conds: list[str]) -> None:
    if isinstance(node, ir.Seq):
        for item in node.items:
            _effects(text, item, under, out, conds)
    elif isinstance(node, ir.If):
        label = node.cond.text if node.cond is not None else "若如此做"
        conds.append(label)
        _effects(text, node.then, label, out, conds)
        if node.else_ is not None:
            _effects(text, node.else_, f"否则（{label}）", out, conds)
    elif isinstance(node, ir.Act):
        args: list[str] = []
        nested: list[ir.Node] = []
        for a in node.args:
            if isinstance(a, (ir.Seq, ir.Option)):
                nested.append(a)
            else:
                args.append(_words(text, a))
        actor = node.actor.text if node.actor is not None else None
        modal = node.modal if node.modal not in (None, "可以") else None
        out.append(Effect(_verb(node.verb, _words(text, node)), actor, tuple(args), node.optional, under, modal))
        for n in nested:
            if isinstance(n, ir.Option):
                _effects(text, n.body, f"选项：{n.label}", out, conds)
            else:
                _effects(text, n, under, out, conds)
    elif isinstance(node, ir.Static):
        out.append(Effect(f"状态：{node.kind}", None, tuple(_words(text, a) for a in node.args), False, under))


def part_facts(skill: ir.RegisterSkill, part: ir.Part) -> PartFacts:
    """The facts of one part of a reading (see the module doc)."""
    text = skill.text
    effects: list[Effect] = []
    conds: list[str] = []
    if part.body is not None:
        _effects(text, part.body, None, effects, conds)
    # who decides: the actor of the first act, when it is under 可以; an act under a 若
    # counts (若…，你可以…: you decide once the condition holds), an option's does not
    first = next((e for e in effects if e.under is None or e.under in conds), None)
    decides = first.actor if first is not None and first.optional else None
    cost: list[Effect] = []
    if part.kind == "active":
        for e in effects:
            if e.under is None and e.actor == "你" and is_cost(e.verb):
                cost.append(e)
            else:
                break
        effects = effects[len(cost):]
    when = tuple(_timing(text, e) for e in part.timings)
    if part.kind == "active" and part.phase:
        when = (part.phase,)
    m = re.search(r"（X为(.+?)）", text[part.start:part.end])
    return PartFacts(part.kind, part.tags, when, decides, tuple(cost), tuple(conds), tuple(effects), part.limit,
                     m.group(1) if m else None)


def is_cost(word: str) -> bool:
    """Whether the verb table marks the verb ``word`` as a cost when 你 pays it first
    in an active skill (弃置, 失去体力, 减体力上限 …)."""
    from ..verbs import VERBS

    v = VERBS.get(word)
    return bool(v is not None and v.cost)


def skill_facts(skill: ir.RegisterSkill) -> tuple[PartFacts, ...]:
    """The facts of every part of a reading, in order."""
    return tuple(part_facts(skill, p) for p in skill.parts)


_KINDS = {
    "trigger": ("触发技", "triggered"), "active": ("主动技", "active"), "static": ("状态技", "static"),
    "free": ("无时机的句子（转化、状态或出牌阶段限次的主动技）", "a sentence without a timing"),
    "limit_only": ("次数限制", "a limit"), "xdef": ("X的定义", "what X stands for"),
}


def explain_lines(f: PartFacts) -> list[tuple[str, str]]:
    """``sgs explain``'s (Chinese, English) lines for a part read but not compiled."""
    zh, en = _KINDS.get(f.kind, (f.kind, f.kind))
    out = [(f"类型：{zh}（语域语法的读法；编译器还不能为它生成代码）",
            f"kind: {en} (the register grammar's reading; not compiled yet)")]
    for w in f.when:
        out.append((f"时机：{w}", f"when: {w}"))
    if f.decides is not None:
        out.append((f"谁决定：{f.decides}（可以）决定是否发动", f"who decides: {f.decides} (may)"))
    else:
        out.append(("谁决定：满足时机即执行，不询问", "who decides: nobody; it happens when it can"))
    for e in f.cost:
        out.append((f"代价：{e.actor}{e.verb}{'、'.join(e.args)}", f"cost: {e.actor} {e.verb} {', '.join(e.args)}"))
    for c in f.conditions:
        out.append((f"条件：{c}", f"condition: {c}"))
    for e in f.effects:
        where = f"（{e.under}）" if e.under else ""
        may = "可以" if e.optional else (e.modal or "")
        out.append((f"效果：{e.actor or ''}{may}{e.verb} {'、'.join(e.args)}{where}".rstrip(),
                    f"effect: {e.actor or ''} {'may ' if e.optional else (e.modal + ' ' if e.modal else '')}{e.verb} {', '.join(e.args)}{' (' + e.under + ')' if e.under else ''}".rstrip()))
    if f.x:
        out.append((f"X：{f.x}", f"X: {f.x}"))
    if f.limit:
        out.append((f"限制：{f.limit}", f"limit: {f.limit}"))
    return out
