"""Diagnostics: data first, rendered last.

A :class:`Diagnostic` is plain data (code, severity, message, span, notes, help,
suggestion).  Three renderers turn a list of them into text:

* :func:`render_human` — rustc layout (``error[E0101]: …``, ``--> file:line:col``,
  the source line, carets under the span placed by terminal cell width: a CJK
  character is two cells wide);
* :func:`render_short` — one line each, ``file:line:col: error[E0101]: message``
  (clickable in editors, like gcc);
* :func:`render_json` — a JSON array of objects (stable keys);
* :func:`render_json_report` — the same per skill (``sgs check --format json``):
  ``{"errors", "warnings", "infos", "skills": [{"file", "line", "skill",
  "diagnostics": [{"severity": "error"|"warning"|"info", "code", "message", "line",
  "col", "end_line", "end_col", "suggestion", …}]}]}``.

Every renderer escapes control characters taken from the source (ESC → ␛) and the
human one cuts a long line around its span.

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
    "looks_like_code",
    "render_human",
    "render_short",
    "render_json",
    "render_json_report",
    "skill_report",
    "diagnostic_record",
    "escape_text",
    "has_errors",
    "sort_key",
    "cap_diagnostics",
    "MAX_PER_LINE",
    "MAX_PER_FILE",
]

#: a renderer lists at most this many diagnostics of one source line …
MAX_PER_LINE = 10
#: … and of one file; the rest are counted in one I0113 note per file
MAX_PER_FILE = 200


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
    "E0106": CodeInfo(
        "时机不完整或不存在",
        "时机是“事件 + 时机词”：事件之后要写“时”“后”或“前”（如“每当你受到一次伤害后，”“回合开始阶段开始时，”），"
        "它们是不同的时机；有的事件只有其中一种（失去体力、回复体力、造成伤害只有“……后”）。",
        "遗计：每当你受到1点伤害，你可以观看牌堆顶的两张牌……",
    ),
    "E0107": CodeInfo(
        "括号不配对",
        "“【”要有“】”配对，“（”要有“）”配对，且在同一行内；多出的或缺少的括号会让后面的整句都读不对。",
        "护驾：主公技，当你需要使用或打出一张【闪时，……",
    ),
    "E0108": CodeInfo(
        "这句话有两种读法",
        "同一段文字按规范用语可以读成两种意思，而语法中没有哪条惯例能决定取哪一种（DESIGN.md：每句话只有一种读法）。"
        "提示用方括号标出每种读法怎样组合这些词。例如语法若没有定下“的”之后的并列怎样归属，例句中的"
        "“其装备区里的武器牌和防具牌”就有两读：“其装备区里的[武器牌和防具牌]”（两张都在装备区）与"
        "“[其装备区里的武器牌]和防具牌”（防具牌不限区域）。"
        "改写这段文字（如加上“的”、调整语序或拆成两句），让它只剩一种读法。"
        "若两种读法的方括号完全相同，文字本身没有歧义，是语法中两条规则重复了：请报告给语法的维护者。",
        "缴械：出牌阶段，你可以弃置一名其他角色装备区里的武器牌和防具牌。",
    ),
    "E0109": CodeInfo(
        "“#”只能在行首开始注释",
        "注释单独成一行，以“#”开头（前面可以有空格）；行中间的“#”不是注释，名字和技能描述里也不能有“#”。",
        "苦肉：出牌阶段，你可以失去1点体力，然后摸两张牌。# 注释",
    ),
    "E0110": CodeInfo(
        "行或文件太长",
        "一行最多 2000 个字符，一个文件最多 500000 个字符；.sgs 文件可能来自他人，过长的输入会被拒绝而不是慢慢处理。",
    ),
    "E0111": CodeInfo(
        "句子嵌套太深",
        "“令其令其……”这样层层嵌套的句子超过了上限（60 层）；真实的技能描述不会这样写。",
    ),
    "E0112": CodeInfo(
        "源文本中有控制字符",
        "技能文本只能由文字、标点、空格、制表符和换行组成；控制字符（如 ESC、NUL）、Unicode 行分隔符和"
        "改变显示顺序的双向控制符会被拒绝，它们可能让文本看起来和实际内容不同。",
    ),
    "I0113": CodeInfo(
        "诊断太多，其余未列出",
        "同一行最多列出 10 条诊断，同一个文件最多 200 条；其余的只计数。改正列出的问题（往往是同一个原因）后再检查。",
    ),
    "E0114": CodeInfo(
        "名字中有不可见或易混淆的字符",
        "扩展包、武将和技能的名字不能含有不可见字符（零宽空格、连接符、BOM、双向控制符、组合符号、变体选择符、空格、"
        "私用区字符），不能混用外形相近的文字（拉丁、希腊、西里尔字母混用，或汉字中混有拉丁字母以外的文字），"
        "也不能用非 ASCII 的数字：这样的名字看起来和另一个名字一样，却是另一个武将。",
        "武将 曹\u200b操（caocao2） 魏 4体力 男",
    ),
    "W0115": CodeInfo(
        "名字按规范形式（NFKC）读取",
        "名字中的兼容字符（CJK 兼容汉字、全角字母等）按 Unicode NFKC 规范形式读取，与它模仿的名字视为同一个名字。",
    ),
    "W0101": CodeInfo(
        "已按规范写法更正错别字",
        "源文本中的常见错别字（如“收到伤害”“牌对顶”“其他男性角，”“1.、”）已按规范写法读取；"
        "请改正源文本，或运行 sgs fmt。",
        "刚烈：……或收到你对其造成的1点伤害。",
    ),
    "W0103": CodeInfo(
        "繁体字已按简体读取",
        "技能文本用简体字书写；繁体字（如“傷害”“獲得”“殺”）按 OpenCC 的繁简转换读作简体，位置不变。"
        "请改正源文本，或运行 sgs fmt 改写为简体。注释和名字（扩展包、武将、技能的名字）保持原样：繁体的名字是另一个名字。",
        "奸雄：每當你受到一次傷害後，你可以獲得對你造成傷害的牌。",
    ),
    "W0102": CodeInfo(
        "技能描述末尾缺少“。”",
        "每个技能描述以“。”结束；缺少时已补上读取，以“；”结尾时按“。”读取（“；”之后应还有一句）。请改正源文本，或运行 sgs fmt。",
        "奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌",
    ),
    # ---- semantics (check)
    "E0201": CodeInfo(
        "重复的武将或技能",
        "同一扩展包中武将名、技能名及其拼音标识符必须唯一；同时载入的两个（非内置）扩展包也不能定义同名的武将或装备。",
    ),
    "I0203": CodeInfo(
        "替换了内置定义",
        "你的扩展包定义了与内置扩展包同名的武将或装备；同时载入时以你的为准（例如推广版技能、变体规则）。",
        "武将 关羽（guanyu） 蜀 4体力 男",
    ),
    "E0221": CodeInfo(
        "替换了内置定义（--strict-overrides）",
        "与 I0203 相同，但用 sgs check --strict-overrides 检查时是错误：设计者的 CI 可以借此确保扩展包不会悄悄替换内置武将或装备。"
        "请改名；确实要替换时，不用这个选项检查。",
    ),
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
        "拼音标识符不可用",
        "生成的 Python 代码用拼音作标识符（由名字推断，或写在名字后的括号里）；括号里的拼音是 Python 关键字、"
        "或生成的类名与生成代码里已有的名字冲突时，请换一个，如“奸雄（jianxiong）：”。",
    ),
    "E0402": CodeInfo(
        "拼音标识符格式不对",
        "名字后括号里的拼音只能由小写英文字母、数字和下划线组成，且以字母开头，如“奸雄（jianxiong）”。",
        "奋勇（FenYong）：……",
    ),
    # ---- code generation
    "E0501": CodeInfo(
        "代码生成器尚不支持这种写法",
        "句子合乎语法，但编译器还不能把它编译成运行时代码；编译器拒绝生成不正确的代码。",
    ),
    "E0502": CodeInfo("运行时缺少所需的接口", "编译这句话需要运行时接口中没有的功能。"),
    "E0503": CodeInfo(
        "技能还不能编译：运行时或编译器缺少所需的动作",
        "技能文本合乎规范，也能解析成中间表示，但它用到的动词（如拼点、叠置、明置）在运行时还没有对应的动作，"
        "或编译器还不能生成这种写法的代码。sgs compile 拒绝编译这样的技能，绝不生成占位代码；"
        "消息列出缺少的每一项。sgs check 把同样的内容报告为 W0701 警告。",
        "驱虎：出牌阶段，你可以与一名体力比你多的角色拼点，……",
    ),
    "E0599": CodeInfo(
        "编译器内部错误",
        "能力检查（sgs check 的 W0701、sgs compile 的 E0503）放过了一句代码生成器写不出的技能文本。"
        "这是编译器的缺陷，不是技能文本的错误：请附上这句文本报告它。",
    ),
    "W0701": CodeInfo(
        "运行时/编译器还不能执行这个技能",
        "技能文本没有错误，但运行时缺少它需要的动作或时机（消息中写明缺少的运行时动作名），或编译器还不能编译这种写法。"
        "sgs check 照常通过；sgs compile 会以 E0503 拒绝编译这个技能。",
    ),
    "I0701": CodeInfo(
        "时机由规则确定",
        "句子没有写时机，但规则只允许一种读法（如“获得死亡角色的所有牌”只能在其他角色死亡时；"
        "“跳过……阶段”须在该阶段开始前决定）。编译器按这种读法处理，并给出写明时机的规范写法。",
    ),
    "I0702": CodeInfo(
        "伤害时机按“一次”处理",
        "“造成伤害后”或“受到伤害后”没有写“一次”或“1点”；规则的读法是每次伤害事件发动一次，"
        "编译按此读法，sgs fmt 写出“一次”。",
    ),
    "W0222": CodeInfo(
        "数量为0的动作",
        "“摸0张牌”“回复0点体力”这样的动作什么也不做，多半是笔误。",
        "英姿：摸牌阶段，你可以额外摸0张牌。",
    ),
    "W0223": CodeInfo(
        "数量超过最大的牌堆",
        "一次移动的牌数超过了最大的牌堆（标准版加军争共160张），这个数量在游戏中永远达不到。",
    ),
    "E0220": CodeInfo(
        "句子没有时机",
        "这句话既没有时机（“出牌阶段，”“每当你受到一次伤害后，”……），也不是状态句，规则也不能确定它何时发动。"
        "请写明时机。",
        "神速：你可以摸一张牌。",
    ),
}


def looks_like_code(arg: str) -> bool:
    """Whether ``arg`` is a diagnostic code (E0101, w0102, I0001 …)."""
    return len(arg) == 5 and arg[0].upper() in "EWI" and arg[1:].isdigit()


def explain(code: str) -> str:
    """The explanation page of a code (title, text and example), or '' if unknown."""
    info = CODES.get(code)
    if info is None:
        return ""
    out = f"{code}: {info.title}\n\n{info.explanation}\n"
    if info.example:
        out += f"\n例：\n    {info.example}\n"
    return out


def cap_diagnostics(
    diags: Iterable[Diagnostic], per_line: int = MAX_PER_LINE, per_file: int = MAX_PER_FILE
) -> list[Diagnostic]:
    """The diagnostics a renderer shows: at most ``per_line`` of one (file, line) and
    ``per_file`` of one file, in the given order, then for each file with some left
    out one I0113 note “N more” (errors among them counted), so that no input makes
    the output grow past a bound.  Diagnostics without a span are kept up to
    ``per_file`` in all.  Linear in the number of diagnostics."""
    out: list[Diagnostic] = []
    by_line: dict[tuple[str, int], int] = {}
    by_file: dict[str, int] = {}
    left: dict[str, list[int]] = {}  # file → [left out, errors among them]
    for d in diags:
        file = d.span.file if d.span is not None else ""
        line = d.span.line if d.span is not None else 0
        n_line = by_line.get((file, line), 0)
        n_file = by_file.get(file, 0)
        if n_file >= per_file or (d.span is not None and n_line >= per_line):
            counts = left.setdefault(file, [0, 0])
            counts[0] += 1
            counts[1] += d.severity is Severity.ERROR
            continue
        by_line[(file, line)] = n_line + 1
        by_file[file] = n_file + 1
        out.append(d)
    for file, (n, errors) in left.items():
        where = f"“{file}”中" if file else ""
        of_them = f"（其中 {errors} 个错误）" if errors else ""
        out.append(
            Diagnostic(
                "I0113", Severity.NOTE, f"{where}还有 {n} 条诊断未列出{of_them}",
                help=f"每行最多列出 {per_line} 条、每个文件最多 {per_file} 条；先改正上面的问题再检查",
            )
        )
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


def escape_text(text: str) -> str:
    """``text`` safe to print on a terminal: C0 controls become their control
    pictures (ESC → ␛, NUL → ␀), DEL → ␡; C1 controls, line/paragraph separators
    and bidi overrides become ``\\uXXXX``.  Tabs are kept."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        o = ord(ch)
        if ch == "\t":
            out.append(ch)
        elif o < 0x20:
            out.append(chr(0x2400 + o))
        elif o == 0x7F:
            out.append("\u2421")
        elif 0x80 <= o < 0xA0 or ch in _INVISIBLE:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    return "".join(out)


