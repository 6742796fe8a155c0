"""An unknown verb with no spelling neighbour (拿, 偷取, 抢夺, 扔掉) gets the register's verb
as its suggestion, from the verb registry's reviewed ``synonyms`` field: never an antonym,
never a word of the lexicon, and only where the fixed text reads."""

from __future__ import annotations

import pytest

from sgs.compiler import build_texts
from sgs.compiler.bare import wrap
from sgs.compiler.language.register import word_types
from sgs.compiler.suggest import meaning_flip, verb_synonyms
from sgs.compiler.verbs import VERBS


def test_every_synonym_is_reviewed_safe() -> None:
    words = word_types()
    pairs = [(w, r) for v in VERBS.values() for w, r in v.synonyms]
    assert pairs, "the registry lists no synonym"
    for wrong, right in pairs:
        assert wrong not in words, wrong  # a word the lexicon has is no unknown word
        assert right in words, right  # the suggestion is a word of the register
        assert meaning_flip(wrong, right) is None, (wrong, right)
    assert verb_synonyms()["拿"] == ("摸", "获得")  # listed under both verbs: the reading decides


def _errors(line: str) -> list[tuple[str, str, int, int, str | None]]:
    diags = build_texts({"t": wrap(line)}).diagnostics
    return [(d.code, d.message, d.span.col, d.span.end_col, d.suggestion.replacement if d.suggestion else None)
            for d in diags if d.severity.value == "error" and d.span is not None]


@pytest.mark.parametrize(
    ("line", "word", "col", "right"),
    [
        ("夺牌：出牌阶段，你可以偷取一名其他角色的一张牌。", "偷取", 12, "获得"),
        ("夺牌：出牌阶段，你可以抢夺一名其他角色的一张牌。", "抢夺", 12, "获得"),
        ("夺牌：出牌阶段，你可以夺走一名其他角色的一张牌。", "夺走", 12, "获得"),
        ("弃牌：出牌阶段，你可以扔掉一张牌，然后摸一张牌。", "扔掉", 12, "弃置"),
        ("弃牌：出牌阶段，你可以舍弃一张牌，然后摸一张牌。", "舍弃", 12, "弃置"),
    ],
)
def test_unknown_verb_gets_its_register_word(line: str, word: str, col: int, right: str) -> None:
    errs = _errors(line)
    assert errs == [("E0103", f"未知的动作“{word}”", col, col + len(word), right)], errs


@pytest.mark.parametrize("line", ["拿牌：出牌阶段，你可以拿两张牌。", "拿牌：出牌阶段，你可以拿一名其他角色的一张牌。"])
def test_a_word_for_two_verbs_names_both_and_fixes_nothing(line: str) -> None:
    # 拿 is 摸 (from the pile) or 获得 (another's card): the register reads both, so
    # which one is meant is the designer's to say
    diags = [d for d in build_texts({"t": wrap(line)}).diagnostics if d.severity.value == "error"]
    assert [(d.code, d.message, d.span.col if d.span else 0) for d in diags] == [("E0103", "未知的动作“拿”", 12)]
    assert diags[0].suggestion is None
    assert diags[0].help == "“拿”在规范用语中写作“摸”或“获得”：按意思选一个"


def test_the_fix_replaces_the_word_only_so_no_negation_goes() -> None:
    # 不能 stays: the suggestion's span is the unknown word's (a wider one could drop it)
    errs = _errors("禁夺：锁定技，其他角色不能抢夺你的牌。")
    assert [e for e in errs if e[4] is not None and "不" in e[4]] == []
    assert all(e[4] != "" for e in errs)  # nor is a word deleted
