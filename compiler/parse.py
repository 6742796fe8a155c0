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
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternRE, PatternStr

from .diagnostics import Diagnostic, Severity, Span, Suggestion

__all__ = ["ParseResult", "normalise", "parse_text", "get_parser", "TERMINAL_WORDS", "terminal_words"]

_HALF = ",:;()!?０１２３４５６７８９＋－　［］"
_FULL = "，：；（）！？0123456789+- 【】"
_TRANSLATE = str.maketrans(_HALF, _FULL)

#: known misspellings → the register's word (same length, so spans stay valid)
MISSPELLINGS: dict[str, str] = {
    "收到": "受到",
    "方片": "方块",
    "诸葛连驽": "诸葛连弩",
    "青钢剑": "青釭剑",
    "夏侯敦": "夏侯惇",
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
    "PHASE": "阶段名（如“出牌阶段”）",
    "COLOR": "颜色（红色/黑色）",
    "SUIT": "花色（红桃/黑桃/梅花/方块）",
    "KINGDOM": "势力（魏/蜀/吴/群/神）",
    "GENDER": "性别（男/女）",
}


@dataclass(frozen=True, slots=True)
class ParseResult:
    """The outcome of parsing one file.  Fields: ``file``, ``text`` (normalised),
    ``tree`` (None on a syntax error), ``diagnostics``."""

    file: str
    text: str
    tree: Tree[Token] | None
    diagnostics: tuple[Diagnostic, ...]


@lru_cache(maxsize=1)
def get_parser() -> Lark:
    """The LALR parser (built once per process)."""
    return Lark.open_from_package(
        "sgs.grammar",
        "sgs.lark",
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
    )


def _pos_to_linecol(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return line, col


def _span(file: str, text: str, start: int, end: int) -> Span:
    l1, c1 = _pos_to_linecol(text, start)
    l2, c2 = _pos_to_linecol(text, end)
    return Span(file, l1, c1, l2, c2)


def normalise(text: str, file: str) -> tuple[str, list[Diagnostic]]:
    """Mechanical, length-preserving normalisation; returns the text and W0101s."""
    diags: list[Diagnostic] = []
    out = text.replace("\r\n", "\n").replace("\r", "\n").translate(_TRANSLATE)
    if out.startswith("\ufeff"):
        out = " " + out[1:]
    for wrong, right in MISSPELLINGS.items():
        for m in re.finditer(re.escape(wrong), out):
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
    if not out.endswith("\n"):
        out += "\n"
    return out, diags


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
    words = terminal_words(name)
    if len(words) == 1:
        return f"“{words[0]}”"
    if words:
        return "“" + "”/“".join(words[:4]) + "”"
    return name


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
        for word in terminal_words(name):
            for length in (len(word),):
                chunk = text[pos : pos + length]
                if "\n" in chunk or not chunk:
                    continue
                ratio = difflib.SequenceMatcher(None, chunk, word).ratio()
                if ratio >= 0.5 and chunk != word:
                    key = (ratio, len(word), word, length)
                    if best is None or key > best:
                        best = key
    for wrong, right in CONFUSABLE.items():
        if text.startswith(wrong, pos) and any(right in terminal_words(n) for n in expected):
            return right, len(wrong)
    if best is None:
        return None
    return best[2], best[3]


def _known_word_at(text: str, pos: int) -> str | None:
    """The longest word of the register (any literal terminal) starting at ``pos``."""
    best: str | None = None
    for term in get_parser().terminals:
        for word in terminal_words(term.name):
            if text.startswith(word, pos) and (best is None or len(word) > len(best)):
                best = word
    return best


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
        if "COLON" in expected:
            return Diagnostic("E0104", Severity.ERROR, "技能名后缺少“：”", sp, help="技能行的格式是“技能名：技能描述”")
        return Diagnostic(
            "E0101", Severity.ERROR, f"句子没有写完：此处应为{exp}", sp, notes=(f"此处应为：{exp}",)
        )

    if "COLON" in expected and "_END" not in expected:
        sp = _span(file, text, pos, pos + 1)
        return Diagnostic(
            "E0104",
            Severity.ERROR,
            "技能名后缺少“：”",
            sp,
            help="技能行的格式是“技能名：技能描述”，如“奸雄：每当你受到一次伤害后，……”",
        )
    if expected and expected <= {"KW_PACKAGE", "_NL"} or "KINGDOM" in expected or "HP" in expected or "GENDER" in expected:
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


def parse_text(text: str, file: str) -> ParseResult:
    """Normalise and parse one .sgs text.  Never raises for bad input."""
    norm, diags = normalise(text, file)
    try:
        tree = get_parser().parse(norm)
    except UnexpectedInput as err:
        diags.append(_syntax_error(err, norm, file))
        return ParseResult(file, norm, None, tuple(diags))
    return ParseResult(file, norm, tree, tuple(diags))
