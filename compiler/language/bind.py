"""Bind a register reading (:mod:`.ir`, the syntax IR) to the compiler's typed IR
(:mod:`sgs.compiler.ir`), which checks, the trigger graph, ``sgs explain`` and the
emitter read.

The register grammar reads far more text than the typed IR can say yet.  Each part of
a reading (trigger, active, static …) is bound to one typed ability when every word of
it has a meaning the typed IR supports; otherwise the part becomes an
:class:`~sgs.compiler.ir.Unbound` naming, in the register's words, what could not be
bound.  A bound skill the emitter still cannot compile is unbound the same way
(:func:`bind_skill`'s ``plan`` check), so for register text ``sgs check`` reports
W0701 and ``sgs compile`` refuses with E0503 — one capability decision, made here.

What each word means follows the sentence grammar's lowering (compiler/lower/), so the
same text read by either grammar gives the same typed IR (tests/language/ hold the
two side by side on the project's own texts).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace

from .. import ir as t
from ..diagnostics import Span
from ..verbs import Verb, verb_of_frame
from . import ir
from .facts import part_facts

__all__ = ["bind_skill", "SpanOf", "Binder"]

#: character offsets in the skill's text -> a source span
SpanOf = Callable[[int, int], Span]

_TAGS = {tag.value: tag for tag in t.Tag}

NUMERALS = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9, "十": 10}

#: the register's newer phase names (GLOSSARY): the typed IR keeps one name per phase
PHASES = {"准备阶段": "回合开始阶段", "结束阶段": "回合结束阶段"}
#: the typed IR's phase names (a turn's six phases, sgs.runtime.timing.Phase)
_PHASE_WORDS = frozenset({"回合开始阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "回合结束阶段"})

_SUITS = {"♠": "黑桃", "♥": "红桃", "♣": "梅花", "♦": "方块", "方片": "方块",
          "黑桃": "黑桃", "红桃": "红桃", "梅花": "梅花", "方块": "方块"}
_COLORS = {"红色", "黑色"}

#: a card just shown, as a relative clause names it (与之花色相同的), and the measures it compares
_SHOWN = "(?:之|此牌|该牌|它|展示的牌|展示牌)"
_LIKE = "花色|颜色|点数"

_YOU = {"你", "自己"}
#: the natures of damage a timing may name (受到火焰伤害时); "" for any damage
_NATURES = {"", "火焰", "雷电"}
_IT = {"其", "他", "她", "该角色", "此角色"}
#: the frames that act on the window's event (防止此伤害, 防止多余的伤害): written without
#: a subject they are the owner's doing, as 此伤害+1 is
_EVENT_FRAMES = {"prevent", "prevent_excess"}
#: the quantities of the window's event a comparison may name (若伤害值大于1)
_EVENT_QUANTITIES = {"伤害值": t.Quantity.DAMAGE}
#: comparison words of the register, longest first
_CMP_WORDS = ("大于或等于", "小于或等于", "不小于", "不大于", "大于", "小于", "多于", "少于", "等于")
_SOURCE = {"伤害来源", "来源"}
#: the states of a player an effect may test (若X处于…): 铁索连环, 酒
_STATES = {"连环状态": t.CondKind.CHAINED, "濒死状态": t.CondKind.DYING}
#: how many targets more (额外指定一个目标 / 额外选择至多两个目标 / 多选择至多X+1名角色为目标):
#: the number or X (+/- n); 至多 changes nothing, a player may always choose fewer
_TARGET_COUNT = re.compile(r"(?:至多)?(X|\d+|[一两二三四五六七八九十]+)(?:([+-])(\d+))?(?:个目标|名角色为目标)")

#: an owner's places a card phrase may name (其装备区里的…, 其区域里的…) → the zone
_PLACES = {"装备区里": t.Zone.EQUIP, "区域里": t.Zone.AREAS}

#: typed card types of a card phrase's head (the zone of such cards is 牌: hand and equipment)
_CARD_TYPES = {"装备牌": "装备牌", "武器牌": "武器牌", "防具牌": "防具牌", "基本牌": "基本牌", "锦囊牌": "锦囊牌",
               "坐骑牌": "坐骑牌"}

#: quantities X may stand for (（X为…）), by the words after 为
_QUANTITIES = {
    "你的体力上限": t.Quantity.MAX_HP, "体力上限": t.Quantity.MAX_HP,
    "你已损失的体力值": t.Quantity.LOST_HP, "已损失的体力值": t.Quantity.LOST_HP,
    "存活角色的数量": t.Quantity.ALIVE_COUNT, "存活角色数": t.Quantity.ALIVE_COUNT,
    "你的体力值": t.Quantity.HP, "其已损失的体力值": t.Quantity.IT_LOST_HP,
}


class Gap(Exception):
    """A word of the reading the typed IR (or the emitter) cannot say yet: ``what``
    in the register's words, at ``start``..``end`` of the skill's text."""

    def __init__(self, what: str, start: int, end: int) -> None:
        super().__init__(what)
        self.what = what
        self.start = start
        self.end = end


def num(word: str) -> int | None:
    """A numeral as written (1, 两, 十) or None."""
    if word.isdigit():
        return int(word)
    if word in NUMERALS:
        return NUMERALS[word]
    if len(word) == 2 and word[0] == "十" and word[1] in NUMERALS:
        return 10 + NUMERALS[word[1]]
    return None


class Binder:
    """Binds one skill's reading; ``span_of`` maps offsets in its text to spans."""

    def __init__(self, reading: ir.RegisterSkill, span_of: SpanOf, card_effect: bool = False) -> None:
        self.reading = reading
        #: binding a card's effect text (a 锦囊 declaration): 目标角色 is the target, and a
        #: sentence without a timing is the effect on each target
        self.card_effect = card_effect
        self.text = reading.text
        self.span_of = span_of
        #: what X stands for in the part being bound (its （X为…）)
        self.x: t.Quantity | None = None
        #: the span of the part being bound, as a sentence (tags left out, its 。 in)
        self.sentence_span = span_of(0, 0)
        #: binding what befalls the sides of a turn-taking (首先未…的一方 / 另一方: TakeTurns.then)
        self.sides = False
        #: binding a card's own step (a sentence of its effect naming no 目标角色): a
        #: subjectless act is the card's (Who.NOBODY)
        self.use_step = False

    # ---- helpers
    def span(self, node: ir.Node) -> Span:
        return self.span_of(node.start, node.end)

    def words(self, node: ir.Node) -> str:
        return self.text[node.start:node.end]

    def gap(self, what: str, node: ir.Node) -> Gap:
        return Gap(what, node.start, node.end)

    # ---- players
    def player(self, p: ir.PlayerRef) -> t.PlayerRef:
        sp = self.span(p)
        w = p.text
        if self.sides and (w == "另一方" if p.pronoun else _loser_side(p) is not None):
            return t.PlayerRef(t.Who.OTHER_SIDE if p.pronoun else t.Who.SIDE, sp)
        if p.pronoun:
            if w in _YOU:
                return t.PlayerRef(t.Who.YOU, sp)
            if w in _IT:
                return t.PlayerRef(t.Who.IT, sp)
            if w in _SOURCE:
                return t.PlayerRef(t.Who.SOURCE, sp)
            raise self.gap(f"角色“{w}”", p)
        if self.card_effect and p.form == "player_simple" and p.head == "目标角色" and not p.modifiers and not p.det:
            return t.PlayerRef(t.Who.TARGET, sp)
        if p.form == "player_simple" and p.det is None and p.head == "目标" and p.modifiers == ("相同的",):
            return t.PlayerRef(t.Who.TARGET, sp)  # 相同的目标: the target of the timing's card
        if (self.card_effect and p.form == "player_simple" and p.head == "角色" and p.det in ("一名", "另一名")
                and p.modifiers in (("你指定的",), ("由你指定的",))):
            # 你指定的另一名角色: whom the user designated at the use, beside its targets (借刀杀人's
            # victim: whom the use designates him for is the capability pass's question)
            return t.PlayerRef(t.Who.DESIGNATED, sp)
        if p.form != "player_simple" or (p.head or "角色") != "角色":
            raise self.gap(f"角色“{w}”", p)
        other = wounded = False
        gender = kingdom = None
        for m in p.modifiers:
            if m == "其他":
                other = True
            elif m in ("已受伤的", "已受伤"):
                wounded = True
            elif m in ("男性", "男性的", "女性", "女性的"):
                if gender is not None and gender != m[0]:
                    raise self.gap(f"角色描述“{m}”", p)
                gender = m[0]
            elif re.fullmatch(r"[魏蜀吴群]势力(的)?", m):
                kingdom = m[0]
            else:
                raise self.gap(f"角色描述“{m}”", p)
        det = p.det
        count: tuple[int, int] | None = None
        if det is None:
            if not other:
                raise self.gap(f"角色“{w}”（没有数量）", p)
            return t.PlayerRef(t.Who.ALL_OTHERS, sp, other=True, kingdom=kingdom, gender=gender, wounded=wounded)
        if det == "所有":
            who = t.Who.ALL_OTHERS if other else t.Who.ALL
            return t.PlayerRef(who, sp, other=other, kingdom=kingdom, gender=gender, wounded=wounded)
        one = re.fullmatch(r"(\w)名", det)
        r = re.fullmatch(r"(\w)至(\w)名", det)
        if one and num(one.group(1)) is not None:
            n = num(one.group(1))
            assert n is not None
            count = None if n == 1 else (n, n)
        elif r and num(r.group(1)) is not None and num(r.group(2)) is not None:
            lo, hi = num(r.group(1)), num(r.group(2))
            assert lo is not None and hi is not None
            count = (lo, hi)
        else:
            raise self.gap(f"角色数量“{det}”", p)
        if kingdom is not None:
            raise self.gap(f"角色“{w}”", p)
        return t.PlayerRef(t.Who.ONE, sp, other=other, wounded=wounded, gender=gender, count=count)

    # ---- cards
    def count(self, words: str | None, node: ir.Node) -> t.Count:
        if words is None:
            return t.Count(t.CountKind.IMPLICIT, 1)
        m = re.fullmatch(r"(\w+)张", words)
        if m and num(m.group(1)) is not None:
            return t.Count(t.CountKind.EXACT, num(m.group(1)))
        if words == "X张":
            if self.x is None:
                raise self.gap("没有定义的“X”", node)
            return t.Count(t.CountKind.EXACT, x=self.x)
        m = re.fullmatch(r"至多(\w+)张", words)
        if m and num(m.group(1)) is not None:
            return t.Count(t.CountKind.UP_TO, num(m.group(1)))
        if words == "至多X张":
            if self.x is None:
                raise self.gap("没有定义的“X”", node)
            return t.Count(t.CountKind.UP_TO, x=self.x)
        if words in ("任意张", "任意数量的"):
            return t.Count(t.CountKind.ANY)
        if words in ("所有", "所有的", "全部"):
            return t.Count(t.CountKind.ALL)
        if words in ("等量", "等量的"):
            return t.Count(t.CountKind.SAME)
        if words in ("等同于目标数的", "等同于目标数张") and self.card_effect:
            return t.Count(t.CountKind.EXACT, x=t.Quantity.TARGET_COUNT)  # 等同于目标数的牌: as many as the use's targets
        raise self.gap(f"牌数“{words}”", node)

    def card_spec(self, c: ir.CardRef, owned: bool = False) -> t.CardSpec:
        """A card phrase without an owner (or, ``owned``, the part after its owner):
        count, filters, kind (两张红色手牌)."""
        sp = self.span(c)
        if c.form != "card_phrase" or (c.owner is not None and not owned) or c.place is not None or c.pronoun:
            raise self.gap(f"牌“{c.text}”", c)
        if owned and c.owner is not None:
            sp = self.span_of(c.owner.end + (1 if self.text[c.owner.end:c.owner.end + 1] == "的" else 0), c.end)
        count = self.count(c.count, c)
        color = suit = None
        plain = False
        for f in c.filters:
            if f in _COLORS:
                color = f
            elif f in _SUITS:
                suit = _SUITS[f]
            elif f == "普通" and c.head == "【杀】":  # 普通【杀】: a 杀 of no nature (not 火杀/雷杀)
                plain = True
            else:
                raise self.gap(f"牌的描述“{f}”", c)
        like = None
        for rel in c.rels:
            like = self.same_as(c, rel)
        head = c.head or ""
        if head in ("红色牌", "黑色牌"):  # a colour and a kind the lexicon keeps as one word
            color, head = head[:2], "牌"
        zone: t.Zone | None = None
        name: t.CardWord | None = None
        card_type: str | None = None
        if head == "牌":
            zone = t.Zone.HAND_EQUIP
        elif head == "手牌":
            zone = t.Zone.HAND
        elif head in _CARD_TYPES:
            card_type, zone = _CARD_TYPES[head], t.Zone.HAND_EQUIP
        elif head.startswith("【") and head.endswith("】"):
            name = t.CardWord(head[1:-1], self.span_of(c.end - len(head), c.end), bracketed=True)
        else:
            raise self.gap(f"牌“{c.text}”", c)
        return t.CardSpec(count, sp, zone=zone, color=color, suit=suit, name=name, card_type=card_type, plain=plain,
                          like=like)

    def same_as(self, c: ir.CardRef, rel: str) -> t.SameAs:
        """A relative clause of a card phrase that compares a measure of each card with the
        card shown before (与之花色相同的 / 花色与此牌不同的 / 与展示的牌相同花色的: 火攻);
        any other relative clause is not bound (it would narrow the cards)."""
        m = (re.fullmatch(rf"与{_SHOWN}(?P<m>{_LIKE})(?P<r>相同|不同)的", rel)
             or re.fullmatch(rf"(?P<m>{_LIKE})与{_SHOWN}(?P<r>相同|不同)的", rel)
             or re.fullmatch(rf"与{_SHOWN}(?P<r>相同|不同)(?P<m>{_LIKE})的", rel))
        start = c.start + c.text.find(rel)
        if m is None:
            raise Gap(f"牌的描述“{rel}”", start, start + len(rel))
        return t.SameAs(m.group("m"), m.group("r") == "不同", self.span_of(start, start + len(rel)))

    def owned_spec(self, c: ir.CardRef) -> t.CardSpec:
        """The cards of an owner's phrase (其两张牌 / 其装备区里的一张坐骑牌): the part after
        the owner; 装备区里 narrows the zone to the equipment area, 区域里 widens it to
        the judge area too."""
        place = c.place
        spec = self.card_spec(replace(c, place=None), owned=True)
        if place is None:
            return spec
        if place not in _PLACES or spec.zone is not t.Zone.HAND_EQUIP:
            raise self.gap(f"牌“{c.text}”", c)
        return replace(spec, zone=_PLACES[place])

    def card_word(self, c: ir.CardRef) -> t.CardWord:
        """A card name (【杀】) as written."""
        head = c.head or c.text
        if head in ("火【杀】", "雷【杀】") and not c.filters and c.count is None:  # the cards 火杀 / 雷杀
            return t.CardWord(head[0] + "杀", self.span_of(c.end - len(head), c.end), bracketed=True)
        if c.filters or c.count is not None or not (head.startswith("【") and head.endswith("】")):
            raise self.gap(f"牌名“{c.text}”", c)
        return t.CardWord(head[1:-1], self.span_of(c.end - len(head), c.end), bracketed=True)

    def card_ref(self, c: ir.CardRef) -> t.CardRef:
        """Cards named by reference: 伤害来源的一张牌, 对你造成伤害的牌, 此牌 …"""
        sp = self.span(c)
        if c.form == "card_owned" and c.owner is not None and c.parts:
            return t.OwnedCard(self.player(c.owner), self.card_spec(c.parts[0]), sp)
        if c.form == "card_phrase" and c.owner is not None:  # 伤害来源的一张牌 / 其区域里的一张牌
            return t.OwnedCard(self.player(c.owner), self.owned_spec(c), sp)
        if c.text in ("对你造成伤害的牌", "造成伤害的牌"):
            return t.DamageCard(sp)
        if (c.form == "card_phrase" and c.count == "一张" and c.head == "牌" and not (c.owner or c.place or c.filters)
                and c.text == "亮出的一张牌"):
            return t.RevealedCards(sp, one=True)  # 获得亮出的一张牌: one of the cards revealed, his pick
        raise self.gap(f"牌“{c.text}”", c)

    # ---- quantities
    def amount(self, node: ir.Node | None, default: int = 1) -> int:
        if node is None:
            return default
        w = self.words(node)
        m = re.fullmatch(r"(\w+)点", w)
        n = num(m.group(1)) if m else None
        if n is None:
            raise self.gap(f"数量“{w}”", node)
        return n

    # ---- timings
    def timing(self, ev: ir.EventPattern) -> t.TimingSpec:
        sp = self.span(ev)
        who, subject = self.subject(ev)
        window, timing = ev.window, ev.timing
        amount = next((a for a in ev.args if isinstance(a, ir.Quantity)), None)
        per_point: bool | None = None
        if amount is not None:
            words = self.words(amount)
            n = num(words[:-1]) if words[-1:] in ("点", "次") else None
            if n != 1:
                raise self.gap(f"“{words}”（只支持“一次”或“1点”）", amount)
            per_point = words.endswith("点")
        if ev.context:
            raise self.gap(f"时机“{self.words(ev)}”", ev)
        if window == "damaged" and timing in ("后", "时"):
            # 受到（【杀】造成的）一次伤害: at most the amount and the damage's card
            cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
            others = [a for a in ev.args if a is not amount and not isinstance(a, ir.CardRef)]
            if others or len(cards) > 1 or ev.element not in _NATURES:
                raise self.gap(f"时机“{self.words(ev)}”", ev)
            card = self.card_word(cards[0]) if cards else None
            return t.TimingSpec("受到伤害" + timing, who, sp, per_point=per_point, nature=ev.element or None, card=card)
        if window == "damage" and timing in ("时", "后") and who is t.Who.YOU and any(
                isinstance(a, ir.CardRef) for a in ev.args):
            # 你使用【杀】对目标角色造成伤害时/后 (the sentence grammar's card_damage_timing)
            cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
            rest = [a for a in ev.args if not isinstance(a, ir.CardRef)]
            words = self.words(ev)
            if (len(cards) != 1 or amount is not None or [self.words(a) for a in rest] != ["目标角色"]
                    or not words.startswith(("你使用", "使用"))):
                raise self.gap(f"时机“{words}”", ev)
            victim_t = t.PlayerRef(t.Who.TARGET, self.span(rest[0]))
            return t.TimingSpec("造成伤害" + timing, who, sp, per_point=False, card=self.card_word(cards[0]),
                                victim=victim_t)
        if window == "damage" and timing == "后" and who is t.Who.YOU:
            victim = next((self.player(a) for a in ev.args if isinstance(a, ir.PlayerRef)), None)
            if len(ev.args) > (1 if amount is None else 2) - (0 if victim else 1):
                raise self.gap(f"时机“{self.words(ev)}”", ev)
            return t.TimingSpec("造成伤害后", who, sp, per_point=bool(per_point), victim=victim)
        if window in ("recover", "lose_hp") and timing == "后" and who is t.Who.YOU:
            verb = "回复" if window == "recover" else "失去"
            return t.TimingSpec(verb + "体力后", who, sp, per_point=bool(per_point))
        if window == "phase" and timing in ("开始时", "结束时"):
            phase = self.words(ev)
            for p in sorted(PHASES, key=len, reverse=True):
                phase = phase.replace(p, PHASES[p])
            m = re.search(r"(回合开始阶段|判定阶段|摸牌阶段|出牌阶段|弃牌阶段|回合结束阶段)(开始时|结束时)$", phase)
            if m is None or subject not in (None, t.Who.ALL_OTHERS):
                raise self.gap(f"时机“{self.words(ev)}”", ev)
            return t.TimingSpec(m.group(1) + m.group(2), subject or t.Who.YOU, sp)
        if window == "target" and timing in ("时", "后") and who is t.Who.YOU:
            cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
            if len(cards) != 1 or len(ev.args) != 1:
                raise self.gap(f"时机“{self.words(ev)}”", ev)
            names = cards[0].parts if cards[0].form == "card_list" else (cards[0],)
            named = tuple(self.card_word(c) for c in names)
            window_name = "成为目标后" if timing == "后" else "成为目标时"
            return t.TimingSpec(window_name, who, sp, card=named[0], cards=named if len(named) > 1 else ())
        if window == "dying" and "濒死" in self.words(ev):
            if self.words(ev).find("处于") >= 0 and who is t.Who.YOU and timing == "时":
                return t.TimingSpec("处于濒死状态时", who, sp)
            if "进入" in self.words(ev) and timing == "时":
                victim = self.player(ev.subject) if ev.subject is not None else None
                return t.TimingSpec("进入濒死状态时", subject or t.Who.YOU, sp, victim=victim)
        if window == "lose_card" and timing == "后" and who is t.Who.YOU:
            # 当你失去装备区里的【X】后: an equipment card's own skill, opened once the card
            # has left (Timing 失去装备区里的此牌后); the emitter holds X to the card
            cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
            c = cards[0] if len(cards) == 1 and len(ev.args) == 1 else None
            if (c is not None and c.place == "装备区里" and c.count is None and c.owner is None and not c.filters
                    and c.head is not None and c.head.startswith("【")):
                card = t.CardWord(c.head[1:-1], self.span_of(c.end - len(c.head), c.end), bracketed=True)
                return t.TimingSpec("失去装备区里的此牌后", who, sp, card=card)
        if window == "lose_card" and timing == "时" and who is t.Who.YOU:
            cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
            if len(cards) == 1 and len(ev.args) == 1 and cards[0].form == "card_phrase" and not cards[0].filters:
                per = {"一张": True, "一次": False}.get(cards[0].count or "")
                if cards[0].head == "手牌" and per is not None:
                    return t.TimingSpec("失去牌时", who, sp, lost_from="手牌", per_card=per)
            if self.words(ev).endswith("失去最后的手牌" + timing):
                return t.TimingSpec("失去牌时", who, sp, lost_from="手牌", last_hand=True)
        if window == "cancelled" and timing in ("时", "后") and who is t.Who.YOU and self.words(ev).endswith("抵消" + timing):
            # 你使用的【杀】被【闪】抵消后 / 你使用【杀】被目标角色的【闪】抵消时: the window after
            # the target's 闪 offset the 杀, before its damage step (杀被闪抵消时)
            cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
            if (len(cards) == len(ev.args) and len(cards) in (1, 2) and cards[0].head == "【杀】"
                    and cards[0].count is None and not cards[0].filters and all(c.head == "【闪】" for c in cards[1:])):
                return t.TimingSpec("杀被闪抵消时", who, sp, card=self.named(cards[0]))
        if window == "need" and timing == "时" and who is t.Who.YOU:
            # 当你需要使用或打出【闪】时 (八卦阵): the request for a card names it
            named = self.need_cards(ev)
            mode = _mode_of(self.words(ev))
            if named and mode is not None:
                return t.TimingSpec("需要牌时", who, sp, card=named[0], cards=named if len(named) > 1 else (), mode=mode)
        if window == "use" and timing == "时":
            cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
            if len(cards) == 1 and len(ev.args) == 1 and cards[0].count in (None, "一张"):
                head = cards[0].head or ""
                if head.startswith("【"):
                    card = t.CardWord(head[1:-1], self.span_of(cards[0].end - len(head), cards[0].end), bracketed=True)
                    # 使用一张【杀】时: the use of one card (the sentence grammar's card_use_timing)
                    mode = t.Mode.USE if cards[0].count == "一张" else None
                    return t.TimingSpec("使用时", who, sp, card=card, mode=mode)
        raise self.gap(f"时机“{self.words(ev)}”", ev)

    def need_cards(self, ev: ir.EventPattern) -> tuple[t.CardWord, ...]:
        """The card names of 需要使用或打出【X】(或【Y】): one card phrase of names only
        (一张 at most), else none."""
        cards = [a for a in ev.args if isinstance(a, ir.CardRef)]
        if len(cards) != 1 or len(ev.args) != 1:
            return ()
        parts = cards[0].parts if cards[0].form == "card_list" else (cards[0],)
        if any(c.count not in (None, "一张") or c.filters or c.owner or c.place or not (c.head or "").startswith("【")
               for c in parts):
            return ()
        return tuple(self.named(c) for c in parts)

    def named(self, c: ir.CardRef) -> t.CardWord:
        """The card name of 一张【闪】 / 【闪】 (a count of one allowed)."""
        head = c.head or c.text
        return t.CardWord(head[1:-1], self.span_of(c.end - len(head), c.end), bracketed=True)

    def subject(self, ev: ir.EventPattern) -> tuple[t.Who, t.Who | None]:
        """(the typed subject, the subject as the phase timings name it) of a timing:
        你 → YOU; 一名角色 → ONE; 其他角色 / 一名其他角色 → ALL_OTHERS."""
        if ev.subject is None:
            return t.Who.YOU, None
        p = self.player(ev.subject)
        if p.who is t.Who.YOU:
            return t.Who.YOU, None
        if p.who in (t.Who.ONE, t.Who.ALL_OTHERS) and p.count is None and not (p.wounded or p.gender or p.kingdom):
            if p.other:
                return t.Who.ALL_OTHERS, t.Who.ALL_OTHERS
            return t.Who.ONE, t.Who.ONE
        raise self.gap(f"时机的主语“{ev.subject.text}”", ev.subject)

    # ---- effects
    def effects(self, node: ir.Node) -> tuple[t.Effect, ...]:
        """The effects of a body, in order.  A judgement followed by 若结果为… binds to
        one :class:`~sgs.compiler.ir.JudgeBranch`."""
        items = list(_flat(node))
        out: list[t.Effect] = []
        i = 0
        while i < len(items):
            n = items[i]
            nxt = items[i + 1] if i + 1 < len(items) else None
            if (isinstance(n, ir.Act) and n.verb == "judge" and isinstance(nxt, ir.If)
                    and nxt.cond is not None and nxt.cond.kind == "judge"):
                (judge,) = self.act(n)
                assert isinstance(judge, t.Judge)
                # (……；否则，……: what happens when the result is not the one tested)
                otherwise = self.effects(nxt.else_) if nxt.else_ is not None else ()
                if nxt.else_ is not None and not otherwise:
                    raise self.gap(f"“{self.words(nxt.else_)}”", nxt.else_)
                out.append(t.JudgeBranch(judge, self.judge_test(nxt.cond), self.effects(nxt.then),
                                         self.span_of(n.start, nxt.end), otherwise))
                i += 2
                continue
            prev = items[i - 1] if i > 0 else None
            if (isinstance(n, ir.If) and n.cond is None and n.else_ is None and isinstance(prev, ir.Act)
                    and prev.optional and out and len(self.act(prev)) == 1):
                # 你可以A，若如此做，B: B only when A was done (A is the effect just bound)
                do = out.pop()
                actor = getattr(do, "actor", None)
                then = self.effects(n.then)
                if not isinstance(actor, t.PlayerRef) or not then:
                    raise self.gap(f"“{self.words(n)}”", n)
                out.append(t.IfDone(actor, (do,), then, self.span_of(prev.start, n.end)))
                i += 1
                continue
            turns = self.turns(items, i)
            if turns is not None:
                out.append(turns[0])
                i = turns[1]
                continue
            out.extend(self.effect(n))
            i += 1
        return tuple(out)

    def turns(self, items: list[ir.Node], i: int) -> tuple[t.TakeTurns, int] | None:
        """(由X开始，)X与Y轮流<request>，首先未<request>的一方<then>: a :class:`~sgs.compiler.ir.TakeTurns`
        of ``items[i]`` and the clauses after it whose subject is that 一方 (and the index
        after them); None when ``items[i]`` is no turn-taking.  其 after 由X开始 is X (the
        player last named); who starts is the subject unless 由…开始 names the partner."""
        n = items[i]
        starter: ir.PlayerRef | None = None
        if isinstance(n, ir.If) and n.cond is not None and n.cond.kind == "from_lead" and n.else_ is None:
            inner = list(_flat(n.then))
            named = [x for x in n.cond.args if isinstance(x, ir.PlayerRef)]
            if len(inner) != 1 or len(named) != 1 or not _alternates(inner[0]):
                return None
            starter, n = named[0], inner[0]
        if not _alternates(n):
            return None
        assert isinstance(n, ir.Act) and n.partner is not None
        request = self.answer(replace(n, partner=None, manner=()))
        if request is None:
            raise self.gap(f"轮流做的事“{self.words(n)}”（只能是打出或使用一张【牌名】）", n)
        actor, partner = request.actor, self.player(n.partner)
        if starter is not None:
            first = self.player(starter)
            if actor.who is t.Who.IT:  # 由目标角色开始，其与你…: 其 is the one just named
                actor = replace(first, span=actor.span)
            if first.who == partner.who and first.who != actor.who:
                actor, partner = partner, actor
            elif first.who != actor.who:
                raise self.gap(f"“{self.words(starter)}”（不是轮流的任何一方）", starter)
        # what befalls the first who does not: the clauses whose subject is that 一方
        verb = "打出" if request.mode is t.Mode.RESPOND else "使用"
        j = i + 1
        side = _actor(items[j]) if j < len(items) else None
        if side is None or _loser_side(side) != verb:
            raise self.gap(f"“{self.words(n)}”（缺少“首先未{verb}……的一方……”：谁没有做到时怎样）", n)
        while j < len(items) and _actor(items[j]) == side:
            j += 1
        self.sides = True
        try:
            then = self.effects(ir.Seq(items[i + 1].start, items[j - 1].end, tuple(items[i + 1:j])))
        finally:
            self.sides = False
        req = replace(request, actor=actor)
        return t.TakeTurns(actor, partner, req, then, self.span_of(items[i].start, items[j - 1].end)), j

    def judge_test(self, c: ir.Cond) -> t.JudgeTest:
        """若结果为/不为<pattern> (a colour or a suit), with a range of numbers after a suit
        (若结果为黑桃2~9: both ends included, the low one first)."""
        m = re.fullmatch(r"(?:判定)?结果(为|是|不为)(.+?)(?:(\d+)[~～至](\d+))?", c.text)
        pattern = _SUITS.get(m.group(2), m.group(2)) if m else ""
        if m is None or (pattern not in _COLORS and pattern not in _SUITS.values()):
            raise self.gap(f"判定条件“{c.text}”", c)
        numbers = (int(m.group(3)), int(m.group(4))) if m.group(3) else None
        if numbers is not None and not (pattern in _SUITS.values() and 1 <= numbers[0] < numbers[1] <= 13):
            raise self.gap(f"判定条件“{c.text}”", c)
        start = c.start + c.text.index(m.group(2))
        end = start + len(m.group(2)) + (len(m.group(3)) + 1 + len(m.group(4)) if m.group(3) else 0)
        return t.JudgeTest(m.group(1) == "不为", pattern, self.span_of(start, end), numbers=numbers)

    def effect(self, n: ir.Node) -> list[t.Effect]:
        if isinstance(n, ir.OrElse):
            return [self.or_else(n)]
        if isinstance(n, ir.If):
            return [self.state_if(n)]
        if isinstance(n, ir.Static) and n.kind == "damage_modify":
            # 此伤害+1 / 此伤害-1 in a damage window (the owner's doing: 古锭刀, 藤甲)
            m = re.fullmatch(r"此伤害([+-])(\d+)", self.words(n))
            if m is None:
                raise self.gap(f"“{self.words(n)}”", n)
            delta = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            return [t.ModifyDamage(t.PlayerRef(t.Who.YOU, self.sentence_span), delta, self.span(n))]
        if isinstance(n, ir.Static) and n.kind == "damage_bonus" and _next_card(n) is not None:
            return [self.next_use_bonus(n)]
        if isinstance(n, ir.Static):
            raise self.gap(f"“{self.words(n)}”", n)
        if not isinstance(n, ir.Act):
            raise self.gap(f"“{self.words(n)}”", n)
        return self.act(n)

    def state_if(self, n: ir.If) -> t.Conditional:
        """若X处于<状态>，A(；否则B) among effects: a test of a player's state (连环状态, 濒死状态:
        :data:`_STATES`), then A, or B when it does not hold.  Other conditions among effects
        are not bound here yet."""
        c = n.cond
        players = [x for x in c.args if isinstance(x, ir.PlayerRef)] if c is not None else []
        state = c.text[len(players[0].text):] if c is not None and len(players) == 1 else ""
        if c is None or len(players) != 1 or len(c.args) != 1 or not state.startswith("处于") or state[2:] not in _STATES:
            raise self.gap(f"条件“{self.words(n)}”", n)
        otherwise = self.effects(n.else_) if n.else_ is not None else ()
        then = self.effects(n.then)
        if not then or (n.else_ is not None and not otherwise):
            raise self.gap(f"条件“{self.words(n)}”", n)
        cond = t.Condition(_STATES[state[2:]], c.text, self.span(c), player=self.player(players[0]))
        return t.Conditional(cond, then, self.span(n), otherwise=otherwise)

    def next_use_bonus(self, n: ir.Static) -> t.NextUseBonus:
        """X本回合（此阶段）使用的下一张【牌名】造成的伤害+n (酒; X本回合下次【牌名】…, 界咆哮's
        shorter form): a lasting effect on X's next use of that card within the turn (phase),
        which that use spends.  The card is named (【杀】: any 杀; its effect is what reads the
        bonus, so only 【杀】 runs); the span it lasts is written — without it the effect would
        never end."""
        c = _next_card(n)
        assert c is not None
        rel = c.rels[0] if len(c.rels) == 1 else ""
        # 下一张 after its relative clause (你本回合使用的下一张【杀】), 下次 after who and when
        # alone (你本回合下次【杀】: the verb left out)
        verb = "" if c.count == "下次" else "使用的"
        m = re.fullmatch(rf"(?P<a>你|其|目标角色)?(?P<when>本回合|此回合|本阶段|此阶段)(?P<b>你|其|目标角色)?{verb}", rel)
        start = c.start + c.text.find(rel) if rel else c.start
        if m is None or bool(m.group("a")) == bool(m.group("b")):
            raise Gap(f"“{rel or c.text}”（须写明谁在本回合或此阶段使用：你本回合使用的下一张【杀】）",
                      start, start + len(rel) if rel else c.end)
        who = m.group("a") or m.group("b")
        wsp = self.span_of(start + m.start("a" if m.group("a") else "b"), start + m.end("a" if m.group("a") else "b"))
        if who == "目标角色" and not self.card_effect:
            raise Gap(f"角色“{who}”", start, start + len(who))
        actor = t.PlayerRef({"你": t.Who.YOU, "其": t.Who.IT, "目标角色": t.Who.TARGET}[who], wsp)
        word = self.card_word(replace(c, count=None, rels=()))
        if word.name != "杀":
            # only 杀's effect adds a use's extra damage (runtime.actions.spend_next_use)
            raise self.gap(f"“下一张【{word.name}】造成的伤害+1”（只有【杀】的效果会加上这项伤害）", c)
        m2 = re.fullmatch(r".*造成的伤害\+(\d+)", self.words(n))
        if m2 is None or int(m2.group(1)) < 1:
            raise self.gap(f"“{self.words(n)}”", n)
        return t.NextUseBonus(actor, word, int(m2.group(1)), self.span(n), phase="阶段" in m.group("when"))

    def or_else(self, n: ir.OrElse) -> t.DoOrElse:
        """X需A，否则B: X is asked to do A; B when he does not.  A is bound as a request
        when it is one (需打出一张【杀】 / 需使用一张【闪】: :class:`~sgs.compiler.ir.AnswerCard`),
        else as the act it is (whether the back end can tell a refusal is the capability
        pass's question, from the verb table's ``decides``)."""
        acts = list(_flat(n.do))
        do: tuple[t.Effect, ...]
        if len(acts) == 1 and isinstance(acts[0], ir.Act) and (answer := self.answer(acts[0])) is not None:
            do = (answer,)
        else:
            do = self.effects(n.do)
        if not do:
            raise self.gap(f"“{self.words(n.do)}”", n.do)
        actor = getattr(do[0], "actor", None)
        if not isinstance(actor, t.PlayerRef):
            raise self.gap(f"“{self.words(n.do)}”（不知道由谁做）", n.do)
        return t.DoOrElse(actor, do, self.effects(n.otherwise), self.span(n))

    def answer(self, a: ir.Act) -> t.AnswerCard | None:
        """打出一张【X】 / 使用一张【X】 with no target, under 需: a request for one named
        card, or None."""
        if a.verb not in ("play", "use") or a.target is not None or a.partner is not None or a.manner:
            return None
        cards = [x for x in a.args if isinstance(x, ir.CardRef)]
        if len(cards) != 1 or len(a.args) != 1:
            return None
        c = cards[0]
        if (c.form != "card_phrase" or c.count not in (None, "一张") or c.filters or c.owner or c.place
                or not (c.head or "").startswith("【")):
            return None
        mode = t.Mode.RESPOND if a.verb == "play" else t.Mode.USE
        return t.AnswerCard(self.actor(a), self.named(c), mode, self.span(a), optional=a.optional)

    def actor(self, a: ir.Act) -> t.PlayerRef:
        if a.actor is not None and a.actor.form == "implicit" and a.verb in _EVENT_FRAMES:
            return t.PlayerRef(t.Who.YOU, self.span(a))  # 防止多余的伤害: the window's owner
        if self.use_step and a.actor is not None and a.actor.form == "implicit":
            return t.PlayerRef(t.Who.NOBODY, self.span(a))  # 亮出牌堆顶… in a card's own step: the card's
        if a.actor is None or a.actor.form == "implicit":  # (an implied 你: not bound as written yet)
            raise self.gap(f"“{self.words(a)}”（不知道由谁做）", a)
        return self.player(a.actor)

    def act(self, a: ir.Act) -> list[t.Effect]:
        sp = self.span(a)
        opt = a.optional
        args = a.args
        verb = a.verb
        # a serial verb (sgs.compiler.language.lower: 对X/视为/各/和X同时/依次 + verb) binds only
        # where the typed IR says it: 对X造成伤害 (Damage's target) and 依次弃置其两张牌 (DiscardFrom
        # takes the cards one at a time, by the same actor)
        if a.manner == ("视为",) and a.target is None and a.partner is None:
            provided = self.provide(a)  # 视为你使用或打出一张【闪】: the card asked for (需要牌时)
            if provided is not None:
                return [provided]
        if verb == "use" and a.target is not None and a.partner is None and set(a.manner) <= {"再"}:
            # 对<目标>(再)使用一张【杀】: a card of the actor's on that target (再: another one)
            cards = [x for x in args if isinstance(x, ir.CardRef)]
            used = cards[0] if len(cards) == len(args) == 1 else None
            if (used is not None and used.form == "card_phrase" and used.count in (None, "一张")
                    and not (used.filters or used.owner or used.place) and (used.head or "").startswith("【")):
                return [t.UseCard(self.actor(a), self.named(used), self.player(a.target), sp, optional=opt)]
        if verb == "force_hit" and [self.words(x) for x in args] == ["此【杀】"] and not (a.manner or a.target or a.partner):
            # 此【杀】依然造成伤害: the window's 杀 (its subject is the card, the owner does it)
            return [t.ForceHit(t.PlayerRef(t.Who.YOU, self.span(a)), sp, optional=opt)]
        if (a.partner is not None or set(a.manner) - ({"依次"} if verb == "discard" else set())
                or (a.target is not None and verb != "damage")):
            raise self.gap(f"动作“{self.words(a)}”", a)
        owner = args[0].owner if len(args) == 1 and isinstance(args[0], ir.CardRef) else None
        if verb == "discard" and owner is not None and not (owner.pronoun and owner.text in _YOU):
            # 弃置其两张牌 / 弃置其装备区里的一张坐骑牌: another player's cards, chosen by the actor
            c = args[0]
            assert isinstance(c, ir.CardRef)
            return [t.DiscardFrom(self.actor(a), self.player(owner), sp, self.owned_spec(c), optional=opt)]
        if verb == "cause":  # 令X…: X acts; the 你可以 before 令 is decided at X's first act
            inner = [x for x in args if isinstance(x, ir.Seq)]
            out: list[t.Effect] = []
            for x in inner:
                out.extend(self.effects(x))
            if out and opt:
                out[0] = _with_optional(out[0])
            return out
        cards = [x for x in args if isinstance(x, ir.CardRef)]
        players = [x for x in args if isinstance(x, ir.PlayerRef)]
        qty = [x for x in args if isinstance(x, ir.Quantity)]
        if (verb == "damage" and a.target is not None and not a.manner and a.partner is None and len(qty) == len(args) <= 1
                and (m := re.fullmatch(r"(火焰|雷电)?伤害", self.text[(qty[0].end if qty else a.end - 2):a.end])) is not None
                and (qty or m.group(1) is None)):
            # 对X造成n点伤害 / 对X造成n点火焰伤害 (an element: the damage's nature)
            src = self.actor(a)
            return [t.Damage(src, src, self.player(a.target), self.amount(qty[0] if qty else None), sp, optional=opt,
                             nature=m.group(1))]
        if (verb == "reveal" and len(cards) == len(args) == 1 and cards[0].place == "牌堆顶" and cards[0].form == "card_phrase"
                and cards[0].head == "牌" and not (cards[0].owner or cards[0].filters) and not a.manner
                and a.target is None and a.partner is None):
            # 亮出牌堆顶的n张牌 / 亮出牌堆顶等同于目标数的牌: they stay revealed for the clauses after
            return [t.RevealTop(self.actor(a), self.count(cards[0].count, cards[0]), sp, optional=opt)]
        if (verb == "take_damage" and len(players) == len(qty) == 1 and len(args) == 2 and not a.manner
                and a.target is None and a.partner is None
                and self.text[players[0].end:qty[0].start] == "造成的" and self.text[qty[0].end:a.end] == "伤害"):
            # 受到X造成的n点伤害 (no element): X deals it to the subject
            victim = self.actor(a)
            return [t.Damage(victim, self.player(players[0]), victim, self.amount(qty[0]), sp, optional=opt)]
        spec = verb_of_frame(verb)
        if spec is not None and (spec.params or not [x for x in args if not isinstance(x, ir.Seq)]):
            # (a verb of no arguments too: 防止此伤害)
            return [self.by_table(a, spec)]
        if (verb == "show" and len(cards) == len(args) == 1 and cards[0].owner is None and cards[0].place is None
                and not cards[0].pronoun):
            # X展示一张手牌: his pick among his own (the card a later 与之花色相同的 compares with)
            shown = self.card_spec(cards[0])
            if shown.zone is not t.Zone.HAND or shown.like is not None:
                raise self.gap(f"动作“{self.words(a)}”", a)
            return [t.Show(self.actor(a), sp, optional=opt, cards=shown)]
        if verb == "gain" and len(cards) == 1 and not players:
            return [t.Obtain(self.actor(a), self.card_ref(cards[0]), sp, optional=opt)]
        if verb == "judge" and all(isinstance(x, ir.Quantity) and self.words(x) == "一" for x in args):
            return [t.Judge(self.actor(a), sp, optional=opt)]
        if verb == "skip":
            return [self.skip(a)]
        if verb == "take_damage" and len(qty) == len(args) == 1 and not (a.manner or a.target or a.partner):
            # X受到n点(雷电/火焰)伤害, no source named: a damage no one deals (闪电's)
            m = re.fullmatch(r"受到(?:\d+|[一两二三四五六七八九十])点(雷电|火焰)?伤害", self.words(a))
            if m is not None:
                victim = self.actor(a)
                nobody = t.PlayerRef(t.Who.NOBODY, sp)
                return [t.Damage(victim, nobody, victim, self.amount(qty[0]), sp, optional=opt, nature=m.group(1))]
        if verb == "move":
            return [self.pass_on(a)]
        if verb in ("chain", "unchain") and len(players) == len(args) <= 1 and not (a.manner or a.target or a.partner):
            # 横置X / 重置X / X横置 / X重置: X's general card; 重置之 names no one here
            if not args and self.words(a) not in ("横置", "重置"):
                raise self.gap(f"动作“{self.words(a)}”", a)
            who = self.player(players[0]) if players else self.actor(a)
            return [(t.Chain if verb == "chain" else t.ResetChain)(who, sp, optional=opt)]
        if verb == "give" and len(cards) == 1 and len(players) == 1:
            c = cards[0]
            if c.place == "装备区里" and c.owner is None:
                # 其将装备区里的武器牌交给你: the cards of the giver's own equipment area
                return [t.Give(self.actor(a), self.owned_spec(c), self.player(players[0]), sp, optional=opt)]
            return [t.Give(self.actor(a), self.card_spec(c), self.player(players[0]), sp, optional=opt)]
        options = [x for x in args if isinstance(x, ir.Option)]
        if verb == "choice" and len(options) >= 2 and len(options) == len(args):
            opts = tuple(t.Option(o.label, self.effects(o.body), self.span(o)) for o in options)
            return [t.ChooseOne(self.actor(a), opts, sp, optional=opt)]
        raise self.gap(f"动作“{self.words(a)}”", a)

    def skip(self, a: ir.Act) -> t.SkipPhase:
        """X跳过<阶段>(和<阶段>…) / 跳过X的<阶段>: the phases of X's turn (this one if not
        passed yet, else his next: the runtime's skip_phase); 此回合的 / 本回合的 say the same.
        A count of phases (跳过一个阶段), 此阶段, another ordinal (下个, 每) or a choice (或)
        is not this verb."""
        owners = [x for x in a.args if isinstance(x, ir.PlayerRef)]
        words = self.words(a)
        rest = words[len("跳过"):]
        if len(owners) > 1 or len(owners) != len(a.args) or (owners and not rest.startswith(owners[0].text)):
            raise self.gap(f"动作“{words}”", a)
        if owners:  # 跳过其出牌阶段: the phase's owner skips it, whoever the clause's subject is
            rest = rest[len(owners[0].text):].removeprefix("的")
        rest = re.sub(r"^[此本]回合的?", "", rest)
        phases = [PHASES.get(ph, ph) for ph in re.split(r"[和、]", rest)]
        if any(ph not in _PHASE_WORDS for ph in phases):
            raise self.gap(f"动作“{words}”", a)
        actor = self.player(owners[0]) if owners else self.actor(a)
        first, *more = phases
        return t.SkipPhase(actor, first, self.span(a), optional=a.optional, more=tuple(more))

    def pass_on(self, a: ir.Act) -> t.PassDelayed:
        """将此牌移动至下家的判定区(里): in a delayed trick's effect, the trick moves on to
        the next player who can take it (the runtime's pass_delayed).  Any other card, or
        another place, is not this verb."""
        cards = [x for x in a.args if isinstance(x, ir.CardRef)]
        places = [x for x in a.args if isinstance(x, ir.Place)]
        if (len(cards) != 1 or len(places) != 1 or len(a.args) != 2 or self.words(cards[0]) != "此牌"
                or re.fullmatch(r"下家的判定区里?", self.words(places[0])) is None
                or a.manner or a.target or a.partner):
            raise self.gap(f"动作“{self.words(a)}”", a)
        # written without a subject: the rules move it (no one does: no one uses the card now)
        implicit = a.actor is None or a.actor.form == "implicit"
        actor = t.PlayerRef(t.Who.NOBODY, self.span(a)) if implicit else self.actor(a)
        return t.PassDelayed(actor, self.span(a), optional=a.optional)

    def provide(self, a: ir.Act) -> t.Provide | None:
        """视为<你>使用/打出/使用或打出一张【X】 with no target: a :class:`Provide`."""
        if a.verb not in ("use", "play", "use_or_play"):
            return None
        cards = [x for x in a.args if isinstance(x, ir.CardRef)]
        if len(cards) != 1 or len(a.args) != 1 or cards[0].form != "card_phrase" or cards[0].count not in (None, "一张"):
            return None
        c = cards[0]
        if c.filters or c.owner or c.place or not (c.head or "").startswith("【"):
            return None
        mode = {"use": t.Mode.USE, "play": t.Mode.RESPOND, "use_or_play": t.Mode.BOTH}[a.verb]
        return t.Provide(self.actor(a), self.named(c), mode, self.span(a), optional=a.optional)

    def by_table(self, a: ir.Act, spec: Verb) -> t.Effect:
        """A verb bound by the verb table's ``params``: each argument of the frame, in
        order, by its kind (sgs.compiler.verbs.Verb.params) — into the verb's IR class,
        or a :class:`~sgs.compiler.ir.Call` for a verb without one."""
        args = [x for x in a.args if not isinstance(x, ir.Seq)]
        bound: list[tuple[str, t.PlayerRef | t.CardSpec | int]] = []
        rest = list(args)
        for name, kind in spec.params:
            if kind == "amount":
                q = rest.pop(0) if rest and isinstance(rest[0], ir.Quantity) else None
                bound.append((name, self.amount(q)))  # no amount written: 1 (回复体力 = 回复1点体力)
            elif kind == "player" and rest and isinstance(p := rest[0], ir.PlayerRef):
                rest.pop(0)
                bound.append((name, self.player(p)))
            elif kind == "cards" and rest and isinstance(c := rest[0], ir.CardRef):
                rest.pop(0)
                bound.append((name, self.card_spec(c)))
            elif kind == "cards" and rest and isinstance(rest[0], ir.Quantity):  # 摸两张 / 摸X张
                q = rest.pop(0)
                count = self.count(self.words(q) + "张", q)
                bound.append((name, t.CardSpec(count, self.span(q), zone=t.Zone.HAND_EQUIP)))
            else:
                raise self.gap(f"动作“{self.words(a)}”", a)
        if rest:
            raise self.gap(f"动作“{self.words(a)}”", a)
        actor, sp = self.actor(a), self.span(a)
        if spec.node == "Call":
            return t.Call(spec.word, actor, tuple(bound), sp, optional=a.optional)
        node: t.Effect = getattr(t, spec.node)(actor, *(v for _, v in bound), sp, optional=a.optional)
        return node

    # ---- parts
    def xdef(self, part: ir.Part) -> None:
        """What X stands for in this part (its （X为…）), from the part's words."""
        m = re.search(r"[（，]X为(.+?)）", self.words(part))
        self.x = None
        if m:
            q = _QUANTITIES.get(m.group(1))
            if q is None:
                raise Gap(f"“X为{m.group(1)}”", part.start + m.start(), part.start + m.end())
            self.x = q

    def sentence(self, part: ir.Part) -> tuple[str, Span]:
        """The words of a part without its tags, with the 。/； that ends it (the
        typed IR's ``text`` and ``span`` of an ability)."""
        start = part.start
        m = re.match(r"((?:[^，。；]{2,4}技，)+)", self.text[start:part.end])
        if part.tags and m:
            start += len(m.group(1))
        end = part.end + (1 if self.text[part.end:part.end + 1] in ("。", "；") else 0)
        return self.text[start:end], self.span_of(start, end)

    def bind_part(self, part: ir.Part, limit: t.Limit | None) -> t.Ability:
        text, sp = self.sentence(part)
        self.sentence_span = sp
        self.xdef(part)
        if part.label is not None or part.body is None:
            raise self.gap(f"“{text}”", part)
        if part.kind == "trigger":
            if len(part.timings) != 1:
                raise self.gap(f"时机“{'、'.join(self.words(e) for e in part.timings)}”", part)
            timing = self.timing(part.timings[0])
            # the timing's span starts at its lead word (每当/当/在), as the sentence grammar's
            timing = replace(timing, span=self.span_of(sp.col - self.span_of(0, 0).col, part.timings[0].end))
            if timing.victim is not None and timing.victim.who is t.Who.TARGET:
                # 对目标角色造成伤害: the sentence grammar's 目标角色 spans the timing
                timing = replace(timing, victim=replace(timing.victim, span=timing.span))
            body, condition = self.condition(part.body)
            cost, body = self.cost(body)
            effects = cost + self.effects(body)
            if not effects:
                raise self.gap(f"“{text}”", part)
            return t.TriggeredAbility(timing, _optional(effects), effects, text, sp, limit, condition, len(cost))
        acts = list(_flat(part.body))
        if len(acts) == 1 and isinstance(acts[0], ir.Act) and acts[0].verb == "use_as" and part.kind in ("free", "active"):
            if part.kind == "active" and part.phase != "出牌阶段":
                raise self.gap(f"“{text}”", part)
            return self.view_as(acts[0], "出牌阶段" if part.kind == "active" else None, text, sp, limit)
        if part.kind == "active" and (part.phase or "") == "出牌阶段":
            effects = self.effects(part.body)
            if not effects:
                raise self.gap(f"“{text}”", part)
            return t.ActiveAbility("出牌阶段", _optional(effects), effects, text, sp, limit, xdef=self.x)
        if part.kind in ("static", "free") and len(acts) == 1 and isinstance(acts[0], ir.Static) and limit is None:
            return t.StaticAbility(self.static(acts[0]), text, sp)
        if part.kind == "free" and len(acts) == 1 and isinstance(acts[0], ir.If) and limit is None and not self.card_effect:
            # (a card's effect has no statements: a lead there is its effect's, 由目标角色开始，…;
            # a 若 there tests a player's state, 若目标角色处于连环状态…: Binder.state_if)
            return self.static_if(acts[0], text, sp)
        if self.card_effect and part.kind == "free" and limit is None and not part.tags:
            # a sentence naming no 目标角色 beside one that does is the use's own step, once
            # before its targets (亮出牌堆顶…。目标角色获得…。)
            once = not _names_target(part) and any(_names_target(p) for p in self.reading.parts if p is not part)
            self.use_step = once
            try:
                effects = self.effects(part.body)
            finally:
                self.use_step = False
            if not effects:
                raise self.gap(f"“{text}”", part)
            return t.CardEffectAbility(effects, text, sp, once=once)
        raise self.gap(f"“{text}”", part)

    def condition(self, body: ir.Seq) -> tuple[ir.Node, t.Condition | None]:
        """A 若… that opens a trigger's body and covers all of it is the ability's
        condition (checked before the owner is asked); the body without it."""
        items = list(_flat(body))
        if len(items) == 1 and isinstance(items[0], ir.If) and items[0].cond is not None and items[0].else_ is None:
            c = items[0].cond
            return items[0].then, self.cond(c)
        first = items[0] if items else None
        if (isinstance(first, ir.If) and first.cond is not None and first.else_ is None and len(items) > 1
                and re.fullmatch(r"[，,]然后", self.text[first.end:items[1].start])):
            # 若…，A，然后B: B follows A, so the condition covers both (寒冰剑)
            then = ir.Seq(first.then.start, items[-1].end, (first.then, *items[1:]))
            return then, self.cond(first.cond)
        return body, None

    def cost(self, body: ir.Node) -> tuple[tuple[t.Effect, ...], ir.Node]:
        """你可以A，则B (or 若如此做，B): A is a cost and B what it pays for — the
        effects of A and the body left (B); no cost (and the body as it is) otherwise."""
        items = list(_flat(body))
        last = items[-1] if items else None
        if len(items) < 2 or not isinstance(last, ir.If) or last.cond is not None or last.else_ is not None:
            return (), body
        return self.effects(ir.Seq(items[0].start, items[-2].end, tuple(items[:-1]))), last.then

    def cond(self, c: ir.Cond) -> t.Condition:
        players = [x for x in c.args if isinstance(x, ir.PlayerRef)]
        cards = [x for x in c.args if isinstance(x, ir.CardRef)]
        if c.kind in ("has", "has_not") and len(players) == 1 and len(cards) == 1 and cards[0].text == "手牌":
            kind = t.CondKind.HAS_HAND if c.kind == "has" else t.CondKind.NO_HAND
            return t.Condition(kind, c.text, self.span(c), player=self.player(players[0]))
        if (c.kind == "card_is" and len(cards) == 2 and re.fullmatch(r"你使用的【[^】]+】", cards[0].text)
                and cards[1].filters == ("最后的",) and cards[1].head == "手牌" and cards[1].owner is not None
                and cards[1].owner.text == "你" and cards[1].count is None):
            # 你使用的【杀】若是你最后的手牌: the card used is all of the user's hand
            used = cards[0]
            card = t.CardWord(used.head[1:-1] if used.head else used.text, self.span_of(used.end - len(used.head or ""), used.end),
                              bracketed=True)
            return t.Condition(t.CondKind.LAST_HAND, c.text.rstrip("，"), self.span_of(c.start, cards[1].end),
                               player=self.player(cards[1].owner), card=card)
        if c.kind == "has" and len(players) == 1 and len(cards) == 1 and cards[0].text == "牌":  # 若该角色有牌
            return t.Condition(t.CondKind.HAS_CARDS, c.text, self.span(c), player=self.player(players[0]))
        if (c.kind == "compare" and len(c.args) == 2 and all(isinstance(x, ir.Quantity) for x in c.args)
                and self.words(c.args[0]) in _EVENT_QUANTITIES):
            # 若伤害值大于1: the window's event's amount against a number
            left, right = c.args
            op = self.text[left.end:right.start]
            n = num(self.words(right))
            if op in _CMP_WORDS and n is not None:
                return t.Condition(t.CondKind.COMPARE, c.text, self.span(c),
                                   left=_EVENT_QUANTITIES[self.words(left)], op=op, right=n)
        raise self.gap(f"条件“{c.text}”", c)

    def view_as(self, a: ir.Act, phase: str | None, text: str, sp: Span, limit: t.Limit | None) -> t.Ability:
        """你可以将<cards>当<card>使用/打出 (a conversion)."""
        cards = [x for x in a.args if isinstance(x, ir.CardRef)]
        tail = self.text[a.start:a.end]
        mode = t.Mode.BOTH if tail.endswith("使用或打出") else t.Mode.USE if tail.endswith("使用") else (
            t.Mode.RESPOND if tail.endswith("打出") else None)
        if len(cards) != 2 or len(a.args) != 2 or mode is None or limit is not None or a.actor is None or a.actor.text != "你" or a.actor.form == "implicit":
            raise self.gap(f"转化“{tail}”", a)
        source = self.card_spec(cards[0])
        target = self.card_word(cards[1])
        conv = t.Conversion(source, target, self.span_of(cards[0].start, cards[1].end))
        return t.ViewAsAbility((conv,), mode, phase, a.optional, text, sp)

    def static(self, st: ir.Static, card: t.CardWord | None = None) -> t.StaticModifier:
        players = [x for x in st.args if isinstance(x, ir.PlayerRef)]
        cards = [x for x in st.args if isinstance(x, ir.CardRef)]
        words = self.words(st)
        if st.kind == "distance" and len(players) == 2:
            m = re.search(r"始终([+-])(\d+)$", words)
            a, b = (self.player(p) for p in players)
            if m and {a.who, b.who} == {t.Who.YOU, t.Who.ALL_OTHERS} and not (a.kingdom or b.kingdom):
                delta = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
                start = st.start + m.start(1)
                return t.DistanceModifier(delta, self.span_of(start, st.end), incoming=a.who is not t.Who.YOU)
        if st.kind == "invalid" and len(cards) == 1 and [self.words(p) for p in players] == ["你"]:
            # <cards>对你无效 (仁王盾, 藤甲): one card, or a list of names (普通【杀】 among them)
            c = cards[0]
            parts = c.parts if c.form == "card_list" else (c,)
            color = None
            plain = False
            for x in parts:
                for f in x.filters:
                    if f == "普通" and x.head == "【杀】":
                        plain = True
                    elif f.rstrip("的") in _COLORS and len(parts) == 1:
                        color = f.rstrip("的")
                    else:
                        raise self.gap(f"牌的描述“{f}”", x)
            named = tuple(self.card_word(replace(x, filters=())) for x in parts)
            return t.Invalid(named[0], self.sentence_span, color=color, more=named[1:], plain=plain)
        if st.kind == "extra_target" and [p.text for p in players] == ["你"] and len(cards) <= 1:
            # 你使用【杀】可以额外指定一个目标 / 多选择至多X+1名角色为目标 (the card: the use's,
            # or the topic's — ``card``, from a condition on it)
            count = next((x for x in st.args if isinstance(x, ir.Quantity)), None)
            used = self.card_word(cards[0]) if cards else card
            m = _TARGET_COUNT.fullmatch(self.words(count)) if count is not None else None
            if used is None or count is None or m is None:
                raise self.gap(f"“{words}”", st)
            n = num(m.group(1)) if m.group(1) != "X" else 0
            if m.group(1) == "X" and self.x is None:
                raise self.gap(f"“{words}”", st)
            if n is None:
                raise self.gap(f"目标数“{self.words(count)}”", count)
            of_x = self.x if m.group(1) == "X" else None
            plus = int(m.group(3) or 0) * (-1 if m.group(2) == "-" else 1)
            return t.ExtraTargets(used, n + plus, self.span_of(count.start, count.end), x=of_x)
        if st.kind == "prohibit_target" and len(players) == 1 and len(cards) == 1 and players[0].text == "你":
            names = cards[0].parts if cards[0].form == "card_list" else (cards[0],)
            return t.Prohibit(tuple(self.card_word(c) for c in names), self.sentence_span)
        raise self.gap(f"“{words}”", st)

    def static_if(self, n: ir.If, text: str, sp: Span) -> t.Ability:
        """若你没有手牌，你不能成为… (a prohibition while a condition holds); 你使用的【杀】
        若是你最后的手牌，你可以额外选择… (a rule of the card the condition names)."""
        inner = list(_flat(n.then))
        if n.cond is not None and n.else_ is None and len(inner) == 1 and isinstance(inner[0], ir.Static):
            cond = self.cond(n.cond)
            if cond.kind is t.CondKind.NO_HAND:
                mod = self.static(inner[0])
                if isinstance(mod, t.Prohibit):
                    return t.StaticAbility(replace(mod, no_hand=True), text, sp)
            if cond.kind is t.CondKind.LAST_HAND:
                mod = self.static(inner[0], card=cond.card)
                if isinstance(mod, t.ExtraTargets) and mod.card == cond.card:
                    return t.StaticAbility(replace(mod, cond=cond), text, sp)
        raise self.gap(f"“{text}”", n)

    def limit(self, part: ir.Part) -> t.Limit:
        words = part.limit or self.words(part)
        m = re.fullmatch(r"(?:每(阶段|回合)|(出牌阶段))限(\w)次", words.rstrip("。；，"))
        n = num(m.group(3)) if m else None
        if m is None or n is None:
            raise self.gap(f"次数限制“{words}”", part)
        if m.group(2):  # 出牌阶段限一次，… at the head of the part
            start = part.start + self.text[part.start:part.end].find(words)
            return t.Limit(n, "阶段", self.span_of(start, start + len(words)))
        end = part.end + (1 if self.text[part.end:part.end + 1] in ("。", "；") else 0)
        return t.Limit(n, m.group(1), self.span_of(part.start, end))


