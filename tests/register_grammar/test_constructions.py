"""How the lowering reads the register's constructions (sgs.compiler.language.lower), on
sentences written for these tests (no corpus text): a serial verb construction is one
act with its actor, object, target and manner; 若-cases after a colon are conditions,
not options; a timing inside a body stays a timing; 或 between timings gives two
timings of one trigger; a phase before statements is where a static part holds; a 若
covers the rest of its sentence; 直到… is how long a clause holds; stacked limits, sentences
that go on (。然后… / ；若…), branches, remarks and times of a clause are kept.  Each construction
has near misses the grammar must refuse where they go wrong."""

from __future__ import annotations

import pytest

from sgs.compiler.language import ir
from sgs.compiler.language.facts import explain_lines, skill_facts

from .near import assert_stops_at
from .reading import acts as _acts, read as _read


def _lines(skill: ir.RegisterSkill) -> list[str]:
    return [zh for f in skill_facts(skill) for zh, _ in explain_lines(f)]


def _text(n: ir.Node | None) -> str | None:
    return None if n is None else getattr(n, "text", None)


@pytest.mark.parametrize("text,verb,actor,target,partner,manner,args", [
    # 视为 + 对X + verb: one act, aimed at X, as if
    ("当你受到伤害后，你可以视为对伤害来源使用一张【杀】。", "use", "你", "伤害来源", None, ("视为",), ["一张【杀】"]),
    # 对X + verb (inside a chain after a payment)
    ("出牌阶段，你可以弃置一张牌，对一名其他角色造成1点伤害。", "damage", "你", "一名其他角色", None, (), ["1点"]),
    # 对X + 各 + verb: the target and the manner both reach the verb
    ("出牌阶段，你可以失去1点体力，对所有其他角色各造成1点伤害。", "damage", "你", "所有其他角色", None, ("各",), ["1点"]),
    # 和X同时 + verb: X does it with the actor
    ("出牌阶段，你可以和一名其他角色同时展示一张手牌。", "show", "你", None, "一名其他角色", ("同时",), ["一张手牌"]),
    # 视为X + verb: X acts
    ("锁定技，若你没有手牌，视为你装备着【八卦阵】。", "equip", "你", None, None, ("视为",), ["【八卦阵】"]),
    # 从X获得Y: the place is an argument of the one act
    ("结束阶段，你可以从弃牌堆中获得一张【杀】。", "gain", "你", None, None, (), ["弃牌堆中", "一张【杀】"]),
])
def test_a_serial_verb_is_one_act(text: str, verb: str, actor: str, target: str | None, partner: str | None,
                                  manner: tuple[str, ...], args: list[str]) -> None:
    acts = [a for a in _acts(_read(text)) if a.verb == verb]
    assert len(acts) == 1, [a.verb for a in _acts(_read(text))]
    (a,) = acts
    assert (_text(a.actor), _text(a.target), _text(a.partner), a.manner) == (actor, target, partner, manner)
    assert [text[x.start:x.end] for x in a.args] == args
    assert not {x.verb for x in _acts(_read(text))} & {"to", "as_if", "each", "together"}


#: frames over a verb phrase that are verbs of their own, not a prefix of the verb after
#: them: 令X… (X acts), …来/才能… (means and end), 选择A或B, 选择是否…
_NOT_PREFIXES = {"cause", "means", "choose", "choose_whether"}


def test_every_frame_over_a_verb_phrase_is_read_as_a_serial_verb_or_a_verb() -> None:
    """A new frame `X vps -> act_<name>` in grammar/register/ must be listed in the
    lowering's _PREFIXES (one act with the verb after it) or be a verb of its own here;
    otherwise its parts would show as separate effects again."""
    import re
    from pathlib import Path

    from sgs.compiler.language.lower import _PREFIXES

    root = Path(__file__).resolve().parents[2] / "grammar" / "register"
    found = {m.group(1) for f in sorted(root.glob("*.lark")) for line in f.read_text(encoding="utf-8").splitlines()
             if re.search(r"\bvps?\b", line.split("//")[0]) and (m := re.search(r"->\s*act_(\w+)", line))}
    assert found, "no frame over a verb phrase found: the grammar's layout changed"
    assert found - _NOT_PREFIXES <= set(_PREFIXES), sorted(found - _NOT_PREFIXES - set(_PREFIXES))


