"""Parsing: normalise the text, run the Lark grammar, turn failures into diagnostics.

Parser choice (measured on skills/standard and the seed-004 wordings): the grammar
is LALR(1)-clean, so it runs with LALR + the contextual lexer (each parser state
only tries the words it can accept, which is what splits unspaced Chinese).  The
same grammar under Earley + the dynamic lexer also parses everything but is 4-10×
slower per file, and only LALR guarantees the language's "one reading" principle
(an ambiguous grammar change fails at grammar-build time as a conflict instead of
silently picking a parse).  LALR also gives precise expected-terminal sets for errors.

Normalisation is mechanical and length-preserving, so spans into the normalised
text are spans into the source: half-width punctuation becomes full-width
(``,`` → ``，``, ``(`` → ``（`` …), full-width digits and signs become ASCII, and a
few known misspellings are corrected with a W0101 warning (``收到伤害`` → ``受到``).

A second, small step (:func:`repair`) fixes the seed texts' own slips that change the
length of a line — ``角`` for ``角色``, a missing final ``。`` — with a warning each, and
records the insertions (:class:`Edit`) so that :func:`remap_span` can turn a span of
the repaired text back into one of the source.

The source is untrusted input to a code generator: control characters, line
separators and bidi overrides are refused (E0112) and replaced by a space before
parsing; lines longer than :data:`MAX_LINE` characters, files longer than
:data:`MAX_TEXT` and parse trees deeper than :data:`MAX_DEPTH` are refused (E0110,
E0111) instead of being handed to the later passes.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import AbstractSet, Any, Callable

from lark import Lark, Token, Tree
from lark.tree import Meta
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternRE, PatternStr

from .cache import load_parser
from .diagnostics import Diagnostic, Severity, Span, Suggestion
from .suggest import close_words, meaning_flip

__all__ = [
    "Edit",
    "ParseResult",
    "normalise",
    "repair",
    "remap_span",
    "remap",
    "parse_text",
    "get_parser",
    "TERMINAL_WORDS",
    "terminal_words",
    "skill_line_name",
    "known_cards",
    "MAX_LINE",
    "MAX_TEXT",
    "MAX_DEPTH",
    "PHASE_SYNONYMS",
]

#: longest accepted line (characters); longer lines are refused with E0110
MAX_LINE = 2000
#: longest accepted file (characters)
MAX_TEXT = 500_000
#: deepest accepted parse tree (nested 令… clauses and the like)
MAX_DEPTH = 60

_HALF = ",:;()!?０１２３４５６７８９＋－　［］"
_FULL = "，：；（）！？0123456789+- 【】"
#: a card name in half-width brackets (使用一张[杀]: 【】 typed without an IME); only a
#: closed pair on one line, so a stray “[” is left for the checker to point at
_HALF_CARD = re.compile(r"\[([^\[\]\n]{1,20})\]")
_TRANSLATE = str.maketrans(_HALF, _FULL)

#: known misspellings → the register's word (same length, so spans stay valid)
MISSPELLINGS: dict[str, str] = {
    "收到": "受到",
    "方片": "方块",
    "诸葛连驽": "诸葛连弩",
    "青钢剑": "青釭剑",
    "夏侯敦": "夏侯惇",
    "牌对顶": "牌堆顶",
}

#: common confusions that are not auto-corrected but suggested ("did you mean")
CONFUSABLE: dict[str, str] = {
    "模": "摸",
    "抽": "摸",
    "获取": "获得",
    "得到": "获得",
    "其它": "其他",
    "回覆": "回复",
    "丢弃": "弃置",
    "弃掉": "弃置",
    "收到": "受到",
    "候": "后",
    "之后": "后",
    "以后": "后",
    "之时": "时",
    "获的": "获得",
    "伤害源": "伤害来源",
    "打出或使用": "使用或打出",
    "角色们": "角色",
    "照成": "造成",
    "排": "牌",
    "偷走": "获得",
    "拿走": "获得",
    "治疗": "回复",
    "和": "或",
}

#: Chinese descriptions of the terminals that are not a single literal word
TERMINAL_WORDS: dict[str, str] = {
    "CARD_NAME": "牌名（如【杀】）",
    "BRACKETED": "【牌名】",
    "NUM": "数目（如“一”“两”“1”）",
    "DELTA": "“+1”或“-1”",
    "NAME": "名字",
    "SKILL_NAME": "技能名",
    "PINYIN": "（拼音）",
    "HP": "体力值（如“4体力”）",
    "KW_PACKAGE": "“扩展包”",
    "KW_GENERAL": "“武将”",
    "_END": "句号“。”",
    "_NL": "换行",
    "$END": "文件结尾",
    "OR_SEP": "“，或”",
    "COMMA_IF": "“，若”",
    "TAG": "技能标签（锁定技、主公技……）",
    "PHASE": "阶段名（如“出牌阶段”“准备阶段”）",
    "COLOR": "颜色（红色/黑色）",
    "SUIT": "花色（红桃/黑桃/梅花/方块）",
    "KINGDOM": "势力（魏/蜀/吴/群/神）",
    "GENDER": "性别（男/女）",
    "RANGE_PERSON": "人数范围（如“一至两名”）",
    "N_PERSONS": "人数（如“两名”）",
    "X": "“X”",
    "COMMENT": "注释",
    "WS_INLINE": "空格",
}


@dataclass(frozen=True, slots=True)
class Edit:
    """An insertion made by :func:`repair`: ``delta`` characters inserted into line
    ``line`` of the source before its (1-based) column ``col``."""

    line: int
    col: int
    delta: int


@dataclass(frozen=True, slots=True)
class ParseResult:
    """The outcome of parsing one file.  Fields: ``file``, ``text`` (normalised),
    ``tree`` (None on a syntax error), ``diagnostics``."""

    file: str
    text: str
    tree: Tree[Token] | None
    diagnostics: tuple[Diagnostic, ...]
    edits: tuple[Edit, ...] = field(default=())


@lru_cache(maxsize=1)
def get_parser() -> Lark:
    """The LALR parser, built once per process.  Building the tables takes about a
    second for the whole grammar, so they are cached on disk beside the compiled
    modules (:func:`.cache.load_parser`: keyed by a hash of the grammar files, the
    options and Lark's version; verified before it is loaded, rebuilt when damaged)."""
    import hashlib
    from importlib import resources

    import lark

    h = hashlib.sha256(f"{lark.__version__} lalr contextual positions no-placeholders".encode())
    for entry in sorted(resources.files("sgs.grammar").iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".lark"):
            h.update(entry.name.encode() + b"\0" + entry.read_bytes())
    return load_parser(
        lambda: Lark.open_from_package(
            "sgs.grammar", "sgs.lark", parser="lalr", lexer="contextual",
            propagate_positions=True, maybe_placeholders=False,
        ),
        h.hexdigest()[:20],
    )


def _pos_to_linecol(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


def _span(file: str, text: str, start: int, end: int) -> Span:
    l1, c1 = _pos_to_linecol(text, start)
    l2, c2 = _pos_to_linecol(text, end)
    return Span(file, l1, c1, l2, c2)


#: a skill line: ``名称：`` or ``名称（pinyin）：`` (not a header, general or comment line)
_SKILL_LINE = re.compile(r"^[ \t]*(?!扩展包[ \t]|武将[ \t]|#)([^\s#：，。（）【】、；]+)[ \t]*(?:（[^）\n]*）)?[ \t]*：")

#: bidi controls (Trojan-source), invisible marks that reorder what a reader sees
_BIDI = set("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")


def skill_line_name(line: str) -> str | None:
    """The skill name if ``line`` (normalised or not) is a skill line ``名称：…``."""
    m = _SKILL_LINE.match(line.translate(_TRANSLATE))
    return m.group(1) if m else None


def _refused_char(ch: str) -> bool:
    if ch in "\n\t":
        return False
    return unicodedata.category(ch) in ("Cc", "Zl", "Zp", "Cs") or ch in _BIDI


#: any character :func:`_refused_char` refuses (categories Cc, Zl, Zp, Cs and the bidi
#: marks), searched in one pass instead of a call per character; a test checks that
#: the two agree on every code point
_REFUSED = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(sorted(_BIDI)) + "]"
)


def _char_name(ch: str) -> str:
    return f"U+{ord(ch):04X}" + (f" {unicodedata.name(ch)}" if unicodedata.name(ch, "") else "")


#: I0702's words: 你受到伤害后/时 with no 一次/1点 (read once per event; sgs fmt writes 一次)
BARE_DAMAGE_TAKEN = re.compile(r"(?<=你)受到伤害(?=[后时])")


def _colon_before(text: str, pos: int) -> bool:
    """Whether the line holding ``pos`` has its skill name's “：” before ``pos`` (E0104
    is then wrong: the name is there, the sentence after it is what went wrong)."""
    return "：" in text[text.rfind("\n", 0, pos) + 1 : pos]


#: unified CJK ideographs (not the compatibility block U+F900–U+FAFF: names spelt with
#: those are NFKC's business, W0115)
_CJK = re.compile(r"[\u3400-\u9fff]")
_COMMENT = re.compile(r"^[ \t]*#")
#: a header or general line: its keyword, then the name (kept as written), then the rest
_NAMED_LINE = re.compile(r"^([ \t]*(?:扩展包|擴展包|武将|武將))([ \t]+\S+)?")


def _converted_parts(line: str) -> list[tuple[int, int]]:
    """The stretches of ``line`` W0103 may convert: none of a comment (the designer's
    prose), and never a name (a package or general name after its keyword, a skill's
    name before its “：”) — a name with traditional characters is another name."""
    if _COMMENT.match(line):
        return []
    m = _NAMED_LINE.match(line)
    if m:  # the keyword (擴展包 / 武將) and what follows the name
        return [(0, m.end(1)), (m.end(), len(line))]
    return [(line.find("：") + 1, len(line))]


def _simplified(out: str, file: str, diags: list[Diagnostic], room: Callable[[str, Severity, str], bool]) -> str:
    """繁体字 read as simplified (W0103, one per line, from its first converted character
    to its last), by OpenCC's ``t2s`` conversion, character by character: only
    characters that are never simplified change (a phrase such as 回覆 is left to the
    checker's suggestions), and every span stays where it was.  Comments and names are
    left as written (:func:`_converted_parts`); so are the corpus and every bundled text
    (a test)."""
    if not _CJK.search(out) or _t2s().convert(out) == out:
        return out
    result: list[str] = []
    pos = 0
    for line in out.split("\n"):
        chars = list(line)
        for a, b in _converted_parts(line):
            chars[a:b] = map(_simple_char, line[a:b])
        simple = "".join(chars)
        diff = [k for k, (x, y) in enumerate(zip(line, simple)) if x != y]
        if diff:
            i, j = diff[0], diff[-1] + 1
            if room("W0103", Severity.WARNING, "繁体字"):
                sp = _span(file, out, pos + i, pos + j)
                diags.append(
                    Diagnostic(
                        "W0103",
                        Severity.WARNING,
                        f"繁体字（{'、'.join(dict.fromkeys(line[k] for k in diff))}），已按简体读取：“{simple[i:j]}”",
                        sp,
                        help="技能文本用简体字书写；sgs fmt 会改写为简体（名字和注释保持原样）",
                        suggestion=Suggestion(sp, simple[i:j]),
                    )
                )
        result.append(simple)
        pos += len(line) + 1
    return "\n".join(result)


@lru_cache(maxsize=4096)
def _simple_char(ch: str) -> str:
    """``ch`` in simplified form when OpenCC maps it to one other character, else ``ch``."""
    if not _CJK.match(ch):
        return ch
    c = str(_t2s().convert(ch))
    return c if len(c) == 1 else ch


@lru_cache(maxsize=1)
def _t2s() -> Any:
    import opencc  # ~30 ms to load its dictionaries: only when a text has CJK characters

    return opencc.OpenCC("t2s")


def normalise(text: str, file: str) -> tuple[str, list[Diagnostic]]:
    """Mechanical, length-preserving normalisation; returns the text and diagnostics
    (W0101 corrections, E0112 control characters, E0109 a ``#`` inside a line)."""
    diags: list[Diagnostic] = []
    out = text.replace("\r\n", "\n").replace("\r", "\n").translate(_TRANSLATE)
    out = _HALF_CARD.sub(r"【\1】", out)
    if out.startswith("\ufeff"):
        out = " " + out[1:]
    if _REFUSED.search(out):
        # one E0112 per character, at most CAPS per line and per file (a line of
        # 100,000 NULs is one problem, not 100,000), positions counted as we go
        from .diagnostics import MAX_PER_FILE, MAX_PER_LINE

        chars = list(out)
        line_no, line_start, on_line, unlisted = 1, 0, 0, 0
        for i, ch in enumerate(chars):
            if ch == "\n":
                line_no, line_start, on_line = line_no + 1, i + 1, 0
            elif _refused_char(ch):
                chars[i] = " "
                on_line += 1
                if on_line > MAX_PER_LINE or len(diags) >= MAX_PER_FILE:
                    unlisted += 1
                    continue
                col = i - line_start + 1
                sp = Span(file, line_no, col, line_no, col + 1)
                diags.append(
                    Diagnostic(
                        "E0112",
                        Severity.ERROR,
                        f"源文本中不能有控制字符（{_char_name(ch)}）",
                        sp,
                        help="删除这个字符；技能文本只由文字、标点和空格组成",
                        suggestion=Suggestion(sp, ""),
                    )
                )
        if unlisted:
            diags.append(
                Diagnostic(
                    "E0112", Severity.ERROR, f"“{file}”中另有 {unlisted} 个控制字符未逐一列出", None,
                    help="删除这些字符；用 sgs check --format json 或编辑器的“显示不可见字符”查找",
                )
            )
        out = "".join(chars)
    # the corrections and notes below: at most MAX_PER_FILE of each kind are built
    # (each span counts the lines before it), the rest counted in one line at the end:
    # 1.4 MB of 收到 made 238,800 warnings, each scanning the text, for minutes
    from .diagnostics import MAX_PER_FILE

    found: dict[tuple[str, Severity, str], int] = {}

    def room(code: str, severity: Severity, what: str) -> bool:
        n = found[code, severity, what] = found.get((code, severity, what), 0) + 1
        return n <= MAX_PER_FILE

    for wrong, right in MISSPELLINGS.items():
        for m in re.finditer(re.escape(wrong), out):
            if not room("W0101", Severity.WARNING, "错别字"):
                continue
            sp = _span(file, out, m.start(), m.end())
            diags.append(
                Diagnostic(
                    "W0101",
                    Severity.WARNING,
                    f"错别字“{wrong}”，已按“{right}”读取",
                    sp,
                    suggestion=Suggestion(sp, right),
                )
            )
        out = out.replace(wrong, right)
    out = _simplified(out, file, diags, room)
    # 受到伤害后 without 一次/1点: once per event or once per point? (DESIGN §2.2)
    for m in BARE_DAMAGE_TAKEN.finditer(out):
        if not room("I0702", Severity.NOTE, "没有写“一次”或“1点”的“受到伤害”"):
            continue
        sp = _span(file, out, m.start(), m.end())
        # The rules settle it (once per damage event), so this is information, not a
        # warning: the text compiles with that reading and fmt writes it out.
        diags.append(
            Diagnostic(
                "I0702",
                Severity.NOTE,
                "“受到伤害”没有写“一次”或“1点”；规则的读法是每次伤害事件发动一次，按“受到一次伤害”处理",
                sp,
                notes=("“受到一次伤害后”：每次伤害事件发动一次；“受到1点伤害后”：每1点伤害发动一次",),
                help="写成“受到一次伤害”（每次）或“受到1点伤害”（每点）",
                suggestion=Suggestion(sp, "受到一次伤害"),
            )
        )
    # 1.、 (seed 004): the enumeration needs one mark, not two
    for m in re.finditer(r"[0-9]\.、", out):
        if not room("W0101", Severity.WARNING, "“.、”"):
            continue
        sp = _span(file, out, m.end() - 1, m.end())
        diags.append(
            Diagnostic("W0101", Severity.WARNING, "“.、”重复了序号后的标点，已按“.”读取", sp, suggestion=Suggestion(sp, ""))
        )
    out = re.sub(r"(?<=[0-9]\.)、", " ", out)
    lines = out.split("\n")
    pos = 0
    for k, line in enumerate(lines):
        stripped = line.rstrip(" \t")
        # a final half-width full stop on a skill line
        if stripped.endswith(".") and skill_line_name(line) is not None and not re.search(r"[0-9]\.$", stripped):
            i = pos + len(stripped) - 1
            lines[k] = stripped[:-1] + "。" + line[len(stripped):]
        # "#" starts a comment only at the start of a line
        lead = len(line) - len(line.lstrip(" \t"))
        if not line[lead:].startswith("#"):
            for m in re.finditer("#", line):
                if not room("E0109", Severity.ERROR, "行中的“#”"):
                    continue
                sp = _span(file, out, pos + m.start(), pos + m.start() + 1)
                diags.append(
                    Diagnostic(
                        "E0109",
                        Severity.ERROR,
                        "“#”只能在行首开始注释，不能出现在一行中间",
                        sp,
                        help="注释要单独成行（行首写“#”）；名字和技能描述里不能有“#”",
                    )
                )
            lines[k] = lines[k].replace("#", "＃")
        pos += len(line) + 1
    out = "\n".join(lines)
    if not out.endswith("\n"):
        out += "\n"
    for (code, severity, what), n in found.items():
        if n > MAX_PER_FILE:
            diags.append(Diagnostic(code, severity, f"“{file}”中另有 {n - MAX_PER_FILE} 处{what}未逐一列出", None))
    return out, diags


_ROLE_WORD = re.compile(r"(?<=[性他名的])角(?!色)")


def repair(text: str, file: str) -> tuple[str, list[Diagnostic], list[Edit]]:
    """Fix the slips of the seed texts that change a line's length (on the normalised
    text): ``其他男性角，`` → ``角色``, a skill line without its final ``。``.  Returns
    the repaired text, a warning per fix (spans in the source) and the insertions."""
    diags: list[Diagnostic] = []
    edits: list[Edit] = []
    lines = text.split("\n")
    for k, line in enumerate(lines):
        if skill_line_name(line) is None:
            continue
        shift = 0
        parts: list[str] = []
        last = 0
        for m in _ROLE_WORD.finditer(line):
            col = m.start() + 1
            sp = Span(file, k + 1, col, k + 1, col + 1)
            diags.append(
                Diagnostic("W0101", Severity.WARNING, "“角”应为“角色”，已按“角色”读取", sp, suggestion=Suggestion(sp, "角色"))
            )
            parts.append(line[last : m.end()] + "色")
            last = m.end()
            edits.append(Edit(k + 1, col + 1 + shift, 1))
            shift += 1
        parts.append(line[last:])
        new = "".join(parts)
        stripped = new.rstrip(" \t")
        if stripped.endswith("；"):
            # a description ends with 。: a final ；reads as if the writer meant to go on
            # (a clause or an option left out); read as 。, said so (same length: no edit)
            end_col = len(line.rstrip(" \t"))
            sp = Span(file, k + 1, end_col, k + 1, end_col + 1)
            diags.append(
                Diagnostic(
                    "W0102", Severity.WARNING, "技能描述以“；”结尾，已按“。”读取", sp,
                    notes=("“；”之后应还有一句或一个选项；技能描述以“。”结束",),
                    help="句末的“；”改为“。”（若后面漏写了一句，补上它）", suggestion=Suggestion(sp, "。"),
                )
            )
            new = stripped[:-1] + "。" + new[len(stripped):]
        elif stripped and stripped[-1] not in "。；，、：":
            end_col = len(line.rstrip(" \t")) + 1
            sp = Span(file, k + 1, end_col, k + 1, end_col)
            diags.append(
                Diagnostic(
                    "W0102",
                    Severity.WARNING,
                    "技能描述末尾缺少“。”，已补上",
                    sp,
                    help="在句末加上“。”",
                    suggestion=Suggestion(sp, "。"),
                )
            )
            edits.append(Edit(k + 1, len(stripped) + 1, 1))
            new = stripped + "。" + new[len(stripped) :]
        lines[k] = new
    return "\n".join(lines), diags, edits


def remap_span(span: Span, edits: tuple[Edit, ...] | list[Edit]) -> Span:
    """A span of the repaired text as a span of the source (undo :func:`repair`'s insertions)."""
    if not edits:
        return span

    def back(line: int, col: int) -> int:
        for e in reversed(edits):  # later insertions first: earlier ones stay valid
            if e.line == line and col >= e.col:
                col = col - e.delta if col >= e.col + e.delta else e.col
        return max(col, 1)

    return Span(span.file, span.line, back(span.line, span.col), span.end_line, back(span.end_line, span.end_col))


def remap(diag: Diagnostic, edits: tuple[Edit, ...] | list[Edit]) -> Diagnostic:
    """``diag`` with its spans in source coordinates (see :func:`remap_span`)."""
    if not edits or diag.span is None:
        return diag
    sugg = diag.suggestion
    if sugg is not None:
        sugg = Suggestion(remap_span(sugg.span, edits), sugg.replacement)
    return replace(diag, span=remap_span(diag.span, edits), suggestion=sugg)


def known_cards() -> set[str]:
    """Every card name of the vocabulary (the grammar's CARD_NAME words and 的卢)."""
    return set(_known_cards())


@lru_cache(maxsize=1)
def _known_cards() -> frozenset[str]:
    return frozenset(_terminal_words("CARD_NAME")) | {"的卢"}


# ---------------------------------------------------------------- error messages


def _alternatives(pattern: PatternRE) -> list[str] | None:
    """The literal words of a pattern that is an alternation of literals."""
    raw = pattern.value
    m = re.fullmatch(r"\(\?:(.*)\)", raw)
    body = m.group(1) if m else raw
    words = body.split("|")
    if all(w and re.fullmatch(r"[^\\.*+?()\[\]{}^$]+", w) for w in words):
        return words
    return None


def terminal_words(name: str) -> list[str]:
    """The literal words a terminal accepts ([] for open classes such as NAME)."""
    return list(_terminal_words(name))


@lru_cache(maxsize=None)
def _terminal_words(name: str) -> tuple[str, ...]:
    # once per terminal and process: the parser is built once (get_parser), and the
    # checks ask for the card names once per skill
    return tuple(_literal_words(name))


def _literal_words(name: str) -> list[str]:
    if name in ("NAME", "SKILL_NAME", "BRACKETED", "NUM", "DELTA", "PINYIN", "HP", "$END", "_NL"):
        return []
    try:
        term = get_parser().get_terminal(name)
    except KeyError:
        return []
    pat = term.pattern
    if isinstance(pat, PatternStr):
        return [pat.value]
    if isinstance(pat, PatternRE):
        return _alternatives(pat) or []
    return []


def describe(name: str) -> str:
    if name in TERMINAL_WORDS:
        return TERMINAL_WORDS[name]
    words = _terminal_words(name)
    if len(words) == 1:
        return f"“{words[0]}”"
    if words:
        return "“" + "”/“".join(words[:4]) + "”"
    return "规范用语中的词"  # never an internal terminal name


def _expected_text(expected: set[str]) -> str:
    names = sorted({describe(n) for n in expected if not n.startswith("__")})
    if len(names) > 8:
        names = names[:8] + ["……"]
    if len(names) <= 1:
        return "".join(names)
    return "、".join(names[:-1]) + " 或 " + names[-1]


def _did_you_mean(text: str, pos: int, expected: set[str]) -> tuple[str, int] | None:
    """The expected word closest to the text at ``pos``: (word, length of text replaced)."""
    best: tuple[float, int, str, int] | None = None
    for name in expected:
        for word in _terminal_words(name):
            for length in (len(word),):
                chunk = text[pos : pos + length]
                if "\n" in chunk or not chunk:
                    continue
                ratio = difflib.SequenceMatcher(None, chunk, word).ratio()
                # half the characters in common only counts when the first one agrees
                # (开始， → 开始时, not 复制 → 回复)
                if (ratio > 0.5 or (ratio == 0.5 and chunk[0] == word[0])) and chunk != word:
                    if meaning_flip(chunk, word):  # 至少 → 至多, 非基本 → 基本牌: never offered
                        continue
                    key = (ratio, len(word), word, length)
                    if best is None or key > best:
                        best = key
    for wrong, right in CONFUSABLE.items():
        if text.startswith(wrong, pos) and any(right in _terminal_words(n) for n in expected):
            return right, len(wrong)
    if best is None:
        return None
    return best[2], best[3]


def _known_word_at(text: str, pos: int) -> str | None:
    """The longest word of the register (any literal terminal) starting at ``pos``."""
    best: str | None = None
    for term in get_parser().terminals:
        for word in _terminal_words(term.name):
            if text.startswith(word, pos) and (best is None or len(word) > len(best)):
                best = word
    return best


#: the shape of a general line, for E0105
_GENERAL_SHAPE = (
    "武将行依次写武将名、势力、体力和性别，以空格隔开，如“武将 曹操 魏 4体力 男”"
    "（名字后可加拼音“管辂（guanlu）”；势力：魏/蜀/吴/群/神；体力如“4体力”；性别：男/女）"
)
_GENERAL_FIELDS = ("武将名", "势力", "体力", "性别")


def _incomplete_general(text: str, pos: int, file: str) -> Diagnostic | None:
    """E0105 for a 武将 line with fewer than its four fields (``武将`` alone, ``武将 曹操``),
    whatever the parser expected there (a skill line, a new general …)."""
    starts = [text.rfind("\n", 0, pos) + 1]
    if pos >= len(text.rstrip("\n")):  # the error is at the end of the text: its last line
        starts.append(text.rfind("\n", 0, len(text.rstrip("\n"))) + 1)
    for start in starts:
        end = text.find("\n", start)
        end = len(text) if end == -1 else end
        line = text[start:end]
        lead = len(line) - len(line.lstrip(" \t"))
        if re.match(r"武将(?=[ \t]|$)", line[lead:]) and "：" not in line:
            break
    else:
        return None
    parts = line[lead:].split()[1:]
    if len(parts) >= len(_GENERAL_FIELDS):
        return None
    missing = "、".join(_GENERAL_FIELDS[len(parts) :])
    body_end = len(line.rstrip(" \t"))
    sp = _span(file, text, start + lead, start + body_end)
    return Diagnostic(
        "E0105",
        Severity.ERROR,
        f"武将行不完整：缺少{missing}",
        sp,
        notes=("此处应为：武将名、势力、体力和性别",),
        help=_GENERAL_SHAPE,
    )


def _skill_before_general(text: str, pos: int, expected: set[str], file: str) -> Diagnostic | None:
    """E0105 for a skill line where a 武将 line was expected and none is above it: a skill
    belongs to the general whose line it follows (not an unknown word “镇…”)."""
    if "KW_GENERAL" not in expected:
        return None
    start = text.rfind("\n", 0, pos) + 1
    line = text[start:].split("\n", 1)[0]
    name = skill_line_name(line)
    if name is None or re.search(r"^[ \t]*武将[ \t]", text[:start], re.M):
        return None
    at = start + line.find(name)
    return Diagnostic(
        "E0105",
        Severity.ERROR,
        f"技能“{name}”前没有武将行：技能写在它所属武将的“武将”行之下",
        _span(file, text, at, at + len(name)),
        notes=("此处应为：“武将”行",),
        help="在这一行上方加上武将行，如“武将 曹操 魏 4体力 男”（名字后可加拼音“曹操（caocao）”）",
    )


def _in_skill_body(text: str, pos: int) -> bool:
    """Whether ``pos`` lies after the “：” of a skill line ``名称：…``."""
    start = text.rfind("\n", 0, pos) + 1
    line = text[start:].split("\n", 1)[0]
    colon = line.find("：")
    return colon >= 0 and start + colon < pos and skill_line_name(line) is not None


def _syntax_error(err: UnexpectedInput, text: str, file: str) -> Diagnostic:
    pos = err.pos_in_stream if err.pos_in_stream is not None else len(text)
    expected: set[str] = set()
    token: Token | None = None
    if isinstance(err, UnexpectedToken):
        expected = set(err.expected)
        token = err.token
    elif isinstance(err, UnexpectedCharacters):
        expected = set(err.allowed or ())
    elif isinstance(err, UnexpectedEOF):
        expected = set(err.expected)
        pos = len(text)
    exp = _expected_text(expected)

    general = _incomplete_general(text, pos, file) or _skill_before_general(text, pos, expected, file)
    if general is not None:
        return general

    at_eol = token is not None and token.type in ("_NL", "$END") or pos >= len(text.rstrip("\n"))
    if isinstance(err, UnexpectedToken) and token is not None and token.type in ("_NL", "$END"):
        # the line ended early
        line_end = pos
        while line_end > 0 and text[line_end - 1] in " \t\n":
            line_end -= 1
        sp = _span(file, text, max(line_end - 1, 0), line_end)
        if text[line_end - 1 : line_end] in ("，", "、", "；"):
            return Diagnostic(
                "E0102",
                Severity.ERROR,
                "句子以“" + text[line_end - 1] + "”结束，缺少结尾的“。”",
                sp,
                help="把最后的标点改为“。”",
                suggestion=Suggestion(sp, "。"),
            )
        if "_END" in expected:
            return Diagnostic(
                "E0102",
                Severity.ERROR,
                "句子缺少结尾的“。”",
                sp,
                help="在句末加上“。”",
                suggestion=Suggestion(_span(file, text, line_end, line_end), "。"),
            )
        if "COLON" in expected and not _colon_before(text, pos):
            return Diagnostic("E0104", Severity.ERROR, "技能名后缺少“：”", sp, help="技能行的格式是“技能名：技能描述”")
        return Diagnostic("E0101", Severity.ERROR, "句子没有写完", sp, notes=(f"此处应为：{exp}",))

    if "PINYIN" in expected and text.startswith("（", pos):
        close = text.find("）", pos)
        inner = text[pos + 1 : close] if close != -1 else ""
        if re.fullmatch(r"[A-Za-z0-9_\- ]+", inner):  # an attempt at a pinyin, not something else
            sp = _span(file, text, pos, close + 1)
            fix = inner.lower() if re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", inner) else None
            return Diagnostic(
                "E0402",
                Severity.ERROR,
                f"括号里的拼音“{inner}”只能由小写英文字母、数字和下划线组成，且以字母开头",
                sp,
                help="如“奸雄（jianxiong）：”；拼音是生成的 Python 代码里的标识符",
                suggestion=Suggestion(sp, f"（{fix}）") if fix else None,
            )
    if expected and expected <= {"X"} and text[pos - 1 : pos] == "（":
        close = text.find("）", pos)
        end = close + 1 if close != -1 and "\n" not in text[pos:close] else pos + 1
        sp = _span(file, text, pos - 1, end)
        return Diagnostic(
            "E0101",
            Severity.ERROR,
            "这里的括号只能用来说明 X，如“（X为你已损失的体力值）”",
            sp,
            help="注释请单独写一行，以“#”开头",
        )
    if token is not None and token.type == "COMMA" and expected and expected <= {"AFTER", "WHEN", "BEFORE", "WHEN_AFTER"}:
        sp = _span(file, text, pos, pos)
        word = "后" if "AFTER" in expected else "时"
        return Diagnostic(
            "E0106",
            Severity.ERROR,
            "时机不完整：此处缺少" + "或".join(f"“{w}”" for w in sorted(w for n in expected for w in _terminal_words(n))),
            _span(file, text, pos, pos + 1),
            help="“……后”在事件结算之后发动，“……时”在事件进行之中发动；多数受到伤害的技能写“后”",
            suggestion=Suggestion(sp, word),
        )

    if token is not None and token.type in ("WHEN", "AFTER") and expected and expected <= {"AFTER", "WHEN"}:
        # 失去1点体力时 / 成为【杀】的目标之… : the window exists only as “……后” (or “……时”)
        right = "后" if "AFTER" in expected else "时"
        sp = _span(file, text, pos, pos + 1)
        return Diagnostic(
            "E0106",
            Severity.ERROR,
            f"这个时机只有“……{right}”，没有“……{token.value}”",
            sp,
            help="失去体力、回复体力、造成伤害的时机写“……后”，如“每当你失去1点体力后，”"
            if right == "后" else f"把“{token.value}”改为“时”",
            # 时 → 后 is another window, not a spelling fix: explained, never auto-applied
            suggestion=None if meaning_flip(str(token.value), right) else Suggestion(sp, right),
        )
    if "COLON" in expected and "_END" not in expected and not _colon_before(text, pos):
        sp = _span(file, text, pos, pos + 1)
        return Diagnostic(
            "E0104",
            Severity.ERROR,
            "技能名后缺少“：”",
            sp,
            help="技能行的格式是“技能名：技能描述”，如“奸雄：每当你受到一次伤害后，……”",
        )
    header_words = expected and expected <= {"KW_PACKAGE", "_NL"}
    general_words = "KINGDOM" in expected or "HP" in expected or "GENDER" in expected
    # inside a skill's text a kingdom is a modifier (其他晋势力角色), not a general line's field
    if header_words or general_words and not _in_skill_body(text, pos):
        end = pos + (len(token.value) if token is not None and "\n" not in token.value else 1)
        sp = _span(file, text, pos, end)
        return Diagnostic(
            "E0105",
            Severity.ERROR,
            f"文件头或武将行格式不对：此处应为{exp}",
            sp,
            help="文件以“扩展包 包名”开头；武将行如“武将 曹操 魏 4体力 男”",
        )

    guess = _did_you_mean(text, pos, expected)
    unknown_word = token is None or token.type in ("NAME", "SKILL_NAME")
    if unknown_word and guess is None:
        known = _known_word_at(text, pos)
        if known is not None:
            sp = _span(file, text, pos, pos + len(known))
            if expected == {"COMMA"}:
                return Diagnostic(
                    "E0101",
                    Severity.ERROR,
                    f"“{known}”前缺少“，”",
                    sp,
                    help="时机和效果之间用“，”隔开",
                    suggestion=Suggestion(_span(file, text, pos, pos), "，"),
                )
            return Diagnostic("E0101", Severity.ERROR, f"此处不应出现“{known}”", sp, notes=(f"此处应为：{exp}",))
    if guess is not None:
        word, length = guess
        sp = _span(file, text, pos, pos + length)
        code = "E0103" if unknown_word else "E0101"
        what = text[pos : pos + length]
        return Diagnostic(
            code,
            Severity.ERROR,
            f"无法识别的词“{what}”" if unknown_word else f"此处不应出现“{what}”",
            sp,
            notes=(f"此处应为：{exp}",),
            help=f"是不是想写“{word}”？",
            suggestion=Suggestion(sp, word),
        )
    if unknown_word:
        sp = _span(file, text, pos, pos + 1)
        return Diagnostic(
            "E0103",
            Severity.ERROR,
            f"无法识别的词“{text[pos:pos + 1]}…”" if not at_eol else "无法识别的内容",
            sp,
            notes=(f"此处应为：{exp}",),
        )
    assert token is not None
    value = str(token.value)
    sp = _span(file, text, pos, pos + max(len(value), 1))
    # sentence-level hints
    if token.type == "PHASE" and "MEIDANG" in expected:
        pass
    if "_END" in expected and token.type in ("COMMA",):
        return Diagnostic(
            "E0101",
            Severity.ERROR,
            "此处应结束句子",
            sp,
            notes=(f"此处应为：{exp}",),
            help="把“，”改为“。”",
            suggestion=Suggestion(sp, "。"),
        )
    return Diagnostic("E0101", Severity.ERROR, f"此处不应出现“{value}”", sp, notes=(f"此处应为：{exp}",))


def _longest_card_at(line: str, i: int, vocab: AbstractSet[str]) -> str | None:
    best = None
    for name in vocab:
        if line.startswith(name, i) and (best is None or len(name) > len(best)):
            best = name
    return best


def _longest_card_before(line: str, i: int, vocab: AbstractSet[str]) -> str | None:
    best = None
    for name in vocab:
        if line[:i].endswith(name) and (best is None or len(name) > len(best)):
            best = name
    return best


_BRACKET = re.compile("[【】（）]")


def _brackets(text: str, file: str) -> list[Diagnostic]:
    """E0107 for every 【】/（） that has no partner on its line, with the likely fix;
    at most the renderer's caps per line and per file, then one E0107 counting the
    rest (a line of 2,000 【 is one problem: 477,600 of them took 12 s to build)."""
    from .diagnostics import MAX_PER_FILE, MAX_PER_LINE

    openers = {"【": "】", "（": "）"}
    closers = {"】": "【", "）": "（"}
    vocab = _known_cards()
    out: list[Diagnostic] = []
    unlisted = 0
    for k, line in enumerate(text.split("\n")):
        if line.lstrip(" \t").startswith("#") or not _BRACKET.search(line):
            continue
        listed = len(out)

        def capped() -> bool:
            nonlocal unlisted
            if len(out) - listed >= MAX_PER_LINE or len(out) >= MAX_PER_FILE:
                unlisted += 1
                return True
            return False

        def span(a: int, b: int) -> Span:
            return Span(file, k + 1, a + 1, k + 1, b + 1)

        def unclosed(ch: str, i: int) -> None:
            if capped():
                return
            card = _longest_card_at(line, i + 1, vocab) if ch == "【" else None
            sp = span(i, i + 1)
            if card is not None:
                out.append(
                    Diagnostic(
                        "E0107", Severity.ERROR, f"“{ch}”没有配对的“{openers[ch]}”", sp,
                        help=f"是不是想写“【{card}】”？",
                        suggestion=Suggestion(span(i + 1 + len(card), i + 1 + len(card)), "】"),
                    )
                )
            else:
                out.append(
                    Diagnostic("E0107", Severity.ERROR, f"“{ch}”没有配对的“{openers[ch]}”", sp,
                               help=f"在{'牌名' if ch == '【' else '括号里的内容'}后加上“{openers[ch]}”，或删去这个“{ch}”")
                )

        stack: list[tuple[str, int]] = []
        for m in _BRACKET.finditer(line):  # the brackets of the line, in order
            i, ch = m.start(), m.group()
            if ch in openers:
                if stack and stack[-1][0] == "【":
                    unclosed(*stack.pop())
                stack.append((ch, i))
            elif ch in closers:
                if stack and stack[-1][0] == closers[ch]:
                    stack.pop()
                    continue
                if stack:
                    unclosed(*stack.pop())
                    continue
                if capped():
                    continue
                card = _longest_card_before(line, i, vocab) if ch == "】" else None
                if card is not None:
                    a = i - len(card)
                    out.append(
                        Diagnostic(
                            "E0107", Severity.ERROR, f"多余的“{ch}”：前面没有配对的“{closers[ch]}”", span(i, i + 1),
                            help=f"是不是想写“【{card}】”？",
                            suggestion=Suggestion(span(a, i + 1), f"【{card}】"),
                        )
                    )
                else:
                    out.append(
                        Diagnostic(
                            "E0107", Severity.ERROR, f"多余的“{ch}”：前面没有配对的“{closers[ch]}”", span(i, i + 1),
                            help=f"删去这个“{ch}”", suggestion=Suggestion(span(i, i + 1), ""),
                        )
                    )
        for ch, i in stack:
            unclosed(ch, i)
    if unlisted:
        out.append(
            Diagnostic(
                "E0107", Severity.ERROR, f"“{file}”中另有 {unlisted} 个不配对的括号未逐一列出", None,
                help="每个“【”“（”都要在同一行里有配对的“】”“）”",
            )
        )
    return out


def _unknown_cards(text: str, file: str, line_no: int) -> list[Diagnostic]:
    """E0301 for every 【name】 on line ``line_no`` that is not a card."""
    vocab = _known_cards()
    lines = text.split("\n")
    if not 1 <= line_no <= len(lines):
        return []
    out = []
    for m in re.finditer(r"【([^】\n]*)】", lines[line_no - 1]):
        name = m.group(1)
        if name in vocab:
            continue
        sp = Span(file, line_no, m.start() + 1, line_no, m.end() + 1)
        close = close_words(name, sorted(vocab))
        out.append(
            Diagnostic(
                "E0301", Severity.ERROR, f"未知的牌名【{name}】", sp,
                help=f"是不是想写【{close[0]}】？" if close else "牌名须是牌表中的牌，如【杀】【闪】【桃】",
                suggestion=Suggestion(sp, f"【{close[0]}】") if close else None,
            )
        )
    return out


#: the newer names of two phases (GLOSSARY: 准备阶段 = 回合开始阶段, 结束阶段 = 回合结束阶段);
#: the parser reads them as the register's names, so the IR, the emitted code and
#: ``sgs explain`` know one name per phase.  The token keeps its position (spans point
#: at the word the designer wrote) and ``sgs fmt``, which works on the text, keeps it.
PHASE_SYNONYMS: dict[str, str] = {"准备阶段": "回合开始阶段", "结束阶段": "回合结束阶段"}


def _canonical_phases(tree: Tree[Token], text: str) -> None:
    """Rewrite the PHASE tokens spelled with a synonym (:data:`PHASE_SYNONYMS`) in place."""
    if not any(word in text for word in PHASE_SYNONYMS):
        return  # most files: no tree walk
    for t in tree.iter_subtrees():
        for i, c in enumerate(t.children):
            if isinstance(c, Token) and c.type == "PHASE" and str(c) in PHASE_SYNONYMS:
                t.children[i] = Token.new_borrow_pos("PHASE", PHASE_SYNONYMS[str(c)], c)


def _depth(tree: Tree[Token]) -> tuple[int, Tree[Token]]:
    """The depth of ``tree`` and its deepest subtree (iteratively: no recursion limit)."""
    best, deepest = 0, tree
    stack: list[tuple[Tree[Token], int]] = [(tree, 1)]
    push, pop = stack.append, stack.pop
    while stack:
        t, d = pop()
        if d > best:
            best, deepest = d, t
        d += 1
        for c in t.children:
            if isinstance(c, Tree):
                push((c, d))
    return best, deepest


#: errors of this grammar on a skill line after which the register grammar reads it
#: (not E0106: 失去体力时 is refused by the rules — there is no such window — not by syntax)
REGISTER_FALLBACK = frozenset({"E0101", "E0103"})
_MARK_START, _MARK_FILL, _MARK_END = "\ue000", "\ue002", "\ue001"


def _parse_lines(rep: str, file: str) -> tuple[Tree[Token], list[Diagnostic]]:
    """:func:`_parse_marked`, with the skill bodies this process has parsed twice
    already (:data:`_BODIES`) not parsed again: each is replaced by a mark of the same
    length, like a line handed to the register grammar, and the skill's tree gets the
    children of the earlier parse back, moved to where the body is now (a skill body is
    one line, and its parse does not depend on the lines around it).  The tree is the
    one a plain parse gives; a file that does not parse is parsed plainly, so its
    errors are reported as they always were."""
    lines = _skill_bodies(rep)
    hits = {k: (a, b, _BODIES[key]) for k, (a, b, _, key) in lines.items() if key in _BODIES}
    tree: Tree[Token] | None = None
    if hits:
        parts: list[str] = []
        last = 0
        for a, b, _ in sorted(hits.values(), key=lambda h: h[0]):
            parts += [rep[last:a], _MARK_START, _MARK_FILL * (b - a - 2), _MARK_END]
            last = b
        parts.append(rep[last:])
        try:
            tree, diags = _parse_marked(rep, "".join(parts), file)
        except UnexpectedInput:
            hits = {}
    if tree is None:
        tree, diags = _parse_marked(rep, rep, file)
    for decl in tree.children:
        if not isinstance(decl, Tree):
            continue
        for sk in decl.children:
            if not isinstance(sk, Tree) or sk.data != "skill" or sk.meta.empty:
                continue
            k = sk.meta.line - 1
            if k not in lines:
                continue
            a, b, col, key = lines[k]
            i = next((j for j, c in enumerate(sk.children) if isinstance(c, Token) and c.type == "COLON"), None)
            if i is None:
                continue
            rest = sk.children[i + 1 :]
            line = k + 1
            has_pinyin = any(isinstance(c, Token) and c.type == "PINYIN" for c in sk.children[:i])
            if k in hits:
                mark = rest[0] if len(rest) == 1 else None
                if not (isinstance(mark, Token) and mark.type == "REGISTER_LINE" and mark.start_pos == a):
                    return _parse_marked(rep, rep, file)  # not the mark put there: never expected
                line0, col0, pos0, kids = hits[k][2]
                sk.children[i + 1 :] = _moved(kids, line - line0, col - col0, a - pos0)
            elif rest and not (isinstance(rest[0], Token) and rest[0].type == "REGISTER_LINE") and has_pinyin == key[0]:
                if key in _SEEN:
                    if len(_BODIES) < _MAX_BODIES:
                        _BODIES[key] = (line, col, a, rest)
                elif len(_SEEN) < _MAX_SEEN:
                    _SEEN.add(key)
    return tree, diags


#: skill bodies parsed twice in this process (a set with renamed copies, a body written
#: again): (whether the name has a （pinyin）, the text after the colon) → the line,
#: column and offset the body began at and the skill's children after its COLON, as
#: that parse made them (never changed later: a relocated copy is used each time)
_BODIES: dict[tuple[bool, str], tuple[int, int, int, list[Tree[Token] | Token]]] = {}
#: bodies parsed once: kept at the second parse, so a set of distinct texts keeps no trees
_SEEN: set[tuple[bool, str]] = set()
_MAX_BODIES, _MAX_SEEN = 4096, 100_000
_PINYIN_BEFORE_COLON = re.compile(r"（[^）\n]*）[ \t]*：$")


def _skill_bodies(rep: str) -> dict[int, tuple[int, int, int, tuple[bool, str]]]:
    """The skill lines of a normalised text: line index → (start and end offset of the
    text after the colon, leading and trailing blanks left out; its column; the memo key)."""
    out: dict[int, tuple[int, int, int, tuple[bool, str]]] = {}
    start = 0
    for k, line in enumerate(rep.split("\n")):
        colon = line.find("：")
        if colon >= 0 and skill_line_name(line) is not None:
            body = line[colon + 1 :].rstrip(" \t")
            text = body.lstrip(" \t")
            if len(text) >= 2:  # the mark is two characters at least
                a = start + colon + 1 + len(body) - len(text)
                key = (bool(_PINYIN_BEFORE_COLON.search(line, 0, colon + 1)), text)
                out[k] = (a, a + len(text), a - start + 1, key)
        start += len(line) + 1
    return out


_new_str, _new_object = str.__new__, object.__new__


def _moved(nodes: list[Tree[Token] | Token], dl: int, dc: int, dp: int) -> list[Tree[Token] | Token]:
    """Copies of one-line subtrees moved by ``dl`` lines, ``dc`` columns, ``dp`` characters."""
    shift = {"line": dl, "end_line": dl, "container_line": dl, "container_end_line": dl,
             "column": dc, "end_column": dc, "container_column": dc, "container_end_column": dc,
             "start_pos": dp, "end_pos": dp, "container_start_pos": dp, "container_end_pos": dp}

    def move(node: Tree[Token] | Token) -> Tree[Token] | Token:
        if isinstance(node, Token):
            # Token(...) without its constructor's argument handling: the same fields
            tok = _new_str(Token, node.value)
            tok.type, tok.value = node.type, node.value
            tok.start_pos, tok.end_pos = node.start_pos + dp, node.end_pos + dp  # type: ignore[operator]
            tok.line, tok.end_line = node.line + dl, node.end_line + dl  # type: ignore[operator]
            tok.column, tok.end_column = node.column + dc, node.end_column + dc  # type: ignore[operator]
            return tok
        new: Meta = _new_object(Meta)  # its attributes are all set here
        new.__dict__ = {k: v + shift[k] if k in shift else v for k, v in vars(node.meta).items()}
        return Tree(node.data, [move(c) for c in node.children], new)

    return [move(n) for n in nodes]


def _parse_marked(rep: str, work: str, file: str) -> tuple[Tree[Token], list[Diagnostic]]:
    """Parse a normalised file; a skill line this grammar rejects with a syntax error
    (:data:`REGISTER_FALLBACK`) that the register grammar reads is handed to it.

    The line's text is replaced by a mark of the same length (grammar rule ``skill →
    … REGISTER_LINE``; every position stays), the file parsed again, and the mark's
    token given back the text, which the lowering reads with the register grammar.
    A line the register grammar reads two ways is handed over too, with its E0108, so
    the rest of the file is still read.  Raises UnexpectedInput for the first line
    neither grammar reads.  At most one extra parse per skill line.
    """
    from .language.front import read, two_readings
    from .language.register import RegisterAmbiguity

    parser = get_parser()
    handed: dict[int, tuple[int, int]] = {}  # line index -> (start, end) of its text in rep
    diags: list[Diagnostic] = []
    while True:
        try:
            tree = parser.parse(work)
            break
        except UnexpectedInput as err:
            d = _syntax_error(err, work, file)
            if d.code not in REGISTER_FALLBACK or d.span is None or d.span.line - 1 in handed:
                raise
            k = d.span.line - 1
            starts = [0] + [i + 1 for i, ch in enumerate(rep) if ch == "\n"]
            line = rep[starts[k]:].split("\n", 1)[0]
            name = skill_line_name(line)
            colon = line.find("：")
            body = line[colon + 1:].rstrip(" \t") if colon >= 0 else ""
            if name is None or len(body) < 2 or _unknown_cards(rep, file, k + 1):
                raise  # an unknown 【card】 is E0301 in either grammar
            got = read(name, body.strip())
            if got is None:
                raise
            lead = len(body) - len(body.lstrip(" \t"))
            a = starts[k] + colon + 1 + lead
            b = starts[k] + colon + 1 + len(body)
            if isinstance(got, RegisterAmbiguity):
                diags.append(two_readings(got, body.strip(), lambda x, y: _span(file, rep, a + x, a + y)))
            handed[k] = (a, b)
            work = work[:a] + _MARK_START + _MARK_FILL * (b - a - 2) + _MARK_END + work[b:]
    if handed:
        ranges = {a: b for a, b in handed.values()}
        for tok in tree.scan_values(lambda t: isinstance(t, Token) and t.type == "REGISTER_LINE"):
            end = ranges.get(tok.start_pos or 0)
            if end is not None:
                tok.value = rep[tok.start_pos:end]
    return tree, diags


#: skill lines reported with a syntax error per file (each costs one parse of the file)
_MAX_SYNTAX_ERRORS = 50


@lru_cache(maxsize=1)
def _declarations() -> re.Pattern[str]:
    """The file grammar's declaration keywords (扩展包, 武将, 装备, 锦囊 …: its ``KW_``
    terminals), read from the grammar so that a new kind of declaration needs no list here."""
    kws = [t for t in get_parser().terminals if t.name.startswith("KW_")]
    return re.compile("|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in kws))


def _declaration(line: str) -> str | None:
    """The ``KW_`` terminal that starts ``line`` (already left-stripped), or None."""
    m = _declarations().match(line)
    return m.lastgroup if m else None


def _mask_bad_line(work: str, k: int) -> str | None:
    """``work`` with bad line ``k`` (0-based) made readable, every position kept, so the
    file grammar reads past it: a skill line's body becomes a mark (REGISTER_LINE); any
    other line becomes a comment (a skill line without its “：”, a stray line) — a
    declaration line (武将, 装备, 锦囊 …) together with the skill lines under it up to the
    next declaration, which belong to nothing then.  None when nothing can be masked: the header, a comment, a body that is a mark
    already (then parsing cannot go on past it)."""
    lines = work.split("\n")
    if k >= len(lines):
        return None
    starts = [0]
    for ln in lines[:-1]:
        starts.append(starts[-1] + len(ln) + 1)
    line = lines[k]
    colon = line.find("：")
    stripped = line.lstrip(" \t")
    if skill_line_name(line) is not None and colon >= 0:
        body = line[colon + 1:].rstrip(" \t")
        if len(body) < 2 or body.startswith(_MARK_START):
            return None
        a = starts[k] + colon + 1
        return work[:a] + _MARK_START + _MARK_FILL * (len(body) - 2) + _MARK_END + work[a + len(body):]
    if not stripped or stripped.startswith("#") or _declaration(stripped) == "KW_PACKAGE":
        return None
    end = k + 1
    if _declaration(stripped):
        while end < len(lines) and not _declaration(lines[end].lstrip(" \t")):
            end += 1
    for m in range(k, end):
        if lines[m].strip() and not lines[m].lstrip(" \t").startswith("#"):
            lines[m] = "#" + " " * (len(lines[m]) - 1)
    return "\n".join(lines)


def _explained(raw: Diagnostic, rep: str, file: str, edits: list[Edit]) -> list[Diagnostic] | None:
    """A syntax error on a skill line that neither grammar reads: the better explanation
    of the two grammars' errors there (sgs.compiler.language.diagnose.line_errors), on the
    source's positions; None to keep the sentence grammar's."""
    if raw.code not in REGISTER_FALLBACK or raw.span is None:
        return None
    from .language.diagnose import line_errors

    line = rep.split("\n")[raw.span.line - 1]
    chosen = line_errors(line, raw.span.line, file, [raw])
    return None if chosen is None else [remap(c, edits) for c in chosen]


def parse_text(text: str, file: str) -> ParseResult:
    """Normalise and parse one .sgs text.  Never raises for bad input; bounded in time."""
    if len(text) > MAX_TEXT:
        return ParseResult(
            file, "\n", None,
            (Diagnostic("E0110", Severity.ERROR, f"文件太长（{len(text)} 个字符，上限 {MAX_TEXT}）", Span(file, 1, 1, 1, 1),
                        help="把扩展包拆成几个文件"),),
        )
    norm, diags = normalise(text, file)
    too_long = []
    for k, line in enumerate(norm.split("\n")):
        if len(line) > MAX_LINE:
            sp = Span(file, k + 1, MAX_LINE + 1, k + 1, len(line) + 1)
            too_long.append(
                Diagnostic("E0110", Severity.ERROR, f"这一行太长（{len(line)} 个字符，上限 {MAX_LINE}）", sp,
                           help="每个技能一行；技能描述不会有这么长，请检查是否漏了换行")
            )
    if too_long:
        return ParseResult(file, norm, None, tuple(diags + too_long))
    if all(not ln.strip() or ln.lstrip().startswith("#") for ln in norm.split("\n")):
        # nothing but blank and comment lines: say so, not 句子没有写完
        diags.append(Diagnostic(
            "E0105", Severity.ERROR, "文件中没有扩展包：只有空行和注释", Span(file, 1, 1, 1, 1),
            help="文件以“扩展包 包名”开头，其后是武将行和技能行，如“武将 曹操 魏 4体力 男”“奸雄：……”",
        ))
        return ParseResult(file, norm, None, tuple(diags))
    rep, more, edits = repair(norm, file)
    diags += more
    pre = [remap(d, edits) for d in _brackets(rep, file)]
    diags += pre
    try:
        tree, more_diags = _parse_lines(rep, file)
        diags += [remap(d, edits) for d in more_diags]
    except UnexpectedInput as first:
        bad_lines = {e.span.line for e in diags if e.span is not None and e.severity is Severity.ERROR}
        err: UnexpectedInput | None = first
        work = rep
        # every skill line that neither grammar reads gets its own error: after one, its
        # body becomes a mark the file grammar accepts and the file is parsed again
        for _ in range(_MAX_SYNTAX_ERRORS):
            assert err is not None
            raw = _syntax_error(err, rep, file)
            d = remap(raw, edits)
            assert d.span is not None and raw.span is not None
            if d.span.line not in bad_lines:
                bad_lines.add(d.span.line)
                cards = [remap(c, edits) for c in _unknown_cards(rep, file, d.span.line)]
                diags += cards or _explained(raw, rep, file, edits) or [d]
            masked = _mask_bad_line(work, raw.span.line - 1)
            if masked is None:
                break
            work, err = masked, None
            try:
                _parse_marked(rep, work, file)
                break
            except UnexpectedInput as more_err:
                err = more_err
        else:
            diags.append(Diagnostic("E0101", Severity.ERROR, f"“{file}”中另有语法错误未逐一列出（只列出前 {_MAX_SYNTAX_ERRORS} 行）", None))
        return ParseResult(file, rep, None, tuple(diags), tuple(edits))
    _canonical_phases(tree, rep)
    depth, deepest = _depth(tree)
    if depth > MAX_DEPTH:
        meta = deepest.meta
        at: int = 1 if getattr(meta, "empty", True) else int(meta.line)
        diags.append(
            Diagnostic("E0111", Severity.ERROR, f"句子嵌套太深（{depth} 层，上限 {MAX_DEPTH}）",
                       remap_span(Span(file, at, 1, at, 1 + len(rep.split("\n")[at - 1])), edits),
                       help="把句子拆成几句，或减少“令……令……”的层数")
        )
        return ParseResult(file, rep, None, tuple(diags), tuple(edits))
    if any(d.severity is Severity.ERROR for d in diags):
        return ParseResult(file, rep, None, tuple(diags), tuple(edits))
    return ParseResult(file, rep, tree, tuple(diags), tuple(edits))
