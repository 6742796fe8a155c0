"""Clause structure of the register (grammar/register/, compiler/language/lower.py), on
sentences written for these tests (no corpus text): spans of time (于…或…之前, 直到你的下个
结束阶段, a limit in brackets after a span), changes of a skill's wording (修改〖X〗：将“…”
改为“…” / （删去“…”） / 〖X〗的“a”修改为“b”), remarks in brackets that say what holds
instead (（若…，改为…） / （…时改为…）), notes after a count (剩余可用X次（X初始为…）,
（计入次数，…）), past references (以此法/此法, 未…过, 上次…, “X”记录的…), a topic before
若, 则 alone after a clause, 并 before a new subject, a modal or after a statement.  Each
construction has near misses that `sgs check --text` refuses with their exact code and span."""

from __future__ import annotations

import pytest

from sgs.compiler.bare import check_skill_lines
from sgs.compiler.language import ir
from sgs.compiler.language.facts import explain_lines, skill_facts
from sgs.compiler.language.register import RegisterError, parse_register
from .reading import acts as _acts, read as _read


def _conds(skill: ir.RegisterSkill) -> list[tuple[str, str]]:
    return [(n.cond.kind, n.cond.text) for n in ir.walk(skill) if isinstance(n, ir.If) and n.cond]


def _lines(skill: ir.RegisterSkill) -> list[str]:
    return [zh for f in skill_facts(skill) for zh, _ in explain_lines(f)]


# ---- spans of time

def test_before_whichever_comes_first_is_one_span() -> None:
    s = _read("当你杀死一名角色后，你于伤害来源的下回合结束或其死亡之前拥有〖奸雄〗。")
    (gain,) = [a for a in _acts(s) if a.verb == "gain_skill"]
    assert [x.text for x in gain.args] == ["〖奸雄〗"]
    assert ("duration", "伤害来源的下回合结束或其死亡之前") in _conds(s)


def test_until_the_start_of_a_next_phase() -> None:
    s = _read("准备阶段，直到你的下个结束阶段，你的手牌上限+1。")
    assert ("duration", "直到你的下个结束阶段") in _conds(s)


def test_a_limit_in_brackets_after_a_span_is_kept() -> None:
    s = _read("准备阶段，你可以选择一名其他角色，直到你的下个回合开始（每回合限一次），当该角色受到伤害后，你摸一张牌。")
    assert ("duration", "直到你的下个回合开始") in _conds(s)
    assert "（每回合限一次）" in s.text


# ---- changes of a skill's wording

@pytest.mark.parametrize("text,skill,old,new", [
    ("准备阶段，你修改〖武圣〗：将“红色牌当【杀】使用或打出”改为“任意牌当【杀】使用或打出”。",
     "〖武圣〗", "红色牌当【杀】使用或打出", "任意牌当【杀】使用或打出"),
    # a short wording is a name's length: the colon still opens the change (a preference)
    ("准备阶段，你修改〖武圣〗：将“红色牌”改为“黑色牌”。", "〖武圣〗", "红色牌", "黑色牌"),
    ("出牌阶段限一次，你可以失去1点体力并修改〖仁德〗（删去“每阶段限一次”）。", "〖仁德〗", "每阶段限一次", ""),
    ("锁定技，当你受到伤害后，你对伤害来源发动〖刚烈〗的“弃置”修改为“获得”直到回合结束。", "〖刚烈〗", "弃置", "获得"),
])
def test_a_change_of_wording_is_one_edit_of_the_skill(text: str, skill: str, old: str, new: str) -> None:
    s = _read(text)
    (mod,) = [a for a in _acts(s) if a.verb == "modify_skill"]
    refs = [x.text for x in mod.args if isinstance(x, ir.SkillRef)]
    edits = [(x.old, x.new) for x in mod.args if isinstance(x, ir.Edit)]
    assert (refs, edits) == ([skill], [(old, new)])


def test_the_edit_is_in_the_facts() -> None:
    s = _read("准备阶段，你修改〖武圣〗：将“红色牌”改为“黑色牌”。")
    assert any("〖武圣〗" in line and "将“红色牌”改为“黑色牌”" in line for line in _lines(s)), _lines(s)


