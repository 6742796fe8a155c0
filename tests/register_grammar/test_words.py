"""The open, typed lexicon's verbs and nouns (issue 8), on sentences written for these
tests (no corpus text): verbs the register uses that the runtime does not have yet
(竖置, 猜测, 书写, 调整顺序, 消耗, 记为, 回复至上限) — each a verb frame, accepted with a
W0701 that names what cannot run — and nouns (对手的角色, 此牌唯一目标).  Each
construction has near misses that must stay rejected with their exact code and span."""

from __future__ import annotations

import pytest

from sgs.compiler.bare import check_skill_lines
from sgs.compiler.language import ir
from sgs.compiler.language.front import register_reading
from sgs.compiler.verbs import VERBS, verb_of_frame

from .near import assert_stops_at


def _acts(text: str) -> list[ir.Act]:
    got = register_reading("测", text)
    assert got is not None, text
    return [n for n in ir.walk(got) if isinstance(n, ir.Act)]


def _words(text: str, n: ir.Node) -> str:
    return text[n.start:n.end]


@pytest.mark.parametrize("text,verb,args", [
    # a card of one's own stood upright
    ("当你受到伤害后，你可以竖置你的体力牌。", "upright", ["你的体力牌"]),
    # a guess at a number or at a card
    ("出牌阶段限一次，你可以猜测其手牌数。", "guess", ["其手牌数"]),
    ("当你成为【杀】的目标时，你可以猜测一张牌。", "guess", ["一张牌"]),
    # a named book
    ("准备阶段，你书写一册“天书”。", "write", ["一册“天书”"]),
    # cards looked at put in a new order, with or without naming them
    ("准备阶段，你可以观看牌堆顶两张牌并调整顺序。", "reorder", []),
    ("准备阶段，你可以调整牌堆顶三张牌的顺序。", "reorder", ["牌堆顶三张牌"]),
    # a named counter spent, any amount of it
    ("出牌阶段，你可以消耗任意“蓄力”值。", "lose_points", ["“蓄力”"]),
    ("出牌阶段，你可以消耗2点“蓄力”值。", "lose_points", ["2点", "“蓄力”"]),
    # shown cards named for later
    ("出牌阶段，你可以展示两张手牌记为“备”。", "show", ["两张手牌", "“备”"]),
    # hp back to its cap, or to a value, with 体力值 as the object
    ("准备阶段，你可以将体力值回复至上限。", "recover_to", []),
    ("准备阶段，你可以将体力值回复至2点。", "recover_to", ["2点"]),
    # a card used as if it were in the hand
    ("出牌阶段，你可以将一张装备牌如手牌般使用。", "use_as", ["一张装备牌"]),
    # all the damage a player takes
    ("锁定技，当你受到伤害时，防止你受到的所有伤害。", "prevent", ["你"]),
])
def test_verb_frames(text: str, verb: str, args: list[str]) -> None:
    acts = [a for a in _acts(text) if a.verb == verb]
    assert len(acts) == 1, [a.verb for a in _acts(text)]
    assert [_words(text, x) for x in acts[0].args] == args


@pytest.mark.parametrize("word,frame", [("竖置", "upright"), ("猜测", "guess"), ("书写", "write")])
def test_new_verbs_are_in_the_table_and_name_what_the_runtime_lacks(word: str, frame: str) -> None:
    v = VERBS[word]
    assert verb_of_frame(frame) is v
    assert v.needs and not v.actions and not v.opens


def test_a_verb_the_runtime_lacks_is_accepted_with_w0701_naming_it() -> None:
    (d,) = check_skill_lines("测试：出牌阶段，你可以猜测一张牌。", "t")
    assert (d.code, d.span.col, d.span.end_col) == ("W0701", 12, 17)
    assert "“猜测”（运行时缺少 guess）" in d.message, d.message


