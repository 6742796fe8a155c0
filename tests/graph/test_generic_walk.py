"""The trigger graph reads its edges off the one generic walk and the verb table.

``model.walk`` is built on ``ir.walk_effects`` and ``VERBS`` (gate, whose, hp_falls):
an effect nested in any node the IR has (若…, ……否则……, 选择若干项, 判定分支 …) opens
its verb's windows.  The introspection test builds every effect class of ``ir.Effect``
at the top of an ability and inside every field of every nesting node, and checks that
its windows are exactly its verb's ``opens``, each once — a new effect or a new nesting
node cannot be forgotten by the graph.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections import Counter
from typing import Any, Union

import pytest

from sgs.compiler import ir
from sgs.compiler.graph import build_graph
from sgs.compiler.graph.load import load_text
from sgs.compiler.graph.model import Role, emissions_of, use_windows, walk
from sgs.compiler.verbs import VERBS

# the IR introspection helpers are test_ir_walk's (one definition of "a field holds effects")
from ..compiler.test_ir_walk import EFFECT_CLASSES, _hints, _holds_effect  # noqa: E402

_SPAN = ir.Span("t", 1, 1, 1, 1)
_HERE = ir.Span("here", 9, 9, 9, 9)  # the span of the effect under test


def _value(tp: Any) -> Any:
    """A plain value of annotation ``tp`` for a field that holds no effect."""
    if tp is ir.PlayerRef:
        return ir.PlayerRef(ir.Who.YOU, _SPAN)
    if tp is ir.CardWord:
        return ir.CardWord("杀", _SPAN, True)
    if tp is ir.Span:
        return _SPAN
    if tp is str:
        return "x"
    if tp is bool:
        return False
    if tp is int:
        return 1
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp))
    if typing.get_origin(tp) is tuple:
        return ()
    args = typing.get_args(tp)
    if typing.get_origin(tp) in (Union, types.UnionType):
        if type(None) in args:
            return None
        return _value(args[0])
    return None


def _make(cls: type, span: ir.Span, fill: dict[str, Any] | None = None) -> Any:
    """An instance of ``cls`` at ``span``: ``fill``'s fields as given, effect-holding
    tuples empty, a single held effect (a judgement's ``judge``) built at ``span`` too."""
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        tp = hints[f.name]
        if fill and f.name in fill:
            kwargs[f.name] = fill[f.name]
        elif f.name == "span":
            kwargs[f.name] = span
        elif tp in EFFECT_CLASSES:
            kwargs[f.name] = _make(tp, span)
        elif _holds_effect(tp):
            kwargs[f.name] = ()
        else:
            kwargs[f.name] = _value(tp)
    return cls(**kwargs)


def _holding(tp: Any, x: Any) -> Any:
    """A value of annotation ``tp`` holding the effect ``x``, or None if it cannot."""
    if tp in EFFECT_CLASSES:
        return x if isinstance(x, tp) else None
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType):
        return x if any(isinstance(x, a) for a in typing.get_args(tp) if a in EFFECT_CLASSES) else None
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            inner = _holding(args[0], x)
            return None if inner is None else (inner,)
        parts = [_holding(a, x) if _holds_effect(a) else _value(a) for a in args]
        return None if any(p is None for p, a in zip(parts, args) if _holds_effect(a)) else tuple(parts)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):  # an Option
        hints = _hints(tp)
        for f in dataclasses.fields(tp):
            if _holds_effect(hints[f.name]):
                inner = _holding(hints[f.name], x)
                return None if inner is None else _make(tp, _SPAN, {f.name: inner})
    return None


NESTING_FIELDS = sorted(
    (cls.__name__, f.name)
    for cls in EFFECT_CLASSES
    for f in dataclasses.fields(cls)
    if _holds_effect(_hints(cls)[f.name]) and typing.get_origin(_hints(cls)[f.name]) is tuple
)


def _expected(x: Any) -> Counter[str]:
    verb = VERBS[x.verb]
    opens = verb.opens
    if verb.card_windows and isinstance(getattr(x, "card", None), ir.CardWord):  # 视为使用 opens its card's windows
        opens = tuple(w for w in opens if w in use_windows(x.card.name))
    return Counter(opens)


def _windows(effect: Any, x: Any) -> Counter[str]:
    skill = ir.Skill("测试", "ceshi", (), (ir.ActiveAbility("出牌阶段", False, (effect,), "", _SPAN),), "", _SPAN, _SPAN)
    return Counter(em.window for em in emissions_of(skill) if em.span == _HERE and em.verb == x.verb and em.window)


def test_introspection_finds_the_nesting_fields() -> None:
    assert {("Conditional", "then"), ("DoOrElse", "otherwise"), ("ChooseItems", "per_choice"), ("JudgeCases", "cases")} <= set(NESTING_FIELDS)


