"""Diagnostics of the register grammar: where a text leaves it, in the register's words.

The register grammar (grammar/register/, :mod:`.register`) is an Earley parser over a
longest-match word lexer.  Where a text leaves it, this module says so as well as the
sentence grammar's diagnostics do (compiler/parse.py), for the texts only the register
grammar can read:

* the **span** is the whole offending word — a token of the lexer, or for a word the
  lexicon does not have, the run of characters up to the next known word;
* **what was expected** comes from the rules the parser was inside at that point
  (:func:`.register.held_after`), named as categories of the register — 动作, 角色,
  牌, 数值, 时机词 … (:data:`CATEGORIES`) — or as the literal words, never as terminal
  names (``__ANON_3``) or helper rules (``_o_12``);
* an **unknown word** is named with its type when the context or a close known word
  gives one (“未知的动作“翻转””), with the closest known words of that type;
* a **suggestion** is offered only when it is checked: the text with the fix applied
  must read to its end, or at least past the end of the clause it was in; the fix must
  not swap an antonym or drop a negation (:func:`sgs.compiler.suggest.meaning_flip`);
  when two words of a contrast both fit, neither is offered (时 or 后 is another window,
  the designer's choice, not a spelling);
* a few constructions get their own message (a 若 without its clause, 选择一项 with one
  option, a card compared with a number, a doubled timing word, a limit without its
  count, unbalanced “” 〖〗 （） 【】).

Entry points: :func:`register_diagnostics` (the findings on one skill text: none, E0108,
or one error) and :func:`choose` (which of the two grammars' errors a designer sees).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from lark import Token
from lark.exceptions import UnexpectedInput

from ..diagnostics import Diagnostic, Severity, Span, Suggestion
from ..suggest import NEGATIONS, confusions, meaning_flip, sound_alike, verb_synonyms
from .register import (
    Expectation,
    RegisterAmbiguity,
    RegisterError,
    Tie,
    _TRANSLATE,
    _lexer_of,
    held_after,
    get_register_parser,
    parse_register,
    read_with_lark,
    recognise,
)

__all__ = [
    "SpanOf", "CATEGORIES", "register_diagnostics", "diagnose_failure", "two_readings", "choose", "line_errors",
    "unbalanced",
    "Stop", "find_stop", "expected_words", "word_type", "reading_text",
]

#: character offsets in the skill's text -> a source span
SpanOf = Callable[[int, int], Span]

#: longest text diagnosed (characters), as long as front.MAX_REREAD
MAX_TEXT = 1000
#: most repaired texts parsed to check one suggestion (each is one parse)
MAX_TRIALS = 8

# ---------------------------------------------------------------- categories

#: grammar rules (and word classes) as the register names them: (category, example)
CATEGORIES: dict[str, tuple[str, str]] = {
    "vps": ("动作", "摸一张牌"), "vp": ("动作", "摸一张牌"), "act": ("动作", "摸一张牌"),
    "verbword": ("动词", "使用"),
    "clause": ("分句", "你摸一张牌"), "clause_core": ("分句", "你摸一张牌"), "body": ("分句", "你摸一张牌"),
    "part": ("技能句", "出牌阶段，你可以摸一张牌"), "part_core": ("技能句", "出牌阶段，你可以摸一张牌"),
    "start": ("技能描述", "出牌阶段，你可以摸一张牌。"),
    "player": ("角色", "一名其他角色"), "player_simple": ("角色", "一名其他角色"),
    "pronoun": ("角色", "你"), "PRONOUN": ("角色", "伤害来源"), "phead": ("角色", "角色"),
    "pdet": ("人数", "一名"), "pmod": ("角色的限定语", "其他"), "rel": ("限定语", "体力值最小的"),
    "owner": ("角色", "你的"),
    "card": ("牌", "一张手牌"), "card_simple": ("牌", "一张手牌"), "chead": ("牌", "手牌"),
    "cpron": ("牌", "此牌"), "cquant": ("张数", "一张"), "cmod": ("牌的限定语", "红色"),
    "kind": ("牌的类别", "手牌"), "KIND": ("牌的类别", "基本牌"), "CARD": ("牌名", "【杀】"),
    "czone": ("牌的范围", "以外"),
    "measure": ("数值", "手牌数"), "MEASURE": ("数值", "体力值"),
    "quantity": ("数量", "你的体力值"), "cquantity": ("数量", "你的体力值"), "xexpr": ("数量", "你的体力值"),
    "amount": ("点数", "1点"), "NUM": ("数目", "一"), "VAR": ("X", "X"),
    "cmp": ("比较词", "大于"), "CMP": ("比较词", "不小于"),
    "condition": ("条件", "你没有手牌"), "cond_atom": ("条件", "你没有手牌"), "cond_lead": ("条件", "若你没有手牌，"),
    "judge_pattern": ("判定结果", "红色"),
    "timing": ("时机", "当你受到伤害后"), "event_clause": ("时机", "当你受到伤害后"),
    "part_lead": ("时机", "当你受到伤害后，"), "timing_lead": ("“当”或“每当”", "当"),
    "event": ("事件", "受到伤害"), "ev_card": ("牌的事件", "置入弃牌堆"), "ev_context": ("事件的范围", "于回合外"),
    "ev_ordinal": ("序数", "每"),
    "timing_word": ("时机词", "后"), "TIMING": ("时机词", "后"),
    "phase": ("阶段", "出牌阶段"), "PHASE": ("阶段", "准备阶段"),
    "state": ("状态", "濒死状态"), "STATE": ("状态", "濒死状态"),
    "place": ("区域", "装备区"), "dest": ("去处", "弃牌堆"), "pile": ("牌堆", "牌堆顶"),
    "duration": ("期限", "直到回合结束"), "until": ("期限", "回合结束"),
    "limit": ("次数限制", "每阶段限一次"), "limit_lead": ("次数限制", "每阶段限一次，"),
    "xdef": ("X的定义", "（X为你的体力值）"), "option": ("选项", "摸两张牌"), "option_n": ("选项", "1.摸两张牌"),
    "modal": ("情态词", "可以"), "static_core": ("状态句", "你的手牌上限+1"),
    "use_mode": ("“使用”或“打出”", "使用"), "dmg_from": ("伤害的来源", "伤害来源造成的"),
    "element": ("伤害属性", "火焰"), "color": ("颜色", "红色"), "COLOR": ("颜色", "无色"),
    "SUIT": ("花色", "♠"), "KINGDOM": ("势力", "魏"), "GENDER": ("性别", "女性"),
    "TAG": ("技能标签", "锁定技"), "tags": ("技能标签", "锁定技，"), "MARK": ("标记名", "“田”"),
    "SKILLREF": ("技能名", "〖奸雄〗"), "CIRCLED": ("序号", "①"), "_end": ("句号", "。"),
}

#: the category of a rule by its alias' prefix (the lowering's naming contract)
_PREFIXES = (("act_", "act"), ("ev_", "event"), ("cond_", "cond_atom"), ("st_", "static_core"),
             ("card_", "card_simple"), ("player_", "player_simple"))

#: categories that are whole phrases (a slot), not small closed classes of words
_OPEN = {"动作", "分句", "技能句", "技能描述", "角色", "牌", "数值", "数量", "条件", "时机", "事件", "状态句", "选项"}
#: categories a single word can belong to (an unknown word is named by one of these)
_WORD_TYPES = {"动作", "动词", "角色", "牌", "牌的类别", "牌名", "数值", "事件", "状态", "阶段", "区域", "比较词",
               "时机词", "情态词", "技能标签", "花色", "颜色", "势力", "性别", "伤害属性"}


def category(name: str) -> tuple[str, str] | None:
    """The register's name of a grammar rule, alias or word class, with an example."""
    got = CATEGORIES.get(name)
    if got is not None:
        return got
    for prefix, base in _PREFIXES:
        if name.startswith(prefix):
            return CATEGORIES[base]
    return None


