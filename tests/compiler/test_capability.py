"""One capability pass decides what the back end cannot run yet (``check.runtime_gaps``):
W0701 in ``sgs check``, E0503 in ``sgs compile`` — the same finding, with its span — and
the emitter, which never sees a skill so refused, has no refusal of its own: a
construction it cannot write is an internal error (E0599), which no text reaches."""

from __future__ import annotations

import csv
import os
import re
from pathlib import Path

import pytest

from sgs.compiler import build_texts
from sgs.compiler.bare import wrap

ROOT = Path(__file__).resolve().parents[2]
_NOT_SKILL = re.compile(r"^\s*(#|扩展包\s|武将\s|装备\s)")
#: the packages held out to measure generalisation: never read here
HELD_OUT = frozenset({"OL祈福", "十周年·星火燎原", "谋攻篇·知"})


def _train() -> Path | None:
    """The training corpus: ``$SGS_TRAIN``, else ``notes/train.tsv`` beside the checkout
    or beside any folder above it."""
    env = os.environ.get("SGS_TRAIN")
    if env:
        return Path(env)
    return next((p for f in ROOT.parents if (p := f / "notes" / "train.tsv").is_file()), None)


def texts() -> list[tuple[str, str]]:
    """(skill, text) of the project's own skill lines, seed 004's and the corpus's."""
    out = []
    for f in [*sorted((ROOT / "skills").rglob("*.sgs")), ROOT / "tests/coverage/seed004_skills.txt"]:
        for ln in f.read_text(encoding="utf-8").splitlines():
            if "：" in ln and not _NOT_SKILL.match(ln):
                name, _, text = ln.partition("：")
                out.append((re.sub(r"（.*）", "", name), text))
    train = _train()
    if train is not None:
        with train.open(encoding="utf-8") as fh:
            out += [(r["skill"], r["text"]) for r in csv.DictReader(fh, delimiter="\t") if r["package"] not in HELD_OUT]
    return out


def test_the_emitter_has_no_refusing_path() -> None:
    # no capability code is made in the emitter: what the back end cannot run is the
    # capability pass's to say; the planner's only way out is internal() (E0599)
    src = (ROOT / "compiler/emit.py").read_text(encoding="utf-8")
    assert re.findall(r'"(E050\d|W07\d\d)"', src) == []


def test_every_text_the_capability_pass_lets_through_emits() -> None:
    bugs, apart = [], []
    for name, text in texts():
        r = build_texts({"<t>": wrap(f"{name}（ceshi）：{text}")})
        if any(d.code == "E0599" for d in r.diagnostics):
            bugs.append(f"{name}：{text}")
        if any(d.severity.value == "error" and d.code != "E0599" for d in r.diagnostics):
            continue  # an error of the text: nothing is planned
        # the same finding: refused by sgs compile exactly when sgs check warns, at the same place
        warned = sorted({(d.span.line, d.span.col) for d in r.diagnostics if d.code == "W0701"})
        refused = [(d.span.line, d.span.col) for d in r.refused]
        if bool(warned) != bool(refused) or not set(refused) <= set(warned):
            apart.append(f"{name}：{text}")
    assert bugs == []
    assert apart == []


@pytest.mark.parametrize(
    "line",
    [
        # a verb that acts on its window's event, in another window (the verb table's windows)
        "流离：每当你受到一次伤害后，你可以将此【杀】转移给你攻击范围内的一名其他角色。",
        "护体：出牌阶段，你可以防止此伤害。",
        "回春：每当你受到一次伤害后，你额外回复1点体力。",
        # the cards looked at must all go somewhere
        "观星：回合开始阶段开始时，你可以观看牌堆顶的X张牌（X为存活角色的数量，且最多为5），将其中任意数量的牌以任意顺序置于牌堆顶。",
    ],
)
def test_a_context_gap_is_one_finding_in_check_and_compile(line: str) -> None:
    r = build_texts({"<t>": wrap(line)})
    (w,) = [d for d in r.diagnostics if d.code == "W0701"]
    (e,) = r.refused
    assert e.code == "E0503" and e.span == w.span
    assert w.message.split("还不能执行", 1)[1] in e.message
