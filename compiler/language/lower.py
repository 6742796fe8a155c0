"""Lower a register-grammar parse tree into the small IR (:mod:`.ir`).

One generic pass, dispatching on the grammar's naming convention instead of one
branch per sentence: ``act_<verb>`` frames become :class:`~.ir.Act` with that verb,
``st_<kind>`` statements :class:`~.ir.Static`, ``ev_<window>`` events
:class:`~.ir.EventPattern`, ``cond_<kind>`` :class:`~.ir.Cond`; player and card
phrases become :class:`~.ir.PlayerRef` / :class:`~.ir.CardRef` with the words they
cover.  A new frame in grammar/register/30_verbs.lark needs no change here.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from lark import Token, Tree

from . import ir

__all__ = ["lower_skill", "OPTIONAL_MODALS"]

#: modal words after which the owner decides (你可以 …); the others are mandatory
OPTIONAL_MODALS = frozenset({"可以", "可", "也可以", "亦可以", "可以依次", "可以同时", "可以立即", "能"})

_PLAYER = {"player", "player_simple", "player_list", "player_except", "player_among", "pronoun"}
_CARD_PREFIX = "card"
_CARD = {"cpron", "chead"}
_QUANTITY = {"quantity", "amount", "xexpr", "cquant", "target_count"}
#: clause leads and tails that restrict a clause without being a 若-condition
_LEADS = {"duration", "until", "except_lead", "when_lead", "each_lead", "from_lead", "timing"}
_PARTS = {"part", "part_branch", "part_numbered"}
_ADVERBS = {"duration", "adv_place", "ev_context", "adv", "phase_adv", "own_when"}
#: serial verb constructions whose prefix scopes over the verb chain after it
#: (30_verbs ``vp``): the frame and its adverb in the act's ``manner`` ('' for none: 对X
#: gives the act its target, and only that)
_PREFIXES = {"to": "", "as_if": "视为", "each": "各", "in_turn": "依次", "also": "亦", "again": "再",
             "in_a_row": "连续", "together": "同时", "extra": "额外", "respectively": "分别", "instead": "改为",
             # X与Y轮流打出… (turns: Y the partner)
             "alternate": "轮流"}

#: modal words that negate: a prohibition of A or B is one of each (不能使用或打出… forbids both)
NEGATIVE_MODALS = frozenset({"不能", "不可以", "无法", "不会"})
#: the conjunctions that make a coordination a choice (使用或打出 / 摸一张牌或回复1点体力)
_OR = ("或", "或者")

Subtree = Tree[Token]


def _span(t: Subtree | Token) -> tuple[int, int]:
    if isinstance(t, Token):
        return t.start_pos or 0, t.end_pos or 0
    meta = t.meta
    return (meta.start_pos, meta.end_pos) if not meta.empty else (0, 0)


def _topdown(t: Subtree, skip: Callable[[Subtree], bool] | None = None) -> list[Subtree]:
    """``t`` and its subtrees, preorder; not below a subtree ``skip`` says to leave whole."""
    out = [t]
    for c in t.children:
        if isinstance(c, Tree):
            out.extend([c] if skip is not None and skip(c) else _topdown(c, skip))
    return out


def _is_argument(t: Subtree) -> bool:
    """A player or card phrase: a whole argument, whose relative clauses are its own."""
    return t.data in _PLAYER or t.data.startswith(_CARD_PREFIX) or t.data in _CARD


class _Lowering:
    def __init__(self, text: str) -> None:
        self.text = text
        #: the subject and modal in force (reset at each sentence)
        self.actor: ir.PlayerRef | None = None
        self.modal: str | None = None

    def words(self, t: Subtree | Token) -> str:
        a, b = _span(t)
        return self.text[a:b]

    # ---- phrases
    def player(self, t: Subtree) -> ir.PlayerRef:
        a, b = _span(t)
        while t.data == "player" and len(t.children) == 1 and isinstance(t.children[0], Tree):
            t = t.children[0]  # the wrapper rule: read the phrase it holds
        kids = [c for c in t.children if isinstance(c, Tree)]
        if t.data in ("player_list", "player_except", "player_among"):
            parts = tuple(self.player(c) for c in kids if c.data in _PLAYER)
            det = next((self.words(c) for c in kids if c.data == "pdet"), None)
            head = next((self.words(c) for c in kids if c.data == "phead"), None)
            return ir.PlayerRef(a, b, self.words(t), det, (), head, False, str(t.data), parts)
        if t.data == "pronoun" or (len(kids) == 1 and kids[0].data == "pronoun"):
            return ir.PlayerRef(a, b, self.words(t), None, (), self.words(t), True, "pronoun")
        det = next((self.words(c) for c in kids if c.data == "pdet"), None)
        mods = tuple(self.words(c) for c in kids if c.data == "pmod")
        head = next((self.words(c) for c in kids if c.data == "phead"), None)
        return ir.PlayerRef(a, b, self.words(t), det, mods, head, False, str(t.data))

    def card(self, t: Subtree) -> ir.CardRef:
        a, b = _span(t)
        while t.data == "card" and len(t.children) == 1 and isinstance(t.children[0], Tree):
            t = t.children[0]
        kids = [c for c in t.children if isinstance(c, Tree)]
        owner = next((self.player(c) for c in kids if c.data in _PLAYER), None)
        if owner is None:
            owner = next((self.player(o.children[0]) for o in kids if o.data == "owner"
                          and o.children and isinstance(o.children[0], Tree)), None)
        count = next((self.words(c) for c in t.iter_subtrees() if c.data == "cquant"), None)
        place = next((self.words(c) for c in t.iter_subtrees() if c.data in ("place", "pile")), None)
        if t.data == "card_list":
            parts = tuple(self.card(c) for c in kids)
            return ir.CardRef(a, b, self.words(t), count, owner, place, (), None, False, str(t.data), parts)
        if t.data == "cpron":
            return ir.CardRef(a, b, self.words(t), None, None, None, (), self.words(t), True, "cpron")
        inner = next((c for c in kids if c.data.startswith("card") or c.data == "cpron"), None)
        if inner is not None and t.data in ("card_owned", "card_in_place", "card_in_pile", "card_among", "card_original",
                                                    "card_except"):
            sub = self.card(inner)
            return ir.CardRef(a, b, self.words(t), count or sub.count, owner or sub.owner, place or sub.place,
                              sub.filters, sub.head, sub.pronoun, str(t.data), (sub,), sub.rels)
        filters = tuple(self.words(c) for c in kids if c.data == "cmod")
        head = next((self.words(c) for c in kids if c.data == "chead"), None)
        rels = tuple(self.words(c) for c in kids if c.data == "crel")  # (the binder says which it knows)
        return ir.CardRef(a, b, self.words(t), count, owner, place, filters, head, False, str(t.data), rels=rels)

    def skill(self, t: Subtree) -> ir.SkillRef:
        """A skill phrase (30_verbs ``skill_np`` / ``skill_phrase``): its name, owner,
        count, kind and the kinds left out, each as written."""
        a, b = _span(t)
        while t.data == "skill_np" and len(t.children) == 1 and isinstance(t.children[0], Tree):
            t = t.children[0]  # the wrapper rule: read the phrase it holds
        toks = [c for c in t.children if isinstance(c, Token)]
        kids = [c for c in t.children if isinstance(c, Tree)]
        name = next((str(c)[1:-1] for c in toks if c.type == "SKILLREF"), None)
        owner = next((self.player(c) for c in kids if c.data in _PLAYER), None)
        kind = next((str(c) for c in toks if c.type == "TAG"), None)
        count = next((str(c) for c in toks if c.type == "NUM"), None)
        if count is not None:
            count += "个"
        elif "所有" in self.words(t)[: self.words(t).find("技")]:
            count = "所有"
        excluded = tuple(str(x) for c in kids if c.data == "skill_except" for x in c.children
                         if isinstance(x, Token) and x.type == "TAG")
        return ir.SkillRef(a, b, self.words(t), name, owner, count, kind, excluded)

    def arg(self, c: Subtree | Token) -> ir.Node | None:
        a, b = _span(c)
        if isinstance(c, Token):
            if c.type in ("NUM", "VAR"):
                return ir.Quantity(a, b, str(c))
            if c.type in ("CARD", "MARK", "KIND"):
                return ir.CardRef(a, b, str(c))
            if c.type == "SKILLREF":
                return ir.SkillRef(a, b, str(c), str(c)[1:-1])
            return None
        d = c.data
        if d in ("paren", "paren_except"):  # a remark that restricts the phrase: （…除外）
            return ir.Cond(a, b, d, self.args(c), self.words(c))
        if d in ("option", "option_n"):  # a choice's option: its own clauses, the chooser acting
            if d == "option_n":
                c = next(x for x in c.children if isinstance(x, Tree) and x.data == "option")
            body = next((x for x in c.children if isinstance(x, Tree) and x.data == "body"), c)
            saved = self.actor, self.modal
            self.modal = None
            seq = self.body(body) or ir.Seq(a, b, ())
            self.actor, self.modal = saved
            return ir.Option(a, b, self.words(c), seq)
        if d in _PLAYER:
            return self.player(c)
        if d in ("skill_np", "skill_phrase"):
            return self.skill(c)
        if d.startswith(_CARD_PREFIX) or d in _CARD:
            return self.card(c)
        if d in _QUANTITY:
            return ir.Quantity(a, b, self.words(c))
        if d == "edit":  # 将“a”改为“b” / 删去“a”: the quoted words, without their quotes
            quoted = [str(x)[1:-1] for x in c.children if isinstance(x, Token) and x.type in ("MARK", "WORDING")]
            return ir.Edit(a, b, quoted[0], quoted[1] if len(quoted) > 1 else "")
        if d in ("dests", "dest", "pile", "place"):  # where cards go or come from (置于牌堆顶 / 从牌堆中获得)
            return ir.Place(a, b, self.words(c))
        if d.startswith("act_") or d == "vps" or d.startswith("st_"):
            # a verb phrase inside a verb (选择是否打出…, 弃置…来…): done by the same actor
            return self.seq(c, self.actor, None, decides=False)
        return None

    def args(self, t: Subtree) -> tuple[ir.Node, ...]:
        out: list[ir.Node] = []
        for c in t.children:
            if isinstance(c, Tree) and c.data == "dmg_from":
                # 受到【杀】造成的伤害 / 受到其他角色造成的伤害: the source's phrases are
                # the event's (or verb's) own arguments, never dropped
                out.extend(self.args(c))
                continue
            got = self.arg(c)
            if got is not None:
                out.append(got)
        return tuple(out)

    # ---- verbs and statements
    def act(self, t: Subtree, actor: ir.PlayerRef | None, modal: str | None, decides: bool = True) -> ir.Node:
        a, b = _span(t)
        d = t.data
        if d == "st_subject":  # subject + predicate: the predicate names the kind
            pred = [c for c in t.children if isinstance(c, Tree)][-1]
            uses = [c for c in pred.children if isinstance(c, Tree) and c.data.startswith("st_")]
            if pred.data == "st_use" and uses:  # 你使用【杀】无距离限制: the use's kind
                return ir.Static(a, b, uses[-1].data[3:], self.args(t) + self.args(pred) + self.args(uses[-1]),
                                 self.words(t))
            return ir.Static(a, b, pred.data[3:], self.args(t) + self.args(pred), self.words(t))
        if d.startswith("st_"):
            return ir.Static(a, b, d[3:], self.args(t), self.words(t))
        if d == "act_coord":
            return self.coordination(t, actor, modal, decides)
        verb = d[4:] if d.startswith("act_") else d
        chain = [c for c in t.children if isinstance(c, Tree) and c.data == "vps" or isinstance(c, Tree) and c.data.startswith("act_")]
        if verb in _PREFIXES and len(chain) == 1:
            return self.serial(t, verb, chain[0], actor, modal, decides)
        if verb == "choose" and len(chain) > 1:  # 选择A或B: the options of one choice
            optional = _optional(decides, modal)
            options = tuple(self.option(list(self.seq(c, actor, None, False).items)) for c in chain)
            return ir.Act(a, b, "choice", actor, options, optional, modal)
        if verb == "cause":  # 令 player vps: the player acts; 令 + a statement (令此牌无法响应): no actor
            first = t.children[0]
            who = self.player(first) if isinstance(first, Tree) and first.data in _PLAYER else None
            said = next((c for c in t.children if isinstance(c, Tree) and c.data.startswith("st_")), None)
            if who is None and said is not None:
                # 令 + a statement, then verbs (令点数+X并视为…): the statement's player does
                # them (令其手牌上限+1并摸…), else the one who causes it
                doer = self.subject_of(said) or actor
                inner = ir.Seq(_span(said)[0], b, tuple(x for c in t.children if isinstance(c, Tree) and c.data != "adv"
                                                         for x in self.seq(c, doer, None).items))
            else:
                inner = self.seq(t.children[-1], who, None) if who is None or len(t.children) > 1 else ir.Seq(a, b, ())
                for c in reversed([c for c in t.children if isinstance(c, Tree) and c.data == "duration"]):
                    # 令其本回合内…: when what it does holds, as a clause's duration
                    inner = ir.Seq(_span(c)[0], inner.end, (ir.If(_span(c)[0], inner.end, ir.Cond(*_span(c), "duration", self.args(c), self.words(c)), inner),))
            when = next((c for c in t.children if isinstance(c, Tree) and c.data == "own_when"), None)
            if when is not None:  # 令你于此牌结算后视为…: what the player does then
                inner = ir.Seq(inner.start, inner.end, (ir.When(*_span(when), (self.when_event(when, who),), inner),))
            args: tuple[ir.Node, ...] = tuple(x for x in (who, inner) if x is not None)
        else:
            saved, self.actor = self.actor, actor  # a choice's options: the chooser acts
            args = self.args(t)
            self.actor = saved
        optional = _optional(decides, modal)
        return ir.Act(a, b, verb, actor, args, optional, modal)

    def serial(self, t: Subtree, verb: str, chain: Subtree, actor: ir.PlayerRef | None, modal: str | None,
               decides: bool) -> ir.Seq:
        """A serial verb construction (对X使用Y, 视为对X使用Y, 各摸一张牌, 和X同时展示…): the
        prefix scopes over the chain after it, and is one act with the chain's first verb —
        its target (对X), partner (和X同时), manner (视为 / 各 …) and, after 视为X, actor X;
        the span starts at the prefix."""
        a, b = _span(t)
        player = next((self.player(c) for c in t.children if isinstance(c, Tree) and c.data in _PLAYER), None)
        if verb == "as_if" and player is not None:  # 视为你装备着… / 其视为对你使用…
            actor = player
        inner = self.seq(chain, actor, modal, decides)
        items = list(inner.items)
        first = next((i for i, x in enumerate(items) if isinstance(x, ir.Act)), None)
        if first is None:  # a chain of statements (视为…无效): keep it as written
            return ir.Seq(a, b, (ir.Act(a, b, verb, actor, (player,) if player else (), False, modal), inner))
        x = items[first]
        assert isinstance(x, ir.Act)
        manner = ((_PREFIXES[verb],) if _PREFIXES[verb] else ()) + x.manner
        if verb == "to":
            x = replace(x, target=player)
        elif verb in ("together", "each", "alternate"):  # 和X同时… / 与X各… / 与X轮流…: X does it too
            x = replace(x, partner=player)
        items[first] = replace(x, start=a, manner=manner)
        return ir.Seq(a, b, tuple(items))

    def seq(self, t: Subtree | Token, actor: ir.PlayerRef | None, modal: str | None, decides: bool = True) -> ir.Seq:
        """The acts of a verb phrase; ``decides``: the first act is where a written
        你可以 is decided (``optional``) — one decision covers what follows it.  Verbs
        joined by 或 (摸一张牌或回复1点体力) are the options of one choice of the actor's
        (、 in such a list joins options too); 并 / 然后 / 后 join the acts of one option."""
        a, b = _span(t)
        if isinstance(t, Token):
            return ir.Seq(a, b, ())
        if t.data == "vps":
            kids = [c for c in t.children if isinstance(c, Tree) and c.data != "xdef"]  # a remark is no act
            gaps = [self.text[x.meta.end_pos:y.meta.start_pos].strip() for x, y in zip(kids, kids[1:])]
            if any(g.endswith(_OR) for g in gaps) and modal not in NEGATIVE_MODALS:
                groups: list[list[Subtree]] = [[kids[0]]]
                for g, c in zip(gaps, kids[1:]):
                    if g.endswith(_OR) or g.endswith("、"):
                        groups.append([c])
                    else:
                        groups[-1].append(c)
                options = tuple(self.option([x for c in grp for x in _items(self.act(c, actor, modal, False))])
                                for grp in groups)
                optional = _optional(decides, modal)
                return ir.Seq(a, b, (ir.Act(a, b, "choice", actor, options, optional, modal),))
            return ir.Seq(a, b, tuple(x for i, c in enumerate(kids) for x in _items(self.act(c, actor, modal, decides and i == 0))))
        return ir.Seq(a, b, _items(self.act(t, actor, modal, decides)))

    def option(self, items: list[ir.Node]) -> ir.Option:
        """One option of a choice: its acts, labelled by their words."""
        a, b = items[0].start, items[-1].end
        return ir.Option(a, b, self.text[a:b], ir.Seq(a, b, tuple(items)))

    def coordination(self, t: Subtree, actor: ir.PlayerRef | None, modal: str | None, decides: bool) -> ir.Node:
        """Verbs coordinated over one object (使用、打出或弃置一张牌 / 获得且失去过牌): one act
        per verb, each over the object and spanning its own verb word;
        with 或 the options of one choice — except under a negation, which forbids each
        (不能使用或打出…), and 使用或打出, which is the one act of either (use_or_play: the
        rules ask for a card used or played alike)."""
        a, b = _span(t)
        verbs = [c for c in t.children if isinstance(c, Tree) and c.data.startswith("v_")]
        joins = [self.words(c) for c in t.children if isinstance(c, Tree) and c.data == "vconj"]
        obj = next(c for c in t.children if isinstance(c, Tree) and c.data not in ("vconj",) and not c.data.startswith("v_"))
        arg = self.arg(obj)
        args = (arg,) if arg is not None else ()
        either = any(j in _OR for j in joins)
        optional = _optional(decides, modal)
        names = [v.data[2:] for v in verbs]
        if either and names == ["use", "play"]:
            return ir.Act(a, b, "use_or_play", actor, args, optional, modal)
        acts = [ir.Act(*_span(v), n, actor, args, optional and i == 0, modal) for i, (v, n) in enumerate(zip(verbs, names))]
        if either and modal not in NEGATIVE_MODALS:
            # (an option spans its verb to the shared object: the words it stands for)
            options = tuple(ir.Option(x.start, b, self.words(v), ir.Seq(x.start, b, (replace(x, optional=False),)))
                            for v, x in zip(verbs, acts))
            return ir.Act(a, b, "choice", actor, options, optional, modal)
        return ir.Seq(a, b, tuple(acts))

    def subject_of(self, st: Subtree) -> ir.PlayerRef | None:
        """The player a statement is about (其手牌上限+1: 其), if it names one."""
        return next((self.player(c) for c in st.children if isinstance(c, Tree) and c.data in _PLAYER), None)

    # ---- clauses
    def cond(self, t: Subtree) -> ir.Cond:
        a, b = _span(t)
        atoms = [c for c in t.children if isinstance(c, Tree)]
        if t.data == "condition" and len(atoms) == 1:
            t = atoms[0]
        args, text = self.args(t), self.words(t)
        if t.data == "cond_subject":  # subject + predicate: the predicate names the kind
            pred = [c for c in t.children if isinstance(c, Tree)][-1]
            t, args = pred, args + self.args(pred)
        kind = t.data[5:] if t.data.startswith("cond_") else t.data
        return ir.Cond(a, b, kind, args, text)

    def clause_core(self, t: Subtree) -> ir.Node:
        a, b = _span(t)
        if t.data != "clause_core":
            return self.act(t, None, None)
        # a dropped subject is the previous clause's (你可以弃置…，令… : 你 still acts),
        # and 你可以 covers the rest of the sentence
        if self.actor is None and not any(isinstance(c, Tree) and c.data in _PLAYER for c in t.children):
            # no subject written or carried (你登场时，令一名角色…): the skill's owner acts — an
            # implied 你, of no width, that the binder does not take as written
            self.actor = ir.PlayerRef(a, a, "你", None, (), "你", False, "implicit")
        actor = self.actor
        modal = self.modal
        written = False  # a modal written in this clause (not carried from the last)
        items: list[ir.Node] = []
        spans: list[Subtree] = []
        whens: list[Subtree] = []
        for c in t.children:
            if not isinstance(c, Tree):
                continue
            if c.data in _PLAYER:  # an explicit subject starts its own modality
                actor = self.actor = self.player(c)
                modal = self.modal = None
            elif c.data == "modal":
                modal = self.modal = self.words(c)
                written = True
            elif c.data in ("duration", "phase_adv"):  # 本回合你可以… / 其下个摸牌阶段多摸…: when it holds
                spans.append(c)
            elif c.data == "adv_place" and any(isinstance(x, Tree) and x.data == "until" for x in c.children):
                spans.append(c)  # 于其下回合结束或其死亡之前拥有…: a span up to an event, held
            elif c.data == "own_when":  # 你的下一名武将登场时获得…: the subject's own event, a timing
                whens.append(c)
            elif c.data in _ADVERBS:
                continue
            else:
                items.extend(self.seq(c, actor, modal, written and not items).items)
                if c.data.startswith("st_") and (said := self.subject_of(c)) is not None:
                    actor = self.actor = said  # 其手牌上限-1并摸一张牌: 其 draws
        body: ir.Node = ir.Seq(a, b, tuple(items))
        for c in reversed(whens):
            body = ir.Seq(a, b, (ir.When(a, b, (self.when_event(c, actor),), body),))
        for c in reversed(spans):
            ca, cb = _span(c)
            body = ir.Seq(a, b, (ir.If(a, b, ir.Cond(ca, cb, "duration", self.args(c), self.words(c)), body),))
        assert isinstance(body, ir.Seq)
        return body

    def when_event(self, c: Subtree, actor: ir.PlayerRef | None) -> ir.EventPattern:
        """The event of a time right after a subject (你的下一名武将登场时…: the subject's
        own event; 于此牌结算后: the card's, whoever the subject)."""
        ca, cb = _span(c)
        card = next((x for x in c.children if isinstance(x, Tree) and x.data == "ev_card_subject"), None)
        if card is not None:
            return self.event(card)
        ev = self.event(c)
        return replace(ev, start=actor.start if actor is not None and actor.end <= ca else ca, subject=actor) if actor is not None else ev

    def enum(self, t: Subtree) -> ir.Node:
        """An enumeration (…：1.…；2.… / 若此牌：为基本牌，…；…): after a head that chooses
        (选择一项 / 令其选择一项), the items are the options of one choice; after 若 and
        the subject of a condition, each labelled item is a branch (If, the label its words)."""
        a, b = _span(t)
        kids = [c for c in t.children if isinstance(c, Tree)]
        head = next(c for c in kids if c.data == "enum_head")
        items = next(c for c in kids if c.data == "enum_items")
        core = next((c for c in head.children if isinstance(c, Tree) and c.data == "clause_core"), None)
        got = self.clause_core(core) if core is not None else None
        lead = got if isinstance(got, ir.Seq) else ir.Seq(*_span(head), (got,) if got is not None else ())
        saved = self.actor, self.modal
        chosen = _chooser(lead)
        chooser = chosen or self.actor  # the options are the chooser's acts
        entries: list[ir.Node] = []
        flat = [c for c in items.children if isinstance(c, Tree)]
        for it in (next(x for x in c.children if isinstance(x, Tree)) if c.data.startswith("enum_more") else c
                   for c in flat):
            item_body = next((x for x in it.children if isinstance(x, Tree) and x.data == "body"), it)
            ia, ib = _span(it)
            self.actor, self.modal = chooser, None
            seq = self.body(item_body) or ir.Seq(ia, ib, ())
            if it.data in ("enum_lab", "enum_jp"):  # a labelled item is a branch (判定结果为：红桃…)
                label = next(x for x in it.children if isinstance(x, Tree) and x.data in ("enum_label", "judge_pattern"))
                # the label finishes the head's condition (若你的“军略”数为：奇数，… → 你的“军略”数为奇数)
                asked = next((self.words(x) for x in head.children if isinstance(x, Tree) and x.data == "cond_judge_head"), "")
                entries.append(ir.If(ia, ib, ir.Cond(*_span(label), "enum", (), asked.removeprefix("若") + self.words(label)), seq))
            else:
                entries.append(ir.Option(ia, ib, self.words(it), seq))
        # after a head that chooses nothing, items that each open with 若 are the cases of
        # what the head did (…展示一张手牌：若…，…；若…，…): conditions, not options
        if chosen is None and all(isinstance(e, ir.If) or _conditional(e.body) for e in entries if isinstance(e, ir.Option)):
            entries = [e.body if isinstance(e, ir.Option) else e for e in entries]
        self.actor, self.modal = saved
        options = tuple(e for e in entries if isinstance(e, ir.Option))
        if len(options) == 1 and not any(isinstance(x, ir.Act) for x in ir.walk(lead)):
            # 你可以：A，B，C — one item after a subject and modal: what is done, not a choice
            only = _first_act(options[0].body, lambda x: replace(x, optional=self.modal in OPTIONAL_MODALS, modal=self.modal))
            entries = [only if e is options[0] else e for e in entries]
            options = ()
        if options:
            # a head of only a subject and modal (你可以：A；B): its 可以 decides the choice
            optional = not any(isinstance(x, ir.Act) for x in ir.walk(lead)) and self.modal in OPTIONAL_MODALS
            lead = _choice(lead, options) or ir.Seq(lead.start, lead.end, lead.items + (
                ir.Act(_span(head)[1] if optional else a, b, "choice", chooser, options, optional, self.modal),))
        out = ir.Seq(a, b, (lead,) + tuple(e for e in entries if not isinstance(e, ir.Option)))
        conds = [c for c in kids if c.data.startswith("cond_") or c.data == "condition"]
        return self.nest(kids, conds, out, a, b)

    def nest(self, kids: list[Subtree], conds: list[Subtree], body: ir.Node, a: int, b: int) -> ir.Node:
        """``body`` under the clause's first 若-condition and its timings (当…后), nested in
        the order written (当…时，若… / 若…，当…时)."""
        timed = [c for c in kids if c.data in ("timing", "clause_lead")]
        first_cond = kids.index(conds[0]) if conds else len(kids)
        for c in reversed(timed):
            if kids.index(c) > first_cond:
                body = ir.When(a, b, self.timings(c), body)
        if conds:
            body = ir.If(a, b, self.cond(conds[0]), body)
        for c in reversed(timed):
            if kids.index(c) < first_cond:
                body = ir.When(a, b, self.timings(c), body)
        return body

    def clause(self, t: Subtree) -> ir.Node:
        a, b = _span(t)
        kids = [c for c in t.children if isinstance(c, Tree)]
        # a lead of several parts (若此时…: a time and a condition) is read as its parts
        kids = [k for c in kids for k in ([x for x in c.children if isinstance(x, Tree)] if c.data == "lead_first" else [c])]
        if t.data == "enum_clause":
            return self.enum(t)
        if t.data == "topic_clause":  # 其使用的牌若为黑色，则对你无效: the topic is both subjects
            topic, pred, st = kids
            card = self.card(topic)
            ca, cb = _span(topic)[0], _span(pred)[1]
            cond = ir.Cond(ca, cb, pred.data[5:], (card,) + self.args(pred), self.text[ca:cb])
            sa, sb = _span(st)
            return ir.If(a, b, cond, ir.Seq(sa, sb, (ir.Static(sa, sb, st.data[3:], (card,) + self.args(st), self.words(st)),)))
        conds = [c for c in kids if c.data.startswith("cond_") or c.data == "condition"]
        # a timing inside a body (当…后，… / X下个判定阶段开始时，…) stays a timing: what
        # follows happens then; a clause without its own subject acts by the timing's
        timed = [c for c in kids if c.data in ("timing", "clause_lead")]
        whens = [self.timings(c) for c in timed]
        cores = [c for c in kids if c.data == "clause_core" or c.data.startswith("st_")]
        subject = next((e.subject for w in whens for e in w if e.subject is not None), None)
        if subject is not None and cores and not any(isinstance(x, Tree) and x.data in _PLAYER for x in cores[0].children):
            self.actor, self.modal = subject, None
        if t.data == "each_case_clause":  # 你每满足…: the subject of the items acts
            self.actor, self.modal = self.player(next(c for c in kids if c.data in _PLAYER)), None
        body: ir.Node = self.clause_core(cores[0]) if cores else ir.Seq(a, b, ())
        if len(cores) > 1:  # 你每满足以下一项便A，然后B：… — the clauses done per item
            body = ir.Seq(a, b, tuple(x for c in cores for x in _items(self.clause_core(c))))
        # a lead that is not a 若-condition (你的回合外, 除你以外, 直到回合结束 …) restricts
        # the clause too: kept as a condition of its kind, never dropped
        cases = [c for c in kids if c.data == "case_n"]  # 以下两种情况，…：1.…；2.… (any of them)
        if cases:
            conds_of = tuple(self.cond(next(x for x in c.children if isinstance(x, Tree))) for c in cases)
            ca, cb = _span(cases[0])[0], _span(cases[-1])[1]
            kind = "each_of" if t.data == "each_case_clause" else "any_of"  # 每满足以下一项: once per item
            body = ir.If(a, b, ir.Cond(ca, cb, kind, conds_of, self.text[ca:cb]), body)
        leads = [c for c in kids if c.data in _LEADS and c.data != "timing"]
        for lead in reversed(leads):
            la, lb = _span(lead)
            body = ir.If(a, b, ir.Cond(la, lb, lead.data, self.args(lead), self.words(lead)), body)
        body = self.nest(kids, conds, body, a, b)
        for tail in (c for c in kids if c.data == "clause_tail"):  # …直到你下个回合开始: how long it holds
            listed = next((x for x in tail.children if isinstance(x, Tree) and x.data == "skill_list"), None)
            if listed is not None:  # 选择下列一个技能…：〖A〗、〖B〗: the list is the choice's options
                opts = tuple(ir.Option(*_span(k), str(k), ir.Seq(*_span(k), ())) for k in listed.children
                             if isinstance(k, Token) and k.type == "SKILLREF")
                body = _first_act(body, lambda x: replace(x, verb="choice", args=x.args + opts), "choose")
            until = next((x for x in tail.children if isinstance(x, Tree) and x.data == "until"), None)
            if until is not None:
                ta, tb = _span(tail)
                body = ir.If(a, b, ir.Cond(ta, _span(until)[1], "until", self.args(until), self.text[ta:_span(until)[1]]), body)
        if t.data == "if_done":  # 若如此做，… (if the step before was done)
            return ir.If(a, b, None, body)
        return body

    def timings(self, t: Subtree) -> tuple[ir.EventPattern, ...]:
        """The events of a timing (…时或…后: two timings of one trigger; 或/、/和 join
        them); an exception or a limit in brackets after it (（…除外） / （每种花色限一次）)
        restricts the event before it."""
        out: list[ir.EventPattern] = []
        for c in t.children:
            if not isinstance(c, Tree) or c.data in ("timing_lead", "tsep"):
                continue
            if c.data in ("except", "limit_remark") and out:
                out[-1] = replace(out[-1], context=out[-1].context + (self.words(c),))
                continue
            got = self.events(c)
            prev = out[-1] if out else None
            if (c.data == "ev_subject" and prev is not None and prev.subject is not None
                    and all(e.subject is None for e in got) and prev.window not in _NO_SUBJECT_WINDOWS):
                # 当你受到伤害后或失去体力后: a timing without its subject shares the one before
                got = [replace(e, subject=prev.subject) for e in got]
            out.extend(got)
        # bare phases listed before a phase's timing share its timing word (判定阶段、
        # 摸牌阶段开始前: two phase timings); a bare phase before another event stays bare
        for i in range(len(out) - 1, -1, -1):
            nxt = out[i + 1] if i + 1 < len(out) else None
            if out[i].window == "phase_bare" and nxt is not None and nxt.window == "phase":
                out[i] = replace(out[i], window="phase", timing=nxt.timing)
        return tuple(out)

    def events(self, t: Subtree) -> list[ir.EventPattern]:
        """The events of one event clause: one, or one per event of a coordination of one
        subject (受到伤害或失去体力后 / 获得或失去手牌后: the clause's subject, timing word
        and span shared; a context written before the first event is each one's, one
        written between them the next event's only)."""
        if t.data != "ev_subject":
            return [self.event(t)]
        kids = [c for c in t.children if isinstance(c, Tree)]
        evs = [c for c in kids if c.data.startswith("ev_") and c.data not in ("ev_context", "ev_ordinal")]
        if len(evs) == 0 or len(evs) == 1 and evs[0].data != "ev_coord":
            return [self.event(t)]
        base = self.event(t)
        first = kids.index(evs[0])
        shared = tuple(self.words(c) for c in kids[:first] if c.data == "ev_context")
        out: list[ir.EventPattern] = []
        own: list[str] = []
        for c in kids[first:]:
            if c.data == "ev_context":
                own.append(self.words(c))
            elif c in evs:
                for window, args in self.coordinated(c):
                    ctx = shared + tuple(own) + tuple(self.words(x) for x in c.children
                                                      if isinstance(x, Tree) and x.data == "ev_ordinal")
                    out.append(replace(base, window=window, args=args, context=ctx, per=self.per(c),
                                       element=next((self.words(x) for x in c.children
                                                     if isinstance(x, Tree) and x.data == "element"), "")))
                own = []
        return out

    def per(self, ev: Subtree) -> str:
        """Whether an event counts points (受到1点伤害: "point") or events ("event")."""
        amount = next((self.words(c) for c in _topdown(ev, skip=_is_argument) if c.data == "amount"), "")
        return "point" if amount.endswith("点") else "event"

    def coordinated(self, ev: Subtree) -> list[tuple[str, tuple[ir.Node, ...]]]:
        """(window, arguments) of an event, one per verb of a coordination (获得或失去手牌)."""
        if ev.data != "ev_coord":
            return [(ev.data[3:], self.args(ev))]
        obj = next(c for c in ev.children if isinstance(c, Tree) and c.data != "vconj" and not c.data.startswith("ev_"))
        arg = self.arg(obj)
        args = (arg,) if arg is not None else ()
        return [(c.data[3:], args) for c in ev.children if isinstance(c, Tree) and c.data.startswith("ev_")]

    def body(self, t: Subtree | None) -> ir.Seq | None:
        if t is None:
            return None
        a, b = _span(t)
        items: list[ir.Node] = []
        for c in t.children:
            if not isinstance(c, Tree) or c.data in ("clause_sep", "option_sep"):
                continue
            if c.data == "until_tail" and items:  # …，直到回合结束: how long the clause before it holds
                until = next(x for x in c.children if isinstance(x, Tree))
                ua, ub = _span(until)
                ca = ua - len("直到") if self.text[ua - 2:ua] == "直到" else ua
                prev = items.pop()
                items.append(ir.If(prev.start, ub, ir.Cond(ca, ub, "until", self.args(until), self.text[ca:ub]), prev))
                continue
            inner = [x for x in c.children if isinstance(x, Tree)]
            if c.data == "clause" and len(inner) == 1 and inner[0].data in ("else_clause", "if_done", "also_clause", "cases_clause", "each_case_clause",
                                                                       "topic_clause"):
                c = inner[0]  # clause_special after the first clause: read it as itself (否则 / 若如此做 …)
            got = self.clause(c)
            last = items[-1] if items else None
            if c.data == "else_clause" and isinstance(last, ir.If) and last.else_ is None:  # 否则，…
                items[-1] = replace(last, end=got.end, else_=got)
            elif c.data == "else_clause" and last is not None and _required(last):
                # X需A，否则B: B when X does not do A (his answer, not a 若)
                items[-1] = ir.OrElse(last.start, got.end, last, got)
            elif _open_if(last) and not _open_if(got):
                # 若…，A，然后B: the condition covers the rest of the sentence, up to 否则 or the next 若
                assert isinstance(last, ir.If)
                then = last.then.items if isinstance(last.then, ir.Seq) else (last.then,)
                items[-1] = replace(last, end=got.end, then=ir.Seq(last.then.start, got.end, then + (got,)))
            else:
                items.append(got)
        return ir.Seq(a, b, tuple(items))

    # ---- events and parts
    def event(self, t: Subtree) -> ir.EventPattern:
        a, b = _span(t)
        subject = next((self.player(c) for c in t.children if isinstance(c, Tree) and c.data in _PLAYER), None)
        # the event's own verb, not one of a relative clause in its subject or object
        # (对你造成过伤害的角色死亡后: a death, not a damage)
        ev = next((c for c in _topdown(t, skip=_is_argument) if c.data.startswith("ev_") and c.data not in ("ev_context", "ev_ordinal") and c is not t), t)
        lead: tuple[ir.Node, ...] = ()
        if t.data == "ev_card_subject":
            # an event of a card (你使用的【杀】被【闪】抵消后 / 其他角色弃置的牌置入弃牌堆时): the
            # card is its first argument and whoever its relative clause names its subject
            card_t = next(c for c in t.children if isinstance(c, Tree) and (c.data.startswith(_CARD_PREFIX) or c.data in _CARD))
            ev = next(c for c in t.children if isinstance(c, Tree) and c.data.startswith("ev_") and c.data != "ev_context")
            lead, subject = (self.card(card_t),), self.agent_of(card_t)
        window = ev.data[3:] if ev.data.startswith("ev_") else ev.data
        timing = next((self.words(c) for c in t.children if isinstance(c, (Tree, Token))
                       and (isinstance(c, Token) and c.type == "TIMING" or isinstance(c, Tree) and c.data == "timing_word")), "")
        per = self.per(ev)
        context = tuple(self.words(c) for c in t.children if isinstance(c, Tree) and c.data == "ev_context")
        # which one (下个判定阶段 / 每个回合): a restriction of the event, as written
        context += tuple(self.words(c) for c in ev.children if isinstance(c, Tree) and c.data == "ev_ordinal")
        args = lead + tuple(x for x in self.args(ev) if subject is None or (x.start, x.end) != (subject.start, subject.end))
        element = next((self.words(c) for c in ev.children if isinstance(c, Tree) and c.data == "element"), "")
        return ir.EventPattern(a, b, window, subject, timing, per, args, context, element)

    def agent_of(self, card_t: Subtree) -> ir.PlayerRef | None:
        """Who did the act a card phrase's relative clause names (你使用的【杀】: 你), or
        None; the player after 对 is whom it was aimed at, not who did it."""
        t = card_t
        while t.data in ("card", "card_simple") and len(t.children) == 1 and isinstance(t.children[0], Tree):
            t = t.children[0]
        if t.data != "card_phrase":
            return None
        for rel in (c for c in t.children if isinstance(c, Tree) and c.data == "crel"):
            kids = [c for c in rel.children if isinstance(c, Tree)]
            if not any(c.data == "verbword" for c in kids):
                continue
            for c in kids:
                if c.data in _PLAYER and not self.text[:_span(c)[0]].endswith("对"):
                    return self.player(c)
        return None

    def part(self, t: Subtree) -> ir.Part:
        a, b = _span(t)
        # a branch (背水：… / 阳：…) and a sentence that goes on with the one before (…。然后…
        # / …；若…，则可以…) keep its subject; any other part starts without one
        goes_on = self.text.startswith("然后", a) or (self.text.startswith("若", a) and self.text[a - 1:a] == "；")
        if t.data != "part_branch" and not goes_on:
            self.actor = None
        self.modal = None
        tags: tuple[str, ...] = ()
        limit = None
        label = None
        core: Subtree | None = None
        for c in t.children:
            if isinstance(c, Token):
                if c.type == "CIRCLED":
                    label = str(c)
                continue
            if c.data == "tags":
                tags = tuple(self.words(x) for x in c.children if isinstance(x, (Tree, Token)))
            elif c.data == "limit_lead":  # limits stack (每名角色限一次，出牌阶段限一次，…): all of them
                limit = (limit + "，" if limit else "") + self.words(c).rstrip("，")
            elif c.data in ("trigger", "active", "limit_only", "free"):
                core = c
            elif c.data == "body":
                core = Tree("free", [c], c.meta)
        if t.data == "part_branch":
            w = self.words(t)
            label = next((x for x in ("阳", "阴", "成功", "失败", "背水") if x + "：" in w), None)
        if core is None:
            return ir.Part(a, b, "xdef", tags, limit, (), None, None, label)
        kind = core.data
        kids = [c for c in core.children if isinstance(c, Tree)]
        timings: tuple[ir.EventPattern, ...] = ()
        phase = None
        body_tree = next((c for c in kids if c.data == "body"), None)
        if kind == "trigger":
            timing = next(c for c in kids if c.data == "timing")
            timings = self.timings(timing)
            if kids[0] is not timing:  # 出牌阶段，当…时，…: the phase the timing listens in
                phase = self.text[_span(core)[0]:_span(timing)[0]].rstrip("，").removesuffix("内")
        elif kind == "active":
            # the phase(s) as written, with their owner (你的出牌阶段 / 摸牌阶段或出牌阶段), not 内
            pa = _span(core)[0]
            pb = _span(body_tree)[0] if body_tree is not None else _span(core)[1]
            phase = self.text[pa:pb].rstrip("，").removesuffix("内")
        elif kind == "limit_only":
            limit = self.words(core)
        body = self.body(body_tree)
        # remarks in brackets (（至多摸至五张） / （不能指定自己为目标）): what they say of the
        # act before them, kept as written (an X-definition is the part's X, not a remark)
        remarks = tuple(self.words(x) for x in _topdown(core) if x.data in ("xdef", "limit_remark", "note")
                        and not re.match(r"（[XY](为|是)", self.words(x)))
        only_static = body is not None and bool(body.items) and _statements_only(body)
        if kind == "free" or (kind == "active" and only_static):
            # statements only: a static part; a phase before them is where it holds (你的出牌阶段内，…不能…)
            kind = "static" if only_static else "free"
        return ir.Part(a, b, kind, tags, limit, timings, phase, body, label, tuple(dict.fromkeys(remarks)))


def _optional(decides: bool, modal: str | None) -> bool:
    """Whether an act is decided where it is written (``decides``) under a modal of
    choice (你可以…): its ``optional``."""
    return decides and modal in OPTIONAL_MODALS if modal else False


#: windows whose timing names no player (a phase, a round): nothing to share with the next
_NO_SUBJECT_WINDOWS = frozenset({"phase", "phase_nth", "turn", "round", "game_start", "generals_shown"})


def _first_act(n: ir.Node, fn: Callable[[ir.Act], ir.Act], verb: str | None = None) -> ir.Node:
    """``n`` with its first act (of ``verb``, if given; depth first through Seq, If and
    When) replaced by ``fn(act)``; ``n`` itself if it has none."""
    if isinstance(n, ir.Act):
        return fn(n) if verb is None or n.verb == verb else n
    if isinstance(n, ir.Seq):
        for i, x in enumerate(n.items):
            got = _first_act(x, fn, verb)
            if got is not x:
                return replace(n, items=n.items[:i] + (got,) + n.items[i + 1:])
    if isinstance(n, ir.If):
        got = _first_act(n.then, fn, verb)
        return replace(n, then=got) if got is not n.then else n
    if isinstance(n, ir.When):
        got = _first_act(n.body, fn, verb)
        return replace(n, body=got) if got is not n.body else n
    return n


def _items(n: ir.Node) -> tuple[ir.Node, ...]:
    """A serial verb's acts spliced into the chain around it; any other node as one item."""
    return n.items if isinstance(n, ir.Seq) else (n,)


def _statements_only(n: ir.Node) -> bool:
    """Whether a body says only statements (手牌上限+1 …), also while a time holds (本回合…)."""
    if isinstance(n, ir.Seq):
        return bool(n.items) and all(_statements_only(x) for x in n.items)
    if isinstance(n, ir.If) and n.cond is not None and n.cond.kind == "duration" and n.else_ is None:
        return _statements_only(n.then)
    return isinstance(n, ir.Static)


#: modal words of a required act (需打出一张【杀】，否则…): the 否则 after it is the other answer
_REQUIRED_MODALS = frozenset({"需", "须", "必须", "需要"})


def _required(n: ir.Node) -> bool:
    """Whether ``n`` is a clause of one act under 需/须 (X需A: the 否则 after it is B)."""
    while isinstance(n, ir.Seq) and len(n.items) == 1:
        n = n.items[0]
    return isinstance(n, ir.Act) and n.modal in _REQUIRED_MODALS


def _open_if(n: ir.Node | None) -> bool:
    """Whether ``n`` is a clause under a written 若 (or 若如此做) with no 否则 yet."""
    return (isinstance(n, ir.If) and n.else_ is None
            and (n.cond is None or n.cond.kind not in _LEADS | {"until", "any_of", "each_of"}))


def _conditional(seq: ir.Seq) -> bool:
    """Whether a clause sequence opens with a written 若-condition."""
    first = seq.items[0] if seq.items else None
    while isinstance(first, ir.Seq) and first.items:
        first = first.items[0]
    return isinstance(first, ir.If) and first.cond is not None and first.cond.kind not in _LEADS | {"until"}


def _chooser(seq: ir.Seq) -> ir.PlayerRef | None:
    """The actor of the last 选择一项 in ``seq`` (令其选择一项: 其), or None."""
    for x in reversed(list(ir.walk(seq))):
        if isinstance(x, ir.Act) and (x.verb == "choose" and not x.args or x.verb == "perform"):
            return x.actor
    return None


def _choice(seq: ir.Seq, options: tuple[ir.Option, ...]) -> ir.Seq | None:
    """``seq`` with its last 选择一项 (an act ``choose`` without arguments, also inside
    令…) made the choice of ``options``; None if it has none."""
    items = list(seq.items)
    for i in range(len(items) - 1, -1, -1):
        x = items[i]
        if isinstance(x, ir.Seq):
            got = _choice(x, options)
        elif isinstance(x, ir.Act) and x.verb == "choose" and not x.args:
            got_act: ir.Node = replace(x, verb="choice", args=options, end=options[-1].end)
            items[i] = got_act
            return replace(seq, items=tuple(items))
        elif isinstance(x, ir.Act) and x.verb == "perform":  # 执行前X项：… — the items done, not chosen
            items[i] = replace(x, args=x.args + options, end=options[-1].end)
            return replace(seq, items=tuple(items))
        elif isinstance(x, ir.Act) and x.verb == "cause":
            inner = [y for y in x.args if isinstance(y, ir.Seq)]
            got = _choice(inner[-1], options) if inner else None
            if got is not None:
                items[i] = replace(x, args=tuple(got if y is inner[-1] else y for y in x.args))
                return replace(seq, items=tuple(items))
            continue
        else:
            continue
        if got is not None:
            items[i] = got
            return replace(seq, items=tuple(items))
    return None


def lower_skill(name: str, text: str, tree: Subtree) -> ir.RegisterSkill:
    """The IR of one skill from its register parse tree (``text`` is what was parsed)."""
    low = _Lowering(text)
    parts: list[ir.Part] = []
    for c in tree.children:
        if not (isinstance(c, Tree) and c.data in _PARTS):
            continue
        got = low.part(c)
        prev = parts[-1] if parts else None
        if prev is not None and prev.body is not None and got.body is not None and _otherwise(text, prev, got):
            # …若X，A；否则B: B is the other case of the 若 that ends the part before
            last = prev.body.items[-1]
            assert isinstance(last, ir.If)
            items = prev.body.items[:-1] + (replace(last, end=got.end, else_=got.body),)
            parts[-1] = replace(prev, end=got.end, body=ir.Seq(prev.body.start, got.end, items), remarks=prev.remarks + got.remarks)
            continue
        if prev is not None and prev.body is not None and _continues(text, prev, got):
            assert got.body is not None
            body = ir.Seq(prev.body.start, got.end, prev.body.items + got.body.items)
            parts[-1] = replace(prev, end=got.end, body=body, remarks=prev.remarks + got.remarks)
            continue
        if prev is not None and prev.label and got.label and prev.limit and not got.limit:
            # 转换技，出牌阶段限一次，阳：…；阴：…: the limit before the first half holds for both
            got = replace(got, limit=prev.limit)
        parts.append(got)
    return ir.RegisterSkill(0, len(text), name, text, tuple(parts))


def _otherwise(text: str, prev: ir.Part, part: ir.Part) -> bool:
    """Whether ``part`` is the 否则 of the part before (…若X，A；否则B): it opens with 否则
    right after ；, has no timing, tag, limit or label of its own, and the part before ends
    with a 若 that has no 否则 yet (in one part, 若X，A，否则B is the clause's own)."""
    if part.tags or part.limit or part.label or part.timings or part.body is None or not part.body.items:
        return False
    if prev.body is None or not prev.body.items or prev.label:
        return False
    if text[prev.end:part.start].strip() != "；" or not text[part.start:part.end].startswith("否则"):
        return False
    return _open_if(prev.body.items[-1])


def _continues(text: str, prev: ir.Part, part: ir.Part) -> bool:
    """Whether ``part`` goes on with the part before it rather than starting one: a
    sentence without a timing, tag, limit or label of its own that opens with 然后
    (…。然后…), or, after ；, with a 若-condition (…；若…，…: the next case of the same
    trigger or ability)."""
    if part.kind != "free" or part.tags or part.limit or part.label or part.body is None or not part.body.items:
        return False
    if prev.kind in ("limit_only", "xdef") or prev.label:
        return False
    if text[part.start:part.end].startswith("然后"):
        return True
    return text[prev.end:part.start].strip() == "；" and _open_if(part.body.items[0])
