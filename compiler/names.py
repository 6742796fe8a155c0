"""Names that look like another name: package, general and skill names are
NFKC-normalised and refused when they hide a character (E0112's family).

A shared expansion could add a second “曹操” that looks the same as the bundled one:
a zero-width space inside, a CJK compatibility ideograph for one character, or a
Cyrillic “о” in a Latin name.  :func:`check_names` gives, for every name of a package:

* W0115 when the name is not in NFKC form (compatibility ideographs, full-width
  letters …): the name is *read* in NFKC form (:func:`normalise_names`), so it is the
  same name as the one it imitates and collides with it (E0201 / I0203);
* E0114 when the name holds an emoji (:data:`_EMOJI`), or an invisible character
  (format characters — zero-width space and joiners, BOM, bidi marks —, combining or
  enclosing marks, variation selectors, spaces, private-use or unassigned code
  points, fillers such as U+3164),
  or mixes letters of confusable scripts (two of Latin, Greek, Cyrillic; or any
  script but Latin beside CJK), or a non-ASCII digit.  The character is named
  (``U+200B ZERO WIDTH SPACE``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import replace
from functools import lru_cache

from . import ir
from .diagnostics import Diagnostic, Severity, Span

__all__ = ["check_names", "normalise_names", "name_problem"]

#: letters and blanks that show nothing (category Lo, so the category test misses them)
_FILLERS = set("\u3164\u115f\u1160\uffa0\u2800\u180e\u17b4\u17b5")
_INVISIBLE_CATEGORIES = {"Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Co", "Cn", "Cc", "Cs"}
_CONFUSABLE = {"LATIN", "GREEK", "CYRILLIC"}
_CJK = {"CJK", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"}
#: emoji blocks (pictographs, emoticons, transport, dingbats …): a name is said and typed
#: (〖名〗 in texts, --generals, sgs explain) and becomes a pinyin identifier; an emoji has
#: no reading (u1f600), is drawn differently on each system and is often a sequence that
#: looks like one character.  Typographic symbols of real names stay (☆SP赵云: U+2606)
_EMOJI = ((0x1F000, 0x1FAFF), (0x2700, 0x27BF))


def _char(ch: str) -> str:
    return f"U+{ord(ch):04X}" + (f" {unicodedata.name(ch)}" if unicodedata.name(ch, "") else "")


def _script(ch: str) -> str | None:
    """A rough script of a letter from its Unicode name (None: not a letter)."""
    if not unicodedata.category(ch).startswith("L"):
        return None
    first = unicodedata.name(ch, "?").split(" ")[0]
    if first in ("FULLWIDTH", "HALFWIDTH"):
        first = unicodedata.name(ch).split(" ")[1]
    return "CJK" if first in _CJK else first


@lru_cache(maxsize=8192)
def _facts(ch: str) -> tuple[str | None, str | None]:
    """(why ``ch`` alone is refused, its script): looked up once per character and
    process — a large expansion's names share their characters."""
    if ch in _FILLERS or unicodedata.category(ch) in _INVISIBLE_CATEGORIES:
        return f"含有不可见字符 {_char(ch)}", None
    if unicodedata.category(ch) == "Nd" and not ch.isascii():
        return f"含有非 ASCII 数字 {_char(ch)}", None
    if any(a <= ord(ch) <= b for a, b in _EMOJI):
        return f"含有表情符号 {_char(ch)}", None
    return None, _script(ch)


def name_problem(name: str) -> str | None:
    """Why ``name`` (NFKC form) is refused, naming the character; None when it is fine."""
    scripts: dict[str, str] = {}
    for ch in name:
        refused, sc = _facts(ch)
        if refused is not None:
            return refused
        if sc is not None:
            scripts.setdefault(sc, ch)
    confusable = sorted(set(scripts) & _CONFUSABLE)
    if len(confusable) > 1:
        a, b = (scripts[s] for s in confusable[:2])
        return f"混用了外形相近的文字：{_char(a)} 与 {_char(b)}"
    if "CJK" in scripts:
        other = sorted(set(scripts) - {"CJK", "LATIN"})
        if other:
            return f"汉字中混有 {_char(scripts[other[0]])}"
    return None


def _names(pkg: ir.Package) -> list[tuple[str, str, Span]]:
    out = [("扩展包", pkg.name, pkg.span)]
    for g in pkg.generals:
        out.append(("武将", g.name, g.span))
        out.extend(("技能", s.name, s.name_span) for s in g.skills)
    for c in pkg.cards:
        out.extend(("技能", s.name, s.name_span) for s in c.skills)
    return out


def check_names(pkg: ir.Package) -> list[Diagnostic]:
    """E0114 / W0115 for the names of ``pkg`` as written (module docstring)."""
    out: list[Diagnostic] = []
    for kind, name, span in _names(pkg):
        norm = unicodedata.normalize("NFKC", name)
        problem = name_problem(name) or (name_problem(norm) if norm != name else None)  # as written first
        if problem is not None:
            out.append(
                Diagnostic(
                    "E0114", Severity.ERROR, f"{kind}名“{name}”{problem}", span,
                    help="名字只用文字和数字：删去表情符号" if "表情符号" in problem
                    else "名字只用看得见的文字；删去这个字符后重新输入名字",
                )
            )
        elif norm != name:
            changed = next(ch for ch in name if unicodedata.normalize("NFKC", ch) != ch)
            out.append(
                Diagnostic(
                    "W0115", Severity.WARNING,
                    f"{kind}名“{name}”按规范形式（NFKC）读作“{norm}”：{_char(changed)} 即“{unicodedata.normalize('NFKC', changed)}”",
                    span, help=f"请直接写“{norm}”",
                )
            )
    return out


def normalise_names(pkg: ir.Package) -> ir.Package:
    """``pkg`` with its package, general and skill names in NFKC form."""

    def n(s: str) -> str:
        return unicodedata.normalize("NFKC", s)

    def skills(ss: tuple[ir.Skill, ...]) -> tuple[ir.Skill, ...]:
        return tuple(s if n(s.name) == s.name else replace(s, name=n(s.name)) for s in ss)

    generals = tuple(replace(g, name=n(g.name), skills=skills(g.skills)) for g in pkg.generals)
    cards = tuple(replace(c, skills=skills(c.skills)) for c in pkg.cards)
    return replace(pkg, name=n(pkg.name), generals=generals, cards=cards)
