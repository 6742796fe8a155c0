"""Drawing the trigger graph with pydot: DOT text, SVG/PNG through Graphviz.

The picture keeps what a person needs: windows that someone listens on or a skill
opens; skills grouped by general; cards on the left; the rule flow as one node.
Cycle edges are red, order-sensitive pairs are joined by an orange dashed line,
dead skills are grey and dashed.  ``skill=`` draws the neighbourhood of one skill
(its windows and everything touching them).

pydot builds and serialises the graph and calls Graphviz; it does not escape
backslashes, splits unquoted node names at ``:`` into ports and passes ``<…>``
through as HTML labels, so every id and every piece of text from a skill file goes
in already quoted by :func:`_q` (pydot leaves quoted strings alone).
"""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any, Iterable

import pydot

from .analysis import Finding
from ...runtime.timing import Timing
from .build import TriggerGraph
from .model import card_matches

__all__ = ["to_dot", "to_pydot", "render_graph", "neighbourhood", "GraphvizMissing"]

_FONT = "Noto Sans CJK SC,WenQuanYi Micro Hei,Microsoft YaHei,PingFang SC,sans-serif"
_VERB_COLOUR = {
    "造成伤害": "#c0392b",
    "失去体力": "#c0392b",
    "判定": "#8e44ad",
    "改判": "#8e44ad",
    "获得": "#27ae60",
    "弃置": "#27ae60",
    "交给": "#27ae60",
    "回复体力": "#2980b9",
    "打出": "#7f8c8d",
    "使用": "#7f8c8d",
    "规则": "#95a5a6",
}


_KINGDOM_FILL = {"魏": "#dfe9f7", "蜀": "#f9e0dc", "吴": "#dff2e1", "群": "#eeeeee", "神": "#fff1c1"}


class GraphvizMissing(RuntimeError):
    """SVG/PNG needs Graphviz's ``dot`` program; the .dot file was written anyway."""


def _q(s: object) -> str:
    """A DOT string literal: quotes and backslashes escaped, newlines become
    centred line breaks, so no name can end the string, start an HTML label or a
    port, or smuggle in a Graphviz escape such as ``\\N``."""
    text = str(s).replace("\\", "\\\\").replace('"', '\\"')
    return '"' + text.replace("\r\n", "\n").replace("\r", "\n").replace("\n", "\\n") + '"'


def neighbourhood(tg: TriggerGraph, skill: str, radius: int = 2) -> set[str]:
    """Node ids within ``radius`` steps (either direction) of the skill(s) named ``skill``."""
    starts = [s.node for s in tg.find_skill(skill)]
    if not starts:
        raise KeyError(skill)
    import networkx as nx  # here: importing sgs.compiler.graph (sgs check) does not need it

    und = tg.graph.to_undirected(as_view=True)
    keep: set[str] = set()
    for s in starts:
        keep.update(nx.single_source_shortest_path_length(und, s, cutoff=radius))
    return keep


_GENERIC = frozenset(
    {Timing.CARD_USING.value, Timing.CARD_USE_FINISHED.value, Timing.CARDS_LOST.value, Timing.CARD_RESPONDING.value}
)


def _listeners_at(tg: TriggerGraph, window_id: str) -> list[str | None]:
    """Card filters of the listeners on a window (None = any card)."""
    g = tg.graph
    return [d.get("card") for _, v, d in g.out_edges(window_id, data=True) if d["kind"] == "listens"]


def _keep_edge(tg: TriggerGraph, u: str, v: str, d: dict[str, object]) -> bool:
    """Card→window edges are drawn only where they can trigger someone: the window
    has a listener whose card filter the card satisfies (the generic use/lose
    windows only for listeners that name a card; otherwise the rule node stands
    for "any card")."""
    g = tg.graph
    if g.nodes[u]["kind"] != "card" or d["kind"] != "opens":
        return True
    card = str(g.nodes[u]["label"]).strip("【】")
    filters = _listeners_at(tg, v)
    label = str(g.nodes[v]["label"])
    if label in _GENERIC:
        return any(f is not None and card_matches(f, card) for f in filters)
    return any(card_matches(f, card) for f in filters)


def _relevant(tg: TriggerGraph) -> set[str]:
    g = tg.graph
    keep: set[str] = {n for n, d in g.nodes(data=True) if d["kind"] == "skill"}
    for n, d in g.nodes(data=True):
        if d["kind"] != "window":
            continue
        listened = any(g.nodes[v]["kind"] == "skill" for v in g.successors(n))
        by_skill = any(g.nodes[u]["kind"] == "skill" for u in g.predecessors(n))
        if listened or by_skill:
            keep.add(n)
    for n, d in g.nodes(data=True):
        if d["kind"] == "rule":
            keep.add(n)
        elif d["kind"] == "card":
            uses = any(
                v in keep and _keep_edge(tg, n, v, ed) for _, v, ed in g.out_edges(n, data=True) if ed["kind"] == "opens"
            )
            if uses:
                keep.add(n)
    return keep