def _mode_of(words: str) -> t.Mode | None:
    """使用或打出 / 使用 / 打出 in an event's words (需要使用或打出【闪】)."""
    for m in (t.Mode.BOTH, t.Mode.USE, t.Mode.RESPOND):
        if m.value in words:
            return m
    return None


def _next_card(n: ir.Static) -> ir.CardRef | None:
    """The card phrase of a statement about someone's next card (…使用的下一张【杀】造成的伤害+1),
    or None."""
    c = n.args[0] if n.args and isinstance(n.args[0], ir.CardRef) else None
    return c if c is not None and c.form == "card_phrase" and c.count in ("下一张", "下次") else None


def _with_optional(e: t.Effect) -> t.Effect:
    if hasattr(e, "optional"):
        out: t.Effect = replace(e, optional=True)  # type: ignore[arg-type]
        return out
    return e


def _optional(effects: tuple[t.Effect, ...]) -> bool:
    first = effects[0]
    if isinstance(first, t.JudgeBranch):
        return first.judge.optional
    return bool(getattr(first, "optional", False))


def _names_target(part: ir.Part) -> bool:
    """Whether a part of a card's effect names 目标角色 (its per-target effect)."""
    return part.body is not None and any(isinstance(x, ir.PlayerRef) and x.head == "目标角色" for x in ir.walk(part.body))


