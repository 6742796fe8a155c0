"""Lowering of timings: 当…时 / …后 and the windows the rules settle.

:class:`LowerTimings` makes :class:`~..ir.TimingSpec`: the standard windows
(``timing``) and those of the coverage families (``cov_timing``, with the I0702 note
where the rules settle 一次 vs 1点).  Seam: when a trigger fires, not what it does.
"""

from __future__ import annotations

from lark import Token, Tree

from .. import ir
from ..diagnostics import Diagnostic, Severity, Span, Suggestion
from .conditions import LowerConditions

__all__ = ["LowerTimings"]


class LowerTimings(LowerConditions):
    """Timings."""

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
            window = "成为目标后" if self.tok(node, "AFTER") is not None else "成为目标时"
            return ir.TimingSpec(window, you, sp, card=cards[0], cards=cards if len(cards) > 1 else ())
        if kind in ("hp_lost_timing", "recovered_timing"):
            # 每当你失去1点体力后 (per point) / 失去一次体力后 / 失去体力后 (per event)
            verb = "失去" if kind == "hp_lost_timing" else "回复"
            amount = self.tree(node, "per_event", "per_point")
            if amount is None:
                self._settled_event(node, verb + "体力")
                per_point = False
            else:
                n_tok = self.tok(amount, "NUM")
                assert n_tok is not None
                if self.num(n_tok) != 1:
                    raise self.error(
                        "E0501", f"只支持“{verb}一次体力”或“{verb}1点体力”", self.span(amount)
                    )
                per_point = amount.data == "per_point"
            return ir.TimingSpec(verb + "体力后", you, sp, per_point=per_point)
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
        if kind == "source_damage_timing":
            # 每当你造成一次伤害后 / 造成1点伤害后 / 造成伤害后 (the rules: once per event)
            if amount is None:
                self._settled_event(node, "造成伤害")
            else:
                n_tok = self.tok(amount, "NUM")
                assert n_tok is not None
                if self.num(n_tok) != 1:
                    raise self.error("E0501", "只支持“造成一次伤害”或“造成1点伤害”", self.span(amount))
            return ir.TimingSpec("造成伤害后", you, sp, per_point=bool(per_point))
        if kind == "card_damage_timing":
            window = "造成伤害时" if self.tok(node, "WHEN") is not None else "造成伤害后"
            if amount is None and window == "造成伤害后":  # (a 时 window is once per damage event)
                self._settled_damage(sp)
            return ir.TimingSpec(
                window, you, sp, per_point=bool(per_point), card=card, victim=ir.PlayerRef(ir.Who.TARGET, sp)
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

    def _settled_event(self, node: Tree[Token], what: str) -> None:
        """I0702 for a 造成伤害 / 失去体力 / 回复体力 timing without 一次 or 1点: the span
        is the words written (造成伤害), the suggestion the per-event wording."""
        verb, obj = what[:2], what[2:]
        first = self.tok(node, {"造成": "CAUSE_DMG", "失去": "LOSE", "回复": "RECOVER"}[verb])
        last = self.tok(node, "DAMAGE" if obj == "伤害" else "HP_WORD")
        assert first is not None and last is not None
        a, b = self.span(first), self.span(last)
        sp = Span(a.file, a.line, a.col, b.end_line, b.end_col)
        noun = "伤害" if obj == "伤害" else what
        self.diags.append(
            Diagnostic(
                "I0702",
                Severity.NOTE,
                f"“{what}”没有写“一次”或“1点”；规则的读法是每次{noun}事件发动一次，按“{verb}一次{obj}”处理",
                sp,
                notes=(f"“{verb}一次{obj}后”：每次{noun}事件发动一次；“{verb}1点{obj}后”：每1点发动一次",),
                help=f"写成“{verb}一次{obj}”（每次）或“{verb}1点{obj}”（每点）",
                suggestion=Suggestion(sp, f"{verb}一次{obj}"),
            )
        )

    def _settled_damage(self, sp: Span) -> None:
        self.note(
            "I0702",
            "伤害时机没有写“一次”或“1点”；规则的读法是每次伤害事件发动一次，按“一次”处理",
            sp,
            help="写成“造成一次伤害后”（每次）或“造成1点伤害后”（每点）",
        )