def test_a_serial_verb_in_the_facts() -> None:
    lines = _lines(_read("当你受到伤害后，你可以视为对伤害来源使用一张【杀】。"))
    assert "效果：你可以视为使用〔use〕 一张【杀】，对伤害来源" in lines
    lines = _lines(_read("出牌阶段，你可以将一张装备牌置于一名其他角色的装备区里。"))
    assert "效果：你可以置于〔put〕 一张装备牌、一名其他角色的装备区里" in lines


def test_if_cases_after_a_colon_are_conditions_not_options() -> None:
    s = _read("出牌阶段，你可以展示一张手牌：若此牌为红色，你摸一张牌，然后回复1点体力；若此牌为黑色，你弃置一张牌。")
    assert not [n for n in ir.walk(s) if isinstance(n, ir.Option)]
    assert [a.verb for a in _acts(s)] == ["show", "draw", "recover", "discard"]
    ifs = [n for n in ir.walk(s) if isinstance(n, ir.If)]
    assert [i.cond.text for i in ifs if i.cond] == ["此牌为红色", "此牌为黑色"]
    # each case covers the rest of its item (然后回复… is under 此牌为红色)
    assert [a.verb for a in ir.walk(ifs[0].then) if isinstance(a, ir.Act)] == ["draw", "recover"]
    # a head that chooses keeps its options
    c = _read("当你受到伤害后，你可以选择一项：1.摸一张牌；2.回复1点体力。")
    assert len([n for n in ir.walk(c) if isinstance(n, ir.Option)]) == 2


def test_a_label_after_the_colon_completes_the_head_condition() -> None:
    s = _read("当你受到伤害后，若你的手牌数为：奇数，你摸一张牌；偶数，你回复1点体力。")
    assert [i.cond.text for i in ir.walk(s) if isinstance(i, ir.If) and i.cond] == ["你的手牌数为奇数", "你的手牌数为偶数"]


def test_a_timing_inside_a_body_stays_a_timing() -> None:
    s = _read("出牌阶段，你可以弃置一张牌。若如此做，当你受到伤害后，你摸一张牌。")
    whens = [n for n in ir.walk(s) if isinstance(n, ir.When)]
    assert [(e.window, e.timing) for w in whens for e in w.timings] == [("damaged", "后")]
    assert not [n for n in ir.walk(s) if isinstance(n, ir.Cond) and n.kind == "timing"]
    # a clause without its own subject acts by the timing's subject, and its own 可以 is not carried
    t = _read("出牌阶段，你可以弃置一张牌，其他角色下个摸牌阶段开始时，摸一张牌。")
    (w,) = [n for n in ir.walk(t) if isinstance(n, ir.When)]
    assert w.timings[0].context == ("下个",)
    draw = [a for a in _acts(t) if a.verb == "draw"]
    assert [(_text(a.actor), a.optional, a.modal) for a in draw] == [("其他角色", False, None)]
    assert "之后的时机：其他角色下个摸牌阶段开始时 = 其他角色|phase[下个]|开始时" in _lines(t)


def test_timings_joined_by_or_are_two_timings_of_one_trigger() -> None:
    s = _read("当你受到伤害后或当你失去体力后，你摸一张牌。")
    (part,) = s.parts
    assert [(e.window, e.timing) for e in part.timings] == [("damaged", "后"), ("lose_hp", "后")]


def test_a_phase_before_statements_is_where_a_static_holds() -> None:
    s = _read("锁定技，你的弃牌阶段内，你的手牌上限+1。")
    (part,) = s.parts
    assert (part.kind, part.phase) == ("static", "你的弃牌阶段")
    assert "范围：你的弃牌阶段" in _lines(s)
    # an active part keeps its phase as written (not its owner alone)
    (active,) = _read("出牌阶段，你可以摸一张牌。").parts
    assert (active.kind, active.phase) == ("active", "出牌阶段")


