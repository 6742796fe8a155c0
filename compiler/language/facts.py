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
from typing import Any

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
    target: str | None = None  # 对X: whom the act is aimed at
    partner: str | None = None  # 和X同时: who does it together with the actor
    manner: tuple[str, ...] = ()  # 视为 / 各 / 依次 / 再 / 改为 …, in order


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
    #: timings inside the body (若如此做，当…后，…): when the effects under them happen
    later: tuple[str, ...] = ()
    #: how long an effect holds (…，直到回合结束), as written
    lasting: tuple[str, ...] = ()
    #: remarks in brackets on the part's acts (（至多摸至五张）), as written
    remarks: tuple[str, ...] = ()
    #: the branch it is (阳 / 阴 / 成功 / 失败 / 背水), if any
    label: str | None = None
    #: when its clauses hold (本回合 / 你的回合外 / 其下个摸牌阶段), as written
    spans: tuple[str, ...] = ()


#: words that introduce an argument or an adverb of a serial verb, not the verb itself
_COVERBS = frozenset({"将", "从", "对", "视为", "各", "依次", "亦", "再", "再次", "连续", "同时", "和", "与",
                      "额外", "分别", "改为", "用", "把"})


#: words that join two arguments (〖天香〗和〖流离〗)
_JOINS = frozenset({"和", "或", "与", "及", "以及", "或者"})


def _verb(text: str, act: ir.Act) -> str:
    """The verb table's word for an act's frame; a frame the table does not have (令, 获得
    …, or a verb not compiled yet) is named by its own words outside its arguments, after
    its coverbs, with … where an argument stands (置于, 当…使用, 造成…伤害, 防止此伤害),
    beside the frame name (``当…使用〔use_as〕``)."""
    v = verb_of_frame(act.verb)
    if v is not None:
        return v.word
    from .register import _lexer_of, get_register_parser

    held = [(n.start, n.end) for n in (*act.args, act.target, act.partner) if n is not None]
    if act.actor is not None and act.start <= act.actor.start:  # 视为你装备着…: the actor inside
        held.append((act.actor.start, act.actor.end))
    try:
        toks = _lexer_of(get_register_parser()).tokens(text[act.start:act.end])
    except Exception:  # noqa: BLE001 - a span always lexes; never fail a message on it
        toks = []
    groups: list[str] = []
    gap = False

    def is_held(tok: Any) -> bool:
        at = act.start + (tok.start_pos or 0)
        return any(a <= at < b for a, b in held)

    for i, tok in enumerate(toks):
        if is_held(tok):
            gap = True
            continue
        word = str(tok)
        if gap and word in _JOINS and i + 1 < len(toks) and is_held(toks[i + 1]):
            continue  # 〖天香〗和〖流离〗: two arguments joined, not a word of the verb
        if word in "，、：；。（）" or (not groups and word in _COVERBS):
            continue
        if gap and groups:
            groups.append("…")
        gap = False
        groups.append(word)
    head = "".join(groups)
    return f"{head}〔{act.verb}〕" if head else act.verb


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


class _Collect:
    """What a walk of a part's body collects besides its effects."""

    def __init__(self) -> None:
        self.conds: list[str] = []
        self.later: list[str] = []
        self.lasting: list[str] = []
        self.later_labels: list[str] = []
        self.spans: list[str] = []


