"""A human player at the terminal (``sgs play --human SEAT``).

:class:`HumanAgent` answers the runtime's decisions from a text stream (stdin by
default) and shows the table with ``rich``, from what its seat may see (the
:class:`~sgs.runtime.observation.SeatView` each decision comes with; only
:meth:`HumanAgent.finish`, after the game, reads the game itself):

* the log lines written since its last prompt (other seats' roles hidden until they
  die; the lord's role is public);
* a table of every seat: general, role (own, lord's, the dead's), hp/max hp, hand
  count, equipment, judge area, distance from you, alive/dead, whose turn it is;
* its own hand, equipment, judge area and skills;
* the decision's prompt and its legal options, numbered.

Answers: one number, or several separated by spaces or commas (``1 3``, ``1,3``);
``0`` or an empty line takes the option that declines (``取消``, ``不发动``,
``结束出牌``) or picks nothing where that is allowed; a label typed out in full
(``杀♠7``) works too; ``?`` shows the table again; ``q`` quits.  A bad answer is
re-asked with a Chinese message saying what was wrong.  End of input (EOF) and
``q`` raise :class:`HumanQuit`, which the CLI turns into a message.

The agent never touches the game's RNG, so the same seed and the same typed
answers give the same game.
"""

from __future__ import annotations

import re
import sys
from typing import TYPE_CHECKING, ClassVar, Sequence, TextIO

from rich.console import Console
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table

from .decisions import CANCEL, END_PLAY, NO_INVOKE, Decision, DecisionKind
from .observation import SeatView
from .observation import redact_roles as redact

if TYPE_CHECKING:
    from .game import Game
    from .player import GeneralSpec

__all__ = ["HumanAgent", "HumanQuit", "parse_answer", "numbering", "redact", "render_table"]

#: labels of the options that decline; numbered 0
DECLINE = (CANCEL, NO_INVOKE, END_PLAY)

_SPLIT = re.compile(r"[\s,，、;；]+")


class HumanQuit(Exception):
    """The human stopped the game: end of input (EOF) or ``q``."""


def numbering(decision: Decision) -> list[tuple[int, int]]:
    """(shown number, option index) for every option: the declining option gets 0,
    the others 1, 2, … in option order."""
    out: list[tuple[int, int]] = []
    n = 1
    for i, o in enumerate(decision.options):
        if o.label in DECLINE:
            out.append((0, i))
        else:
            out.append((n, i))
            n += 1
    return out


def parse_answer(decision: Decision, text: str) -> list[int] | str:
    """The option indices the typed ``text`` picks, or a Chinese error message."""
    labels = decision.labels()
    nums = numbering(decision)
    by_number = {num: i for num, i in nums}
    top = max((num for num, _ in nums), default=0)
    decline = by_number.get(0)
    t = text.strip()
    if t in ("", "0"):
        if decline is not None:
            return [decline]
        if decision.min == 0:
            return []
        need = f"{decision.min}" if decision.min == decision.max else f"{decision.min}到{decision.max}"
        return f"这里不能取消，必须选择{need}项：请输入 1–{top} 之间的编号"
    if t in labels and not t.isdigit():  # a label typed out in full (may contain separators)
        return [labels.index(t)]
    picked: list[int] = []
    for tok in _SPLIT.split(t):
        if not tok:
            continue
        if tok.isdigit():
            num = int(tok)
            if num == 0:
                return "「0」（取消）不能和其他编号一起选"
            if num not in by_number:
                return f"没有编号 {num}：请输入 1–{top} 之间的编号" if top else f"没有编号 {num}"
            idx = by_number[num]
            if idx in picked:
                return f"编号 {num} 重复了"
        else:
            found = next((i for i, lab in enumerate(labels) if lab == tok and i not in picked), None)
            if found is None:
                return f"无法识别「{tok}」：请输入选项编号（1–{top}），多选用空格或逗号分隔"
            idx = found
        picked.append(idx)
    if decline is not None and decline in picked and len(picked) > 1:
        return f"「{labels[decline]}」不能和其他选项一起选"
    if not decision.min <= len(picked) <= decision.max:
        if decision.min == decision.max:
            return f"需要选择 {decision.min} 项，你选了 {len(picked)} 项"
        return f"需要选择 {decision.min} 到 {decision.max} 项，你选了 {len(picked)} 项"
    return picked


