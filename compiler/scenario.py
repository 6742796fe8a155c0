"""Run scenario files: set up a table, play the scripted choices, compare the end state.

Input: a :class:`~sgs.compiler.scenario_format.Scenario` (see that module and the
README's "Scenario files") and a compiled skill set, :class:`sgs.compiler.Pool`
(default: the bundled ``skills/``, compiled with :func:`sgs.compiler.load_pool`):
seats name its ``generals``, and the table is played with its ``equipment`` (the
compiled card declarations: no equipment effect is hand-written) and its
``card_effects`` (over the runtime's hand-written ones).  Output: a
:class:`ScenarioReport` listing every failed expectation with the actual value.

A scenario fails when: an expectation is not met; a scripted answer matches no legal
option (:class:`~sgs.runtime.agents.ScriptError`); scripted answers are left unused
(the game never asked what the author expected it to ask); or the card census is
broken.  Bad files raise :class:`ScenarioError`; the CLI prints them as messages.
"""

from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Iterable, Sequence

from sgs.runtime.agents import ScriptError, default_answer, match_answer
from sgs.runtime.decisions import Decision
from sgs.runtime.game import Game
from sgs.runtime.api import GeneralSpec
from sgs.runtime.cards import standard_deck
from sgs.runtime.game import CensusError
from sgs.runtime.legality import distance
from sgs.runtime.result import GameResult
from sgs.runtime.testing import SeatSpec, TableError, build_game, run_table
from sgs.runtime.timing import Phase

from .suggest import close_words
from .scenario_format import UNTIL_PHASE, Scenario, ScenarioError, Step, load_scenario

if TYPE_CHECKING:
    from . import Pool

__all__ = ["ScenarioReport", "collect_scenarios", "run_scenario", "run_scenario_file", "ScenarioError"]

#: a scenario that runs "until the game ends" stops after this many turns
MAX_TURNS = 500


@dataclass
class ScenarioReport:
    """``name``, ``path``, ``failures`` (one Chinese line each, naming expected and
    actual values), ``result`` (the final state, None if the table could not be
    played) and ``log`` (the game log as text)."""

    name: str
    path: str
    failures: list[str] = field(default_factory=list)
    result: GameResult | None = None
    log: str = ""

    @property
    def ok(self) -> bool:
        return not self.failures


@cache
def _bundled_pool() -> Pool:
    from sgs.compiler import load_pool

    return load_pool(None)


@cache
def _pool_with(extra: tuple[Path, ...]) -> Pool:
    from sgs.compiler import bundled_skill_paths, load_pool

    # a file of the bundled pool named again (skills/wind once it is bundled) is not loaded twice
    bundled = bundled_skill_paths()
    seen = {p.resolve() for p in bundled}
    files = [f for p in extra for f in (sorted(p.rglob("*.sgs")) if p.is_dir() else [p])]
    return load_pool([*bundled, *(f for f in files if f.resolve() not in seen)])


def collect_scenarios(paths: Iterable[Path]) -> list[Path]:
    """Expand directories to their ``*.toml`` files (sorted); keep files as given."""
    found: list[Path] = []
    for p in paths:
        if p.is_dir():
            found.extend(sorted(p.rglob("*.toml")))
        else:
            found.append(p)
    return found


class ScenarioAgent:
    """Plays one seat's scripted :class:`Step` list: checks each step's ``offered`` /
    ``not_offered`` against the decision's legal options (mismatches go to
    ``problems``), then answers like the runtime's ScriptedAgent; the default when the
    list runs out.  It reads only the decision: its seat's view is not looked at."""

    observes: ClassVar[bool] = True

    def __init__(self, seat: int, steps: Sequence[Step]) -> None:
        self.seat = seat
        self.queue: deque[Step] = deque(steps)
        self.problems: list[str] = []
        #: the decisions this seat was asked, by prompt (``asked`` in [expect.seat.N])
        self.asked: list[str] = []

    def choose(self, view: object, decision: Decision) -> list[int]:
        self.asked.append(decision.prompt)
        if not self.queue:
            return default_answer(decision)
        step = self.queue.popleft()
        labels = decision.labels()
        for lab in step.offered:
            if lab not in labels:
                self.problems.append(f"{self.seat}号位「{decision.prompt}」应提供「{lab}」，实际选项：{_listed(labels)}")
        for lab in step.not_offered:
            if lab in labels:
                self.problems.append(f"{self.seat}号位「{decision.prompt}」不应提供「{lab}」，实际选项：{_listed(labels)}")
        if step.answer is None:
            return default_answer(decision)
        return match_answer(decision, step.answer)