# ---- remarks that say what holds instead

def test_a_limit_that_holds_instead_is_a_remark_of_the_limit() -> None:
    s = _read("出牌阶段各限一次（若你已受伤，改为出牌阶段限一次），你可以摸一张牌。")
    assert s.parts[0].limit is not None and "（若你已受伤，改为出牌阶段限一次）" in s.text


def test_a_count_that_holds_instead_closes_with_shi() -> None:
    s = _read("准备阶段，你可以观看牌堆顶五张牌（你的手牌数小于3时改为三张）。")
    assert "（你的手牌数小于3时改为三张）" in s.parts[0].remarks


# ---- past references: 以此法 / 此法, 未…过, 上次…

def test_a_relative_clause_whose_object_is_the_cards_measure() -> None:
    s = _read("出牌阶段，你可以视为使用一张本回合未以此法使用过牌名的基本牌。")
    (use,) = [a for a in _acts(s) if a.verb == "use"]
    assert [x.text for x in use.args] == ["一张本回合未以此法使用过牌名的基本牌"]


def test_what_the_cards_may_not_be_is_a_note_of_the_card() -> None:
    s = _read("出牌阶段限一次，你可以重铸两张牌（不能是本回合以此法重铸过的牌名）。")
    (recast,) = [a for a in _acts(s) if a.verb == "recast"]
    assert [x.text for x in recast.args] == ["两张牌（不能是本回合以此法重铸过的牌名）"]


def test_x_counted_at_the_last_time_of_an_event() -> None:
    s = _read("准备阶段，你摸X张牌（X为你上次发动〖观星〗观看牌数）。")
    assert "X：你上次发动〖观星〗观看牌数" in _lines(s)


def test_a_judgement_compared_with_what_was_recorded() -> None:
    s = _read("准备阶段，你判定，若结果为你记录过的花色，你摸一张牌。")
    assert ("judge", "结果为你记录过的花色") in _conds(s)


def test_ci_fa_is_by_this_means() -> None:
    s = _read("出牌阶段，你可以弃置一张牌。若你此法弃置了【杀】，你摸一张牌。")
    assert [k for k, _ in _conds(s)] == ["did"]


# ---- a topic before 若; 并 before a new subject or a modal

def test_a_topic_before_ruo_is_the_subject_of_the_condition_and_of_the_statement() -> None:
    s = _read("锁定技，其使用的第二张牌若为黑色，则对你无效。")
    (branch,) = [n for n in ir.walk(s) if isinstance(n, ir.If)]
    assert branch.cond is not None and branch.cond.kind == "card_is"
    (st,) = [n for n in ir.walk(branch.then) if isinstance(n, ir.Static)]
    assert (st.kind, [getattr(x, "text", None) for x in st.args]) == ("invalid", ["其使用的第二张牌", "你"])


@pytest.mark.parametrize("text,second", [
    ("摸牌阶段，你可以少摸一张牌并你获得一名其他角色的一张手牌。", ("gain", "你", None)),
    ("出牌阶段限一次，你可以重铸两张牌并可以使用一张【杀】。", ("use", "你", "可以")),
])
def test_bing_before_a_new_subject_or_a_modal_opens_a_clause(text: str, second: tuple[str, str, str | None]) -> None:
    acts = _acts(_read(text))
    assert len(acts) == 2 and (acts[1].verb, acts[1].actor.text if acts[1].actor else None, acts[1].modal) == second


def test_ze_alone_marks_a_second_case() -> None:
    s = _read("当你受到伤害后，若你已受伤则摸一张牌，未受伤则失去1点体力。")
    branches = [(n.cond.text, [a.verb for a in ir.walk(n.then) if isinstance(a, ir.Act)])
                for n in ir.walk(s) if isinstance(n, ir.If) and n.cond]
    assert branches == [("你已受伤", ["draw"]), ("未受伤", ["lose_hp"])]


