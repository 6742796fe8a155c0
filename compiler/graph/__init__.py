"""The trigger graph (DESIGN §4): windows, skills and card effects as a networkx
graph, and the findings a designer needs when adding a general to a set —
cycles (bounded or not), order-sensitive pairs, dead skills, static conflicts.

Entry points::

    from sgs.compiler.graph import analyze, build_graph, to_diagnostics, render_graph
    pkgs, diags = load_packages([Path("skills/standard"), Path("examples/…")])
    findings = analyze(pkgs)                  # list[Finding]
    diags += to_diagnostics(findings)         # for `sgs check`
    render_graph(build_graph(pkgs), "out.png", skill="反馈")

Modules: :mod:`.model` (what the IR says, per skill; card effects as verbs),
:mod:`.build` (the networkx graph), :mod:`.analysis` (findings),
:mod:`.render` (DOT/SVG/PNG through pydot), :mod:`.load` (reading .sgs files).
"""

from .analysis import (
    GRAPH_CODES,
    BoundReason,
    Finding,
    OrderPair,
    analyze,
    analyze_graph,
    cycles,
    dead_skills,
    order_sensitive_pairs,
    static_conflicts,
    to_diagnostics,
    graph_diagnostics,
    involving,
)
from .build import SkillInfo, TriggerGraph, build_graph
from .load import findings_for, load_packages, load_text, standard_packages
from .model import CARD_EFFECTS, STANDARD_RULES, RuleSet, SkillRef
from .render import GraphvizMissing, neighbourhood, render_graph, to_dot, to_pydot

__all__ = [
    "GRAPH_CODES",
    "GraphvizMissing",
    "findings_for",
    "BoundReason",
    "Finding",
    "OrderPair",
    "analyze",
    "analyze_graph",
    "cycles",
    "dead_skills",
    "order_sensitive_pairs",
    "static_conflicts",
    "to_diagnostics",
    "graph_diagnostics",
    "involving",
    "SkillInfo",
    "TriggerGraph",
    "build_graph",
    "load_packages",
    "load_text",
    "standard_packages",
    "CARD_EFFECTS",
    "STANDARD_RULES",
    "RuleSet",
    "SkillRef",
    "neighbourhood",
    "render_graph",
    "to_dot",
    "to_pydot",
]

# `sgs explain E0601` and friends: the graph's codes join the compiler's table.
from ..diagnostics import CODES as _CODES  # noqa: E402

_CODES.update(GRAPH_CODES)