#: verbs without an IR class of their own (``node == "Call"``): a Call is built with each
CALL_VERBS = sorted(w for w, v in VERBS.items() if v.node == "Call")


@pytest.mark.parametrize("cls", EFFECT_CLASSES, ids=[c.__name__ for c in EFFECT_CLASSES])
def test_every_effect_contributes_its_verbs_windows_wherever_it_is(cls: type) -> None:
    if cls is ir.Call:
        if not CALL_VERBS:
            pytest.skip("no verb of the table is a Call yet")
        for word in CALL_VERBS:
            _contributes(_make(cls, _HERE, {"verb": word}))
        return
    _contributes(_make(cls, _HERE))


def _contributes(x: Any) -> None:
    assert _windows(x, x) == _expected(x), "top level"
    placed = 0
    for holder_name, field in NESTING_FIELDS:
        holder = getattr(ir, holder_name)
        value = _holding(_hints(holder)[field], x)
        if value is None:
            continue
        placed += 1
        node = _make(holder, _SPAN, {field: value})
        assert _windows(node, x) == _expected(x), f"inside {holder_name}.{field}"
        assert any(e is x for e, *_ in walk((node,))) or _judge_of(x), f"{holder_name}.{field}"
    assert placed >= len({h for h, _ in NESTING_FIELDS})  # every nesting node took it somewhere


def _judge_of(x: Any) -> bool:
    """A node holding a judgement of its own verb: its judge is walked in its place."""
    return any(getattr(x, "judge", None) is e for e in ir.walk_effects((x,)))


def test_every_gate_is_known() -> None:
    assert {v.gate for v in VERBS.values()} <= {"", "choice", "chance"}
    for v in VERBS.values():
        for w, path in v.whose:
            assert w == "*" or w in v.opens or not v.opens, (v.word, w)
            assert path.split(".")[0] in {f.name for f in dataclasses.fields(getattr(ir, v.node))}, (v.word, path)


SEED = """扩展包 测试
武将 荀彧 魏 3体力 男
驱虎：出牌阶段，你可以与一名体力比你多的角色拼点，若你赢，则该角色对其攻击范围内你指定的另一名角色造成1点伤害。若你没赢，则其对你造成1点伤害。每阶段限一次。
武将 乐进 魏 4体力 男
骁果：其他角色的回合结束阶段开始时，你可以弃置一张基本牌，若如此做，该角色需弃置一张装备牌，否则受到你对其造成的1点伤害。
"""

_DAMAGE = ("造成伤害时", "受到伤害时", "造成伤害后", "受到伤害后", "扣减体力时", "进入濒死状态时")


@pytest.fixture(scope="module")
def seed_skills() -> dict[str, ir.Skill]:
    pkg, diags = load_text(SEED, "seed.sgs")
    assert pkg is not None and not [d for d in diags if d.severity == "error"], diags
    return {s.name: s for g in pkg.generals for s in g.skills}


def test_quhu_has_its_damage_edges(seed_skills: dict[str, ir.Skill]) -> None:
    ems = [(e.window, e.role, e.verb, e.optional, e.choice, e.chance, e.hp_falls) for e in emissions_of(seed_skills["驱虎"])]
    other, me = Role.OTHER, Role.SELF
    # 若你赢: 该角色 damages another (both other players); 若你没赢: 其 damages you
    won = [(w, other, "造成伤害", True, False, True, True) for w in _DAMAGE]
    lost = [(w, other if w in ("造成伤害时", "造成伤害后") else me, "造成伤害", True, False, True, True) for w in _DAMAGE]
    assert ems == won + lost


def test_xiaoguo_has_its_damage_edge(seed_skills: dict[str, ir.Skill]) -> None:
    ems = [(e.window, e.role, e.verb, e.choice, e.chance) for e in emissions_of(seed_skills["骁果"])]
    other, me = Role.OTHER, Role.SELF
    assert ems == [
        ("失去牌时", me, "弃置", False, False),  # 你可以弃置一张基本牌
        ("失去牌时", other, "弃置", True, True),  # 若如此做，该角色需弃置一张装备牌
        # 否则受到你对其造成的1点伤害: the target picks (choice), you are the source
        *[(w, me if w in ("造成伤害时", "造成伤害后") else other, "造成伤害", True, True) for w in _DAMAGE],
    ]


def test_the_graph_draws_them(seed_skills: dict[str, ir.Skill]) -> None:
    pkg, _ = load_text(SEED, "seed.sgs")
    assert pkg is not None
    tg = build_graph([pkg])
    for skill in ("驱虎", "骁果"):
        (info,) = tg.find_skill(skill)
        opened = {v for _, v, k in tg.graph.out_edges(info.node, data="kind") if k == "opens"}
        assert {f"时机:{w}" for w in _DAMAGE} <= opened, skill
