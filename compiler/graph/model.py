"""What the trigger graph needs to know about a skill, read off the IR.

The analysis never re-parses text: everything here is a function of the IR
(:mod:`sgs.compiler.ir`) and of the verb table (:data:`sgs.compiler.verbs.VERBS`),
whose ``opens`` field is the one statement of which timing windows a verb can
open.  Effects are reached with the one generic walk (:func:`ir.walk_effects`),
so an effect nested in any node opens its windows; the table's ``gate`` says
whether what a node holds is a choice or chance, its ``whose`` which player phrase
a window belongs to, its ``hp_falls`` which verbs lower hp, its ``card_windows``
which open only the windows of the card they use: no verb's windows are decided
here (the cards below name their verbs only as keys of the table; the one node read
by class is 再次进行判定, which re-runs the skill).
This module adds only what the table cannot say:

* **whose** window an effect opens, relative to the skill's owner
  (:class:`Role`: 伤害来源 of 刚烈's damage is the *other* player, so 刚烈 cannot
  re-trigger itself) — read from the player phrase in the field ``whose`` names;
* **what a listener listens on** (:class:`Listener`, from ``TimingSpec``);
* **what a card does when used** (:data:`CARD_EFFECTS`): cards are not in the IR
  yet, so their effects are written here *as verbs of the same table*, and their
  windows again come from ``VERBS[...].opens``;
* **what the game's own flow opens** (phases, the discard phase, death):
  :data:`RULE_WINDOWS`.

Every window is a :class:`sgs.runtime.timing.Timing` member, so a renamed window
is an import-time error here, not a silently missing edge.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Iterator, Mapping, Sequence

from .. import ir
from ..diagnostics import Span
from ..verbs import VERBS
from ...runtime.timing import Timing

__all__ = [
    "Role",
    "SkillRef",
    "Listener",
    "Emission",
    "Conversion",
    "CardEffect",
    "CARD_EFFECTS",
    "RULE_WINDOWS",
    "USE_WINDOWS",
    "TARGET_WINDOWS",
    "EVENT_OF",
    "WINDOW_ORDER",
    "RuleSet",
    "STANDARD_RULES",
    "rel",
    "listeners_of",
    "emissions_of",
    "conversions_of",
    "walk",
    "window_role",
    "card_effect",
    "use_windows",
    "card_matches",
    "CARD_CATEGORIES",
    "limit_text",
    "SOURCE_WINDOWS",
]

T = Timing


class Role(str, Enum):
    """Whose window an effect opens, relative to the acting skill's owner."""

    SELF = "自己"
    OTHER = "其他角色"
    ANY = "任一角色"
    NONE = "无"  # no player's window (e.g. obtaining a card from the processing area)


def rel(p: ir.PlayerRef) -> Role:
    """The role of a player phrase relative to the owner of the skill it is in.

    你 → SELF; 伤害来源/其/其他角色 → OTHER (the register never makes a player the
    source of his own damage in these phrases); 一名角色 → ANY (OTHER with 其他).
    """
    if p.who is ir.Who.YOU:
        return Role.SELF
    if p.who is ir.Who.ONE:
        return Role.OTHER if p.other else Role.ANY
    return Role.OTHER


@dataclass(frozen=True, slots=True)
class SkillRef:
    """A skill of a general of a package: the node identity and its source spans.

    ``node`` is the graph node id (``"技能:包/武将/技能"``); ``span`` the whole skill
    line, ``name_span`` its name."""

    package: str
    general: str
    skill: str
    kingdom: str
    span: Span
    name_span: Span
    #: made once: the analysis looks it up for every pair of skills it compares
    node: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "node", f"技能:{self.package}/{self.general}/{self.skill}")

    @property
    def label(self) -> str:
        return f"{self.general}·{self.skill}"


@dataclass(frozen=True, slots=True)
class Listener:
    """A triggered (or replacement) ability: the window it listens on.

    ``subject`` whose window (你 / 一名角色 / 其他角色); ``card`` the event's card
    filter (铁骑: 杀); ``by_kingdom`` for 救援-style filters on who acts
    (其他吴势力角色); ``optional`` 你可以; ``compulsory`` the skill is a 锁定技;
    ``limit`` 每阶段限n次; ``span`` the timing phrase; ``ability`` the IR node."""

    window: str
    subject: ir.Who
    card: str | None
    by_kingdom: str | None
    optional: bool
    compulsory: bool
    limit: ir.Limit | None
    span: Span
    ability: ir.TriggeredAbility | ir.ReplacementAbility