_INVISIBLE = set("\u200b\u200c\u200d\u2060\u00ad\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c\ufeff")


def render_short(diags: Iterable[Diagnostic]) -> str:
    """gcc style: ``file:line:col: error[E0101]: message`` (one line per diagnostic;
    capped by :func:`cap_diagnostics`)."""
    lines = []
    for d in cap_diagnostics(diags):
        where = f"{d.span}: " if d.span is not None else ""
        lines.append(escape_text(where + _header(d)))
    return "\n".join(lines) + ("\n" if lines else "")


def render_json(diags: Iterable[Diagnostic]) -> str:
    """A JSON array; each element has code, severity, message, span, notes, help,
    suggestion (capped by :func:`cap_diagnostics`)."""
    return _dump([d.to_json() for d in cap_diagnostics(diags)])


def _dump(data: object) -> str:
    text = json.dumps(data, ensure_ascii=False, indent=2)
    # json escapes C0 controls itself; C1 controls and separators are escaped too, so a
    # terminal or a line-based tool never sees them raw
    return "".join(f"\\u{ord(c):04x}" if (0x7F <= ord(c) < 0xA0 or c in _INVISIBLE) else c for c in text) + "\n"


_JSON_SEVERITY = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "info"}


def diagnostic_record(d: Diagnostic) -> dict[str, object]:
    """One diagnostic as flat data for editors and CI: severity (error|warning|info),
    code, message, file, line, col, end_line, end_col (1-based; end exclusive),
    suggestion (the replacement text or null) with suggestion_span, notes, help."""
    sp = d.span
    sugg = d.suggestion
    return {
        "severity": _JSON_SEVERITY[d.severity],
        "code": d.code,
        "message": d.message,
        "file": sp.file if sp else None,
        "line": sp.line if sp else None,
        "col": sp.col if sp else None,
        "end_line": sp.end_line if sp else None,
        "end_col": sp.end_col if sp else None,
        "suggestion": sugg.replacement if sugg else None,
        "suggestion_span": sugg.span.to_json() if sugg else None,
        "notes": list(d.notes),
        "help": d.help,
    }