@dataclass
class _Grammar:
    """The register grammar seen as data: rules by name, what can be empty, first words."""

    rules: dict[str, list[tuple[str, tuple[str, ...]]]]  # origin -> [(alias or origin, expansion)]
    terminals: set[str]
    words: dict[str, list[str]]  # terminal -> its words (word classes and single words)
    types: dict[str, str]  # word -> terminal
    nullable: set[str]
    first: dict[str, frozenset[str]]  # symbol -> terminals it can begin with
    head_category: dict[str, str]  # a terminal first in a rule of a category -> that category
    heads: dict[str, frozenset[str]]  # a terminal -> every category it is the first word of
    takers: dict[str, frozenset[str]]  # 角色/牌 -> terminals a player / card phrase follows in a rule


@lru_cache(maxsize=1)
def _grammar() -> _Grammar:
    parser = get_register_parser()
    lexer = _lexer_of(parser)
    rules: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for r in parser.rules:
        origin = str(r.origin.name)
        rules.setdefault(origin, []).append((str(r.alias or origin), tuple(str(x.name) for x in r.expansion)))
    words: dict[str, list[str]] = {}
    for w, t in lexer.words.items():
        words.setdefault(t, []).append(w)
    terminals = set(words) | {name for _, name in lexer.patterns}
    nullable: set[str] = set()
    changed = True
    while changed:
        changed = False
        for origin, alts in rules.items():
            if origin not in nullable and any(all(s in nullable for s in exp) for _, exp in alts):
                nullable.add(origin)
                changed = True
    first: dict[str, set[str]] = {t: {t} for t in terminals}
    for origin in rules:
        first.setdefault(origin, set())
    changed = True
    while changed:
        changed = False
        for origin, alts in rules.items():
            acc = first[origin]
            before = len(acc)
            for _, exp in alts:
                for s in exp:
                    acc |= first.get(s, set())
                    if s not in nullable:
                        break
            changed |= len(acc) != before
    head: dict[str, str] = {}
    heads: dict[str, set[str]] = {}
    for origin, alts in rules.items():
        for alias, exp in alts:
            cat = category(alias) or category(origin)
            if cat is None or not exp or exp[0] not in words or len(words[exp[0]]) != 1:
                continue
            head.setdefault(exp[0], cat[0])
            heads.setdefault(exp[0], set()).add(cat[0])
    takers: dict[str, set[str]] = {"角色": set(), "牌": set()}
    for alts in rules.values():
        for _, exp in alts:
            for x, y in zip(exp, exp[1:]):
                if x in words and y in ("player", "card"):
                    takers["角色" if y == "player" else "牌"].add(x)
    return _Grammar(rules, terminals, words, dict(lexer.words), nullable,
                    {k: frozenset(v) for k, v in first.items()}, head, {k: frozenset(v) for k, v in heads.items()},
                    {k: frozenset(v) for k, v in takers.items()})


def word_type(word: str) -> str | None:
    """The register's category of a known word (“摸” → 动作, “伤害来源” → 角色), or None
    for a function word (的, 于 …) or a word the lexicon does not have."""
    g = _grammar()
    term = g.types.get(word)
    if term is None:
        return None
    cat = category(term)
    if cat is not None:
        return cat[0]
    return g.head_category.get(term)


@dataclass(frozen=True)
class Expected:
    """One thing the grammar could read at the stop: a category (``words`` empty) or
    literal words.  ``order`` sorts the outer structure first."""

    text: str
    category: str | None
    terminals: frozenset[str]
    order: tuple[int, int]


def expected_words(exps: Iterable[Expectation]) -> list[Expected]:
    """What the rules held at a stop could read next, in the register's words: the
    categories and literal words after each rule's dot (through empty-able symbols),
    the outer rules (begun earlier) first."""
    g = _grammar()
    out: dict[str, Expected] = {}
    for e in exps:
        for sym in e.rest:
            for shown, cat, terms in _describe(sym):
                key = cat or shown  # one entry per category, with its first example
                prev = out.get(key)
                if prev is None:
                    out[key] = Expected(shown, cat, terms, (e.start, 0))
                elif cat is not None:
                    out[key] = Expected(prev.text, cat, prev.terminals | terms, min(prev.order, (e.start, 0)))
            if sym not in g.nullable:
                break
    return sorted(out.values(), key=lambda x: (x.order, x.category is None, x.text))


@lru_cache(maxsize=4096)
def _describe(sym: str, depth: int = 0) -> tuple[tuple[str, str | None, frozenset[str]], ...]:
    """A grammar symbol as (shown text, category or None for a literal word, terminals
    it begins with): a category when it has one, its words when it is a word, else what
    its rules begin with (helper rules are looked through, a few levels deep)."""
    g = _grammar()
    cat = category(sym)
    if sym in g.terminals:
        ws = g.words.get(sym)
        if ws is not None and (len(ws) == 1 or cat is None):
            return tuple((f"“{w}”", None, frozenset({sym})) for w in sorted(ws, key=len)[:6])
        if cat is None:
            return ()
        return ((_shown(cat), cat[0], frozenset({sym})),)
    if cat is not None and not sym.startswith("_"):
        return ((_shown(cat), cat[0], g.first.get(sym, frozenset())),)
    if depth > 4:
        return ()
    out: dict[str, tuple[str, str | None, frozenset[str]]] = {}
    for _, exp in g.rules.get(sym, []):
        for s in exp:
            for item in _describe(s, depth + 1):
                out.setdefault(item[0], item)
            if s not in g.nullable:
                break
    return tuple(out.values())


def _shown(cat: tuple[str, str]) -> str:
    if cat[1] == cat[0]:
        return cat[0]
    if cat[1][:1] in "【〖“（":  # the example brings its own brackets
        return f"{cat[0]}（如{cat[1]}）"
    return f"{cat[0]}（如“{cat[1]}”）"


def _expected_text(items: Sequence[Expected], limit: int = 8) -> str:
    names = [x.text for x in items[:limit]]
    if len(items) > limit:
        names.append("……")
    if len(names) <= 1:
        return "".join(names)
    return "、".join(names[:-1]) + " 或 " + names[-1]


# ---------------------------------------------------------------- where the text stops


@dataclass(frozen=True)
class Stop:
    """Where a text leaves the register grammar.

    ``start``/``end``: character offsets of the offending word (``start == end ==
    len(text)`` at the end of the text); ``found``: that word; ``kind``: its terminal
    (None for a word the lexicon does not have, ``"$END"`` at the end of the text);
    ``tokens``/``after``: the words before and after it; ``expected``: the rules held
    there (:func:`.register.held_after`).
    """

    start: int
    end: int
    found: str
    kind: str | None
    tokens: tuple[Token, ...]
    after: tuple[Token, ...]
    expected: tuple[Expectation, ...]


def _tokens(text: str) -> tuple[list[Token], int | None]:
    """The words of ``text`` and the offset of the first unknown one (None if all lex)."""
    lexer = _lexer_of(get_register_parser())
    try:
        return lexer.tokens(text), None
    except UnexpectedInput as err:
        pos = err.pos_in_stream or 0
        return lexer.tokens(text[:pos]), pos


def _lexes_at(text: str, i: int) -> bool:
    """A known word or a slot begins at ``i``."""
    lexer = _lexer_of(get_register_parser())
    for k in range(min(lexer.max_len, len(text) - i), 0, -1):
        if text[i:i + k] in lexer.words:
            return True
    return any(pat.match(text, i) for pat, _ in lexer.patterns)


_PUNCT = "，。；：、（）“”〖〗【】 "


def _unknown_end(text: str, pos: int) -> int:
    """End of the unknown word at ``pos``: up to the next character where a known word
    begins (at most 6 characters, never past punctuation)."""
    end = pos + 1
    if text[pos] in NEGATIONS and end < len(text) and text[end] not in _PUNCT:
        end += 1  # a negation is not a word alone: 不在, 未曾
    while end < len(text) and end - pos < 6 and text[end] not in _PUNCT and not _lexes_at(text, end):
        end += 1
    return end


