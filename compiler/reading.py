"""``sgs explain SKILL``: how a skill was read (understood), in plain Chinese and English.

:func:`explain_skill` reads the IR of one skill and says, per ability: its kind, its
timing window (or when it can be used), who decides, its cost, its conditions, its
effects and its limits — the reading the compiler will turn into code, so a
designer can see at once whether ``受到一次伤害后`` was read per event or per point.
Effects are worded only through the verb table: each verb's Chinese and English
templates (:data:`sgs.compiler.verbs.EXPLAIN`) name the IR node's fields, filled
here by type (player phrases, cards, counts, nested effects), so a new verb is
explained by its table entry; this module names no effect class.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import typing
from typing import Any, Iterable, Sequence

from . import ir
from .diagnostics import Diagnostic, looks_like_code
from .suggest import close_words
from .verbs import VERBS
from sgs.runtime.api import Color, Suit

__all__ = ["explain_skill", "find_skills", "close_names", "looks_like_code", "text_names", "build_skill_texts"]


_KIND = {
    "triggered": ("触发技", "triggered skill"),
    "active": ("主动技", "active skill"),
    "view-as": ("视为技（转化）", "view-as (conversion) skill"),
    "static": ("状态技", "static skill (always on, queried by the rules)"),
    "replacement": ("替换技", "replacement skill"),
    "proxy": ("主公代打技", "lord proxy skill"),
    "granted": ("主公技（由其他角色发动）", "lord skill other players use"),
    "declared": ("扣置宣告技（扣置一张牌并声明，其他角色可以质疑）", "declared-card skill (a card put face down and declared; others may question it)"),
}
_TAG = {
    "锁定技": ("锁定技：自动发动，不询问", "compulsory: it fires by itself"),
    "主公技": ("主公技：只有身为主公时有效", "lord skill: only while the owner is the lord"),
    "限定技": ("限定技：每局游戏限一次", "limited: once per game"),
    "觉醒技": ("觉醒技：满足条件时自动觉醒", "wake skill: wakes by itself when its condition holds"),
}
_MODE = {"使用": "use", "打出": "play as a response", "使用或打出": "use or play as a response"}


def _v(x: Any) -> str:
    return str(getattr(x, "value", x))


def player(p: Any) -> tuple[str, str]:
    """A player reference in Chinese and English."""
    if not isinstance(p, ir.PlayerRef):
        return ("？", "?")
    who = _v(p.who)
    if p.who is ir.Who.YOU:
        return ("你", "you (the owner)")
    if p.who is ir.Who.IT:
        return ("其（前文所指的角色）", "that player (named before)")
    if p.who is ir.Who.SOURCE:
        return ("伤害来源", "the source of the damage")
    if p.who is ir.Who.ALL_OTHERS:
        k = p.kingdom or ""
        return (f"其他{k}{'势力' if k else ''}角色", f"every other {k + ' ' if k else ''}player")
    if p.who is ir.Who.ONE:
        adj_zh = ("已受伤的" if p.wounded else "") + ("其他" if p.other else "") + ("男性" if p.gender == "男" else "")
        adj_en = " ".join(w for w in (("wounded" if p.wounded else ""), ("other" if p.other else ""), ("male" if p.gender == "男" else "")) if w)
        rng = "你攻击范围内的" if p.in_range else ""
        rng_en = " in your attack range" if p.in_range else ""
        if p.count is not None and p.count != (1, 1):
            lo, hi = p.count
            n_zh = f"{lo}至{hi}名" if lo != hi else f"{lo}名"
            n_en = f"{lo} to {hi}" if lo != hi else f"{lo}"
            return (f"你选择的{rng}{n_zh}{adj_zh}角色", f"{n_en} {adj_en + ' ' if adj_en else ''}players{rng_en} you choose")
        return (f"你选择的{rng}一名{adj_zh}角色", f"one {adj_en + ' ' if adj_en else ''}player{rng_en} you choose")
    return (who, who)


def cards(spec: Any, drawn: bool = False) -> tuple[str, str]:
    """A card description (CardSpec, CardWord or a card reference).  ``牌`` is a card
    of the hand or the equipment area where cards are taken from someone (弃置, 交给,
    获得); ``drawn``: the cards are drawn from the pile, so they have no zone yet (摸牌
    puts them in the hand)."""
    if isinstance(spec, ir.CardWord):
        return (f"【{spec.name}】", f"[{spec.name}]")
    if isinstance(spec, ir.CardSpec):
        c = spec.count
        kind = c.kind
        if kind is ir.CountKind.ANY:
            n_zh, n_en = "任意数量的", "any number of"
        elif kind is ir.CountKind.SAME:
            n_zh, n_en = "等量的", "as many"
        elif c.x is not None:
            n_zh, n_en = ("至多X张" if kind is ir.CountKind.UP_TO else "X张"), ("up to X" if kind is ir.CountKind.UP_TO else "X")
            n_zh += f"（X为{_v(c.x)}{'，最多' + str(c.cap) if c.cap else ''}）"
            n_en += f" (X = {_v(c.x)}{', at most ' + str(c.cap) if c.cap else ''})"
        elif kind is ir.CountKind.UP_TO:
            n_zh, n_en = f"至多{c.n}张", f"up to {c.n}"
        else:
            n_zh, n_en = f"{c.n}张", f"{c.n}"
        filt = spec.color or spec.suit or ""
        if spec.name is not None:
            what_zh, what_en = f"【{spec.name.name}】", f"[{spec.name.name}]"
        elif spec.names:  # 一张【闪】或【闪电】
            what_zh = "或".join(f"【{n.name}】" for n in spec.names)
            what_en = " or ".join(f"[{n.name}]" for n in spec.names)
        elif spec.card_type is not None:  # 一张基本牌 / 装备牌
            hand = "手牌中的" if spec.zone is ir.Zone.HAND else ""
            what_zh, what_en = f"{hand}{spec.card_type}", f"{'hand ' if hand else ''}{spec.card_type} card(s)"
        elif spec.zone is ir.Zone.HAND:
            what_zh, what_en = "手牌", "hand card(s)"
        elif drawn:
            what_zh, what_en = "牌", "card(s) from the draw pile, into the hand"
        else:
            what_zh, what_en = "牌（手牌或装备区的牌）", "card(s) (hand or equipment)"
        return (f"{n_zh}{filt}{what_zh}", f"{n_en} {filt + ' ' if filt else ''}{what_en}")
    if isinstance(spec, ir.DamageCard):
        return ("对你造成伤害的牌", "the card that dealt the damage")
    if isinstance(spec, ir.JudgeCardRef):
        return ("此判定牌", "this judgement card")
    if isinstance(spec, ir.AllJudgeCards):
        return (f"所有{spec.color}的判定牌", f"all {spec.color} judgement cards")
    if isinstance(spec, ir.OwnedCard):
        o_zh, o_en = player(spec.owner)
        c_zh, c_en = cards(spec.spec)
        return (f"{o_zh}的{c_zh}", f"{c_en} of {o_en}")
    return ("牌", "card(s)")


def effect(e: Any, cost: bool = False, decided: bool = False) -> tuple[str, str]:
    """One effect in Chinese and English, from its verb's templates in the verb table
    (:data:`sgs.compiler.verbs.EXPLAIN`).  可以 / may only where the text makes the
    effect optional; never for a ``cost`` (paid whenever the skill is used: whether to
    use it is the “who decides” line), nor when ``decided`` (the owner's 可以 of
    你可以令X… already stated as “who decides”: X does not choose)."""
    verb = VERBS.get(getattr(e, "verb", ""))
    if verb is None:  # not an IR effect: still listed, never dropped
        return (str(getattr(e, "verb", type(e).__name__)), type(e).__name__)
    zh, en = verb.explain(type(e).__name__)
    may = bool(getattr(e, "optional", False)) and not cost and not decided
    return _fill(zh, e, 0, may), _fill(en, e, 1, may)


_SLOT = re.compile(r"\{(\w+)(?::(\w+))?(?:\?([^|}]*)\|([^}]*))?\}")
_JOIN = (("，然后", ", then "), ("；或", "; or "), (" 并 ", " and "))


def _fill(template: str, e: Any, lang: int, may: bool) -> str:
    """``template`` with its slots filled from the fields of ``e`` (see :data:`EXPLAIN`)."""

    def slot(m: re.Match[str]) -> str:
        name, mod, yes, no = m.group(1), m.group(2), m.group(3), m.group(4)
        if name == "may":
            return ("可以", "may ")[lang] if may else ""
        value = getattr(e, name)
        if yes is not None:
            return yes.replace("%", _render(value, lang, mod)) if value else no
        return _render(value, lang, mod)

    return _SLOT.sub(slot, template)


def _render(x: Any, lang: int, mod: str | None = None) -> str:
    """A field value in one language, by its type."""
    if x is None or isinstance(x, bool):
        return ""
    if isinstance(x, enum.Enum):  # before str: the register's enums are str enums
        v = str(x.value)
        return _MODE.get(v, v) if lang else v
    if isinstance(x, int) and mod == "signed":
        return f"{x:+d}"
    if isinstance(x, (int, str)):
        return str(x)
    if isinstance(x, ir.PlayerRef):
        return player(x)[lang]
    if isinstance(x, (ir.CardWord, ir.CardSpec, *typing.get_args(ir.CardRef))):
        return cards(x, drawn=mod == "drawn")[lang]
    if isinstance(x, ir.Count):
        return str(x.n) if x.n is not None else "X"
    if isinstance(x, ir.JudgeTest):
        neg = ("不", "not ")[lang] if x.negate else ""
        return (f"判定结果{neg}为{x.pattern}", f"the judgement is {neg}{x.pattern}")[lang]
    if isinstance(x, ir.Option):
        return _JOIN[2][lang].join(effect(y)[lang] for y in x.effects)
    if isinstance(x, tuple):
        if all(isinstance(y, ir.Option) for y in x):
            return _JOIN[1][lang].join(_render(y, lang) for y in x)
        if all(isinstance(y, tuple) and len(y) == 2 for y in x):  # (result, effects) cases
            return ("；", "; ")[lang].join(f"{_render(k, lang)}{('：', ': ')[lang]}{_render(v, lang)}" for k, v in x)
        if all(isinstance(y, ir.CardWord) for y in x):
            return ("或", " or ")[lang].join(_render(y, lang) for y in x)
        if x and all(getattr(y, "verb", None) in VERBS for y in x):
            return _JOIN[0][lang].join(effect(y)[lang] for y in x)
        return ("、", ", ")[lang].join(_render(y, lang) for y in x)
    if getattr(x, "verb", None) in VERBS:
        return effect(x)[lang]
    if isinstance(getattr(x, "text", None), str) and x.text:  # a condition: its words as written
        return str(x.text) if not lang else f"“{x.text}”"
    if dataclasses.is_dataclass(x):  # a static rule: its fields, plainly
        inner = ", ".join(f"{k}={_render(v, lang)}" for k, v in _fields(x) if v not in (None, False, ()))
        return f"{type(x).__name__}({inner})"
    return str(x)


def _timing(t: ir.TimingSpec) -> tuple[str, str]:
    subj = {"你": ("你", "your"), "其他角色": ("其他角色", "another player's")}.get(_v(t.subject), (_v(t.subject), _v(t.subject)))
    zh = f"时机：{_v(t.window)}（{subj[0]}）"
    en = f"window: {_v(t.window)} ({subj[1]})"
    if t.card is not None:
        zh += f"，牌为【{t.card.name}】"
        en += f", card [{t.card.name}]"
    verb, noun, unit_en = _POINTS.get(_v(t.window)[:4], ("受到", "伤害", "damage"))
    if t.per_point is True:
        zh += f"；每{verb}1点{noun}发动一次"
        en += f"; once per point of {unit_en}"
    elif t.per_point is False:
        event = "伤害" if noun == "伤害" else verb + noun
        zh += f"；每次{event}事件发动一次（不论点数）"
        en += f"; once per {unit_en} event, whatever its amount"
    return zh, en


#: per-point windows (first four characters of the window): what a point is of
_POINTS = {
    "受到伤害": ("受到", "伤害", "damage"),
    "造成伤害": ("造成", "伤害", "damage dealt"),
    "失去体力": ("失去", "体力", "hp lost"),
    "回复体力": ("回复", "体力", "hp recovered"),
    "扣减体力": ("扣减", "体力", "hp deducted"),
}


def _cost_split(a: Any) -> tuple[list[Any], list[Any]]:
    """(cost, effects): an active ability's leading discard / lose-hp by you is its cost,
    and a trigger's written one (你可以A，则B: A)."""
    effects = list(getattr(a, "effects", ()))
    if isinstance(a, ir.TriggeredAbility) and a.cost:
        return effects[:a.cost], effects[a.cost:]
    if isinstance(a, ir.ActiveAbility) and len(effects) > 1:
        first = effects[0]
        if VERBS[first.verb].cost and getattr(getattr(first, "actor", None), "who", None) is ir.Who.YOU:
            return [first], effects[1:]
    return [], effects


