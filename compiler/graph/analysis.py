"""Findings over the trigger graph: cycles, order-sensitive pairs, dead skills,
static conflicts.

Every finding has a stable code (:data:`GRAPH_CODES`), a severity, a Chinese
message and the skills involved with their source spans.  Assumption used
throughout: **different generals are different players** (identity mode: a
general is dealt once), and all skills of one general belong to one player.

Cycles
    Skill A → skill B when an effect of A opens a window B listens on, for a
    player B's owner can be (刚烈 damages 伤害来源, another player, so it cannot
    re-trigger itself), plus A → A for 再次进行判定.  A cycle is **bounded** when a
    lap can be cut: a skill on it has a limit (每阶段限一次), a step is optional
    (你可以) or a choice (选择一项), every lap makes hp strictly fall (damage or
    失去体力 on the path and no 回复体力 in it), or a repeated judgement ends on a
    result.  Unbounded cycles are errors.

Order-sensitive pairs
    One action — a card's use or one effect of a skill — opens a *burst* of
    windows in a fixed order (使用时, 失去牌时, …, 受到伤害后, 结算完毕).  Two
    skills of different generals that fire in the same burst and touch the same
    object (a player's hand, the judge card, the damage card …) in ways that do
    not commute (taking vs adding, replacing vs taking …) are order-sensitive.
    Pairs at the very same window are ordered by seat; pairs at windows of
    different events (the card's use vs the damage it deals) are ordered by the
    rules — the seed rulings (集智/反馈, 连营/反馈) are of that kind.  Windows of
    one event (判定牌生效前/后) are ordered by the register's own words and are
    not reported.

Dead skills
    A listener whose window (with its card filter, e.g. 【杀】) nothing in the
    chosen set can open: neither the game's flow, nor a card of the rule set,
    nor a skill that itself can fire (computed as a fixed point).

Static conflicts
    Two mandatory skills of one general that set the same rule quantity to
    different values, or one grants what the other forbids in the same
    situation (需连续使用两张【闪】才能抵消 vs 不可被【闪】响应).
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Iterable, Iterator, Sequence

import networkx as nx

from .. import ir
from ..diagnostics import CodeInfo, Diagnostic, Severity, Span
from ..verbs import VERBS
from ...runtime.timing import Timing
from .build import SkillInfo, TriggerGraph, build_graph
from .model import (
    EVENT_OF,
    RULE_WINDOWS,
    SOURCE_WINDOWS,
    STANDARD_RULES,
    Emission,
    Listener,
    Role,
    RuleSet,
    SkillRef,
    card_effect,
    card_matches,
    limit_text,
    rel,
    walk,
)

__all__ = [
    "GRAPH_CODES",
    "BoundReason",
    "Finding",
    "OrderPair",
    "analyze",
    "analyze_graph",
    "cycles",
    "order_sensitive_pairs",
    "dead_skills",
    "static_conflicts",
    "to_diagnostics",
    "graph_diagnostics",
    "live_analysis",
    "involving",
]

T = Timing

#: stable codes of the graph findings (merge into ``diagnostics.CODES`` for ``sgs explain``)
GRAPH_CODES: dict[str, CodeInfo] = {
    "E0601": CodeInfo(
        "技能可以无限循环触发",
        "技能的效果打开的时机又触发了环上的技能，且没有任何东西能终止循环：没有次数限制（每阶段限一次），"
        "环上没有“你可以”或“选择一项”，每一圈也没有角色的体力严格减少。请加上“你可以”或次数限制。",
        "锁定技，在一名角色的判定牌生效前，你进行一次判定，若结果为黑色，你摸一张牌。",
    ),
    "I0602": CodeInfo(
        "技能可以循环触发（有界）",
        "技能之间可以相互触发形成循环，但有东西保证循环会结束（次数限制、可选发动、体力严格减少或判定结果）。",
    ),
    "W0603": CodeInfo(
        "结算顺序影响结果",
        "同一次结算中，两名角色的技能都会发动，并且作用于同一对象（如同一名角色的手牌、同一张判定牌）；"
        "先结算哪一个会改变结果。规则决定的顺序在提示中给出，请确认它符合设计意图。",
    ),
    "W0604": CodeInfo(
        "技能永远不会发动",
        "技能监听的时机在所选的扩展包和规则集中没有任何东西能打开（没有牌、规则或技能会产生这个时机）。",
        "当你使用【闪】指定一名角色为目标后，你可以摸一张牌。",
    ),
    "E0605": CodeInfo(
        "锁定技之间相互矛盾",
        "同一名角色的两个强制效果把同一数值设为不同的值，或一个允许另一个禁止的事；规则无法同时满足二者。",
    ),
}

_SEVERITY = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.NOTE}


@dataclass(frozen=True, slots=True)
class BoundReason:
    """Why a cycle ends: ``kind`` (``limit`` | ``optional`` | ``choice`` | ``hp`` |
    ``judge``), ``text`` (Chinese), ``skill`` (the skill that provides it, if one)."""

    kind: str
    text: str
    skill: str | None = None


@dataclass(frozen=True, slots=True)
class Finding:
    """One finding of the trigger-graph analysis.

    ``code`` (E0601 …), ``severity`` (``"error"`` | ``"warning"`` | ``"info"``),
    ``message`` (Chinese, one line), ``skills`` (the skills involved, in order:
    for a cycle, the lap), ``spans`` (the span that matters for each skill: the
    timing phrase or the effect), ``windows`` (the windows involved), ``bound``
    (cycles: why it ends; empty = unbounded), ``notes`` (extra Chinese lines)."""

    code: str
    severity: str
    message: str
    skills: tuple[SkillRef, ...]
    spans: tuple[Span, ...]
    windows: tuple[str, ...] = ()
    bound: tuple[BoundReason, ...] = ()
    notes: tuple[str, ...] = ()

    @property
    def kind(self) -> str:
        return {"E0601": "cycle", "I0602": "cycle", "W0603": "order", "W0604": "dead", "E0605": "static"}[self.code]

    @property
    def skill_names(self) -> tuple[str, ...]:
        return tuple(s.skill for s in self.skills)

    def sort_key(self) -> tuple[str, str, int, int, tuple[str, ...]]:
        sp = self.spans[0]
        return (self.code, sp.file, sp.line, sp.col, self.skill_names)


# ---------------------------------------------------------------- feasibility


def _can_fire(emitter: SkillInfo | None, role: Role, listener_owner: SkillInfo, lst: Listener) -> bool:
    """Can an effect of ``emitter`` (None: a card or the rules) opening a window of a
    player in ``role`` make ``lst`` fire, given different generals are different players?"""
    if role is Role.NONE:
        return False
    if emitter is None:
        return True
    same = emitter.owner == listener_owner.owner
    if lst.subject is ir.Who.YOU:
        return role in ((Role.SELF, Role.ANY) if same else (Role.OTHER, Role.ANY))
    if lst.subject is ir.Who.ALL_OTHERS and same:
        return role in (Role.OTHER, Role.ANY)
    return True


def _kingdom_ok(tg: TriggerGraph, owner: SkillInfo, lst: Listener) -> bool:
    """救援-style filters: someone of that kingdom other than the owner must exist."""
    if lst.by_kingdom is None:
        return True
    return any(
        g.kingdom == lst.by_kingdom and (p.name, g.name) != owner.owner
        for p in tg.packages
        for g in p.generals
    )


@dataclass(frozen=True, slots=True)
class _Opening:
    window: str
    card: str | None
    emitter: SkillInfo | None
    role: Role


def _card_openings(card: str) -> Iterator[_Opening]:
    eff = card_effect(card)
    base = (T.CARD_USING.value, T.CARD_USE_FINISHED.value, T.CARDS_LOST.value)
    targets = (T.TARGET_SPECIFYING.value, T.TARGET_CONFIRMING.value, T.TARGET_SPECIFIED.value, T.TARGET_CONFIRMED.value)
    for w in (*base, *(targets if eff.targeted else ())):
        yield _Opening(w, card, None, Role.ANY)
    for w in eff.opens():
        yield _Opening(w, card, None, Role.ANY)
    if eff.answer is not None and eff.answer_mode is ir.Mode.RESPOND:
        yield _Opening(T.CARD_RESPONDING.value, eff.answer, None, Role.ANY)
        yield _Opening(T.CARDS_LOST.value, eff.answer, None, Role.ANY)


def _matches(op: _Opening, lst: Listener) -> bool:
    return op.window == lst.window and card_matches(lst.card, op.card)


def live_analysis(tg: TriggerGraph) -> tuple[set[str], list[tuple[SkillInfo, Listener]]]:
    """(live skill nodes, dead listeners): a fixed point from the rules, the deck's
    cards and the skills a player can start."""
    # the flow windows: 死亡时/死亡后 need 濒死, which every deck's damage cards open
    openings: list[_Opening] = [_Opening(w, None, None, Role.ANY) for w in RULE_WINDOWS]
    for c in tg.cards:
        openings.extend(_card_openings(c))
    live: set[str] = set()

    def add(info: SkillInfo) -> None:
        live.add(info.node)
        for em in info.emissions:
            if not em.repeat:
                openings.append(_Opening(em.window, None, info, em.role))

    for info in tg.skills.values():
        if info.initiated or not info.listeners:
            add(info)
    changed = True
    while changed:
        changed = False
        for info in tg.skills.values():
            if info.node in live:
                continue
            for lst in info.listeners:
                if _kingdom_ok(tg, info, lst) and any(
                    _matches(op, lst) and _can_fire(op.emitter, op.role, info, lst) for op in openings
                ):
                    add(info)
                    changed = True
                    break
    dead: list[tuple[SkillInfo, Listener]] = []
    for info in tg.skills.values():
        for lst in info.listeners:
            if not _kingdom_ok(tg, info, lst) or not any(
                _matches(op, lst) and _can_fire(op.emitter, op.role, info, lst) for op in openings
            ):
                dead.append((info, lst))
    return live, dead


# ---------------------------------------------------------------- dead skills


def dead_skills(tg: TriggerGraph) -> list[Finding]:
    _, dead = live_analysis(tg)
    out = []
    for info, lst in dead:
        what = f"【{lst.card}】的" if lst.card else ""
        if lst.by_kingdom and not _kingdom_ok(tg, info, lst):
            why = f"所选武将中没有其他{lst.by_kingdom}势力角色"
        else:
            why = f"所选扩展包与规则集（{tg.rules.name}）中没有任何牌、规则或技能能打开{what}“{lst.window}”时机"
        out.append(
            Finding(
                "W0604",
                "warning",
                f"{info.ref.label}永远不会发动：{why}",
                (info.ref,),
                (lst.span,),
                windows=(lst.window,),
            )
        )
    return out


# ---------------------------------------------------------------- cycles


@dataclass(frozen=True, slots=True)
class _Step:
    emission: Emission
    listener: Listener | None  # None for a repeat


def _trigger_digraph(tg: TriggerGraph, live: set[str]) -> "nx.DiGraph[str]":
    d: nx.DiGraph[str] = nx.DiGraph()
    infos = [i for i in tg.skills.values() if i.node in live]
    for a in infos:
        d.add_node(a.node)
    for a in infos:
        for em in a.emissions:
            if em.repeat:
                _add_step(d, a.node, a.node, _Step(em, None))
                continue
            for b in infos:
                for lst in b.listeners:
                    if lst.window == em.window and lst.card is None and _can_fire(a, em.role, b, lst):
                        _add_step(d, a.node, b.node, _Step(em, lst))
    return d


def _add_step(d: "nx.DiGraph[str]", u: str, v: str, step: _Step) -> None:
    if d.has_edge(u, v):
        d.edges[u, v]["steps"].append(step)
    else:
        d.add_edge(u, v, steps=[step])


def _has_recover(info: SkillInfo) -> bool:
    return any(
        isinstance(e, ir.Recover)
        for a in info.skill.abilities
        for e, *_ in walk(getattr(a, "effects", ()))
    )


def cycles(tg: TriggerGraph, live: set[str] | None = None) -> list[Finding]:
    if live is None:
        live, _ = live_analysis(tg)
    d = _trigger_digraph(tg, live)
    out: list[Finding] = []
    for cyc in nx.simple_cycles(d):
        # rotate so the lap starts at the skill that comes first in the sources
        order = list(tg.skills)
        k = min(range(len(cyc)), key=lambda i: order.index(cyc[i]))
        cyc = cyc[k:] + cyc[:k]
        laps = list(zip(cyc, cyc[1:] + cyc[:1]))
        infos = [tg.skills[n] for n in cyc]
        reasons: list[BoundReason] = []
        windows: list[str] = []
        spans: list[Span] = []
        hp_every_lap = False
        for (u, v) in laps:
            steps: list[_Step] = d.edges[u, v]["steps"]
            for s in steps:
                if s.emission.window and s.emission.window not in windows:
                    windows.append(s.emission.window)
            if all(s.emission.hp_falls for s in steps):
                hp_every_lap = True
            vi, ui = tg.skills[v], tg.skills[u]
            if all(s.listener is not None and s.listener.limit is not None for s in steps):
                lim = next(s.listener.limit for s in steps if s.listener is not None and s.listener.limit is not None)
                reasons.append(BoundReason("limit", f"{vi.ref.label}{limit_text(lim)}", vi.ref.skill))
            if all((s.listener is not None and s.listener.optional) or s.emission.optional for s in steps):
                who = vi if any(s.listener is not None and s.listener.optional for s in steps) else ui
                reasons.append(BoundReason("optional", f"{who.ref.label}可以选择不发动（“你可以”）", who.ref.skill))
            elif all(s.emission.choice for s in steps):
                reasons.append(BoundReason("choice", f"{ui.ref.label}的效果由角色选择一项，可以不选此项", ui.ref.skill))
            repeat = [s for s in steps if s.listener is None and s.emission.until]
            if repeat and all(s.listener is None for s in steps):
                reasons.append(
                    BoundReason("judge", f"{ui.ref.label}的判定出现{repeat[0].emission.until}的结果时结束", ui.ref.skill)
                )
        if hp_every_lap and not any(_has_recover(i) for i in infos):
            reasons.append(BoundReason("hp", "每一圈都有角色的体力严格减少（伤害或失去体力），终将有人死亡"))
        for (u, v) in laps:
            steps = d.edges[u, v]["steps"]
            s0 = steps[0]
            spans.append(s0.listener.span if s0.listener is not None else s0.emission.span)
        # spans: per skill, the timing it listens on (or the repeat)
        spans = spans[-1:] + spans[:-1]
        lap = " → ".join(i.ref.label for i in infos) + f" → {infos[0].ref.label}"
        if reasons:
            out.append(
                Finding(
                    "I0602",
                    "info",
                    f"循环触发：{lap}（有界：{'；'.join(r.text for r in reasons)}）",
                    tuple(i.ref for i in infos),
                    tuple(spans),
                    windows=tuple(windows),
                    bound=tuple(reasons),
                )
            )
        else:
            out.append(
                Finding(
                    "E0601",
                    "error",
                    f"无界循环：{lap} 可以无限触发",
                    tuple(i.ref for i in infos),
                    tuple(spans),
                    windows=tuple(windows),
                    notes=("环上没有次数限制、没有“你可以”或“选择一项”，体力也不会每圈减少",),
                )
            )
    return out


# ---------------------------------------------------------------- order-sensitive pairs

# A burst: the windows one action opens, in the runtime's order.  Player keys:
# "S" the user of the card / the player acting for the skill, "T" the target /
# the other player, "*" someone not known, "own:<node>" a listener's owner that
# no role fixes.


@dataclass(frozen=True, slots=True)
class _Slot:
    window: str
    player: str | None  # whose window
    card: str | None
    event: str
    source: str | None  # damage source (伤害来源) of the event
    other: str | None  # the other party of the event (其/该角色)


@dataclass(frozen=True, slots=True)
class _Burst:
    name: str  # Chinese: 【杀】的使用 / 刚烈的效果
    slots: tuple[_Slot, ...]
    multi: bool
    emitter: SkillInfo | None
    roles: tuple[tuple[str, str], ...]  # player key → Chinese description


def _card_burst(card: str) -> _Burst:
    eff = card_effect(card)
    s: list[_Slot] = []
    s.append(_Slot(T.CARDS_LOST.value, "S", card, "移动牌:使用", None, None))
    s.append(_Slot(T.CARD_USING.value, "S", card, "使用", None, "T" if eff.targeted else None))
    if eff.targeted:
        s.append(_Slot(T.TARGET_SPECIFYING.value, "S", card, "使用", None, "T"))
        s.append(_Slot(T.TARGET_CONFIRMING.value, "T", card, "使用", None, "S"))
        s.append(_Slot(T.TARGET_SPECIFIED.value, "S", card, "使用", None, "T"))
        s.append(_Slot(T.TARGET_CONFIRMED.value, "T", card, "使用", None, "S"))
    if eff.answer is not None:
        answerers = ("T", "S") if eff.both_answer else ("T",)
        for who in answerers:
            if eff.answer_mode is ir.Mode.RESPOND:
                s.append(_Slot(T.CARD_RESPONDING.value, who, eff.answer, f"打出:{who}", None, None))
            else:
                s.append(_Slot(T.CARD_USING.value, who, eff.answer, f"使用:{who}", None, None))
            s.append(_Slot(T.CARDS_LOST.value, who, eff.answer, f"移动牌:{who}", None, None))
    source = None if eff.no_source else "S"
    for i, v in enumerate(eff.verbs):
        for w in VERBS[v].opens:
            if w not in eff.opens():
                continue
            user_side = w in SOURCE_WINDOWS or w in eff.user_windows
            player = "S" if user_side else "T"
            s.append(_Slot(w, player, card, f"{EVENT_OF[w]}:{i}", source, "T" if user_side else source))
    s.append(_Slot(T.CARD_USE_FINISHED.value, "S", card, "使用", None, None))
    return _Burst(
        f"【{card}】",
        tuple(s),
        eff.multi,
        None,
        (("S", f"【{card}】的使用者"), ("T", f"【{card}】的目标")),
    )


_ROLE_KEY = {Role.SELF: "S", Role.OTHER: "T", Role.ANY: "*", Role.NONE: None}


def _card_order(name: str) -> tuple[int, str]:
    """The runtime's card order (杀, 闪, 桃, … tricks, equipment): a stable, familiar order."""
    from ...runtime.cards import CardName

    names = [c.value for c in CardName]
    return (names.index(name) if name in names else len(names), name)