def find_stop(text: str) -> Stop | None:
    """Where ``text`` (normalised) leaves the register grammar, or None if it reads
    (one way or two)."""
    ok, pos = _reach(text)
    if ok:
        return None
    toks, unknown = _tokens(text)
    if unknown is not None and unknown == pos:
        end = _unknown_end(text, unknown)
        rest, _ = _tokens(text[end:])
        for t in rest:  # offsets in the whole text
            t.start_pos = (t.start_pos or 0) + end
        return Stop(unknown, end, text[unknown:end], None, tuple(toks), tuple(rest), held_after(text, unknown))
    before = tuple(t for t in toks if (t.start_pos or 0) < pos)
    after = tuple(t for t in toks if (t.start_pos or 0) >= pos)
    if not after:
        return Stop(len(text), len(text), "", "$END", before, (), held_after(text, len(text)))
    tok = after[0]
    return Stop(pos, pos + len(str(tok)), str(tok), tok.type, before, after[1:], held_after(text, pos))


@lru_cache(maxsize=512)
def _reach(text: str) -> tuple[bool, int]:
    """(reads, how far): (True, len) if ``text`` parses (one way or two), else (False,
    the offset of the word where it stops — an unknown word's, or the end).  By
    recognition alone (:func:`.register.recognise`: no tree; a fix is tried many times)."""
    try:
        recognise(text)
        return True, len(text)
    except RegisterError as err:
        _, unknown = _tokens(text)
        if unknown is None or unknown == 0:
            return False, err.pos
    # the lexer stopped at an unknown word before parsing: does the text leave the
    # grammar before it?  (then that is where it stops)
    try:
        recognise(text[:unknown])
    except RegisterError as err:
        return False, min(err.pos, unknown)
    return False, unknown


# ---------------------------------------------------------------- suggestions


def _similar(a: str, b: str) -> float:
    """Spelling similarity, 0 when the two share no character or one flips the other."""
    if a == b or not set(a) & set(b) or meaning_flip(a, b):
        return 0.0
    r = difflib.SequenceMatcher(None, a, b).ratio()
    # half the characters in common counts only when the first one agrees and the two
    # are nearly as long (弃掉 → 弃置, not 另 → 另一名)
    if r < 0.5 or (r == 0.5 and (a[0] != b[0] or abs(len(a) - len(b)) > 1)):
        return 0.0
    return r


#: the score of a word that sounds like the one typed (涨 → 张): below a close spelling
_SOUND = 0.6


def _candidates(word: str, terminals: Iterable[str], limit: int = 4, literal: Iterable[str] = ()) -> list[str]:
    """Known words of the given terminals closest in spelling to ``word``, best first;
    a word one character apart that sounds the same (:func:`.suggest.sound_alike`: 一涨牌
    → 张, 限一吃 → 次) counts as close when the spelling shares nothing — for a single
    character only a word the place expects as itself (``literal``: 限一⟨次⟩, 一⟨张⟩), not
    one that would begin a phrase there: a character sounds like many others (摸起 is not
    摸其)."""
    g = _grammar()
    scored: dict[str, float] = {}
    lit = set(literal)
    for t in set(terminals):
        for w in g.words.get(t, []):
            alike = sound_alike(word, w) and (len(w) > 1 or t in lit) and not meaning_flip(word, w)
            s = _similar(word, w) or (_SOUND if alike else 0.0)
            if s:
                scored[w] = s
    return sorted(scored, key=lambda w: (-scored[w], len(w), w))[:limit]


@dataclass(frozen=True)
class _Fix:
    """Replace ``start``..``end`` by ``replacement``; ``tier``: how plausible a slip it
    is (0 first); ``whole``: the fixed text reads to its end."""

    start: int
    end: int
    replacement: str
    tier: int
    whole: bool = False
    #: a probe (一名角色 after 令): it tells what is missing, it is not offered as a fix
    probe: bool = False


def _checked(text: str, stop: Stop, fixes: Iterable[_Fix]) -> _Fix | None:
    """The fix that lets the text read on, or None.

    A fix counts when the fixed text reads to its end, or (not at the end of the text)
    past the end of the clause the stop is in (its next “，”/“。”/“；”).  Reading to the
    end beats reading on; then the lower tier wins; two different words that both fit
    the same place in the same tier are the designer's choice (时 or 后), so neither is
    offered.  At most :data:`MAX_TRIALS` texts are parsed."""
    good: list[_Fix] = []
    seen: set[str] = set()
    trials = 0
    for f in sorted(fixes, key=lambda f: f.tier):
        if trials >= MAX_TRIALS or any(g.whole and g.tier < f.tier for g in good):
            break
        fixed = text[:f.start] + f.replacement + text[f.end:]
        if fixed in seen or fixed == text:
            continue
        seen.add(fixed)
        trials += 1
        ok, reach = _reach(fixed)
        if ok:
            good.append(_Fix(f.start, f.end, f.replacement, f.tier, True, f.probe))
        elif stop.kind != "$END" and reach > _clause_end(fixed, f.start + len(f.replacement)):
            good.append(f)
    if not good:
        return None
    pool = [f for f in good if f.whole] or good
    tier = min(f.tier for f in pool)
    pool = [f for f in pool if f.tier == tier]
    same_place = [f for f in pool if (f.start, f.end) == (pool[0].start, pool[0].end)]
    if any(meaning_flip(a.replacement, b.replacement) for a in same_place for b in same_place):
        return None  # 时 or 后 both fit: another window, the designer's choice
    return pool[0] if pool[0].tier == 0 else _as_deletion(text, pool[0])  # a reviewed one as written


def _as_deletion(text: str, f: _Fix) -> _Fix:
    """A replacement that keeps the end or the start of what it replaces is a deletion of
    the rest (的时 → 时: delete 的)."""
    old, new = text[f.start:f.end], f.replacement
    if new and len(new) < len(old):
        if old.endswith(new):
            return _Fix(f.start, f.end - len(new), "", f.tier, f.whole)
        if old.startswith(new):
            return _Fix(f.start + len(new), f.end, "", f.tier, f.whole)
    return f


def _clause_end(text: str, at: int) -> int:
    """Offset of the first “，”/“。”/“；”/“：” at or after ``at`` (the text's end if none)."""
    ends = [i for i in (text.find(c, at) for c in "，。；：") if i >= 0]
    return min(ends) if ends else len(text)


#: one-character function words a designer may leave stray before a word
_PARTICLES = ("的", "于", "之", "对", "将", "被", "与", "和", "在", "给", "向", "把")
#: words that begin a noun phrase without its head (其他 → 其他角色, 一张 → 一张牌)
_PLAYER_LEADS = ("他", "名", "所有", "其余", "全部", "男性", "女性", "已受伤的")
_CARD_LEADS = ("张", "红色", "黑色", "基本")