def skill_report(diags: Iterable[Diagnostic], sources: Mapping[str, str] | None = None) -> dict[str, object]:
    """Diagnostics grouped per skill: ``{"errors", "warnings", "infos", "skills": [...]}``.

    Each entry of ``skills`` is ``{"file", "line", "skill", "diagnostics"}``: one per
    skill line of every file in ``sources`` (clean skills too, with no diagnostics),
    in file and line order; diagnostics outside any skill line (headers, whole-file
    problems) come in entries whose ``skill`` is null.  The counts are of all the
    diagnostics; the entries list them capped by :func:`cap_diagnostics`, at most
    :data:`MAX_PER_LINE` per line (so every skill line shows its own errors)."""
    from .parse import skill_line_name

    every = sorted(diags, key=sort_key)
    sources = dict(sources or {})
    # the bound is per skill line here: with one file of many skills (--skills-file) a
    # per-file cap would list the later skills as clean; MAX_PER_LINE per line is still
    # bounded by the input (whose size and line count are limited before reading)
    lines = max((sum(1 for _ in t.split("\n")) for t in sources.values()), default=0)
    ds = sorted(cap_diagnostics(every, per_file=max(MAX_PER_FILE, MAX_PER_LINE * lines)), key=sort_key)
    entries: dict[tuple[str, int], dict[str, object]] = {}
    order: list[tuple[str, int]] = []

    def entry(file: str, line: int, skill: str | None) -> dict[str, object]:
        key = (file, line)
        if key not in entries:
            entries[key] = {"file": file or None, "line": line or None, "skill": skill, "diagnostics": []}
            order.append(key)
        return entries[key]

    line_names: dict[str, list[str | None]] = {}
    for file, text in sources.items():
        names = [skill_line_name(line) for line in text.split("\n")]
        line_names[file] = names
        for k, name in enumerate(names):
            if name is not None:
                entry(file, k + 1, name)
    for d in ds:
        if d.span is None:
            e = entry("", 0, None)
        else:
            names = line_names.get(d.span.file, [])
            name = names[d.span.line - 1] if 1 <= d.span.line <= len(names) else None
            e = entry(d.span.file, d.span.line, name)
        items = e["diagnostics"]
        assert isinstance(items, list)
        items.append(diagnostic_record(d))
    order.sort()
    counts = {sev: sum(1 for d in every if d.severity is sev) for sev in Severity}
    return {
        "errors": counts[Severity.ERROR],
        "warnings": counts[Severity.WARNING],
        "infos": counts[Severity.NOTE],
        "skills": [entries[k] for k in order],
    }