def _general(sc: Scenario, pool: Sequence[GeneralSpec], name: str, seat: int) -> GeneralSpec:
    for g in pool:
        if g.name == name:
            return g
    names = [g.name for g in pool]
    close = close_words(name, names)
    hint = f"（是否想写「{close[0]}」？）" if close else ""
    raise ScenarioError(sc.path, f"seats[{seat}].general", f"未知武将「{name}」{hint}；可用：{'、'.join(names)}")


def _ex_hint(sc: Scenario) -> str:
    """A hint when a table without ``ex = true`` names one of the 4 EX cards."""
    if sc.ex or sc.deck != "标准":
        return ""
    ex_labels = {c.label for c in standard_deck(True)} - {c.label for c in standard_deck(False)}
    used = [lab.partition("@")[0] for s in sc.seats for lab in (*s.hand, *s.equip, *s.judge, *s.on_general)] + list(sc.draw_pile_top)
    named = sorted({lab for lab in used if lab in ex_labels})
    if not named:
        return ""
    return f"（{'、'.join(named)} 是 EX 牌：在 [scenario] 中写 ex = true 以使用 108 张的牌堆）"


#: SeatSpec field → the scenario file's key
_SEAT_KEYS = {"general": "general", "hp": "hp", "hand": "hand", "equips": "equip", "judge": "judge", "on_general": "on_general"}


def _table_key(exc: TableError) -> str:
    """The scenario key a :class:`TableError` is about: ``seats[2].judge[0]``,
    ``draw_pile.top[1]``, or ``seats`` when it names no place."""
    index = f"[{exc.index}]" if exc.index is not None else ""
    if exc.seat is not None:
        key = _SEAT_KEYS.get(exc.field)
        return f"seats[{exc.seat}].{key}{index}" if key else f"seats[{exc.seat}]"
    if exc.field == "draw_pile":
        return f"draw_pile.top{index}"
    return "seats"


def _same_general_hint(exc: TableError) -> str:
    if exc.field != "general" or "已在" not in str(exc):
        return ""
    return "；要测试同一技能与自身的连锁（这不是身份局会发生的局面），在 [scenario] 中写 same_general = true"


def _multiset_diff(what: str, expected: Sequence[str], actual: Sequence[str]) -> str | None:
    if Counter(expected) == Counter(actual):
        return None
    return f"{what}：预期 [{'、'.join(sorted(expected))}]，实际 [{'、'.join(sorted(actual))}]"


