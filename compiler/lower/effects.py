"""Lowering of effects: actions, clauses and chains.

Clauses are lowered in two steps because the register leaves subjects implicit
(``你可以失去1点体力，然后摸两张牌``: the second clause's subject is the first one's): a
clause becomes a :class:`_Clause` draft whose ``build(actor, optional)`` makes the IR
effect once the chain has resolved the actor.  :class:`LowerEffects` holds ``action``
(one verb phrase → effect builder), ``clause``/``clauses_of``/``chain``, and the
coverage families' counterparts (``cov_action``, ``cov_clause``, ``cov_tail``, ``cov_grant``
for the rules of 获得以下技能).  Seam: effects, whatever sentence holds them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from lark import Token, Tree

from .. import ir
from ..diagnostics import Span
from .base import NUMERALS
from .timings import LowerTimings

__all__ = ["LowerEffects"]


@dataclass
class _Clause:
    subject: ir.PlayerRef | None
    may: bool
    build: Callable[[ir.PlayerRef, bool], ir.Effect]
    span: Span


def _optional(e: ir.Effect) -> bool:
    if isinstance(e, ir.JudgeBranch):
        return e.judge.optional
    if isinstance(e, (ir.Threshold, ir.SuitBranch)):
        return False
    return e.optional


class LowerEffects(LowerTimings):
    """Actions, clauses and chains."""

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
