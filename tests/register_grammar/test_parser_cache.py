"""The register grammar's parsers come from a disk cache (register.load_parsers): the
loaded parsers are the built ones (every table equal, the same readings and errors),
an edited grammar is built again, and a damaged or unwritable cache falls back to a
build, never a traceback."""

from __future__ import annotations

import hashlib
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sgs.compiler import cache
from sgs.compiler.language import register
from sgs.compiler.language.chart import ChartParser
from sgs.compiler.language.register import (
    RegisterError,
    _TRANSLATE,
    _lexer_of,
    factor_optionals,
    grammar_text,
    load_parsers,
    read_with_chart,
    read_with_lark,
)

from .test_register import NEAR_MISSES, SENTENCES
from .test_speed import _mutations, _outcome, _same_tree

SRC = factor_optionals(grammar_text())
#: a copy of the grammar with one more tag word (the edit a grammar author makes)
EDITED = factor_optionals(grammar_text().replace('TAG: "锁定技" |', 'TAG: "锁定技" | "测试技" |', 1))
#: a small grammar of the same kind, for the damage tests (builds in milliseconds)
TINY = 'start: "甲" WORD+ "。"\nWORD: "乙" | "丙"\n'


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("parsers")


@pytest.fixture(scope="module")
def built_with_tables(folder: Path) -> tuple[register.Parsers, dict[str, Any]]:
    """The register parsers as built (the cache folder was empty: written to ``folder``)
    and their tables then (before any reading fills the chart's tables per word)."""
    parsers = load_parsers(SRC, True, folder)
    assert [p.name for p in folder.iterdir()] == [f"register-parsers-{register._parsers_key(SRC, True)}.bin"]
    return parsers, _tables(*parsers)


@pytest.fixture()
def built(built_with_tables: tuple[register.Parsers, dict[str, Any]]) -> register.Parsers:
    return built_with_tables[0]


