"""Lowering of conditions: 若… tests and the measures they compare.

:class:`LowerConditions` makes :class:`~..ir.Condition` (with :class:`~..ir.Measure`)
from the coverage families' condition rules.  Seam: tests only; who uses them
(sentences, 若… clauses) is in the layers above.
"""

from __future__ import annotations

from lark import Token, Tree

from .. import ir
from .phrases import LowerPhrases

__all__ = ["LowerConditions"]


class LowerConditions(LowerPhrases):
    """若… conditions."""

    def cov_condition(self, node: Tree[Token]) -> ir.Condition:
        kind = str(node.data)
        sp = self.span(node)
        text = self.slice(node)
        ps = [c for c in self.trees(node) if str(c.data).startswith("p_")]
        who = self.player(ps[0]) if ps else None
        K = ir.CondKind
        simple = {
            "cond_no_hand": K.NO_HAND, "cond_has_hand": K.HAS_HAND, "cond_wounded": K.WOUNDED, "cond_win": K.PINDIAN_WON,
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
