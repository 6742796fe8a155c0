"""Parse skill text with the register grammar (grammar/register/*.lark).

The grammar is written by linguistic category — words, phrases, events, verbs,
sentences — one file each, composed in file-name order.

Parser (chosen by measurement, on ../shared/corpus/dev_texts.tsv): Earley over words,
not characters.  :class:`RegisterLexer` is a longest match over the typed word list
(every word of the grammar is a terminal; a compound such as 伤害来源 is one token),
and :class:`_LookaheadPredictions` drops predicted rules that cannot start with the
next word.  Lark compiles the grammar and is the reference; the chart parser
(:mod:`.chart`) runs the same Earley over Lark's tables with integers and reads the
forest from the chart (:func:`read_with_chart`): the same trees and errors as Lark's
(:func:`read_with_lark`, tested); a text read two ways is handed to Lark, whose forest
gives the ties.  Measured 2026-12-02: ~1.6 ms CPU per read text against ~16 ms for
Lark's Earley (``sgs corpus … --reference`` prints both).
One reading is checked, not assumed: :func:`find_ties`.
"""

from __future__ import annotations

import copyreg
import hashlib
import importlib
import io
import pickle
import re
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Any, cast
from importlib import resources

from lark import Lark, Tree, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput
from lark.lexer import Lexer, PatternStr
from lark.parser_frontends import _wrap_lexer
from lark.parsers.earley_forest import ForestSumVisitor, ForestToParseTree, PackedNode, SymbolNode

from .chart import ChartParser, Rejected
from .lexicon import Lexicon, LexiconError, bundled

__all__ = [
    "grammar_text", "factor_optionals", "build_parser", "load_parsers", "get_register_parser", "get_chart_parser",
    "parse_register", "recognise", "lark_parse_register", "read_with_chart", "read_with_lark", "RegisterError", "LexiconError", "Expected", "expected_after",
    "RegisterAmbiguity", "Tie", "Expectation", "held_after", "word_types",
]


def grammar_text() -> str:
    """The register grammar: the files of grammar/register/ joined in name order."""
    root = resources.files("sgs.grammar").joinpath("register")
    names = sorted(p.name for p in root.iterdir() if p.name.endswith(".lark"))
    return "\n".join(root.joinpath(n).read_text(encoding="utf-8") for n in names)


_OPT_GROUP = re.compile(r"\(([^()]*)\)\?")
_OPT_SYMBOL = re.compile(r'("[^"]*"|[A-Za-z_][A-Za-z_0-9]*)\?')
_TERMINAL_DEF = re.compile(r"^[A-Z_][A-Z_0-9]*(\.-?\d+)?\s*:")


def factor_optionals(src: str) -> str:
    """Rewrite each optional item ``x?`` / ``(…)?`` as an empty-able helper rule.

    Lark expands every ``?`` of a rule into two alternatives, so a rule with k
    optional items becomes 2^k rules, and Earley predicts each of them.  A helper
    ``_o_n: x |`` (inlined in the tree, so the parse trees are unchanged) keeps one
    rule per alternative: measured 2026-12-01 on every 4th corpus text, 1,357 → 993
    rules and ~2× faster parsing with identical trees (tests/register_grammar).
    Terminal definitions and comments are left alone.
    """
    helpers: dict[str, str] = {}

    def helper(body: str) -> str:
        if body not in helpers:
            helpers[body] = f"_o_{len(helpers)}"
        return helpers[body]

    lines = []
    for line in src.split("\n"):
        if line.lstrip().startswith("//") or line.startswith("%") or _TERMINAL_DEF.match(line):
            lines.append(line)
            continue
        line = _OPT_SYMBOL.sub(lambda m: helper(m.group(1)), line)
        prev = None
        while prev != line:  # innermost groups first
            prev, line = line, _OPT_GROUP.sub(lambda m: helper(m.group(1)), line)
        lines.append(line)
    lines += [f"{name}: {body} |" for body, name in helpers.items()]
    return "\n".join(lines)