def _fixes(text: str, stop: Stop, items: Sequence[Expected]) -> list[_Fix]:
    """Candidate fixes at a stop, by tier: a reviewed confusion or a doubled word (0); a
    stray particle just before the stop (1); a word spelled like an expected one (2–12,
    closer first); a missing expected word (13); a noun phrase missing its head (14).  A
    stray particle at the stop is tier 1 too."""
    g = _grammar()
    out: list[_Fix] = []
    prev = stop.tokens[-1] if stop.tokens else None
    at, end = stop.start, stop.end
    if prev is not None and str(prev) == stop.found:  # 令令, 的的
        out.append(_Fix(at, end, "", 0))
    clause: list[Token] = []
    for tok in reversed(stop.tokens):  # the words of the clause the stop is in
        if str(tok) in "，。；：":
            break
        clause.append(tok)
    for tok in [t for t in clause if str(t) in _PARTICLES][:3]:
        # a stray particle in the clause, nearest first: 令一名角色⟨的⟩摸…, 令伤害来源⟨于⟩弃置…
        a = tok.start_pos or 0
        out.append(_Fix(a, a + 1, "", 1))
    lo = (stop.tokens[-2].start_pos or 0) if len(stop.tokens) > 1 else 0
    for wrong, right in confusions().items():  # 其它 → 其他 (lexed 其 + 它)
        i = text.find(wrong, lo, end + len(wrong))
        if i >= 0 and i < end:
            out.append(_Fix(i, i + len(wrong), right, 0))
    if stop.kind != "$END":
        for w in _candidates(stop.found, _terminals(items), literal=_literals(items)):
            # equally close words share a tier, so a contrast among them is seen
            out.append(_Fix(at, end, w, 2 + round(10 * (1 - _similar(stop.found, w)))))
        nxt = stop.after[0] if stop.after else None
        if len(stop.found) == 1 and nxt is not None and nxt.start_pos == end and str(nxt) not in _PUNCT + "。；，":
            # a one-character word may be half of a misspelt one with the next (大与 → 大于)
            longer = stop.found + str(nxt)
            for w in _candidates(longer, _terminals(items)):
                out.append(_Fix(at, end + len(str(nxt)), w, 2 + round(10 * (1 - _similar(longer, w)))))
    # the first few expected words (outer rules first): a forgotten “，”, “的”, “后” …;
    # not one the next words already have (指定⟨目标⟩为目标)
    nearby = "".join(str(t) for t in stop.after[:2]) + stop.found
    inserts = [w for x in items if x.category is None for t in sorted(x.terminals) for w in g.words.get(t, [])]
    inserts = sorted(dict.fromkeys(inserts), key=lambda w: w != "，")  # a forgotten “，” first
    for w in [w for w in inserts if w not in nearby][:4]:
        out.append(_Fix(at, at, w, 13))
    for a, b in _last_words(stop):
        # two characters before the stop typed with a sound-alike one (可已 → 可以: the lexer
        # read 可 + 已, and the text stopped only at the next word); not one alone (仅 → 晋)
        for w in g.types if b - a > 1 else ():
            if sound_alike(text[a:b], w) and not meaning_flip(text[a:b], w):
                out.append(_Fix(a, b, w, 2 + round(10 * (1 - _SOUND))))
    for tok in stop.tokens[-2:]:
        # a forgotten “，” a word or two back (出牌阶段⟨，⟩你可以…: the register read on)
        a = tok.start_pos or 0
        if a > 0 and text[a - 1] not in _PUNCT + "。；，" and str(tok) not in _PUNCT + "。；，":
            out.append(_Fix(a, a, "，", 13))
    for tok in stop.tokens[-3:]:
        b = (tok.start_pos or 0) + len(str(tok))
        head = "角色" if str(tok).endswith(_PLAYER_LEADS) else "牌" if str(tok).endswith(_CARD_LEADS) else ""
        if head and not text.startswith(head, b):  # not 其他⟨角色⟩角色
            out.append(_Fix(b, b, head, 14))
    if stop.found in _PARTICLES:  # a stray particle (never a content word: the grammar may lack it)
        out.append(_Fix(at, end, "", 1))
    for tok in stop.tokens[-3:]:
        # a word that takes a player or a card with none after it (令⟨一名角色⟩摸…): the
        # probe says which phrase is missing; what to write is the designer's
        for cat, probe in (("角色", "一名角色"), ("牌", "一张牌")):
            if tok.type in g.takers[cat]:
                b = (tok.start_pos or 0) + len(str(tok))
                out.append(_Fix(b, b, probe, 16, probe=True))
    return out


def _last_words(stop: Stop) -> list[tuple[int, int]]:
    """The spans of the last word before the stop and of the last two together (when
    they touch, with no punctuation)."""
    toks = [t for t in stop.tokens[-2:] if str(t) not in _PUNCT + "。；，"]
    spans = [((t.start_pos or 0), (t.start_pos or 0) + len(str(t))) for t in toks]
    out = spans[-1:]
    if len(spans) == 2 and spans[0][1] == spans[1][0]:
        out.append((spans[0][0], spans[1][1]))
    return out


def _literals(items: Sequence[Expected]) -> set[str]:
    """The terminals expected as words of their own (not as the start of a category)."""
    return {t for x in items if x.category is None for t in x.terminals}


def _terminals(items: Sequence[Expected]) -> set[str]:
    out: set[str] = set()
    for x in items:
        out |= x.terminals
    return out


def _fix_help(fix: _Fix | None, text: str) -> str | None:
    if fix is None:
        return None
    old = text[fix.start:fix.end]
    if not fix.replacement:
        return f"删去“{old}”"
    if not old:
        return f"是不是漏了“{fix.replacement}”？"
    if fix.replacement[1:-1] == old:
        what = "技能名写在〖〗里" if fix.replacement[0] == "〖" else "标记名写在引号里"
        return f"{what}：{fix.replacement}"
    return f"是不是想写“{fix.replacement}”？"


# ---------------------------------------------------------------- the diagnostic


def _shape(stop: Stop, text: str) -> tuple[str, str, str | None] | None:
    """A message for a construction left unfinished in a known way: (code, message,
    help)."""
    g = _grammar()
    prev = str(stop.tokens[-1]) if stop.tokens else ""
    ends = stop.kind == "$END" or stop.found in ("。", "；")
    exps = stop.expected
    if _card_compared(stop):
        card = _words_from(stop, min(e.start for e in exps if e.origin in _QUANTITIES and _MEASURES & set(e.rest)))
        return ("E0101", f"“{card}”是牌，不能与数量比较：此处缺少牌的数值",
                f"写明比较牌的哪一项数值，如“{card}的点数”；或比较角色的数值，如“你的手牌数”")
    # an enumeration (选择一项：1.…；2.…) needs two items: one held wanting more, or a
    # “；”/“：” with nothing after it (grammar rules: enum_items/enum_more_*, before them
    # act_choice/option)
    more = [e for e in exps if e.rule in ("act_choice", "enum_items") and e.rest[:1] and e.rest[0] not in g.nullable
            and not e.rest[0].startswith(("option", "enum_items"))]
    items_after = prev in ("；", "：") and any(
        e.rest[:1] and e.rest[0] in ("option", "option_n", "enum_num", "enum_lab", "enum_items") for e in exps)
    if (more or items_after) and (ends or stop.found == "，"):
        choice = "选择" in text[:stop.start]
        if prev == "：":
            return ("E0101", "“选择一项：”后没有选项" if choice else "“：”后没有列出的项",
                    "写出至少两个选项，用“；”隔开，如“选择一项：1.摸两张牌；2.回复1点体力”")
        return ("E0101", "“选择一项”只有一个选项：至少要有两个" if choice else "只列出了一项：至少要有两项",
                "选项之间用“；”隔开（如“选择一项：1.摸两张牌；2.回复1点体力”），或写成“……，或……”")
    if ends and any(text.startswith("若", e.start) for e in exps):  # a rule begun at 若 still open
        return ("E0101", "“若……”只有条件，没有结果",
                "在条件后写“，”和条件成立时的效果，如“若你没有手牌，你摸一张牌”")
    if stop.found == "否则" and prev == "，" and _cond_just_before(text, stop.start):
        # 若X，否则Y: the 否则 is right, the result of 若X before it is missing
        return ("E0101", "“若……”只有条件，没有结果：“否则”前缺少条件成立时的效果",
                "在“否则”前写出条件成立时做什么，如“若结果为红色，你摸一张牌，否则你弃置一张牌”")
    if prev and stop.found and word_type(prev) == "时机词" and word_type(stop.found) == "时机词":
        return ("E0101", f"时机词重复：“{prev}”和“{stop.found}”只能有一个",
                "“时”在事件进行中发动，“后”在事件结算后发动，“前”在事件发生前：保留一个")
    if any(e.origin == "limit" and e.rest[:1] in (("NUM",), ("VAR",)) for e in exps):
        return ("E0101", "次数限制缺少次数", "“限”后写次数，如“每阶段限一次”“每回合限两次”")
    if any(e.rest[:1] == ("timing_word",) for e in exps) and (ends or stop.found in "，、"):
        return ("E0106", "时机不完整：此处缺少时机词",
                "事件后写“时”“后”或“前”，如“当你受到伤害后，”：它们是不同的时机")
    missing = _missing(stop)
    if missing is not None:
        return ("E0101", missing, None)
    return None


