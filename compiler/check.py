"""Semantic checks: per-node functions over the IR, each returning diagnostics.

The checks run after lowering and before code generation:

* :func:`check_cards` — every card name is in the vocabulary (E0301, with "did you
  mean"); a card the runtime lacks is a back-end gap (W0701, below);
* :func:`check_unique` — general and skill names / pinyin are unique (E0201);
* :func:`check_limits` — 每阶段限一次 only on active and triggered abilities (E0202);
* :func:`check_lord` — 主公技 has a lord meaning (E0204), proxy abilities are lord
  skills (E0205), the kingdom matches the general's (W0206);
* :func:`check_compulsory` — 锁定技 with an optional first effect (W0207);
* :func:`check_loops` — a judgement loop's end condition is the complement of its
  test (W0211);
* :func:`check_quantities` — a count or amount of 0 does nothing (W0222); more cards
  than the largest deck holds can never be moved (W0223);
* :func:`check_card_decls` — a card declaration agrees with the deck table (E0302)
  and has its effect lines (E0214);
* :func:`check_runtime` — what the runtime or the emitter cannot run yet (W0701,
  one per missing thing, from :func:`runtime_gaps`; ``sgs compile`` refuses the
  skill with E0503 and never emits a stub).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, is_dataclass
from functools import lru_cache
from typing import Callable, Iterator, Sequence

from sgs.runtime.api import CardName, Nature, Phase, Timing

from . import ir
from .diagnostics import Diagnostic, Severity, Span, Suggestion
from .parse import terminal_words
from .suggest import close_words

__all__ = ["check_package", "CHECKS", "card_vocabulary", "Gap", "SkillGaps", "runtime_gaps", "capability_refusals"]


def card_vocabulary() -> list[str]:
    """Every card name the language knows (the grammar's CARD_NAME words + 的卢)."""
    return list(_vocabulary()[0])


@lru_cache(maxsize=1)
def _vocabulary() -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    """(the vocabulary sorted, as a set, the runtime's card names): asked for once
    per skill by the checks and the emitter, built once per process."""
    words = tuple(sorted(set(terminal_words("CARD_NAME")) | {"的卢"}))
    return words, frozenset(words), frozenset(n.value for n in CardName)


@lru_cache(maxsize=1)
def _runnable() -> frozenset[str]:
    """The cards whose use does what the card says in a game (the runtime's
    :data:`sgs.runtime.effects.RUNNABLE`)."""
    from sgs.runtime.effects import RUNNABLE

    return frozenset(n.value for n in RUNNABLE)


def _converted(a: ir.Ability) -> Iterator[ir.CardWord]:
    """The cards a skill makes a player use: 将…当【X】使用/打出, 视为使用【X】."""
    if isinstance(a, ir.ViewAsAbility):
        for c in a.conversions:
            yield c.target
    for e in ir.walk_effects(_effects_of(a)):
        if isinstance(e, (ir.ViewAsUse, ir.Provide)):
            yield e.card


def _effects_of(a: ir.Ability) -> tuple[ir.Effect, ...]:
    if isinstance(a, (ir.TriggeredAbility, ir.ActiveAbility, ir.ReplacementAbility, ir.GrantedAbility, ir.DeclaredUse)):
        return a.effects
    return ()


def _card_words(a: ir.Ability) -> Iterator[ir.CardWord]:
    if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)) and a.timing.card is not None:
        yield a.timing.card
    if isinstance(a, ir.ViewAsAbility):
        for c in a.conversions:
            if c.source.name is not None:
                yield c.source.name
            yield c.target
    if isinstance(a, ir.StaticAbility):
        m = a.modifier
        if isinstance(m, ir.UnlimitedCard):
            yield m.card
        elif isinstance(m, ir.DuelResponseCount):
            yield m.duel
            yield m.card
    if isinstance(a, ir.ProxyAbility):
        yield a.card
    for e in ir.walk_effects(_effects_of(a)):
        if isinstance(e, ir.ForbidJink):
            yield e.card
            yield e.by
        elif isinstance(e, ir.RequireResponses):
            yield e.card
        else:
            named = getattr(e, "card", None)
            if isinstance(named, ir.CardWord):
                yield named
        for attr in ("cards",):
            spec = getattr(e, attr, None)
            if isinstance(spec, ir.CardSpec) and spec.name is not None:
                yield spec.name
        what = getattr(e, "what", None)
        if isinstance(what, ir.OwnedCard) and what.spec.name is not None:
            yield what.spec.name


def _skills(pkg: ir.Package) -> Iterator[tuple[ir.General, ir.Skill]]:
    for g in pkg.generals:
        for s in g.skills:
            yield g, s


def _all_skills(pkg: ir.Package) -> Iterator[ir.Skill]:
    """The generals' skills and the card declarations' effects: what is checked of a
    skill's text (its cards, limits, loops, what the back end can run) holds for both —
    the emitter compiles both, and sgs check must say what sgs compile will refuse."""
    for _, s in _skills(pkg):
        yield s
    for c in pkg.cards:
        yield from c.skills


def check_cards(pkg: ir.Package) -> list[Diagnostic]:
    vocab, known, _ = _vocabulary()
    out: list[Diagnostic] = []
    for s in _all_skills(pkg):
        for a in s.abilities:
            for cw in _card_words(a):
                if cw.name not in known:
                    close = close_words(cw.name, vocab)
                    help_ = f"是不是想写【{close[0]}】？" if close else None
                    sugg = Suggestion(cw.span, f"【{close[0]}】") if close else None
                    out.append(
                        Diagnostic("E0301", Severity.ERROR, f"未知的牌名【{cw.name}】", cw.span, help=help_, suggestion=sugg)
                    )
                # a card of the vocabulary the runtime does not have (国战's 以逸待劳 …) is a
                # gap of the back end: check_runtime reports it (W0701), compile refuses
    return out


