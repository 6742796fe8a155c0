"""Code generation: IR → one readable Python module per package.

Two passes, both in Python; the template (``templates/module.py.j2``) only lays
out what they decide:

1. :func:`plan_package` walks the IR and makes a :class:`ModulePlan`: for every
   skill a :class:`ClassPlan` (base class, class attributes, methods with their
   body lines), the ``GENERALS`` entries and the runtime names used.  What the back
   end cannot run yet is decided before, by the capability pass
   (:func:`sgs.compiler.check.runtime_gaps`: W0701 in ``sgs check``, E0503 in
   ``sgs compile``), and such a skill never reaches the planner; the planner assumes
   support, and meeting something it cannot write anyway is an internal error
   (:class:`EmitterBug`, E0599), never a finding of the text.
2. :func:`render_module` renders the plan and appends the source map.

Safety: text from the source reaches the output only through :func:`lit`
(``repr`` of a ``str``/``int``) or as an identifier checked by
:func:`sgs.compiler.pinyin.is_identifier`; enum members are looked up in the
runtime's own enums (``CardName("杀").name``), never spelled from source text.
"""

from __future__ import annotations

import builtins
import dataclasses
import keyword
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Iterable, Mapping, Sequence

import jinja2

import sgs.runtime.api as _api
from sgs.runtime.api import CardName, Gender, Kingdom, Timing

from . import ir
from .diagnostics import Diagnostic, Severity, Span
from .pinyin import is_identifier
from .check import COMPARISONS, DAMAGE_WINDOWS, QUESTION_CONDITIONS, TESTED_FILTERS, compiled_victim
from .verbs import verb_of

__all__ = ["ModulePlan", "ClassPlan", "Method", "plan_package", "render_module", "lit", "EmitError"]