def _cond_just_before(text: str, at: int) -> bool:
    """The clause before ``at`` (back to the previous “，”) is a condition 若…/如果… that
    starts its own clause: nothing but that condition stands between it and ``at``."""
    head = text[:at].rstrip("，")
    start = max(head.rfind(c) for c in "，。；：") + 1
    return head[start:].startswith(("若", "如果"))


def _missing(stop: Stop) -> str | None:
    """“X后缺少Y” / “X前缺少Y” for a phrase that lacks its one required part: the stop
    word could only follow a phrase of one kind that is missing (当⟨一张牌⟩置入弃牌堆后),
    or the innermost rules held expect exactly one kind of phrase and the stop word
    cannot begin one (令⟨一名角色⟩摸一张牌, 大于⟨你的体力值⟩，)."""
    if not stop.tokens:
        return None
    last = stop.tokens[-1]
    before = _missing_before(stop)
    if before is not None:
        return before
    inner = max((e.start for e in stop.expected), default=-1)
    here = [e for e in stop.expected if e.start == inner]
    cats = {x.category for x in expected_words(here) if x.category in _OPEN}
    fits = {x.category for x in expected_words(here) if stop.kind in x.terminals}
    if len(cats) == 1 and not fits and str(last) not in "，。；：（":
        label, cat = str(last), cats.pop()
        if label == "." and len(stop.tokens) > 1:  # 2. ⟨⟩: an option's number, its option missing
            label, cat = str(stop.tokens[-2]) + ".", "选项"
        return f"“{label}”后缺少{cat}"
    return None


def _missing_before(stop: Stop) -> str | None:
    """“X前缺少Y”: after a lead word (当, 若, “，”) the stop word could only follow a
    phrase of one kind that is missing (当⟨一张牌⟩置入弃牌堆后)."""
    g = _grammar()
    last = stop.tokens[-1] if stop.tokens else None
    if last is None or stop.kind is None or stop.kind not in g.terminals or str(last) not in ("当", "在", "于", "，", "若"):
        return None
    wanted = _terminals(expected_words(stop.expected))
    before: set[str] = set()
    for alts in g.rules.values():
        for _, exp in alts:
            for x, y in zip(exp, exp[1:]):
                cat = category(x)
                if (cat is not None and cat[0] in ("角色", "牌") and not x.startswith("_")
                        and stop.kind in g.first.get(y, ()) and g.first.get(x, frozenset()) & wanted):
                    before.add(cat[0])
    if len(before) == 1:
        return f"“{stop.found}”前缺少{before.pop()}"
    return None


#: the rules of a quantity that may be a card's measure (【杀】的点数)
_QUANTITIES = ("quantity", "cquantity", "cmp_rhs")
#: the measure rules a quantity waits for (an owner takes its own kind: 00_words.lark)
_MEASURES = {"measure", "player_measure", "card_measure"}


def _words_from(stop: Stop, start: int) -> str:
    return "".join(str(t) for t in stop.tokens if (t.start_pos or 0) >= start)


def _card_compared(stop: Stop) -> bool:
    """A card read where a comparison wants a number (手牌数大于【杀】)."""
    starts = [e.start for e in stop.expected if e.origin in _QUANTITIES and _MEASURES & set(e.rest)]
    if not starts:
        return False
    before = [t for t in stop.tokens if (t.start_pos or 0) < min(starts)]
    return bool(before) and word_type(str(before[-1])) == "比较词"


def diagnose_failure(text: str, stop: Stop, span_of: SpanOf) -> Diagnostic:
    """The error for a text the register grammar does not read (``text`` normalised,
    ``stop`` from :func:`find_stop`); spans through ``span_of`` (character offsets)."""
    if stop.kind is None:
        return _unknown(text, stop, span_of)
    _, unknown = _tokens(text)
    if stop.kind != "$END" and unknown == stop.end:
        # the rejected word runs into an unknown one (伤害 + 源): one misspelt word?
        end = _unknown_end(text, unknown)
        if _joins(text, stop.start, unknown, end):
            glued = Stop(stop.start, end, text[stop.start:end], None, stop.tokens, stop.after, stop.expected)
            return _unknown(text, glued, span_of, merge=False)
    items = expected_words(stop.expected)
    exp = _expected_text(items)
    notes = (f"此处应为：{exp}",) if exp else ()
    prev = stop.tokens[-1] if stop.tokens else None
    if prev is not None and str(prev) == stop.found and stop.found not in "，。；":
        sp = span_of(stop.start, stop.end)  # 令令, 并并: the second one goes
        return Diagnostic("E0101", Severity.ERROR, f"“{stop.found}”重复了", sp, notes=notes,
                          help=f"删去一个“{stop.found}”", suggestion=Suggestion(sp, ""))
    shape = _shape(stop, text)
    # a construction left unfinished is explained, not patched (the missing part —
    # a second option, a clause, a count, which time word — is the designer's to
    # write); a missing phrase (“X后缺少角色”) may still have a checked fix
    unfinished = shape is not None and shape[2] is not None
    fix = None if unfinished else _checked(text, stop, _fixes(text, stop, items))
    code = shape[0] if shape else "E0101"
    if stop.kind == "$END":
        last = stop.tokens[-1] if stop.tokens else None
        a = (last.start_pos or 0) if last is not None else 0
        sp = span_of(a, a + len(str(last)) if last is not None else len(text))
        msg, help_ = (shape[1], shape[2]) if shape else ("句子没有写完", None)
    else:
        sp = span_of(stop.start, stop.end)
        msg, help_ = (shape[1], shape[2]) if shape else (f"此处不应出现“{stop.found}”", None)
        if shape is None and stop.found == "。" and not text[stop.end:].strip():
            # stopped at the final 。 (typed, or added by W0102): the words before it are
            # unfinished — “此处不应出现“。”” under a 。 not typed said nothing
            msg = "句子没有写完"
    if fix is not None and not unfinished:
        # the fix says best what is wrong: a stray word, a missing one, a misspelt one
        old = text[fix.start:fix.end]
        before = [t for t in stop.tokens if (t.start_pos or 0) < fix.start]
        if fix.start != stop.start:
            notes = ()  # the expected words were those at the stop, not where the fix goes
        if fix.probe and before:
            tok = before[-1]
            what = "角色" if fix.replacement.endswith("角色") else "牌"
            sp = span_of(tok.start_pos or 0, (tok.start_pos or 0) + len(str(tok)))
            msg, help_ = f"“{tok}”后缺少{what}", f"写明是哪{'名角色' if what == '角色' else '张牌'}，如“{fix.replacement}”"
            return Diagnostic("E0101", Severity.ERROR, msg, sp, notes=notes, help=help_)
        if not fix.replacement:
            sp, msg = span_of(fix.start, fix.end), f"多余的“{old}”"
        elif fix.start == fix.end and before and (fix.start < stop.start or stop.found in _PUNCT + "。；，"):
            tok = before[-1]
            sp = span_of(tok.start_pos or 0, (tok.start_pos or 0) + len(str(tok)))
            msg = f"“{tok}”后缺少“{fix.replacement}”"
        elif fix.start == fix.end:
            msg = f"“{stop.found}”前缺少“{fix.replacement}”" if stop.kind != "$END" else f"句末缺少“{fix.replacement}”"
        else:
            sp, msg = span_of(fix.start, fix.end), f"“{old}”应为“{fix.replacement}”"
        code = "E0101"
    return Diagnostic(code, Severity.ERROR, msg, sp, notes=notes,
                      help=_fix_help(fix, text) or help_,
                      suggestion=Suggestion(span_of(fix.start, fix.end), fix.replacement) if fix else None)