_LEGEND = (
    "蓝线：时机→监听它的技能（【牌】为牌名限制）；彩色线：技能或牌→它能打开的时机"
    "（红 伤害/失去体力，紫 判定/改判，绿 牌的移动，蓝 回复体力，灰 使用/打出）\n"
    "红色粗线：无界循环；橙色粗线：有界循环；橙色虚线：结算顺序敏感；灰色虚框：永不发动；粗框：锁定技；→【牌】：视为技/代打产生的牌"
)


def _title(tg: TriggerGraph, skill: str | None) -> str:
    names = list(dict.fromkeys(p.name for p in tg.packages))
    what = f"技能“{skill}”的邻域" if skill else "、".join(names)
    return f"三国杀触发图：{what}（规则集：{tg.rules.name}）\n{_LEGEND}"


def _node(n: str, label: object, **attrs: Any) -> pydot.Node:
    return pydot.Node(_q(n), label=_q(label), **attrs)


def _edge(u: str, v: str, **attrs: Any) -> pydot.Edge:
    return pydot.Edge(_q(u), _q(v), **attrs)


def to_pydot(
    tg: TriggerGraph,
    skill: str | None = None,
    findings: Iterable[Finding] = (),
    prune: bool = True,
) -> pydot.Dot:
    """The graph (or the neighbourhood of ``skill``) as a :class:`pydot.Dot`."""
    g = tg.graph
    findings = list(findings)
    nodes = neighbourhood(tg, skill) if skill is not None else (_relevant(tg) if prune else set(g.nodes))
    if skill is not None:
        # the skills it forms a cycle or an order-sensitive pair with, and their windows
        mine = {s.node for s in tg.find_skill(skill)}
        for f in findings:
            if f.kind in ("cycle", "order") and mine & {r.node for r in f.skills}:
                nodes.update(r.node for r in f.skills)
                nodes.update(f"时机:{w}" for w in f.windows)
    if prune:
        nodes = {
            n
            for n in nodes
            if g.nodes[n]["kind"] != "card"
            or any(v in nodes and _keep_edge(tg, n, v, ed) for _, v, ed in g.out_edges(n, data=True) if ed["kind"] == "opens")
        }
    focus = {s.node for s in tg.find_skill(skill)} if skill is not None else set()
    dead = {f.skills[0].node for f in findings if f.kind == "dead"}
    cycle_edges: set[tuple[str, str]] = set()
    bad_cycle: set[tuple[str, str]] = set()
    for f in findings:
        if f.kind == "cycle":
            ns = [r.node for r in f.skills]
            for u, v in zip(ns, ns[1:] + ns[:1]):
                cycle_edges.add((u, v))
                if f.severity == "error":
                    bad_cycle.add((u, v))

    dot = pydot.Dot("trigger_graph", graph_type="digraph")
    dot.set_graph_defaults(
        rankdir="LR", fontname=_q(_FONT), fontsize=12, nodesep=0.12, ranksep=1.6, newrank="true",
        label=_q(_title(tg, skill)), labelloc="t",
    )
    dot.set_node_defaults(fontname=_q(_FONT), fontsize=11)
    dot.set_edge_defaults(fontname=_q(_FONT), fontsize=9, arrowsize=0.6)

    # three columns: cards and the rules | windows (runtime order) | skills (by general)
    left = [n for n in sorted(nodes) if g.nodes[n]["kind"] in ("card", "rule")]
    left.sort(key=lambda n: (g.nodes[n]["kind"] != "rule", n))
    openers = pydot.Subgraph("openers", rank="min")
    for n in left:
        d = g.nodes[n]
        if d["kind"] == "card":
            openers.add_node(_node(n, d["label"], shape="note", style="filled", fillcolor="#fff6d5"))
        else:
            openers.add_node(_node(n, d["label"], shape="component", style="filled", fillcolor="#eeeeee"))
    dot.add_subgraph(openers)

    windows = sorted((n for n in nodes if g.nodes[n]["kind"] == "window"), key=lambda n: g.nodes[n]["order"])
    column = pydot.Subgraph("windows", rank="same")
    for n in windows:
        column.add_node(
            _node(n, g.nodes[n]["label"], shape="ellipse", style="filled", fillcolor="#dbeafe", color="#5b8def")
        )
    dot.add_subgraph(column)
    # keep the window column in runtime order
    for u, v in zip(windows, windows[1:]):
        dot.add_edge(_edge(u, v, style="invis"))

    skills = pydot.Subgraph("skills", rank="max")
    skill_nodes = [i for i in tg.skills.values() if i.node in nodes]
    for info in skill_nodes:
        n = info.node
        style = "filled,rounded"
        fill = _KINGDOM_FILL.get(info.general.kingdom, "#ffffff")
        colour = "#333333"
        pen = 1
        if info.skill.compulsory:
            pen = 2
        if n in dead:
            style, fill, colour = "filled,rounded,dashed", "#eeeeee", "#999999"
        if n in focus:
            pen = 3
            colour = "#d35400"
        tag = "（锁定技）" if info.skill.compulsory else ""
        made = "、".join(dict.fromkeys(f"【{c.card}】" for c in info.conversions))
        if made:
            tag += f" →{made}"
        skills.add_node(
            _node(n, info.ref.general + "·" + info.ref.skill + tag, shape="box", style=_q(style),
                  fillcolor=fill, color=colour, penwidth=pen)
        )
    dot.add_subgraph(skills)
    for s1, s2 in zip(skill_nodes, skill_nodes[1:]):
        dot.add_edge(_edge(s1.node, s2.node, style="invis"))

    seen: set[tuple[str, str, str]] = set()
    for u, v, d in sorted(g.edges(data=True), key=lambda e: (e[0], e[1], str(e[2].get("kind")), str(e[2].get("verb")))):
        if u not in nodes or v not in nodes or not _keep_edge(tg, u, v, d):
            continue
        kind = d["kind"]
        key = (u, v, kind if kind != "opens" else str(d.get("verb")))
        if key in seen:
            continue
        seen.add(key)
        attrs: dict[str, Any] = {}
        if kind == "listens":
            attrs.update(color="#5b8def", label=_q(f"【{d['card']}】" if d.get("card") else ""))
        elif kind == "opens":
            verb = str(d.get("verb"))
            colour = _VERB_COLOUR.get(verb, "#555555")
            attrs.update(color=colour, fontcolor=colour)
            if g.nodes[u]["kind"] == "skill":
                attrs.update(tooltip=_q(verb), constraint="false")
            else:
                attrs.update(style="dotted")
        elif kind == "repeats":
            attrs.update(color="#8e44ad", label=_q("再次判定"), constraint="false")
        elif kind in ("converts", "answers", "uses") and prune:
            continue  # shown in the skill's label / implied by the card's own edges
        elif kind == "converts":
            attrs.update(color="#7f8c8d", style="dashed", label=_q("视为"), constraint="false")
        elif kind in ("answers", "uses"):
            attrs.update(color="#bbbbbb", style="dashed", label=_q("响应" if kind == "answers" else "使用"))
        elif kind == "leads":
            attrs.update(color="#95a5a6", style="dotted")
        dot.add_edge(_edge(u, v, **attrs))
    # cycle laps and order-sensitive pairs, drawn skill to skill
    for (u, v) in sorted(cycle_edges):
        if u in nodes and v in nodes:
            colour = "#e00000" if (u, v) in bad_cycle else "#c77800"
            dot.add_edge(_edge(u, v, color=colour, penwidth=2.2, constraint="false", label=_q("循环")))
    for f in findings:
        if f.kind == "order":
            a, b = f.skills[0].node, f.skills[1].node
            if a in nodes and b in nodes:
                dot.add_edge(_edge(a, b, dir="none", color="#ff8c00", style="dashed", penwidth=1.8,
                                   constraint="false", label=_q("顺序敏感"), fontcolor="#ff8c00"))
    return dot


