"""``ir.walk_effects`` reaches every effect an IR node can hold.

The nesting nodes are found by introspection, not listed: every effect class of the
``ir.Effect`` union whose dataclass fields can hold an effect (directly, in a tuple, in
an :class:`ir.Option`, in (suit, effects) pairs …).  For each such field a node is built
with a fresh marker effect in that field alone, and the walker must yield the marker.
A new nesting node the walker does not know fails here.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Union

import pytest

from sgs.compiler import ir

EFFECT_CLASSES: tuple[type, ...] = typing.get_args(ir.Effect)
_NS = {**vars(typing), **vars(ir)}


def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls, globalns=_NS)


def _holds_effect(tp: Any, seen: frozenset[type] = frozenset()) -> bool:
    """Whether a value of annotation ``tp`` can contain an IR effect."""
    if tp in EFFECT_CLASSES:
        return True
    origin = typing.get_origin(tp)
    if origin in (Union, types.UnionType, tuple):
        return any(_holds_effect(a, seen) for a in typing.get_args(tp) if a is not Ellipsis)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type) and tp not in seen:
        return any(_holds_effect(t, seen | {tp}) for t in _hints(tp).values())
    return False


def _marker() -> ir.Effect:
    return ir.Show(ir.PlayerRef(ir.Who.YOU, _SPAN), _SPAN)


_SPAN = ir.Span("test", 1, 1, 1, 1)


def _build(tp: Any, markers: list[object]) -> Any:
    """A value of annotation ``tp`` that holds a fresh marker effect (recorded in ``markers``)."""
    if tp in EFFECT_CLASSES or (
        typing.get_origin(tp) in (Union, types.UnionType) and any(a in EFFECT_CLASSES for a in typing.get_args(tp))
    ):
        cls = tp if tp in EFFECT_CLASSES else ir.Show
        m = _dummy(cls, markers=None) if cls is not ir.Show else _marker()
        markers.append(m)
        return m
    origin = typing.get_origin(tp)
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return (_build(args[0], markers),)
        return tuple(_build(a, markers) if _holds_effect(a) else _placeholder(a) for a in args)
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        return _dummy(tp, markers)
    raise AssertionError(f"cannot build {tp!r}")


def _placeholder(tp: Any) -> Any:
    return "x" if tp is str else None


def _dummy(cls: type, markers: list[object] | None, only: str | None = None) -> Any:
    """An instance of ``cls``: fields holding effects get markers (all of them, or
    ``only`` that one), every other field a placeholder (the walker does not look)."""
    hints = _hints(cls)
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        tp = hints[f.name]
        if markers is not None and (only is None or f.name == only) and _holds_effect(tp):
            kwargs[f.name] = _build(tp, markers)
        elif f.name == "then" or (_holds_effect(tp) and typing.get_origin(tp) is tuple):
            kwargs[f.name] = ()
        else:
            kwargs[f.name] = _placeholder(tp)
    return cls(**kwargs)


NESTING_FIELDS = sorted(
    (cls.__name__, f.name)
    for cls in EFFECT_CLASSES
    for f in dataclasses.fields(cls)
    if _holds_effect(_hints(cls)[f.name])
)


def test_introspection_finds_the_known_nesting_nodes() -> None:
    classes = {c for c, _ in NESTING_FIELDS}
    assert {"JudgeBranch", "ChooseOne", "Threshold", "SuitBranch", "Conditional", "DoOrElse", "Delayed"} <= classes
    assert ("ChooseItems", "per_choice") in NESTING_FIELDS and ("JudgeCases", "cases") in NESTING_FIELDS


@pytest.mark.parametrize("cls_name, field", NESTING_FIELDS)
def test_walk_effects_reaches_every_field_holding_effects(cls_name: str, field: str) -> None:
    markers: list[object] = []
    node = _dummy(getattr(ir, cls_name), markers, only=field)
    assert markers, (cls_name, field)
    walked = list(ir.walk_effects([node]))
    assert walked[0] is node
    missing = [m for m in markers if not any(w is m for w in walked)]
    assert not missing, f"ir.walk_effects does not descend into {cls_name}.{field}"


def test_effect_union_is_complete() -> None:
    """Every IR class that names a verb is an effect: a member of ``ir.Effect``."""
    verb_classes = {
        obj
        for name in ir.__all__
        if isinstance(obj := getattr(ir, name), type) and dataclasses.is_dataclass(obj) and "verb" in vars(obj)
    }
    assert verb_classes == set(EFFECT_CLASSES)