def _type_in(word: str, items: Sequence[Expected]) -> str | None:
    """The category of a known word: its own (伤害来源 → 角色), or for a word of
    several uses (获得) the first expected category it begins."""
    g = _grammar()
    term = g.types.get(word)
    if term is None:
        return None
    own = category(term)
    if own is not None:
        return own[0]
    # an expected category it is the first word of (翻面: 动作 here, 事件 in a timing)
    own_heads = [x.category for x in items if x.category in g.heads.get(term, ())]
    if own_heads:
        return own_heads[0]
    # else the most specific expected category it begins (另一名: 人数 before 角色 before 牌)
    fits = [x for x in items if x.category is not None and term in x.terminals]
    if fits:
        return min(fits, key=lambda x: len(x.terminals)).category
    return g.head_category.get(term)


def _starts_phrase(prev: str) -> bool:
    """A word after ``prev`` begins a phrase: ``prev`` is punctuation or a modal."""
    return prev in "，。；：、" or word_type(prev) == "情态词"


def _joins(text: str, a: int, start: int, end: int) -> bool:
    """``text[a:start]`` is a known word and ``text[start:end]`` an unknown one: is the
    whole ``text[a:end]`` one misspelt word?  (The longest match splits a known first
    part off: 弃掉 → 弃 + 掉, 伤害源 → 伤害 + 源.)  Yes when it is a reviewed confusion,
    or close to a known word that has characters of both parts."""
    if any(text.startswith(w, a) and len(w) > start - a for w in confusions()):
        return True
    known, part = set(text[a:start]), set(text[start:end])
    return any(part & set(w) and known & set(w) for w in _candidates(text[a:end], _grammar().types.values()))


def _unknown(text: str, stop: Stop, span_of: SpanOf, merge: bool = True) -> Diagnostic:
    """E0103 for a word the lexicon does not have: its whole span, its type, the closest
    known words of that type, and a checked fix."""
    g = _grammar()
    start, end = stop.start, stop.end
    items = expected_words(stop.expected)
    prev = stop.tokens[-1] if stop.tokens else None
    if merge and prev is not None and (prev.start_pos or 0) + len(str(prev)) == start:
        a = prev.start_pos or 0
        if _joins(text, a, start, end):
            start, items = a, expected_words(held_after(text, a))
    word = text[start:end]
    if prev is not None:
        # one begun inside the word before: 开始时⟨候⟩ is 开始 + 时候 (→ 时)
        for wrong, right in confusions().items():
            i = text.find(wrong, max(prev.start_pos or 0, start - len(wrong) + 1), start + len(wrong))
            if 0 <= i < start < i + len(wrong) <= end + len(wrong) and i + len(wrong) >= end:
                fixed = text[:i] + right + text[i + len(wrong):]
                if _reach(fixed)[1] > i + len(right):
                    return Diagnostic("E0103", Severity.ERROR, f"“{wrong}”应为“{right}”", span_of(i, i + len(wrong)),
                                      help=f"是不是想写“{right}”？", suggestion=Suggestion(span_of(i, i + len(wrong)), right))
    cands: list[str] = []
    for wrong, right in confusions().items():  # reviewed confusions first (获取 → 获得)
        if text.startswith(wrong, start) and right in g.types and start + len(wrong) >= end:
            cands.append(right)
            end = start + len(wrong)
            word = wrong
    either: tuple[str, ...] = ()  # an everyday word for two verbs (拿: 摸 or 获得): the designer's choice
    for wrong, rights in verb_synonyms().items():  # an everyday word for a verb (扔掉 → 弃置)
        if text.startswith(wrong, start) and start + len(wrong) >= end:
            end, word = start + len(wrong), wrong
            if len(rights) == 1:
                cands += [w for w in rights if w in g.types and w not in cands]
            else:
                either = rights
    cands += [w for w in _candidates(word, _terminals(items), literal=_literals(items)) if w not in cands]
    kind = next((k for c in cands if (k := _type_in(c, items))), None)
    if kind is None and (end - start > 1 or prev is None or _starts_phrase(str(prev))):
        # no close word: the type the place wants, if it wants one kind of phrase (a
        # lone character glued to a word, 摸⟨起⟩, is no phrase of its own)
        opens = {"动作" if x.category == "动词" else x.category for x in items
                 if x.category in _OPEN | {"动词"} and x.category in _WORD_TYPES}
        kind = opens.pop() if len(opens) == 1 else None
    if kind not in _WORD_TYPES:
        kind = None
    exp = _expected_text(items)
    notes: tuple[str, ...] = (f"此处应为：{exp}",) if exp else ()
    near = [c for c in cands if _type_in(c, items) == kind][:3]
    if near:
        notes += (f"相近的{kind or '词'}：" + "、".join(f"“{c}”" for c in near),)
    unknown = Stop(start, end, word, None, stop.tokens, stop.after, stop.expected)
    wanted = _terminals(items)
    # a name the place wants in its brackets: 获得技能奸雄 → 〖奸雄〗, 一枚田标记 → “田”
    wraps = [f"{a}{word}{b}" for t, a, b in (("SKILLREF", "〖", "〗"), ("MARK", "“", "”")) if t in wanted]
    fixes = [_Fix(start, end, w, 0) for w in wraps] + [_Fix(start, end, c, 1 + k) for k, c in enumerate(cands[:3])]
    nxt = stop.after[0] if stop.after else None
    if end - start == 1 and nxt is not None and nxt.start_pos == end and str(nxt) not in _PUNCT + "。；，":
        # a lone unknown character may have lost its second one to the next word (大与 → 大于)
        longer = text[start:end + len(str(nxt))]
        fixes += [_Fix(start, end + len(str(nxt)), c, 1 + k) for k, c in enumerate(_candidates(longer, wanted)[:2])]
    fix = _checked(text, unknown, fixes)
    if fix is not None and not fix.replacement and fix.start <= stop.start and stop.end <= fix.end:
        # deleting the unknown word (回合肉失去 → 回合失去) reads, but drops what the designer
        # wrote, maybe a condition (回合内): say the word and what is expected instead
        fix = None
    if fix is not None and fix.end > end:
        end, word = fix.end, text[start:fix.end]
    msg = f"未知的{kind}“{word}”" if kind else f"无法识别的词“{word}”"
    if either and fix is None:
        kind = kind or _type_in(either[0], items)
        msg = f"未知的{kind}“{word}”" if kind else msg
        return Diagnostic("E0103", Severity.ERROR, msg, span_of(start, end), notes=notes,
                          help=f"“{word}”在规范用语中写作" + "或".join(f"“{w}”" for w in either) + "：按意思选一个")
    if fix is not None and fix.replacement[1:-1] == word:
        msg = f"{'技能名' if fix.replacement[0] == '〖' else '标记名'}“{word}”没有写在{fix.replacement[0]}{fix.replacement[-1]}里"
    return Diagnostic("E0103", Severity.ERROR, msg, span_of(start, end), notes=notes,
                      help=_fix_help(fix, text) or ("规范用语的词表中没有这个词" if kind is None else None),
                      suggestion=Suggestion(span_of(fix.start, fix.end), fix.replacement) if fix else None)


# ---------------------------------------------------------------- brackets

_PAIRS = {"“": "”", "〖": "〗", "（": "）", "【": "】"}
_CLOSERS = {v: k for k, v in _PAIRS.items()}
#: what each pair encloses, and the bracket's name
_ENCLOSES = {"“": ("标记名", "引号"), "〖": ("技能名", "括号"), "（": ("括号里的话", "括号"), "【": ("牌名", "括号")}