def check_unique(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    generals: dict[str, ir.General] = {}
    for g in pkg.generals:
        for key in (g.name, g.pinyin):
            if key in generals and generals[key] is not g:
                prev_g = generals[key]
                same_name = prev_g.name == g.name
                out.append(
                    Diagnostic(
                        "E0201", Severity.ERROR,
                        f"武将“{g.name}”与前面的武将重名" if same_name
                        else f"武将“{g.name}”的拼音“{g.pinyin}”与前面的武将“{prev_g.name}”相同",
                        g.span,
                        notes=(f"前一个在 {prev_g.span}",),
                        help=None if same_name else "拼音是生成代码里的标识符，须唯一；在名字后用括号写出另一个拼音，如“武将 测式（ceshi2） 魏 4体力 男”",
                    )
                )
                break
            generals[key] = g
        names: dict[str, ir.Skill] = {}
        for s in g.skills:
            if s.name in names:
                out.append(Diagnostic("E0201", Severity.ERROR, f"武将“{g.name}”有两个技能都叫“{s.name}”", s.name_span))
            names[s.name] = s
    skills: dict[str, ir.Skill] = {}
    for _, s in _skills(pkg):
        prev = skills.get(s.pinyin)
        if prev is not None and prev.text != s.text:
            out.append(
                Diagnostic(
                    "E0201",
                    Severity.ERROR,
                    f"技能“{s.name}”的拼音“{s.pinyin}”与另一技能“{prev.name}”相同，但描述不同",
                    s.name_span,
                    notes=(f"另一技能在 {prev.span}",),
                    help="同名技能的描述必须完全相同；不同的技能请用不同的名字或拼音",
                )
            )
        skills.setdefault(s.pinyin, s)
    return out


def check_limits(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for s in _all_skills(pkg):
        for a in s.abilities:
            if a.limit is not None and not isinstance(a, (ir.ActiveAbility, ir.TriggeredAbility)):
                out.append(
                    Diagnostic(
                        "E0202",
                        Severity.ERROR,
                        f"“每{a.limit.per}限{a.limit.count}次”不能用于{_KIND_NAMES[a.kind]}",
                        a.limit.span,
                        help="删除这句，或把技能写成出牌阶段的主动技",
                    )
                )
    return out


_KIND_NAMES = {
    "triggered": "触发技",
    "view-as": "视为技（转化）",
    "active": "主动技",
    "static": "状态技",
    "replacement": "替换技",
    "proxy": "主公代打技能",
}


def _lord_kingdoms(s: ir.Skill) -> list[tuple[str | None, ir.PlayerRef]]:
    """The 其他X势力角色 phrases of a skill (kingdom, phrase)."""
    out: list[tuple[str | None, ir.PlayerRef]] = []
    for a in s.abilities:
        if isinstance(a, ir.ProxyAbility):
            out.append((a.helpers.kingdom, a.helpers))
        if isinstance(a, ir.GrantedAbility):
            out.append((a.helpers.kingdom, a.helpers))
        if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)) and a.timing.by is not None:
            if a.timing.by.kingdom is not None:
                out.append((a.timing.by.kingdom, a.timing.by))
    return out


