"""Lowering of sentences: one sentence of a skill → an ability (or effects to attach).

:class:`LowerSentences` decides the kind of each sentence (triggered, view-as,
active, static, proxy; the coverage families' granted and declared uses, and the
sentences whose timing the rules settle, ``_implicit``) from the timing, conditions
and effects the layers below lower.  :class:`_Attach` is a sentence that completes the
previous one (你每选择一项…, a rule of 获得以下技能…).  Seam: a sentence at a time; the
skill line that joins them is in :mod:`.package`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterator, Sequence

from lark import Token, Tree

from .. import ir
from ..diagnostics import Diagnostic, Severity, Span
from .base import LoweringError
from .phrases import _CARD_TYPES
from .effects import _optional, LowerEffects

__all__ = ["LowerSentences"]


_PHASE_ORDER = ["回合开始阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "回合结束阶段"]


@dataclass
class _Attach:
    """A sentence that completes the previous one: 你每选择一项，… (``per_choice``) or
    one of the rules of 获得以下技能… (``rule``; standing alone it is a static skill)."""

    span: Span
    per_choice: tuple[ir.Effect, ...] = ()
    rule: ir.StaticModifier | None = None
    text: str = ""

    def apply(self, prev: ir.Ability, sentence: str) -> ir.Ability:
        effects: tuple[ir.Effect, ...] = getattr(prev, "effects", ())
        if self.per_choice:
            for i, e in enumerate(effects):
                if isinstance(e, ir.ChooseItems):
                    new = effects[:i] + (replace(e, per_choice=self.per_choice),) + effects[i + 1 :]
                    return _with_effects(prev, new, prev.text + sentence)
            raise LoweringError(Diagnostic("E0210", Severity.ERROR, "“你每选择一项”前没有“选择一至两项”", self.span))
        assert self.rule is not None
        new, found = _add_rule(effects, self.rule)
        if found:
            return _with_effects(prev, new, prev.text + sentence)
        raise _Standalone(ir.StaticAbility(self.rule, self.text, self.span))


def _with_effects(prev: ir.Ability, effects: tuple[ir.Effect, ...], text: str) -> ir.Ability:
    if isinstance(prev, ir.TriggeredAbility):
        return replace(prev, effects=effects, text=text)
    if isinstance(prev, ir.ActiveAbility):
        return replace(prev, effects=effects, text=text)
    if isinstance(prev, ir.ReplacementAbility):
        return replace(prev, effects=effects, text=text)
    if isinstance(prev, ir.GrantedAbility):
        return replace(prev, effects=effects, text=text)
    if isinstance(prev, ir.DeclaredUse):
        return replace(prev, effects=effects, text=text)
    raise AssertionError(prev)


def _add_rule(effects: tuple[ir.Effect, ...], rule: ir.StaticModifier) -> tuple[tuple[ir.Effect, ...], bool]:
    """Append ``rule`` to the last 获得以下技能 of ``effects`` (also inside 若…)."""
    for i in range(len(effects) - 1, -1, -1):
        e = effects[i]
        if isinstance(e, ir.GainRules):
            return effects[:i] + (replace(e, rules=e.rules + (rule,)),) + effects[i + 1 :], True
        if isinstance(e, ir.Conditional):
            then, found = _add_rule(e.then, rule)
            if found:
                return effects[:i] + (replace(e, then=then),) + effects[i + 1 :], True
    return effects, False


class _Standalone(Exception):
    """An _Attach whose sentence stands on its own (a static skill)."""

    def __init__(self, ability: ir.Ability) -> None:
        super().__init__("standalone")
        self.ability = ability


def _find_x(effects: Sequence[ir.Effect]) -> ir.Quantity | None:
    for e in ir.walk_effects(effects):
        for spec in _specs(e):
            if spec.count.x is not None:
                return spec.count.x
    return None


def _specs(e: ir.Effect) -> Iterator[ir.CardSpec]:
    for attr in ("cards",):
        v = getattr(e, attr, None)
        if isinstance(v, ir.CardSpec):
            yield v


class LowerSentences(LowerEffects):
    """Sentences."""

    def sentence(self, node: Tree[Token], skill_span: Span) -> ir.Ability | ir.Limit | tuple[ir.Effect, ...] | _Attach:
        kind = str(node.data)
        sp = self.span(node)
        text = self.slice(node)
        you = ir.PlayerRef(ir.Who.YOU, sp)
        self._x_sentence = self._xdef_in(node)
        if kind == "trigger_sentence":
            timing_t = self.trees(node)[0]
            chain_t = self.tree(node, "chain")
            assert chain_t is not None
            effects = self.chain(chain_t, you)
            optional = bool(effects) and effects[0].verb != "达到张数" and _optional(effects[0])
            return ir.TriggeredAbility(self.timing(timing_t), optional, effects, text, sp)
        if kind == "replace_sentence":
            ph = self.tok(node, "PHASE")
            assert ph is not None
            if str(ph.value) != "摸牌阶段":
                raise self.error("E0502", f"只支持在摸牌阶段“放弃摸牌”，不支持“{ph.value}”", self.span(ph))
            chain_t = self.tree(node, "chain")
            assert chain_t is not None
            effects = self.chain(chain_t, you)
            timing = ir.TimingSpec("摸牌阶段摸牌时", ir.Who.YOU, self.span(ph))
            cond_t = [c for c in self.trees(node) if str(c.data).startswith("cond_")]
            return ir.ReplacementAbility(
                timing, self.tree(node, "may") is not None, "摸牌", effects, text, sp,
                condition=self.cov_condition(cond_t[0]) if cond_t else None,
            )
        if kind == "skip_sentence":
            ph = self.tok(node, "PHASE")
            card_t = self.tree(node, "card")
            assert ph is not None and card_t is not None
            mode_t = [t for t in self.trees(node) if str(t.data).startswith("mode_")][0]
            no_card = ir.NoCardUsed(str(ph.value), self.mode(mode_t), self.card(card_t), sp)
            chain_t = self.tree(node, "chain")
            assert chain_t is not None
            effects = self.chain(chain_t, you)
            skips = [e for e in effects if isinstance(e, ir.SkipPhase)]
            if not skips:
                raise self.error("E0501", "“若你于……未……过……”后只支持“跳过此回合的……阶段”", sp)
            window = skips[0].phase + "开始前"
            optional = bool(effects) and _optional(effects[0])
            return ir.TriggeredAbility(ir.TimingSpec(window, ir.Who.YOU, sp), optional, effects, text, sp, condition=no_card)
        if kind == "no_distance_static":
            tc = self.tok(node, "TRICK_CARD")
            assert tc is not None
            return ir.StaticAbility(ir.NoDistanceLimit(ir.CardClass("锦囊牌", self.span(tc)), sp), text, sp)
        if kind == "prohibit_static":
            banned = tuple(self.card(t) for t in self.trees(node, "card"))
            return ir.StaticAbility(ir.Prohibit(banned, sp, no_hand=self.tok(node, "HAVE_NO") is not None), text, sp)
        if kind.startswith("viewas_"):
            convs_t = self.tree(node, "conversions")
            assert convs_t is not None
            conversions = []
            for ct in self.trees(convs_t, "conversion"):
                spec_t = self.tree(ct, "card_spec")
                card_t = self.tree(ct, "card")
                assert spec_t is not None and card_t is not None
                conversions.append(ir.Conversion(self.card_spec(spec_t), self.card(card_t), self.span(ct)))
            must = tuple(_CARD_TYPES[str(k.data)] for k in self.trees(node) if str(k.data) in _CARD_TYPES)
            if must:
                # 此牌必须为基本牌或装备牌 (断粮)
                conversions = [replace(c, source_kinds=must) for c in conversions]
            mode_t = [t for t in self.trees(node) if str(t.data).startswith("mode_")][0]
            cond: str | None = None
            if kind == "viewas_in_phase":
                ph = self.tok(node, "PHASE")
                assert ph is not None
                cond = str(ph.value)
            elif kind == "viewas_outside_turn":
                cond = "回合外"
            return ir.ViewAsAbility(tuple(conversions), self.mode(mode_t), cond, True, text, sp)
        if kind in ("active_sentence", "active_limited"):
            ph = self.tok(node, "PHASE")
            assert ph is not None
            limit: ir.Limit | None = None
            if kind == "active_limited":
                # 出牌阶段限一次，你可以… = 出牌阶段，你可以…。每阶段限一次。
                n_tok, lim = self.tok(node, "NUM"), self.tok(node, "LIMIT")
                times = self.tok(node, "TIMES")
                assert n_tok is not None and lim is not None and times is not None
                if str(ph.value) != "出牌阶段":
                    raise self.error(
                        "E0502", f"“{ph.value}限……次”不是技能的写法；只有“出牌阶段限一次，你可以……”", self.span(ph),
                        help="写作“出牌阶段限一次，你可以……”",
                    )
                a, b = self.span(lim), self.span(times)
                limit = ir.Limit(self.num(n_tok), "阶段", Span(a.file, a.line, a.col, b.end_line, b.end_col))
            chain_t = self.tree(node, "chain")
            assert chain_t is not None
            effects = self.chain(chain_t, you)
            optional = bool(effects) and _optional(effects[0])
            xdef = _find_x(effects)
            return ir.ActiveAbility(str(ph.value), optional, effects, text, sp, xdef=xdef, limit=limit)
        if kind == "distance_static":
            d = self.tok(node, "DELTA")
            assert d is not None
            return ir.StaticAbility(ir.DistanceModifier(int(str(d.value)), self.span(d)), text, sp)
        if kind == "distance_to_static":
            d = self.tok(node, "DELTA")
            assert d is not None
            return ir.StaticAbility(ir.DistanceModifier(int(str(d.value)), self.span(d), incoming=True), text, sp)
        if kind == "invalid_static":
            card_t = self.tree(node, "card")
            assert card_t is not None
            col = self.tok(node, "COLOR")
            invalid = ir.Invalid(self.card(card_t), sp, color=str(col.value) if col is not None else None)
            return ir.StaticAbility(invalid, text, sp)
        if kind == "unlimited_static":
            ph = self.tok(node, "PHASE")
            card_t = self.tree(node, "card")
            assert ph is not None and card_t is not None
            return ir.StaticAbility(ir.UnlimitedCard(self.card(card_t), str(ph.value), sp), text, sp)
        if kind == "duel_count_static":
            cards = [self.card(t) for t in self.trees(node, "card")]
            n_tok = self.tok(node, "NUM")
            assert n_tok is not None
            mode_t = [t for t in self.trees(node) if str(t.data).startswith("mode_")][0]
            mod = ir.DuelResponseCount(cards[0], self.num(n_tok), cards[1], self.mode(mode_t), sp)
            return ir.StaticAbility(mod, text, sp)
        if kind == "limit_sentence":
            n_tok = self.tok(node, "NUM")
            per = self.tok(node, "PHASE_WORD")
            assert n_tok is not None and per is not None
            return ir.Limit(self.num(n_tok), str(per.value), sp)
        if kind == "proxy_sentence":
            modes = [self.mode(t) for t in self.trees(node) if str(t.data).startswith("mode_")]
            cards = [self.card(t) for t in self.trees(node, "card")]
            helpers = self._player_child(node)
            ask = self.tree(node, "proxy_ask")
            ask_whether = ask is not None and bool(ask.children)
            if modes[0] != modes[2]:
                raise self.error(
                    "E0212",
                    f"前面写“需要{modes[0].value}”，括号里却写“视为由你{modes[2].value}”",
                    sp,
                )
            if cards[0].name != cards[1].name:
                raise self.error("E0212", f"需要的是【{cards[0].name}】，却令其他角色打出【{cards[1].name}】", cards[1].span)
            return ir.ProxyAbility(cards[0], modes[0], helpers, modes[1], ask_whether, True, text, sp)
        if kind == "restriction_sentence":
            un = self.tree(node, "unanswerable")
            assert un is not None
            return (self.action(un)(you, False),)
        if kind == "continuation_sentence":
            chain_t = self.tree(node, "chain")
            assert chain_t is not None
            return self.chain(chain_t, you)
        return self.cov_sentence(node, kind, sp, text)

    def cov_sentence(self, node: Tree[Token], kind: str, sp: Span, text: str) -> ir.Ability | tuple[ir.Effect, ...] | _Attach:
        you = ir.PlayerRef(ir.Who.YOU, sp)
        chain_t = self.tree(node, "chain")
        conds = [c for c in self.trees(node) if str(c.data).startswith("cond_")]
        if kind in ("cond_trigger_sentence", "cases_trigger_sentence"):
            timing_t = self.trees(node)[0]
            assert chain_t is not None
            effects = self.chain(chain_t, you)
            optional = bool(effects) and _optional(effects[0])
            if kind == "cond_trigger_sentence":
                cond = self.cov_condition(conds[0])
            else:
                alternatives = tuple(self.cov_condition(c) for c in conds)
                cond = ir.Condition(ir.CondKind.ANY_OF, text, sp, cases=alternatives)
            return ir.TriggeredAbility(self.timing(timing_t), optional, effects, text, sp, condition=cond)
        if kind == "bare_sentence":
            effects = self.chain(node, you)
            only = effects[0] if len(effects) == 1 else None
            if isinstance(only, ir.CannotBeTarget):
                return ir.StaticAbility(ir.Prohibit(only.cards, sp), text, sp)
            if isinstance(only, ir.ForbidJink):
                return effects
            if isinstance(only, ir.UseCard) and any(
                f.kind is ir.FilterKind.DISTANCE_WITHIN for f in only.target.filters
            ):
                dist = [f.value for f in only.target.filters if f.kind is ir.FilterKind.DISTANCE_WITHIN][0]
                assert isinstance(dist, int)
                return ir.StaticAbility(ir.UseWithin(only.card, dist, sp), text, sp)
            implicit = self._implicit(effects, sp)
            if implicit is None:
                raise self.error(
                    "E0220",
                    "这句话没有写时机，规则也不能确定它何时发动",
                    sp,
                    help="在句首写明时机，如“出牌阶段，你可以……”“回合开始阶段开始时，你可以……”"
                    "“每当你受到一次伤害后，你可以……”；或写成状态句“锁定技，你……”",
                )
            window, subject, words = implicit
            self.note("I0701", f"这句话没有写时机；按规则读作“{words}”", sp, help=f"规范写法：以“{words}，”开头")
            timing = ir.TimingSpec(window, subject, sp, implicit=True)
            optional = bool(effects) and _optional(effects[0])
            return ir.TriggeredAbility(timing, optional, effects, text, sp)
        if kind == "cond_sentence":
            assert chain_t is not None
            c = conds[0]
            if c.data == "cond_not_used":
                # the skip sentence with its condition (克己)
                return self.sentence(Tree("skip_sentence", [x for x in c.children if not (isinstance(x, Tree) and str(x.data).startswith("p_"))] + [chain_t], node.meta), sp)  # type: ignore[return-value]
            cond = self.cov_condition(c)
            effects = self.chain(chain_t, you)
            only = effects[0] if len(effects) == 1 else None
            if cond.kind is ir.CondKind.NO_HAND and isinstance(only, ir.CannotBeTarget):
                return ir.StaticAbility(ir.Prohibit(only.cards, sp, no_hand=True), text, sp)
            if cond.kind is ir.CondKind.NO_EQUIP and isinstance(only, ir.ViewAsEquipped):
                return ir.StaticAbility(ir.EquipAs(only.card, cond, sp), text, sp)
            if cond.kind is ir.CondKind.CARD_DISCARDED:
                timing = ir.TimingSpec("结算后置入弃牌堆时", ir.Who.ALL_OTHERS, sp, card=cond.card)
                return ir.TriggeredAbility(timing, bool(effects) and _optional(effects[0]), effects, text, sp)
            return (ir.Conditional(cond, effects, sp),)
        if kind == "cases_sentence":
            cases: list[tuple[str, tuple[ir.Effect, ...]]] = []
            for case in self.trees(node, "suit_case"):
                suit = self.tok(case, "SUIT")
                sub = self.tree(case, "chain")
                assert suit is not None and sub is not None
                cases.append((str(suit.value), self.chain(sub, you)))
            return (ir.JudgeCases(tuple(cases), sp),)
        if kind == "per_choice_sentence":
            assert chain_t is not None
            per = self.chain(chain_t, you)
            return _Attach(per_choice=per, span=sp)
        if kind == "declared_sentence":
            spec_t = self.tree(node, "card_spec")
            mode_t = [x for x in self.trees(node) if str(x.data).startswith("mode_")][0]
            assert spec_t is not None
            declared = tuple(self.slice(d) for d in self.trees(node, "declared_kind"))
            return ir.DeclaredUse(
                self.card_spec(spec_t), declared, self.mode(mode_t), self._player_child(node), True, (), text, sp
            )
        if kind == "lord_grant_sentence":
            assert chain_t is not None
            helpers = self._player_child(node)
            ph = self.tok(node, "PHASE")
            assert ph is not None
            effects = self.chain(chain_t, helpers)
            return ir.GrantedAbility(helpers, str(ph.value), bool(effects) and _optional(effects[0]), effects, text, sp)
        if kind == "grant_static":
            g = [c for c in self.trees(node) if str(c.data).startswith("g_")][0]
            return _Attach(rule=self.cov_grant(g), span=sp, text=text)
        if kind == "suit_static":
            suits = [str(t.value) for t in self.tokens(node, "SUIT")]
            card_t = self.tree(node, "card")
            hand_only = self.tok(node, "HAND_CARD") is not None
            if card_t is not None:
                return ir.StaticAbility(ir.SuitAs(suits[0], hand_only, sp, as_card=self.card(card_t)), text, sp)
            return ir.StaticAbility(ir.SuitAs(suits[0], hand_only, sp, as_suit=suits[1]), text, sp)
        if kind == "peach_static":
            card_t = self.tree(node, "card")
            assert card_t is not None
            return ir.StaticAbility(ir.PeachOnlyDying(self.card(card_t), sp), text, sp)
        if kind == "source_static":
            card_t = self.tree(node, "card")
            assert card_t is not None
            return ir.StaticAbility(ir.DamageSourceOf(self.card(card_t), sp), text, sp)
        raise self.error("E0501", "编译器尚不支持这种句子", sp)

    def _implicit(self, effects: tuple[ir.Effect, ...], sp: Span) -> tuple[str, ir.Who, str] | None:
        """The timing the rules settle for a sentence written without one:
        (window, subject, how the note words it), or None."""
        first = effects[0] if effects else None
        if isinstance(first, ir.Obtain) and isinstance(first.what, ir.DeadPlayerCards):
            return "死亡时", ir.Who.ALL_OTHERS, "当其他角色死亡时"
        skips = [e for e in ir.walk_effects(effects) if isinstance(e, (ir.SkipPhase, ir.SkipAnyPhase))]
        if isinstance(first, ir.ChooseItems):
            skips = [e for o in first.options for e in ir.walk_effects(o.effects) if isinstance(e, ir.SkipPhase)]
        if skips:
            s = skips[0]
            if isinstance(s, ir.SkipAnyPhase):
                return "阶段开始前", ir.Who.YOU, "在你的每个阶段（" + "和".join(s.excluded) + "除外）开始前"
            phases = [s.phase for s in skips if isinstance(s, ir.SkipPhase)] + [
                p for s in skips if isinstance(s, ir.SkipPhase) for p in s.more
            ]
            earliest = min(phases, key=_PHASE_ORDER.index)
            return earliest + "开始前", ir.Who.YOU, f"{earliest}开始前（跳过阶段须在该阶段开始前决定）"
        return None