def _cards(labels: Sequence[str]) -> str:
    return " ".join(labels) if labels else "—"


def _judge_text(entry: str) -> str:
    """A judge-area entry of :attr:`SeatInfo.judge` as the table shows it: ``label``,
    or ``label(name)`` for a card that counts as another delayed trick."""
    label, _, name = entry.partition("@")
    return f"{label}({name})" if name else label


def render_table(view: SeatView) -> Table:
    """Every seat's public state, as the view's seat sees it."""
    t = Table(title=f"第{view.round}轮", title_justify="left", show_lines=False, expand=False)
    for col in ("座次", "武将", "身份", "体力", "手牌", "装备", "判定区", "距离", "状态"):
        t.add_column(col, no_wrap=col in ("座次", "体力", "手牌", "距离"))
    me = view.me
    for p in view.players:
        mine = p.seat == me.seat
        role = p.role if p.role is not None else "？"
        if p.alive:
            state = "你" if mine else ""
            if p.seat == view.current and not view.over:
                state = (state + " 当前回合").strip()
            if p.dying:
                state = (state + " 濒死").strip()
        else:
            state = "阵亡" + ("（你）" if mine else "")
        dist = "—" if mine or not p.alive or not me.alive else str(view.distance(me.seat, p.seat))
        style = "dim" if not p.alive else ("bold" if mine else "")
        t.add_row(
            f"{p.seat}",
            escape(p.general),
            role,
            f"{p.hp}/{p.max_hp}",
            str(p.hand_count),
            escape(_cards(p.equips)),
            escape(_cards([_judge_text(j) for j in p.judge])),
            dist,
            state,
            style=style,
        )
    return t


def _general_line(g: GeneralSpec) -> str:
    skills = "、".join(s.name for s in g.skills) or "无"
    return f"{g.name}（{g.kingdom.value} {g.max_hp}体力 {g.gender.value}）技能：{skills}"


