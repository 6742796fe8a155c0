"""Key facts of a skill's IR, for the coverage tables (seed 004 and 风)."""

from __future__ import annotations

from typing import Any

from sgs.compiler import ir


def _effects(a: ir.Ability) -> tuple[ir.Effect, ...]:
    if isinstance(a, (ir.TriggeredAbility, ir.ActiveAbility, ir.ReplacementAbility, ir.GrantedAbility, ir.DeclaredUse)):
        return a.effects
    return ()


def _first(a: ir.Ability) -> str:
    if isinstance(a, (ir.TriggeredAbility, ir.ReplacementAbility)):
        return a.timing.window
    if isinstance(a, (ir.ActiveAbility, ir.GrantedAbility)):
        return a.phase
    if isinstance(a, ir.ViewAsAbility):
        return f"{a.condition or '任何时候'}·{a.mode.value}"
    if isinstance(a, ir.StaticAbility):
        return type(a.modifier).__name__
    if isinstance(a, (ir.ProxyAbility, ir.DeclaredUse)):
        return a.mode.value
    raise AssertionError(a)


def facts(s: ir.Skill) -> dict[str, Any]:
    """tags; per ability: kind and timing (window / phase / view-as mode / static rule);
    optional (你可以) of the first ability; limits; the verbs, nested ones included."""
    a = s.abilities[0]
    return {
        "tags": tuple(t.value for t in s.tags),
        "abilities": tuple(f"{x.kind}:{_first(x)}" for x in s.abilities),
        "optional": getattr(a, "optional", None),
        "limit": next((f"每{x.limit.per}限{x.limit.count}次" for x in s.abilities if x.limit), None),
        "verbs": tuple(e.verb for x in s.abilities for e in ir.walk_effects(_effects(x))),
    }