def render_json_report(diags: Iterable[Diagnostic], sources: Mapping[str, str] | None = None) -> str:
    """:func:`skill_report` as JSON text (``sgs check --format json``)."""
    return _dump(skill_report(diags, sources))


def _expand_tabs(text: str) -> str:
    return text.replace("\t", "    ")


#: a shown source line longer than this (terminal cells) is cut around the span
MAX_SHOWN = 100
_CONTEXT = 30
_MAX_SPAN_SHOWN = 50


def _shown(line_text: str, col: int, end_col: int) -> tuple[str, str, str]:
    """(before, inside, after) of the shown line: escaped, tabs expanded, cut with …

    Only a window around the span is escaped (escaping never shortens a character),
    so the cost does not depend on the line's length."""
    def prep(t: str) -> str:
        return escape_text(_expand_tabs(t))

    mid = max(end_col - 1, col - 1)
    if len(line_text) <= MAX_SHOWN:
        before = prep(line_text[: col - 1])
        inside = prep(line_text[col - 1 : mid])
        after = prep(line_text[mid:])
        if cell_len(before + inside + after) <= MAX_SHOWN:
            return before, inside, after
    before = prep(line_text[max(0, col - 1 - _CONTEXT) : col - 1])
    if len(before) > _CONTEXT or col - 1 > _CONTEXT:
        before = "…" + before[-_CONTEXT:]
    inside = prep(line_text[col - 1 : min(mid, col - 1 + _MAX_SPAN_SHOWN + 1)])
    if len(inside) > _MAX_SPAN_SHOWN:
        inside = inside[:_MAX_SPAN_SHOWN] + "…"
    after = prep(line_text[mid : mid + _CONTEXT + 1])
    if len(after) > _CONTEXT:
        after = after[:_CONTEXT] + "…"
    return before, inside, after


