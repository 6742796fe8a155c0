"""Semantic checks: per-node functions over the IR, each returning diagnostics.

The checks run after lowering and before code generation:

* :func:`check_cards` — every card name is in the vocabulary (E0301, with "did you
  mean") and in the runtime (E0302);
* :func:`check_unique` — general and skill names / pinyin are unique (E0201);
* :func:`check_limits` — 每阶段限一次 only on active and triggered abilities (E0202);
* :func:`check_lord` — 主公技 has a lord meaning (E0204), proxy abilities are lord
  skills (E0205), the kingdom matches the general's (W0206);
* :func:`check_compulsory` — 锁定技 with an optional first effect (W0207);
* :func:`check_loops` — a judgement loop's end condition is the complement of its
  test (W0211).
"""

from __future__ import annotations

import difflib
from typing import Callable, Iterable, Iterator, Sequence

from sgs.runtime.api import CardName

from . import ir
from .diagnostics import Diagnostic, Severity, Suggestion
from .parse import terminal_words

__all__ = ["check_package", "CHECKS", "card_vocabulary", "walk_effects"]


def card_vocabulary() -> list[str]:
    """Every card name the language knows (the grammar's CARD_NAME words + 的卢)."""
    return sorted(set(terminal_words("CARD_NAME")) | {"的卢"})


def walk_effects(effects: Iterable[ir.Effect]) -> Iterator[ir.Effect]:
    """Every effect, nested ones included (branches, options, thresholds)."""
    for e in effects:
        yield e
        if isinstance(e, ir.JudgeBranch):
            yield e.judge
            yield from walk_effects(e.then)
        elif isinstance(e, (ir.Threshold, ir.SuitBranch)):
            yield from walk_effects(e.then)
        elif isinstance(e, ir.ChooseOne):
            for o in e.options:
                yield from walk_effects(o.effects)


def _effects_of(a: ir.Ability) -> tuple[ir.Effect, ...]:
    if isinstance(a, (ir.TriggeredAbility, ir.ActiveAbility, ir.ReplacementAbility)):
        return a.effects
    return ()


def _card_words(a: ir.Ability) -> Iterator[ir.CardWord]:
    if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)) and a.timing.card is not None:
        yield a.timing.card
    if isinstance(a, ir.ViewAsAbility):
        for c in a.conversions:
            if c.source.name is not None:
                yield c.source.name
            yield c.target
    if isinstance(a, ir.StaticAbility):
        m = a.modifier
        if isinstance(m, ir.UnlimitedCard):
            yield m.card
        elif isinstance(m, ir.DuelResponseCount):
            yield m.duel
            yield m.card
    if isinstance(a, ir.ProxyAbility):
        yield a.card
    for e in walk_effects(_effects_of(a)):
        if isinstance(e, ir.ForbidJink):
            yield e.card
            yield e.by
        elif isinstance(e, ir.RequireResponses):
            yield e.card
        for attr in ("cards",):
            spec = getattr(e, attr, None)
            if isinstance(spec, ir.CardSpec) and spec.name is not None:
                yield spec.name
        what = getattr(e, "what", None)
        if isinstance(what, ir.OwnedCard) and what.spec.name is not None:
            yield what.spec.name


def _skills(pkg: ir.Package) -> Iterator[tuple[ir.General, ir.Skill]]:
    for g in pkg.generals:
        for s in g.skills:
            yield g, s


def check_cards(pkg: ir.Package) -> list[Diagnostic]:
    vocab = card_vocabulary()
    runtime = {n.value for n in CardName}
    out: list[Diagnostic] = []
    for _, s in _skills(pkg):
        for a in s.abilities:
            for cw in _card_words(a):
                if cw.name not in vocab:
                    close = difflib.get_close_matches(cw.name, vocab, n=1, cutoff=0.4)
                    help_ = f"是不是想写【{close[0]}】？" if close else None
                    sugg = Suggestion(cw.span, f"【{close[0]}】") if close else None
                    out.append(
                        Diagnostic("E0301", Severity.ERROR, f"未知的牌名【{cw.name}】", cw.span, help=help_, suggestion=sugg)
                    )
                elif cw.name not in runtime:
                    out.append(Diagnostic("E0302", Severity.ERROR, f"运行时没有【{cw.name}】这张牌", cw.span))
    return out