def _skill_bursts(info: SkillInfo) -> Iterator[_Burst]:
    slots: list[_Slot] = []
    for a in info.skill.abilities:
        effects = getattr(a, "effects", ())
        for i, (e, *_flags) in enumerate(walk(effects)):
            verb = VERBS[e.verb]
            source: str | None = None
            target: str | None = None
            if isinstance(e, ir.Damage):
                source, target = _ROLE_KEY[rel(e.source)], _ROLE_KEY[rel(e.target)]
            from .model import window_role

            for w in verb.opens:
                player = _ROLE_KEY[window_role(e, w)]
                other = (target if w in SOURCE_WINDOWS else source) if isinstance(e, ir.Damage) else None
                slots.append(_Slot(w, player, None, f"{EVENT_OF[w]}:{i}", source, other))
    if slots:
        yield _Burst(
            f"{info.ref.label}的效果",
            tuple(slots),
            False,
            info,
            (("S", info.ref.general), ("T", "其他角色")),
        )


@dataclass(frozen=True, slots=True)
class _Touch:
    facet: str  # hand / equip / hp / judge_card / damage_card / card_rule / recover_amount
    player: str  # a player key, or an object key
    mode: str  # add / take / set


_FACET_WORD = {
    "hand": "手牌",
    "equip": "装备区的牌",
    "hp": "体力",
    "judge_card": "判定牌",
    "damage_card": "造成伤害的牌",
    "card_rule": "此牌的响应方式",
    "recover_amount": "回复量",
}


