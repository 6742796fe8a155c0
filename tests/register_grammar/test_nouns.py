"""Noun phrases of the register and its open lexicon, on sentences written for these
tests (no corpus text): skills as objects (一个技能 / 其武将牌上的技能（…除外）/ 此主公技),
a seat (一号位), a process (濒死流程中 / 重复此流程), the domain nouns (身份, 阵营, 牌库顶,
武将牌, 普【杀】, 智囊牌), named counters (1点“蓄力”点), and names a text quotes once and
then writes bare (“饶舌”标记 … 饶舌标记).  Each construction has near misses the grammar
must refuse where they go wrong."""

from __future__ import annotations

import pytest

from sgs.compiler.language import ir
from sgs.compiler.language.register import RegisterError, _lexer_of, get_register_parser, parse_register

from .near import assert_stops_at
from .reading import acts as _acts, read as _read


def test_a_skill_phrase_is_one_argument_with_owner_count_and_exclusions() -> None:
    s = _read("出牌阶段，你可以选择一名其他角色的武将牌上的一个技能（限定技、觉醒技除外），然后你获得之。")
    (skill,) = [a for a in _acts(s)[0].args if isinstance(a, ir.SkillRef)]
    assert skill.text == "一名其他角色的武将牌上的一个技能（限定技、觉醒技除外）"
    assert skill.owner is not None and skill.owner.text == "一名其他角色"
    assert (skill.count, skill.excluded, skill.name) == ("一个", ("限定技", "觉醒技"), None)


@pytest.mark.parametrize("text,verb,skill,name,kind", [
    ("出牌阶段，你可以获得〖英姿〗。", "gain_skill", "〖英姿〗", "英姿", None),
    ("出牌阶段，你可以失去所有技能。", "lose_skill", "所有技能", None, None),
    # a kind of skill stands for one
    ("出牌阶段，你可以获得此主公技。", "gain_skill", "此主公技", None, "主公技"),
    # an equipment's skill
    ("出牌阶段，你可以令其防具技能于此回合内无效。", "invalidate", "防具技能", None, None),
])
def test_skills_as_objects(text: str, verb: str, skill: str, name: str | None, kind: str | None) -> None:
    acts = [a for a in _acts(_read(text)) if a.verb == verb]
    (ref,) = [a for a in acts[0].args if isinstance(a, ir.SkillRef)]
    assert (ref.text, ref.name, ref.kind) == (skill, name, kind)


def test_a_seat_is_a_player() -> None:
    s = _read("准备阶段，若一号位本回合受到过伤害，你摸一张牌。")
    assert "一号位" in [n.text for n in ir.walk(s) if isinstance(n, ir.PlayerRef)]


@pytest.mark.parametrize("text,words", [
    # the game's other name for the pile; a card's plain form; a mode's class of cards
    ("准备阶段，你可以展示牌库顶的3张牌。", ["牌库顶"]),
    ("当你受到伤害后，你可以视为使用一张普【杀】。", ["普", "【杀】"]),
    ("结束阶段，你可以获得一张智囊牌。", ["智囊牌"]),
    # 武将牌 is one word, so 此武将牌 reads one way (this card, not this general's card)
    ("结束阶段，你可以复原此武将牌。", ["复原", "此", "武将牌"]),
])
def test_domain_nouns_are_words(text: str, words: list[str]) -> None:
    parse_register(text)
    toks = [str(t) for t in _lexer_of(get_register_parser()).tokens(text)]
    assert all(w in toks for w in words), toks


@pytest.mark.parametrize("text", [
    "锁定技，濒死流程中，你的手牌上限+1。",
    "出牌阶段限一次，你可以判定，然后你可以重复此流程。",
    "结束阶段，若其身份不为主公，你摸一张牌。",
    "结束阶段，若你武将牌上的牌不少于十张，你所在阵营获得胜利。",
    "结束阶段，你令此势力的其他角色各摸一张牌。",
    "当你受到伤害后，你可以令一名角色获得1点“蓄力”点。",
    "出牌阶段，你可以与一名其他角色进行一次“协力”。",
    "结束阶段，你可以视为使用任意普通锦囊牌。",
    "结束阶段，你弃置此花色的所有手牌。",
])
def test_noun_phrases_read_one_way(text: str) -> None:
    parse_register(text)


def test_cards_left_out_belong_to_the_card_phrase() -> None:
    s = _read("结束阶段，你可以选择一张普通锦囊牌（【借刀杀人】、【无懈可击】除外）。")
    (card,) = [a for a in _acts(s)[0].args if isinstance(a, ir.CardRef)]
    assert card.text == "一张普通锦囊牌（【借刀杀人】、【无懈可击】除外）" and card.head == "普通锦囊牌"


