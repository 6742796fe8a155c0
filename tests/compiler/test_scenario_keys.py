"""The scenario keys for positions and ends the 风/军争 sets need: ``alive = false``
seats, ``until = "<阶段>结束"``, ``asked``, ``[expect.distance]``, ``winners``,
``discard_contains`` / ``discard_not_contains``, cards on a general card at the start
(``on_general``).  Each bad value is a
:class:`ScenarioError` naming the file and the key; each wrong expectation fails the
scenario with the actual value."""

from __future__ import annotations

import pytest

from sgs.compiler.scenario import run_scenario
from sgs.compiler.scenario_format import ScenarioError, parse_scenario

#: 4 seats, seat 3 dead at the start; the lord uses 南蛮入侵 and the last rebel dies
TABLE = """
[scenario]
current = 1
phase = "出牌阶段"
{head}

[[seats]]
general = "黄盖"
role = "主公"
hand = ["南蛮入侵♠K", "桃♥3"]
choices = ["南蛮入侵♠K"]

[[seats]]
general = "刘备"
role = "忠臣"
hand = ["杀♠7"]
choices = ["杀♠7"]

[[seats]]
general = "张飞"
role = "内奸"
{dead}

[[seats]]
general = "孙权"
role = "反贼"
hp = 1

[expect]
{expect}
"""


def table(head: str = "", dead: str = "alive = false", expect: str = "") -> str:
    return TABLE.format(head=head, dead=dead, expect=expect)


def failures(text: str) -> list[str]:
    report = run_scenario(parse_scenario(text, "t.toml"))
    return report.failures


def refused(text: str) -> str:
    with pytest.raises(ScenarioError) as err:
        sc = parse_scenario(text, "t.toml")
        run_scenario(sc)
    msg = str(err.value)
    assert msg.startswith("t.toml: "), msg
    return msg


# ---------------------------------------------------------------- right expectations pass


def test_all_keys_hold_on_the_real_end() -> None:
    text = table(
        expect="""winners = [2, 1]
discard_contains = ["杀♠7"]
discard_not_contains = ["桃♥3", "闪♥2"]
distance = { "1-2" = 1, "2-1" = 1 }
[expect.seat.3]
asked = false
alive = false
[expect.seat.2]
asked = true"""
    )
    assert failures(text) == []


# ---------------------------------------------------------------- wrong expectations fail


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ("winners = [1]", "获胜座位：预期 1号位，实际 1号位、2号位（主公）"),
        ("winners = [4]", "获胜座位：预期 4号位"),
        ('discard_contains = ["桃♥3"]', "弃牌堆应含 桃♥3"),
        ('discard_contains = ["杀♠7", "杀♠7"]', "弃牌堆应含 杀♠7 2 张"),
        ('discard_not_contains = ["杀♠7"]', "弃牌堆不应含 杀♠7"),
        ('distance = { "1-2" = 2 }', "距离 1→2：预期 2，实际 1"),
        ('distance = { "1-4" = 1 }', "4号位已阵亡"),
        ("[expect.seat.2]\nasked = false", "2号位 不应被问到任何选择，实际被问到"),
        ("[expect.seat.4]\nasked = true", "4号位 应被问到至少一次选择"),
    ],
)
def test_a_wrong_expectation_fails(expect: str, message: str) -> None:
    found = failures(table(expect=expect))
    assert any(message in f for f in found), found


def test_a_dead_seat_is_not_a_target_and_not_asked() -> None:
    report = run_scenario(parse_scenario(table(expect="[expect.seat.3]\nasked = false"), "t.toml"))
    assert report.ok, report.failures
    assert "南蛮入侵♠K → 2号位 刘备、4号位 孙权" in report.log
    assert "3号位 张飞(内奸) 已阵亡" in report.log


def test_until_a_phase_end_stops_there() -> None:
    text = table(head='until = "摸牌阶段结束"', dead="", expect="")
    # starting at 出牌阶段 the current turn has no 摸牌阶段 left: not reached in 1 turn
    assert any("没有到达「摸牌阶段结束」" in f for f in failures(text)), failures(text)
    stop = TABLE.replace('phase = "出牌阶段"', 'phase = "摸牌阶段"')
    stop = stop.replace('choices = ["南蛮入侵♠K"]', "").replace('choices = ["杀♠7"]', "")
    text = stop.format(
        head='until = "摸牌阶段结束"', dead="alive = false", expect="[expect.seat.1]\nhand_count = 4"
    )
    report = run_scenario(parse_scenario(text, "t.toml"))
    assert report.ok, report.failures
    assert "出牌阶段" not in report.log.split("摸了2张牌")[-1]


def test_until_a_later_turn_with_turns() -> None:
    text = table(head='until = "摸牌阶段结束"\nturns = 2', dead="", expect="[expect.seat.2]\nhand_count = 2")
    report = run_scenario(parse_scenario(text, "t.toml"))
    assert report.ok, report.failures  # seat 2 played 杀♠7 and drew two in his own turn
    assert "在2号位 刘备(忠臣)的摸牌阶段结束后停止" in report.log