def _touches(effects: Sequence[ir.Effect], bind: dict[ir.Who, str | None], judge_key: str, own_judge: str) -> set[_Touch]:
    out: set[_Touch] = set()
    judge = judge_key

    def key(p: ir.PlayerRef) -> str | None:
        return bind.get(p.who)

    def cards(p: ir.PlayerRef, zone: ir.Zone | None, mode: str) -> None:
        k = key(p)
        if k is None:
            return
        out.add(_Touch("hand", k, mode))
        if zone is not ir.Zone.HAND:
            out.add(_Touch("equip", k, mode))

    for e, *_ in walk(effects):
        if isinstance(e, ir.Judge):
            judge = own_judge
        elif isinstance(e, ir.Draw):
            k = key(e.actor)
            if k is not None:
                out.add(_Touch("hand", k, "add"))
        elif isinstance(e, ir.Discard):
            cards(e.actor, e.cards.zone, "take")
        elif isinstance(e, ir.Give):
            cards(e.actor, e.cards.zone, "take")
            k = key(e.to)
            if k is not None:
                out.add(_Touch("hand", k, "add"))
        elif isinstance(e, ir.Obtain):
            w = e.what
            if isinstance(w, ir.OwnedCard):
                cards(w.owner, w.spec.zone, "take")
            elif isinstance(w, ir.DamageCard):
                out.add(_Touch("damage_card", "event", "take"))
            else:
                out.add(_Touch("judge_card", judge, "take"))
            k = key(e.actor)
            if k is not None:
                out.add(_Touch("hand", k, "add"))
        elif isinstance(e, (ir.Recover, ir.LoseHp)):
            k = key(e.actor)
            if k is not None:
                out.add(_Touch("hp", k, "add"))
        elif isinstance(e, ir.Damage):
            k = key(e.target)
            if k is not None:
                out.add(_Touch("hp", k, "add"))
        elif isinstance(e, ir.ExtraRecover):
            out.add(_Touch("recover_amount", "event", "add"))
        elif isinstance(e, ir.Retrial):
            out.add(_Touch("judge_card", judge_key, "set"))
            cards(e.actor, e.cards.zone, "take")
        elif isinstance(e, (ir.ForbidJink, ir.RequireResponses)):
            out.add(_Touch("card_rule", "event", "set"))
        elif isinstance(getattr(e, "to", None), ir.PlayerRef):  # other verbs that hand cards out
            k = key(getattr(e, "to"))
            if k is not None:
                out.add(_Touch("hand", k, "add"))
    return out


