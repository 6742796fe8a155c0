"""Driving a game from outside: the pieces behind ``Game.pending / respond / clone``.

Mechanism — a greenlet, not generators.  The rules ask for a decision deep inside
nested calls (a 杀's effect asks for a 闪, whose 八卦阵 judge opens a window whose
skill asks 发动?), and compiled skill modules call ``runtime.api`` functions that
ask.  Suspending there with generators would need ``yield from`` through every rules
function and through the emitted skill code (whose emitter is not the runtime's to
change).  A greenlet (a C-level coroutine; no threads, no locks, one OS thread)
suspends :meth:`Game.ask` where it stands and resumes it with the answer, so the
rules code runs unchanged and byte for byte as under ``run``.  Measured on 5-player
random games: a switch out and back costs ~1 µs, against ~125 µs of rules work per
decision.

What a greenlet cannot do is copy a suspended stack, so :meth:`Game.clone` replays:
it rebuilds the game from its factory (the set-up call and its arguments, recorded by
``setup_identity_game`` / ``build_game``) and feeds it the original's answers in
order.  Agents that decide at random draw from their seat's own RNG (``view.rng``,
:meth:`Game.agent_rng`), never the game's, so the answers alone bring the copy's game
RNG to where the original's is; the seats' RNGs are copied at their state.  A clone costs a replay of the game so far (a few ms for a
whole 5-player game).
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Sequence

from .decisions import Decision

if TYPE_CHECKING:
    from .observation import SeatView

__all__ = ["ReplayAgent", "answer_error", "Record"]

#: one answer: the option indices picked
Record = tuple[int, ...]


def answer_error(d: Decision, picked: Sequence[int]) -> str | None:
    """Why ``picked`` is not a legal answer to ``d`` (None: it is)."""
    n = len(d.options)
    k = len(picked)
    if not d.min <= k <= d.max:
        return f"{k} options picked, {d.min}..{d.max} allowed"
    if k == 1:
        i = picked[0]
        if not isinstance(i, int) or not 0 <= i < n:
            return f"option {i!r} out of range 0..{n - 1}"
        return None
    if len(set(picked)) != k:
        return "an option picked twice"
    bad = [i for i in picked if not isinstance(i, int) or not 0 <= i < n]
    if bad:
        return f"options {bad} out of range 0..{n - 1}"
    return None


class ReplayAgent:
    """Answers from a recorded queue shared by all seats (a clone's set-up)."""

    observes = True

    def __init__(self, queue: deque[Record]) -> None:
        self.queue = queue

    def choose(self, view: SeatView, decision: Decision) -> list[int]:
        if not self.queue:
            raise RuntimeError("replay ran out of answers: the game's set-up is not reproducible")
        return list(self.queue.popleft())
