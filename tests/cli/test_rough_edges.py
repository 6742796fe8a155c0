"""The tester's rough edges of the command line: every bad input is a clear Chinese
message (no traceback, nothing lost), and the outputs a user pipes somewhere are whole."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler.cli import app

runner = CliRunner()
ROOT = Path(__file__).parents[2]
SKILLS = str(ROOT / "skills")

CANON = "扩展包 测试（ceshi）\n武将 张三（zhangsan） 魏 4体力 男\n奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌。\n"
SLOPPY = "扩展包 测试（ceshi）\n武将 李四（lisi） 魏 4体力 男\n倾国：你可以将一张黑色手牌当闪使用或打出\n"
SLOPPY_FIXED = "扩展包 测试（ceshi）\n武将 李四（lisi） 魏 4体力 男\n倾国：你可以将一张黑色手牌当【闪】使用或打出。\n"


def _no_traceback(r: object) -> None:
    assert "Traceback" not in getattr(r, "output")
    exc = getattr(r, "exception")
    assert exc is None or isinstance(exc, SystemExit), exc


# ---- 1. sgs fmt


def test_fmt_prints_canonical_text_in_full(tmp_path: Path) -> None:
    f = tmp_path / "a.sgs"
    f.write_text(CANON, encoding="utf-8")
    r = runner.invoke(app, ["fmt", str(f)])
    assert r.exit_code == 0 and r.stdout == CANON  # `sgs fmt a.sgs > b.sgs` copies it whole
    assert runner.invoke(app, ["fmt", "--check", str(f)]).exit_code == 0
    r = runner.invoke(app, ["fmt", "--text", "倾国：你可以将一张黑色手牌当【闪】使用或打出。"])
    assert r.exit_code == 0 and r.stdout == "倾国：你可以将一张黑色手牌当【闪】使用或打出。\n"


def test_fmt_several_files_get_headers_and_check_lists_the_changed(tmp_path: Path) -> None:
    a, b = tmp_path / "a.sgs", tmp_path / "b.sgs"
    a.write_text(CANON, encoding="utf-8")
    b.write_text(SLOPPY, encoding="utf-8")
    r = runner.invoke(app, ["fmt", str(a), str(b)])
    assert r.exit_code == 0
    assert r.stdout == f"# 文件: {a}\n{CANON}\n# 文件: {b}\n{SLOPPY_FIXED}"
    r = runner.invoke(app, ["fmt", "--check", str(a), str(b)])
    assert r.exit_code == 1 and r.stdout == ""
    assert f"需要格式化：{b}" in r.stderr and str(a) not in r.stderr
    r = runner.invoke(app, ["fmt", "-w", str(tmp_path)])
    assert r.exit_code == 0 and r.stdout == ""
    assert a.read_text(encoding="utf-8") == CANON and b.read_text(encoding="utf-8") == SLOPPY_FIXED


def test_fmt_check_and_write_together_are_refused_and_nothing_is_written(tmp_path: Path) -> None:
    b = tmp_path / "b.sgs"
    b.write_text(SLOPPY, encoding="utf-8")
    for flags in (["--check", "-w"], ["-w", "--check"]):
        r = runner.invoke(app, ["fmt", *flags, str(b)])
        assert r.exit_code == 2 and "不能和 -w/--write 一起用" in r.stderr
    assert b.read_text(encoding="utf-8") == SLOPPY


def test_fmt_refuses_a_file_check_finds_errors_in(tmp_path: Path) -> None:
    # parses fine, but the checker refuses the pinyin (E0401): fmt must not print it
    f = tmp_path / "k.sgs"
    f.write_text("扩展包 测试（ceshi）\n武将 乐进（yuejin） 魏 4体力 男\n奋勇（none）：每当你受到一次伤害后，你可以摸一张牌。\n", encoding="utf-8")
    assert runner.invoke(app, ["check", str(f)]).exit_code == 1
    for args in (["fmt", str(f)], ["fmt", "-w", str(f)], ["fmt", "--check", str(f)]):
        before = f.read_text(encoding="utf-8")
        r = runner.invoke(app, args)
        assert r.exit_code == 1, args
        assert r.stdout == "" and "E0401" in r.stderr and "未格式化" in r.stderr
        assert f.read_text(encoding="utf-8") == before
    r = runner.invoke(app, ["fmt", "--text", "奋勇（none）：每当你受到一次伤害后，你可以摸一张牌。"])
    assert r.exit_code == 1 and "E0401" in r.output


def test_empty_directories_and_empty_texts_are_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty"
    empty.mkdir()
    for args in (["check", str(empty)], ["fmt", str(empty)], ["compile", str(empty), "-o", str(tmp_path / "o")]):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and "没有找到 .sgs 文件" in r.output, args
        _no_traceback(r)
    assert not (tmp_path / "o").exists()
    for args in (["check", "--text", ""], ["check", "--text", "  "], ["fmt", "--text", ""]):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and "技能文本为空" in r.output, args


# ---- 2. the turn limit


def test_turn_limit_is_logged_and_has_no_winner() -> None:
    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import play_identity_game

    pool = load_pool()
    result = play_identity_game(pool.generals, 5, seed=1, max_turns=2, equipment=pool.equipment, card_effects=pool.card_effects)
    assert result.winner is None
    last = result.log.entries[-1]
    assert last.kind == "回合上限"
    assert result.log.lines()[-1].endswith("达到回合上限（2 回合），对局中止，无胜者")
    assert json.loads(result.log.to_jsonl().splitlines()[-1])["max_turns"] == 2
    again = play_identity_game(pool.generals, 5, seed=1, max_turns=2, equipment=pool.equipment, card_effects=pool.card_effects)
    assert again.log.to_jsonl() == result.log.to_jsonl()


def test_play_stopped_at_the_turn_limit_exits_1(monkeypatch: pytest.MonkeyPatch) -> None:
    import sgs.runtime.modes.identity as identity

    monkeypatch.setattr(identity, "DEFAULT_MAX_TURNS", 3)
    r = runner.invoke(app, ["play", "--seed", "1"])
    assert r.exit_code == 1
    assert "达到回合上限（3 回合），对局中止，无胜者" in r.stdout  # the log's last line
    assert "错误" in r.stderr and "达到回合上限" in r.stderr
    r = runner.invoke(app, ["play", "--seed", "1", "--log", "json"])
    assert r.exit_code == 1
    assert json.loads(r.stdout.splitlines()[-1])["kind"] == "回合上限"


# ---- 3. positions that cannot happen

TABLE = (
    '[scenario]\ncurrent = 1\nphase = "出牌阶段"\n{head}\n'
    '[[seats]]\ngeneral = "关羽"\nrole = "主公"\n{one}\n'
    '[[seats]]\ngeneral = "{two}"\nrole = "反贼"\n{rest}\n'
)


def _scenario(tmp_path: Path, name: str, head: str = "", one: str = "", two: str = "刘备", rest: str = "") -> Path:
    f = tmp_path / f"{name}.toml"
    f.write_text(TABLE.format(head=head, one=one, two=two, rest=rest), encoding="utf-8")
    return f


def test_impossible_positions_name_the_seat_and_key(tmp_path: Path) -> None:
    cases = {
        "non_delayed": (dict(one='judge = ["杀♠7"]'), "seats[1].judge[0]", "杀♠7 不是延时锦囊牌"),
        "bad_as": (dict(one='judge = ["杀♠7@桃"]'), "seats[1].judge[0]", "「桃」不是延时锦囊"),
        "twice": (dict(one='judge = ["闪电♠A", "杀♠7@闪电"]'), "seats[1].judge[1]", "判定区已有一张【闪电】"),
        "same_general": (dict(two="关羽"), "seats[2].general", "武将「关羽」已在1号位"),
        "draw_pile": (dict(rest='[draw_pile]\ntop = ["闪♦2", "杀♠99"]'), "draw_pile.top[1]", "牌堆里没有「杀♠99」"),
        "hand": (dict(rest='hand = ["桃♥3", "桃♥3"]'), "seats[2].hand[1]", "2号位：牌堆里已经没有未放置的「桃♥3」"),
    }
    for name, (parts, key, message) in cases.items():
        f = _scenario(tmp_path, name, **parts)
        r = runner.invoke(app, ["scenario", str(f)])
        assert r.exit_code == 1, name
        assert f"{f}: {key}: " in r.stdout and message in r.stdout, (name, r.stdout)
        _no_traceback(r)


def test_possible_judge_areas_and_the_same_general_opt_in(tmp_path: Path) -> None:
    ok = _scenario(tmp_path, "ok", one='judge = ["杀♠7@乐不思蜀", "闪电♠A"]\n[expect.seat.1]\njudge = ["杀♠7", "闪电♠A"]')
    r = runner.invoke(app, ["scenario", str(ok)])
    assert r.exit_code == 0, r.output
    twins = _scenario(tmp_path, "twins", head="same_general = true", two="关羽")
    r = runner.invoke(app, ["scenario", str(twins)])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["scenario", str(_scenario(tmp_path, "no", two="关羽"))])
    assert "same_general = true" in r.stdout


def test_build_game_refuses_the_same_general_when_asked() -> None:
    from sgs.runtime.testing import SeatSpec, TableError, build_game

    seats = [SeatSpec("关羽", role="主公"), SeatSpec("关羽")]
    build_game(seats)  # unit tests of the rules may seat two skill-less 关羽
    with pytest.raises(TableError) as info:
        build_game(seats, distinct_generals=True)
    assert (info.value.seat, info.value.field) == (2, "general")
    with pytest.raises(TableError) as info:
        build_game([SeatSpec("关羽", role="主公", judge=["杀♠7"]), SeatSpec("刘备")])
    assert (info.value.seat, info.value.field, info.value.index) == (1, "judge", 0)


# ---- 4. scenario --log


def test_scenario_log_shows_the_game_of_failing_scenarios(tmp_path: Path) -> None:
    play = 'hand = ["杀♠8"]\nchoices = ["杀♠8", "2"]'
    bad = _scenario(tmp_path, "bad", one=play, rest="[expect.seat.2]\nhp = 1")
    good = _scenario(tmp_path, "good", one=play, rest="[expect.seat.2]\nhp = 3")
    r = runner.invoke(app, ["scenario", str(bad), str(good)])
    assert r.exit_code == 1 and "日志" not in r.stdout
    r = runner.invoke(app, ["scenario", str(bad), str(good), "--log"])
    assert r.exit_code == 1
    assert r.stdout.count("日志：") == 1 and "造成1点伤害（杀♠8）" in r.stdout
    assert r.stdout.index("日志：") < r.stdout.index("通过")  # under the failing one
    r = runner.invoke(app, ["scenario", str(bad), str(good), "-v"])
    assert r.stdout.count("日志：") == 2


# ---- 5. messages


def test_unknown_general_is_named_before_the_player_count() -> None:
    r = runner.invoke(app, ["play", "--generals", "不存在"])
    assert r.exit_code == 2 and "武将池里没有「不存在」" in r.output and "人数" not in r.output
    r = runner.invoke(app, ["play", "--generals", "曹躁,刘备,关羽,吕布"])
    assert r.exit_code == 2 and "是不是想写：曹操" in r.output


def test_a_pool_without_generals_is_called_empty(tmp_path: Path) -> None:
    cards = tmp_path / "cards"
    cards.mkdir()
    (cards / "x.sgs").write_text("扩展包 测试（ceshi）\n装备 仁王盾 防具\n仁王盾：锁定技，红色的【杀】对你无效。\n", encoding="utf-8")
    sc = _scenario(tmp_path, "s")
    for args in (["scenario", str(sc), "--skills", str(cards)], ["play", "--skills", str(cards)]):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and "武将池为空" in r.output, args
    empty = tmp_path / "empty"
    empty.mkdir()
    r = runner.invoke(app, ["scenario", str(sc), "--skills", str(empty)])
    assert r.exit_code == 2 and "没有找到 .sgs 文件" in r.output


def test_skills_file_that_is_a_directory(tmp_path: Path) -> None:
    for cmd in ("check", "fmt"):
        r = runner.invoke(app, [cmd, "--skills-file", str(tmp_path)])
        assert r.exit_code == 2 and "是一个目录，不是文件" in r.output, cmd


def test_graph_output_without_suffix(tmp_path: Path) -> None:
    out = tmp_path / "g"
    r = runner.invoke(app, ["graph", "-o", str(out)])
    assert r.exit_code == 2 and "没有后缀" in r.output
    assert ".dot" in r.output and ".svg" in r.output and ".png" in r.output
    assert list(tmp_path.iterdir()) == []  # nothing written, not even g.dot
    r = runner.invoke(app, ["graph", "-o", str(tmp_path / "g.txt")])
    assert r.exit_code == 2 and "不支持的输出格式：.txt" in r.output
    assert list(tmp_path.iterdir()) == []


def test_files_that_are_not_utf8(tmp_path: Path) -> None:
    f = tmp_path / "gbk.sgs"
    f.write_bytes(CANON.replace("奸雄", "技能").encode("utf-8").replace("技能".encode("utf-8"), "技能".encode("gbk")))
    for args in (["check", str(f)], ["fmt", str(f)], ["compile", str(f), "-o", str(tmp_path / "o")]):
        r = runner.invoke(app, args)
        assert r.exit_code == 1, args
        assert "不是 UTF-8 编码" in r.output and f"{f.name}:3:1" in r.output and "UTF-8 编码另存" in r.output, args
        _no_traceback(r)
    r = runner.invoke(app, ["check", str(f), "--format", "json"])
    assert r.exit_code == 1 and "E0001" in r.stdout
    r = runner.invoke(app, ["check", "--skills-file", str(f)])
    assert r.exit_code == 2 and "不是 UTF-8 编码（第 3 行第 1 列" in r.output
    sc = tmp_path / "s.toml"
    sc.write_bytes(TABLE.format(head="", one="", two="刘备", rest="").encode("utf-8") + "# 测试\n".encode("gbk"))
    r = runner.invoke(app, ["scenario", str(sc)])
    assert r.exit_code == 1 and "不是 UTF-8 编码" in r.stdout and "s.toml:13:3" in r.stdout


def test_missing_scenario_file_is_a_chinese_message(tmp_path: Path) -> None:
    r = runner.invoke(app, ["scenario", str(tmp_path / "nope.toml")])
    assert r.exit_code == 2 and "找不到场景文件" in r.output and "Errno" not in r.output
    from sgs.compiler.scenario import run_scenario_file

    report = run_scenario_file(tmp_path / "nope.toml")
    assert report.failures == [f"{tmp_path / 'nope.toml'}: 找不到文件"]


# ---- 6. the cache folder


def test_cache_lives_in_the_user_cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from sgs.compiler.cache import cache_root

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SGS_CACHE_DIR", str(tmp_path / "explicit"))
    assert cache_root() == tmp_path / "explicit"
    monkeypatch.delenv("SGS_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "sgs"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    if os.name == "posix" and os.uname().sysname == "Linux":
        assert cache_root() == tmp_path / "home" / ".cache" / "sgs"
    assert not (tmp_path / ".sgs-cache").exists()  # never in the working directory


def test_cache_falls_back_to_the_temp_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from sgs.compiler.cache import cache_root

    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("SGS_CACHE_DIR", str(blocker / "sub"))  # cannot be created
    assert cache_root().parent == Path(tempfile.gettempdir())


def test_help_names_value_kinds_in_chinese_not_python_types() -> None:
    from sgs.compiler.cli import command

    group = command()
    metavars = {c: {p.name: p.metavar for p in cmd.params if p.param_type_name == "option"}
                for c, cmd in group.commands.items()}  # type: ignore[attr-defined]
    assert metavars["check"]["text"] == "文本" and metavars["check"]["skills_file"] == "路径"
    assert metavars["check"]["strict_overrides"] == ""  # a flag takes no value
    assert metavars["simulate"]["games"] == "整数"
    assert metavars["check"]["fmt"] is None  # a choice keeps its list: <human|short|json>
    # every option of every command got one, but the choices (--format, --log)
    assert {(c, n) for c, ms in metavars.items() for n, m in ms.items() if m is None} == {
        ("check", "fmt"), ("stats", "fmt"), ("play", "log")}


def test_fmt_writes_the_once_that_i0702_reads() -> None:
    r = runner.invoke(app, ["fmt", "--text", "丁技：每当你受到伤害后，你可以摸一张牌。"])
    assert r.exit_code == 0 and r.stdout == "丁技：每当你受到一次伤害后，你可以摸一张牌。\n"
    # 1点 and 一次 are kept as written; the other side's 造成伤害 is not this note's
    r = runner.invoke(app, ["fmt", "--text", "丁技：每当你受到1点伤害后，你可以摸一张牌。"])
    assert r.stdout == "丁技：每当你受到1点伤害后，你可以摸一张牌。\n"


def test_explain_suggests_only_close_names() -> None:
    r = runner.invoke(app, ["explain", "不存在"])
    assert r.exit_code == 1 and "没有找到技能或武将“不存在”" in r.output and "是不是想找" not in r.output, r.output
    r = runner.invoke(app, ["explain", "司马意"])
    assert r.exit_code == 1 and "是不是想找：司马懿" in r.output, r.output
    r = runner.invoke(app, ["explain", "不曲"])
    assert r.exit_code == 1 and "不屈" in r.output, r.output


def test_a_small_pool_from_skills_names_the_bundled_folder(tmp_path: Path) -> None:
    """--skills replaces the bundled generals: when the pool is too small, or a bundled
    general is asked for, the message says which folder to add (its real path)."""
    from sgs.compiler import bundled_skills_dir

    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "a.sgs").write_text(CANON, encoding="utf-8")
    add = f"再加 --skills {bundled_skills_dir().resolve()}"
    for args in (
        ["play", "--skills", str(mine)],
        ["play", "--skills", str(mine), "--generals", "张三,曹操"],
        ["simulate", "--games", "1", "--skills", str(mine), "-o", str(tmp_path / "o.jsonl")],
    ):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and add in r.output, (args, r.output)
        _no_traceback(r)
    r = runner.invoke(app, ["play", "--skills", str(mine), "--skills", SKILLS, "--generals", "张三,曹操"])
    assert r.exit_code == 0 and add not in r.output
    r = runner.invoke(app, ["play", "--players", "11"])  # not a pool problem: no hint
    assert "再加 --skills" not in r.output
