"""繁体字 (W0103): a designer who writes traditional characters gets the text read as
simplified — by OpenCC's t2s, span-preserving, one warning per line with the whole
converted stretch as its suggestion — and ``sgs fmt`` writes simplified.  Comment lines
stay as written.  No simplified text of the corpus or of the bundled skills is touched
(OpenCC would convert some characters that are also simplified, e.g. in other phrases)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler.fmt import format_text
from sgs.compiler.parse import normalise

from ..register_grammar.corpus_path import corpus_path
from .helpers import HEADER, front

ROOT = Path(__file__).resolve().parents[2]
TRAD = "奸雄：每當你受到一次傷害後，你可以獲得對你造成傷害的牌。"
SIMP = "奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌。"


def test_traditional_text_compiles_as_the_simplified_one() -> None:
    pkg, diags = front(HEADER + TRAD + "\n")
    ref, ref_diags = front(HEADER + SIMP + "\n")
    assert pkg is not None and ref is not None
    assert [d.code for d in diags if d.code != "W0103"] == [d.code for d in ref_diags]
    (w,) = [d for d in diags if d.code == "W0103"]
    assert w.message == "繁体字（當、傷、後、獲、對），已按简体读取：“当你受到一次伤害后，你可以获得对你造成伤”"
    assert w.span is not None and (w.span.line, w.span.col, w.span.end_col) == (3, 5, 25)
    assert w.suggestion is not None and w.suggestion.replacement == "当你受到一次伤害后，你可以获得对你造成伤"
    skill, same = pkg.generals[0].skills[0], ref.generals[0].skills[0]
    assert skill.abilities[0].timing == same.abilities[0].timing  # spans kept: same columns


def test_keywords_of_header_and_general_lines_too_names_and_comments_stay() -> None:
    # names are the designer's (測試, 諸葛亮, 觀星 are other names than 测试, 诸葛亮, 观星)
    text = "擴展包 測試\n武將 諸葛亮（zhugeliang） 蜀 3體力 男\n# 註釋照寫\n" + TRAD.replace("奸雄", "觀星") + "\n"
    formatted, diags = format_text(text, "t.sgs")
    want = "扩展包 測試\n武将 諸葛亮（zhugeliang） 蜀 3体力 男\n# 註釋照寫\n" + SIMP.replace("奸雄", "觀星") + "\n"
    assert formatted == want, diags
    assert [d.span.line for d in diags if d.code == "W0103" and d.span] == [1, 2, 4]


def test_simplified_text_is_never_touched() -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "skills").rglob("*.sgs"))]
    corpus = corpus_path()
    if corpus is not None:
        texts += [row.split("\t")[3] for row in corpus.read_text(encoding="utf-8").splitlines()[1:]]
    for text in texts:
        out, diags = normalise(text, "t.sgs")
        assert not [d for d in diags if d.code == "W0103"], (text[:60], [d.message for d in diags])


@pytest.mark.parametrize("n", [1, 2000])
def test_many_lines_are_bounded(n: int) -> None:
    from sgs.compiler.diagnostics import MAX_PER_FILE

    _, diags = normalise("\n".join([TRAD] * n), "t.sgs")
    listed = [d for d in diags if d.code == "W0103" and d.span is not None]
    summed = [d for d in diags if d.code == "W0103" and d.span is None]
    assert len(listed) == min(n, MAX_PER_FILE)
    assert len(summed) == (n > MAX_PER_FILE)
    if summed:
        assert str(n - MAX_PER_FILE) in summed[0].message, summed[0].message
