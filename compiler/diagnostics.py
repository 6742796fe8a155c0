"""Diagnostics: data first, rendered last.

A :class:`Diagnostic` is plain data (code, severity, message, span, notes, help,
suggestion).  Three renderers turn a list of them into text:

* :func:`render_human` — rustc layout (``error[E0101]: …``, ``--> file:line:col``,
  the source line, carets under the span placed by terminal cell width: a CJK
  character is two cells wide);
* :func:`render_short` — one line each, ``file:line:col: error[E0101]: message``
  (clickable in editors, like gcc);
* :func:`render_json` — a JSON array of objects (stable keys).

Codes are stable; :data:`CODES` gives each a title and an explanation
(``sgs explain E0101``).  E = error (compilation stops), W = warning, I = note.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Mapping

from rich.cells import cell_len

__all__ = [
    "Severity",
    "Span",
    "Suggestion",
    "Diagnostic",
    "CODES",
    "explain",
    "render_human",
    "render_short",
    "render_json",
    "has_errors",
    "sort_key",
]


class Severity(str, Enum):
    """How bad a diagnostic is: ``error`` stops compilation, the others do not."""

    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a source file.

    Fields: ``file`` (path as given), ``line``/``col`` (1-based, in characters),
    ``end_line``/``end_col`` (1-based, exclusive: a one-character span at column 3
    has ``end_col == 4``).
    """

    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def to_json(self) -> dict[str, object]:
        return {
            "file": self.file,
            "line": self.line,
            "col": self.col,
            "end_line": self.end_line,
            "end_col": self.end_col,
        }


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A proposed fix: replace the text of ``span`` with ``replacement``."""

    span: Span
    replacement: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One finding.

    Fields: ``code`` (stable, e.g. ``"E0101"``), ``severity``, ``message`` (Chinese,
    one line), ``span`` (primary span, None for whole-run problems), ``notes``
    (extra lines), ``help`` (what to do), ``suggestion`` (a machine-applicable fix).
    """

    code: str
    severity: Severity
    message: str
    span: Span | None = None
    notes: tuple[str, ...] = ()
    help: str | None = None
    suggestion: Suggestion | None = None

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "span": self.span.to_json() if self.span is not None else None,
            "notes": list(self.notes),
            "help": self.help,
            "suggestion": None,
        }
        if self.suggestion is not None:
            out["suggestion"] = {
                "span": self.suggestion.span.to_json(),
                "replacement": self.suggestion.replacement,
            }
        return out


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """The documentation of a diagnostic code: a title and a longer explanation."""

    title: str
    explanation: str
    example: str = field(default="")


CODES: dict[str, CodeInfo] = {
    # ---- input
    "E0001": CodeInfo("无法读取源文件", "文件不存在、不可读或不是 UTF-8 编码。"),
    # ---- syntax (parse)
    "E0101": CodeInfo(
        "此处不应出现这段文字",
        "句子的这一位置不符合技能描述的规范写法；提示中列出了此处可以出现的词。",
        "奸雄：每当你受到一次伤害后，你可以获得获得对你造成伤害的牌。",
    ),
    "E0102": CodeInfo("句子缺少结尾的“。”", "每个句子都以“。”（或分句的“；”）结束。", "奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌"),
    "E0103": CodeInfo(
        "无法识别的词",
        "技能描述只能使用规范用语中的词（动词、时机、牌名……）；提示中给出最接近的写法。",
        "奸雄：每当你收到一次伤害后，你可以获得对你造成伤害的牌。",
    ),
    "E0104": CodeInfo("技能名后缺少“：”", "技能行的格式是“技能名：技能描述”。", "奸雄 每当你受到一次伤害后，……"),
    "E0105": CodeInfo(
        "文件头或武将行格式不对",
        "文件以“扩展包 包名”开头；武将行为“武将 姓名 势力 N体力 性别”，如“武将 曹操 魏 4体力 男”。",
    ),
    "E0106": CodeInfo("缺少时机", "触发技以时机开头，如“每当你受到一次伤害后，”或“回合开始阶段开始时，”。"),
    "W0101": CodeInfo("已按规范写法更正错别字", "源文本中的常见错别字（如“收到伤害”）已按规范写法读取；请改正源文本。"),
    # ---- semantics (check)
    "E0201": CodeInfo("重复的武将或技能", "同一扩展包中武将名、技能名及其拼音标识符必须唯一。"),
    "E0202": CodeInfo("每阶段限一次只能用于主动技或触发技", "视为技、状态技和主公代打技能没有发动次数，不能加“每阶段限一次”。"),
    "E0203": CodeInfo("次数限制前没有技能效果", "“每阶段限一次。”必须跟在它所限制的句子之后。"),
    "E0204": CodeInfo(
        "主公技的描述与主公无关",
        "主公技应当涉及其他某势力角色（如“令其他魏势力角色……”、“其他吴势力角色对你……”）。",
    ),
    "E0205": CodeInfo("代打技能必须是主公技", "“令其他X势力角色打出……（视为由你使用或打出）”是主公技的写法，请在描述前加“主公技，”。"),
    "W0206": CodeInfo("主公技涉及的势力与武将势力不同", "主公技通常只涉及与武将相同势力的角色。"),
    "W0207": CodeInfo("锁定技中出现“你可以”", "锁定技自动发动，不询问是否发动；“你可以”在锁定技的第一个效果中没有意义。"),
    "E0208": CodeInfo("“若结果……”前没有判定", "“，若结果为……”只能紧跟在“进行一次判定”之后。"),
    "W0209": CodeInfo(
        "描述有歧义",
        "官方文本的这种写法可以有多种理解；编译器按提示中的理解处理，并给出无歧义的规范写法。",
    ),
    "E0210": CodeInfo("“然后……”句前没有可接续的技能效果", "以“然后”开头的句子接续上一句的效果。"),
    "W0211": CodeInfo("循环的结束条件与判定条件不互补", "“若结果为黑色……直到出现红色的判定结果为止”：两者应互补。"),
    "E0212": CodeInfo("代打技能前后的使用方式不一致", "“当你需要使用或打出……（视为由你使用或打出）”前后两处应一致。"),
    "E0213": CodeInfo("缺少“X为……”的定义", "句中用到 X 时，须在括号中说明 X 的含义，如“（X为你的体力上限）”。"),
    "E0214": CodeInfo("技能中没有可编译的句子", "技能描述至少要有一个时机、转化、出牌阶段或状态句。"),
    "E0215": CodeInfo("人数范围不对", "“一至两名”这样的范围，前一个数须不小于一、不大于后一个数。"),
    "E0217": CodeInfo(
        "比较花色前没有选择花色",
        "“，若此牌的花色与其所选的不同，……”比较的是前文“选择一种花色”所选的花色。",
        "反间：出牌阶段，你可以令一名其他角色获得你的一张手牌并展示之，若此牌的花色与其所选的不同，你对其造成1点伤害。",
    ),
    "E0216": CodeInfo(
        "前后所指的牌或数目不一致",
        "同一句中再次提到的牌须与前文一致（如“将此【杀】转移给……，该角色不得是此【杀】的使用者”）；“且最多为n”中的n至少为1。",
        "流离：当你成为【杀】的目标时，你可以弃置一张牌，将此【杀】转移给你攻击范围内的一名其他角色，该角色不得是此【决斗】的使用者。",
    ),
    # ---- vocabulary
    "E0301": CodeInfo("未知的牌名", "牌名必须是规则集中的牌；括号【】里的名字不在牌表中。"),
    "E0302": CodeInfo("运行时没有这张牌", "这张牌属于其他扩展（如国战），当前运行时不支持。"),
    "E0303": CodeInfo("体力值不对", "标准/风武将的体力为正整数；国战的阴阳鱼（如 1.5）尚不支持。"),
    # ---- identifiers
    "E0401": CodeInfo(
        "无法推断拼音标识符",
        "生成的 Python 代码用拼音作标识符；名字中有拼音表以外的字时，请在名字后用括号写出，如“奸雄（jianxiong）：”。",
    ),
    # ---- code generation
    "E0501": CodeInfo(
        "代码生成器尚不支持这种写法",
        "句子合乎语法，但编译器还不能把它编译成运行时代码；编译器拒绝生成不正确的代码。",
    ),
    "E0502": CodeInfo("运行时缺少所需的接口", "编译这句话需要运行时接口中没有的功能。"),
}