def unbalanced(text: str, span_of: SpanOf) -> Diagnostic | None:
    """E0107 for the first bracket of “” 〖〗 （） 【】 without its partner (or closed by
    another kind), with the closing bracket to add when the text says where; E0101 for
    a pair with nothing inside (“”, 〖〗, 【】: the name is missing)."""
    norm = text.translate(_TRANSLATE)
    for opener, closer in _PAIRS.items():
        i = norm.find(opener + closer)
        if i >= 0 and opener != "（":
            what, bracket = _ENCLOSES[opener]
            return Diagnostic("E0101", Severity.ERROR, f"{bracket}里缺少{what}", span_of(i, i + 2),
                              help=f"在{bracket}里写{what}，如" + {"“": "“田”", "〖": "〖奸雄〗", "【": "【杀】"}[opener])
    stack: list[tuple[str, int]] = []
    for i, ch in enumerate(norm):
        if ch in _PAIRS:
            if stack and stack[-1][0] in "“【〖":  # names do not nest: the first one is open
                return _unclosed(norm, stack[-1], span_of, before=i)
            stack.append((ch, i))
        elif ch in _CLOSERS:
            if not stack:
                what, bracket = _ENCLOSES[_CLOSERS[ch]]
                return Diagnostic("E0107", Severity.ERROR, f"多出一个右{bracket}：前面没有与它配对的左{bracket}"
                                  if ch == "”" else f"多余的“{ch}”：前面没有配对的“{_CLOSERS[ch]}”",
                                  span_of(i, i + 1), notes=(f"{bracket}成对出现，如{_CLOSERS[ch]}…{ch}",),
                                  help=f"删去这个“{ch}”，或在{what}前补上“{_CLOSERS[ch]}”" if ch != "”" else "删去多出的右引号，或在标记名前补上左引号")
            opener, at = stack[-1]
            if _PAIRS[opener] != ch:
                return _unclosed(norm, (opener, at), span_of, before=i)
            stack.pop()
    if stack:
        return _unclosed(norm, stack[0], span_of, before=len(norm))
    return None


def _unclosed(text: str, opened: tuple[str, int], span_of: SpanOf, before: int) -> Diagnostic:
    opener, at = opened
    closer = _PAIRS[opener]
    what, bracket = _ENCLOSES[opener]
    fix: int | None = None
    inner = text[at + 1:before]
    # where the name ends: before 标记 (“田标记 → “田”标记), else before the first
    # punctuation or particle, if the text then reads on
    k = inner.find("标记") if opener == "“" else -1
    if k > 0:
        fix = at + 1 + k
    elif opener in "〖【“":
        for k, ch in enumerate(inner):
            if ch in "，。；：、的" and k > 0:
                fixed = text[:at + 1 + k] + closer + text[at + 1 + k:]
                if _reach(fixed)[1] > at + 1 + k:
                    fix = at + 1 + k
                break
    sugg = Suggestion(span_of(fix, fix), closer) if fix is not None else None
    sample = {"“": "“田”", "〖": "〖奸雄〗", "（": "（X为你的体力值）", "【": "【杀】"}[opener]
    return Diagnostic(
        "E0107", Severity.ERROR,
        "左引号没有配对的右引号" if opener == "“" else f"“{opener}”没有配对的“{closer}”", span_of(at, at + 1),
        notes=(f"{what}写在成对的{bracket}里，如{sample}",),
        help=(f"在“{text[at + 1:fix]}”后补上“{closer}”" if fix is not None else f"在{what}后补上“{closer}”")
        if opener != "“" else (f"在“{text[at + 1:fix]}”后补上右引号" if fix is not None else "在标记名后补上右引号"),
        suggestion=sugg,
    )


# ---------------------------------------------------------------- two readings