def test_an_if_covers_the_rest_of_its_sentence() -> None:
    s = _read("当你受到伤害后，若你没有手牌，你可以摸一张牌，然后回复1点体力。")
    (top,) = s.parts[0].body.items if s.parts[0].body else ()
    assert isinstance(top, ir.If) and top.cond is not None
    assert [a.verb for a in ir.walk(top.then) if isinstance(a, ir.Act)] == ["draw", "recover"]
    # 否则 is the other branch, not a clause under the condition (nor dropped)
    e = _read("当你受到伤害后，若你没有手牌，你摸两张牌，否则你摸一张牌。")
    (branch,) = [n for n in ir.walk(e) if isinstance(n, ir.If)]
    assert branch.else_ is not None
    assert [e.text[x.start:x.end] for x in ir.walk(branch.else_) if isinstance(x, ir.Act)] == ["摸一张牌"]
    # 若如此做 after the first clause is a condition too (not dropped)
    d = _read("出牌阶段，你可以弃置一张牌，若如此做，你摸两张牌，然后回复1点体力。")
    (done,) = [n for n in ir.walk(d) if isinstance(n, ir.If)]
    assert done.cond is None and [a.verb for a in ir.walk(done.then) if isinstance(a, ir.Act)] == ["draw", "recover"]


def test_a_clause_without_a_subject_is_the_owners() -> None:
    # nothing written or carried: the skill's owner acts (an implied 你, which the binder
    # does not take as written); a verb phrase inside a verb is its actor's
    s = _read("当你受到伤害后，令伤害来源弃置一张手牌。")
    (cause,) = [a for a in _acts(s) if a.verb == "cause"]
    assert (_text(cause.actor), cause.actor.form if cause.actor else None) == ("你", "implicit")
    assert "效果：你令〔cause〕 伤害来源" in _lines(s)


def test_stacked_limits_are_all_kept() -> None:
    (part,) = _read("每名角色限一次，出牌阶段限一次，你可以弃置一张牌。").parts
    assert part.limit == "每名角色限一次，出牌阶段限一次"


def test_a_sentence_that_goes_on_is_not_a_part_of_its_own() -> None:
    # …；若…，则可以…: the next case of the same trigger, its dropped subject the one before
    s = _read("当你受到伤害后，你可以摸一张牌；若你没有手牌，则可以再摸一张牌。")
    (part,) = s.parts
    assert part.kind == "trigger"
    draws = [a for a in _acts(s) if a.verb == "draw"]
    assert [(_text(a.actor), a.manner) for a in draws] == [("你", ()), ("你", ("再",))]
    # …。然后…: the same ability goes on (under its limit)
    (active,) = _read("出牌阶段限一次，你可以弃置一张牌。然后你摸一张牌。").parts
    assert active.limit == "出牌阶段限一次"
    # a sentence with its own timing is a part of its own
    assert len(_read("出牌阶段，你可以摸一张牌。当你受到伤害后，你摸一张牌。").parts) == 2


def test_branches_keep_the_limit_and_the_subject() -> None:
    s = _read("转换技，出牌阶段限一次，阳：你可以摸一张牌；阴：你可以弃置一张牌。")
    assert [(p.label, p.limit) for p in s.parts] == [("阳", "出牌阶段限一次"), ("阴", "出牌阶段限一次")]


def test_remarks_and_times_of_a_clause_are_in_the_facts() -> None:
    s = _read("出牌阶段，你可以令一名其他角色将手牌摸至体力值（至多摸至五张）。")
    assert s.parts[0].remarks == ("（至多摸至五张）",)
    assert "说明：（至多摸至五张）" in _lines(s)
    t = _read("出牌阶段限一次，你可以弃置一张牌，本回合你的手牌上限+1。")
    assert [(n.cond.kind, n.cond.text) for n in ir.walk(t) if isinstance(n, ir.If) and n.cond] == [("duration", "本回合")]
    assert "时段：本回合" in _lines(t) and "效果：状态：hand_limit 你、+1" in _lines(t)


