"""The one effect-tree walker: every effect of a sequence, nested ones included.

Seam: the only place that knows which IR nodes hold effects.  A node that holds effects
(a branch, an option, a delayed or conditional part) is yielded, then what it holds, in
source order.  ``tests/compiler/test_ir_walk.py`` finds every effect class with a field
holding effects by introspecting the dataclasses and checks that the walker reaches each
such field: a new nesting node must be added here.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .effects import ChooseOne, Effect, JudgeBranch, SuitBranch, Threshold
from .effects_coverage import ChooseItems, Conditional, Delayed, DoOrElse, ForEachRevealed, IfDone, JudgeCases, TakeTurns

__all__ = ["walk_effects"]


def walk_effects(effects: Iterable[Effect]) -> Iterator[Effect]:
    """Every effect, nested ones included (branches, options, thresholds, conditional,
    delayed and per-choice parts), each node before what it holds."""
    for e in effects:
        yield e
        if isinstance(e, JudgeBranch):
            yield e.judge
            yield from walk_effects(e.then + e.otherwise)
        elif isinstance(e, Conditional):
            yield from walk_effects(e.then + e.otherwise)
        elif isinstance(e, (Threshold, SuitBranch, ForEachRevealed)):
            yield from walk_effects(e.then)
        elif isinstance(e, ChooseOne):
            for o in e.options:
                yield from walk_effects(o.effects)
        elif isinstance(e, ChooseItems):
            for o in e.options:
                yield from walk_effects(o.effects)
            yield from walk_effects(e.per_choice)
        elif isinstance(e, DoOrElse):
            yield from walk_effects(e.do + e.otherwise)
        elif isinstance(e, IfDone):
            yield from walk_effects(e.do + e.then)
        elif isinstance(e, TakeTurns):
            yield e.do
            yield from walk_effects(e.then)
        elif isinstance(e, Delayed):
            yield from walk_effects(e.effects)
        elif isinstance(e, JudgeCases):
            for _, then in e.cases:
                yield from walk_effects(then)