def _maximal(spans: Iterable[tuple[int, int]], within: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """The outermost of ``spans`` strictly inside ``within`` (non-overlapping, in order)."""
    inside = sorted({sp for sp in spans if within[0] <= sp[0] and sp[1] <= within[1] and sp != within},
                    key=lambda sp: (sp[0], -sp[1]))
    out: list[tuple[int, int]] = []
    for a, b in inside:
        if out and a < out[-1][1]:
            continue
        out.append((a, b))
    return tuple(out)


def reading_text(text: str, tie: Tie, k: int) -> str:
    """Reading ``k`` of a tie as the designer's words, its phrases in brackets where the
    readings group the words differently: “你装备区的[宝物牌和防具牌]” / “[你装备区的
    宝物牌]和防具牌”.  The brackets are the outermost phrases of this reading that no
    other reading has; when it has none of its own, its outermost phrases."""
    whole = (tie.start, tie.end)
    mine = {(a, b) for a, b, _ in tie.constituents[k]} if k < len(tie.constituents) else set()
    others: set[tuple[int, int]] = set()
    for j, c in enumerate(tie.constituents):
        if j != k:
            others |= {(a, b) for a, b, _ in c}
    groups = _maximal(mine - others, whole) or _maximal(mine, whole)
    if not groups:
        return f"[{text[tie.start:tie.end]}]"
    out, pos = [], tie.start
    for a, b in groups:
        out.append(text[pos:a] + f"[{text[a:b]}]")
        pos = b
    out.append(text[pos:tie.end])
    return "".join(out)


def _label(tie: Tie, k: int) -> str:
    """The category of reading ``k``'s rule (for readings that group the words alike)."""
    r = tie.readings[k] if k < len(tie.readings) else ""
    name = r.split(" → ")[0].split(" ::= ")[0].strip()
    whole = [n for a, b, n in (tie.constituents[k] if k < len(tie.constituents) else ())
             if (a, b) == (tie.start, tie.end)]
    for n in [*whole, name]:
        cat = category(n)
        if cat is not None:
            return cat[0]
    return ""


def two_readings(amb: RegisterAmbiguity, text: str, span_of: SpanOf) -> Diagnostic:
    """E0108 for a text the register grammar reads two ways: the first tie's words, and
    each of its readings in the designer's words, bracketed (from the forest's competing
    derivations, :attr:`.register.Tie.constituents`).  When the readings group the words
    the same way (they differ at most in where a 的 attaches), the words are not
    ambiguous — two rules of the grammar say the same thing — and the message says so."""
    amb = _with_phrases(amb, text)
    tie = amb.ties[0]
    words = text[tie.start:tie.end]
    shown = _shown_readings(text, tie)
    extra: tuple[str, ...] = ()
    for t in amb.ties[1:3]:
        rs = _shown_readings(text, t)
        if len(rs) > 1:
            extra += (f"另有“{text[t.start:t.end]}”两读：" + " 或 ".join(rs[:2]),)
    if len({_plain(r) for r in shown}) < 2:
        rules = " ｜ ".join(_rule_text(r) for r in tie.readings[:2])
        return Diagnostic(
            "E0108", Severity.ERROR, f"“{words}”被语法中的两条规则读成同一个结构：这是语法的重复，不是文字的歧义",
            span_of(tie.start, tie.end), notes=(f"读法：{shown[0]}", f"语法规则：{rules}", *extra),
            help="文字本身没有问题；请把这句报告给语法的维护者（grammar/register/：删去重复的规则）",
        )
    ordinals = "一二三四"
    notes = tuple(f"读法{ordinals[k]}：{r}" for k, r in enumerate(shown[:4])) + extra
    return Diagnostic(
        "E0108", Severity.ERROR, f"“{words}”有两种读法：" + " 或 ".join(shown[:2]),
        span_of(tie.start, tie.end), notes=notes,
        help="改写这段文字，让它只剩一种读法（加上“的”、调整语序，或拆成两句）",
    )


def _with_phrases(amb: RegisterAmbiguity, text: str) -> RegisterAmbiguity:
    """``amb`` with each tie's phrases per reading (:attr:`.register.Tie.constituents`):
    the chart parser finds the ties without them, so the text is read again by Lark's
    Earley, whose forest has them (the same ties, tested in tests/register_grammar)."""
    if all(t.constituents for t in amb.ties):
        return amb
    try:
        ties, _ = read_with_lark(get_register_parser(), text.translate(_TRANSLATE))
    except RegisterError:
        return amb
    by_place = {(t.symbol, t.start, t.end): t for t in ties}
    return RegisterAmbiguity(tuple(by_place.get((t.symbol, t.start, t.end), t) for t in amb.ties), amb.tree)


def _rule_text(reading: str, depth: int = 0) -> str:
    """A rule expansion (``act → 将 card _o_39 置于 dest``) in the grammar files' own
    notation: helper rules written out (``(以任意顺序)?``), words for anonymous
    terminals."""
    g = _grammar()
    head, _, body = reading.partition(" → ")

    def sym(x: str) -> str:
        if x.startswith("_o_") and depth < 3:
            alts = [exp for _, exp in g.rules.get(x, []) if exp]
            inner = " ".join(sym(y) for y in alts[0]) if alts else ""
            return f"({inner})?"
        if x.startswith("__") and x in g.rules:
            return "(…)+"
        if x in g.terminals and x.startswith("__"):
            ws = g.words.get(x, [])
            return f"“{ws[0]}”" if len(ws) == 1 else x
        return x

    return f"{head} → " + " ".join(sym(x) for x in body.split())


def _plain(reading: str) -> str:
    """A shown reading without its label and with a 的 at a bracket's edge moved out
    (“[牌堆顶的]” and “[牌堆顶]的” group the same words)."""
    r = reading.split("（")[0] if reading.endswith("）") else reading
    return r.replace("的]", "]的").replace("[的", "的[")


def _shown_readings(text: str, tie: Tie) -> list[str]:
    """The readings of a tie as “bracketed words”, each with the kind of phrase it reads
    the words as when the kinds differ (分句 / 状态句)."""
    rs = [reading_text(text, tie, k) for k in range(len(tie.readings))]
    labels = [_label(tie, k) for k in range(len(tie.readings))]
    differ = len(set(labels)) > 1 or len(set(rs)) < len(rs)
    out = [f"“{r}”（{lab}）" if differ and lab else f"“{r}”" for r, lab in zip(rs, labels)]
    return list(dict.fromkeys(out))


# ---------------------------------------------------------------- entry points


def register_diagnostics(name: str, text: str, span_of: SpanOf) -> list[Diagnostic]:
    """The register grammar's findings on one skill text (the part after ``名称：``):
    ``[]`` when it reads the text one way, ``[E0108]`` when two, else one error —
    E0107 (unbalanced “” 〖〗 （） 【】), E0103 (a word the lexicon does not have) or
    E0101 (a word no rule reads there, or the text stops early).  ``span_of(a, b)``
    maps character offsets in ``text`` to a span.  ``name`` is the skill's name.
    Texts longer than :data:`MAX_TEXT` get ``[]`` (not read)."""
    del name
    if len(text) > MAX_TEXT:
        return []
    try:
        parse_register(text.translate(_TRANSLATE))
        return []
    except RegisterAmbiguity as amb:
        return [two_readings(amb, text, span_of)]
    except RegisterError:
        pass
    got = _failure(text, span_of)
    return [got[0]] if got is not None else []


def _failure(text: str, span_of: SpanOf) -> tuple[Diagnostic, int] | None:
    """The error for a text the register grammar does not read, and the offset where
    it stops reading (for :func:`choose`)."""
    where = _where(text, span_of)
    return None if where is None else (where[0](), where[1])


def _where(text: str, span_of: SpanOf) -> tuple[Callable[[], Diagnostic], int] | None:
    """Where the register grammar stops reading ``text`` (one parse, and one of the
    words before), with the error as a function: building it costs the parses that
    check its fix, which :func:`choose` spends only when the error may be shown."""
    norm = text.translate(_TRANSLATE)
    if not norm.strip():
        return None  # no text at all: the sentence grammar says so
    brackets = unbalanced(norm, span_of)
    stop = find_stop(norm)
    if brackets is not None:
        at = brackets.span.col - span_of(0, 0).col if brackets.span is not None else 0
        made = brackets
        return (lambda: made), min(at, stop.start) if stop is not None else at
    if stop is None:
        return None
    found = stop
    return (lambda: diagnose_failure(norm, found, span_of)), stop.start


#: the sentence grammar's generic syntax messages (compiler/parse.py ``_syntax_error``)
_GENERIC = ("此处不应出现", "无法识别的词", "无法识别的内容", "句子没有写完")


def choose(name: str, text: str, span_of: SpanOf, sentence: Sequence[Diagnostic]) -> list[Diagnostic]:
    """The errors a designer sees for a skill text that neither grammar reads.

    ``sentence`` are the sentence grammar's errors on it (syntax errors, spans on the
    same line as ``span_of``'s); the register grammar's is computed here.  The rule:

    1. **the grammar that read further explains better**: each reads from the start,
       and the one that read more of the text understood more of what was meant (the
       sentence grammar spells out its own sentences, so on register text it stops
       early, at a word that is right).  The register grammar's error wins when it
       read past the word the sentence grammar rejected;
    2. **except where the sentence grammar stopped at a complete sentence**: if the
       words before its stop already form a whole text of the register (``当【闪】
       打出`` ⟨或使用⟩), the register grammar only read on into a continuation that
       failed later; the first word past a complete reading is the better pointer —
       unless the register grammar's error comes with a checked fix (一张⟨非基本⟩ →
       非基本牌: the fixed text reads, so its reading was the right one);
    3. at the same word, the sentence grammar's error stands when it offers a fix (its
       reviewed corrections, 获取 → 获得, are pinned) or a message of its own (“这里的
       括号只能用来说明 X”); when it has only its generic ones (:data:`_GENERIC`), the
       register grammar's is the better one (the whole word, its type, what the
       register expects there, a construction's own message).  When both offer a fix,
       a fix is checked by reading the fixed text: the register grammar's wins when
       only it makes the text read (目标之后 → 后, not → 目标角色).
    """
    if len(text) > MAX_TEXT:
        return list(sentence)
    where = _where(text, span_of)
    spans = [d.span for d in sentence if d.span is not None]
    if where is None or not spans:
        return list(sentence) if spans or where is None else [where[0]()]
    base = span_of(0, 0).col
    first = min(spans, key=lambda sp: sp.col)
    s_start, s_end = first.col - base, first.end_col - base
    make, stop = where
    if stop < s_start:
        return list(sentence)  # the sentence grammar read further
    diag = make()
    n = len(text)
    further = stop >= max(s_end, s_start + 1) and (stop < n or s_end < n)
    if further:
        head = text[:s_start].rstrip(" ")
        complete = bool(head) and not head.endswith(("。", "；")) and _reach((head + "。").translate(_TRANSLATE))[0]
        if not complete or diag.suggestion is not None:
            return [diag]
        return list(sentence)
    if stop >= s_start and all(d.suggestion is None and d.message.startswith(_GENERIC) for d in sentence):
        return [diag]
    if stop >= s_start and diag.suggestion is not None and _reads_fixed(text, diag, base):
        # both offer a fix: the register grammar's reads the whole text; does the other's?
        if not any(d.suggestion is not None and _reads_fixed(text, d, base) for d in sentence):
            return [diag]
    return list(sentence)


def _reads_fixed(text: str, d: Diagnostic, base: int) -> bool:
    """Does the register grammar read ``text`` with ``d``'s suggestion applied?"""
    sugg = d.suggestion
    if sugg is None or sugg.span.line != sugg.span.end_line:
        return False
    a, b = sugg.span.col - base, sugg.span.end_col - base
    if not 0 <= a <= b <= len(text):
        return False
    return _reach((text[:a] + sugg.replacement + text[b:]).translate(_TRANSLATE))[0]


def line_errors(line: str, line_no: int, file: str, errors: Sequence[Diagnostic]) -> list[Diagnostic] | None:
    """:func:`choose` for a skill line ``名称：正文`` (line ``line_no`` of ``file``, spans
    on that line): the errors a designer sees in place of the sentence grammar's syntax
    ``errors`` on it, or None when the line is no skill line or they stand as they are.
    For callers that hold a whole line (bare skill lines, a package's skill line)."""
    from ..parse import skill_line_name

    name = skill_line_name(line)
    if name is None or not errors:
        return None
    sep = "：" if "：" in line else ":"
    head, _, rest = line.partition(sep)
    body = rest.strip()
    base = len(head) + len(sep) + (len(rest) - len(rest.lstrip())) + 1  # column of the body's first character

    def span_of(a: int, b: int) -> Span:
        return Span(file, line_no, base + a, line_no, base + b)

    chosen = choose(name, body, span_of, errors)
    return None if chosen == list(errors) else chosen

