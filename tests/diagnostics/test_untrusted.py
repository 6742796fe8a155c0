"""A .sgs file is untrusted input to a code generator.

Property tests (hypothesis): arbitrary text and random mutations of the bundled
skill texts never make ``sgs check`` raise, and every span lies inside the input.
Hostile names and texts reach emitted modules only as escaped literals (the
package-level cases live in tests/compiler/test_emit.py; these add skill bodies,
pinyin, control characters and pathological sizes)."""

from __future__ import annotations

import ast
import io
import time
import tokenize

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sgs.compiler import build_texts, bundled_skill_paths
from sgs.compiler.bare import check_skill_lines
from sgs.compiler.diagnostics import Diagnostic, render_human, render_json_report, render_short

#: the loaded profile's (tests/conftest.py: ``ci`` by default, ``nightly`` by SGS_FUZZ_PROFILE)
SETTINGS = settings(settings.default, suppress_health_check=[HealthCheck.too_slow])

LINES = [
    line
    for p in bundled_skill_paths()
    for line in p.read_text(encoding="utf-8").splitlines()
    if "：" in line and not line.startswith(("#", "扩展包", "武将"))
]
#: characters the mutations insert: the register's punctuation and words, brackets,
#: controls and code-like characters
ALPHABET = list("，。：；、【】（）()#\\'\"{}%$\n\t\x00\x1b\u2028\u202e 你其牌杀闪时后的一二X1") + ["受到", "使用", "打出", "{{x}}", "{%if%}", "__import__"]


def _spans_inside(diags: list[Diagnostic], text: str) -> None:
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for d in diags:
        for sp in (d.span, d.suggestion.span if d.suggestion else None):
            if sp is None:
                continue
            assert 1 <= sp.line <= sp.end_line <= len(lines), (d, len(lines))
            assert 1 <= sp.col <= len(lines[sp.line - 1]) + 1, d
            assert 1 <= sp.end_col <= len(lines[sp.end_line - 1]) + 1, d
            if sp.line == sp.end_line:
                assert sp.col <= sp.end_col, d


def _check_package(text: str) -> None:
    r = build_texts({"p.sgs": text})
    _spans_inside(r.diagnostics, text)
    render_human(r.diagnostics, {"p.sgs": text})
    render_short(r.diagnostics)
    render_json_report(r.diagnostics, {"p.sgs": text})


@SETTINGS
@given(st.text(max_size=300))
def test_arbitrary_text_never_raises(text: str) -> None:
    _check_package(text)
    diags = check_skill_lines(text, "t")
    _spans_inside(diags, text)


@SETTINGS
@given(st.text(max_size=200))
def test_arbitrary_skill_body_never_raises(body: str) -> None:
    _check_package("扩展包 测试\n武将 测试 魏 4体力 男\n奸雄：" + body + "\n")


