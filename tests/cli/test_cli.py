"""The `sgs` command line: user mistakes end in a message and an exit code, never a
traceback (DESIGN §3 Diagnostics)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler.cli import app

runner = CliRunner()

BAD = "扩展包 测试\n武将 张三 魏 4体力 男\n奸雄：每当你受到一次伤害后，你可以获得对你照成伤害的牌。\n"


def test_check_reports_file_line_col_and_suggestion(tmp_path: Path) -> None:
    f = tmp_path / "bad.sgs"
    f.write_text(BAD, encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--format", "short"])
    assert r.exit_code == 1
    assert r.exception is None or isinstance(r.exception, SystemExit)
    assert ":3:22: error[E0103]" in r.output
    r = runner.invoke(app, ["check", str(f)])
    assert "造成" in r.output and "Traceback" not in r.output


def test_check_json_is_data(tmp_path: Path) -> None:
    f = tmp_path / "bad.sgs"
    f.write_text(BAD, encoding="utf-8")
    r = runner.invoke(app, ["check", str(f), "--format", "json"])
    assert r.exit_code == 1
    data = json.loads(r.stdout)
    assert "E0103" in json.dumps(data)


def test_check_bundled_skills_is_clean() -> None:
    r = runner.invoke(app, ["check", str(Path(__file__).parents[2] / "skills")])
    assert r.exit_code == 0, r.output


def test_compile_writes_a_module(tmp_path: Path) -> None:
    r = runner.invoke(app, ["compile", str(Path(__file__).parents[2] / "skills"), "-o", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert sorted(p.name for p in tmp_path.glob("*.py")) == ["biaozhun.py", "feng.py", "junzheng.py"]
    text = (tmp_path / "biaozhun.py").read_text(encoding="utf-8")
    assert "奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌。" in text
    assert "class Jianxiong" in text


def test_play_default_ends_with_a_winner() -> None:
    r = runner.invoke(app, ["play"])
    assert r.exit_code == 0, r.output
    assert r.output.rstrip().splitlines()[-1].split("] ", 1)[1].startswith("游戏结束")


def test_play_fixed_generals_seats_exactly_those() -> None:
    r = runner.invoke(app, ["play", "--generals", "曹操,刘备,关羽,吕布", "--seed", "5", "--log", "json"])
    assert r.exit_code == 0, r.output
    picks = [json.loads(line) for line in r.output.splitlines() if '"kind": "选将"' in line]
    assert [p["general"] for p in picks] == ["曹操", "刘备", "关羽", "吕布"]


def test_play_with_the_maneuvering_deck() -> None:
    r = runner.invoke(app, ["play", "--deck", "军争", "--seed", "2", "--players", "6"])
    assert r.exit_code == 0, r.output
    lines = r.output.rstrip().splitlines()
    assert "160张牌（军争）" in lines[0]
    assert lines[-1].split("] ", 1)[1].startswith("游戏结束")
    r = runner.invoke(app, ["play", "--deck", "国战"])
    assert r.exit_code == 2 and "未知牌堆" in r.output and "Traceback" not in r.output


#: the ten 风 generals of seed 000 §A
WIND = "夏侯渊,曹仁,黄忠,魏延,小乔,周泰,张角,于吉,神关羽,神吕蒙"


@pytest.mark.parametrize("seed", [1, 3])
def test_play_the_wind_generals_with_the_maneuvering_deck(seed: int) -> None:
    """Issue 12: `sgs play --deck 军争 --generals …风…` plays to the end, each 风 general seated."""
    r = runner.invoke(app, ["play", "--deck", "军争", "--seed", str(seed), "--generals", WIND, "--log", "json"])
    assert r.exit_code == 0, r.output
    entries = [json.loads(line) for line in r.output.splitlines()]
    assert [e["general"] for e in entries if e["kind"] == "选将"] == WIND.split(",")
    assert entries[-1]["kind"] == "游戏结束"


def test_play_bad_options_are_messages() -> None:
    for args in (
        ["play", "--players", "11"],
        ["play", "--generals", "曹操"],
        ["play", "--generals", "曹操,刘备,关羽,张三"],
        ["play", "--generals", "曹操,,刘备,关羽"],
    ):
        r = runner.invoke(app, args)
        assert r.exit_code == 2, args
        assert "错误" in r.output and "Traceback" not in r.output


def test_play_an_empty_seat_in_generals_is_named() -> None:
    """曹操,,刘备,关羽 must not become a 3-player game; one trailing comma is harmless."""
    r = runner.invoke(app, ["play", "--generals", "曹操,,刘备，关羽"])
    assert r.exit_code == 2 and "第 2 个座次没有写武将" in r.output, r.output
    r = runner.invoke(app, ["play", "--generals", "曹操,刘备,关羽,", "--seed", "5"])
    assert r.exit_code == 0 and "身份局 3人" in r.output.splitlines()[0], r.output


def test_missing_file_is_a_message() -> None:
    r = runner.invoke(app, ["check", "no/such/file.sgs"])
    assert r.exit_code == 2 and "找不到" in r.output


def test_scenario_with_a_bad_key_is_reported(tmp_path: Path) -> None:
    f = tmp_path / "s.toml"
    f.write_text('[scenario]\nphase = "出牌"\n[[seats]]\ngeneral="曹操"\nrole="主公"\n[[seats]]\ngeneral="刘备"\nrole="反贼"\n', encoding="utf-8")
    r = runner.invoke(app, ["scenario", str(f)])
    assert r.exit_code == 1
    assert "scenario.phase" in r.output and "出牌阶段" in r.output


def test_graph_writes_dot_and_rejects_bad_input(tmp_path: Path) -> None:
    out = tmp_path / "g.dot"
    r = runner.invoke(app, ["graph", "-o", str(out), "--skill", "反馈"])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    assert text.startswith(("digraph", "strict digraph")) and "反馈" in text
    r = runner.invoke(app, ["graph", "-o", str(tmp_path / "g.txt")])
    assert r.exit_code == 2 and "不支持" in r.output
    r = runner.invoke(app, ["graph", "-o", str(out), "--skill", "不存在"])
    assert r.exit_code == 2 and "不存在" in r.output


def test_check_reports_graph_findings_of_the_example_expansion() -> None:
    example = Path(__file__).parents[2] / "examples" / "jinghua" / "jinghua.sgs"
    r = runner.invoke(app, ["check", str(example), "--format", "short"])
    assert r.exit_code == 1  # an unbounded loop and a static conflict are errors
    codes = sorted(line.split(": ")[1].split("[")[1].split("]")[0] for line in r.stdout.splitlines() if "[" in line)
    assert codes.count("E0601") == 1 and codes.count("E0605") == 1 and "W0604" in codes


def test_explain_knows_compiler_and_graph_codes() -> None:
    assert runner.invoke(app, ["explain", "E0103"]).exit_code == 0
    r = runner.invoke(app, ["explain", "e0601"])
    assert r.exit_code == 0 and "循环" in r.output
    assert runner.invoke(app, ["explain", "E9999"]).exit_code == 2


def test_pinyin_that_would_clash_in_python_is_refused(tmp_path: Path) -> None:
    f = tmp_path / "k.sgs"
    f.write_text(
        "扩展包 测试\n武将 乐进（yuejin） 魏 4体力 男\n"
        "奋勇（none）：每当你受到一次伤害后，你可以摸一张牌。\n"
        "先登（card）：你可以将一张黑色牌当【杀】使用或打出。\n"
        "骁果（xiao_guo）：每当你受到一次伤害后，你可以摸一张牌。\n"
        "勇奋（xiao__guo）：每当你受到1点伤害后，你可以摸一张牌。\n",
        encoding="utf-8",
    )
    r = runner.invoke(app, ["check", str(f), "--format", "short"])
    assert r.exit_code == 1
    lines = [ln for ln in r.stdout.splitlines() if "error[" in ln]
    assert [ln.split(str(f))[1].split(": ")[0] for ln in lines] == [":3:1", ":4:1", ":6:1"]
    assert ["E0401" in lines[0], "E0401" in lines[1], "E0201" in lines[2]] == [True, True, True]


def test_write_errors_and_empty_inputs_are_messages(tmp_path: Path) -> None:
    skills = str(Path(__file__).parents[2] / "skills")
    blocker = tmp_path / "file.txt"
    blocker.write_text("x", encoding="utf-8")
    r = runner.invoke(app, ["compile", skills, "-o", str(blocker)])
    assert r.exit_code == 2 and "无法写入" in r.output
    r = runner.invoke(app, ["compile", skills, "-o", str(blocker / "out")])
    assert r.exit_code == 2 and "无法写入输出目录" in r.output and "路径中有一项不是目录" in r.output, r.output
    r = runner.invoke(app, ["graph", skills, "-o", str(blocker / "g.dot")])
    assert r.exit_code == 2 and "无法写入" in r.output and "Not a directory" not in r.output, r.output
    (tmp_path / "empty").mkdir()
    r = runner.invoke(app, ["check", str(tmp_path / "empty")])
    assert r.exit_code == 2 and "没有找到" in r.output
    r = runner.invoke(app, ["play", "--generals", ""])
    assert r.exit_code == 2 and "--generals 为空" in r.output
    bad = tmp_path / "bin.sgs"
    bad.write_bytes(b"\xff\xfe\x00bad")
    r = runner.invoke(app, ["graph", str(bad), "-o", str(tmp_path / "g.dot")])
    assert r.exit_code == 1 and "E0001" in r.output


def test_scenario_can_use_the_designers_own_general(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "m.sgs").write_text(
        "扩展包 测试（ceshi）\n武将 乐进（yuejin） 魏 4体力 男\n骁果（xiaoguo）：每当你受到一次伤害后，你可以摸一张牌。\n",
        encoding="utf-8",
    )
    sc = tmp_path / "s.toml"
    sc.write_text(
        '[scenario]\ncurrent = 1\nphase = "出牌阶段"\n'
        '[[seats]]\ngeneral = "关羽"\nrole = "主公"\nhand = ["杀♠7"]\nchoices = ["杀♠7", "2"]\n'
        '[[seats]]\ngeneral = "乐进"\nrole = "反贼"\nchoices = ["发动"]\n'
        '[draw_pile]\ntop = ["桃♥3"]\n[expect.seat.2]\nhp = 3\nhand = ["桃♥3"]\n',
        encoding="utf-8",
    )
    skills = str(Path(__file__).parents[2] / "skills")
    r = runner.invoke(app, ["scenario", str(sc), "--skills", str(mine), "--skills", skills])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["scenario", str(sc)])
    assert r.exit_code == 1 and "未知武将「乐进」" in r.output


def test_scenario_values_are_range_checked(tmp_path: Path) -> None:
    base = '[[seats]]\ngeneral="曹操"\nrole="主公"\n[[seats]]\ngeneral="刘备"\nrole="反贼"\n'
    cases = {
        "[scenario]\ncurrent = 0\n" + base: "scenario.current",
        "[scenario]\nturns = 100000000\n" + base: "scenario.turns",
        base.replace('role="反贼"', 'role="反贼"\nhp = 0'): "seats[2].hp",
        base.replace('role="反贼"', 'role="反贼"\nhp = 5\nmax_hp = 4'): "seats[2].hp",
        base + "[expect]\ndead = [9]\n": "expect.dead",
        base.replace('role="反贼"', 'role="反贼"\nequip = ["八卦阵♠2", "仁王盾♣2"]') + "[scenario]\nex = true\n": "装备区已有",
        "[scenario]\npackages = []\n" + base: "scenario.packages",
    }
    for i, (text, expected) in enumerate(cases.items()):
        f = tmp_path / f"s{i}.toml"
        f.write_text(text, encoding="utf-8")
        r = runner.invoke(app, ["scenario", str(f)])
        assert r.exit_code == 1, text
        assert expected in r.output, (text, r.output)


def test_packages_loaded_together_cannot_both_define_a_general(tmp_path: Path) -> None:
    (tmp_path / "a.sgs").write_text(
        "扩展包 测试（ceshi）\n武将 张三（zhangsan） 蜀 4体力 男\n骁果（xiaoguo）：每当你受到一次伤害后，你可以摸一张牌。\n",
        encoding="utf-8",
    )
    (tmp_path / "b.sgs").write_text(
        "扩展包 火（huo）\n武将 张三（zhangsan） 魏 4体力 男\n先登（xiandeng）：每当你受到一次伤害后，你可以摸一张牌。\n",
        encoding="utf-8",
    )
    r = runner.invoke(app, ["check", str(tmp_path), "--format", "short"])
    assert r.exit_code == 1
    assert "b.sgs:2:1: error[E0201]" in r.stdout and "测试" in r.stdout and "火" in r.stdout


def test_a_designers_card_overrides_the_bundled_one_whatever_the_order(tmp_path: Path) -> None:
    eqd = tmp_path / "eqd"
    eqd.mkdir()
    (eqd / "x.sgs").write_text("扩展包 测试（ceshi）\n装备 仁王盾 防具\n仁王盾：锁定技，红色的【杀】对你无效。\n", encoding="utf-8")
    sc = tmp_path / "rw.toml"
    sc.write_text(
        '[scenario]\nex = true\ncurrent = 1\nphase = "出牌阶段"\n'
        '[[seats]]\ngeneral = "关羽"\nrole = "主公"\nhand = ["杀♥10"]\nchoices = ["杀♥10", "2"]\n'
        '[[seats]]\ngeneral = "刘备"\nrole = "反贼"\nequip = ["仁王盾♣2"]\n[expect.seat.2]\nhp = 4\n',
        encoding="utf-8",
    )
    skills = str(Path(__file__).parents[2] / "skills")
    for order in ([str(eqd), skills], [skills, str(eqd)]):
        args = ["scenario", str(sc)] + [a for s in order for a in ("--skills", s)]
        r = runner.invoke(app, args)
        assert r.exit_code == 0, (order, r.output)


def test_explain_text_names_the_same_place_as_check_text() -> None:
    bad = "奋勇（fenyong）：每当你受到一次伤害后，你可以摸一张牌照。"
    r = runner.invoke(app, ["explain", "奋勇", "--text", bad])
    assert r.exit_code == 1 and "<text>:1:31" in r.output
    r = runner.invoke(app, ["check", "--text", bad, "--format", "short"])
    assert "<text>:1:31" in r.stdout


def test_hp_is_bounded(tmp_path: Path) -> None:
    f = tmp_path / "big.sgs"
    f.write_text(
        "扩展包 大（da）\n武将 荀彧（xunyu） 魏 99999999999999999999体力 男\n骁果（xiaoguo）：每当你受到一次伤害后，你可以摸一张牌。\n",
        encoding="utf-8",
    )
    r = runner.invoke(app, ["check", str(f), "--format", "short"])
    assert r.exit_code == 1 and "big.sgs:2:16: error[E0303]" in r.stdout


def test_scenario_summary_and_lists_are_said_in_chinese(tmp_path: Path) -> None:
    """The summary line and the lists inside a failure are words, not Python reprs."""
    f = tmp_path / "s.toml"
    f.write_text(
        '[scenario]\nphase = "出牌阶段"\n[[seats]]\ngeneral="曹操"\nrole="主公"\nhand=["杀♠7"]\n'
        'choices=["杀♠7", "桃♥3"]\n[[seats]]\ngeneral="刘备"\nrole="反贼"\n[expect]\ndead = [2]\n',
        encoding="utf-8",
    )
    r = runner.invoke(app, ["scenario", str(f)])
    assert r.exit_code == 1
    assert "通过 0 个，未通过 1 个" in r.output and "passed" not in r.output
    assert "合法选项：2（选 1 项）" in r.output, r.output
    assert "[" not in r.output.split("失败", 1)[1], r.output
    f.write_text(f.read_text(encoding="utf-8").replace('"桃♥3"', '"2"'), encoding="utf-8")
    r = runner.invoke(app, ["scenario", str(f)])
    assert "阵亡座位：预期 2号位，实际 无" in r.output, r.output