def check_lord(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for g, s in _skills(pkg):
        mentions = _lord_kingdoms(s)
        has_proxy = any(isinstance(a, ir.ProxyAbility) for a in s.abilities)
        # a part the compiler has not bound (register text, W0701) is judged by its words
        unbound_kingdom = any(isinstance(a, ir.Unbound) and re.search(r"[魏蜀吴群晋]势力", a.text) for a in s.abilities)
        if s.lord and not any(k is not None for k, _ in mentions) and not unbound_kingdom:
            out.append(
                Diagnostic(
                    "E0204",
                    Severity.ERROR,
                    f"主公技“{s.name}”的描述没有涉及其他某势力的角色",
                    s.name_span,
                    help="主公技应写明其他X势力角色如何帮助主公；否则删除“主公技，”",
                )
            )
        if has_proxy and not s.lord:
            out.append(
                Diagnostic(
                    "E0205",
                    Severity.ERROR,
                    f"“{s.name}”令其他角色代为打出牌，必须是主公技",
                    s.name_span,
                    help="在描述前加上“主公技，”",
                )
            )
        for k, p in mentions:
            if s.lord and k is not None and k != g.kingdom:
                out.append(
                    Diagnostic(
                        "W0206",
                        Severity.WARNING,
                        f"主公技涉及{k}势力角色，而{g.name}是{g.kingdom}势力",
                        p.span,
                    )
                )
    return out


def check_compulsory(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for s in _all_skills(pkg):
        if not s.compulsory:
            continue
        for a in s.abilities:
            if isinstance(a, (ir.TriggeredAbility, ir.ActiveAbility)) and a.optional:
                out.append(
                    Diagnostic(
                        "W0207",
                        Severity.WARNING,
                        "锁定技不询问是否发动，这里的“你可以”会被忽略",
                        a.effects[0].span if a.effects else a.span,
                    )
                )
    return out


_COMPLEMENT = {"红色": "黑色", "黑色": "红色"}


def check_loops(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for s in _all_skills(pkg):
        for a in s.abilities:
            for e in ir.walk_effects(_effects_of(a)):
                if not isinstance(e, ir.JudgeBranch):
                    continue
                for x in e.then:
                    if isinstance(x, ir.JudgeAgain):
                        t = e.test
                        ok = (not t.negate and _COMPLEMENT.get(t.pattern) == x.until) or (
                            t.negate and t.pattern == x.until
                        )
                        if not ok:
                            out.append(
                                Diagnostic(
                                    "W0211",
                                    Severity.WARNING,
                                    f"判定条件是“{'不' if t.negate else ''}为{t.pattern}”，结束条件却是“出现{x.until}”",
                                    x.span,
                                    notes=("循环在判定条件不成立时结束；结束条件按判定条件处理",),
                                )
                            )
    return out


# ---------------------------------------------------------------- what the back end cannot run yet


@dataclass(frozen=True, slots=True)
class Gap:
    """Something a skill needs that the back end does not have yet.  Fields: ``what``
    (in the register's words, naming the missing runtime action where there is
    one), ``span``, ``runtime`` (True: the runtime lacks an action or a window;
    False: the emitter does not compile the construction yet)."""

    what: str
    span: Span
    runtime: bool = True


_TIMINGS = frozenset(t.value for t in Timing)
_PHASES = frozenset(p.value for p in Phase)
_NATURES = frozenset(n.value for n in Nature)
#: verbs without actions of their own that the emitter compiles (amounts, branches)
_CONTROL = frozenset({"额外回复体力", "比较花色", "否则", "若如此做"})
_NEW_WHO = {ir.Who.ALL, ir.Who.KILLER, ir.Who.TARGET, ir.Who.THEY}
_NEW_COUNTS = {ir.CountKind.ALL, ir.CountKind.HALF, ir.CountKind.HAND_DIFF}
_NEW_X = {ir.Quantity.HP}
_NEW_STATICS = (
    ir.SuitAs, ir.PeachOnlyDying, ir.DamageSourceOf, ir.EquipAs, ir.UseWithin, ir.CardNoDistance,
    ir.ExtraUses, ir.ExtraTargets, ir.ForbidShowOthers,
)
_NEW_REFS = (ir.DeadPlayerCards, ir.EventCard, ir.RevealedCards)


def _player_gaps(p: ir.PlayerRef | None) -> Iterator[Gap]:
    if p is None:
        return
    if p.who in _NEW_WHO:
        yield Gap(f"角色“{p.who.value}”", p.span, runtime=False)
    for f in p.filters:
        if f.kind is not ir.FilterKind.MOST_MARKS:  # (a chosen player: the most marked of those allowed)
            yield Gap(f"角色条件“{f.kind.value}”", f.span, runtime=False)


def _spec_gaps(spec: ir.CardSpec | None, typed: bool = False) -> Iterator[Gap]:
    """``typed``: the emitter tests the card's type here (an effect's cards: 弃置一张装备牌)."""
    if spec is None:
        return
    c = spec.count
    if c.kind in _NEW_COUNTS:
        yield Gap(f"张数“{c.kind.value}”", spec.span, runtime=False)
    if c.x in _NEW_X:
        assert c.x is not None
        yield Gap(f"X为“{c.x.value}”", spec.span, runtime=False)
    if spec.card_type is not None and not typed:
        yield Gap(f"牌的类别“{spec.card_type}”", spec.span, runtime=False)
    if spec.names and not typed:
        yield Gap("“" + "或".join(f"【{n.name}】" for n in spec.names) + "”这样的多个牌名", spec.span, runtime=False)
    if spec.same_suit:
        yield Gap("“相同花色的”牌", spec.span, runtime=False)
    if spec.zone is ir.Zone.AREAS:
        yield Gap("“区域里的牌”", spec.span, runtime=False)


#: the conditions of a 若 among effects the emitter compiles: the numbers of a card put on a
#: general card (不屈), a player's state (连环状态, 濒死状态: 铁索连环, 酒), the outcome of a declared card's questions (蛊惑: only in the text
#: after a declared use, :data:`QUESTION_CONDITIONS`)
QUESTION_CONDITIONS = frozenset({ir.CondKind.QUESTIONED, ir.CondKind.TRUE, ir.CondKind.FALSE, ir.CondKind.NOT_SUIT})
EFFECT_CONDITIONS = frozenset({ir.CondKind.NUMBER_NEW, ir.CondKind.NUMBER_REPEAT, ir.CondKind.CHAINED, ir.CondKind.DYING}) | QUESTION_CONDITIONS
#: the declared kinds a declared use may name (扣置…当任意一张基本牌或非延时类锦囊牌)
DECLARED_KINDS = frozenset({"基本牌", "非延时类锦囊牌", "锦囊牌"})


def _question_gaps(a: ir.Ability) -> Iterator[Gap]:
    """质疑者, 若有角色质疑 / 为真 / 为假 / 此牌不为… mean something only after a declared
    card's questions (a :class:`~.ir.DeclaredUse`'s text)."""
    if isinstance(a, ir.DeclaredUse):
        return
    for e in ir.walk_effects(_effects_of(a)):
        if isinstance(e, ir.Conditional) and e.cond.kind in QUESTION_CONDITIONS:
            yield Gap(f"条件“{e.cond.text}”（只在质疑之后）", e.cond.span, runtime=False)
        actor = getattr(e, "actor", None)
        if isinstance(actor, ir.PlayerRef) and actor.who is ir.Who.QUESTIONERS:
            yield Gap("角色“质疑者”（只在质疑之后）", actor.span, runtime=False)


#: the windows whose card's target the emitter knows, for 目标角色 / 相同的目标 in an
#: effect (not graph.model.TARGET_WINDOWS, the card use's 指定目标 windows)
KNOWN_TARGET_WINDOWS = frozenset({"杀被闪抵消时"})


def _compiled_use(a: ir.Ability, first: bool, e: ir.UseCard) -> bool:
    """对<目标>使用一张【牌】 compiles only as a trigger's first act, yours, with no cost,
    on the target of its window's card (the request for the card is the 你可以)."""
    return (
        isinstance(a, ir.TriggeredAbility) and first and not a.cost and e.actor.who is ir.Who.YOU
        and e.target.who is ir.Who.TARGET and a.timing.window in KNOWN_TARGET_WINDOWS
    )


def _effect_gaps(e: ir.Effect, a: ir.Ability, first: bool) -> Iterator[Gap]:
    """``e`` is an effect of ``a`` (``first``: the first in walk order)."""
    from .verbs import VERBS

    # the trigger window the effect happens in (None: not a trigger's)
    window = a.timing.window if isinstance(a, ir.TriggeredAbility) else None

    if isinstance(e, ir.Conditional) and e.cond.kind not in EFFECT_CONDITIONS:
        yield Gap(f"条件“{e.cond.text}”", e.cond.span, runtime=False)

    verb = VERBS.get(e.verb)
    if verb is not None and verb.needs:
        yield Gap(f"“{verb.word}”（运行时缺少 {'、'.join(verb.needs)}）", e.span)
    elif verb is not None and not verb.actions and e.verb not in _CONTROL:
        yield Gap(f"“{verb.word}”（编译器尚不支持）", e.span, runtime=False)
    for attr in ("actor", "source", "target", "to", "who", "whose", "owner", "for_"):
        v = getattr(e, attr, None)
        if isinstance(v, ir.PlayerRef) and not (v.who is ir.Who.TARGET and window in KNOWN_TARGET_WINDOWS and not v.filters):
            yield from _player_gaps(v)
    yield from _or_else_gaps(e, card_effect=False)
    if isinstance(e, ir.UseCard) and not _compiled_use(a, first, e):
        yield Gap("“对其使用一张牌”的这种说法", e.span, runtime=False)
    if isinstance(e, ir.ForceHit) and window != "杀被闪抵消时":
        yield Gap("“此【杀】依然造成伤害”（只在“你使用的【杀】被【闪】抵消后”）", e.span, runtime=False)
    for attr in ("cards",):
        v = getattr(e, attr, None)
        if isinstance(v, ir.CardSpec):
            yield from _spec_gaps(v, typed=isinstance(e, (ir.Discard, ir.Give, ir.DiscardFrom)))
    what = getattr(e, "what", None)
    if isinstance(what, _NEW_REFS) and not (
        isinstance(what, ir.RevealedCards) and (what.each_suit or what.one) and not (what.rest or what.discarded_this_phase)
    ):
        yield Gap("所获得的牌“" + {ir.DeadPlayerCards: "死亡角色的所有牌", ir.EventCard: "之", ir.RevealedCards: "亮出的牌"}[type(what)] + "”", what.span, runtime=False)
    if isinstance(what, ir.OwnedCard):
        yield from _player_gaps(what.owner)
        yield from _spec_gaps(what.spec)
    if isinstance(e, ir.Damage) and e.nature is not None and e.nature not in _NATURES:
        yield Gap(f"{e.nature}伤害（运行时缺少属性伤害）", e.span)
    if isinstance(e, ir.DiscardFrom) and (
        e.owner is None or e.cards is None or e.owner.who not in (ir.Who.IT, ir.Who.SOURCE)
        or e.cards.count.kind not in (ir.CountKind.EXACT, ir.CountKind.IMPLICIT) or e.cards.count.x is not None
        or e.cards.zone not in (ir.Zone.HAND, ir.Zone.HAND_EQUIP, ir.Zone.EQUIP)
    ):
        # compiled: 弃置其/伤害来源的n张（手）牌 and 弃置其装备区里的一张<某类>牌
        yield Gap(f"“{e.verb}”的这种说法", e.span, runtime=False)
    if isinstance(e, ir.Judge) and e.actor.who not in (ir.Who.YOU, ir.Who.ONE):
        yield Gap("由其他角色进行的判定", e.span, runtime=False)


def _or_else_gaps(e: ir.Effect, card_effect: bool) -> Iterator[Gap]:
    """X需A，否则B: B follows A's refusal, so A must be one request the runtime knows was
    refused (a verb that ``decides``); a request for a card with no target (需打出一张【杀】)
    is asked, with the card use it answers, only in a card's effect."""
    from .verbs import VERBS

    if isinstance(e, ir.DoOrElse):
        verb = VERBS.get(e.do[0].verb) if len(e.do) == 1 else None
        if verb is None or not verb.decides:
            yield Gap("“需……，否则……”中要求做的事（运行时不知道它是否被拒绝）", e.span, runtime=False)
        elif isinstance(e.do[0], ir.UseCard) and not card_effect:
            # (需对X使用一张【杀】，否则…: the request and the use in one, emitted in a card's effect only)
            yield Gap("“需对其使用一张牌，否则……”（运行时只在牌的效果中提出这种要求）", e.span, runtime=False)
    if isinstance(e, ir.AnswerCard) and not card_effect:
        yield Gap("“需打出（使用）一张牌，否则……”（运行时只在牌的效果中提出这种要求）", e.span, runtime=False)


def _card_effect_gaps(skill: ir.Skill, a: ir.CardEffectAbility) -> Iterator[Gap]:
    """对X使用一张【杀】 in a card's effect is asked of its doer only as X需…，否则… (the request
    and the use in one); 你指定的另一名角色 is the player the user designated at the use — only
    in the effect of a card whose use designates one (the runtime's
    :data:`~sgs.runtime.effects.DESIGNATES`: 借刀杀人, a player its target could use a 【杀】
    on), and only as that 【杀】's target, used by the target.  (The per-effect checks of
    :func:`_effect_gaps` do not visit a card's effect: what the emitter cannot write there is
    said here — a hand-over other than the giver's equipment of a kind; a kind of card taken
    from another player, which obtain_from cannot narrow to.)"""
    from sgs.runtime.effects import DESIGNATES

    designates = next((card.value for name, card in DESIGNATES.items() if name.value == skill.name), None)
    asked = {id(e.do[0]) for e in ir.walk_effects(a.effects) if isinstance(e, ir.DoOrElse) and len(e.do) == 1}
    for e in ir.walk_effects(a.effects):
        if isinstance(e, ir.UseCard) and id(e) not in asked:
            yield Gap("“对其使用一张牌”（牌的效果中只写作“需对其使用一张【牌】，否则……”）", e.span, runtime=False)
        if isinstance(e, ir.Give) and not (
            e.cards.zone is ir.Zone.EQUIP and e.cards.count.kind is ir.CountKind.IMPLICIT and e.to.who is not e.actor.who
            and (e.cards.card_type or e.cards.name or e.cards.color or e.cards.suit)
        ):
            # (what is given in a card's effect: the giver's equipment of a kind, in sight — 其将装备区里的武器牌交给你)
            yield Gap("“交给”的这种说法（牌的效果中只写作“其将装备区里的<某类>牌交给<另一名角色>”）", e.span, runtime=False)
        what = getattr(e, "what", None)
        if isinstance(e, ir.Obtain) and isinstance(what, ir.OwnedCard) and what.spec.card_type is not None:
            # (获得其装备区里的武器牌: the runtime's obtain_from picks any card of the zone)
            yield Gap(f"牌的类别“{what.spec.card_type}”", what.spec.span, runtime=False)
        for f in fields(e):
            v = getattr(e, f.name)
            if not (isinstance(v, ir.PlayerRef) and v.who is ir.Who.DESIGNATED):
                continue
            if designates is None:
                yield Gap(f"“{v.who.value}”（使用【{skill.name}】时不指定目标以外的角色）", v.span, runtime=False)
            elif not (isinstance(e, ir.UseCard) and f.name == "target" and e.actor.who is ir.Who.TARGET
                      and e.card.name == designates):
                yield Gap(f"“{v.who.value}”（只用于“目标角色需对其使用一张【{designates}】”）", v.span, runtime=False)


def _step_gaps(skill: ir.Skill, a: ir.CardEffectAbility) -> Iterator[Gap]:
    """A card's own step (:attr:`~sgs.compiler.ir.CardEffectAbility.once`, 五谷丰登): only
    a verb no player does (the verb table's ``no_one``: 亮出牌堆顶…) is written there
    without a doer, and only its reveal counts the use's targets (等同于目标数的
    牌); 获得亮出的一张牌 in the effect on a target takes from what that step revealed."""
    from .verbs import VERBS

    revealed = any(
        isinstance(x, ir.CardEffectAbility) and x.once and any(isinstance(e, ir.RevealTop) for e in x.effects)
        for x in skill.abilities
    )
    for e in ir.walk_effects(a.effects):
        what = getattr(e, "what", None)
        if isinstance(what, ir.RevealedCards) and what.one and (a.once or not revealed):
            yield Gap("“亮出的一张牌”（此牌的效果没有先亮出牌）", what.span, runtime=False)
        actor = getattr(e, "actor", None)
        if isinstance(actor, ir.PlayerRef) and actor.who is ir.Who.NOBODY and not getattr(VERBS.get(e.verb), "no_one", False):
            yield Gap(f"“{e.verb}”（不知道由谁做）", e.span, runtime=False)
        cards = getattr(e, "cards", None)
        if isinstance(cards, ir.CardSpec) and cards.count.x is ir.Quantity.TARGET_COUNT:
            yield Gap("“等同于目标数的牌”（只用于此牌自己亮出牌）", cards.span, runtime=False)


def _shown_gaps(a: ir.Ability) -> Iterator[Gap]:
    """展示一张手牌, then cards like it (与之花色相同的): the emitter compares a card that is
    discarded (弃置…) with the card shown before it in the same effect; 你可以A，若如此做，B
    follows A only when A is an optional discard (paid in full or not at all: the runtime
    says whether it was done)."""
    shown = False
    for e in ir.walk_effects(a.effects if isinstance(a, ir.CardEffectAbility) else _effects_of(a)):
        if isinstance(e, ir.Show) and e.cards is not None:
            shown = True
        if isinstance(e, ir.IfDone) and not (len(e.do) == 1 and isinstance(e.do[0], ir.Discard) and e.do[0].optional):
            yield Gap("“若如此做”之前做的事（运行时只知道可以不做的弃置是否做了）", e.span, runtime=False)
        for attr in ("cards", "spec"):
            spec = getattr(e, attr, None)
            if isinstance(spec, ir.CardSpec) and spec.like is not None and not (isinstance(e, ir.Discard) and shown):
                yield Gap(f"“{spec.like.measure}{'不同' if spec.like.differs else '相同'}的牌”（只用于弃置，且之前展示过牌）",
                          spec.like.span, runtime=False)


def _delayed_trick(name: str) -> bool:
    """Whether the card table has ``name`` as a delayed trick (延时锦囊)."""
    from sgs.runtime.cards import CardSubtype, card_kind

    return name in _vocabulary()[2] and card_kind(CardName(name))[1] is CardSubtype.DELAYED_TRICK


def _delayed_gaps(a: ir.Ability, delayed: bool) -> Iterator[Gap]:
    """A delayed trick's effect runs in its target's judge phase, in no use: the trick
    moving on (将此牌移动至下家的判定区) is its only, and a request answered against a use
    (需打出…，否则… / 对其使用…) is not for it, nor a step of its own before its targets
    (a sentence naming no 目标角色: a use's, 五谷丰登's)."""
    if delayed and isinstance(a, ir.CardEffectAbility) and a.once:
        yield Gap(f"“{a.text}”（延时锦囊的效果只在目标角色的判定阶段结算，没有此牌自己的一步）", a.span, runtime=False)
    for e in ir.walk_effects(a.effects if isinstance(a, ir.CardEffectAbility) else _effects_of(a)):
        if isinstance(e, ir.PassDelayed) and not delayed:
            yield Gap("“将此牌移动至下家的判定区”（只用于延时锦囊的效果）", e.span, runtime=False)
        if delayed and isinstance(e, (ir.AnswerCard, ir.UseCard)):
            yield Gap("延时锦囊的效果中要求出牌（判定阶段没有此牌的使用可供响应）", e.span, runtime=False)


def _context_gaps(a: ir.Ability) -> Iterator[Gap]:
    """What effects need of their context, decided here and not in the emitter: the
    window whose event a verb acts on (the verb table's ``windows``: 防止此伤害 only at
    造成伤害时 / 受到伤害时), the cards looked at before they are put anywhere, who
    chooses an option."""
    from .verbs import VERBS

    window = a.timing.window if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)) else None
    effects = _effects_of(a)
    for e in ir.walk_effects(effects):
        verb = VERBS.get(e.verb)
        actor = getattr(e, "actor", None)
        mine = isinstance(actor, ir.PlayerRef) and actor.who is ir.Who.YOU
        if verb is not None and verb.windows and (window not in verb.windows or (verb.owner_only and not mine)):
            where = "或".join(f"“{w}”" for w in verb.windows)
            yield Gap(f"“{verb.word}”（只能用于{where}的时机{'，由你' if verb.owner_only else ''}）", e.span, runtime=False)
        if isinstance(e, ir.ForbidJink) and not (
            (e.by.name == "无懈可击" and isinstance(a, ir.ActiveAbility))
            or (e.by.name == "闪" and e.card.name == "杀" and window == "指定目标后")
        ):
            # the runtime's forbid_jink: a 杀's target at 指定目标后; 无懈可击: a virtual use's option
            yield Gap("“不可被响应”（运行时只支持【杀】指定目标后不可被【闪】响应，或出牌阶段视为使用的牌不可被【无懈可击】响应）", e.span)
        if isinstance(e, ir.RequireResponses) and not (
            e.card.name == "闪" and e.mode is ir.Mode.USE and window == "指定目标后"
        ):
            yield Gap("“需连续响应”（运行时只支持【杀】指定目标后要求连续使用多张【闪】）", e.span)
    flat = list(ir.walk_effects(effects))
    looks = [x for x in flat if isinstance(x, ir.LookAtTop)]
    if looks and not any(
        (isinstance(x, ir.PutLooked) and x.rest) or (isinstance(x, ir.GiveLooked) and x.count is None) for x in flat
    ):
        yield Gap("观看的牌的去处（缺少“将另一张交给……”或“其余……置于牌堆底”这样的分句）", looks[0].span, runtime=False)
    first = effects[0] if effects else None
    if window is not None and isinstance(first, ir.ChooseOne) and first.actor.who in (ir.Who.ONE, ir.Who.ALL_OTHERS):
        # a trigger chooses its 一名…角色 for the plain effects it names, not for a choice's chooser
        yield Gap("由“一名……角色”选择一项（编译器还不能先选出这名角色）", first.actor.span, runtime=False)


#: the windows whose card (使用【杀】…时, 成为【杀】的目标时 …) the emitter tests
_CARD_WINDOWS = frozenset({"指定目标后", "回复体力时", "成为目标时", "成为目标后", "使用时", "造成伤害时", "造成伤害后",
                           "受到伤害时", "受到伤害后", "需要牌时", "杀被闪抵消时",
                           "失去装备区里的此牌后"})


def _timing_gaps(t: ir.TimingSpec) -> Iterator[Gap]:
    if t.window not in _TIMINGS:
        yield Gap(f"时机“{t.window}”（运行时没有这个时机）", t.span)
    if t.phase is not None and t.phase not in _PHASES:
        yield Gap(f"时机条件“于{t.phase}”", t.span, runtime=False)
    if t.victim is not None and not compiled_victim(t):
        yield Gap(f"时机中的角色“{t.victim.who.value}”及其条件", t.victim.span, runtime=False)
    need = t.window == NEED_WINDOW  # 需要使用或打出【闪】(或【杀】)时: what the request asks for
    if t.cards and not need:
        yield Gap("时机中的多个牌名", t.span, runtime=False)
    if t.mode is not None and t.mode is ir.Mode.BOTH and not need:
        yield Gap("“使用或打出……时”", t.span, runtime=False)
    if t.card_class is not None and t.card_class.color is not None:
        yield Gap(f"时机中的“{t.card_class.color}锦囊牌”", t.span, runtime=False)
    if t.by is not None and t.window == "成为目标时":
        yield Gap("“其他角色使用……指定你为目标时”", t.span, runtime=False)
    if t.card is not None and t.window not in _CARD_WINDOWS:
        yield Gap(f"时机“{t.window}”中的牌名", t.card.span, runtime=False)


#: measures of a player a comparison may name (若其手牌数大于你的体力值), and the comparisons
MEASURES = frozenset({"手牌数", "体力值", "体力上限", "已损失的体力值", "攻击范围"})
COMPARISONS = {"大于或等于": ">=", "不小于": ">=", "小于或等于": "<=", "不大于": "<=", "大于": ">", "多于": ">",
               "小于": "<", "少于": "<", "等于": "==", "为": "=="}
#: the windows whose 其 the emitter knows in a condition: the target of the card / the
#: player whose window it is (another player's window) / the damaged target of a card
#: (你使用【杀】对目标角色造成伤害时，若其…)
IT_WINDOWS = frozenset({"指定目标后", "指定目标时", "造成伤害时", "造成伤害后"})
#: player filters the emitter tests (distance from the owner)
TESTED_FILTERS = frozenset({ir.FilterKind.DISTANCE_WITHIN, ir.FilterKind.DISTANCE_EQ})


#: the window of 当你需要使用或打出【X】时, where a skill may provide the card (Provide)
NEED_WINDOW = "需要牌时"

#: the damage windows where 伤害值 is the damage's amount
DAMAGE_WINDOWS = frozenset({"造成伤害时", "造成伤害后", "受到伤害时", "受到伤害后"})


def _compiled_side(m: ir.Measure | int | ir.Quantity | None, window: str) -> bool:
    if isinstance(m, int):
        return True
    if m is ir.Quantity.DAMAGE:
        return window in DAMAGE_WINDOWS
    if not isinstance(m, ir.Measure) or m.what not in MEASURES:
        return False
    return m.of.who is ir.Who.YOU or (m.of.who is ir.Who.IT and window in IT_WINDOWS)


def _compiled_condition(c: ir.Condition, window: str = "") -> bool:
    """A 若… right after a timing that the emitter compiles: 若你有手牌 / 若你没有手牌; a
    comparison of measures of you and of the window's 其 (手牌数, 体力值, 攻击范围 …) or
    with a number; 以下两种情况… of such comparisons (any of them)."""
    if c.kind is ir.CondKind.ANY_OF:
        return bool(c.cases) and all(_compiled_condition(x, window) for x in c.cases)
    if c.kind is ir.CondKind.COMPARE:
        return c.op in COMPARISONS and _compiled_side(c.left, window) and _compiled_side(c.right, window)
    return c.kind in (ir.CondKind.HAS_HAND, ir.CondKind.NO_HAND, ir.CondKind.HAS_CARDS) and c.player is not None and (
        c.player.who is ir.Who.YOU or (c.player.who is ir.Who.IT and window in IT_WINDOWS)
    )


def compiled_victim(t: ir.TimingSpec) -> bool:
    """你对<一名角色>造成伤害后 whose player phrase the emitter tests on the damaged
    (距离1以内的一名角色: 狂骨)."""
    v = t.victim
    if v is not None and v.who is ir.Who.TARGET and t.card is not None and t.window in ("造成伤害时", "造成伤害后"):
        return True  # 使用【杀】对目标角色造成伤害: the damaged is the card's target, nothing to test
    return (
        v is not None and t.window == "造成伤害后" and v.who in (ir.Who.ONE, ir.Who.ALL_OTHERS) and v.count is None
        and all(f.kind in TESTED_FILTERS and isinstance(f.value, int) and f.of is None for f in v.filters)
    )


def _compiled_static(m: ir.StaticModifier) -> bool:
    """A newer static the emitter compiles: 你的<花色>手牌均视为【牌】 (武神: the runtime's
    name_as), 你的<花色>牌均视为<花色>牌 (红颜: the suit view, suit_as), 你使用<花色>【杀】无距离限制."""
    if isinstance(m, ir.SuitAs):
        return (m.as_card is not None and m.hand_only) or (m.as_suit is not None and m.as_card is None)
    if isinstance(m, ir.ExtraTargets):
        # more targets (the runtime's extra_targets) for a card whose user picks several
        return (m.card.name in EXTRA_TARGET_CARDS and m.x in (None, ir.Quantity.LOST_HP, ir.Quantity.MAX_HP)
                and (m.cond is None or m.cond.kind is ir.CondKind.LAST_HAND))
    return isinstance(m, ir.CardNoDistance) and m.card.name == "杀"


#: the cards whose user picks how many targets (up to the runtime's max_targets)
EXTRA_TARGET_CARDS = frozenset({"杀", "铁索连环"})


def runtime_gaps(skill: ir.Skill, own_card: bool = False) -> list[Gap]:
    """The capability pass: what a skill needs that the runtime or the emitter does not
    have yet; empty for every skill that compiles (all the bundled pool).  ``sgs check``
    reports each gap (W0701), ``sgs compile`` refuses the skill with them (E0503, never a
    stub: :func:`capability_refusals`); the emitter never sees such a skill and assumes
    what this pass allows.  ``own_card``: the skill is an equipment card's effect."""
    out: list[Gap] = []
    _, vocab, runtime = _vocabulary()
    for a in skill.abilities:
        for cw in _card_words(a):
            if cw.name in vocab and cw.name not in runtime:
                out.append(Gap(f"【{cw.name}】这张牌（运行时没有这张牌）", cw.span))
        for cw in _converted(a):
            if cw.name in runtime and cw.name not in _runnable():
                # the card exists but its use would do nothing: refused, never a silent stub
                out.append(Gap(f"【{cw.name}】这张牌的效果", cw.span))
        if isinstance(a, (ir.ActiveAbility, ir.GrantedAbility)) and a.phase != "出牌阶段":
            # 结束阶段，你可以…: the runtime's active skills are the play phase's; another
            # phase is a timing (the gap says how to write it)
            how = (f"多摸牌写“{a.phase}摸牌时，你可以额外摸一张牌”" if a.phase == "摸牌阶段"
                   else f"写成时机：“{a.phase}开始时，你可以……”或“{a.phase}结束时，你可以……”")
            out.append(Gap(f"“{a.phase}，你可以……”（主动技只在出牌阶段发动；{how}）", a.span, runtime=False))
        if isinstance(a, ir.ActiveAbility):
            if a.limit is not None and a.limit.per != "阶段":
                out.append(Gap(f"“每{a.limit.per}限{a.limit.count}次”（运行时的主动技只有每阶段次数限制）", a.limit.span))
            for e in ir.walk_effects(a.effects):
                if isinstance(e, ir.Discard) and e.cards.count.kind is ir.CountKind.UP_TO and e.cards.count.x is not None:
                    out.append(Gap(f"弃置“至多X张”（X为{e.cards.count.x.value}；运行时缺少随体力变化的张数上限）", e.cards.span))
        if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)):
            out.extend(_timing_gaps(a.timing))
            if a.timing.window == "失去装备区里的此牌后" and not (
                own_card and a.timing.card is not None and a.timing.card.name == skill.name
            ):
                # the window opens for the lost card's own effects only: 【X】 is this card
                out.append(Gap("“失去装备区里的【X】后”（只用于装备牌【X】自己的技能）", a.timing.span, runtime=False))
            if isinstance(a.condition, ir.Condition) and not _compiled_condition(a.condition, a.timing.window):
                out.append(Gap(f"条件“{a.condition.text}”", a.condition.span, runtime=False))
            out.extend(_cost_gaps(a))
        if isinstance(a, ir.GrantedAbility) and (a.phase != "出牌阶段" or a.helpers.who is not ir.Who.ALL_OTHERS):
            out.append(Gap("主公技中其他角色于其出牌阶段发动的效果", a.span, runtime=False))
        if isinstance(a, ir.DeclaredUse):
            out.extend(Gap(f"声明为“{k}”", a.span, runtime=False) for k in a.declared if k not in DECLARED_KINDS)
            out.extend(_spec_gaps(a.source))
        out.extend(_question_gaps(a))
        out.extend(_context_gaps(a))
        if isinstance(a, ir.Unbound):
            out.extend(Gap(what, span, runtime=False) for what, span in a.gaps)
        if isinstance(a, ir.StaticAbility) and isinstance(a.modifier, _NEW_STATICS) and not _compiled_static(a.modifier):
            out.append(Gap(f"状态技“{a.text.rstrip('。；')}”", a.span, runtime=False))
        if isinstance(a, ir.ViewAsAbility):
            if a.mode is ir.Mode.USE_OR_RECAST:
                out.append(Gap("“使用或重铸”（运行时缺少 recast）", a.span))
            for c in a.conversions:
                if c.source_kinds:
                    out.append(Gap("转化的牌须为" + "或".join(c.source_kinds), c.span, runtime=False))
                out.extend(_spec_gaps(c.source))
        for i, e in enumerate(ir.walk_effects(_effects_of(a))):
            out.extend(_effect_gaps(e, a, i == 0))
        out.extend(_shown_gaps(a))
        if isinstance(a, ir.CardEffectAbility):
            for e in ir.walk_effects(a.effects):
                out.extend(_or_else_gaps(e, card_effect=True))
            out.extend(_card_effect_gaps(skill, a))
            out.extend(_step_gaps(skill, a))
            out.extend(_delayed_gaps(a, _delayed_trick(skill.name)))
        elif not isinstance(a, ir.Unbound):
            out.extend(_delayed_gaps(a, False))
    trig = [a for a in skill.abilities if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility))]
    if len(trig) > 1 and any(getattr(a, "cost", 0) for a in trig):
        out.append(Gap("有代价（你可以A，则B）的技能只能有一个时机", skill.span, runtime=False))
    need = [a for a in trig if a.timing.window == NEED_WINDOW]
    if need and len(trig) > 1:
        # the request that offers the skill asks for one card by one window (emit.plan_trigger)
        out.append(Gap("“当你需要使用或打出【牌】时”的技能有不止一个时机", need[0].timing.span, runtime=False))
    return out