@dataclass(frozen=True, slots=True)
class Emission:
    """One skill→window edge: an effect (``verb``) opens ``window`` of a player in
    ``role``.  ``optional``: a 你可以 on the effect or above it; ``choice``: under a
    选择一项 option; ``chance``: under a judgement's 若结果…; ``hp_falls``: the
    window is opened by hp falling (damage, 失去体力); ``repeat``: a 再次进行判定
    that re-runs the skill itself (``until``: the result that ends it)."""

    window: str
    role: Role
    verb: str
    span: Span
    optional: bool = False
    choice: bool = False
    chance: bool = False
    hp_falls: bool = False
    repeat: bool = False
    until: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Conversion:
    """A player-initiated skill makes a card appear: 武圣 (红色牌当【杀】), 护驾
    (helpers 打出【闪】).  ``mode`` 使用/打出/使用或打出."""

    card: str
    mode: ir.Mode
    span: Span


# ---------------------------------------------------------------- windows, events

#: the card-use event's windows that need a player target (指定目标…)
TARGET_WINDOWS: tuple[str, ...] = (
    T.TARGET_SPECIFYING.value,
    T.TARGET_CONFIRMING.value,
    T.TARGET_SPECIFIED.value,
    T.TARGET_CONFIRMED.value,
)
USE_WINDOWS: tuple[str, ...] = (T.CARD_USING.value, *TARGET_WINDOWS, T.CARD_USE_FINISHED.value)

#: which event a window belongs to: windows of one event are ordered by the
#: register's own words (时/后, 前/后); windows of different events are ordered by
#: the rules (what the seed rulings are about).
EVENT_OF: Mapping[str, str] = {
    **{w: "使用" for w in USE_WINDOWS},
    T.CARD_RESPONDING.value: "打出",
    T.SLASH_MISSED.value: "杀的效果",
    T.DAMAGE_CAUSING.value: "伤害",
    T.DAMAGE_INFLICTING.value: "伤害",
    T.DAMAGE_CAUSED.value: "伤害",
    T.DAMAGED.value: "伤害",
    T.JUDGE_RETRIAL.value: "判定",
    T.JUDGE_FINISHED.value: "判定",
    T.HP_DEDUCTING.value: "扣减体力",
    T.RECOVERING.value: "回复体力",
    T.RECOVERED.value: "回复体力",
    T.HP_LOST.value: "失去体力",
    T.DYING.value: "濒死",
    T.DEATH.value: "死亡",
    T.DIED.value: "死亡",
    T.CARDS_LOST.value: "移动牌",
    T.CARDS_OBTAINED.value: "移动牌",
    T.EQUIP_SELF_LOST.value: "移动牌",
}

#: the runtime's declaration order of windows (used inside one event)
WINDOW_ORDER: Mapping[str, int] = {t.value: i for i, t in enumerate(Timing)}

SOURCE_WINDOWS = frozenset({T.DAMAGE_CAUSING.value, T.DAMAGE_CAUSED.value})

#: windows the game's own flow opens in every game (turn structure, the discard
#: phase discarding, death after an unsaved 濒死).  ``None`` = no precondition;
#: otherwise the window that must be openable first.
RULE_WINDOWS: Mapping[str, str | None] = {
    T.GAME_START.value: None,
    T.TURN_BEGIN.value: None,
    T.TURN_END.value: None,
    T.START_PHASE_BEFORE.value: None,
    T.JUDGE_PHASE_BEFORE.value: None,
    T.DRAW_PHASE_BEFORE.value: None,
    T.PLAY_PHASE_BEFORE.value: None,
    T.DISCARD_PHASE_BEFORE.value: None,
    T.FINISH_PHASE_BEFORE.value: None,
    T.START_PHASE_BEGIN.value: None,
    T.START_PHASE_END.value: None,
    T.JUDGE_PHASE_BEGIN.value: None,
    T.JUDGE_PHASE_END.value: None,
    T.DRAW_PHASE_BEGIN.value: None,
    T.DRAW_PHASE_DRAWING.value: None,
    T.DRAW_PHASE_END.value: None,
    T.PLAY_PHASE_BEGIN.value: None,
    T.PLAY_PHASE_END.value: None,
    T.DISCARD_PHASE_BEGIN.value: None,
    T.DISCARD_PHASE_END.value: None,
    T.FINISH_PHASE_BEGIN.value: None,
    T.FINISH_PHASE_END.value: None,
    T.CARDS_LOST.value: None,  # 弃牌阶段 discards
    T.DEATH.value: T.DYING.value,
    T.DIED.value: T.DYING.value,
}