def _ability(a: Any) -> list[tuple[str, str]]:
    if isinstance(a, ir.Unbound):  # read by the register grammar, not compiled yet: its reading
        from .language.facts import PartFacts, explain_lines

        lines = explain_lines(a.reading) if isinstance(a.reading, PartFacts) else []
        return lines + [(f"尚不能编译：{what}", f"not compiled yet: {what}") for what, _ in a.gaps]
    out: list[tuple[str, str]] = []
    kind = _KIND.get(getattr(a, "kind", ""), (getattr(a, "kind", "?"), getattr(a, "kind", "?")))
    out.append((f"类型：{kind[0]}", f"kind: {kind[1]}"))
    timing = getattr(a, "timing", None)
    if isinstance(timing, ir.TimingSpec):
        out.append(_timing(timing))
    elif isinstance(a, ir.ActiveAbility):
        out.append((f"时机：{a.phase}，由你主动发动", f"when: your {a.phase} (play phase), used at will"))
    elif isinstance(a, ir.ViewAsAbility):
        cond = {None: ("任何时候", "any time"), "回合外": ("你的回合外", "outside your turn")}.get(a.condition, (a.condition or "", a.condition or ""))
        out.append((f"时机：{cond[0]}，当你需要{_v(a.mode)}时", f"when: {cond[1]}, whenever you need to {_MODE.get(_v(a.mode), _v(a.mode))}"))
    elif isinstance(a, ir.ProxyAbility):
        out.append((f"时机：当你需要{_v(a.mode)}【{a.card.name}】时", f"when: you need to {_MODE.get(_v(a.mode), _v(a.mode))} [{a.card.name}]"))
    elif isinstance(a, ir.StaticAbility):
        out.append(("时机：始终有效（规则查询时生效）", "when: always (the rules ask it)"))
    elif isinstance(a, ir.GrantedAbility):
        h = player(a.helpers)
        out.append((f"时机：{h[0]}各自的{a.phase}，由该角色主动发动", f"when: the {a.phase} (play phase) of {h[1]}, each on their own turn, used at will"))
    optional = getattr(a, "optional", None)
    if isinstance(a, ir.GrantedAbility):
        # 黄天: each helper decides in their own play phase; the owner (the lord) does not
        h = player(a.helpers)
        if optional:
            out.append((f"谁决定：{h[0]}（每名该角色于其{a.phase}自行决定是否发动），不是你", f"who decides: {h[1]}, each in their own {a.phase}, choose whether to do it; not you"))
        else:
            out.append((f"谁决定：满足时机即由{h[0]}执行，不询问", f"who decides: nobody; {h[1]} must do it"))
    elif optional is True:
        out.append(("谁决定：你（技能拥有者）决定是否发动", "who decides: you, the owner, choose whether to invoke it"))
    elif optional is False:
        out.append(("谁决定：满足时机即发动，不询问", "who decides: nobody; it happens whenever the window opens"))
    cond_node = getattr(a, "condition", None)
    if isinstance(cond_node, ir.NoCardUsed):
        out.append(
            (f"条件：你于{cond_node.phase}未{_v(cond_node.mode)}过【{cond_node.card.name}】",
             f"condition: you did not {_MODE.get(_v(cond_node.mode), _v(cond_node.mode))} [{cond_node.card.name}] during your {cond_node.phase}")
        )
    cost, effects = _cost_split(a)
    for c in cost:
        zh, en = effect(c, cost=True)
        out.append((f"代价：{zh}", f"cost: {en}"))
    if isinstance(a, ir.ViewAsAbility):
        for conv in a.conversions:
            s = cards(conv.source)
            out.append((f"效果：将{s[0]}当【{conv.target.name}】{_v(a.mode)}", f"effect: {s[1]} as [{conv.target.name}] ({_MODE.get(_v(a.mode), _v(a.mode))})"))
    if isinstance(a, ir.ProxyAbility):
        h = player(a.helpers)
        out.append((f"效果：{h[0]}可以替你{_v(a.helper_mode)}【{a.card.name}】", f"effect: {h[1]} may {_MODE.get(_v(a.helper_mode), _v(a.helper_mode))} [{a.card.name}] for you"))
    if isinstance(a, ir.StaticAbility):
        zh, en = static_effect(a.modifier)
        out.append((f"效果：{zh}", f"effect: {en}"))
    if isinstance(a, ir.DeclaredUse):
        s, q = cards(a.source), player(a.questioners)
        kinds_zh, kinds_en = "或".join(a.declared), " or ".join(a.declared)
        mode_en = _MODE.get(_v(a.mode), _v(a.mode))
        out.append((
            f"效果：将{s[0]}扣置，声明为任意一张{kinds_zh}{_v(a.mode)}；{q[0]}可以质疑此牌",
            f"effect: put {s[1]} face down and declare it as any {kinds_en} to {mode_en}; {q[1]} may question it",
        ))
    for i, e in enumerate(effects):
        actor = getattr(e, "actor", None)
        # 你可以令一名角色摸…: the 可以 is the owner's (the who-decides line), not the target's
        decided = (i == 0 and not cost and optional is True and not isinstance(a, ir.GrantedAbility)
                   and isinstance(actor, ir.PlayerRef) and actor.who is not ir.Who.YOU)
        zh, en = effect(e, decided=decided)
        out.append((f"效果：{zh}", f"effect: {en}"))
    limit = getattr(a, "limit", None)
    if limit is not None:
        out.append((f"限制：每{limit.per}限{limit.count}次", f"limit: {limit.count} time(s) per {'phase' if limit.per == '阶段' else 'turn'}"))
    return out


