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


class _Lowerer:
    def __init__(self, file: str, text: str) -> None:
        self.file = file
        self.text = text
        self.diags: list[Diagnostic] = []
        self._x: ir.Quantity | None = None
        self._x_cap: int | None = None
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
        return ir.CardSpec(count, sp, zone=zone, color=color, suit=suit, name=name)

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
        raise AssertionError(kind)

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
            return lambda a, o: ir.Damage(a, a, tgt, n, sp, o)
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
            ph = self.tok(node, "PHASE")
            assert ph is not None
            phase = str(ph.value)
            return lambda a, o: ir.SkipPhase(a, phase, sp, o)
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
        for t in self.trees(node, "clause", "clause_pair"):
            if t.data == "clause":
                out.append(self.clause(t))
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
        return tuple(effects)

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
            return ir.TimingSpec("指定目标后", you, sp, card=self.card(card_t), whom=self._player_child(node))
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
            card_t = self.tree(node, "card")
            assert card_t is not None
            return ir.TimingSpec("成为目标时", you, sp, card=self.card(card_t))
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
            return ir.TimingSpec(str(ph.value) + "开始时", you, sp)
        if kind == "recover_timing":
            by = self._player_child(node, 0)
            card_t = self.tree(node, "card")
            assert card_t is not None
            return ir.TimingSpec("回复体力时", you, sp, card=self.card(card_t), by=by, owner_dying=True)
        raise AssertionError(kind)

    def sentence(self, node: Tree[Token], skill_span: Span) -> ir.Ability | ir.Limit | tuple[ir.Effect, ...]:
        kind = str(node.data)
        sp = self.span(node)
        text = self.slice(node)
        you = ir.PlayerRef(ir.Who.YOU, sp)
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
            return ir.ReplacementAbility(timing, self.tree(node, "may") is not None, "摸牌", effects, text, sp)
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
        raise self.error("E0501", "编译器尚不支持这种句子", sp)

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
                    if not isinstance(prev, (ir.TriggeredAbility, ir.ActiveAbility)):
                        raise self.error("E0210", "“然后……”句前没有可接续的技能效果", self.span(st))
                    abilities[-1] = replace(prev, effects=prev.effects + res, text=prev.text + self.slice(st))
                else:
                    abilities.append(res)
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


def _optional(e: ir.Effect) -> bool:
    if isinstance(e, ir.JudgeBranch):
        return e.judge.optional
    if isinstance(e, (ir.Threshold, ir.SuitBranch)):
        return False
    return e.optional


def _find_x(effects: Sequence[ir.Effect]) -> ir.Quantity | None:
    for e in _walk(effects):
        for spec in _specs(e):
            if spec.count.x is not None:
                return spec.count.x
    return None


def _specs(e: ir.Effect) -> Iterator[ir.CardSpec]:
    for attr in ("cards",):
        v = getattr(e, attr, None)
        if isinstance(v, ir.CardSpec):
            yield v


def _walk(effects: Sequence[ir.Effect]) -> Iterator[ir.Effect]:
    for e in effects:
        yield e
        if isinstance(e, ir.JudgeBranch):
            yield e.judge
            yield from _walk(e.then)
        elif isinstance(e, (ir.Threshold, ir.SuitBranch)):
            yield from _walk(e.then)
        elif isinstance(e, ir.ChooseOne):
            for o in e.options:
                yield from _walk(o.effects)


def lower_package(tree: Tree[Token], file: str, text: str) -> tuple[ir.Package | None, list[Diagnostic]]:
    """Lower a parsed file.  Returns (None, diagnostics) if any skill failed."""
    lw = _Lowerer(file, text)
    pkg = lw.package(tree)
    return pkg, lw.diags
