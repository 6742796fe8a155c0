"""Findings over the trigger graph: cycles, order-sensitive pairs, dead skills,
static conflicts.

Every finding has a stable code (:data:`GRAPH_CODES`), a severity, a Chinese
message and the skills involved with their source spans.  Assumption used
throughout: **different generals are different players** (identity mode: a
general is dealt once), and all skills of one general belong to one player.

Cycles
    Skill A → skill B when an effect of A opens a window B listens on, for a
    player B's owner can be (刚烈 damages 伤害来源, another player, so it cannot
    re-trigger itself), plus A → A for 再次进行判定.  A cycle is **bounded** when a
    lap can be cut: a skill on it has a limit (每阶段限一次), a step is optional
    (你可以) or a choice (选择一项), every lap makes hp strictly fall (damage or
    失去体力 on the path and no 回复体力 in it), or a repeated judgement ends on a
    result.  Unbounded cycles are errors.

Order-sensitive pairs
    One action — a card's use or one effect of a skill — opens a *burst* of
    windows in a fixed order (使用时, 失去牌时, …, 受到伤害后, 结算完毕).  Two
    skills of different generals that fire in the same burst and touch the same
    object (a player's hand, the judge card, the damage card …) in ways that do
    not commute (taking vs adding, replacing vs taking …) are order-sensitive.
    Pairs at the very same window are ordered by seat; pairs at windows of
    different events (the card's use vs the damage it deals) are ordered by the
    rules — the seed rulings (集智/反馈, 连营/反馈) are of that kind.  Windows of
    one event (判定牌生效前/后) are ordered by the register's own words and are
    not reported.

Dead skills
    A listener whose window (with its card filter, e.g. 【杀】) nothing in the
    chosen set can open: neither the game's flow, nor a card of the rule set,
    nor a skill that itself can fire (computed as a fixed point).

Static conflicts
    Two mandatory skills of one general that set the same rule quantity to
    different values, or one grants what the other forbids in the same
    situation (需连续使用两张【闪】才能抵消 vs 不可被【闪】响应).
"""

from __future__ import annotations

import bisect
import dataclasses
import itertools
from dataclasses import dataclass
from typing import AbstractSet, Callable, Iterable, Iterator, Sequence

from .. import ir
from ..diagnostics import CodeInfo, Diagnostic, Severity, Span
from ..verbs import VERBS
from ...runtime.timing import Timing
from .build import SkillInfo, TriggerGraph, build_graph
from .model import (
    EVENT_OF,
    RULE_WINDOWS,
    SOURCE_WINDOWS,
    STANDARD_RULES,
    Emission,
    Listener,
    Role,
    RuleSet,
    SkillRef,
    card_effect,
    card_matches,
    limit_text,
    rel,
    walk,
)

__all__ = [
    "GRAPH_CODES",
    "BoundReason",
    "Finding",
    "OrderPair",
    "MAX_PAIRS",
    "TooManyPairs",
    "analyze",
    "analyze_graph",
    "cycles",
    "order_sensitive_pairs",
    "dead_skills",
    "static_conflicts",
    "to_diagnostics",
    "graph_diagnostics",
    "live_analysis",
    "involving",
]

T = Timing

#: stable codes of the graph findings (merge into ``diagnostics.CODES`` for ``sgs explain``)
GRAPH_CODES: dict[str, CodeInfo] = {
    "E0601": CodeInfo(
        "技能可以无限循环触发",
        "技能的效果打开的时机又触发了环上的技能，且没有任何东西能终止循环：没有次数限制（每阶段限一次），"
        "环上没有“你可以”或“选择一项”，每一圈也没有角色的体力严格减少。请加上“你可以”或次数限制。",
        "锁定技，在一名角色的判定牌生效前，你进行一次判定，若结果为黑色，你摸一张牌。",
    ),
    "I0602": CodeInfo(
        "技能可以循环触发（有界）",
        "技能之间可以相互触发形成循环，但有东西保证循环会结束（次数限制、可选发动、体力严格减少或判定结果）。",
    ),
    "W0603": CodeInfo(
        "结算顺序影响结果",
        "同一次结算中，两名角色的技能都会发动，并且作用于同一对象（如同一名角色的手牌、同一张判定牌）；"
        "先结算哪一个会改变结果。规则决定的顺序在提示中给出，请确认它符合设计意图。",
    ),
    "W0604": CodeInfo(
        "技能永远不会发动",
        "技能监听的时机在所选的扩展包和规则集中没有任何东西能打开（没有牌、规则或技能会产生这个时机）。",
        "当你使用【闪】指定一名角色为目标后，你可以摸一张牌。",
    ),
    "E0605": CodeInfo(
        "锁定技之间相互矛盾",
        "同一名角色的两个强制效果把同一数值设为不同的值，或一个允许另一个禁止的事；规则无法同时满足二者。",
    ),
    "W0606": CodeInfo(
        "结算顺序未逐对分析（组合太多）",
        "同一次结算中作用于同一对象的技能组合超过上限（25万对，例如上千个相同的技能）：逐对列出的代价随技能数的平方增长，"
        "因此不再逐对分析，也不给出 W0603。提示指出超出上限的那一组技能；请拆分扩展包后分别检查。",
    ),
}

_SEVERITY = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.NOTE}