class HumanAgent:
    """Answers the decisions of seat ``seat`` from ``stdin`` (default: ``sys.stdin``),
    showing everything on ``console`` (default: a rich console on stdout).
    ``generals`` (the pool) lets the general choice show kingdom, hp and skills."""

    observes: ClassVar[bool] = True

    def __init__(
        self,
        seat: int,
        console: Console | None = None,
        stdin: TextIO | None = None,
        generals: Sequence[GeneralSpec] = (),
    ) -> None:
        self.seat = seat
        self.console = console if console is not None else Console(highlight=False, soft_wrap=True)
        self._stdin = stdin
        self.generals = {g.name: g for g in generals}
        self.seen = 0  # log entries already shown
        self.asked = 0  # decisions asked
        self._table_shown = False

    # ------------------------------------------------------------------ output

    def show_log(self, seen: SeatView | Game) -> bool:
        """Print the log lines written since the last call, as this seat may read them;
        True if there were any.  ``seen``: this seat's view (or, after the game or in a
        test, the game, whose view of this seat is read)."""
        view = seen if isinstance(seen, SeatView) else seen.view(self.seat)
        lines = view.log_since(self.seen)
        self.seen = view.log_count
        for line in lines:
            self.console.print(escape(line.render()), style="dim" if line.kind not in ("死亡", "游戏结束") else "bold")
        return bool(lines)

    def show_state(self, view: SeatView) -> None:
        self.console.print(render_table(view))
        self.show_self(view)

    def show_self(self, view: SeatView) -> None:
        me = view.me
        skills = "、".join(view.skills) or "无"
        body = (
            f"{me.seat}号位 {escape(me.general)}  身份：{view.role}  体力：{me.hp}/{me.max_hp}\n"
            f"手牌（{me.hand_count}）：{escape(_cards(view.hand))}\n"
            f"装备：{escape(_cards(me.equips))}    "
            f"判定区：{escape(_cards([label for label, _ in me.judge_cards]))}\n"
            f"技能：{escape(skills)}"
        )
        self.console.print(Panel(body, title="你", title_align="left", expand=False))

    def _option_text(self, view: SeatView, decision: Decision, label: str) -> str:
        kind = decision.kind
        if kind in (DecisionKind.TARGETS, DecisionKind.PLAYERS) and label.isdigit():
            seat = int(label)
            if 1 <= seat <= len(view.players):
                p = view.player(seat)
                me = view.me
                extra = f"体力{p.hp}/{p.max_hp} 手牌{p.hand_count}"
                if p.seat == me.seat:
                    extra += " 你自己"
                elif me.alive and p.alive:
                    extra += f" 距离{view.distance(me.seat, p.seat)}"
                return f"{seat}号位 {p.general}（{extra}）"
        if kind is DecisionKind.OPTION and decision.about == "选将" and label in self.generals:
            return _general_line(self.generals[label])
        return label

    def show_decision(self, view: SeatView, decision: Decision) -> None:
        head = decision.prompt
        if decision.kind is DecisionKind.CARD_OF and "target" in decision.extra:
            seat = int(decision.extra["target"])
            if 1 <= seat <= len(view.players):
                head += f"（{seat}号位 {view.player(seat).general}）"
        if decision.max > 1 or decision.min != 1:
            rng = f"{decision.min}" if decision.min == decision.max else f"{decision.min}–{decision.max}"
            head += f"  [选择 {rng} 项，多选用空格或逗号分隔]"
        self.console.print(f"[bold cyan]【{decision.kind.value}】[/]{escape(head)}", soft_wrap=True)
        nums = numbering(decision)
        for num, i in sorted(nums, key=lambda x: (x[0] == 0, x[0])):
            label = decision.options[i].label
            self.console.print(f"  [bold]{num}[/]. {escape(self._option_text(view, decision, label))}", soft_wrap=True)
        if decision.min == 0 and not any(num == 0 for num, _ in nums):
            self.console.print("  [bold]0[/]. 不选", soft_wrap=True)
        if decision.about == "选将" and self.generals:
            for o in decision.options:
                g = self.generals.get(o.label)
                if g is None:
                    continue
                for s in g.skills:
                    if s.text:
                        self.console.print(f"      {escape(g.name)}·{escape(s.name)}：{escape(s.text)}", style="dim", soft_wrap=True)

    # ------------------------------------------------------------------ input

    def read_line(self) -> str:
        self.console.print("> ", end="")
        self.console.file.flush()
        stream = self._stdin if self._stdin is not None else sys.stdin
        line = stream.readline()
        if line == "":
            self.console.print()
            raise HumanQuit("输入已结束（EOF）")
        return line.rstrip("\r\n")

    def choose(self, view: SeatView, decision: Decision) -> list[int]:
        new_lines = self.show_log(view)
        if decision.about == "选将":
            pass  # generals are being dealt: the table has no generals yet
        elif new_lines or not self._table_shown:
            self.show_state(view)
            self._table_shown = True
        else:
            self.show_self(view)
        self.show_decision(view, decision)
        self.asked += 1
        while True:
            text = self.read_line()
            t = text.strip()
            if t.lower() in ("q", "quit", "exit", "退出"):
                raise HumanQuit("你退出了对局")
            if t in ("?", "？", "h", "help", "帮助"):
                if decision.about != "选将":  # no generals on the table yet
                    self.show_state(view)
                self.show_decision(view, decision)
                continue
            answer = parse_answer(decision, text)
            if isinstance(answer, str):
                self.console.print(f"[bold red]输入无效[/]：{escape(answer)}。请重新输入（? 查看牌桌，q 退出）", soft_wrap=True)
                continue
            return answer

    # ------------------------------------------------------------------ end

    def finish(self, game: Game) -> None:
        """Show the last log lines, every role and whether the human won (the game is
        over: its view of this seat shows every role)."""
        view = game.view(self.seat)
        self.show_log(view)
        self.console.print(render_table(view))
        if game.over:
            if game.winner == "平局":
                self.console.print("[bold]平局。[/]")
            elif self.seat in game.winners:
                self.console.print(f"[bold green]你赢了！[/]（{game.winner}获胜）")
            else:
                self.console.print(f"[bold red]你输了。[/]（{game.winner}获胜）")
        else:
            self.console.print("对局未结束（达到回合上限）。")