def check_unique(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    generals: dict[str, ir.General] = {}
    for g in pkg.generals:
        for key in (g.name, g.pinyin):
            if key in generals and generals[key] is not g:
                prev_g = generals[key]
                same_name = prev_g.name == g.name
                out.append(
                    Diagnostic(
                        "E0201", Severity.ERROR,
                        f"武将“{g.name}”与前面的武将重名" if same_name
                        else f"武将“{g.name}”的拼音“{g.pinyin}”与前面的武将“{prev_g.name}”相同",
                        g.span,
                        notes=(f"前一个在 {prev_g.span}",),
                        help=None if same_name else "拼音是生成代码里的标识符，须唯一；在名字后用括号写出另一个拼音，如“武将 测式（ceshi2） 魏 4体力 男”",
                    )
                )
                break
            generals[key] = g
        names: dict[str, ir.Skill] = {}
        for s in g.skills:
            if s.name in names:
                out.append(Diagnostic("E0201", Severity.ERROR, f"武将“{g.name}”有两个技能都叫“{s.name}”", s.name_span))
            names[s.name] = s
    skills: dict[str, ir.Skill] = {}
    for _, s in _skills(pkg):
        prev = skills.get(s.pinyin)
        if prev is not None and prev.text != s.text:
            out.append(
                Diagnostic(
                    "E0201",
                    Severity.ERROR,
                    f"技能“{s.name}”的拼音“{s.pinyin}”与另一技能“{prev.name}”相同，但描述不同",
                    s.name_span,
                    notes=(f"另一技能在 {prev.span}",),
                    help="同名技能的描述必须完全相同；不同的技能请用不同的名字或拼音",
                )
            )
        skills.setdefault(s.pinyin, s)
    return out


def check_limits(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for _, s in _skills(pkg):
        for a in s.abilities:
            if a.limit is not None and not isinstance(a, (ir.ActiveAbility, ir.TriggeredAbility)):
                out.append(
                    Diagnostic(
                        "E0202",
                        Severity.ERROR,
                        f"“每{a.limit.per}限{a.limit.count}次”不能用于{_KIND_NAMES[a.kind]}",
                        a.limit.span,
                        help="删除这句，或把技能写成出牌阶段的主动技",
                    )
                )
    return out


_KIND_NAMES = {
    "triggered": "触发技",
    "view-as": "视为技（转化）",
    "active": "主动技",
    "static": "状态技",
    "replacement": "替换技",
    "proxy": "主公代打技能",
}


def _lord_kingdoms(s: ir.Skill) -> list[tuple[str | None, ir.PlayerRef]]:
    """The 其他X势力角色 phrases of a skill (kingdom, phrase)."""
    out: list[tuple[str | None, ir.PlayerRef]] = []
    for a in s.abilities:
        if isinstance(a, ir.ProxyAbility):
            out.append((a.helpers.kingdom, a.helpers))
        if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)) and a.timing.by is not None:
            if a.timing.by.kingdom is not None:
                out.append((a.timing.by.kingdom, a.timing.by))
    return out


def check_lord(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for g, s in _skills(pkg):
        mentions = _lord_kingdoms(s)
        has_proxy = any(isinstance(a, ir.ProxyAbility) for a in s.abilities)
        if s.lord and not any(k is not None for k, _ in mentions):
            out.append(
                Diagnostic(
                    "E0204",
                    Severity.ERROR,
                    f"主公技“{s.name}”的描述没有涉及其他某势力的角色",
                    s.name_span,
                    help="主公技应写明其他X势力角色如何帮助主公；否则删除“主公技，”",
                )
            )
        if has_proxy and not s.lord:
            out.append(
                Diagnostic(
                    "E0205",
                    Severity.ERROR,
                    f"“{s.name}”令其他角色代为打出牌，必须是主公技",
                    s.name_span,
                    help="在描述前加上“主公技，”",
                )
            )
        for k, p in mentions:
            if s.lord and k is not None and k != g.kingdom:
                out.append(
                    Diagnostic(
                        "W0206",
                        Severity.WARNING,
                        f"主公技涉及{k}势力角色，而{g.name}是{g.kingdom}势力",
                        p.span,
                    )
                )
    return out


def check_compulsory(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for _, s in _skills(pkg):
        if not s.compulsory:
            continue
        for a in s.abilities:
            if isinstance(a, (ir.TriggeredAbility, ir.ActiveAbility)) and a.optional:
                out.append(
                    Diagnostic(
                        "W0207",
                        Severity.WARNING,
                        "锁定技不询问是否发动，这里的“你可以”会被忽略",
                        a.effects[0].span if a.effects else a.span,
                    )
                )
    return out


_COMPLEMENT = {"红色": "黑色", "黑色": "红色"}


def check_loops(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for _, s in _skills(pkg):
        for a in s.abilities:
            for e in walk_effects(_effects_of(a)):
                if not isinstance(e, ir.JudgeBranch):
                    continue
                for x in e.then:
                    if isinstance(x, ir.JudgeAgain):
                        t = e.test
                        ok = (not t.negate and _COMPLEMENT.get(t.pattern) == x.until) or (
                            t.negate and t.pattern == x.until
                        )
                        if not ok:
                            out.append(
                                Diagnostic(
                                    "W0211",
                                    Severity.WARNING,
                                    f"判定条件是“{'不' if t.negate else ''}为{t.pattern}”，结束条件却是“出现{x.until}”",
                                    x.span,
                                    notes=("循环在判定条件不成立时结束；结束条件按判定条件处理",),
                                )
                            )
    return out


CHECKS: Sequence[Callable[[ir.Package], list[Diagnostic]]] = (
    check_cards,
    check_unique,
    check_limits,
    check_lord,
    check_compulsory,
    check_loops,
)


def check_package(pkg: ir.Package) -> list[Diagnostic]:
    """Run every check on a package."""
    out: list[Diagnostic] = []
    for check in CHECKS:
        out.extend(check(pkg))
    return out