# ---------------------------------------------------------------- cards


@dataclass(frozen=True, slots=True)
class CardEffect:
    """What using a card does, in the verbs of :data:`VERBS`.

    ``targeted``: it names player targets (opens 指定目标/成为目标 windows);
    ``multi``: several targets, one after another (南蛮入侵); ``verbs``: verb words
    applied to each target; ``user_windows``: windows of those verbs whose subject
    is the user rather than the target (顺手牵羊: the user 获得); ``no_source``: its
    damage has no source (闪电); ``answer``/``answer_mode``: the card the target
    answers with and how (杀 is answered by 使用【闪】, 决斗 by 打出【杀】 from both
    sides: ``both_answer``); ``uses``: cards it makes someone use (借刀杀人 → 杀)."""

    name: str
    targeted: bool = False
    multi: bool = False
    verbs: tuple[str, ...] = ()
    user_windows: frozenset[str] = frozenset()
    no_source: bool = False
    answer: str | None = None
    answer_mode: ir.Mode | None = None
    both_answer: bool = False
    uses: tuple[str, ...] = ()
    skip: frozenset[str] = frozenset()

    def opens(self) -> tuple[str, ...]:
        """Windows of this card's own effect (from the verb table), in order."""
        out: list[str] = []
        for v in self.verbs:
            for w in VERBS[v].opens:
                if (self.no_source and w in SOURCE_WINDOWS) or w in self.skip:
                    continue
                if w not in out:
                    out.append(w)
        return tuple(out)


_GAIN = frozenset({T.CARDS_OBTAINED.value})
_USE, _RESPOND = ir.Mode.USE, ir.Mode.RESPOND


def _slash(name: str) -> CardEffect:
    return CardEffect(name, targeted=True, verbs=("造成伤害",), answer="闪", answer_mode=_USE)


#: the cards of the standard, EX and 军争 decks, as verbs.  Equipment is not here:
#: equipment effects are skills, which the IR does not carry yet; an unknown card
#: is treated as "used, no target, no effect" (it still opens 使用时 and 失去牌时).
CARD_EFFECTS: Mapping[str, CardEffect] = {
    c.name: c
    for c in (
        _slash("杀"),
        _slash("火杀"),
        _slash("雷杀"),
        CardEffect("闪"),
        CardEffect("桃", targeted=True, verbs=("回复体力",)),
        CardEffect("酒", targeted=True, verbs=("回复体力",)),
        CardEffect("决斗", targeted=True, verbs=("造成伤害",), answer="杀", answer_mode=_RESPOND, both_answer=True),
        CardEffect("过河拆桥", targeted=True, verbs=("弃置",)),
        CardEffect("顺手牵羊", targeted=True, verbs=("获得",), user_windows=_GAIN),
        CardEffect("万箭齐发", targeted=True, multi=True, verbs=("造成伤害",), answer="闪", answer_mode=_RESPOND),
        CardEffect("南蛮入侵", targeted=True, multi=True, verbs=("造成伤害",), answer="杀", answer_mode=_RESPOND),
        CardEffect("无中生有", targeted=True, verbs=("摸牌",)),
        CardEffect("五谷丰登", targeted=True, multi=True, verbs=("获得",), skip=frozenset({T.CARDS_LOST.value})),
        CardEffect("桃园结义", targeted=True, multi=True, verbs=("回复体力",)),
        CardEffect("借刀杀人", targeted=True, verbs=("交给",), user_windows=_GAIN, uses=("杀",)),
        CardEffect("无懈可击"),
        CardEffect("乐不思蜀", targeted=True, verbs=("判定",)),
        CardEffect("兵粮寸断", targeted=True, verbs=("判定",)),
        CardEffect("闪电", targeted=True, verbs=("判定", "造成伤害"), no_source=True),
        CardEffect("铁索连环", targeted=True, multi=True),
        CardEffect("火攻", targeted=True, verbs=("弃置", "造成伤害")),
    )
}


