"""Drawing the trigger graph: DOT text (no dependency), SVG/PNG through Graphviz.

The picture keeps what a person needs: windows that someone listens on or a skill
opens; skills grouped by general; cards on the left; the rule flow as one node.
Cycle edges are red, order-sensitive pairs are joined by an orange dashed line,
dead skills are grey and dashed.  ``skill=`` draws the neighbourhood of one skill
(its windows and everything touching them).
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Iterable

import networkx as nx

from .analysis import Finding
from .build import RULE_NODE, TriggerGraph

__all__ = ["to_dot", "render_graph", "neighbourhood", "GraphvizMissing"]

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


class GraphvizMissing(RuntimeError):
    """SVG/PNG needs Graphviz's ``dot`` program; the .dot file was written anyway."""


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def neighbourhood(tg: TriggerGraph, skill: str, radius: int = 2) -> set[str]:
    """Node ids within ``radius`` steps (either direction) of the skill(s) named ``skill``."""
    starts = [s.node for s in tg.find_skill(skill)]
    if not starts:
        raise KeyError(skill)
    und = tg.graph.to_undirected(as_view=True)
    keep: set[str] = set()
    for s in starts:
        keep.update(nx.single_source_shortest_path_length(und, s, cutoff=radius))
    return keep


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
        if d["kind"] in ("card", "rule"):
            if any(v in keep for v in g.successors(n)) or any(u in keep for u in g.predecessors(n)):
                keep.add(n)
    return keep


