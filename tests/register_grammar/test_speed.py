"""The chart parser (compiler/language/chart.py) reads exactly what Lark's Earley reads,
and fast enough for an editor (issue 8: ≤ 10 ms per text on average over the corpus).

"Exactly" is checked against :func:`read_with_lark` (Lark's SPPF, find_ties, its
ForestToParseTree): the same tree (with every node's and word's position), the same
error (position, word found, expected terminals) and the same ties — on our own texts
and their mutations always, on a corpus sample when ../shared/corpus is beside the
checkout, and on small random grammars (ties, rule priorities, empty rules, cycles).
"""

from __future__ import annotations

import csv
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest
from lark import Token, Tree
from lark.exceptions import GrammarError, UnexpectedCharacters

from sgs.compiler.language.chart import ChartParser
from sgs.compiler.language.register import (
    RegisterError,
    _lexer_of,
    _TRANSLATE,
    build_parser,
    get_chart_parser,
    get_register_parser,
    held_after,
    held_after_with_lark,
    parse_register,
    read_with_chart,
    recognise,
    read_with_lark,
)

from .corpus_path import corpus_path
from .test_register import CORPUS, NEAR_MISSES, SENTENCES


def _same_tree(a: Any, b: Any) -> bool:
    """Equal trees, and every node and word at the same place (Tree == ignores meta)."""
    if isinstance(a, Tree):
        if not isinstance(b, Tree) or a.data != b.data or len(a.children) != len(b.children):
            return False
        for f in ("line", "column", "start_pos", "end_line", "end_column", "end_pos", "empty"):
            if getattr(a.meta, f, None) != getattr(b.meta, f, None):
                return False
        return all(_same_tree(x, y) for x, y in zip(a.children, b.children))
    return (isinstance(a, Token) and isinstance(b, Token) and a == b and a.type == b.type
            and (a.start_pos, a.end_pos) == (b.start_pos, b.end_pos))


def _outcome(read: Callable[[], Any]) -> tuple[Any, ...]:
    try:
        ties, tree = read()
    except RegisterError as e:
        return ("error", e.pos, e.found, tuple(e.expected))
    return ("read", ties, tree)


def _differences(parser: Any, chart: ChartParser, texts: list[str], kinds: dict[str, int] | None = None,
                 itself: bool = False) -> list[str]:
    """Where the two readers disagree; ``kinds`` counts the outcomes (read / tie / error).
    With ``itself``, a text with one reading must be read by the chart parser itself,
    not handed to Lark (which would be right, but ten times slower)."""
    out = []
    for text in texts:
        norm = text.translate(_TRANSLATE)
        a = _outcome(lambda: read_with_lark(parser, norm))
        b = _outcome(lambda: read_with_chart(parser, chart, norm))
        same = a == b if a[0] == "error" or b[0] == "error" else a[1] == b[1] and _same_tree(a[2], b[2])
        if not same:
            out.append(f"{text!r}: lark {a[:2]} chart {b[:2]}")
        if itself and a[0] == "read" and not a[1] and chart.parse(_lexer_of(parser).tokens(norm)) is None:
            out.append(f"{text!r}: handed to Lark")
        if kinds is not None:
            kind = "tie" if a[0] == "read" and a[1] else a[0]
            kinds[kind] = kinds.get(kind, 0) + 1
    return out


def _mutations(texts: list[str], rnd: random.Random, per_text: int) -> list[str]:
    """Texts cut short, a word dropped, doubled or put elsewhere: near misses of every kind."""
    lexer = _lexer_of(get_register_parser())
    out = []
    for t in texts:
        try:
            words = lexer.tokens(t.translate(_TRANSLATE))
        except UnexpectedCharacters:  # not words of the grammar: nothing to move
            continue
        for _ in range(per_text):
            w = words[rnd.randrange(len(words))]
            a, b = w.start_pos or 0, w.end_pos or 0
            out += [t[:a], t[:a] + t[b:], t[:b] + t[a:]]
            v = words[rnd.randrange(len(words))]
            out.append(t[:a] + str(v) + t[a:])
    return out


def test_chart_reads_our_texts_as_lark_does() -> None:
    texts = SENTENCES + [t for t, _ in NEAR_MISSES] + ["", "。", "锁定技，你的手牌上限+1。"]
    texts += _mutations(SENTENCES, random.Random(8), 2)
    kinds: dict[str, int] = {}
    assert _differences(get_register_parser(), get_chart_parser(), texts, kinds, itself=True) == []
    assert kinds["read"] >= 27 and kinds["error"] > 100


def test_chart_follows_an_unfiltered_parser_too() -> None:
    """Without the lookahead filter Lark predicts every rule; the chart then does too
    (the filter is read from register._LookaheadPredictions, not copied)."""
    parser = get_register_parser(False)
    chart = ChartParser(parser.parser.parser, "start")
    texts = [SENTENCES[6], "锁定技，你的手牌上限+1。", NEAR_MISSES[3][0], SENTENCES[6][:9]]
    assert _differences(parser, chart, texts) == []