#: card-category words a timing may name instead of one card (集智: 非延时类锦囊牌).
#: The IR carries them as ``CardWord.name``; matched against the runtime's card kinds.
CARD_CATEGORIES: Mapping[str, tuple[str, str | None]] = {
    "锦囊": ("锦囊", None),
    "锦囊牌": ("锦囊", None),
    "非延时类锦囊": ("锦囊", "普通锦囊"),
    "非延时类锦囊牌": ("锦囊", "普通锦囊"),
    "普通锦囊": ("锦囊", "普通锦囊"),
    "延时类锦囊": ("锦囊", "延时锦囊"),
    "延时类锦囊牌": ("锦囊", "延时锦囊"),
    "基本牌": ("基本", None),
    "装备牌": ("装备", None),
}


def card_matches(wanted: str | None, card: str | None) -> bool:
    """Does an event's ``card`` satisfy a timing's card filter (a name or a category)?"""
    if wanted is None:
        return True
    if card is None:
        return False
    if wanted == card:
        return True
    cat = CARD_CATEGORIES.get(wanted)
    if cat is None:
        return False
    from ...runtime.cards import CardName, card_kind

    try:
        ctype, sub = card_kind(CardName(card))
    except ValueError:
        return False
    return ctype.value == cat[0] and (cat[1] is None or sub.value == cat[1])


def card_effect(name: str) -> CardEffect:
    return CARD_EFFECTS.get(name) or CardEffect(name)


def use_windows(name: str) -> frozenset[str]:
    """Windows that using a virtual ``name`` (no subcards) can open: its use and
    target windows, its effect's, and those of the answer to it (打出【杀】 for a
    决斗; 使用【闪】 for a 杀, which also opens 杀被闪抵消时).  视为使用 draws only
    these of the verb table's windows."""
    eff = card_effect(name)
    out = {T.CARD_USING.value, T.CARD_USE_FINISHED.value, *eff.opens()}
    if eff.targeted:
        out.update(TARGET_WINDOWS)
    if eff.answer is not None:
        out.add(T.CARDS_LOST.value)
        if eff.answer_mode is ir.Mode.RESPOND:
            out.add(T.CARD_RESPONDING.value)
        elif eff.answer == "闪":
            out.add(T.SLASH_MISSED.value)
    return frozenset(out)


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A rule set as far as the trigger graph cares: its name and the card names
    of its deck (the cards whose use can open windows)."""

    name: str
    cards: frozenset[str] = field(default_factory=frozenset)


def _standard_rules() -> RuleSet:
    from ...runtime.cards import standard_deck

    return RuleSet("标准版", frozenset(c.name.value for c in standard_deck(include_ex=True)))


STANDARD_RULES: RuleSet = _standard_rules()


# ---------------------------------------------------------------- reading abilities


def _held(e: ir.Effect) -> list[ir.Effect]:
    """The effects ``e`` holds directly, in source order, read off :func:`ir.walk_effects`
    (the one walker): its pre-order tail is the concatenation of those effects' own walks."""
    rest = list(ir.walk_effects((e,)))[1:]
    out: list[ir.Effect] = []
    i = 0
    while i < len(rest):
        out.append(rest[i])
        i += sum(1 for _ in ir.walk_effects((rest[i],)))
    return out


def walk(
    effects: Sequence[ir.Effect], *, optional: bool = False, choice: bool = False, chance: bool = False
) -> Iterator[tuple[ir.Effect, bool, bool, bool]]:
    """Every effect :func:`ir.walk_effects` reaches, with (optional, choice, chance) flags
    inherited from above: a 你可以 on a node (or on the judgement it holds) covers what it
    holds; what a node holds is ``choice``/``chance`` as its verb's :attr:`Verb.gate` says
    (a 选择一项 option, a 若结果… branch) — except the judgement a node holds, which happens
    for sure.  A node that holds an effect of its own verb (a judgement with its branches)
    is structure: the held effect is yielded, not the node, so its windows count once."""
    for e in effects:
        judge = getattr(e, "judge", None)
        opt = optional or bool(getattr(e, "optional", False)) or bool(getattr(judge, "optional", False))
        held = _held(e)
        if not any(h.verb == e.verb for h in held):
            yield e, opt, choice, chance
        gate = VERBS[e.verb].gate
        for h in held:
            if h is judge:
                yield from walk((h,), optional=opt, choice=choice, chance=chance)
            else:
                yield from walk(
                    (h,), optional=opt, choice=choice or gate == "choice", chance=chance or gate == "chance"
                )