class RegisterLexer(Lexer):
    """Longest match over the typed word list, with the open slots as patterns.

    Every terminal of the grammar is either a word (a string), a word class (an
    alternation of strings: ``KIND: "牌" | "手牌" …``) or a slot pattern (【…】, “…”,
    〖…〗, numerals).  The open lexicon (:mod:`.lexicon`: card, mark and pile names,
    bundled or declared by a package) adds its names as words of their slot's
    terminal, so 闪 is read like 【闪】.  At each position the longest word or slot
    wins, so 手牌上限 is one token even though 手牌 is a KIND, and 闪电 is not 闪 + 电;
    a word may have only one type (LexiconError).
    """

    __future_interface__ = False
    #: the type of the token the parser is about to scan (read by _LookaheadPredictions)
    lookahead: str = ""
    #: the lookahead after the last token (``_ANY``: keep every prediction; expected_after)
    end_lookahead: str = "$END"

    def __init__(self, lexer_conf: Any) -> None:
        self.words: dict[str, str] = {}
        self.patterns: list[tuple[re.Pattern[str], str]] = []
        #: words of each word-class terminal (for messages: what a terminal stands for)
        self.classes: dict[str, list[str]] = {}
        #: the word of each single-word terminal
        self.literals: dict[str, str] = {}
        for t in lexer_conf.terminals:
            if t.name in lexer_conf.ignore:
                continue
            alts = _word_alternatives(t.pattern)
            if alts is None:
                self.patterns.append((re.compile(t.pattern.to_regexp()), t.name))
                continue
            if isinstance(t.pattern, PatternStr):
                self.literals[t.name] = alts[0]
            else:
                self.classes[t.name] = alts
            for w in alts:
                if self.words.get(w, t.name) != t.name:
                    raise LexiconError(f"word {w!r} is both {self.words[w]} and {t.name}")
                self.words[w] = t.name
        slots = {t.name for t in lexer_conf.terminals}
        if {"CARD", "MARK"} <= slots:  # the register grammar (not a test grammar): its open lexicon
            self._add_open(self.words, bundled())
        self.max_len = max(len(w) for w in self.words)
        self._index()
        #: (text, its tokens) handed over by parse_register: lex() then does not tokenise again
        self.pending: tuple[str, list[Token]] | None = None

    def _index(self) -> None:
        """Per first character, the lengths of the words that start with it, longest
        first: :meth:`_match` tries those slices only (not every length up to max_len)."""
        lens: dict[str, set[int]] = {}
        for w in self.words:
            lens.setdefault(w[0], set()).add(len(w))
        self._lens = {c: tuple(sorted(ks, reverse=True)) for c, ks in lens.items()}

    def _add_open(self, words: dict[str, str], lexicon: Lexicon) -> None:
        for w, term in lexicon.terminals():
            if self.words.get(w, term) != term:
                raise LexiconError(f"{w!r} is a word of the grammar ({self.words[w]}), not a {lexicon.words[w]} name")
            words[w] = term

    def with_lexicon(self, lexicon: Lexicon | None) -> dict[str, str] | None:
        """The words of a package's lexicon beyond the bundled ones, as word → terminal
        (None when there are none); LexiconError when one is a word of the grammar."""
        if lexicon is None:
            return None
        extra: dict[str, str] = {}
        self._add_open(extra, lexicon)
        extra = {w: t for w, t in extra.items() if w not in self.words}
        return extra or None

    def local_names(self, data: str, extra: dict[str, str] | None = None) -> dict[str, str] | None:
        """The names ``data`` itself puts in quotes and also writes bare, as MARK words
        for this text only (None when there are none).

        The register declares a mark or pile by quoting it once and may then drop the
        quotes (获得一个“饶舌”标记……你有7个饶舌标记时): the lexicon must not fail on a
        name it has been shown.  A quoted wording made of known words (“出牌阶段限一次”)
        is not a name, and a word of the grammar or of ``extra`` keeps its type.
        """
        found = _QUOTED.findall(data)
        if not found:
            return None
        rest = _QUOTED.sub(" ", data)
        names: dict[str, str] = {}
        for name in found:
            if name in names or name in self.words or (extra and name in extra) or name not in rest:
                continue
            if self.known_prefix(name, extra)[1] == len(name):
                continue
            names[name] = "MARK"
        return names or None

    def lex(self, data: str) -> Iterator[Token]:  # type: ignore[override]
        pending, self.pending = self.pending, None
        toks = pending[1] if pending is not None and pending[0] is data else self.tokens(data)
        for tok in toks:
            self.lookahead = tok.type
            yield tok
        self.lookahead = self.end_lookahead

    def prime(self, data: str) -> None:
        """Tokenise ahead, so the start symbol's prediction already sees the first word."""
        toks = self.tokens(data)
        self.lookahead = toks[0].type if toks else _END

    def tokens(self, data: str, extra: dict[str, str] | None = None) -> list[Token]:
        """The words of ``data`` (longest match; ``extra``: more words, word → terminal);
        UnexpectedCharacters at an unknown word (:meth:`known_prefix` says where)."""
        out, pos = self.known_prefix(data, extra)
        if pos < len(data):
            line = data.count("\n", 0, pos) + 1
            col = pos - (data.rfind("\n", 0, pos) + 1) + 1
            raise UnexpectedCharacters(data, pos, line, col, allowed=None)  # type: ignore[no-untyped-call]
        return out

    def known_prefix(self, data: str, extra: dict[str, str] | None = None) -> tuple[list[Token], int]:
        """The words of ``data`` up to the first position where no word or slot starts,
        and that position (``len(data)`` when every word is known).  Without ``extra``,
        the names ``data`` itself quotes read bare too (:meth:`local_names`)."""
        if extra is None:
            extra = self.local_names(data)
        out: list[Token] = []
        i, n, line, col = 0, len(data), 1, 1
        while i < n:
            if data[i] in " \t":
                i += 1
                col += 1
                continue
            best, kind = self._match(data, i, extra)
            if not best:
                break
            out.append(Token(kind, data[i:i + best], i, line, col, line, col + best, i + best))
            i += best
            col += best
        return out, i

    def _match(self, data: str, i: int, extra: dict[str, str] | None) -> tuple[int, str]:
        """The length and terminal of the longest word or slot at ``data[i]`` (0 if none)."""
        best, kind = 0, ""
        words = self.words
        if extra:
            max_len = max(self.max_len, max(map(len, extra), default=0))
            for k in range(min(max_len, len(data) - i), 0, -1):
                w = data[i:i + k]
                name = words.get(w)
                if name is None:
                    name = extra.get(w)
                if name is not None:
                    best, kind = k, name
                    break
        else:
            room = len(data) - i
            for k in self._lens.get(data[i], ()):
                if k <= room:
                    name = words.get(data[i:i + k])
                    if name is not None:
                        best, kind = k, name
                        break
        for pat, name in self.patterns:
            m = pat.match(data, i)
            if m and m.end() - i > best:
                best, kind = m.end() - i, name
        return best, kind

    def unknown_end(self, data: str, pos: int, extra: dict[str, str] | None = None) -> int:
        """Where the unknown word at ``pos`` ends: the next position at which a known
        word or slot starts (or the text's end)."""
        for j in range(pos + 1, len(data)):
            if data[j] in " \t" or self._match(data, j, extra)[0]:
                return j
        return len(data)


