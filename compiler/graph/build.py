"""Building the trigger graph (networkx) from packages and a rule set.

Nodes (attribute ``kind``):

* ``"window"`` — a timing window, id ``"时机:受到伤害后"``;
* ``"skill"`` — a skill of a general, id ``"技能:标准版/曹操/奸雄"``;
* ``"card"`` — a card effect, id ``"牌:杀"`` (cards of the rule set's deck, and
  cards that view-as/proxy skills make appear);
* ``"rule"`` — the game's own flow (turn, phases, the discard phase, death),
  id ``"规则"``.

Edges (attribute ``kind``):

* window→skill ``"listens"`` (``subject``, ``card`` filter);
* skill/card/rule→window ``"opens"`` (``verb``, ``role``: whose window);
* skill→card ``"converts"`` (view-as, proxy); card→card ``"answers"``/``"uses"``;
* skill→skill ``"repeats"`` (再次进行判定: the skill re-runs itself);
* window→window ``"leads"`` (濒死 → 死亡).

Skill→window edges come from :data:`sgs.compiler.verbs.VERBS` ``opens`` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable

from .. import ir
from ..verbs import VERBS
from ...runtime.timing import Timing
from .model import (
    CARD_EFFECTS,
    RULE_WINDOWS,
    STANDARD_RULES,
    USE_WINDOWS,
    Conversion,
    Emission,
    Listener,
    RuleSet,
    SkillRef,
    card_effect,
    conversions_of,
    emissions_of,
    listeners_of,
)

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["SkillInfo", "TriggerGraph", "build_graph", "window_node", "card_node", "RULE_NODE"]

RULE_NODE = "规则"


def window_node(w: str) -> str:
    return f"时机:{w}"


def card_node(c: str) -> str:
    return f"牌:{c}"


@dataclass(frozen=True, slots=True)
class SkillInfo:
    """A skill in the analysed set with what the graph read off it."""

    ref: SkillRef
    skill: ir.Skill
    general: ir.General
    listeners: tuple[Listener, ...]
    emissions: tuple[Emission, ...]
    conversions: tuple[Conversion, ...]
    #: the node id (``ref.node``)
    node: str = field(init=False, repr=False, compare=False)
    #: the general (package, name): skills of one general share a player
    owner: tuple[str, str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # fields, not properties: the pair analysis reads them once per pair compared
        object.__setattr__(self, "node", self.ref.node)
        object.__setattr__(self, "owner", (self.ref.package, self.ref.general))

    @property
    def initiated(self) -> bool:
        """The player can start it (出牌阶段 active, view-as, proxy)."""
        return any(isinstance(a, (ir.ActiveAbility, ir.ViewAsAbility, ir.ProxyAbility)) for a in self.skill.abilities)


@dataclass(slots=True)
class TriggerGraph:
    """The trigger graph of a chosen set: ``graph`` (networkx MultiDiGraph),
    ``skills`` (node id → :class:`SkillInfo`, in source order), ``rules``,
    ``packages``, ``cards`` (the card names that have a node)."""

    skills: dict[str, SkillInfo]
    rules: RuleSet
    packages: tuple[ir.Package, ...]
    cards: tuple[str, ...] = field(default=())
    _graph: "nx.MultiDiGraph[str] | None" = field(default=None, repr=False, compare=False)

    @property
    def graph(self) -> "nx.MultiDiGraph[str]":
        """The networkx graph, made on first use: the findings (``sgs check``) read
        the tables above and never need it, nor networkx's import."""
        if self._graph is None:
            self._graph = _networkx(self)
        return self._graph

    def find_skill(self, name: str) -> list[SkillInfo]:
        """Skills matching ``name``: a skill name (奸雄), ``武将·技能``, a pinyin, or a node id."""
        out = []
        for s in self.skills.values():
            if name in (s.ref.skill, s.skill.pinyin, s.ref.label, s.node, f"{s.ref.general}/{s.ref.skill}"):
                out.append(s)
        return out


def _skill_infos(packages: Iterable[ir.Package]) -> dict[str, SkillInfo]:
    out: dict[str, SkillInfo] = {}
    for pkg in packages:
        for g in pkg.generals:
            for s in g.skills:
                ref = SkillRef(pkg.name, g.name, s.name, g.kingdom, s.span, s.name_span)
                out[ref.node] = SkillInfo(
                    ref, s, g, tuple(listeners_of(s)), tuple(emissions_of(s)), tuple(conversions_of(s))
                )
    return out