@pytest.mark.skipif(not CORPUS.is_file(), reason="../shared/corpus/dev_texts.tsv not beside the checkout")
def test_chart_reads_the_corpus_as_lark_does() -> None:
    """Every 5th corpus text, and mutations of every 25th (read, two readings, rejected)."""
    rows = [r["text"] for r in csv.DictReader(CORPUS.open(encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)]
    texts = rows[::5] + _mutations(rows[::25], random.Random(5), 2)
    kinds: dict[str, int] = {}
    assert _differences(get_register_parser(), get_chart_parser(), texts, kinds, itself=True) == []
    assert kinds["read"] > 0 and kinds["error"] > 0


def _held_differences(texts: list[str], rnd: random.Random) -> tuple[list[str], int]:
    """Where :func:`held_after` (the chart's last column) and Lark's differ, at the end
    of each text and at a random offset; and how many answers were not empty."""
    out, listed = [], 0
    for text in texts:
        norm = text.translate(_TRANSLATE)
        for end in (len(norm), rnd.randrange(len(norm) + 1)):
            a, b = held_after_with_lark(norm, end), held_after(norm, end)
            listed += bool(a)
            if a != b:
                out.append(f"{norm[:end]!r}: lark {len(a)} chart {len(b)}: {sorted(set(a) ^ set(b), key=str)[:3]}")
    return out, listed


def test_held_after_is_larks_last_column() -> None:
    """The rules held at a stop (diagnostics) are Lark's, in the same order: at the end
    of our sentences, near misses and mutations, and at random offsets in them."""
    texts = SENTENCES + [t for t, _ in NEAR_MISSES] + _mutations(SENTENCES[::3], random.Random(3), 1)
    diffs, listed = _held_differences(texts, random.Random(4))
    assert diffs == [] and listed > 50


@pytest.mark.skipif(not CORPUS.is_file(), reason="../shared/corpus/dev_texts.tsv not beside the checkout")
def test_held_after_is_larks_last_column_on_the_corpus() -> None:
    rows = [r["text"] for r in csv.DictReader(CORPUS.open(encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)]
    diffs, listed = _held_differences(rows[::10], random.Random(6))
    assert diffs == [] and listed > 30


def _outcome_by_parse(text: str) -> tuple[bool, int]:
    """Whether parse_register reads ``text`` (one way or two), else where it stops."""
    try:
        parse_register(text, one_reading=False)
        return True, len(text)
    except RegisterError as e:
        return False, e.pos


def _outcome_by_recognition(text: str) -> tuple[bool, int]:
    try:
        recognise(text)
        return True, len(text)
    except RegisterError as e:
        return False, e.pos


def test_recognition_reads_as_parse_does() -> None:
    """recognise (diagnostics' fix trials) has parse_register's outcome: read or not, and
    the offset where the words leave the grammar (unknown words included)."""
    texts = SENTENCES + [t for t, _ in NEAR_MISSES] + ["", "。", "出牌阶段，你可以翻转"]
    texts += _mutations(SENTENCES, random.Random(9), 2)
    if CORPUS.is_file():
        rows = [r["text"] for r in csv.DictReader(CORPUS.open(encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)]
        texts += rows[::3] + _mutations(rows[::20], random.Random(10), 2)
    got = [(_outcome_by_parse(t), _outcome_by_recognition(t)) for t in texts]
    assert [(t, a, b) for t, (a, b) in zip(texts, got) if a != b] == []
    assert sum(a[0] for a, _ in got) > 20 and sum(not a[0] for a, _ in got) > 100


_WORDS = ("甲", "乙", "丙")


def _random_grammar(rnd: random.Random) -> str:
    """Up to three alternatives per rule, empty ones and priorities included; cycles
    (a: b, b: a) happen, and the chart parser must hand those to Lark."""
    nts = ["start", "a", "b", "c", "_d"]
    lines = []
    for nt in nts:
        alts = []
        for _ in range(rnd.randint(1, 3)):
            syms = [f'"{rnd.choice(_WORDS)}"' if rnd.random() < 0.5 else rnd.choice(nts[1:])
                    for _ in range(rnd.choice((0, 1, 1, 2, 2, 3)))]
            alts.append(" ".join(syms))
        prio = f".{rnd.choice((1, 2, 3))}" if nt != "start" and rnd.random() < 0.3 else ""
        lines.append(f"{nt}{prio}: " + " | ".join(alts))
    return "\n".join(lines) + "\n"


def _sentences(parser: Any, rnd: random.Random, k: int) -> list[str]:
    """Up to ``k`` texts derived from the grammar (depth-bounded), plus random strings."""
    rules: dict[str, list[Any]] = {}
    for r in parser.rules:
        rules.setdefault(r.origin.name, []).append(r.expansion)
    word = {t.name: t.pattern.value for t in parser.terminals}

    def derive(sym: str, depth: int) -> str:
        if depth > 6:
            raise ValueError("too deep")
        return "".join(word[x.name] if x.is_term else derive(x.name, depth + 1) for x in rnd.choice(rules[sym]))

    out = []
    for _ in range(2 * k):
        try:
            out.append(derive("start", 0))
        except (ValueError, KeyError):
            pass
    out = [t for t in out if len(t) <= 8][:k]
    return out + ["".join(rnd.choice(_WORDS) for _ in range(rnd.randint(0, 6))) for _ in range(k // 2)]


def test_chart_reads_random_grammars_as_lark_does() -> None:
    rnd = random.Random(2026)
    kinds: dict[str, int] = {}
    cyclic = 0
    for _ in range(150):
        try:
            parser = build_parser(_random_grammar(rnd))
        except (GrammarError, ValueError):  # no rule derives a word; an undefined start
            continue
        chart = ChartParser(parser.parser.parser, "start")
        cyclic += bool(chart.cyclic)
        texts = _sentences(parser, rnd, 6)
        assert _differences(parser, chart, texts, kinds) == [], parser.source_grammar
    # the sample exercises two readings (handed to Lark), priorities, rejections and cycles
    assert kinds["tie"] > 20 and kinds["read"] > 100 and kinds["error"] > 100 and cyclic > 5


# ---- speed: generous bounds (CPU time, best of 3), so a regression shows and load does not

def _cpu_ms(text: str, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        try:
            parse_register(text)
        except RegisterError:
            pass
        best = min(best, time.process_time() - t0)
    return best * 1000


def test_our_sentences_parse_fast() -> None:
    """The 27 sentences: ~1 ms each (Lark's Earley alone took ~13 ms, 2026-12-02)."""
    get_chart_parser()
    assert statistics.fmean(_cpu_ms(s) for s in SENTENCES) < 5.0


@pytest.mark.skipif(corpus_path() is None, reason="../shared/corpus/dev_texts.tsv not beside the checkout")
def test_the_corpus_parses_within_the_editor_budget() -> None:
    """Issue 8's target, ≤ 10 ms per text on average over the whole corpus, and over the
    texts read alone, cold: each text once, after a fresh chart parser is built (its
    tables per nonterminal and next word fill as texts need them; the tests before this
    one filled them).  Measured 3.4 ms every / 4.0 ms read (2026-12-03, CPU, loaded);
    Lark's Earley alone ~18 ms for read texts."""
    get_chart_parser.cache_clear()
    get_chart_parser()
    read, every = [], []
    for r in csv.DictReader(CORPUS.open(encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE):
        ms = _cpu_ms(r["text"], repeat=1)
        every.append(ms)
        try:
            parse_register(r["text"])
            read.append(ms)
        except RegisterError:
            pass
    assert statistics.fmean(every) < 10.0
    assert statistics.fmean(read) < 10.0


@pytest.mark.slow
def test_bench_language_prints_the_figures(tmp_path: Any) -> None:
    """`sgs bench --language` on a two-text corpus: every row, the outcomes counted, and
    the check's output the same with Lark's held_after (the "before")."""
    import io

    from rich.console import Console

    from sgs.compiler.language.bench import run_language_bench

    tsv = tmp_path / "corpus.tsv"
    tsv.write_text(f"package\tskill\ttext\n甲\t甲\t{SENTENCES[0]}\n甲\t乙\t{NEAR_MISSES[0][0]}\n", encoding="utf-8")
    buf = io.StringIO()
    run_language_bench(Console(file=buf, width=400), tsv, repeat=1)
    got = buf.getvalue()
    for row in ("构建 LALR 分析表", "图表分析器的表", "冷编译", "热加载", "sgs check standard/qun.sgs", "平均之比"):
        assert row in got
    assert "一种读法 1:" in got and "拒绝 1:" in got and "两种读法 0" in got
    assert "输出相同" in got


def test_the_lexer_takes_the_longest_word_as_every_length_would() -> None:
    """RegisterLexer._match tries only the lengths of words that start with the
    character there: the same longest match as trying every length (our texts, the
    corpus when beside the checkout, random cuts of them)."""
    lexer = _lexer_of(get_register_parser())

    def every_length(data: str, i: int) -> tuple[int, str]:
        best, kind = 0, ""
        for k in range(min(lexer.max_len, len(data) - i), 0, -1):
            if data[i:i + k] in lexer.words:
                best, kind = k, lexer.words[data[i:i + k]]
                break
        for pat, name in lexer.patterns:
            m = pat.match(data, i)
            if m and m.end() - i > best:
                best, kind = m.end() - i, name
        return best, kind

    texts = SENTENCES + [t for t, _ in NEAR_MISSES]
    if CORPUS.is_file():
        texts += [r["text"] for r in csv.DictReader(CORPUS.open(encoding="utf-8"), delimiter="\t", quoting=csv.QUOTE_NONE)]
    rnd = random.Random(11)
    texts += [rnd.choice(texts)[rnd.randrange(9):][:20] + rnd.choice(texts)[:20] for _ in range(200)]
    norm = [t.translate(_TRANSLATE) for t in texts]
    assert [(t, i) for t in norm for i in range(len(t)) if lexer._match(t, i, None) != every_length(t, i)] == []
