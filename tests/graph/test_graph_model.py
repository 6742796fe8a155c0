"""The graph's edges come from the verb table; findings become Diagnostics; drawing."""

from __future__ import annotations

from sgs.compiler.diagnostics import Severity, render_short
from sgs.compiler.graph import GRAPH_CODES, analyze, build_graph, load_packages, to_diagnostics, to_dot
from sgs.compiler.graph.model import use_windows
from sgs.compiler.graph.render import neighbourhood
from sgs.compiler.verbs import VERBS
from sgs.runtime.timing import Timing

from .helpers import ROOT, example, extra, standard


def test_skill_edges_are_the_verb_table() -> None:
    tg = build_graph([*standard(), example(), extra()])
    g = tg.graph
    windows = {t.value for t in Timing}
    for n, d in g.nodes(data=True):
        if d["kind"] == "window":
            assert d["label"] in windows
    for u, v, d in g.edges(data=True):
        if d["kind"] == "opens" and g.nodes[u]["kind"] == "skill" and d.get("via") != "conversion":
            assert g.nodes[v]["label"] in VERBS[d["verb"]].opens, (u, v, d)
    # and every window the table names for a verb a skill uses is drawn
    for info in tg.skills.values():
        for em in info.emissions:
            if not em.repeat:
                assert g.has_edge(info.node, f"时机:{em.window}")


def test_node_kinds() -> None:
    g = build_graph(standard()).graph
    kinds = {d["kind"] for _, d in g.nodes(data=True)}
    assert kinds == {"window", "skill", "card", "rule"}
    assert g.has_edge("时机:受到伤害后", "技能:标准/曹操/奸雄") or any(
        n.endswith("/曹操/奸雄") and g.has_edge("时机:受到伤害后", n) for n in g.nodes
    )
    assert g.has_edge("牌:杀", "时机:受到伤害后")  # card effects are nodes too
    assert g.has_edge("时机:进入濒死状态时", "时机:死亡时")


def test_diagnostics() -> None:
    fs = analyze([*standard(), example()])
    diags = to_diagnostics(fs)
    assert {d.code for d in diags} <= set(GRAPH_CODES)
    assert [d.severity for d in diags if d.code.startswith("E06")] == [Severity.ERROR, Severity.ERROR]
    text = render_short(diags)
    assert "examples/jinghua/jinghua.sgs:8:15: error[E0601]: 无界循环：管辂·卜筮 → 管辂·卜筮 可以无限触发" in text
    pair = next(d for d in diags if d.code == "W0603" and "水镜" in d.message)
    assert pair.notes[0].startswith("另见 ") and pair.notes[0].endswith("：司马徽·水镜")


def test_neighbourhood_of_one_skill() -> None:
    tg = build_graph([*standard(), extra()])
    near = neighbourhood(tg, "反馈")
    labels = {tg.graph.nodes[n]["label"] for n in near}
    assert {"受到伤害后", "失去牌时", "获得牌后", "司马懿·反馈", "夏侯惇·刚烈", "陆逊·连营"} <= labels
    assert "甄姬·倾国" not in labels
    dot = to_dot(tg, skill="反馈")
    assert "技能“反馈”的邻域" in dot


def test_view_as_use_draws_only_its_cards_windows() -> None:
    """视为使用 is one verb for every card; 离间's 【决斗】 can be answered by 打出【杀】
    but is never offset by a 闪."""
    tg = build_graph(load_packages([ROOT / "skills" / "standard"])[0])
    (lijian,) = tg.find_skill("离间")
    windows = {em.window for em in lijian.emissions if em.verb == "视为使用"}
    assert windows == set(VERBS["视为使用"].opens) & use_windows("决斗")
    assert {"打出时", "成为目标时", "结算完毕"} <= windows and "杀被闪抵消时" not in windows