@pytest.fixture()
def no_build(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Building a parser fails the test: what comes back was loaded."""
    def boom(*_: Any, **__: Any) -> Any:
        raise AssertionError("built, not loaded")

    monkeypatch.setattr(register, "build_parser", boom)
    yield


def _tables(parser: Any, chart: ChartParser) -> dict[str, Any]:
    """Every table the two parsers read, as plain values (rules by their content)."""
    def rule(r: Any) -> tuple[Any, ...]:
        o = r.options
        return (r.origin, tuple(r.expansion), r.order, r.alias, o.priority, o.keep_all_tokens,
                o.expand1, tuple(o.empty_indices))

    e = parser.parser.parser
    lexer = _lexer_of(parser)
    out: dict[str, Any] = {
        "rules": [rule(r) for r in parser.rules],
        "parser_conf.rules": [rule(r) for r in e.parser_conf.rules],
        "terminals": [(t.name, t.pattern, t.priority) for t in parser.terminals],
        "ignore": parser.ignore_tokens,
        "FIRST": e.FIRST, "NULLABLE": e.NULLABLE, "TERMINALS": e.TERMINALS, "NON_TERMINALS": e.NON_TERMINALS,
        "predictions": {k: [rule(r) for r in dict.__getitem__(e.predictions, k)] for k in dict.keys(e.predictions)},
        "rule_first": {rule(r): v for r, v in e.predictions.rule_first.items()},
        "callbacks": {rule(r): type(c) for r, c in e.callbacks.items()},
        "forest_sum_visitor": e.forest_sum_visitor, "Tree": e.Tree, "term_matcher": e.term_matcher,
        "resolve_ambiguity": e.resolve_ambiguity,
        "options": parser.options.options,
        "lexer": (lexer.words, lexer.classes, lexer.literals, [(p.pattern, n) for p, n in lexer.patterns]),
    }
    for name, value in vars(chart).items():
        if name == "rules":
            value = [rule(r) for r in value]
        elif name == "callbacks":
            value = [type(c) for c in value]
        out[f"chart.{name}"] = value
    return out


def test_loaded_parsers_are_the_built_ones(built_with_tables: tuple[register.Parsers, dict[str, Any]],
                                          folder: Path, no_build: None) -> None:
    built, a = built_with_tables
    loaded = load_parsers(SRC, True, folder)
    assert loaded[0] is not built[0] and loaded[1] is not built[1]
    b = _tables(*loaded)
    assert a.keys() == b.keys()
    assert [k for k in a if a[k] != b[k]] == []
    # the parts pickle takes by reference or makes again are wired as a build wires them
    p, chart = loaded
    assert p.parser.parser.predictions.lexer is _lexer_of(p)
    assert chart.callbacks[0] is p.parser.parser.callbacks[chart.rules[0]]


def test_loaded_parsers_read_as_the_built_ones(built: register.Parsers, folder: Path, no_build: None) -> None:
    """The same trees (every position), ties and errors: by the chart on our texts and
    their mutations (a tie is handed to Lark's forest), by Lark's Earley alone on four
    (it takes ~0.25 s a text; tests/register_grammar/test_speed.py compares the two
    readers on the process parser, which is the loaded one)."""
    loaded = load_parsers(SRC, True, folder)
    texts = SENTENCES + [t for t, _ in NEAR_MISSES] + ["", "。", "锁定技，你的手牌上限+1。"]
    texts += _mutations(SENTENCES, random.Random(22), 1)
    by_lark = [SENTENCES[6], "锁定技，你的手牌上限+1。", NEAR_MISSES[3][0], SENTENCES[6][:9]]
    differ = []
    for text, chart in [(t, True) for t in texts] + [(t, False) for t in by_lark]:
        norm = text.translate(_TRANSLATE)
        x = _outcome(lambda: read_with_chart(*built, norm) if chart else read_with_lark(built[0], norm))
        y = _outcome(lambda: read_with_chart(*loaded, norm) if chart else read_with_lark(loaded[0], norm))
        if not (x == y if "error" in (x[0], y[0]) else x[1] == y[1] and _same_tree(x[2], y[2])):
            differ.append(text)
    assert differ == []


def test_an_edited_grammar_is_built_again(built: register.Parsers, folder: Path) -> None:
    assert register._parsers_key(EDITED, True) != register._parsers_key(SRC, True)
    text = "测试技，你的手牌上限+1。"
    with pytest.raises(RegisterError):
        read_with_chart(*built, text)
    parser, chart = load_parsers(EDITED, True, folder)
    assert len(list(folder.iterdir())) == 2  # a second entry beside the first
    ties, tree = read_with_chart(parser, chart, text)
    assert ties == () and tree.data == "start"


def test_the_key_covers_what_the_parsers_depend_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import lark

    key = register._parsers_key(TINY, True)
    assert key == register._parsers_key(TINY, True)
    assert key != register._parsers_key(TINY + "\n", True)
    assert key != register._parsers_key(TINY, False)
    monkeypatch.setattr(lark, "__version__", lark.__version__ + ".1")
    assert key != register._parsers_key(TINY, True)


def _entry(tmp_path: Path) -> Path:
    (path,) = tmp_path.glob("register-parsers-*.bin")
    return path


def _reads(parsers: register.Parsers) -> None:
    parser, chart = parsers
    assert read_with_chart(parser, chart, "甲乙丙。")[1].data == "start"
    with pytest.raises(RegisterError):
        read_with_chart(parser, chart, "甲丁。")


def _forged(payload: bytes) -> bytes:
    """An entry whose recorded hash matches ``payload`` (damage the hash cannot catch)."""
    return b"sgs-register-parsers 1 " + hashlib.sha256(payload).hexdigest().encode() + b"\n" + payload


def test_a_damaged_entry_is_built_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _reads(load_parsers(TINY, True, tmp_path))
    entry = _entry(tmp_path)
    whole = entry.read_bytes()
    assert whole.startswith(b"sgs-register-parsers 1 ")
    _reads(load_parsers(TINY, True, tmp_path))
    assert capsys.readouterr().err == ""
    header, payload = whole.split(b"\n", 1)
    for damage in (
        whole[: len(whole) // 2],  # truncated
        header + b"\n" + payload[:-7] + b"\0" * 7,  # bytes changed
        b"",  # empty
        _forged(pickle.dumps(("sgs register parsers 1", 1, 2))),  # another thing, hash right
        _forged(payload[: len(payload) // 2]),  # a truncated pickle, hash right
        _forged(payload.replace(b"ChartParser", b"ChartParsex")),  # a class that is gone (older code)
    ):
        entry.write_bytes(damage)
        _reads(load_parsers(TINY, True, tmp_path))
        err = capsys.readouterr().err
        assert "已损坏" in err and err.count("\n") == 1 and "Traceback" not in err
        assert entry.read_bytes().startswith(header)  # rewritten whole
        _reads(load_parsers(TINY, True, tmp_path))
        assert capsys.readouterr().err == ""


def test_no_cache_folder_no_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")
    _reads(load_parsers(TINY, True, blocked))  # cannot be read or written there: built, not cached
    assert blocked.read_text() == "not a folder"

    def nowhere() -> Path:
        raise OSError("no temp folder either")

    monkeypatch.setattr(cache, "cache_root", nowhere)
    _reads(load_parsers(TINY, True))
    assert capsys.readouterr().err == ""


def test_a_value_that_cannot_be_pickled_is_used_not_cached(tmp_path: Path) -> None:
    def dumps(_: object) -> bytes:
        raise pickle.PicklingError("a new field of a library")

    assert cache.load_pickled("thing", "k", lambda: {"a": 1}, tmp_path, dumps=dumps) == {"a": 1}
    assert list(tmp_path.iterdir()) == []


def test_the_process_parser_comes_with_its_chart(built: register.Parsers, folder: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """get_register_parser loads from the cache folder, and get_chart_parser takes the
    chart loaded with it; after cache_clear() it builds a fresh one from that parser
    (its tables per nonterminal and word empty again)."""
    monkeypatch.setenv("SGS_CACHE_DIR", str(folder))
    register.get_register_parser.cache_clear()
    register.get_chart_parser.cache_clear()
    try:
        with monkeypatch.context() as m:
            m.setattr(register, "build_parser", None)  # loaded, not built
            parser = register.get_register_parser()
        chart = register.get_chart_parser()
        assert chart.callbacks[0] is parser.parser.parser.callbacks[chart.rules[0]]  # loaded together
        register.get_chart_parser.cache_clear()
        again = register.get_chart_parser()
        assert again is not chart and again.callbacks[0] is chart.callbacks[0]  # built from the same parser
    finally:
        register.get_register_parser.cache_clear()
        register.get_chart_parser.cache_clear()