def lit(value: str | int) -> str:
    """A Python literal for a source-derived value (the only way text reaches code)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise TypeError(value)
    return repr(value)


def _comment(text: str) -> str:
    """A one-line comment body: the text as an escaped literal (newlines cannot escape)."""
    return lit(text)


#: names an emitted module already binds: the api surface, builtins, module globals
_RESERVED_NAMES = frozenset(_api.__all__) | frozenset(dir(builtins)) | {"GENERALS", "EQUIPMENT", "Sequence", "annotations"}


class EmitError(Exception):
    """An error of the text the planner finds (a class-name clash, a card declaration that
    contradicts the card table …)."""

    def __init__(self, diag: Diagnostic) -> None:
        super().__init__(diag.message)
        self.diag = diag


class EmitterBug(EmitError):
    """The planner met a construction it cannot write that the capability pass let
    through: a bug of that pass (E0599, an internal compiler error), never a diagnostic
    of the user's text.  ``tests/compiler/test_capability.py`` checks that no text of
    the corpus or of the project reaches one."""


@dataclass
class Method:
    """A method: ``name``, ``params`` (after self, annotated), ``returns``, ``body`` lines
    (relative indentation, 4 spaces per level)."""

    name: str
    params: str
    returns: str
    body: list[str]


@dataclass
class ClassPlan:
    """One emitted class: ``name``, ``base``, ``comments`` (source sentences),
    ``attrs`` (name, expression), ``methods``."""

    name: str
    base: str
    comments: list[str]
    attrs: list[tuple[str, str]]
    methods: list[Method]


@dataclass
class ModulePlan:
    """One module: ``package`` (literal), ``sources`` (literals, indexed by the
    ``[n]`` of comments), ``imports`` (sorted runtime names), ``classes``,
    ``generals`` (GeneralSpec expressions), ``equipment`` (``EQUIPMENT`` entries:
    card name → the skill classes the equipped card grants)."""

    package: str
    sources: list[str]
    imports: list[str]
    classes: list[ClassPlan]
    generals: list[str]
    equipment: list[str] = field(default_factory=list)
    #: ``CARD_EFFECTS`` entries: card name → the class of its effect text (锦囊 declarations)
    card_effects: list[str] = field(default_factory=list)


def _member(enum_name: str, member: str) -> str:
    return f"{enum_name}.{member}"


#: the player whose window it is, for a trigger of another player's window (its 其)
_SUBJECT_OF = {
    "受到伤害后": "ctx.damage.target", "受到伤害时": "ctx.damage.target",
    "回复体力后": "ctx.recover_event.player", "失去体力后": "ctx.lose_hp_event.player",
    "使用时": "ctx.use.user",
    **{f"{ph}{when}": "ctx.phase_event.player"
       for ph in ("回合开始阶段", "判定阶段", "摸牌阶段", "出牌阶段", "弃牌阶段", "回合结束阶段") for when in ("开始时", "结束时")},
}

#: the player 其 names in a condition right after a timing (check.IT_WINDOWS): the
#: card's target, the damaged player
_IT_OF = {"指定目标后": "ctx.target", "指定目标时": "ctx.target",
          "造成伤害时": "ctx.damage.target", "造成伤害后": "ctx.damage.target"}

#: the target of the window's card, for 目标角色 / 相同的目标 in an effect (check.KNOWN_TARGET_WINDOWS)
_TARGET_OF = {"杀被闪抵消时": "ctx.slash_effect.target"}

#: X quantities of the owner that :meth:`_Planner.look_count` computes
_OWNER_QUANTITIES = frozenset({ir.Quantity.ALIVE_COUNT, ir.Quantity.MAX_HP, ir.Quantity.LOST_HP})


#: card types (CardType / CardSubtype members) a card phrase's kind may name
_CARD_TYPES = {"装备牌": "EQUIP", "基本牌": "BASIC", "锦囊牌": "TRICK"}
_CARD_SUBTYPES = {"武器牌": "WEAPON", "防具牌": "ARMOR"}


#: windows of events without an amount (a skill's per_point does not concern them)
_NO_AMOUNT = frozenset({"死亡时", "死亡后", "失去装备区里的此牌后"})


class _Env:
    """What a method body can refer to."""

    def __init__(self, *, it: str | None = None, chosen: str | None = None, cards: str | None = None) -> None:
        self.you = "ctx.owner"  # expression for 你 (a granted skill's 你 is its granter)
        self.it = it  # expression for 其/该角色
        self.chosen = chosen  # expression for 一名…角色 / 其他角色 (active target)
        self.cards = cards  # the active skill's selected cards
        self.last_count: str | None = None  # expression: how many cards the last card verb moved
        self.nullable: set[str] = set()  # variables that may be None (need a guard)
        self.judge_card: str | None = None
        self.judged: str | None = None  # list of judge cards of a loop
        self.looked: str | None = None  # cards being looked at (观看牌堆顶)
        self.window: str | None = None  # the trigger window (a Timing value)
        self.unnullifiable: set[str] = set()  # cards used by 视为使用 that 无懈可击 cannot answer
        self.chosen_count: tuple[int, int] | None = None  # several chosen players (targets)
        self.guarded: set[str] = set()  # nullable variables already checked by an enclosing guard
        self.window_card: str | None = None  # the card named by the trigger timing (成为【杀】的目标时)
        self.cost_keeps: str | None = None  # for a cost paid before 转移: a test on card ``c`` it must pass
        self.suit: str | None = None  # the suit named by 选择一种花色
        self.judge_holder: str | None = None  # who the judgement cards of the last 判定 are of
        self.obtained: str | None = None  # the card the last 获得…的一张牌 took (for 展示之 / 此牌)
        self.capture_obtained = False  # a later clause needs the card 获得 takes
        self.hand_seen: str | None = None  # the hand cards looked at (观看…的手牌)
        self.shown: tuple[str, str] | None = None  # (the cards, who showed them) after 展示一张手牌
        self.revealed: str | None = None  # the cards revealed from the draw pile (亮出牌堆顶的n张牌)
        self.pile_card: str | None = None  # the card just put on a general card (不屈: 该牌)
        self.pile_owner: str | None = None  # whose general card it is on
        self.declared = False  # in the text after a declared card's questions (蛊惑)
        self.questioner: str | None = None  # 质疑者 inside the loop over them (质疑者各…)
        self.target: str | None = None  # 目标角色: in a card's effect, the target it is resolving on
        self.delayed = False  # in a delayed trick's effect: no use, the trick is delayed_card(ctx)
        self.paying = False  # emitting a trigger's cost (its method returns whether it was paid)
        self.sides: tuple[str, str] | None = None  # 一方 / 另一方 inside what a turn-taking leads to


class _Planner:
    def __init__(self, package: ir.Package, sources: Mapping[str, str], file_index: Mapping[str, int]) -> None:
        self.pkg = package
        self.sources = sources
        self.file_index = file_index
        self.names: set[str] = set()
        self.diags: list[Diagnostic] = []
        self._multi = False
        #: the CardName member of the equipment card whose effect is being planned (None: a general's skill)
        self._own_card: str | None = None
        self._extra: list[ClassPlan] = []
        #: the word of the card declaration whose lines are being planned (装备 / 锦囊 / 基本; "" none)
        self._decl_kind = ""
        #: the card declaration being planned is a delayed trick's (its effect: the judge phase's)
        self._decl_delayed = False
        #: the skills (by ``id``) the capability pass refused: not planned
        self.skip: frozenset[int] = frozenset()

    # ------------------------------------------------------------ helpers
    def use(self, *names: str) -> None:
        self.names.update(names)

    def fail(self, code: str, message: str, span: Span, help: str | None = None) -> EmitError:
        return EmitError(Diagnostic(code, Severity.ERROR, message, span, help=help))

    def in_window(self, e: ir.Effect, env: _Env) -> None:
        """``e`` acts on its window's event: the verb table's ``windows`` (and
        ``owner_only``: done by you), which the capability pass checked
        (check._context_gaps); anything else is an emitter bug."""
        verb = verb_of(e)
        actor = getattr(e, "actor", None)
        mine = isinstance(actor, ir.PlayerRef) and actor.who is ir.Who.YOU
        if env.window not in verb.windows or (verb.owner_only and not mine):
            where = "或".join(f"“{w}”" for w in verb.windows)
            raise self.internal(f"“{verb.word}”只能用于{where}的时机{'，由你' if verb.owner_only else ''}", e.span)

    def internal(self, message: str, span: Span, help: str | None = None) -> EmitterBug:
        """What the capability pass should have refused (``message`` says what): an
        internal error, reported as E0599 so that a user still sees no traceback."""
        return EmitterBug(Diagnostic(
            "E0599", Severity.ERROR, f"编译器内部错误：能力检查放过了生成器写不出的写法：{message}", span,
            help="这是编译器的缺陷，不是技能文本的错误；请附上这句技能文本报告它",
        ))

    def where(self, span: Span) -> str:
        return f"[{self.file_index[span.file]}]:{span.line}"

    def src_text(self, span: Span) -> str:
        text = self.sources.get(span.file, "")
        lines = text.splitlines()
        if span.line != span.end_line or not (1 <= span.line <= len(lines)):
            return ""
        return lines[span.line - 1][span.col - 1 : span.end_col - 1]

    def note(self, span: Span) -> str:
        return f"# {self.where(span)}:{span.col} {_comment(self.src_text(span))}"

    def card_is(self, expr: str, card: ir.CardWord) -> str:
        """The test that the card ``expr`` is ``card``: any 杀 (火杀/雷杀 too) is a 杀."""
        if card.name == "杀":
            self.card_name(card)  # checks the word
            return f"{expr}.is_slash"
        return f"{expr}.name is {self.card_name(card)}"

    def card_name(self, cw: ir.CardWord) -> str:
        try:
            member = CardName(cw.name).name
        except ValueError:
            raise self.fail(
                "E0302", f"运行时没有【{cw.name}】这张牌", cw.span,
                help="运行时有的牌：" + "、".join(f"【{n.value}】" for n in CardName),
            ) from None
        self.use("CardName")
        return _member("CardName", member)

    def timing(self, window: str, span: Span) -> str:
        try:
            member = Timing(window).name
        except ValueError:
            raise self.internal(f"运行时没有“{window}”这个时机", span) from None
        self.use("Timing")
        return _member("Timing", member)

    def kingdom(self, k: str, span: Span) -> str:
        try:
            member = Kingdom(k).name
        except ValueError:
            raise self.internal(f"运行时没有“{k}”势力", span) from None
        self.use("Kingdom")
        return _member("Kingdom", member)

    def zone(self, z: ir.Zone | None) -> str:
        self.use("CardZone")
        if z is ir.Zone.EQUIP:
            return "CardZone.EQUIP"
        if z is ir.Zone.AREAS:  # 区域里的牌: hand, equipment and judge area
            return "CardZone.ALL"
        return "CardZone.HAND_EQUIP" if z is ir.Zone.HAND_EQUIP else "CardZone.HAND"

    def card_test(self, var: str, spec: ir.CardSpec) -> str | None:
        """A boolean expression testing card ``var`` against the filters of ``spec``
        (its suit and colour as the game sees them: :meth:`viewed`)."""
        parts: list[str] = []
        if spec.color in ("红色", "黑色"):
            parts.append(self.pattern_test(var, spec.color, False, spec.span))
        if spec.suit is not None:
            parts.append(self.suit_test(var, spec.suit, spec.span))
        if spec.card_type is not None:
            parts.append(self.card_type_test(var, spec.card_type, spec.span))
        if spec.names:  # 【闪】或【闪电】
            names = [self.card_name(n) for n in spec.names if n.name != "杀"]
            tests = [f"{var}.is_slash"] if any(n.name == "杀" for n in spec.names) else []
            if names:
                tests.append(f"{var}.name in ({', '.join(names)},)")
            parts.append(tests[0] if len(tests) == 1 else "(" + " or ".join(tests) + ")")
        if spec.name is not None:
            if spec.name.name == "杀":
                parts.append(f"{var}.is_slash")
                if spec.plain:
                    self.use("Nature")
                    parts.append(f"{var}.nature is Nature.NORMAL")
            else:
                parts.append(f"{var}.name is {self.card_name(spec.name)}")
        return " and ".join(parts) if parts else None

    def discard_test(self, e: ir.Discard, var: str = "c", env: _Env | None = None) -> str | None:
        """The test of a card ``e`` discards; an equipment card's own effect never pays
        with the card itself (seed 000: 贯石斧 弃两张牌 — 手牌或自己的其它装备牌); a card
        like the one shown before (与之花色相同的) as the game sees both."""
        test = self.card_test(var, e.cards)
        if e.cards.like is not None:
            if env is None or env.shown is None:
                raise self.internal("“与之……相同的牌”前没有展示的牌", e.cards.like.span)
            like = self.like_test(var, e.cards.like, self.player(e.actor, env), env.shown)
            test = f"{test} and {like}" if test else like
        if self._own_card is not None and e.actor.who is ir.Who.YOU and e.cards.zone is not ir.Zone.HAND:
            own = f"{var}.name is not {_member('CardName', self._own_card)}"
            self.use("CardName")
            test = f"{test} and {own}" if test else own
        return test

    def like_test(self, var: str, like: ir.SameAs, holder: str, shown: tuple[str, str]) -> str:
        """Card ``var`` (``holder``'s) against the card shown before (``shown``: the cards
        and who showed them): the same (or not) suit or colour, each as the game sees it for
        its holder, or number."""
        cards, shower = shown
        op = ("is not" if like.differs else "is") if like.measure != "点数" else ("!=" if like.differs else "==")
        if like.measure == "点数":
            return f"bool({cards}) and {var}.number {op} {cards}[0].number"
        query = {"花色": "suit_of", "颜色": "color_of"}[like.measure]
        self.use(query)
        return f"bool({cards}) and {query}(ctx, {var}, {holder}) {op} {query}(ctx, {cards}[0], {shower})"

    def card_type_test(self, var: str, card_type: str, span: Span) -> str:
        """装备牌 / 武器牌 / 防具牌 / 基本牌 / 锦囊牌: a test of card ``var``'s type."""
        if card_type in _CARD_TYPES:
            self.use("CardType")
            return f"{var}.type is CardType.{_CARD_TYPES[card_type]}"
        if card_type in _CARD_SUBTYPES:
            self.use("CardSubtype")
            return f"{var}.subtype is CardSubtype.{_CARD_SUBTYPES[card_type]}"
        if card_type == "坐骑牌":  # a horse, +1马 or -1马
            self.use("CardSubtype")
            return f"{var}.subtype in (CardSubtype.DEFENSIVE_HORSE, CardSubtype.OFFENSIVE_HORSE)"
        raise self.internal(f"运行时没有“{card_type}”这个牌的类别", span)

    @staticmethod
    def viewed(var: str, holder: str | None, via: str) -> str:
        """The arguments of a suit view query (runtime.api suit_of / color_of / is_red /
        is_black) of card ``var``: the game (``via``: ``ctx``, or ``game`` in a static
        skill's query), the card, and whose it is where the runtime cannot tell from
        where it lies — the user of the card being used, the judged player."""
        if holder is None and var.startswith("ctx.use.card"):
            holder = "ctx.use.user"
        return f"{via}, {var}" + (f", {holder}" if holder is not None else "")

    def suit_test(self, var: str, suit: str, span: Span, holder: str | None = None, via: str = "ctx") -> str:
        from sgs.runtime.api import Suit

        try:
            member = Suit(suit).name
        except ValueError:
            raise self.internal(f"运行时没有“{suit}”花色", span) from None
        self.use("Suit", "suit_of")
        return f"suit_of({self.viewed(var, holder, via)}) is Suit.{member}"

    def judge_test(self, var: str, t: ir.JudgeTest, holder: str | None = None) -> str:
        """若结果（不）为<花色/颜色> / 若结果不为【桃】或【桃园结义】: a test of judge card
        ``var`` (``holder``: the judged player, whose judgement card it is)."""
        if t.cards:
            names = ", ".join(self.card_name(c) for c in t.cards)
            return f"{var}.name {'not in' if t.negate else 'in'} ({names},)"
        if t.numbers is not None:  # 黑桃2~9: the suit (as it counts for the judged) and the number
            low, high = t.numbers
            both = f"{self.pattern_test(var, t.pattern, False, t.span, holder)} and {low} <= {var}.number <= {high}"
            return f"not ({both})" if t.negate else both
        return self.pattern_test(var, t.pattern, t.negate, t.span, holder)

    def pattern_test(
        self, var: str, pattern: str, negate: bool, span: Span, holder: str | None = None, via: str = "ctx"
    ) -> str:
        if pattern == "红色":
            self.use("is_red")
            expr = f"is_red({self.viewed(var, holder, via)})"
        elif pattern == "黑色":
            self.use("is_black")
            expr = f"is_black({self.viewed(var, holder, via)})"
        else:
            expr = self.suit_test(var, pattern, span, holder, via)
        if negate:
            return expr.replace(" is ", " is not ", 1) if " is " in expr else f"not {expr}"
        return expr

    def player(self, p: ir.PlayerRef, env: _Env) -> str:
        if p.who is ir.Who.YOU:
            return env.you
        if p.who is ir.Who.NOBODY:  # no player: a damage no one deals, a card's own step (亮出牌堆顶…)
            return "None"
        if p.who is ir.Who.DESIGNATED and env.target is not None:
            return "ctx.use.sub_target"  # 你指定的另一名角色: designated at the use (None if no one was)
        if p.who is ir.Who.QUESTIONERS and env.questioner is not None:
            return env.questioner
        if p.who is ir.Who.TARGET and env.target is not None:
            return env.target
        if p.who is ir.Who.SOURCE:
            env.nullable.add("source")
            return "source"
        if p.who in (ir.Who.SIDE, ir.Who.OTHER_SIDE) and env.sides is not None:
            return env.sides[p.who is ir.Who.OTHER_SIDE]
        if p.who is ir.Who.IT and env.it is not None:
            return env.it
        if p.who is ir.Who.TARGET and env.window in _TARGET_OF:
            return _TARGET_OF[env.window]
        if p.who is ir.Who.IT and env.chosen is not None and env.chosen_count is None:
            # 其 after 令一名…角色: the register's 其 is the player last named, the chosen one
            return env.chosen
        if p.who in (ir.Who.ONE, ir.Who.ALL_OTHERS) and env.chosen is not None:
            return env.chosen
        raise self.internal(f"编译器还不能确定“{self.src_text(p.span) or p.who.value}”指哪名角色", p.span
        )

    def guard(self, exprs: Iterable[str], env: _Env, body: list[str]) -> list[str]:
        needs = sorted({e for e in exprs if e in env.nullable and e not in env.guarded})
        if not needs or not body:
            return body
        cond = " and ".join(f"{e} is not None and {e}.alive" for e in needs)
        return [f"if {cond}:"] + ["    " + line for line in body]

    def count_expr(self, spec: ir.CardSpec, env: _Env) -> str:
        c = spec.count
        if c.kind in (ir.CountKind.EXACT, ir.CountKind.IMPLICIT) and c.n is not None:
            return lit(c.n)
        if c.kind is ir.CountKind.SAME:
            if env.last_count is None:
                raise self.internal("“等量”之前没有可参照的张数", spec.span)
            return env.last_count
        if c.kind is ir.CountKind.EXACT and c.x is not None and c.x in _OWNER_QUANTITIES:
            return self.look_count(c, spec.span, env)
        if c.kind is ir.CountKind.EXACT and c.x is ir.Quantity.IT_LOST_HP:
            it = self.player(ir.PlayerRef(ir.Who.IT, spec.span), env)
            return f"{it}.lost_hp"
        raise self.internal(f"编译器还不支持此处的张数“{self.src_text(spec.span)}”", spec.span)

    def transfer_candidates(self, e: ir.Transfer, without: str = "") -> str:
        """The call listing who ``e`` may move the card to (``without``: cost cards)."""
        to = e.to
        if to.wounded or to.gender is not None or to.kingdom is not None:
            raise self.internal("转移目标只支持“（你攻击范围内的）一名其他角色”", to.span)
        self.use("transfer_candidates")
        extra = f", without={without}" if without else ""
        return f"transfer_candidates(ctx, ctx.owner, in_range={to.in_range}, exclude_user={e.exclude_user}{extra})"

    def look_count(self, c: ir.Count, span: Span, env: _Env) -> str:
        """How many cards 观看牌堆顶 takes: n, or X (with its cap)."""
        if c.x is None:
            if c.n is None:
                raise self.internal("观看的张数不明", span)
            return lit(c.n)
        if c.x is ir.Quantity.ALIVE_COUNT:
            self.use("alive_players")
            expr = "len(alive_players(ctx))"
        elif c.x is ir.Quantity.TARGET_COUNT:  # 等同于目标数的牌 (a card's effect: its use's targets)
            expr = "len(ctx.use.targets)"
        elif c.x is ir.Quantity.MAX_HP:
            expr = "ctx.owner.max_hp"
        else:
            expr = "ctx.owner.max_hp - ctx.owner.hp"
        return f"min({expr}, {lit(c.cap)})" if c.cap is not None else expr

    # ------------------------------------------------------------ effects
    def effects(self, effects: Sequence[ir.Effect], env: _Env) -> list[str]:
        looks = [e for e in effects if isinstance(e, ir.LookAtTop)]
        if looks and not any(
            (isinstance(e, ir.PutLooked) and e.rest) or (isinstance(e, ir.GiveLooked) and e.count is None)
            for e in effects
        ):
            raise self.internal("观看的牌没有全部处置（缺少“将另一张交给……”或“其余……置于牌堆底”这样的分句）",
                looks[0].span,
            )
        out: list[str] = []
        for i, e in enumerate(effects):
            out.append(self.note(e.span))
            nxt = effects[i + 1] if i + 1 < len(effects) else None
            if isinstance(e, ir.Discard) and isinstance(nxt, ir.Transfer) and e.actor.who is ir.Who.YOU:
                # the cost must leave someone to move the card to (its equipment no longer counts)
                env.cost_keeps = f"bool({self.transfer_candidates(nxt, '[c]')})"
            env.capture_obtained = isinstance(e, ir.Obtain) and any(
                isinstance(x, (ir.Show, ir.SuitBranch)) for x in effects[i + 1 :]
            )
            out.extend(self.effect(e, env))
            if (
                isinstance(e, ir.ChooseSuit)
                and e.actor.who in (ir.Who.ONE, ir.Who.ALL_OTHERS)
                and env.it is None
                and env.chosen_count is None
            ):
                env.it = env.chosen  # 该角色 / 其: the player who named the suit
            if isinstance(e, ir.Show) and e.cards is not None and e.actor.who is not ir.Who.YOU and env.it is None:
                env.it = env.shown[1] if env.shown is not None else None  # 其: who showed it (火攻's target)
            env.cost_keeps = None
            rest = effects[i + 1 :]
            if verb_of(e).hp_falls and rest:
                # what follows a verb that can kill (失去体力, 造成伤害 …: the table's hp_falls)
                # stops if it killed the owner
                hurt = e.target if isinstance(e, ir.Damage) else getattr(e, "actor", None)
                if isinstance(hurt, ir.PlayerRef) and hurt.who is ir.Who.YOU:
                    out.append("if not ctx.owner.alive:")
                    out.append("    return")
        return out

    def effect(self, e: ir.Effect, env: _Env) -> list[str]:
        actor = getattr(e, "actor", None)
        if (
            isinstance(actor, ir.PlayerRef)
            and actor.who is ir.Who.QUESTIONERS
            and env.questioner is None
            and not isinstance(e, (ir.RevealDeclared, ir.VoidDeclared))
        ):
            return self.each_questioner(e, env)
        if isinstance(e, ir.Call):
            return self.call(e, env)
        if isinstance(e, ir.Obtain):
            return self.obtain(e, env)
        if isinstance(e, ir.Discard):
            actor = self.player(e.actor, env)
            if env.cards is not None and e.actor.who is ir.Who.YOU and actor == "ctx.owner":
                self.use("discard")
                env.last_count = f"len({env.cards})"
                return [f"discard(ctx, ctx.owner, {env.cards})"]
            n = self.count_expr(e.cards, env)
            self.use("ask_discard")
            test = self.discard_test(e, env=env)
            if env.cost_keeps is not None:
                test = f"{test} and {env.cost_keeps}" if test else env.cost_keeps
            extra = f", card_filter=lambda c: {test}" if test else ""
            env.last_count = n
            if env.paying:  # a cost (你可以A，则B): paid in full or not at all; 取消 declines it
                return [f"return len(ask_discard(ctx, {actor}, {n}, {self.zone(e.cards.zone)}, optional=True{extra})) == {n}"]
            return self.guard([actor], env, [f"ask_discard(ctx, {actor}, {n}, {self.zone(e.cards.zone)}{extra})"])
        if isinstance(e, ir.Draw):
            actor = self.player(e.actor, env)
            n = self.count_expr(e.cards, env)
            self.use("draw")
            return self.guard([actor], env, [f"draw(ctx, {actor}, {n})"])
        if isinstance(e, ir.Give):
            actor = self.player(e.actor, env)
            to = self.player(e.to, env)
            kind = self.card_test("c", e.cards) if e.cards.zone is ir.Zone.EQUIP else None
            if kind is not None and e.cards.count.kind is ir.CountKind.IMPLICIT and to != actor:
                # 其将装备区里的武器牌交给你: the cards of that kind in his equipment area, in sight
                self.use("give_equipped")
                return self.guard([actor, to], env, [f"give_equipped(ctx, {actor}, {to}, lambda c: {kind})"])
            if env.cards is None or actor != "ctx.owner" or to == actor:
                raise self.internal("编译器只支持出牌阶段技能中由你交出所选的牌", e.span)
            self.use("give")
            env.last_count = f"len({env.cards})"
            return self.guard([to], env, [f"give(ctx, ctx.owner, {to}, {env.cards})"])
        if isinstance(e, ir.Recover):
            actor = self.player(e.actor, env)
            self.use("recover")
            # a card's effect heals with the card (桃园结义: the recover event's card)
            card = ", card=ctx.use.card" if env.target is not None else ""
            if env.delayed:  # (a delayed trick's: the card, in no use)
                self.use("delayed_card")
                card = ", card=delayed_card(ctx)"
            return self.guard([actor], env, [f"recover(ctx, {actor}, {lit(e.amount)}{card})"])
        if isinstance(e, ir.ExtraRecover):
            if env.it != "__recover__" or e.actor.who is not ir.Who.YOU:
                raise self.internal("“额外回复”只能用于“回复体力时”的时机", e.span)
            return [f"ctx.recover_event.amount += {lit(e.amount)}"]
        if isinstance(e, ir.LoseHp):
            actor = self.player(e.actor, env)
            self.use("lose_hp")
            return self.guard([actor], env, [f"lose_hp(ctx, {actor}, {lit(e.amount)})"])
        if isinstance(e, ir.Damage):
            src = self.player(e.source, env)
            tgt = self.player(e.target, env)
            self.use("damage")
            nature = ""
            if e.nature is not None:  # 雷电伤害 / 火焰伤害
                from sgs.runtime.api import Nature

                self.use("Nature")
                nature = f", nature=Nature.{Nature(e.nature).name}"
            # a card's effect deals its damage as the card's use (the card; a user who has
            # died since is no source: runtime.api damage)
            use = ", use=ctx.use" if env.target is not None else ""
            if env.delayed:  # a delayed trick's damage is of the trick (闪电), in no use
                self.use("delayed_card")
                use = ", card=delayed_card(ctx)"
            return self.guard([src, tgt], env, [f"damage(ctx, {src}, {tgt}, {lit(e.amount)}{nature}{use})"])
        if isinstance(e, ir.Judge):
            actor = self.player(e.actor, env)
            self.use("judge")
            return self.guard([actor], env, [f"judge(ctx, {actor})"])
        if isinstance(e, ir.JudgeBranch):
            return self.judge_branch(e, env)
        if isinstance(e, ir.JudgeAgain):
            raise self.fail("E0208", "“再次进行判定”只能出现在“若结果……”之后", e.span)
        if isinstance(e, ir.ChooseOne):
            return self.choose_one(e, env)
        if isinstance(e, ir.Retrial):
            if e.actor.who is not ir.Who.YOU:
                raise self.internal("只支持由你改判", e.span)
            n = self.count_expr(e.cards, env)
            if n != "1":
                raise self.internal("改判只能用一张牌", e.cards.span)
            self.use("choose_cards", "retrial")
            test = self.card_test("c", e.cards)
            extra = f", card_filter=lambda c: {test}" if test else ""
            return [
                f"chosen = choose_cards(ctx, ctx.owner, {self.zone(e.cards.zone)}, 1, 1{extra})",
                "if chosen:",
                "    retrial(ctx, chosen[0], respond=True" + (", keep=True)" if e.swap else ")"),  # 替换之: 鬼道
            ]
        if isinstance(e, ir.ForbidJink):
            if e.by.name == "无懈可击" and e.card.name in env.unnullifiable:
                return ["# (applied to the use above)"]
            if e.by.name != "闪" or e.card.name != "杀" or env.it != "target":
                raise self.internal("运行时只支持在指定目标后令【杀】不可被【闪】响应", e.span)
            self.use("forbid_jink")
            return self.guard(["target"], env, ["forbid_jink(ctx, target)"])
        if isinstance(e, ir.RequireResponses):
            who = self.player(e.actor, env)
            if e.card.name != "闪" or e.mode is not ir.Mode.USE or env.it != "target":
                raise self.internal("运行时只支持在【杀】指定目标后要求连续使用多张【闪】", e.span)
            self.use("require_jinks")
            return self.guard([who], env, [f"require_jinks(ctx, {who}, {lit(e.count)})"])
        if isinstance(e, ir.Threshold):
            if env.cards is None:
                raise self.internal("“给出的牌达到…张”只能用于出牌阶段技能", e.span)
            self.use("cards_given_this_phase")
            body = self.effects(e.then, env) or ["pass"]
            n = lit(e.count)
            return [
                "given_after = cards_given_this_phase(ctx, ctx.owner)",
                f"if given_before < {n} <= given_after:",
            ] + ["    " + line for line in body]
        if isinstance(e, ir.DrawCountChange):
            self.in_window(e, env)
            self.use("change_draw_count")
            return [f"change_draw_count(ctx, {lit(e.delta)})"]
        if isinstance(e, ir.DamageBonus):
            actor = self.player(e.actor, env)
            names = [self.card_name(c) for c in e.cards]
            self.use("add_damage_bonus")
            return self.guard([actor], env, [f"add_damage_bonus(ctx, {actor}, ({', '.join(names)},), {lit(e.delta)})"])
        if isinstance(e, ir.NextUseBonus):  # X本回合使用的下一张【杀】造成的伤害+n
            actor = self.player(e.actor, env)
            self.use("next_use_bonus")
            extra = ", phase=True" if e.phase else ""
            return self.guard([actor], env, [f"next_use_bonus(ctx, {actor}, {self.card_name(e.card)}, {lit(e.delta)}{extra})"])
        if isinstance(e, ir.ChoosePlayer):
            if env.chosen is None or e.actor.who is not ir.Who.YOU:
                raise self.internal("编译器只支持出牌阶段技能中由你选择角色", e.span)
            if e.who.count is None:
                env.it = env.chosen
            return ["# (the players were chosen with the skill's targets)"]
        if isinstance(e, ir.ViewAsUse):
            if env.chosen_count != (2, 2) or e.actor.who is not ir.Who.YOU:
                raise self.internal("“视为其中一名角色对另一名角色使用”须先由你选择两名角色", e.span)
            self.use("view_as_use")
            card = self.card_name(e.card)
            extra = ", nullifiable=False" if e.card.name in env.unnullifiable else ""
            return [f"view_as_use(ctx, targets[0], {card}, [targets[1]]{extra})"]
        if isinstance(e, ir.LookAtTop):
            actor = self.player(e.actor, env)
            if actor != "ctx.owner":
                raise self.internal("只支持由你观看牌堆顶的牌", e.span)
            self.use("look_at_top")
            env.looked = "looked"
            return [f"looked = look_at_top(ctx, ctx.owner, {self.look_count(e.count, e.span, env)})"]
        if isinstance(e, ir.ChooseSuit):
            actor = self.player(e.actor, env)
            self.use("choose_suit")
            env.suit = "suit"
            return self.guard([actor], env, [f"suit = choose_suit(ctx, {actor})"])
        if isinstance(e, ir.Show) and e.cards is not None:
            # 展示一张手牌: his pick among his own, which a later 与之花色相同的 compares with
            actor = self.player(e.actor, env)
            if actor in env.nullable and actor not in env.guarded:
                raise self.internal("“展示一张手牌”的角色可能已不在场", e.span)
            self.use("show_chosen")
            env.shown = ("shown", actor)
            return [f"shown = show_chosen(ctx, {actor}, {self.count_expr(e.cards, env)})"]
        if isinstance(e, ir.Show):
            actor = self.player(e.actor, env)
            if env.obtained is None:
                raise self.internal("“展示之”前没有获得的牌", e.span)
            self.use("show_card")
            return self.guard(
                [actor], env, [f"if {env.obtained} is not None:", f"    show_card(ctx, {actor}, {env.obtained})"]
            )
        if isinstance(e, ir.SuitBranch):
            if env.suit is None or env.obtained is None:
                raise self.fail("E0217", "“若此牌的花色……”前须先选择花色并获得此牌", e.span)
            body = self.effects(e.then, env) or ["pass"]
            op = "is not" if e.differs else "is"
            self.use("suit_of")
            return [f"if {env.obtained} is not None and suit_of(ctx, {env.obtained}) {op} {env.suit}:"] + [
                "    " + line for line in body
            ]
        if isinstance(e, ir.Transfer):
            self.in_window(e, env)
            if env.window_card != e.card.name:
                raise self.fail("E0216", f"时机中的牌与转移的【{e.card.name}】不一致", e.card.span)
            self.use("choose_players", "transfer_target")
            return [
                f"new_target = choose_players(ctx, ctx.owner, {self.transfer_candidates(e)}, 1, 1)",
                "if new_target:",
                "    transfer_target(ctx, ctx.owner, new_target[0])",
            ]
        if isinstance(e, ir.PutLooked):
            if env.looked is None:
                raise self.internal("“置于牌堆顶/牌堆底”前没有观看的牌", e.span)
            if e.actor.who is not ir.Who.YOU:
                raise self.internal("只支持由你将观看的牌置于牌堆", e.span)
            self.use("arrange_cards", "put_on_pile")
            where = "牌堆底" if e.bottom else "牌堆顶"
            looked = env.looked
            lo = f"len({looked})" if e.rest else "0"
            prompt = lit(f"按顺序选择{'其余' if e.rest else '任意数量'}的牌置于{where}（先选的在上）")
            return [
                f"picked = arrange_cards(ctx, ctx.owner, {looked}, {lo}, len({looked}), prompt={prompt})",
                f"put_on_pile(ctx, ctx.owner, picked, bottom={e.bottom})",
                f"{looked} = [c for c in {looked} if c not in picked]",
            ]
        if isinstance(e, ir.GiveLooked):
            if env.looked is None:
                raise self.internal("“将其中…交给”前没有观看的牌", e.span)
            if e.actor.who is not ir.Who.YOU or e.to.who is not ir.Who.ONE or e.to.count is not None:
                raise self.internal("只支持由你将观看的牌交给一名角色", e.span)
            self.use("choose_players", "alive_players", "hand_out")
            cands = "alive_players(ctx)"
            if e.to.other:
                cands = "[p for p in alive_players(ctx) if p is not ctx.owner]"
            lines = [f"receiver = choose_players(ctx, ctx.owner, {cands}, 1, 1)"]
            if e.count is None:
                lines += ["if receiver:", f"    hand_out(ctx, ctx.owner, receiver[0], {env.looked})", f"{env.looked} = []"]
                return lines
            self.use("choose_cards_among")
            return [
                f"picked = choose_cards_among(ctx, ctx.owner, {env.looked}, {lit(e.count)}, {lit(e.count)})",
            ] + lines + [
                "if receiver:",
                "    hand_out(ctx, ctx.owner, receiver[0], picked)",
                f"{env.looked} = [c for c in {env.looked} if c not in picked]",
            ]
        if isinstance(e, ir.Provide):
            if env.window != "需要牌时" or e.actor.who is not ir.Who.YOU:
                raise self.internal("“视为你使用或打出一张【牌】”只能用于“当你需要使用或打出【牌】时”", e.span)
            self.use("provide_card")
            return [f"provide_card(ctx, ctx.owner, {self.card_name(e.card)})"]
        if isinstance(e, ir.IgnoreArmor):
            self.in_window(e, env)
            whose = self.player(e.whose, env)
            self.use("ignore_armor")
            return self.guard([whose], env, [f"ignore_armor(ctx, {whose})"])
        if isinstance(e, (ir.Chain, ir.ResetChain)):  # 横置X / 重置X: X's general card
            who = self.player(e.actor, env)
            action = "chain" if isinstance(e, ir.Chain) else "unchain"
            self.use(action)
            return self.guard([who], env, [f"{action}(ctx, {who})"])
        if isinstance(e, ir.PassDelayed):
            if not env.delayed:
                raise self.internal("“将此牌移动至下家的判定区”只能用于延时锦囊的效果", e.span)
            self.use("pass_delayed")
            return ["pass_delayed(ctx)"]
        if isinstance(e, ir.SkipPhase):
            actor = self.player(e.actor, env)
            from sgs.runtime.api import Phase

            lines = []
            for ph in (e.phase, *e.more):  # 跳过此回合的判定阶段和摸牌阶段: each in turn
                try:
                    member = Phase(ph).name
                except ValueError:
                    raise self.internal(f"运行时没有“{ph}”", e.span) from None
                lines.append(f"skip_phase(ctx, {actor}, Phase.{member})")
            self.use("skip_phase", "Phase")
            return self.guard([actor], env, lines)
        if isinstance(e, ir.ChooseItems):
            return self.choose_items(e, env)
        if isinstance(e, ir.RevealTop):
            actor = self.player(e.actor, env)
            self.use("reveal_top")
            env.revealed = env.revealed or "revealed"  # (a card's own step keeps them on its use)
            return [f"{env.revealed} = reveal_top(ctx, {actor}, {self.look_count(e.count, e.span, env)})"]
        if isinstance(e, ir.PutRestDiscard):
            if env.revealed is None:
                raise self.internal("“将其余的牌置入弃牌堆”前没有亮出的牌", e.span)
            self.use("put_into_discard_pile")
            return [f"put_into_discard_pile(ctx, {self.player(e.actor, env)}, {env.revealed})"]
        if isinstance(e, ir.LookAtHand):
            viewer, whose = self.player(e.actor, env), self.player(e.whose, env)
            self.use("look_at_hand")
            env.hand_seen = "seen"
            return [f"seen = look_at_hand(ctx, {viewer}, {whose})"]
        if isinstance(e, ir.ShowAmong):
            if env.hand_seen is None:
                raise self.internal("“展示其中”前没有观看的手牌", e.span)
            chooser = self.player(e.actor, env)
            test = self.card_test("c", e.cards)
            self.use("show_among")
            env.obtained = "shown"
            extra = (f", card_filter=lambda c: {test}" if test else "") + (", optional=True" if e.optional else "")
            return [f"shown = show_among(ctx, {chooser}, {env.hand_seen}{extra})"]
        if isinstance(e, ir.DisposeShown):
            if env.obtained != "shown":
                raise self.internal("“将之弃置或置于牌堆顶”前没有展示的牌", e.span)
            chooser = self.player(e.actor, env)
            self.use("discard_or_put_on_pile")
            return ["if shown is not None:", f"    discard_or_put_on_pile(ctx, {chooser}, shown)"]
        if isinstance(e, ir.ModifyDamage):
            self.in_window(e, env)
            self.use("change_damage")
            return [f"change_damage(ctx, {lit(e.delta)})"]
        if isinstance(e, ir.PreventDamage):
            self.in_window(e, env)
            self.use("prevent_damage")
            return ["prevent_damage(ctx)"]
        if isinstance(e, ir.ForceHit):
            if env.window != "杀被闪抵消时":
                raise self.internal("“此【杀】依然造成伤害”只能用于“你使用的【杀】被【闪】抵消后”", e.span)
            self.use("force_hit")
            return ["force_hit(ctx)"]
        if isinstance(e, ir.UseCard):
            # (the card was asked for in cost(): trigger_handlers)
            self.use("use_chosen_card")
            return [f"use_chosen_card(ctx, {self.player(e.actor, env)})"]
        if isinstance(e, ir.PreventExcessDamage):
            self.in_window(e, env)
            self.use("prevent_excess_damage")
            return ["prevent_excess_damage(ctx)"]
        if isinstance(e, ir.DiscardFrom) and e.owner is not None and e.cards is not None:
            return self.discard_from(e, env)
        if isinstance(e, ir.TransferDamage):
            self.in_window(e, env)
            self.use("choose_players", "transfer_damage", "Player")
            env.it = "moved_to"  # 该角色 / 其 after it: the one the damage went to (he may die of it)
            env.nullable.add("moved_to")
            return [
                f"moved = choose_players(ctx, ctx.owner, {self.candidates(e.to)}, 1, 1)",
                "moved_to: Player | None = moved[0] if moved else None",
                "if moved_to is not None:",
                "    transfer_damage(ctx, moved_to)",
            ]
        if isinstance(e, ir.VirtualUse):
            return self.virtual_use(e, env)
        if isinstance(e, ir.RevealToPile):
            actor = self.player(e.actor, env)
            self.use("put_on_general")
            env.pile_card, env.pile_owner = "pile_card", actor
            n = self.look_count(e.count, e.span, env)
            return self.guard([actor], env, [
                f"put = put_on_general(ctx, {actor}, {n})", "if not put:", "    return", "pile_card = put[-1]",
            ])
        if isinstance(e, ir.Conditional):
            return self.conditional(e, env)
        if isinstance(e, ir.DoOrElse):
            return self.do_or_else(e, env)
        if isinstance(e, ir.IfDone):
            return self.if_done(e, env)
        if isinstance(e, ir.TakeTurns):
            return self.take_turns(e, env)
        if isinstance(e, ir.WillNotDie) and env.window != "扣减体力时":
            raise self.internal("“不会死去”只能用于“扣减体力时”的时机", e.span)
        if isinstance(e, (ir.RevealDeclared, ir.VoidDeclared)):
            # the declared card's: whoever the clause's subject is, its owner turns it up or puts it away
            if not env.declared:
                raise self.internal("“此牌”只能用于扣置并声明的牌被质疑之后", e.span)
            action = verb_of(e).actions[0]
            self.use(action)
            return [f"{action}(ctx)"]
        verb = verb_of(e)
        values = [getattr(e, f.name) for f in dataclasses.fields(e) if f.name not in ("actor", "span", "optional")]
        if verb.actions and hasattr(e, "actor") and all(type(v) in (str, int) for v in values):
            # a verb whose node says who acts and plain words or numbers (叠置; 获得n枚“名”标记):
            # its runtime action on that player, the values in the node's field order
            actor = self.player(getattr(e, "actor"), env)
            self.use(verb.actions[0])
            return self.guard([actor], env, [f"{verb.actions[0]}(ctx, {', '.join([actor, *map(lit, values)])})"])
        raise self.internal("编译器尚不支持这个动词", e.span)

    def do_or_else(self, e: ir.DoOrElse, env: _Env) -> list[str]:
        """X需A，否则B: A's request (a verb that ``decides``: the capability pass allows no
        other), and B when it is refused; 其 in B is X unless it already names someone."""
        (do,) = e.do
        if isinstance(do, ir.UseCard) and env.target is not None:
            # 需对X使用一张【杀】 (借刀杀人): the request and the use in one; X gone or out of
            # reach is a refusal too (the action says None)
            actor = self.player(do.actor, env)
            self.use("use_card_on")
            ask = f"use_card_on(ctx, {actor}, ({self.card_name(do.card)},), {self.player(do.target, env)})"
        elif isinstance(do, ir.AnswerCard):
            actor = self.player(do.actor, env)
            self.use("ask_for_card")
            mode = ""
            if do.mode is ir.Mode.USE:
                self.use("UseMode")
                mode = ", UseMode.USE"
            ask = f"ask_for_card(ctx, {actor}, {self.card_name(do.card)}{mode})"
        else:
            raise self.internal("“需……，否则……”中要求做的事编译器还写不出", do.span)
        saved = env.it
        env.it = saved if saved is not None else actor
        try:
            otherwise = self.effects(list(e.otherwise), env)
        finally:
            env.it = saved
        return self.guard([actor], env, [f"if {ask} is None:"] + ["    " + line for line in otherwise])

    def if_done(self, e: ir.IfDone, env: _Env) -> list[str]:
        """X可以弃置…，若如此做，B: the discard, which X may decline (paid in full or not at
        all: the capability pass allows no other ``do``), and B only when he paid."""
        (do,) = e.do
        if not (isinstance(do, ir.Discard) and do.optional):
            raise self.internal("“若如此做”前编译器只支持可以不做的弃置", do.span)
        actor = self.player(do.actor, env)
        n = self.count_expr(do.cards, env)
        test = self.discard_test(do, env=env)
        self.use("ask_discard")
        extra = f", card_filter=lambda c: {test}" if test else ""
        env.last_count = n
        then = self.effects(list(e.then), env)
        return self.guard([actor], env, [
            f"if len(ask_discard(ctx, {actor}, {n}, {self.zone(do.cards.zone)}, optional=True{extra})) == {n}:",
        ] + ["    " + line for line in then])

    def take_turns(self, e: ir.TakeTurns, env: _Env) -> list[str]:
        """X与Y轮流打出一张【N】，首先未打出的一方…: the runtime's turns (X first), then what
        befalls that side (一方) and the other (另一方) — nothing once either has died."""
        first, second = self.player(e.actor, env), self.player(e.partner, env)
        self.use("take_turns")
        mode = ""
        if e.do.mode is ir.Mode.USE:
            self.use("UseMode")
            mode = ", UseMode.USE"
        saved = env.sides
        env.sides = ("side", "other_side")
        try:
            then = self.effects(list(e.then), env)
        finally:
            env.sides = saved
        return self.guard([first, second], env, [
            f"turns = take_turns(ctx, {first}, {second}, {self.card_name(e.do.card)}{mode})",
            "if turns is not None:",
            "    side, other_side = turns",
        ] + ["    " + line for line in then])

    def discard_from(self, e: ir.DiscardFrom, env: _Env) -> list[str]:
        """弃置其两张牌 (one at a time: a card drawn in between may be the second) /
        弃置其装备区里的一张坐骑牌 (a kind of card: chosen among those in sight)."""
        assert e.owner is not None and e.cards is not None
        actor, owner = self.player(e.actor, env), self.player(e.owner, env)
        n = self.count_expr(e.cards, env)
        test = self.card_test("c", e.cards)
        if test is not None and e.cards.zone is not ir.Zone.EQUIP:
            raise self.internal("编译器只支持弃置他人装备区里的某类牌（手牌是背面朝上选择的）", e.cards.span)
        self.use("discard_from")
        call = f"discard_from(ctx, {actor}, {owner}, {self.zone(e.cards.zone)}"
        call += f", card_filter=lambda c: {test})" if test else ")"
        body = [call] if n == "1" else [f"for _ in range({n}):", "    " + call]
        return self.guard([actor, owner], env, body)

    def each_questioner(self, e: ir.Effect, env: _Env) -> list[str]:
        """质疑者各…: the effect for each questioner alive, in seat order from the declarer."""
        if not env.declared:
            raise self.internal("“质疑者”只能用于扣置并声明的牌被质疑之后", e.span)
        self.use("questioners")
        env.questioner = "questioner"
        try:
            body = self.effect(e, env)
        finally:
            env.questioner = None
        return ["for questioner in questioners(ctx):"] + ["    " + line for line in body]

    def call(self, e: ir.Call, env: _Env) -> list[str]:
        """A verb of the table without an IR class: its runtime action with the actor
        and the arguments in the table's order (sgs.compiler.verbs.Verb.params)."""
        verb = verb_of(e)
        if not verb.actions:
            raise self.internal(f"动作“{verb.word}”（运行时缺少 {'、'.join(verb.needs) or '对应的动作'}）", e.span)
        actor = self.player(e.actor, env)
        players = [actor]
        args: list[str] = []
        for _, value in e.args:
            if isinstance(value, ir.PlayerRef):
                players.append(self.player(value, env))
                args.append(players[-1])
            elif isinstance(value, ir.CardSpec):
                args.append(self.count_expr(value, env))
            else:
                args.append(lit(value))
        self.use(verb.actions[0])
        return self.guard(players, env, [f"{verb.actions[0]}(ctx, {', '.join([actor, *args])})"])

    def obtain(self, e: ir.Obtain, env: _Env) -> list[str]:
        actor = self.player(e.actor, env)
        what = e.what
        if isinstance(what, ir.DamageCard):
            self.use("obtain")
            return self.guard(
                [actor],
                env,
                ["damage_card = ctx.damage.card", "if damage_card is not None:", f"    obtain(ctx, {actor}, damage_card)"],
            )
        if isinstance(what, ir.JudgeCardRef):
            if env.judge_card is None and env.window == "判定牌生效后":
                self.use("obtain")
                return self.guard([actor], env, [f"obtain(ctx, {actor}, ctx.judge_event.card)"])
            if env.judge_card is None:
                raise self.internal("“此牌”前没有判定牌", what.span)
            self.use("obtain")
            return self.guard([actor], env, [f"obtain(ctx, {actor}, {env.judge_card})"])
        if isinstance(what, ir.AllJudgeCards):
            if env.judged is None:
                raise self.internal("“所有…的判定牌”前没有判定循环", what.span)
            self.use("obtain")
            test = self.pattern_test("c", what.color, False, what.span, env.judge_holder)
            return self.guard(
                [actor],
                env,
                [f"for c in {env.judged}:", f"    if {test}:", f"        obtain(ctx, {actor}, c)"],
            )
        if isinstance(what, ir.RevealedCards) and what.one:
            if env.revealed is None:
                raise self.internal("“获得亮出的一张牌”前没有亮出的牌", what.span)
            # 获得亮出的一张牌: his pick among those still revealed (not taken yet)
            self.use("obtain", "choose_cards_among", "in_processing")
            return self.guard([actor], env, [
                f"for c in choose_cards_among(ctx, {actor}, in_processing(ctx, {env.revealed}), 1, 1):",
                f"    obtain(ctx, {actor}, c)",
            ])
        if isinstance(what, ir.RevealedCards) and what.each_suit and not (what.rest or what.discarded_this_phase):
            if env.revealed is None:
                raise self.internal("“获得其中…”前没有亮出的牌", what.span)
            # 获得其中每种花色的牌各一张: per suit among them, that card or the one he picks
            self.use("obtain", "choose_cards_among", "suit_of")
            return self.guard([actor], env, [
                f"for suit in dict.fromkeys(suit_of(ctx, c) for c in {env.revealed}):",
                f"    of_suit = [c for c in {env.revealed} if suit_of(ctx, c) is suit]",
                f"    picked = of_suit if len(of_suit) == 1 else choose_cards_among(ctx, {actor}, of_suit, 1, 1)",
                "    for c in picked:",
                f"        obtain(ctx, {actor}, c)",
            ])
        if isinstance(what, ir.OwnedCard):
            owner = self.player(what.owner, env)
            spec = what.spec
            if self.count_expr(spec, env) != "1" or spec.name or spec.color or spec.suit:
                raise self.internal("编译器只支持获得其他角色的一张牌或一张手牌", spec.span)
            self.use("obtain_from")
            call = f"obtain_from(ctx, {actor}, {owner}, {self.zone(spec.zone)})"
            if not env.capture_obtained:
                return self.guard([actor, owner], env, [call])
            env.obtained = "obtained"
            lines = self.guard([actor, owner], env, [f"obtained = {call}"])
            if len(lines) == 1:
                return lines
            self.use("Card")  # guarded: the variable must exist when the guard fails
            return ["obtained: Card | None = None"] + lines
        raise AssertionError(what)

    def judge_branch(self, e: ir.JudgeBranch, env: _Env) -> list[str]:
        actor = self.player(e.judge.actor, env)
        self.use("judge")
        t = e.test
        good = self.judge_test("c", t, actor)
        test = self.judge_test("judge_card", t, actor)
        env.judge_holder = actor
        again = [x for x in e.then if isinstance(x, ir.JudgeAgain)]
        rest = [x for x in e.then if not isinstance(x, ir.JudgeAgain)]
        env.judge_card = "judge_card"
        if not again:
            # 其 in what the result gates is the one who judged, unless it already names someone
            saved, env.it = env.it, env.it if env.it is not None else actor
            try:
                body = self.effects(rest, env) or ["pass"]
                otherwise = self.judge_otherwise(e, env)
            finally:
                env.it = saved
            env.judge_card = None
            return self.guard([actor], env, [f"judge_card = judge(ctx, {actor}, good={_callable(good)})", f"if {test}:"] + [
                "    " + line for line in body
            ] + (["else:"] + ["    " + line for line in otherwise] if otherwise else []))
        if len(again) > 1 or e.then[-1] is not again[0]:
            raise self.internal("“再次进行判定”必须是判定结果分支的最后一个效果", again[0].span)
        loop: list[str] = [f"judge_card = judge(ctx, {actor}, good={_callable(good)})"]
        if env.judged is not None:
            loop.append(f"{env.judged}.append(judge_card)")
        loop += [f"if not ({test}):", "    break"]
        loop += self.effects(rest, env)
        loop.append(self.note(again[0].span))
        if again[0].optional:
            self.use("ask_invoke")
            loop += ["if not ask_invoke(ctx, ctx.owner):", "    break"]
        env.judge_card = None
        return ["while True:"] + ["    " + line for line in loop]

    def judge_otherwise(self, e: ir.JudgeBranch, env: _Env) -> list[str]:
        """……；否则，…… after a judgement's result: its lines, or in a delayed trick's effect
        the call of its ``missed`` hook (what a cancelled one does too), whose body
        :meth:`plan_card_effect` writes."""
        if not e.otherwise:
            return []
        if env.delayed:
            return ["self.missed(ctx, target)"]
        if any(isinstance(x, ir.JudgeAgain) for x in e.otherwise):
            raise self.internal("“再次进行判定”不能写在“否则”之后", e.span)
        return self.effects(list(e.otherwise), env)

    def conditional(self, e: ir.Conditional, env: _Env) -> list[str]:
        """若<条件>，<效果> among effects: today the number tests of a card just put on a
        general card (不屈: 若该牌的点数与你武将牌上已有的任何一张牌都不同 / 若出现相同点数的牌)
        and the outcome of a declared card's questions (蛊惑: 若有角色质疑 / 若为真 / 若为假 /
        若此牌不为<花色>); the capability pass refuses the other conditions
        (check.EFFECT_CONDITIONS)."""
        c, kind = e.cond, e.cond.kind
        if kind in QUESTION_CONDITIONS:
            if not env.declared:
                raise self.internal(f"条件“{c.text}”只能用于扣置并声明的牌被质疑之后", c.span)
            if kind is ir.CondKind.NOT_SUIT:
                if c.suit is None:
                    raise self.internal(f"条件“{c.text}”没有花色", c.span)
                self.use("declared_card")
                # (the card lies in the processing area: its suit as the declarer's, 红颜)
                test = self.pattern_test("declared_card(ctx)", c.suit, True, c.span, holder="ctx.owner")
            else:
                query = {ir.CondKind.QUESTIONED: "questioned", ir.CondKind.TRUE: "declared_true"}.get(kind, "declared_false")
                self.use(query)
                test = f"{query}(ctx)"
        elif kind in (ir.CondKind.NUMBER_NEW, ir.CondKind.NUMBER_REPEAT):
            if env.pile_card is None or env.pile_owner is None:
                raise self.internal("“该牌的点数”前没有置于武将牌上的牌", c.span)
            self.use("pile_number_new")
            test = f"pile_number_new(ctx, {env.pile_owner}, {env.pile_card})"
            test = test if kind is ir.CondKind.NUMBER_NEW else "not " + test
        elif kind is ir.CondKind.CHAINED and c.player is not None:  # 若X处于连环状态
            test = f"{self.player(c.player, env)}.chained"
        elif kind is ir.CondKind.DYING and c.player is not None:  # 若X处于濒死状态
            test = f"{self.player(c.player, env)}.dying"
        else:
            raise self.internal(f"编译器尚不支持条件“{c.text}”", c.span)
        body = self.effects(e.then, env) or ["pass"]
        otherwise = self.effects(list(e.otherwise), env) if e.otherwise else []
        return [f"if {test}:"] + ["    " + line for line in body] + (
            ["else:"] + ["    " + line for line in otherwise] if otherwise else [])

    def choose_one(self, e: ir.ChooseOne, env: _Env) -> list[str]:
        chooser = self.player(e.actor, env)
        self.use("choose_option")
        labels = [lit(o.label) for o in e.options]
        feasible = [self.feasible(o, chooser) for o in e.options]
        out = [
            f"choice = choose_option(ctx, {chooser}, ({', '.join(labels)}), feasible=({', '.join(feasible)}))",
        ]
        newly = {chooser} & (env.nullable - env.guarded)
        env.guarded |= newly
        for i, (o, label) in enumerate(zip(e.options, labels)):
            kw = "if" if i == 0 else "elif"
            body = self.effects(o.effects, env) or ["pass"]
            out.append(f"{kw} choice == {label}:")
            out += ["    " + line for line in body]
        env.guarded -= newly
        return self.guard([chooser], env, out)

    def choose_items(self, e: ir.ChooseItems, env: _Env) -> list[str]:
        """选择一至两项：1.…；2.…。你每选择一项，…: the chosen options' effects in the
        options' order, each followed by the per-choice effects."""
        chooser = self.player(e.actor, env)
        self.use("choose_options")
        labels = [lit(o.label) for o in e.options]
        feasible = [self.feasible(o, chooser) for o in e.options]
        out = [
            f"items = choose_options(ctx, {chooser}, ({', '.join(labels)}), {lit(e.low)}, {lit(e.high)}, "
            f"feasible=({', '.join(feasible)}))",
            "for item in items:",
        ]
        newly = {chooser} & (env.nullable - env.guarded)
        env.guarded |= newly
        for i, (o, label) in enumerate(zip(e.options, labels)):
            body = self.effects(o.effects, env) or ["pass"]
            out.append(f"    {'if' if i == 0 else 'elif'} item == {label}:")
            out += ["        " + line for line in body]
        out += ["    " + line for line in self.effects(e.per_choice, env)]
        env.guarded -= newly
        return self.guard([chooser], env, out)

    def virtual_use(self, e: ir.VirtualUse, env: _Env) -> list[str]:
        """视为对一名其他角色使用一张【杀】: the user picks the target as it resolves."""
        user = self.player(e.actor, env)
        if len(e.targets) != 1 or e.targets[0].who not in (ir.Who.ONE, ir.Who.ALL_OTHERS) or e.uncounted:
            raise self.internal("编译器只支持“视为对一名（其他）角色使用”", e.span)
        cands = self.candidates(e.targets[0])
        card = self.card_name(e.card)
        self.use("view_as_use_on")
        extra = ", nullifiable=False" if e.card.name in env.unnullifiable else ""
        return self.guard([user], env, [f"view_as_use_on(ctx, {user}, {card}, {cands}{extra})"])

    def feasible(self, o: ir.Option, chooser: str) -> str:
        parts = []
        for e in o.effects:
            if isinstance(e, ir.Discard) and e.cards.count.kind in (ir.CountKind.EXACT, ir.CountKind.IMPLICIT) and (
                test := self.card_test("c", e.cards)
            ):
                n = self.count_expr(e.cards, env=_Env())
                hand_only = e.cards.zone is ir.Zone.HAND
                parts.append(f"sum(1 for c in {chooser}.cards_in(True{'' if hand_only else ', True'}) if {test}) >= {n}")
            elif isinstance(e, ir.Discard) and e.cards.count.kind is ir.CountKind.EXACT and e.cards.count.n:
                if e.cards.zone is ir.Zone.HAND:
                    parts.append(f"{chooser}.hand_count >= {lit(e.cards.count.n)}")
                else:
                    parts.append(f"{chooser}.card_count(True, True) >= {lit(e.cards.count.n)}")
        return " and ".join(parts) if parts else "True"

    # ------------------------------------------------------------ abilities
    def common_attrs(self, skill: ir.Skill, general: ir.General | None) -> list[tuple[str, str]]:
        attrs = [
            ("name", lit(skill.name)),
            ("pinyin", lit(skill.pinyin)),
            ("text", lit(skill.text)),
            ("source", lit(f"{skill.span.file}:{skill.span.line}")),
        ]
        if skill.compulsory:
            attrs.append(("compulsory", "True"))
        if skill.lord:
            attrs.append(("lord", "True"))
        if ir.Tag.LIMITED in skill.tags:
            attrs.append(("limited", "True"))
        if ir.Tag.WAKE in skill.tags:
            attrs.append(("wake", "True"))
        return attrs

    def class_name(self, skill: ir.Skill) -> str:
        if not is_identifier(skill.pinyin):
            raise self.fail("E0401", f"“{skill.pinyin}”不是合法的标识符", skill.name_span)
        name = "".join(p.capitalize() for p in skill.pinyin.split("_"))
        # The class lives beside the api names it imports and Python's own: a skill
        # spelled (none) or (card) must not become `class None` or shadow `Card`.
        if keyword.iskeyword(name) or name in _RESERVED_NAMES:
            raise self.fail(
                "E0401",
                f"拼音“{skill.pinyin}”生成的类名“{name}”与生成代码里已有的名字冲突",
                skill.name_span,
                help=f"换一个拼音，例如“{skill.name}（{skill.pinyin}_ji）”",
            )
        return name

    def plan_skill(self, skill: ir.Skill, general: ir.General | None) -> ClassPlan:
        name = self.class_name(skill)
        comments = [f"# {self.where(skill.span)} {_comment(skill.name + '：' + skill.text)}"]
        self._multi = len(skill.abilities) > 1
        attrs = self.common_attrs(skill, general)
        abilities = list(skill.abilities)
        if not abilities:
            raise self.fail("E0214", "技能中没有可编译的句子", skill.span)
        kinds = {type(a) for a in abilities}
        # 无双's duel clause is static in the text but the runtime resolves it at the
        # target windows, so it becomes a trigger handler of the same class
        # so is 仁王盾's “黑色的【杀】对你无效” (the card is nullified when it targets you)
        if all(
            isinstance(a, ir.TriggeredAbility)
            or (isinstance(a, ir.StaticAbility) and isinstance(a.modifier, (ir.DuelResponseCount, ir.Invalid)))
            for a in abilities
        ):
            return self.plan_trigger(name, comments, attrs, skill, abilities)
        if all(isinstance(a, ir.CardEffectAbility) for a in abilities):
            # a card's effect: its own step (sentences naming no 目标角色) and its effect per target
            return self.plan_card_effect(name, comments, attrs, [a for a in abilities if isinstance(a, ir.CardEffectAbility)])
        if len(abilities) > 1 and all(isinstance(a, ir.StaticAbility) for a in abilities):
            # several statics (武神: 均视为【杀】；…无距离限制): one class with each one's hooks
            parts = [self.plan_static(name, comments, list(attrs), skill, a) for a in abilities if isinstance(a, ir.StaticAbility)]
            hooks = [m.name for p in parts for m in p.methods]
            if len(set(hooks)) != len(hooks):
                raise self.internal("同一技能的两句状态技作用于同一规则查询", skill.span)
            for a in abilities:
                comments.append(f"# {self.where(a.span)} {_comment(a.text)}")
            return ClassPlan(name, "StaticSkill", comments, parts[0].attrs, [m for p in parts for m in p.methods])
        if len(abilities) > 1:
            raise self.internal("编译器还不支持把不同种类的句子合成一个技能：" + "、".join(sorted(k.kind for k in kinds)),
                skill.span,
            )
        a = abilities[0]
        if isinstance(a, ir.ViewAsAbility):
            return self.plan_viewas(name, comments, attrs, skill, a)
        if isinstance(a, ir.ActiveAbility):
            return self.plan_active(name, comments, attrs, skill, a)
        if isinstance(a, ir.StaticAbility):
            return self.plan_static(name, comments, attrs, skill, a)
        if isinstance(a, ir.ProxyAbility):
            return self.plan_proxy(name, comments, attrs, skill, a, general)
        if isinstance(a, ir.ReplacementAbility):
            return self.plan_replacement(name, comments, attrs, skill, a)
        if isinstance(a, ir.GrantedAbility):
            return self.plan_granted(name, comments, attrs, skill, a)
        if isinstance(a, ir.DeclaredUse):
            return self.plan_declared(name, comments, attrs, skill, a)
        raise self.internal(f"编译器尚不支持{a.kind}类技能", a.span)

    def plan_card_effect(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], parts: list[ir.CardEffectAbility]
    ) -> ClassPlan:
        """A card's effect on each target (锦囊 declarations): ``effect(ctx, target)``, with
        目标角色 the target and 你 the user (the card-use protocol around it is the
        runtime's, :func:`sgs.runtime.effects.tricks.text_effect`); ``can_affect``: the
        target is skipped before 无懈可击 when the effect can do nothing to him (回复体力
        on a player at full hp, taking a card from a player who has none); ``by_user``:
        the user does it (你弃置…), so nothing happens once he is dead; ``before``: the use's
        own step (sentences naming no 目标角色: 五谷丰登's 亮出…, once before the targets; the
        cards it reveals are the use's, ``ctx.use.revealed``)."""
        self.use("CardEffect", "SkillContext", "Player")
        methods = []
        steps = [e for a in parts if a.once for e in a.effects]
        revealed: str | None = None
        if steps:
            step_env = _Env()
            step_env.revealed = "ctx.use.revealed"
            methods.append(Method("before", "ctx: SkillContext", "None", self.effects(steps, step_env)))
            revealed = step_env.revealed
        env = _Env()
        env.target = "target"
        env.revealed = revealed
        env.delayed = self._decl_delayed
        # never empty: the binder refuses a card effect line without effects (a gap, W0701)
        effects = [e for a in parts if not a.once for e in a.effects]
        body = self.effects(effects, env)
        missed: list[str] = []
        if env.delayed and isinstance(effects[0], ir.JudgeBranch) and effects[0].otherwise:
            # the result's 否则: also what the trick does when 无懈可击 cancels it
            branch = effects[0]
            env.it = self.player(branch.judge.actor, env)
            missed = self.effects(list(branch.otherwise), env)
            env.it = None
        first = effects[0]
        conds: list[str] = []
        if isinstance(first, ir.Recover) and first.actor.who is ir.Who.TARGET:
            conds.append("target.is_wounded")
        owned = first.what if isinstance(first, ir.Obtain) else first if isinstance(first, ir.DiscardFrom) else None
        if isinstance(owned, (ir.OwnedCard, ir.DiscardFrom)) and owned.owner is not None and owned.owner.who is ir.Who.TARGET:
            spec = owned.spec if isinstance(owned, ir.OwnedCard) else owned.cards
            assert spec is not None
            conds.append(_HAS_CARDS_IN[spec.zone or ir.Zone.HAND].format("target"))
        if isinstance(first, ir.Show) and first.cards is not None and first.actor.who is ir.Who.TARGET:
            conds.append(_HAS_CARDS_IN[first.cards.zone or ir.Zone.HAND].format("target"))  # 展示一张手牌: he has one
        if isinstance(first, ir.Obtain) and isinstance(first.what, ir.RevealedCards) and first.what.one:
            conds.append(f"bool(in_processing(ctx, {revealed}))")  # 获得亮出的一张牌: some are left
        actors = [getattr(e, "actor", None) for e in effects]
        if any(isinstance(who, ir.PlayerRef) and who.who is ir.Who.YOU for who in actors):
            attrs.append(("by_user", "True"))
        if self._decl_kind == ir.BASIC:  # a basic card's use is the whole event: its effects name no reason
            attrs.append(("log_reason", "False"))
        if conds:
            methods.append(Method("can_affect", "ctx: SkillContext, target: Player", "bool", _ret_all(conds)))
        methods.append(Method("effect", "ctx: SkillContext, target: Player", "None", body))
        if missed:
            methods.append(Method("missed", "ctx: SkillContext, target: Player", "None", missed))
        return ClassPlan(name, "CardEffect", comments, attrs, methods)

    def trigger_handlers(self, a: ir.Ability) -> list[tuple[str, list[str], list[str], list[str]]]:
        """(timing expr, cost lines, condition exprs, effect lines) per window (cost
        lines: the body of ``cost()``, none for a skill without a cost)."""
        if isinstance(a, ir.StaticAbility) and isinstance(a.modifier, ir.Invalid):
            inv = a.modifier
            tests: list[str] = []
            for cw in (inv.card, *inv.more):  # 【南蛮入侵】、【万箭齐发】和普通【杀】: any of them
                if cw.name == "杀":
                    self.card_name(cw)
                    tests.append("ctx.use.card.is_slash")
                    if inv.plain:  # 普通【杀】: no nature
                        self.use("Nature")
                        tests[-1] = "(ctx.use.card.is_slash and ctx.use.card.nature is Nature.NORMAL)"
                else:
                    tests.append(f"ctx.use.card.name is {self.card_name(cw)}")
            inv_conds = [tests[0] if len(tests) == 1 else "(" + " or ".join(tests) + ")"]
            if inv.color is not None:
                inv_conds.append(self.pattern_test("ctx.use.card", inv.color, False, inv.span))
            self.use("nullify_for")
            return [
                (self.timing("成为目标后", a.span), [], inv_conds, [self.note(a.span), "nullify_for(ctx, ctx.owner)"]),
            ]
        if isinstance(a, ir.StaticAbility):
            mod = a.modifier
            assert isinstance(mod, ir.DuelResponseCount)
            if mod.duel.name != "决斗" or mod.card.name != "杀" or mod.mode is not ir.Mode.RESPOND:
                raise self.internal("运行时只支持“与你进行【决斗】的角色每次需连续打出n张【杀】”", a.span)
            duel = self.card_name(mod.duel)
            self.use("require_duel_slashes")
            n = lit(mod.count)
            note = self.note(a.span)
            return [
                (
                    self.timing("指定目标后", a.span),
                    [],
                    [f"ctx.use.card.name is {duel}", "ctx.target is not None"],
                    [note, "if ctx.target is not None:", f"    require_duel_slashes(ctx, ctx.target, {n})"],
                ),
                (
                    self.timing("成为目标后", a.span),
                    [],
                    [f"ctx.use.card.name is {duel}"],
                    [note, f"require_duel_slashes(ctx, ctx.use.user, {n})"],
                ),
            ]
        assert isinstance(a, ir.TriggeredAbility)
        t = a.timing
        env = _Env()
        setup: list[str] = []
        conds: list[str] = []
        timing_expr = self.timing(t.window, t.span)
        env.window = t.window
        if t.phase is not None:
            # 当你于出牌阶段…: in your own phase of that name
            from sgs.runtime.api import Phase

            self.use("current_phase", "is_current", "Phase")
            conds.append(f"is_current(ctx, ctx.owner) and current_phase(ctx) is Phase.{Phase(t.phase).name}")
        if isinstance(a.condition, ir.Condition):
            conds.append(self.trigger_condition(a.condition, t.window))
        elif a.condition is not None:
            conds.append(self.no_card_used(a.condition))
        if t.victim is not None:
            conds.extend(self.victim_tests(t))
        if t.card_class is not None:
            if t.window != "使用时":
                raise self.internal("编译器只支持“使用…锦囊牌时”的牌类条件", t.card_class.span)
            conds.extend(self.card_class_test("ctx.use.card", t.card_class))
        if t.lost_from is not None:
            self.use("lost_count", "CardZone")
            zone = "CardZone.HAND" if t.lost_from == "手牌" else "CardZone.EQUIP"
            conds.append(f"lost_count(ctx, {zone}) > 0")
            if t.last_hand:
                conds.append("ctx.owner.hand_count == 0")
        if t.window == "指定目标后":
            env.it = "target"
            env.nullable.add("target")
            setup.append("target = ctx.target")
            if t.card is not None:
                conds.append(self.card_is("ctx.use.card", t.card))
            if t.whom is not None and t.whom.opposite_sex:
                conds.append("ctx.target is not None and ctx.target.gender is not ctx.owner.gender")
        elif t.window == "回复体力时":
            env.it = "__recover__"
            if t.card is not None:
                conds.append("ctx.recover_event.card is not None")
                conds.append(f"ctx.recover_event.card.name is {self.card_name(t.card)}")
            if t.by is not None:
                by = t.by
                if by.who is not ir.Who.ALL_OTHERS:
                    raise self.internal("编译器只支持“其他（某势力）角色”使用的牌", by.span)
                conds.append("ctx.recover_event.source is not None")
                conds.append("ctx.recover_event.source is not ctx.owner")
                if by.kingdom is not None:
                    conds.append(f"ctx.recover_event.source.kingdom is {self.kingdom(by.kingdom, by.span)}")
            if t.owner_dying:
                conds.append("ctx.owner.dying")
        elif t.window in ("成为目标时", "成为目标后"):
            if t.card is not None:
                if t.window == "成为目标时":
                    env.window_card = t.card.name
                conds.append(self.card_is("ctx.use.card", t.card))
        elif t.window.startswith("受到伤害"):
            if t.nature is not None:  # 受到火焰伤害时
                from sgs.runtime.api import Nature

                self.use("Nature")
                conds.append(f"ctx.damage.nature is Nature.{Nature(t.nature).name}")
            if t.card is not None:  # 受到【杀】造成的伤害后: the damage's card (奸雄's 造成伤害的牌)
                conds.append("ctx.damage.card is not None")
                conds.append(self.card_is("ctx.damage.card", t.card))
        elif t.window in ("造成伤害时", "造成伤害后") and t.card is not None:
            # 你使用【杀】对目标角色造成伤害: the damage of a card you used (a conducted
            # damage belongs to no use); 其 is the damaged target
            env.it = "ctx.damage.target"
            conds.append("ctx.damage.card is not None and ctx.damage.use is not None")
            conds.append(self.card_is("ctx.damage.card", t.card))
        elif t.window == "需要牌时":
            pass  # the names asked for are the class's ``needs`` (plan_trigger)
        elif t.window == "使用时" and t.card is not None and t.card_class is None and t.mode in (None, ir.Mode.USE):
            conds.append(self.card_is("ctx.use.card", t.card))
        elif t.window == "失去装备区里的此牌后":
            pass  # the card is the skill's own (plan_trigger): only its skills hear the window
        elif t.window == "杀被闪抵消时":
            # 你使用的【杀】被【闪】抵消后: the window's use is the 杀's; 其 is its target
            env.it = _TARGET_OF[t.window]
            if t.card is not None:
                conds.append(self.card_is("ctx.use.card", t.card))
        elif t.card is not None:
            raise self.internal("编译器不支持此时机的牌名条件", t.card.span)
        if env.it is None and t.subject in (ir.Who.ONE, ir.Who.ALL_OTHERS) and t.window in _SUBJECT_OF:
            # 其 in a window of another player's: that player (一名角色受到伤害后，你可以令其…)
            env.it = _SUBJECT_OF[t.window]
        uses_source = any(_mentions(e, ir.Who.SOURCE) for e in a.effects)
        if uses_source:
            if not t.window.startswith("受到伤害"):
                raise self.internal("“伤害来源”只能用于伤害时机", t.span)
            # a skill that acts on the damage source needs one (no source: nothing to do)
            conds.append("ctx.damage.source is not None")
            setup.append("source = ctx.damage.source")
            env.nullable.add("source")
        # preconditions from the first effect (what the skill needs to do anything)
        if a.effects:
            first = a.effects[0]
            if isinstance(first, ir.Obtain) and isinstance(first.what, ir.DamageCard):
                conds.append("ctx.damage.card is not None")
            if isinstance(first, ir.Obtain) and isinstance(first.what, ir.OwnedCard) and first.what.owner.who is ir.Who.SOURCE:
                z = first.what.spec.zone
                if z is ir.Zone.HAND:
                    conds.append("ctx.damage.source.hand_count > 0")
                else:
                    conds.append("ctx.damage.source.card_count(True, True) > 0")
            moves = [(i, x) for i, x in enumerate(a.effects) if isinstance(x, ir.Transfer)]
            if moves:
                i, mv = moves[0]
                cost = a.effects[i - 1] if i > 0 else None
                if isinstance(cost, ir.Discard) and cost.actor.who is ir.Who.YOU:
                    z = cost.cards.zone or ir.Zone.HAND
                    cards = "ctx.owner.cards_in(True, True)" if z is ir.Zone.HAND_EQUIP else "ctx.owner.cards_in(True)"
                    test = self.card_test("c", cost.cards)
                    cond = f" if {test}" if test else ""
                    conds.append(f"any({self.transfer_candidates(mv, '[c]')} for c in {cards}{cond})")
                else:
                    conds.append(f"len({self.transfer_candidates(mv)}) > 0")
            if (
                isinstance(first, ir.Discard) and first.actor.who is ir.Who.YOU and not moves
                and first.cards.count.kind in (ir.CountKind.EXACT, ir.CountKind.IMPLICIT)
            ):
                hand_only = first.cards.zone is ir.Zone.HAND
                test = self.discard_test(first) or "True"
                n = self.count_expr(first.cards, _Env())
                conds.append(f"sum(1 for c in ctx.owner.cards_in(True{'' if hand_only else ', True'}) if {test}) >= {n}")
            if isinstance(first, ir.DiscardFrom) and first.owner is not None and first.cards is not None:
                # nothing to discard: not offered (麒麟弓 against a player without a horse)
                owner = self.player(first.owner, env)
                test = self.card_test("c", first.cards)
                z = first.cards.zone
                pool = f"{owner}.equip_cards()" if z is ir.Zone.EQUIP else (
                    f"{owner}.cards_in(True)" if z is ir.Zone.HAND else f"{owner}.cards_in(True, True)")
                conds.append(f"any({test} for c in {pool})" if test else f"len({pool}) > 0")
            if isinstance(first, ir.UseCard):
                # 对<目标>使用一张【杀】: offered only when he could use one on that target
                self.use("can_use_card_on")
                user, on = self.player(first.actor, env), self.player(first.target, env)
                conds.append(f"can_use_card_on(ctx, {user}, ({self.card_name(first.card)},), {on})")
            if isinstance(first, ir.IgnoreArmor):
                # nothing to ignore without an armor (and no 发动 line in the log)
                conds.append("ctx.target is not None and ctx.target.armor is not None")
            if isinstance(first, ir.Retrial):
                # offered only with a card that may replace the judgement (鬼道: a black one)
                test = self.card_test("c", first.cards)
                hand_only = first.cards.zone is ir.Zone.HAND
                if test:
                    conds.append(f"any({test} for c in ctx.owner.cards_in(True{'' if hand_only else ', True'}))")
                else:
                    conds.append("ctx.owner.hand_count > 0" if hand_only else "ctx.owner.card_count(True, True) > 0")
        if any(isinstance(x, ir.AllJudgeCards) for x in _card_refs(a.effects)):
            env.judged = "judged"
            setup.append("judged: list[Card] = []")
            self.use("Card")
        one = _first_one(a.effects)
        if one is not None and env.chosen is None and env.it is None:
            # 令一名（其他）角色…: the owner chooses that player as the skill resolves; the
            # skill is offered only when someone can be chosen
            cands = self.candidates(one)
            self.use("choose_players")
            conds.append(f"len({cands}) > 0")
            setup += [f"chosen = choose_players(ctx, ctx.owner, {cands}, 1, 1)", "if not chosen:", "    return"]
            env.chosen = "chosen[0]"
        cost_lines: list[str] = []
        effects = list(a.effects)
        if a.cost:
            # 你可以A，则B: A in cost() (before the 发动 line; not paid in full, nothing
            # happens), B in effect()
            env.paying = True
            cost_lines = self.effects(effects[:a.cost], env)
            env.paying = False
            effects = effects[a.cost:]
        elif effects and isinstance(effects[0], ir.UseCard):
            # 对<目标>使用一张【杀】: the card asked for in cost() (declining is the
            # request's 取消), its use in effect()
            e = effects[0]
            self.use("ask_use_card_on")
            user, on = self.player(e.actor, env), self.player(e.target, env)
            cost_lines = [self.note(e.span), f"return ask_use_card_on(ctx, {user}, ({self.card_name(e.card)},), {on})"]
        body = setup + self.effects(effects, env)
        return [(timing_expr, cost_lines, conds, body)]

    def candidates(self, p: ir.PlayerRef) -> str:
        """The players a 一名…角色 phrase may be: ``[p for p in alive_players(ctx) if …]``."""
        filt = []
        if p.other:
            filt.append("p is not ctx.owner")
        if p.wounded:
            filt.append("p.is_wounded")
        if p.kingdom is not None:
            filt.append(f"p.kingdom is {self.kingdom(p.kingdom, p.span)}")
        if p.gender is not None:
            self.use("Gender")
            filt.append(f"p.gender is Gender.{Gender(p.gender).name}")
        if p.opposite_sex or p.count is not None:
            raise self.internal(f"编译器还不能在触发技中选择“{self.src_text(p.span)}”", p.span)
        most = [f for f in p.filters if f.kind is ir.FilterKind.MOST_MARKS and isinstance(f.value, str)]
        filt += self.player_filters("p", dataclasses.replace(p, filters=tuple(f for f in p.filters if f not in most)))
        self.use("alive_players")
        cands = "[p for p in alive_players(ctx)" + (" if " + " and ".join(filt) if filt else "") + "]"
        for f in most:  # 拥有“梦魇”标记最多的: the most marked of those
            self.use("most_marked")
            cands = f"most_marked(ctx, {cands}, {lit(str(f.value))})"
        return cands

    def player_filters(self, var: str, p: ir.PlayerRef) -> list[str]:
        """Tests of player ``var`` for the phrase's range and distance filters (你攻击范围内的,
        距离1以内的, 距离为1的), from the owner."""
        out: list[str] = []
        if p.in_range:
            self.use("in_attack_range")
            out.append(f"in_attack_range(ctx, ctx.owner, {var})")
        for f in p.filters:
            if f.kind not in TESTED_FILTERS or not isinstance(f.value, int) or f.of is not None:
                raise self.internal(f"编译器还不能判断角色条件“{f.kind.value}”", f.span)
            self.use("distance")
            op = "<=" if f.kind is ir.FilterKind.DISTANCE_WITHIN else "=="
            out.append(f"distance(ctx, ctx.owner, {var}) {op} {lit(f.value)}")
        return out

    def victim_tests(self, t: ir.TimingSpec) -> list[str]:
        """你对<一名…角色>造成伤害后: the damaged player fits the phrase."""
        v = t.victim
        if v is None or not compiled_victim(t):
            raise self.internal("编译器还不能编译时机中的角色", t.span)
        var = "ctx.damage.target"
        out = [f"{var} is not ctx.owner"] if v.other else []
        if v.wounded:
            out.append(f"{var}.is_wounded")
        if v.kingdom is not None:
            out.append(f"{var}.kingdom is {self.kingdom(v.kingdom, v.span)}")
        if v.gender is not None:
            self.use("Gender")
            out.append(f"{var}.gender is Gender.{Gender(v.gender).name}")
        return out + self.player_filters(var, v)

    def measure(self, m: ir.Measure | int | ir.Quantity | None, window: str, span: Span) -> str:
        """One side of a comparison: a number or a measure of you / the window's 其."""
        if isinstance(m, int):
            return lit(m)
        if m is ir.Quantity.DAMAGE and window in DAMAGE_WINDOWS:
            return "ctx.damage.amount"
        if not isinstance(m, ir.Measure):
            raise self.internal("编译器还不能编译这个比较", span)
        if m.of.who is ir.Who.YOU:
            who = "ctx.owner"
        elif m.of.who is ir.Who.IT and window in _IT_OF:
            who = _IT_OF[window]
        else:
            raise self.internal(f"编译器还不能确定“{self.src_text(m.of.span)}”指哪名角色", m.of.span)
        if m.what == "攻击范围":
            self.use("attack_range")
            return f"attack_range(ctx, {who})"
        attr = {"手牌数": "hand_count", "体力值": "hp", "体力上限": "max_hp", "已损失的体力值": "lost_hp"}.get(m.what)
        if attr is None:
            raise self.internal(f"编译器还不能比较“{m.what}”", m.span)
        return f"{who}.{attr}"

    def it_of(self, window: str, span: Span) -> str:
        """The player 其 names in a condition right after the timing ``window``."""
        if window not in _IT_OF:
            raise self.internal(f"编译器还不能确定“{self.src_text(span)}”指哪名角色", span)
        return _IT_OF[window]

    def trigger_condition(self, c: ir.Condition, window: str = "") -> str:
        """A 若… condition right after the timing that the emitter compiles (a test in
        ``can_trigger``): 若你有手牌 / 若你没有手牌.  Anything else is a gap
        (:func:`.check.runtime_gaps`) and refused here too."""
        if c.kind in _TRIGGER_CONDITIONS and c.player is not None and c.player.who in (ir.Who.YOU, ir.Who.IT):
            who = "ctx.owner" if c.player.who is ir.Who.YOU else self.it_of(window, c.player.span)
            test = {
                ir.CondKind.HAS_HAND: f"{who}.hand_count > 0",
                ir.CondKind.NO_HAND: f"{who}.hand_count == 0",
                ir.CondKind.HAS_CARDS: f"{who}.card_count(True, True) > 0",
            }[c.kind]
            return f"{who} is not None and {test}" if who == "ctx.target" else test
        if c.kind is ir.CondKind.COMPARE and c.op in COMPARISONS:
            test = f"{self.measure(c.left, window, c.span)} {COMPARISONS[c.op]} {self.measure(c.right, window, c.span)}"
            if "ctx.target" in test:
                return f"ctx.target is not None and {test}"
            return test
        if c.kind is ir.CondKind.ANY_OF and c.cases:
            return " or ".join(f"({self.trigger_condition(x, window)})" for x in c.cases)
        raise self.internal(f"编译器还不能编译条件“{c.text}”", c.span)

    def no_card_used(self, c: ir.NoCardUsed) -> str:
        from sgs.runtime.api import Phase

        try:
            phase = "Phase." + Phase(c.phase).name
        except ValueError:
            raise self.internal(f"运行时没有“{c.phase}”", c.span) from None
        self.use("cards_used_this_turn", "Phase", "UseMode")
        mode = {ir.Mode.USE: "UseMode.USE", ir.Mode.RESPOND: "UseMode.RESPOND", ir.Mode.BOTH: "UseMode.BOTH"}[c.mode]
        return f"cards_used_this_turn(ctx, ctx.owner, {self.card_name(c.card)}, {mode}, {phase}) == 0"

    def card_class_test(self, var: str, cls: ir.CardClass) -> list[str]:
        if cls.kind != "锦囊牌":
            raise self.internal(f"编译器尚不支持“{cls.kind}”", cls.span)
        self.use("CardType")
        out = [f"{var}.type is CardType.TRICK"]
        if cls.non_delayed:
            self.use("CardSubtype")
            out.append(f"{var}.subtype is CardSubtype.NORMAL_TRICK")
        if cls.non_converted:
            out.append(f"not {var}.is_virtual")
        return out

    def plan_replacement(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], skill: ir.Skill, a: ir.ReplacementAbility
    ) -> ClassPlan:
        """放弃摸牌，改为…: a trigger at 摸牌阶段摸牌时 whose cost chooses the players and
        whose effect gives up the draw, then runs the replacing effects."""
        if a.replaced != "摸牌" or a.timing.window != "摸牌阶段摸牌时":
            raise self.internal("运行时只支持在摸牌阶段“放弃摸牌”", a.span)
        self.use("TriggerSkill", "SkillContext", "skip_draw")
        attrs.append(("timings", f"({self.timing(a.timing.window, a.timing.span)},)"))
        attrs.append(("optional", "True" if a.optional and not skill.compulsory else "False"))
        methods: list[Method] = []
        body: list[str] = [self.note(a.span), "skip_draw(ctx)"]
        chosen = _first_chosen(a.effects)
        env = _Env()
        env.window = a.timing.window
        if chosen is not None:
            lo, hi = chosen.count or (1, 1)
            first = a.effects[0] if a.effects else None
            filt = ["p is not ctx.owner"] if chosen.other else []
            if isinstance(first, ir.Obtain) and isinstance(first.what, ir.OwnedCard) and first.what.owner is chosen:
                filt.append("p.hand_count > 0" if first.what.spec.zone is ir.Zone.HAND else "p.card_count(True, True) > 0")
            if chosen.wounded:
                filt.append("p.is_wounded")
            self.use("alive_players", "choose_players", "Player")
            cands = "[p for p in alive_players(ctx)" + (" if " + " and ".join(filt) if filt else "") + "]"
            methods.append(
                Method("candidates", "ctx: SkillContext", "list[Player]", [f"return {cands}"])
            )
            methods.append(
                Method("can_trigger", "ctx: SkillContext", "bool", [f"return len(self.candidates(ctx)) >= {lit(lo)}"])
            )
            methods.append(
                Method(
                    "cost",
                    "ctx: SkillContext",
                    "bool",
                    [
                        f"ctx.targets = choose_players(ctx, ctx.owner, self.candidates(ctx), {lit(lo)}, {lit(hi)})",
                        f"return len(ctx.targets) >= {lit(lo)}",
                    ],
                )
            )
            env.chosen = "target"
            inner = self.effects(a.effects, env) or ["pass"]
            body += ["for target in ctx.targets:"] + ["    " + line for line in inner]
        else:
            body += self.effects(a.effects, env)
        methods.append(Method("effect", "ctx: SkillContext", "None", body))
        return ClassPlan(name, "TriggerSkill", comments, attrs, methods)

    def plan_trigger(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], skill: ir.Skill, abilities: list[ir.Ability]
    ) -> ClassPlan:
        self.use("TriggerSkill", "SkillContext")
        trig = [a for a in abilities if isinstance(a, ir.TriggeredAbility)]
        opts = {a.optional for a in trig}
        if len(opts) > 1:
            raise self.internal("同一技能的各句必须都有或都没有“你可以”", skill.span)
        # a 你可以 on a verb whose action asks itself, with 取消 (对其使用一张【杀】), is decided there
        decides = bool(trig) and bool(trig[0].effects) and verb_of(trig[0].effects[0]).decides
        optional = bool(trig) and trig[0].optional and not skill.compulsory and not decides
        # (a window without an amount — 死亡时 — counts neither way: per_point concerns hp events only)
        points = {a.timing.per_point for a in trig if a.timing.window not in _NO_AMOUNT}
        if len(points) > 1:
            raise self.internal("同一技能的各句必须都按“一次”或都按“1点”计", skill.span)
        subjects = {a.timing.subject for a in trig}
        if len(subjects) > 1:
            raise self.internal("同一技能的各句必须是同一角色的时机", skill.span)
        for ta in trig:
            if ta.timing.window == "失去装备区里的此牌后":
                # the window opens for the lost card's own skills only: X is this card
                own = any(skill in c.skills for c in self.pkg.cards)
                cw = ta.timing.card
                if not own or cw is None or cw.name != skill.name:
                    raise self.internal("“失去装备区里的【X】后”只能用于装备牌【X】自己的技能", ta.timing.span)
        limits = [a.limit for a in abilities if a.limit is not None]
        handlers = [h for a in abilities for h in self.trigger_handlers(a)]
        windows: list[str] = []
        for h in handlers:
            if h[0] not in windows:
                windows.append(h[0])
        attrs.append(("timings", "(" + ", ".join(windows) + ",)"))
        subject = next(iter(subjects)) if subjects else ir.Who.YOU
        if subject is ir.Who.ONE:
            self.use("Scope")
            attrs.append(("scope", "Scope.ANY"))
        elif subject is ir.Who.ALL_OTHERS:
            self.use("Scope")
            attrs.append(("scope", "Scope.OTHER"))
        attrs.append(("optional", "True" if optional else "False"))
        if any(p is True for p in points):
            attrs.append(("per_point", "True"))
        per_card = [a.timing for a in trig if a.timing.per_card]
        needs = [a.timing for a in trig if a.timing.window == "需要牌时"]
        if needs:
            # 当你需要使用或打出【闪】时: what a request must ask for to offer the skill
            if len(trig) != 1:
                raise self.internal("“当你需要使用或打出【牌】时”的技能只能有这一句", needs[0].span)
            need = needs[0]
            names = [self.card_name(c) for c in (need.cards or (need.card,)) if c is not None]
            self.use("UseMode")
            attrs.append(("needs", "(" + ", ".join(names) + ",)"))
            attrs.append(("need_mode", f"UseMode.{ir.Mode(need.mode or ir.Mode.BOTH).name}"))
        if limits:
            lim = limits[0]
            attrs.append(("limit_per_phase" if lim.per == "阶段" else "limit_per_turn", lit(lim.count)))
        if self._multi:
            for a in abilities:
                comments.append(f"# {self.where(a.span)} {_comment(a.text)}")
        methods: list[Method] = []
        if per_card:
            if len(trig) != 1 or per_card[0].lost_from not in ("装备区", "手牌"):
                raise self.internal("编译器只支持“失去一张手牌/装备区里的牌”按张触发", per_card[0].span)
            self.use("lost_count", "CardZone")
            zone = "CardZone.EQUIP" if per_card[0].lost_from == "装备区" else "CardZone.HAND"
            methods.append(Method("times", "ctx: SkillContext", "int", [f"return lost_count(ctx, {zone})"]))
        if len(handlers) == 1:
            _, cost, conds, body = handlers[0]
            if conds:
                methods.append(Method("can_trigger", "ctx: SkillContext", "bool", _ret_all(conds)))
            if cost:
                methods.append(Method("cost", "ctx: SkillContext", "bool", cost))
            methods.append(Method("effect", "ctx: SkillContext", "None", body or ["pass"]))
        else:
            can: list[str] = []
            eff: list[str] = []
            if any(h[1] for h in handlers):
                raise self.internal("有代价的技能只能有一个时机", skill.span)
            for i, (timing_expr, _, conds, body) in enumerate(handlers):
                cond = " and ".join([f"ctx.timing is {timing_expr}"] + [f"({c})" for c in conds])
                can += [f"if {cond}:", "    return True"]
                eff += [f"{'if' if i == 0 else 'elif'} {cond}:"] + ["    " + line for line in (body or ["pass"])]
            can.append("return False")
            methods.append(Method("can_trigger", "ctx: SkillContext", "bool", can))
            methods.append(Method("effect", "ctx: SkillContext", "None", eff))
        return ClassPlan(name, "TriggerSkill", comments, attrs, methods)

    def plan_viewas(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], skill: ir.Skill, a: ir.ViewAsAbility
    ) -> ClassPlan:
        self.use("ViewAsSkill", "UseMode", "CardZone")
        targets: list[str] = []
        for c in a.conversions:
            t = self.card_name(c.target)
            if t not in targets:
                targets.append(t)
        counts = {self.count_expr(c.source, _Env()) for c in a.conversions}
        if len(counts) != 1:
            raise self.internal("各转化所需的牌数必须相同", a.span)
        zones = {c.source.zone or ir.Zone.HAND for c in a.conversions}
        zone = ir.Zone.HAND_EQUIP if ir.Zone.HAND_EQUIP in zones else ir.Zone.HAND
        if len(zones) > 1:
            raise self.internal("各转化的牌必须来自同一区域（手牌或牌）", a.span)
        attrs.append(("card_names", "(" + ", ".join(targets) + ",)"))
        attrs.append(("mode", {ir.Mode.USE: "UseMode.USE", ir.Mode.RESPOND: "UseMode.RESPOND", ir.Mode.BOTH: "UseMode.BOTH"}[a.mode]))
        n = next(iter(counts))
        if n != "1":
            attrs.append(("subcard_count", n))
        attrs.append(("zone", self.zone(zone)))
        methods: list[Method] = []
        tests = [(self.card_name(c.target), self.card_test("card", c.source)) for c in a.conversions]
        if len(a.conversions) == 1:
            if tests[0][1] is not None:
                self.use("Card", "CardName", "SkillContext")
                methods.append(
                    Method("card_filter", "ctx: SkillContext, card: Card, as_name: CardName", "bool", [f"return {tests[0][1]}"])
                )
        else:
            self.use("Card", "CardName", "SkillContext")
            parts = [f"(as_name is {t} and {test or 'True'})" for t, test in tests]
            methods.append(
                Method("card_filter", "ctx: SkillContext, card: Card, as_name: CardName", "bool", ["return " + " or ".join(parts)])
            )
        if a.condition == "回合外":
            self.use("is_current", "SkillContext")
            methods.append(Method("enabled", "ctx: SkillContext, mode: UseMode", "bool", ["return not is_current(ctx, self.owner)"]))
        elif a.condition is not None:
            from sgs.runtime.api import Phase

            try:
                member = Phase(a.condition).name
            except ValueError:
                raise self.internal(f"运行时没有“{a.condition}”", a.span) from None
            self.use("is_current", "current_phase", "Phase", "SkillContext")
            methods.append(
                Method(
                    "enabled",
                    "ctx: SkillContext, mode: UseMode",
                    "bool",
                    [f"return is_current(ctx, self.owner) and current_phase(ctx) is Phase.{member}"],
                )
            )
        return ClassPlan(name, "ViewAsSkill", comments, attrs, methods)

    def plan_declared(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], skill: ir.Skill, a: ir.DeclaredUse
    ) -> ClassPlan:
        """你可以扣置一张手牌当任意一张基本牌或非延时类锦囊牌使用或打出，其他角色可以质疑此牌
        (蛊惑): a ``DeclaredSkill`` — ``card_names`` every runnable card of the declared
        kinds (the runtime offers those of the game's deck), ``after_questions`` the text
        after it (runtime.flows.question)."""
        from sgs.runtime.api import CardSubtype, CardType
        from sgs.runtime.cards import card_kind

        from .check import _runnable

        self.use("DeclaredSkill", "UseMode", "CardZone", "SkillContext")
        if self.count_expr(a.source, _Env()) != "1" or (a.source.zone or ir.Zone.HAND) is not ir.Zone.HAND:
            raise self.internal("扣置的只能是一张手牌", a.source.span)

        def fits(n: CardName) -> bool:
            t, st = card_kind(n)
            return any(
                (k == "基本牌" and t is CardType.BASIC)
                or (k == "锦囊牌" and t is CardType.TRICK)
                or (k == "非延时类锦囊牌" and t is CardType.TRICK and st is not CardSubtype.DELAYED_TRICK)
                for k in a.declared
            )

        names = [n for n in CardName if n.value in _runnable() and fits(n)]
        if not names:
            raise self.internal("运行时没有可以声明的牌", a.span)
        self.use("CardName")
        attrs.append(("card_names", "(" + ", ".join(_member("CardName", n.name) for n in names) + ",)"))
        attrs.append(("mode", {ir.Mode.USE: "UseMode.USE", ir.Mode.RESPOND: "UseMode.RESPOND", ir.Mode.BOTH: "UseMode.BOTH"}[a.mode]))
        attrs.append(("zone", self.zone(ir.Zone.HAND)))
        if a.questioners.who is not ir.Who.ALL_OTHERS:
            raise self.internal("只支持由其他角色质疑", a.questioners.span)
        env = _Env()
        env.declared = True
        body = self.effects(a.effects, env)
        return ClassPlan(
            name, "DeclaredSkill", comments, attrs, [Method("after_questions", "ctx: SkillContext", "None", body or ["pass"])]
        )

    def plan_active(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], skill: ir.Skill, a: ir.ActiveAbility,
        you: str = "ctx.owner",
    ) -> ClassPlan:
        if a.phase != "出牌阶段":
            raise self.internal(f"运行时的主动技只在出牌阶段可用，不支持“{a.phase}”", a.span,
                # 摸牌阶段，你可以额外摸一张牌: a phase other than 出牌阶段 is a timing
                help=f"写成时机：“{a.phase}开始时，你可以……”；多摸牌写“{a.phase}摸牌时，你可以额外摸一张牌”"
                if a.phase == "摸牌阶段" else f"写成时机：“{a.phase}开始时，你可以……”或“{a.phase}结束时，你可以……”",
            )
        self.use("ActiveSkill", "SkillContext", "Card", "Player")
        effects = list(a.effects)
        env = _Env(cards="cards", chosen="targets[0]")
        if you != "ctx.owner":  # a granted skill: 你 is the granter, 其/该角色 the helper using it
            env.you, env.it = you, "ctx.owner"
        # cards: the first card verb of the owner (弃置/交给) selects them
        first = effects[0] if effects else None
        if isinstance(first, (ir.Discard, ir.Give)) and first.actor.who is ir.Who.YOU and you == "ctx.owner" or (
            isinstance(first, ir.Give) and first.actor.who is ir.Who.IT and you != "ctx.owner"
        ):
            spec = first.cards
            c = spec.count
            if c.kind is ir.CountKind.ANY:
                lo, hi = "1", "None"
            elif c.kind in (ir.CountKind.EXACT, ir.CountKind.IMPLICIT) and c.n is not None:
                lo = hi = lit(c.n)
            elif c.kind is ir.CountKind.UP_TO and c.n is not None:
                lo, hi = "1", lit(c.n)
            else:
                raise self.internal("运行时的主动技只有固定的张数上限（max_cards），不支持随体力等变化的“至多X张”",
                    spec.span,
                    help="需要运行时提供按上下文计算张数上限的接口",
                )
            attrs += [("min_cards", lo), ("max_cards", hi), ("card_zone", self.zone(spec.zone))]
            test = self.card_test("card", spec)
            methods_filter = test
        else:
            env.cards = None
            methods_filter = None
        # targets: the first player phrase that must be chosen
        chosen = _first_chosen(effects)
        methods: list[Method] = []
        if chosen is not None:
            lo_t, hi_t = chosen.count or (1, 1)
            env.chosen_count = chosen.count
            attrs += [("min_targets", lit(lo_t)), ("max_targets", lit(hi_t))]
            env.unnullifiable = {
                x.card.name for x in ir.walk_effects(effects) if isinstance(x, ir.ForbidJink) and x.by.name == "无懈可击"
            }
            conds = []
            if chosen.other:
                conds.append("target is not self.owner")
            if chosen.wounded:
                conds.append("target.is_wounded")
            if chosen.kingdom is not None:
                conds.append(f"target.kingdom is {self.kingdom(chosen.kingdom, chosen.span)}")
            if chosen.gender is not None:
                self.use("Gender")
                conds.append(f"target.gender is Gender.{Gender(chosen.gender).name}")
            if chosen.filters:
                raise self.internal(f"编译器还不能在主动技中选择“{self.src_text(chosen.span)}”", chosen.span)
            if conds:
                self.use("Sequence")
                methods.append(
                    Method("target_filter", "ctx: SkillContext, target: Player, cards: Sequence[Card]", "bool", _ret_all(conds))
                )
            uses = [x for x in ir.walk_effects(effects) if isinstance(x, ir.ViewAsUse)]
            if uses and chosen.count == (2, 2):
                # 视为其中一名角色对另一名角色使用: the second must be a legal target of the first's card
                self.use("can_use_on", "Sequence")
                used = self.card_name(uses[0].card)
                methods.append(
                    Method(
                        "next_target_filter",
                        "ctx: SkillContext, chosen: Sequence[Player], target: Player, cards: Sequence[Card]",
                        "bool",
                        [f"return len(chosen) != 1 or can_use_on(ctx, chosen[0], {used}, target)"],
                    )
                )
        else:
            env.chosen = None
        if a.limit is not None:
            if a.limit.per != "阶段":
                raise self.internal("运行时的主动技只有每阶段次数限制", a.limit.span)
            attrs.append(("limit_per_phase", lit(a.limit.count)))
        if methods_filter is not None:
            methods.insert(0, Method("card_filter", "ctx: SkillContext, card: Card", "bool", [f"return {methods_filter}"]))
        # 获得你的一张手牌: the skill needs such a card of yours to do anything
        own = [
            x.what.spec.zone
            for x in ir.walk_effects(effects)
            if isinstance(x, ir.Obtain) and isinstance(x.what, ir.OwnedCard) and x.what.owner.who is ir.Who.YOU
        ]
        if own:
            need = "self.owner.hand_count > 0" if own[0] is ir.Zone.HAND else "self.owner.card_count(True, True) > 0"
            methods.insert(0, Method("can_use", "ctx: SkillContext", "bool", [f"return {need}"]))
        body: list[str] = []
        if any(isinstance(e, ir.Threshold) for e in effects):
            self.use("cards_given_this_phase")
            body.append("given_before = cards_given_this_phase(ctx, ctx.owner)")
        body += self.effects(effects, env)
        methods.append(Method("effect", "ctx: SkillContext, cards: list[Card], targets: list[Player]", "None", body or ["pass"]))
        return ClassPlan(name, "ActiveSkill", comments, attrs, methods)

    def plan_granted(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], skill: ir.Skill, a: ir.GrantedAbility
    ) -> ClassPlan:
        """其他群势力角色的出牌阶段，该角色可以…（主公技 黄天）: an active skill of the
        helpers' play phase (``<Name>Grant(helper, by=the lending skill)``: its 其/该角色 is
        the helper using it, its 你 the lender), lent to every other player by the owner's
        skill (``grants``: the runtime's registry); it works for the helpers the text names
        while the lender is alive and his skill works (a lord skill: while he is the lord)."""
        if a.phase != "出牌阶段":
            raise self.internal(f"运行时的主动技只在出牌阶段可用，不支持“{a.phase}”", a.span)
        helpers = a.helpers
        grant_name = name + "Grant"
        granted = ir.ActiveAbility(a.phase, a.optional, a.effects, a.text, a.span, a.limit)
        inner = self.plan_active(grant_name, list(comments), [x for x in attrs if x[0] != "lord"], skill, granted,
                                 you="self.by.owner")
        # the granter alive, and his skill his and working (黄天: while he is the lord)
        cond = ["self.by.owner.alive", "self.by in self.by.owner.skills", "self.by.is_active()"]
        if helpers.kingdom is not None:
            cond.append(f"self.owner.kingdom is {self.kingdom(helpers.kingdom, helpers.span)}")
        inner.methods[:0] = [
            Method("__init__", "owner: Player, by: Skill", "None", ["super().__init__(owner)", "self.by = by"]),
            Method("is_active", "", "bool", _ret_all(cond)),
        ]
        self._extra.append(inner)
        self.use("Skill")
        attrs.append(("grants", f"({grant_name},)"))
        return ClassPlan(name, "Skill", comments, attrs, [])

    def plan_static(
        self, name: str, comments: list[str], attrs: list[tuple[str, str]], skill: ir.Skill, a: ir.StaticAbility
    ) -> ClassPlan:
        self.use("StaticSkill", "Player", "Game")
        mod = a.modifier
        methods: list[Method] = []
        if isinstance(mod, ir.DistanceModifier):
            methods.append(
                Method(
                    "distance_modifier",
                    "game: Game, src: Player, dst: Player",
                    "int",
                    [
                        f"return {lit(mod.delta)} if dst is self.owner and src is not self.owner else 0"
                        if mod.incoming
                        else f"return {lit(mod.delta)} if src is self.owner and dst is not self.owner else 0"
                    ],
                )
            )
        elif isinstance(mod, ir.SuitAs) and mod.as_card is not None and mod.hand_only:
            # 你的红桃手牌均视为【杀】: such a hand card counts as, and only as, that card
            self.use("Card", "CardName", "Suit")
            from sgs.runtime.api import Suit

            as_name = self.card_name(mod.as_card)
            methods.append(
                Method(
                    "name_as",
                    "game: Game, player: Player, card: Card",
                    "CardName | None",
                    [f"return {as_name} if player is self.owner and {self.suit_test('card', mod.suit, mod.span, 'player', 'game')} else None"],
                )
            )
        elif isinstance(mod, ir.SuitAs) and mod.as_suit is not None and mod.as_card is None:
            # 你的黑桃牌均视为红桃牌 (红颜): the suit view of the owner's cards (runtime.suits)
            self.use("Card", "Suit")
            from sgs.runtime.api import Suit

            test = f"player is self.owner and card.suit is Suit.{Suit(mod.suit).name}"
            if mod.hand_only:
                test += " and card in player.hand"
            methods.append(
                Method(
                    "suit_as",
                    "game: Game, player: Player, card: Card",
                    "Suit | None",
                    [f"return Suit.{Suit(mod.as_suit).name} if {test} else None"],
                )
            )
        elif isinstance(mod, ir.CardNoDistance) and mod.card.name == "杀":
            self.use("AnyCard")
            tests = ["user is self.owner", "card.is_slash"]
            if mod.suit is not None:
                tests.append(self.suit_test("card", mod.suit, mod.span, "user", "game"))
            if mod.color is not None:
                tests.append(self.pattern_test("card", mod.color, False, mod.span, "user", "game"))
            methods.append(
                Method("no_distance_limit", "game: Game, user: Player, card: AnyCard, target: Player", "bool", _ret_all(tests))
            )
        elif isinstance(mod, ir.ExtraTargets):
            # up to n targets more for the owner's card (方天画戟: if it is his last hand card(s))
            self.use("AnyCard")
            tests = ["user is self.owner", self.card_is("card", mod.card)]
            if mod.cond is not None:  # LAST_HAND (check._compiled_static)
                self.use("last_hand_cards")
                tests.append("last_hand_cards(user, card)")
            n = lit(mod.count)
            if mod.x is not None:
                x = "user.lost_hp" if mod.x is ir.Quantity.LOST_HP else "user.max_hp"
                n = x if not mod.count else f"{x} + {n}" if mod.count > 0 else f"max(0, {x} - {lit(-mod.count)})"
            methods.append(
                Method("extra_targets", "game: Game, user: Player, card: AnyCard", "int",
                       [f"return {n} if {' and '.join(tests)} else 0"])
            )
        elif isinstance(mod, ir.UnlimitedCard):
            if mod.card.name != "杀" or mod.phase != "出牌阶段":
                raise self.internal("运行时只支持“出牌阶段使用任意数量的【杀】”", a.span)
            self.card_name(mod.card)
            methods.append(Method("unlimited_slash", "game: Game, player: Player", "bool", ["return player is self.owner"]))
        elif isinstance(mod, ir.NoDistanceLimit):
            self.use("AnyCard")
            tests = self.card_class_test("card", mod.cards)
            methods.append(
                Method(
                    "no_distance_limit",
                    "game: Game, user: Player, card: AnyCard, target: Player",
                    "bool",
                    _ret_all(["user is self.owner"] + tests),
                )
            )
        elif isinstance(mod, ir.Prohibit):
            self.use("AnyCard")
            parts = []
            for cw in mod.cards:
                if cw.name == "杀":
                    self.card_name(cw)
                    parts.append("card.is_slash")
                else:
                    parts.append(f"card.name is {self.card_name(cw)}")
            conds = ["target is self.owner"]
            if mod.no_hand:
                conds.append("self.owner.hand_count == 0")
            conds.append(" or ".join(parts))
            methods.append(
                Method("prohibit", "game: Game, user: Player, target: Player, card: AnyCard", "bool", _ret_all(conds))
            )
        else:
            raise self.internal("编译器尚不支持这种状态技", a.span)
        return ClassPlan(name, "StaticSkill", comments, attrs, methods)

    def plan_proxy(
        self,
        name: str,
        comments: list[str],
        attrs: list[tuple[str, str]],
        skill: ir.Skill,
        a: ir.ProxyAbility,
        general: ir.General | None,
    ) -> ClassPlan:
        self.use("ResponseProxySkill", "UseMode")
        if a.helper_mode is not ir.Mode.RESPOND:
            raise self.internal("运行时的代打技能只支持其他角色“打出”", a.span)
        attrs.append(("card_name", self.card_name(a.card)))
        attrs.append(("mode", {ir.Mode.USE: "UseMode.USE", ir.Mode.RESPOND: "UseMode.RESPOND", ir.Mode.BOTH: "UseMode.BOTH"}[a.mode]))
        if a.helpers.kingdom is not None:
            attrs.append(("helper_kingdom", self.kingdom(a.helpers.kingdom, a.helpers.span)))
        return ClassPlan(name, "ResponseProxySkill", comments, attrs, [])

    # ------------------------------------------------------------ package
    def plan_class(
        self, s: ir.Skill, general: ir.General | None, seen: dict[str, ir.Skill], classes: list[ClassPlan], label: str
    ) -> str | None:
        """The class of skill ``s`` (of ``general``, or of an equipment card if None):
        planned and appended to ``classes`` the first time its class name comes up,
        reused when the same skill comes again (马术 of two generals, the effect the four
        +1马 share); E0201 when another skill (``label`` names ``s`` in the message) maps
        to the same class name.  ``seen``: class name → the skill that defined it.
        None if the skill cannot be planned (its diagnostic is recorded)."""
        if id(s) in self.skip:  # refused by the capability pass (E0503): never planned
            return None
        try:
            cname = self.class_name(s)
            if cname in seen:
                if seen[cname].text != s.text or seen[cname].pinyin != s.pinyin:
                    raise self.fail(
                        "E0201", f"{label}的拼音生成的类名“{cname}”与技能“{seen[cname].name}”相同", s.name_span
                    )
                return cname
            self._extra = []
            self._own_card = next((n.name for n in CardName if n.value == s.name), None) if general is None else None
            plan = self.plan_skill(s, general)
            if general is None and plan.base != "CardEffect":
                plan.attrs.insert(4, ("equipment", "True"))
            seen[cname] = s
            classes.extend(self._extra)  # classes a skill's own class refers to (黄天's granted part)
            classes.append(plan)
            return plan.name
        except EmitError as err:  # an error of the text, or EmitterBug (E0599)
            self.diags.append(err.diag)
            return None

    def plan(self) -> ModulePlan | None:
        classes: list[ClassPlan] = []
        generals: list[str] = []
        seen: dict[str, ir.Skill] = {}  # class name → the skill that defined it
        self.use("GeneralSpec", "Kingdom", "Gender")
        for g in self.pkg.generals:
            skill_classes: list[str] = []
            for s in g.skills:
                cname = self.plan_class(s, g, seen, classes, label=f"技能“{s.name}”")
                if cname is not None:
                    skill_classes.append(cname)
            gender = "Gender." + Gender(g.gender).name
            try:
                kingdom = self.kingdom(g.kingdom, g.span)
            except EmitError as err:
                self.diags.append(err.diag)
                continue
            if not is_identifier(g.pinyin):
                self.diags.append(Diagnostic("E0401", Severity.ERROR, f"“{g.pinyin}”不是合法的标识符", g.span))
                continue
            skills_tuple = "(" + ", ".join(skill_classes) + ")"
            if len(skill_classes) == 1:
                skills_tuple = f"({skill_classes[0]},)"
            generals.append(
                f"GeneralSpec({lit(g.name)}, {lit(g.pinyin)}, {kingdom}, {lit(g.max_hp)}, {gender}, "
                f"{skills_tuple}, {lit(self.pkg.name)}),"
            )
        equipment: list[str] = []
        card_effects: list[str] = []
        for decl in self.pkg.cards:
            try:
                members = self.decl_members(decl)
            except EmitError as err:
                self.diags.append(err.diag)
                continue
            card_classes: list[str] = []
            self._decl_kind = decl.kind
            self._decl_delayed = decl.subtype == "延时锦囊"
            for s in decl.skills:
                cname = self.plan_class(s, None, seen, classes, label=f"“{s.name}”")
                if cname is not None:
                    card_classes.append(cname)
            self._decl_kind = ""
            self._decl_delayed = False
            if decl.kind != "装备":  # 锦囊 / 基本: the card's effect on each target
                if card_classes:
                    self.use("CardName", "CardEffect")
                    card_effects += [f"{m}: {card_classes[0]}," for m in members]
                continue
            if card_classes:
                self.use("CardName", "Skill")
                tup = "(" + ", ".join(card_classes) + ("," if len(card_classes) == 1 else "") + ")"
                equipment += [f"{m}: {tup}," for m in members]
        if self.diags:
            return None
        return ModulePlan(lit(self.pkg.name), [], sorted(self.names), classes, generals, equipment, card_effects)

    def decl_members(self, decl: ir.CardDecl) -> list[str]:
        """The ``CardName`` members of a card declaration; that it agrees with the deck
        table and has its effect lines is :func:`.check.check_card_decls`'s."""
        return [self.card_name(cw) for cw in decl.names]