def run_scenario(sc: Scenario, pool: Pool | None = None) -> ScenarioReport:
    """Play ``sc`` with the generals and equipment effects of ``pool`` (None: the
    bundled ``skills/``) and compare; raises :class:`ScenarioError` for a table that
    cannot be built (unknown general or card)."""
    if pool is None and sc.skills:
        from sgs.compiler import CompileError

        try:
            pool = _pool_with(sc.skills)
        except CompileError as exc:
            what = "；".join(d.message for d in exc.diagnostics[:3])
            raise ScenarioError(sc.path, "scenario.skills", f"编译不通过：{what}") from None
    pool = _bundled_pool() if pool is None else pool
    report = ScenarioReport(sc.name, sc.path)
    seats = [
        SeatSpec(
            _general(sc, pool.generals, s.general, i),
            role=s.role,
            hp=s.hp,
            max_hp=s.max_hp,
            hand=s.hand,
            equips=s.equip,
            judge=s.judge,
            agent=ScenarioAgent(i, s.choices),
            chained=s.chained,
            alive=s.alive,
            on_general=s.on_general,
        )
        for i, s in enumerate(sc.seats, start=1)
    ]
    try:
        game = build_game(
            seats,
            draw_pile=sc.draw_pile_top,
            current=sc.current,
            phase=Phase(sc.phase),
            seed=sc.seed,
            include_ex=sc.ex,
            deck_name=sc.deck,
            equipment=pool.equipment,
            card_effects=pool.card_effects,
            distinct_generals=not sc.same_general,
        )
    except TableError as exc:
        # the EX hint only for an error about a card's place (a general's error is not about cards)
        ex = _ex_hint(sc) if exc.field in ("hand", "equips", "judge", "on_general", "draw_pile", "discard_pile") else ""
        raise ScenarioError(sc.path, _table_key(exc), str(exc) + ex + _same_general_hint(exc)) from None
    _check_labels(sc, game)
    stop = UNTIL_PHASE.get(sc.until)
    turns = sc.turns if sc.turns is not None else (MAX_TURNS if sc.until == "游戏结束" else 1)
    try:
        result = run_table(game, turns=turns, until=Phase(stop) if stop is not None else None)
    except ScriptError as exc:
        report.failures.append(f"脚本答案不合法：{exc}")
        report.log = game.log.text()
        return report
    report.result = result
    report.log = result.log.text()
    if stop is not None and game.stop_after is not None and not game.over:
        report.failures.append(
            f"没有到达「{sc.until}」：{turns} 个回合内{stop}没有结束（被跳过？在 [scenario] 中写 turns = N 可多运行几个回合）"
        )
    try:
        game.check_card_census()
    except CensusError as exc:
        report.failures.append(f"牌的去向不守恒：{exc}")
    for agent in game.agents:
        if isinstance(agent, ScenarioAgent):
            report.failures.extend(agent.problems)
            if agent.queue:
                left = [st.answer or "（默认）" for st in agent.queue]
                report.failures.append(f"{agent.seat}号位 有未用到的脚本答案：{_listed(left)}（局面没有问到这些选择）")
    for agent in game.agents:
        if isinstance(agent, ScenarioAgent):
            se = sc.expect.seats.get(agent.seat)
            if se is not None and se.asked is not None and se.asked != bool(agent.asked):
                if se.asked:
                    report.failures.append(f"{agent.seat}号位 应被问到至少一次选择，实际一次也没有")
                else:
                    report.failures.append(f"{agent.seat}号位 不应被问到任何选择，实际被问到：{_listed(agent.asked)}")
    for src, dst, want in sc.expect.distances:
        a, b = game.players[src - 1], game.players[dst - 1]
        if not (a.alive and b.alive):
            gone = "、".join(f"{p.seat}号位" for p in (a, b) if not p.alive)
            report.failures.append(f"距离 {src}→{dst}：预期 {want}，但{gone}已阵亡（只在存活角色之间计算距离）")
            continue
        got = distance(game, a, b)
        if got != want:
            report.failures.append(f"距离 {src}→{dst}：预期 {want}，实际 {got}")
    _compare(sc, game.discard_pile, game.draw_pile, result, report)
    return report


def _listed(items: Iterable[str]) -> str:
    """Labels as the messages print them (杀♠7、闪♥2, in order), 无 when there are none."""
    return "、".join(items) or "无"


def _seats(seats: Iterable[int]) -> str:
    """Seats in order as 1号位、3号位, 无 when there are none."""
    return "、".join(f"{s}号位" for s in sorted(seats)) or "无"


def _check_labels(sc: Scenario, game: Game) -> None:
    """Refuse a label of ``discard_contains`` / ``discard_not_contains`` that names no
    card of the game's deck: a typo there would make "not contains" pass on nothing."""
    known = {c.label for c in game.deck}
    for key in ("discard_contains", "discard_not_contains"):
        for i, lab in enumerate(getattr(sc.expect, key)):
            if lab not in known:
                close = close_words(lab, sorted(known))
                hint = f"（是否想写「{close[0]}」？）" if close else ""
                raise ScenarioError(sc.path, f"expect.{key}[{i}]", f"牌堆里没有「{lab}」{hint}（写法如 杀♠7、闪♥2）")