def _card_skills(pkg: ir.Package) -> frozenset[int]:
    return frozenset(id(s) for c in pkg.cards for s in c.skills)


#: :func:`runtime_gaps` of a build's skills, by ``id``: (the skill, ``own_card``, its
#: gaps).  A build computes them once per skill: ``sgs check``'s W0701 (per file) and
#: ``sgs compile``'s E0503 (on the merged package) read the same list.  The skill is
#: kept so that an ``id`` is never read for another object.
SkillGaps = dict[int, tuple[ir.Skill, bool, list[Gap]]]


def _gaps(s: ir.Skill, own_card: bool, known: SkillGaps | None) -> list[Gap]:
    hit = known.get(id(s)) if known is not None else None
    if hit is not None and hit[0] is s and hit[1] == own_card:
        return hit[2]
    gaps = runtime_gaps(s, own_card)
    if known is not None:
        known[id(s)] = (s, own_card, gaps)
    return gaps


def capability_refusals(pkg: ir.Package, known: SkillGaps | None = None) -> dict[int, Diagnostic]:
    """E0503 for every skill of ``pkg`` (by ``id``) the back end cannot run yet: the same
    gaps, from the same pass, as ``sgs check``'s W0701 — what ``sgs compile`` refuses
    before the emitter is asked.  ``known``: gaps already computed (read and filled)."""
    cards = _card_skills(pkg)
    out: dict[int, Diagnostic] = {}
    for s in _all_skills(pkg):
        gaps = _gaps(s, id(s) in cards, known)
        if gaps and id(s) not in out:
            out[id(s)] = Diagnostic(
                "E0503", Severity.ERROR,
                f"“{s.name}”还不能编译：" + "；".join(dict.fromkeys(g.what for g in gaps)),
                gaps[0].span,
                help="sgs check 把这些列为 W0701；运行时补上所缺的动作后即可编译",
            )
    return out


