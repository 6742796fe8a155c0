"""TOML syntax errors in a scenario file are said in Chinese at file:line:col with the
line and a caret (compiler.scenario_format.toml_error); tomllib's English never leaks,
and a value of the wrong kind is named as TOML names it (整数, 字符串 …), not as Python."""

from __future__ import annotations

import pytest

from sgs.compiler.scenario_format import ScenarioError, parse_scenario


@pytest.mark.parametrize(
    ("text", "at", "said"),
    [
        ("[scenario\ncurrent = 1\n", "t.toml:1:10: ", "表头缺少结尾的 “]”"),
        ("[scenario]\ncurrent = \n", "t.toml:2:11: ", "值无效"),
        ('[scenario]\nname = "a\n', "t.toml:2:10: ", "非法字符"),
        ("[scenario]\n将 = 1\n", "t.toml:2:1: ", "无法识别的语句"),
        ('[scenario]\nname = "x"\nname = "y"\n', "t.toml:3:11: ", "同一个键写了两次"),
        ("[scenario]\ncurrent 1\n", "t.toml:2:9: ", "键后面应有 “=”"),
        ("[[seats]\n", "t.toml:1:8: ", "表数组的表头缺少结尾的 “]]”"),
        ('[scenario]\nname = ["a", "b"\n', "t.toml: ", "数组没有结束"),
        ('[scenario]\nname = "x', "t.toml: ", "TOML 语法错误（在文件末尾）：字符串没有结束"),
    ],
)
def test_toml_errors_are_chinese_with_place(text: str, at: str, said: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "t.toml")
    msg = str(err.value)
    assert msg.startswith(at + "TOML 语法错误"), msg
    assert said in msg
    assert not any(w in msg for w in ("Expected", "Invalid", "Illegal", "Cannot", "Unterminated", "Unclosed", " at line")), msg


def test_the_caret_points_at_the_column_under_wide_characters() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario('[scenario]\nname = "张飞" x\n', "t.toml")
    e = err.value
    assert (e.line, e.col) == (2, 13)
    source, caret = str(e).split("\n")[1:3]
    assert source == '    name = "张飞" x'
    # one full-width space under each wide character keeps the caret under the x
    assert caret == "    " + " " * 8 + "　　" + "  " + "^"


def test_a_wrong_kind_is_named_in_toml_words() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario("scenario = 3\n", "t.toml")
    # the file's other problem (no seats) is reported with it, on its own line
    assert str(err.value) == "t.toml: scenario: 应为表（table），实际是整数 3\nt.toml: seats: 应有 2 到 10 个 [[seats]] 表"


SEATS = '[[seats]]\ngeneral = "曹操"\nrole = "主公"\n[[seats]]\ngeneral = "刘备"\nrole = "反贼"\n'


@pytest.mark.parametrize(
    ("text", "said"),
    [
        # what the file said is quoted as TOML writes it, not as Python's repr
        ('[expect]\ndead = ["2"]\n', '实际是 ["2"]'),
        ('[expect.distance]\n"1-2" = "一"\n', '实际是 "一"'),
        ('[expect.seat.1]\nalive = "是"\n', "应为 true 或 false"),
        ('[expect]\ndead = "2"\n', '实际是 "2"'),
        ('[expect]\nwinners = [true]\n', "实际是 [true]"),
    ],
)
def test_values_are_quoted_in_toml_words(text: str, said: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text + SEATS, "t.toml")
    msg = str(err.value)
    assert said in msg, msg
    assert not any(w in msg for w in ("['", "'一'", "True", "False")), msg


def test_a_table_declared_twice_is_named_by_its_key_path() -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario("[expect]\n[expect]\n", "t.toml")
    assert "expect 声明了两次" in str(err.value) and "('" not in str(err.value), str(err.value)
    with pytest.raises(ScenarioError) as err:
        parse_scenario("[[seats]]\n[seats]\n", "t.toml")
    assert "seats 声明了两次" in str(err.value) and "('" not in str(err.value), str(err.value)