def _field(e: ir.Effect, path: str) -> object:
    obj: object = e
    for name in path.split("."):
        obj = getattr(obj, name, None)
    return obj


def window_role(e: ir.Effect, window: str) -> Role:
    """Whose ``window`` the effect opens, relative to the skill owner: the player in the
    field the verb table names for it (:meth:`Verb.whose_field`; no player there: no one's
    window), else the receiver ``to`` of 获得牌后, else the ``actor``."""
    path = VERBS[e.verb].whose_field(window)
    if path is not None:
        p = _field(e, path)
        return rel(p) if isinstance(p, ir.PlayerRef) else Role.NONE
    to = getattr(e, "to", None)  # 交给, 分配牌 …: the receiver gains
    if window == T.CARDS_OBTAINED.value and isinstance(to, ir.PlayerRef):
        return rel(to)
    actor = getattr(e, "actor", None)
    return rel(actor) if isinstance(actor, ir.PlayerRef) else Role.SELF


def _effects_of(a: ir.Ability) -> tuple[ir.Effect, ...]:
    if isinstance(a, (ir.TriggeredAbility, ir.ActiveAbility, ir.ReplacementAbility)):
        return a.effects
    return ()


def emissions_of(skill: ir.Skill) -> list[Emission]:
    """All skill→window edges of a skill, from its effects' verbs."""
    out: list[Emission] = []
    for a in skill.abilities:
        base_optional = bool(getattr(a, "optional", False))
        for e, opt, choice, chance in walk(_effects_of(a), optional=base_optional):
            verb = VERBS[e.verb]
            card = getattr(e, "card", None)
            card_windows = use_windows(card.name) if verb.card_windows and isinstance(card, ir.CardWord) else None
            for w in verb.opens:
                if card_windows is not None and w not in card_windows:
                    continue
                out.append(
                    Emission(
                        window=w,
                        role=window_role(e, w),
                        verb=verb.word,
                        span=e.span,
                        optional=opt,
                        choice=choice,
                        chance=chance,
                        hp_falls=verb.hp_falls,
                    )
                )
            if isinstance(e, ir.JudgeAgain):  # 再次进行判定，直到……为止: the skill runs again
                out.append(
                    Emission(
                        window="",
                        role=Role.SELF,
                        verb=verb.word,
                        span=e.span,
                        optional=opt or e.optional,
                        chance=chance,
                        repeat=True,
                        until=e.until,
                    )
                )
    return out


def _card_class_word(t: ir.TimingSpec) -> str | None:
    """A timing's card class (集智: 非延时类锦囊牌) as a :data:`CARD_CATEGORIES` word.

    Read with ``getattr``: ``TimingSpec.card_class`` is being added to the IR now."""
    cc = getattr(t, "card_class", None)
    if cc is None:
        return None
    kind = str(getattr(cc, "kind", ""))
    if getattr(cc, "non_delayed", False) and kind.startswith("锦囊"):
        return "非延时类锦囊牌"
    return kind if kind in CARD_CATEGORIES else None


def listeners_of(skill: ir.Skill) -> list[Listener]:
    """The windows a skill listens on (one per triggered/replacement ability)."""
    out: list[Listener] = []
    for a in skill.abilities:
        if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)):
            t = a.timing
            out.append(
                Listener(
                    window=t.window,
                    subject=t.subject,
                    card=t.card.name if t.card is not None else _card_class_word(t),
                    by_kingdom=t.by.kingdom if t.by is not None else None,
                    optional=a.optional,
                    compulsory=skill.compulsory,
                    limit=a.limit,
                    span=t.span,
                    ability=a,
                )
            )
    return out


def conversions_of(skill: ir.Skill) -> list[Conversion]:
    """Cards a player-initiated skill makes appear (view-as targets, proxy cards)."""
    out: list[Conversion] = []
    for a in skill.abilities:
        if isinstance(a, ir.ViewAsAbility):
            for c in a.conversions:
                out.append(Conversion(c.target.name, a.mode, c.span))
        elif isinstance(a, ir.ProxyAbility):
            out.append(Conversion(a.card.name, a.helper_mode, a.span))
    return out


def limit_text(limit: ir.Limit) -> str:
    n = "一两三四五六七八九十"[limit.count - 1] if 1 <= limit.count <= 10 else str(limit.count)
    return f"每{limit.per}限{n}次"