#: the runtime's suits and colours in English (黑桃 → spade)
_SUIT_EN = {s.value: s.name.lower() for s in Suit}
_COLOR_EN = {c.value: c.name.lower() for c in Color}


def _card_class(c: ir.CardClass) -> tuple[str, str]:
    zh = f"{'非转化的' if c.non_converted else ''}{c.color or ''}{'非延时类' if c.non_delayed else ''}{c.kind}"
    en = " ".join(
        w for w in ("non-converted" if c.non_converted else "", _COLOR_EN.get(c.color or "", ""),
                    "non-delayed" if c.non_delayed else "", c.kind) if w
    )
    return zh, en


def _card_words(words: Iterable[ir.CardWord]) -> tuple[str, str]:
    ws = list(words)
    return "、".join(f"【{w.name}】" for w in ws), ", ".join(f"[{w.name}]" for w in ws)


def static_effect(m: Any) -> tuple[str, str]:
    """What a static rule does, in Chinese and English, from its fields (one case per
    :data:`sgs.compiler.ir.StaticModifier` type; a test checks none is missing)."""
    c = cards(m.card) if hasattr(m, "card") and isinstance(m.card, ir.CardWord) else ("", "")
    if isinstance(m, ir.DistanceModifier):
        d = f"{m.delta:+d}"
        if m.incoming:
            return f"其他角色计算与你的距离始终{d}", f"the others' distance to you is always {d}"
        return f"你计算与其他角色的距离始终{d}", f"your distance to the others is always {d}"
    if isinstance(m, ir.Invalid):
        zh, en = _card_words((m.card, *m.more))
        if m.plain:
            zh, en = zh.replace("【杀】", "普通【杀】"), en.replace("[杀]", "plain [杀] (no nature)")
        col_zh, col_en = (m.color or ""), (_COLOR_EN.get(m.color or "", "") + " " if m.color else "")
        return f"{col_zh}{zh}对你无效", f"{col_en}{en} used on you have no effect on you"
    if isinstance(m, ir.UnlimitedCard):
        return f"{m.phase}，你使用{c[0]}无次数限制", f"in your {m.phase} (play phase), no limit on how many {c[1]} you use"
    if isinstance(m, ir.DuelResponseCount):
        mode_en = _MODE.get(_v(m.mode), _v(m.mode))
        return (f"与你进行{cards(m.duel)[0]}的角色每次需连续{_v(m.mode)}{m.count}张{c[0]}",
                f"in a {cards(m.duel)[1]} with you, the other must {mode_en} {m.count} {c[1]} each time")
    if isinstance(m, ir.NoDistanceLimit):
        k = _card_class(m.cards)
        return f"你使用{k[0]}无距离限制", f"your {k[1]} cards ignore distance"
    if isinstance(m, ir.Prohibit):
        zh, en = _card_words(m.cards)
        zh, en = zh.replace("、", "或"), en.replace(", ", " or ")
        if m.no_hand:
            return f"若你没有手牌，你不能成为{zh}的目标", f"while you have no hand cards, you cannot be the target of {en}"
        return f"你不能成为{zh}的目标", f"you cannot be the target of {en}"
    if isinstance(m, ir.SuitAs):
        where_zh, where_en = ("手牌", "hand cards") if m.hand_only else ("牌", "cards (hand, equipment, judgement)")
        if m.as_card is not None:
            as_zh, as_en = cards(m.as_card)
        else:
            as_zh, as_en = f"{m.as_suit}牌", f"{_SUIT_EN.get(m.as_suit or '', m.as_suit)}s"
        return (f"你的{m.suit}{where_zh}均视为{as_zh}",
                f"your {_SUIT_EN.get(m.suit, m.suit)} {where_en} count as {as_en}")
    if isinstance(m, ir.PeachOnlyDying):
        return (f"在你的回合，除你以外，只有处于濒死状态的角色才能使用{c[0]}",
                f"during your turn, no one but you can use {c[1]} unless they are dying")
    if isinstance(m, ir.DamageSourceOf):
        return f"你是任何{c[0]}造成伤害的来源", f"you are the source of the damage any {c[1]} deals"
    if isinstance(m, ir.EquipAs):
        cond = _render(m.cond, 0), _render(m.cond, 1)
        return f"若{cond[0]}，视为你装备着{c[0]}", f"while {cond[1]}, you count as equipped with {c[1]}"
    if isinstance(m, ir.UseWithin):
        return f"你可以对距离{m.distance}以内的角色使用{c[0]}", f"you may use {c[1]} on characters within distance {m.distance}"
    if isinstance(m, ir.CardNoDistance):
        f_zh = m.suit or m.color or ""
        f_en = _SUIT_EN.get(m.suit or "", "") or _COLOR_EN.get(m.color or "", "")
        return f"你使用{f_zh}{c[0]}无距离限制", f"your {f_en + ' ' if f_en else ''}{c[1]} ignore distance"
    if isinstance(m, ir.ExtraUses):
        return f"你可以额外使用{m.count}张{c[0]}", f"you may use {m.count} more {c[1]}"
    if isinstance(m, ir.ExtraTargets):
        n = (f"X+{m.count}" if m.count > 0 else f"X{m.count}" if m.count else "X") if m.x is not None else str(m.count)
        x = (f"（X为{m.x.value}）", f" (X: {m.x.value})") if m.x is not None else ("", "")
        if m.cond is not None:  # 你使用的【杀】若是你最后的手牌
            return (f"{m.cond.text}，你使用{c[0]}可以额外选择至多{n}个目标{x[0]}",
                    f"if your {c[1]} is your last hand card(s) (all of them), it may have up to {n} more target(s){x[1]}")
        return f"你使用{c[0]}可以额外指定至多{n}个目标{x[0]}", f"your {c[1]} may have up to {n} more target(s){x[1]}"
    if isinstance(m, ir.ForbidShowOthers):
        cond = _render(m.cond, 0), _render(m.cond, 1)
        return (f"你的回合内，若{cond[0]}，其他角色不能明置其武将牌",
                f"during your turn, while {cond[1]}, the others cannot show their generals")
    # a static the explanations do not know yet: its fields, plainly (a test keeps this unused)
    inner = ", ".join(f"{k}={_render(v, 1)}" for k, v in _fields(m) if v not in (None, False, ()))
    return f"{type(m).__name__}（{inner}）", f"{type(m).__name__}({inner})"