def _conflict(a: set[_Touch], b: set[_Touch]) -> tuple[_Touch, _Touch] | None:
    for x in sorted(a, key=lambda t: (t.facet, t.player, t.mode)):
        for y in sorted(b, key=lambda t: (t.facet, t.player, t.mode)):
            if x.facet != y.facet:
                continue
            if not (x.player == y.player or "*" in (x.player, y.player)):
                continue
            if x.mode == "add" and y.mode == "add":
                continue
            return x, y
    return None


@dataclass(frozen=True, slots=True)
class OrderPair:
    """An order-sensitive pair: ``first`` resolves before ``second`` in the runtime
    (``same_window``: both at ``windows[0]``, ordered by seat)."""

    first: SkillInfo
    second: SkillInfo
    first_window: str
    second_window: str
    burst: str
    obj: str
    same_window: bool
    bursts: tuple[str, ...] = ()


def _bind(
    info: SkillInfo, lst: Listener, slot: _Slot, burst: _Burst
) -> tuple[str, dict[ir.Who, str | None]] | None:
    """Whose skill fires at ``slot`` (the owner's player key) and what its player
    phrases mean there; None when it cannot fire there."""
    if lst.window != slot.window or not card_matches(lst.card, slot.card):
        return None
    same_as_emitter = burst.emitter is not None and burst.emitter.owner == info.owner
    free = "S" if same_as_emitter else f"own:{info.node}"
    if lst.subject is ir.Who.YOU:
        if slot.player is None:
            return None
        owner = free if slot.player == "*" else slot.player
        if burst.emitter is not None and owner == "S" and not same_as_emitter:
            return None
        if burst.emitter is not None and owner != "S" and same_as_emitter:
            return None
    else:
        owner = free
        if lst.subject is ir.Who.ALL_OTHERS and owner == slot.player:
            return None
    bind: dict[ir.Who, str | None] = {
        ir.Who.YOU: owner,
        ir.Who.SOURCE: slot.source,
        ir.Who.IT: slot.other,
        ir.Who.ONE: "*",
        ir.Who.ALL_OTHERS: "*",
    }
    return owner, bind


