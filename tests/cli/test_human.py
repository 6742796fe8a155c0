"""The terminal player (`sgs play --human SEAT`, :mod:`sgs.runtime.human`) and the
new `play` options (--players 2–10, --roles, --ex).  The human is driven through a
text stream: scripted answers, bad input re-asked, EOF ending the game cleanly."""

from __future__ import annotations

import io
import json
import random
import re

from rich.console import Console
from typer.testing import CliRunner

from sgs.compiler import load_pool
from sgs.compiler.cli import app
from sgs.runtime.agents import Agent, RandomAgent
from sgs.runtime.decisions import CANCEL, Decision, DecisionKind, Option
from sgs.runtime.human import HumanAgent, HumanQuit, parse_answer, redact
from sgs.runtime.modes.identity import setup_identity_game
from sgs.runtime.player import Role
from sgs.runtime.testing import SeatSpec, build_game, run_table
from sgs.runtime.timing import Phase

runner = CliRunner()


def human(seat: int, lines: str) -> tuple[HumanAgent, io.StringIO]:
    buf = io.StringIO()
    console = Console(file=buf, width=140, highlight=False, color_system=None, soft_wrap=True)
    return HumanAgent(seat, console=console, stdin=io.StringIO(lines)), buf


def decision(kind: DecisionKind, labels: list[str], lo: int = 1, hi: int = 1) -> Decision:
    p = build_game([SeatSpec("吕布", role="主公"), SeatSpec("吕布")]).players[0]
    return Decision(kind, p, "测试", tuple(Option(x) for x in labels), min=lo, max=hi)


# ---------------------------------------------------------------- parsing


def test_parse_numbers_commas_zero_and_labels() -> None:
    d = decision(DecisionKind.RESPOND, ["闪♥2", "八卦阵", CANCEL])
    assert parse_answer(d, "1") == [0]
    assert parse_answer(d, " 2 ") == [1]
    assert parse_answer(d, "0") == [2] and parse_answer(d, "") == [2]
    assert parse_answer(d, "闪♥2") == [0]
    assert parse_answer(d, "3") == "没有编号 3：请输入 1–2 之间的编号"
    assert parse_answer(d, "1 2") == "需要选择 1 项，你选了 2 项"
    assert parse_answer(d, "杀") == "无法识别「杀」：请输入选项编号（1–2），多选用空格或逗号分隔"
    m = decision(DecisionKind.CARDS, ["杀♠7", "闪♥2", "桃♥3", "杀♠7"], 2, 2)
    assert parse_answer(m, "1 3") == [0, 2]
    assert parse_answer(m, "1,4") == [0, 3]
    assert parse_answer(m, "3，1") == [2, 0]
    assert parse_answer(m, "杀♠7 杀♠7") == [0, 3]  # identical labels: first unpicked
    assert parse_answer(m, "1 1") == "编号 1 重复了"
    assert parse_answer(m, "2") == "需要选择 2 项，你选了 1 项"
    assert parse_answer(m, "0") == "这里不能取消，必须选择2项：请输入 1–4 之间的编号"
    assert parse_answer(m, "1 0") == "「0」（取消）不能和其他编号一起选"
    opt = decision(DecisionKind.CARDS, ["杀♠7", "闪♥2"], 0, 2)
    assert parse_answer(opt, "") == [] and parse_answer(opt, "2 1") == [1, 0]
    seats = decision(DecisionKind.TARGETS, ["3", "1"])
    assert parse_answer(seats, "1") == [0]  # numbers are option numbers, never seat labels
    assert parse_answer(seats, "3") == "没有编号 3：请输入 1–2 之间的编号"


# ---------------------------------------------------------------- scripted games