@dataclass(frozen=True, slots=True)
class BoundReason:
    """Why a cycle ends: ``kind`` (``limit`` | ``optional`` | ``choice`` | ``hp`` |
    ``judge``), ``text`` (Chinese), ``skill`` (the skill that provides it, if one)."""

    kind: str
    text: str
    skill: str | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding of the trigger-graph analysis.

    ``code`` (E0601 …), ``severity`` (``"error"`` | ``"warning"`` | ``"info"``),
    ``message`` (Chinese, one line), ``skills`` (the skills involved, in order:
    for a cycle, the lap), ``spans`` (the span that matters for each skill: the
    timing phrase or the effect), ``windows`` (the windows involved), ``bound``
    (cycles: why it ends; empty = unbounded), ``notes`` (extra Chinese lines),
    ``members`` (a cycle: every skill of its strongly connected component when the
    lap shown is not all of it; an order finding: empty)."""

    code: str
    severity: str
    message: str
    skills: tuple[SkillRef, ...]
    spans: tuple[Span, ...]
    windows: tuple[str, ...] = ()
    bound: tuple[BoundReason, ...] = ()
    notes: tuple[str, ...] = ()
    members: tuple[SkillRef, ...] = ()

    @property
    def kind(self) -> str:
        return {"E0601": "cycle", "I0602": "cycle", "W0603": "order", "W0604": "dead", "E0605": "static", "W0606": "order"}[self.code]

    @property
    def skill_names(self) -> tuple[str, ...]:
        return tuple(s.skill for s in self.skills)

    def sort_key(self) -> tuple[str, str, int, int, tuple[str, ...]]:
        sp = self.spans[0]
        return (self.code, sp.file, sp.line, sp.col, self.skill_names)


# ---------------------------------------------------------------- feasibility


def _can_fire(emitter: SkillInfo | None, role: Role, listener_owner: SkillInfo, lst: Listener) -> bool:
    """Can an effect of ``emitter`` (None: a card or the rules) opening a window of a
    player in ``role`` make ``lst`` fire, given different generals are different players?"""
    if role is Role.NONE:
        return False
    if emitter is None:
        return True
    same = emitter.owner == listener_owner.owner
    if lst.subject is ir.Who.YOU:
        return role in ((Role.SELF, Role.ANY) if same else (Role.OTHER, Role.ANY))
    if lst.subject is ir.Who.ALL_OTHERS and same:
        return role in (Role.OTHER, Role.ANY)
    return True


def _kingdom_ok(tg: TriggerGraph, owner: SkillInfo, lst: Listener) -> bool:
    """救援-style filters: someone of that kingdom other than the owner must exist."""
    if lst.by_kingdom is None:
        return True
    return any(
        g.kingdom == lst.by_kingdom and (p.name, g.name) != owner.owner
        for p in tg.packages
        for g in p.generals
    )


@dataclass(frozen=True, slots=True)
class _Opening:
    window: str
    card: str | None
    emitter: SkillInfo | None
    role: Role


def _card_openings(card: str) -> Iterator[_Opening]:
    eff = card_effect(card)
    base = (T.CARD_USING.value, T.CARD_USE_FINISHED.value, T.CARDS_LOST.value)
    targets = (T.TARGET_SPECIFYING.value, T.TARGET_CONFIRMING.value, T.TARGET_SPECIFIED.value, T.TARGET_CONFIRMED.value)
    for w in (*base, *(targets if eff.targeted else ())):
        yield _Opening(w, card, None, Role.ANY)
    for w in eff.opens():
        yield _Opening(w, card, None, Role.ANY)
    if eff.answer is not None and eff.answer_mode is ir.Mode.RESPOND:
        yield _Opening(T.CARD_RESPONDING.value, eff.answer, None, Role.ANY)
        yield _Opening(T.CARDS_LOST.value, eff.answer, None, Role.ANY)


def _matches(op: _Opening, lst: Listener) -> bool:
    return op.window == lst.window and card_matches(lst.card, op.card)


def live_analysis(tg: TriggerGraph) -> tuple[set[str], list[tuple[SkillInfo, Listener]]]:
    """(live skill nodes, dead listeners): a fixed point from the rules, the deck's
    cards and the skills a player can start."""
    # the flow windows: 死亡时/死亡后 need 濒死, which every deck's damage cards open
    openings: list[_Opening] = [_Opening(w, None, None, Role.ANY) for w in RULE_WINDOWS]
    for c in tg.cards:
        openings.extend(_card_openings(c))
    live: set[str] = set()

    def add(info: SkillInfo) -> None:
        live.add(info.node)
        for em in info.emissions:
            if not em.repeat:
                openings.append(_Opening(em.window, None, info, em.role))

    for info in tg.skills.values():
        if info.initiated or not info.listeners:
            add(info)
    changed = True
    while changed:
        changed = False
        for info in tg.skills.values():
            if info.node in live:
                continue
            for lst in info.listeners:
                if _kingdom_ok(tg, info, lst) and any(
                    _matches(op, lst) and _can_fire(op.emitter, op.role, info, lst) for op in openings
                ):
                    add(info)
                    changed = True
                    break
    dead: list[tuple[SkillInfo, Listener]] = []
    for info in tg.skills.values():
        for lst in info.listeners:
            if not _kingdom_ok(tg, info, lst) or not any(
                _matches(op, lst) and _can_fire(op.emitter, op.role, info, lst) for op in openings
            ):
                dead.append((info, lst))
    return live, dead


# ---------------------------------------------------------------- dead skills


def dead_skills(tg: TriggerGraph) -> list[Finding]:
    _, dead = live_analysis(tg)
    out = []
    runtime_windows = {t.value for t in Timing}
    for info, lst in dead:
        if lst.window not in runtime_windows and not (lst.by_kingdom and not _kingdom_ok(tg, info, lst)):
            # a window the runtime does not have yet (不屈's 扣减体力时) is a gap of the back
            # end, reported as such (W0701), not a skill nothing could ever trigger
            continue
        what = f"【{lst.card}】的" if lst.card else ""
        if lst.by_kingdom and not _kingdom_ok(tg, info, lst):
            why = f"所选武将中没有其他{lst.by_kingdom}势力角色"
        else:
            why = f"所选扩展包与规则集（{tg.rules.name}）中没有任何牌、规则或技能能打开{what}“{lst.window}”时机"
        out.append(
            Finding(
                "W0604",
                "warning",
                f"{info.ref.label}永远不会发动：{why}",
                (info.ref,),
                (lst.span,),
                windows=(lst.window,),
            )
        )
    return out


# ---------------------------------------------------------------- cycles


@dataclass(frozen=True, slots=True)
class _Step:
    emission: Emission
    listener: Listener | None  # None for a repeat


class _Digraph:
    """Skill → skill edges: ``succ[u][v]`` the steps (emission/listener pairs) that
    make the edge u → v, successors in the order they were found (the order the
    search for an example lap follows)."""

    __slots__ = ("succ",)

    def __init__(self) -> None:
        self.succ: dict[str, dict[str, list[_Step]]] = {}


def _trigger_digraph(tg: TriggerGraph, live: set[str], within: dict[str, int] | None = None) -> _Digraph:
    """Skill → skill edges (attribute ``steps``: the emission/listener pairs that
    make the edge).  Listeners are looked up by window, so building it costs the
    number of edges, not skills².  ``within`` (skill → component, from
    :func:`_cyclic_components`): only those skills, and only the edges inside a
    component — the edges a cycle can use, in the same order as the whole graph's."""
    infos = [i for i in tg.skills.values() if i.node in live and (within is None or i.node in within)]
    comp = within if within is not None else dict.fromkeys((i.node for i in infos), 0)
    at: dict[tuple[int, str], list[tuple[str, tuple[str, str], ir.Who, Listener]]] = {}
    for b in infos:
        node, owner = b.node, b.owner
        for lst in b.listeners:
            if lst.card is None:
                at.setdefault((comp[node], lst.window), []).append((node, owner, lst.subject, lst))
    steps: dict[tuple[str, str], list[_Step]] = {}
    you, all_others = ir.Who.YOU, ir.Who.ALL_OTHERS
    for a in infos:
        a_node, a_owner, a_comp = a.node, a.owner, comp[a.node]
        for em in a.emissions:
            if em.repeat:
                steps.setdefault((a_node, a_node), []).append(_Step(em, None))
                continue
            role = em.role
            if role is Role.NONE:
                continue
            # _can_fire, inlined: this loop is the graph's size (emissions × listeners of a window)
            own_ok = role in (Role.SELF, Role.ANY)
            other_ok = role in (Role.OTHER, Role.ANY)
            for b_node, b_owner, subject, lst in at.get((a_comp, em.window), ()):
                if subject is you:
                    ok = own_ok if b_owner == a_owner else other_ok
                elif subject is all_others and b_owner == a_owner:
                    ok = other_ok
                else:
                    ok = True
                if ok:
                    steps.setdefault((a_node, b_node), []).append(_Step(em, lst))
    d = _Digraph()
    d.succ = {i.node: {} for i in infos}
    for (u, v), st in steps.items():
        d.succ[u][v] = st
    return d