#: a name in the quotes of the MARK slot (grammar/register/00_words.lark), its inside
_QUOTED = re.compile(r'[“"「『]([^”"」』\n]{1,12})[”"」』]')


def _word_alternatives(pattern: Any) -> list[str] | None:
    """The words a terminal stands for, or None for a real pattern (a slot)."""
    if isinstance(pattern, PatternStr):
        return [pattern.value]
    src = pattern.value
    if src.startswith("(?:") and src.endswith(")"):
        src = src[3:-1]
    parts = src.split("|")
    words = [re.sub(r"\\(.)", r"\1", p) for p in parts]
    if all(re.escape(w) == p for w, p in zip(words, parts)) and all(words):
        return words
    return None


_END = "$END"
#: a lookahead that filters nothing (expected_after)
_ANY = "*"


class _LookaheadPredictions(dict[Any, list[Any]]):
    """Earley prediction filtered by one token of lookahead.

    Lark's Earley predictor adds, for a nonterminal, every rule of its leftmost
    closure.  A rule whose FIRST set cannot begin with the next token (and that
    cannot derive the empty string) can never advance, so it is dropped before it
    becomes an item.  This keeps the same parses (tested against the unfiltered
    parser) and is what makes a broad grammar of the register fast enough for an
    editor: measured ~30× fewer Earley items on the corpus (see ``sgs corpus``).
    It relies on two attributes of Lark's Earley parser (``predictions``, ``FIRST``/
    ``NULLABLE``); the pin in pyproject.toml and tests/register/ guard that.
    """

    def __init__(self, full: dict[Any, list[Any]], first: dict[Any, set[Any]],
                 nullable: set[Any], lexer: RegisterLexer) -> None:
        super().__init__(full)
        self.lexer = lexer
        self.cache: dict[tuple[Any, str], list[Any]] = {}
        self.rule_first: dict[Any, tuple[frozenset[str], bool]] = {}
        for rules in full.values():
            for rule in rules:
                if rule in self.rule_first:
                    continue
                names: set[str] = set()
                empty = True
                for sym in rule.expansion:
                    if sym.is_term:
                        names.add(sym.name)
                        empty = False
                        break
                    names |= {t.name for t in first.get(sym, ())}
                    if sym not in nullable:
                        empty = False
                        break
                self.rule_first[rule] = (frozenset(names), empty)

    def __getitem__(self, origin: Any) -> list[Any]:
        la = self.lexer.lookahead
        if la == _ANY:
            return dict.__getitem__(self, origin)
        key = (origin, la)
        got = self.cache.get(key)
        if got is None:
            got = [r for r in dict.__getitem__(self, origin)
                   if self.rule_first[r][1] or la in self.rule_first[r][0]]
            self.cache[key] = got
        return got


def _lexer_of(parser: Lark) -> RegisterLexer:
    lexer = parser.parser.lexer
    inner = getattr(lexer, "lexer", lexer)
    assert isinstance(inner, RegisterLexer)
    return inner