def _cost_gaps(a: ir.TriggeredAbility | ir.ReplacementAbility) -> Iterator[Gap]:
    """What the emitter compiles of a trigger's cost (你可以A，则B): A one discard of your
    own cards, of a fixed number."""
    if not isinstance(a, ir.TriggeredAbility):
        return
    cost = a.effects[:a.cost]
    if cost and not (
        len(cost) == 1 and isinstance(cost[0], ir.Discard) and cost[0].actor.who is ir.Who.YOU
        and cost[0].cards.count.kind is ir.CountKind.EXACT and cost[0].cards.count.x is None
    ):
        yield Gap("代价“" + "，".join(getattr(e, "verb", "") for e in cost) + "”", a.span, runtime=False)


def check_runtime(pkg: ir.Package, known: SkillGaps | None = None) -> list[Diagnostic]:
    """W0701: the text is well-formed but the back end cannot run it yet
    (``sgs compile`` refuses it with E0503); one finding per missing thing.
    ``known``: gaps already computed (read and filled)."""
    out: list[Diagnostic] = []
    cards = _card_skills(pkg)
    for s in _all_skills(pkg):
        seen: set[str] = set()
        for g in _gaps(s, id(s) in cards, known):
            if g.what in seen:
                continue
            seen.add(g.what)
            who = "运行时" if g.runtime else "编译器"
            out.append(
                Diagnostic(
                    "W0701",
                    Severity.WARNING,
                    f"“{s.name}”：{who}还不能执行{g.what}",
                    g.span,
                    notes=("技能文本合乎规范；sgs compile 会拒绝编译这个技能（E0503），不会生成占位代码",),
                )
            )
    return out