def _effects(text: str, node: ir.Node, under: str | None, out: list[Effect], got: _Collect) -> None:
    conds = got.conds
    if isinstance(node, ir.Seq):
        for item in node.items:
            _effects(text, item, under, out, got)
    elif isinstance(node, ir.When):
        label = "、".join(_words(text, e) for e in node.timings)
        got.later.extend(_timing(text, e) for e in node.timings)
        got.later_labels.append(label)
        _effects(text, node.body, label, out, got)
    elif isinstance(node, ir.If) and node.cond is not None and node.cond.kind == "until":
        got.lasting.append(node.cond.text)
        _effects(text, node.then, under, out, got)
    elif isinstance(node, ir.If) and node.cond is not None and node.cond.kind == "duration":
        # 本回合 / 此阶段内 / 你的回合外: when the clause holds, not a condition to check
        got.spans.append(node.cond.text)
        _effects(text, node.then, under, out, got)
    elif isinstance(node, ir.If):
        label = node.cond.text if node.cond is not None else "若如此做"
        conds.append(label)
        _effects(text, node.then, label, out, got)
        if node.else_ is not None:
            _effects(text, node.else_, f"否则（{label}）", out, got)
    elif isinstance(node, ir.OrElse):
        # X需A，否则B: A as asked, B under the refusal (never a condition to check)
        _effects(text, node.do, under, out, got)
        _effects(text, node.otherwise, "否则", out, got)
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
        out.append(Effect(_verb(text, node), actor, tuple(args), node.optional, under, modal,
                          node.target.text if node.target is not None else None,
                          node.partner.text if node.partner is not None else None, node.manner))
        for n in nested:
            if isinstance(n, ir.Option):
                _effects(text, n.body, f"选项：{n.label}", out, got)
            else:
                _effects(text, n, under, out, got)
    elif isinstance(node, ir.Static):
        # a changed quantity keeps its sign (手牌上限-1: -1, not 1)
        signed = tuple(text[a.start - 1:a.end] if isinstance(a, ir.Quantity) and text[a.start - 1:a.start] in ("+", "-")
                       else _words(text, a) for a in node.args)
        out.append(Effect(f"状态：{node.kind}", None, signed, False, under))


def part_facts(skill: ir.RegisterSkill, part: ir.Part) -> PartFacts:
    """The facts of one part of a reading (see the module doc)."""
    text = skill.text
    effects: list[Effect] = []
    got = _Collect()
    conds = got.conds
    if part.body is not None:
        _effects(text, part.body, None, effects, got)
    # who decides: the actor of the first act, when it is under 可以; an act under a 若
    # counts (若…，你可以…: you decide once the condition holds), an option's does not
    # (or under a later timing: 当…后，其可以…: 其 decides then)
    first = next((e for e in effects if e.under is None or e.under in conds or e.under in got.later_labels), None)
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
    if part.kind in ("active", "static") and part.phase:
        when = (part.phase,)
    m = re.search(r"[（，]X为(.+?)）", text[part.start:part.end])
    return PartFacts(part.kind, part.tags, when, decides, tuple(cost), tuple(conds), tuple(effects), part.limit,
                     m.group(1) if m else None, tuple(got.later), tuple(got.lasting), part.remarks, part.label,
                     tuple(dict.fromkeys(got.spans)))


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
        if f.kind == "static":  # a static holds during its phase; it does not act at it
            out.append((f"范围：{w}", f"while: {w}"))
        else:
            out.append((f"时机：{w}", f"when: {w}"))
    for w in f.later:
        out.append((f"之后的时机：{w}", f"later, when: {w}"))
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
        who = e.actor or ""
        how = (f"和{e.partner}" if e.partner else "") + "".join(e.manner)  # as written: 你可以和X同时展示…
        to_zh = f"，对{e.target}" if e.target else ""
        to_en = f", at {e.target}" if e.target else ""
        out.append((f"效果：{who}{may}{how}{e.verb} {'、'.join(e.args)}".rstrip() + f"{to_zh}{where}",
                    f"effect: {who} {'may ' if e.optional else (e.modal + ' ' if e.modal else '')}{how}{e.verb} {', '.join(e.args)}".rstrip()
                    + f"{to_en}{' (' + e.under + ')' if e.under else ''}"))
    for d in f.spans:
        out.append((f"时段：{d}", f"during: {d}"))
    for d in f.lasting:
        out.append((f"持续：{d}", f"lasting: {d}"))
    for r in f.remarks:
        out.append((f"说明：{r}", f"remark: {r}"))
    if f.x:
        out.append((f"X：{f.x}", f"X: {f.x}"))
    if f.limit:
        out.append((f"限制：{f.limit}", f"limit: {f.limit}"))
    return out