# Near misses of these constructions: (text, the position the parse stops at)
NEAR_MISSES = [
    # a serial verb's prefix needs its verb: 视为对X / 对X / 和X同时 / 各 alone
    ("当你受到伤害后，你可以视为对一名其他角色。", "。"),
    ("出牌阶段，你可以对一名其他角色。", "。"),
    ("出牌阶段，你可以和一名其他角色同时。", "。"),
    ("出牌阶段，你可以令所有其他角色各。", "。"),
    ("出牌阶段，你可以弃置一张牌，然后改为。", "。"),
    # 若-cases after a colon: a case needs its clause; 若 needs its condition
    ("出牌阶段，你可以展示一张手牌：若此牌为红色；若此牌为黑色，你摸一张牌。", "；若此牌"),
    ("出牌阶段，你可以展示一张手牌：若此牌为红色，你摸一张牌；若，你弃置一张牌。", "，你弃置"),
    # 或 between timings needs the second timing, once
    ("当你受到伤害后或，你摸一张牌。", "，你摸"),
    ("当你受到伤害后或或当你失去体力后，你摸一张牌。", "或当你"),
    # a timing inside a body needs what happens then
    ("出牌阶段，你可以弃置一张牌。若如此做，当你受到伤害后。", "。"),
    ("出牌阶段，你可以将一张♦牌置于一名角色的判定区内，该角色下个判定阶段开始时。", "。"),
    # a static's phase needs its comma and its statement
    ("锁定技，你的出牌阶段内，。", "。"),
    ("锁定技，你的出牌阶段内你的手牌上限+1。", "你的手牌"),
    # stacked limits each need their count; a branch needs its clause
    ("每名角色限，出牌阶段限一次，你可以弃置一张牌。", "，出牌"),
    ("转换技，阳：你可以摸一张牌；阴：。", "。"),
]


@pytest.mark.parametrize("text,at", NEAR_MISSES)
def test_near_misses_of_the_constructions(text: str, at: str) -> None:
    assert_stops_at(text, at)


# ---- clause and sentence structure (written for these tests, no corpus text)

def test_an_action_list_after_a_modal_is_one_optional_choice() -> None:
    s = _read("出牌阶段限一次，你可以：弃置一张牌，然后摸两张牌；失去1点体力，然后回复1点体力。")
    (choice,) = [a for a in _acts(s) if a.verb == "choice"]
    assert choice.optional and _text(choice.actor) == "你"
    assert [o.label for o in choice.args] == ["弃置一张牌，然后摸两张牌", "失去1点体力，然后回复1点体力"]


def test_the_items_done_are_the_performing_acts_options() -> None:
    s = _read("出牌阶段，你可以弃置任意张牌依次执行前等量项：1.摸一张牌；2.回复1点体力。")
    (perform,) = [a for a in _acts(s) if a.verb == "perform"]
    assert [x.label for x in perform.args if isinstance(x, ir.Option)] == ["1.摸一张牌", "2.回复1点体力"]
    assert not [a for a in _acts(s) if a.verb == "choice"]


def test_a_phase_before_a_timing_is_where_the_trigger_listens() -> None:
    s = _read("出牌阶段，当你使用【杀】时，你可以摸一张牌。")
    (p,) = s.parts
    assert (p.kind, p.phase, [e.window for e in p.timings]) == ("trigger", "出牌阶段", ["use"])


def test_cases_after_a_timings_colon_are_conditions() -> None:
    s = _read("当你受到伤害后：若你有手牌，你摸一张牌；若你没有手牌，你回复1点体力。")
    assert len(s.parts) == 1 and s.parts[0].kind == "trigger"
    assert [n.cond.text for n in ir.walk(s) if isinstance(n, ir.If) and n.cond] == ["你有手牌", "你没有手牌"]