def _decl_finding(decl: ir.CardDecl) -> Diagnostic | None:
    """The first thing wrong with a card declaration against the deck table (E0302) or
    with its effect lines (E0214); None when the emitter can take it as it is."""
    from sgs.runtime.cards import CardSubtype, CardType, card_kind, load_cards

    def err(code: str, message: str, span: Span, help: str) -> Diagnostic:
        return Diagnostic(code, Severity.ERROR, message, span, help=help)

    names = [(cw, CardName(cw.name)) for cw in decl.names if cw.name in _vocabulary()[2]]
    if decl.kind != "装备":  # 锦囊 / 基本: one effect line, what the card does to each target
        basic = decl.kind == ir.BASIC
        for cw, name in names:
            ctype, sub = card_kind(name)
            if basic and ctype is not CardType.BASIC:
                return err("E0302", f"牌表中【{cw.name}】是{sub.value or ctype.value}，不是基本牌", cw.span,
                           "基本牌的声明写作“基本 牌名”；锦囊写作“锦囊 牌名 普通锦囊”")
            if not basic and sub is not CardSubtype(decl.subtype):
                return err("E0302", f"牌表中【{cw.name}】是{sub.value or ctype.value}，不是{decl.subtype}", cw.span,
                           "锦囊的声明写作“锦囊 牌名 普通锦囊”或“锦囊 牌名 延时锦囊”，类别须与牌表一致")
        if len(decl.skills) != 1:
            what = "没有效果" if not decl.skills else "有不止一行效果"
            return err("E0214", f"{'基本牌' if basic else '锦囊牌'}声明后{what}", decl.span,
                       "在下一行写出它对每名目标角色的效果，如“无中生有：目标角色摸两张牌。”")
        (s,) = decl.skills
        if s.tags or not all(isinstance(a, (ir.CardEffectAbility, ir.Unbound)) for a in s.abilities):
            return err("E0214", f"“{s.name}”不是牌的效果：锦囊的效果是它对每名目标角色做的事，不带时机或技能标签", s.span,
                       "写作“牌名：目标角色……。”（目标角色是此牌的目标，你是使用者）")
        if decl.subtype == CardSubtype.DELAYED_TRICK.value:
            you = next((p for a in s.abilities if isinstance(a, ir.CardEffectAbility) for p in _you_refs(a.effects)), None)
            if you is not None:
                return err("E0214", "延时锦囊的效果在目标角色的判定阶段结算，那时没有使用者：效果里不能有“你”", you.span,
                           "效果的主语写“目标角色”（判定区里有此牌的角色），如“目标角色进行一次判定，……”")
        return None
    if decl.subtype != "武器" and decl.attack_range is not None:
        return err("E0302", "只有武器有攻击范围", decl.span,
                   f"{decl.subtype}的声明不写“攻击范围”，如“装备 八卦阵 防具”；武器写作“装备 诸葛连弩 武器 攻击范围1”")
    ranges = {c.name: c.attack_range for c in load_cards()}
    for cw, name in names:
        if name not in ranges:
            continue  # not in this deck table (骅骝 is a 军争 card): nothing to check against
        ctype, sub = card_kind(name)
        if sub is not CardSubtype(decl.subtype):
            shown = sub.value or ctype.value
            return err("E0302", f"牌表中【{cw.name}】是{shown}，不是{decl.subtype}", cw.span,
                       f"写作“装备 {cw.name} {shown}”；类别须与牌表一致（武器、防具、+1马、-1马）")
        if decl.attack_range is not None and ranges.get(name) != decl.attack_range:
            return err("E0302", f"牌表中【{cw.name}】的攻击范围是{ranges.get(name)}，不是{decl.attack_range}", decl.span,
                       f"写作“攻击范围{ranges.get(name)}”（攻击范围须与牌表一致），或不写攻击范围")
    if not decl.skills:
        return err("E0214", "装备牌声明后没有效果", decl.span, "在下一行写出效果，如“诸葛连弩：锁定技，……”")
    return None