def order_sensitive_pairs(tg: TriggerGraph, live: set[str] | None = None) -> list[OrderPair]:
    if live is None:
        live, _ = live_analysis(tg)
    bursts: list[_Burst] = [_card_burst(c) for c in sorted(tg.cards, key=_card_order)]
    for info in tg.skills.values():
        if info.node in live:
            bursts.extend(_skill_bursts(info))
    found: dict[frozenset[str], OrderPair] = {}
    seen_in: dict[frozenset[str], list[str]] = {}
    order = list(tg.skills)
    infos = [i for i in tg.skills.values() if i.node in live and i.listeners]
    for burst in bursts:
        fired: list[tuple[int, SkillInfo, Listener, str, dict[ir.Who, str | None]]] = []
        for idx, slot in enumerate(burst.slots):
            for info in infos:
                for lst in info.listeners:
                    bound = _bind(info, lst, slot, burst)
                    if bound is not None:
                        fired.append((idx, info, lst, bound[0], bound[1]))
        for (i1, a, la, oa, ba), (i2, b, lb, ob, bb) in itertools.combinations(fired, 2):
            if a.owner == b.owner:
                continue  # one player orders his own skills
            s1, s2 = burst.slots[i1], burst.slots[i2]
            if oa == ob:
                if not (burst.multi and oa == "T"):
                    continue  # two generals cannot be the same player
                ob = "T2"
                bb = {**bb, ir.Who.YOU: "T2"}
                separate = True
            else:
                separate = False
            same_event = s1.event == s2.event and not separate
            if same_event and s1.window != s2.window:
                continue  # ordered by the register's own words (前/后, 时/后)
            ta = _touches(la.ability.effects, ba, f"judge:{s1.event}", f"judge:own:{a.node}")
            tb = _touches(lb.ability.effects, bb, f"judge:{s2.event}", f"judge:own:{b.node}")
            hit = _conflict(ta, tb)
            if hit is None:
                continue
            key = frozenset((a.node, b.node))
            if key in found:
                if burst.name not in seen_in[key]:
                    seen_in[key].append(burst.name)
                continue
            seen_in[key] = [burst.name]
            first, second, w1, w2 = (a, b, s1.window, s2.window) if i1 <= i2 else (b, a, s2.window, s1.window)
            if i1 == i2 or (s1.window == s2.window):
                # same window: seat order; list in source order
                if order.index(first.node) > order.index(second.node):
                    first, second = second, first
            roles = dict(burst.roles)
            roles.update({f"own:{a.node}": a.ref.general, f"own:{b.node}": b.ref.general, "T2": "另一名目标"})
            holder = hit[0].player
            who = roles.get(holder, "") if holder not in ("event", "*") else ""
            if holder.startswith("judge:"):
                who = ""
            obj = f"{who}的{_FACET_WORD[hit[0].facet]}" if who else _FACET_WORD[hit[0].facet]
            found[key] = OrderPair(first, second, w1, w2, burst.name, obj, s1.window == s2.window)
    pairs = [dataclasses.replace(p, bursts=tuple(seen_in[k])) for k, p in found.items()]
    pairs.sort(key=lambda p: (order.index(p.first.node), order.index(p.second.node)))
    return pairs