def test_modifiers_before_a_relative_clause_are_its_subjects() -> None:
    # the range is the other 晋 characters', not every character's
    text = "锁定技，其他晋势力角色攻击范围内的角色均视为在你的攻击范围内。"
    rels = [text[t.meta.start_pos:t.meta.end_pos] for t in parse_register(text).iter_subtrees_topdown() if t.data == "rel"]
    assert rels == ["其他晋势力角色攻击范围内"]


@pytest.mark.parametrize("text", [
    "当你受到伤害时，你可以防止【杀】对你造成的伤害。",
    "当你成为锦囊牌的目标时，若此牌牌名未被记录，你记录此牌名。",
    "当一名角色的判定结果确定前，你可以将判定结果改为任意一种花色。",
])
def test_more_noun_phrases_read_one_way(text: str) -> None:
    parse_register(text)


def test_a_name_quoted_once_reads_bare_in_the_same_text() -> None:
    lexer = _lexer_of(get_register_parser())
    text = "准备阶段，你获得一个“饶舌”标记，然后若你有7个饶舌标记，你死亡。"
    assert lexer.local_names(text) == {"饶舌": "MARK"}
    s = _read(text)
    assert any(isinstance(n, ir.Cond) and "饶舌标记" in n.text for n in ir.walk(s))
    # a quoted wording of known words is no name; a word of the grammar keeps its type
    assert lexer.local_names("你发动“出牌阶段限一次”的技能后，你摸一张牌。") is None
    assert lexer.local_names("你将势力修改为“吴”，吴势力角色摸一张牌。") is None
    # a longer word still wins at its position (“蓄力”, then 蓄力技)
    assert [str(t) for t in lexer.tokens("蓄力技“蓄力”", lexer.local_names("蓄力技“蓄力”"))] == ["蓄力技", "“蓄力”"]


def test_a_name_never_quoted_is_an_unknown_word_with_its_whole_span() -> None:
    text = "准备阶段，若你有7个饶舌标记，你死亡。"
    with pytest.raises(RegisterError) as info:
        parse_register(text)
    err = info.value
    assert err.lexical and text[err.pos:err.unknown_end] == "饶舌"


NEAR_MISSES = [
    # 任意 before a card needs its noun (任意张 is a count; 任意 alone is not a card)
    ("当你受到伤害后，你可以视为使用任意。", "。"),
    # a seat needs its number
    ("若号位本回合进入过濒死状态，你摸一张牌。", "号位"),
    # the pile's other name takes one 的
    ("准备阶段，你可以展示牌库顶的的3张牌。", "的3张"),
    # 普 needs its card
    ("当你受到伤害后，你可以视为使用一张普。", "。"),
    # a process is a time with 中; 重复 needs the process
    ("濒死流程，你摸一张牌。", "，"),
    ("结束阶段，你重复此。", "。"),
    # the kinds left out of a skill phrase are kinds of skill, not cards
    ("出牌阶段，你可以选择其武将牌上的一个技能（【杀】除外）。", "除外"),
    # a kind of skill needs 技: 主公 alone is a player
    ("出牌阶段，你可以获得一个主公。", "。"),
    # a named counter takes one 点
    ("出牌阶段，你可以获得1点“蓄力”点点。", "点。"),
    # a kingdom before a player needs its 的
    ("此势力其他角色摸一张牌。", "其他"),
    # a skill's target takes one 的
    ("若你成为你技能的的目标，你摸一张牌。", "的目标"),
    # 复原 needs the general card; 重置 a count needs 次数; 进行 needs what
    ("出牌阶段，你可以复原其武将。", "。"),
    ("准备阶段，你可以重置此技能发动。", "。"),
    ("出牌阶段，你可以与其进行一次。", "。"),
    # 其中有 needs what is among them
    ("结束阶段，若其中有，你摸一张牌。", "，"),
    # cards left out need their 除外, once
    ("结束阶段，你可以选择一张普通锦囊牌（【无懈可击】）。", "）"),
    ("结束阶段，你可以选择一张普通锦囊牌（【无懈可击】除外除外）。", "除外）"),
    # a damage by its relative clause needs 伤害; a passive needs its verb
    ("当你受到伤害时，你可以防止【杀】对你造成的。", "。"),
    ("准备阶段，若此牌名未被，你摸一张牌。", "，"),
]


@pytest.mark.parametrize("text,at", NEAR_MISSES)
def test_near_misses_of_the_noun_phrases(text: str, at: str) -> None:
    assert_stops_at(text, at)