#: whether player ``{}`` has a card in a zone (the zone a card verb takes from)
_HAS_CARDS_IN = {
    ir.Zone.HAND: "{}.hand_count > 0",
    ir.Zone.HAND_EQUIP: "{}.card_count(True, True) > 0",
    ir.Zone.EQUIP: "{}.card_count(False, True) > 0",
    ir.Zone.AREAS: "{}.card_count(True, True, True) > 0",
}

#: 若… conditions right after a timing that compile to a test in ``can_trigger``
_TRIGGER_CONDITIONS = frozenset({ir.CondKind.HAS_HAND, ir.CondKind.NO_HAND, ir.CondKind.HAS_CARDS})


def _callable(expr_of_c: str) -> str:
    """``is_black(c)`` → ``is_black``; anything else → ``lambda c: …``."""
    m = re.fullmatch(r"([a-z_]+)\(c\)", expr_of_c)
    return m.group(1) if m else f"lambda c: {expr_of_c}"


def _ret_all(conds: Sequence[str]) -> list[str]:
    parts = [f"({c})" if " or " in c else c for c in conds]
    one = "return " + " and ".join(parts)
    if len(one) <= 88:
        return [one]
    return ["return (", "    " + parts[0]] + ["    and " + p for p in parts[1:]] + [")"]


