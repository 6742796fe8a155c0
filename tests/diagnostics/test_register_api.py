"""The register parser's read-only API for diagnostics (compiler/language/register.py):
what the grammar expected where a text stops, and the phrases of each competing reading."""

from __future__ import annotations

from lark import Lark

from sgs.compiler.language.register import held_after, find_ties, word_types


def test_held_after_names_the_rules_begun_before_the_stop() -> None:
    got = held_after("出牌阶段，你可以翻转一名角色。", 8)
    # after 你可以 a clause still needs its verb phrase; 可以 may still go on (可以依次 …)
    assert any(e.origin == "clause_core" and e.rest[-1:] == ("vps",) for e in got)
    assert all(e.start < 8 for e in got)
    # words that leave the grammar before the offset: nothing to say
    assert held_after("出牌阶段，你可以摸摸摸摸", 12) == ()
    # an unknown word before the offset does not lex
    assert held_after("出牌阶段，你可以翻转", 10) == ()


def test_word_types_are_the_lexicon() -> None:
    types = word_types()
    assert types["基本牌"] == "KIND" and types["锁定技"] == "TAG"
    assert "【杀】" not in types  # a slot, not a word


def test_a_tie_carries_the_phrases_of_each_reading() -> None:
    p = Lark('start: np\nnp: np "的" np | W\nW: "甲" | "乙" | "丙"\n', parser="earley", lexer="basic")
    earley = p.parser.parser
    tree_class, earley.Tree = earley.Tree, None
    root = p.parse("甲的乙的丙")
    earley.Tree = tree_class
    offsets = [0, 1, 2, 3, 4, 5]
    (tie,) = find_ties(root, offsets)
    groupings = {tuple((a, b) for a, b, _ in c if b - a > 1) for c in tie.constituents}
    assert groupings == {((0, 3),), ((2, 5),)}  # [甲的乙]的丙 / 甲的[乙的丙]