def _pair_findings(pairs: Iterable[OrderPair]) -> list[Finding]:
    out = []
    for p in pairs:
        a, b = p.first.ref, p.second.ref
        if p.same_window:
            order_note = f"二者同在“{p.first_window}”时机，按座次（从当前回合角色起）依次结算"
        else:
            order_note = (
                f"运行时先结算{a.label}（{p.first_window}），后结算{b.label}（{p.second_window}）"
            )
        la = next(iter(p.first.listeners)).span
        lb = next(iter(p.second.listeners)).span
        for lst in p.first.listeners:
            if lst.window == p.first_window:
                la = lst.span
        for lst in p.second.listeners:
            if lst.window == p.second_window:
                lb = lst.span
        where = "、".join(p.bursts[:3]) + ("等" if len(p.bursts) > 3 else "")
        out.append(
            Finding(
                "W0603",
                "warning",
                f"结算顺序影响结果：{a.label}与{b.label}在{p.burst}{'的结算' if p.burst.startswith('【') else ''}中都作用于{p.obj}",
                (a, b),
                (la, lb),
                windows=(p.first_window, p.second_window),
                notes=(order_note, f"见于：{where}"),
            )
        )
    return out


# ---------------------------------------------------------------- static conflicts


@dataclass(frozen=True, slots=True)
class _Setting:
    key: str
    value: str
    info: SkillInfo
    span: Span
    conditional: bool