def _players(e: ir.Effect) -> list[ir.PlayerRef]:
    out: list[ir.PlayerRef] = []
    if isinstance(e, ir.Call):
        return [e.actor, *(v for _, v in e.args if isinstance(v, ir.PlayerRef))]
    for attr in ("actor", "source", "target", "to", "who"):
        v = getattr(e, attr, None)
        if isinstance(v, ir.PlayerRef):
            out.append(v)
    if isinstance(e, ir.LookAtHand):  # 观看一名其他角色的手牌: the one looked at
        out.append(e.whose)
    if isinstance(e, ir.JudgeBranch):  # 令一名角色进行一次判定: the judge
        out.append(e.judge.actor)
    what = getattr(e, "what", None)
    if isinstance(what, ir.OwnedCard):
        out.append(what.owner)
    return out


def _mentions(e: ir.Effect, who: ir.Who) -> bool:
    return any(p.who is who for x in ir.walk_effects([e]) for p in _players(x))


def _card_refs(effects: Sequence[ir.Effect]) -> list[ir.CardRef]:
    return [x.what for x in ir.walk_effects(effects) if isinstance(x, ir.Obtain)]


#: effects whose players the emitter names with :meth:`_Planner.player` (nothing chosen inside)
_PLAIN_PLAYER_EFFECTS = (ir.Draw, ir.Discard, ir.Recover, ir.LoseHp, ir.Damage, ir.Judge, ir.JudgeBranch, ir.Obtain, ir.Call)