@SETTINGS
@given(
    st.sampled_from(LINES),
    st.lists(
        st.tuples(st.sampled_from(["insert", "delete", "replace", "swap"]), st.integers(0, 400), st.sampled_from(ALPHABET)),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_real_skills_never_raise(line: str, edits: list[tuple[str, int, str]]) -> None:
    for op, at, piece in edits:
        i = at % (len(line) + 1)
        if op == "insert":
            line = line[:i] + piece + line[i:]
        elif op == "delete":
            line = line[:i] + line[i + len(piece) :]
        elif op == "replace":
            line = line[:i] + piece + line[i + 1 :]
        elif len(line) > 1:
            j = (i + 1) % len(line)
            chars = list(line)
            chars[i % len(line)], chars[j] = chars[j], chars[i % len(line)]
            line = "".join(chars)
    text = "扩展包 测试\n武将 测试 魏 4体力 男\n" + line + "\n"
    _check_package(text)
    r = build_texts({"p.sgs": text})
    for code in r.modules.values():  # whatever compiled is valid Python
        ast.parse(code)


# ---------------------------------------------------------------- hostile names and texts

HOSTILE = ["'", '"', "\\", ")", "{{x}}", "{%if%}", "__import__", "'''", "\\n", "${x}", "\x00", "\x1b", "\u2028", "\u202e"]


def _code_tokens(code: str) -> list[tokenize.TokenInfo]:
    return [t for t in tokenize.generate_tokens(io.StringIO(code).readline) if t.type not in (tokenize.STRING, tokenize.COMMENT)]


@pytest.mark.parametrize("marker", HOSTILE)
def test_hostile_text_in_a_skill_body_never_becomes_code(marker: str) -> None:
    bodies = [
        f"每当你受到一次伤害后，你可以获得对你造成伤害的牌。{marker}",
        f"每当你受到一次伤害后，你可以获得【{marker}】。",
        f"出牌阶段，你可以失去1点体力，然后摸两张牌（{marker}）。",
        f"每当你受到一次伤害后，{marker}你可以获得对你造成伤害的牌。",
    ]
    for body in bodies:
        for name in (f"奸{marker}雄（jianxiong）", "奸雄", f"奸雄（{marker}）"):
            text = f"扩展包 测试\n武将 测{marker}试（ceshi） 魏 4体力 男\n{name}：{body}\n"
            r = build_texts({"h.sgs": text})
            _spans_inside(r.diagnostics, text)
            for code in r.modules.values():
                ast.parse(code)
                for tok in _code_tokens(code):
                    assert marker.strip("\\'\"") == "" or marker not in tok.string, (tok, marker)
            if marker in ("\x00", "\x1b", "\u2028", "\u202e"):
                assert not r.modules and "E0112" in [d.code for d in r.diagnostics]
                out = render_human(r.diagnostics, {"h.sgs": text})
                assert marker not in out


def test_hostile_skill_names_compile_only_to_literals() -> None:
    for marker in ["'", '"', "\\", "{{x}}", "{%if%}", "__import__", "eval'+'"]:
        text = f"扩展包 测试\n武将 测试（ceshi） 魏 4体力 男\n奸{marker}雄（jianxiong）：每当你受到一次伤害后，你可以获得对你造成伤害的牌。\n"
        r = build_texts({"h.sgs": text})
        assert r.ok, r.diagnostics
        code = r.modules["ceshi"]
        ns: dict[str, object] = {}
        exec(compile(code, "h.py", "exec"), ns)
        assert ns["GENERALS"][0].skills[0].name == f"奸{marker}雄"  # type: ignore[index]
        for tok in _code_tokens(code):
            assert marker not in tok.string or marker in ("'", '"', "\\"), tok


# ---------------------------------------------------------------- pathological input, bounded in time


@pytest.mark.parametrize(
    "body",
    [
        "你" * 1999 + "。",  # a long line just under the limit
        "出牌阶段，你可以" + "令你" * 500 + "摸一张牌。",  # deep nesting of 令
        "每当你受到一次伤害后，伤害来源选择一项：" + "；或".join(["摸一张牌"] * 400) + "。",  # many alternatives
        "【" * 1500 + "。",
        "，" * 1900,
        "出牌阶段，" + "你可以失去1点体力，" * 180 + "然后摸两张牌。",
    ],
    ids=["long", "nested", "alternatives", "brackets", "commas", "chain"],
)
def test_pathological_input_is_bounded(body: str) -> None:
    text = "扩展包 测试\n武将 测试 魏 4体力 男\n苦肉：" + body + "\n"
    start = time.perf_counter()
    r = build_texts({"x.sgs": text})
    render_human(r.diagnostics, {"x.sgs": text})
    assert time.perf_counter() - start < 5
    _spans_inside(r.diagnostics, text)


def test_many_lines_and_a_huge_file_are_bounded() -> None:
    start = time.perf_counter()
    r = build_texts({"x.sgs": "扩展包 测试\n" + "武将 测试 魏 4体力 男\n" * 3000})
    assert r.diagnostics and time.perf_counter() - start < 10
    r = build_texts({"x.sgs": "扩展包 测试\n" + "#" * 600_000})
    assert [d.code for d in r.diagnostics] == ["E0110"]
