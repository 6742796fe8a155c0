"""The standard set: its exact cycles (with why each is bounded) and order-sensitive
pairs; with 天妒/集智/连营 added, the seed rulings' pairs (集智/反馈, 连营/反馈)."""

from __future__ import annotations

import time

from sgs.compiler.graph import analyze, build_graph, cycles, order_sensitive_pairs
from sgs.compiler.graph.analysis import live_analysis
from sgs.compiler.graph.build import TriggerGraph

from .fixtures import standard_extra
from .helpers import extra, standard, summary, where


def _pairs(tg: TriggerGraph) -> list[tuple[str, str, str, str, bool]]:
    return [
        (p.first.ref.label, p.second.ref.label, p.first_window, p.second_window, p.same_window)
        for p in order_sensitive_pairs(tg)
    ]


def test_standard_cycles_with_bounds() -> None:
    found = cycles(build_graph(standard()))
    assert [(summary(f), [(b.kind, b.text) for b in f.bound]) for f in found] == [
        (
            ("I0602", ("甄姬·洛神",)),
            [
                ("optional", "甄姬·洛神可以选择不发动（“你可以”）"),
                ("judge", "甄姬·洛神的判定出现红色的结果时结束"),
            ],
        ),
    ]
    (f,) = found
    assert f.severity == "info"
    assert where(f) == (("wei.sgs", 17, 42),)  # 再次进行判定


def test_gangliem_does_not_retrigger_itself() -> None:
    # 刚烈 damages 伤害来源 (another player): the window-level self-loop is not a cycle
    tg = build_graph(standard())
    (gl,) = tg.find_skill("刚烈")
    assert tg.graph.has_edge(gl.node, "时机:受到伤害后") and tg.graph.has_edge("时机:受到伤害后", gl.node)
    assert all("刚烈" not in f.skill_names for f in cycles(tg))


def test_standard_order_sensitive_pairs() -> None:
    assert _pairs(build_graph(standard())) == [
        ("司马懿·反馈", "夏侯惇·刚烈", "受到伤害后", "受到伤害后", True),
    ]
    (f,) = [f for f in analyze(standard()) if f.code == "W0603"]
    assert f.message == "结算顺序影响结果：司马懿·反馈与夏侯惇·刚烈在【万箭齐发】的结算中都作用于【万箭齐发】的使用者的手牌"
    assert f.notes == ("二者同在“受到伤害后”时机，按座次（从当前回合角色起）依次结算", "见于：【万箭齐发】、【南蛮入侵】")


def test_standard_all_findings() -> None:
    assert [summary(f) for f in analyze(standard())] == [
        ("I0602", ("甄姬·洛神",)),
        ("W0603", ("司马懿·反馈", "夏侯惇·刚烈")),
    ]


def test_standard_has_no_dead_skill() -> None:
    live, dead = live_analysis(build_graph(standard()))
    assert dead == []


def test_seed_rulings_with_jizhi_lianying_tiandu() -> None:
    tg = build_graph([*standard(), extra()])
    assert _pairs(tg) == [
        ("司马懿·反馈", "夏侯惇·刚烈", "受到伤害后", "受到伤害后", True),
        # seed 000/001: 月英 draws first, then 司马懿 takes a card
        ("黄月英·集智", "司马懿·反馈", "使用时", "受到伤害后", False),
        ("黄月英·集智", "夏侯惇·刚烈", "使用时", "受到伤害后", False),
        # seed 000/001: 陆逊 draws first, then 司马懿 takes that card
        ("陆逊·连营", "司马懿·反馈", "失去牌时", "受到伤害后", False),
        ("陆逊·连营", "夏侯惇·刚烈", "失去牌时", "受到伤害后", False),
    ]
    by_pair = {p.first.ref.skill + "/" + p.second.ref.skill: p for p in order_sensitive_pairs(tg)}
    assert by_pair["连营/反馈"].burst == "【杀】"
    assert by_pair["集智/反馈"].burst == "【决斗】"
    assert by_pair["集智/反馈"].obj == "【决斗】的使用者的手牌"
    # 天妒 and 鬼才 touch the same judge card, but 判定牌生效前 precedes 生效后 by the
    # register's own words: not a resolution-order question
    assert not any("天妒" in (p.first.ref.skill, p.second.ref.skill) for p in order_sensitive_pairs(tg))
    assert cycles(tg)[0].skill_names == ("洛神",) and len(cycles(tg)) == 1


def test_fixture_parsed_and_by_hand_agree() -> None:
    # the grammar is gaining these timings; whichever way the fixture is read, the
    # pairs and cycles must be the same
    from .fixtures import EXTRA, _by_hand

    pkg, _parsed = standard_extra()
    assert [g.skills[0].abilities[0].timing.window for g in pkg.generals] == ["判定牌生效后", "使用时", "失去牌时"]  # type: ignore[union-attr]
    by_hand = build_graph([*standard(), _by_hand(EXTRA.read_text(encoding="utf-8"))])
    assert _pairs(by_hand) == _pairs(build_graph([*standard(), pkg]))


def test_timing_of_the_bundled_set() -> None:
    from .helpers import ROOT
    from sgs.compiler.graph import load_packages

    start = time.perf_counter()
    pkgs, _ = load_packages([ROOT / "skills"])
    loaded = time.perf_counter()
    analyze(pkgs)
    done = time.perf_counter()
    print(f"\nbundled set: load {1000 * (loaded - start):.1f} ms, graph+analysis {1000 * (done - loaded):.1f} ms")
    assert done - loaded < 2.0