def test_who_chose_yes_and_the_occurrence_in_progress() -> None:
    s = _read("当你进入濒死状态时，你可以令一名角色选择是否摸一张牌。选择是的角色在此次濒死结算结束后失去1点体力。")
    (when,) = [n for n in ir.walk(s) if isinstance(n, ir.When)]
    (ev,) = when.timings
    assert (ev.window, ev.subject.text if ev.subject else None) == ("dying_done", "选择是的角色")


def test_x_counted_by_a_named_skills_record_and_notes_on_a_use() -> None:
    s = _read("准备阶段，你摸X张牌（X为“观星”记录的牌名数）。")
    assert "X：“观星”记录的牌名数" in _lines(s)
    t = _read("出牌阶段，你可以视为使用一张【杀】（计入次数，无次数限制）。")
    assert t.parts[0].remarks == ("（计入次数，无次数限制）",)


def test_uses_left_is_a_limit_with_how_x_starts_and_grows() -> None:
    s = _read("剩余可用X次（X初始为1且最大为3，每轮开始时X加1），当你受到伤害后，你可以摸一张牌。")
    assert s.parts[0].limit == "剩余可用X次（X初始为1且最大为3，每轮开始时X加1）"


def test_bing_after_a_statement_joins_the_owners_act() -> None:
    s = _read("锁定技，出牌阶段结束时，你本回合手牌上限-1并移除你所有的“备”。")
    kinds = [(type(n).__name__, getattr(n, "kind", None) or getattr(n, "verb", None))
             for n in ir.walk(s) if isinstance(n, (ir.Act, ir.Static))]
    assert kinds == [("Static", "hand_limit"), ("Act", "lose_mark")]


# ---- a choice straight before what the chooser does; phases sharing a timing word

def test_a_choice_before_a_verb_is_the_choosers_first_act() -> None:
    """选择X + a verb phrase (no 并): the chooser chooses, then acts (a serial verb
    construction, like a payment before what it pays for)."""
    s = _read("出牌阶段限一次，你可以选择一名其他角色令其摸一张牌。")
    assert [(a.verb, a.actor.text if a.actor else None, a.optional) for a in _acts(s)] == [
        ("choose", "你", True), ("cause", "你", False), ("draw", "其", False)]
    t = _read("出牌阶段限一次，你可以选择一名角色视为对其使用一张【杀】。")
    assert [(a.verb, a.actor.text if a.actor else None) for a in _acts(t)] == [("choose", "你"), ("use", "你")]
    # a kind counted (一种花色) is chosen the same way
    u = _read("出牌阶段限一次，你可以选择一种花色令你摸一张牌。")
    assert [a.verb for a in _acts(u)][:2] == ["choose", "cause"]


def test_phases_listed_before_one_timing_word_are_one_timing_each() -> None:
    (p,) = _read("判定阶段、摸牌阶段、出牌阶段开始前，你摸一张牌。").parts
    assert [(e.window, e.timing) for e in p.timings] == [("phase", "开始前")] * 3
    (q,) = _read("准备阶段或结束阶段开始时，你摸一张牌。").parts
    assert [(e.window, e.timing) for e in q.timings] == [("phase", "开始时")] * 2
    # a bare phase before another kind of event keeps no timing word of that event's
    (r,) = _read("准备阶段，或当你受到伤害后，你摸一张牌。").parts
    assert [(e.window, e.timing) for e in r.timings] == [("phase_bare", ""), ("damaged", "后")]