def _cyclic_components(tg: TriggerGraph, live: set[str]) -> dict[str, int]:
    """The skills on a cycle of the skill → skill trigger graph, each mapped to its
    strongly connected component (numbered from 0), without building that graph:
    an emission reaches the listeners of its window through shared hub nodes, so
    the graph searched has one node per skill and a few per window, and one edge
    per emission and per listener (n skills dealing damage and n listening on
    受到伤害后 make 2n edges here, n² in the skill graph).  Reachability between
    skills is exactly the skill graph's (see :func:`_trigger_digraph` for who can
    fire whom), so its components are too."""
    infos = [i for i in tg.skills.values() if i.node in live]
    index = {info.node: k for k, info in enumerate(infos)}
    adj: list[list[int]] = [[] for _ in infos]
    you, all_others = ir.Who.YOU, ir.Who.ALL_OTHERS
    # per window: listeners by subject — YOU and ALL_OTHERS by owner (who may fire
    # them depends on whether the emitter is the same general), the rest for anyone
    mine: dict[str, dict[tuple[str, str], list[int]]] = {}
    theirs: dict[str, dict[tuple[str, str], list[int]]] = {}
    anyone: dict[str, list[int]] = {}
    for info in infos:
        k = index[info.node]
        for lst in info.listeners:
            if lst.card is not None:
                continue
            if lst.subject is you:
                mine.setdefault(lst.window, {}).setdefault(info.owner, []).append(k)
            elif lst.subject is all_others:
                theirs.setdefault(lst.window, {}).setdefault(info.owner, []).append(k)
            else:
                anyone.setdefault(lst.window, []).append(k)

    def hub(targets: list[int]) -> int:
        adj.append(targets)
        return len(adj) - 1

    class _Hubs:
        """The hubs of one group of listeners (by owner): all of them, and all but
        one owner's (a chain of prefixes and one of suffixes: linear size)."""

        def __init__(self, by_owner: dict[tuple[str, str], list[int]]) -> None:
            self.by_owner = by_owner
            self._all: int | None = None
            self._except: dict[tuple[str, str], list[int]] | None = None

        def all(self) -> list[int]:
            if not self.by_owner:
                return []
            if self._all is None:
                self._all = hub([k for ks in self.by_owner.values() for k in ks])
            return [self._all]

        def all_but(self, owner: tuple[str, str]) -> list[int]:
            if owner not in self.by_owner:
                return self.all()
            if self._except is None:
                # prefix[i] reaches the listeners of owners 0..i, suffix[i] those of i..
                owners = list(self.by_owner)
                prefix: list[int] = []
                for o in owners:
                    prefix.append(hub(self.by_owner[o] + prefix[-1:]))
                suffix: list[int] = []
                for o in reversed(owners):
                    suffix.append(hub(self.by_owner[o] + suffix[-1:]))
                suffix.reverse()
                self._except = {
                    o: prefix[max(i - 1, 0) : i] + suffix[i + 1 : i + 2] for i, o in enumerate(owners)
                }
            return self._except[owner]

    hubs: dict[str, tuple[_Hubs, _Hubs, list[int]]] = {}
    for info in infos:
        k = index[info.node]
        for em in info.emissions:
            if em.repeat:
                adj[k].append(k)
                continue
            if em.role is Role.NONE:
                continue
            w = em.window
            got = hubs.get(w)
            if got is None:
                rest = anyone.get(w)
                got = hubs[w] = (_Hubs(mine.get(w, {})), _Hubs(theirs.get(w, {})), [hub(rest)] if rest else [])
            you_h, others_h, rest_h = got
            if em.role is Role.ANY:
                adj[k] += [*rest_h, *others_h.all(), *you_h.all()]
            elif em.role is Role.OTHER:
                adj[k] += [*rest_h, *others_h.all(), *you_h.all_but(info.owner)]
            else:  # SELF: the owner's own YOU listeners, the others' ALL_OTHERS ones
                adj[k] += [*rest_h, *others_h.all_but(info.owner), *you_h.by_owner.get(info.owner, ())]
    out: dict[str, int] = {}
    found = 0
    for scc in _sccs(adj):
        if len(scc) > 1 or scc[0] in adj[scc[0]]:  # hubs alone never form a cycle
            for k in scc:
                if k < len(infos):
                    out[infos[k].node] = found
            found += 1
    return out