def to_dot(
    tg: TriggerGraph,
    skill: str | None = None,
    findings: Iterable[Finding] = (),
    prune: bool = True,
) -> str:
    """The graph (or the neighbourhood of ``skill``) as Graphviz DOT text."""
    g = tg.graph
    findings = list(findings)
    nodes = neighbourhood(tg, skill) if skill is not None else (_relevant(tg) if prune else set(g.nodes))
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
    lines = [
        "digraph trigger_graph {",
        f"  graph [rankdir=LR, fontname={_q(_FONT)}, fontsize=12, nodesep=0.15, ranksep=1.1, "
        f"label={_q('三国杀触发图：' + ('技能 ' + skill + ' 的邻域' if skill else '、'.join(p.name for p in tg.packages)) + '（规则集：' + tg.rules.name + '）')}, labelloc=t];",
        f"  node [fontname={_q(_FONT)}, fontsize=11];",
        f"  edge [fontname={_q(_FONT)}, fontsize=9, arrowsize=0.6];",
    ]
    # cards and the rules on the left
    lines.append("  subgraph cluster_cards { label=\"牌与规则\"; style=rounded; color=\"#bbbbbb\";")
    for n in sorted(nodes):
        d = g.nodes[n]
        if d["kind"] == "card":
            lines.append(f"    {_q(n)} [label={_q(d['label'])}, shape=note, style=filled, fillcolor=\"#fff6d5\"];")
        elif d["kind"] == "rule":
            lines.append(f"    {_q(n)} [label={_q(d['label'])}, shape=component, style=filled, fillcolor=\"#eeeeee\"];")
    lines.append("  }")
    # windows in the middle, in runtime order
    for n in sorted((n for n in nodes if g.nodes[n]["kind"] == "window"), key=lambda n: g.nodes[n]["order"]):
        lines.append(
            f"  {_q(n)} [label={_q(g.nodes[n]['label'])}, shape=ellipse, style=filled, fillcolor=\"#dbeafe\", color=\"#5b8def\"];"
        )
    # skills grouped by general
    by_general: dict[tuple[str, str], list[str]] = {}
    for info in tg.skills.values():
        if info.node in nodes:
            by_general.setdefault(info.owner, []).append(info.node)
    for i, ((pkg, gen), ns) in enumerate(by_general.items()):
        info0 = tg.skills[ns[0]]
        lines.append(
            f"  subgraph cluster_g{i} {{ label={_q(f'{gen}（{info0.general.kingdom}·{pkg}）')}; style=rounded; color=\"#999999\";"
        )
        for n in ns:
            info = tg.skills[n]
            style = "filled"
            fill = "#fde2e2" if info.skill.compulsory else "#ffffff"
            colour = "#333333"
            if n in dead:
                style, fill, colour = "filled,dashed", "#eeeeee", "#999999"
            if n in focus:
                fill = "#ffe08a"
            tag = "（锁定技）" if info.skill.compulsory else ""
            lines.append(
                f"    {_q(n)} [label={_q(info.ref.skill + tag)}, shape=box, style={_q(style + ',rounded')}, fillcolor={_q(fill)}, color={_q(colour)}];"
            )
        lines.append("  }")
    seen: set[tuple[str, str, str]] = set()
    for u, v, d in sorted(g.edges(data=True), key=lambda e: (e[0], e[1], str(e[2].get("kind")), str(e[2].get("verb")))):
        if u not in nodes or v not in nodes:
            continue
        kind = d["kind"]
        key = (u, v, kind if kind != "opens" else str(d.get("verb")))
        if key in seen:
            continue
        seen.add(key)
        attrs: list[str] = []
        if kind == "listens":
            label = f"【{d['card']}】" if d.get("card") else ""
            attrs += ["color=\"#5b8def\"", f"label={_q(label)}"]
        elif kind == "opens":
            verb = str(d.get("verb"))
            colour = _VERB_COLOUR.get(verb, "#555555")
            attrs += [f"color={_q(colour)}", f"fontcolor={_q(colour)}"]
            if g.nodes[u]["kind"] == "skill":
                attrs.append(f"label={_q(verb)}")
            else:
                attrs.append("style=dotted")
        elif kind == "repeats":
            attrs += ["color=\"#8e44ad\"", f"label={_q('再次判定')}"]
        elif kind == "converts":
            attrs += ["color=\"#7f8c8d\"", "style=dashed", f"label={_q('当' + '' if False else '视为')}"]
        elif kind in ("answers", "uses"):
            attrs += ["color=\"#bbbbbb\"", "style=dashed", f"label={_q('响应' if kind == 'answers' else '使用')}"]
        elif kind == "leads":
            attrs += ["color=\"#95a5a6\"", "style=dotted"]
        lines.append(f"  {_q(u)} -> {_q(v)} [{', '.join(attrs)}];")
    # cycle laps and order-sensitive pairs, drawn skill to skill
    for (u, v) in sorted(cycle_edges):
        if u in nodes and v in nodes:
            colour = "#e00000" if (u, v) in bad_cycle else "#c77800"
            lines.append(f"  {_q(u)} -> {_q(v)} [color={_q(colour)}, penwidth=2.2, constraint=false, label=\"循环\"];")
    for f in findings:
        if f.kind == "order":
            a, b = f.skills[0].node, f.skills[1].node
            if a in nodes and b in nodes:
                lines.append(
                    f"  {_q(a)} -> {_q(b)} [dir=none, color=\"#ff8c00\", style=dashed, penwidth=1.8, constraint=false, label=\"顺序敏感\", fontcolor=\"#ff8c00\"];"
                )
    lines.append("}")
    return "\n".join(lines) + "\n"


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
    fs = analyze_graph(graph) if findings is None else list(findings)
    dot_text = to_dot(graph, skill=skill, findings=fs)
    dot_path = path.with_suffix(".dot")
    dot_path.parent.mkdir(parents=True, exist_ok=True)
    dot_path.write_text(dot_text, encoding="utf-8")
    written = [dot_path]
    fmt = path.suffix.lower().lstrip(".")
    if fmt == "dot":
        return written
    if fmt not in ("svg", "png"):
        raise ValueError(f"不支持的输出格式：.{fmt}（应为 .dot、.svg 或 .png）")
    exe = shutil.which("dot")
    if exe is None:
        raise GraphvizMissing(f"生成 .{fmt} 需要 Graphviz 的 dot 程序（apt-get install graphviz）；已写出 {dot_path}")
    args = [exe, f"-T{fmt}", str(dot_path), "-o", str(path)]
    if fmt == "png":
        args.insert(2, "-Gdpi=110")
    subprocess.run(args, check=True, capture_output=True)
    written.append(path)
    return written
