"""The open, typed lexicon (sgs.compiler.language.lexicon) and the register lexer's use of it:
bare card names read like bracketed ones, a package's own names read like bundled ones,
longest match keeps compounds whole, and a failed reading says what is known and expected."""

from __future__ import annotations

import pytest

from sgs.compiler.check import card_vocabulary
from sgs.compiler.language.lexicon import BARE_EXCLUDED, Lexicon, LexiconError, bundled
from sgs.compiler.language.register import (
    RegisterError,
    _lexer_of,
    expected_after,
    get_register_parser,
    parse_register,
)


def _words(text: str, lexicon: Lexicon | None = None) -> list[tuple[str, str]]:
    lexer = _lexer_of(get_register_parser())
    return [(str(t), t.type) for t in lexer.tokens(text, lexer.with_lexicon(lexicon))]


def test_bundled_cards_are_the_card_vocabulary() -> None:
    # the old grammar's CARD_NAME (kept equal to the runtime's tables by tests/grammar)
    assert bundled().of_type("card") == sorted(card_vocabulary())


def test_a_bare_card_name_is_a_card_word() -> None:
    assert [w for w, _ in _words("当闪使用")] == ["当", "闪", "使用"] and _words("当闪使用")[1][1] == "CARD"
    assert [w for w, _ in _words("杀或决斗")] == ["杀", "或", "决斗"]
    assert _words("【闪】")[0][1] == _words("闪")[0][1] == "CARD"


@pytest.mark.parametrize("text,words", [
    ("杀死你的角色", ["杀死", "你", "的", "角色"]),  # 杀死 is a verb, not 杀 + 死
    ("闪电", ["闪电"]),
    ("【闪】或【闪电】", ["【闪】", "或", "【闪电】"]),
    ("桃园结义", ["桃园结义"]),
    ("红桃牌", ["红桃", "牌"]),  # a suit, not 红 + 桃
    ("八卦阵", ["八卦阵"]),  # not the numeral 八
    ("过河拆桥", ["过河拆桥"]),
])
def test_longest_match_keeps_compounds_whole(text: str, words: list[str]) -> None:
    assert [w for w, _ in _words(text)] == words


def test_dilu_reads_only_in_brackets() -> None:
    assert "的卢" in BARE_EXCLUDED and bundled().type_of("【的卢】") == "card"
    toks, stop = _lexer_of(get_register_parser()).known_prefix("你的卢")
    assert [str(t) for t in toks] == ["你", "的"] and stop == 2
    assert _words("【的卢】") == [("【的卢】", "CARD")]


def test_bare_and_bracketed_read_the_same() -> None:
    bare = parse_register("你可以将一张黑色手牌当闪使用或打出。")
    bracketed = parse_register("你可以将一张黑色手牌当【闪】使用或打出。")
    assert [t.data for t in bare.iter_subtrees_topdown()] == [t.data for t in bracketed.iter_subtrees_topdown()]


def test_a_package_card_reads_bare_like_a_bundled_one() -> None:
    pkg = bundled().extend([("霹雳", "card"), ("雷霆", "card"), ("梦魇", "mark"), ("星", "pile")], "测试包")
    for name in ("霹雳", "雷霆"):
        text = f"你可以将一张红色牌当{name}使用。"
        with pytest.raises(RegisterError) as info:
            parse_register(text)
        err = info.value
        assert err.lexical
        if name == "霹雳":
            assert text[err.pos:err.unknown_end] == "霹雳"
        else:  # 雷 (火【杀】's 雷) is a word: the unknown word begins with the last known one
            assert str(err.tokens[-1]) == "雷" and text[err.pos:err.unknown_end] == "霆"
        tree = parse_register(text, lexicon=pkg)
        assert any(t.data == "act_use_as" for t in tree.iter_subtrees())
    assert ("梦魇", "MARK") in _words("获得一枚梦魇标记", pkg)
    assert pkg.type_of("“星”") == "pile" and pkg.type_of("雷霆") == "card" and pkg.type_of("雷") is None


def test_a_word_has_one_type_in_the_lexicon() -> None:
    with pytest.raises(LexiconError, match="梦魇"):
        bundled().extend([("梦魇", "mark"), ("梦魇", "card")], "测试包")
    with pytest.raises(LexiconError, match="杀"):
        bundled().extend([("杀", "mark")], "测试包")
    with pytest.raises(LexiconError, match="unknown word type"):
        bundled().extend([("星", "star")], "测试包")
    # a name that is a word of the grammar cannot be declared (角色 is a player head)
    with pytest.raises(LexiconError, match="角色"):
        parse_register("你摸一张牌。", lexicon=bundled().extend([("角色", "card")], "测试包"))


def test_a_failed_reading_says_what_is_known_and_expected() -> None:
    text = "出牌阶段，你可以翻转一名角色。"
    with pytest.raises(RegisterError) as info:
        parse_register(text)
    err = info.value
    assert err.lexical and text[err.pos:err.unknown_end] == "翻转"
    assert [str(t) for t in err.tokens] == ["出牌阶段", "，", "你", "可以"]
    exp = expected_after(err.tokens)
    assert {"摸", "弃置", "令"} <= set(exp.words)  # verbs may follow 你可以
    assert {"act_draw", "act_discard", "act_cause"} <= set(exp.rules)
    # a known word out of place: not lexical, and the full expected set (the parser's
    # own set is cut by the lookahead filter)
    with pytest.raises(RegisterError) as info:
        parse_register("出牌阶段，你可以令令一名角色摸一张牌。")
    err = info.value
    assert not err.lexical and err.found == "令" and [str(t) for t in err.tokens][-1] == "令"
    assert "PRONOUN" in expected_after(err.tokens).classes