def explain(code: str) -> str:
    """The explanation page of a code (title, text and example), or '' if unknown."""
    info = CODES.get(code)
    if info is None:
        return ""
    out = f"{code}: {info.title}\n\n{info.explanation}\n"
    if info.example:
        out += f"\n例：\n    {info.example}\n"
    return out


def has_errors(diags: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diags)


def sort_key(d: Diagnostic) -> tuple[str, int, int, str]:
    if d.span is None:
        return ("", 0, 0, d.code)
    return (d.span.file, d.span.line, d.span.col, d.code)


# ---------------------------------------------------------------- renderers


def _header(d: Diagnostic) -> str:
    return f"{d.severity.value}[{d.code}]: {d.message}"


def render_short(diags: Iterable[Diagnostic]) -> str:
    """gcc style: ``file:line:col: error[E0101]: message`` (one line per diagnostic)."""
    lines = []
    for d in diags:
        where = f"{d.span}: " if d.span is not None else ""
        lines.append(where + _header(d))
    return "\n".join(lines) + ("\n" if lines else "")


def render_json(diags: Iterable[Diagnostic]) -> str:
    """A JSON array; each element has code, severity, message, span, notes, help, suggestion."""
    return json.dumps([d.to_json() for d in diags], ensure_ascii=False, indent=2) + "\n"


def _expand_tabs(text: str) -> str:
    return text.replace("\t", "    ")


def render_human(diags: Iterable[Diagnostic], sources: Mapping[str, str] | None = None) -> str:
    """rustc layout.  ``sources`` maps a span's file to its text (for the source line)."""
    sources = sources or {}
    blocks: list[str] = []
    for d in diags:
        out = [_header(d)]
        if d.span is not None:
            sp = d.span
            text = sources.get(sp.file)
            line_text: str | None = None
            if text is not None:
                all_lines = text.splitlines()
                if 1 <= sp.line <= len(all_lines):
                    line_text = all_lines[sp.line - 1]
            gutter = " " * len(str(sp.line))
            out.append(f"{gutter}--> {sp.file}:{sp.line}:{sp.col}")
            if line_text is not None:
                out.append(f"{gutter} |")
                out.append(f"{sp.line} | {_expand_tabs(line_text)}")
                before = _expand_tabs(line_text[: sp.col - 1])
                end_col = sp.end_col if sp.end_line == sp.line else len(line_text) + 1
                inside = _expand_tabs(line_text[sp.col - 1 : max(end_col - 1, sp.col - 1)])
                width = max(cell_len(inside), 1)
                label = ""
                if d.suggestion is not None and d.suggestion.span == sp:
                    label = f" 应为“{d.suggestion.replacement}”" if d.suggestion.replacement else " 删除"
                out.append(f"{gutter} | {' ' * cell_len(before)}{'^' * width}{label}")
        for note in d.notes:
            out.append(f"  = note: {note}")
        if d.help:
            out.append(f"  = help: {d.help}")
        blocks.append("\n".join(out))
    return "\n\n".join(blocks) + ("\n" if blocks else "")
