"""A small IR for the register grammar: structure plus one generic verb node.

Every node carries the span (``start``, ``end``: character offsets in the skill's
text) of the words it was read from, and :meth:`Node.children` iterates its fields
generically, so a pass needs no per-class list of fields (LANGUAGE.md, "The IR").
A verb is not a class: :class:`Act` holds the verb's registry key (the grammar's
``act_<verb>`` frame name) and its arguments.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields

__all__ = [
    "Node", "PlayerRef", "CardRef", "SkillRef", "Quantity", "Place", "Edit", "EventPattern", "Act", "Static", "Cond",
    "If", "OrElse", "When", "Seq", "Option", "Part", "RegisterSkill", "walk",
]


@dataclass(frozen=True)
class Node:
    start: int
    end: int

    def children(self) -> Iterator[Node]:
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, Node):
                yield v
            elif isinstance(v, tuple):
                yield from (x for x in v if isinstance(x, Node))


@dataclass(frozen=True)
class PlayerRef(Node):
    """A player phrase: 你 / 其 / 一名其他角色 / 体力值最小的角色 … (``text`` as written)."""

    text: str
    det: str | None = None
    modifiers: tuple[str, ...] = ()
    #: the head noun (角色, 目标 …) or, for a pronoun phrase (你, 其, 伤害来源 …), the pronoun
    head: str | None = None
    pronoun: bool = False
    #: the phrase's rule (player_simple, player_list, player_except …)
    form: str = "player_simple"
    #: the phrases a list or an exception joins (你与其; 除你外的角色)
    parts: tuple["PlayerRef", ...] = ()


@dataclass(frozen=True)
class CardRef(Node):
    """A card phrase: count + filters + kind, with an owner or a place (一张红色手牌, 其装备区里的牌)."""

    text: str
    count: str | None = None
    owner: PlayerRef | None = None
    place: str | None = None
    #: the filters before the head (红色, ♠, 非, 普通 …) as written
    filters: tuple[str, ...] = ()
    #: the head: a kind word (牌, 手牌, 装备牌 …), a 【name】, a “mark”, or a pronoun (此牌, 之 …)
    head: str | None = None
    pronoun: bool = False
    #: the phrase's rule (card_phrase, card_owned, card_in_place, card_list, cpron …)
    form: str = "card_phrase"
    parts: tuple["CardRef", ...] = ()
    #: the relative clauses before the head (与之花色相同的 …), as written
    rels: tuple[str, ...] = ()


@dataclass(frozen=True)
class SkillRef(Node):
    """A skill phrase: 〖名〗, 此技能, or skills not named (一个技能 / 其武将牌上的技能 /
    主公技 / 所有技能（限定技、觉醒技除外）), as written."""

    text: str
    #: the name in 〖〗, when the skill is named
    name: str | None = None
    #: whose skills (该角色的武将牌上的…), when written
    owner: PlayerRef | None = None
    #: how many (一个 / 所有), when written
    count: str | None = None
    #: the kind of skill that stands for one (主公技 …), when written
    kind: str | None = None
    #: the kinds of skill left out (（限定技、觉醒技除外）)
    excluded: tuple[str, ...] = ()


@dataclass(frozen=True)
class Quantity(Node):
    """A number, X, an amount (1点) or a measure (你已损失的体力值)."""

    text: str


@dataclass(frozen=True)
class Place(Node):
    """Where cards go or come from, as written: 牌堆顶 / 其他角色的装备区里 / “仁”区."""

    text: str


@dataclass(frozen=True)
class Edit(Node):
    """A change of a skill's wording (修改〖X〗：将“a”改为“b” / 删去“a”): the quoted words
    taken out and those put in their place (``new`` is ``""`` when they are deleted)."""

    old: str
    new: str


@dataclass(frozen=True)
class EventPattern(Node):
    """A timing: window (the grammar's ``ev_<window>`` name), its subject, the timing word."""

    window: str
    subject: PlayerRef | None
    timing: str
    per: str  # "event" (一次 / none written) or "point" (1点)
    args: tuple[Node, ...] = ()
    context: tuple[str, ...] = ()
    #: the nature of a damage event as written (火焰 / 雷电 …), "" for none
    element: str = ""


@dataclass(frozen=True)
class Act(Node):
    """One verb: its registry key, who acts, its arguments; ``optional`` for 你可以.

    A serial verb construction is one act: the coverb's player is the act's ``target``
    (对X使用Y), the player after 和/与…同时 its ``partner``, and the adverbial verbs
    before it (视为, 各, 依次, 再, 改为 …) its ``manner``, as written, in order."""

    verb: str
    actor: PlayerRef | None
    args: tuple[Node, ...] = ()
    optional: bool = False
    modal: str | None = None
    target: PlayerRef | None = None
    partner: PlayerRef | None = None
    manner: tuple[str, ...] = ()


@dataclass(frozen=True)
class Static(Node):
    """A static statement (手牌上限+1, 使用【杀】无距离限制 …): kind and arguments."""

    kind: str
    args: tuple[Node, ...] = ()
    text: str = ""


@dataclass(frozen=True)
class Cond(Node):
    kind: str
    args: tuple[Node, ...]
    text: str


@dataclass(frozen=True)
class Seq(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True)
class Option(Node):
    """One option of a choice (选择一项：1.…；2.… / …，或…): its label as written and body."""

    label: str
    body: Seq


@dataclass(frozen=True)
class If(Node):
    cond: Cond | None  # None: 若如此做 (if the previous step was done)
    then: Node
    else_: Node | None = None


@dataclass(frozen=True)
class OrElse(Node):
    """<actor>需<do>，否则<otherwise> (须 / 必须 / 需要 too): the actor is asked to do it, and
    what follows 否则 happens when he does not — a branch on his answer, not a condition."""

    do: Node
    otherwise: Node


@dataclass(frozen=True)
class When(Node):
    """A timing inside a body (…，当…后，其可以… / X下个判定阶段开始时，获得…): the body
    happens at that later event, not now."""

    timings: tuple[EventPattern, ...]
    body: Node


@dataclass(frozen=True)
class Part(Node):
    """One part of a skill: trigger / active / static / limit / branch (阳：… / 成功：…)."""

    kind: str
    tags: tuple[str, ...]
    limit: str | None
    timings: tuple[EventPattern, ...]
    #: the phase(s) an active part acts in, or a static part holds in (你的出牌阶段), as written
    phase: str | None
    body: Seq | None
    label: str | None = None
    #: remarks in brackets on its acts, as written (（至多摸至五张）), X-definitions not included
    remarks: tuple[str, ...] = ()


@dataclass(frozen=True)
class RegisterSkill(Node):
    name: str
    text: str
    parts: tuple[Part, ...]


def walk(node: Node) -> Iterator[Node]:
    """The node and all its descendants, depth first."""
    yield node
    for c in node.children():
        yield from walk(c)