def test_times_inside_a_body_phase_and_card_event() -> None:
    s = _read("当你受到伤害后，此回合结束阶段，你可以摸一张牌。")
    (when,) = [n for n in ir.walk(s) if isinstance(n, ir.When)]
    assert [(e.window, e.context) for e in when.timings] == [("phase", ("此",))]
    t = _read("出牌阶段限一次，你可以弃置一张牌，令你于此牌结算后视为使用一张【杀】。")
    (when,) = [n for n in ir.walk(t) if isinstance(n, ir.When)]
    assert [t.text[e.start:e.end] for e in when.timings] == ["此牌结算后"]
    assert [a.verb for a in ir.walk(when.body) if isinstance(a, ir.Act)] == ["use"]


def test_which_time_an_event_is_is_a_condition() -> None:
    s = _read("当你受到伤害后，若此伤害是本轮第一次造成伤害，你摸一张牌。")
    assert [(n.cond.kind, n.cond.text) for n in ir.walk(s) if isinstance(n, ir.If) and n.cond] == [
        ("nth", "此伤害是本轮第一次造成伤害")]
    t = _read("当你受到伤害后，你可以摸一张牌；若不为本回合首次发动，你失去1点体力。")
    assert ("nth", "不为本回合首次发动") in [(n.cond.kind, n.cond.text) for n in ir.walk(t) if isinstance(n, ir.If) and n.cond]


def test_notes_in_brackets_are_remarks_and_x_is_read_after_another_remark() -> None:
    s = _read("出牌阶段限一次，你可以将一张手牌（正面朝上移动）交给一名其他角色。")
    assert s.parts[0].remarks == ("（正面朝上移动）",)
    t = _read("出牌阶段限一次，你可以将X张牌当【杀】使用（无距离限制，X为你的体力值）。")
    assert "X：你的体力值" in _lines(t)


def test_once_per_item_that_holds_and_a_count_of_items() -> None:
    s = _read("结束阶段，你每满足以下一项便摸一张牌：1.你已受伤；2.你没有手牌。若均不满足，你失去1点体力。")
    conds = [(n.cond.kind, n.cond.text) for n in ir.walk(s) if isinstance(n, ir.If) and n.cond]
    assert conds == [("each_of", "1.你已受伤；2.你没有手牌"), ("items", "均不满足")]
    t = _read("准备阶段，你摸X张牌（X为你满足的项数：1.已受伤；2.没有手牌）。")
    assert "X：你满足的项数：1.已受伤；2.没有手牌" in _lines(t)


def test_labels_after_two_sets_of_cards_are_branches() -> None:
    s = _read("出牌阶段限一次，你可以展示一张手牌，然后令一名其他角色展示一张手牌。若其展示的牌与你展示的牌中：有颜色相同，你摸一张牌；均不同，你弃置一张牌。")
    assert [n.cond.text for n in ir.walk(s) if isinstance(n, ir.If) and n.cond] == [
        "其展示的牌与你展示的牌中有颜色相同", "其展示的牌与你展示的牌中均不同"]


def test_one_item_after_a_modal_is_what_is_done_and_a_listed_choice() -> None:
    s = _read("当你处于濒死状态时，你可以：弃置所有手牌，摸三张牌，选择下列一个技能并获得之：〖奸雄〗、〖反馈〗。")
    acts = _acts(s)
    assert [a.verb for a in acts] == ["discard", "draw", "choice", "gain"]
    assert acts[0].optional and not any(a.optional for a in acts[1:])
    assert [o.label for o in acts[2].args if isinstance(o, ir.Option)] == ["〖奸雄〗", "〖反馈〗"]


def test_spans_of_time_since_and_while() -> None:
    s = _read("回合结束时，若你于上回合结束至今未受到过伤害，你摸两张牌。")
    assert [(n.cond.kind, n.cond.text) for n in ir.walk(s) if isinstance(n, ir.If) and n.cond] == [
        ("did", "你于上回合结束至今未受到过伤害")]
    t = _read("锁定技，你的回合内，濒死流程中，只有你可以使用【桃】。")
    assert ("duration", "濒死流程中") in [(n.cond.kind, n.cond.text) for n in ir.walk(t) if isinstance(n, ir.If) and n.cond]
