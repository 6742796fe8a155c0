"""The example expansion (examples/jinghua): each general causes exactly one
finding when analysed with the standard set; the last one causes none."""

from __future__ import annotations

import subprocess
import sys

from sgs.compiler.graph import Finding, analyze

from .helpers import EXAMPLE, ROOT, example, standard, summary, where


def _new_findings() -> list[Finding]:
    """Findings of standard + example that the standard set alone does not have."""
    base = {(f.code, f.message) for f in analyze(standard())}
    return [f for f in analyze([*standard(), example()]) if (f.code, f.message) not in base]


def _of(general: str) -> list[Finding]:
    return [f for f in _new_findings() if any(s.general == general for s in f.skills)]


def test_the_example_adds_exactly_four_findings() -> None:
    assert sorted(summary(f) for f in _new_findings()) == [
        ("E0601", ("管辂·卜筮",)),
        ("E0605", ("文鸯·破阵", "文鸯·穿云")),
        ("W0603", ("司马懿·鬼才", "司马徽·水镜")),
        ("W0604", ("张嶷·虚招",)),
    ]


def test_loop_general_guanlu() -> None:
    (f,) = _of("管辂")
    assert f.code == "E0601" and f.severity == "error"
    assert f.message == "无界循环：管辂·卜筮 → 管辂·卜筮 可以无限触发"
    assert f.bound == ()
    assert f.windows == ("判定牌生效前",)
    assert where(f) == (("jinghua.sgs", 8, 15),)


def test_order_sensitive_general_simahui() -> None:
    (f,) = _of("司马徽")
    assert f.code == "W0603" and f.severity == "warning"
    assert f.message == "结算顺序影响结果：司马懿·鬼才与司马徽·水镜在【乐不思蜀】的结算中都作用于判定牌"
    assert f.windows == ("判定牌生效前", "判定牌生效前")
    assert f.notes[0] == "二者同在“判定牌生效前”时机，按座次（从当前回合角色起）依次结算"
    assert where(f) == (("wei.sgs", 10, 4), ("jinghua.sgs", 12, 14))


def test_dead_general_zhangyi() -> None:
    (f,) = _of("张嶷")
    assert f.code == "W0604" and f.severity == "warning"
    assert f.message == (
        "张嶷·虚招永远不会发动：所选扩展包与规则集（标准版）中没有任何牌、规则或技能能打开【闪】的“指定目标后”时机"
    )
    assert where(f) == (("jinghua.sgs", 16, 12),)


def test_static_conflict_general_wenyang() -> None:
    (f,) = _of("文鸯")
    assert f.code == "E0605" and f.severity == "error"
    assert f.message == (
        "锁定效果相互矛盾：文鸯·破阵令抵消你使用的【杀】所需的【闪】为“需连续使用两张”，文鸯·穿云却为“不可响应”"
    )
    assert where(f) == (("jinghua.sgs", 20, 37), ("jinghua.sgs", 21, 36))


def test_clean_general_buzhi() -> None:
    assert _of("步骘") == []


def test_example_main_runs() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE / "main.py")], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert out.returncode == 1, out.stderr  # the example has two errors on purpose
    assert "error[E0601]" in out.stdout and "warning[W0604]" in out.stdout


def test_involving_restricts_to_checked_files() -> None:
    from sgs.compiler.graph import involving

    fs = involving(analyze([*standard(), example()]), [example().file])
    assert sorted(summary(f)[0] for f in fs) == ["E0601", "E0605", "W0603", "W0604"]