def _compare(sc: Scenario, discard: Sequence[object], draw_pile: Sequence[object], result: GameResult, report: ScenarioReport) -> None:
    ex = sc.expect
    f = report.failures
    if ex.winner is not None:
        actual = result.winner or "无"
        if actual != ex.winner:
            f.append(f"胜者：预期 {ex.winner}，实际 {actual}")
    if ex.winners is not None and sorted(ex.winners) != sorted(result.winners):
        got = f"{_seats(result.winners)}（{result.winner}）" if result.winner is not None else "游戏未结束"
        f.append(f"获胜座位：预期 {_seats(ex.winners)}，实际 {got}")
    if ex.winner is None and ex.winners is None and sc.until == "游戏结束" and result.winner is None:
        f.append(f"游戏在 {MAX_TURNS} 个回合内没有结束")
    if ex.dead is not None:
        dead = sorted(p.seat for p in result.players if not p.alive)
        if dead != sorted(ex.dead):
            f.append(f"阵亡座位：预期 {_seats(ex.dead)}，实际 {_seats(dead)}")
    for seat, se in sorted(ex.seats.items()):
        p = result.player(seat)
        who = f"{seat}号位 {p.general}"
        for attr, label in (("hp", "体力"), ("max_hp", "体力上限")):
            want = getattr(se, attr)
            if want is not None and want != getattr(p, attr):
                f.append(f"{who} {label}：预期 {want}，实际 {getattr(p, attr)}")
        if se.face_down is not None and se.face_down != p.face_down:
            f.append(f"{who} 武将牌：预期{'叠置' if se.face_down else '平置'}，实际{'叠置' if p.face_down else '平置'}")
        if se.chained is not None and se.chained != p.chained:
            f.append(f"{who} 横置：预期 {'是' if se.chained else '否'}，实际 {'是' if p.chained else '否'}")
        if se.alive is not None and se.alive != p.alive:
            f.append(f"{who} 存活：预期 {'是' if se.alive else '否'}，实际 {'是' if p.alive else '否'}")
        if se.hand_count is not None and se.hand_count != len(p.hand):
            f.append(f"{who} 手牌数：预期 {se.hand_count}，实际 {len(p.hand)}（{'、'.join(p.hand)}）")
        for exp, act, label in ((se.hand, p.hand, "手牌"), (se.equip, p.equips, "装备区"), (se.judge, p.judge_area, "判定区"),
                               (se.on_general, p.on_general, "武将牌上的牌")):
            if exp is not None and (msg := _multiset_diff(f"{who} {label}", exp, act)):
                f.append(msg)
    if ex.discard is not None and (msg := _multiset_diff("弃牌堆", ex.discard, [getattr(c, "label") for c in discard])):
        f.append(msg)
    in_pile = Counter(getattr(c, "label") for c in discard)
    for lab, n in Counter(ex.discard_contains).items():
        if in_pile[lab] < n:
            f.append(f"弃牌堆应含 {lab}" + (f" {n} 张" if n > 1 else "") + f"，实际 [{'、'.join(sorted(in_pile.elements()))}]")
    for lab in dict.fromkeys(ex.discard_not_contains):
        if in_pile[lab]:
            f.append(f"弃牌堆不应含 {lab}，实际含有")
    if ex.draw_pile_top is not None:
        top = [getattr(c, "label") for c in reversed(draw_pile)][: len(ex.draw_pile_top)]
        if top != list(ex.draw_pile_top):
            f.append(f"牌堆顶：预期 {_listed(ex.draw_pile_top)}，实际 {_listed(top)}")
    lines = [e.text for e in result.log.entries]
    pos = 0
    for want in ex.events:
        while pos < len(lines) and want not in lines[pos]:
            pos += 1
        if pos == len(lines):
            f.append(f"事件顺序：在前一个预期事件之后没有找到含「{want}」的日志行")
            break
        pos += 1
    for banned in ex.absent_events:
        hit = next((ln for ln in lines if banned in ln), None)
        if hit is not None:
            f.append(f"不应出现的事件「{banned}」出现了：{hit}")


def run_scenario_file(path: Path, pool: Pool | None = None) -> ScenarioReport:
    """Load and run one file; a bad file becomes one failure line per problem, not an exception."""
    try:
        return run_scenario(load_scenario(path), pool)
    except ScenarioError as exc:
        return ScenarioReport(path.stem, str(path), [p.one() for p in exc.problems])
