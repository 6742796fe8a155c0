"""The open, typed lexicon of the register: names of cards, marks and piles.

The grammar's closed word classes (kinds of card, measures, pronouns, phases …) are
terminals of grammar/register/00_words.lark: adding one is a grammar change.  Names
are different: every package brings its own cards, marks and piles, and a skill text
names them bare (当闪使用, 杀或决斗) or in the open slots 【…】, “…”, 〖…〗.  This
module holds those names with their type:

========  ==============================  ==========================================
type      the grammar slot it fills       declared by
========  ==============================  ==========================================
card      ``CARD`` (like 【杀】)            the bundled list (``lexicon.tsv``, the cards of
                                          grammar/vocab.lark), a package's ``装备`` and
                                          ``牌`` lines
mark      ``MARK`` (like “梦魇”)            a package's ``标记`` line
pile      ``MARK`` (like “星”)              a package's ``武将牌上的牌`` line
========  ==============================  ==========================================

A word has one type (:class:`~.register.LexiconError` otherwise, also when a
declared name is already a word of the grammar).  The register lexer reads a known
name bare as the token of its slot, so a package's new card is read like a bundled
one (see :func:`~.register.parse_register`, ``lexicon=``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from types import MappingProxyType

__all__ = ["TYPES", "TYPE_WORDS", "Lexicon", "LexiconError", "bundled", "BARE_EXCLUDED"]

#: open type → the grammar terminal (slot) a bare word of that type is read as
TYPES: Mapping[str, str] = MappingProxyType({"card": "CARD", "mark": "MARK", "pile": "MARK"})
#: open type → its name in the register (messages, package declarations)
TYPE_WORDS: Mapping[str, str] = MappingProxyType({"card": "牌名", "mark": "标记", "pile": "武将牌上的牌"})

#: card names only ever read in brackets: bare 的卢 would swallow 的 (…的卢植 …)
BARE_EXCLUDED = frozenset({"的卢"})


class LexiconError(Exception):
    """A word given two types (or a name that is already a word of the grammar)."""


@dataclass(frozen=True)
class Lexicon:
    """Open-class words and their types (``words``: word → ``card``/``mark``/``pile``).

    Immutable; :meth:`extend` returns a new lexicon.  ``origin`` records where each
    word was declared (a package name or ``lexicon.tsv``), for messages.
    """

    words: Mapping[str, str] = field(default_factory=dict)
    origin: Mapping[str, str] = field(default_factory=dict)

    def extend(self, words: Iterable[tuple[str, str]], origin: str) -> Lexicon:
        """This lexicon plus ``words`` ((word, type) pairs) declared in ``origin``.

        Raises LexiconError for an unknown type, an empty word, or a word already
        declared with another type; declaring a word again with its own type is fine.
        """
        got = dict(self.words)
        where = dict(self.origin)
        for word, kind in words:
            if kind not in TYPES:
                raise LexiconError(f"unknown word type {kind!r} for {word!r} (one of {', '.join(TYPES)})")
            if not word or any(ch.isspace() for ch in word):
                raise LexiconError(f"not a word: {word!r}")
            old = got.get(word)
            if old is not None and old != kind:
                raise LexiconError(
                    f"{word!r} is a {TYPE_WORDS[old]} ({where[word]}) and cannot also be a {TYPE_WORDS[kind]} ({origin})"
                )
            got[word] = kind
            where.setdefault(word, origin)
        return Lexicon(MappingProxyType(got), MappingProxyType(where))

    def type_of(self, word: str) -> str | None:
        """The type of ``word`` (a bare name or one in its slot's brackets: 【杀】, “星”)."""
        if len(word) > 2 and word[0] in "【“\"「『〖" and word[-1] in "】”\"」』〗":
            word = word[1:-1]
        return self.words.get(word)

    def of_type(self, kind: str) -> list[str]:
        """The words of one type, sorted."""
        return sorted(w for w, k in self.words.items() if k == kind)

    def terminals(self) -> Iterator[tuple[str, str]]:
        """(word, grammar terminal) for every word read bare (not :data:`BARE_EXCLUDED`)."""
        for word, kind in self.words.items():
            if word not in BARE_EXCLUDED:
                yield word, TYPES[kind]


def _read_tsv(text: str) -> list[tuple[str, str]]:
    out = []
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        word, kind = line.split("\t")
        out.append((word.strip(), kind.strip()))
    return out


@lru_cache(maxsize=1)
def bundled() -> Lexicon:
    """The names every package knows: the cards of the bundled decks
    (grammar/register/lexicon.tsv; tests/register_grammar keeps it equal to the
    card vocabulary of grammar/vocab.lark and the runtime's card tables)."""
    text = resources.files("sgs.grammar").joinpath("register", "lexicon.tsv").read_text(encoding="utf-8")
    return Lexicon().extend(_read_tsv(text), "lexicon.tsv")