def build_parser(src: str, *, filtered: bool = True) -> Lark:
    """A Lark Earley parser over :class:`RegisterLexer` for grammar ``src``, as the
    register grammar's is built (with the lookahead filter unless ``filtered=False``)."""
    parser = Lark(src, parser="earley", lexer=RegisterLexer, ambiguity="resolve",
                  propagate_positions=True, maybe_placeholders=False)
    if filtered:
        earley = parser.parser.parser
        earley.predictions = _LookaheadPredictions(earley.predictions, earley.FIRST,
                                                   earley.NULLABLE, _lexer_of(parser))
    return parser


def _build(filtered: bool) -> Lark:
    return build_parser(factor_optionals(grammar_text()), filtered=filtered)


Parsers = tuple[Lark, ChartParser]


def _rewrap(inner: RegisterLexer) -> Lexer:
    """Lark's wrapper around a custom lexer (a class Lark makes inside a function, so
    pickle cannot name it), made again around ``inner``."""
    wrapper_class = _wrap_lexer(type(inner))  # type: ignore[no-untyped-call]
    wrapper: Any = wrapper_class.__new__(wrapper_class)
    wrapper.lexer = inner
    return cast(Lexer, wrapper)


def _module(name: str) -> ModuleType:
    return importlib.import_module(name)


def _dump_parsers(parsers: Parsers) -> bytes:
    """The built parsers as a pickle: everything as it is, but for three kinds of
    object pickle cannot or should not take as they are: a module (Lark keeps ``re``)
    is imported again by name, Lark's lexer wrapper is made again, and the
    :class:`RegisterLexer` is built again from its (pickled) lexer configuration when
    loaded, so it takes the bundled lexicon of the files installed then, and its
    state per text starts empty.  A table keyed by type: the C pickler looks these up
    without a Python call per object (a ``reducer_override`` made the dump 5× slower)."""
    parser, chart = parsers
    conf = parser.lexer_conf
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    table: dict[type, Callable[[Any], Any]] = dict(copyreg.dispatch_table)
    table[ModuleType] = lambda m: (_module, (m.__name__,))
    table[type(parser.parser.lexer)] = lambda w: (_rewrap, (w.lexer,))
    table[RegisterLexer] = lambda lexer: (RegisterLexer, (conf,))
    pickler.dispatch_table = table
    pickler.dump((_PARSERS_MAGIC, parser, chart))
    return buf.getvalue()


def _load_parsers(data: bytes) -> Parsers:
    """:func:`_dump_parsers` undone; TypeError when the pickle is not what it wrote."""
    got = pickle.loads(data)
    if not (isinstance(got, tuple) and len(got) == 3 and got[0] == _PARSERS_MAGIC
            and isinstance(got[1], Lark) and isinstance(got[2], ChartParser)):
        raise TypeError("not the register parsers")
    return got[1], got[2]


#: the first item of the pickle (a second check after the cache's hash: the right kind of entry)
_PARSERS_MAGIC = "sgs register parsers 1"


def _parsers_key(src: str, filtered: bool) -> str | None:
    """What the pickled parsers depend on: the grammar text, the filter, Lark's and
    Python's versions and the code of the classes whose state is pickled (this module
    and chart.py, whole: any edit rebuilds once).  None when that code cannot be read
    (an installation without sources): then nothing is cached."""
    import lark

    h = hashlib.sha256(f"{lark.__version__} {sys.version_info[:2]} filtered={filtered}\0".encode())
    h.update(src.encode("utf-8"))
    for module in (sys.modules[__name__], sys.modules[ChartParser.__module__]):
        try:
            h.update(Path(str(module.__file__)).read_bytes())
        except OSError:
            return None
    return h.hexdigest()[:20]


def load_parsers(src: str, filtered: bool = True, folder: Path | None = None) -> Parsers:
    """The Lark Earley parser of grammar ``src`` (:func:`build_parser`) and the chart
    parser over it, through a verified disk cache (:func:`.cache.load_pickled`, in
    ``folder`` or the user's cache folder; file ``register-parsers-<key>.bin``).

    Building them costs ~1.5 s + 0.14 s of CPU in every process that reads a skill
    text the sentence grammar does not (Lark compiles the grammar and computes its
    FIRST/NULLABLE sets and predictions; the chart parser its tables); the pickle of
    the built objects loads in ~0.15 s and is the same parser (every table equal,
    tested).  Lark's own cache (``cache=``, ``Lark.save``) is for LALR only (1.3)."""
    from ..cache import load_pickled

    def build() -> Parsers:
        parser = build_parser(src, filtered=filtered)
        return parser, ChartParser(parser.parser.parser, "start")

    key = _parsers_key(src, filtered)
    if key is None:
        return build()
    return load_pickled("register-parsers", key, build, folder, dumps=_dump_parsers, loads=_load_parsers)