# ---------------------------------------------------------------- bad values are refused


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        (table(head='until = "摸牌结束"'), "scenario.until", "摸牌阶段结束"),
        (table(dead='alive = "no"'), "seats[3].alive", "true 或 false"),
        (table(dead='alive = false\nhand = ["闪♥2"]'), "seats[3].hand", "已阵亡"),
        (table(dead="alive = false\nhp = 2"), "seats[3].hp", "已阵亡"),
        (TABLE.replace("current = 1", "current = 3").format(head="", dead="alive = false", expect=""),
         "scenario.current", "已阵亡"),
        (TABLE.replace('role = "主公"', 'role = "主公"\nalive = false').format(head="", dead="", expect=""),
         "seats[1].alive", "主公"),
        (table(expect="winners = []"), "expect.winners", "winner = \"无\""),
        (table(expect="winners = [5]"), "expect.winners", "1 到 4"),
        (table(expect="winners = [1, 1]"), "expect.winners", "重复"),
        (table(expect='winners = "主公"'), "expect.winners", "座位号数组"),
        (table(expect='distance = { "1到3" = 1 }'), "expect.distance.1到3", "1-3"),
        (table(expect='distance = { "1-9" = 1 }'), "expect.distance.1-9", "1 到 4"),
        (table(expect='distance = { "2-2" = 1 }'), "expect.distance.2-2", "同一座位"),
        (table(expect='distance = { "1-2" = 0 }'), "expect.distance.1-2", "正整数"),
        (table(expect='distance = [1, 2]'), "expect.distance", "表"),
        (table(expect='discard_contains = "杀♠7"'), "expect.discard_contains", "字符串数组"),
        (table(expect='discard_not_contains = ["杀♠17"]'), "expect.discard_not_contains[0]", "牌堆里没有「杀♠17」"),
        (table(expect="[expect.seat.2]\nasked = 0"), "expect.seat.2.asked", "true 或 false"),
        # cards on the general card at the start: known labels, a pile of the general's skills
        # (named when he has more than one), below 1 hp one card per point, none when dead
        (table().replace('hp = 1', 'hp = 1\non_general = ["杀♠99@制衡"]'), "seats[4].on_general[0]",
         "牌堆里没有「杀♠99」（是否想写"),
        (table().replace('hp = 1', 'hp = 1\non_general = ["杀♠9@不曲"]'), "seats[4].on_general[0]",
         "没有技能「不曲」"),
        (table().replace('hp = 1', 'hp = 1\non_general = ["杀♠9"]'), "seats[4].on_general[0]", "杀♠9@制衡"),
        (table().replace('hp = 1', 'hp = 0'), "seats[4].hp", "on_general"),
        (table().replace('hp = 1', 'hp = -1\non_general = ["杀♠9@制衡"]'), "seats[4].hp", "体力最低为 0"),
        (table(dead='alive = false\non_general = ["杀♠9@制衡"]'), "seats[3].on_general", "已阵亡"),
        (table().replace('hp = 1', 'hp = 1\non_general = "杀♠9"'), "seats[4].on_general", "字符串数组"),
    ],
)
def test_a_bad_value_names_the_key(text: str, key: str, words: str) -> None:
    msg = refused(text)
    assert f": {key}: " in msg, msg
    assert words in msg, msg


def test_hp_above_the_max_is_refused_not_raised() -> None:
    # 孙权 has 4 体力: hp = 5 alone used to raise his max hp without a word
    text = table().replace('role = "反贼"\nhp = 1', 'role = "反贼"\nhp = 5')
    said = refused(text)
    assert "seats[4].hp" in said
    assert "4号位：体力 5 超过了「孙权」的体力上限 4；要更高的上限就同时写 max_hp = 5" in said
    # with max_hp written it is the author's choice
    ok = table(expect="[expect.seat.4]\nhp = 4\nmax_hp = 5")  # 南蛮入侵 hits him once
    ok = ok.replace('role = "反贼"\nhp = 1', 'role = "反贼"\nhp = 5\nmax_hp = 5')
    assert run_scenario(parse_scenario(ok, "t.toml")).failures == []


def test_every_problem_of_a_file_is_reported_at_once() -> None:
    """A designer fixes a file in one pass: an hp above max, an unknown role, a
    duplicate of nothing, an unknown key and a bad expectation are all listed."""
    text = (
        '[scenario]\nphase = "出牌"\nturns = 0\n'
        '[[seats]]\ngeneral = "曹操"\nrole = "主公"\nhp = 5\nmax_hp = 4\ncolour = "红"\n'
        '[[seats]]\ngeneral = "刘备"\nrole = "反骨"\n'
        '[expect]\ndead = [3]\ndistance = { "1-1" = 1, "1-2" = 0 }\n[expect.seat.9]\nhp = 1\n'
    )
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "t.toml")
    assert [(p.key, p.message.split("（")[0].split("；")[0]) for p in err.value.problems] == [
        ("scenario.phase", "未知阶段「出牌」"),
        ("scenario.turns", "应为 1 到 500 之间的整数"),
        ("seats[1].colour", "未知的键"),
        ("seats[1].hp", "体力 5 超过了体力上限 4"),
        ("seats[2].role", "未知身份「反骨」"),
        ("expect.dead", "座位号应在 1 到 2 之间，实际有 3"),
        ("expect.distance.1-1", "起点与终点是同一座位"),
        ("expect.distance.1-2", "应为正整数"),
        ("expect.seat.9", "座位号应在 1 到 2 之间"),
    ]
    assert str(err.value).count("\n") == 8  # one line each
    # the runner reports each as its own failure line
    assert err.value.key == "scenario.phase" and err.value.more[-1].key == "expect.seat.9"
