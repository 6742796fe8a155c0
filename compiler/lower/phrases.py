"""Lowering of the vocabulary nodes: card names, modes, player phrases, counts, card phrases.

:class:`LowerPhrases` turns the noun phrases into :mod:`..ir.base` / :mod:`..ir.refs`
nodes (:class:`~..ir.PlayerRef` with its filters, :class:`~..ir.Count`,
:class:`~..ir.CardSpec`, :data:`~..ir.CardRef`), those of the coverage families
(``cov_player``, ``cov_card_ref``) beside the standard ones.  Seam: phrases, no verbs.
"""

from __future__ import annotations

from dataclasses import replace

from lark import Token, Tree

from .. import ir
from ..diagnostics import Span
from .base import NUMERALS, LowerBase

__all__ = ["LowerPhrases"]


_COV_PLAYERS = frozenset(
    {"p_all", "p_others_adj", "p_choose_up_to", "p_in_its_range", "p_fewest_hand", "p_killer",
     "p_nearest", "p_target", "p_they", "p_most_marks", "p_within", "p_questioners"}
)


_COV_ADJS = frozenset({"adj_more_hp", "adj_same_kingdom", "adj_distance_eq", "adj_both_shown"})


_CARD_TYPES = {
    "kind_equip": "装备牌", "kind_weapon": "武器牌", "kind_armor": "防具牌", "kind_basic": "基本牌", "kind_trick": "锦囊牌",
}


class LowerPhrases(LowerBase):
    """Vocabulary nodes and phrases."""

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