@pytest.mark.parametrize("text,player", [
    # a side of a mode's game (1v1 / 3v3)
    ("当你杀死对手的角色后，你可以摸一张牌。", "对手的角色"),
    # the target of a card named before
    ("当你使用【杀】后，你可以令此牌唯一目标横置。", "此牌唯一目标"),
    ("当你使用【杀】后，你可以令此【杀】的目标角色摸一张牌。", "此【杀】的目标角色"),
    # 是…的唯一目标 reads as 是 + that player (one rule for the words, not two)
    ("当你成为【杀】的目标时，若你是此牌唯一目标，你摸一张牌。", "此牌唯一目标"),
])
def test_player_nouns(text: str, player: str) -> None:
    got = register_reading("测", text)
    assert got is not None, text
    assert player in [n.text for n in ir.walk(got) if isinstance(n, ir.PlayerRef)]


def test_a_kind_before_hand_cards_is_one_card_phrase() -> None:
    (a,) = [a for a in _acts("出牌阶段，你可以弃置一张非装备牌手牌。") if a.verb == "discard"]
    assert [_words("出牌阶段，你可以弃置一张非装备牌手牌。", x) for x in a.args] == ["一张非装备牌手牌"]


@pytest.mark.parametrize("text,window", [
    # a card in a state, as a player is
    ("锁定技，当你的体力牌为竖置状态时，你摸一张牌。", "card"),
])
def test_events(text: str, window: str) -> None:
    got = register_reading("测", text)
    assert got is not None, text
    assert [e.window for e in ir.walk(got) if isinstance(e, ir.EventPattern)] == [window]


def test_the_outcome_of_a_guess_is_a_condition() -> None:
    got = register_reading("测", "出牌阶段限一次，你可以猜测其手牌数，若你猜对，你摸一张牌。")
    assert got is not None
    assert [c.text for c in ir.walk(got) if isinstance(c, ir.Cond)] == ["你猜对"]


NEAR_MISSES = [
    # 竖置 takes a card, not a player
    ("当你受到伤害后，你可以竖置一名角色。", "。"),
    # 猜测 needs what is guessed
    ("出牌阶段，你可以猜测。", "。"),
    # 书写 needs what is written
    ("准备阶段，你书写。", "。"),
    # 调整 needs its 顺序 (or 至 a count: 调整至)
    ("准备阶段，你可以观看牌堆顶两张牌并调整。", "。"),
    ("准备阶段，你可以调整牌堆顶三张牌顺序。", "顺序"),
    # 消耗 a counter: one 点/值, and the counter named
    ("出牌阶段，你可以消耗2点“蓄力”值值。", "值。"),
    ("出牌阶段，你可以消耗2点。", "。"),
    # 记为 needs the name
    ("出牌阶段，你可以展示两张手牌记为。", "。"),
    # 回复至 needs the value
    ("准备阶段，你可以将体力值回复至。", "。"),
    # 对手的 needs its noun
    ("当你杀死对手的后，你可以摸一张牌。", "后"),
    # 此牌的唯一 needs its 目标
    ("当你使用【杀】后，你可以令此牌的唯一摸一张牌。", "摸"),
    # 如手牌般 needs how the card is used
    ("出牌阶段，你可以将一张装备牌如手牌般。", "。"),
    # 防止…受到的 needs its 伤害
    ("锁定技，当你受到伤害时，防止你受到的所有。", "。"),
    # a card is in a state, not in a phase
    ("锁定技，当你的体力牌为出牌阶段时，你摸一张牌。", "出牌阶段"),
]


@pytest.mark.parametrize("text,at", NEAR_MISSES)
def test_near_misses_stop_where_they_go_wrong(text: str, at: str) -> None:
    assert_stops_at(text, at)


@pytest.mark.parametrize("line,code,cols", [
    ("测试：出牌阶段，你可以竖置一名角色。", "E0101", (18, 19)),
    ("测试：出牌阶段，你可以猜测。", "E0101", (12, 14)),
    ("测试：出牌阶段，你可以书写。", "E0101", (12, 14)),
    ("测试：当你杀死对手的后，你可以摸三张牌。", "E0101", (10, 11)),
    ("测试：出牌阶段，你可以消耗“蓄力”值值。", "E0101", (19, 20)),
    ("测试：出牌阶段，你可以展示一张手牌记为。", "E0101", (20, 21)),
])
def test_near_misses_keep_their_code_and_span(line: str, code: str, cols: tuple[int, int]) -> None:
    (d,) = check_skill_lines(line, "t")
    assert (d.code, (d.span.col, d.span.end_col)) == (code, cols), d.message