def render_human(diags: Iterable[Diagnostic], sources: Mapping[str, str] | None = None) -> str:
    """rustc layout.  ``sources`` maps a span's file to its text (for the source line).

    Control characters are shown escaped (:func:`escape_text`), a long line is
    cut around the span and the diagnostics are capped (:func:`cap_diagnostics`),
    so a hostile file cannot drive the terminal or flood it; each file's lines are
    split once, so the cost is linear in the input and the output."""
    sources = sources or {}
    blocks: list[str] = []
    split: dict[str, list[str]] = {}
    for d in cap_diagnostics(diags):
        out = [escape_text(_header(d))]
        if d.span is not None:
            sp = d.span
            text = sources.get(sp.file)
            line_text: str | None = None
            if text is not None:
                all_lines = split.get(sp.file)
                if all_lines is None:
                    all_lines = split[sp.file] = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
                if 1 <= sp.line <= len(all_lines):
                    line_text = all_lines[sp.line - 1]
            gutter = " " * len(str(sp.line))
            out.append(escape_text(f"{gutter}--> {sp.file}:{sp.line}:{sp.col}"))
            if line_text is not None:
                end_col = sp.end_col if sp.end_line == sp.line else len(line_text) + 1
                before, inside, after = _shown(line_text, sp.col, end_col)
                width = max(cell_len(inside), 1)
                label = ""
                if d.suggestion is not None and d.suggestion.span == sp:
                    repl = escape_text(d.suggestion.replacement)
                    label = f" 应为“{repl}”" if repl else " 删除"
                out.append(f"{gutter} |")
                out.append(f"{sp.line} | {before}{inside}{after}")
                out.append(f"{gutter} | {' ' * cell_len(before)}{'^' * width}{label}")
        for note in d.notes:
            out.append(f"  = note: {escape_text(note)}")
        if d.help:
            out.append(f"  = help: {escape_text(d.help)}")
        blocks.append("\n".join(out))
    return "\n\n".join(blocks) + ("\n" if blocks else "")