def _you_refs(effects: Sequence[ir.Effect]) -> Iterator[ir.PlayerRef]:
    """Every 你 an effect names (its fields, one level down: the owner of a card phrase)."""
    for e in ir.walk_effects(effects):
        for f in fields(e):
            v = getattr(e, f.name)
            for x in (v, getattr(v, "owner", None)):
                if isinstance(x, ir.PlayerRef) and x.who is ir.Who.YOU:
                    yield x


def check_card_decls(pkg: ir.Package) -> list[Diagnostic]:
    """A card declaration agrees with the deck table (E0302: the card's type, subtype,
    a weapon's attack range) and has its effect lines (E0214: equipment at least one; a
    trick or a basic card exactly one, a card effect without timing or tags): the
    first thing wrong with each declaration."""
    return [d for d in map(_decl_finding, pkg.cards) if d is not None]


#: the largest deck a game can have (standard 108 + 军争 52 cards)
LARGEST_DECK = 160


def _numbers(e: object) -> Iterator[tuple[str, int]]:
    """The literal numbers of an effect: (“张” for a card count, “点” for an amount)."""
    for f in fields(e):  # type: ignore[arg-type]
        v = getattr(e, f.name)
        if f.name == "amount" and isinstance(v, int) and not isinstance(v, bool):
            yield "点", v
        elif isinstance(v, ir.CardSpec) and v.count.kind is ir.CountKind.EXACT and v.count.n is not None:
            yield "张", v.count.n


