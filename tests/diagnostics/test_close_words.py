"""One "did you mean" for names and keys outside skill texts (suggest.close_words): one
cutoff for ``sgs explain``, ``--generals``, scenario files and card names, and no
suggestion that flips a register word (出牌阶段开始 is not 出牌阶段结束)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sgs.compiler.cli import app
from sgs.compiler.scenario_format import ScenarioError, parse_scenario
from sgs.compiler.suggest import close_words

runner = CliRunner()
GENERALS = ("曹操", "曹仁", "孙权", "孙尚香", "张飞", "张辽", "司马懿", "不屈")


@pytest.mark.parametrize(
    ("typed", "offered"),
    [
        ("曹躁", ["曹操"]),  # one character of two changed
        ("司马意", ["司马懿"]),
        ("不曲", ["不屈"]),  # a name is no register word: sharing 不 is no negation
        ("孙悟空", []),  # one character of five in common (0.4): no match (was 孙权 with --generals)
        ("刘关张", []),
    ],
)
def test_one_cutoff_for_names(typed: str, offered: list[str]) -> None:
    assert close_words(typed, GENERALS) == offered


def test_generals_option_suggests_no_far_name() -> None:
    r = runner.invoke(app, ["play", "--generals", "孙悟空,刘备,关羽,吕布"])
    assert r.exit_code == 2 and "武将池里没有「孙悟空」" in r.output
    assert "是不是想写" not in r.output, r.output  # 孙权 shares one character of five


def _scenario_error(text: str) -> str:
    with pytest.raises(ScenarioError) as err:
        parse_scenario(text, "t.toml")
    return str(err.value)


def test_scenario_until_never_suggests_the_other_end_of_a_phase() -> None:
    msg = _scenario_error('[scenario]\nuntil = "出牌阶段开始"\n')
    assert "实际是「出牌阶段开始」" in msg
    assert "是否想写" not in msg, msg  # 出牌阶段结束 would stop at the other end of the phase


def test_scenario_typo_still_suggested() -> None:
    msg = _scenario_error('[scenario]\nphase = "出牌结段"\n')
    assert "未知阶段「出牌结段」（是否想写「出牌阶段」？）" in msg
    assert "（是否想写「回合结束」？）" in _scenario_error('[scenario]\nuntil = "回合结速"\n')