def test_otherwise_after_a_semicolon_is_the_other_case_of_the_ruo_before() -> None:
    """…若X，A；否则B: B is the other case of that 若 (it was a part of its own, done always)."""
    s = _read("当你受到伤害后，若你的手牌数小于2，你摸一张牌；否则你弃置一张牌。")
    (p,) = s.parts
    (branch,) = [n for n in ir.walk(s) if isinstance(n, ir.If) and n.cond and n.cond.kind == "compare"]
    assert branch.else_ is not None
    assert [a.verb for a in _acts(s)] == ["draw", "discard"]
    assert [a.verb for a in ir.walk(branch.else_) if isinstance(a, ir.Act)] == ["discard"]
    # a statement as the other case (酒: 否则你本回合使用的下一张【杀】造成的伤害+1)
    t = _read("若你处于濒死状态，你回复1点体力；否则你本回合使用的下一张【杀】造成的伤害+1。")
    (q,) = t.parts
    (top,) = q.body.items
    assert isinstance(top, ir.If) and top.else_ is not None
    assert [n.kind for n in ir.walk(top.else_) if isinstance(n, ir.Static)][:1] == ["damage_bonus"]
    # with no 若 before it, 否则 after ； is not attached to anything before it
    u = _read("当你受到伤害后，你摸一张牌；否则你弃置一张牌。")
    assert len(u.parts) == 2


def test_a_time_before_a_statement_belongs_to_its_cards_relative_clause() -> None:
    """本回合你使用的下一张【杀】…: one reading, 本回合 in the relative clause (it read two ways)."""
    s = _read("本回合你使用的下一张【杀】造成的伤害+1。")
    (card,) = [n for n in ir.walk(s) if isinstance(n, ir.CardRef)]
    assert (card.count, card.rels) == ("下一张", ("本回合你使用的",))
    # where no phrase after it takes one, the time is the statement's (本回合你手牌上限-1)
    assert ("duration", "本回合") in _conds(_read("本回合你手牌上限-1。"))