def test_human_lord_kills_the_rebel_after_bad_input() -> None:
    agent, buf = human(1, "x\n5\n1 2\n1\n1\n")
    g = build_game(
        [
            SeatSpec("吕布", role="主公", hand=["闪♥2", "杀♠7"], agent=agent),
            SeatSpec("貂蝉", role="反贼", hp=1),
            SeatSpec("甘宁", role="忠臣"),
        ],
        current=1,
        phase=Phase.PLAY,
        equipment=load_pool(None).equipment, card_effects=load_pool(None).card_effects,
    )
    r = run_table(g)
    agent.finish(g)
    out = buf.getvalue()
    assert (r.winner, r.winners) == ("主公", [1, 3])
    assert agent.asked == 2  # the play decision and the target
    # the first prompt: the table (roles hidden but the lord's), own hand, numbered options
    first = out[: out.index("> ")]
    assert re.search(r"│ 2\s+│ 貂蝉\s+│ ？\s+│ 1/3\s+│ 0 ", first)
    assert re.search(r"│ 3\s+│ 甘宁\s+│ ？\s+│ 4/4 ", first)
    assert re.search(r"│ 1\s+│ 吕布\s+│ 主公\s+│ 5/5\s+│ 2 .*│ 你 当前回合", first)
    assert "手牌（2）：闪♥2 杀♠7" in first
    assert "【出牌】出牌阶段：选择要使用的牌或技能\n  1. 杀♠7\n  0. 结束出牌\n" in first
    errors = re.findall(r"输入无效：(.*?)。请重新输入", out)
    assert errors == [
        "无法识别「x」：请输入选项编号（1–1），多选用空格或逗号分隔",
        "没有编号 5：请输入 1–1 之间的编号",
        "没有编号 2：请输入 1–1 之间的编号",
    ]
    assert "【选择目标】选择杀♠7的目标\n  1. 2号位 貂蝉（体力1/3 手牌0 距离1）\n" in out
    assert "1号位 吕布(主公) 使用 杀♠7 → 2号位 貂蝉" in out
    assert "2号位 貂蝉(反贼) 死亡，凶手是1号位 吕布(主公)" in out
    assert "游戏结束，主公获胜" in out
    assert "你赢了！（主公获胜）" in out
    assert re.search(r"│ 3\s+│ 甘宁\s+│ 忠臣 ", out[out.index("游戏结束") :])  # every role shown at the end


def test_human_discards_two_chosen_cards() -> None:
    agent, buf = human(2, "1\n1 1\n0\n2,4\n")
    g = build_game(
        [SeatSpec("吕布", role="主公"), SeatSpec("吕布", role="反贼", hp=2, hand=["杀♠7", "闪♥2", "桃♥3", "杀♠8"], agent=agent)],
        current=2,
        phase=Phase.DISCARD,
        equipment=load_pool(None).equipment, card_effects=load_pool(None).card_effects,
    )
    r = run_table(g)
    agent.show_log(g)
    out = buf.getvalue()
    assert r.player(2).hand == ("杀♠7", "桃♥3")
    assert "【选择牌】弃牌阶段：弃置2张手牌  [选择 2 项，多选用空格或逗号分隔]" in out
    assert re.findall(r"输入无效：(.*?)。请重新输入", out) == [
        "需要选择 2 项，你选了 1 项",
        "编号 1 重复了",
        "这里不能取消，必须选择2项：请输入 1–4 之间的编号",
    ]
    assert "弃置了闪♥2、杀♠8（弃牌阶段）" in out


def test_eof_raises_human_quit() -> None:
    agent, buf = human(1, "")
    g = build_game(
        [SeatSpec("吕布", role="主公", hand=["杀♠7"], agent=agent), SeatSpec("吕布", hp=1)],
        current=1,
        phase=Phase.PLAY,
        equipment=load_pool(None).equipment, card_effects=load_pool(None).card_effects,
    )
    try:
        g.run(max_turns=1)
    except HumanQuit as exc:
        assert str(exc) == "输入已结束（EOF）"
    else:
        raise AssertionError("EOF did not stop the game")
    assert "【出牌】" in buf.getvalue()


def test_log_hides_roles_until_death() -> None:
    pool = load_pool(None)
    agent, buf = human(3, "")
    agents: list[Agent] = [RandomAgent(), RandomAgent(), agent, RandomAgent(), RandomAgent()]
    g = setup_identity_game(
        pool.generals, 5, 11, agents=agents, generals=["曹操", "刘备", "关羽", "吕布", "貂蝉"], equipment=pool.equipment, card_effects=pool.card_effects
    )
    me = g.players[2]
    agent.show_log(g)
    out = buf.getvalue()
    assert "1号位 曹操(主公) 体力5/5 魏" in out
    assert f"3号位 关羽({me.role.value}) 体力4/4 蜀" in out  # own role
    assert "2号位 刘备 体力4/4 蜀" in out and "4号位 吕布 体力4/4 群" in out
    others = [p for p in g.players if p.seat not in (1, 3)]
    for p in others:
        assert f"{p.seat}号位 {p.general.name}({p.role.value})" not in out
    p = others[0]
    line = f"{g.tag(p)} 死亡"
    assert redact(g, line, me) == f"{p.seat}号位 {p.general.name} 死亡"
    p.alive = False
    p.role_revealed = True
    assert redact(g, line, me) == line


class Typist(io.StringIO):
    """A human at the keyboard: reads the options just printed and types an answer
    (sometimes nonsense first), from its own RNG."""

    def __init__(self, screen: io.StringIO, seed: int) -> None:
        super().__init__()
        self.screen = screen
        self.rng = random.Random(seed)
        self.typed = 0
        self.bad = 0

    def readline(self, size: int | None = -1) -> str:
        text = self.screen.getvalue()
        block = text[text.rindex("\n【") :]  # the last prompt (skill texts quote 【杀】 too)
        nums = [int(n) for n in re.findall(r"^  (\d+)\. ", block, re.M)]
        m = re.search(r"\[选择 (\d+)(?:–(\d+))? 项", block)
        lo = int(m.group(1)) if m else 1
        self.typed += 1
        if self.rng.random() < 0.05:
            self.bad += 1
            return "乱码\n"
        positive = [n for n in nums if n > 0]
        if 0 in nums and (lo == 0 or not positive or self.rng.random() < 0.3):
            return "0\n"
        k = max(lo, 1)
        return " ".join(map(str, self.rng.sample(positive, k))) + "\n"