#: the chart parser that came with get_register_parser's parser, until get_chart_parser takes it
_spare_chart: list[Parsers] = []


@lru_cache(maxsize=2)
def get_register_parser(filtered: bool = True) -> Lark:
    """The register parser (once per process, from the disk cache: :func:`load_parsers`)."""
    parser, chart = load_parsers(factor_optionals(grammar_text()), filtered)
    if filtered:
        _spare_chart[:] = [(parser, chart)]
    return parser


class RegisterError(Exception):
    """A text the register grammar does not accept: the position and what was expected.

    ``pos``: character offset (in the text as given) where the reading stops; ``found``:
    the word there; ``expected``: the terminals the parser had predicted (after the
    lookahead filter, so possibly incomplete — :func:`expected_after` ``(tokens)``
    gives the full set); ``tokens``: the known words before ``pos`` (the longest
    known prefix); ``lexical``: True when no word of the lexicon starts at ``pos``
    (an unknown word, ``pos``..``unknown_end``), False when a known word is misplaced.
    """

    def __init__(self, pos: int, found: str, expected: list[str], *, tokens: tuple[Token, ...] = (),
                 lexical: bool = False, unknown_end: int | None = None) -> None:
        super().__init__(f"at {pos}: {found!r}")
        self.pos = pos
        self.found = found
        self.expected = expected
        self.tokens = tokens
        self.lexical = lexical
        self.unknown_end = pos if unknown_end is None else unknown_end


@dataclass(frozen=True)
class Tie:
    """Two derivations of the same words that no preference separates.

    ``symbol`` is the grammar rule (or ``rule ::= a b* c`` for a split inside a rule)
    whose words ``start``..``end`` (character offsets in the normalised text) read two
    ways; ``readings`` are the competing rules' expansions, best first.
    """

    symbol: str
    start: int
    end: int
    readings: tuple[str, ...]
    #: per reading (same order), the named phrases of its derivation: (start, end, rule
    #: name or alias), character offsets, outermost first — for E0108's bracketed readings;
    #: found in Lark's forest (find_ties), empty in the chart parser's ties
    #: (not part of a tie's identity: the same tie, whoever found it)
    constituents: tuple[tuple[tuple[int, int, str], ...], ...] = field(default=(), compare=False)


class RegisterAmbiguity(RegisterError):
    """A text the grammar reads in more than one way (DESIGN.md §2, "One reading").

    Raised by :func:`parse_register` with every :class:`Tie` on the preferred
    derivation; ``tree`` is that derivation (Lark's choice by rule order), for tools.
    """

    def __init__(self, ties: tuple[Tie, ...], tree: Tree[Token]) -> None:
        t = ties[0]
        super().__init__(t.start, t.symbol, [])
        self.ties = ties
        self.tree = tree


_HALF = ",:;()!?０１２３４５６７８９＋－　"
_FULL = "，：；（）！？0123456789+- "
_TRANSLATE = str.maketrans(_HALF, _FULL)


def _expansion(packed: PackedNode) -> str:
    rule = packed.rule
    return f"{rule.origin.name} → {' '.join(x.name for x in rule.expansion) or 'ε'}"


def _symbol_name(node: SymbolNode) -> str:
    if node.is_intermediate:
        rule, ptr = node.s
        seen = " ".join(x.name for x in rule.expansion[:ptr])
        return f"{rule.origin.name} ::= {seen} *"
    return str(node.s.name)


def _constituents(packed: PackedNode, offsets: list[int], limit: int = 400) -> tuple[tuple[int, int, str], ...]:
    """The named phrases of one derivation, following its preferred sub-derivations:
    (start, end, rule alias or name) in character offsets, outermost first.  Helper
    rules (``_o_3``, ``__card_plus_2``) are looked through, not named."""
    out: set[tuple[int, int, str]] = set()
    stack: list[Any] = [packed.left, packed.right]
    seen: set[int] = set()
    while stack and len(seen) < limit:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, SymbolNode):
            kids = node.children
            if not kids:
                continue
            if not node.is_intermediate and node.end > node.start:
                name = str(kids[0].rule.alias or node.s.name)
                if not name.startswith("_"):
                    out.add((offsets[node.start], offsets[node.end], name))
            stack.append(kids[0])
        elif isinstance(node, PackedNode):
            stack.append(node.left)
            stack.append(node.right)
    return tuple(sorted(out, key=lambda c: (c[0], -c[1], c[2])))