def build_graph(packages: Iterable[ir.Package], rules: RuleSet = STANDARD_RULES) -> TriggerGraph:
    """The trigger graph of ``packages`` played under ``rules``."""
    pkgs = tuple(packages)
    skills = _skill_infos(pkgs)
    # cards: the deck, what skills make appear, what cards make someone use or answer with
    cards: set[str] = set(rules.cards)
    for info in skills.values():
        cards.update(c.card for c in info.conversions)
    todo = sorted(cards)
    while todo:
        c = todo.pop()
        eff = card_effect(c)
        for extra in (*eff.uses, *((eff.answer,) if eff.answer else ())):
            if extra not in cards:
                cards.add(extra)
                todo.append(extra)
    return TriggerGraph(skills, rules, pkgs, tuple(sorted(cards)))


def _networkx(tg: TriggerGraph) -> "nx.MultiDiGraph[str]":
    """The networkx graph of :class:`TriggerGraph` (module docstring)."""
    import networkx as nx

    skills, rules = tg.skills, tg.rules
    g: nx.MultiDiGraph[str] = nx.MultiDiGraph()

    def window(w: str) -> str:
        n = window_node(w)
        if n not in g:
            # a window the runtime does not have yet (seed 004 / 风 texts: 扣减体力时 …) sorts last
            order = list(Timing).index(Timing(w)) if w in Timing._value2member_map_ else len(Timing)
            g.add_node(n, kind="window", label=w, order=order)
        return n

    # the game's own flow
    g.add_node(RULE_NODE, kind="rule", label="规则与任意牌\n（回合、阶段、使用/打出/弃置牌、死亡）")
    for w, pre in RULE_WINDOWS.items():
        if pre is None:
            g.add_edge(RULE_NODE, window(w), kind="opens", verb="规则", role="当前回合角色")
        else:
            g.add_edge(window(pre), window(w), kind="leads")
    for w in (Timing.CARD_USING.value, Timing.CARD_USE_FINISHED.value, Timing.CARD_RESPONDING.value):
        g.add_edge(RULE_NODE, window(w), kind="opens", verb="规则", role="任一角色")

    # skills
    for info in skills.values():
        g.add_node(info.node, kind="skill", label=info.ref.label, skill=info.ref.skill, general=info.ref.general,
                   package=info.ref.package, compulsory=info.skill.compulsory)
        for lst in info.listeners:
            g.add_edge(window(lst.window), info.node, kind="listens", subject=lst.subject.value, card=lst.card)
        for em in info.emissions:
            if em.repeat:
                g.add_edge(info.node, info.node, kind="repeats", verb=em.verb, until=em.until)
            else:
                g.add_edge(info.node, window(em.window), kind="opens", verb=em.verb, role=em.role.value)

    # cards (build_graph found them)
    for c in tg.cards:
        g.add_node(card_node(c), kind="card", label=f"【{c}】", known=c in CARD_EFFECTS, in_deck=c in rules.cards)
    for c in tg.cards:
        eff = card_effect(c)
        n = card_node(c)
        windows = (USE_WINDOWS if eff.targeted else (Timing.CARD_USING.value, Timing.CARD_USE_FINISHED.value))
        for w in (*windows, Timing.CARDS_LOST.value):
            g.add_edge(n, window(w), kind="opens", verb="使用", role="使用者")
        for v in eff.verbs:
            for w in VERBS[v].opens:
                if w in eff.opens():
                    g.add_edge(n, window(w), kind="opens", verb=v, role="目标")
        if eff.answer is not None and eff.answer_mode is not None:
            g.add_edge(n, card_node(eff.answer), kind="answers", mode=eff.answer_mode.value)
            if eff.answer_mode is ir.Mode.RESPOND:
                g.add_edge(n, window(Timing.CARD_RESPONDING.value), kind="opens", verb="打出", role="目标")
        for u in eff.uses:
            g.add_edge(n, card_node(u), kind="uses")
    for info in skills.values():
        for conv in info.conversions:
            g.add_edge(info.node, card_node(conv.card), kind="converts", mode=conv.mode.value)
            if conv.mode in (ir.Mode.RESPOND, ir.Mode.BOTH):
                # not a verb of the table: responding with a converted card (武圣 打出【杀】)
                g.add_edge(info.node, window(Timing.CARD_RESPONDING.value), kind="opens", verb="打出", role="自己",
                           via="conversion")
    return g
