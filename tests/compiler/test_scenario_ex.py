"""The scenario key ``[scenario] ex``: the 108-card deck with the 4 EX cards."""

from __future__ import annotations

import pytest

from sgs.compiler.scenario import run_scenario
from sgs.compiler.scenario_format import ScenarioError, parse_scenario

TABLE = """
[scenario]
current = 1
phase = "出牌阶段"
{head}

[[seats]]
general = "黄盖"
role = "主公"
equip = ["寒冰剑♠2"]

[[seats]]
general = "孙权"
role = "反贼"
"""


def test_ex_defaults_to_false() -> None:
    assert parse_scenario(TABLE.format(head="")).ex is False


def test_ex_true_uses_the_ex_deck() -> None:
    sc = parse_scenario(TABLE.format(head="ex = true"))
    assert sc.ex is True
    report = run_scenario(sc)
    assert report.ok, report.failures
    assert report.result is not None
    assert report.result.player(1).equips == ("寒冰剑♠2",)


@pytest.mark.parametrize("value", ['"yes"', "1", "[true]"])
def test_ex_must_be_a_boolean(value: str) -> None:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(TABLE.format(head=f"ex = {value}"), "t.toml")
    assert "scenario.ex" in str(err.value)
    assert "true 或 false" in str(err.value)


def test_ex_card_without_ex_is_explained() -> None:
    with pytest.raises(ScenarioError) as err:
        run_scenario(parse_scenario(TABLE.format(head=""), "t.toml"))
    assert "寒冰剑♠2" in str(err.value)
    assert "ex = true" in str(err.value)


def test_the_ex_hint_goes_only_with_a_card_error() -> None:
    # two 黄盖 and an EX card: the general's error comes first and says nothing of EX
    # cards (a fresh user's finding); the card's own error keeps the hint
    with pytest.raises(ScenarioError) as err:
        run_scenario(parse_scenario(TABLE.format(head="").replace('"孙权"', '"黄盖"'), "t.toml"))
    assert "seats[2].general" in str(err.value) and "EX 牌" not in str(err.value)
    with pytest.raises(ScenarioError) as err:
        run_scenario(parse_scenario(TABLE.format(head=""), "t.toml"))
    assert "seats[1].equip" in str(err.value) and "寒冰剑♠2 是 EX 牌" in str(err.value)
