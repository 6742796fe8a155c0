"""Every text the project itself compiles reads in the register grammar, with one reading.

Not a ratchet over a sample: every skill line of every file below, no skips.  The texts
are the oldest wording of the register (每当…后, 回合开始阶段开始时, 在…前, 你的回合外),
seed 004's lines with bare card names (当闪使用, 杀或决斗), the standard and 风 packages
(equipment effect lines included: they are written as skills), the new-forms package
and the 27 sentences of issue 8.

A line is read as ``sgs check`` reads it: the mechanical normalisation of
:func:`sgs.compiler.parse.normalise` and :func:`~sgs.compiler.parse.repair` first (seed
004's own slips — 牌对顶, 收到, 其他男性角, 1.、, a missing 。 — are corrected there, each
with its warning), then the text after ``名称：``.  Lines that are not skill text are
the package structure and are named here: the 扩展包 header, 武将 and 装备 declaration
lines, comments and blank lines.

Near misses of the constructions these texts brought (the grammar must not accept
everything) are at the end.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sgs.compiler.parse import normalise, repair, skill_line_name
from sgs.compiler.language.register import RegisterAmbiguity, RegisterError, parse_register

from .near import assert_stops_at

ROOT = Path(__file__).resolve().parents[2]

#: every file of the project's own skill texts, with its number of skill lines (so a
#: line cannot drop out of the test unnoticed)
FILES: dict[str, int] = {
    "skills/standard/equipment.sgs": 13,
    "skills/maneuvering/equipment.sgs": 4,
    "skills/standard/qun.sgs": 5,
    "skills/standard/shu.sgs": 11,
    "skills/standard/wei.sgs": 11,
    "skills/standard/wu.sgs": 13,
    "skills/wind/shenguanyu.sgs": 2,
    "skills/wind/shenlvmeng.sgs": 2,
    "skills/wind/shu.sgs": 2,
    "skills/wind/wei.sgs": 2,
    "skills/wind/xiaoqiao.sgs": 2,
    "skills/wind/yuji.sgs": 1,
    "skills/wind/zhangjiao.sgs": 3,
    "skills/wind/zhoutai.sgs": 1,
    "tests/coverage/seed004_skills.txt": 92,
    "tests/coverage/new_forms/new_forms.sgs": 15,
    "tests/register_grammar/new_sentences.txt": 27,
}

#: lines of a package file that are its structure, not skill text
NOT_SKILL_TEXT = re.compile(r"^\s*($|#|扩展包\s|武将\s|装备\s)")


def own_texts() -> list[tuple[str, int, str]]:
    """(file, line number, skill text after normalisation) of every skill line."""
    out = []
    for rel in FILES:
        path = ROOT / rel
        for k, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NOT_SKILL_TEXT.match(line):
                continue
            if rel.endswith("new_sentences.txt"):  # bare sentences, no 名称：
                out.append((rel, k, line.strip()))
                continue
            assert skill_line_name(line) is not None, f"{rel}:{k} is neither structure nor a skill line: {line}"
            norm, _ = normalise(line, rel)
            fixed, _, _ = repair(norm, rel)
            out.append((rel, k, fixed.split("\n")[0].split("：", 1)[1].strip()))
    return out


TEXTS = own_texts()


def test_every_file_and_line_is_here() -> None:
    got: dict[str, int] = {}
    for rel, _, _ in TEXTS:
        got[rel] = got.get(rel, 0) + 1
    assert got == FILES
    assert len(TEXTS) == 206


@pytest.mark.parametrize("rel,line,text", TEXTS, ids=[f"{Path(r).stem}:{k}" for r, k, _ in TEXTS])
def test_own_text_reads_with_one_reading(rel: str, line: int, text: str) -> None:
    try:
        parse_register(text)
    except RegisterAmbiguity as amb:
        tie = amb.ties[0]
        pytest.fail(f"{rel}:{line} reads two ways at “{text[tie.start:tie.end]}”: {' | '.join(tie.readings[:2])}")
    except RegisterError as err:
        pytest.fail(f"{rel}:{line} stops at ⟨: {text[:err.pos]}⟨{text[err.pos:]}")


# Near misses of the constructions above: (text, where the reading stops).
NEAR_MISSES = [
    ("你的回合，你可以摸一张牌。", "，"),                      # a turn scope needs 内/外 (or 在…)
    ("除你以外只有你才能使用【桃】。", "只有"),                 # 除…以外 leads with its comma
    ("只有你才摸一张牌。", "才"),                              # 只有…才能: 才 alone is no word
    ("若【杀】的体力值大于1，你摸一张牌。", "大于"),            # a card has no 体力值 (player measure)
    ("出牌阶段，你可以弃置一张手牌来。", "。"),                # means without its end (…来转移…)
    ("出牌阶段，你可以摸一张牌弃置一张牌。", "弃置"),          # serial verbs: only a payment comes first
    ("判定结果为：红桃。", "。"),                             # a judgement case needs its clause
    ("以下两种情况，你摸一张牌：1.你已受伤。", "。"),           # cases come at least two
    ("你每摸一张牌你回复1点体力。", "你回复"),                 # 每…, needs its comma
    ("每当你受到一次伤害后，你可以获得以下技能：。", "。"),      # a granted list is not empty
    ("若你于出牌阶段未使用过，你摸一张牌。", "，"),            # 使用过 what
    ("你的手牌多于【杀】。", "多于"),                          # cards compared with a card, not a count
    ("每当你受到一次伤害时，防止多余的牌。", "牌"),                # 防止多余的 only of the damage
]


@pytest.mark.parametrize("text,at", NEAR_MISSES)
def test_near_misses_of_the_new_constructions(text: str, at: str) -> None:
    assert not isinstance(assert_stops_at(text, at), RegisterAmbiguity)