def check_quantities(pkg: ir.Package) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for s in _all_skills(pkg):
        for a in s.abilities:
            for e in ir.walk_effects(_effects_of(a)):
                if not is_dataclass(e):
                    continue
                for unit, n in _numbers(e):
                    sp = getattr(e, "span", None) or a.span
                    if n == 0:
                        out.append(Diagnostic(
                            "W0222", Severity.WARNING, f"数量为0（0{unit}）：这个动作什么也不做", sp,
                            help="写出实际的数量，或删去这个动作"))
                    elif unit == "张" and n > LARGEST_DECK:
                        out.append(Diagnostic(
                            "W0223", Severity.WARNING, f"{n}张超过了最大的牌堆（{LARGEST_DECK}张），这个数量永远达不到", sp,
                            help="检查数字是否多写了位数；要表示“全部”，写“所有”"))
    return out


CHECKS: Sequence[Callable[[ir.Package], list[Diagnostic]]] = (
    check_cards,
    check_unique,
    check_limits,
    check_lord,
    check_compulsory,
    check_loops,
    check_quantities,
    check_card_decls,
    check_runtime,
)


def check_package(pkg: ir.Package, known: SkillGaps | None = None) -> list[Diagnostic]:
    """Run every check on a package; ``known`` (filled here) keeps the capability
    pass's gaps for :func:`capability_refusals` in the same build."""
    out: list[Diagnostic] = []
    for check in CHECKS:
        out.extend(check_runtime(pkg, known) if check is check_runtime else check(pkg))
    return out