def find_ties(root: SymbolNode, offsets: list[int]) -> tuple[Tie, ...]:
    """The ties on the preferred derivation of an Earley forest.

    A symbol node (or an intermediate split) with two non-empty derivations whose
    summed rule priorities are equal is a tie: nothing in the grammar says which
    reading is meant.  Only the preferred derivation is followed: an ambiguity inside
    a reading that loses on priority is no ambiguity of the text.  ``offsets[i]`` is
    the character offset of token i (and ``offsets[-1]`` the text's end).
    """
    ForestSumVisitor().visit(root)  # type: ignore[no-untyped-call]
    out: list[Tie] = []
    seen: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        node = stack.pop()
        if node is None or id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, SymbolNode):
            kids = node.children  # best first: (is_empty, -priority, rule order)
            if len(kids) > 1 and not kids[1].is_empty and kids[0].priority == kids[1].priority:
                same = [k for k in kids if not k.is_empty and k.priority == kids[0].priority]
                out.append(Tie(_symbol_name(node), offsets[node.start], offsets[node.end],
                               tuple(_expansion(k) for k in same),
                               tuple(_constituents(k, offsets) for k in same)))
            if kids:
                stack.append(kids[0])
        elif isinstance(node, PackedNode):
            stack.append(node.left)
            stack.append(node.right)
    out.sort(key=lambda t: (t.start, -t.end))
    return tuple(out)


def _register_error(err: UnexpectedInput, norm: str) -> RegisterError:
    """Lark's parse error as a RegisterError: position, the word found, the terminals expected."""
    pos = getattr(err, "pos_in_stream", None)
    if pos is None or pos < 0:  # UnexpectedEOF: the text stopped too early
        pos = len(norm)
    tok = getattr(err, "token", None)
    found = str(tok) if tok is not None else norm[pos:pos + 4]
    expected = sorted(getattr(err, "expected", None) or getattr(err, "allowed", None) or [])
    return RegisterError(pos, found, expected)


@lru_cache(maxsize=1)
def get_chart_parser() -> ChartParser:
    """The chart parser over the register grammar's Lark tables (once per process: the
    one loaded with :func:`get_register_parser`'s, else built from it, e.g. after
    ``cache_clear()``, so it starts with empty tables per nonterminal and word)."""
    parser = get_register_parser()
    if _spare_chart and _spare_chart[0][0] is parser:
        return _spare_chart.pop()[1]
    return ChartParser(parser.parser.parser, "start")


Reading = tuple[tuple[Tie, ...], Tree[Token]]


def _words(parser: Lark, norm: str, lexicon: Lexicon | None) -> list[Token]:
    """The words of ``norm`` (with ``lexicon``'s names); RegisterError at an unknown word."""
    lexer = _lexer_of(parser)
    extra = lexer.with_lexicon(lexicon)
    local = lexer.local_names(norm, extra)
    if local:
        extra = {**local, **(extra or {})}
    tokens, stop = lexer.known_prefix(norm, extra)
    if stop < len(norm):
        end = lexer.unknown_end(norm, stop, extra)
        raise RegisterError(stop, norm[stop:end], [], tokens=tuple(tokens), lexical=True, unknown_end=end)
    return tokens


def read_with_lark(parser: Lark, norm: str, lexicon: Lexicon | None = None) -> Reading:
    """The ties on the preferred derivation of normalised text ``norm`` and that
    derivation's tree, by Lark's Earley: its SPPF, :func:`find_ties`, its ForestToParseTree.
    The reference the chart parser is tested against.  Raises RegisterError."""
    earley = parser.parser.parser
    tokens = _words(parser, norm, lexicon)
    lexer = _lexer_of(parser)
    try:
        lexer.lookahead = tokens[0].type if tokens else _END
        lexer.pending = (norm, tokens)
        tree_class, earley.Tree = earley.Tree, None  # the forest, not a tree
        try:
            root: Any = parser.parse(norm)
        finally:
            earley.Tree = tree_class
            lexer.pending = None
    except UnexpectedInput as err:
        e = _register_error(err, norm)
        e.tokens = tuple(t for t in tokens if (t.start_pos or 0) < e.pos)
        raise e from None
    offsets = [t.start_pos or 0 for t in tokens] + [len(norm)]
    ties = find_ties(root, offsets)
    # ForestSumVisitor ran in find_ties: the transformer resolves by those priorities
    builder = ForestToParseTree(Tree, earley.callbacks, None, True, False)  # type: ignore[no-untyped-call]
    tree: Tree[Token] = builder.transform(root)  # type: ignore[no-untyped-call]
    return ties, tree


def read_with_chart(parser: Lark, chart: ChartParser, norm: str, lexicon: Lexicon | None = None) -> Reading:
    """:func:`read_with_lark`'s answer by the chart parser (:mod:`.chart`): the same
    tree and error (position, word, expected terminals), ~10× faster.  A text that reads
    two ways (or a forest with a cycle) is read again by :func:`read_with_lark`, so its
    ties come from Lark's forest."""
    tokens = _words(parser, norm, lexicon)
    try:
        tree = chart.parse(tokens)
    except Rejected as rej:
        if rej.index is None:  # the text ended early, as Lark's UnexpectedEOF
            raise RegisterError(len(norm), "", rej.expected, tokens=tuple(tokens)) from None
        tok = tokens[rej.index]
        raise RegisterError(tok.start_pos or 0, str(tok), rej.expected, tokens=tuple(tokens[:rej.index])) from None
    if tree is None:
        return read_with_lark(parser, norm, lexicon)
    return (), cast("Tree[Token]", tree)


