"""Agents: who answers the runtime's decisions.

An agent gets what its seat may see — a :class:`~sgs.runtime.observation.SeatView`,
never the :class:`~sgs.runtime.game.Game` — and a :class:`~sgs.runtime.decisions.Decision`
(kind, player, prompt, legal options with labels, ``min``..``max``) and returns the
indices of the options it picks (:class:`Agent`).  Every agent gets the view, however
the game is driven (``run``, ``pending``/``respond``), the terminal player included.  The class
attribute ``observes = True`` once chose the view over the game; it is now accepted and
ignored (``observes = False`` does not bring the game back).  Every decision with at
least one legal option is asked — even a forced one (a single legal target) — so each
decision consumes one scripted answer.

Label conventions (used verbatim by scripted answers and scenario files)
-----------------------------------------------------------------------
* cards: ``<name><suit symbol><number>`` — ``杀♠7``, ``闪♥2``, ``桃♥Q``, ``八卦阵♠2``
  (A, J, Q, K for 1, 11, 12, 13).  Two identical cards share a label; the first
  unpicked one is taken.
* players / targets: the seat number, ``"2"`` for 2号位.
* yes/no (INVOKE): ``发动`` / ``不发动``.
* play phase (PLAY): a hand card label (use it), a skill name (``制衡``, ``仁德``,
  ``武圣``, ``激将`` …: use the active / view-as / proxy skill), or ``结束出牌``.
* respond (RESPOND: 闪/杀/桃/无懈可击): a hand card label, a skill name (``倾国``,
  ``龙胆``, ``护驾``, ``八卦阵``), or ``取消``.
* several picks (TARGETS, CARDS, PLAYERS with max > 1): labels joined by ``,``
  (``杀♠7,闪♥2``, ``2,4``); ``取消`` = pick nothing (only when ``min`` is 0).
  An active skill whose targets depend on each other (离间: the second player must
  be a legal target of the first's 决斗) asks for them one at a time, in order
  (``"3"`` then ``"2"``), each time offering only players that leave a way to
  complete the selection.
* another player's cards (CARD_OF): ``手牌1`` … ``手牌N`` (hand, blind, in hand
  order), equipment and judge-area cards by card label.
* options (OPTION): the option's own text; card names (CARD_NAME): ``杀``/``闪``;
  skill order (ORDER): skill names.
* arranging cards (ARRANGE: 观星 …): card labels in the order wanted, the first
  one highest (``["闪♦2", "杀♠7"]``: 闪♦2 on top of 杀♠7); ``取消`` = none (only
  when ``min`` is 0).

``ScriptedAgent`` default when its queue is empty: decline optional things
(``不发动``, ``取消``, pick nothing), ``结束出牌``, and otherwise the first ``min``
legal options.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, ClassVar, Iterable, Protocol, Sequence

from . import members as _M
from .decisions import CANCEL, END_PLAY, INVOKE, NO_INVOKE, Decision, DecisionKind, Option
from .shuffle import randbelow, shuffle

if TYPE_CHECKING:
    import random

    from .observation import SeatView

__all__ = ["Agent", "ObservingAgent", "RandomAgent", "ScriptedAgent", "ScriptError", "default_answer"]


class Agent(Protocol):
    """Who answers a seat's decisions: ``choose(view, decision)`` → the indices of the
    options picked, ``view`` being what the seat may see (module doc)."""

    def choose(self, view: SeatView, decision: Decision) -> Sequence[int]: ...


#: :class:`Agent`'s name from when an agent could be handed the game instead
ObservingAgent = Agent


class _HasRng(Protocol):
    @property
    def rng(self) -> random.Random: ...


class ScriptError(Exception):
    """A scripted answer does not fit the decision it was given to."""


def default_answer(decision: Decision) -> list[int]:
    """The fixed deterministic default: decline / end / first legal options."""
    labels = decision.labels()
    for decline in (NO_INVOKE, CANCEL, END_PLAY):
        if decline in labels:
            return [labels.index(decline)]
    if decision.min == 0:
        return []
    return list(range(decision.min))


class ScriptedAgent:
    """Answers from a queue of label strings (see module doc), then the default."""

    observes: ClassVar[bool] = True

    def __init__(self, answers: Iterable[str] = ()) -> None:
        self.queue: deque[str] = deque(answers)
        self.transcript: list[tuple[str, str]] = []

    def push(self, *answers: str) -> None:
        self.queue.extend(answers)

    def choose(self, view: object, decision: Decision) -> list[int]:
        if not self.queue:
            return default_answer(decision)
        answer = self.queue.popleft()
        self.transcript.append((decision.kind.value, answer))
        return match_answer(decision, answer)


def match_answer(decision: Decision, answer: str) -> list[int]:
    labels = decision.labels()

    def fail(why: str) -> ScriptError:
        count = f"选 {decision.min} 项" if decision.min == decision.max else f"选 {decision.min}–{decision.max} 项"
        return ScriptError(
            f"脚本答案「{answer}」不适用于 {decision.player.tag} 的决定「{decision.prompt}」（{decision.kind.value}）："
            f"{why}；合法选项：{'、'.join(labels) or '无'}（{count}）"
        )

    if answer == CANCEL and CANCEL not in labels:
        if decision.min == 0:
            return []
        raise fail("这个决定不能取消")
    parts = [answer] if answer in labels else [p.strip() for p in answer.split(",") if p.strip()]
    picked: list[int] = []
    for part in parts:
        idx = next((i for i, lab in enumerate(labels) if lab == part and i not in picked), None)
        if idx is None:
            raise fail(f"「{part}」不是合法选项")
        picked.append(idx)
    if not decision.min <= len(picked) <= decision.max:
        raise fail(f"选了 {len(picked)} 项")
    return picked


def _find(options: Sequence[Option], label: str) -> int:
    """Index of the first option with ``label``, -1 if none."""
    for i, o in enumerate(options):
        if o.label == label:
            return i
    return -1


def _find_last(options: Sequence[Option], label: str) -> int:
    """Index of the last option with ``label``, -1 if none (结束出牌 and 取消 come last
    and once: the same index as :func:`_find`, found sooner)."""
    for i in range(len(options) - 1, -1, -1):
        if options[i].label == label:
            return i
    return -1


def _index(options: Sequence[Option], label: str) -> int:
    i = _find(options, label)
    if i < 0:
        raise ValueError(f"no option {label!r}")
    return i


# decision kinds as module constants (an enum class attribute is a slow lookup)
_K_INVOKE, _K_PLAY, _K_RESPOND = _M.DecisionKind.INVOKE, _M.DecisionKind.PLAY, _M.DecisionKind.RESPOND
_K_OPTION, _K_ORDER, _K_CARD_NAME = _M.DecisionKind.OPTION, _M.DecisionKind.ORDER, _M.DecisionKind.CARD_NAME
_K_ARRANGE = _M.DecisionKind.ARRANGE
#: a PLAY decision's action count as written in ``extra`` → the number (parsing is slower)
_COUNT = {str(i): i for i in range(501)}


class RandomAgent:
    """Random but sensible play, drawing only from the game's seeded RNG.

    Uses 桃 to save itself always and others sometimes, answers 杀/闪 most of the
    time, invokes skills most of the time, and ends the play phase after a few
    actions at the latest.
    """

    observes: ClassVar[bool] = True

    def __init__(self, max_actions: int = 12, end_prob: float = 0.12) -> None:
        self.max_actions = max_actions
        self.end_prob = end_prob

    def choose(self, view: _HasRng, decision: Decision) -> list[int]:
        rng = view.rng
        options = decision.options
        n = len(options)
        kind = decision.kind
        if kind is _K_INVOKE:
            want = INVOKE if rng.random() < 0.8 else NO_INVOKE
            # (the usual pair 发动/不发动, in that order: found without a search)
            if n == 2 and options[0].label == INVOKE and options[1].label == NO_INVOKE:
                return [0 if want is INVOKE else 1]
            return [_index(options, want)]
        if kind is _K_PLAY:
            end = n - 1 if n and options[-1].label == END_PLAY else _find_last(options, END_PLAY)
            if end < 0:
                raise ValueError(f"no option {END_PLAY!r}")
            s = decision.extra.get("actions", "0")
            count = _COUNT.get(s)
            if count is None:
                count = int(s)
            if n == 1 or count >= self.max_actions or rng.random() < self.end_prob:
                return [end]
            # a uniform pick among the options but ``end`` (same draw as listing them)
            k = randbelow(rng, n - 1)
            return [k if k < end else k + 1]
        if kind is _K_RESPOND:
            cancel = n - 1 if n and options[-1].label == CANCEL else _find_last(options, CANCEL)
            if cancel >= 0 and n == 1:
                return [cancel]
            about = decision.about
            if about == "桃":
                p = 1.0 if decision.extra.get("dying") == str(decision.player.seat) else 0.35
            elif about == "无懈可击":
                p = 0.3
            else:
                p = 0.85
            if cancel >= 0 and rng.random() >= p:
                return [cancel]
            if cancel < 0:
                return [randbelow(rng, n)]
            k = randbelow(rng, n - 1)  # uniform among the options but cancel
            return [k if k < cancel else k + 1]
        # selections: pick a random legal subset of a random legal size
        lo = decision.min
        hi = decision.max if decision.max < n else n
        if kind is _K_OPTION or kind is _K_ORDER or kind is _K_CARD_NAME:
            return [randbelow(rng, n)] if n else []
        if kind is _K_ARRANGE:
            size = lo if hi <= lo else lo + randbelow(rng, hi - lo + 1)
            order = list(range(n))
            shuffle(rng, order)
            return order[:size]
        if hi <= lo:
            size = lo
        else:
            # prefer small selections for open-ended choices
            size = lo + min(randbelow(rng, hi - lo + 1), randbelow(rng, hi - lo + 1))
            if lo == 0 and size == 0 and rng.random() < 0.5:
                size = 1
        if n == 1:  # (shuffling one index draws nothing)
            return [0] if size else []
        idx = list(range(n))
        shuffle(rng, idx)
        return [idx[0]] if size == 1 else sorted(idx[:size])
