"""The scenario file format: a table set up by hand, scripted choices, the expected end.

A scenario is a TOML file (``tests/scenarios/**/*.toml``, or any file given to
``sgs scenario``).  Designers test a general by setting up a table, not by playing
random games; the format is documented in README.md ("Scenario files").  This module
only reads and validates the file into :class:`Scenario`; running it is
:mod:`sgs.compiler.scenario`.

``[scenario]`` keys: ``name``, ``mode`` (身份), ``seed``, ``current`` (seat whose turn
it is), ``phase`` (the phase it starts at), ``until`` (回合结束 / 游戏结束, or a phase's
end, ``摸牌阶段结束``: the game stops right after the first such phase ends, its
结束时 window included; :data:`UNTIL_PHASE`), ``turns``,
and ``ex`` (bool, default false): true plays with the 108-card deck, the 104 标准版
cards plus the 4 EX cards 寒冰剑♠2, 仁王盾♣2, 闪电♥Q, 无懈可击♦Q (package EX in
``runtime/data/cards_standard.tsv``); without it those cards are unknown labels;
``deck`` (``标准`` by default, or ``军争``: the 160-card deck, 标准版 + EX + the 52 军争
cards of ``runtime/data/cards_maneuvering.tsv``, ``ex`` implied);
``same_general`` (bool, default false): true lets two seats play the same general —
a position identity mode never deals, refused otherwise — for testing how one
skill chains with itself (流离 → 流离); ``skills`` (array of paths, relative to the
scenario file): more ``.sgs`` files or folders compiled beside the bundled pool, for
generals not in it (a package of one's own; ``skills/wind`` while it is marked
NOT_IN_POOL).

``[[seats]]`` may say ``alive = false`` (dead before the start) and ``on_general`` (cards
on the general card at the start: ``["杀♠5@不屈", …]``, see :class:`SeatSetup`); ``[expect]`` has
``winners`` (seats), ``discard_contains`` / ``discard_not_contains``, ``[expect.distance]``
(``"1-3" = 2``) and ``[expect.seat.N] asked`` (see :class:`Expectation`).

Errors: :class:`ScenarioError` with the file and the key path (``seats[2].hand[0]``),
what was expected and, for names, a suggestion.  Never a traceback for a bad file.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from .suggest import close_words

T = TypeVar("T")

PHASES = ("回合开始阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "回合结束阶段")
ROLES = ("主公", "忠臣", "反贼", "内奸")
#: ``until = "<阶段>结束"``: stop when that phase first ends → the phase's name
UNTIL_PHASE = {f"{ph}结束": ph for ph in PHASES}
UNTIL = ("回合结束", "游戏结束", *UNTIL_PHASE)
#: the decks a scenario may name (sgs.runtime.cards.DECKS; kept here so reading a file
#: imports no runtime)
DECKS = ("标准", "军争")


class ScenarioError(Exception):
    """A scenario file that cannot be read: ``path: key: message``.  The first problem
    of the file; ``more`` holds the file's other problems (a file is read to its end, so
    the designer sees them all at once), ``problems`` all of them in file order."""

    def __init__(self, path: str, key: str, message: str, line: int | None = None, col: int | None = None) -> None:
        self.path, self.key, self.message, self.line, self.col = path, key, message, line, col
        self.more: tuple[ScenarioError, ...] = ()
        super().__init__(self.one())

    def one(self) -> str:
        """This problem alone, as one line (or a TOML error with its source line)."""
        at = f"{self.path}:{self.line}:{self.col}" if self.line is not None else self.path
        where = f"{at}: {self.key}: " if self.key else f"{at}: "
        return where + self.message

    @property
    def problems(self) -> tuple[ScenarioError, ...]:
        return (self, *self.more)

    def __str__(self) -> str:
        return "\n".join(p.one() for p in self.problems)


@dataclass(frozen=True)
class Step:
    """One scripted decision: ``answer`` (option labels joined by ``,``; None = take
    the default), and assertions on the options that decision offers: every label of
    ``offered`` must be among them, none of ``not_offered``.  Written in a file as a
    label, an array of labels (several picks), or an inline table
    ``{ answer = "结束出牌", not_offered = ["制衡"] }``."""

    answer: str | None
    offered: tuple[str, ...] = ()
    not_offered: tuple[str, ...] = ()


@dataclass(frozen=True)
class SeatSetup:
    """One seat: ``general`` (Chinese name), ``role`` (主公/忠臣/反贼/内奸),
    ``hp``/``max_hp`` (None = the general's printed values, lord +1), card labels
    (``杀♠7``) for ``hand``, ``equip`` and ``judge`` (judge area, in placement order),
    and ``choices``: the scripted answers, in order, as option labels."""

    general: str
    role: str
    hp: int | None
    max_hp: int | None
    hand: tuple[str, ...]
    equip: tuple[str, ...]
    judge: tuple[str, ...]
    choices: tuple[Step, ...]
    #: 横置 at the start (铁索连环; 军争)
    chained: bool = False
    #: False: dead before the game starts (no cards, never asked; his role is known)
    alive: bool = True
    #: cards on the general card at the start (武将牌上: 不屈's pile, 屯田-like piles), as
    #: labels; ``杀♠5@不屈`` names the pile (the skill that keeps it), a bare label goes on
    #: the pile of the general's only skill.  Below 1 hp they are the cards that stand for
    #: the hp below 1 (不屈: a recovery gives them back), one per point: ``hp`` may then be
    #: as low as ``1 - len(on_general)``
    on_general: tuple[str, ...] = ()


@dataclass(frozen=True)
class SeatExpectation:
    """Expected end state of one seat; ``None`` fields are not checked.  ``hand`` and
    ``equip`` compare as multisets of card labels (order-free)."""

    hp: int | None = None
    max_hp: int | None = None
    hand: tuple[str, ...] | None = None
    hand_count: int | None = None
    equip: tuple[str, ...] | None = None
    judge: tuple[str, ...] | None = None
    alive: bool | None = None
    #: the general card is face down (叠置) at the end
    face_down: bool | None = None
    chained: bool | None = None
    #: False: the seat was never asked a decision; True: asked at least once
    asked: bool | None = None
    #: the cards on the general card (武将牌上: 不屈's pile), as a multiset of labels
    on_general: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Expectation:
    """``winner`` (a role, ``主公`` side is written 主公), ``winners`` (the winning seats,
    in any order), ``dead`` (seat numbers), per-seat expectations keyed by seat number
    (1-based), ``events``: log lines that must occur in this order (each a substring
    of one line; others may come between), ``discard`` / ``draw_pile_top`` card
    labels, ``discard_contains`` / ``discard_not_contains`` (labels the discard pile
    must hold — as a multiset — or must not hold), and ``distances``: (from seat, to
    seat, distance) triples, written ``distance = { "1-3" = 2 }``."""

    winner: str | None = None
    dead: tuple[int, ...] | None = None
    seats: dict[int, SeatExpectation] = field(default_factory=dict)
    events: tuple[str, ...] = ()
    absent_events: tuple[str, ...] = ()
    discard: tuple[str, ...] | None = None
    draw_pile_top: tuple[str, ...] | None = None
    winners: tuple[int, ...] | None = None
    discard_contains: tuple[str, ...] = ()
    discard_not_contains: tuple[str, ...] = ()
    distances: tuple[tuple[int, int, int], ...] = ()


@dataclass(frozen=True)
class Scenario:
    """A whole scenario file; ``path`` is where it came from (for messages)."""

    path: str
    name: str
    mode: str
    seed: int
    seats: tuple[SeatSetup, ...]
    current: int
    phase: str
    until: str
    turns: int | None
    draw_pile_top: tuple[str, ...]
    expect: Expectation
    ex: bool = False
    deck: str = "标准"
    same_general: bool = False
    #: more .sgs files or folders compiled beside the bundled pool (resolved paths)
    skills: tuple[Path, ...] = ()


def _suggest(word: str, choices: tuple[str, ...] | list[str]) -> str:
    close = close_words(word, choices, meaning=True)
    return f"（是否想写「{close[0]}」？）" if close else ""


class _Reader:
    """Typed access to the parsed TOML with key paths for error messages."""

    def __init__(self, path: str) -> None:
        self.path = path
        #: every problem found so far (the file is read to its end; see :meth:`collect`)
        self.problems: list[ScenarioError] = []

    def fail(self, key: str, message: str) -> ScenarioError:
        return ScenarioError(self.path, key, message)

    @contextmanager
    def collect(self) -> Iterator[None]:
        """One independent check: its problem is kept and reading goes on."""
        try:
            yield
        except ScenarioError as exc:
            self.problems.append(exc)

    def get(self, read: Callable[[], T], default: T) -> T:
        """``read()``, or ``default`` with its problem kept."""
        with self.collect():
            return read()
        return default

    def opt(self, read: Callable[[], T | None]) -> T | None:
        """``read()`` of an optional value, or None with its problem kept."""
        with self.collect():
            return read()
        return None

    def table(self, data: Any, key: str) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise self.fail(key, f"应为表（table），实际是{toml_kind(data)}")
        return data

    def known_keys(self, data: dict[str, Any], key: str, allowed: tuple[str, ...]) -> None:
        """Every unknown key of ``data`` is a problem of its own (kept, not raised)."""
        for k in data:
            if k not in allowed:
                self.problems.append(
                    self.fail(f"{key}.{k}" if key else k, f"未知的键{_suggest(k, allowed)}；可用：{'、'.join(allowed)}")
                )

    def string(self, data: dict[str, Any], key: str, where: str, default: str | None = None) -> str:
        v = data.get(key, default)
        if not isinstance(v, str):
            raise self.fail(f"{where}.{key}" if where else key, "应为字符串" if key in data else "缺少此项")
        return v

    def opt_int(self, data: dict[str, Any], key: str, where: str) -> int | None:
        v = data.get(key)
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            raise self.fail(f"{where}.{key}", "应为整数")
        return v

    def seat_list(self, data: dict[str, Any], key: str, where: str, n: int) -> tuple[int, ...] | None:
        """An array of distinct seat numbers 1..n (None when absent)."""
        v = data.get(key)
        if v is None:
            return None
        if not isinstance(v, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in v):
            raise self.fail(f"{where}.{key}", f"应为座位号数组，例如 [2, 4]，实际是 {toml_text(v)}")
        for d in v:
            if not 1 <= d <= n:
                raise self.fail(f"{where}.{key}", f"座位号应在 1 到 {n} 之间，实际有 {d}")
        if len(set(v)) != len(v):
            raise self.fail(f"{where}.{key}", f"座位号重复：{v}")
        return tuple(v)

    def boolean(self, data: dict[str, Any], key: str, where: str, default: bool) -> bool:
        v = data.get(key, default)
        if not isinstance(v, bool):
            raise self.fail(f"{where}.{key}", f"应为 true 或 false，实际是 {toml_text(v)}")
        return v

    def labels(self, data: dict[str, Any], key: str, where: str) -> tuple[str, ...] | None:
        v = data.get(key)
        if v is None:
            return None
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            raise self.fail(f"{where}.{key}", "应为字符串数组，例如 [\"杀♠7\", \"闪♥2\"]")
        return tuple(v)


def _no_table() -> dict[str, Any]:
    """The stand-in for a table with a problem (its problem is kept already)."""
    return {}


def _choices(r: _Reader, data: dict[str, Any], where: str) -> tuple[Step, ...]:
    raw = data.get("choices", [])
    if not isinstance(raw, list):
        raise r.fail(f"{where}.choices", "应为数组：每项是一个选项标签，或一组标签（多选）")
    out: list[Step] = []
    for i, c in enumerate(raw):
        key = f"{where}.choices[{i}]"
        if isinstance(c, str):
            out.append(Step(c))
        elif isinstance(c, list) and all(isinstance(x, str) for x in c):
            out.append(Step(",".join(c)))
        elif isinstance(c, dict):
            r.known_keys(c, key, ("answer", "offered", "not_offered"))
            answer = c.get("answer")
            if isinstance(answer, list) and all(isinstance(x, str) for x in answer):
                answer = ",".join(answer)
            if answer is not None and not isinstance(answer, str):
                raise r.fail(f"{key}.answer", "应为选项标签或标签数组（省略则取默认）")
            out.append(Step(answer, r.labels(c, "offered", key) or (), r.labels(c, "not_offered", key) or ()))
        else:
            raise r.fail(key, "应为选项标签（字符串）、标签数组，或 { answer = …, not_offered = […] }")
    return tuple(out)


#: tomllib's messages (CPython 3.11–3.13 ``tomllib/_parser.py``) → Chinese; ``{x}`` is the
#: quoted part of the English message
_TOML_MESSAGES: tuple[tuple[str, str], ...] = (
    (r"Expected '=' after a key in a key/value pair", "键后面应有 “=”（写成 键 = 值）"),
    (r"Expected '\]' at the end of a table declaration", "表头缺少结尾的 “]”（写成 [表名]）"),
    (r"Expected '\]\]' at the end of an array declaration", "表数组的表头缺少结尾的 “]]”（写成 [[表名]]）"),
    (r"Expected (?P<x>.+)", "这里应有 {x}"),
    (r"Cannot declare (?P<x>.+) twice", "{x} 声明了两次"),
    (r"Cannot (?:mutate immutable namespace|redefine namespace) (?P<x>.+)", "不能再次定义 {x}"),
    (r"Cannot overwrite a value", "同一个键写了两次"),
    (r"Duplicate inline table key (?P<x>.+)", "行内表里的键 {x} 写了两次"),
    (r"Unterminated string", "字符串没有结束（缺少结尾的引号）"),
    (r"Unclosed array", "数组没有结束（缺少 “]”）"),
    (r"Unclosed inline table", "行内表没有结束（缺少 “}}”）"),
    (r"Illegal character (?P<x>.+)", "非法字符 {x}（字符串不能跨行，要换行请写 \\n 或用三引号）"),
    (r"Found invalid character (?P<x>.+)", "无效字符 {x}"),
    (r"Invalid initial character for a key part", "键的开头字符无效（含中文等字符的键要加引号）"),
    (r"Invalid value", "值无效（字符串要加引号，数组写成 [...]）"),
    (r"Invalid statement", "无法识别的语句（应为 键 = 值、[表] 或 [[表数组]]）"),
    (r"Invalid date or datetime", "日期或时间无效"),
    (r"Invalid hex value|Escaped character is not a Unicode scalar value", "转义字符无效"),
    (r"Unescaped '\\' in a string", "字符串里的 “\\” 没有转义（写成 \\\\）"),
)
_TOML_AT = re.compile(r"^(?P<msg>.*?) \(at (?:line (?P<line>\d+), column (?P<col>\d+)|end of document)\)$", re.S)


def toml_error(text: str, exc: Exception) -> tuple[int | None, int | None, str]:
    """A TOML syntax error in Chinese: its line and column (1-based; None at the end of
    the document) and the message with the line itself under a caret, e.g.
    ``(1, 10, "TOML 语法错误：表头缺少结尾的 “]”（写成 [表名]）\\n    [scenario\\n    ^")``.

    tomllib words its errors in English with a ``(at line L, column C)`` suffix; the
    message is matched against :data:`_TOML_MESSAGES` (an unknown one is kept in
    parentheses so nothing is lost)."""
    said = str(exc)
    m = _TOML_AT.match(said)
    msg = m.group("msg") if m else said
    zh = next(
        (template.format(**{k: _key_path(v) for k, v in mm.groupdict().items()})
         for pattern, template in _TOML_MESSAGES if (mm := re.fullmatch(pattern, msg))),
        f"（{msg}）",
    )
    if m is None or m.group("line") is None:
        return None, None, f"TOML 语法错误（在文件末尾）：{zh}"
    line, col = int(m.group("line")), int(m.group("col"))
    lines = text.splitlines()
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    caret = "".join("　" if ord(ch) > 0x2E7F else " " for ch in source[: col - 1]) + "^"
    return line, col, f"TOML 语法错误：{zh}\n    {source}\n    {caret}"


def _key_path(said: str) -> str:
    """tomllib names a key path as a Python tuple (``('seats',)``); the designer wrote
    it as TOML does (``seats``, ``expect.seat``)."""
    try:
        path = ast.literal_eval(said)
    except (ValueError, SyntaxError):
        return said
    if isinstance(path, tuple) and path and all(isinstance(p, str) for p in path):
        return ".".join(path)
    return said


def toml_text(value: object) -> str:
    """``value`` written as TOML writes it (``["2"]``, ``true``, ``"一"``), for messages
    that quote what the file said — not Python's repr (``['2']``, ``True``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_text(v)}" for k, v in value.items()) + " }"
    return str(value)


def toml_kind(value: object) -> str:
    """What a TOML value is, in Chinese (for “应为…，实际是…”)."""
    kinds: tuple[tuple[type, str], ...] = (
        (bool, "真假值"), (int, "整数"), (float, "小数"), (str, "字符串"), (list, "数组"), (dict, "表"),
    )
    return next((f"{word} {toml_text(value)}" if word != "表" else word for cls, word in kinds if isinstance(value, cls)), type(value).__name__)


def parse_scenario(text: str, path: str = "<scenario>") -> Scenario:
    """Parse scenario TOML ``text``; raises :class:`ScenarioError` on any problem — the
    first, with every other problem of the file in ``more`` (each check reads on past a
    problem; only a TOML syntax error stops the reading)."""
    r = _Reader(path)
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, col, message = toml_error(text, exc)
        raise ScenarioError(path, "", message, line, col) from None
    scenario = _scenario(r, doc, path)
    if r.problems:
        first, *rest = r.problems
        first.more = tuple(rest)
        raise first
    return scenario


def _scenario(r: _Reader, doc: dict[str, Any], path: str) -> Scenario:
    """The file's scenario; a value with a problem is replaced by its default (the
    problem is in ``r.problems`` and the caller discards the result)."""
    r.known_keys(doc, "", ("scenario", "seats", "draw_pile", "expect"))
    head = r.get(lambda: r.table(doc.get("scenario", {}), "scenario"), _no_table())
    r.known_keys(head, "scenario", ("name", "mode", "seed", "current", "phase", "until", "turns", "ex", "deck", "same_general", "skills"))
    name = r.get(lambda: r.string(head, "name", "scenario", default=Path(path).stem), Path(path).stem)
    mode = r.get(lambda: r.string(head, "mode", "scenario", default="身份"), "身份")
    if mode != "身份":
        r.problems.append(r.fail("scenario.mode", f"暂只支持「身份」局，实际是「{mode}」"))
    seed = r.opt(lambda: r.opt_int(head, "seed", "scenario")) or 0
    if seed < 0:  # random.Random(-n) is random.Random(n): a negative seed would silently repeat another
        r.problems.append(r.fail("scenario.seed", f"应为非负整数（0 或更大），而不是 {seed}"))
    phase = r.get(lambda: r.string(head, "phase", "scenario", default="回合开始阶段"), "回合开始阶段")
    if phase not in PHASES:
        r.problems.append(r.fail("scenario.phase", f"未知阶段「{phase}」{_suggest(phase, PHASES)}；可用：{'、'.join(PHASES)}"))
    until = r.get(lambda: r.string(head, "until", "scenario", default="回合结束"), "回合结束")
    if until not in UNTIL:
        r.problems.append(r.fail(
            "scenario.until",
            f"应为 回合结束、游戏结束，或某阶段结束（{'、'.join(UNTIL_PHASE)}），实际是「{until}」{_suggest(until, UNTIL)}",
        ))
    with_ex = r.get(lambda: r.boolean(head, "ex", "scenario", default=False), False)
    deck = r.get(lambda: r.string(head, "deck", "scenario", default="标准"), "标准")
    if deck not in DECKS:
        r.problems.append(r.fail("scenario.deck", f"未知牌堆「{deck}」{_suggest(deck, tuple(DECKS))}；可用：{'、'.join(DECKS)}"))
    same_general = r.get(lambda: r.boolean(head, "same_general", "scenario", default=False), False)
    turns = r.opt(lambda: r.opt_int(head, "turns", "scenario"))
    extra = r.opt(lambda: r.labels(head, "skills", "scenario")) or ()
    skills = tuple((Path(path).parent / e).resolve() for e in extra)
    for e, full in zip(extra, skills):
        if not full.exists():
            r.problems.append(r.fail("scenario.skills", f"找不到「{e}」（相对于场景文件所在的目录）"))
    if turns is not None and not 1 <= turns <= 500:
        r.problems.append(r.fail("scenario.turns", "应为 1 到 500 之间的整数（运行的回合数）"))

    raw_seats = doc.get("seats")
    seats: list[SeatSetup] = []
    if not isinstance(raw_seats, list) or not 2 <= len(raw_seats) <= 10:
        r.problems.append(r.fail("seats", "应有 2 到 10 个 [[seats]] 表"))
    else:
        seats = [_seat(r, s, f"seats[{i}]") for i, s in enumerate(raw_seats, start=1)]
    if seats and sum(s.role == "主公" for s in seats) != 1:
        r.problems.append(r.fail("seats", "身份局须恰有一名主公"))
    if seats and sum(st.alive for st in seats) < 2:
        r.problems.append(r.fail("seats", "开局时至少要有 2 名存活角色"))
    # seat numbers are checked against the seats there are (all 10 allowed when the
    # seats themselves have a problem: that one is reported already)
    n = len(seats) or 10
    given = r.opt(lambda: r.opt_int(head, "current", "scenario"))
    current = 1 if given is None else given
    if not 1 <= current <= n:
        r.problems.append(r.fail("scenario.current", f"座位号应在 1 到 {n} 之间"))
    elif seats and not seats[current - 1].alive:
        r.problems.append(r.fail("scenario.current", f"{current}号位开局前已阵亡（alive = false），不能是当前回合角色"))

    pile = r.get(lambda: r.table(doc.get("draw_pile", {}), "draw_pile"), _no_table())
    r.known_keys(pile, "draw_pile", ("top",))
    top = r.opt(lambda: r.labels(pile, "top", "draw_pile")) or ()
    return Scenario(
        path=path,
        name=name,
        mode=mode,
        seed=seed,
        seats=tuple(seats),
        current=current,
        phase=phase,
        until=until,
        turns=turns,
        draw_pile_top=top,
        expect=_expectation(r, doc, n),
        ex=with_ex,
        deck=deck,
        same_general=same_general,
        skills=skills,
    )


def _seat(r: _Reader, raw: object, where: str) -> SeatSetup:
    """One ``[[seats]]`` table; each of its problems is kept in ``r``."""
    s = r.get(lambda: r.table(raw, where), _no_table())
    r.known_keys(s, where, ("general", "role", "hp", "max_hp", "hand", "equip", "judge", "on_general", "choices", "chained",
                            "alive"))
    alive = r.get(lambda: r.boolean(s, "alive", where, default=True), True)
    if not alive and s.get("role") == "主公":
        r.problems.append(r.fail(f"{where}.alive", "主公开局前已阵亡，游戏已经结束；只有其他角色可以写 alive = false"))
    if not alive:
        # a seat dead before the start: nothing of his is on the table, no one asks him
        for key in ("hp", "hand", "equip", "judge", "on_general", "choices", "chained"):
            if key in s:
                r.problems.append(r.fail(f"{where}.{key}", f"alive = false 的角色开局前已阵亡，不能写 {key}"))
    hp = r.opt(lambda: r.opt_int(s, "hp", where))
    max_hp = r.opt(lambda: r.opt_int(s, "max_hp", where))
    on_general = r.opt(lambda: r.labels(s, "on_general", where)) or ()
    # below 1 hp only with a card on the general card for each point below 1 (不屈)
    lowest = 1 - len(on_general)
    for key, amount, low in (("hp", hp, lowest), ("max_hp", max_hp, 1)):
        if amount is not None and not low <= amount <= 20:
            why = ""
            if key == "hp" and amount < low:
                why = (f"（武将牌上有 {len(on_general)} 张牌，体力最低为 {low}）" if on_general
                       else "；体力低于1须在 on_general 中有同样多的牌（不屈：每张代表低于1的1点体力）")
            r.problems.append(r.fail(f"{where}.{key}", f"应在 {low} 到 20 之间，实际是 {amount}{why}"))
    if hp is not None and max_hp is not None and hp > max_hp:
        r.problems.append(r.fail(f"{where}.hp", f"体力 {hp} 超过了体力上限 {max_hp}"))
    role = r.get(lambda: r.string(s, "role", where), "")
    if role and role not in ROLES:
        r.problems.append(r.fail(f"{where}.role", f"未知身份「{role}」{_suggest(role, ROLES)}；可用：{'、'.join(ROLES)}"))
    return SeatSetup(
        general=r.get(lambda: r.string(s, "general", where), ""),
        role=role,
        hp=hp,
        max_hp=max_hp,
        hand=r.opt(lambda: r.labels(s, "hand", where)) or (),
        equip=r.opt(lambda: r.labels(s, "equip", where)) or (),
        judge=r.opt(lambda: r.labels(s, "judge", where)) or (),
        choices=r.get(lambda: _choices(r, s, where), ()),
        chained=r.get(lambda: r.boolean(s, "chained", where, default=False), False),
        alive=alive,
        on_general=on_general,
    )


def _expectation(r: _Reader, doc: dict[str, Any], n: int) -> Expectation:
    """``[expect]`` for a table of ``n`` seats; each problem is kept in ``r``."""
    ex = r.get(lambda: r.table(doc.get("expect", {}), "expect"), _no_table())
    r.known_keys(
        ex,
        "expect",
        (
            "winner", "winners", "dead", "events", "absent_events", "discard", "discard_contains",
            "discard_not_contains", "draw_pile_top", "distance", "seat",
        ),
    )
    winner = ex.get("winner")
    if winner is not None and winner not in ROLES + ("无",):
        r.problems.append(r.fail("expect.winner", f"应为 主公、反贼、内奸 或 无（未结束）{_suggest(str(winner), ROLES)}"))
    dead = r.opt(lambda: r.seat_list(ex, "dead", "expect", n))
    winners = r.opt(lambda: r.seat_list(ex, "winners", "expect", n))
    if winners is not None and not winners:
        r.problems.append(r.fail("expect.winners", "应列出获胜的座位号；游戏未结束写 winner = \"无\""))
    distances: list[tuple[int, int, int]] = []
    for k, v in r.get(lambda: r.table(ex.get("distance", {}), "expect.distance"), _no_table()).items():
        with r.collect():
            distances.append(_distance(r, f"expect.distance.{k}", k, v, n))
    seat_ex: dict[int, SeatExpectation] = {}
    for k, v in r.get(lambda: r.table(ex.get("seat", {}), "expect.seat"), _no_table()).items():
        where = f"expect.seat.{k}"
        if not k.isdigit() or not 1 <= int(k) <= n:
            r.problems.append(r.fail(where, f"座位号应在 1 到 {n} 之间"))
            continue
        seat_ex[int(k)] = _seat_expectation(r, v, where)
    return Expectation(
        winner=winner,
        dead=tuple(dead) if dead is not None else None,
        seats=seat_ex,
        events=r.opt(lambda: r.labels(ex, "events", "expect")) or (),
        absent_events=r.opt(lambda: r.labels(ex, "absent_events", "expect")) or (),
        discard=r.opt(lambda: r.labels(ex, "discard", "expect")),
        draw_pile_top=r.opt(lambda: r.labels(ex, "draw_pile_top", "expect")),
        winners=winners,
        discard_contains=r.opt(lambda: r.labels(ex, "discard_contains", "expect")) or (),
        discard_not_contains=r.opt(lambda: r.labels(ex, "discard_not_contains", "expect")) or (),
        distances=tuple(distances),
    )


def _distance(r: _Reader, where: str, key: str, value: object, n: int) -> tuple[int, int, int]:
    """One ``"1-3" = 2`` of ``[expect.distance]``; raises its problem."""
    a, sep, b = key.partition("-")
    if not (sep and a.strip().isdigit() and b.strip().isdigit()):
        raise r.fail(where, "键应为“起点座位-终点座位”，例如 \"1-3\" = 2（1号位到3号位的距离）")
    src, dst = int(a), int(b)
    for seat in (src, dst):
        if not 1 <= seat <= n:
            raise r.fail(where, f"座位号应在 1 到 {n} 之间，实际有 {seat}")
    if src == dst:
        raise r.fail(where, "起点与终点是同一座位（与自己的距离不计算）")
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise r.fail(where, f"应为正整数（距离至少为 1），实际是 {toml_text(value)}")
    return src, dst, value


def _seat_expectation(r: _Reader, raw: object, where: str) -> SeatExpectation:
    """One ``[expect.seat.N]``; each of its problems is kept in ``r``."""
    v = r.get(lambda: r.table(raw, where), _no_table())
    r.known_keys(
        v, where, ("hp", "max_hp", "hand", "hand_count", "equip", "judge", "alive", "face_down", "chained", "asked",
                   "on_general")
    )
    alive_at_end = v.get("alive")
    if alive_at_end is not None and not isinstance(alive_at_end, bool):
        r.problems.append(r.fail(f"{where}.alive", "应为 true 或 false"))
        alive_at_end = None
    face_down = v.get("face_down")
    if face_down is not None and not isinstance(face_down, bool):
        r.problems.append(r.fail(f"{where}.face_down", "应为 true 或 false"))
        face_down = None
    return SeatExpectation(
        hp=r.opt(lambda: r.opt_int(v, "hp", where)),
        max_hp=r.opt(lambda: r.opt_int(v, "max_hp", where)),
        hand=r.opt(lambda: r.labels(v, "hand", where)),
        hand_count=r.opt(lambda: r.opt_int(v, "hand_count", where)),
        equip=r.opt(lambda: r.labels(v, "equip", where)),
        judge=r.opt(lambda: r.labels(v, "judge", where)),
        alive=alive_at_end,
        face_down=face_down,
        chained=r.get(lambda: r.boolean(v, "chained", where, default=False), False) if "chained" in v else None,
        asked=r.get(lambda: r.boolean(v, "asked", where, default=False), False) if "asked" in v else None,
        on_general=r.opt(lambda: r.labels(v, "on_general", where)),
    )


def utf8_error_position(data: bytes, exc: UnicodeDecodeError) -> tuple[int, int, str]:
    """Where ``data`` stops being UTF-8: (line, column — 1-based, in characters — and
    the offending bytes as hex, e.g. ``0xff``)."""
    start = exc.start
    line_start = data.rfind(b"\n", 0, start) + 1
    line = data.count(b"\n", 0, start) + 1
    col = len(data[line_start:start].decode("utf-8", errors="replace")) + 1
    bad = " ".join(f"0x{b:02x}" for b in data[start : min(exc.end, start + 4)])
    return line, col, bad


def not_utf8_message(data: bytes, exc: UnicodeDecodeError) -> str:
    """The Chinese message for a file that is not UTF-8, with the place."""
    from .inputs import not_utf8_help

    what, _ = not_utf8_help(data)
    if what is not None:
        return f"{what}；请用 UTF-8 编码另存该文件（iconv -f UTF-16 -t UTF-8）"
    line, col, bad = utf8_error_position(data, exc)
    return f"文件不是 UTF-8 编码（第 {line} 行第 {col} 列的字节 {bad}）；请用 UTF-8 编码另存该文件"


def read_text_file(path: Path) -> str:
    """The text of a UTF-8 file; raises :class:`ScenarioError` (no key) with a
    Chinese message for a missing file, a directory, a device or FIFO, a file over
    :data:`.inputs.MAX_FILE_BYTES`, an unreadable or non-UTF-8 file.  A leading BOM
    is dropped (:func:`.inputs.read_text`)."""
    from .inputs import InputError, read_bytes, strip_bom

    try:
        data = read_bytes(path)
    except InputError as exc:
        raise ScenarioError(str(path), "", exc.message) from None
    try:
        return strip_bom(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        line, col, _ = utf8_error_position(data, exc)
        raise ScenarioError(f"{path}:{line}:{col}", "", not_utf8_message(data, exc)) from None


def load_scenario(path: Path) -> Scenario:
    """Read and parse one scenario file; raises :class:`ScenarioError`."""
    return parse_scenario(read_text_file(path), str(path))