def parse_register(text: str, *, one_reading: bool = True, lexicon: Lexicon | None = None) -> Tree[Token]:
    """Parse one skill text (the part after ``名称：``).

    ``lexicon``: the package's open lexicon (:mod:`.lexicon`; the bundled names are
    always known), so its own card, mark and pile names read bare.  Raises
    RegisterError where the text leaves the grammar (with the known words before it
    and whether the word there is unknown), RegisterAmbiguity (a RegisterError) when
    ``one_reading`` and the text reads two ways with no preference between them (see
    :func:`find_ties`), LexiconError when the lexicon names a word of the grammar.
    Read by the chart parser (:func:`read_with_chart`).
    """
    ties, tree = read_with_chart(get_register_parser(), get_chart_parser(), text.translate(_TRANSLATE), lexicon)
    if ties and one_reading:
        raise RegisterAmbiguity(ties, tree)
    return tree


def recognise(text: str) -> None:
    """Whether the register grammar reads ``text`` (one way or more) and, if not, where it
    stops: :func:`parse_register` ``(text, one_reading=False)``'s outcome without the tree
    (no forest walk, and two readings are not read again by Lark) — for diagnostics that
    try many fixed texts.  Raises RegisterError at the same offset and word, with an
    empty ``expected`` when the words leave the grammar (not computed)."""
    norm = text.translate(_TRANSLATE)
    tokens = _words(get_register_parser(), norm, None)
    chart = get_chart_parser()
    try:
        chart.chart(chart._types(tokens), expected=False, reuse=True)  # fixes share their beginning
    except Rejected as rej:
        if rej.index is None:
            raise RegisterError(len(norm), "", [], tokens=tuple(tokens)) from None
        tok = tokens[rej.index]
        raise RegisterError(tok.start_pos or 0, str(tok), [], tokens=tuple(tokens[:rej.index])) from None


def lark_parse_register(text: str, *, one_reading: bool = True, lexicon: Lexicon | None = None) -> Tree[Token]:
    """:func:`parse_register` by Lark's Earley alone (:func:`read_with_lark`): the
    reference, and the "before" of ``sgs corpus --reference``."""
    ties, tree = read_with_lark(get_register_parser(), text.translate(_TRANSLATE), lexicon)
    if ties and one_reading:
        raise RegisterAmbiguity(ties, tree)
    return tree


@dataclass(frozen=True)
class Expected:
    """What the grammar expects after some words (for diagnostics of a rejected text).

    ``words``: literal words that may come next (摸, 弃置, 的 …); ``classes``: word
    classes and open slots (``KIND``, ``MEASURE``, ``CARD``, ``MARK``, ``NUM`` …),
    with ``class_words`` their words (the slots have none: any 【…】 is a ``CARD``;
    the lexicon's card, mark and pile names are listed by :mod:`.lexicon`);
    ``rules``: the grammar rules waiting for that word (``act_draw``, ``ev_damaged``,
    ``pmod`` … — by the naming convention, the kind of phrase expected there).
    """

    words: tuple[str, ...]
    classes: tuple[str, ...]
    class_words: dict[str, tuple[str, ...]]
    rules: tuple[str, ...]


def expected_after(tokens: tuple[Token, ...] | list[Token]) -> Expected:
    """Everything the grammar accepts after ``tokens`` (e.g. ``RegisterError.tokens``).

    The parser's own expected set is cut by the lookahead filter; this runs the
    prefix again with every prediction kept at its end.
    """
    parser = get_register_parser()
    lexer = _lexer_of(parser)
    earley = parser.parser.parser
    toks = list(tokens)
    data = "".join(str(t) for t in toks)  # the parser only sees the handed-over tokens

    expect: set[str] = set()
    items: set[Any] = set()
    try:
        lexer.lookahead = toks[0].type if toks else _ANY
        lexer.pending = (data, toks)
        lexer.end_lookahead = _ANY
        tree_class, earley.Tree = earley.Tree, None
        try:
            parser.parse(data)
        finally:
            earley.Tree = tree_class
            lexer.pending = None
            lexer.end_lookahead = _END
    except UnexpectedInput as err:
        expect = set(getattr(err, "expected", None) or ())
        items = set(getattr(err, "state", None) or ())
    # (no exception: the words are a whole text already; then nothing is listed)
    literal = lexer.literals
    words = sorted(literal[t] for t in expect if t in literal)
    classes = sorted(t for t in expect if t not in literal and t != _END)
    rules: set[str] = set()
    for s in items:
        rule = s[0] if isinstance(s, tuple) else None
        if rule is not None:
            name = rule.alias or rule.origin.name
            if not str(name).startswith("_"):
                rules.add(str(name))
    return Expected(tuple(words), tuple(classes), {c: tuple(lexer.classes.get(c, ())) for c in classes}, tuple(sorted(rules)))