def _settings(info: SkillInfo) -> Iterator[_Setting]:
    for a in info.skill.abilities:
        if isinstance(a, ir.StaticAbility):
            m = a.modifier
            if isinstance(m, ir.DuelResponseCount):
                yield _Setting(
                    f"与你【{m.duel.name}】的角色每次需{m.mode.value}的【{m.card.name}】数", f"{_cn(m.count)}张", info, a.span, False
                )
            elif isinstance(m, ir.UnlimitedCard):
                yield _Setting(f"你于{m.phase}使用【{m.card.name}】的次数", "任意", info, a.span, False)
        elif isinstance(a, ir.TriggeredAbility) and not a.optional:
            card = a.timing.card.name if a.timing.card is not None else "牌"
            for e, opt, choice, chance in walk(a.effects):
                if opt or choice:
                    continue
                if isinstance(e, ir.ForbidJink):
                    yield _Setting(f"抵消你使用的【{e.card.name}】所需的【{e.by.name}】", "不可响应", info, e.span, chance)
                elif isinstance(e, ir.RequireResponses):
                    yield _Setting(
                        f"抵消你使用的【{card}】所需的【{e.card.name}】", f"需连续{e.mode.value}{_cn(e.count)}张", info, e.span, chance
                    )


def _cn(n: int) -> str:
    return {1: "一", 2: "两", 3: "三", 4: "四", 5: "五"}.get(n, str(n))