def to_dot(
    tg: TriggerGraph,
    skill: str | None = None,
    findings: Iterable[Finding] = (),
    prune: bool = True,
) -> str:
    """The graph (or the neighbourhood of ``skill``) as Graphviz DOT text."""
    return str(to_pydot(tg, skill=skill, findings=findings, prune=prune).to_string())


def render_graph(
    graph: TriggerGraph,
    path: str | Path,
    skill: str | None = None,
    findings: Iterable[Finding] | None = None,
) -> list[Path]:
    """Write the graph to ``path`` (.dot, .svg or .png).  The .dot file is always
    written (next to ``path``); .svg/.png need Graphviz's ``dot`` program
    (``apt-get install graphviz``) and raise :class:`GraphvizMissing` without it.
    ``findings`` (default: :func:`analyze_graph`) colour cycles, pairs and dead
    skills.  Returns the files written."""
    from .analysis import analyze_graph

    path = Path(path)
    fmt = path.suffix.lower().lstrip(".")
    fs = analyze_graph(graph) if findings is None else list(findings)
    dot = to_pydot(graph, skill=skill, findings=fs)
    dot_path = path.with_suffix(".dot")
    dot_path.parent.mkdir(parents=True, exist_ok=True)
    dot.write(str(dot_path), format="raw", encoding="utf-8")
    written = [dot_path]
    if fmt == "dot":
        return written
    if fmt not in ("svg", "png"):
        raise ValueError(f"不支持的输出格式：.{fmt}（应为 .dot、.svg 或 .png）")
    prog = ["dot", "-Gdpi=110"] if fmt == "png" else ["dot"]
    try:
        image = dot.create(prog=prog, format=fmt, encoding="utf-8")
    except OSError as exc:
        if exc.errno != errno.ENOENT:
            raise
        raise GraphvizMissing(
            f"生成 .{fmt} 需要 Graphviz 的 dot 程序（apt-get install graphviz）；已写出 {dot_path}"
        ) from None
    path.write_bytes(image if isinstance(image, bytes) else image.encode("utf-8"))
    written.append(path)
    return written