# ---- near misses: (skill line, [(code, col, end_col)]) as `sgs check --text` reports them
NEAR_MISSES = [
    # a wording's quotes must close; a replacement needs its new wording; a deletion its quote
    ("修辞：准备阶段，你修改〖龙胆〗：将“【杀】当【闪】、【闪】当【杀】改为“基本牌当任意基本牌”。", [("E0107", 18, 19)]),
    ("修辞：准备阶段，你修改〖复难〗（删去）。", [("E0101", 19, 20)]),
    ("修辞：准备阶段，你修改〖复难〗（删去“令其获得你使用的牌”。", [("E0107", 16, 17)]),
    # 或 between two ends of a span needs the second end
    ("修辞：准备阶段，你令其于其下回合结束或之前失去1点体力。", [("E0101", 20, 22)]),
    # a limit after a span needs its count
    ("修辞：准备阶段，你可以选择一名其他角色，直到你的下个回合开始（每回合每项限），当该角色受到一次伤害后，你摸一张牌。",
     [("E0101", 38, 39)]),
    # 改为 in a remark needs what holds instead: an act, a count or a whole limit
    ("修辞：出牌阶段各限一次（若你已受伤，改为），你可以摸一张牌。", [("E0101", 21, 22)]),
    ("修辞：出牌阶段各限一次（若你已受伤，改为出牌阶段），你可以摸一张牌。", [("E0101", 25, 26)]),
    # a relative clause needs its 的; a note what a card may not be needs the thing
    ("修辞：出牌阶段，你可以视为使用一张本回合未以此法使用过牌名基本牌。", [("E0101", 30, 33)]),
    ("修辞：出牌阶段限一次，你可以重铸两张牌（不能是）并摸一张牌。", [("E0101", 23, 24)]),
    # the last time needs its event (the skill invoked); a recalled result needs its measure
    ("修辞：准备阶段，你摸X张牌（X为你上次发动观看牌数）。", [("E0101", 22, 24)]),
    ("修辞：准备阶段，你判定，若结果为你记录过的，你摸一张牌。", [("E0101", 21, 22)]),
    # a topic before 若 needs the statement after 则
    ("修辞：锁定技，其使用的第二张牌若为黑色，则对你。", [("E0101", 24, 25)]),
    # 并 before a new subject or a modal needs the clause; 并 once
    ("修辞：摸牌阶段，你可以少摸一张牌并你。", [("E0101", 19, 20)]),
    ("修辞：摸牌阶段，你可以少摸一张牌并可以。", [("E0101", 20, 21)]),
    ("修辞：摸牌阶段，你可以少摸一张牌并并你获得一名角色的一张手牌。", [("E0101", 18, 19)]),
    # a case marked by 则 alone needs its clause
    ("修辞：当你受到伤害后，若你已受伤则摸一张牌，未受伤则。", [("E0101", 27, 28)]),
    # who chose needs what was chosen; a named record needs its measure
    # (since a choice may come straight before a verb, 选择角色回复… reads, so the 的 is
    # where it goes wrong)
    ("修辞：当你受到伤害后，你可以令一名角色选择是否摸一张牌。选择的角色回复1点体力。", [("E0101", 31, 32)]),
    ("修辞：准备阶段，你摸X张牌（X为“观星”记录的）。", [("E0101", 23, 24)]),
    # notes on a use: each note whole, no empty one
    ("修辞：出牌阶段，你可以视为使用一张【杀】（计入次数，）。", [("E0101", 27, 28)]),
    ("修辞：出牌阶段，你可以视为使用一张【杀】（计入，无次数限制）。", [("E0101", 24, 25)]),
    # uses left need the count; X's start and growth need their numbers
    ("修辞：剩余可用次，你可以摸一张牌。", [("E0101", 8, 9)]),
    ("修辞：剩余可用X次（X初始为，每轮开始时X加1），你可以摸一张牌。", [("E0101", 15, 16)]),
    ("修辞：剩余可用X次（X初始为1，每轮开始时X加），你可以摸一张牌。", [("E0101", 24, 25)]),
    # 并 after a statement needs the act
    ("修辞：锁定技，你的手牌上限-1并。", [("E0101", 17, 18)]),
    # the occurrence in progress needs its process
    ("修辞：当你进入濒死状态时，你在此次结束后摸一张牌。", [("E0101", 18, 21)]),
    # a choice before a verb needs what is chosen, no 的 after it, a known verb and its clause
    ("修辞：出牌阶段限一次，你可以选择令其摸一张牌。", [("E0101", 17, 18)]),
    ("修辞：出牌阶段限一次，你可以选择一名其他角色的令其摸一张牌。", [("E0101", 23, 24)]),
    ("修辞：出牌阶段限一次，你可以选择一名其他角色嘱其摸一张牌。", [("E0103", 23, 24)]),
    ("修辞：出牌阶段限一次，你可以选择一名其他角色令其。", [("E0101", 23, 24)]),
    # a counted choice needs its measure
    ("修辞：出牌阶段限一次，你可以选择一种令你摸一张牌。", [("E0101", 19, 20)]),
    # phases sharing a timing word: one separator, known phases, a whole timing word, no
    # separator before it
    ("修辞：判定阶段、、摸牌阶段开始前，你摸一张牌。", [("E0101", 9, 10)]),
    ("修辞：判定阶段、休整阶段开始前，你摸一张牌。", [("E0103", 9, 11)]),
    # a verb where a phase should stand (洗牌 is a verb since the lexicon knows it)
    ("修辞：判定阶段、洗牌阶段开始前，你摸一张牌。", [("E0101", 9, 11)]),
    ("修辞：判定阶段、摸牌阶段开始，你摸一张牌。", [("E0101", 13, 15)]),
    ("修辞：判定阶段、摸牌阶段、开始前，你摸一张牌。", [("E0101", 14, 17)]),
    # 否则 after ； needs its clause; the 若 before it needs its own
    ("修辞：若你处于濒死状态，你回复1点体力；否则。", [("E0101", 23, 24)]),
    ("修辞：若你处于濒死状态；否则你摸一张牌。", [("E0101", 12, 13)]),
    # a statement of the next card's damage needs its change
    ("修辞：本回合你使用的下一张【杀】造成的伤害。", [("E0101", 22, 23)]),
]


@pytest.mark.parametrize("line,want", NEAR_MISSES)
def test_near_misses_get_their_code_and_span(line: str, want: list[tuple[str, int, int]]) -> None:
    body = line.split("：", 1)[1]
    with pytest.raises(RegisterError):
        parse_register(body)
    got = [(d.code, d.span.col, d.span.end_col) for d in check_skill_lines(line, "<t>") if d.code.startswith("E")]
    assert got == want