def _fields(m: Any) -> Iterable[tuple[str, Any]]:
    import dataclasses

    for f in dataclasses.fields(m):
        if f.name != "span":
            yield f.name, getattr(m, f.name)


def explain_skill(skill: ir.Skill, general: str | None = None) -> str:
    """The reading of one skill, Chinese line then English line for each fact."""
    head = f"{skill.name}（{skill.pinyin}）" + (f" · {general}" if general else "")
    lines = [head, f"  原文：{skill.text}"]
    for tag in skill.tags:
        zh, en = _TAG.get(_v(tag), (_v(tag), _v(tag)))
        lines += [f"  {zh}", f"    {en}"]
    for i, a in enumerate(skill.abilities, 1):
        if len(skill.abilities) > 1:
            lines.append(f"  [{i}] {getattr(a, 'text', '')}")
        for zh, en in _ability(a):
            lines += [f"  {zh}", f"    {en}"]
    return "\n".join(lines) + "\n"


def find_skills(packages: Iterable[ir.Package], name: str) -> list[tuple[ir.General, ir.Skill]]:
    """Skills called ``name`` (or with that pinyin), or all skills of a general called so."""
    found: list[tuple[ir.General, ir.Skill]] = []
    for pkg in packages:
        for g in pkg.generals:
            if g.name == name or g.pinyin == name:
                found.extend((g, s) for s in g.skills)
                continue
            found.extend((g, s) for s in g.skills if s.name == name or s.pinyin == name)
    return found