@dataclass(frozen=True)
class Expectation:
    """A rule the register parser is inside where a text stops: what it could read next.

    ``rule`` is the rule's alias (``act_draw``) or else its name (``card``), ``origin``
    its name; ``rest`` the grammar symbols after the dot (terminal or rule names, helper
    rules such as ``_o_3`` included); ``start`` the character offset where the rule's
    words begin (before the stop: at least one word of it was read).
    """

    rule: str
    origin: str
    rest: tuple[str, ...]
    start: int


def held_after(text: str, end: int) -> tuple[Expectation, ...]:
    """The rules the register parser holds after reading the words of ``text[:end]``.

    For diagnostics: at the offset where a text leaves the grammar (a word no rule can
    read, an unknown word, the end of the text), these say what the grammar expected
    there.  Only rules begun before ``end`` are listed (their predictions are implied by
    ``rest``).  Unlike :func:`expected_after` (the terminals, and the rules waiting for
    one), these keep the dot: the phrases still to read (``card``, ``player``, ``vps``),
    which diagnostics name in the register's words.  Empty when the words before ``end``
    already leave the grammar or do not lex.  Costs one chart of the prefix
    (:meth:`.chart.ChartParser.held`: Lark's last column, ~50× cheaper than Lark's
    Earley; :func:`held_after_with_lark` is the reference it is tested against).
    """
    norm = text[:end].translate(_TRANSLATE)
    try:
        tokens = _lexer_of(get_register_parser()).tokens(norm)
    except UnexpectedInput:
        return ()
    chart = get_chart_parser()
    items = chart.held(chart._types(tokens))
    if items is None:
        return ()
    k = len(tokens)
    offsets = [t.start_pos or 0 for t in tokens]
    found: set[Expectation] = set()
    for d, s in items:
        ptr = chart.POS[d]
        if chart.NEXT[d] < 0 or ptr == 0 or s >= k:
            continue
        rule = chart.rules[chart.RULE[d]]
        found.add(Expectation(str(rule.alias or rule.origin.name), str(rule.origin.name),
                              tuple(str(x.name) for x in rule.expansion[ptr:]), offsets[s]))
    return tuple(sorted(found, key=lambda e: (e.start, e.rule, e.rest, e.origin)))


def held_after_with_lark(text: str, end: int) -> tuple[Expectation, ...]:
    """:func:`held_after` by Lark's Earley (its last column, read by a spy on
    ``predict_and_complete``): the reference the chart's answer is tested against."""
    norm = text[:end].translate(_TRANSLATE)
    parser = get_register_parser()
    earley = parser.parser.parser
    lexer = _lexer_of(parser)
    try:
        tokens = lexer.tokens(norm)
    except UnexpectedInput:
        return ()
    offsets = [t.start_pos or 0 for t in tokens] + [len(norm)]
    last: list[Any] = []
    original = earley.predict_and_complete

    def spy(i: int, to_scan: Any, columns: Any, *rest: Any) -> None:
        original(i, to_scan, columns, *rest)
        last[:] = [i, to_scan, columns]

    earley.predict_and_complete = spy
    tree_class, earley.Tree = earley.Tree, None
    try:
        lexer.prime(norm)
        parser.parse(norm)
    except UnexpectedInput:
        pass
    finally:
        del earley.predict_and_complete  # the class's method again
        earley.Tree = tree_class
    k = len(tokens)
    if not last or last[0] != k:
        return ()
    found: dict[Expectation, None] = {}
    for item in [*last[2][k], *last[1]]:
        if item.is_complete or item.ptr == 0 or item.start >= k:
            continue
        rule = item.rule
        found[Expectation(str(rule.alias or rule.origin.name), str(rule.origin.name),
                          tuple(str(x.name) for x in rule.expansion[item.ptr:]), offsets[item.start])] = None
    return tuple(sorted(found, key=lambda e: (e.start, e.rule, e.rest, e.origin)))


def word_types() -> dict[str, str]:
    """Every word of the register lexicon and its type (terminal name): ``{"摸": "__ANON_3",
    "基本牌": "KIND", "闪": "CARD", …}`` (the bundled open lexicon's names included).
    Slots (【…】, “…”, 〖…〗, numerals) are patterns, not listed."""
    return dict(_lexer_of(get_register_parser()).words)
