"""Which near-miss suggestions are safe: a fix of spelling must never flip the meaning.

A "是不是想写……？" suggestion is taken from the words the parser expected, by
similarity of spelling.  In this register the most similar word is often the
opposite one: 至少/至多 differ by one character, 非基本 and 基本牌 share two, 小于 is
inside 不小于.  A designer who accepts such a fix (or an editor that applies it)
gets a skill that does the reverse of what was written, and no later check can
tell.  :func:`meaning_flip` says why a candidate is refused, so the caller offers
the next candidate or none:

* **negation** — the two differ in their negation particles (:data:`NEGATIONS`:
  不/非/未/无/没), or share nothing but one (不在 → 不能: "not in" is not "cannot");
* **antonyms** — they use two different members of one group of
  :data:`CONTRASTS` (至少 vs 至多, 回合内 vs 回合外, 时/后/前 …).

Only the fuzzy candidates are filtered; the reviewed one-to-one corrections
(``parse.CONFUSABLE``, ``收到`` → ``受到``) are exact fixes and are not.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

__all__ = ["NEGATIONS", "Contrast", "CONTRASTS", "meaning_flip", "REGISTER_CONFUSABLE", "confusions", "verb_synonyms", "close_words", "CLOSE", "sound_alike"]

#: negation particles of the register (不能, 非基本牌, 未受伤, 无距离限制, 没有手牌)
NEGATIONS = frozenset("不非未无没")


@dataclass(frozen=True)
class Contrast:
    """A group of words of one kind (``kind``) that exclude each other: replacing one
    member by another changes what the skill does.  ``why`` says what it would change."""

    kind: str
    members: tuple[str, ...]
    why: str


CONTRASTS: tuple[Contrast, ...] = (
    # 至少X张 (at least) / 至多X张 (at most) differ in one character
    Contrast("bound", ("至少", "至多"), "a lower bound becomes an upper one"),
    Contrast("bound", ("最少", "最多"), "体力值最少的 / 最多的 select opposite players"),
    # 大于 is inside 大于或等于 and 小于 inside 不小于: a comparison must keep its direction
    Contrast("comparison", ("大于", "小于"), "the comparison is reversed"),
    Contrast("comparison", ("以上", "以下"), "the comparison is reversed"),
    # 回合内 / 回合外, 攻击范围内 / 外, 距离1以内 / 以外
    Contrast("scope", ("内", "外"), "inside becomes outside (whose turn, which range)"),
    # the three windows of an event: 受到伤害时 (while it resolves), 后 (after), 前 (before);
    # each is a different timing window, e.g. 判定牌生效前 is the only retrial window
    Contrast("timing", ("时", "后", "前"), "the skill would fire in another window"),
    Contrast("timing", ("开始", "结束"), "the start of a phase becomes its end"),
    # 牌堆顶 / 牌堆底: 观看牌堆底的一张牌 is not 观看牌堆顶的一张牌
    Contrast("pile end", ("顶", "底"), "the other end of the pile"),
    # verbs spelled alike that do different things
    Contrast("verb", ("交给", "交换"), "handing cards over becomes swapping them"),
    Contrast("verb", ("重铸", "重置"), "recasting a card becomes resetting a skill"),
    Contrast("verb", ("扣置", "扣减"), "placing face down becomes deducting"),
    # direction of damage and of cards / hp
    Contrast("direction", ("受到", "造成"), "the player taking damage becomes the one dealing it"),
    Contrast("direction", ("获得", "失去"), "gaining becomes losing"),
    # 无次数限制 / 无距离限制: the two limits of 【杀】 are different rules
    Contrast("limit", ("次数", "距离"), "a count limit becomes a distance limit"),
    Contrast("colour", ("红", "黑"), "the colour is reversed"),
)


def _negations(word: str) -> list[str]:
    return sorted(c for c in word if c in NEGATIONS)


def meaning_flip(wrong: str, right: str) -> str | None:
    """Why replacing the text ``wrong`` by the word ``right`` would change the meaning, or
    None if it is a plain correction.

    ``wrong`` is the source text the suggestion would replace (any length), ``right`` the
    candidate.  Returns a short English reason (for tests and logs), e.g.
    ``"negation 非"`` or ``"bound 至少/至多"``.
    """
    a, b = _negations(wrong), _negations(right)
    if a != b:
        return "negation " + "".join(sorted(set(a) ^ set(b)) or a or b)
    if a and not (set(wrong) - NEGATIONS) & (set(right) - NEGATIONS):
        return "negation only " + "".join(a)  # 不在 → 不能: the negation is all they share
    for c in CONTRASTS:
        here = [m for m in c.members if m in wrong and m not in right]
        there = [m for m in c.members if m in right and m not in wrong]
        if here and there:
            return f"{c.kind} {here[0]}/{there[0]}"
    return _guessed_member(wrong, right)


def _guessed_member(wrong: str, right: str) -> str | None:
    """至小 → 至多: ``wrong`` has another character where ``right`` has a member of a
    contrast, and the word with another member (至少) is as close: which one was meant
    is a guess, and the guess may reverse the skill."""
    import difflib

    close = difflib.SequenceMatcher(None, wrong, right).ratio()
    for c in CONTRASTS:
        for m in c.members:
            at = right.find(m)
            if at < 0 or m in wrong:
                continue
            ops = difflib.SequenceMatcher(None, wrong, right).get_opcodes()
            # the member stands where the writer wrote a character of their own (not
            # punctuation: 开始， → 开始时 fills a gap, it does not replace a word)
            written = [wrong[i1:i2] for tag, i1, i2, j1, j2 in ops
                       if tag == "replace" and j1 < at + len(m) and at < j2 and wrong[i1:i2].strip("，。；：、 ")]
            if not written:
                continue
            for o in c.members:
                alt = right.replace(m, o, 1)
                near = difflib.SequenceMatcher(None, wrong, alt).ratio()
                if o != m and near > 0 and near >= close:
                    return f"{c.kind} {m}/{o} guessed"
    return None


#: reviewed confusions of the register grammar's diagnostics (compiler/language/diagnose.py),
#: beside the sentence grammar's ``parse.CONFUSABLE``: everyday words for the register's own
#: (把 → 将, …的时候 → …时).  Each is an exact correction, never a meaning flip (tested).
REGISTER_CONFUSABLE: dict[str, str] = {
    "时候": "时",
    "把": "将",
    "给予": "交给",
    "直至": "直到",
    "治愈": "回复",
    "之前": "前",
}


def verb_synonyms() -> dict[str, tuple[str, ...]]:
    """Everyday words for the register's verbs (unknown word → the words to write instead),
    from the verb registry's ``synonyms`` field (:attr:`sgs.compiler.verbs.Verb.synonyms`)."""
    from .verbs import VERBS

    out: dict[str, tuple[str, ...]] = {}
    for v in VERBS.values():
        for wrong, right in v.synonyms:
            out[wrong] = (*out.get(wrong, ()), right)
    return out


