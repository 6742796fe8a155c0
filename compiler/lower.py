"""Lowering: Lark parse tree → IR (:mod:`.ir`), with spans on every node.

Each grammar rule has one lowering function here.  Clauses are lowered in two
steps because the register leaves subjects implicit (``你可以失去1点体力，然后摸两张牌``:
the second clause's subject is the first one's): a clause becomes a
:class:`_Clause` draft whose ``build(actor, optional)`` makes the IR effect once
the chain has resolved the actor.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Iterator, Sequence

from lark import Token, Tree

from . import ir
from .diagnostics import Diagnostic, Severity, Span
from .pinyin import is_identifier, to_pinyin

__all__ = ["lower_package", "NUMERALS"]

NUMERALS: dict[str, int] = {
    "一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5,
    "六": 6, "七": 7, "八": 8, "九": 9, "十": 10,
}

_Node = Tree[Token] | Token


class LoweringError(Exception):
    """Raised inside the lowering to abandon one skill; carries its diagnostic."""

    def __init__(self, diag: Diagnostic) -> None:
        super().__init__(diag.message)
        self.diag = diag


@dataclass
class _Clause:
    subject: ir.PlayerRef | None
    may: bool
    build: Callable[[ir.PlayerRef, bool], ir.Effect]
    span: Span


_COV_PLAYERS = frozenset(
    {"p_all", "p_others_adj", "p_choose_up_to", "p_in_its_range", "p_fewest_hand", "p_killer",
     "p_nearest", "p_target", "p_they", "p_most_marks", "p_within", "p_questioners"}
)
_COV_ADJS = frozenset({"adj_more_hp", "adj_same_kingdom", "adj_distance_eq", "adj_both_shown"})
_CARD_TYPES = {
    "kind_equip": "装备牌", "kind_weapon": "武器牌", "kind_armor": "防具牌", "kind_basic": "基本牌", "kind_trick": "锦囊牌",
}
_QUANTITIES = {
    "q_max_hp": ir.Quantity.MAX_HP,
    "q_lost_hp": ir.Quantity.LOST_HP,
    "q_alive_count": ir.Quantity.ALIVE_COUNT,
    "q_hp": ir.Quantity.HP,
    "q_it_lost_hp": ir.Quantity.IT_LOST_HP,
}
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


class _Lowerer:
    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self.diags: list[Diagnostic] = []
        self._x: ir.Quantity | None = None
        self._x_cap: int | None = None
        self._x_sentence: ir.Quantity | None = None
        self._extra: list[ir.Ability] = []
        #: while lowering a card declaration: card name → its GLOSSARY identifier
        self._card_pinyin: dict[str, str] = {}

    # ------------------------------------------------------------ helpers
    def span(self, node: _Node, fallback: Span | None = None) -> Span:
        if isinstance(node, Token):
            return Span(
                self.file,
                node.line or 1,
                node.column or 1,
                node.end_line or node.line or 1,
                node.end_column or (node.column or 1) + len(node.value),
            )
        meta = node.meta
        if getattr(meta, "empty", True):
            if fallback is not None:
                return fallback
            return Span(self.file, 1, 1, 1, 1)
        return Span(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def slice(self, node: Tree[Token]) -> str:
        meta = node.meta
        if getattr(meta, "empty", True):
            return ""
        return self.text[meta.start_pos : meta.end_pos]

    def error(self, code: str, message: str, span: Span, help: str | None = None) -> LoweringError:
        return LoweringError(Diagnostic(code, Severity.ERROR, message, span, help=help))

    def warn(self, code: str, message: str, span: Span, help: str | None = None, notes: tuple[str, ...] = ()) -> None:
        self.diags.append(Diagnostic(code, Severity.WARNING, message, span, notes=notes, help=help))

    @staticmethod
    def tokens(tree: Tree[Token], *types: str) -> list[Token]:
        return [c for c in tree.children if isinstance(c, Token) and (not types or c.type in types)]

    @staticmethod
    def tok(tree: Tree[Token], type_: str) -> Token | None:
        for c in tree.children:
            if isinstance(c, Token) and c.type == type_:
                return c
        return None

    @staticmethod
    def trees(tree: Tree[Token], *names: str) -> list[Tree[Token]]:
        return [c for c in tree.children if isinstance(c, Tree) and (not names or c.data in names)]

    def tree(self, tree: Tree[Token], *names: str) -> Tree[Token] | None:
        ts = self.trees(tree, *names)
        return ts[0] if ts else None

    def num(self, tok: Token) -> int:
        v = str(tok.value)
        if v.isdigit():
            return int(v)
        return NUMERALS[v]

    # ------------------------------------------------------------ vocabulary nodes
    def card(self, node: Tree[Token]) -> ir.CardWord:
        t = node.children[0]
        assert isinstance(t, Token)
        raw = str(t.value)
        if t.type == "BRACKETED":
            return ir.CardWord(raw[1:-1], self.span(t), bracketed=True)
        return ir.CardWord(raw, self.span(t))

    def mode(self, node: Tree[Token]) -> ir.Mode:
        return {
            "mode_use": ir.Mode.USE,
            "mode_respond": ir.Mode.RESPOND,
            "mode_use_or_respond": ir.Mode.BOTH,
            "mode_use_or_recast": ir.Mode.USE_OR_RECAST,
        }[str(node.data)]

    def player(self, node: Tree[Token]) -> ir.PlayerRef:
        sp = self.span(node)
        kind = str(node.data)
        if kind == "p_you":
            return ir.PlayerRef(ir.Who.YOU, sp)
        if kind == "p_it":
            return ir.PlayerRef(ir.Who.IT, sp)
        if kind == "p_source":
            return ir.PlayerRef(ir.Who.SOURCE, sp)
        if kind in _COV_PLAYERS or any(str(a.data) in _COV_ADJS for a in self.trees(node)):
            return self.cov_player(node, kind, sp)
        if kind in ("p_choose_one", "p_choose_range", "p_choose_in_range"):
            adjs = {str(a.data) for a in self.trees(node)}
            count: tuple[int, int] | None = None
            rng = self.tok(node, "RANGE_PERSON")
            n_persons = self.tok(node, "N_PERSONS")
            if n_persons is not None:
                n_people = NUMERALS[str(n_persons.value)[0]]
                count = (n_people, n_people)
            if rng is not None:
                lo, hi = NUMERALS[str(rng.value)[0]], NUMERALS[str(rng.value)[2]]
                if not 1 <= lo <= hi:
                    raise self.error("E0215", f"“{rng.value}”的人数范围不对", self.span(rng))
                count = (lo, hi)
            return ir.PlayerRef(
                ir.Who.ONE,
                sp,
                other="adj_other" in adjs,
                wounded="adj_wounded" in adjs,
                gender="男" if "adj_male" in adjs else None,
                count=count,
                in_range=kind == "p_choose_in_range",
                opposite_sex="adj_opposite_sex" in adjs,
            )
        if kind == "p_others":
            k = self.tok(node, "KINGDOM")
            return ir.PlayerRef(ir.Who.ALL_OTHERS, sp, other=True, kingdom=str(k.value) if k else None)
        raise AssertionError(kind)

    def _player_child(self, node: Tree[Token], index: int = 0) -> ir.PlayerRef:
        ps = [c for c in self.trees(node) if str(c.data).startswith("p_")]
        return self.player(ps[index])

    def count(self, node: Tree[Token]) -> ir.Count:
        kind = str(node.data)
        if self._x is None and self._x_sentence is not None:
            # X defined later in the sentence (英魂: …弃X张牌（X为你已损失的体力值）)
            self._x = self._x_sentence
        if kind in ("count_all", "count_half", "count_hand_diff"):
            return ir.Count({"count_all": ir.CountKind.ALL, "count_half": ir.CountKind.HALF}.get(kind, ir.CountKind.HAND_DIFF))
        if kind == "count_exact":
            n = self.tok(node, "NUM")
            assert n is not None
            return ir.Count(ir.CountKind.EXACT, self.num(n))
        if kind == "count_any":
            return ir.Count(ir.CountKind.ANY)
        if kind == "count_same":
            return ir.Count(ir.CountKind.SAME)
        if kind == "count_up_to":
            n = self.tok(node, "NUM")
            if n is not None:
                return ir.Count(ir.CountKind.UP_TO, self.num(n))
            if self._x is None:
                raise self.error(
                    "E0213", "“X”没有定义", self.span(node), help="在句中加上“（X为你的体力上限）”这样的说明"
                )
            return ir.Count(ir.CountKind.UP_TO, x=self._x, cap=self._x_cap)
        if kind == "count_x":
            if self._x is None:
                raise self.error(
                    "E0213", "“X”没有定义", self.span(node), help="在句中加上“（X为存活角色的数量）”这样的说明"
                )
            return ir.Count(ir.CountKind.EXACT, x=self._x, cap=self._x_cap)
        return ir.Count(ir.CountKind.IMPLICIT, 1)

    def card_spec(self, node: Tree[Token]) -> ir.CardSpec:
        sp = self.span(node)
        count = ir.Count(ir.CountKind.IMPLICIT, 1)
        color = suit = None
        zone: ir.Zone | None = None
        name: ir.CardWord | None = None
        card_type: str | None = None
        names: tuple[ir.CardWord, ...] = ()
        same_suit = False
        for c in node.children:
            if isinstance(c, Tree) and str(c.data).startswith("count_"):
                count = self.count(c)
            elif isinstance(c, Tree) and c.data == "card_filter":
                t = c.children[0]
                assert isinstance(t, Token)
                if t.type == "COLOR":
                    color = str(t.value)
                else:
                    suit = str(t.value)
            elif isinstance(c, Tree) and c.data == "kind_any":
                zone = ir.Zone.HAND_EQUIP
            elif isinstance(c, Tree) and c.data == "kind_hand":
                zone = ir.Zone.HAND
            elif isinstance(c, Tree) and c.data == "kind_named":
                sub = c.children[0]
                assert isinstance(sub, Tree)
                name = self.card(sub)
            elif isinstance(c, Tree) and c.data == "filter_same_suit":
                same_suit = True
            elif isinstance(c, Tree) and c.data in _CARD_TYPES:
                card_type = _CARD_TYPES[str(c.data)]
                zone = ir.Zone.HAND_EQUIP
            elif isinstance(c, Tree) and c.data == "kind_named_any":
                names = tuple(self.card(x) for x in self.trees(c, "card"))
        return ir.CardSpec(
            count, sp, zone=zone, color=color, suit=suit, name=name, card_type=card_type, names=names, same_suit=same_suit
        )

    def card_ref(self, node: Tree[Token]) -> ir.CardRef:
        sp = self.span(node)
        kind = str(node.data)
        if kind == "ref_damage_card":
            return ir.DamageCard(sp)
        if kind == "ref_this_card":
            return ir.JudgeCardRef(sp)
        if kind == "ref_all_judge_cards":
            c = self.tok(node, "COLOR")
            assert c is not None
            return ir.AllJudgeCards(str(c.value), sp)
        if kind == "ref_owned":
            owner = self._player_child(node)
            spec_t = self.tree(node, "card_spec")
            assert spec_t is not None
            return ir.OwnedCard(owner, self.card_spec(spec_t), sp)
        return self.cov_card_ref(node, kind, sp)

    # ------------------------------------------------------------ clauses and chains
    def action(self, node: Tree[Token]) -> Callable[[ir.PlayerRef, bool], ir.Effect]:
        kind = str(node.data)
        sp = self.span(node)
        if kind == "obtain":
            ref_t = self.trees(node)[0]
            what = self.card_ref(ref_t)
            return lambda a, o: ir.Obtain(a, what, sp, o)
        if kind in ("discard", "draw"):
            spec_t = self.tree(node, "card_spec")
            assert spec_t is not None
            spec = self.card_spec(spec_t)
            if kind == "discard":
                return lambda a, o: ir.Discard(a, spec, sp, o)
            return lambda a, o: ir.Draw(a, spec, sp, o)
        if kind == "give":
            spec_t = self.tree(node, "card_spec")
            assert spec_t is not None
            spec = self.card_spec(spec_t)
            to = self._player_child(node)
            return lambda a, o: ir.Give(a, spec, to, sp, o)
        if kind in ("recover", "extra_recover", "lose_hp"):
            n_tok = self.tok(node, "NUM")
            assert n_tok is not None
            n = self.num(n_tok)
            if kind == "recover":
                return lambda a, o: ir.Recover(a, n, sp, o)
            if kind == "extra_recover":
                return lambda a, o: ir.ExtraRecover(a, n, sp, o)
            return lambda a, o: ir.LoseHp(a, n, sp, o)
        if kind == "take_damage":
            n_tok = self.tok(node, "NUM")
            assert n_tok is not None
            n = self.num(n_tok)
            src = self._player_child(node)
            return lambda a, o: ir.Damage(a, src, a, n, sp, o)
        if kind == "deal_damage":
            n_tok = self.tok(node, "NUM")
            assert n_tok is not None
            n = self.num(n_tok)
            tgt = self._player_child(node)
            nat = self.tok(node, "NATURE")
            nature = str(nat.value) if nat is not None else None
            return lambda a, o: ir.Damage(a, a, tgt, n, sp, o, nature=nature)
        if kind == "judge":
            n_tok = self.tok(node, "NUM")
            if n_tok is not None and self.num(n_tok) != 1:
                raise self.error("E0501", "只支持“进行一次判定”", sp)
            return lambda a, o: ir.Judge(a, sp, o)
        if kind == "judge_again":
            pat = self.tok(node, "COLOR") or self.tok(node, "SUIT")
            assert pat is not None
            until = str(pat.value)
            return lambda a, o: ir.JudgeAgain(a, until, sp, o)
        if kind == "choose_one":
            n_tok = self.tok(node, "NUM")
            if n_tok is not None and self.num(n_tok) != 1:
                raise self.error("E0501", "只支持“选择一项”", sp)
            opts = self.trees(node, "option")

            def build_choice(a: ir.PlayerRef, o: bool) -> ir.Effect:
                options = tuple(
                    ir.Option(self.slice(t), self.resolve_clauses(self.clauses_of(t), a), self.span(t)) for t in opts
                )
                return ir.ChooseOne(a, options, sp, o)

            return build_choice
        if kind == "retrial":
            spec_t = self.tree(node, "card_spec")
            assert spec_t is not None
            spec = self.card_spec(spec_t)
            return lambda a, o: ir.Retrial(a, spec, ir.Mode.RESPOND, sp, o)
        if kind == "cause" and not [c for c in self.trees(node) if str(c.data).startswith("p_")]:
            # 令此【杀】不可被【闪】响应: the effect is the owner's
            un_t = self.tree(node, "unanswerable")
            assert un_t is not None
            return self.action(un_t)
        if kind == "cause":
            target = self._player_child(node)
            inner_may = self.tree(node, "may") is not None
            inner_t = [c for c in self.trees(node) if not str(c.data).startswith("p_") and c.data != "may"][0]
            inner = self.action(inner_t)
            return lambda a, o: inner(target, o or inner_may)
        if kind == "unanswerable":
            cards = [self.card(t) for t in self.trees(node, "card")]
            return lambda a, o: ir.ForbidJink(a, cards[0], cards[1], sp, o)
        if kind == "need_responses":
            n_tok = self.tok(node, "NUM")
            assert n_tok is not None
            n = self.num(n_tok)
            mode_t = [t for t in self.trees(node) if str(t.data).startswith("mode_")][0]
            mode = self.mode(mode_t)
            card_t = self.tree(node, "card")
            assert card_t is not None
            cw = self.card(card_t)
            return lambda a, o: ir.RequireResponses(a, n, cw, mode, sp, o)
        if kind in ("extra_draw", "less_draw"):
            spec_t = self.tree(node, "card_spec")
            assert spec_t is not None
            spec = self.card_spec(spec_t)
            if spec.count.n is None or spec.count.kind not in (ir.CountKind.EXACT, ir.CountKind.IMPLICIT):
                raise self.error("E0501", "只支持“额外摸n张牌”或“少摸n张牌”", spec.span)
            delta = spec.count.n if kind == "extra_draw" else -spec.count.n
            return lambda a, o: ir.DrawCountChange(a, delta, sp, o)
        if kind == "damage_bonus":
            bonus_cards = tuple(self.card(t) for t in self.trees(node, "card"))
            d = self.tok(node, "DELTA")
            assert d is not None
            bonus = int(str(d.value))
            if bonus <= 0:
                raise self.error("E0501", "只支持“造成的伤害+n”", self.span(d))
            return lambda a, o: ir.DamageBonus(a, bonus_cards, bonus, sp, o)
        if kind == "choose_player":
            who = self._player_child(node)
            if who.who is not ir.Who.ONE:
                raise self.error("E0501", "“选择”后应是“一名……角色”", who.span)
            return lambda a, o: ir.ChoosePlayer(a, who, sp, o)
        if kind == "look_top":
            spec_t = self.tree(node, "card_spec")
            assert spec_t is not None
            spec = self.card_spec(spec_t)
            if spec.count.kind is not ir.CountKind.EXACT or (spec.count.n is None and spec.count.x is None):
                raise self.error("E0501", "只支持“观看牌堆顶的n张牌”或“观看牌堆顶的X张牌”", spec.span)
            look_count = spec.count
            return lambda a, o: ir.LookAtTop(a, look_count, sp, o)
        if kind == "transfer":
            card_t = self.tree(node, "card")
            assert card_t is not None
            moved = self.card(card_t)
            to = self._player_child(node)
            if to.who is not ir.Who.ONE or to.count is not None:
                raise self.error("E0501", "“转移给”后应是“一名……角色”", to.span)
            excl = self.tree(node, "exclude_user")
            if excl is not None:
                ex_t = self.tree(excl, "card")
                assert ex_t is not None
                ex_card = self.card(ex_t)
                if ex_card.name != moved.name:
                    raise self.error("E0216", f"前面转移的是【{moved.name}】，这里却说【{ex_card.name}】的使用者", ex_card.span)
            exclude = excl is not None
            return lambda a, o: ir.Transfer(a, moved, to, exclude, sp, o)
        if kind == "choose_suit":
            n_tok = self.tok(node, "NUM")
            assert n_tok is not None
            if self.num(n_tok) != 1:
                raise self.error("E0501", "只支持“选择一种花色”", self.span(n_tok))
            return lambda a, o: ir.ChooseSuit(a, sp, o)
        if kind == "show":
            return lambda a, o: ir.Show(a, sp, o)
        if kind in ("put_looked_some", "put_looked_rest"):
            end_t = self.tree(node, "pile_end")
            assert end_t is not None
            bottom = self.tok(end_t, "DRAW_PILE_BOTTOM") is not None
            rest = kind == "put_looked_rest"
            return lambda a, o: ir.PutLooked(a, bottom, rest, sp, o)
        if kind in ("give_looked_one", "give_looked_other"):
            to = self._player_child(node)
            n_tok = self.tok(node, "NUM")
            cnt = self.num(n_tok) if n_tok is not None else None
            return lambda a, o: ir.GiveLooked(a, cnt, to, sp, o)
        if kind == "view_use":
            card_t = self.tree(node, "card")
            n_tok = self.tok(node, "NUM")
            assert card_t is not None and n_tok is not None
            if self.num(n_tok) != 1:
                raise self.error("E0501", "只支持“视为……使用一张……”", self.span(n_tok))
            used = self.card(card_t)
            return lambda a, o: ir.ViewAsUse(a, used, sp, o)
        if kind == "ignore_armor":
            whose = self._player_child(node)
            return lambda a, o: ir.IgnoreArmor(a, whose, sp, o)
        if kind == "skip":
            phases = [str(t.value) for t in self.tokens(node, "PHASE")]
            assert phases
            return lambda a, o: ir.SkipPhase(a, phases[0], sp, o, more=tuple(phases[1:]))
        cov = self.cov_action(node, kind, sp)
        if cov is not None:
            return cov
        raise self.error("E0501", f"编译器尚不支持“{self.slice(node)}”", sp)

    def clause(self, node: Tree[Token]) -> _Clause:
        sp = self.span(node)
        subject = None
        may = False
        action_t: Tree[Token] | None = None
        xdef_t: Tree[Token] | None = None
        for c in self.trees(node):
            if c.data == "subject":
                sub = c.children[0]
                assert isinstance(sub, Tree)
                subject = self.player(sub)
            elif c.data == "may":
                may = True
            elif c.data == "xdef":
                xdef_t = c
            else:
                action_t = c
        assert action_t is not None
        if xdef_t is not None:
            q = [t for t in self.trees(xdef_t) if t.data != "x_cap"][0]
            self._x = {
                "q_max_hp": ir.Quantity.MAX_HP,
                "q_lost_hp": ir.Quantity.LOST_HP,
                "q_alive_count": ir.Quantity.ALIVE_COUNT,
                "q_hp": ir.Quantity.HP,
                "q_it_lost_hp": ir.Quantity.IT_LOST_HP,
            }[str(q.data)]
            cap_t = self.tree(xdef_t, "x_cap")
            if cap_t is not None:
                n_tok = self.tok(cap_t, "NUM")
                assert n_tok is not None
                self._x_cap = self.num(n_tok)
                if self._x_cap < 1:
                    raise self.error("E0216", "“最多为n”中的n应至少为1", self.span(n_tok))
        try:
            build = self.action(action_t)
        finally:
            self._x = None
            self._x_cap = None
        return _Clause(subject, may, build, sp)

    def clauses_of(self, node: Tree[Token]) -> list[_Clause]:
        out: list[_Clause] = []
        for t in self.trees(node, "clause", "clause_pair", "clause_seq", "clause_or", "clause_distance"):
            if t.data == "clause":
                out.append(self.clause(t))
                continue
            if t.data != "clause_pair":
                out.extend(self.cov_clause(t))
                continue
            # 你与其各<动作>: the action once for 你, then once for 其
            sp = self.span(t)
            action_t = [c for c in self.trees(t)][0]
            build = self.action(action_t)
            you_t = self.tok(t, "YOU")
            it_t = self.tok(t, "IT")
            assert you_t is not None and it_t is not None
            out.append(_Clause(ir.PlayerRef(ir.Who.YOU, self.span(you_t)), False, build, sp))
            out.append(_Clause(ir.PlayerRef(ir.Who.IT, self.span(it_t)), False, build, sp))
        return out

    def resolve_clauses(self, clauses: Sequence[_Clause], actor: ir.PlayerRef) -> tuple[ir.Effect, ...]:
        out: list[ir.Effect] = []
        current = actor
        for cl in clauses:
            if cl.subject is not None:
                current = cl.subject
            out.append(cl.build(current, cl.may))
        return tuple(out)

    def chain(self, node: Tree[Token], actor: ir.PlayerRef) -> tuple[ir.Effect, ...]:
        clauses = self.clauses_of(node)
        effects = list(self.resolve_clauses(clauses, actor))
        current = actor
        for cl in clauses:
            if cl.subject is not None:
                current = cl.subject
        tails = [
            t for t in self.trees(node) if t.data in ("judge_branch", "threshold_first", "threshold_ambiguous", "suit_branch")
        ]
        for tail in self.trees(node, "cond_tail", "delayed_tail", "during_turn_tail"):
            effects.extend(self.cov_tail(tail, current))
        for tail in tails:
            sub = self.tree(tail, "chain")
            assert sub is not None
            sp = self.span(tail)
            if tail.data == "suit_branch":
                if not any(isinstance(e, ir.ChooseSuit) for e in effects):
                    raise self.error(
                        "E0217", "“若此牌的花色与其所选的……”前没有“选择一种花色”", sp, help="先写“令一名其他角色选择一种花色”"
                    )
                rel = self.tree(tail, "suit_relation")
                assert rel is not None
                differs = self.tok(rel, "DIFFERENT") is not None
                effects.append(ir.SuitBranch(differs, self.chain(sub, current), sp))
            elif tail.data == "judge_branch":
                last = effects[-1] if effects else None
                if not isinstance(last, ir.Judge):
                    raise self.error(
                        "E0208", "“若结果……”前没有判定", sp, help="先写“你可以进行一次判定”，再写“，若结果为……”"
                    )
                test_t = self.trees(tail)[0]
                pat = self.tok(tail, "COLOR") or self.tok(tail, "SUIT")
                pc = self.tree(tail, "pattern_cards")
                if pc is not None:
                    names = tuple(self.card(c) for c in self.trees(pc, "card"))
                    test = ir.JudgeTest(
                        test_t.data == "test_is_not", "或".join(n.name for n in names), self.span(pc), cards=names
                    )
                else:
                    assert pat is not None
                    test = ir.JudgeTest(test_t.data == "test_is_not", str(pat.value), self.span(pat))
                then = self.chain(sub, current)
                effects[-1] = ir.JudgeBranch(last, test, then, replace(last.span, end_line=sp.end_line, end_col=sp.end_col))
            else:
                n_tok = self.tok(tail, "NUM")
                assert n_tok is not None
                ambiguous = tail.data == "threshold_ambiguous"
                if ambiguous:
                    n = self.num(n_tok)
                    self.warn(
                        "W0209",
                        "“达到…张或更多时”没有说明只回复一次还是每次都回复；按“首次达到”处理",
                        sp,
                        help=f"写作“，当你于此阶段给出的牌首次达到{self._cn(n)}张时，……”",
                    )
                effects.append(
                    ir.Threshold(self.num(n_tok), not ambiguous, ambiguous, self.chain(sub, current), sp)
                )
        return self.cov_merge(effects)

    @staticmethod
    def _cn(n: int) -> str:
        for k, v in NUMERALS.items():
            if v == n and k != "二":
                return k
        return str(n)

    # ------------------------------------------------------------ sentences
    def timing(self, node: Tree[Token]) -> ir.TimingSpec:
        sp = self.span(node)
        kind = str(node.data)
        you = ir.Who.YOU
        if kind == "damage_timing":
            amount = self.tree(node, "per_event", "per_point")
            per_point: bool | None = None
            if amount is not None:
                n_tok = self.tok(amount, "NUM")
                assert n_tok is not None
                if self.num(n_tok) != 1:
                    raise self.error(
                        "E0501", "只支持“受到一次伤害”或“受到1点伤害”", self.span(amount)
                    )
                per_point = amount.data == "per_point"
            when = "后" if self.tok(node, "AFTER") else "时"
            return ir.TimingSpec("受到伤害" + when, you, sp, per_point=per_point)
        if kind == "target_timing":
            card_t = self.tree(node, "card")
            assert card_t is not None
            in_phase = self.tok(node, "PHASE")
            return ir.TimingSpec(
                "指定目标后", you, sp, card=self.card(card_t), whom=self._player_child(node),
                phase=str(in_phase.value) if in_phase is not None else None,
            )
        if kind == "judge_timing":
            p = self._player_child(node)
            subject = {ir.Who.YOU: ir.Who.YOU, ir.Who.ONE: ir.Who.ONE}.get(p.who, ir.Who.ALL_OTHERS)
            if p.who is ir.Who.ONE and p.other:
                subject = ir.Who.ALL_OTHERS
            when = "后" if self.tok(node, "AFTER") else "前"
            return ir.TimingSpec("判定牌生效" + when, subject, sp)
        if kind == "drawing_timing":
            ph = self.tok(node, "PHASE")
            assert ph is not None
            if str(ph.value) != "摸牌阶段":
                raise self.error("E0502", f"“{ph.value}”没有“摸牌时”这个时机", self.span(ph), help="写作“摸牌阶段摸牌时”")
            return ir.TimingSpec("摸牌阶段摸牌时", you, sp)
        if kind == "use_timing":
            n_tok = self.tok(node, "NUM")
            assert n_tok is not None
            if self.num(n_tok) != 1:
                raise self.error("E0501", "只支持“使用一张……时”", self.span(n_tok))
            desc = self.tree(node, "trick_desc")
            assert desc is not None
            cls = ir.CardClass(
                "锦囊牌",
                self.span(desc),
                non_delayed=self.tok(desc, "NON_DELAYED") is not None,
                non_converted=self.tok(desc, "NON_CONVERTED") is not None,
            )
            return ir.TimingSpec("使用时", you, sp, card_class=cls)
        if kind == "confirm_timing":
            cards = tuple(self.card(c) for c in self.trees(node, "card"))
            return ir.TimingSpec("成为目标时", you, sp, card=cards[0], cards=cards if len(cards) > 1 else ())
        if kind == "lose_last_hand_timing":
            return ir.TimingSpec("失去牌时", you, sp, lost_from="手牌", last_hand=True)
        if kind == "lose_equip_timing":
            amount = self.tree(node, "per_event", "per_point", "per_card")
            assert amount is not None
            n_tok = self.tok(amount, "NUM")
            assert n_tok is not None
            if amount.data == "per_point" or self.num(n_tok) != 1:
                raise self.error(
                    "E0501", "只支持“失去一张装备区里的牌”（每张）或“失去一次装备区里的牌”（每次）", self.span(amount)
                )
            return ir.TimingSpec(
                "失去牌时", you, sp, lost_from="装备区", per_card=amount.data == "per_card"
            )
        if kind == "phase_timing":
            ph = self.tok(node, "PHASE")
            assert ph is not None
            end = self.tok(node, "PHASE_END_WHEN") is not None
            return ir.TimingSpec(str(ph.value) + ("结束时" if end else "开始时"), you, sp)
        if kind == "recover_timing":
            by = self._player_child(node, 0)
            card_t = self.tree(node, "card")
            assert card_t is not None
            return ir.TimingSpec("回复体力时", you, sp, card=self.card(card_t), by=by, owner_dying=True)
        return self.cov_timing(node, kind, sp)

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
        if kind == "active_sentence":
            ph = self.tok(node, "PHASE")
            assert ph is not None
            chain_t = self.tree(node, "chain")
            assert chain_t is not None
            effects = self.chain(chain_t, you)
            optional = bool(effects) and _optional(effects[0])
            xdef = _find_x(effects)
            return ir.ActiveAbility(str(ph.value), optional, effects, text, sp, xdef=xdef)
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

    def skill(self, node: Tree[Token]) -> ir.Skill | None:
        name_tok = self.tok(node, "SKILL_NAME")
        assert name_tok is not None
        sp = self.span(node)
        name = str(name_tok.value)
        name_span = self.span(name_tok)
        if self.tok(node, "PINYIN") is None and name in self._card_pinyin:
            # a card's effect line named after the card: the card's GLOSSARY identifier
            pinyin: str | None = self._card_pinyin[name]
        else:
            pinyin = self.pinyin_of(name, self.tok(node, "PINYIN"), name_span)
        tags_t = self.tree(node, "tags")
        tags: list[ir.Tag] = []
        if tags_t is not None:
            tags = [ir.Tag(str(t.value)) for t in self.tokens(tags_t, "TAG")]
        abilities: list[ir.Ability] = []
        colon = self.tok(node, "COLON")
        assert colon is not None
        body_start = (colon.end_pos or 0)
        text = self.text[body_start : node.meta.end_pos].rstrip("\n")
        try:
            for st in self.trees(node):
                if st.data == "tags":
                    continue
                res = self.sentence(st, sp)
                if isinstance(res, ir.Limit):
                    if not abilities:
                        raise self.error("E0203", "次数限制前没有技能效果", res.span)
                    abilities[-1] = replace(abilities[-1], limit=res)
                elif isinstance(res, tuple):
                    prev = abilities[-1] if abilities else None
                    if not isinstance(
                        prev, (ir.TriggeredAbility, ir.ActiveAbility, ir.ReplacementAbility, ir.GrantedAbility, ir.DeclaredUse)
                    ):
                        raise self.error("E0210", "“然后……”句前没有可接续的技能效果", self.span(st))
                    abilities[-1] = replace(prev, effects=prev.effects + res, text=prev.text + self.slice(st))
                elif isinstance(res, _Attach):
                    prev = abilities[-1] if abilities else None
                    try:
                        if prev is None:
                            if res.rule is None:
                                raise self.error("E0210", "这句话接续上一句的效果，但前面没有可接续的句子", self.span(st))
                            raise _Standalone(ir.StaticAbility(res.rule, res.text, res.span))
                        abilities[-1] = res.apply(prev, self.slice(st))
                    except _Standalone as alone:
                        abilities.append(alone.ability)
                else:
                    abilities.append(res)
                abilities.extend(self._extra)
                self._extra.clear()
        except LoweringError as e:
            self.diags.append(e.diag)
            return None
        order = list(ir.Tag)
        return ir.Skill(name, pinyin or "", tuple(sorted(set(tags), key=order.index)), tuple(abilities), text, sp, name_span)

    def pinyin_of(self, name: str, tok: Token | None, sp: Span) -> str | None:
        if tok is not None:
            v = str(tok.value)[1:-1]
            if not is_identifier(v):
                self.diags.append(Diagnostic("E0401", Severity.ERROR, f"“{v}”不是合法的拼音标识符", self.span(tok)))
                return None
            return v
        p = to_pinyin(name)
        if p is None:
            self.diags.append(
                Diagnostic(
                    "E0401",
                    Severity.ERROR,
                    f"无法推断“{name}”的拼音标识符",
                    sp,
                    help=f"在名字后用括号写出拼音，如“{name}（pinyin）”",
                )
            )
        return p

    def general(self, node: Tree[Token]) -> ir.General | None:
        name_tok = self.tok(node, "NAME")
        kingdom = self.tok(node, "KINGDOM")
        hp = self.tok(node, "HP")
        gender = self.tok(node, "GENDER")
        assert name_tok is not None and kingdom is not None and hp is not None and gender is not None
        name = str(name_tok.value)
        line_span = Span(self.file, node.meta.line, node.meta.column, node.meta.line, gender.end_column or 1)
        pinyin = self.pinyin_of(name, self.tok(node, "PINYIN"), self.span(name_tok))
        hp_text = str(hp.value)[: -len("体力")]
        ok = True
        if not hp_text.isdigit() or int(hp_text) <= 0:
            self.diags.append(Diagnostic("E0303", Severity.ERROR, f"体力值“{hp_text}”不是正整数", self.span(hp)))
            ok = False
        skills = [self.skill(t) for t in self.trees(node, "skill")]
        if pinyin is None or not ok or any(s is None for s in skills):
            return None
        return ir.General(
            name, pinyin, str(kingdom.value), int(hp_text), str(gender.value),
            tuple(s for s in skills if s is not None), line_span,
        )

    def package(self, node: Tree[Token]) -> ir.Package | None:
        decl = self.tree(node, "package_decl")
        assert decl is not None
        name_tok = self.tok(decl, "NAME")
        assert name_tok is not None
        name = str(name_tok.value)
        pinyin = self.pinyin_of(name, self.tok(decl, "PINYIN"), self.span(name_tok))
        generals = [self.general(t) for t in self.trees(node, "general_decl")]
        cards = [self.card_decl(t) for t in self.trees(node, "card_decl")]
        if pinyin is None or any(g is None for g in generals) or any(c is None for c in cards):
            return None
        sp = Span(self.file, decl.meta.line, decl.meta.column, decl.meta.line, name_tok.end_column or 1)
        return ir.Package(
            name, pinyin, self.file, tuple(g for g in generals if g is not None), sp,
            cards=tuple(c for c in cards if c is not None),
        )

    def card_decl(self, node: Tree[Token]) -> ir.CardDecl | None:
        """装备 诸葛连弩 武器 攻击范围1 and its effect lines."""
        from sgs.runtime.cards import CardName

        names: list[ir.CardWord] = []
        for t in self.tokens(node, "NAME", "BRACKETED"):
            raw = str(t.value)
            if t.type == "BRACKETED":
                names.append(ir.CardWord(raw[1:-1], self.span(t), bracketed=True))
            else:
                names.append(ir.CardWord(raw, self.span(t)))
        sub_t = self.tree(node, "equip_subtype")
        assert sub_t is not None
        sub_tok = sub_t.children[0]
        assert isinstance(sub_tok, Token)
        rng_t = self.tree(node, "weapon_range")
        rng: int | None = None
        if rng_t is not None:
            n_tok = self.tok(rng_t, "NUM")
            assert n_tok is not None
            rng = self.num(n_tok)
        keys: dict[str, str] = {}
        for cw in names:
            try:
                keys[cw.name] = CardName(cw.name).key
            except ValueError:
                pass  # the emitter reports the unknown card (E0302)
        self._card_pinyin = keys
        try:
            skills = [self.skill(t) for t in self.trees(node, "skill")]
        finally:
            self._card_pinyin = {}
        if any(s is None for s in skills):
            return None
        last = sub_tok if rng_t is None else rng_t
        end = self.span(last)
        sp = Span(self.file, node.meta.line, node.meta.column, end.end_line, end.end_col)
        return ir.CardDecl(tuple(names), str(sub_tok.value), rng, tuple(s for s in skills if s is not None), sp)

    # ============================================================ coverage (seed 004 国战, 风)
    # The families of tests/coverage/: lowering of the rules added to the grammar with
    # %extend.  Verbs the runtime cannot run yet still get their IR node (the checker
    # says what is missing, W0701; the emitter refuses, E0503).

    def _xdef_in(self, node: Tree[Token]) -> ir.Quantity | None:
        """The X of the first （X为…） anywhere in a sentence (X may be used before it)."""
        todo = [node]
        while todo:
            x = todo.pop(0)
            if x.data == "xdef":
                q = [t for t in self.trees(x) if t.data != "x_cap"][0]
                return _QUANTITIES[str(q.data)]
            todo.extend(self.trees(x))
        return None

    def note(self, code: str, message: str, span: Span, help: str | None = None) -> None:
        self.diags.append(Diagnostic(code, Severity.NOTE, message, span, help=help))

    def _filters(self, node: Tree[Token]) -> tuple[bool, bool, str | None, tuple[ir.PlayerFilter, ...]]:
        """(other, wounded, gender, filters) of the player_adj children of ``node``."""
        other = wounded = False
        gender: str | None = None
        filters: list[ir.PlayerFilter] = []
        for a in self.trees(node):
            kind = str(a.data)
            sp = self.span(a)
            if kind == "adj_other":
                other = True
            elif kind == "adj_wounded":
                wounded = True
            elif kind == "adj_male":
                gender = "男"
            elif kind == "adj_more_hp":
                filters.append(ir.PlayerFilter(ir.FilterKind.MORE_HP, sp, of=ir.Who.YOU))
            elif kind == "adj_same_kingdom":
                of = self._player_child(a)
                filters.append(ir.PlayerFilter(ir.FilterKind.SAME_KINGDOM, sp, of=of.who))
            elif kind == "adj_distance_eq":
                n = self.tok(a, "NUM")
                assert n is not None
                filters.append(ir.PlayerFilter(ir.FilterKind.DISTANCE_EQ, sp, value=self.num(n)))
            elif kind == "adj_both_shown":
                filters.append(ir.PlayerFilter(ir.FilterKind.BOTH_SHOWN, sp))
        return other, wounded, gender, tuple(filters)

    def cov_player(self, node: Tree[Token], kind: str, sp: Span) -> ir.PlayerRef:
        other, wounded, gender, filters = self._filters(node)
        extra: list[ir.PlayerFilter] = []
        who = ir.Who.ONE
        count: tuple[int, int] | None = None
        kingdom: str | None = None
        if kind == "p_all":
            who = ir.Who.ALL
        elif kind in ("p_others", "p_others_adj"):
            who, other = ir.Who.ALL_OTHERS, True
            k = self.tok(node, "KINGDOM")
            kingdom = str(k.value) if k is not None else None
        elif kind == "p_choose_up_to":
            n = self.tok(node, "N_PERSONS")
            assert n is not None
            other, count = True, (1, NUMERALS[str(n.value)[0]])
        elif kind == "p_in_its_range":
            other = True
            extra.append(ir.PlayerFilter(ir.FilterKind.IN_RANGE_OF_IT, sp, of=ir.Who.IT))
        elif kind == "p_fewest_hand":
            extra.append(ir.PlayerFilter(ir.FilterKind.FEWEST_HAND, sp))
        elif kind == "p_nearest":
            other = True
            extra.append(ir.PlayerFilter(ir.FilterKind.NEAREST, sp))
        elif kind == "p_most_marks":
            m = self.tok(node, "MARK_NAME")
            assert m is not None
            extra.append(ir.PlayerFilter(ir.FilterKind.MOST_MARKS, sp, value=str(m.value)[1:-1]))
        elif kind == "p_within":
            n = self.tok(node, "NUM")
            assert n is not None
            extra.append(ir.PlayerFilter(ir.FilterKind.DISTANCE_WITHIN, sp, value=self.num(n)))
        elif kind in ("p_killer", "p_target", "p_they", "p_questioners"):
            who = {
                "p_killer": ir.Who.KILLER, "p_target": ir.Who.TARGET, "p_they": ir.Who.THEY,
                "p_questioners": ir.Who.QUESTIONERS,
            }[kind]
        elif kind in ("p_choose_one", "p_choose_range", "p_choose_in_range"):
            base = self.player(Tree("p_choose_one" if kind != "p_choose_in_range" else kind, [c for c in node.children if not (isinstance(c, Tree) and str(c.data) in _COV_ADJS)], node.meta))
            return replace(base, span=sp, other=base.other or other, filters=filters)
        return ir.PlayerRef(
            who, sp, other=other, wounded=wounded, gender=gender, count=count, kingdom=kingdom,
            filters=filters + tuple(extra),
        )

    def cov_card_ref(self, node: Tree[Token], kind: str, sp: Span) -> ir.CardRef:
        if kind == "ref_dead_all":
            return ir.DeadPlayerCards(sp)
        if kind == "ref_it":
            return ir.EventCard(sp)
        if kind == "ref_rest":
            return ir.RevealedCards(sp, rest=True)
        if kind == "ref_discarded_rest":
            return ir.RevealedCards(sp, discarded_this_phase=True)
        if kind == "ref_each_suit":
            return ir.RevealedCards(sp, each_suit=True)
        raise AssertionError(kind)

    def cov_condition(self, node: Tree[Token]) -> ir.Condition:
        kind = str(node.data)
        sp = self.span(node)
        text = self.slice(node)
        ps = [c for c in self.trees(node) if str(c.data).startswith("p_")]
        who = self.player(ps[0]) if ps else None
        K = ir.CondKind
        simple = {
            "cond_no_hand": K.NO_HAND, "cond_wounded": K.WOUNDED, "cond_win": K.PINDIAN_WON,
            "cond_not_win": K.PINDIAN_LOST, "cond_done": K.DONE, "cond_same_kingdom": K.SAME_KINGDOM,
            "cond_has_hidden": K.HAS_HIDDEN, "cond_this_shown": K.THIS_SHOWN, "cond_number_new": K.NUMBER_NEW,
            "cond_number_repeat": K.NUMBER_REPEAT, "cond_fewest_kingdom": K.FEWEST_KINGDOM,
            "cond_questioned": K.QUESTIONED, "cond_true": K.TRUE, "cond_false": K.FALSE,
        }
        if kind in simple:
            return ir.Condition(simple[kind], text, sp, player=who)
        if kind == "cond_not_suit":
            s = self.tok(node, "SUIT")
            assert s is not None
            return ir.Condition(K.NOT_SUIT, text, sp, suit=str(s.value))
        if kind == "cond_no_equip":
            return ir.Condition(K.NO_EQUIP, text, sp, player=who)
        if kind == "cond_skipped":
            ph = self.tok(node, "PHASE")
            assert ph is not None
            return ir.Condition(K.SKIPPED, text, sp, phase=str(ph.value))
        if kind == "cond_discarded_count":
            if self._x_sentence is None:
                raise self.error("E0213", "“X”没有定义", sp, help="在句中加上“（X为你当前的体力值）”这样的说明")
            return ir.Condition(K.DISCARDED_AT_LEAST, text, sp, player=who, op=self._op(node), right=self._x_sentence)
        if kind == "cond_compare":
            ms = [self._measure(m) for m in self.trees(node, "m_hand_count", "m_hp", "m_attack_range")]
            n = self.tok(node, "NUM")
            right: ir.Measure | int = ms[1] if len(ms) > 1 else self.num(n) if n is not None else 0
            return ir.Condition(K.COMPARE, text, sp, left=ms[0], op=self._op(node), right=right)
        if kind == "cond_hand_count":
            assert who is not None
            n = self.tok(node, "NUM")
            assert n is not None
            return ir.Condition(
                K.COMPARE, text, sp, left=ir.Measure("手牌数", who, sp), op=self._op(node), right=self.num(n)
            )
        if kind == "cond_card_discarded":
            card_t = self.tree(node, "card")
            assert card_t is not None
            return ir.Condition(K.CARD_DISCARDED, text, sp, player=who, card=self.card(card_t))
        if kind == "cond_not_used":
            raise self.error(
                "E0501", "“若你于……未……过……”只能用于“跳过此回合的……阶段”", sp,
            )
        raise AssertionError(kind)

    def _op(self, node: Tree[Token]) -> str:
        c = self.tree(node, "compare")
        assert c is not None
        t = c.children[0]
        assert isinstance(t, Token)
        return str(t.value)

    def _measure(self, node: Tree[Token]) -> ir.Measure:
        what = {"m_hand_count": "手牌数", "m_hp": "体力值", "m_attack_range": "攻击范围"}[str(node.data)]
        return ir.Measure(what, self._player_child(node), self.span(node))

    def cov_timing(self, node: Tree[Token], kind: str, sp: Span) -> ir.TimingSpec:
        you = ir.Who.YOU
        card_t = self.tree(node, "card")
        card = self.card(card_t) if card_t is not None else None
        amount = self.tree(node, "per_event", "per_point")
        per_point = None if amount is None else amount.data == "per_point"
        if kind == "confirm_class_timing":
            col = self.tok(node, "COLOR")
            cls = ir.CardClass("锦囊牌", sp, color=str(col.value) if col is not None else None)
            return ir.TimingSpec("成为目标时", you, sp, card_class=cls)
        if kind == "targeted_timing":
            return ir.TimingSpec("成为目标时", you, sp, card=card, by=ir.PlayerRef(ir.Who.ALL_OTHERS, sp, other=True))
        if kind == "any_damaged_timing":
            return ir.TimingSpec("受到伤害后", ir.Who.ONE, sp, per_point=per_point, card=card)
        if kind == "cause_damage_timing":
            return ir.TimingSpec("造成伤害后", you, sp, per_point=per_point, victim=self._player_child(node))
        if kind == "card_damage_timing":
            if amount is None:
                self._settled_damage(sp)
            return ir.TimingSpec(
                "造成伤害后", you, sp, per_point=bool(per_point), card=card, victim=ir.PlayerRef(ir.Who.TARGET, sp)
            )
        if kind == "self_recover_timing":
            return ir.TimingSpec("回复体力时", you, sp, per_point=True)
        if kind == "dying_self_timing":
            return ir.TimingSpec("处于濒死状态时", you, sp)
        if kind == "dying_timing":
            p = self._player_child(node)
            return ir.TimingSpec("进入濒死状态时", ir.Who.ALL_OTHERS if p.other else ir.Who.ONE, sp, victim=p)
        if kind == "death_timing":
            p = self._player_child(node)
            if p.who is ir.Who.YOU:
                return ir.TimingSpec("死亡时", you, sp)
            return ir.TimingSpec("死亡时", ir.Who.ALL_OTHERS if p.other else ir.Who.ONE, sp, victim=p)
        if kind == "others_phase_timing":
            p = self._player_child(node)
            ph = self.tok(node, "PHASE")
            assert ph is not None
            if p.who is not ir.Who.ALL_OTHERS:
                raise self.error("E0501", "“……的<阶段>开始时”前只支持“其他角色”", p.span)
            end = self.tok(node, "PHASE_END_WHEN") is not None
            return ir.TimingSpec(str(ph.value) + ("结束时" if end else "开始时"), ir.Who.ALL_OTHERS, sp)
        if kind == "discarded_timing":
            return ir.TimingSpec("因弃置而置入弃牌堆时", you, sp)
        if kind == "missed_timing":
            return ir.TimingSpec("杀被闪抵消时", you, sp, card=card)
        if kind == "deduct_timing":
            return ir.TimingSpec("扣减体力时", you, sp, per_point=per_point)
        if kind == "use_card_timing":
            return ir.TimingSpec("使用时", you, sp, card=card)
        if kind == "card_use_timing":
            n_tok = self.tok(node, "NUM")
            if n_tok is not None and self.num(n_tok) != 1:
                raise self.error("E0501", "只支持“使用或打出一张……时”", self.span(n_tok))
            use, resp = self.tok(node, "USE") is not None, self.tok(node, "RESPOND") is not None
            mode = ir.Mode.BOTH if use and resp else ir.Mode.USE if use else ir.Mode.RESPOND
            window = {ir.Mode.USE: "使用时", ir.Mode.RESPOND: "打出时", ir.Mode.BOTH: "使用或打出时"}[mode]
            return ir.TimingSpec(window, you, sp, card=card, mode=mode)
        raise AssertionError(kind)

    def _settled_damage(self, sp: Span) -> None:
        self.note(
            "I0702",
            "伤害时机没有写“一次”或“1点”；规则的读法是每次伤害事件发动一次，按“一次”处理",
            sp,
            help="写成“造成一次伤害后”（每次）或“造成1点伤害后”（每点）",
        )

    def cov_clause(self, node: Tree[Token]) -> list[_Clause]:
        """clause_seq (弃置一张牌将此【杀】转移给… / 选择一种花色后获得…), clause_or
        (失去1点体力或弃置一张武器牌), clause_distance (你与该角色的距离始终视为1)."""
        sp = self.span(node)
        subject: ir.PlayerRef | None = None
        may = self.tree(node, "may") is not None
        sub_t = self.tree(node, "subject")
        if sub_t is not None:
            s = sub_t.children[0]
            assert isinstance(s, Tree)
            subject = self.player(s)
        acts = [c for c in self.trees(node) if c.data not in ("subject", "may", "xdef") and not str(c.data).startswith("p_")]
        if node.data == "clause_distance":
            to = self._player_child(node)
            n = self.tok(node, "NUM")
            assert n is not None
            value = self.num(n)
            return [_Clause(ir.PlayerRef(ir.Who.YOU, sp), False, lambda a, o: ir.SetDistance(a, to, value, sp, o), sp)]
        x = self.tree(node, "xdef")
        if x is not None and self._x is None:
            self._x = self._xdef_in(node)
        try:
            builds = [self.action(a) for a in acts]
        finally:
            self._x = None
        if node.data == "clause_seq":
            first, then = builds
            return [_Clause(subject, may, first, self.span(acts[0])), _Clause(None, False, then, self.span(acts[1]))]
        left, right = builds
        labels = [self.slice(a) for a in acts]
        spans = [self.span(a) for a in acts]

        def choose(a: ir.PlayerRef, o: bool) -> ir.Effect:
            opts = (
                ir.Option(labels[0], (left(a, False),), spans[0]),
                ir.Option(labels[1], (right(a, False),), spans[1]),
            )
            return ir.ChooseOne(a, opts, sp, o)

        return [_Clause(subject, may, choose, sp)]

    def cov_tail(self, tail: Tree[Token], current: ir.PlayerRef) -> list[ir.Effect]:
        sub = self.tree(tail, "chain")
        assert sub is not None
        sp = self.span(tail)
        conds = [c for c in self.trees(tail) if str(c.data).startswith("cond_")]
        if tail.data == "cond_tail":
            return [ir.Conditional(self.cov_condition(conds[0]), self.chain(sub, current), sp)]
        if tail.data == "delayed_tail":
            effects = self.chain(sub, current)
            return [ir.Delayed(current, "回合结束时", effects, sp, optional=bool(effects) and _optional(effects[0]))]
        # during_turn_tail (祸水): a rule while it is your turn
        cond = self.cov_condition(conds[0])
        effects = self.chain(sub, current)
        if len(effects) != 1 or not isinstance(effects[0], ir.ForbidShow):
            raise self.error("E0501", "“你的回合内，若……”后只支持“其他角色不能明置其武将牌”", sp)
        self._extra.append(ir.StaticAbility(ir.ForbidShowOthers(cond, sp), self.slice(tail), sp))
        return []

    def cov_merge(self, effects: list[ir.Effect]) -> tuple[ir.Effect, ...]:
        """其中每有一张红桃牌，你回复1点体力: the clause after 每有 runs per card."""
        out: list[ir.Effect] = []
        i = 0
        while i < len(effects):
            e = effects[i]
            if isinstance(e, ir.ForEachRevealed) and not e.then and i + 1 < len(effects):
                out.append(replace(e, then=(effects[i + 1],)))
                i += 2
                continue
            out.append(e)
            i += 1
        return tuple(out)

    def cov_action(self, node: Tree[Token], kind: str, sp: Span) -> Callable[[ir.PlayerRef, bool], ir.Effect] | None:
        players = [c for c in self.trees(node) if str(c.data).startswith("p_")]
        who = self.player(players[0]) if players else None
        card_t = self.tree(node, "card")
        card = self.card(card_t) if card_t is not None else None
        specs = [self.card_spec(c) for c in self.trees(node, "card_spec")]
        n_tok = self.tok(node, "NUM")
        n = self.num(n_tok) if n_tok is not None else None
        simple: dict[str, Callable[[ir.PlayerRef, Span, bool], ir.Effect]] = {
            "reset": ir.ResetChain, "cancel": ir.CancelTarget, "extra_turn": ir.ExtraTurn,
            "show_general": ir.ShowGeneral, "forbid_show": ir.ForbidShow, "lose_skills": ir.LoseSkills,
            "swap_hands": ir.SwapHands, "enter_dying": ir.EnterDying, "will_not_die": ir.WillNotDie,
            "die": ir.Die, "dispose_shown": ir.DisposeShown, "put_rest_discard": ir.PutRestDiscard,
            "reveal_this": ir.RevealDeclared, "discard_this": ir.VoidDeclared,
        }
        if kind in simple:
            make = simple[kind]
            return lambda a, o: make(a, sp, o)
        if kind in ("turn_over", "face_up"):
            assert who is not None
            cls = ir.TurnOver if kind == "turn_over" else ir.FaceUp
            whose = who
            return lambda a, o: cls(a if whose.who is ir.Who.IT and a.who is not ir.Who.YOU else whose, sp, o)
        if kind == "pindian":
            assert who is not None
            target = who
            return lambda a, o: ir.Pindian(a, target, sp, o)
        if kind == "recover_to":
            assert n is not None
            hp = n
            return lambda a, o: ir.RecoverTo(a, hp, sp, o)
        if kind == "transfer_damage":
            assert who is not None
            to = who
            return lambda a, o: ir.TransferDamage(a, to, sp, o)
        if kind == "choose_items":
            rng = self.tok(node, "RANGE_ITEM")
            assert rng is not None
            lo, hi = NUMERALS[str(rng.value)[0]], NUMERALS[str(rng.value)[2]]
            opts = self.trees(node, "item_option")

            def items(a: ir.PlayerRef, o: bool) -> ir.Effect:
                options = tuple(
                    ir.Option(self.slice(t), self.resolve_clauses(self.clauses_of(t), a), self.span(t)) for t in opts
                )
                return ir.ChooseItems(a, lo, hi, options, sp, optional=o)

            return items
        if kind == "virtual_use":
            assert card is not None
            targets = tuple(self.player(p) for p in players)
            used, uncounted = card, self.tree(node, "uncounted") is not None
            return lambda a, o: ir.VirtualUse(a, used, targets, sp, uncounted, o)
        if kind == "use_card":
            assert card is not None and who is not None
            used_card, target_p = card, who
            return lambda a, o: ir.UseCard(a, used_card, target_p, sp, o)
        if kind == "gain_following":
            g = [c for c in self.trees(node) if str(c.data).startswith("g_")][0]
            rule = self.cov_grant(g)
            return lambda a, o: ir.GainRules(a, (rule,), "回合结束", sp, o)
        if kind == "gain_mark":
            m = self.tok(node, "MARK_NAME")
            assert m is not None and n is not None
            mark, cnt = str(m.value)[1:-1], n
            return lambda a, o: ir.GainMark(a, mark, cnt, sp, o)
        if kind == "fill_hand":
            cap_t = self.tree(node, "fill_cap")
            cap: int | None = None
            if cap_t is not None:
                c_tok = self.tok(cap_t, "NUM")
                assert c_tok is not None
                cap = self.num(c_tok)
            if specs and specs[0].zone is not ir.Zone.HAND:
                raise self.error("E0501", "只支持“将手牌补至……”", specs[0].span)
            return lambda a, o: ir.FillHand(a, sp, cap, o)
        if kind == "put_equip":
            assert who is not None
            cards, to = specs[-1], who
            return lambda a, o: ir.PutIntoEquip(a, cards, to, sp, o)
        if kind == "move_card":
            moved = specs[0]
            return lambda a, o: ir.MoveCard(a, moved, sp, optional=o)
        if kind == "move_equip":
            assert who is not None
            owner, moved_e = who, replace(specs[0], zone=ir.Zone.HAND_EQUIP)
            return lambda a, o: ir.MoveCard(a, moved_e, sp, owner=owner, to=a, or_discard=True, optional=o)
        if kind == "forbid_use":
            assert card is not None
            banned, until = card, self.tok(node, "COMMA_UNTIL") is not None
            return lambda a, o: ir.ForbidUse(a, banned, sp, until, o)
        if kind == "cannot_target":
            cards_ = tuple(self.card(c) for c in self.trees(node, "card"))
            return lambda a, o: ir.CannotBeTarget(a, cards_, sp, o)
        if kind == "nullify_card":
            assert card is not None and who is not None
            nc, for_ = card, who
            return lambda a, o: ir.NullifyCard(a, nc, for_, sp, o)
        if kind == "modify_damage":
            d = self.tok(node, "DELTA")
            assert d is not None
            delta = int(str(d.value))
            return lambda a, o: ir.ModifyDamage(a, delta, sp, o)
        if kind == "hide_general":
            whose_h = ir.PlayerRef(ir.Who.IT, sp)
            return lambda a, o: ir.HideGeneral(a, whose_h, sp, o)
        if kind == "extra_target":
            assert who is not None
            extra = who
            return lambda a, o: ir.ExtraTarget(a, extra, sp, o)
        if kind == "end_phase":
            ph = self.tok(node, "PHASE")
            assert ph is not None
            phase = str(ph.value)
            return lambda a, o: ir.EndPhase(a, phase, sp, o)
        if kind in ("reveal_top", "reveal_put"):
            cnt_ = specs[0].count
            if cnt_.kind is ir.CountKind.IMPLICIT:
                cnt_ = ir.Count(ir.CountKind.EXACT, 1)
            if kind == "reveal_top":
                return lambda a, o: ir.RevealTop(a, cnt_, sp, o)
            return lambda a, o: ir.RevealToPile(a, cnt_, sp, o)
        if kind in ("for_each", "discard_these"):
            f = self.tree(node, "card_filter")
            pattern = None
            if f is not None:
                ft = f.children[0]
                assert isinstance(ft, Token)
                pattern = str(ft.value)
            if kind == "for_each":
                return lambda a, o: ir.ForEachRevealed(a, pattern, (), sp, o)
            return lambda a, o: ir.DiscardRevealed(a, pattern, sp, o)
        if kind == "look_hand":
            assert who is not None
            whose_l = who
            return lambda a, o: ir.LookAtHand(a, whose_l, sp, o)
        if kind == "show_among":
            f2 = self.tree(node, "card_filter")
            color = suit = None
            if f2 is not None:
                ft2 = f2.children[0]
                assert isinstance(ft2, Token)
                color, suit = (str(ft2.value), None) if ft2.type == "COLOR" else (None, str(ft2.value))
            shown = ir.CardSpec(ir.Count(ir.CountKind.EXACT, n or 1), sp, zone=ir.Zone.HAND, color=color, suit=suit)
            return lambda a, o: ir.ShowAmong(a, shown, sp, o)
        if kind == "grant_conversion":
            assert card is not None
            mode_t = [t for t in self.trees(node) if str(t.data).startswith("mode_")][0]
            gc, gm = card, self.mode(mode_t)
            return lambda a, o: ir.GrantConversion(a, gc, gm, sp, o)
        if kind == "return_discarded":
            assert who is not None
            rc, rto = specs[0], who
            return lambda a, o: ir.ReturnDiscarded(a, rc, rto, sp, o)
        if kind == "view_equipped":
            assert card is not None
            eq = card
            return lambda a, o: ir.ViewAsEquipped(a, eq, sp, o)
        if kind == "need_else":
            inner_t = [c for c in self.trees(node) if c.data not in ("clause",)][0]
            inner = self.action(inner_t)
            else_t = self.tree(node, "clause")
            assert else_t is not None
            else_cl = self.clause(else_t)

            def need(a: ir.PlayerRef, o: bool) -> ir.Effect:
                return ir.DoOrElse(a, (inner(a, False),), self.resolve_clauses([else_cl], a), sp, o)

            return need
        if kind == "retrial_swap":
            rs = specs[0]
            return lambda a, o: ir.Retrial(a, rs, ir.Mode.RESPOND, sp, o, swap=True)
        if kind == "discard_from":
            assert who is not None
            owner_d, dspec = who, specs[0]
            return lambda a, o: ir.DiscardFrom(a, owner_d, sp, dspec, o)
        if kind == "discard_it":
            return lambda a, o: ir.DiscardFrom(a, None, sp, None, o)
        if kind == "discard_area":
            aspec = replace(specs[0], zone=ir.Zone.AREAS)
            return lambda a, o: ir.Discard(a, aspec, sp, o)
        if kind == "give_it":
            assert who is not None
            gto = who
            return lambda a, o: ir.GiveRef(a, ir.EventCard(sp), gto, sp, o)
        if kind == "skip_any":
            excluded = tuple(str(t.value) for t in self.tokens(node, "PHASE"))
            return lambda a, o: ir.SkipAnyPhase(a, excluded, sp, o)
        return None

    def cov_grant(self, node: Tree[Token]) -> ir.StaticModifier:
        """天义's granted rules, 武神's 无距离限制."""
        kind = str(node.data)
        sp = self.span(node)
        card_t = self.tree(node, "card")
        assert card_t is not None
        card = self.card(card_t)
        n_tok = self.tok(node, "NUM")
        if kind == "g_no_distance":
            f = self.tree(node, "card_filter")
            suit = color = None
            if f is not None:
                ft = f.children[0]
                assert isinstance(ft, Token)
                color, suit = (str(ft.value), None) if ft.type == "COLOR" else (None, str(ft.value))
            return ir.CardNoDistance(card, sp, suit=suit, color=color)
        assert n_tok is not None
        if kind == "g_extra_use":
            return ir.ExtraUses(card, self.num(n_tok), sp)
        return ir.ExtraTargets(card, self.num(n_tok), sp)

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

def _optional(e: ir.Effect) -> bool:
    if isinstance(e, ir.JudgeBranch):
        return e.judge.optional
    if isinstance(e, (ir.Threshold, ir.SuitBranch)):
        return False
    return e.optional


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


def lower_package(tree: Tree[Token], file: str, text: str) -> tuple[ir.Package | None, list[Diagnostic]]:
    """Lower a parsed file.  Returns (None, diagnostics) if any skill failed."""
    lw = _Lowerer(file, text)
    pkg = lw.package(tree)
    return pkg, lw.diags
