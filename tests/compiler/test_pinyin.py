"""Identifiers from pypinyin: every name gets one, and the skills' identifiers did not move."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sgs.compiler import build
from sgs.compiler.pinyin import is_identifier, to_pinyin

# identifiers the hand table gave before pypinyin (the emitted module for
# skills/standard is byte-identical): ü as v, multi-character names, surnames
KEPT = {
    "奸雄": "jianxiong", "曹操": "caocao", "吕布": "lvbu", "吕蒙": "lvmeng", "诸葛亮": "zhugeliang",
    "貂蝉": "diaochan", "甄姬": "zhenji", "夏侯惇": "xiahoudun", "司马懿": "simayi", "倾国": "qingguo",
    "护驾": "hujia", "驱虎": "quhu", "骁果": "xiaoguo", "郭嘉": "guojia", "张郃": "zhanghe",
    "彧": "yu", "标准": "biaozhun", "风": "feng",
}


@pytest.mark.parametrize("name,expected", sorted(KEPT.items()))
def test_identifiers_of_the_old_table_are_kept(name: str, expected: str) -> None:
    assert to_pinyin(name) == expected


@pytest.mark.parametrize(
    "name,expected",
    [
        ("挥", "hui"), ("泪", "lei"), ("挥泪", "huilei"),  # ordinary characters the table lacked
        ("嶷", "yi"), ("骘", "zhi"), ("鬻", "yu"), ("犇", "ben"), ("龘", "da"),  # rare ones
        # each character's first reading, not a phrase's: 调息（tiaoxi）, 乐进（yuejin） say theirs
        ("调息", "diaoxi"), ("卜筮", "boshi"), ("乐进", "lejin"), ("刘禅", "liuchan"),
        ("绿", "lv"), ("略", "lve"),
    ],
)
def test_any_han_name_gets_its_reading(name: str, expected: str) -> None:
    assert to_pinyin(name) == expected


@pytest.mark.parametrize(
    "name,expected",
    [
        ("☆", "u2606"), ("ＡＢ", "ab"), ("+1马", "u2b1ma"), ("1号", "x1hao"), ("曹操·魏", "caocaoub7wei"),
        ("class", "class_"), ("match", "match_"), ("𠀀", "he"),
    ],
)
def test_non_han_input_still_gives_a_valid_identifier(name: str, expected: str) -> None:
    got = to_pinyin(name)
    assert got == expected and is_identifier(got)


def test_every_cjk_character_gives_an_identifier() -> None:
    chars = [chr(c) for c in range(0x4E00, 0x9FFF, 7)] + [chr(c) for c in range(0x3400, 0x4DBF, 13)]
    bad = [(ch, p) for ch in chars if not ((p := to_pinyin(ch)) and is_identifier(p))]
    assert bad == []
    assert to_pinyin("") is None


def test_an_explicit_pinyin_overrides_the_reading(tmp_path: Path) -> None:
    src = tmp_path / "py.sgs"
    src.write_text(
        "扩展包 测试\n武将 乐进（yuejin） 魏 4体力 男\n挥泪（huilei_ji）：每当你受到一次伤害后，你可以摸一张牌。\n"
        "武将 刘禅 蜀 3体力 男\n泪目：每当你受到一次伤害后，你可以摸一张牌。\n",
        encoding="utf-8",
    )
    r = build([src])
    assert r.ok and not r.diagnostics, r.diagnostics
    code = r.modules["ceshi"]
    assert "class HuileiJi(" in code and "class Leimu(" in code
    assert "'yuejin'" in code and "'liuchan'" in code


def test_readings_do_not_need_the_phrase_dictionary() -> None:
    # loading pypinyin's phrases cost ~1.5 s of every sgs check; per-character readings
    # are the same with or without them
    code = (
        "from sgs.compiler.pinyin import to_pinyin; import sys; a = to_pinyin('调息挥泪'); "
        "import pypinyin.constants as c; print(a, len(c.PHRASES_DICT))"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYPINYIN_NO_PHRASES"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.split() == ["diaoxihuilei", "0"]
    with_phrases = "import pypinyin; " + code  # someone imported pypinyin first: same identifier
    out = subprocess.run([sys.executable, "-c", with_phrases], capture_output=True, text=True, env=env, check=True).stdout
    assert out.split()[0] == "diaoxihuilei" and int(out.split()[1]) > 0