def _first_one(effects: Sequence[ir.Effect]) -> ir.PlayerRef | None:
    """The first 一名…角色 the top-level effects act on or with (not inside options or
    branches, whose players are chosen where they resolve)."""
    for e in effects:
        if not isinstance(e, _PLAIN_PLAYER_EFFECTS):
            continue  # effects that choose their players themselves (转移, 交给观看的牌 …) or nest them
        for p in _players(e):
            if p.who is ir.Who.ONE:
                return p
    return None


def _first_chosen(effects: Sequence[ir.Effect]) -> ir.PlayerRef | None:
    for e in ir.walk_effects(effects):
        for p in _players(e):
            if p.who in (ir.Who.ONE, ir.Who.ALL_OTHERS):
                return p
    return None


def plan_package(
    package: ir.Package, sources: Mapping[str, str], files: Sequence[str], skip: frozenset[int] = frozenset()
) -> tuple[ModulePlan | None, list[Diagnostic]]:
    """Plan the module of one package.  ``files`` orders the ``[n]`` source indexes;
    ``sources`` maps each file to its (normalised) text for the comments; ``skip``: the
    skills (by ``id``) the capability pass refused (:func:`.check.capability_refusals`)."""
    index = {f: i for i, f in enumerate(files)}
    planner = _Planner(package, sources, index)
    planner.skip = skip
    plan = planner.plan()
    if plan is not None:
        plan.sources = [lit(f) for f in files]
    return plan, planner.diags


# ---------------------------------------------------------------- rendering


def _environment() -> jinja2.Environment:
    loader = jinja2.FunctionLoader(
        lambda name: resources.files("sgs.compiler.templates").joinpath(name).read_text(encoding="utf-8")
    )
    return jinja2.Environment(
        loader=loader,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
    )


_MARK = re.compile(r"# \[(\d+)\]:(\d+)")


def render_module(plan: ModulePlan) -> str:
    """Render a planned module, then append its source map (emitted line → source line)."""
    env = _environment()
    typing_imports = sorted(n for n in plan.imports if n in ("Sequence",))
    runtime_imports = [n for n in plan.imports if n not in typing_imports]
    body = env.get_template("module.py.j2").render(
        plan=plan, runtime_imports=runtime_imports, typing_imports=typing_imports
    )
    entries: list[str] = []
    for i, line in enumerate(body.splitlines(), start=1):
        m = _MARK.search(line)
        if m and line.lstrip().startswith("# ["):
            entries.append(f"    ({i}, {int(m.group(1))}, {int(m.group(2))}),")
    return body + env.get_template("source_map.py.j2").render(entries=entries)