def confusions() -> dict[str, str]:
    """Every reviewed confusion (wrong → right): the sentence grammar's and the register's."""
    from .parse import CONFUSABLE

    return {**CONFUSABLE, **REGISTER_CONFUSABLE}


#: how close a name or key must be to be suggested (difflib's ratio): one changed character
#: of a two-character name (曹躁 → 曹操) is 0.5; sharing one character of five (不存在 / 不屈,
#: 0.4) or two of ten (准备阶段开始 / 摸牌阶段) is no match
CLOSE = 0.5


def close_words(word: str, choices: Iterable[str], n: int = 1, meaning: bool = False) -> list[str]:
    """The ``choices`` closest in spelling to ``word``, best first (at most ``n``): the one
    "did you mean" of names and keys outside skill texts (``sgs explain``, ``--generals``,
    scenario files, card names), all with one cutoff (:data:`CLOSE`).

    ``meaning``: the choices are words of the register (phases, ``until`` values), so one
    that flips what was written (:func:`meaning_flip`: 出牌阶段开始 → 出牌阶段结束) is never
    offered.  Proper names are not read that way (不曲 → 不屈 shares only 不, and is right)."""
    import difflib

    pool = list(choices)
    got = difflib.get_close_matches(word, pool, n=len(pool) if meaning else n, cutoff=CLOSE)
    if meaning:
        got = [c for c in got if not meaning_flip(word, c)]
    return got[:n]


#: initials and finals a speaker of a southern or regional accent merges (平翘舌 z/zh,
#: c/ch, s/sh; n/l; 前后鼻音 -n/-ng): 吃 chi typed for 次 ci
_FUZZY = (("zh", "z"), ("ch", "c"), ("sh", "s"), ("l", "n"), ("ang", "an"), ("eng", "en"), ("ing", "in"))


def _fuzzy(reading: str) -> str:
    for a, b in _FUZZY[:4]:
        if reading.startswith(a):
            reading = b + reading[len(a):]
            break
    for a, b in _FUZZY[4:]:
        if reading.endswith(a):
            return reading[: -len(a)] + b
    return reading


@lru_cache(maxsize=8192)
def _readings(ch: str) -> frozenset[str]:
    """The toneless common reading of one character, merged by :data:`_FUZZY`; empty for a
    character pypinyin does not read.  Not every heteronym: rare readings make unrelated
    characters alike (肉 and 需 share a rare ru)."""
    import os

    os.environ.setdefault("PYPINYIN_NO_PHRASES", "1")  # as compiler/pinyin.py: per character
    from pypinyin import Style, pinyin

    got = pinyin(ch, style=Style.NORMAL, heteronym=False, errors="ignore")
    return frozenset(_fuzzy(r) for rs in got for r in rs)


def sound_alike(wrong: str, right: str) -> bool:
    """``wrong`` is ``right`` with one character typed as another that sounds the same
    (涨 for 张, 已 for 以; an input method's slip) or nearly (吃 for 次: z/zh, c/ch, s/sh,
    n/l, -n/-ng merged).  Only a one-character slip of a word as long: a word of its own
    sounds like many others."""
    if len(wrong) != len(right) or wrong == right:
        return False
    diff = [(a, b) for a, b in zip(wrong, right) if a != b]
    if len(diff) != 1:
        return False
    a, b = diff[0]
    return bool(_readings(a) & _readings(b))