def static_conflicts(tg: TriggerGraph) -> list[Finding]:
    by_owner: dict[tuple[str, str], list[_Setting]] = {}
    for info in tg.skills.values():
        for st in _settings(info):
            by_owner.setdefault(info.owner, []).append(st)
    out = []
    for settings in by_owner.values():
        for x, y in itertools.combinations(settings, 2):
            if x.key != y.key or x.value == y.value or x.info.node == y.info.node:
                continue
            cond = "（其中一方需判定成立）" if x.conditional or y.conditional else ""
            out.append(
                Finding(
                    "E0605",
                    "error",
                    f"锁定效果相互矛盾：{x.info.ref.label}令{x.key}为“{x.value}”，{y.info.ref.label}却为“{y.value}”{cond}",
                    (x.info.ref, y.info.ref),
                    (x.span, y.span),
                    notes=("二者都是技能文本，规则无法决定以哪一个为准；请删去其一或写明优先关系",),
                )
            )
    return out


# ---------------------------------------------------------------- entry points


def analyze_graph(tg: TriggerGraph) -> list[Finding]:
    """All findings of a built graph, sorted (code, file, line, col)."""
    live, _ = live_analysis(tg)
    found = [
        *cycles(tg, live),
        *_pair_findings(order_sensitive_pairs(tg, live)),
        *dead_skills(tg),
        *static_conflicts(tg),
    ]
    return sorted(found, key=Finding.sort_key)


def analyze(packages: Iterable[ir.Package], rules: RuleSet = STANDARD_RULES) -> list[Finding]:
    """Build the trigger graph of ``packages`` under ``rules`` and return its findings."""
    return analyze_graph(build_graph(packages, rules))


def involving(findings: Iterable[Finding], files: Iterable[str]) -> list[Finding]:
    """The findings that involve a skill from one of ``files`` (the files being
    checked, when the rest of the set is only context)."""
    wanted = {str(f) for f in files}
    return [f for f in findings if any(s.span.file in wanted for s in f.skills)]


def graph_diagnostics(packages: Iterable[ir.Package], rules: RuleSet = STANDARD_RULES) -> list[Diagnostic]:
    """``to_diagnostics(analyze(packages, rules))``: what ``sgs check`` adds."""
    return to_diagnostics(analyze(packages, rules))


def to_diagnostics(findings: Iterable[Finding]) -> list[Diagnostic]:
    """The findings as compiler :class:`Diagnostic` objects (primary span = the first
    skill's span; the other skills as notes ``file:line:col``)."""
    out = []
    for f in findings:
        notes: list[str] = []
        for ref, sp in list(zip(f.skills, f.spans))[1:]:
            notes.append(f"另见 {sp}：{ref.label}")
        notes.extend(f.notes)
        help_ = None
        if f.code == "E0601":
            help_ = "给环上的一个技能加上“你可以”或“每阶段限一次。”"
        elif f.code == "W0604":
            help_ = "检查时机与牌名，或把能打开这个时机的扩展包加入规则集"
        out.append(Diagnostic(f.code, _SEVERITY[f.severity], f.message, f.spans[0], tuple(notes), help_))
    return out