def _alternates(n: ir.Node) -> bool:
    """Whether ``n`` is X与Y轮流… (one act, its partner Y)."""
    return isinstance(n, ir.Act) and n.manner == ("轮流",) and n.partner is not None


def _actor(n: ir.Node) -> ir.PlayerRef | None:
    """Who does ``n``, if it is one act."""
    return n.actor if isinstance(n, ir.Act) else None


def _loser_side(p: ir.PlayerRef) -> str | None:
    """首先未<verb>…的一方: the verb (its first two characters) the side did not do first,
    or None for any other player phrase."""
    if p.head != "一方" or p.det is not None or len(p.modifiers) != 1:
        return None
    m = re.fullmatch(r"首先(?:未|没有)(.+)的", p.modifiers[0])
    return m.group(1)[:2] if m else None


def _flat(node: ir.Node) -> Iterator[ir.Node]:
    """The clauses of a body in order (nested sequences flattened)."""
    if isinstance(node, ir.Seq):
        for item in node.items:
            yield from _flat(item)
    else:
        yield node


def bind_skill(
    reading: ir.RegisterSkill, span_of: SpanOf, card_effect: bool = False
) -> tuple[tuple[t.Tag, ...], tuple[t.Ability, ...]]:
    """The typed tags and abilities of a register reading: one ability per part, bound
    or :class:`~sgs.compiler.ir.Unbound` (a tag the typed IR does not know — 转换技,
    使命技 … — unbinds the first part too); a trailing 每阶段限一次 part is the limit of
    the part before it.  ``card_effect``: the text is a card's effect (a 锦囊
    declaration's line), bound as :class:`~sgs.compiler.ir.CardEffectAbility`."""
    b = Binder(reading, span_of, card_effect)
    tags: list[t.Tag] = []
    tag_gaps: list[tuple[str, Span]] = []
    for part in reading.parts:
        for word in part.tags:
            tag = _TAGS.get(word)
            if tag is None:
                tag_gaps.append((f"技能标签“{word}”", b.span(part)))
            elif tag not in tags:
                tags.append(tag)
    parts = [p for p in reading.parts if p.kind != "xdef"]
    abilities: list[t.Ability] = []
    i = 0
    while i < len(parts):
        part = parts[i]
        limit: t.Limit | None = None
        nxt = parts[i + 1] if i + 1 < len(parts) else None
        try:
            if nxt is not None and nxt.kind == "limit_only":
                limit = b.limit(nxt)
            elif part.limit is not None and part.kind == "free" and re.fullmatch(r"出牌阶段限\w次", part.limit):
                # 出牌阶段限一次，你可以…: an active skill of the play phase with its limit
                part = replace(part, kind="active", phase="出牌阶段")
                limit = b.limit(part)
                i -= 1  # the limit is the part's own, not the next part's
            elif part.limit is not None:
                raise b.gap(f"次数限制“{part.limit}”", part)
            abilities.append(b.bind_part(part, limit))
        except Gap as gap:
            span = span_of(gap.start, gap.end)
            abilities.append(t.Unbound(part.kind, ((gap.what, span),), b.words(part), b.span(part),
                                       reading=part_facts(reading, part)))
        i += 2 if limit is not None else 1
    if tag_gaps and abilities:
        first = abilities[0]
        gaps = tuple(tag_gaps) + (first.gaps if isinstance(first, t.Unbound) else ())
        abilities[0] = t.Unbound(first.part if isinstance(first, t.Unbound) else first.kind, gaps, first.text, first.span,
                                 reading=first.reading if isinstance(first, t.Unbound) else part_facts(reading, parts[0]))
    order = list(t.Tag)
    return tuple(sorted(tags, key=order.index)), tuple(abilities)
