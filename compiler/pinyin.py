"""Pinyin identifiers for names (skills, generals, packages, cards).

Python identifiers in emitted code use pinyin without tones (``jianxiong``,
``caocao``; ü is written ``v``: ``lvbu``).  The readings come from pypinyin's
dictionary (``lazy_pinyin``, style NORMAL), character by character, each character's
first (most common) reading — deterministic for a given pypinyin version, and the
same whether or not pypinyin's phrase dictionary is loaded.  Where that reading is not
the one a name uses (a surname such as 乐 *yuè* in 乐进, 禅 *shàn* in 刘禅, 调 *tiáo*
in 调息), the source says so: ``乐进（yuejin）``.

pypinyin is imported on the first inference, without its phrase dictionary
(``PYPINYIN_NO_PHRASES``, unless the environment sets it): per-character readings do
not use it, and loading it cost about 1.5 s of every ``sgs check`` (measured).

Characters pypinyin does not read still give an identifier, so inference never
fails: ASCII letters and digits (after NFKC, so full-width ``Ａ`` is ``a``) are kept
lowercased, anything else becomes ``u`` + its code point in hex (``☆`` → ``u2606``);
a result that does not start with a letter gets an ``x`` in front (``1号`` →
``x1hao``) and one that is a Python keyword an ``_`` behind (``class_``).  An
explicit ``（pinyin）`` in the source always wins (the lowering checks it).
"""

from __future__ import annotations

import keyword
import os
import re
import unicodedata
from functools import lru_cache

__all__ = ["to_pinyin", "is_identifier"]

_IDENT = re.compile(r"[a-z][a-z0-9_]*\Z")
_ALNUM = re.compile(r"[a-z0-9]+\Z")


def is_identifier(s: str) -> bool:
    """A valid emitted identifier: lowercase ASCII, digits, underscores, not a keyword."""
    return bool(_IDENT.match(s)) and not keyword.iskeyword(s) and not keyword.issoftkeyword(s)


def _unread(run: str) -> str:
    """pypinyin's ``errors`` hook: the spelling of a run of characters it has no reading for."""
    return "".join(
        ch if _ALNUM.match(ch) else f"u{ord(ch):x}" for ch in unicodedata.normalize("NFKC", run).lower()
    )


@lru_cache(maxsize=4096)
def to_pinyin(name: str) -> str | None:
    """The pinyin identifier of ``name`` (``"奸雄"`` → ``"jianxiong"``); None only for ``""``.

    Always an :func:`is_identifier` string otherwise, whatever the characters (see the
    module docstring for the rules); the caller still checks uniqueness (E0201).
    """
    if not name:
        return None
    out = "".join(_reading(ch) for ch in name)
    if not out[:1].isalpha() or not out[:1].isascii():
        out = "x" + out
    if not is_identifier(out):  # a keyword or soft keyword (``match``, ``case``…)
        out += "_"
    return out


@lru_cache(maxsize=8192)
def _reading(ch: str) -> str:
    """One character's reading (lowercase): names are read one character at a time
    (a phrase reading would depend on the phrase dictionary), so each character is
    looked up once per process — a large expansion's names share their characters."""
    os.environ.setdefault("PYPINYIN_NO_PHRASES", "1")  # read before pypinyin's first import
    from pypinyin import Style, lazy_pinyin

    return "".join(
        p.lower() for p in lazy_pinyin(ch, style=Style.NORMAL, errors=_unread, v_to_u=False, neutral_tone_with_five=False)
    )