def close_names(packages: Iterable[ir.Package], name: str) -> list[str]:
    """Skill and general names close to ``name`` (did you mean)."""
    names = sorted({n for p in packages for g in p.generals for n in (g.name, *(s.name for s in g.skills))})
    # 0.5: one changed character of a two- or three-character name; sharing only 不 (不存在
    # against 不屈, 0.4) is no match
    return close_words(name, names, n=3)


def text_names(count: int) -> list[str]:
    """The shown file names of ``count`` ``--text`` arguments, as ``sgs check --text``
    names them: ``<text>`` for one, ``<text1>`` … for several."""
    return ["<text>"] if count == 1 else [f"<text{i + 1}>" for i in range(count)]


def build_skill_texts(texts: Sequence[str]) -> tuple[list[ir.Package], list[Diagnostic], dict[str, str]]:
    """``sgs explain SKILL --text '名称：正文'``: the texts built like ``sgs check
    --text`` builds them (each wrapped in a one-general package), so the two report
    the same places: (packages, diagnostics on line 1 of each text as given — the
    same list ``sgs check --text`` gives —, the texts by shown name for rendering)."""
    from . import build_texts
    from .bare import check_skill_lines, wrap

    names = text_names(len(texts))
    result = build_texts({n: wrap(t) for n, t in zip(names, texts)})
    diags = [d for n, t in zip(names, texts) for d in check_skill_lines(t, n)]
    return list(result.packages), diags, dict(zip(names, texts))