def test_whole_games_typed_by_a_human() -> None:
    compiled = load_pool(None)
    pool = compiled.generals
    for n, seat, seed in ((2, 1, 1), (5, 3, 2), (10, 7, 3)):
        buf = io.StringIO()
        typist = Typist(buf, seed)
        agent = HumanAgent(seat, console=Console(file=buf, width=140, color_system=None), stdin=typist, generals=pool)
        agents: list[Agent] = [agent if i + 1 == seat else RandomAgent() for i in range(n)]
        g = setup_identity_game(pool, n, seed, agents=agents, equipment=compiled.equipment, card_effects=compiled.card_effects)
        g.run(max_turns=2000)
        agent.finish(g)
        out = buf.getvalue()
        assert g.over and g.winner in ("主公", "反贼", "内奸")
        assert typist.typed == agent.asked + out.count("输入无效")
        assert out.count("输入无效") == typist.bad  # exactly the nonsense was refused
        assert ("你赢了！" in out) == (seat in g.winners)
        assert ("你输了。" in out) == (seat not in g.winners)
        g.check_card_census()
        assert "Traceback" not in out


# ---------------------------------------------------------------- the CLI


def test_cli_human_bad_input_then_eof() -> None:
    r = runner.invoke(app, ["play", "--human", "1", "--generals", "曹操,吕布", "--seed", "1"], input="abc\n")
    assert r.exit_code == 1, r.output  # the game did not end (issue 11: a quit is not a success)
    assert isinstance(r.exception, SystemExit)
    out = r.output
    assert "身份局 2人（主公1 忠臣0 反贼1 内奸0），104张牌，种子 1" in out
    assert out.index("【出牌】出牌阶段：选择要使用的牌或技能") < out.index("输入无效：无法识别「abc」")
    assert out.rstrip().endswith("输入已结束（EOF），对局中止。")
    assert "Traceback" not in out


def test_cli_human_eof_while_choosing_a_general() -> None:
    r = runner.invoke(app, ["play", "--human", "2", "--players", "4", "--seed", "3"], input="")
    assert r.exit_code == 1 and isinstance(r.exception, SystemExit)
    assert "【选择一项】选择武将" in r.output
    assert r.output.rstrip().endswith("输入已结束（EOF），对局中止。")


def test_cli_human_quit_and_bad_seat() -> None:
    r = runner.invoke(app, ["play", "--human", "1", "--players", "3", "--seed", "3"], input="q\n")
    assert r.exit_code == 1 and r.output.rstrip().endswith("你退出了对局，对局中止。")
    r = runner.invoke(app, ["play", "--human", "5", "--players", "4"])
    assert r.exit_code == 2 and "--human 应为 1 到 4 之间的座次，而不是 5" in r.output


def test_cli_ten_players_ex_and_alternative_roles() -> None:
    r = runner.invoke(app, ["play", "--players", "10", "--seed", "4", "--log", "json"])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.output.splitlines()]
    assert lines[0]["players"] == 10 and lines[0]["roles"] == [3, 4, 2] and lines[0]["deck"] == 104
    assert len([x for x in lines if x["kind"] == "选将" and "general" in x]) == 10
    assert lines[-1]["kind"] == "游戏结束"
    r = runner.invoke(app, ["play", "--players", "8", "--roles", "alt", "--ex", "--seed", "2", "--log", "json"])
    assert r.exit_code == 0, r.output
    first = json.loads(r.output.splitlines()[0])
    assert (first["roles"], first["deck"], first["ex"]) == ([2, 3, 2], 108, True)
    r = runner.invoke(app, ["play", "--players", "2", "--generals", "曹操,吕布"])
    assert r.exit_code == 0 and "游戏结束" in r.output.splitlines()[-1]
    r = runner.invoke(app, ["play", "--players", "5", "--roles", "alt"])
    assert r.exit_code == 2 and "5 人局没有备选身份配置" in r.output


def test_roles_of_cli_games() -> None:
    r = runner.invoke(app, ["play", "--players", "6", "--roles", "1/2/2", "--seed", "5", "--log", "json"])
    picks = [json.loads(x) for x in r.output.splitlines() if '"kind": "死亡"' in x]
    assert all(p["role"] in {x.value for x in Role} for p in picks)
    assert json.loads(r.output.splitlines()[0])["roles"] == [1, 2, 2]