def _sccs(adj: list[list[int]]) -> list[list[int]]:
    """The strongly connected components of a graph given as adjacency lists
    (Tarjan's algorithm, iterative: no recursion limit)."""
    n = len(adj)
    order = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if order[root] != -1:
            continue
        work = [(root, 0)]
        order[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, i = work[-1]
            succ = adj[v]
            if i < len(succ):
                work[-1] = (v, i + 1)
                w = succ[i]
                if order[w] == -1:
                    order[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w] and order[w] < low[v]:
                    low[v] = order[w]
                continue
            work.pop()
            if work:
                u = work[-1][0]
                if low[v] < low[u]:
                    low[u] = low[v]
            if low[v] == order[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack[w] = False
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


def _has_recover(info: SkillInfo) -> bool:
    return any(
        isinstance(e, ir.Recover)
        for a in info.skill.abilities
        for e, *_ in walk(getattr(a, "effects", ()))
    )


def _edge_reasons(tg: TriggerGraph, u: str, v: str, steps: Sequence[_Step]) -> list[BoundReason]:
    """What cuts every lap through the edge u → v (limit, 你可以, 选择一项, a judgement's end)."""
    reasons: list[BoundReason] = []
    vi, ui = tg.skills[v], tg.skills[u]
    if all(s.listener is not None and s.listener.limit is not None for s in steps):
        lim = next(s.listener.limit for s in steps if s.listener is not None and s.listener.limit is not None)
        reasons.append(BoundReason("limit", f"{vi.ref.label}{limit_text(lim)}", vi.ref.skill))
    if all((s.listener is not None and s.listener.optional) or s.emission.optional for s in steps):
        who = vi if any(s.listener is not None and s.listener.optional for s in steps) else ui
        reasons.append(BoundReason("optional", f"{who.ref.label}可以选择不发动（“你可以”）", who.ref.skill))
    elif all(s.emission.choice for s in steps):
        reasons.append(BoundReason("choice", f"{ui.ref.label}的效果由角色选择一项，可以不选此项", ui.ref.skill))
    repeat = [s for s in steps if s.listener is None and s.emission.until]
    if repeat and all(s.listener is None for s in steps):
        reasons.append(BoundReason("judge", f"{ui.ref.label}的判定出现{repeat[0].emission.until}的结果时结束", ui.ref.skill))
    return reasons


_HP_REASON = BoundReason("hp", "每一圈都有角色的体力严格减少（伤害或失去体力），终将有人死亡")


def _shortest_cycle(d: _Digraph, start: str, allowed: set[str], edge_ok: "Callable[[str, str], bool]") -> list[str] | None:
    """The shortest cycle through ``start`` using nodes of ``allowed`` and edges
    that pass ``edge_ok`` (breadth-first search back to ``start``: O(edges)), as
    the node list from ``start``; None when there is none."""
    if start in d.succ[start] and edge_ok(start, start):
        return [start]
    parent: dict[str, str] = {start: start}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for u in frontier:
            for v in d.succ[u]:
                if v not in allowed or not edge_ok(u, v):
                    continue
                if v == start:
                    path = [u]
                    while path[-1] != start:
                        path.append(parent[path[-1]])
                    return path[::-1]
                if v not in parent:
                    parent[v] = u
                    nxt.append(v)
        frontier = nxt
    return None


def _cyclic(succ: dict[str, list[str]]) -> list[set[str]]:
    """The strongly connected components of ``succ`` (node → successors) that hold
    a cycle: two nodes or more, or one with an edge to itself."""
    nodes = list(succ)
    index = {n: k for k, n in enumerate(nodes)}
    adj = [[index[v] for v in succ[n]] for n in nodes]
    return [{nodes[k] for k in scc} for scc in _sccs(adj) if len(scc) > 1 or scc[0] in adj[scc[0]]]


class _LazyReasons(dict[tuple[str, str], list[BoundReason]]):
    """Edge → its cuts (:func:`_edge_reasons`), computed for the edges asked about
    (those inside a cycle's component), not for every edge of the graph."""

    def __init__(self, tg: TriggerGraph, d: _Digraph) -> None:
        super().__init__()
        self.tg, self.d = tg, d

    def __missing__(self, edge: tuple[str, str]) -> list[BoundReason]:
        u, v = edge
        got = self[edge] = _edge_reasons(self.tg, u, v, self.d.succ[u][v])
        return got


def cycles(tg: TriggerGraph, live: set[str] | None = None) -> list[Finding]:
    """One finding per strongly connected component of the skill → skill trigger
    graph that has a cycle (never by listing every simple cycle: a clique of n
    skills has more than n! of them).  The components are found on a graph of
    linear size (:func:`_cyclic_components`); only the edges inside a component
    are built, to pick its example lap.

    A component is **unbounded** (E0601) when some cycle in it has no cut: it uses
    only edges without a limit, 你可以, 选择一项 or a judgement's end, and either
    no edge on it makes hp strictly fall or a skill on it recovers hp.  That is
    decided in linear time — a cycle among the uncut edges that avoids the
    hp-falling ones, or one through a recovering skill — and the example is the
    shortest such cycle.  Otherwise the component is **bounded** (I0602) and the
    example is the shortest cycle through its first skill (source order), with
    the cuts of that cycle as the reasons.  ``skills`` is the example lap,
    ``members`` every skill of the component (empty when the lap is all of it)."""
    if live is None:
        live, _ = live_analysis(tg)
    within = _cyclic_components(tg, live)
    d = _trigger_digraph(tg, live, within)
    rank = {n: i for i, n in enumerate(tg.skills)}
    reasons_of = _LazyReasons(tg, d)

    def hp_edge(u: str, v: str) -> bool:
        return all(s.emission.hp_falls for s in d.succ[u][v])

    def uncut(u: str, v: str) -> bool:
        return not reasons_of[(u, v)]

    recover = {n for n in d.succ if _has_recover(tg.skills[n])}
    out: list[Finding] = []
    by_id: dict[int, set[str]] = {}
    for node, c in within.items():
        by_id.setdefault(c, set()).add(node)
    comps = list(by_id.values())
    for comp in sorted(comps, key=lambda c: min(rank[n] for n in c)):
        members = sorted(comp, key=rank.__getitem__)
        witness: list[str] | None = None
        # (a) a lap of uncut edges none of which makes hp fall
        h0 = {u: [v for v in d.succ[u] if v in comp and uncut(u, v) and not hp_edge(u, v)] for u in members}
        subs = _cyclic(h0)
        if subs:
            first = min((n for sub in subs for n in sub), key=rank.__getitem__)
            sub = next(sub for sub in subs if first in sub)
            witness = _shortest_cycle(d, first, sub, lambda u, v: uncut(u, v) and not hp_edge(u, v))
        # (b) a lap of uncut edges through a skill that recovers hp (hp need not fall)
        if witness is None and comp & recover:
            for r in sorted(comp & recover, key=rank.__getitem__):
                witness = _shortest_cycle(d, r, comp, uncut)
                if witness is not None:
                    break
        example = witness if witness is not None else _shortest_cycle(d, members[0], comp, lambda u, v: True)
        assert example is not None  # a nontrivial component has a cycle through each member
        lap: list[str] = example
        k = min(range(len(lap)), key=lambda i: rank[lap[i]])
        lap = lap[k:] + lap[:k]
        out.append(_cycle_finding(tg, d, lap, members, reasons_of, recover, witness is None))
    return out


def _cycle_finding(
    tg: TriggerGraph,
    d: _Digraph,
    cyc: list[str],
    members: list[str],
    reasons_of: "dict[tuple[str, str], list[BoundReason]]",
    recover: set[str],
    bounded: bool,
) -> Finding:
    laps = list(zip(cyc, cyc[1:] + cyc[:1]))
    infos = [tg.skills[n] for n in cyc]
    reasons: list[BoundReason] = []
    windows: list[str] = []
    spans: list[Span] = []
    hp_every_lap = False
    for u, v in laps:
        steps: list[_Step] = d.succ[u][v]
        for s in steps:
            if s.emission.window and s.emission.window not in windows:
                windows.append(s.emission.window)
        if all(s.emission.hp_falls for s in steps):
            hp_every_lap = True
        reasons.extend(reasons_of[(u, v)])
        s0 = steps[0]
        spans.append(s0.listener.span if s0.listener is not None else s0.emission.span)
    if hp_every_lap and not any(n in recover for n in cyc):
        reasons.append(_HP_REASON)
    # spans: per skill, the timing it listens on (or the repeat)
    spans = spans[-1:] + spans[:-1]
    lap = " → ".join(i.ref.label for i in infos) + f" → {infos[0].ref.label}"
    whole = len(members) == len(cyc)
    member_refs = () if whole else tuple(tg.skills[n].ref for n in members)
    group = "" if whole else f"{len(members)}个技能相互触发（强连通分量），例如"
    if bounded:
        assert reasons, cyc
        why = "；".join(r.text for r in reasons)
        if whole:
            message = f"循环触发：{lap}（有界：{why}）"
        else:
            message = f"循环触发：{group} {lap}（有界：其中每个环都至少有一处能终止；此例中{why}）"
        return Finding(
            "I0602", "info", message, tuple(i.ref for i in infos), tuple(spans),
            windows=tuple(windows), bound=tuple(reasons), members=member_refs,
        )
    return Finding(
        "E0601",
        "error",
        f"无界循环：{lap} 可以无限触发" if whole else f"无界循环：{group} {lap} 可以无限触发",
        tuple(i.ref for i in infos),
        tuple(spans),
        windows=tuple(windows),
        notes=("环上没有次数限制、没有“你可以”或“选择一项”，体力也不会每圈减少",),
        members=member_refs,
    )


# ---------------------------------------------------------------- order-sensitive pairs

# A burst: the windows one action opens, in the runtime's order.  Player keys:
# "S" the user of the card / the player acting for the skill, "T" the target /
# the other player, "*" someone not known, "own:<node>" a listener's owner that
# no role fixes.


@dataclass(frozen=True, slots=True)
class _Slot:
    window: str
    player: str | None  # whose window
    card: str | None
    event: str
    source: str | None  # damage source (伤害来源) of the event
    other: str | None  # the other party of the event (其/该角色)


@dataclass(frozen=True, slots=True)
class _Burst:
    name: str  # Chinese: 【杀】的使用 / 刚烈的效果
    slots: tuple[_Slot, ...]
    multi: bool
    emitter: SkillInfo | None
    roles: tuple[tuple[str, str], ...]  # player key → Chinese description


def _card_burst(card: str) -> _Burst:
    eff = card_effect(card)
    s: list[_Slot] = []
    s.append(_Slot(T.CARDS_LOST.value, "S", card, "移动牌:使用", None, None))
    s.append(_Slot(T.CARD_USING.value, "S", card, "使用", None, "T" if eff.targeted else None))
    if eff.targeted:
        s.append(_Slot(T.TARGET_SPECIFYING.value, "S", card, "使用", None, "T"))
        s.append(_Slot(T.TARGET_CONFIRMING.value, "T", card, "使用", None, "S"))
        s.append(_Slot(T.TARGET_SPECIFIED.value, "S", card, "使用", None, "T"))
        s.append(_Slot(T.TARGET_CONFIRMED.value, "T", card, "使用", None, "S"))
    if eff.answer is not None:
        answerers = ("T", "S") if eff.both_answer else ("T",)
        for who in answerers:
            if eff.answer_mode is ir.Mode.RESPOND:
                s.append(_Slot(T.CARD_RESPONDING.value, who, eff.answer, f"打出:{who}", None, None))
            else:
                s.append(_Slot(T.CARD_USING.value, who, eff.answer, f"使用:{who}", None, None))
            s.append(_Slot(T.CARDS_LOST.value, who, eff.answer, f"移动牌:{who}", None, None))
    source = None if eff.no_source else "S"
    for i, v in enumerate(eff.verbs):
        for w in VERBS[v].opens:
            if w not in eff.opens():
                continue
            user_side = w in SOURCE_WINDOWS or w in eff.user_windows
            player = "S" if user_side else "T"
            s.append(_Slot(w, player, card, f"{EVENT_OF[w]}:{i}", source, "T" if user_side else source))
    s.append(_Slot(T.CARD_USE_FINISHED.value, "S", card, "使用", None, None))
    return _Burst(
        f"【{card}】",
        tuple(s),
        eff.multi,
        None,
        (("S", f"【{card}】的使用者"), ("T", f"【{card}】的目标")),
    )


_ROLE_KEY = {Role.SELF: "S", Role.OTHER: "T", Role.ANY: "*", Role.NONE: None}


def _card_order(name: str) -> tuple[int, str]:
    """The runtime's card order (杀, 闪, 桃, … tricks, equipment): a stable, familiar order."""
    from ...runtime.cards import CardName

    names = [c.value for c in CardName]
    return (names.index(name) if name in names else len(names), name)


def _skill_bursts(info: SkillInfo) -> Iterator[_Burst]:
    slots: list[_Slot] = []
    for a in info.skill.abilities:
        effects = getattr(a, "effects", ())
        for i, (e, *_flags) in enumerate(walk(effects)):
            verb = VERBS[e.verb]
            source: str | None = None
            target: str | None = None
            if isinstance(e, ir.Damage):
                source, target = _ROLE_KEY[rel(e.source)], _ROLE_KEY[rel(e.target)]
            from .model import window_role

            for w in verb.opens:
                player = _ROLE_KEY[window_role(e, w)]
                other = (target if w in SOURCE_WINDOWS else source) if isinstance(e, ir.Damage) else None
                slots.append(_Slot(w, player, None, f"{EVENT_OF[w]}:{i}", source, other))
    if slots:
        yield _Burst(
            f"{info.ref.label}的效果",
            tuple(slots),
            False,
            info,
            (("S", info.ref.general), ("T", "其他角色")),
        )


@dataclass(frozen=True, slots=True)
class _Touch:
    facet: str  # hand / equip / hp / judge_card / damage_card / card_rule / recover_amount
    player: str  # a player key, or an object key
    mode: str  # add / take / set


_FACET_WORD = {
    "hand": "手牌",
    "equip": "装备区的牌",
    "hp": "体力",
    "judge_card": "判定牌",
    "damage_card": "造成伤害的牌",
    "card_rule": "此牌的响应方式",
    "recover_amount": "回复量",
}


def _touches(effects: Sequence[ir.Effect], bind: dict[ir.Who, str | None], judge_key: str, own_judge: str) -> set[_Touch]:
    out: set[_Touch] = set()
    judge = judge_key

    def key(p: ir.PlayerRef) -> str | None:
        return bind.get(p.who)

    def cards(p: ir.PlayerRef, zone: ir.Zone | None, mode: str) -> None:
        k = key(p)
        if k is None:
            return
        out.add(_Touch("hand", k, mode))
        if zone is not ir.Zone.HAND:
            out.add(_Touch("equip", k, mode))

    for e, *_ in walk(effects):
        if isinstance(e, ir.Judge):
            judge = own_judge
        elif isinstance(e, ir.Draw):
            k = key(e.actor)
            if k is not None:
                out.add(_Touch("hand", k, "add"))
        elif isinstance(e, ir.Discard):
            cards(e.actor, e.cards.zone, "take")
        elif isinstance(e, ir.Give):
            cards(e.actor, e.cards.zone, "take")
            k = key(e.to)
            if k is not None:
                out.add(_Touch("hand", k, "add"))
        elif isinstance(e, ir.Obtain):
            w = e.what
            if isinstance(w, ir.OwnedCard):
                cards(w.owner, w.spec.zone, "take")
            elif isinstance(w, ir.DamageCard):
                out.add(_Touch("damage_card", "event", "take"))
            else:
                out.add(_Touch("judge_card", judge, "take"))
            k = key(e.actor)
            if k is not None:
                out.add(_Touch("hand", k, "add"))
        elif isinstance(e, (ir.Recover, ir.LoseHp)):
            k = key(e.actor)
            if k is not None:
                out.add(_Touch("hp", k, "add"))
        elif isinstance(e, ir.Damage):
            k = key(e.target)
            if k is not None:
                out.add(_Touch("hp", k, "add"))
        elif isinstance(e, ir.ExtraRecover):
            out.add(_Touch("recover_amount", "event", "add"))
        elif isinstance(e, ir.Retrial):
            out.add(_Touch("judge_card", judge_key, "set"))
            cards(e.actor, e.cards.zone, "take")
        elif isinstance(e, (ir.ForbidJink, ir.RequireResponses)):
            out.add(_Touch("card_rule", "event", "set"))
        elif isinstance(getattr(e, "to", None), ir.PlayerRef):  # other verbs that hand cards out
            k = key(getattr(e, "to"))
            if k is not None:
                out.add(_Touch("hand", k, "add"))
    return out


def _conflict(a: AbstractSet[_Touch], b: AbstractSet[_Touch]) -> tuple[_Touch, _Touch] | None:
    for x in sorted(a, key=lambda t: (t.facet, t.player, t.mode)):
        for y in sorted(b, key=lambda t: (t.facet, t.player, t.mode)):
            if x.facet != y.facet:
                continue
            if not (x.player == y.player or "*" in (x.player, y.player)):
                continue
            if x.mode == "add" and y.mode == "add":
                continue
            return x, y
    return None


#: order-sensitive pairs found at most (64 copies of 标准版, 1,600 generals: 50,570).
#: Each pair is one step and one record, and a set can have n² of them: a thousand
#: copies of one skill acting on the same thing in one burst (a file made to hurt,
#: well under the size limits) made 500,000 pairs and 350 MB, five thousand ran out
#: of memory.  Past this, :func:`order_sensitive_pairs` raises :class:`TooManyPairs`
#: (about 1 s and 200 MB spent) and the findings say so (W0606) instead of W0603s.
MAX_PAIRS = 250_000


class TooManyPairs(Exception):
    """More than :data:`MAX_PAIRS` order-sensitive pairs: ``burst`` (its Chinese
    name) and ``skills`` (each with the window it listens at) of the two groups
    whose pairs passed the limit."""

    def __init__(self, burst: str, skills: list[tuple[SkillInfo, str]]) -> None:
        super().__init__(f"more than {MAX_PAIRS} order-sensitive pairs (in {burst})")
        self.burst = burst
        self.skills = skills


@dataclass(frozen=True, slots=True)
class OrderPair:
    """An order-sensitive pair: ``first`` resolves before ``second`` in the runtime
    (``same_window``: both at ``windows[0]``, ordered by seat)."""

    first: SkillInfo
    second: SkillInfo
    first_window: str
    second_window: str
    burst: str
    obj: str
    same_window: bool
    bursts: tuple[str, ...] = ()


#: the player key of a listener's owner that no role fixes (canonical: every skill
#: with it is a different player; tagged ``@own1`` / ``@own2`` when two are compared)
_OWN = "@own"


def _bind(
    lst: Listener, slot: _Slot, has_emitter: bool, same_as_emitter: bool
) -> tuple[str, dict[ir.Who, str | None]] | None:
    """Whose skill fires at ``slot`` (the owner's player key: ``S``/``T`` or
    :data:`_OWN`) and what its player phrases mean there; None when it cannot fire
    there.  ``same_as_emitter``: the listener belongs to the burst's emitting general."""
    if lst.window != slot.window or not card_matches(lst.card, slot.card):
        return None
    free = "S" if same_as_emitter else _OWN
    if lst.subject is ir.Who.YOU:
        if slot.player is None:
            return None
        owner = free if slot.player == "*" else slot.player
        if has_emitter and owner == "S" and not same_as_emitter:
            return None
        if has_emitter and owner != "S" and same_as_emitter:
            return None
    else:
        owner = free
        if lst.subject is ir.Who.ALL_OTHERS and owner == slot.player:
            return None
    bind: dict[ir.Who, str | None] = {
        ir.Who.YOU: owner,
        ir.Who.SOURCE: slot.source,
        ir.Who.IT: slot.other,
        ir.Who.ONE: "*",
        ir.Who.ALL_OTHERS: "*",
    }
    return owner, bind


def _tag(ts: frozenset[_Touch], n: str) -> frozenset[_Touch]:
    """The touches with the canonical own-player keys made distinct (``@own`` → ``@own1``)."""
    return frozenset(_Touch(t.facet, t.player.replace(_OWN, _OWN + n), t.mode) for t in ts)


@dataclass(slots=True)
class _Group:
    """Listeners firing in one burst at one slot with the same owner key and the
    same touches: they pair with every other skill alike, so conflicts are decided
    once per pair of groups (members differ only by who they are)."""

    idx: int
    owner: str
    first: tuple[int, int, int]  # the (slot, listener) position of its first member
    t1: frozenset[_Touch]  # touches tagged as the earlier side
    t2: frozenset[_Touch]  # … as the later side
    t2_other_target: frozenset[_Touch] | None  # … as the later side bound to a second target (T2)
    #: (slot, listener position, skill, its general's number, the skill's rank, its
    #: place in the burst's order: slot × positions + listener position) — numbers,
    #: so the per-pair steps compare and hash integers, not names
    members: list[tuple[int, int, SkillInfo, int, int, int]]


_PairArgs = tuple[SkillInfo, SkillInfo, str, str, str, str, bool]
#: (where: both members' places in the burst's order as one number, earlier member
#: first — compared as the tuple of the two places would be; earlier skill, later
#: skill, their slots, the hit)
_Candidate = tuple[int, SkillInfo, SkillInfo, _Slot, _Slot, tuple[_Touch, _Touch]]


@dataclass(slots=True)
class _Found:
    """A pair found so far: its earliest burst (index) and how it is found there (the
    pair's data are made from these once, at the end), and the bursts it is seen in
    (indexes, ascending, at most :data:`_SEEN_BURSTS`)."""

    first: int
    cand: _Candidate
    seen: list[int]


class _PairFinder:
    """The state of :func:`order_sensitive_pairs`: listeners indexed by window,
    touches cached per (listener, binding), and per skill pair the earliest burst
    (its data) and up to :data:`_SEEN_BURSTS` bursts it is seen in."""

    def __init__(self, tg: TriggerGraph, live: set[str], slots: int) -> None:
        self.rank = {n: i for i, n in enumerate(tg.skills)}
        #: a number per general (the per-pair steps compare these, not name tuples)
        self.owner_no: dict[tuple[str, str], int] = {}
        for info in tg.skills.values():
            self.owner_no.setdefault(info.owner, len(self.owner_no))
        self.at: dict[str, list[tuple[int, SkillInfo, Listener]]] = {}
        self.at_general: dict[tuple[str, tuple[str, str]], list[tuple[int, SkillInfo, Listener]]] = {}
        pos = 0
        for info in tg.skills.values():
            if info.node in live:
                for lst in info.listeners:
                    self.at.setdefault(lst.window, []).append((pos, info, lst))
                    self.at_general.setdefault((lst.window, info.owner), []).append((pos, info, lst))
                    pos += 1
        #: a member's place in a burst is slot × ``positions`` + listener position;
        #: two places make one number: earlier × ``places`` + later
        self.positions = pos + 1
        self.places = self.positions * (slots + 1)
        self.touch_cache: dict[tuple[int, str, str | None, str | None, str], frozenset[_Touch]] = {}
        #: per burst class (the slots are the class's): group keys → conflict
        self.conflicts: dict[tuple[object, ...], tuple[_Touch, _Touch] | None] = {}
        # skill pair → its first burst, how it is found there, the bursts it is seen in
        self.found: dict[int, _Found] = {}

    def touches(self, lst: Listener, owner: str, slot: _Slot) -> frozenset[_Touch]:
        key = (id(lst), owner, slot.source, slot.other, slot.event)
        got = self.touch_cache.get(key)
        if got is None:
            bind: dict[ir.Who, str | None] = {
                ir.Who.YOU: owner, ir.Who.SOURCE: slot.source, ir.Who.IT: slot.other,
                ir.Who.ONE: "*", ir.Who.ALL_OTHERS: "*",
            }
            got = frozenset(_touches(lst.ability.effects, bind, f"judge:{slot.event}", f"judge:{_OWN}"))
            self.touch_cache[key] = got
        return got

    def groups(
        self, burst: _Burst, same_owner: tuple[str, str] | None, only: tuple[str, str] | None = None
    ) -> list[_Group]:
        """The groups of the listeners firing in ``burst``'s slots; ``same_owner``:
        the emitting general (its skills bind as the emitter's player), ``only``:
        keep only that general's listeners."""
        has_emitter = burst.emitter is not None
        owner_no, rank, positions = self.owner_no, self.rank, self.positions
        by_key: dict[tuple[object, ...], _Group] = {}
        for idx, slot in enumerate(burst.slots):
            listening = self.at.get(slot.window, ()) if only is None else self.at_general.get((slot.window, only), ())
            for pos, info, lst in listening:
                owner_id = info.owner
                bound = _bind(lst, slot, has_emitter, owner_id == same_owner)
                if bound is None:
                    continue
                owner = bound[0]
                t = self.touches(lst, owner, slot)
                t_other = self.touches(lst, "T2", slot) if burst.multi and owner == "T" else None
                key = (idx, owner, t, t_other)
                g = by_key.get(key)
                if g is None:
                    g = by_key[key] = _Group(
                        idx, owner, (idx, pos, len(by_key)), _tag(t, "1"), _tag(t, "2"),
                        _tag(t_other, "2") if t_other is not None else None, [],
                    )
                g.members.append((idx, pos, info, owner_no[owner_id], rank[info.node], idx * positions + pos))
        return sorted(by_key.values(), key=lambda g: g.first)

    def hit(self, burst: _Burst, gx: _Group, gy: _Group) -> tuple[_Touch, _Touch] | None:
        """The conflict between a member of ``gx`` and a later member of ``gy``."""
        key = (gx.idx, gx.owner, gx.t1, gy.idx, gy.owner, gy.t2, gy.t2_other_target)
        if key in self.conflicts:
            return self.conflicts[key]
        tb: frozenset[_Touch] | None = gy.t2
        separate = False
        if gx.owner == gy.owner and gx.owner != _OWN:
            # two generals cannot be the same player, except two targets of one card
            tb = gy.t2_other_target if burst.multi and gx.owner == "T" else None
            separate = True
        s1, s2 = burst.slots[gx.idx], burst.slots[gy.idx]
        if tb is None or (s1.event == s2.event and not separate and s1.window != s2.window):
            out = None  # ordered by the register's own words (前/后, 时/后)
        else:
            out = _conflict(gx.t1, tb)
        self.conflicts[key] = out
        return out

    def pairs_between(
        self,
        burst: _Burst,
        gs1: list[_Group],
        gs2: list[_Group],
        skip: tuple[str, str] | None = None,
    ) -> dict[int, _Candidate]:
        """Every conflicting skill pair between groups of ``gs1`` and ``gs2`` (the
        same list: pairs within it), keyed by the two skills' ranks (lower × skills
        + higher), each with its first combination in the burst (slot and listener
        positions: the runtime's order) — a :data:`_Candidate`;
        members of the general ``skip`` are left out of ``gs2``."""
        best: dict[int, _Candidate] = {}
        same_list = gs1 is gs2
        slots = burst.slots
        skip_no = -1 if skip is None else self.owner_no.get(skip, -1)
        nodes, places = len(self.rank), self.places
        for i, g1 in enumerate(gs1):
            for j, g2 in enumerate(gs2):
                if same_list and j < i:
                    continue
                fwd = self.hit(burst, g1, g2)
                bwd = self.hit(burst, g2, g1) if not (same_list and i == j) else fwd
                if fwd is None and bwd is None:
                    continue
                within = same_list and i == j
                if g1.idx != g2.idx and not within:
                    # different slots: the burst's order puts one group's members first
                    if g1.idx < g2.idx:
                        if fwd is not None:
                            self._block(best, burst, g1, g2, fwd, skip_no)
                    elif bwd is not None:
                        self._block(best, burst, g2, g1, bwd, -1, skip_no)
                    continue
                for m1 in g1.members:
                    if len(best) > MAX_PAIRS:
                        self._too_many(burst, g1, g2)
                    o1, p1 = m1[3], m1[5]
                    for m2 in g2.members:
                        o2, p2 = m2[3], m2[5]
                        if o1 == o2 or o2 == skip_no or (within and p2 <= p1):
                            continue  # one player orders his own skills
                        if p1 <= p2:
                            if fwd is None:
                                continue
                            x, y, hit = m1, m2, fwd
                        elif bwd is None:
                            continue
                        else:
                            x, y, hit = m2, m1, bwd
                        k = x[4] * nodes + y[4] if x[4] < y[4] else y[4] * nodes + x[4]
                        where = x[5] * places + y[5]
                        cur = best.get(k)
                        if cur is None or where < cur[0]:
                            best[k] = (where, x[2], y[2], slots[x[0]], slots[y[0]], hit)
        return best

    def _block(
        self,
        best: dict[int, _Candidate],
        burst: _Burst,
        gx: _Group,
        gy: _Group,
        hit: tuple[_Touch, _Touch],
        skip_y: int,
        skip_x: int = -1,
    ) -> None:
        """:meth:`pairs_between` for two groups at different slots, every member of
        ``gx`` before every member of ``gy`` (the same pairs, with fewer steps each:
        this loop runs once per pair of skills found)."""
        sx, sy = burst.slots[gx.idx], burst.slots[gy.idx]
        nodes, places = len(self.rank), self.places
        get = best.get
        for x in gx.members:
            if len(best) > MAX_PAIRS:
                self._too_many(burst, gx, gy)
            xo, xn, xinfo = x[3], x[4], x[2]
            if xo == skip_x:
                continue
            xw = x[5] * places
            for y in gy.members:
                yo = y[3]
                if yo == xo or yo == skip_y:
                    continue  # one player orders his own skills
                yn = y[4]
                k = xn * nodes + yn if xn < yn else yn * nodes + xn
                where = xw + y[5]
                cur = get(k)
                if cur is None or where < cur[0]:
                    best[k] = (where, xinfo, y[2], sx, sy, hit)

    @staticmethod
    def _too_many(burst: _Burst, *groups: _Group) -> None:
        """Raise :class:`TooManyPairs` for the skills of ``groups`` in ``burst``."""
        skills: dict[str, tuple[SkillInfo, str]] = {}
        for g in groups:
            for m in g.members:
                skills.setdefault(m[2].node, (m[2], burst.slots[m[0]].window))
        raise TooManyPairs(burst.name, list(skills.values()))

    def record(self, key: int, seen: list[int], cand: _Candidate) -> None:
        """Merge the bursts (indexes, ascending) a pair is seen in; the pair's data
        come from its earliest burst (``cand``: how it is found in ``seen[0]``)."""
        cur = self.found.get(key)
        if cur is None:
            self.found[key] = _Found(seen[0], cand, seen[:_SEEN_BURSTS])
            return
        old = cur.seen
        if len(old) == _SEEN_BURSTS and seen[0] > old[-1]:
            return  # the common case: seen in four earlier bursts already
        if seen[0] < cur.first:
            cur.first, cur.cand = seen[0], cand
        if len(seen) == 1:  # a burst of the pair's own general: one index into a sorted list
            b = seen[0]
            if b not in old:
                i = bisect.bisect(old, b)
                cur.seen = [*old[:i], b, *old[i:]][:_SEEN_BURSTS]
        else:
            cur.seen = sorted(set(old) | set(seen))[:_SEEN_BURSTS]


#: an order-sensitive pair keeps the names of at most this many bursts it is seen in
#: (the finding shows three and “等”)
_SEEN_BURSTS = 4


def _order_pair(rank: dict[str, int], burst: _Burst, cand: _Candidate) -> _PairArgs:
    """:class:`OrderPair`'s fields but ``bursts`` for a pair seen first in ``burst``."""
    _, a, b, s1, s2, hit = cand
    first, second, w1, w2 = a, b, s1.window, s2.window
    if s1.window == s2.window and rank[first.node] > rank[second.node]:
        first, second = second, first  # same window: seat order; list in source order
    holder = hit[0].player
    if holder in ("event", "*") or holder.startswith("judge:"):
        who = ""
    elif holder == _OWN + "1":
        who = a.ref.general
    elif holder == _OWN + "2":
        who = b.ref.general
    elif holder == "T2":
        who = "另一名目标"
    else:
        who = next((d for k, d in burst.roles if k == holder), "")
    obj = f"{who}的{_FACET_WORD[hit[0].facet]}" if who else _FACET_WORD[hit[0].facet]
    return (first, second, w1, w2, burst.name, obj, s1.window == s2.window)


def order_sensitive_pairs(tg: TriggerGraph, live: set[str] | None = None) -> list[OrderPair]:
    """Every order-sensitive pair of skills (module docstring), in source order.

    Near-linear in the set: listeners are looked up by window; in a burst, the
    listeners with the same slot, owner and touches form one group, decided once
    against each other group; and the bursts of skills whose effects open the same
    slots (copies of one skill, or skills alike) are analysed together, the
    emitting general's own skills apart.  The remaining cost is one step per pair
    found.  ``bursts`` lists at most :data:`_SEEN_BURSTS` of the bursts a pair is
    seen in (earliest first).  Raises :class:`TooManyPairs` past :data:`MAX_PAIRS`
    pairs (the work so far is bounded by it too)."""
    if live is None:
        live, _ = live_analysis(tg)
    bursts: list[_Burst] = [_card_burst(c) for c in sorted(tg.cards, key=_card_order)]
    for info in tg.skills.values():
        if info.node in live:
            bursts.extend(_skill_bursts(info))
    pf = _PairFinder(tg, live, max((len(b.slots) for b in bursts), default=0))
    classes: dict[tuple[object, ...], list[int]] = {}
    for bi, burst in enumerate(bursts):
        key: tuple[object, ...] = (bi,) if burst.emitter is None else (burst.slots, burst.multi)
        classes.setdefault(key, []).append(bi)
    for members in classes.values():
        rep = bursts[members[0]]
        pf.conflicts = {}
        foreign = pf.groups(rep, None)
        emitters: list[tuple[int, tuple[str, str] | None]] = []
        for bi in members:
            emitter = bursts[bi].emitter
            emitters.append((bi, emitter.owner if emitter is not None else None))
        # the bursts a pair is seen in: the first ones whose emitter is neither side's
        # general — the first _SEEN_BURSTS for every pair but those of their generals
        head = [bi for bi, _ in emitters[:_SEEN_BURSTS]]
        head_owners = {em for _, em in emitters[:_SEEN_BURSTS]}
        found = pf.found
        for k, cand in pf.pairs_between(rep, foreign, foreign).items():
            o1, o2 = cand[1].owner, cand[2].owner
            if o1 in head_owners or o2 in head_owners:
                seen: list[int] = []
                for bi, em in emitters:
                    if em != o1 and em != o2:
                        seen.append(bi)
                        if len(seen) == _SEEN_BURSTS:
                            break
                if not seen:
                    continue
            else:
                seen = head
                cur = found.get(k)
                if cur is not None and len(cur.seen) == _SEEN_BURSTS and seen[0] > cur.seen[-1]:
                    continue  # record's common case, without the call
            pf.record(k, seen, cand)
        if len(found) > MAX_PAIRS:
            pf._too_many(rep, *foreign)
        if rep.emitter is None:
            continue
        # the emitting general's own skills, per burst: they bind as the emitter's player
        for bi, em in emitters:
            assert em is not None
            burst = bursts[bi]
            own = pf.groups(burst, em, only=em)
            if own:
                for k, cand in pf.pairs_between(burst, own, foreign, skip=em).items():
                    pf.record(k, [bi], cand)
                if len(found) > MAX_PAIRS:
                    pf._too_many(burst, *own, *foreign)
    pairs = []
    names: dict[tuple[int, ...], tuple[str, ...]] = {}
    for got in pf.found.values():
        first, second, w1, w2, burst_name, obj, same = _order_pair(pf.rank, bursts[got.first], got.cand)
        seen_key = tuple(got.seen)
        seen_names = names.get(seen_key)
        if seen_names is None:
            seen_names = names[seen_key] = tuple(bursts[bi].name for bi in seen_key)
        pairs.append(OrderPair(first, second, w1, w2, burst_name, obj, same, seen_names))
    pairs.sort(key=lambda p: (pf.rank[p.first.node], pf.rank[p.second.node]))
    return pairs


def _listener_span(info: SkillInfo, window: str) -> Span:
    span = info.listeners[0].span
    for lst in info.listeners:
        if lst.window == window:
            span = lst.span
    return span


def _pair_findings(pairs: Iterable[OrderPair]) -> list[Finding]:
    """One W0603 per skill and what it collides with: the pairs with the same first
    skill, burst, object, windows and bursts seen in are one finding listing every
    second skill (a set with n copies of a skill has n² pairs, not n² warnings)."""
    groups: dict[tuple[object, ...], list[OrderPair]] = {}
    for p in pairs:
        key = (p.first.node, p.burst, p.obj, p.first_window, p.second_window, p.same_window, p.bursts)
        groups.setdefault(key, []).append(p)
    out = []
    for group in groups.values():
        p = group[0]
        a, b = p.first.ref, p.second.ref
        others = f"{b.label}等{len(group)}个技能" if len(group) > 1 else b.label
        if p.same_window:
            order_note = f"二者同在“{p.first_window}”时机，按座次（从当前回合角色起）依次结算"
        else:
            order_note = f"运行时先结算{a.label}（{p.first_window}），后结算{others}（{p.second_window}）"
        la = _listener_span(p.first, p.first_window)
        where = "、".join(p.bursts[:3]) + ("等" if len(p.bursts) > 3 else "")
        out.append(
            Finding(
                "W0603",
                "warning",
                f"结算顺序影响结果：{a.label}与{others}在{p.burst}{'的结算' if p.burst.startswith('【') else ''}中都作用于{p.obj}",
                (a, *(q.second.ref for q in group)),
                (la, *(_listener_span(q.second, q.second_window) for q in group)),
                windows=(p.first_window, p.second_window),
                notes=(order_note, f"见于：{where}"),
            )
        )
    return out


# ---------------------------------------------------------------- static conflicts


@dataclass(frozen=True, slots=True)
class _Setting:
    key: str
    value: str
    info: SkillInfo
    span: Span
    conditional: bool


def _settings(info: SkillInfo) -> Iterator[_Setting]:
    for a in info.skill.abilities:
        if isinstance(a, ir.StaticAbility):
            m = a.modifier
            if isinstance(m, ir.DuelResponseCount):
                yield _Setting(
                    f"与你【{m.duel.name}】的角色每次需{m.mode.value}的【{m.card.name}】数", f"{_cn(m.count)}张", info, a.span, False
                )
            elif isinstance(m, ir.UnlimitedCard):
                yield _Setting(f"你于{m.phase}使用【{m.card.name}】的次数", "任意", info, a.span, False)
        elif isinstance(a, ir.TriggeredAbility) and not a.optional:
            card = a.timing.card.name if a.timing.card is not None else "牌"
            for e, opt, choice, chance in walk(a.effects):
                if opt or choice:
                    continue
                if isinstance(e, ir.ForbidJink):
                    yield _Setting(f"抵消你使用的【{e.card.name}】所需的【{e.by.name}】", "不可响应", info, e.span, chance)
                elif isinstance(e, ir.RequireResponses):
                    yield _Setting(
                        f"抵消你使用的【{card}】所需的【{e.card.name}】", f"需连续{e.mode.value}{_cn(e.count)}张", info, e.span, chance
                    )


def _cn(n: int) -> str:
    return {1: "一", 2: "两", 3: "三", 4: "四", 5: "五"}.get(n, str(n))


def static_conflicts(tg: TriggerGraph) -> list[Finding]:
    by_owner: dict[tuple[str, str], list[_Setting]] = {}
    for info in tg.skills.values():
        for st in _settings(info):
            by_owner.setdefault(info.owner, []).append(st)
    out = []
    for settings in by_owner.values():
        for x, y in itertools.combinations(settings, 2):
            if x.key != y.key or x.value == y.value or x.info.node == y.info.node:
                continue
            cond = "（其中一方需判定成立）" if x.conditional or y.conditional else ""
            out.append(
                Finding(
                    "E0605",
                    "error",
                    f"锁定效果相互矛盾：{x.info.ref.label}令{x.key}为“{x.value}”，{y.info.ref.label}却为“{y.value}”{cond}",
                    (x.info.ref, y.info.ref),
                    (x.span, y.span),
                    notes=("二者都是技能文本，规则无法决定以哪一个为准；请删去其一或写明优先关系",),
                )
            )
    return out


# ---------------------------------------------------------------- entry points


def analyze_graph(tg: TriggerGraph) -> list[Finding]:
    """All findings of a built graph, sorted (code, file, line, col)."""
    live, _ = live_analysis(tg)
    try:
        order = _pair_findings(order_sensitive_pairs(tg, live))
    except TooManyPairs as exc:
        order = [_too_many_finding(exc)]
    found = [*cycles(tg, live), *order, *dead_skills(tg), *static_conflicts(tg)]
    return sorted(found, key=Finding.sort_key)


def _too_many_finding(exc: TooManyPairs) -> Finding:
    """W0606: the pair analysis stopped at :data:`MAX_PAIRS` (on the skills where)."""
    (first, _), n = exc.skills[0], len(exc.skills)
    where = f"{exc.burst}{'的结算' if exc.burst.startswith('【') else ''}中"
    return Finding(
        "W0606",
        "warning",
        f"结算顺序未逐对分析：可能相互影响的技能超过 {MAX_PAIRS} 对，例如{where}的{first.ref.label}等{n}个技能",
        tuple(info.ref for info, _ in exc.skills),
        tuple(_listener_span(info, window) for info, window in exc.skills),
        notes=("逐对分析的代价随技能数的平方增长；请把扩展包拆开分别检查",),
    )


def analyze(packages: Iterable[ir.Package], rules: RuleSet = STANDARD_RULES) -> list[Finding]:
    """Build the trigger graph of ``packages`` under ``rules`` and return its findings."""
    return analyze_graph(build_graph(packages, rules))


def involving(findings: Iterable[Finding], files: Iterable[str]) -> list[Finding]:
    """The findings that involve a skill from one of ``files`` (the files being
    checked, when the rest of the set is only context)."""
    wanted = {str(f) for f in files}
    return [f for f in findings if any(s.span.file in wanted for s in (*f.skills, *f.members))]


def graph_diagnostics(packages: Iterable[ir.Package], rules: RuleSet = STANDARD_RULES) -> list[Diagnostic]:
    """``to_diagnostics(analyze(packages, rules))``: what ``sgs check`` adds."""
    return to_diagnostics(analyze(packages, rules))


#: a finding's diagnostic lists at most this many other skills by place
_MAX_SEE_ALSO = 8


def to_diagnostics(findings: Iterable[Finding]) -> list[Diagnostic]:
    """The findings as compiler :class:`Diagnostic` objects (primary span = the first
    skill's span; the other skills as notes ``file:line:col``)."""
    out = []
    for f in findings:
        notes: list[str] = []
        others = list(zip(f.skills, f.spans))[1:]
        for ref, sp in others[:_MAX_SEE_ALSO]:
            notes.append(f"另见 {sp}：{ref.label}")
        if len(others) > _MAX_SEE_ALSO:
            notes.append(f"另有 {len(others) - _MAX_SEE_ALSO} 个技能未列出")
        if f.members:
            shown = "、".join(m.label for m in f.members[:_MAX_SEE_ALSO])
            more = f"等（共 {len(f.members)} 个）" if len(f.members) > _MAX_SEE_ALSO else ""
            notes.append(f"相互触发的技能：{shown}{more}")
        notes.extend(f.notes)
        help_ = None
        if f.code == "E0601":
            help_ = "给环上的一个技能加上“你可以”或“每阶段限一次。”"
        elif f.code == "W0604":
            help_ = "检查时机与牌名，或把能打开这个时机的扩展包加入规则集"
        out.append(Diagnostic(f.code, _SEVERITY[f.severity], f.message, f.spans[0], tuple(notes), help_))
    return out
