"""The register grammar's readings bound to the typed IR (compiler/language/bind.py).

The oracle is the sentence grammar: on every text of the project's own (skills/, seed
004's 92 lines, the 27 new sentences) that both grammars read and the sentence grammar
compiles, the binding is either the same typed IR — spans included — or left unbound
(W0701, naming what is not bound).  It never means something else.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sgs.compiler import build_texts
from sgs.compiler import ir as t
from sgs.compiler.bare import HEADER_LINES, wrap
from sgs.compiler.diagnostics import Span
from sgs.compiler.language.bind import bind_skill
from sgs.compiler.language.lower import lower_skill
from sgs.compiler.language.register import RegisterError, parse_register

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "skills").rglob("*.sgs")), ROOT / "tests/coverage/seed004_skills.txt"]
SENTENCES = ROOT / "tests/register_grammar/new_sentences.txt"
_NOT_SKILL = re.compile(r"^\s*(#|扩展包\s|武将\s|装备\s)")


def own_lines() -> list[str]:
    out = []
    for f in SOURCES:
        out += [ln for ln in f.read_text(encoding="utf-8").splitlines() if "：" in ln and not _NOT_SKILL.match(ln)]
    out += [f"测{i}：{s}" for i, s in enumerate(SENTENCES.read_text(encoding="utf-8").splitlines()) if s.strip()]
    return out


def both(line: str) -> tuple[tuple[t.Ability, ...], tuple[t.Ability, ...]] | None:
    """(sentence grammar's abilities, the register binding's) or None unless both read it."""
    r = build_texts({"<t>": wrap(line)})
    skills = [s for p in r.packages for g in p.generals for s in g.skills]
    if not r.ok or len(skills) != 1 or any(isinstance(a, t.Unbound) for a in skills[0].abilities):
        return None
    head, _, body = line.partition("：")
    try:
        reading = lower_skill(re.sub(r"（.*）", "", head), body, parse_register(body))
    except RegisterError:
        return None
    col0 = len(head) + 2
    _, bound = bind_skill(reading, lambda a, b: Span("<t>", HEADER_LINES + 1, col0 + a, HEADER_LINES + 1, col0 + b))
    return skills[0].abilities, bound


LINES = own_lines()


@pytest.fixture(scope="module")
def pairs() -> dict[str, tuple[tuple[t.Ability, ...], tuple[t.Ability, ...]]]:
    return {ln: p for ln in LINES if (p := both(ln)) is not None}


def test_a_binding_is_the_sentence_grammars_meaning_or_unbound(pairs: dict[str, tuple[tuple[t.Ability, ...], tuple[t.Ability, ...]]]) -> None:
    wrong = [ln for ln, (sent, bound) in pairs.items()
             if bound != sent and not any(isinstance(a, t.Unbound) for a in bound)]
    assert wrong == []


#: measured 2026-12-02: distinct texts both grammars read whose binding equals the
#: sentence grammar's typed IR, spans included (a floor that only goes up)
SAME_FLOOR = 43


def test_how_many_bind_the_same(pairs: dict[str, tuple[tuple[t.Ability, ...], tuple[t.Ability, ...]]]) -> None:
    same = sum(1 for sent, bound in pairs.values() if sent == bound)
    assert same >= SAME_FLOOR, f"{same} of {len(pairs)}"
