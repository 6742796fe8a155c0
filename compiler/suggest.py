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

from dataclasses import dataclass

__all__ = ["NEGATIONS", "Contrast", "CONTRASTS", "meaning_flip"]

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
    return None
